//! Chinese notation (中式記譜): 炮二平五 馬8進7.
//!
//! Four characters: the piece, its file (Red in Chinese numerals, Black in Arabic digits,
//! both counted from the mover's right), the direction (進 forward, 退 back, 平 sideways) and
//! the ranks moved or the file reached. Same pieces on one file are 前/後 (front/rear), three
//! soldiers 前/中/後, four or five 前/二/三/四/五; soldiers doubled on two files drop the piece
//! name for their file: 前九平八. Reading accepts traditional and simplified characters and
//! their variants (車车俥, 馬马傌, 炮砲包, 相象, 仕士, 帥帅將将, 兵卒, 進进上, 退下, 後后),
//! half- and full-width digits, and a missing last character for a one-step straight move.

use super::descriptive::{describe, resolve, Description, Op, Origin, Place};
use super::NotationError;
use crate::mv::Move;
use crate::piece::{Role, Side};
use crate::position::Position;

const CHINESE_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const FULL_WIDTH_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];

/// Which character set to write.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Script {
    /// 帅仕相马车炮兵 / 将士象马车炮卒, 进退平, 后.
    Simplified,
    /// 帥仕相傌俥炮兵 / 將士象馬車砲卒, 進退平, 後.
    Traditional,
}

pub(crate) fn piece_char(role: Role, side: Side, script: Script) -> char {
    use Role::*;
    match (script, side, role) {
        (Script::Simplified, Side::First, General) => '帅',
        (Script::Simplified, Side::Second, General) => '将',
        (Script::Traditional, Side::First, General) => '帥',
        (Script::Traditional, Side::Second, General) => '將',
        (_, Side::First, Advisor) => '仕',
        (_, Side::Second, Advisor) => '士',
        (_, Side::First, Elephant) => '相',
        (_, Side::Second, Elephant) => '象',
        (Script::Simplified, _, Horse) => '马',
        (Script::Traditional, Side::First, Horse) => '傌',
        (Script::Traditional, Side::Second, Horse) => '馬',
        (Script::Simplified, _, Chariot) => '车',
        (Script::Traditional, Side::First, Chariot) => '俥',
        (Script::Traditional, Side::Second, Chariot) => '車',
        (Script::Simplified, _, Cannon) => '炮',
        (Script::Traditional, Side::First, Cannon) => '炮',
        (Script::Traditional, Side::Second, Cannon) => '砲',
        (_, Side::First, Soldier) => '兵',
        (_, Side::Second, Soldier) => '卒',
    }
}

pub(crate) fn role_of(c: char) -> Option<Role> {
    Some(match c {
        '帥' | '帅' | '將' | '将' => Role::General,
        '仕' | '士' => Role::Advisor,
        '相' | '象' => Role::Elephant,
        '馬' | '马' | '傌' | '㐷' => Role::Horse,
        '車' | '车' | '俥' | '伡' => Role::Chariot,
        '炮' | '砲' | '包' => Role::Cannon,
        '兵' | '卒' => Role::Soldier,
        _ => return None,
    })
}

fn number(n: u8, side: Side) -> char {
    match side {
        Side::First => CHINESE_NUMERALS[n as usize - 1],
        Side::Second => FULL_WIDTH_DIGITS[n as usize - 1],
    }
}

/// A file or count, 1–9, written in any of the accepted forms.
fn digit(c: char) -> Option<u8> {
    if let Some(i) = CHINESE_NUMERALS.iter().position(|&x| x == c) {
        return Some(i as u8 + 1);
    }
    if let Some(i) = FULL_WIDTH_DIGITS.iter().position(|&x| x == c) {
        return Some(i as u8 + 1);
    }
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        _ => None,
    }
}

fn place_char(p: Place, script: Script) -> char {
    match p {
        Place::Front | Place::Nth(1) => '前',
        Place::Middle => '中',
        Place::Rear if script == Script::Simplified => '后',
        Place::Rear => '後',
        Place::Nth(n) => CHINESE_NUMERALS[n as usize - 1],
    }
}

