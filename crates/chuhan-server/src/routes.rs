//! The router: which path goes to which handler, with the body limits and the rate limiter.
//!
//! The one module that knows every other: the handlers' modules are leaves that depend on
//! [`crate::state`] and [`crate::error`] at most, so the dependency graph stays acyclic.

use crate::state::AppState;
use crate::{
    account_http, analysis, gamedb, games, hosts, limit, origin, pages, players, position, puzzles_http, read_move,
    records, review, seeks, tree, ws,
};
use axum::extract::DefaultBodyLimit;
use axum::http::{header, HeaderValue, StatusCode};
use axum::routing::{get, post};
use axum::Router;
use std::sync::Arc;
use std::time::Duration;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

/// The largest request body accepted: game settings are a few hundred bytes.
pub const MAX_BODY: usize = 16 * 1024;
/// The longest any request may take, from its headers to its answer.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(60);

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
        .route("/api/games/{id}/review", get(review::get_game).post(review::start_game))
        .route("/api/games/{id}/review/cancel", post(review::cancel_game))
        .route("/api/review", post(review::start_board))
        .route("/api/review/{id}", get(review::get_board))
        .route("/api/review/{id}/cancel", post(review::cancel_board))
        .route("/api/games/{id}/seek", post(seeks::set))
        .route("/api/seeks", get(seeks::list))
        .route("/api/games/{id}/ws", get(ws::upgrade))
        .route("/api/archive", get(games::archive))
        .route("/api/ratings", get(games::ratings))
        .route("/api/account/signup", post(account_http::signup))
        .route("/api/account/login", post(account_http::login))
        .route("/api/account/logout", post(account_http::logout))
        .route("/api/account/me", get(account_http::me))
        .route("/api/account/password", post(account_http::password))
        .route("/api/account/delete", post(account_http::delete))
        .route("/api/players/{name}", get(players::profile))
        .route("/api/players/{name}/games", get(players::games))
        .route("/api/puzzles/next", get(puzzles_http::next))
        .route("/api/puzzles/rating", get(puzzles_http::rating))
        .route("/api/puzzles/{id}", get(puzzles_http::get))
        .route(
            "/api/puzzles/{id}/attempt",
            post(puzzles_http::attempt).layer(DefaultBodyLimit::max(puzzles_http::MAX_ATTEMPT_BODY)),
        )
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
        // A state-changing request from another site is refused before it costs anything.
        .layer(axum::middleware::from_fn(origin::middleware))
        .layer(axum::middleware::from_fn_with_state(state.limiter.clone(), limit::middleware))
        // Outside the limiter: a request for a foreign host name costs no one's allowance.
        .layer(axum::middleware::from_fn_with_state(state.hosts.clone(), hosts::middleware))
        // Every error's words in the request's language (the code stays).
        .layer(axum::middleware::from_fn(crate::error::in_request_language))
        // Every answer, JSON and PGN too, is what its type says (no sniffing into a script)
        // and is shown in no other site's frame (clickjacking); pages say so in their CSP too.
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")))
        // A request that takes longer than this (a body trickled in, a handler stuck) is
        // answered 408; the longest real request, a 15 s search after its wait, is far below.
        .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, REQUEST_TIMEOUT))
        .with_state(state)
}
