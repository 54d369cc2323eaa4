//! Puzzle ratings (the puzzle page, `docs/puzzles.md`): each puzzle's Glicko-2 rating and each
//! account's puzzle rating, moved by attempts as lichess moves them: one attempt is one game
//! between the solver and the puzzle, won by the solver when they solved it.
//!
//! An account's attempt at a puzzle counts once (the first; later ones change nothing), in the
//! transaction that records it, so two servers cannot both count it. A guest's rating lives in
//! the browser; the store moves only the puzzle's. A puzzle starts at the rating its set gives
//! it, with [`PUZZLE_DEVIATION`]. The same SQL runs on both back ends.

use super::glicko::{self, Glicko};
use anyhow::Result;

/// The deviation of a puzzle's rating before any attempt: its set's rating is an estimate
/// (the generator's), surer than a new player's 350.
pub const PUZZLE_DEVIATION: f64 = 200.0;

/// Who made an attempt.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Solver {
    /// An account: its puzzle rating is the store's.
    Account(i64),
    /// A guest, with the rating its browser keeps.
    Guest(Glicko),
}

/// One attempt at a puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Attempt {
    /// The puzzle's id.
    pub puzzle: String,
    /// Its rating in the set, where it starts.
    pub initial: f64,
    /// Who tried it.
    pub solver: Solver,
    /// Whether they solved it.
    pub solved: bool,
    /// When, seconds since the Unix epoch.
    pub now: u64,
}

/// What an attempt did to both ratings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AttemptResult {
    /// The solver's rating before and after.
    pub player: (Glicko, Glicko),
    /// The puzzle's rating before and after.
    pub puzzle: (Glicko, Glicko),
    /// Whether the attempt moved the ratings (an account's second attempt at a puzzle does not).
    pub counted: bool,
}

/// The ratings after an attempt: the solver won the game if they solved the puzzle.
pub fn rate(player: &Glicko, puzzle: &Glicko, solved: bool) -> (Glicko, Glicko) {
    glicko::update(player, puzzle, if solved { "1-0" } else { "0-1" }).expect("a decision is a result")
}

/// A puzzle's rating before any attempt.
pub fn initial(rating: f64) -> Glicko {
    Glicko { rating, deviation: PUZZLE_DEVIATION, ..Glicko::default() }
}

/// The puzzles' and the accounts' puzzle ratings. Each method is one transaction.
#[async_trait::async_trait]
pub trait Puzzles: Send + Sync {
    /// Records an attempt and moves the ratings (see the module's comment).
    async fn puzzle_attempt(&self, attempt: &Attempt) -> Result<AttemptResult>;
    /// A puzzle's rating and the attempts behind it, if it has been attempted.
    async fn puzzle_rating(&self, puzzle: &str) -> Result<Option<Glicko>>;
    /// An account's puzzle rating, if it has attempted a puzzle.
    async fn account_puzzle_rating(&self, account: i64) -> Result<Option<Glicko>>;
}

