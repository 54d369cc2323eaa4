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
//!
//! Two spellings of the same scheme live here too: the Xiangqi Database letters (K A B N R C
//! P, otherwise WXF) and H. T. Lau's English (K S M N R C P; `f` forward, `b` back, `h`
//! sideways; `f`/`r` before the letter for front and rear: `C2h5`, `fRh3`).

use super::descriptive::{describe, rank_on_file, resolve, Description, Op, Origin, Place};
use super::NotationError;
use crate::mv::Move;
use crate::piece::Role;
use crate::position::Position;

/// How one of the letter notations spells a description.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Spelling {
    Wxf,
    Xqdb,
    Lau,
}

impl Spelling {
    /// Piece letters in the order of [`Role::ALL`].
    fn letters(self) -> [char; 7] {
        match self {
            Spelling::Wxf => ['K', 'A', 'E', 'H', 'R', 'C', 'P'],
            Spelling::Xqdb => ['K', 'A', 'B', 'N', 'R', 'C', 'P'],
            Spelling::Lau => ['K', 'S', 'M', 'N', 'R', 'C', 'P'],
        }
    }

    fn letter(self, role: Role) -> char {
        self.letters()[role.index()]
    }

    /// The role of a letter in this spelling, else in any of the others (lenient).
    fn role_of(self, c: char) -> Option<Role> {
        let c = c.to_ascii_uppercase();
        if let Some(i) = self.letters().iter().position(|&l| l == c) {
            return Some(Role::ALL[i]);
        }
        Some(match c {
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

    fn op_char(self, op: Op) -> char {
        match (self, op) {
            (Spelling::Lau, Op::Forward) => 'f',
            (Spelling::Lau, Op::Backward) => 'b',
            (Spelling::Lau, Op::Sideways) => 'h',
            (_, Op::Forward) => '+',
            (_, Op::Backward) => '-',
            (_, Op::Sideways) => '.',
        }
    }

    fn op_of(self, c: char) -> Option<Op> {
        match c {
            '+' | 'f' | 'F' => Some(Op::Forward),
            '-' | 'b' | 'B' if self == Spelling::Lau || c == '-' => Some(Op::Backward),
            '.' | '=' | 'h' | 'H' if self == Spelling::Lau || !c.is_ascii_alphabetic() => Some(Op::Sideways),
            _ => None,
        }
    }
}

pub(crate) fn format(pos: &Position, m: Move, spelling: Spelling) -> String {
    let d = describe(pos, m);
    let mut s = String::with_capacity(6);
    match d.origin {
        Origin::File(n) => {
            s.push(spelling.letter(d.role));
            s.push(char::from(b'0' + n));
        }
        Origin::Tandem(place, _) => {
            let r = rank_on_file(pos, m);
            let front = place == Place::Front;
            if d.role == Role::Soldier && (r.count >= 3 || r.files_doubled) {
                s.push(char::from(b'0' + r.index));
                s.push(char::from(b'0' + r.file));
            } else if spelling == Spelling::Lau {
                s.push(if front { 'f' } else { 'r' });
                s.push(spelling.letter(d.role));
            } else {
                s.push(spelling.letter(d.role));
                s.push(if front { '+' } else { '-' });
            }
        }
    }
    s.push(spelling.op_char(d.op));
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

pub(crate) fn parse(pos: &Position, text: &str, spelling: Spelling) -> Result<Move, NotationError> {
    let chars: Vec<char> = text.chars().map(narrow).filter(|c| !c.is_whitespace()).collect();
    let err = |at: usize, why: &str| {
        let c = chars.get(at).map(|c| c.to_string()).unwrap_or_else(|| "the end".to_string());
        NotationError::syntax(text, format!("{c} {why}"))
    };
    let digit = |at: usize| chars.get(at).and_then(|c| c.to_digit(10)).filter(|&d| d >= 1).map(|d| d as u8);
    // Front/rear marks: + and - after or before the letter; Lau's f and r before it.
    let mark_before = |c: Option<&char>| match c {
        Some('+') => Some(Place::Front),
        Some('-') => Some(Place::Rear),
        Some('f') if spelling == Spelling::Lau => Some(Place::Front),
        Some('r') if spelling == Spelling::Lau => Some(Place::Rear),
        _ => None,
    };
    let mark_after = |c: Option<&char>| match c {
        Some('+') => Some(Place::Front),
        Some('-') => Some(Place::Rear),
        _ => None,
    };
    let letters: String = spelling.letters().iter().collect();
    if chars.len() < 4 {
        return Err(NotationError::syntax(text, "too short: expected four characters such as C2.5"));
    }
    let (role, origin) = if let (Some(index), Some(file)) = (digit(0), digit(1)) {
        // Numbered soldiers: 25.4.
        let place = if index == 1 { Place::Front } else { Place::Nth(index) };
        (Role::Soldier, Origin::Tandem(place, Some(file)))
    } else if let (Some(place), Some(role)) =
        (mark_before(chars.first()), chars.get(1).and_then(|&c| spelling.role_of(c)))
    {
        // +P+1 or Lau's fRh3: the tandem mark before the letter.
        (role, Origin::Tandem(place, None))
    } else {
        let role = spelling.role_of(chars[0]).ok_or_else(|| err(0, &format!("is not a piece letter ({letters})")))?;
        if let Some(file) = digit(1) {
            (role, Origin::File(file))
        } else if let Some(place) = mark_after(chars.get(1)) {
            (role, Origin::Tandem(place, None))
        } else {
            return Err(err(1, "is not a file (1–9), + or -"));
        }
    };
    let op = spelling.op_of(chars[2]).ok_or_else(|| {
        let marks: String = [Op::Forward, Op::Backward, Op::Sideways].iter().map(|&o| spelling.op_char(o)).collect();
        err(2, &format!("is not a direction ({marks})"))
    })?;
    let arg = digit(3).ok_or_else(|| err(3, "is not a number 1–9"))?;
    if chars.len() > 4 {
        return Err(err(4, "is extra"));
    }
    resolve(pos, &Description { role, origin, op, arg }, text)
}
