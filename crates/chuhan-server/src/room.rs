//! A live game on the server: the rules, the seats, the clocks, and its state as players see it.
//!
//! Nothing here knows about HTTP or the store. [`Room`] methods check who may do what and
//! answer what must be stored; [`crate::actions`] stores it first (a move before it is
//! played in memory) and only then tells the players, so what they are told is stored.

use crate::store::{Offers, StoredEnd, StoredGame, StoredMove, StoredOffers};
use crate::wire::game::StateTag;
use crate::wire::{pair, ChatLine, Clock, GameEnd, GameState, PlayedMove, RatingsChange, RematchState};
use anyhow::{anyhow, Context, Result};
use chuhan::clock::{Clocks, Control, Rule};
use chuhan::notation::Notation;
use chuhan::{BySide, Game, GameError, GameResult, JanggiFormation, JanggiSetup, Move, Position, Rules, Side, Variant};

/// The chat lines a game's state carries: the last ones.
pub const CHAT_SHOWN: usize = 30;
use std::time::{Duration, Instant};

/// Who plays the seat that the creator did not take.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The engine, at a level from 1 to 20.
    Engine,
    /// A friend who joins with the game's link.
    Friend,
}

impl Mode {
    /// The mode's name on the wire and in the store (`engine`, `friend`).
    pub fn name(self) -> &'static str {
        match self {
            Mode::Engine => "engine",
            Mode::Friend => "friend",
        }
    }

    /// The mode named `s`, as written by [`Mode::name`].
    pub fn parse(s: &str) -> Option<Mode> {
        match s {
            "engine" => Some(Mode::Engine),
            "friend" => Some(Mode::Friend),
            _ => None,
        }
    }
}

/// Why a room refused a player's request. Each is answered to that player alone (as a
/// WebSocket error frame); the room is unchanged.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RoomError {
    /// The game ended before the move came; `reason` is how it ended, in words.
    #[error("the game is over: {reason}")]
    Over {
        /// How the game ended, as shown to the players.
        reason: String,
    },
    /// Resigning, offering a draw or asking for a takeback after the end.
    #[error("the game is already over")]
    AlreadyOver,
    /// A move by the side not to move.
    #[error("it is {}'s turn, not yours", .turn.name(*.variant))]
    NotYourTurn {
        /// The side to move.
        turn: Side,
        /// The game, for the side's name (red/black or cho/han).
        variant: Variant,
    },
    /// A move the rules do not allow here.
    #[error("{} is not a legal move in {fen}", .error.mv)]
    Illegal {
        /// The rules' reason.
        error: chuhan::IllegalMove,
        /// The position it was tried in, as FEN.
        fen: String,
    },
    /// The mover's flag fell just before the move was taken.
    #[error("your time is up")]
    TimeUp,
    /// The store refused the move; it was not played, so the players were told nothing false.
    #[error("the move could not be saved, so it was not played: {0:#}")]
    NotSaved(anyhow::Error),
    /// The flag timer found no clock run out (it woke early, or a move came first): there is
    /// nothing to do.
    #[error("no clock has run out")]
    ClockRunning,
    /// The store refused a takeback's deletion or an offer: nothing was done.
    #[error("{0:#}")]
    Store(anyhow::Error),
    /// The game changed elsewhere (another server stored a move or ended it) before this
    /// request was stored; the room is reloaded and its state sent again.
    #[error("the game changed meanwhile ({0}): nothing was done, look again")]
    Behind(crate::store::Conflict),
    /// The engine's move came for a position that has changed since (a takeback).
    #[error("the position changed while the engine was thinking")]
    PositionChanged,
    /// The game refused a move the room had checked (a rule such as repetition).
    #[error("{mv}: {error}")]
    Game {
        /// The move refused.
        mv: Move,
        /// The game's reason.
        error: GameError,
    },
    /// Replaying the kept moves after a takeback failed (the stored game is inconsistent).
    #[error("replaying game {id} after a takeback: {error}")]
    Replay {
        /// The game's id.
        id: String,
        /// The game's reason.
        error: GameError,
    },
    /// A draw offered to the engine.
    #[error("the engine plays on: it does not accept draw offers")]
    EngineDeclinesDraws,
    /// A second draw offer by the same side.
    #[error("you have already offered a draw")]
    DrawAlreadyOffered,
    /// A second takeback request by the same side.
    #[error("you have already asked to take back your move")]
    TakebackAlreadyAsked,
    /// A formation chosen when it can no longer change.
    #[error("the formations are fixed: a move has been played, or the game starts from a position of its own")]
    FormationFixed,
    /// A takeback by a side that has not moved yet.
    #[error("there is no move of yours to take back")]
    NothingToTakeBack,
    /// A decline with no offer of the other side's standing.
    #[error("your opponent offers nothing to decline")]
    NothingToDecline,
}

