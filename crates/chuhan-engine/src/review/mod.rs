//! Game review: every move of a game judged by the engine, marked when it gave away winning
//! chances, and each side's accuracy.
//!
//! [`review`] searches every position of a game once (the position before each move, and the
//! last one): the search before a move gives the engine's best move, its line and the
//! evaluation before the move; the next position's search, negated, is the evaluation after it.
//! Both become win probabilities for the mover by a curve fitted on real games ([`curve`]); the
//! loss between them marks the move ([`Mark`]: `??`, `?`, `?!`) and sets its accuracy
//! ([`accuracy`], lichess's published formulas). The game is replayed through
//! [`chuhan::Game`], so the rules judge it as they judge a game being played:
//!
//! - a move into a repetition the rules forbid (perpetual check or chase: the game's
//!   [`Outcome`] names a violation) is a blunder of the side that broke the rule — its move that
//!   closed the cycle, or its last one before it —, with the ruling as its reason;
//! - a game that ends with its last move (mate, a ruling, janggi's counting) is worth what the
//!   rules give it, not what a search says;
//! - a forced move (the only legal one) is never marked and loses nothing; nor does the move
//!   the engine itself would play (its loss is search noise);
//! - a position the search scores as ruled by a repetition it found by going back into the
//!   game's moves, while the game goes on, is searched again as if it had no past: a shuffle
//!   that only repeats once is no blunder (with the past, 13 of 186 `??` in 50 master games
//!   rested on such a score: BENCHMARKS.md, "Checked by Fairy-Stockfish").
//!
//! ```
//! use chuhan::{Move, Position, Variant};
//! use chuhan_engine::eval::Classic;
//! use chuhan_engine::review::{review, Settings};
//!
//! let start = Position::new(Variant::Xiangqi);
//! let moves: Vec<Move> = ["h2e2", "h9g7", "h0g2", "i9h9"].iter().map(|m| m.parse().unwrap()).collect();
//! let settings = Settings { nodes: Some(2000), ..Settings::default() };
//! let r = review(&start, &moves, &Classic, &settings, |_, _| {})?;
//! assert_eq!(r.moves.len(), 4);
//! assert!(r.sides.first.accuracy.unwrap() <= 100.0);
//! # Ok::<(), chuhan_engine::review::ReviewError>(())
//! ```

pub mod accuracy;
pub mod curve;
mod mark;

pub use accuracy::{move_accuracy, side_accuracy, volatility_weights};
pub use curve::win_probability;
pub use mark::{Mark, BLUNDER, INACCURACY, MISTAKE};

use crate::eval::Evaluate;
use crate::score::DECISIVE;
use crate::search::{search, Limits, Report, Shared};
use crate::Score;
use chuhan::game::{EndReason, Game, GameResult, Outcome, Rules};
use chuhan::{BySide, IllegalMove, Move, Position, Side, Variant};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Nodes searched per position when no limit is given: a 100-move game (201 searches) takes
/// about 5 s on one core of the development machine (BENCHMARKS.md, "Review (issue 43)").
pub const DEFAULT_NODES: u64 = 20_000;

/// How hard to look at each position, and by which rules.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Search each position to this depth (1–64).
    pub depth: Option<i32>,
    /// Search each position this many nodes (at least 1). With no limit at all,
    /// [`DEFAULT_NODES`].
    pub nodes: Option<u64>,
    /// Search each position this long.
    pub movetime: Option<Duration>,
    /// Search threads per position (1–64).
    pub threads: usize,
    /// The transposition table, MiB (1–4096); kept from one position to the next.
    pub hash_mb: usize,
    /// The rules the game is judged by; `None`: the game's default rules.
    pub rules: Option<Rules>,
    /// The longest better line kept per move, plies.
    pub line_length: usize,
    /// Set it (from any thread) to stop the review between two positions: [`review`] then
    /// answers [`ReviewError::Cancelled`]. `None`: the review always runs to its end.
    pub stop: Option<Arc<AtomicBool>>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            depth: None,
            nodes: None,
            movetime: None,
            threads: 1,
            hash_mb: 16,
            rules: None,
            line_length: 8,
            stop: None,
        }
    }
}

