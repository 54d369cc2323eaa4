//! Game clocks: sudden death, Fischer increment, byo-yomi, and the tournament rule of the seeds
//! (called CXA here, after the Chinese Xiangqi Association that plays it).
//!
//! This is the one clock of the project: `chuhan play` (the terminal) and `chuhan serve` (the
//! web server) both keep their clocks with it. It lives in the rules crate rather than in
//! either front end because a time control is part of the rules of a game (the seeds state the
//! tournament limits next to the win/loss rules), because it is pure (time is passed in as
//! `now`, so tests drive it with made-up instants and nothing here reads the system clock),
//! and because the terminal program should not need the web server's crate for it.
//!
//! The CXA rule, as the seeds (003) state it:
//!
//! > 每步限时60秒,有三次超时机会,第四次超时算负。每局每人累计20分钟,超时算负。
//!
//! "Each move within 60 seconds, with three chances to overrun; the fourth overrun loses. Each
//! player has 20 minutes in all for the game; running out loses." So [`Control::cxa`] gives
//! each side 20 minutes; a move that takes longer than 60 seconds uses one of three allowed
//! overruns (the overrun is used as soon as the minute is past, and the move may then take as
//! long as the 20 minutes allow); once the three are used, passing the minute loses at once.
//!
//! Who starts which clock when (for instance whether Red's first move is timed) is the
//! caller's choice: [`Clocks::start`], [`Clocks::moved`] and [`Clocks::stop`].

use crate::piece::{BySide, Side};
use std::time::{Duration, Instant};

/// What happens besides the main time.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Only the main time (and the increment): sudden death when the increment is zero.
    Fischer,
    /// After the main time, `periods` periods of `period` each: a move made within a period
    /// keeps it, overrunning one uses it up, overrunning the last loses.
    Byoyomi {
        /// How many periods each side has once its main time is used up.
        periods: u32,
        /// The length of one period: a move made within it keeps it.
        period: Duration,
    },
    /// The seeds' tournament rule: every move within `per_move`; `overruns` moves may take
    /// longer, the next one that does loses. The main time is the whole game's.
    Cxa {
        /// The time each move should take at most (60 seconds in the seeds' rule).
        per_move: Duration,
        /// How many moves may take longer before the next such move loses (three).
        overruns: u32,
    },
}

/// A time control: main time for the game, an increment added after each move made within the
/// main time, and a [`Rule`]. An untimed game has no `Control` at all (`Option<Control>`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Control {
    /// Each side's time for the game (before byo-yomi periods, if any).
    pub main: Duration,
    /// Added to a side's main time after each move it makes within the main time (Fischer);
    /// zero for sudden death, byo-yomi and CXA.
    pub increment: Duration,
    /// What happens besides the main time.
    pub rule: Rule,
}

impl Control {
    /// Main time plus an increment (zero for sudden death).
    pub fn fischer(main: Duration, increment: Duration) -> Control {
        Control { main, increment, rule: Rule::Fischer }
    }

    /// Main time, then byo-yomi periods.
    pub fn byoyomi(main: Duration, periods: u32, period: Duration) -> Control {
        Control { main, increment: Duration::ZERO, rule: Rule::Byoyomi { periods, period } }
    }

    /// The seeds' tournament rule: 20 minutes a game, 60 seconds a move, three overruns.
    pub fn cxa() -> Control {
        Control {
            main: Duration::from_secs(20 * 60),
            increment: Duration::ZERO,
            rule: Rule::Cxa { per_move: Duration::from_secs(60), overruns: 3 },
        }
    }

    /// The byo-yomi periods or CXA overruns each side starts with.
    pub fn spare(&self) -> u32 {
        match self.rule {
            Rule::Fischer => 0,
            Rule::Byoyomi { periods, .. } => periods,
            Rule::Cxa { overruns, .. } => overruns,
        }
    }