/// A game being played (or finished and looked at).
pub struct Room {
    /// The game's id, as in its address (`/game/{id}`).
    pub id: String,
    /// Xiangqi or janggi.
    pub variant: Variant,
    /// Against the engine or a friend.
    pub mode: Mode,
    /// The engine's level (1 to 20) in engine games, 0 in friend games.
    pub level: u32,
    /// Seat tokens by side; `None` while empty, and for the engine's seat.
    pub tokens: BySide<Option<String>>,
    /// The engine's side in engine games.
    pub engine_side: Option<Side>,
    /// The rules' view of the game: start, moves, and its end by the rules.
    pub game: Game,
    /// `None` for an untimed game.
    pub clocks: Option<Clocks>,
    /// The base time in milliseconds, shown to the players with the clocks.
    pub base_ms: u64,
    /// The clocks after each move (main time in ms and spare periods by side), as stored with
    /// the moves: a takeback gives back the time of the moves it takes back.
    history: Vec<(BySide<u64>, BySide<u32>)>,
    /// The players' names, if given, and their ratings when they took their seats.
    pub names: BySide<Option<String>>,
    /// The players' ratings when they took their seats, for display.
    pub ratings: BySide<Option<f64>>,
    /// The accounts seated (`None` for a guest, an empty seat or the engine).
    pub accounts: BySide<Option<i64>>,
    /// The speed of the game's clock: its ratings' pool.
    pub speed: chuhan_db::live::glicko::Speed,
    /// The last lines of the chat (at most [`CHAT_SHOWN`]), as stored.
    pub chat: Vec<chuhan_db::live::talk::ChatLine>,
    /// The rematch, as stored, and each old seat's token in the new game once agreed.
    pub rematch: chuhan_db::live::talk::Rematch,
    /// The seats' tokens in the rematch's game, by their side in this game.
    pub rematch_tokens: BySide<Option<String>>,
    /// Whether the creator asked for a rated game (see [`crate::rating`] for when it counts).
    pub rated: bool,
    /// The side that offered a draw (until the other side moves or answers) and the side that
    /// asked to take back its last move (until a move or an answer); stored, so that a player
    /// on another server sees them and can answer.
    pub offers: Offers,
    /// How the game ended, once it has (also for resignations and time, which `Game` keeps
    /// only in memory).
    pub end: Option<StoredEnd>,
    /// When the game was created, in seconds since the Unix epoch.
    pub created: u64,
    /// Whether an engine search for this room is running.
    pub engine_busy: bool,
    /// Whether the creator of a friend game offered it to anyone: listed among the lobby's
    /// open challenges while a seat is free and the creator's page is open (see
    /// [`crate::seeks`]). Kept in memory only: a restart withdraws every open challenge (a
    /// player who left would be waited for by nobody).
    pub seek: bool,
    /// The WebSocket connections open for each seat now (a player's pages).
    pub present: BySide<u32>,
    /// Engine games against a `--engine` engine: its name (`None`: chuhan's own).
    pub engine: Option<String>,
}

/// When the running clock started after move `last`: `now`, or with `since` (the wall-clock
/// time matching `now`) the moment the move was made, if it is known.
fn started_at(last: Option<&StoredMove>, now: Instant, since: Option<std::time::SystemTime>) -> Instant {
    match (since, last) {
        (Some(wall), Some(m)) if m.at_ms > 0 => {
            let at = std::time::UNIX_EPOCH + Duration::from_millis(m.at_ms);
            let elapsed = wall.duration_since(at).unwrap_or(Duration::ZERO);
            now.checked_sub(elapsed).unwrap_or(now)
        }
        _ => now,
    }
}

/// The PGN result of a `GameResult`.
pub fn pgn_result(r: GameResult) -> &'static str {
    chuhan_record::RecordResult::from(r).pgn()
}

