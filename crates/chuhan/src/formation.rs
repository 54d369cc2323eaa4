//! Janggi's start positions.
//!
//! Before a janggi game each player chooses how to set out the horses (馬) and elephants (象)
//! of the back rank. The four formations played in South Korea swap them on either wing; the
//! fifth, the "mobile chariot" setup (機動車) played in the North, swaps the elephants with the
//! chariots. Left and right are as the player sees them from behind their own pieces, so Han's
//! left is file i.

use crate::position::Position;
use crate::variant::Variant;
use std::fmt;
use std::str::FromStr;

/// One player's back-rank order.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum JanggiFormation {
    /// 外象 — elephants outside: chariot, elephant, horse | horse, elephant, chariot.
    OuterElephants,
    /// 內象 — elephants inside: chariot, horse, elephant | elephant, horse, chariot
    /// (Fairy-Stockfish's default, `RNBA1ABNR`).
    InnerElephants,
    /// 左象 — elephant outside on the left wing: chariot, elephant, horse | elephant, horse, chariot.
    LeftElephant,
    /// 右象 — elephant outside on the right wing: chariot, horse, elephant | horse, elephant, chariot.
    RightElephant,
    /// 機動車 — chariots inside the elephants and horses: elephant, horse, chariot | chariot,
    /// horse, elephant (not played in South Korea).
    MobileChariots,
}

impl JanggiFormation {
    /// Every formation.
    pub const ALL: [JanggiFormation; 5] = [
        JanggiFormation::OuterElephants,
        JanggiFormation::InnerElephants,
        JanggiFormation::LeftElephant,
        JanggiFormation::RightElephant,
        JanggiFormation::MobileChariots,
    ];

    /// The back rank from the player's left to right, in FEN letters (upper case).
    pub const fn back_rank(self) -> &'static str {
        match self {
            JanggiFormation::OuterElephants => "RBNA1ANBR",
            JanggiFormation::InnerElephants => "RNBA1ABNR",
            JanggiFormation::LeftElephant => "RBNA1ABNR",
            JanggiFormation::RightElephant => "RNBA1ANBR",
            JanggiFormation::MobileChariots => "BNRA1ARNB",
        }
    }

    /// The name used on command lines: `outer`, `inner`, `left`, `right`, `mobile`.
    pub const fn name(self) -> &'static str {
        match self {
            JanggiFormation::OuterElephants => "outer",
            JanggiFormation::InnerElephants => "inner",
            JanggiFormation::LeftElephant => "left",
            JanggiFormation::RightElephant => "right",
            JanggiFormation::MobileChariots => "mobile",
        }
    }
}

impl fmt::Display for JanggiFormation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a janggi formation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown janggi formation {0:?}: expected outer, inner, left, right or mobile")]
pub struct ParseFormationError(pub String);

impl FromStr for JanggiFormation {
    type Err = ParseFormationError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        JanggiFormation::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseFormationError(s.to_string()))
    }
}

/// Both players' formations: a janggi start position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct JanggiSetup {
    /// The first mover's (楚) formation.
    pub cho: JanggiFormation,
    /// The second mover's (漢) formation.
    pub han: JanggiFormation,
}

impl JanggiSetup {
    /// The start position's FEN, Cho to move.
    pub fn fen(self) -> String {
        // Han's left is file i: its back rank, written from file a, is its own order reversed.
        let han: String = self.han.back_rank().chars().rev().collect::<String>().to_ascii_lowercase();
        format!("{han}/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/{} w - - 0 1", self.cho.back_rank())
    }

    /// The start position.
    pub fn position(self) -> Position {
        Position::from_fen(Variant::Janggi, &self.fen()).expect("every formation gives a valid FEN")
    }
}

impl Default for JanggiSetup {
    fn default() -> Self {
        JanggiSetup { cho: JanggiFormation::InnerElephants, han: JanggiFormation::InnerElephants }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_setup_is_the_standard_start() {
        assert_eq!(JanggiSetup::default().fen(), Variant::Janggi.start_fen());
    }

    #[test]
    fn every_pair_builds() {
        for cho in JanggiFormation::ALL {
            for han in JanggiFormation::ALL {
                let pos = JanggiSetup { cho, han }.position();
                assert_eq!(pos.to_fen(), JanggiSetup { cho, han }.fen());
            }
        }
        let s = JanggiSetup { cho: JanggiFormation::LeftElephant, han: JanggiFormation::LeftElephant };
        assert!(s.fen().starts_with("rnba1anbr/"));
        assert!(s.fen().contains("/RBNA1ABNR w"));
    }
}