impl Settings {
    /// The search limits of one position, or what is wrong with the settings.
    fn limits(&self, rules: &Rules) -> Result<Limits, ReviewError> {
        let bad = |what: String| Err(ReviewError::Setting(what));
        if let Some(d) = self.depth {
            if !(1..=64).contains(&d) {
                return bad(format!("depth {d}: expected 1 to 64"));
            }
        }
        if self.nodes == Some(0) {
            return bad("nodes 0: expected at least 1".into());
        }
        if self.movetime == Some(Duration::ZERO) {
            return bad("movetime 0: expected a positive time".into());
        }
        if !(1..=64).contains(&self.threads) {
            return bad(format!("threads {}: expected 1 to 64", self.threads));
        }
        if !(1..=4096).contains(&self.hash_mb) {
            return bad(format!("hash {}: expected 1 to 4096 MiB", self.hash_mb));
        }
        let none = self.depth.is_none() && self.nodes.is_none() && self.movetime.is_none();
        Ok(Limits {
            depth: self.depth,
            nodes: if none { Some(DEFAULT_NODES) } else { self.nodes },
            hard: self.movetime,
            ..Limits::for_rules(rules)
        })
    }
}

/// Why a game could not be reviewed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ReviewError {
    /// A move of the game is not legal where it stands.
    #[error("move {ply} ({mv}): {source}")]
    Illegal {
        /// Its ply, from 1.
        ply: usize,
        /// The move.
        mv: Move,
        /// Why it is illegal.
        source: IllegalMove,
    },
    /// A setting is out of range.
    #[error("{0}")]
    Setting(String),
    /// [`Settings::stop`] was set before the review ended.
    #[error("the review was cancelled")]
    Cancelled,
}

/// One move of a reviewed game.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// Its ply, from 1.
    pub ply: usize,
    /// Who played it.
    pub side: Side,
    /// The move.
    pub mv: Move,
    /// The engine's score of the position before it, for the mover.
    pub before: Score,
    /// The score after it, for the mover (the next position's search negated, or what the
    /// rules made of the game when it ended with this move).
    pub after: Score,
    /// The mover's win probability before the move (0–1; a draw counts half).
    pub win_before: f64,
    /// The mover's win probability after it.
    pub win_after: f64,
    /// What the move gave away: `win_before - win_after`, at least 0; 0 for a forced move and
    /// for the engine's own choice.
    pub loss: f64,
    /// The move's accuracy, 0–100 ([`move_accuracy`]).
    pub accuracy: f64,
    /// `??`, `?`, `?!`, or none.
    pub mark: Option<Mark>,
    /// Whether it was the only legal move.
    pub forced: bool,
    /// The engine's best move in the position before it.
    pub best: Option<Move>,
    /// The engine's line from the position before it, best move first.
    pub line: Vec<Move>,
    /// Why the mark, when the rules gave it (a forbidden repetition): the ruling in words.
    pub reason: Option<String>,
    /// That ruling, typed, for words in other languages (chuhan-i18n's `Localize`).
    pub ruling: Option<Outcome>,
    /// The depth the search before the move reached.
    pub depth: i32,
}

/// One side's play over a game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SideSummary {
    /// Moves it made.
    pub moves: usize,
    /// Its accuracy, 0–100 ([`side_accuracy`]); `None` when it made no move.
    pub accuracy: Option<f64>,
    /// The mean loss of win probability of its moves (0–1).
    pub average_loss: f64,
    /// Its `??` moves.
    pub blunders: usize,
    /// Its `?` moves.
    pub mistakes: usize,
    /// Its `?!` moves.
    pub inaccuracies: usize,
}

/// A reviewed game.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// Which game.
    pub variant: Variant,
    /// Every move, in order.
    pub moves: Vec<MoveReview>,
    /// Each side's summary.
    pub sides: BySide<SideSummary>,
    /// How the rules end the game at its last position, if they do.
    pub outcome: Option<Outcome>,
    /// The engine's score of the start position, for the side to move there.
    pub start_score: Option<Score>,
}

