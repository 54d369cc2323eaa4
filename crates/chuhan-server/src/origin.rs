//! Requests from other sites: a state-changing request (anything but `GET`, `HEAD` and
//! `OPTIONS`) whose `Origin` — or, without one, `Referer` — names another host than its own
//! `Host` is refused with 403 `cross_origin`, whatever cookie it carries.
//!
//! Browsers send `Origin` with every cross-site `POST`, so another site's page cannot make a
//! logged-in player's browser sign up, log out, change a password, resign or create games. The
//! session cookie is `SameSite=Lax` as well; this check does not rely on it. Programs that send
//! neither header are not browsers and are let through (they hold their own cookie or token).

use crate::wire::ErrorBody;
use axum::extract::Request;
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;

/// The `host[:port]` of an origin or a URL (`https://example.org:8443/path` →
/// `example.org:8443`), lower-cased; `None` for anything else (`null`, a relative path).
fn authority(url: &str) -> Option<String> {
    let rest = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://"))?;
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let auth = &rest[..end];
    // user:password@ is never part of an origin; a Referer with one is not ours to trust.
    (!auth.is_empty() && !auth.contains('@')).then(|| auth.to_ascii_lowercase())
}

/// The foreign origin a request comes from, if it names one other than its `Host`.
fn foreign(headers: &HeaderMap) -> Option<String> {
    let text = |name| headers.get(name).and_then(|v| v.to_str().ok());
    let from = text(header::ORIGIN).or_else(|| text(header::REFERER))?;
    let Some(host) = text(header::HOST) else { return Some(from.to_string()) };
    match authority(from) {
        Some(a) if a == host.to_ascii_lowercase() => None,
        _ => Some(from.to_string()),
    }
}

/// Whether a request names another site than its own as where it comes from (a browser's
/// page elsewhere): its cookie must not act for anyone.
pub fn is_foreign(headers: &HeaderMap) -> bool {
    foreign(headers).is_some()
}

/// The middleware.
pub async fn middleware(req: Request, next: Next) -> Response {
    if !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        if let Some(from) = foreign(req.headers()) {
            let shown: String = from.chars().take(100).collect();
            let body = ErrorBody {
                error: format!("a request from another site ({shown}) cannot change anything here"),
                code: "cross_origin",
            };
            return (StatusCode::FORBIDDEN, Json(body)).into_response();
        }
    }
    next.run(req).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(header::HeaderName, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(k.clone(), HeaderValue::from_str(v).unwrap());
        }
        h
    }

    #[test]
    fn only_the_requests_own_host_may_change_things() {
        let host = (header::HOST, "chuhan.example:8080");
        assert_eq!(foreign(&headers(std::slice::from_ref(&host))), None, "no Origin, no Referer: not a browser");
        assert_eq!(foreign(&headers(&[host.clone(), (header::ORIGIN, "http://chuhan.example:8080")])), None);
        assert_eq!(foreign(&headers(&[host.clone(), (header::ORIGIN, "https://CHUHAN.example:8080")])), None);
        assert_eq!(
            foreign(&headers(&[host.clone(), (header::REFERER, "http://chuhan.example:8080/game/ab?x=1")])),
            None
        );
        for bad in ["http://evil.example", "http://chuhan.example", "http://chuhan.example:8080.evil.example", "null"] {
            assert!(foreign(&headers(&[host.clone(), (header::ORIGIN, bad)])).is_some(), "{bad}");
        }
        assert!(foreign(&headers(&[host.clone(), (header::REFERER, "http://u@chuhan.example:8080/")])).is_some());
        // Origin wins over Referer.
        let both =
            [host.clone(), (header::ORIGIN, "http://evil.example"), (header::REFERER, "http://chuhan.example:8080/")];
        assert!(foreign(&headers(&both)).is_some());
        assert!(foreign(&headers(&[(header::ORIGIN, "http://chuhan.example:8080")])).is_some(), "no Host to compare");
    }
}
