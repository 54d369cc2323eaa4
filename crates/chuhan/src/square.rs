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

/// Named squares: `Square::E0` is Red's (Cho's) general's start point, `Square::H2` a red
/// cannon's. Files a–i from the first mover's left, ranks 0–9 from the first mover's side.
impl Square {
    /// The point a0.
    pub const A0: Square = Square(0);
    /// The point b0.
    pub const B0: Square = Square(1);
    /// The point c0.
    pub const C0: Square = Square(2);
    /// The point d0.
    pub const D0: Square = Square(3);
    /// The point e0.
    pub const E0: Square = Square(4);
    /// The point f0.
    pub const F0: Square = Square(5);
    /// The point g0.
    pub const G0: Square = Square(6);
    /// The point h0.
    pub const H0: Square = Square(7);
    /// The point i0.
    pub const I0: Square = Square(8);
    /// The point a1.
    pub const A1: Square = Square(9);
    /// The point b1.
    pub const B1: Square = Square(10);
    /// The point c1.
    pub const C1: Square = Square(11);
    /// The point d1.
    pub const D1: Square = Square(12);
    /// The point e1.
    pub const E1: Square = Square(13);
    /// The point f1.
    pub const F1: Square = Square(14);
    /// The point g1.
    pub const G1: Square = Square(15);
    /// The point h1.
    pub const H1: Square = Square(16);
    /// The point i1.
    pub const I1: Square = Square(17);
    /// The point a2.
    pub const A2: Square = Square(18);
    /// The point b2.
    pub const B2: Square = Square(19);
    /// The point c2.
    pub const C2: Square = Square(20);
    /// The point d2.
    pub const D2: Square = Square(21);
    /// The point e2.
    pub const E2: Square = Square(22);
    /// The point f2.
    pub const F2: Square = Square(23);
    /// The point g2.
    pub const G2: Square = Square(24);
    /// The point h2.
    pub const H2: Square = Square(25);
    /// The point i2.
    pub const I2: Square = Square(26);
    /// The point a3.
    pub const A3: Square = Square(27);
    /// The point b3.
    pub const B3: Square = Square(28);
    /// The point c3.
    pub const C3: Square = Square(29);
    /// The point d3.
    pub const D3: Square = Square(30);
    /// The point e3.
    pub const E3: Square = Square(31);
    /// The point f3.
    pub const F3: Square = Square(32);
    /// The point g3.
    pub const G3: Square = Square(33);
    /// The point h3.
    pub const H3: Square = Square(34);
    /// The point i3.
    pub const I3: Square = Square(35);
    /// The point a4.
    pub const A4: Square = Square(36);
    /// The point b4.
    pub const B4: Square = Square(37);
    /// The point c4.
    pub const C4: Square = Square(38);
    /// The point d4.
    pub const D4: Square = Square(39);
    /// The point e4.
    pub const E4: Square = Square(40);
    /// The point f4.
    pub const F4: Square = Square(41);
    /// The point g4.
    pub const G4: Square = Square(42);
    /// The point h4.
    pub const H4: Square = Square(43);
    /// The point i4.
    pub const I4: Square = Square(44);
    /// The point a5.
    pub const A5: Square = Square(45);
    /// The point b5.
    pub const B5: Square = Square(46);
    /// The point c5.
    pub const C5: Square = Square(47);
    /// The point d5.
    pub const D5: Square = Square(48);
    /// The point e5.
    pub const E5: Square = Square(49);
    /// The point f5.
    pub const F5: Square = Square(50);
    /// The point g5.
    pub const G5: Square = Square(51);
    /// The point h5.
    pub const H5: Square = Square(52);
    /// The point i5.
    pub const I5: Square = Square(53);
    /// The point a6.
    pub const A6: Square = Square(54);
    /// The point b6.
    pub const B6: Square = Square(55);
    /// The point c6.
    pub const C6: Square = Square(56);
    /// The point d6.
    pub const D6: Square = Square(57);
    /// The point e6.
    pub const E6: Square = Square(58);
    /// The point f6.
    pub const F6: Square = Square(59);
    /// The point g6.
    pub const G6: Square = Square(60);
    /// The point h6.
    pub const H6: Square = Square(61);
    /// The point i6.
    pub const I6: Square = Square(62);
    /// The point a7.
    pub const A7: Square = Square(63);
    /// The point b7.
    pub const B7: Square = Square(64);
    /// The point c7.
    pub const C7: Square = Square(65);
    /// The point d7.
    pub const D7: Square = Square(66);
    /// The point e7.
    pub const E7: Square = Square(67);
    /// The point f7.
    pub const F7: Square = Square(68);
    /// The point g7.
    pub const G7: Square = Square(69);
    /// The point h7.
    pub const H7: Square = Square(70);
    /// The point i7.
    pub const I7: Square = Square(71);
    /// The point a8.
    pub const A8: Square = Square(72);
    /// The point b8.
    pub const B8: Square = Square(73);
    /// The point c8.
    pub const C8: Square = Square(74);
    /// The point d8.
    pub const D8: Square = Square(75);
    /// The point e8.
    pub const E8: Square = Square(76);
    /// The point f8.
    pub const F8: Square = Square(77);
    /// The point g8.
    pub const G8: Square = Square(78);
    /// The point h8.
    pub const H8: Square = Square(79);
    /// The point i8.
    pub const I8: Square = Square(80);
    /// The point a9.
    pub const A9: Square = Square(81);
    /// The point b9.
    pub const B9: Square = Square(82);
    /// The point c9.
    pub const C9: Square = Square(83);
    /// The point d9.
    pub const D9: Square = Square(84);
    /// The point e9.
    pub const E9: Square = Square(85);
    /// The point f9.
    pub const F9: Square = Square(86);
    /// The point g9.
    pub const G9: Square = Square(87);
    /// The point h9.
    pub const H9: Square = Square(88);
    /// The point i9.
    pub const I9: Square = Square(89);
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
