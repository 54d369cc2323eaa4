//! A parsed but not yet validated position: [`Setup`], and [`PositionError`] for setups that no
//! game can have.
//!
//! Reading a position is two steps, as in shakmaty: text becomes a [`Setup`] (FEN's syntax only:
//! ten ranks of nine files, known letters, numbers where numbers belong), then
//! [`Setup::position`] checks it against a game's rules and returns a [`Position`]. A composed
//! problem or a transcribed diagram may put a soldier behind its start line or an elephant on a
//! point it can never reach; [`PositionError::ignore_unreachable`] accepts those on request,
//! while a setup without a general, or with the generals facing in xiangqi, is never playable.
//!
//! ```
//! use chuhan::{Setup, Variant};
//!
//! // A red soldier on a2, behind its start line: no game reaches it, a problem composer might.
//! let setup: Setup = "3k5/9/9/9/9/9/9/9/P8/4K4 w".parse()?;
//! let err = setup.position(Variant::Xiangqi).unwrap_err();
//! assert_eq!(err.to_string(), "red soldier on a1: a point it can never reach");
//! let pos = err.ignore_unreachable()?; // playable all the same
//! assert!(pos.is_legal("a1a2".parse()?)); // the soldier steps forward as soldiers do
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::attacks::{palace, PALACE_DIAGONAL_POINTS};
use crate::bitboard::Bitboard;
use crate::piece::{Piece, Role, Side};
use crate::position::Position;
use crate::square::Square;
use crate::variant::Variant;
use std::fmt;

/// A board with the side to move and the move counters, as read from a FEN: syntactically
/// sound, not yet checked against either game's rules.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The piece on each point, indexed by [`Square::index`].
    pub board: [Option<Piece>; 90],
    /// The side to move.
    pub turn: Side,
    /// Plies since the last capture (FEN field 5).
    pub halfmove_clock: u32,
    /// The move number, from 1 (FEN field 6).
    pub fullmove_number: u32,
}

impl Setup {
    /// An empty board, the first mover to move, counters at 0 and 1.
    pub const fn empty() -> Setup {
        Setup { board: [None; 90], turn: Side::First, halfmove_clock: 0, fullmove_number: 1 }
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Puts `piece` on `sq` (or empties it with `None`).
    pub fn set_piece(&mut self, sq: Square, piece: Option<Piece>) {
        self.board[sq.index()] = piece;
    }

    /// Checks the setup against `variant`'s rules: a position either game can reach.
    ///
    /// Every problem is listed in the error (see [`PositionError::problems`]); a caller that
    /// accepts composed positions calls [`PositionError::ignore_unreachable`].
    pub fn position(&self, variant: Variant) -> Result<Position, PositionError> {
        check(variant, self).map_err(|problems| PositionError { variant, setup: Box::new(self.clone()), problems })
    }

    fn build(&self, variant: Variant) -> Position {
        Position::from_parts(variant, self.board, self.turn, self.halfmove_clock, self.fullmove_number.max(1))
    }
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::empty()
    }
}

impl From<&Position> for Setup {
    fn from(pos: &Position) -> Setup {
        Setup {
            board: pos.board,
            turn: pos.turn(),
            halfmove_clock: pos.halfmove_clock(),
            fullmove_number: pos.fullmove_number(),
        }
    }
}

/// One reason a setup is not a position of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Problem {
    /// A side has no general.
    NoGeneral(Side),
    /// A side has more pieces of a kind than the set holds (`count` > [`Role::set_count`]).
    TooManyOfRole {
        /// Whose pieces.
        side: Side,
        /// Which kind.
        role: Role,
        /// How many stand on the board.
        count: u8,
    },
    /// A side has more than sixteen pieces.
    TooManyPieces {
        /// Whose pieces.
        side: Side,
        /// How many stand on the board.
        count: u8,
    },
    /// A general or advisor outside its palace.
    OutsidePalace {
        /// The piece.
        piece: Piece,
        /// Where it stands.
        square: Square,
    },
    /// An advisor, elephant or soldier on a point no game can bring it to (a soldier behind its
    /// start line, a xiangqi elephant across the river). Composed problems sometimes have them;
    /// the rules still say how such a piece moves, so [`PositionError::ignore_unreachable`]
    /// accepts them.
    Unreachable {
        /// The piece.
        piece: Piece,
        /// Where it stands.
        square: Square,
    },
    /// Xiangqi: the generals face each other on an open file (the flying general).
    GeneralsFace {
        /// The file, 0 (a) to 8 (i).
        file: u8,
    },
    /// The side that just moved left its general attacked.
    OppositeCheck(Side),
}

impl Problem {
    /// Whether a position with this problem can still be played by the usual rules.
    pub fn is_ignorable(self) -> bool {
        matches!(self, Problem::Unreachable { .. })
    }

    /// The problem in words, with the sides named as `variant` names them.
    pub fn describe(self, variant: Variant) -> String {
        let piece = |p: Piece| format!("{} {}", p.side.name(variant), p.role.name());
        match self {
            Problem::NoGeneral(side) => format!("{} has no general", side.name(variant)),
            Problem::TooManyOfRole { side, role, count } => {
                format!("{} has {count} {}s, the set holds {}", side.name(variant), role.name(), role.set_count())
            }
            Problem::TooManyPieces { side, count } => format!("{} has {count} pieces, at most 16", side.name(variant)),
            Problem::OutsidePalace { piece: p, square } => format!("{} on {square} is outside its palace", piece(p)),
            Problem::Unreachable { piece: p, square } => {
                format!("{} on {square}: a point it can never reach", piece(p))
            }
            Problem::GeneralsFace { file } => {
                format!("the generals face each other on file {} with nothing between them", char::from(b'a' + file))
            }
            Problem::OppositeCheck(side) => {
                let s = side.name(variant);
                format!("{s} is in check but it is not {s}'s move")
            }
        }
    }

