//! `POST /api/position`: checks a position as the position editor changes it. The same check
//! as every request that takes a FEN ([`crate::params::start_position`]), but a position with a
//! problem is an answer (`ok: false` and the problem in words), not a refused request: the
//! editor asks after every click, and a half-built position is normal there.

use crate::error::ApiError;
use crate::params::{parse_json, start_position};
use crate::wire::{CheckRequest, Flag, PositionCheck};
use axum::body::Bytes;
use axum::Json;
use chuhan::{Game, Rules, Variant};

/// Answers `{"ok": true, "accepted": [...], "over": null}` (what a composed position was
/// accepted with, and the ruling in words when its game is already over) or
/// `{"ok": false, "problem": "..."}`; a body that is not such a request is a 400.
pub async fn check(body: Bytes) -> Result<Json<PositionCheck>, ApiError> {
    let req: CheckRequest = parse_json(&body)?;
    let variant = req.variant.unwrap_or(Variant::Xiangqi);
    Ok(Json(match start_position(variant, Some(&req.fen), req.relaxed) {
        Ok((pos, accepted)) => {
            // A position can be sound and still leave no game to play (the move-count rule
            // spent, mate): said here, so the editor can tell before a game is refused.
            let over = Game::new(pos, Rules::for_variant(variant)).outcome().map(|o| o.describe(variant));
            PositionCheck::Sound { ok: Flag, accepted, over }
        }
        Err(e) => PositionCheck::Problem { ok: Flag, problem: e.message().to_string() },
    }))
}