    /// Reads a time control: `MAIN[+INCREMENT]`, each a duration (see [`parse_duration`]: a
    /// bare number is seconds, `10m+5s` is ten minutes and five seconds a move),
    /// `byoyomi:MAIN+NxPERIOD` (`byoyomi:5m+3x30s`), `cxa` (20 minutes a game, 60 s a move,
    /// three overruns), or `none` (an untimed game: `Ok(None)`). The one grammar of
    /// `chuhan play --tc` and `chuhan match --tc`.
    ///
    /// ```
    /// use chuhan::clock::Control;
    /// use std::time::Duration;
    ///
    /// let c = Control::parse("10m+5s")?.unwrap();
    /// assert_eq!((c.main, c.increment), (Duration::from_secs(600), Duration::from_secs(5)));
    /// assert_eq!(Control::parse("10+0.1")?, Some(Control::fischer(Duration::from_secs(10), Duration::from_millis(100))));
    /// assert!(Control::parse("ten").is_err());
    /// # Ok::<(), chuhan::clock::ParseControlError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Option<Control>, ParseControlError> {
        let t = text.trim().to_ascii_lowercase();
        match t.as_str() {
            "none" | "off" => return Ok(None),
            "cxa" => return Ok(Some(Control::cxa())),
            _ => {}
        }
        if let Some(rest) = t.strip_prefix("byoyomi:") {
            let shape = || ParseControlError::ByoyomiShape(text.to_string());
            let (main, periods) = rest.split_once('+').ok_or_else(shape)?;
            let (count, period) = periods.split_once('x').ok_or_else(shape)?;
            let count: u32 = count.trim().parse().map_err(|_| shape())?;
            return Ok(Some(Control::byoyomi(parse_duration(main)?, count, parse_duration(period)?)));
        }
        let (main, increment) = t.split_once('+').unwrap_or((&t, "0"));
        let (main, increment) = (parse_duration(main)?, parse_duration(increment)?);
        if main.is_zero() && increment.is_zero() {
            return Err(ParseControlError::NoTime);
        }
        Ok(Some(Control::fischer(main, increment)))
    }
}

/// A duration as time controls write it: a number with a unit (`10m`, `90s`, `1.5h`, `500ms`,
/// `min` for minutes), `M:SS` or `H:MM:SS` (`1:30` is 90 seconds), or a bare number of
/// **seconds** (the convention of cutechess, fastchess and PGN's `TimeControl` tag).
pub fn parse_duration(text: &str) -> Result<Duration, ParseControlError> {
    let t = text.trim();
    let bad = || ParseControlError::Duration(t.to_string());
    let secs = if t.contains(':') {
        let mut total = 0.0;
        for part in t.split(':') {
            let v: f64 = part.trim().parse().map_err(|_| bad())?;
            if v < 0.0 {
                return Err(bad());
            }
            total = total * 60.0 + v;
        }
        total
    } else {
        let split = t.find(|c: char| c.is_ascii_alphabetic()).unwrap_or(t.len());
        let (n, unit) = t.split_at(split);
        let n: f64 = n.trim().parse().map_err(|_| bad())?;
        n * match unit.to_ascii_lowercase().as_str() {
            "" | "s" | "sec" => 1.0,
            "ms" => 0.001,
            "m" | "min" => 60.0,
            "h" => 3600.0,
            _ => return Err(bad()),
        }
    };
    if !(secs.is_finite() && (0.0..1e9).contains(&secs)) {
        return Err(ParseControlError::OutOfRange(t.to_string()));
    }
    Ok(Duration::from_secs_f64(secs))
}

/// Why a time control did not read (see [`Control::parse`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseControlError {
    /// A part that is not a duration.
    #[error("{0:?} is not a duration (e.g. 10m, 90s, 0.5s, 1:30, or a bare number of seconds)")]
    Duration(String),
    /// A duration below zero or beyond any game's length.
    #[error("{0:?} is out of range")]
    OutOfRange(String),
    /// `byoyomi:` without its main time, count and period.
    #[error("{0:?}: expected byoyomi:MAIN+NxPERIOD, e.g. byoyomi:5m+3x30s")]
    ByoyomiShape(String),
    /// Neither main time nor increment.
    #[error("no time at all")]
    NoTime,
}

/// One side's clock as shown.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    /// Main time left, or in byo-yomi the time left in the current period.
    pub left: Duration,
    /// Byo-yomi periods or CXA overruns left (an overrun in progress is already counted).
    pub spare: u32,
    /// In byo-yomi: the main time is used up. Under CXA: this move is past the per-move limit.
    pub overtime: bool,
    /// Under CXA: what is left of the per-move limit on this move (zero once past it).
    pub move_left: Option<Duration>,
}

