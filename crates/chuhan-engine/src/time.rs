//! Time management: how long to think about one move.

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
}
