//! The pages and scripts, embedded in the binary: no bundler, no files to install.

use axum::extract::Path;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::lang::{self, Lang};

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
const PUZZLES_JS: &str = include_str!("../static/puzzles.js");
const STYLE: &str = include_str!("../static/style.css");
const I18N_JS: &str = include_str!("../static/i18n.js");
const FLUENT_JS: &str = include_str!("../static/vendor/fluent-bundle.js");

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

/// The page in the request's language ([`lang::of_request`]): its `<html lang>`, which
/// `i18n.js` reads to load the catalog, and the language menu's choices, this one selected.
fn index_in(lang: Lang) -> String {
    let options: String = Lang::ALL
        .into_iter()
        .map(|l| {
            let selected = if l == lang { " selected" } else { "" };
            format!("<option value=\"{}\" lang=\"{}\"{selected}>{}</option>", l.tag(), l.tag(), l.native_name())
        })
        .collect();
    INDEX.replacen("<html lang=\"en\">", &format!("<html lang=\"{}\">", lang.tag()), 1).replacen(
        "<!--languages-->",
        &options,
        1,
    )
}

async fn index(headers: HeaderMap) -> Response {
    let mut r = page("text/html; charset=utf-8", "").into_response();
    *r.body_mut() = index_in(lang::of_request(&headers)).into();
    // Caches keep one copy per language.
    r.headers_mut().insert(header::VARY, header::HeaderValue::from_static("accept-language, cookie"));
    r
}

/// A language's catalog, `/static/locales/{tag}.ftl`.
async fn catalog(Path(file): Path<String>) -> Response {
    match file.strip_suffix(".ftl").and_then(lang::exact) {
        Some(l) if file.strip_suffix(".ftl") == Some(l.tag()) => {
            page("text/plain; charset=utf-8", lang::catalog(l)).into_response()
        }
        _ => StatusCode::NOT_FOUND.into_response(),
    }
}

