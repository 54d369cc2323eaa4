//! The two games chuhan plays.

use std::fmt;
use std::str::FromStr;

/// Xiangqi (Chinese chess) or janggi (Korean chess).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Variant {
    /// 象棋: river, flying general, stalemate loses.
    #[default]
    Xiangqi,
    /// 장기: no river, palace diagonals, pass, bikjang.
    Janggi,
}

impl Variant {
    /// The lower-case name used on command lines and in UCI: `xiangqi` or `janggi`.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Xiangqi => "xiangqi",
            Variant::Janggi => "janggi",
        }
    }

    /// The FEN of the standard start position (janggi: both sides in the
    /// horse-elephant-elephant-horse order of Fairy-Stockfish's default, RNBA1ABNR).
    pub const fn start_fen(self) -> &'static str {
        match self {
            Variant::Xiangqi => "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            Variant::Janggi => "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A variant name other than `xiangqi` or `janggi`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant {0:?}: expected xiangqi or janggi")]
pub struct ParseVariantError(pub String);

impl FromStr for Variant {
    type Err = ParseVariantError;

    fn from_str(s: &str) -> Result<Variant, ParseVariantError> {
        match s.to_ascii_lowercase().as_str() {
            "xiangqi" | "chinese" | "xq" => Ok(Variant::Xiangqi),
            "janggi" | "korean" | "jg" => Ok(Variant::Janggi),
            _ => Err(ParseVariantError(s.to_string())),
        }
    }
}