    /// The point the problem is about, if it is about one piece.
    pub fn square(self) -> Option<Square> {
        match self {
            Problem::OutsidePalace { square, .. } | Problem::Unreachable { square, .. } => Some(square),
            _ => None,
        }
    }
}

/// A setup that is not a position of the game, with every reason why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionError {
    variant: Variant,
    setup: Box<Setup>,
    problems: Vec<Problem>,
}

impl PositionError {
    /// Every problem found, in board order (rank 9 to 0), then material, then the generals.
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    /// The game the setup was checked against.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The setup that was refused.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// Whether every problem is a piece on a point no game reaches: a composed position, which
    /// [`ignore_unreachable`](Self::ignore_unreachable) accepts.
    pub fn is_composed(&self) -> bool {
        self.problems.iter().all(|p| p.is_ignorable())
    }

    /// The position all the same, when its only problems are pieces on points no game reaches
    /// ([`Problem::Unreachable`]); otherwise the error without those problems.
    pub fn ignore_unreachable(self) -> Result<Position, PositionError> {
        self.ignore(|p| matches!(p, Problem::Unreachable { .. }))
    }

    fn ignore(mut self, ignored: impl Fn(Problem) -> bool) -> Result<Position, PositionError> {
        self.problems.retain(|&p| !ignored(p));
        if self.problems.is_empty() {
            Ok(self.setup.build(self.variant))
        } else {
            Err(self)
        }
    }
}

impl fmt::Display for PositionError {
    /// The first problem in words (the others are in [`PositionError::problems`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.problems.first() {
            Some(p) => f.write_str(&p.describe(self.variant)),
            None => f.write_str("no problem"),
        }
    }
}

impl std::error::Error for PositionError {}

/// Xiangqi elephant points of the first mover.
const XIANGQI_ELEPHANT_POINTS: [(u8, u8); 7] = [(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)];

fn points(list: &[(u8, u8)], side: Side) -> Bitboard {
    list.iter()
        .filter_map(|&(f, r)| Square::new(f, r))
        .map(|sq| if side == Side::First { sq } else { sq.rotate() })
        .collect()
}

/// Whether `piece` may stand on `sq` in `variant` at all.
fn placement_problem(variant: Variant, piece: Piece, square: Square) -> Option<Problem> {
    let forward_rank = if piece.side == Side::First { square.rank() } else { 9 - square.rank() };
    let unreachable = Some(Problem::Unreachable { piece, square });
    match piece.role {
        Role::General | Role::Advisor if !palace(piece.side).contains(square) => {
            Some(Problem::OutsidePalace { piece, square })
        }
        Role::Advisor
            if variant == Variant::Xiangqi && !(PALACE_DIAGONAL_POINTS & palace(piece.side)).contains(square) =>
        {
            unreachable
        }
        Role::Elephant
            if variant == Variant::Xiangqi && !points(&XIANGQI_ELEPHANT_POINTS, piece.side).contains(square) =>
        {
            unreachable
        }
        Role::Soldier => {
            // Soldiers never step back; xiangqi soldiers step sideways only past the river.
            let behind_start = forward_rank < 3;
            let sidestepped = variant == Variant::Xiangqi && forward_rank <= 4 && square.file() % 2 == 1;
            if behind_start || sidestepped {
                unreachable
            } else {
                None
            }
        }
        _ => None,
    }
}

/// The position, or every problem of `setup` (the position is built once, for the generals'
/// tests, and returned when nothing is wrong).
fn check(variant: Variant, setup: &Setup) -> Result<Position, Vec<Problem>> {
    let mut found = Vec::new();
    for rank in (0..10).rev() {
        for file in 0..9 {
            let sq = Square::new(file, rank).expect("on the board");
            if let Some(p) = setup.board[sq.index()] {
                found.extend(placement_problem(variant, p, sq));
            }
        }
    }
    // One pass over the board counts every kind of piece (at most 90 of any, so u8 holds it).
    let mut counts = [[0u8; 7]; 2];
    for p in setup.board.iter().flatten() {
        counts[p.side.index()][p.role.index()] += 1;
    }
    let mut generals_known = true;
    for side in Side::BOTH {
        let mut total = 0u8;
        for role in Role::ALL {
            let count = counts[side.index()][role.index()];
            total += count;
            if count > role.set_count() {
                found.push(Problem::TooManyOfRole { side, role, count });
                generals_known &= role != Role::General;
            }
            if role == Role::General && count == 0 {
                found.push(Problem::NoGeneral(side));
                generals_known = false;
            }
        }
        if total > 16 {
            found.push(Problem::TooManyPieces { side, count: total });
        }
    }
    // The tests below need one general a side (and, for the check test, generals in palaces).
    if !generals_known || found.iter().any(|p| matches!(p, Problem::OutsidePalace { .. })) {
        return Err(found);
    }
    let pos = setup.build(variant);
    if variant == Variant::Xiangqi && pos.generals_face() {
        found.push(Problem::GeneralsFace { file: pos.general(Side::First).file() });
        return Err(found);
    }
    // The side that just moved may not have left its general attacked — except in janggi by
    // passing in bikjang, which is allowed even in check and ends the game.
    let flipped = pos.with_turn(!pos.turn());
    let bikjang_pass = variant == Variant::Janggi && pos.generals_face();
    if flipped.is_check() && !bikjang_pass {
        found.push(Problem::OppositeCheck(!pos.turn()));
    }
    if found.is_empty() {
        Ok(pos)
    } else {
        Err(found)
    }
}
