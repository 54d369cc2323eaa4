//! The root of the search: iterative deepening, one aspiration window per iteration, and the
//! clock's say on when to stop.

use super::{Report, Searcher, FORCED_MOVE_DEPTH, MAX_PLY};
use crate::score::{Score, MATE, MATE_BOUND};
use crate::time::Pace;
use std::sync::atomic::Ordering;

impl Searcher<'_> {
    /// One aspiration-window search of the root at `depth` around `guess`.
    fn aspirate(&mut self, depth: i32, guess: i32) -> i32 {
        let mut window = self.limits.params.aspiration_window;
        let (mut alpha, mut beta) = if depth >= 5 { (guess - window, guess + window) } else { (-MATE, MATE) };
        self.iteration = depth;
        loop {
            let s = self.search(alpha, beta, depth, 0, false, false, None);
            // A full window cannot fail: return (a mated root scores exactly -MATE, which
            // would otherwise "fail low" against -MATE for ever).
            if self.stopped || (alpha <= -MATE && beta >= MATE) {
                return s;
            }
            // A bound already at the edge cannot widen: a root with no move left to search
            // (a MultiPV line past the last legal move) fails low against -MATE for ever.
            if s <= alpha {
                if alpha <= -MATE {
                    return s;
                }
                alpha = (s - window).max(-MATE);
            } else if s >= beta {
                if beta >= MATE {
                    return s;
                }
                beta = (s + window).min(MATE);
            } else {
                return s;
            }
            window *= 3;
        }
    }

    /// How many root moves the search may choose from (`searchmoves` and `banmoves` applied).
    fn root_choices(&self) -> usize {
        self.pos.legal_moves().iter().filter(|&&m| self.limits.allows(m)).count()
    }

    /// Searches with iterative deepening; calls `report` for each line of each finished
    /// iteration (main thread only) and returns the best line of the last finished one.
    pub(crate) fn think(&mut self, mut report: impl FnMut(&Report)) -> Report {
        let max_depth = self.limits.depth.unwrap_or(MAX_PLY as i32 - 4).min(MAX_PLY as i32 - 4);
        let lines = if self.main { self.limits.multipv.max(1) } else { 1 };
        let mut best = Report::default();
        let mut guesses = vec![0; lines];
        let mut pace = Pace::new(self.limits.hard > self.limits.soft);
        let first_depth = if self.main { 1 } else { 2 };
        // One legal move (of those allowed): on a clock, a few plies give a score and a reply
        // to ponder on, and the rest of the time is better kept for later moves.
        let forced = self.limits.soft.is_some() && self.root_choices() == 1;
        for depth in first_depth..=max_depth {
            self.excluded.clear();
            let mut found = Vec::new();
            for (k, guess) in guesses.iter_mut().enumerate() {
                self.seldepth = 0;
                let score = self.aspirate(depth, *guess);
                if self.stopped || self.pv[0].is_empty() {
                    break;
                }
                *guess = score;
                self.excluded.push(self.pv[0][0]);
                found.push(Report {
                    multipv: k + 1,
                    depth,
                    seldepth: self.seldepth as i32,
                    score: Score::from_raw(score),
                    nodes: self.shared.nodes.load(Ordering::Relaxed) + (self.nodes - self.flushed),
                    elapsed: self.start.elapsed(),
                    pv: self.pv[0].clone(),
                    hashfull: self.shared.tt.hashfull(self.generation),
                });
            }
            // Best line first (a later line can score higher than an earlier one's bound).
            found.sort_by_key(|r| std::cmp::Reverse(r.score));
            for (k, r) in found.iter_mut().enumerate() {
                r.multipv = k + 1;
            }
            // An iteration cut short keeps the previous best unless its first line finished.
            if let Some(first) = found.first() {
                best = first.clone();
                self.answered = true;
                if self.main {
                    found.iter().for_each(&mut report);
                }
            }
            if self.stopped {
                break;
            }
            if found.is_empty() && best.pv.is_empty() {
                // No legal move at the root: nothing deeper will change that.
                best.score = Score::from_raw(self.search(-MATE, MATE, 1, 0, false, false, None));
                break;
            }
            if let Some(n) = self.limits.mate {
                if best.score.raw() > MATE_BOUND && best.score.mate().is_some_and(|moves| moves <= n) {
                    break;
                }
            }
            let unbounded = self.limits.infinite || self.shared.pondering.load(Ordering::Relaxed);
            if forced && !unbounded && depth >= FORCED_MOVE_DEPTH {
                break;
            }
            if !unbounded
                && self.limits.soft.is_some_and(|s| {
                    self.start.elapsed() >= s.mul_f64(pace.scale(best.pv.first().copied(), best.score))
                })
            {
                break;
            }
        }
        self.excluded.clear();
        // Every node this thread searched counted in the shared total (the last thousand or so
        // are otherwise only flushed by the next node).
        self.shared.nodes.fetch_add(self.nodes - self.flushed, Ordering::Relaxed);
        self.flushed = self.nodes;
        best
    }
}
