//! Sides, roles and pieces.

use crate::variant::Variant;
use std::fmt;
use std::ops::{Index, IndexMut, Not};

/// Which player: the one who moves first or the one who moves second.
///
/// In xiangqi the first mover is Red and the second Black; in janggi the first mover is Cho
/// (楚, blue or green) and the second Han (漢, red). The constants [`Side::RED`],
/// [`Side::BLACK`], [`Side::CHO`] and [`Side::HAN`] name them in each game's words.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Side {
    /// Red in xiangqi, Cho in janggi. Upper-case letters and `w` in FEN.
    First = 0,
    /// Black in xiangqi, Han in janggi. Lower-case letters and `b` in FEN.
    Second = 1,
}

impl Side {
    /// Xiangqi's first mover.
    pub const RED: Side = Side::First;
    /// Xiangqi's second mover.
    pub const BLACK: Side = Side::Second;
    /// Janggi's first mover (楚).
    pub const CHO: Side = Side::First;
    /// Janggi's second mover (漢), who gets the 1.5-point bonus.
    pub const HAN: Side = Side::Second;
    /// Both sides, first mover first.
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    /// 0 for the first mover, 1 for the second.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side's name in `variant`: red/black or cho/han.
    pub const fn name(self, variant: Variant) -> &'static str {
        match (variant, self) {
            (Variant::Xiangqi, Side::First) => "red",
            (Variant::Xiangqi, Side::Second) => "black",
            (Variant::Janggi, Side::First) => "cho",
            (Variant::Janggi, Side::Second) => "han",
        }
    }

    /// +1 for the first mover (moving up the ranks), −1 for the second.
    #[inline]
    pub const fn forward(self) -> i8 {
        match self {
            Side::First => 1,
            Side::Second => -1,
        }
    }
}

impl Not for Side {
    type Output = Side;
    #[inline]
    fn not(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
}

/// What a piece is, whoever owns it.
///
/// Janggi's guard (士) is the [`Role::Advisor`]; its elephant (象) is the [`Role::Elephant`],
/// moving differently from xiangqi's.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Role {
    /// 帥/將 in xiangqi, 楚/漢 in janggi. FEN `K`.
    General = 0,
    /// 仕/士, janggi's guard. FEN `A`.
    Advisor = 1,
    /// 相/象. FEN `B` (also `E` on input).
    Elephant = 2,
    /// 傌/馬. FEN `N` (also `H` on input).
    Horse = 3,
    /// 俥/車. FEN `R`.
    Chariot = 4,
    /// 炮/砲/包. FEN `C`.
    Cannon = 5,
    /// 兵/卒. FEN `P`.
    Soldier = 6,
}

impl Role {
    /// Every role, general first.
    pub const ALL: [Role; 7] =
        [Role::General, Role::Advisor, Role::Elephant, Role::Horse, Role::Chariot, Role::Cannon, Role::Soldier];

    /// 0–6 in the order of [`Role::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case FEN letter.
    pub const fn letter(self) -> char {
        match self {
            Role::General => 'K',
            Role::Advisor => 'A',
            Role::Elephant => 'B',
            Role::Horse => 'N',
            Role::Chariot => 'R',
            Role::Cannon => 'C',
            Role::Soldier => 'P',
        }
    }

    /// The role for a FEN letter of either case; accepts `H` for the horse and `E` for the
    /// elephant, as many xiangqi programs write them.
    pub const fn from_letter(c: char) -> Option<Role> {
        match c.to_ascii_uppercase() {
            'K' => Some(Role::General),
            'A' => Some(Role::Advisor),
            'B' | 'E' => Some(Role::Elephant),
            'N' | 'H' => Some(Role::Horse),
            'R' => Some(Role::Chariot),
            'C' => Some(Role::Cannon),
            'P' => Some(Role::Soldier),
            _ => None,
        }
    }

    /// How many of this role one side's set holds (the same in both games).
    pub const fn set_count(self) -> u8 {
        match self {
            Role::General => 1,
            Role::Soldier => 5,
            _ => 2,
        }
    }

    /// The role's English name.
    pub const fn name(self) -> &'static str {
        match self {
            Role::General => "general",
            Role::Advisor => "advisor",
            Role::Elephant => "elephant",
            Role::Horse => "horse",
            Role::Chariot => "chariot",
            Role::Cannon => "cannon",
            Role::Soldier => "soldier",
        }
    }
}

/// A piece: a role and the side that owns it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Who owns it.
    pub side: Side,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// Builds a piece.
    #[inline]
    pub const fn new(side: Side, role: Role) -> Piece {
        Piece { side, role }
    }

    /// The FEN letter: upper case for the first mover, lower case for the second.
    pub const fn letter(self) -> char {
        let c = self.role.letter();
        match self.side {
            Side::First => c,
            Side::Second => c.to_ascii_lowercase(),
        }
    }

    /// The piece for a FEN letter (see [`Role::from_letter`]).
    pub const fn from_letter(c: char) -> Option<Piece> {
        match Role::from_letter(c) {
            Some(role) => Some(Piece { side: if c.is_ascii_uppercase() { Side::First } else { Side::Second }, role }),
            None => None,
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// One value for each side, indexed by [`Side`]: clocks, seats, material counts.
///
/// ```
/// use chuhan::{BySide, Side};
///
/// let mut captures = BySide::new(0, 0);
/// captures[Side::BLACK] += 1;
/// assert_eq!(captures[Side::Second], 1);
/// assert_eq!(captures.map(|n| n * 2), BySide::new(0, 2));
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct BySide<T> {
    /// The first mover's value (Red, Cho).
    pub first: T,
    /// The second mover's value (Black, Han).
    pub second: T,
}

impl<T> BySide<T> {
    /// The first mover's value, then the second's.
    pub const fn new(first: T, second: T) -> BySide<T> {
        BySide { first, second }
    }

    /// A value for each side from `f(side)`.
    pub fn from_fn(mut f: impl FnMut(Side) -> T) -> BySide<T> {
        BySide { first: f(Side::First), second: f(Side::Second) }
    }

    /// Each value passed through `f`.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> BySide<U> {
        BySide { first: f(self.first), second: f(self.second) }
    }

    /// `(side, value)` pairs, first mover first.
    pub fn iter(&self) -> impl Iterator<Item = (Side, &T)> {
        [(Side::First, &self.first), (Side::Second, &self.second)].into_iter()
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;
    #[inline]
    fn index(&self, side: Side) -> &T {
        match side {
            Side::First => &self.first,
            Side::Second => &self.second,
        }
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    #[inline]
    fn index_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::First => &mut self.first,
            Side::Second => &mut self.second,
        }
    }
}

impl<T> From<[T; 2]> for BySide<T> {
    fn from([first, second]: [T; 2]) -> BySide<T> {
        BySide { first, second }
    }
}
