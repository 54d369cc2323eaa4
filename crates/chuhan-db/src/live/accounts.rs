//! Players' accounts in the live store: the accounts (a name and an Argon2 hash, never a
//! password), their sessions (only a hash of each token), the seats they take, their Glicko-2
//! ratings by game and speed with the history of each, and their finished games.
//!
//! What a name may be and how passwords are hashed is the server's; this is what is kept and
//! the transactions that keep it, the same on SQLite and PostgreSQL (tests in `live/tests.rs`
//! run against both).

use super::glicko::{Glicko, Speed};
use super::ArchiveEntry;
use anyhow::Result;
use chuhan::Side;

/// The key a name is unique by: its lower case, so that `Alice` and `alice` are one name (and
/// `철수` is its own lower case).
pub fn name_key(name: &str) -> String {
    name.to_lowercase()
}

/// The name shown for the seats of an account that has been deleted.
pub const DELETED_PLAYER: &str = "deleted player";

/// An account as the rest of the server sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Account {
    /// The store's number for it.
    pub id: i64,
    /// The name as first written.
    pub name: String,
    /// When it was made, in seconds since the Unix epoch.
    pub created: u64,
}

/// What a login checks: the account, its password's hash and its recent failed logins.
#[derive(Clone, Debug, PartialEq)]
pub struct Credentials {
    /// The account.
    pub account: Account,
    /// The password's Argon2 hash (a PHC string).
    pub password_hash: String,
    /// Failed logins since [`Credentials::failed_since`].
    pub failed_logins: u32,
    /// When the first of them was, in seconds since the Unix epoch.
    pub failed_since: u64,
}

/// Why an account could not be made although the store works.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum AccountError {
    /// Another account has the name, in some case.
    #[error("the name {0} is taken")]
    NameTaken(String),
}

/// A rating in one pool.
#[derive(Clone, Debug, PartialEq)]
pub struct PoolRating {
    /// `xiangqi` or `janggi`.
    pub variant: String,
    /// The speed.
    pub speed: Speed,
    /// The rating.
    pub glicko: Glicko,
}

/// A rating after one rated game.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingPoint {
    /// `xiangqi` or `janggi`.
    pub variant: String,
    /// The speed.
    pub speed: Speed,
    /// When the game ended, in seconds since the Unix epoch.
    pub at: u64,
    /// The rating after it.
    pub rating: f64,
    /// The game.
    pub game: String,
}

/// The most rating points a profile gives per pool.
pub const HISTORY_PER_POOL: usize = 500;

/// What a profile shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Profile {
    /// The account.
    pub account: Account,
    /// Finished games, rated or not.
    pub games: u64,
    /// Of which won.
    pub wins: u64,
    /// Drawn.
    pub draws: u64,
    /// Lost.
    pub losses: u64,
    /// Its ratings, by game then speed.
    pub ratings: Vec<PoolRating>,
    /// Its ratings after each rated game, oldest first (the last [`HISTORY_PER_POOL`] of each
    /// pool).
    pub history: Vec<RatingPoint>,
}

/// A result from a player's side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PlayerResult {
    /// The player won.
    Win,
    /// A draw.
    Draw,
    /// The player lost.
    Loss,
}

impl PlayerResult {
    /// The result of a game ended `result` (PGN) for the player of `side`.
    pub fn of(result: &str, side: Side) -> Option<PlayerResult> {
        match (result, side) {
            ("1-0", Side::First) | ("0-1", Side::Second) => Some(PlayerResult::Win),
            ("0-1", Side::First) | ("1-0", Side::Second) => Some(PlayerResult::Loss),
            ("1/2-1/2", _) => Some(PlayerResult::Draw),
            _ => None,
        }
    }

