//! The words JavaScript callers pass for variants, notations, rule sets and sides, read into
//! the rules crate's types with errors that list what is accepted.

use crate::error::{Error, Result};
use chuhan::game::Rules;
use chuhan::notation::Notation;
use chuhan::{Move, Side, Variant};
use std::fmt::Write;

/// `xiangqi` (the default when absent) or `janggi`.
pub fn variant(name: Option<&str>) -> Result<Variant> {
    Ok(match name {
        None => Variant::Xiangqi,
        Some(n) => n.parse()?,
    })
}

/// A notation by the name the command line uses (`chinese`, `wxf`, `uci`...).
pub fn notation(name: &str) -> Result<Notation> {
    name.parse::<Notation>().map_err(|_| {
        let names: Vec<&str> = Notation::ALL.iter().map(|n| n.name()).collect();
        Error::new(format!("unknown notation {name:?}: expected one of {}", names.join(", ")))
    })
}

/// The rules of `variant` with the repetition rule set (xiangqi: `axf`, `cxa`, `computer`) or
/// scoring (janggi: `modern`, `traditional`, `casual`) named; the variant's defaults when
/// absent.
pub fn rules(variant: Variant, name: Option<&str>) -> Result<Rules> {
    match name {
        Some(name) => Rules::named(variant, name).map_err(|e| Error::new(e.to_string())),
        None => Ok(Rules::for_variant(variant)),
    }
}

/// The name of the rule set in force for `variant`.
pub fn rules_name(variant: Variant, rules: &Rules) -> String {
    match variant {
        Variant::Xiangqi => rules.xiangqi.to_string(),
        Variant::Janggi => rules.janggi.to_string(),
    }
}

/// A side in the variant's words (`red`/`black`, `cho`/`han`), or `first`/`second`.
pub fn side(variant: Variant, name: &str) -> Result<Side> {
    let n = name.to_ascii_lowercase();
    let found = match n.as_str() {
        "first" => Some(Side::First),
        "second" => Some(Side::Second),
        _ => Side::BOTH.into_iter().find(|s| s.name(variant) == n),
    };
    found.ok_or_else(|| {
        Error::new(format!(
            "unknown side {name:?}: expected {}, {}, first or second",
            Side::First.name(variant),
            Side::Second.name(variant)
        ))
    })
}

/// A move in coordinates, ranks 0–9 (`h2e2`; `h2-e2` and upper case are read too).
pub fn coords(text: &str) -> Result<Move> {
    Ok(text.parse::<Move>()?)
}

/// Appends `m` in coordinates (`h2e2`) without going through `format!`: the legal-move list
/// writes tens of these per call.
pub fn push_coords(out: &mut String, m: Move) {
    for sq in [m.from, m.to] {
        out.push(sq.file_char());
        out.push(char::from(b'0' + sq.rank()));
    }
}

/// `m` in coordinates.
pub fn coords_string(m: Move) -> String {
    let mut s = String::with_capacity(4);
    push_coords(&mut s, m);
    s
}

/// Moves in coordinates, separated by single spaces.
pub fn joined(moves: impl IntoIterator<Item = Move>) -> String {
    let mut out = String::new();
    for m in moves {
        if !out.is_empty() {
            out.push(' ');
        }
        push_coords(&mut out, m);
    }
    out
}

/// The notations that apply to `variant`, by name.
pub fn notation_names(variant: Variant) -> String {
    let mut out = String::new();
    for n in Notation::for_variant(variant) {
        if !out.is_empty() {
            out.push(' ');
        }
        let _ = write!(out, "{n}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use chuhan::game::{JanggiRules, XiangqiRules};

    #[test]
    fn sides_in_each_game_s_words() {
        assert_eq!(side(Variant::Xiangqi, "Red").unwrap(), Side::First);
        assert_eq!(side(Variant::Xiangqi, "black").unwrap(), Side::Second);
        assert_eq!(side(Variant::Janggi, "han").unwrap(), Side::Second);
        assert_eq!(side(Variant::Janggi, "first").unwrap(), Side::First);
        assert_eq!(side(Variant::Janggi, "second").unwrap(), Side::Second);
        let e = side(Variant::Janggi, "red").unwrap_err();
        assert_eq!(e.0, "unknown side \"red\": expected cho, han, first or second");
    }

    #[test]
    fn rule_sets_by_variant() {
        assert_eq!(rules(Variant::Xiangqi, Some("cxa")).unwrap().xiangqi, XiangqiRules::Cxa);
        assert_eq!(rules(Variant::Janggi, Some("casual")).unwrap().janggi, JanggiRules::Casual);
        assert!(rules(Variant::Janggi, Some("cxa")).unwrap_err().0.contains("modern, traditional or casual"));
        assert_eq!(rules_name(Variant::Janggi, &rules(Variant::Janggi, None).unwrap()), "modern");
    }

    #[test]
    fn moves_in_coordinates() {
        let ms = ["h2e2", "a0a1", "i9i8"].map(|t| coords(t).unwrap());
        assert_eq!(joined(ms), "h2e2 a0a1 i9i8");
        assert_eq!(joined([]), "");
        assert_eq!(coords_string(coords("H2-E2").unwrap()), "h2e2");
        assert!(coords("h2").unwrap_err().0.contains("expected two squares"));
    }

    #[test]
    fn unknown_names_list_the_known_ones() {
        assert!(notation("klingon").unwrap_err().0.contains("chinese, chinese-traditional, wxf"));
        assert!(variant(Some("chess")).unwrap_err().0.contains("expected xiangqi or janggi"));
        assert_eq!(variant(None).unwrap(), Variant::Xiangqi);
        assert_eq!(notation_names(Variant::Janggi), "iccs uci uci1 algebraic lan janggi janggi-fsf janggi-hangul");
    }
}