fn ms(d: Duration) -> u64 {
    d.as_millis().min(u64::MAX as u128) as u64
}

impl Room {
    /// Builds the room for a stored game, replaying its moves; the clocks are restarted from
    /// the times stored with the last move (the time the server was down is charged to no one).
    pub fn from_stored(g: &StoredGame, moves: &[StoredMove], end: Option<StoredEnd>, now: Instant) -> Result<Room> {
        Room::from_stored_at(g, moves, end, StoredOffers::default(), now, None)
    }

    /// [`Room::from_stored`] with the offers stored, and when `since` is given (the wall-clock
    /// time matching `now`) the running clock is charged the time from the last move (when it
    /// is known) to then: how a server taking a game over from another resumes it.
    pub fn from_stored_at(
        g: &StoredGame,
        moves: &[StoredMove],
        end: Option<StoredEnd>,
        offers: StoredOffers,
        now: Instant,
        since: Option<std::time::SystemTime>,
    ) -> Result<Room> {
        let started = started_at(moves.last(), now, since);
        let variant: Variant = g.variant.parse().with_context(|| format!("game {}", g.id))?;
        let mode = Mode::parse(&g.mode).ok_or_else(|| anyhow!("game {}: unknown mode {:?}", g.id, g.mode))?;
        let start = Position::from_fen(variant, &g.start_fen).with_context(|| format!("game {}: start FEN", g.id))?;
        let mut game = Game::new(start, Rules::for_variant(variant));
        // Offers written after more moves than are stored belong to moves taken back.
        let mut open = if offers.plies <= moves.len() { offers.offers } else { Offers::default() };
        // A game the rules ended from its start may hold a move stored after that end (a server
        // from before such starts were refused stored the engine's move): the moves after the
        // end are not part of the game, and the room is read without them.
        let played = if game.outcome().is_some() { 0 } else { moves.len() };
        let moves = &moves[..played];
        for (i, m) in moves.iter().enumerate() {
            let mv: Move = m.mv.parse().with_context(|| format!("game {}: move {}", g.id, i + 1))?;
            let mover = game.position().turn();
            game.play(mv).with_context(|| format!("game {}: move {} ({})", g.id, i + 1, m.mv))?;
            if i >= offers.plies {
                open = open.after_move(mover);
            }
        }
        let clocks = control_of(g).map(|control| {
            let (main, spare) = moves
                .last()
                .map_or((BySide::new(g.base_ms, g.base_ms), BySide::new(control.spare(), control.spare())), |m| {
                    (m.clocks_ms, m.periods)
                });
            let mut c = Clocks::restored(control, main.map(Duration::from_millis), spare);
            if clocks_run(moves.len()) && end.is_none() {
                c.start(game.position().turn(), started);
            }
            c
        });
        let engine_side = match mode {
            Mode::Engine => g.tokens.iter().find(|(_, t)| t.is_none()).map(|(s, _)| s),
            Mode::Friend => None,
        };
        Ok(Room {
            id: g.id.clone(),
            variant,
            mode,
            level: g.level,
            tokens: g.tokens.clone(),
            engine_side,
            game,
            clocks,
            base_ms: g.base_ms,
            history: moves.iter().map(|m| (m.clocks_ms, m.periods)).collect(),
            names: g.names.clone(),
            ratings: BySide::new(None, None),
            accounts: g.accounts,
            chat: Vec::new(),
            rematch: Default::default(),
            rematch_tokens: BySide::new(None, None),
            speed: chuhan_db::live::glicko::Speed::of_clock(g.base_ms, g.increment_ms, g.periods, g.period_ms),
            rated: g.rated,
            offers: if end.is_some() { Offers::default() } else { open },
            end,
            created: g.created,
            engine_busy: false,
            seek: false,
            present: BySide::new(0, 0),
            engine: g.engine.clone(),
        })
    }

    /// Whether the game counts for ratings: the creator asked for it, it is a friend game and
    /// both seats are (different) accounts. (The store also leaves out a game aborted before
    /// both sides moved, and repeated games: see [`chuhan_db::live::glicko::counts`].)
    pub fn is_rated(&self) -> bool {
        match (self.accounts.first, self.accounts.second) {
            (Some(a), Some(b)) => self.rated && self.mode == Mode::Friend && a != b,
            _ => false,
        }
    }