/// The SQL both back ends run, PostgreSQL's `$n` parameters (SQLite's are the same as `?n`).
pub(crate) mod sql {
    /// Version 8 of SQLite, 7 of PostgreSQL: the tables. `wins` of a puzzle are the attempts
    /// it beat (failed ones), `losses` those solved.
    pub const TABLES: &str = "CREATE TABLE puzzle_ratings (
        puzzle_id TEXT PRIMARY KEY, rating DOUBLE PRECISION NOT NULL, deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL, games INTEGER NOT NULL, wins INTEGER NOT NULL,
        losses INTEGER NOT NULL, updated BIGINT NOT NULL);
     CREATE TABLE account_puzzle_ratings (
        account_id BIGINT PRIMARY KEY, rating DOUBLE PRECISION NOT NULL, deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL, games INTEGER NOT NULL, wins INTEGER NOT NULL,
        losses INTEGER NOT NULL, updated BIGINT NOT NULL);
     CREATE TABLE puzzle_attempts (
        account_id BIGINT NOT NULL, puzzle_id TEXT NOT NULL, solved SMALLINT NOT NULL, at BIGINT NOT NULL,
        PRIMARY KEY (account_id, puzzle_id));";
    /// $1 account, $2 puzzle, $3 solved (0/1), $4 now: one row, or none when it was there.
    pub const ADD_ATTEMPT: &str = "INSERT INTO puzzle_attempts (account_id, puzzle_id, solved, at)
        VALUES ($1, $2, $3, $4) ON CONFLICT (account_id, puzzle_id) DO NOTHING";
    /// $1 puzzle, $2 rating, $3 deviation, $4 volatility, $5 now.
    pub const ENSURE_PUZZLE: &str = "INSERT INTO puzzle_ratings
        (puzzle_id, rating, deviation, volatility, games, wins, losses, updated)
        VALUES ($1, $2, $3, $4, 0, 0, 0, $5) ON CONFLICT (puzzle_id) DO NOTHING";
    /// $1 account, $2 rating, $3 deviation, $4 volatility, $5 now.
    pub const ENSURE_ACCOUNT: &str = "INSERT INTO account_puzzle_ratings
        (account_id, rating, deviation, volatility, games, wins, losses, updated)
        VALUES ($1, $2, $3, $4, 0, 0, 0, $5) ON CONFLICT (account_id) DO NOTHING";
    /// $1 puzzle.
    pub const GET_PUZZLE: &str =
        "SELECT rating, deviation, volatility, games, wins, losses FROM puzzle_ratings WHERE puzzle_id = $1";
    /// $1 account.
    pub const GET_ACCOUNT: &str =
        "SELECT rating, deviation, volatility, games, wins, losses FROM account_puzzle_ratings WHERE account_id = $1";
    /// $1 puzzle, $2 rating, $3 deviation, $4 volatility, $5 games, $6 wins, $7 losses, $8 now.
    pub const SET_PUZZLE: &str = "UPDATE puzzle_ratings SET rating = $2, deviation = $3, volatility = $4,
        games = $5, wins = $6, losses = $7, updated = $8 WHERE puzzle_id = $1";
    /// $1 account, then as [`SET_PUZZLE`].
    pub const SET_ACCOUNT: &str = "UPDATE account_puzzle_ratings SET rating = $2, deviation = $3,
        volatility = $4, games = $5, wins = $6, losses = $7, updated = $8 WHERE account_id = $1";
    /// $1 account: what goes with a deleted account.
    pub const DELETE_ACCOUNT: [&str; 2] = [
        "DELETE FROM account_puzzle_ratings WHERE account_id = $1",
        "DELETE FROM puzzle_attempts WHERE account_id = $1",
    ];

    /// `sql` with SQLite's parameters.
    pub fn sqlite(sql: &str) -> String {
        sql.replace('$', "?")
    }
}

/// A rating row (`rating, deviation, volatility, games, wins, losses`) as a [`Glicko`].
pub(crate) fn from_row(rating: f64, deviation: f64, volatility: f64, games: i64, wins: i64, losses: i64) -> Glicko {
    let n = |x: i64| x.clamp(0, u32::MAX.into()) as u32;
    Glicko { rating, deviation, volatility, games: n(games), wins: n(wins), draws: 0, losses: n(losses) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solving_raises_the_solver_and_lowers_the_puzzle() {
        let (p, z) = rate(&Glicko::default(), &initial(1500.0), true);
        assert!(p.rating > 1500.0 && z.rating < 1500.0, "{p:?} {z:?}");
        let (p, z) = rate(&Glicko::default(), &initial(1500.0), false);
        assert!(p.rating < 1500.0 && z.rating > 1500.0, "{p:?} {z:?}");
        assert_eq!((z.games, z.wins), (1, 1));
    }
}
