//! The API's error type and how it maps to an HTTP answer.
//!
//! Every handler answers a failure with a status and `{"error": "..."}`: the browser scripts
//! show the message as it is, so it is written for a player, not for a log. Modules that know
//! *what* went wrong (a room's rules, a record reader) have their own typed errors; this is
//! where those become a status and a sentence.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

/// An error as JSON, with the HTTP status that fits it.
///
/// A status and a message rather than an enum of causes: the causes are typed where they
/// arise (see [`crate::room::RoomError`]), and by the time an error reaches a handler all that
/// is left to decide is which status the client gets.
#[derive(Debug)]
pub struct ApiError(pub StatusCode, pub String);

impl ApiError {
    /// A 400: the request itself is wrong, and sending it again will not help.
    pub fn bad(msg: impl Into<String>) -> ApiError {
        ApiError(StatusCode::BAD_REQUEST, msg.into())
    }

    /// A 404: no such game (unknown ids and malformed ones alike, so ids cannot be probed).
    pub fn not_found(msg: impl Into<String>) -> ApiError {
        ApiError(StatusCode::NOT_FOUND, msg.into())
    }

    /// A 409: the request is well formed but the game's state refuses it (a seat taken).
    pub fn conflict(msg: impl Into<String>) -> ApiError {
        ApiError(StatusCode::CONFLICT, msg.into())
    }

    /// A 500 with the whole chain of causes: the server failed (a disk error), not the client.
    pub fn internal(e: impl Into<anyhow::Error>) -> ApiError {
        ApiError(StatusCode::INTERNAL_SERVER_ERROR, format!("{:#}", e.into()))
    }

    /// The message the client sees, for answers that are not HTTP (a WebSocket error frame).
    pub fn message(&self) -> &str {
        &self.1
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.1)
    }
}

impl std::error::Error for ApiError {}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(json!({ "error": self.1 }))).into_response()
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
