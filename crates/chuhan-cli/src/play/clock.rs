//! Game clocks: sudden death, Fischer increment, byo-yomi, and the tournament rule of the seeds
//! (20 minutes a game, and 60 seconds a move with three overruns allowed, the fourth loses).
//!
//! Time is passed in explicitly (`now`), so tests drive the clocks with made-up instants.

use std::time::{Duration, Instant};

/// A time control.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// No clock.
    None,
    /// A total for the game, plus an increment after each move (0 for sudden death).
    Fischer { total: Duration, increment: Duration },
    /// Main time, then `periods` periods of `period` each: a move made within a period keeps it;
    /// overrunning one uses it up; overrunning the last loses.
    Byoyomi { main: Duration, periods: u32, period: Duration },
    /// The seeds' tournament rule: `game` for the whole game, and every move within
    /// `per_move`; a player may overrun the per-move limit `overruns` times, the next overrun
    /// loses (and so does running out of the game's time).
    Cxa { game: Duration, per_move: Duration, overruns: u32 },
}

impl TimeControl {
    /// Reads `10+5` (minutes + seconds of increment), `5` (minutes, sudden death),
    /// `byoyomi:5m+3x30s`, `cxa` (20 minutes a game, 60 s a move, three overruns) or `none`.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let t = text.trim().to_ascii_lowercase();
        let bad = || format!("time control {text:?}: expected e.g. 10+5, 5, byoyomi:5m+3x30s, cxa or none");
        let duration = |s: &str| -> Option<Duration> {
            let (n, unit) = s.split_at(s.find(|c: char| c.is_ascii_alphabetic()).unwrap_or(s.len()));
            let n: f64 = n.parse().ok()?;
            let secs = match unit {
                "" | "m" | "min" => n * 60.0,
                "s" => n,
                "h" => n * 3600.0,
                _ => return None,
            };
            (secs >= 0.0).then(|| Duration::from_secs_f64(secs))
        };
        if t == "none" || t == "off" {
            return Ok(TimeControl::None);
        }
        if t == "cxa" {
            return Ok(TimeControl::Cxa {
                game: Duration::from_secs(20 * 60),
                per_move: Duration::from_secs(60),
                overruns: 3,
            });
        }
        if let Some(rest) = t.strip_prefix("byoyomi:") {
            let (main, periods) = rest.split_once('+').ok_or_else(bad)?;
            let (count, period) = periods.split_once('x').ok_or_else(bad)?;
            let period =
                if period.ends_with(|c: char| c.is_ascii_digit()) { format!("{period}s") } else { period.to_string() };
            return Ok(TimeControl::Byoyomi {
                main: duration(main).ok_or_else(bad)?,
                periods: count.parse().map_err(|_| bad())?,
                period: duration(&period).ok_or_else(bad)?,
            });
        }
        let (total, inc) = t.split_once('+').unwrap_or((&t, "0"));
        let inc = if inc.ends_with(|c: char| c.is_ascii_digit()) { format!("{inc}s") } else { inc.to_string() };
        Ok(TimeControl::Fischer { total: duration(total).ok_or_else(bad)?, increment: duration(&inc).ok_or_else(bad)? })
    }
}

/// One player's clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerClock {
    /// Main time left.
    pub left: Duration,
    /// Byo-yomi periods or CXA overruns still allowed.
    pub spare: u32,
    /// Whether this player has lost on time.
    pub flagged: bool,
}

/// Both players' clocks, and whose is running since when.
#[derive(Clone, Debug)]
pub struct Clocks {
    pub control: TimeControl,
    pub players: [PlayerClock; 2],
    running: Option<(usize, Instant)>,
}

impl Clocks {
    pub fn new(control: TimeControl) -> Clocks {
        let (left, spare) = match &control {
            TimeControl::None => (Duration::ZERO, 0),
            TimeControl::Fischer { total, .. } => (*total, 0),
            TimeControl::Byoyomi { main, periods, .. } => (*main, *periods),
            TimeControl::Cxa { game, overruns, .. } => (*game, *overruns),
        };
        let p = PlayerClock { left, spare, flagged: false };
        Clocks { control, players: [p.clone(), p], running: None }
    }

    /// Starts `side`'s clock (0 = first mover).
    pub fn start(&mut self, side: usize, now: Instant) {
        if self.control != TimeControl::None {
            self.running = Some((side, now));
        }
    }

    /// The time `side` has used on its current move.
    fn spent(&self, side: usize, now: Instant) -> Duration {
        match self.running {
            Some((s, since)) if s == side => now.saturating_duration_since(since),
            _ => Duration::ZERO,
        }
    }

    /// What `side`'s clock shows now: (main time left, in overtime, time left in this period).
    pub fn show(&self, side: usize, now: Instant) -> (Duration, bool, Duration) {
        let p = &self.players[side];
        let spent = self.spent(side, now);
        match &self.control {
            TimeControl::None => (Duration::ZERO, false, Duration::ZERO),
            TimeControl::Fischer { .. } => (p.left.saturating_sub(spent), false, Duration::ZERO),
            TimeControl::Byoyomi { period, .. } | TimeControl::Cxa { per_move: period, .. } => {
                if p.left > spent {
                    (p.left - spent, false, *period)
                } else {
                    let over = spent - p.left;
                    (
                        Duration::ZERO,
                        true,
                        period
                            .saturating_sub(Duration::from_nanos((over.as_nanos() % period.as_nanos().max(1)) as u64)),
                    )
                }
            }
        }
    }