    /// The side a token sits on, if any.
    pub fn seat_of(&self, token: &str) -> Option<Side> {
        self.tokens
            .iter()
            .find(|(_, t)| t.as_deref().is_some_and(|t| constant_time_eq(t.as_bytes(), token.as_bytes())))
            .map(|(s, _)| s)
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.end.is_some() || self.game.outcome().is_some()
    }

    /// Whether the engine should move now.
    pub fn engine_to_move(&self) -> bool {
        !self.is_over() && !self.engine_busy && self.engine_side == Some(self.game.position().turn())
    }

    /// Plays move number `ply`, which another server stored (`m`), as that server played it:
    /// its clocks are the ones stored with it, the running one charged from when it was made
    /// (`wall` is the wall-clock time matching `now`). Answers `Ok(false)`, changing nothing,
    /// when the room is not at move `ply` or has ended (the caller reads the game again), and
    /// an error when the move is not legal here.
    pub fn play_stored(
        &mut self,
        ply: usize,
        m: &StoredMove,
        now: Instant,
        wall: std::time::SystemTime,
    ) -> Result<bool> {
        if self.game.ply() != ply || self.is_over() {
            return Ok(false);
        }
        let mv: Move = m.mv.parse().with_context(|| format!("game {}: move {}", self.id, ply + 1))?;
        let mover = self.game.position().turn();
        self.game.play(mv).with_context(|| format!("game {}: move {} ({})", self.id, ply + 1, m.mv))?;
        self.history.push((m.clocks_ms, m.periods));
        if let Some(c) = &mut self.clocks {
            *c = Clocks::restored(c.control(), m.clocks_ms.map(Duration::from_millis), m.periods);
            if clocks_run(self.game.ply()) {
                c.start(self.game.position().turn(), started_at(Some(m), now, Some(wall)));
            }
        }
        self.offers = self.offers.after_move(mover);
        self.end_if_over(now, None);
        Ok(true)
    }

    /// How long until the running clock runs out, if one runs.
    pub fn time_to_flag(&self, now: Instant) -> Option<Duration> {
        let c = self.clocks.as_ref()?;
        if self.is_over() {
            return None;
        }
        c.time_to_flag(now)
    }

    /// How a pass by the side to move would end the game, if it would (janggi: after the
    /// opponent's pass, or with the generals facing under the bikjang rule): the result, the
    /// reason and the counting, so the page can ask before a pass that ends the game.
    fn pass_would_end(&self) -> Option<GameEnd> {
        if self.variant != Variant::Janggi || self.is_over() {
            return None;
        }
        let g = self.game.position().general(self.game.position().turn());
        let mut game = self.game.clone();
        game.play(Move::new(g, g)).ok()?;
        let o = game.outcome()?;
        Some(GameEnd {
            result: pgn_result(o.result).to_string(),
            reason: o.describe(self.variant),
            reasons: crate::shown::reasons(o, self.variant),
            points: o.points.map(points),
        })
    }

    /// The janggi formations of a start position made of two standard ones, if it is.
    fn setup(&self) -> Option<JanggiSetup> {
        if self.variant != Variant::Janggi {
            return None;
        }
        let fen = self.game.start().to_fen();
        JanggiFormation::ALL
            .into_iter()
            .flat_map(|cho| JanggiFormation::ALL.into_iter().map(move |han| JanggiSetup { cho, han }))
            .find(|s| s.fen() == fen)
    }

    /// Whether the free seat of a janggi friend game may still choose its own formation: no
    /// move played yet and a start made of standard formations (not a FEN of the creator's).
    pub fn formation_open(&self) -> bool {
        self.mode == Mode::Friend
            && self.game.ply() == 0
            && self.tokens.iter().any(|(_, t)| t.is_none())
            && self.setup().is_some()
    }

    /// The setup when the player joining `side` chooses its own formation; only while
    /// [`Room::formation_open`]. The caller stores its FEN, then gives it to [`Room::set_setup`].
    pub fn formation_setup(&self, side: Side, formation: JanggiFormation) -> Result<JanggiSetup, RoomError> {
        let setup = self.setup().filter(|_| self.formation_open()).ok_or(RoomError::FormationFixed)?;
        Ok(match side {
            Side::First => JanggiSetup { cho: formation, ..setup },
            Side::Second => JanggiSetup { han: formation, ..setup },
        })
    }

