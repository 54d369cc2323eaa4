//! The values of the PGN tags a game's record gets beyond the players and the result: its date,
//! its time control and the engine's name. The record itself is written by chuhan-record's one
//! PGN writer ([`crate::room::Room::pgn`]).

use chuhan::clock::{Control, Rule};

/// PGN's `Date` (`YYYY.MM.DD`, UTC) of a time in seconds since the Unix epoch.
pub use chuhan_record::pgn::date;

/// PGN's `TimeControl` of a game: `-` untimed, `600+5` (seconds, increment) under Fischer,
/// and for the rules PGN has no form for, the form `chuhan play --tc` reads
/// (`byoyomi:600+3x30`, `cxa`, or its fields when they differ from the CXA rule's).
pub fn time_control(control: Option<&Control>) -> String {
    let Some(c) = control else { return "-".to_string() };
    let secs = |d: std::time::Duration| {
        let s = d.as_secs_f64();
        if s.fract() == 0.0 {
            format!("{}", s as u64)
        } else {
            format!("{s}")
        }
    };
    match c.rule {
        Rule::Fischer => format!("{}+{}", secs(c.main), secs(c.increment)),
        Rule::Byoyomi { periods, period } => {
            format!("byoyomi:{}+{}x{}", secs(c.main), periods, secs(period))
        }
        Rule::Cxa { .. } if *c == Control::cxa() => "cxa".to_string(),
        Rule::Cxa { per_move, overruns } => {
            format!("cxa: {} s a game, {} s a move, {} overruns", secs(c.main), secs(per_move), overruns)
        }
    }
}

/// The name the engine plays under in a record: the program, its version and the level.
pub fn engine_name(level: u32) -> String {
    format!("chuhan {} (engine, level {level})", env!("CARGO_PKG_VERSION"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn time_controls() {
        assert_eq!(time_control(None), "-");
        assert_eq!(time_control(Some(&Control::fischer(Duration::from_secs(600), Duration::from_secs(5)))), "600+5");
        let byo = Control::byoyomi(Duration::from_secs(300), 3, Duration::from_secs(30));
        assert_eq!(time_control(Some(&byo)), "byoyomi:300+3x30");
        assert_eq!(Control::parse(&time_control(Some(&byo))).unwrap(), Some(byo));
        assert_eq!(time_control(Some(&Control::cxa())), "cxa");
    }
}
