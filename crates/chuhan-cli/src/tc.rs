//! `--tc`: one time-control grammar for `chuhan play` and `chuhan match`.
//!
//! `MAIN[+INCREMENT]`, where each is a duration: a number with a unit (`10m`, `90s`, `1.5h`,
//! `500ms`, `min` for minutes), `M:SS` or `H:MM:SS` (`1:30` is 90 seconds), or a bare number,
//! which is **seconds** in both commands (the cutechess and fastchess convention, and what the
//! PGN `TimeControl` tag writes). So `10m+5s` is ten minutes and five seconds a move, `40s+0.4s`
//! forty seconds and 0.4 seconds a move, and `10+0.1` ten seconds and 0.1 seconds a move.
//!
//! `chuhan play` also reads `byoyomi:MAIN+NxPERIOD` (`byoyomi:5m+3x30s`), `cxa` (the seeds'
//! tournament rule: 20 minutes a game, 60 seconds a move, three overruns) and `none`.
//!
//! Before this grammar, `chuhan play --tc 10+5` meant minutes; it now means seconds. The
//! spellings with units (`5m`, `byoyomi:5m+3x30s`), `cxa`, `none`, and every spelling
//! `chuhan match` read keep their meaning.

use chuhan::clock::Control;
use std::time::Duration;

/// What a time control of one `--tc` is: a clock, or an untimed game.
pub type Parsed = Option<Control>;

/// A duration: `10m`, `90s`, `1.5h`, `500ms`, `10min`, `1:30`, `1:00:00`, or a bare number of
/// seconds.
pub fn duration(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let bad = || format!("{t:?} is not a duration (e.g. 10m, 90s, 0.5s, 1:30, or a bare number of seconds)");
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
        return Err(format!("{t:?} is out of range"));
    }
    Ok(Duration::from_secs_f64(secs))
}

/// Reads a `--tc` (see the module documentation): `Ok(None)` for `none`.
pub fn parse(text: &str) -> Result<Parsed, String> {
    let t = text.trim().to_ascii_lowercase();
    let err = |e: String| format!("--tc {text:?}: {e}");
    match t.as_str() {
        "none" | "off" => return Ok(None),
        "cxa" => return Ok(Some(Control::cxa())),
        _ => {}
    }
    if let Some(rest) = t.strip_prefix("byoyomi:") {
        let shape = || err("expected byoyomi:MAIN+NxPERIOD, e.g. byoyomi:5m+3x30s".into());
        let (main, periods) = rest.split_once('+').ok_or_else(shape)?;
        let (count, period) = periods.split_once('x').ok_or_else(shape)?;
        let count: u32 = count.trim().parse().map_err(|_| shape())?;
        return Ok(Some(Control::byoyomi(duration(main).map_err(err)?, count, duration(period).map_err(err)?)));
    }
    let (main, increment) = t.split_once('+').unwrap_or((&t, "0"));
    let (main, increment) = (duration(main).map_err(err)?, duration(increment).map_err(err)?);
    if main.is_zero() && increment.is_zero() {
        return Err(err("no time at all".into()));
    }
    Ok(Some(Control::fischer(main, increment)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chuhan::clock::Rule;

    fn fischer(text: &str) -> (f64, f64) {
        let c = parse(text).unwrap().unwrap();
        assert_eq!(c.rule, Rule::Fischer, "{text}");
        (c.main.as_secs_f64(), c.increment.as_secs_f64())
    }

    #[test]
    fn units_and_bare_seconds() {
        assert_eq!(fischer("10m+5s"), (600.0, 5.0));
        assert_eq!(fischer("40s+0.4s"), (40.0, 0.4));
        assert_eq!(fischer("10+0.1"), (10.0, 0.1), "bare numbers are seconds");
        assert_eq!(fischer("10+5"), (10.0, 5.0), "the same in both commands");
        assert_eq!(fischer("1:30+1"), (90.0, 1.0));
        assert_eq!(fischer("1:00:00"), (3600.0, 0.0));
        assert_eq!(fischer("5m"), (300.0, 0.0));
        assert_eq!(fischer("10MIN+500ms"), (600.0, 0.5));
        assert_eq!(fischer("1.5h"), (5400.0, 0.0));
        assert_eq!(fischer("60"), (60.0, 0.0));
        assert_eq!(fischer("0+1"), (0.0, 1.0));
    }

    #[test]
    fn play_only_forms() {
        assert_eq!(parse("none"), Ok(None));
        assert_eq!(parse("cxa"), Ok(Some(Control::cxa())));
        let b = parse("byoyomi:5m+3x30s").unwrap().unwrap();
        assert_eq!(b, Control::byoyomi(Duration::from_secs(300), 3, Duration::from_secs(30)));
        assert_eq!(parse("byoyomi:300+3x30").unwrap().unwrap(), b, "bare numbers are seconds here too");
    }

    #[test]
    fn errors_say_what() {
        for bad in ["ten", "0+0", "10x+5", "-5", "byoyomi:5m", "1:xx", "1e10"] {
            let e = parse(bad).unwrap_err();
            assert!(e.starts_with(&format!("--tc {bad:?}")), "{e}");
        }
    }
}