/// A side's clock after spending some time on the current move.
struct Charged {
    main: Duration,
    spare: u32,
    shown: Shown,
}

/// Both sides' clocks, one per [`Side`].
#[derive(Clone, Debug)]
pub struct Clocks {
    control: Control,
    /// Main time left, by side, as of the start of the running side's turn.
    main: BySide<Duration>,
    /// Byo-yomi periods or CXA overruns left.
    spare: BySide<u32>,
    /// The side whose clock runs, and since when; `None` while stopped.
    running: Option<(Side, Instant)>,
}

impl Clocks {
    /// Fresh, stopped clocks for `control`.
    pub fn new(control: Control) -> Clocks {
        Clocks {
            control,
            main: BySide::new(control.main, control.main),
            spare: BySide::new(control.spare(), control.spare()),
            running: None,
        }
    }

    /// Stopped clocks with each side's main time and spare periods (or overruns) left, as
    /// stored after a move.
    pub fn restored(control: Control, main: BySide<Duration>, spare: BySide<u32>) -> Clocks {
        Clocks { control, main, spare, running: None }
    }

    /// The time control these clocks keep (to build fresh clocks of the same kind, or to show
    /// the rule next to the times).
    pub fn control(&self) -> Control {
        self.control
    }

    /// The side whose clock runs.
    pub fn running(&self) -> Option<Side> {
        self.running.map(|(s, _)| s)
    }

    fn elapsed(&self, side: Side, now: Instant) -> Duration {
        match self.running {
            Some((s, since)) if s == side => now.saturating_duration_since(since),
            _ => Duration::ZERO,
        }
    }

    /// `side`'s clock after `spent` on the current move, or `None` if that loses on time.
    fn charge(&self, side: Side, spent: Duration) -> Option<Charged> {
        let (main, spare) = (self.main[side], self.spare[side]);
        match self.control.rule {
            Rule::Fischer => (spent < main).then(|| {
                let left = main - spent;
                Charged { main: left, spare, shown: Shown { left, spare, overtime: false, move_left: None } }
            }),
            Rule::Byoyomi { period, .. } => {
                if spent < main {
                    let left = main - spent;
                    return Some(Charged {
                        main: left,
                        spare,
                        shown: Shown { left, spare, overtime: false, move_left: None },
                    });
                }
                let over = spent - main;
                if period.is_zero() {
                    return None;
                }
                let used = u32::try_from(over.as_nanos() / period.as_nanos()).unwrap_or(u32::MAX);
                if used >= spare {
                    return None;
                }
                let left = period - (over - period * used);
                let spare = spare - used;
                Some(Charged {
                    main: Duration::ZERO,
                    spare,
                    shown: Shown { left, spare, overtime: true, move_left: None },
                })
            }
            Rule::Cxa { per_move, .. } => {
                let overrun = spent > per_move;
                if spent >= main || (overrun && spare == 0) {
                    return None;
                }
                let (left, spare) = (main - spent, spare - u32::from(overrun));
                let move_left = Some(per_move.saturating_sub(spent));
                Some(Charged { main: left, spare, shown: Shown { left, spare, overtime: overrun, move_left } })
            }
        }
    }

    /// `side`'s clock as shown at `now` (zero once it has run out).
    pub fn show(&self, side: Side, now: Instant) -> Shown {
        match self.charge(side, self.elapsed(side, now)) {
            Some(c) => c.shown,
            None => Shown {
                left: Duration::ZERO,
                spare: 0,
                overtime: true,
                move_left: matches!(self.control.rule, Rule::Cxa { .. }).then_some(Duration::ZERO),
            },
        }
    }

    /// The running side, if it has lost on time by `now`.
    pub fn flagged(&self, now: Instant) -> Option<Side> {
        let (side, _) = self.running?;
        self.charge(side, self.elapsed(side, now)).is_none().then_some(side)
    }

