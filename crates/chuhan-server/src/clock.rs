//! Fischer clocks kept by the server: the players' browsers only display them.
//!
//! The clock of the side to move runs from the first move of the game on (Red's first move is
//! not timed, so a created game does not lose on time while waiting for the other player).

use std::time::{Duration, Instant};

/// Two Fischer clocks: a base time and an increment added after every move.
#[derive(Clone, Debug)]
pub struct Clocks {
    /// Time left, by side index, as of `since` for the running side.
    left: [Duration; 2],
    increment: Duration,
    /// The side whose clock runs, and since when; `None` while stopped.
    running: Option<(usize, Instant)>,
}

impl Clocks {
    /// Clocks with `base` each and `increment` per move; `None` when the game is untimed.
    pub fn new(base: Duration, increment: Duration) -> Clocks {
        Clocks { left: [base; 2], increment, running: None }
    }

    /// Clocks restored from storage with the time each side had left.
    pub fn restored(left: [Duration; 2], increment: Duration) -> Clocks {
        Clocks { left, increment, running: None }
    }

    /// The increment added after every move.
    pub fn increment(&self) -> Duration {
        self.increment
    }

    /// Time left for `side` at `now`.
    pub fn left(&self, side: usize, now: Instant) -> Duration {
        match self.running {
            Some((s, since)) if s == side => self.left[side].saturating_sub(now.saturating_duration_since(since)),
            _ => self.left[side],
        }
    }

    /// Both sides' time left at `now`.
    pub fn both(&self, now: Instant) -> [Duration; 2] {
        [self.left(0, now), self.left(1, now)]
    }

    /// The side whose clock runs.
    pub fn running(&self) -> Option<usize> {
        self.running.map(|(s, _)| s)
    }

    /// Whether the running side has no time left at `now`.
    pub fn flagged(&self, now: Instant) -> Option<usize> {
        let (side, _) = self.running?;
        (self.left(side, now).is_zero()).then_some(side)
    }

    /// `side` has moved at `now`: its time is charged, the increment added (if its clock was
    /// running) and the other side's clock starts.
    pub fn moved(&mut self, side: usize, now: Instant) {
        if let Some((s, _)) = self.running {
            if s == side {
                self.left[side] = self.left(side, now) + self.increment;
            }
        }
        self.running = Some((1 - side, now));
    }

    /// Starts `side`'s clock at `now` (after a restart, the time the server was down is not
    /// charged to anyone).
    pub fn start(&mut self, side: usize, now: Instant) {
        self.running = Some((side, now));
    }

    /// Stops both clocks at `now`, keeping the time left.
    pub fn stop(&mut self, now: Instant) {
        self.left = self.both(now);
        self.running = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fischer_charges_the_mover_and_adds_the_increment() {
        let t0 = Instant::now();
        let mut c = Clocks::new(Duration::from_secs(60), Duration::from_secs(2));
        c.moved(0, t0); // Red's first move is not timed.
        assert_eq!(c.left(0, t0), Duration::from_secs(60));
        c.moved(1, t0 + Duration::from_secs(10));
        assert_eq!(c.left(1, t0 + Duration::from_secs(10)), Duration::from_secs(52));
        assert_eq!(c.running(), Some(0));
        assert_eq!(c.flagged(t0 + Duration::from_secs(80)), Some(0));
        c.stop(t0 + Duration::from_secs(20));
        assert_eq!(c.left(0, t0 + Duration::from_secs(99)), Duration::from_secs(50));
    }
}
