//! The marks a reviewed move can get, and the losses that earn them.

use std::fmt;

/// A reviewed move's mark, by how much of the mover's win probability it gave away
/// ([`Mark::from_loss`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mark {
    /// `?!`: lost at least [`INACCURACY`].
    Inaccuracy,
    /// `?`: lost at least [`MISTAKE`].
    Mistake,
    /// `??`: lost at least [`BLUNDER`], or broke a repetition rule.
    Blunder,
}

/// The loss of win probability (0–1) that makes a move a blunder: 0.15, lichess's 0.3 on its
/// −1…+1 scale of winning chances. Measured on the master games (BENCHMARKS.md, "Review"):
/// kept.
pub const BLUNDER: f64 = 0.15;
/// The loss that makes a move a mistake: 0.10 (lichess's 0.2 on the −1…+1 scale).
pub const MISTAKE: f64 = 0.10;
/// The loss that makes a move an inaccuracy: 0.05 (lichess's 0.1 on the −1…+1 scale).
pub const INACCURACY: f64 = 0.05;

impl Mark {
    /// The mark a loss of `loss` (0–1) earns, or `None` for a good move.
    ///
    /// ```
    /// use chuhan_engine::review::Mark;
    /// assert_eq!(Mark::from_loss(0.4), Some(Mark::Blunder));
    /// assert_eq!(Mark::from_loss(0.12), Some(Mark::Mistake));
    /// assert_eq!(Mark::from_loss(0.06), Some(Mark::Inaccuracy));
    /// assert_eq!(Mark::from_loss(0.01), None);
    /// ```
    pub fn from_loss(loss: f64) -> Option<Mark> {
        if loss >= BLUNDER {
            Some(Mark::Blunder)
        } else if loss >= MISTAKE {
            Some(Mark::Mistake)
        } else if loss >= INACCURACY {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }

    /// `??`, `?` or `?!`.
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Blunder => "??",
            Mark::Mistake => "?",
            Mark::Inaccuracy => "?!",
        }
    }

    /// The PGN numeric annotation glyph: `$4` (??), `$2` (?) or `$6` (?!).
    pub fn nag(self) -> u8 {
        match self {
            Mark::Blunder => 4,
            Mark::Mistake => 2,
            Mark::Inaccuracy => 6,
        }
    }

    /// `Blunder`, `Mistake` or `Inaccuracy`.
    pub fn name(self) -> &'static str {
        match self {
            Mark::Blunder => "Blunder",
            Mark::Mistake => "Mistake",
            Mark::Inaccuracy => "Inaccuracy",
        }
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}
