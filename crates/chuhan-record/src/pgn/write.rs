//! Writing PGN: the tags, then the movetext in the chosen notation, wrapped at 80 columns,
//! always UTF-8.

use crate::tree::{Line, Record};
use chuhan::notation::Notation;
use chuhan::{Position, Side, Variant};
use std::io::{self, Write};

/// The `Format` tag value for a notation: the three the convention names, else chuhan's name
/// (which the reader also accepts).
fn format_tag(n: Notation) -> &'static str {
    match n {
        Notation::Chinese | Notation::ChineseTraditional => "Chinese",
        Notation::Wxf => "WXF",
        Notation::Iccs => "ICCS",
        other => other.name(),
    }
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"").replace(['\n', '\r'], " ")
}

/// Writes `game` as PGN with moves in `notation`, followed by a blank line. Nothing is written
/// when the game's start position does not read (the error says why).
pub fn write_game<W: Write>(out: &mut W, game: &Record, notation: Notation) -> io::Result<()> {
    let text = game_text(game, notation).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
    out.write_all(text.as_bytes())
}

/// `game` as PGN text with moves in `notation`, followed by a blank line: what [`write_game`]
/// writes. A caller holding no writer (the WebAssembly package) uses this one, which links no
/// I/O error text.
pub fn game_text(game: &Record, notation: Notation) -> Result<String, chuhan::FenError> {
    use std::fmt::Write as _;
    let mut headers = game.headers.clone();
    if game.variant == Variant::Xiangqi && headers.get("Game").is_none() {
        let mut h = crate::tree::Headers::new();
        h.set("Game", "Chinese Chess");
        for (k, v) in headers.iter() {
            h.set(k, v);
        }
        headers = h;
    }
    headers.set("Result", game.outcome.pgn());
    headers.set("Format", format_tag(notation));
    if game.has_standard_start() {
        headers.remove("FEN");
    } else {
        headers.set("FEN", game.start_fen.as_str());
    }
    if game.variant == Variant::Janggi {
        headers.set("Variant", "janggi");
    }
    let mut out = String::new();
    for (k, v) in headers.iter() {
        // Writing into a String cannot fail.
        let _ = writeln!(out, "[{k} \"{}\"]", escape(v));
    }
    out.push('\n');
    out.push_str(&write_movetext(game, notation)?);
    out.push_str("\n\n");
    Ok(out)
}

/// The movetext of `game` (moves, comments, variations, result), wrapped at 80 columns.
pub fn write_movetext(game: &Record, notation: Notation) -> Result<String, chuhan::FenError> {
    let mut pos = game.start_position()?;
    let mut w = Wrapper { out: String::new(), col: 0 };
    line(&mut w, &game.main, &mut pos, notation);
    w.word(game.outcome.pgn());
    Ok(w.out)
}

struct Wrapper {
    out: String,
    col: usize,
}

impl Wrapper {
    fn word(&mut self, s: &str) {
        let width = s.chars().count();
        if self.col > 0 && self.col + 1 + width > 80 {
            self.out.push('\n');
            self.col = 0;
        } else if self.col > 0 && !self.out.ends_with('(') {
            self.out.push(' ');
            self.col += 1;
        }
        self.out.push_str(s);
        self.col += width;
    }

    fn close(&mut self) {
        self.out.push(')');
        self.col += 1;
    }
}

fn comment(w: &mut Wrapper, c: &str) {
    // PGN has no escape for '}': write the full-width brace instead.
    w.word(&format!("{{{}}}", c.replace('}', "｝")));
}

fn line(w: &mut Wrapper, l: &Line, pos: &mut Position, notation: Notation) {
    let mut need_number = true;
    if let Some(c) = &l.comment {
        comment(w, c);
    }
    let mut played = 0;
    for node in &l.nodes {
        // The number and its move as one word, so that a line break never parts them.
        let n = pos.fullmove_number();
        let m = notation.format(pos, node.mv);
        if pos.turn() == Side::First {
            w.word(&format!("{n}. {m}"));
        } else if need_number {
            w.word(&format!("{n}... {m}"));
        } else {
            w.word(&m);
        }
        need_number = false;
        for nag in &node.nags {
            w.word(&format!("${nag}"));
        }
        if let Some(c) = &node.comment {
            comment(w, c);
            need_number = true;
        }
        for v in &node.variations {
            w.word("(");
            line(w, v, pos, notation);
            w.close();
            need_number = true;
        }
        pos.play_unchecked(node.mv);
        played += 1;
    }
    for _ in 0..played {
        pos.undo();
    }
}

/// PGN's `Date` tag (`YYYY.MM.DD`, UTC) of a time in seconds since the Unix epoch: the one date
/// writer for every record chuhan makes (`chuhan match`, the web app's games).
pub fn date(unix_secs: u64) -> String {
    // Days to civil date in the proleptic Gregorian calendar (Howard Hinnant's public-domain
    // algorithm), so that no date library is needed.
    let z = (unix_secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

#[cfg(test)]
mod date_tests {
    use super::date;

    #[test]
    fn dates_in_utc() {
        assert_eq!(date(0), "1970.01.01");
        assert_eq!(date(951_782_400), "2000.02.29");
        assert_eq!(date(1_795_651_200 - 1), "2026.11.25");
        assert_eq!(date(1_795_651_200), "2026.11.26");
    }
}
