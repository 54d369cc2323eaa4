//! The live games of `chuhan serve`: a [`Store`] trait, with SQLite ([`sqlite`]) and
//! PostgreSQL ([`pg`]) behind it, and the ratings' arithmetic ([`rating`]) that their
//! transactions apply.
//!
//! The trait is what the server sees. Every accepted move goes through [`Store::add_move`]
//! before it is broadcast, so a move the players saw is stored. The trait is async: PostgreSQL
//! is a network round trip away, and SQLite's calls run on Tokio's blocking threads, so a slow
//! disk or database never stalls the threads that serve WebSockets. (The game database, the
//! rest of this crate, is synchronous: the live store is the one part written for an async
//! server.)
//!
//! Both back ends keep the same tables and the same rules, checked by the same tests
//! (`live/tests.rs`, run against each):
//! - `(game_id, ply)` is the key of a move, and [`Store::add_move`] stores ply N only when
//!   exactly N moves are stored and the game has not ended: two servers cannot both store ply N,
//!   and the second learns that it is behind ([`Conflict`]);
//! - [`Store::finish`] ends a game once, and only if no move was stored after the position the
//!   caller judged; a rated game's ratings change in the same transaction (under row locks on
//!   PostgreSQL, so two games ending at once lose no update).
//!
//! Schema versions: each back end's `schema.rs` lists its steps (`sqlite/schema.rs`: SQLite's
//! `user_version`, 0 to 7; `pg/schema.rs`: PostgreSQL's `chuhan_migrations`, 1 to 6, the same
//! tables as SQLite's version 7), run by the crate's one migration runner (module `migrate`,
//! also the game database's) when a store is opened.

use anyhow::Result;
use chuhan::{BySide, Side, Variant};
use rating::{PlayerRating, RatingChange};
use std::collections::BTreeMap;

pub mod accounts;
pub mod glicko;
pub mod pg;
pub mod puzzles;
pub mod rating;
pub mod reviews;
pub mod sqlite;
pub mod talk;

pub use accounts::Accounts;
pub use puzzles::Puzzles;
pub use reviews::Reviews;
pub use talk::Talk;

pub use pg::PgStore;
pub use sqlite::SqliteStore;

/// A game's settings and seats, as stored when it is created.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredGame {
    /// The game's id (12 hex digits), its key.
    pub id: String,
    /// `xiangqi` or `janggi`, as text so that the schema does not depend on the rules crate.
    pub variant: String,
    /// `engine` or `friend`.
    pub mode: String,
    /// The engine's level in engine games, 0 otherwise.
    pub level: u32,
    /// The start position (a setup or a FEN other than the standard start are kept too).
    pub start_fen: String,
    /// The seat tokens of Red (Cho) and Black (Han); `None` for an empty or engine seat.
    pub tokens: BySide<Option<String>>,
    /// Milliseconds of base time; 0 means untimed.
    pub base_ms: u64,
    /// Milliseconds added after each move (Fischer).
    pub increment_ms: u64,
    /// Byo-yomi periods after the main time.
    pub periods: u32,
    /// The length of a byo-yomi period in milliseconds.
    pub period_ms: u64,
    /// The CXA rule: each move within `per_move_ms` (0 = no such limit).
    pub per_move_ms: u64,
    /// The CXA rule: how many moves may overrun `per_move_ms`.
    pub overruns: u32,
    /// The players' names, Red (Cho) then Black (Han), if they gave one.
    pub names: BySide<Option<String>>,
    /// The accounts seated, Red (Cho) then Black (Han); `None` for a guest, an empty seat or
    /// the engine. Only games between two accounts move ratings.
    pub accounts: BySide<Option<i64>>,
    /// Whether the creator asked for a rated game (it counts only between two accounts).
    pub rated: bool,
    /// Seconds since the Unix epoch.
    pub created: u64,
    /// Engine games against another engine than chuhan's own (`chuhan serve --engine`): its
    /// name. `None` for chuhan's own engine and friend games.
    pub engine: Option<String>,
}

