//! Time management: how long to think about one move.
//!
//! It knows nothing of the search: it takes the clock of a `go` command ([`Clock`]) and turns it
//! into limits ([`budget`]), and during a search it is told each finished iteration's best move
//! and score as plain values (`Pace`). The search calls it, never the other way round, so the
//! rules for spending time can be read and tested on their own.

use crate::score::Score;
use chuhan::Move;
use std::time::Duration;

/// The clock situation of a `go` command, in milliseconds, for the side to move. The default
/// is no clock at all: [`budget`] then sets no limit.
#[derive(Clone, Debug, Default)]
pub struct Clock {
    /// Time left on our clock (`wtime`/`btime`, UCCI `time`); `None`: no clock.
    pub time: Option<u64>,
    /// Time added to our clock after each move (`winc`/`binc`): it can be spent every move.
    pub increment: u64,
    /// Moves until the next time control (`movestogo`); `None` is sudden death.
    pub moves_to_go: Option<u64>,
    /// A fixed time for this move (`movetime`): it overrides the clock.
    pub move_time: Option<u64>,
    /// Milliseconds kept in reserve for communication (the Move Overhead option).
    pub overhead: u64,
}

/// The soft limit (do not start another iteration) and the hard limit (stop now) for the move,
/// as [`crate::search::Limits`] takes them; `(None, None)` when there is no clock.
///
/// A fixed time per move (`movetime`) has no soft limit: GUIs and match runners use it for "N
/// seconds a move", so the search goes on until N minus the move overhead rather than stopping
/// early because the next iteration might not finish (it returns the last finished one).
///
/// A sudden-death game is planned as 30 more moves, so the engine never runs out of time
/// however long the game; the hard limit lets one hard move take up to three times the plan.
///
/// With one legal move the search stops at a shallow depth whatever the budget (it needs a
/// soft limit to know it is on a clock: a fixed movetime is spent as asked).
pub fn budget(c: &Clock) -> (Option<Duration>, Option<Duration>) {
    if let Some(mt) = c.move_time {
        let t = Duration::from_millis(mt.saturating_sub(c.overhead).max(1));
        return (None, Some(t));
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

    /// Takes in the latest finished iteration, its best move (`None` when it found none) and
    /// its score; returns the share of the soft limit to use.
    pub(crate) fn scale(&mut self, mv: Option<Move>, score: Score) -> f64 {
        let changed = self.last_move.is_some() && mv != self.last_move;
        self.stable = if changed { 0 } else { self.stable + 1 };
        let falling = self.last_move.is_some() && score.raw() < self.last_score - 40;
        self.last_move = mv;
        self.last_score = score.raw();
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
        assert_eq!((s, h), (None, Some(Duration::from_millis(990))), "movetime: no early stop");
        let (s, h) = budget(&Clock { time: Some(10_000), increment: 100, ..Clock::default() });
        assert_eq!(s, Some(Duration::from_millis(10_000 / 30 + 75)));
        assert!(h.unwrap() <= Duration::from_millis(6000));
        // Almost no time left: still a positive budget below what remains.
        let (s, h) = budget(&Clock { time: Some(20), overhead: 30, ..Clock::default() });
        assert!(s.unwrap() >= Duration::from_millis(1) && h.unwrap() <= Duration::from_millis(20));
        assert_eq!(budget(&Clock::default()), (None, None));
    }

    /// Feeds `pace` one iteration that found `mv` with `score` centipawns.
    fn iteration(pace: &mut Pace, mv: &str, score: i32) -> f64 {
        pace.scale(Some(mv.parse().unwrap()), Score::cp(score))
    }

    #[test]
    fn pace_follows_the_iterations() {
        let mut pace = Pace::new(true);
        assert_eq!(iteration(&mut pace, "h2e2", 20), 1.0, "nothing to compare with yet");
        assert_eq!(iteration(&mut pace, "b2e2", 20), 1.6, "the best move changed");
        assert_eq!(iteration(&mut pace, "b2e2", -30), 1.4, "the score fell");
        for _ in 0..2 {
            assert_eq!(iteration(&mut pace, "b2e2", -30), 1.0);
        }
        assert_eq!(iteration(&mut pace, "b2e2", -30), 0.6, "the move has stood four iterations");
        // Under a fixed time per move the plan is kept whatever happens.
        let mut fixed = Pace::new(false);
        iteration(&mut fixed, "h2e2", 20);
        assert_eq!(iteration(&mut fixed, "b2e2", -100), 1.0);
    }
}
