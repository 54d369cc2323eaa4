//! Request parsing shared by the handlers: JSON bodies with the app's own error messages, and
//! the notation a client asks its moves to be written in.

use crate::error::{bad, server_words, ApiError};
use crate::shown::default_notation;
use axum::body::Bytes;
use chuhan::notation::Notation;
use chuhan::{Position, Problem, Setup, Variant};
use chuhan_i18n::Localize;
use serde::Deserialize;
use serde_json::Value;

/// Reads a JSON object body into `T`; an empty body is `{}`, so that every field's default
/// applies. Written by hand rather than with axum's `Json` extractor so that every refusal is
/// a 400 in the app's `{"error": ...}` shape (axum's answers are plain text with other codes).
pub fn parse_json<T: for<'de> Deserialize<'de>>(body: &Bytes) -> Result<T, ApiError> {
    let value: Value = if body.is_empty() {
        Value::Object(serde_json::Map::new())
    } else {
        serde_json::from_slice(body).map_err(|e| bad(format!("request body is not JSON: {e}")))?
    };
    if !value.is_object() {
        return Err(bad("request body: expected a JSON object"));
    }
    serde_json::from_value(value).map_err(|e| bad(format!("request body: {e}")))
}

/// The start position a request names: the variant's start without `fen`; with `relaxed`, a
/// composed position (pieces on points no game reaches, as problem books set them up) is
/// accepted, and what was accepted comes back in words for the page to show.
pub fn start_position(variant: Variant, fen: Option<&str>, relaxed: bool) -> Result<(Position, Vec<String>), ApiError> {
    let Some(fen) = fen else { return Ok((Position::new(variant), Vec::new())) };
    let (pos, accepted) = read_start(variant, fen, relaxed).map_err(|e| e.to_api())?;
    Ok((pos, accepted.iter().map(|p| p.describe(variant)).collect()))
}

/// Why a request's FEN is no start position, typed for the position editor, which words it in
/// the reader's language ([`crate::position`]); [`StartError::to_api`] is everyone else's.
pub enum StartError {
    /// Longer than any FEN.
    TooLong,
    /// Not FEN.
    Unreadable(chuhan::FenError),
    /// A setup with problems; `composed`: all of them pieces on points no game reaches, which
    /// `relaxed` would accept.
    NotAPosition { error: chuhan::PositionError, composed: bool },
}

impl StartError {
    /// The 400 every request but the editor's answers.
    pub fn to_api(&self) -> ApiError {
        match self {
            StartError::TooLong => bad("fen: too long").words("fen-too-long", Vec::new()),
            StartError::Unreadable(e) => fen_error(e, Variant::Xiangqi),
            // The strict reader's message (it names the FEN field), and a hint when relaxing
            // would help.
            StartError::NotAPosition { error, composed: false } => {
                fen_error(&chuhan::FenError::from(error.clone()), error.variant())
            }
            StartError::NotAPosition { error, composed: true } => {
                let (e, variant) = (chuhan::FenError::from(error.clone()), error.variant());
                bad(format!("fen: {e} (a composed position? send \"relaxed\": true)"))
                    .worded(|lang| server_words(lang, "fen-composed", &[("problem", e.localize(variant, lang).into())]))
            }
        }
    }
}

/// A FEN that does not read, as a 400: "fen: " and the reader's sentence in English, the
/// reader's sentence in the other languages (chuhan-i18n's `Localize`).
pub fn fen_error(e: &chuhan::FenError, variant: Variant) -> ApiError {
    bad(format!("fen: {e}")).worded(|lang| e.localize(variant, lang))
}

/// The position of `fen`, with the problems `relaxed` accepted (pieces on points no game
/// reaches, as problem books set them up).
pub fn read_start(variant: Variant, fen: &str, relaxed: bool) -> Result<(Position, Vec<Problem>), StartError> {
    if fen.len() > 200 {
        return Err(StartError::TooLong);
    }
    let setup: Setup = fen.parse().map_err(StartError::Unreadable)?;
    let error = match setup.position(variant) {
        Ok(pos) => return Ok((pos, Vec::new())),
        Err(e) => e,
    };
    let composed = error.is_composed();
    if relaxed && composed {
        let accepted = error.problems().to_vec();
        let pos = error.ignore_unreachable().map_err(|error| StartError::NotAPosition { error, composed: false })?;
        return Ok((pos, accepted));
    }
    Err(StartError::NotAPosition { error, composed })
}

/// `?notation=...` on the requests that write moves.
#[derive(Deserialize)]
pub struct NotationQuery {
    /// The notation's name (`wxf`, `iccs`, `chinese`, ...); absent or empty: the variant's usual one.
    pub notation: Option<String>,
}

/// The notation asked for, or the variant's usual one.
///
/// A notation of the other game (a browser remembers one choice for both) gives way to this
/// game's default rather than writing moves it cannot name; only a name that is no notation
/// at all is refused.
pub fn pick_notation(asked: Option<&str>, variant: Variant) -> Result<Notation, ApiError> {
    match asked {
        None | Some("") => Ok(default_notation(variant)),
        Some(n) => {
            let n: Notation = n.parse().map_err(|e| bad(format!("notation: {e}")))?;
            Ok(if n.applies_to(variant) { n } else { default_notation(variant) })
        }
    }
}
