//! The pages and scripts, embedded in the binary: no bundler, no files to install.

use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;

const INDEX: &str = include_str!("../static/index.html");
const APP_JS: &str = include_str!("../static/app.js");
const BOARD_JS: &str = include_str!("../static/board.js");
const ANALYSIS_JS: &str = include_str!("../static/analysis.js");
const MOVETREE_JS: &str = include_str!("../static/movetree.js");
const UTIL_JS: &str = include_str!("../static/util.js");
const EXPLORER_JS: &str = include_str!("../static/explorer.js");
const DATABASE_JS: &str = include_str!("../static/database.js");
const MOVEBOX_JS: &str = include_str!("../static/movebox.js");
const SOUND_JS: &str = include_str!("../static/sound.js");
const SEEKS_JS: &str = include_str!("../static/seeks.js");
const ACCOUNT_JS: &str = include_str!("../static/account.js");
const PROFILE_JS: &str = include_str!("../static/profile.js");
const STYLE: &str = include_str!("../static/style.css");

/// Scripts and styles come only from this server; user data never becomes markup; no other
/// site may show the pages in a frame.
const CSP: &str =
    "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

fn page(content_type: &'static str, body: &'static str) -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CONTENT_SECURITY_POLICY, CSP),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (header::REFERRER_POLICY, "no-referrer"),
        ],
        body,
    )
}

async fn index() -> impl IntoResponse {
    page("text/html; charset=utf-8", INDEX)
}

/// `/`, `/game/{id}`, `/archive`, `/ratings`, `/analysis`, `/database`, `/login`, `/signup`,
/// `/account` and a player's profile `/@/{name}` are the same page; its script reads the address.
pub fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route("/", get(index))
        .route("/game/{id}", get(index))
        .route("/archive", get(index))
        .route("/ratings", get(index))
        .route("/analysis", get(index))
        .route("/database", get(index))
        .route("/login", get(index))
        .route("/signup", get(index))
        .route("/account", get(index))
        .route("/@/{name}", get(index))
        .route("/static/app.js", get(|| async { page("text/javascript; charset=utf-8", APP_JS) }))
        .route("/static/board.js", get(|| async { page("text/javascript; charset=utf-8", BOARD_JS) }))
        .route("/static/analysis.js", get(|| async { page("text/javascript; charset=utf-8", ANALYSIS_JS) }))
        .route("/static/movetree.js", get(|| async { page("text/javascript; charset=utf-8", MOVETREE_JS) }))
        .route("/static/util.js", get(|| async { page("text/javascript; charset=utf-8", UTIL_JS) }))
        .route("/static/explorer.js", get(|| async { page("text/javascript; charset=utf-8", EXPLORER_JS) }))
        .route("/static/database.js", get(|| async { page("text/javascript; charset=utf-8", DATABASE_JS) }))
        .route("/static/movebox.js", get(|| async { page("text/javascript; charset=utf-8", MOVEBOX_JS) }))
        .route("/static/sound.js", get(|| async { page("text/javascript; charset=utf-8", SOUND_JS) }))
        .route("/static/seeks.js", get(|| async { page("text/javascript; charset=utf-8", SEEKS_JS) }))
        .route("/static/account.js", get(|| async { page("text/javascript; charset=utf-8", ACCOUNT_JS) }))
        .route("/static/profile.js", get(|| async { page("text/javascript; charset=utf-8", PROFILE_JS) }))
        .route("/static/style.css", get(|| async { page("text/css; charset=utf-8", STYLE) }))
}
