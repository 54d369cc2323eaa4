//! The win-probability curve: what an engine score is worth in results.
//!
//! `W(s) = 1 / (1 + e^(-k·s))`, `s` the score in centipawns for the side to move, `W` the share
//! of the points that side goes on to score (a win 1, a draw ½). One parameter per game, so the
//! curve is symmetric: `W(-s) = 1 - W(s)`, and a position is worth the same to a side whether
//! it is that side's turn (the score before its move) or the opponent's (the negated score
//! after it). Mates are worth 1 or 0.
//!
//! The scales are **fitted on real games** by `chuhan-train winfit` (`scripts/fit-win-curve.sh`
//! reruns the whole fit): positions sampled from games, each searched by the engine at the
//! review's default node count ([`super::DEFAULT_NODES`]), labelled with the game's result for
//! the side to move, `k` chosen by least log-loss. The data, the fitted values and their error
//! against a constant baseline are in BENCHMARKS.md ("The review's win-probability curve").

use crate::Score;
use chuhan::Variant;

/// Xiangqi's scale per centipawn: fitted by `chuhan-train winfit` on 14,758 positions of 2,233
/// of the 2,516 master games of `../shared/testdata` (one position every 12 plies from the
/// 10th, 20,000 nodes each; the games carry no results, so each was judged from its last
/// position by a 30,000-node search and 282 with an unclear end were left out): log-loss
/// 0.4985 against the constant baseline's 0.6926, Brier 0.117 against 0.198; on one game in
/// five held out, 0.517 against 0.693. A side-to-move offset gains nothing (0.4983).
pub const XIANGQI_SCALE: f64 = 0.006809;

/// Janggi's scale per centipawn: fitted by `chuhan-train winfit` on 1,813 positions of 156
/// games of the engine against itself (`chuhan match`, 2,000 nodes a move, 4 random plies
/// after each opening; results by the rules, counting included), 20,000 nodes each:
/// log-loss 0.372 against the constant baseline's 0.691, Brier 0.122 against 0.249.
pub const JANGGI_SCALE: f64 = 0.004635;

/// The scale of `variant`'s curve.
pub fn scale(variant: Variant) -> f64 {
    match variant {
        Variant::Xiangqi => XIANGQI_SCALE,
        Variant::Janggi => JANGGI_SCALE,
    }
}

/// The logistic with scale `k` at `cp` centipawns: what the fit evaluates.
pub fn logistic(k: f64, cp: f64) -> f64 {
    1.0 / (1.0 + (-k * cp).exp())
}

/// The share of the points the side to move can expect when the engine scores its position
/// `score`: 1 for a mate it gives, 0 for one it suffers, else the fitted logistic.
///
/// ```
/// use chuhan::Variant;
/// use chuhan_engine::review::win_probability;
/// use chuhan_engine::Score;
///
/// assert_eq!(win_probability(Score::DRAW, Variant::Xiangqi), 0.5);
/// let up = win_probability(Score::cp(300), Variant::Xiangqi);
/// assert!(up > 0.7 && up < 1.0);
/// assert!((win_probability(Score::cp(-300), Variant::Xiangqi) - (1.0 - up)).abs() < 1e-12);
/// assert_eq!(win_probability(Score::from_uci_mate(2), Variant::Janggi), 1.0);
/// ```
pub fn win_probability(score: Score, variant: Variant) -> f64 {
    match score.centipawns() {
        None if score.raw() > 0 => 1.0,
        None => 0.0,
        Some(cp) => logistic(scale(variant), cp as f64),
    }
}
