//! Rule sets: which endings apply and how repetitions are judged.

use crate::variant::Variant;
use std::fmt;
use std::str::FromStr;

/// How xiangqi repetitions are judged.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum XiangqiRules {
    /// Asian Xiangqi Federation / World Xiangqi Federation rules: perpetual check and
    /// perpetual chase lose; perpetual mate threats are allowed.
    #[default]
    Axf,
    /// Chinese Xiangqi Association rules: as AXF, and perpetual mate threats lose too.
    Cxa,
    /// A simple rule set for computer play: perpetual check loses, every other repetition is
    /// a draw.
    Computer,
}

/// How janggi games end when no side is mated.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum JanggiRules {
    /// The Korea Janggi Association's modern rules (Fairy-Stockfish's `janggi`): two passes,
    /// a standing bikjang, repetition and the move limit end the game by point counting
    /// (Han +1.5, so there are no draws); perpetual check loses.
    #[default]
    Modern,
    /// Traditional rules: bikjang and other endings are draws, no counting; three checks in
    /// a row by the same piece are a draw.
    Traditional,
    /// Casual rules: no bikjang rule and no counting; other endings are draws.
    Casual,
}

/// Everything that decides how a game ends.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// How xiangqi repetitions are judged (used when the game is xiangqi).
    pub xiangqi: XiangqiRules,
    /// How janggi's endings are scored (used when the game is janggi).
    pub janggi: JanggiRules,
    /// How many times a position must occur before the repetition is judged (at least 2).
    pub repetitions: u32,
    /// Moves (by each side) without a capture before the game is drawn or counted; `None`
    /// turns the rule off. Default 60 for xiangqi, 100 for janggi.
    pub move_limit: Option<u32>,
    /// In that stretch, checks by one side beyond this many do not count (xiangqi: 10).
    pub counted_checks: u32,
}

impl Rules {
    /// The default rules of `variant`.
    pub fn for_variant(variant: Variant) -> Rules {
        Rules {
            xiangqi: XiangqiRules::Axf,
            janggi: JanggiRules::Modern,
            repetitions: 3,
            move_limit: Some(match variant {
                Variant::Xiangqi => 60,
                Variant::Janggi => 100,
            }),
            counted_checks: 10,
        }
    }
}

impl Rules {
    /// The rules of `variant` with the rule set `name`: how repetitions are judged in xiangqi
    /// (`axf`, `cxa`, `computer`) or how janggi's endings are scored (`modern`,
    /// `traditional`, `casual`); any case, with the aliases [`XiangqiRules`] and
    /// [`JanggiRules`] read. The one reading of a rule-set name that the command line and the
    /// Python and JavaScript packages share, so they refuse a wrong one in the same words.
    ///
    /// ```
    /// use chuhan::{game::XiangqiRules, Rules, Variant};
    /// assert_eq!(Rules::named(Variant::Xiangqi, "CXA")?.xiangqi, XiangqiRules::Cxa);
    /// let e = Rules::named(Variant::Xiangqi, "modern").unwrap_err();
    /// assert_eq!(e.to_string(), "\"modern\" is a janggi rule set, not a xiangqi rule set: expected axf, cxa or computer");
    /// # Ok::<(), chuhan::game::RulesNameError>(())
    /// ```
    pub fn named(variant: Variant, name: &str) -> Result<Rules, RulesNameError> {
        let mut rules = Rules::for_variant(variant);
        let (mine, other) = match variant {
            Variant::Xiangqi => {
                (name.parse::<XiangqiRules>().map(|r| rules.xiangqi = r), name.parse::<JanggiRules>().is_ok())
            }
            Variant::Janggi => {
                (name.parse::<JanggiRules>().map(|r| rules.janggi = r), name.parse::<XiangqiRules>().is_ok())
            }
        };
        match mine {
            Ok(()) => Ok(rules),
            Err(_) if other => Err(RulesNameError::OtherGame { variant, name: name.to_string() }),
            Err(_) => Err(RulesNameError::Unknown { variant, name: name.to_string() }),
        }
    }
}

/// The rule-set names of `variant`, for messages.
fn expected(variant: Variant) -> &'static str {
    match variant {
        Variant::Xiangqi => "axf, cxa or computer",
        Variant::Janggi => "modern, traditional or casual",
    }
}

/// Why [`Rules::named`] refused a name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesNameError {
    /// No rule set of either game has this name.
    #[error("unknown {variant} rule set {name:?}: expected {}", expected(*variant))]
    Unknown {
        /// The game the rules were asked for.
        variant: Variant,
        /// The name as given.
        name: String,
    },
    /// The name is the other game's rule set (`modern` asked for xiangqi).
    #[error("{name:?} is a {} rule set, not a {variant} rule set: expected {}", other_game(*variant), expected(*variant))]
    OtherGame {
        /// The game the rules were asked for.
        variant: Variant,
        /// The name as given.
        name: String,
    },
}

fn other_game(variant: Variant) -> Variant {
    match variant {
        Variant::Xiangqi => Variant::Janggi,
        Variant::Janggi => Variant::Xiangqi,
    }
}

/// A rule-set name that is not known.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown rule set {0:?}: expected axf, cxa or computer (xiangqi), modern, traditional or casual (janggi)")]
pub struct ParseRulesError(pub String);

impl FromStr for XiangqiRules {
    type Err = ParseRulesError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "axf" | "wxf" | "asian" => Ok(XiangqiRules::Axf),
            "cxa" | "chinese" => Ok(XiangqiRules::Cxa),
            "computer" | "simple" => Ok(XiangqiRules::Computer),
            _ => Err(ParseRulesError(s.to_string())),
        }
    }
}

impl FromStr for JanggiRules {
    type Err = ParseRulesError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "modern" | "kja" => Ok(JanggiRules::Modern),
            "traditional" => Ok(JanggiRules::Traditional),
            "casual" => Ok(JanggiRules::Casual),
            _ => Err(ParseRulesError(s.to_string())),
        }
    }
}

impl fmt::Display for XiangqiRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            XiangqiRules::Axf => "axf",
            XiangqiRules::Cxa => "cxa",
            XiangqiRules::Computer => "computer",
        })
    }
}

impl fmt::Display for JanggiRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            JanggiRules::Modern => "modern",
            JanggiRules::Traditional => "traditional",
            JanggiRules::Casual => "casual",
        })
    }
}

#[cfg(test)]
mod named_tests {
    use super::*;

    #[test]
    fn a_name_is_read_for_its_game_and_refused_for_the_other() {
        assert_eq!(Rules::named(Variant::Janggi, "Casual").unwrap().janggi, JanggiRules::Casual);
        assert_eq!(Rules::named(Variant::Xiangqi, "wxf").unwrap().xiangqi, XiangqiRules::Axf);
        assert_eq!(Rules::named(Variant::Janggi, "modern").unwrap(), Rules::for_variant(Variant::Janggi));
        assert_eq!(
            Rules::named(Variant::Xiangqi, "fide").unwrap_err().to_string(),
            "unknown xiangqi rule set \"fide\": expected axf, cxa or computer"
        );
        assert_eq!(
            Rules::named(Variant::Janggi, "axf").unwrap_err(),
            RulesNameError::OtherGame { variant: Variant::Janggi, name: "axf".into() }
        );
    }
}
