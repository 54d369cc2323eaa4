//! Records brought to the analysis board: PGN or DhtmlXQ pasted as text, or an XQF, PGN or
//! DhtmlXQ file sent as it is. The server reads the first game and hands back its start and
//! whole tree (variations and comments, see [`crate::tree`]); nothing is stored.

use crate::error::{bad, server_words, ApiError, Arg};
use crate::params::{pick_notation, NotationQuery};
use crate::wire::Record as RecordAnswer;
use axum::body::Bytes;
use axum::extract::Query;
use axum::Json;
use chuhan::notation::Notation;
use chuhan::Variant;
use chuhan_i18n::{Lang, Localize};
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
        return Err(bad("the record is empty").words("record-empty", Vec::new()));
    }
    let (game, format) = read_first(&body).map_err(|e| read_error(&e))?;
    let notation = pick_notation(q.notation.as_deref(), game.variant)?;
    Ok(Json(record_json(&game, format, notation)?))
}

/// A record that does not read, as a 400: the reader's sentence in English; in the other
/// languages where and why from its typed error (a PGN's game, ply and problem; another
/// format's illegal move), or that the format's file does not read.
pub fn read_error(e: &ReadError) -> ApiError {
    bad(e.to_string()).worded(|lang| read_error_in(e, lang))
}

/// [`read_error`]'s words in `lang` (the upload's skipped games use them too).
pub fn read_error_in(e: &ReadError, lang: Lang) -> String {
    use chuhan_record::dhtmlxq::DhtmlXqError;
    use chuhan_record::pgn::{PgnErrorKind as K, MAX_DEPTH, MAX_GAME_BYTES};
    use chuhan_record::{CbfError, CbrError, TreeError, XqfError};
    let server = |id: &str, args: &[(&'static str, String)]| {
        let args: Vec<(&'static str, Arg)> = args.iter().map(|(k, v)| (*k, Arg::from(v.clone()))).collect();
        server_words(lang, id, &args)
    };
    // Where: the game and the ply, and whether the ply is in a variation.
    let placed = |game: Option<usize>, ply: Option<usize>, in_variation: bool, what: String| {
        let what = if in_variation { server("record-in-variation", &[("what", what)]) } else { what };
        match (game, ply) {
            (Some(g), Some(p)) => {
                server("record-at-ply", &[("game", g.to_string()), ("ply", p.to_string()), ("what", what)])
            }
            (Some(g), None) => server("record-at-game", &[("game", g.to_string()), ("what", what)]),
            (None, Some(p)) => server("record-at-move", &[("ply", p.to_string()), ("what", what)]),
            (None, None) => what,
        }
    };
    let tree = |format: &str, t: &TreeError| match t {
        TreeError::Illegal { ply, in_variation, error, .. } => {
            placed(None, Some(*ply), *in_variation, server("record-illegal", &[("move", error.mv.to_string())]))
        }
        TreeError::TooDeep => server("record-too-deep", &[("depth", MAX_DEPTH.to_string())]),
        _ => server("record-unreadable", &[("format", format.to_string())]),
    };
    match e {
        ReadError::Pgn(p) => {
            let what = match &p.kind {
                K::Fen { fen, source } => server(
                    "record-fen",
                    &[("fen", format!("{fen:?}")), ("problem", source.localize(Variant::Xiangqi, lang))],
                ),
                K::Variant(v) => server("record-variant", &[("text", format!("{v:?}"))]),
                K::Move { source, .. } => source.localize(Variant::Xiangqi, lang),
                K::NoNotation { text } => server("record-no-notation", &[("text", format!("{text:?}"))]),
                K::UnbalancedClose => server("record-unbalanced-close", &[]),
                K::VariationWithoutMove => server("record-variation-without-move", &[]),
                K::TooDeep => server("record-too-deep", &[("depth", MAX_DEPTH.to_string())]),
                K::UnterminatedComment => server("record-unterminated-comment", &[]),
                K::BadTag(t) => server("record-bad-tag", &[("text", format!("{t:?}"))]),
                K::TooLong => server("record-too-long", &[("mib", (MAX_GAME_BYTES >> 20).to_string())]),
                _ => server("record-unreadable", &[("format", "PGN".to_string())]),
            };
            placed(Some(p.game), p.ply, p.in_variation, what)
        }
        ReadError::Xqf(XqfError::Tree(t)) => tree("XQF", t),
        ReadError::DhtmlXq(DhtmlXqError::Tree(t)) => tree("DhtmlXQ", t),
        ReadError::Cbr(CbrError::Tree(t)) => tree("CCBridge", t),
        ReadError::Cbf(CbfError::Tree(t)) => tree("CBF", t),
        ReadError::NoGame => server("record-no-game", &[]),
        other => {
            let format = match other {
                ReadError::Xqf(_) => "XQF",
                ReadError::DhtmlXq(_) => "DhtmlXQ",
                ReadError::Cbf(_) => "CBF",
                ReadError::Cbr(_) | ReadError::Library(_) => "CCBridge",
                _ => "PGN",
            };
            server("record-unreadable", &[("format", format.to_string())])
        }
    }
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
