//! Puzzles: the bodies of `/api/puzzles/*` (read by `static/puzzles.js`; `docs/puzzles.md` is
//! their contract).

use serde::{Deserialize, Serialize};

/// One position along a puzzle's solution.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct PuzzleStep {
    /// The position (a FEN).
    pub fen: String,
    /// Its legal moves (none after the last move of the solution).
    pub legal: Vec<String>,
    /// Whether the side to move is in check.
    pub check: bool,
    /// The solver's moves taken as right here (the solution's, and any other mate at its
    /// last move); empty where the opponent is to move.
    pub accept: Vec<String>,
}

/// `GET /api/puzzles/next` and `GET /api/puzzles/{id}`: a puzzle with its whole solution
/// (the page checks the moves itself, as lichess's does).
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct WirePuzzle {
    /// Its id.
    pub id: String,
    /// `xiangqi` or `janggi`.
    pub variant: &'static str,
    /// The position, the solver to move.
    pub fen: String,
    /// The solver's moves and the opponent's replies in turn, the solver's last.
    pub solution: Vec<String>,
    /// Its themes' codes.
    pub themes: Vec<String>,
    /// Its themes' names, in the order of `themes`.
    pub theme_names: Vec<&'static str>,
    /// Its rating now (the set's until it is attempted), to a tenth.
    pub rating: f64,
    /// The rating the set gives it: what `near` and `above` of `/next` compare with.
    pub set_rating: f64,
    /// Counted attempts at it.
    pub plays: u32,
    /// Where it comes from, if known.
    pub source: Option<String>,
    /// The positions from the start through the solution (one more than its moves).
    pub steps: Vec<PuzzleStep>,
}

/// A Glicko-2 rating as a guest's browser keeps it.
#[derive(Deserialize, Serialize, Debug, Clone, Copy, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GuestRating {
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
}

/// `POST /api/puzzles/{id}/attempt`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct AttemptRequest {
    /// Whether the solver played the solution without a wrong move.
    pub solved: bool,
    /// A guest's own rating (ignored for an account; a new guest's when absent).
    #[serde(default)]
    pub rating: Option<GuestRating>,
}

/// The solver's rating after an attempt.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct PlayerAfter {
    /// The rating after, to a tenth (a guest's unrounded: its browser keeps it).
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
    /// How far the attempt moved it.
    pub change: f64,
}

/// The puzzle's rating after an attempt.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct PuzzleAfter {
    /// The rating after.
    pub rating: f64,
    /// How far the attempt moved it.
    pub change: f64,
}

/// The answer to an attempt.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct Attempted {
    /// The solver's rating.
    pub player: PlayerAfter,
    /// The puzzle's.
    pub puzzle: PuzzleAfter,
    /// Whether it moved the ratings (an account's second attempt at a puzzle does not).
    pub counted: bool,
    /// Whether the rating is an account's (kept by the server) or a guest's.
    pub account: bool,
}

/// `GET /api/puzzles/rating`: the logged-in account's puzzle rating.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct MyRating {
    /// The account's puzzle rating, to a tenth (null for a guest; 1500 before any attempt).
    pub rating: Option<f64>,
    /// Whether the request is an account's.
    pub account: bool,
}