impl Review {
    /// The first mover's win probability after each ply (index 0: the start), for a graph.
    pub fn first_mover_wins(&self) -> Vec<f64> {
        let first = |side: Side, p: f64| if side == Side::First { p } else { 1.0 - p };
        let mut out = Vec::with_capacity(self.moves.len() + 1);
        if let Some(m) = self.moves.first() {
            out.push(first(m.side, m.win_before));
        }
        out.extend(self.moves.iter().map(|m| first(m.side, m.win_after)));
        out
    }
}

/// Whether `score` is a ruling of the search's (a repetition or the move limit judged inside
/// its tree): decisive, but not a mate.
fn ruled_by_search(score: Score) -> bool {
    !score.is_mate() && score.raw().abs() > DECISIVE - crate::search::MAX_PLY as i32
}

/// The side `outcome` rules against for breaking a repetition rule, if it does.
fn violator(outcome: &Outcome) -> Option<Side> {
    match (outcome.reason, outcome.result) {
        (EndReason::RepetitionViolation { .. }, GameResult::Win(winner)) => Some(!winner),
        _ => None,
    }
}

/// The mover's score and win probability in a game the rules ended.
fn ruled(outcome: &Outcome, mover: Side) -> (Score, f64) {
    let mate = matches!(outcome.reason, EndReason::Checkmate | EndReason::Stalemate);
    let win = if mate { Score::mate_in_plies(0) } else { Score::from_raw(DECISIVE) };
    match outcome.result {
        GameResult::Win(s) if s == mover => (win, 1.0),
        GameResult::Win(_) => (Score::from_raw(-win.raw()), 0.0),
        GameResult::Draw => (Score::DRAW, 0.5),
    }
}

