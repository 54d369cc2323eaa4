//! Coordinate notations: ICCS (`H2-E2`), UCCI/UCI (`h2e2`, ranks 0–9) and Fairy-Stockfish's UCI
//! dialect (`h3e3`, ranks 1–10).

use super::NotationError;
use crate::mv::Move;
use crate::position::Position;
use crate::square::Square;

/// How a coordinate notation writes ranks and separates squares.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Style {
    /// `H2-E2`: upper case, a dash, ranks 0–9.
    Iccs,
    /// `h2e2`: ranks 0–9.
    Uci,
    /// `h3e3`: ranks 1–10.
    Uci1,
}

pub(crate) fn format(m: Move, style: Style) -> String {
    match style {
        Style::Iccs => format!("{}-{}", m.from, m.to).to_ascii_uppercase(),
        Style::Uci => m.to_string(),
        Style::Uci1 => m.to_uci_1_based(),
    }
}

/// Reads a square: a file letter a–i and a rank, 0–9 or (with `one_based`) 1–10.
fn square(text: &str, one_based: bool) -> Option<Square> {
    let mut chars = text.chars();
    let file = chars.next()?.to_ascii_lowercase();
    if !('a'..='i').contains(&file) {
        return None;
    }
    let rank: u8 = chars.as_str().parse().ok()?;
    let rank = if one_based { rank.checked_sub(1)? } else { rank };
    Square::new(file as u8 - b'a', rank)
}

/// Splits `h2e2`, `h2-e2` or `h10h9` into its two squares' texts.
fn split(text: &str) -> Option<(&str, &str)> {
    if let Some((a, b)) = text.split_once('-') {
        return Some((a, b));
    }
    // The second square starts at the second letter.
    let second = text.char_indices().skip(1).find(|(_, c)| c.is_ascii_alphabetic())?.0;
    Some((&text[..second], &text[second..]))
}

pub(crate) fn parse(pos: &Position, text: &str, style: Style) -> Result<Move, NotationError> {
    let t = text.trim();
    let bad = || NotationError::syntax(text, "expected two squares such as h2e2 (files a–i)");
    let (a, b) = split(t).ok_or_else(bad)?;
    let one_based = style == Style::Uci1;
    let (from, to) = (square(a, one_based).ok_or_else(bad)?, square(b, one_based).ok_or_else(bad)?);
    let m = Move::new(from, to);
    if pos.is_legal(m) {
        Ok(m)
    } else {
        Err(NotationError::Illegal { text: text.to_string() })
    }
}