    /// Starts the game again from `setup` (stored first by the caller: the room keeps no store).
    pub fn set_setup(&mut self, setup: JanggiSetup) {
        self.game = Game::new(setup.position(), *self.game.rules());
    }

    /// The game as the seat `you` (or a watcher) sees it, moves in `notation`: the WebSocket's
    /// state frame.
    pub fn state(&self, you: Option<Side>, notation: Notation, now: Instant) -> GameState {
        let v = self.variant;
        let mut pos = self.game.start().clone();
        let mut moves = Vec::with_capacity(self.game.ply());
        for m in self.game.moves() {
            moves.push(PlayedMove {
                mv: m.to_string(),
                text: crate::shown::move_text(notation, &pos, m),
                pass: m.is_pass(),
            });
            pos.play_unchecked(m);
        }
        let pos = self.game.position();
        let legal: Vec<String> =
            if self.is_over() { Vec::new() } else { pos.legal_moves().iter().map(|m| m.to_string()).collect() };
        let clock = self.clocks.as_ref().map(|c| clock_state(c, self.base_ms, now));
        let rating_change = self
            .end
            .as_ref()
            .and_then(|e| e.rating)
            .map(|r| RatingsChange { before: pair(r.before.map(f64::round)), after: pair(r.after.map(f64::round)) });
        let outcome = self.game.outcome();
        let end = self.end.as_ref().map(|e| GameEnd {
            result: e.result.clone(),
            reason: e.reason.clone(),
            // The end in every language as stored with it (the rules' ruling, or a forfeit's
            // words); for an end stored before those were kept, the rules' ruling when it is
            // the end's, else English alone.
            reasons: if e.reasons.is_empty() {
                outcome
                    .as_ref()
                    .filter(|o| o.describe(self.variant) == e.reason)
                    .map(|o| crate::shown::reasons(o, self.variant))
                    .unwrap_or_default()
            } else {
                chuhan_i18n::Lang::ALL
                    .into_iter()
                    .filter_map(|l| e.reasons.get(l.tag()).map(|w| (l.tag(), w.clone())))
                    .collect()
            },
            points: outcome.as_ref().and_then(|o| o.points).map(points),
        });
        GameState {
            kind: StateTag::State,
            id: self.id.clone(),
            variant: v.name(),
            mode: self.mode.name(),
            level: self.level,
            sides: [Side::First.name(v), Side::Second.name(v)],
            you: you.map(Side::index),
            seats: pair(BySide::from_fn(|s| self.tokens[s].is_some() || self.engine_side == Some(s))),
            engine_side: self.engine_side.map(Side::index),
            start_fen: self.game.start().to_fen(),
            fen: pos.to_fen(),
            turn: pos.turn().index(),
            check: pos.is_check(),
            bikjang: end.is_none() && pos.in_bikjang(),
            moves,
            legal,
            clock,
            draw_offer: self.offers.draw.map(Side::index),
            takeback_offer: self.offers.takeback.map(Side::index),
            end,
            pass_ends: self.pass_would_end(),
            formation_open: self.formation_open(),
            names: pair(self.names.clone()),
            ratings: pair(self.ratings.map(|r| r.map(f64::round))),
            rated: self.is_rated(),
            rated_asked: self.rated && self.mode == Mode::Friend,
            engine: self.engine.clone(),
            rating_change,
            notation: notation.name(),
            // The opening by chuhan-db's names, as the analysis board shows it.
            opening: crate::shown::line_opening(&self.game),
            openings: crate::shown::line_openings(&self.game),
            notations: Notation::for_variant(v).iter().map(|n| n.name()).collect(),
            chat: self
                .chat
                .iter()
                .map(|l| ChatLine {
                    author: l.author.clone(),
                    side: l.side.map(Side::index),
                    text: l.text.clone(),
                    at: l.at,
                })
                .collect(),
            rematch: RematchState {
                offered_by: self.rematch.offer.map(Side::index),
                game: self.rematch.game.clone(),
                token: you.and_then(|s| self.rematch_tokens[s].clone()),
            },
        }
    }

