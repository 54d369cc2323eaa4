//! The descriptive notations' common model: which piece moves (by its file, or by its place
//! among same pieces on one file) and how (forward, backward or sideways, by how much or to
//! which file), all counted from the mover's side. Chinese (炮二平五), WXF (C2.5) and
//! H. T. Lau's English are spellings of it.
//!
//! Files are numbered 1–9 from the mover's right. Straight movers (general, chariot, cannon,
//! soldier) going forward or back give the number of ranks; going sideways, the file they
//! reach. Diagonal movers (advisor, elephant, horse) always give the file they reach.
//!
//! Two same pieces on one file are told apart as front and rear, three soldiers as front,
//! middle and rear, four or five as first to fifth from the front; when soldiers stand so on
//! more than one file, the file is given too. Advisors and elephants need no such marks: the
//! direction already says which one moves.

use super::NotationError;
use crate::bitboard::Bitboard;
use crate::mv::Move;
use crate::piece::{Role, Side};
use crate::position::Position;
use crate::square::Square;

/// The direction of a move, from the mover's side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Op {
    Forward,
    Backward,
    Sideways,
}

/// A piece's place among same pieces on its file, counted from the front.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    /// 前, `+`: the front one.
    Front,
    /// 中: the middle one of three.
    Middle,
    /// 後, `-`: the rear one.
    Rear,
    /// 一–五: the n-th from the front (1-based), for four or five soldiers.
    Nth(u8),
}

/// Which piece moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    /// The only such piece on this file (1–9 from the mover's right).
    File(u8),
    /// One of several on a file; the file is given when soldiers are doubled on two files.
    Tandem(Place, Option<u8>),
}

/// Where a piece stands among same pieces on its file: its file number, its index counted
/// from the front (1-based) and how many there are.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Rank {
    pub file: u8,
    pub index: u8,
    pub count: u8,
    /// Whether the side's soldiers are doubled on more than one file.
    pub files_doubled: bool,
}

/// A move in descriptive terms.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Description {
    pub role: Role,
    pub origin: Origin,
    pub op: Op,
    /// Ranks moved, or the file reached (1–9).
    pub arg: u8,
}

/// The file number of `sq` for `side`: 1–9 from that side's right.
pub(crate) fn file_number(side: Side, sq: Square) -> u8 {
    match side {
        Side::First => 9 - sq.file(),
        Side::Second => sq.file() + 1,
    }
}

/// The pieces of `side` and `role` on `file` (0–8), front first.
fn on_file_front_first(pos: &Position, side: Side, role: Role, file: u8) -> Vec<Square> {
    let mut v: Vec<Square> = pos.pieces(side, role).filter(|s| s.file() == file).collect();
    // Front = further from home: higher ranks for the first mover.
    v.sort_by_key(|s| s.rank());
    if side == Side::First {
        v.reverse();
    }
    v
}

/// Whether a diagonal mover: its argument is always the file it reaches.
fn names_destination_file(role: Role) -> bool {
    matches!(role, Role::Advisor | Role::Elephant | Role::Horse)
}

/// The place of `from` among `count` same pieces, front first at `index`.
fn place(index: usize, count: usize) -> Place {
    match (index, count) {
        (0, _) if count <= 3 => Place::Front,
        (i, c) if i + 1 == c && c <= 3 => Place::Rear,
        (1, 3) => Place::Middle,
        (i, _) => Place::Nth(i as u8 + 1),
    }
}

/// The moving piece's place on its file (see [`Rank`]).
pub(crate) fn rank_on_file(pos: &Position, m: Move) -> Rank {
    let piece = pos.piece_at(m.from).expect("a legal move has a piece on its from-square");
    let same = on_file_front_first(pos, piece.side, piece.role, m.from.file());
    let index = same.iter().position(|&s| s == m.from).unwrap_or(0);
    Rank {
        file: file_number(piece.side, m.from),
        index: index as u8 + 1,
        count: same.len() as u8,
        files_doubled: piece.role == Role::Soldier && soldier_files_doubled(pos, piece.side) > 1,
    }
}

/// Describes the legal move `m` of `pos`.
pub(crate) fn describe(pos: &Position, m: Move) -> Description {
    let piece = pos.piece_at(m.from).expect("a legal move has a piece on its from-square");
    let side = piece.side;
    let role = piece.role;
    let ranks = (m.to.rank() as i8 - m.from.rank() as i8) * side.forward();
    let op = match ranks {
        0 => Op::Sideways,
        r if r > 0 => Op::Forward,
        _ => Op::Backward,
    };
    let arg =
        if op == Op::Sideways || names_destination_file(role) { file_number(side, m.to) } else { ranks.unsigned_abs() };
    let same = on_file_front_first(pos, side, role, m.from.file());
    let origin = if same.len() < 2 || matches!(role, Role::Advisor | Role::Elephant) {
        Origin::File(file_number(side, m.from))
    } else {
        let index = same.iter().position(|&s| s == m.from).expect("the mover is on its file");
        let file = (role == Role::Soldier && soldier_files_doubled(pos, side) > 1).then(|| file_number(side, m.from));
        Origin::Tandem(place(index, same.len()), file)
    };
    Description { role, origin, op, arg }
}

/// How many files hold two or more of `side`'s soldiers.
fn soldier_files_doubled(pos: &Position, side: Side) -> usize {
    let soldiers: Bitboard = pos.pieces(side, Role::Soldier);
    (0..9).filter(|&f| soldiers.filter(|s| s.file() == f).count() >= 2).count()
}

/// Whether the legal move `m` fits the (possibly loosely written) description `d`.
fn fits(pos: &Position, m: Move, d: &Description) -> bool {
    let Some(piece) = pos.piece_at(m.from) else {
        return false;
    };
    if piece.role != d.role || m.is_pass() {
        return false;
    }
    let side = piece.side;
    let origin_fits = match d.origin {
        Origin::File(n) => file_number(side, m.from) == n,
        Origin::Tandem(p, file) => {
            if file.is_some_and(|n| file_number(side, m.from) != n) {
                return false;
            }
            let same = on_file_front_first(pos, side, piece.role, m.from.file());
            let index = same.iter().position(|&s| s == m.from).unwrap_or(0);
            let count = same.len();
            match p {
                Place::Front => count >= 2 && index == 0,
                Place::Rear => count >= 2 && index + 1 == count,
                Place::Middle => count >= 3 && index == 1,
                Place::Nth(k) => count >= 2 && index + 1 == k as usize,
            }
        }
    };
    if !origin_fits {
        return false;
    }
    let exact = describe(pos, m);
    exact.op == d.op && exact.arg == d.arg
}

/// The legal move of `pos` that fits `d`: exactly one, or an error naming all candidates.
pub(crate) fn resolve(pos: &Position, d: &Description, text: &str) -> Result<Move, NotationError> {
    let mut candidates = Vec::new();
    let pieces = pos.pieces(pos.turn(), d.role);
    pos.for_each_legal(|from, targets| {
        if pieces.contains(from) {
            candidates.extend(targets.map(|to| Move::new(from, to)).filter(|&m| fits(pos, m, d)));
        }
    });
    super::the_only(candidates, text)
}
