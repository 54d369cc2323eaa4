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
#[cfg(test)]
use std::time::Duration;

/// What a time control of one `--tc` is: a clock, or an untimed game.
pub type Parsed = Option<Control>;

/// Reads a `--tc` with the rules crate's one grammar ([`Control::parse`], described in the module
/// documentation); the error names the flag. `Ok(None)` for `none`.
pub fn parse(text: &str) -> Result<Parsed, String> {
    Control::parse(text).map_err(|e| format!("--tc {text:?}: {e}"))
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
