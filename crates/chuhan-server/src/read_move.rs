//! `POST /api/read-move`: reads a move typed in any notation of the game (Chinese 炮二平五, WXF
//! C2=5, ICCS h2-e2, UCI h2e2, janggi numeric…) with [`Notation::parse_any`], for the move box
//! of the game page and the analysis board. The page then plays the move it gets back as a
//! click on the board would, so the move's legality in the game itself is still the game's
//! to decide. A text that is no legal move is an answer (`ok: false` and why, in the request's
//! language), not a refused request: a typo is normal in a text box.

use crate::error::{bad, ApiError};
use crate::params::{parse_json, pick_notation, start_position};
use crate::shown::move_text;
use crate::wire::{Flag, ReadMove, ReadRequest};
use axum::body::Bytes;
use axum::http::HeaderMap;
use axum::Json;
use chuhan::notation::{Notation, NotationError};
use chuhan::Variant;
use chuhan_i18n::{tr, Domain, FluentArgs, Localize};

/// The longest move text read: the longest notation writes a move in about 20 bytes.
const MAX_TEXT: usize = 64;

/// Answers `{"ok": true, "move": "h2e2", "text": "炮二平五"}` or `{"ok": false, "problem":
/// "..."}`, the problem worded in the request's language (the `lang` cookie, else
/// `Accept-Language`); a body that is not such a request, or a position that is none, is a 400.
pub async fn read(headers: HeaderMap, body: Bytes) -> Result<Json<ReadMove>, ApiError> {
    let lang = crate::lang::of_request(&headers);
    let req: ReadRequest = parse_json(&body)?;
    let variant = req.variant.unwrap_or(Variant::Xiangqi);
    let (pos, _) = start_position(variant, Some(&req.fen), req.relaxed)?;
    let notation = pick_notation(req.notation.as_deref(), variant)?;
    let text = req.text.trim();
    if text.is_empty() {
        let problem = tr(lang, Domain::Server, "read-move-empty", None);
        return Ok(Json(ReadMove::Unread { ok: Flag, problem }));
    }
    if text.len() > MAX_TEXT {
        return Err(bad(format!("text: longer than {MAX_TEXT} bytes")));
    }
    Ok(Json(match Notation::parse_any(&pos, text) {
        Ok(m) => ReadMove::Read { ok: Flag, mv: m.to_string(), text: move_text(notation, &pos, m) },
        // Janggi's facing generals leave only the moves that break it, and a pass: a move that
        // fits nothing else is most likely refused for that, so say it.
        Err(e @ NotationError::Illegal { .. }) if pos.in_bikjang() => {
            let mut args = FluentArgs::new();
            args.set("problem", e.localize(variant, lang));
            ReadMove::Unread { ok: Flag, problem: tr(lang, Domain::Server, "read-move-bikjang", Some(&args)) }
        }
        Err(e) => ReadMove::Unread { ok: Flag, problem: e.localize(variant, lang) },
    }))
}
