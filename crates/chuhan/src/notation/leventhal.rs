//! Leventhal's notation (System 1, *The Chess of China*): 炮(32)–35.
//!
//! The piece in Chinese, then its point before and after the move, each as a rank (1–10 from
//! the mover's side) followed by a file (1–9 from the mover's right): 炮(77)–107 is a cannon
//! going from rank 7, file 7 to rank 10, file 7. Reading accepts a space before the
//! parenthesis and `-` for the dash, and any of the Chinese piece characters.

use super::chinese::{piece_char, role_of, Script};
use super::descriptive::file_number;
use super::NotationError;
use crate::mv::Move;
use crate::piece::Side;
use crate::position::Position;
use crate::square::Square;

/// The point as (rank, file) from `side`'s view, e.g. "32".
fn point(side: Side, sq: Square) -> String {
    let rank = match side {
        Side::First => sq.rank() + 1,
        Side::Second => 10 - sq.rank(),
    };
    format!("{rank}{}", file_number(side, sq))
}

fn square(side: Side, text: &str) -> Option<Square> {
    if !(2..=3).contains(&text.len()) || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let (rank, file) = text.split_at(text.len() - 1);
    let rank: u8 = rank.parse().ok().filter(|r| (1..=10).contains(r))?;
    let file: u8 = file.parse().ok().filter(|f| (1..=9).contains(f))?;
    let (f, r) = match side {
        Side::First => (9 - file, rank - 1),
        Side::Second => (file - 1, 10 - rank),
    };
    Square::new(f, r)
}

pub(crate) fn format(pos: &Position, m: Move) -> String {
    let piece = pos.piece_at(m.from).expect("a legal move has a piece on its from-square");
    let side = piece.side;
    format!("{}({})–{}", piece_char(piece.role, side, Script::Traditional), point(side, m.from), point(side, m.to))
}

pub(crate) fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let bad = |why: &str| NotationError::syntax(text, why);
    let mut chars = t.chars();
    let first = chars.next().ok_or_else(|| bad("empty"))?;
    let role = role_of(first).ok_or_else(|| bad(&format!("{first} is not a piece (車馬相仕帥炮兵…)")))?;
    let rest = chars.as_str();
    let rest = rest.strip_prefix('(').ok_or_else(|| bad("expected ( after the piece"))?;
    let (from_text, to_text) = rest.split_once(')').ok_or_else(|| bad("expected ) after the starting point"))?;
    let to_text = to_text.trim_start_matches(['–', '-', '—', '－']);
    let side = pos.turn();
    let from =
        square(side, from_text).ok_or_else(|| bad(&format!("({from_text}) is not a rank 1–10 and a file 1–9")))?;
    let to = square(side, to_text).ok_or_else(|| bad(&format!("{to_text} is not a rank 1–10 and a file 1–9")))?;
    let m = Move::new(from, to);
    if pos.piece_at(from).map(|p| p.role) == Some(role) && pos.is_legal(m) {
        Ok(m)
    } else {
        Err(NotationError::Illegal { text: text.to_string() })
    }
}
