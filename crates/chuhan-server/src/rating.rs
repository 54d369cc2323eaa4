//! Player names and Elo ratings (the seeds' 等級分): the names a server accepts here; the
//! ratings' arithmetic is the store's ([`chuhan_db::live::rating`]), re-exported.
//!
//! Which games count: a friend game whose creator asked for a rated game and whose two seats
//! were taken under two different names. Engine games are never rated: the engine's levels
//! are not calibrated against people, so any rating given to them would be invented.
//!
//! A name is not an account: nothing proves that whoever types a name is the person who used
//! it before. Ratings here are for friends who trust each other, not for a public ladder.

pub use chuhan_db::live::rating::{
    expected, k_factor, red_score, same_name, update, PlayerRating, RatingChange, INITIAL,
};

/// The longest name, in characters.
pub const MAX_NAME: usize = 24;

/// Why a name was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NameError {
    /// Longer than [`MAX_NAME`] characters.
    #[error("name: at most {MAX_NAME} characters")]
    TooLong,
    /// A character outside the names' alphabet.
    #[error("name: {0:?} is not allowed (letters, digits, spaces, _ - . only)")]
    BadChar(char),
}

/// Checks a player's name: trimmed, 1 to [`MAX_NAME`] characters of letters, digits, spaces
/// and `_ - .`; an empty or missing name means "no name" (`Ok(None)`). Names are shown with
/// `textContent` only, but a narrow alphabet also keeps them readable in lists and PGN.
pub fn check_name(name: Option<&str>) -> Result<Option<String>, NameError> {
    let Some(name) = name.map(str::trim).filter(|n| !n.is_empty()) else { return Ok(None) };
    if name.chars().count() > MAX_NAME {
        return Err(NameError::TooLong);
    }
    if let Some(c) = name.chars().find(|&c| !(c.is_alphanumeric() || c == ' ' || c == '_' || c == '-' || c == '.')) {
        return Err(NameError::BadChar(c));
    }
    // One space between words, so that names that look the same are the same.
    Ok(Some(name.split_whitespace().collect::<Vec<_>>().join(" ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked() {
        assert_eq!(check_name(Some("  王天一  ")).unwrap().as_deref(), Some("王天一"));
        assert_eq!(check_name(Some("Ann   Lee")).unwrap().as_deref(), Some("Ann Lee"));
        assert_eq!(check_name(Some("   ")).unwrap(), None);
        assert_eq!(check_name(None).unwrap(), None);
        for bad in ["<script>", "a\u{0}b", "x\ny", "&amp;", &"n".repeat(25)] {
            assert!(check_name(Some(bad)).is_err(), "{bad:?}");
        }
        assert!(same_name("Ann", "aNN") && !same_name("Ann", "Anne"));
    }
}