    /// How long until the running side loses on time (if it does not move).
    pub fn time_to_flag(&self, now: Instant) -> Option<Duration> {
        let (side, _) = self.running?;
        let main = self.main[side];
        let total = match self.control.rule {
            Rule::Fischer => main,
            Rule::Byoyomi { period, .. } => main + period * self.spare[side],
            // Past the minute with no overrun left loses: just after `per_move`.
            Rule::Cxa { per_move, .. } if self.spare[side] == 0 => main.min(per_move + Duration::from_nanos(1)),
            Rule::Cxa { .. } => main,
        };
        Some(total.saturating_sub(self.elapsed(side, now)))
    }

    /// `side` has moved at `now`: if its clock ran, the time is charged (byo-yomi periods
    /// that ran out are gone, a CXA overrun is counted) and the increment added when the move
    /// was made within the main time; then the other side's clock starts. Returns false, and
    /// changes nothing, if the move came too late: `side` had already lost on time.
    pub fn moved(&mut self, side: Side, now: Instant) -> bool {
        if self.running() == Some(side) {
            let Some(c) = self.charge(side, self.elapsed(side, now)) else { return false };
            let in_main = !(matches!(self.control.rule, Rule::Byoyomi { .. }) && c.shown.overtime);
            self.main[side] = if in_main { c.main + self.control.increment } else { c.main };
            self.spare[side] = c.spare;
        }
        self.running = Some((!side, now));
        true
    }

    /// Starts `side`'s clock at `now` (the other one stops without being charged: use this to
    /// begin a game or to restart after a pause, such as a server restart or a takeback).
    pub fn start(&mut self, side: Side, now: Instant) {
        self.running = Some((side, now));
    }

    /// Stops both clocks at `now`, charging the running side for its time so far.
    pub fn stop(&mut self, now: Instant) {
        if let Some((side, _)) = self.running {
            match self.charge(side, self.elapsed(side, now)) {
                Some(c) => {
                    self.main[side] = c.main;
                    self.spare[side] = c.spare;
                }
                None => self.main[side] = Duration::ZERO,
            }
        }
        self.running = None;
    }

    /// Main time and spare periods (or overruns) left by side at `now`, as stored.
    pub fn snapshot(&self, now: Instant) -> (BySide<Duration>, BySide<u32>) {
        let mut c = self.clone();
        c.stop(now);
        (c.main, c.spare)
    }

