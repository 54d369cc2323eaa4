//! The analysis board's one request: play moves from a position, then let the engine look at
//! the result for a moment and report its best lines (MultiPV).
//!
//! It is stateless: the browser keeps the line and sends it whole, so nothing is stored and
//! nothing can be left behind. Searches are few at a time, short and bounded, since each holds
//! a CPU core.

use crate::app::{internal, parse_json, pick_notation, ApiError, AppState};
use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use chuhan::notation::Notation;
use chuhan::{Game, Move, Position, Rules, Variant};
use chuhan_engine::eval::Classic;
use chuhan_engine::search::{search, Limits, Report, Shared, MATE, MATE_BOUND};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// At most this many searches at once, over all clients; more are refused with 503.
pub const MAX_SEARCHES: usize = 2;
const MAX_MILLIS: u64 = 3000;
const MAX_MULTIPV: usize = 5;
const MAX_MOVES: usize = 1000;

/// The searches running now.
pub fn searches() -> Semaphore {
    Semaphore::new(MAX_SEARCHES)
}

#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
struct AnalyseRequest {
    variant: Option<String>,
    /// The start; the variant's standard start if absent.
    fen: Option<String>,
    /// Moves from the start, as coordinates (`h2e2`).
    moves: Vec<String>,
    /// How long the engine looks, in milliseconds (0: no search, only the position).
    millis: Option<u64>,
    multipv: Option<usize>,
    notation: Option<String>,
}

fn bad(msg: impl Into<String>) -> ApiError {
    ApiError(StatusCode::BAD_REQUEST, msg.into())
}

/// A line's score for the eval bar: centipawns from Red's (Cho's) side, or mate in moves
/// (positive when Red mates).
fn score(r: &Report, red_to_move: bool) -> Value {
    let sign = if red_to_move { 1 } else { -1 };
    if r.score > MATE_BOUND {
        json!({ "mate": sign * (MATE - r.score + 1) / 2 })
    } else if r.score < -MATE_BOUND {
        json!({ "mate": -sign * (MATE + r.score) / 2 })
    } else {
        json!({ "cp": sign * r.score })
    }
}

/// Moves of `pv` from `pos` in `notation`, as long as they are legal.
fn line(pos: &Position, pv: &[Move], notation: Notation) -> Vec<Value> {
    let mut p = pos.clone();
    let mut out = Vec::new();
    for &m in pv {
        if !p.is_legal(m) {
            break;
        }
        out.push(json!({ "mv": m.to_string(), "text": notation.format(&p, m) }));
        p.play(m);
    }
    out
}

pub async fn analyse(State(state): State<Arc<AppState>>, body: Bytes) -> Result<Json<Value>, ApiError> {
    let req: AnalyseRequest = parse_json(&body)?;
    let variant: Variant =
        req.variant.as_deref().unwrap_or("xiangqi").parse().map_err(|e| bad(format!("variant: {e}")))?;
    let notation = pick_notation(req.notation.as_deref(), variant)?;
    if req.moves.len() > MAX_MOVES {
        return Err(bad(format!("moves: at most {MAX_MOVES}")));
    }
    let start = match &req.fen {
        Some(fen) if fen.len() > 200 => return Err(bad("fen: too long")),
        Some(fen) => Position::from_fen(variant, fen).map_err(|e| bad(format!("fen: {e}")))?,
        None => Position::new(variant),
    };
    let mut game = Game::new(start, Rules::for_variant(variant));
    let mut moves = Vec::with_capacity(req.moves.len());
    for (i, text) in req.moves.iter().enumerate() {
        let m: Move = text.parse().map_err(|e| bad(format!("move {}: {e}", i + 1)))?;
        let before = game.position().clone();
        game.play(m).map_err(|e| bad(format!("move {} ({text}): {e}", i + 1)))?;
        moves.push(json!({ "mv": m.to_string(), "text": notation.format(&before, m) }));
    }
    let pos = game.position().clone();
    let end =
        game.outcome().map(|o| json!({ "result": crate::room::pgn_result(o.result), "reason": o.describe(variant) }));
    let millis = req.millis.unwrap_or(1000).min(MAX_MILLIS);
    let multipv = req.multipv.unwrap_or(3).clamp(1, MAX_MULTIPV);
    let mut lines = Vec::new();
    if end.is_none() && millis > 0 {
        let Ok(_permit) = state.searches.try_acquire() else {
            return Err(ApiError(StatusCode::SERVICE_UNAVAILABLE, "the engine is busy: try again in a moment".into()));
        };
        let p = pos.clone();
        let reports = tokio::task::spawn_blocking(move || {
            let limits = Limits {
                hard: Some(Duration::from_millis(millis)),
                soft: Some(Duration::from_millis(millis)),
                multipv,
                depth: Some(64),
                ..Limits::default()
            };
            let shared = Shared::new(16);
            // The lines of the last depth completed, by MultiPV rank.
            let mut best: Vec<Option<Report>> = vec![None; multipv];
            search(&p, &shared, &Classic, &limits, 1, |r| {
                if let Some(slot) = best.get_mut(r.multipv.saturating_sub(1)) {
                    *slot = Some(r.clone());
                }
            });
            best
        })
        .await
        .map_err(|e| internal(anyhow::anyhow!("the search failed: {e}")))?;
        let red = pos.turn().index() == 0;
        for r in reports.into_iter().flatten() {
            lines.push(json!({ "depth": r.depth, "score": score(&r, red), "pv": line(&pos, &r.pv, notation) }));
        }
    }
    Ok(Json(json!({
        "variant": variant.name(),
        "start_fen": game.start().to_fen(),
        "fen": pos.to_fen(),
        "turn": pos.turn().index(),
        "check": pos.is_check(),
        "sides": [chuhan::Side::First.name(variant), chuhan::Side::Second.name(variant)],
        "moves": moves,
        "legal": if end.is_some() { Vec::new() } else { pos.legal_moves().iter().map(|m| m.to_string()).collect::<Vec<_>>() },
        "end": end,
        "lines": lines,
        "notation": notation.name(),
        "notations": Notation::for_variant(variant).iter().map(|n| n.name()).collect::<Vec<_>>(),
    })))
}
