//! Players' profiles over HTTP: `GET /api/players/NAME` (totals, ratings by game and speed,
//! their history) and `GET /api/players/NAME/games` (finished games with filters and pages).

use crate::error::{bad, internal, ApiError};
use crate::state::AppState;
use crate::wire::account::{Change, PlayerGame, PlayerGames, PoolRating, Profile, RatingPoint};
use axum::extract::{Path, Query, State};
use axum::Json;
use chuhan::{Side, Variant};
use chuhan_db::live::accounts::{GamesFilter, PlayerResult};
use chuhan_db::Opening;
use serde::Deserialize;
use std::sync::Arc;

/// The most games a page of `/api/players/NAME/games` gives.
pub const MAX_PAGE: usize = 100;

/// A tenth: what the API shows of ratings (the store keeps them whole).
fn tenth(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

fn no_player(name: &str) -> ApiError {
    ApiError::not_found(format!("no player {name:?}"))
        .with_code("no_player")
        .words("no-player", vec![("name", name.into())])
}

/// `GET /api/players/{name}`.
pub async fn profile(State(state): State<Arc<AppState>>, Path(name): Path<String>) -> Result<Json<Profile>, ApiError> {
    let p = state.store.profile(&name).await.map_err(internal)?.ok_or_else(|| no_player(&name))?;
    Ok(Json(Profile {
        name: p.account.name,
        created: p.account.created,
        games: p.games,
        wins: p.wins,
        draws: p.draws,
        losses: p.losses,
        ratings: p
            .ratings
            .into_iter()
            .map(|r| PoolRating {
                variant: r.variant,
                speed: r.speed.name(),
                rating: tenth(r.glicko.rating),
                deviation: tenth(r.glicko.deviation),
                volatility: r.glicko.volatility,
                games: r.glicko.games,
                wins: r.glicko.wins,
                draws: r.glicko.draws,
                losses: r.glicko.losses,
                provisional: r.glicko.provisional(),
            })
            .collect(),
        history: p
            .history
            .into_iter()
            .map(|h| RatingPoint {
                variant: h.variant,
                speed: h.speed.name(),
                at: h.at,
                rating: tenth(h.rating),
                game: h.game,
            })
            .collect(),
    }))
}

/// The query of `GET /api/players/{name}/games`.
#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct GamesQuery {
    variant: Option<String>,
    result: Option<String>,
    opponent: Option<String>,
    opening: Option<String>,
    offset: Option<usize>,
    limit: Option<usize>,
}

/// The name of an opening by its code, as the pages show it.
fn opening_name(code: &str) -> Option<String> {
    opening_of(code).map(crate::shown::opening_name)
}

/// The opening whose code is `code`.
fn opening_of(code: &str) -> Option<Opening> {
    Opening::all().into_iter().find(|o| o.code() == code)
}

/// `GET /api/players/{name}/games`.
pub async fn games(
    State(state): State<Arc<AppState>>,
    Path(name): Path<String>,
    Query(q): Query<GamesQuery>,
) -> Result<Json<PlayerGames>, ApiError> {
    let variant = match q.variant.as_deref().filter(|v| !v.is_empty()) {
        None => None,
        Some(v) => Some(
            v.parse::<Variant>()
                .map_err(|_| bad(format!("variant {v:?}: expected xiangqi or janggi")))?
                .name()
                .to_string(),
        ),
    };
    let result = match q.result.as_deref().filter(|v| !v.is_empty()) {
        None => None,
        Some(r) => {
            Some(PlayerResult::from_name(r).ok_or_else(|| bad(format!("result {r:?}: expected win, draw or loss")))?)
        }
    };
    let limit = q.limit.unwrap_or(20);
    if !(1..=MAX_PAGE).contains(&limit) {
        return Err(bad(format!("limit {limit}: expected 1 to {MAX_PAGE}")));
    }
    let offset = q.offset.unwrap_or(0);
    if offset > 1_000_000 {
        return Err(bad(format!("offset {offset}: at most 1000000")));
    }
    let openings = match q.opening.as_deref().map(str::trim).filter(|o| !o.is_empty()) {
        None => None,
        Some(o) if o.chars().count() > 100 => return Err(bad("opening: at most 100 characters")),
        Some(o) => Some(Opening::matching(o).into_iter().map(|o| o.code()).collect()),
    };
    let opponent = q.opponent.map(|o| o.trim().to_string()).filter(|o| !o.is_empty());
    if opponent.as_ref().is_some_and(|o| o.chars().count() > 100) {
        return Err(bad("opponent: at most 100 characters"));
    }
    let account = state.store.credentials(&name).await.map_err(internal)?.ok_or_else(|| no_player(&name))?.account;
    let filter = GamesFilter { variant, result, opponent, openings, offset, limit };
    let (total, games) = state.store.player_games(account.id, &filter).await.map_err(internal)?;
    let games = games
        .into_iter()
        .map(|g| {
            let side = g.side;
            let e = g.entry;
            let names = e.names;
            PlayerGame {
                outcome: PlayerResult::of(&e.end.result, side).map_or("unknown", PlayerResult::name),
                opponent: names[!side].clone(),
                side: if side == Side::First { "red" } else { "black" },
                rating: e.end.rating.map(|c| Change { before: tenth(c.before[side]), after: tenth(c.after[side]) }),
                id: e.id,
                variant: e.variant,
                mode: e.mode,
                created: e.created,
                plies: e.plies,
                result: e.end.result,
                reason: e.end.reason,
                reasons: e.end.reasons,
                red: names.first,
                black: names.second,
                rated: g.rated,
                speed: g.speed.name(),
                opening: g.opening.as_deref().and_then(opening_name),
                openings: g
                    .opening
                    .as_deref()
                    .and_then(opening_of)
                    .map(crate::shown::opening_names)
                    .unwrap_or_default(),
            }
        })
        .collect();
    Ok(Json(PlayerGames { total, offset, games }))
}
