//! Janggi notations: the numeric notation of Korean records (79兵78) and Fairy-Stockfish's
//! form of it (P79-78).
//!
//! A point is two digits: the row counted from the top of the board as Cho sees it (1–9, the
//! tenth row written 0), then the column from the left (1–9). Cho's general starts on 95,
//! Han's on 25; the board's numbers are the same for both players. A move is the point left,
//! the piece's name and the point reached: 79兵78 moves Cho's rightmost soldier one file left.
//! The seed writes that example with 兵 but calls its mover 紅方, Han's colour, although the
//! soldier on 79 is Cho's; chuhan writes each side's soldier as its set marks it (Cho 卒, Han
//! 兵, so the example is written 79卒78) and reads either character for either side.
//! A pass is written with the general's point twice (95楚95); reading also accepts `pass` and
//! the Korean 한수쉼. Korean records often name the pieces in Hangul (79졸78, 95초95): that is
//! [`Script::Hangul`]; both scripts are read.
//!
//! Fairy-Stockfish writes a letter (K A E H R C P), the two points joined by `-`, or `x` for
//! a capture, and `+`/`#` for check and mate: R81x83+, K95-95 for a pass.

use super::NotationError;
use crate::mv::Move;
use crate::piece::{Role, Side};
use crate::position::Position;
use crate::square::Square;

/// The two-digit number of a point.
pub(crate) fn point(sq: Square) -> String {
    format!("{}{}", (10 - sq.rank()) % 10, sq.file() + 1)
}

fn square(text: &str) -> Option<Square> {
    let b = text.as_bytes();
    if b.len() != 2 || !b[0].is_ascii_digit() || !(b'1'..=b'9').contains(&b[1]) {
        return None;
    }
    let row = b[0] - b'0';
    let rank = (10 - if row == 0 { 10 } else { row }) % 10;
    Square::new(b[1] - b'1', if row == 0 { 0 } else { rank })
}

/// The script a piece's name is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Script {
    /// Chinese characters, as on the pieces: 楚 漢 士 象 馬 車 包 卒 兵.
    Hanja,
    /// Korean letters: 초 한 사 상 마 차 포 졸 병.
    Hangul,
}

fn name(role: Role, side: Side, script: Script) -> char {
    // Per role: Cho's piece and Han's, in Hanja and in Hangul. As on the pieces of a janggi
    // set, the generals are named by their sides and Cho's soldiers read 卒 (졸), Han's 兵 (병).
    let [cho, han, cho_ko, han_ko] = match role {
        Role::General => ['楚', '漢', '초', '한'],
        Role::Advisor => ['士', '士', '사', '사'],
        Role::Elephant => ['象', '象', '상', '상'],
        Role::Horse => ['馬', '馬', '마', '마'],
        Role::Chariot => ['車', '車', '차', '차'],
        Role::Cannon => ['包', '包', '포', '포'],
        Role::Soldier => ['卒', '兵', '졸', '병'],
    };
    match (script, side) {
        (Script::Hanja, Side::First) => cho,
        (Script::Hanja, Side::Second) => han,
        (Script::Hangul, Side::First) => cho_ko,
        (Script::Hangul, Side::Second) => han_ko,
    }
}

/// A piece name in Chinese characters (either script) or Korean.
fn role_of_name(text: &str) -> Option<Role> {
    let mut chars = text.chars();
    let c = chars.next()?;
    if chars.next().is_some() {
        return None;
    }
    Some(match c {
        '楚' | '漢' | '汉' | '將' | '将' | '帥' | '帅' | '궁' | '장' | '초' | '한' => Role::General,
        '士' | '仕' | '사' => Role::Advisor,
        '象' | '相' | '상' => Role::Elephant,
        '馬' | '马' | '傌' | '마' => Role::Horse,
        '車' | '车' | '俥' | '차' => Role::Chariot,
        '包' | '炮' | '砲' | '포' => Role::Cannon,
        '兵' | '卒' | '병' | '졸' => Role::Soldier,
        _ => return None,
    })
}

