//! `POST /api/position`: checks a position as the position editor changes it. The same check
//! as every request that takes a FEN ([`crate::params::start_position`]), but a position with a
//! problem is an answer (`ok: false` and the problem in words), not a refused request: the
//! editor asks after every click, and a half-built position is normal there.

use crate::error::ApiError;
use crate::params::{parse_json, read_start, StartError};
use crate::wire::{CheckRequest, Flag, PositionCheck};
use axum::body::Bytes;
use axum::http::HeaderMap;
use axum::Json;
use chuhan::{Game, Rules, Variant};
use chuhan_i18n::{Lang, Localize};

/// Answers `{"ok": true, "accepted": [...], "over": null}` (what a composed position was
/// accepted with, and the ruling when its game is already over) or `{"ok": false, "problem":
/// "..."}`, in the request's language (the `lang` cookie, else `Accept-Language`); a body that
/// is not such a request is a 400.
pub async fn check(headers: HeaderMap, body: Bytes) -> Result<Json<PositionCheck>, ApiError> {
    let lang = crate::lang::of_request(&headers);
    let req: CheckRequest = parse_json(&body)?;
    let variant = req.variant.unwrap_or(Variant::Xiangqi);
    Ok(Json(match read_start(variant, &req.fen, req.relaxed) {
        Ok((pos, accepted)) => {
            // A position can be sound and still leave no game to play (the move-count rule
            // spent, mate): said here, so the editor can tell before a game is refused.
            let over = Game::new(pos, Rules::for_variant(variant)).outcome().map(|o| match lang {
                Lang::En => o.describe(variant),
                _ => o.localize(variant, lang),
            });
            let accepted = accepted.iter().map(|p| p.localize(variant, lang)).collect();
            PositionCheck::Sound { ok: Flag, accepted, over }
        }
        // A setup's problems in the reader's words; English keeps the strict reader's sentence
        // (it names the FEN field) and its hint.
        Err(StartError::NotAPosition { error, .. }) if lang != Lang::En => {
            let problems: Vec<String> = error.problems().iter().map(|p| p.localize(variant, lang)).collect();
            PositionCheck::Problem {
                ok: Flag,
                problem: problems.join(if matches!(lang, Lang::ZhHans | Lang::ZhHant) { "；" } else { "; " }),
            }
        }
        Err(e) => PositionCheck::Problem { ok: Flag, problem: e.to_api().message_in(lang) },
    }))
}
