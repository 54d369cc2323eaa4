//! Records brought to the analysis board: PGN or DhtmlXQ pasted as text, or an XQF, PGN or
//! DhtmlXQ file sent as it is. The server reads the first game and hands back its start and
//! whole tree (variations and comments, see [`crate::tree`]); nothing is stored.

use crate::error::{bad, ApiError};
use crate::params::{pick_notation, NotationQuery};
use axum::body::Bytes;
use axum::extract::Query;
use axum::Json;
use chuhan_record::tree::Game;
use serde_json::{json, Value};

/// The largest record accepted (a long PGN collection is cut by the caller; one game is small).
pub const MAX_RECORD: usize = 1024 * 1024;

/// Why a record brought to the board could not be read: the format it was taken for, and
/// that reader's own error.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RecordError {
    /// It starts like an XQF file but does not read as one.
    #[error("XQF: {0}")]
    Xqf(chuhan_record::xqf::XqfError),
    /// It holds a `[DhtmlXQ` block that does not read.
    #[error("DhtmlXQ: {0}")]
    Dhtmlxq(chuhan_record::dhtmlxq::DhtmlXqError),
    /// Its first PGN game does not read.
    #[error("PGN: {0}")]
    Pgn(Box<chuhan_record::pgn::PgnError>),
    /// Nothing in it looks like a game.
    #[error("no game found: expected PGN, DhtmlXQ or XQF")]
    NoGame,
}

/// Reads the first game of `data`, whatever its format, and names the format.
///
/// The format is told by content, not by a file name (pasted text has none): XQF files start
/// with `XQ`, DhtmlXQ text holds `[DhtmlXQ`, anything else is tried as PGN.
pub fn read_first(data: &[u8]) -> Result<(Game, &'static str), RecordError> {
    if data.starts_with(b"XQ") {
        return chuhan_record::xqf::read(data).map(|g| (g, "xqf")).map_err(RecordError::Xqf);
    }
    let (text, _) = chuhan_record::encoding::decode_auto(data);
    if text.contains("[DhtmlXQ") {
        return chuhan_record::dhtmlxq::read(&text).map(|g| (g, "dhtmlxq")).map_err(RecordError::Dhtmlxq);
    }
    match chuhan_record::pgn::read_all(&text).into_iter().next() {
        Some(Ok(g)) => Ok((g, "pgn")),
        Some(Err(e)) => Err(RecordError::Pgn(Box::new(e))),
        None => Err(RecordError::NoGame),
    }
}

/// `POST /api/records[?notation=...]`: the first game of the body, its main line as `moves`
/// (coordinates) and its whole tree as `tree`, with each move's text in the notation.
pub async fn read(Query(q): Query<NotationQuery>, body: Bytes) -> Result<Json<Value>, ApiError> {
    if body.is_empty() {
        return Err(bad("the record is empty"));
    }
    let (game, format) = read_first(&body).map_err(|e| bad(e.to_string()))?;
    let notation = pick_notation(q.notation.as_deref(), game.variant)?;
    let tree = crate::tree::to_wire(&game, notation).map_err(|e| bad(e.to_string()))?;
    let headers: Vec<[&str; 2]> = game.headers.iter().map(|(k, v)| [k, v]).collect();
    Ok(Json(json!({
        "format": format,
        "variant": game.variant.name(),
        "start_fen": game.start_fen,
        "moves": game.mainline_moves(),
        "result": game.outcome.to_string(),
        "headers": headers,
        "tree": tree,
        "notation": notation.name(),
    })))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pgn_and_dhtmlxq_and_garbage() {
        let pgn = "[Event \"x\"]\n[Result \"1-0\"]\n\n1. C2.5 H8+7 1-0\n";
        let (g, f) = read_first(pgn.as_bytes()).unwrap();
        assert_eq!((f, g.mainline_moves().len()), ("pgn", 2));
        assert!(matches!(read_first(b"XQ\x00garbage").unwrap_err(), RecordError::Xqf(_)));
        assert!(read_first(&[0xff, 0xfe, 0x00]).is_err());
    }
}
