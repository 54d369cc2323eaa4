//! The API's error type and how it maps to an HTTP answer.
//!
//! Every handler answers a failure with a status and `{"error": "...", "code": "..."}`: the
//! browser scripts show the message as it is, so it is written for a player, not for a log;
//! the code is stable, for programs (`bad_request`, `not_found`, `game_over`, …). Modules
//! that know *what* went wrong (a room's rules, a record reader) have their own typed errors;
//! this is where those become a status, a code and a sentence.
//!
//! The sentence is English as written here; [`in_request_language`] words it again in the
//! request's language (chuhan-i18n's `server.ftl`): by the error's own catalog message and
//! values when it has one ([`ApiError::words`]), else by its code. The code never changes.

use crate::wire::ErrorBody;
use axum::body::Body;
use axum::extract::Request;
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;
use chuhan_i18n::{try_tr, Domain, FluentArgs, Lang};

/// An error as JSON, with the HTTP status that fits it and a stable code.
///
/// A status and a message rather than an enum of causes: the causes are typed where they
/// arise (see [`crate::room::RoomError`]), and by the time an error reaches a handler all that
/// is left to decide is which status and code the client gets.
#[derive(Debug)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// A short code that stays the same from release to release; by default the status's
    /// (see [`default_code`]).
    pub code: &'static str,
    /// The sentence the client sees, in English.
    pub message: String,
    /// The sentence's message in chuhan-i18n's `server.ftl` and its values, if it has one
    /// (else other languages word the error by its code).
    pub words: Option<Words>,
    /// The sentence already worded in each language but English, for an error whose words come
    /// from a typed error of another crate (a FEN's, through chuhan-i18n's `Localize`); it
    /// wins over `words`. Empty for most errors.
    pub worded: Vec<(Lang, String)>,
}

/// A message of the server's catalog (`server.ftl`) and the values it is formatted with.
#[derive(Debug, Clone, PartialEq)]
pub struct Words {
    /// The message's id.
    pub id: &'static str,
    /// Its values, by name.
    pub args: Vec<(&'static str, Arg)>,
}

/// A value of a catalog message.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    /// A name, an id.
    Text(String),
    /// A count, a limit, a wait.
    Number(u64),
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_string())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}

impl From<u64> for Arg {
    fn from(n: u64) -> Arg {
        Arg::Number(n)
    }
}

impl From<usize> for Arg {
    fn from(n: usize) -> Arg {
        Arg::Number(n as u64)
    }
}

fn fluent_args(args: &[(&'static str, Arg)]) -> FluentArgs<'static> {
    let mut out = FluentArgs::new();
    for (name, value) in args {
        match value {
            Arg::Text(t) => out.set(*name, t.clone()),
            Arg::Number(n) => out.set(*name, *n),
        }
    }
    out
}

/// The message `id` of the server's catalog (`server.ftl`) in `lang`, with `args`: for
/// sentences worded per language ([`ApiError::worded`]) and answers that are not errors.
pub fn server_words(lang: Lang, id: &str, args: &[(&'static str, Arg)]) -> String {
    chuhan_i18n::tr(lang, Domain::Server, id, Some(&fluent_args(args)))
}

/// The code of an error that has no more precise one: named after its status.
pub fn default_code(status: StatusCode) -> &'static str {
    match status {
        StatusCode::BAD_REQUEST => "bad_request",
        StatusCode::FORBIDDEN => "forbidden",
        StatusCode::NOT_FOUND => "not_found",
        StatusCode::CONFLICT => "conflict",
        StatusCode::PAYLOAD_TOO_LARGE => "too_large",
        StatusCode::TOO_MANY_REQUESTS => "too_many_requests",
        StatusCode::BAD_GATEWAY => "engine_failed",
        StatusCode::SERVICE_UNAVAILABLE => "busy",
        StatusCode::MISDIRECTED_REQUEST => "wrong_host",
        s if s.is_server_error() => "internal",
        _ => "error",
    }
}

impl ApiError {
    /// An error with `status`, its default code and `msg`.
    pub fn new(status: StatusCode, msg: impl Into<String>) -> ApiError {
        ApiError { status, code: default_code(status), message: msg.into(), words: None, worded: Vec::new() }
    }

    /// The same error with its sentence's catalog message: `id` in `server.ftl`, with `args`.
    pub fn words(self, id: &'static str, args: Vec<(&'static str, Arg)>) -> ApiError {
        ApiError { words: Some(Words { id, args }), ..self }
    }

    /// The same error worded by `words` in every language but English (which keeps the
    /// sentence as written): for errors a typed value of another crate words.
    pub fn worded(self, words: impl Fn(Lang) -> String) -> ApiError {
        let worded = Lang::ALL.into_iter().filter(|&l| l != Lang::En).map(|l| (l, words(l))).collect();
        ApiError { worded, ..self }
    }

    /// The sentence in `lang`: as written for English; else as [worded](Self::worded), or the
    /// catalog's message for it, or for its code; as written when the catalog has none of
    /// them (never a panic).
    pub fn message_in(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.message.clone();
        }
        if let Some((_, text)) = self.worded.iter().find(|(l, _)| *l == lang) {
            return text.clone();
        }
        let translated = match &self.words {
            Some(w) => try_tr(lang, Domain::Server, w.id, Some(&fluent_args(&w.args))),
            None => try_tr(lang, Domain::Server, &format!("code-{}", self.code), None),
        };
        translated.unwrap_or_else(|_| self.message.clone())
    }

    /// The same error with a more precise code.
    pub fn with_code(self, code: &'static str) -> ApiError {
        ApiError { code, ..self }
    }

    /// A 400: the request itself is wrong, and sending it again will not help.
    pub fn bad(msg: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, msg)
    }

    /// A 404: no such game (unknown ids and malformed ones alike, so ids cannot be probed).
    pub fn not_found(msg: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, msg)
    }

    /// A 409: the request is well formed but the game's state refuses it (a seat taken).
    pub fn conflict(msg: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, msg)
    }

    /// A 503: a shared resource (the engine's search slots) is taken; try again later.
    pub fn busy(msg: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, msg)
    }

    /// A 500: the server failed (a disk error), not the client. The whole chain of causes
    /// goes to the server's log under a short reference; the client gets the reference and a
    /// sentence, never the internal text (paths, SQL, addresses are not the client's to read).
    pub fn internal(e: impl Into<anyhow::Error>) -> ApiError {
        let mut r = [0u8; 4];
        let reference = match getrandom::fill(&mut r) {
            Ok(()) => r.iter().map(|b| format!("{b:02x}")).collect::<String>(),
            Err(_) => "none".to_string(),
        };
        eprintln!("chuhan serve: internal error {reference}: {:#}", e.into());
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the server failed (logged as {reference}); try again later"),
        )
        .words("internal", vec![("reference", reference.into())])
    }

    /// The message the client sees, for answers that are not HTTP (a WebSocket error frame).
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ApiError {}