    /// Keeps a chat line just stored, and only the last [`CHAT_SHOWN`].
    pub fn add_chat(&mut self, line: chuhan_db::live::talk::ChatLine) {
        self.chat.push(line);
        let extra = self.chat.len().saturating_sub(CHAT_SHOWN);
        self.chat.drain(..extra);
    }

    /// The game as PGN, moves in `notation`.
    pub fn pgn(&self, notation: Notation) -> Result<String> {
        use chuhan_record::tree;
        let mut record = tree::Record::new(self.variant);
        record.start_fen = self.game.start().to_fen();
        record.main.nodes = self.game.moves().map(tree::Node::new).collect();
        record.headers.set("Event", format!("chuhan serve, {} game", self.mode.name()));
        record.headers.set("Site", format!("/game/{}", self.id));
        record.headers.set("Date", crate::pgn_tags::date(self.created));
        for (tag, (side, name)) in ["Red", "Black"].into_iter().zip(self.names.iter()) {
            if self.engine_side == Some(side) {
                let name = match &self.engine {
                    Some(other) => other.clone(),
                    None => crate::pgn_tags::engine_name(self.level),
                };
                record.headers.set(tag, name);
            } else if let Some(name) = name {
                record.headers.set(tag, name.clone());
            }
        }
        let control = self.clocks.as_ref().map(Clocks::control);
        record.headers.set("TimeControl", crate::pgn_tags::time_control(control.as_ref()));
        if let Some(end) = &self.end {
            record.outcome = tree::RecordResult::from_text(&end.result).unwrap_or(tree::RecordResult::Unknown);
            record.headers.set("Termination", end.reason.clone());
        }
        let mut out = Vec::new();
        chuhan_record::pgn::write_game(&mut out, &record, notation).context("cannot write PGN")?;
        String::from_utf8(out).context("PGN is not UTF-8")
    }
}

/// Whether a clock runs after `plies` moves: only once each side has made its first move, so
/// an empty seat (a friend who has not joined yet) never loses on time, and neither side is
/// charged for the first move, as on the big sites.
pub fn clocks_run(plies: usize) -> bool {
    plies >= 2
}

/// The time control of a stored game, `None` if untimed: CXA when it has a per-move limit,
/// byo-yomi when it has periods, else Fischer (sudden death without increment).
pub fn control_of(g: &StoredGame) -> Option<Control> {
    let (main, increment) = (Duration::from_millis(g.base_ms), Duration::from_millis(g.increment_ms));
    let rule = if g.per_move_ms > 0 {
        Rule::Cxa { per_move: Duration::from_millis(g.per_move_ms), overruns: g.overruns }
    } else if g.periods > 0 && g.period_ms > 0 {
        Rule::Byoyomi { periods: g.periods, period: Duration::from_millis(g.period_ms) }
    } else if g.base_ms > 0 {
        Rule::Fischer
    } else {
        return None;
    };
    Some(Control { main, increment, rule })
}

/// The clocks as the browser gets them. `periods` holds byo-yomi periods or CXA overruns left;
/// under CXA, `move_left_ms` is what is left of the per-move limit.
fn clock_state(c: &Clocks, base_ms: u64, now: Instant) -> Clock {
    let control = c.control();
    let shown = BySide::from_fn(|side| c.show(side, now));
    let (rule, period_ms, per_move_ms) = match control.rule {
        Rule::Fischer => ("fischer", 0, 0),
        Rule::Byoyomi { period, .. } => ("byoyomi", ms(period), 0),
        Rule::Cxa { per_move, .. } => ("cxa", 0, ms(per_move)),
    };
    Clock {
        rule,
        base_ms,
        increment_ms: ms(control.increment),
        period_ms,
        per_move_ms,
        left_ms: pair(shown.map(|s| ms(s.left))),
        periods: pair(shown.map(|s| s.spare)),
        overtime: pair(shown.map(|s| s.overtime)),
        move_left_ms: pair(shown.map(|s| s.move_left.map(ms))),
        running: c.running().map(Side::index),
    }
}

/// Janggi's counting (Cho's and Han's points) as the page reads it.
fn points((cho, han): (f32, f32)) -> [f64; 2] {
    [f64::from(cho), f64::from(han)]
}

/// Compares secrets in time that does not depend on where they differ.
fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[path = "room_events.rs"]
mod events;
pub use events::{Action, Event};

#[cfg(test)]
#[path = "room_tests.rs"]
mod tests;