    /// How long an engine playing `side` should think at `now`: a share of its time, never
    /// more than five seconds, and under CXA well within the per-move limit.
    pub fn think_budget(&self, side: Side, now: Instant) -> Duration {
        let shown = self.show(side, now);
        let share = match self.control.rule {
            Rule::Byoyomi { .. } if shown.overtime => shown.left / 3,
            Rule::Cxa { per_move, .. } => (shown.left / 30 + self.control.increment / 2).min(per_move / 3),
            _ => shown.left / 30 + self.control.increment / 2,
        };
        share.min(Duration::from_secs(5))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::Side::{First as R, Second as B};

    const S: Duration = Duration::from_secs(1);

    #[test]
    fn parses_time_controls() {
        assert_eq!(Control::parse("10m+5s").unwrap(), Some(Control::fischer(600 * S, 5 * S)));
        assert_eq!(Control::parse("180").unwrap(), Some(Control::fischer(180 * S, Duration::ZERO)));
        assert_eq!(Control::parse("byoyomi:5m+3x30s").unwrap(), Some(Control::byoyomi(300 * S, 3, 30 * S)));
        assert_eq!(Control::parse("byoyomi:300+3x30").unwrap(), Some(Control::byoyomi(300 * S, 3, 30 * S)));
        let cxa = Control::parse("CXA").unwrap().unwrap();
        assert_eq!(cxa, Control::cxa());
        assert_eq!(Control::parse("none").unwrap(), None);
        assert_eq!(Control::parse("0+0"), Err(ParseControlError::NoTime));
        assert_eq!(Control::parse("byoyomi:5m"), Err(ParseControlError::ByoyomiShape("byoyomi:5m".into())));
        assert_eq!(parse_duration("1:30"), Ok(90 * S));
        assert!(matches!(parse_duration("2000000000"), Err(ParseControlError::OutOfRange(_))));
        for bad in ["", "x", "10+", "5q", "byoyomi:", "-3"] {
            assert!(Control::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn fischer_charges_the_mover_and_adds_the_increment() {
        let t0 = Instant::now();
        let mut c = Clocks::new(Control::fischer(60 * S, 2 * S));
        assert!(c.moved(R, t0), "a clock that did not run charges nothing");
        assert_eq!(c.show(R, t0).left, 60 * S);
        assert!(c.moved(B, t0 + 10 * S));
        assert_eq!(c.show(B, t0 + 10 * S).left, 52 * S);
        assert_eq!(c.running(), Some(R));
        assert_eq!(c.time_to_flag(t0 + 10 * S), Some(60 * S));
        assert_eq!(c.flagged(t0 + 69 * S), None);
        assert_eq!(c.flagged(t0 + 80 * S), Some(R));
        assert!(!c.clone().moved(R, t0 + 80 * S), "too late to move");
        c.stop(t0 + 20 * S);
        assert_eq!(c.show(R, t0 + 99 * S).left, 50 * S);
        assert_eq!(c.think_budget(R, t0), 50 * S / 30 + S);
    }

    #[test]
    fn byo_yomi_uses_periods_after_the_main_time() {
        let t0 = Instant::now();
        let mut c = Clocks::new(Control::byoyomi(10 * S, 3, 5 * S));
        c.start(R, t0);
        let s = c.show(R, t0 + 17 * S);
        assert_eq!((s.left, s.spare, s.overtime), (3 * S, 2, true));
        assert!(c.moved(R, t0 + 17 * S));
        assert_eq!(c.snapshot(t0 + 17 * S), (BySide::new(Duration::ZERO, 10 * S), BySide::new(2, 3)));
        // Red's next turn: a move within the period keeps both periods.
        assert!(c.moved(B, t0 + 18 * S));
        assert!(c.moved(R, t0 + 22 * S));
        assert_eq!(c.show(R, t0 + 22 * S).spare, 2);
        assert!(c.moved(B, t0 + 23 * S));
        assert_eq!(c.time_to_flag(t0 + 23 * S), Some(10 * S));
        assert_eq!(c.flagged(t0 + 32 * S), None);
        assert_eq!(c.flagged(t0 + 33 * S), Some(R));
    }

    #[test]
    fn cxa_three_overruns_then_the_fourth_loses() {
        let t0 = Instant::now();
        let mut c = Clocks::new(Control::cxa());
        let mut t = t0;
        c.start(R, t);
        for n in 0..3 {
            // Red takes 70 s (an overrun), Black 1 s.
            let shown = c.show(R, t + 70 * S);
            assert_eq!((shown.spare, shown.overtime, shown.move_left), (2 - n, true, Some(Duration::ZERO)));
            t += 70 * S;
            assert!(c.moved(R, t));
            t += S;
            assert!(c.moved(B, t));
        }
        assert_eq!(c.show(R, t).left, (1200 - 210) * S);
        assert_eq!(c.show(R, t).spare, 0);
        // Within the minute is fine; past it with no overrun left loses.
        assert_eq!(c.show(R, t + 50 * S).move_left, Some(10 * S));
        assert_eq!(c.flagged(t + 60 * S), None);
        assert_eq!(c.flagged(t + 61 * S), Some(R), "the fourth overrun loses");
        let wait = c.time_to_flag(t).unwrap();
        assert!(wait > 60 * S && wait < 61 * S, "{wait:?}");
        assert!(c.moved(R, t + 50 * S));
        assert_eq!(c.think_budget(B, t + 50 * S), 5 * S);
    }

    #[test]
    fn cxa_twenty_minutes_in_all() {
        let t0 = Instant::now();
        let mut c = Clocks::new(Control::cxa());
        let mut t = t0;
        // Nineteen moves of 59 s each use 1121 s of the 1200 without any overrun.
        for _ in 0..19 {
            c.start(B, t);
            t += 59 * S;
            assert!(c.moved(B, t));
        }
        assert_eq!(c.show(B, t).spare, 3);
        c.start(B, t);
        assert_eq!(c.time_to_flag(t), Some(79 * S), "the game's time runs out before the overruns");
        assert_eq!(c.flagged(t + 78 * S), None);
        assert_eq!(c.flagged(t + 79 * S), Some(B));
        assert_eq!(c.think_budget(B, t), 79 * S / 30);
    }
}
