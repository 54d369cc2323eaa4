//! `chuhan serve --allowed-host NAME`: requests must name one of these hosts.
//!
//! A server reached through a DNS name that an attacker controls (DNS rebinding: a page on
//! `evil.example` whose name turns into `127.0.0.1`) gets requests whose `Host` is the
//! attacker's name; a browser then treats the server's answers as the attacker's page's own.
//! With a list of allowed names, any other `Host` is answered 421 (`wrong_host`). Without a
//! list every host is accepted, as before.

use crate::error::ApiError;
use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// The host names accepted, lower case, without ports; empty: all.
#[derive(Clone, Debug, Default)]
pub struct AllowedHosts(pub Arc<Vec<String>>);

impl AllowedHosts {
    /// From names as given on the command line (`example.org`, `[::1]`, any case; a port is
    /// ignored).
    pub fn new<S: AsRef<str>>(names: &[S]) -> AllowedHosts {
        AllowedHosts(Arc::new(names.iter().map(|n| host_name(n.as_ref()).to_ascii_lowercase()).collect()))
    }

    /// Whether a request with this `Host` header is let in.
    pub fn allows(&self, host: Option<&str>) -> bool {
        self.0.is_empty() || host.is_some_and(|h| self.0.iter().any(|a| a.eq_ignore_ascii_case(host_name(h))))
    }
}

/// The name part of a `Host` value: `example.org:8080` → `example.org`, `[::1]:80` → `[::1]`.
fn host_name(host: &str) -> &str {
    let host = host.trim();
    if let Some(end) = host.find(']') {
        return &host[..=end];
    }
    host.split(':').next().unwrap_or(host)
}

/// The middleware: a request for a host not on the list is answered 421 before any handler.
pub async fn middleware(State(hosts): State<AllowedHosts>, req: Request, next: Next) -> Response {
    let host = req.headers().get(header::HOST).and_then(|h| h.to_str().ok());
    // HTTP/1.1 requires Host; an absolute URI's authority is the other place a host is named.
    let host = host.or_else(|| req.uri().authority().map(|a| a.as_str()));
    if hosts.allows(host) {
        return next.run(req).await;
    }
    ApiError::new(StatusCode::MISDIRECTED_REQUEST, "this server does not answer for that host name").into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_compared_without_port_or_case() {
        let hosts = AllowedHosts::new(&["Chuhan.example", "[::1]"]);
        assert!(hosts.allows(Some("chuhan.example")));
        assert!(hosts.allows(Some("CHUHAN.example:8080")));
        assert!(hosts.allows(Some("[::1]:8080")));
        assert!(!hosts.allows(Some("evil.example")));
        assert!(!hosts.allows(Some("chuhan.example.evil.example")));
        assert!(!hosts.allows(None));
        assert!(AllowedHosts::default().allows(Some("anything")), "no list: every host");
    }
}