    /// Its name in the API.
    pub fn name(self) -> &'static str {
        match self {
            PlayerResult::Win => "win",
            PlayerResult::Draw => "draw",
            PlayerResult::Loss => "loss",
        }
    }

    /// The result a name gives.
    pub fn from_name(name: &str) -> Option<PlayerResult> {
        [PlayerResult::Win, PlayerResult::Draw, PlayerResult::Loss].into_iter().find(|r| r.name() == name)
    }

    /// The PGN results that are this result for the player of `side`.
    pub(crate) fn pgn(self, side: Side) -> &'static str {
        match (self, side) {
            (PlayerResult::Draw, _) => "1/2-1/2",
            (PlayerResult::Win, Side::First) | (PlayerResult::Loss, Side::Second) => "1-0",
            _ => "0-1",
        }
    }
}

/// Which of a player's games to list.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GamesFilter {
    /// Only this game (`xiangqi`, `janggi`).
    pub variant: Option<String>,
    /// Only games with this result for the player.
    pub result: Option<PlayerResult>,
    /// Only games against this name (any case; a part of it is not enough).
    pub opponent: Option<String>,
    /// Only games whose opening is one of these codes (the server reads a name into codes).
    pub openings: Option<Vec<String>>,
    /// Skip this many (newest first).
    pub offset: usize,
    /// At most this many.
    pub limit: usize,
}

/// A finished game in a player's list.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerGame {
    /// The game as the archive shows it (its rating change, if it moved ratings).
    pub entry: ArchiveEntry,
    /// The player's side.
    pub side: Side,
    /// Whether it was created as rated.
    pub rated: bool,
    /// The speed of its clock.
    pub speed: Speed,
    /// The code of its opening, if it has one.
    pub opening: Option<String>,
}

/// The accounts' part of the store. Each method is one transaction.
#[async_trait::async_trait]
pub trait Accounts: Send + Sync {
    /// Makes an account; refused with [`AccountError::NameTaken`] if the name is taken in any
    /// case.
    async fn create_account(&self, name: &str, password_hash: &str, now: u64) -> Result<Account>;
    /// The account of `name` (any case) and what a login checks, if there is one.
    async fn credentials(&self, name: &str) -> Result<Option<Credentials>>;
    /// Counts a failed login of `account`: the count starts again at 1 when its first failure
    /// is older than `window` seconds. Answers the count.
    async fn login_failed(&self, account: i64, now: u64, window: u64) -> Result<u32>;
    /// Clears the failed logins of `account`.
    async fn login_succeeded(&self, account: i64) -> Result<()>;
    /// Changes the password of `account` and ends its sessions but the one of `keep` (a
    /// token's hash).
    async fn set_password(&self, account: i64, password_hash: &str, keep: Option<&str>) -> Result<()>;
    /// Deletes `account` with its sessions and ratings; its games stay, their seats named
    /// [`DELETED_PLAYER`].
    async fn delete_account(&self, account: i64) -> Result<()>;
    /// Starts a session: `token_hash` (the SHA-256 of the cookie's token, in hex) is valid for
    /// `account` until `expires`. The account's expired sessions are removed meanwhile.
    async fn start_session(&self, token_hash: &str, account: i64, now: u64, expires: u64) -> Result<()>;
    /// The account of a session that has not expired at `now`.
    async fn session(&self, token_hash: &str, now: u64) -> Result<Option<Account>>;
    /// Ends a session (logging out).
    async fn end_session(&self, token_hash: &str) -> Result<()>;
    /// Gives the seat of `side` in game `id` to `account`, under its name.
    async fn seat_account(&self, id: &str, side: Side, account: &Account) -> Result<()>;
    /// The profile of the account named `name` (any case).
    async fn profile(&self, name: &str) -> Result<Option<Profile>>;
    /// The finished games of `account` that `filter` selects, newest first, and how many there
    /// are in all.
    async fn player_games(&self, account: i64, filter: &GamesFilter) -> Result<(u64, Vec<PlayerGame>)>;
    /// The rating of `account` in a pool, if it has played a rated game there.
    async fn pool_rating(&self, account: i64, variant: &str, speed: Speed) -> Result<Option<Glicko>>;
    /// The best-rated accounts in a pool, best first: names and ratings.
    async fn leaderboard(&self, variant: &str, speed: Speed, limit: usize) -> Result<Vec<(String, Glicko)>>;
}
