//! A game's WebSocket frames, both ways, and the HTTP bodies of the game pages: creating and
//! joining a game, the lobby's open challenges, the archive and the ratings.

use chuhan::{Move, Side, Variant};
use serde::{Deserialize, Serialize};

/// A ruling in every language the server speaks: language tag (`en`, `zh-Hans`, `zh-Hant`,
/// `ko`, `vi`) → the ruling in it. A frame goes to viewers of many languages, so it carries
/// them all and each page shows its own (`reasons[lang] ?? reason`).
pub type Reasons = std::collections::BTreeMap<&'static str, String>;

/// The `type` of a [`GameState`]: always `"state"`.
#[derive(Serialize, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum StateTag {
    /// `"state"`.
    #[default]
    State,
}

/// The `type` of an [`ErrorFrame`]: always `"error"`.
#[derive(Serialize, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum ErrorTag {
    /// `"error"`.
    #[default]
    Error,
}

/// The game as a seat or a watcher sees it: the WebSocket frame sent after every change (built
/// by `Room::state`), and the body of `GET /api/games/{id}` (as a watcher sees it). Read by the
/// game page (`static/app.js`, its board and clocks), the CLI's clients (`chuhan play --server`,
/// `chuhan watch`) and the tests.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct GameState {
    /// Always `"state"`, which tells it from an [`ErrorFrame`] on the WebSocket.
    #[serde(rename = "type")]
    pub(crate) kind: StateTag,
    pub(crate) id: String,
    pub(crate) variant: &'static str,
    /// `engine` or `friend`.
    pub(crate) mode: &'static str,
    /// The engine's level (1 to 20), 0 in friend games.
    pub(crate) level: u32,
    /// The sides' names in this game (`red`, `black` or `cho`, `han`), first mover first.
    pub(crate) sides: [&'static str; 2],
    /// The side number of the seat this frame is for; `null` for a watcher.
    pub(crate) you: Option<usize>,
    /// Whether each seat is taken (the engine's always is).
    pub(crate) seats: [bool; 2],
    pub(crate) engine_side: Option<usize>,
    pub(crate) start_fen: String,
    pub(crate) fen: String,
    pub(crate) turn: usize,
    pub(crate) check: bool,
    /// Janggi: the generals face each other under the bikjang rule, in a game not over, so the
    /// side to move must break it or pass (its legal moves are only those); the page says so.
    pub(crate) bikjang: bool,
    pub(crate) moves: Vec<PlayedMove>,
    /// The legal moves in coordinates; none once the game is over.
    pub(crate) legal: Vec<String>,
    /// `null` for an untimed game.
    pub(crate) clock: Option<Clock>,
    pub(crate) draw_offer: Option<usize>,
    pub(crate) takeback_offer: Option<usize>,
    pub(crate) end: Option<GameEnd>,
    /// How a pass by the side to move would end the game (janggi), so the page can ask first.
    pub(crate) pass_ends: Option<GameEnd>,
    pub(crate) formation_open: bool,
    pub(crate) names: [Option<String>; 2],
    /// The players' ratings when they took their seats, rounded.
    pub(crate) ratings: [Option<f64>; 2],
    pub(crate) rated: bool,
    /// Whether the game was created rated (a friend game): its free seat takes only an account.
    pub(crate) rated_asked: bool,
    /// Another engine's name (`--engine`); `null` for chuhan's own or a friend game.
    pub(crate) engine: Option<String>,
    pub(crate) rating_change: Option<RatingsChange>,
    pub(crate) notation: &'static str,
    pub(crate) opening: Option<String>,
    /// The opening's name in each language, by tag (empty when it has none).
    pub(crate) openings: Reasons,
    /// The notations this game's moves can be written in.
    pub(crate) notations: Vec<&'static str>,
    /// The last lines of the game's chat, oldest first (none in engine games).
    pub(crate) chat: Vec<ChatLine>,
    /// The rematch of a finished friend game.
    pub(crate) rematch: RematchState,
}

/// A line of a [`GameState`]'s chat. The page shows `author` and `text` as text, never markup.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct ChatLine {
    /// Who wrote it.
    pub(crate) author: String,
    /// The writer's side (0 or 1), or null for a spectator.
    pub(crate) side: Option<usize>,
    /// What was written.
    pub(crate) text: String,
    /// When, in seconds since the Unix epoch.
    pub(crate) at: u64,
}

/// The rematch of a [`GameState`]: who asked (0 or 1, until the other agrees), the new game
/// once agreed, and this seat's token in it (only in the state sent to that seat).
#[derive(Serialize, Clone, Debug, Default, PartialEq, Eq)]
pub struct RematchState {
    pub(crate) offered_by: Option<usize>,
    pub(crate) game: Option<String>,
    pub(crate) token: Option<String>,
}

