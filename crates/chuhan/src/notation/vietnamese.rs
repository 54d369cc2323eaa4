//! Vietnamese notation (ký hiệu cờ tướng): P2-5 M8.7 X1/1.
//!
//! The descriptive scheme of WXF in the letters and signs Vietnamese books, magazines and
//! sites print: Tg (Tướng, the general), S (Sĩ), T (Tượng), M (Mã), X (Xe), P (Pháo), B (Binh,
//! the soldier); `.` advances (tấn/tiến), `-` moves sideways (bình), `/` retreats (thoái).
//! Two same pieces on a file are told apart by `t` (trước, front) and `s` (sau, rear) in
//! place of the file, three soldiers by `t`, `g` (giữa, middle) and `s`: `Pt.1`, `Bg-4`. Where
//! the file must be given too (soldiers doubled on two files) it follows the mark (`Bt7-8`);
//! four or five soldiers on a file are numbered from the front and the file follows
//! (`B25-4`), as WXF numbers them.
//!
//! Reading is lenient where Vietnamese records differ: `C` (Chốt, the northern word) and `Tt`
//! (Tốt) before a file for the soldier, `V` (Voi) for the elephant, any letter case,
//! full-width characters and dashes (`–`).

use super::descriptive::{describe, rank_on_file, resolve, Description, Op, Origin, Place};
use super::NotationError;
use crate::mv::Move;
use crate::piece::Role;
use crate::position::Position;

/// The piece letters, in the order of [`Role::ALL`].
const LETTERS: [&str; 7] = ["Tg", "S", "T", "M", "X", "P", "B"];

fn op_char(op: Op) -> char {
    match op {
        Op::Forward => '.',
        Op::Backward => '/',
        Op::Sideways => '-',
    }
}

fn place_char(place: Place) -> Option<char> {
    match place {
        Place::Front | Place::Nth(1) => Some('t'),
        Place::Middle => Some('g'),
        Place::Rear => Some('s'),
        Place::Nth(_) => None,
    }
}

pub(crate) fn format(pos: &Position, m: Move) -> String {
    let d = describe(pos, m);
    let mut s = String::with_capacity(6);
    s.push_str(LETTERS[d.role.index()]);
    match d.origin {
        Origin::File(n) => s.push(char::from(b'0' + n)),
        Origin::Tandem(place, file) => match place_char(place) {
            Some(c) => {
                s.push(c);
                if let Some(f) = file {
                    s.push(char::from(b'0' + f));
                }
            }
            None => {
                // The n-th of four or five soldiers: its number, then always its file, so
                // that `B2` + file never reads as a soldier on file 2.
                let r = rank_on_file(pos, m);
                s.push(char::from(b'0' + r.index));
                s.push(char::from(b'0' + r.file));
            }
        },
    }
    s.push(op_char(d.op));
    s.push(char::from(b'0' + d.arg));
    s
}

/// Full-width forms (Ｐ２－５) and dashes to ASCII.
fn normal(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        '–' | '—' | '−' | '‐' => '-',
        _ => c,
    }
}

pub(crate) fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let chars: Vec<char> = text.chars().map(normal).filter(|c| !c.is_whitespace()).collect();
    // Letters are matched in lower case; errors quote the text as written.
    let at = |i: usize| chars.get(i).map(char::to_ascii_lowercase);
    let digit = |i: usize| at(i).and_then(|c| c.to_digit(10)).filter(|&d| d >= 1).map(|d| d as u8);
    let err = |i: usize, why: &str| {
        let c = chars.get(i).map_or_else(|| "the end".to_string(), |c| c.to_string());
        NotationError::syntax(text, format!("{c} {why}"))
    };
    if chars.len() < 4 {
        return Err(NotationError::syntax(text, "too short: expected a move such as P2-5"));
    }
    // The piece: Tg before T; Tt followed by a file is Tốt, the soldier.
    let (role, mut i) = match (at(0).unwrap_or(' '), at(1)) {
        ('t', Some('g')) => (Role::General, 2),
        ('t', Some('t')) if digit(2).is_some() => (Role::Soldier, 2),
        ('t' | 'v', _) => (Role::Elephant, 1),
        ('s', _) => (Role::Advisor, 1),
        ('m', _) => (Role::Horse, 1),
        ('x', _) => (Role::Chariot, 1),
        ('p', _) => (Role::Cannon, 1),
        ('b' | 'c', _) => (Role::Soldier, 1),
        _ => return Err(err(0, "is not a piece letter (Tg S T M X P B)")),
    };
    let place = match at(i) {
        Some('t') => Some(Place::Front),
        Some('g') => Some(Place::Middle),
        Some('s') => Some(Place::Rear),
        _ => None,
    };
    let origin = if let Some(place) = place {
        i += 1;
        let file = digit(i);
        if file.is_some() {
            i += 1;
        }
        Origin::Tandem(place, file)
    } else {
        let first = digit(i).ok_or_else(|| err(i, "is not a file (1–9) or t, g, s"))?;
        i += 1;
        match digit(i) {
            // Two digits: the n-th soldier from the front, then its file.
            Some(file) if role == Role::Soldier => {
                i += 1;
                let place = if first == 1 { Place::Front } else { Place::Nth(first) };
                Origin::Tandem(place, Some(file))
            }
            _ => Origin::File(first),
        }
    };
    let op = match at(i) {
        Some('.') => Op::Forward,
        Some('/') => Op::Backward,
        Some('-') => Op::Sideways,
        _ => return Err(err(i, "is not a direction (. advances, / retreats, - sideways)")),
    };
    let arg = digit(i + 1).ok_or_else(|| err(i + 1, "is not a number 1–9"))?;
    if chars.len() > i + 2 {
        return Err(err(i + 2, "is extra"));
    }
    resolve(pos, &Description { role, origin, op, arg }, text)
}