/// A stored move with the clocks after it: main time (ms) and byo-yomi periods (or CXA
/// overruns) left, Red then Black.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredMove {
    /// The move as coordinates (`h2e2`).
    pub mv: String,
    /// Main time left after the move, in milliseconds: a restart or a takeback resumes from it.
    pub clocks_ms: BySide<u64>,
    /// Byo-yomi periods (or CXA overruns) left after the move.
    pub periods: BySide<u32>,
    /// When the move was made, in milliseconds since the Unix epoch (0: not known, a move
    /// stored before SQLite's version 3): a server taking a game over charges the time since.
    pub at_ms: u64,
}

/// How a finished game ended: the PGN result (`1-0`, `0-1`, `1/2-1/2`) and the reason in words.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredEnd {
    /// `1-0`, `0-1` or `1/2-1/2`: the PGN result, which ratings and the archive read.
    pub result: String,
    /// How it ended, in words (checkmate, time, resignation, ...), as shown to players.
    pub reason: String,
    /// The same ruling in each language the server speaks (language tag → words), when the
    /// rules' ruling ended the game; empty for words of the server's own (a forfeit) and for
    /// games stored before the column (SQLite version 9, PostgreSQL version 8).
    pub reasons: BTreeMap<String, String>,
    /// The change of the players' ratings, if the game moved them.
    pub rating: Option<RatingChange>,
    /// The code of the game's opening ([`crate::Opening::code`]), if it has one: what a
    /// player's games are filtered by.
    pub opening: Option<String>,
}

/// A finished game for the archive.
#[derive(Clone, Debug, PartialEq)]
pub struct ArchiveEntry {
    /// The game's id, for its link.
    pub id: String,
    /// `xiangqi` or `janggi`.
    pub variant: String,
    /// `engine` or `friend`.
    pub mode: String,
    /// When it was created, in seconds since the Unix epoch.
    pub created: u64,
    /// How many moves (plies) it had.
    pub plies: u64,
    /// How it ended.
    pub end: StoredEnd,
    /// The players' names, if they gave them.
    pub names: BySide<Option<String>>,
}

/// The offers open in a game: a draw offered, a takeback asked for, by side.
///
/// They are stored so that every server shows them (a player on another server can answer
/// them) and a restart keeps them. The store keeps them as they were written, with the number
/// of moves stored then ([`StoredOffers::plies`]); the moves made since decline them as the room's
/// rules say ([`Offers::after_move`]), so a move does not have to write them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Offers {
    /// The side that offered a draw.
    pub draw: Option<Side>,
    /// The side that asked to take back its last move.
    pub takeback: Option<Side>,
}

impl Offers {
    /// The offers left after `mover` moves: a move declines the opponent's draw offer (the
    /// mover's own stays open) and ends any takeback request.
    pub fn after_move(self, mover: Side) -> Offers {
        Offers { draw: self.draw.filter(|&s| s == mover), takeback: None }
    }
}

/// Offers as stored: written when `plies` moves were stored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StoredOffers {
    /// The offers when they were written.
    pub offers: Offers,
    /// How many moves were stored when they were written.
    pub plies: usize,
}

/// A stored game, its moves, its end if it has ended, and its open offers.
pub type Loaded = (StoredGame, Vec<StoredMove>, Option<StoredEnd>, StoredOffers);

/// Why a write was refused although the store works: the game changed under the caller (on
/// another server, or in a race on this one). The caller's view of the game is stale: it
/// reloads the game and tells the player.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum Conflict {
    /// Move `ply` (0-based) was to be stored, but `stored` moves are there already.
    #[error("game {id} has moved on: {stored} moves are stored, not {ply}")]
    Moved {
        /// The game.
        id: String,
        /// The ply the caller wanted to store (or judged the end at).
        ply: usize,
        /// How many moves are stored.
        stored: usize,
    },
    /// The offers are not what the caller saw: the opponent, on another server, offered or
    /// asked first.
    #[error("the offers in game {id} have changed")]
    Offers {
        /// The game.
        id: String,
    },
    /// The game has ended already.
    #[error("game {id} is over")]
    Over {
        /// The game.
        id: String,
    },
    /// No such game.
    #[error("no game {id}")]
    Missing {
        /// The game.
        id: String,
    },
}

