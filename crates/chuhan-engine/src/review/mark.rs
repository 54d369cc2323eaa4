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

/// The loss of win probability (0–1) that makes a move a blunder: 0.20. lichess uses 0.15
/// (0.3 on its −1…+1 scale of winning chances); ours are wider because the review's search is
/// short (20,000 nodes) and its curve steep: on 50 master games the engine's *own* moves lost
/// 0.15 or more by the search's noise alone 2.2 % of the time, 0.20 or more 0.8 %
/// (BENCHMARKS.md, "Review").
pub const BLUNDER: f64 = 0.20;
/// The loss that makes a move a mistake: 0.15 (lichess: 0.10; the engine's own moves reach it
/// 2.2 % of the time, 0.10 5.1 %).
pub const MISTAKE: f64 = 0.15;
/// The loss that makes a move an inaccuracy: 0.10 (lichess: 0.05, which 15.7 % of the engine's
/// own moves reach by noise; 0.10, 5.1 %).
pub const INACCURACY: f64 = 0.10;

impl Mark {
    /// The mark a loss of `loss` (0–1) earns, or `None` for a good move.
    ///
    /// ```
    /// use chuhan_engine::review::Mark;
    /// assert_eq!(Mark::from_loss(0.4), Some(Mark::Blunder));
    /// assert_eq!(Mark::from_loss(0.17), Some(Mark::Mistake));
    /// assert_eq!(Mark::from_loss(0.11), Some(Mark::Inaccuracy));
    /// assert_eq!(Mark::from_loss(0.06), None);
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
