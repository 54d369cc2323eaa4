//! The router: which path goes to which handler, with the body limits and the rate limiter.
//!
//! The one module that knows every other: the handlers' modules are leaves that depend on
//! [`crate::state`] and [`crate::error`] at most, so the dependency graph stays acyclic.

use crate::state::AppState;
use crate::{analysis, gamedb, games, limit, pages, position, read_move, records, seeks, tree, ws};
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use std::sync::Arc;

/// The largest request body accepted: game settings are a few hundred bytes.
pub const MAX_BODY: usize = 16 * 1024;

/// The routes of the app over `state`.
pub fn router(state: Arc<AppState>) -> Router {
    let records_limit = DefaultBodyLimit::max(records::MAX_RECORD);
    let db = state.games_db.clone();
    Router::new()
        .merge(pages::routes())
        .route("/api/games", post(games::create))
        .route("/api/games/{id}", get(games::game_state))
        .route("/api/games/{id}/join", post(games::join))
        .route("/api/games/{id}/pgn", get(games::pgn))
        .route("/api/games/{id}/seek", post(seeks::set))
        .route("/api/seeks", get(seeks::list))
        .route("/api/games/{id}/ws", get(ws::upgrade))
        .route("/api/archive", get(games::archive))
        .route("/api/ratings", get(games::ratings))
        .route("/api/position", post(position::check))
        .route("/api/read-move", post(read_move::read))
        .route("/api/analyse", post(analysis::analyse).with_state(state.analysis.clone()))
        .route("/api/engines", get(analysis::engines).with_state(state.analysis.clone()))
        .route("/api/records", post(records::read).layer(records_limit))
        .route("/api/tree", post(tree::tree).layer(records_limit))
        .route("/api/db", get(gamedb::info).with_state(db.clone()))
        .route("/api/explore", get(gamedb::explore).with_state(db.clone()))
        .route("/api/db/search", get(gamedb::search).with_state(db.clone()))
        .route("/api/db/games/{id}", get(gamedb::game).with_state(db.clone()))
        .route("/api/db/import", post(gamedb::import).with_state(db).layer(DefaultBodyLimit::max(gamedb::MAX_UPLOAD)))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn_with_state(state.limiter.clone(), limit::middleware))
        .with_state(state)
}