pub(crate) fn format(pos: &Position, m: Move, script: Script) -> String {
    let d = describe(pos, m);
    let side = pos.turn();
    let mut s = String::with_capacity(12);
    match d.origin {
        Origin::File(n) => {
            s.push(piece_char(d.role, side, script));
            s.push(number(n, side));
        }
        Origin::Tandem(p, None) => {
            s.push(place_char(p, script));
            s.push(piece_char(d.role, side, script));
        }
        Origin::Tandem(p, Some(file)) => {
            s.push(place_char(p, script));
            s.push(number(file, side));
        }
    }
    s.push(match (d.op, script) {
        (Op::Forward, Script::Simplified) => '进',
        (Op::Forward, Script::Traditional) => '進',
        (Op::Backward, _) => '退',
        (Op::Sideways, _) => '平',
    });
    s.push(number(d.arg, side));
    s
}

fn op_of(c: char) -> Option<Op> {
    match c {
        '進' | '进' | '上' => Some(Op::Forward),
        '退' | '下' => Some(Op::Backward),
        '平' => Some(Op::Sideways),
        _ => None,
    }
}

fn place_of(c: char) -> Option<Place> {
    match c {
        '前' => Some(Place::Front),
        '中' => Some(Place::Middle),
        '後' | '后' => Some(Place::Rear),
        '二' => Some(Place::Nth(2)),
        '三' => Some(Place::Nth(3)),
        '四' => Some(Place::Nth(4)),
        '五' => Some(Place::Nth(5)),
        _ => None,
    }
}

pub(crate) fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let err = |at: usize, why: &str| {
        let c = chars.get(at).map(|c| c.to_string()).unwrap_or_else(|| "end".to_string());
        NotationError::syntax(text, format!("{c} {why}"))
    };
    if chars.len() < 3 {
        return Err(NotationError::syntax(text, "too short: expected four characters such as 炮二平五"));
    }
    // The piece and where it stands: piece and file (炮二), place and piece (前炮), place and
    // file for soldiers doubled on two files (前九), the older place, piece and file (前兵九),
    // or a numeral and a piece for four or five soldiers (二兵).
    let (role, origin, next) = if let Some(role) = role_of(chars[0]) {
        let file = digit(chars[1]).ok_or_else(|| err(1, "is not a file (一–九 or 1–9)"))?;
        (role, Origin::File(file), 2)
    } else if let Some(place) = place_of(chars[0]).or_else(|| (chars[0] == '一').then_some(Place::Front)) {
        if let Some(role) = role_of(chars[1]) {
            match chars.get(2).and_then(|&c| digit(c)) {
                Some(file) if chars.get(3).is_some_and(|&c| op_of(c).is_some()) => {
                    (role, Origin::Tandem(place, Some(file)), 3)
                }
                _ => (role, Origin::Tandem(place, None), 2),
            }
        } else if let Some(file) = digit(chars[1]) {
            (Role::Soldier, Origin::Tandem(place, Some(file)), 2)
        } else {
            return Err(err(1, "is neither a piece nor a file"));
        }
    } else {
        return Err(err(0, "is not a piece (車馬相仕帥炮兵…) nor 前/中/後"));
    };
    let op = chars.get(next).and_then(|&c| op_of(c)).ok_or_else(|| err(next, "is not a direction (進, 退 or 平)"))?;
    let names_file = op == Op::Sideways || matches!(role, Role::Advisor | Role::Elephant | Role::Horse);
    let range = if pos.turn() == Side::First { "一–九" } else { "1–9" };
    let arg = match chars.get(next + 1) {
        Some(&c) if names_file => digit(c).ok_or_else(|| err(next + 1, &format!("is not a file ({range})")))?,
        Some(&c) => digit(c).ok_or_else(|| err(next + 1, &format!("is not a number of steps ({range})")))?,
        // 兵七進: a one-step straight move may leave out its last character.
        None if op != Op::Sideways && !matches!(role, Role::Advisor | Role::Elephant | Role::Horse) => 1,
        None => return Err(err(next + 1, ": the move needs a file or a number of steps")),
    };
    if chars.len() > next + 2 {
        return Err(err(next + 2, "is extra"));
    }
    resolve(pos, &Description { role, origin, op, arg }, text)
}
