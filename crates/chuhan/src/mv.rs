//! Moves and fixed-capacity move lists.

use crate::square::{ParseSquareError, Square};
use std::fmt;
use std::ops::{Deref, DerefMut};
use std::str::FromStr;

/// A move from one point to another. A janggi pass is the general's square to itself.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the piece stands (the general's point for a janggi pass).
    pub from: Square,
    /// Where it goes (the same point for a janggi pass).
    pub to: Square,
}

impl Move {
    /// Builds a move.
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// Whether this is a janggi pass (from and to the same point).
    #[inline]
    pub fn is_pass(self) -> bool {
        self.from == self.to
    }

    /// Formats with ranks 1–10, the dialect of Fairy-Stockfish's UCI (`h3e3` for `h2e2`).
    pub fn to_uci_1_based(self) -> String {
        format!("{}{}{}{}", self.from.file_char(), self.from.rank() + 1, self.to.file_char(), self.to.rank() + 1)
    }
}

impl fmt::Display for Move {
    /// Coordinates with ranks 0–9 (ICCS/UCCI without the dash): `h2e2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// A move text that is not two squares, like `h2e2` or `h2-e2`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseMoveError {
    /// The text is not four characters (two squares), dashes aside.
    #[error("invalid move {0:?}: expected two squares such as h2e2")]
    Shape(String),
    /// One of the squares is not on the board.
    #[error("invalid move {text:?}: {source}")]
    Square {
        /// The text as given.
        text: String,
        /// What is wrong with the square.
        source: ParseSquareError,
    },
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Reads `h2e2`, `h2-e2` or `H2-E2` (ICCS), ranks 0–9.
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let t: String = s.trim().chars().filter(|&c| c != '-').collect::<String>().to_ascii_lowercase();
        if t.len() != 4 || !t.is_ascii() {
            return Err(ParseMoveError::Shape(s.to_string()));
        }
        let sq = |p: &str| p.parse::<Square>().map_err(|e| ParseMoveError::Square { text: s.to_string(), source: e });
        Ok(Move::new(sq(&t[0..2])?, sq(&t[2..4])?))
    }
}

/// The most moves one position can have, with room to spare (xiangqi peaks near 120).
pub const MAX_MOVES: usize = 256;

/// A list of moves on the stack.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub fn new() -> MoveList {
        const A0: Square = match Square::from_index(0) {
            Some(s) => s,
            None => unreachable!(),
        };
        MoveList { moves: [Move::new(A0, A0); MAX_MOVES], len: 0 }
    }

    /// Appends a move.
    #[inline]
    pub fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl DerefMut for MoveList {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