/// What [`in_request_language`] needs of an error answered in English: kept in the answer's
/// extensions.
#[derive(Clone)]
struct Untranslated(std::sync::Arc<ApiError>);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut r = (self.status, Json(ErrorBody { error: self.message.clone(), code: self.code })).into_response();
        r.extensions_mut().insert(Untranslated(std::sync::Arc::new(self)));
        r
    }
}

/// Middleware: an error's JSON body in the request's language (the `lang` cookie, else
/// `Accept-Language`; English when neither names a language chuhan speaks). The status, the
/// code and every header but the length stay as they were.
pub async fn in_request_language(req: Request, next: Next) -> Response {
    let lang = crate::lang::of_request(req.headers());
    let mut r = next.run(req).await;
    let Some(Untranslated(e)) = r.extensions_mut().remove::<Untranslated>() else { return r };
    if lang == Lang::En {
        return r;
    }
    let Ok(body) = serde_json::to_vec(&ErrorBody { error: e.message_in(lang), code: e.code }) else { return r };
    let (mut parts, _) = r.into_parts();
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(body))
}

/// Shorthand for [`ApiError::bad`], for the many checks of request fields.
pub(crate) fn bad(msg: impl Into<String>) -> ApiError {
    ApiError::bad(msg)
}

/// Shorthand for [`ApiError::internal`].
pub(crate) fn internal(e: impl Into<anyhow::Error>) -> ApiError {
    ApiError::internal(e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_internal_error_keeps_its_text_out_of_the_answer() {
        let e = ApiError::internal(anyhow::anyhow!("open /secret/path/games.sqlite3: disk I/O error"));
        assert_eq!(e.status, StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(e.code, "internal");
        assert!(!e.message.contains("secret"), "{}", e.message);
        assert!(e.message.contains("logged as"), "{}", e.message);
    }

    /// Each error in each language: its catalog message with its values, else its code's,
    /// and English as written.
    #[test]
    fn messages_in_every_language() {
        let e = ApiError::not_found("no game \"x1\"").words("no-game", vec![("id", "x1".into())]);
        assert_eq!(e.message_in(Lang::En), "no game \"x1\"");
        assert_eq!(e.message_in(Lang::Ko), "“x1” 대국이 없습니다");
        assert_eq!(e.message_in(Lang::ZhHans), "没有对局“x1”");
        let e = ApiError::bad("fen: 10 ranks, not 9");
        assert_eq!(e.message_in(Lang::En), "fen: 10 ranks, not 9");
        assert_eq!(e.message_in(Lang::Vi), "yêu cầu không hợp lệ");
        assert_eq!(e.message_in(Lang::ZhHant), "請求無效");
        // A code the catalog lacks: the English sentence.
        let e = ApiError::bad("x").with_code("no_such_code_anywhere");
        assert_eq!(e.message_in(Lang::Ko), "x");
        let e = ApiError::internal(anyhow::anyhow!("disk"));
        assert!(e.message_in(Lang::ZhHans).starts_with("服务器出错（日志编号 "), "{}", e.message_in(Lang::ZhHans));
    }

    /// The English catalog says what the server writes, value for value.
    #[test]
    fn the_english_catalog_matches_the_servers_sentences() {
        let e = ApiError::internal(anyhow::anyhow!("disk"));
        let Some(w) = &e.words else { panic!("internal has words") };
        let mut args = FluentArgs::new();
        for (name, v) in &w.args {
            if let Arg::Text(t) = v {
                args.set(*name, t.clone());
            }
        }
        assert_eq!(try_tr(Lang::En, Domain::Server, w.id, Some(&args)).unwrap(), e.message);
    }

    #[test]
    fn codes_follow_the_status_unless_given() {
        assert_eq!(ApiError::bad("x").code, "bad_request");
        assert_eq!(ApiError::busy("x").code, "busy");
        assert_eq!(ApiError::bad("x").with_code("game_over").code, "game_over");
    }
}