    /// Stops `side`'s clock after a move, charging the time; returns false if the player lost on
    /// time (in byo-yomi or under the CXA rule, by overrunning one period too many).
    pub fn stop(&mut self, side: usize, now: Instant) -> bool {
        let spent = self.spent(side, now);
        self.running = None;
        self.charge(side, spent, true)
    }

    /// Whether `side` has lost on time by now without having moved.
    pub fn flag_fell(&mut self, side: usize, now: Instant) -> bool {
        let spent = self.spent(side, now);
        let mut probe = self.clone();
        let lost = !probe.charge(side, spent, false);
        if lost {
            self.players[side].flagged = true;
        }
        lost
    }

    fn charge(&mut self, side: usize, spent: Duration, moved: bool) -> bool {
        let control = self.control.clone();
        let p = &mut self.players[side];
        let ok = match control {
            TimeControl::None => true,
            TimeControl::Fischer { increment, .. } => {
                if spent > p.left {
                    false
                } else {
                    p.left -= spent;
                    if moved {
                        p.left += increment;
                    }
                    true
                }
            }
            TimeControl::Byoyomi { period, .. } => {
                if spent <= p.left {
                    p.left -= spent;
                    true
                } else {
                    // Each period that runs out without a move is used up; a move made inside
                    // a period keeps it.
                    let over = spent - p.left;
                    p.left = Duration::ZERO;
                    let elapsed = (over.as_nanos() / period.as_nanos().max(1)) as u32;
                    if elapsed >= p.spare {
                        false
                    } else {
                        p.spare -= elapsed;
                        true
                    }
                }
            }
            TimeControl::Cxa { per_move, .. } => {
                // Twenty minutes for the game, and each move within its minute: a move over
                // the minute uses one of the allowed overruns; with none left it loses.
                if spent > p.left || (spent > per_move && p.spare == 0) {
                    false
                } else {
                    p.left -= spent;
                    if spent > per_move && moved {
                        p.spare -= 1;
                    }
                    true
                }
            }
        };
        if !ok {
            p.flagged = true;
        }
        ok
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: Duration = Duration::from_secs(1);

    #[test]
    fn parses_time_controls() {
        assert_eq!(TimeControl::parse("10+5").unwrap(), TimeControl::Fischer { total: 600 * S, increment: 5 * S });
        assert_eq!(
            TimeControl::parse("3").unwrap(),
            TimeControl::Fischer { total: 180 * S, increment: Duration::ZERO }
        );
        assert_eq!(
            TimeControl::parse("byoyomi:5m+3x30s").unwrap(),
            TimeControl::Byoyomi { main: 300 * S, periods: 3, period: 30 * S }
        );
        assert_eq!(
            TimeControl::parse("cxa").unwrap(),
            TimeControl::Cxa { game: 1200 * S, per_move: 60 * S, overruns: 3 }
        );
        assert!(TimeControl::parse("soon").is_err());
    }

    #[test]
    fn fischer_increment_and_flag() {
        let t0 = Instant::now();
        let mut c = Clocks::new(TimeControl::parse("1+2").unwrap());
        c.start(0, t0);
        assert!(c.stop(0, t0 + 10 * S));
        assert_eq!(c.players[0].left, 52 * S);
        c.start(0, t0);
        assert!(!c.flag_fell(0, t0 + 51 * S));
        assert!(c.flag_fell(0, t0 + 53 * S));
        assert!(c.players[0].flagged);
    }

    #[test]
    fn byoyomi_periods() {
        let t0 = Instant::now();
        let mut c = Clocks::new(TimeControl::parse("byoyomi:1m+2x10s").unwrap());
        c.start(1, t0);
        assert!(c.stop(1, t0 + 65 * S), "5 s into the first period");
        assert_eq!(c.players[1].spare, 2);
        c.start(1, t0);
        assert!(c.stop(1, t0 + 15 * S), "one period used up");
        assert_eq!(c.players[1].spare, 1);
        c.start(1, t0);
        assert!(c.flag_fell(1, t0 + 11 * S), "the last period ran out");
    }

    #[test]
    fn cxa_three_overruns_then_the_fourth_loses() {
        let t0 = Instant::now();
        let mut c = Clocks::new(TimeControl::parse("cxa").unwrap());
        for _ in 0..3 {
            c.start(0, t0);
            assert!(c.stop(0, t0 + 70 * S));
        }
        assert_eq!(c.players[0].spare, 0);
        c.start(0, t0);
        assert!(c.stop(0, t0 + 50 * S), "within the minute");
        c.start(0, t0);
        assert!(!c.flag_fell(0, t0 + 59 * S));
        assert!(c.flag_fell(0, t0 + 61 * S), "the fourth overrun loses");
    }
}