/// `/`, `/game/{id}`, `/archive`, `/ratings`, `/analysis`, `/database`, `/login`, `/signup`,
/// `/account`, `/puzzles` and a player's profile `/@/{name}` are the same page; its script reads the address.
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
        .route("/puzzles", get(index))
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
        .route("/static/puzzles.js", get(|| async { page("text/javascript; charset=utf-8", PUZZLES_JS) }))
        .route("/static/style.css", get(|| async { page("text/css; charset=utf-8", STYLE) }))
        .route("/static/i18n.js", get(|| async { page("text/javascript; charset=utf-8", I18N_JS) }))
        .route("/static/vendor/fluent-bundle.js", get(|| async { page("text/javascript; charset=utf-8", FLUENT_JS) }))
        .route("/static/locales/{file}", get(catalog))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// User data never becomes markup: no script of the page, the account pages' included,
    /// builds elements from HTML text.
    #[test]
    fn no_script_writes_markup() {
        let scripts = [
            ("app.js", APP_JS),
            ("board.js", BOARD_JS),
            ("analysis.js", ANALYSIS_JS),
            ("movetree.js", MOVETREE_JS),
            ("util.js", UTIL_JS),
            ("explorer.js", EXPLORER_JS),
            ("database.js", DATABASE_JS),
            ("movebox.js", MOVEBOX_JS),
            ("sound.js", SOUND_JS),
            ("seeks.js", SEEKS_JS),
            ("account.js", ACCOUNT_JS),
            ("profile.js", PROFILE_JS),
            ("puzzles.js", PUZZLES_JS),
            ("i18n.js", I18N_JS),
        ];
        for (name, text) in scripts {
            for sink in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write"] {
                assert!(!text.contains(sink), "{name} uses {sink}");
            }
        }
    }

    async fn get(path: &str) -> axum::http::Response<axum::body::Body> {
        use tower::ServiceExt;
        let request = axum::http::Request::get(path).body(axum::body::Body::empty()).unwrap();
        routes::<()>().oneshot(request).await.unwrap()
    }

    /// The account pages are the page, under its policy, a profile's name in any script.
    #[tokio::test]
    async fn the_account_pages_are_the_page() {
        for path in
            ["/login", "/signup", "/account", "/@/Alice", "/@/%EA%B9%80%EC%B2%A0%EC%88%98", "/@/%E5%BC%A0%E4%B8%89"]
        {
            let r = get(path).await;
            assert_eq!(r.status(), 200, "{path}");
            assert!(
                r.headers()["content-security-policy"].to_str().unwrap().starts_with("default-src 'self'"),
                "{path}"
            );
            assert!(r.headers()["content-type"].to_str().unwrap().starts_with("text/html"), "{path}");
        }
    }

    /// Every script and style the page and its scripts load is served, as script or style.
    #[tokio::test]
    async fn every_file_the_page_loads_is_served() {
        for text in [
            INDEX,
            APP_JS,
            ANALYSIS_JS,
            SEEKS_JS,
            ACCOUNT_JS,
            PROFILE_JS,
            DATABASE_JS,
            EXPLORER_JS,
            PUZZLES_JS,
            I18N_JS,
        ] {
            for part in text.split("\"/static/").skip(1) {
                let path = format!("/static/{}", &part[..part.find('"').unwrap()]);
                let r = get(&path).await;
                assert_eq!(r.status(), 200, "{path}");
                let kind = if path.ends_with(".css") { "text/css" } else { "text/javascript" };
                assert!(r.headers()["content-type"].to_str().unwrap().starts_with(kind), "{path}");
            }
        }
    }

    async fn get_with(path: &str, name: axum::http::HeaderName, value: &str) -> axum::http::Response<axum::body::Body> {
        use tower::ServiceExt;
        let request = axum::http::Request::get(path).header(name, value).body(axum::body::Body::empty()).unwrap();
        routes::<()>().oneshot(request).await.unwrap()
    }

    async fn text(r: axum::http::Response<axum::body::Body>) -> String {
        let bytes = axum::body::to_bytes(r.into_body(), 1 << 24).await.unwrap();
        String::from_utf8(bytes.to_vec()).unwrap()
    }

    /// The page says its language in `<html lang>`, from the cookie before `Accept-Language`,
    /// and offers every language in the menu, the chosen one selected.
    #[tokio::test]
    async fn the_page_speaks_the_chosen_language() {
        let page = text(get_with("/", header::ACCEPT_LANGUAGE, "ko-KR,ko;q=0.9,en;q=0.5").await).await;
        assert!(page.contains("<html lang=\"ko\">"));
        assert!(page.contains("<option value=\"ko\" lang=\"ko\" selected>한국어</option>"));
        assert!(page.contains("<option value=\"vi\" lang=\"vi\">Tiếng Việt</option>"));
        let page = text(get_with("/analysis", header::COOKIE, "lang=zh-Hant").await).await;
        assert!(page.contains("<html lang=\"zh-Hant\">"));
        let page = text(get_with("/", header::COOKIE, "lang=%%%").await).await;
        assert!(page.contains("<html lang=\"en\">"));
        assert!(!page.contains("<!--languages-->"));
    }

    /// Every catalog is served; an unknown one is not found.
    #[tokio::test]
    async fn the_catalogs_are_served() {
        for l in Lang::ALL {
            let r = get(&format!("/static/locales/{}.ftl", l.tag())).await;
            assert_eq!(r.status(), 200, "{}", l.tag());
            assert!(text(r).await.contains("nav-new-game ="), "{}", l.tag());
        }
        for bad in
            ["/static/locales/fr.ftl", "/static/locales/en", "/static/locales/ko.ftl.bak", "/static/locales/KO.ftl"]
        {
            assert_eq!(get(bad).await.status(), 404, "{bad}");
        }
    }
}
