//! Clocks kept by the server (the players' browsers only display them): Fischer, with an
//! increment after every move, and byo-yomi, with periods after the main time.
//!
//! The clock of the side to move runs from the first move of the game on (Red's first move is
//! not timed, so a created game does not lose on time while waiting for the other player).

use std::time::{Duration, Instant};

/// The time control: main time, increment, and byo-yomi periods.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Control {
    pub main: Duration,
    pub increment: Duration,
    /// Byo-yomi: how many periods after the main time, and how long each is.
    pub periods: u32,
    pub period: Duration,
}

/// One side's clock as shown: the time left in the main time or the current period.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    pub left: Duration,
    pub periods: u32,
    pub overtime: bool,
}

/// Both sides' clocks.
#[derive(Clone, Debug)]
pub struct Clocks {
    control: Control,
    /// Main time left, by side index, as of the start of the running side's turn.
    main: [Duration; 2],
    /// Byo-yomi periods left.
    periods: [u32; 2],
    /// The side whose clock runs, and since when; `None` while stopped.
    running: Option<(usize, Instant)>,
}

impl Clocks {
    /// Fresh clocks for `control`.
    pub fn new(control: Control) -> Clocks {
        Clocks { control, main: [control.main; 2], periods: [control.periods; 2], running: None }
    }

    /// Clocks restored from storage with each side's main time and periods left.
    pub fn restored(control: Control, main: [Duration; 2], periods: [u32; 2]) -> Clocks {
        Clocks { control, main, periods, running: None }
    }

    pub fn control(&self) -> Control {
        self.control
    }

    fn elapsed(&self, side: usize, now: Instant) -> Duration {
        match self.running {
            Some((s, since)) if s == side => now.saturating_duration_since(since),
            _ => Duration::ZERO,
        }
    }

    /// `side`'s clock at `now`, or `None` if it has run out.
    fn at(&self, side: usize, now: Instant) -> Option<Shown> {
        let e = self.elapsed(side, now);
        let main = self.main[side];
        if e < main {
            return Some(Shown { left: main - e, periods: self.periods[side], overtime: false });
        }
        let over = e - main;
        let period = self.control.period;
        if period.is_zero() {
            return None;
        }
        let used = (over.as_nanos() / period.as_nanos()) as u32;
        if used >= self.periods[side] {
            return None;
        }
        let into = over - period * used;
        Some(Shown { left: period - into, periods: self.periods[side] - used, overtime: true })
    }

    /// `side`'s clock as shown at `now` (zero once it has run out).
    pub fn show(&self, side: usize, now: Instant) -> Shown {
        self.at(side, now).unwrap_or(Shown { left: Duration::ZERO, periods: 0, overtime: true })
    }

    /// The side whose clock runs.
    pub fn running(&self) -> Option<usize> {
        self.running.map(|(s, _)| s)
    }

    /// The running side, if it has no time left at `now`.
    pub fn flagged(&self, now: Instant) -> Option<usize> {
        let (side, _) = self.running?;
        self.at(side, now).is_none().then_some(side)
    }

    /// How long until the running side runs out of time.
    pub fn time_to_flag(&self, now: Instant) -> Option<Duration> {
        let (side, _) = self.running?;
        let total = self.main[side] + self.control.period * self.periods[side];
        Some(total.saturating_sub(self.elapsed(side, now)))
    }

    /// `side` has moved at `now`: its time is charged (periods used up are gone, the current
    /// one starts afresh next turn), the increment added, and the other side's clock starts.
    pub fn moved(&mut self, side: usize, now: Instant) {
        if self.running() == Some(side) {
            let e = self.elapsed(side, now);
            let shown = self.show(side, now);
            if e < self.main[side] {
                self.main[side] = self.main[side] - e + self.control.increment;
            } else {
                self.main[side] = Duration::ZERO;
                self.periods[side] = shown.periods;
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
        if let Some((side, _)) = self.running {
            let shown = self.show(side, now);
            if shown.overtime {
                self.main[side] = Duration::ZERO;
                self.periods[side] = shown.periods;
            } else {
                self.main[side] = shown.left;
            }
        }
        self.running = None;
    }

    /// Main time and periods left by side at `now`, as stored.
    pub fn snapshot(&self, now: Instant) -> ([Duration; 2], [u32; 2]) {
        let mut c = self.clone();
        c.stop(now);
        (c.main, c.periods)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    #[test]
    fn fischer_charges_the_mover_and_adds_the_increment() {
        let t0 = Instant::now();
        let mut c = Clocks::new(Control { main: secs(60), increment: secs(2), periods: 0, period: Duration::ZERO });
        c.moved(0, t0); // Red's first move is not timed.
        assert_eq!(c.show(0, t0).left, secs(60));
        c.moved(1, t0 + secs(10));
        assert_eq!(c.show(1, t0 + secs(10)).left, secs(52));
        assert_eq!(c.running(), Some(0));
        assert_eq!(c.time_to_flag(t0 + secs(10)), Some(secs(60)));
        assert_eq!(c.flagged(t0 + secs(80)), Some(0));
        c.stop(t0 + secs(20));
        assert_eq!(c.show(0, t0 + secs(99)).left, secs(50));
    }

    #[test]
    fn byo_yomi_uses_periods_after_the_main_time() {
        let t0 = Instant::now();
        let mut c = Clocks::new(Control { main: secs(10), increment: Duration::ZERO, periods: 3, period: secs(5) });
        c.start(0, t0);
        let s = c.show(0, t0 + secs(17));
        assert_eq!((s.left, s.periods, s.overtime), (secs(3), 2, true));
        c.moved(0, t0 + secs(17));
        let (main, periods) = c.snapshot(t0 + secs(17));
        assert_eq!((main[0], periods[0]), (Duration::ZERO, 2));
        // Red's next turn: a move within the period keeps both periods.
        c.moved(1, t0 + secs(18));
        c.moved(0, t0 + secs(22));
        assert_eq!(c.show(0, t0 + secs(22)).periods, 2);
        c.moved(1, t0 + secs(23));
        assert_eq!(c.time_to_flag(t0 + secs(23)), Some(secs(10)));
        assert_eq!(c.flagged(t0 + secs(32)), None);
        assert_eq!(c.flagged(t0 + secs(33)), Some(0));
    }
}
