//! The lobby's open challenges ("seeks"): friend games whose creator offered them to anyone.
//!
//! A seek is no separate object but a view of the rooms in memory: a friend game created with
//! `open`, not over, with a free seat, whose creator has the game's page open (a WebSocket on
//! their seat). So it goes from the list by itself when someone takes the seat (through the
//! ordinary `POST /api/games/{id}/join`), when the creator closes the page, or when the
//! creator withdraws it here.

use crate::error::{bad, ApiError};
use crate::params::parse_json;
use crate::room::{Mode, Room};
use crate::state::AppState;
use crate::wire::{Seek, SeekRequest, SeekState, Seeks};
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use std::sync::Arc;

/// The most seeks listed, newest first.
const MAX_LISTED: usize = 100;

/// Room `room` as a seek, if it is one now: its id, game, time control (PGN's `TimeControl`),
/// the creator's name and rating at this game, and the side a taker gets.
pub fn listing(room: &Room) -> Option<Seek> {
    if !room.seek || room.mode != Mode::Friend || room.is_over() {
        return None;
    }
    let free = room.tokens.iter().find(|(_, t)| t.is_none()).map(|(s, _)| s)?;
    let creator = !free;
    if room.present[creator] == 0 {
        return None;
    }
    let control = room.clocks.as_ref().map(chuhan::clock::Clocks::control);
    Some(Seek {
        id: room.id.clone(),
        variant: room.variant.name(),
        time_control: crate::pgn_tags::time_control(control.as_ref()),
        name: room.names[creator].clone(),
        rating: room.ratings[creator].map(f64::round),
        rated: room.rated,
        side: free.index(),
        side_name: free.name(room.variant),
        created: room.created,
        url: format!("/game/{}", room.id),
    })
}

/// `GET /api/seeks`: the open challenges, newest first.
pub async fn list(State(state): State<Arc<AppState>>) -> Json<Seeks> {
    let mut seeks: Vec<Seek> = state.all_in_memory().iter().filter_map(|l| listing(&l.lock())).collect();
    seeks.sort_by_key(|s| std::cmp::Reverse(s.created));
    seeks.truncate(MAX_LISTED);
    Json(Seeks { seeks })
}

/// `POST /api/games/{id}/seek`: the creator offers their friend game to anyone, or withdraws it.
pub async fn set(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<Json<SeekState>, ApiError> {
    let req: SeekRequest = parse_json(&body)?;
    let live = state.get(&id).await?;
    let mut room = live.lock();
    if room.seat_of(&req.token).is_none() {
        return Err(ApiError::new(StatusCode::FORBIDDEN, "this token has no seat in this game"));
    }
    if req.open && room.mode != Mode::Friend {
        return Err(bad("only a friend game can be offered to anyone"));
    }
    if req.open && (room.is_over() || room.tokens.iter().all(|(_, t)| t.is_some())) {
        return Err(ApiError::conflict("both seats are taken or the game is over: nothing to offer"));
    }
    room.seek = req.open;
    Ok(Json(SeekState { id, open: room.seek }))
}