/// Durable storage of games and their moves. Each method is one transaction.
#[async_trait::async_trait]
pub trait Store: Accounts + Talk + Reviews + Puzzles + Send + Sync {
    /// Records a new game.
    async fn create(&self, game: &StoredGame) -> Result<()>;
    /// Sets a seat's token and the name of its player, if given (a friend joined).
    async fn set_token(&self, id: &str, side: Side, token: &str, name: Option<&str>) -> Result<()>;
    /// Replaces the start position of game `id` (before its first move: the player who joins
    /// a janggi game sets up its own formation).
    async fn set_start(&self, id: &str, fen: &str) -> Result<()>;
    /// Appends move number `ply` (0-based) of game `id`: refused with [`Conflict::Moved`] unless
    /// exactly `ply` moves are stored, and with [`Conflict::Over`] once the game has ended.
    async fn add_move(&self, id: &str, ply: usize, mv: &StoredMove) -> Result<()>;
    /// Deletes the moves of game `id` from number `keep` (0-based) on, and its offers: a
    /// takeback agreed after `plies` moves. Refused with [`Conflict::Moved`] unless exactly
    /// `plies` moves are stored (a move stored meanwhile, on another server, must not vanish),
    /// and with [`Conflict::Over`] once the game has ended.
    async fn truncate(&self, id: &str, plies: usize, keep: usize) -> Result<()>;
    /// Records the offers open in game `id` after `plies` moves (see [`Offers`]); `seen` are
    /// the offers the caller saw. Refused with [`Conflict::Moved`] unless exactly `plies` moves
    /// are stored, with [`Conflict::Offers`] if offers were written at this number of moves
    /// and differ from `seen` (the opponent offered first, on another server), and with
    /// [`Conflict::Over`] once the game has ended.
    async fn set_offers(&self, id: &str, plies: usize, seen: Offers, offers: Offers) -> Result<()>;
    /// Marks the game finished after `plies` moves; if it is rated between two accounts and
    /// counts (see [`glicko::counts`]), updates both players' ratings in the same transaction
    /// and returns the change. A game
    /// already finished is left as it is (ratings change once per game); a game with more
    /// than `plies` moves stored is refused with [`Conflict::Moved`] (the end was judged on a
    /// position that another move has left).
    async fn finish(&self, id: &str, plies: usize, end: &StoredEnd) -> Result<Option<RatingChange>>;
    /// A player's rating at `variant`, if they have played a rated game of it.
    async fn rating(&self, variant: Variant, name: &str) -> Result<Option<PlayerRating>>;
    /// The best-rated players at `variant`, best first.
    async fn ratings(&self, variant: Variant, limit: usize) -> Result<Vec<PlayerRating>>;
    /// One game with its moves and its end, if any.
    async fn load(&self, id: &str) -> Result<Option<Loaded>>;
    /// The ids of the games not finished yet.
    async fn unfinished(&self) -> Result<Vec<String>>;
    /// The most recent finished games, newest first.
    async fn archive(&self, limit: usize) -> Result<Vec<ArchiveEntry>>;
}

/// Seconds since the Unix epoch (0 if the clock is before it), when a game ends.
fn now_secs() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0)
}

#[cfg(test)]
mod tests;

/// [`StoredEnd::reasons`] as stored: a JSON object of tag → words, or NULL when there are none.
pub(crate) fn reasons_column(reasons: &BTreeMap<String, String>) -> Option<String> {
    if reasons.is_empty() {
        return None;
    }
    serde_json::to_string(reasons).ok()
}

/// A stored `reasons` column read back: none for NULL, or for text that is not such an object
/// (a ruling in English stays in `reason`).
pub(crate) fn reasons_of_column(column: Option<String>) -> BTreeMap<String, String> {
    column.and_then(|text| serde_json::from_str(&text).ok()).unwrap_or_default()
}
