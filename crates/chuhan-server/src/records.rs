//! Records brought to the analysis board: PGN or DhtmlXQ pasted as text, or an XQF, PGN or
//! DhtmlXQ file sent as it is. The server reads the first game and hands back its start and
//! whole tree (variations and comments, see [`crate::tree`]); nothing is stored.

use crate::error::{bad, ApiError};
use crate::params::{pick_notation, NotationQuery};
use crate::wire::Record as RecordAnswer;
use axum::body::Bytes;
use axum::extract::Query;
use axum::Json;
use chuhan::notation::Notation;
use chuhan_record::tree::Record;
use chuhan_record::ReadError;

/// The largest record accepted (a long PGN collection is cut by the caller; one game is small).
pub const MAX_RECORD: usize = 1024 * 1024;

/// Reads the first game of `data`, whatever its format (told by content through
/// chuhan-record's one sniffer: pasted text has no file name), and names the format.
pub fn read_first(data: &[u8]) -> Result<(Record, &'static str), ReadError> {
    chuhan_record::tools::read_first(data, None).map(|(g, f)| (g, f.name()))
}

/// `POST /api/records[?notation=...]`: the first game of the body, its main line as `moves`
/// (coordinates) and its whole tree as `tree`, with each move's text in the notation.
pub async fn read(Query(q): Query<NotationQuery>, body: Bytes) -> Result<Json<RecordAnswer>, ApiError> {
    if body.is_empty() {
        return Err(bad("the record is empty"));
    }
    let (game, format) = read_first(&body).map_err(|e| bad(e.to_string()))?;
    let notation = pick_notation(q.notation.as_deref(), game.variant)?;
    Ok(Json(record_json(&game, format, notation)?))
}

/// A record as the analysis board loads it: its start, headers, result, main line and tree
/// (a database game's `id` is added by its caller).
pub fn record_json(game: &Record, format: &str, notation: Notation) -> Result<RecordAnswer, ApiError> {
    let tree = crate::tree::to_wire(game, notation).map_err(|e| bad(e.to_string()))?;
    let headers = game.headers.iter().map(|(k, v)| [k.to_string(), v.to_string()]).collect();
    Ok(RecordAnswer {
        id: None,
        format: format.to_string(),
        variant: game.variant.name(),
        start_fen: game.start_fen.clone(),
        moves: game.mainline_moves(),
        result: game.outcome.to_string(),
        headers,
        tree,
        notation: notation.name(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pgn_and_dhtmlxq_and_garbage() {
        let pgn = "[Event \"x\"]\n[Result \"1-0\"]\n\n1. C2.5 H8+7 1-0\n";
        let (g, f) = read_first(pgn.as_bytes()).unwrap();
        assert_eq!((f, g.mainline_moves().len()), ("pgn", 2));
        assert!(matches!(read_first(b"XQ\x00garbage").unwrap_err(), ReadError::Xqf(_)));
        assert!(read_first(&[0xff, 0xfe, 0x00]).is_err());
    }
}
