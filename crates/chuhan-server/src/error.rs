//! The API's error type and how it maps to an HTTP answer.
//!
//! Every handler answers a failure with a status and `{"error": "...", "code": "..."}`: the
//! browser scripts show the message as it is, so it is written for a player, not for a log;
//! the code is stable, for programs (`bad_request`, `not_found`, `game_over`, …). Modules
//! that know *what* went wrong (a room's rules, a record reader) have their own typed errors;
//! this is where those become a status, a code and a sentence.

use crate::wire::ErrorBody;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

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
    /// The sentence the client sees.
    pub message: String,
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
        ApiError { status, code: default_code(status), message: msg.into() }
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

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(ErrorBody { error: self.message, code: self.code })).into_response()
    }
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

    #[test]
    fn codes_follow_the_status_unless_given() {
        assert_eq!(ApiError::bad("x").code, "bad_request");
        assert_eq!(ApiError::busy("x").code, "busy");
        assert_eq!(ApiError::bad("x").with_code("game_over").code, "game_over");
    }
}
