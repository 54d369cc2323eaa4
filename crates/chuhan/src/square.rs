//! Points of the 9 × 10 board.
//!
//! Files run a–i from the first mover's left (Red in xiangqi, Cho in janggi), ranks 0–9 from the
//! first mover's side. The index is `rank * 9 + file`, so a0 = 0 and i9 = 89 — the convention of
//! ICCS, UCCI and Pikafish.

use std::fmt;
use std::str::FromStr;

/// Number of files (a–i).
pub const FILES: u8 = 9;
/// Number of ranks (0–9).
pub const RANKS: u8 = 10;

/// One of the 90 points where pieces stand.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// Every square, a0 first.
    pub const ALL: [Square; 90] = {
        let mut all = [Square(0); 90];
        let mut i = 0;
        while i < 90 {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// The square on `file` (0 = a) and `rank` (0–9), if both are on the board.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < FILES && rank < RANKS {
            Some(Square(rank * FILES + file))
        } else {
            None
        }
    }

    /// The square with this index (0–89).
    #[inline]
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 90 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// Builds a square from an index the caller knows is below 90.
    #[inline]
    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        debug_assert!(index < 90);
        Square(index)
    }

    /// The index, `rank * 9 + file`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (a) to 8 (i).
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % FILES
    }

    /// The rank, 0 to 9, counted from the first mover's side.
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / FILES
    }

    /// The square `df` files and `dr` ranks away, if it is on the board.
    #[inline]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f < 0 || r < 0 {
            None
        } else {
            Square::new(f as u8, r as u8)
        }
    }

    /// The same point seen from the other side of the board (a0 ↔ i9).
    #[inline]
    pub const fn rotate(self) -> Square {
        Square(89 - self.0)
    }

    /// The same point mirrored left to right (a0 ↔ i0).
    #[inline]
    pub const fn mirror(self) -> Square {
        Square(self.rank() * FILES + (FILES - 1 - self.file()))
    }

    /// The file letter, `a`–`i`.
    pub const fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank())
    }
}

/// A square name that is not a file a–i followed by a rank 0–9.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid square {0:?}: expected a file a–i and a rank 0–9, like e4")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let b = s.as_bytes();
        if b.len() == 2 && (b'a'..=b'i').contains(&b[0]) && b[1].is_ascii_digit() {
            return Ok(Square((b[1] - b'0') * FILES + (b[0] - b'a')));
        }
        Err(ParseSquareError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_indices() {
        assert_eq!("a0".parse::<Square>().unwrap().index(), 0);
        assert_eq!("i9".parse::<Square>().unwrap().index(), 89);
        assert_eq!("e1".parse::<Square>().unwrap().to_string(), "e1");
        assert!("j1".parse::<Square>().is_err());
        assert!("a10".parse::<Square>().is_err());
        for sq in Square::ALL {
            assert_eq!(sq.to_string().parse::<Square>().unwrap(), sq);
            assert_eq!(sq.rotate().rotate(), sq);
            assert_eq!(sq.mirror().mirror(), sq);
        }
        assert_eq!(Square::new(0, 0).unwrap().rotate(), Square::new(8, 9).unwrap());
    }
}
