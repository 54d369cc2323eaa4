//! A second, deeper look at a finished puzzle, on its own.
//!
//! The generator's confirming search ([`Settings::nodes`]) is short enough to run on every
//! candidate of thousands of games, and short searches are wrong now and then: another
//! engine, searching deeper, sometimes prefers another first move or finds a second one
//! nearly as good (BENCHMARKS.md, "Puzzles"). [`verify`] searches the puzzle's position
//! again with [`Settings::verify_nodes`] and a transposition table of its own, so that its
//! answer depends on the puzzle alone (the same on every run and in every order), and
//! [`Check::verdict`] then asks the same questions as the generator, with the stricter win
//! that an [`Theme::Advantage`] puzzle must show ([`Settings::advantage_win`]): with no mate
//! and no material to show for it, only a clear win makes the move the one answer.

use super::{Puzzle, Settings, Theme};
use crate::eval::Evaluate;
use crate::review::{win_probability, ReviewError};
use crate::search::{search, Limits, Report, Shared};
use chuhan::game::Rules;
use chuhan::Move;
use std::fmt;
use std::sync::atomic::Ordering;

/// What the deeper search of [`verify`] saw in a puzzle's position.
#[derive(Clone, Debug, PartialEq)]
pub struct Check {
    /// Its best move.
    pub best: Move,
    /// The best move's win probability for the solver (0–1).
    pub win: f64,
    /// The second best move's; `None` when the position has one legal move.
    pub second: Option<f64>,
    /// The solver's win probability at the end of the solution, the opponent to move (1 when
    /// the solution mates).
    pub end: f64,
}

/// Why [`Check::verdict`] turns a puzzle down.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Rejection {
    /// The deeper search prefers another first move.
    OtherBest(Move),
    /// The first move's win probability is below what the puzzle needs.
    NotWinning {
        /// The first move's.
        win: f64,
        /// What the puzzle needs.
        needed: f64,
    },
    /// A second move comes within the margin of the first.
    NotUnique {
        /// The first move's win probability.
        win: f64,
        /// The second best move's.
        second: f64,
    },
    /// The position has one legal move: there is nothing to find.
    Forced,
    /// At the end of the solution the solver no longer clearly wins.
    NotKept {
        /// The solver's win probability there.
        end: f64,
        /// What the puzzle needs.
        needed: f64,
    },
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rejection::OtherBest(m) => write!(f, "the deeper search prefers {m}"),
            Rejection::NotWinning { win, needed } => {
                write!(f, "the first move wins {:.0} %, below {:.0} %", win * 100.0, needed * 100.0)
            }
            Rejection::NotUnique { win, second } => {
                write!(f, "the second best move is close ({:.0} % against {:.0} %)", second * 100.0, win * 100.0)
            }
            Rejection::Forced => f.write_str("the position has one legal move"),
            Rejection::NotKept { end, needed } => {
                write!(
                    f,
                    "the solver wins {:.0} % at the end of the solution, below {:.0} %",
                    end * 100.0,
                    needed * 100.0
                )
            }
        }
    }
}

impl Check {
    /// Whether `puzzle` holds by this check under `settings`: the best move is its first, it
    /// wins at least [`Settings::win`] ([`Settings::advantage_win`] for a puzzle whose only
    /// gain is the advantage), the second best is at least [`Settings::verify_margin`] lower,
    /// and the solver keeps [`Settings::end_win`] at the end of the solution.
    pub fn verdict(&self, puzzle: &Puzzle, settings: &Settings) -> Result<(), Rejection> {
        let Some(second) = self.second else { return Err(Rejection::Forced) };
        if puzzle.solution.first() != Some(&self.best) {
            return Err(Rejection::OtherBest(self.best));
        }
        let needed = if puzzle.themes.contains(&Theme::Advantage) { settings.advantage_win } else { settings.win };
        if self.win < needed {
            return Err(Rejection::NotWinning { win: self.win, needed });
        }
        if self.win - second < settings.verify_margin {
            return Err(Rejection::NotUnique { win: self.win, second });
        }
        if self.end < settings.end_win {
            return Err(Rejection::NotKept { end: self.end, needed: settings.end_win });
        }
        Ok(())
    }
}

/// Searches `puzzle`'s position with [`Settings::verify_nodes`] for its two best moves, with a
/// transposition table of its own. Fails only on a bad setting or when [`Settings::stop`] is
/// set.
pub fn verify(puzzle: &Puzzle, eval: &dyn Evaluate, settings: &Settings) -> Result<Check, ReviewError> {
    let pos = &puzzle.position;
    let rules = settings.rules.unwrap_or_else(|| Rules::for_variant(pos.variant()));
    let shared = Shared::try_new(settings.hash_mb).map_err(|e| ReviewError::Setting(e.to_string()))?;
    let limits = Limits { nodes: Some(settings.verify_nodes.max(1)), multipv: 2, ..Limits::for_rules(&rules) };
    let mut lines: Vec<Report> = Vec::new();
    let mut complete: Vec<Report> = Vec::new();
    let last = search(pos, &shared, eval, &limits, 1, |r| {
        if r.multipv == 1 {
            lines.clear();
        }
        lines.push(r.clone());
        if lines.len() == 2 {
            complete = lines.clone();
        }
    });
    let variant = pos.variant();
    let Some(&best) = last.pv.first() else {
        return Err(ReviewError::Setting("the puzzle's position has no legal move".into()));
    };
    let end = end_win(puzzle, eval, &shared, &Limits { multipv: 1, ..limits });
    if settings.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed)) {
        return Err(ReviewError::Cancelled);
    }
    if pos.legal_moves().len() == 1 {
        return Ok(Check { best, win: win_probability(last.score, variant), second: None, end });
    }
    Ok(match <[Report; 2]>::try_from(complete) {
        Ok([first, second]) => Check {
            best: first.pv.first().copied().unwrap_or(best),
            win: win_probability(first.score, variant),
            second: Some(win_probability(second.score, variant)),
            end,
        },
        // No iteration finished both lines: nothing shows the first move alone wins.
        Err(_) => Check { best, win: win_probability(last.score, variant), second: Some(1.0), end },
    })
}

/// The solver's win probability after the whole solution, searched from the opponent's side.
fn end_win(puzzle: &Puzzle, eval: &dyn Evaluate, shared: &Shared, limits: &Limits) -> f64 {
    let mut pos = puzzle.position.clone();
    for &mv in &puzzle.solution {
        if !pos.is_legal(mv) {
            return 0.0;
        }
        pos.play_unchecked(mv);
    }
    if pos.ended_by_pass() {
        // The solution's pass ends the game and leaves it to the count: no win shown.
        return 0.0;
    }
    if pos.legal_moves().is_empty() {
        // The solution mates (or stalemates, which loses for the side to move in both games).
        return 1.0;
    }
    shared.clear();
    let r = search(&pos, shared, eval, limits, 1, |_| {});
    1.0 - win_probability(r.score, pos.variant())
}