/// A move of a [`GameState`]'s move list.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// Coordinates (`h2e2`).
    pub(crate) mv: String,
    /// In the connection's notation (a pass in words).
    pub(crate) text: String,
    pub(crate) pass: bool,
}

/// The clocks of a [`GameState`]. `periods` holds byo-yomi periods or CXA overruns left; under
/// CXA, `move_left_ms` is what is left of the per-move limit.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    /// `fischer`, `byoyomi` or `cxa`.
    pub(crate) rule: &'static str,
    pub(crate) base_ms: u64,
    pub(crate) increment_ms: u64,
    pub(crate) period_ms: u64,
    pub(crate) per_move_ms: u64,
    pub(crate) left_ms: [u64; 2],
    pub(crate) periods: [u32; 2],
    pub(crate) overtime: [bool; 2],
    pub(crate) move_left_ms: [Option<u64>; 2],
    pub(crate) running: Option<usize>,
}

/// How a game ended (a [`GameState`]'s `end`), or would end (its `pass_ends`): the PGN result,
/// the reason in words, and janggi's counting (Cho's and Han's points) when it decided.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct GameEnd {
    pub(crate) result: String,
    /// In English, for clients older than `reasons`.
    pub(crate) reason: String,
    /// The ruling in each language, by tag (empty when the reason is not a ruling of the rules).
    pub(crate) reasons: Reasons,
    pub(crate) points: Option<[f64; 2]>,
}

/// The rating change of a rated game (a [`GameState`]'s `rating_change`), rounded.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct RatingsChange {
    pub(crate) before: [f64; 2],
    pub(crate) after: [f64; 2],
}

/// A refusal on the WebSocket, to the sender alone: `{"type":"error","message":...}`. Read by
/// the game page (`static/app.js` shows `message`), the CLI's clients and the tests.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct ErrorFrame {
    /// Always `"error"`.
    #[serde(rename = "type")]
    pub(crate) kind: ErrorTag,
    pub(crate) message: String,
}

impl ErrorFrame {
    /// The frame that says `message`.
    pub fn new(message: impl Into<String>) -> ErrorFrame {
        ErrorFrame { kind: ErrorTag::Error, message: message.into() }
    }
}

/// What a client may send on a game's WebSocket (written by `static/app.js` and the CLI's
/// clients): `{"type":"move","move":"h2e2"}`, `{"type":"resign"}`, …
#[derive(Deserialize, Serialize, Clone, Debug, PartialEq, Eq)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
pub enum ClientMessage {
    /// Play a move.
    Move {
        /// The move, as coordinates.
        #[serde(rename = "move")]
        mv: Move,
    },
    /// Resign.
    Resign,
    /// Offer a draw, or accept the opponent's offer.
    Draw,
    /// Janggi: pass the turn.
    Pass,
    /// Ask to take back one's last move, or agree to the opponent's request.
    Takeback,
    /// Decline the opponent's draw offer and takeback request (whichever stand).
    Decline,
    /// Say something in the game's chat.
    Chat {
        /// The line (at most 300 characters).
        text: String,
    },
    /// Ask for a rematch of a finished game (colours swapped, the same clock), or agree to the
    /// opponent's.
    Rematch,
    /// Change the notation of the moves sent to this connection.
    Notation {
        /// The notation's name.
        notation: String,
    },
    /// Ask for the state again.
    State,
}

/// The body of `POST /api/games` (written by `static/app.js`'s new-game form and the CLI's
/// clients); every field has a default.
#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct CreateRequest {
    /// `xiangqi` (the default) or `janggi`.
    pub(crate) variant: Option<Variant>,
    /// `engine` or `friend` (the default).
    pub(crate) mode: Option<String>,
    pub(crate) level: Option<u32>,
    /// Engine games: `chuhan` (the default, at `level`) or an engine given with `--engine`.
    pub(crate) engine: Option<String>,
    /// `red`/`cho`/`first` or `black`/`han`/`second`: the creator's side (Red by default).
    pub(crate) side: Option<Side>,
    /// Base time in seconds (0 = untimed) and increment in seconds.
    pub(crate) base_secs: Option<u64>,
    pub(crate) increment_secs: Option<u64>,
    /// Byo-yomi: periods after the main time, and their length in seconds.
    pub(crate) periods: Option<u32>,
    pub(crate) period_secs: Option<u64>,
    /// `none`, `fischer`, `byoyomi` or `cxa`; left out, it follows from the fields above.
    /// `cxa` is the seeds' tournament rule: `base_secs` for the game (default 1200),
    /// `move_secs` a move (default 60), `overruns` allowed (default 3).
    pub(crate) clock: Option<String>,
    pub(crate) move_secs: Option<u64>,
    pub(crate) overruns: Option<u32>,
    /// The creator's name (optional) and whether the game should be rated.
    pub(crate) name: Option<String>,
    pub(crate) rated: Option<bool>,
    /// Friend games: list it among the lobby's open challenges, for anyone to take.
    pub(crate) open: Option<bool>,
    /// A start position other than the standard one.
    pub(crate) fen: Option<String>,
    /// Janggi: the formations of Cho and Han (outer, inner, left, right, mobile).
    pub(crate) cho_setup: Option<String>,
    pub(crate) han_setup: Option<String>,
}

