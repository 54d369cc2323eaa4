//! WXF notation (System 2): C2.5 H8+7.
//!
//! A letter (K A E H R C P), the file counted from the mover's right, the direction (`+`
//! forward, `-` back, `.` sideways) and the ranks moved or the file reached. Two same pieces on
//! a file put `+` (front) or `-` (rear) in place of the file: `C-.4`. Soldiers three or more on
//! a file, or doubled on two files, are numbered from the front and the number replaces the
//! letter, the file following: `25.4` moves the second soldier of file 5 to file 4.
//!
//! Written with `.` for sideways moves as the WXF rules do (Fairy-Stockfish writes `=`).
//! Reading accepts `=`, a tandem sign before the letter (`+P+1`, as some databases write),
//! full-width characters, lower case, and the letters other sources use: G for the general,
//! B or M for the elephant, N for the horse, S for the soldier.

use super::descriptive::{describe, rank_on_file, resolve, Description, Op, Origin, Place};
use super::NotationError;
use crate::mv::Move;
use crate::piece::Role;
use crate::position::Position;

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

fn role_of(c: char) -> Option<Role> {
    Some(match c.to_ascii_uppercase() {
        'K' | 'G' => Role::General,
        'A' => Role::Advisor,
        'E' | 'B' | 'M' => Role::Elephant,
        'H' | 'N' => Role::Horse,
        'R' => Role::Chariot,
        'C' => Role::Cannon,
        'P' | 'S' => Role::Soldier,
        _ => return None,
    })
}

fn op_char(op: Op) -> char {
    match op {
        Op::Forward => '+',
        Op::Backward => '-',
        Op::Sideways => '.',
    }
}

pub(crate) fn format(pos: &Position, m: Move) -> String {
    let d = describe(pos, m);
    let mut s = String::with_capacity(6);
    match d.origin {
        Origin::File(n) => {
            s.push(letter(d.role));
            s.push(char::from(b'0' + n));
        }
        Origin::Tandem(place, _) => {
            let r = rank_on_file(pos, m);
            if d.role == Role::Soldier && (r.count >= 3 || r.files_doubled) {
                s.push(char::from(b'0' + r.index));
                s.push(char::from(b'0' + r.file));
            } else {
                s.push(letter(d.role));
                s.push(if place == Place::Front { '+' } else { '-' });
            }
        }
    }
    s.push(op_char(d.op));
    s.push(char::from(b'0' + d.arg));
    s
}

/// Full-width forms (Ｃ２＝５) to ASCII.
fn narrow(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        '–' | '—' | '−' => '-',
        _ => c,
    }
}

pub(crate) fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let chars: Vec<char> = text.chars().map(narrow).filter(|c| !c.is_whitespace()).collect();
    let err = |at: usize, why: &str| {
        let c = chars.get(at).map(|c| c.to_string()).unwrap_or_else(|| "end".to_string());
        NotationError::syntax(text, format!("{c} {why}"))
    };
    let digit = |at: usize| chars.get(at).and_then(|c| c.to_digit(10)).filter(|&d| d >= 1).map(|d| d as u8);
    let sign = |c: Option<&char>| match c {
        Some('+') => Some(Place::Front),
        Some('-') => Some(Place::Rear),
        _ => None,
    };
    if chars.len() < 4 {
        return Err(NotationError::syntax(text, "too short: expected four characters such as C2.5"));
    }
    let (role, origin) = if let (Some(index), Some(file)) = (digit(0), digit(1)) {
        // Numbered soldiers: 25.4.
        let place = if index == 1 { Place::Front } else { Place::Nth(index) };
        (Role::Soldier, Origin::Tandem(place, Some(file)))
    } else if let Some(place) = sign(chars.first()) {
        // +P+1: the tandem sign before the letter.
        let role = role_of(chars[1]).ok_or_else(|| err(1, "is not a piece letter (K A E H R C P)"))?;
        (role, Origin::Tandem(place, None))
    } else {
        let role = role_of(chars[0]).ok_or_else(|| err(0, "is not a piece letter (K A E H R C P)"))?;
        if let Some(file) = digit(1) {
            (role, Origin::File(file))
        } else if let Some(place) = sign(chars.get(1)) {
            (role, Origin::Tandem(place, None))
        } else {
            return Err(err(1, "is not a file (1–9), + or -"));
        }
    };
    let op = match chars[2] {
        '+' => Op::Forward,
        '-' => Op::Backward,
        '.' | '=' => Op::Sideways,
        _ => return Err(err(2, "is not a direction (+, - or .)")),
    };
    let arg = digit(3).ok_or_else(|| err(3, "is not a number 1–9"))?;
    if chars.len() > 4 {
        return Err(err(4, "is extra"));
    }
    resolve(pos, &Description { role, origin, op, arg }, text)
}
