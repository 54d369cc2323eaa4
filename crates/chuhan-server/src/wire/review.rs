//! Game review (issue 43): the request for any game the analysis board holds, and the status
//! and result of a review, read by `static/analysis.js`.

use chuhan::{Move, Variant};
use serde::{Deserialize, Serialize};

/// The body of `POST /api/review` (written by `static/analysis.js`): a game the analysis
/// board holds, from its start.
#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct ReviewRequest {
    pub(crate) variant: Option<Variant>,
    /// The start; the variant's standard start if absent.
    pub(crate) fen: Option<String>,
    /// Moves from the start, as coordinates (`h2e2`); at most `review::MAX_PLIES`.
    pub(crate) moves: Vec<Move>,
    /// Accept a composed position (see `params::start_position`).
    pub(crate) relaxed: bool,
}

/// Where a review stands, and its result once done: the answer of every review route.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct ReviewStatus {
    /// `none`, `queued`, `running`, `done`, `failed` or `cancelled`.
    pub(crate) status: String,
    /// The job of `POST /api/review` (poll `GET /api/review/{id}`); `null` for a game's review.
    pub(crate) id: Option<String>,
    /// Positions searched, of `total` (the moves and the last position).
    pub(crate) done: u32,
    pub(crate) total: u32,
    /// Why it failed or was cancelled.
    pub(crate) reason: Option<String>,
    /// The result, once `done`.
    pub(crate) review: Option<ReviewResult>,
}

/// A reviewed game.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct ReviewResult {
    pub(crate) variant: String,
    /// Nodes searched a position.
    pub(crate) nodes: u64,
    /// Red's (Cho's) and Black's (Han's) play.
    pub(crate) sides: [ReviewSide; 2],
    /// The first mover's win probability (0–1) after each ply, index 0 the start: the graph.
    pub(crate) wins: Vec<f64>,
    /// Every move, in order.
    pub(crate) moves: Vec<ReviewedMove>,
}

/// One side's play over a game.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct ReviewSide {
    /// 0–100 (lichess's formula, see `chuhan_engine::review::accuracy`); `null` with no move.
    pub(crate) accuracy: Option<f64>,
    /// Mean loss of win probability a move (0–1).
    pub(crate) average_loss: f64,
    pub(crate) moves: usize,
    pub(crate) blunders: usize,
    pub(crate) mistakes: usize,
    pub(crate) inaccuracies: usize,
}

/// One move of a reviewed game.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct ReviewedMove {
    /// From 1.
    pub(crate) ply: usize,
    /// 0 Red (Cho), 1 Black (Han).
    pub(crate) side: usize,
    /// Coordinates (`h2e2`).
    #[serde(rename = "move")]
    pub(crate) mv: Move,
    /// The move in the game's usual notation.
    pub(crate) text: String,
    /// `??`, `?`, `?!` or `null`.
    pub(crate) mark: Option<String>,
    /// Win probability lost (0–1).
    pub(crate) loss: f64,
    /// The mover's win probability before and after the move (0–1).
    pub(crate) win_before: f64,
    pub(crate) win_after: f64,
    /// The engine's best move where the move was played, and its line (coordinates and words).
    pub(crate) best: Option<Move>,
    pub(crate) line: Vec<Move>,
    pub(crate) line_text: Vec<String>,
    /// The rules' reason for the mark (a forbidden repetition), if they gave it.
    pub(crate) reason: Option<String>,
    /// That reason in each language, by tag (empty when there is none; absent from reviews
    /// stored before it was sent).
    #[serde(default)]
    pub(crate) reasons: std::collections::BTreeMap<String, String>,
}