/// Reviews `moves` played from `start` (its history, if any, is not part of the game), searching
/// every position with `eval` as `settings` say. `progress(done, total)` is called after each
/// search (total = moves + 1).
///
/// Fails on an illegal move (naming its ply), a setting out of range, or when
/// [`Settings::stop`] is set before the last search ends ([`ReviewError::Cancelled`], checked
/// before each position's search); never panics on a game.
pub fn review(
    start: &Position,
    moves: &[Move],
    eval: &dyn Evaluate,
    settings: &Settings,
    mut progress: impl FnMut(usize, usize),
) -> Result<Review, ReviewError> {
    let variant = start.variant();
    let rules = settings.rules.unwrap_or_else(|| Rules::for_variant(variant));
    let limits = settings.limits(&rules)?;
    let shared = Shared::try_new(settings.hash_mb).map_err(|e| ReviewError::Setting(e.to_string()))?;

    // The positions before each move and after the last, and the rules' ending at each.
    let mut game = Game::new(start.clone(), rules);
    let mut positions = vec![game.position().clone()];
    let mut endings = vec![game.outcome().copied()];
    for (i, &mv) in moves.iter().enumerate() {
        game.play_on(mv).map_err(|source| ReviewError::Illegal { ply: i + 1, mv, source })?;
        positions.push(game.position().clone());
        endings.push(game.outcome().copied());
    }

    // One search per position; none where the game is over.
    let total = positions.len();
    let mut reports: Vec<Option<Report>> = Vec::with_capacity(total);
    let stopped = || settings.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed));
    for (i, pos) in positions.iter().enumerate() {
        if stopped() {
            return Err(ReviewError::Cancelled);
        }
        let over = i == moves.len() && endings[i].is_some();
        let report = if over || pos.legal_moves().is_empty() {
            None
        } else {
            let r = search(pos, &shared, eval, &limits, settings.threads, |_| {});
            // A repetition ruling the search found by going back into the game's moves: the
            // game is not over here, and a player may still leave the cycle. Judged as if
            // the position had no past, as a player sees it.
            if endings[i].is_none() && ruled_by_search(r.score) {
                Some(search(&pos.with_history_cleared(), &shared, eval, &limits, settings.threads, |_| {}))
            } else {
                Some(r)
            }
        };
        reports.push(report);
        progress(i + 1, total);
    }

    // A forbidden repetition is the violator's fault: its move that closed the cycle, or its
    // last one before the opponent's move that did.
    let mut violations: Vec<Option<&Outcome>> = vec![None; moves.len()];
    for (j, ending) in endings.iter().enumerate().skip(1) {
        let Some((o, side)) = ending.as_ref().and_then(|o| Some((o, violator(o)?))) else { continue };
        let at = if positions[j - 1].turn() == side { Some(j - 1) } else { j.checked_sub(2) };
        if let Some(at) = at {
            violations[at] = Some(o);
        }
    }

    let mut reviewed = Vec::with_capacity(moves.len());
    for (i, &mv) in moves.iter().enumerate() {
        let pos = &positions[i];
        let mover = pos.turn();
        let forced = pos.legal_moves().len() == 1;
        let (before, best, line, depth) = match &reports[i] {
            Some(r) => {
                (r.score, r.pv.first().copied(), r.pv.iter().take(settings.line_length).copied().collect(), r.depth)
            }
            None => (Score::DRAW, None, Vec::new(), 0),
        };
        let win_before = win_probability(before, variant);
        let ending = endings[i + 1].as_ref();
        let violation = violations[i];
        let (after, win_after) = match (violation, ending, &reports[i + 1]) {
            (Some(o), _, _) => ruled(o, mover),
            (None, Some(o), _) if i + 1 == moves.len() => ruled(o, mover),
            (None, _, Some(r)) => {
                let after = Score::from_raw(-r.score.raw());
                (after, win_probability(after, variant))
            }
            // No legal move after it and no ruling: the mover has won.
            (None, _, None) => (Score::mate_in_plies(0), 1.0),
        };
        let engines_choice = best == Some(mv) && violation.is_none();
        let loss = if forced || engines_choice { 0.0 } else { (win_before - win_after).max(0.0) };
        let mark = match (forced, violation) {
            (true, _) => None,
            (false, Some(_)) => Some(Mark::Blunder),
            (false, None) => Mark::from_loss(loss),
        };
        reviewed.push(MoveReview {
            ply: i + 1,
            side: mover,
            mv,
            before,
            after,
            win_before,
            win_after,
            loss,
            accuracy: move_accuracy(win_before, win_before - loss),
            mark,
            forced,
            best,
            line,
            reason: violation.map(|o| o.describe(variant)),
            ruling: violation.cloned(),
            depth,
        });
    }

    let mut review = Review {
        variant,
        sides: BySide::default(),
        outcome: endings.last().copied().flatten(),
        start_score: reports[0].as_ref().map(|r| r.score),
        moves: reviewed,
    };
    review.sides = summarize(&review);
    Ok(review)
}

/// Each side's accuracy, mean loss and marks.
fn summarize(review: &Review) -> BySide<SideSummary> {
    let weights = volatility_weights(&review.first_mover_wins());
    BySide::from_fn(|side| {
        let own: Vec<(&MoveReview, f64)> =
            review.moves.iter().zip(&weights).filter(|(m, _)| m.side == side).map(|(m, &w)| (m, w)).collect();
        let count = |mark| own.iter().filter(|(m, _)| m.mark == Some(mark)).count();
        let accuracies: Vec<(f64, f64)> = own.iter().map(|(m, w)| (m.accuracy, *w)).collect();
        SideSummary {
            moves: own.len(),
            accuracy: side_accuracy(&accuracies),
            average_loss: if own.is_empty() {
                0.0
            } else {
                own.iter().map(|(m, _)| m.loss).sum::<f64>() / own.len() as f64
            },
            blunders: count(Mark::Blunder),
            mistakes: count(Mark::Mistake),
            inaccuracies: count(Mark::Inaccuracy),
        }
    })
}

#[cfg(test)]
mod tests;