fn letter(role: Role) -> char {
    match role {
        Role::General => 'K',
        Role::Advisor => 'A',
        Role::Elephant => 'E',
        Role::Horse => 'H',
        Role::Chariot => 'R',
        Role::Cannon => 'C',
        Role::Soldier => 'P',
    }
}

fn role_of_letter(c: char) -> Option<Role> {
    Some(match c.to_ascii_uppercase() {
        'K' | 'G' => Role::General,
        'A' => Role::Advisor,
        'E' | 'B' => Role::Elephant,
        'H' | 'N' => Role::Horse,
        'R' => Role::Chariot,
        'C' => Role::Cannon,
        'P' | 'S' => Role::Soldier,
        _ => return None,
    })
}

pub(crate) fn format(pos: &Position, m: Move, script: Script) -> String {
    let piece = pos.piece_at(m.from).expect("a legal move has a piece on its from-square");
    format!("{}{}{}", point(m.from), name(piece.role, piece.side, script), point(m.to))
}

pub(crate) fn format_fsf(pos: &Position, m: Move) -> String {
    let piece = pos.piece_at(m.from).expect("a legal move has a piece on its from-square");
    let capture = !m.is_pass() && pos.piece_at(m.to).is_some();
    let mut after = pos.clone();
    after.play_unchecked(m);
    let mark = if !after.is_check() {
        ""
    } else if after.has_no_moves() {
        "#"
    } else {
        "+"
    };
    format!("{}{}{}{}{mark}", letter(piece.role), point(m.from), if capture { 'x' } else { '-' }, point(m.to))
}

/// Checks that `role` stands on `from` and `from`→`to` is legal.
fn legal(pos: &Position, text: &str, role: Role, from: Square, to: Square) -> Result<Move, NotationError> {
    let m = Move::new(from, to);
    if pos.piece_at(from).is_some_and(|p| p.role == role) && pos.is_legal(m) {
        Ok(m)
    } else {
        Err(NotationError::Illegal { text: text.to_string() })
    }
}

fn pass(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let g = pos.general(pos.turn());
    legal(pos, text, Role::General, g, g)
}

pub(crate) fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if matches!(t.to_ascii_lowercase().as_str(), "pass" | "한수쉼" | "쉼" | "停着" | "停著") {
        return pass(pos, text);
    }
    let bad = |why: &str| NotationError::syntax(text, why);
    let digits_front: String = t.chars().take_while(char::is_ascii_digit).collect();
    let digits_back: String =
        t.chars().rev().take_while(char::is_ascii_digit).collect::<Vec<_>>().into_iter().rev().collect();
    if digits_front.len() != 2 || digits_back.len() != 2 || t.chars().count() <= 4 {
        return Err(bad("expected a point, a piece and a point, such as 79兵78"));
    }
    let from =
        square(&digits_front).ok_or_else(|| bad(&format!("{digits_front} is not a point (row 0–9, column 1–9)")))?;
    let to = square(&digits_back).ok_or_else(|| bad(&format!("{digits_back} is not a point (row 0–9, column 1–9)")))?;
    let middle: String = t.chars().skip(2).take(t.chars().count() - 4).collect();
    let role = role_of_name(&middle)
        .ok_or_else(|| bad(&format!("{middle} is not a piece (車包馬象士兵卒楚漢, 차포마상사병졸)")))?;
    legal(pos, text, role, from, to)
}

pub(crate) fn parse_fsf(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let t = text.trim().trim_end_matches(['+', '#', '!', '?']);
    let bad = |why: &str| NotationError::syntax(text, why);
    let mut chars = t.chars();
    let first = chars.next().ok_or_else(|| bad("empty"))?;
    let role = role_of_letter(first).ok_or_else(|| bad(&format!("{first} is not a piece letter (K A E H R C P)")))?;
    let rest = chars.as_str();
    let (a, b) =
        rest.split_once(['-', 'x', 'X']).ok_or_else(|| bad("expected two points joined by - or x, such as P79-78"))?;
    let from = square(a).ok_or_else(|| bad(&format!("{a} is not a point (row 0–9, column 1–9)")))?;
    let to = square(b).ok_or_else(|| bad(&format!("{b} is not a point (row 0–9, column 1–9)")))?;
    legal(pos, text, role, from, to)
}