/// The answer to `POST /api/games`: the new game and the creator's seat token (answered once,
/// never shown again). Read by `static/app.js` and the CLI's clients.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct Created {
    pub(crate) id: String,
    pub(crate) token: String,
    /// The creator's side number.
    pub(crate) side: usize,
    /// The game's page, `/game/{id}`.
    pub(crate) url: String,
}

/// The body of `POST /api/games/{id}/join` (optional; written by `static/app.js` and
/// `static/seeks.js`).
#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct JoinRequest {
    pub(crate) name: Option<String>,
    /// Janggi: the joining player's own formation (outer, inner, left, right, mobile), while
    /// no move has been played; left out, the one the creator's page set stays.
    pub(crate) setup: Option<String>,
}

/// The answer to `POST /api/games/{id}/join`: the seat taken and its token. Read by
/// `static/app.js`, `static/seeks.js` and the CLI's clients.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct Joined {
    pub(crate) id: String,
    pub(crate) token: String,
    pub(crate) side: usize,
}

/// An open challenge of the lobby (`GET /api/seeks`, read by `static/seeks.js`): its game, time
/// control (PGN's `TimeControl`), the creator's name and rating at this game, and the side a
/// taker gets.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Seek {
    pub(crate) id: String,
    pub(crate) variant: &'static str,
    pub(crate) time_control: String,
    pub(crate) name: Option<String>,
    pub(crate) rating: Option<f64>,
    pub(crate) rated: bool,
    /// The side number a taker gets, and its name in this game.
    pub(crate) side: usize,
    pub(crate) side_name: &'static str,
    pub(crate) created: u64,
    pub(crate) url: String,
}

/// The answer to `GET /api/seeks`: the open challenges, newest first (`static/seeks.js`).
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Seeks {
    pub(crate) seeks: Vec<Seek>,
}

/// The body of `POST /api/games/{id}/seek` (written by `static/app.js` and `static/seeks.js`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeekRequest {
    /// The creator's seat token: only they may offer or withdraw their game.
    pub(crate) token: String,
    /// Offer the game to anyone (true) or withdraw the offer (false).
    pub(crate) open: bool,
}

/// The answer to `POST /api/games/{id}/seek`: whether the game is offered now (the scripts only
/// wait for it; the tests read it).
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct SeekState {
    pub(crate) id: String,
    pub(crate) open: bool,
}

/// The answer to `GET /api/archive`: the latest finished games (`static/app.js`'s archive).
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct Archive {
    pub(crate) games: Vec<ArchivedGame>,
}

/// A finished game of the [`Archive`].
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct ArchivedGame {
    pub(crate) id: String,
    pub(crate) variant: String,
    pub(crate) mode: String,
    pub(crate) created: u64,
    pub(crate) plies: u64,
    pub(crate) result: String,
    pub(crate) reason: String,
    /// The ruling in each language, by tag, as stored when the game ended (empty for a forfeit's
    /// words and for games that ended before rulings were kept in every language).
    pub(crate) reasons: std::collections::BTreeMap<String, String>,
    pub(crate) names: [Option<String>; 2],
}

/// The answer to `GET /api/ratings`: the best-rated players at one game (`static/app.js`'s
/// ratings table).
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Ratings {
    pub(crate) variant: &'static str,
    /// The pool's speed (`bullet`, `blitz`, `rapid`, `classical`).
    pub(crate) speed: &'static str,
    pub(crate) players: Vec<RatedPlayer>,
}

/// A player of [`Ratings`], the rating rounded.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct RatedPlayer {
    pub(crate) name: String,
    pub(crate) rating: f64,
    pub(crate) games: u32,
    pub(crate) wins: u32,
    pub(crate) draws: u32,
    pub(crate) losses: u32,
    /// Whether the rating rests on too few games (shown with `?`).
    pub(crate) provisional: bool,
}
