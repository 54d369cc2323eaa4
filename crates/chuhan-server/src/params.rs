//! Request parsing shared by the handlers: JSON bodies with the app's own error messages, and
//! the notation a client asks its moves to be written in.

use crate::error::{bad, ApiError};
use crate::room::default_notation;
use axum::body::Bytes;
use chuhan::notation::Notation;
use chuhan::Variant;
use serde::Deserialize;
use serde_json::{json, Value};

/// Reads a JSON object body into `T`; an empty body is `{}`, so that every field's default
/// applies. Written by hand rather than with axum's `Json` extractor so that every refusal is
/// a 400 in the app's `{"error": ...}` shape (axum's answers are plain text with other codes).
pub fn parse_json<T: for<'de> Deserialize<'de>>(body: &Bytes) -> Result<T, ApiError> {
    let value: Value = if body.is_empty() {
        json!({})
    } else {
        serde_json::from_slice(body).map_err(|e| bad(format!("request body is not JSON: {e}")))?
    };
    if !value.is_object() {
        return Err(bad("request body: expected a JSON object"));
    }
    serde_json::from_value(value).map_err(|e| bad(format!("request body: {e}")))
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
