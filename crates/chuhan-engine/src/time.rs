//! Time management: how long to think about one move.

use crate::search::Report;
use chuhan::Move;
use std::time::Duration;

/// The clock situation of a `go` command, in milliseconds.
#[derive(Clone, Debug, Default)]
pub struct Clock {
    pub time: Option<u64>,
    pub increment: u64,
    pub moves_to_go: Option<u64>,
    pub move_time: Option<u64>,
    /// Milliseconds kept in reserve for communication (the Move Overhead option).
    pub overhead: u64,
}

/// Soft limit (do not start another iteration) and hard limit (stop now).
pub fn budget(c: &Clock) -> (Option<Duration>, Option<Duration>) {
    if let Some(mt) = c.move_time {
        let t = Duration::from_millis(mt.saturating_sub(c.overhead).max(1));
        return (Some(t), Some(t));
    }
    let Some(time) = c.time else { return (None, None) };
    let left = time.saturating_sub(c.overhead).max(1);
    // Sudden death: plan for 30 more moves; with moves to go, for those (and a margin).
    let moves = c.moves_to_go.map_or(30, |m| m.clamp(1, 50) + 1);
    let base = left / moves + c.increment * 3 / 4;
    let soft = base.min(left / 3);
    let hard = (base * 3).min(left * 3 / 5).max(soft);
    (Some(Duration::from_millis(soft.max(1))), Some(Duration::from_millis(hard.max(1))))
}

/// How much of the planned time (the soft limit) a move deserves, from how the iterations went:
/// a best move that keeps changing or a falling score earns more time, a best move that has
/// stood for several iterations less. Only when the clock allows more than the plan (not under
/// a fixed time per move).
pub(crate) struct Pace {
    flexible: bool,
    last_move: Option<Move>,
    last_score: i32,
    /// Iterations the best move has stood unchanged.
    stable: u32,
}

impl Pace {
    pub(crate) fn new(flexible: bool) -> Pace {
        Pace { flexible, last_move: None, last_score: 0, stable: 0 }
    }

    /// Takes in the latest finished iteration; returns the share of the soft limit to use.
    pub(crate) fn scale(&mut self, best: &Report) -> f64 {
        let mv = best.pv.first().copied();
        let changed = self.last_move.is_some() && mv != self.last_move;
        self.stable = if changed { 0 } else { self.stable + 1 };
        let falling = self.last_move.is_some() && best.score < self.last_score - 40;
        self.last_move = mv;
        self.last_score = best.score;
        if !self.flexible {
            return 1.0;
        }
        let by_move = if changed {
            1.6
        } else if self.stable >= 4 {
            0.6
        } else {
            1.0
        };
        by_move * if falling { 1.4 } else { 1.0 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets() {
        let (s, h) = budget(&Clock { move_time: Some(1000), overhead: 10, ..Clock::default() });
        assert_eq!((s, h), (Some(Duration::from_millis(990)), Some(Duration::from_millis(990))));
        let (s, h) = budget(&Clock { time: Some(10_000), increment: 100, ..Clock::default() });
        assert_eq!(s, Some(Duration::from_millis(10_000 / 30 + 75)));
        assert!(h.unwrap() <= Duration::from_millis(6000));
        // Almost no time left: still a positive budget below what remains.
        let (s, h) = budget(&Clock { time: Some(20), overhead: 30, ..Clock::default() });
        assert!(s.unwrap() >= Duration::from_millis(1) && h.unwrap() <= Duration::from_millis(20));
        assert_eq!(budget(&Clock::default()), (None, None));
    }

    fn iteration(mv: &str, score: i32) -> Report {
        Report { pv: vec![mv.parse().unwrap()], score, ..Report::default() }
    }

    #[test]
    fn pace_follows_the_iterations() {
        let mut pace = Pace::new(true);
        assert_eq!(pace.scale(&iteration("h2e2", 20)), 1.0, "nothing to compare with yet");
        assert_eq!(pace.scale(&iteration("b2e2", 20)), 1.6, "the best move changed");
        assert_eq!(pace.scale(&iteration("b2e2", -30)), 1.4, "the score fell");
        for _ in 0..2 {
            assert_eq!(pace.scale(&iteration("b2e2", -30)), 1.0);
        }
        assert_eq!(pace.scale(&iteration("b2e2", -30)), 0.6, "the move has stood four iterations");
        // Under a fixed time per move the plan is kept whatever happens.
        let mut fixed = Pace::new(false);
        fixed.scale(&iteration("h2e2", 20));
        assert_eq!(fixed.scale(&iteration("b2e2", -100)), 1.0);
    }
}
