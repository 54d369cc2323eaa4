//! PGN read and written: `readPgn(text)` gives plain game objects, `writePgn(games)` takes
//! them back.
//!
//! A game object is `{headers, variant, fen, moves, result}`: the tags as an object of strings,
//! `"xiangqi"` or `"janggi"`, the start FEN, the main line in coordinates and the PGN result
//! token. Plain objects rather than a class, so that they print, compare and serialise like
//! any other data in JavaScript. Comments and variations are read (and checked) but not
//! handed over: the main line is what a board replays.

use crate::error::{Error, Result};
use crate::{js, names};
use chuhan::notation::Notation;
use chuhan::{Position, Variant};
use chuhan_record::{pgn, Headers, Node, Record, RecordResult};
use wasm_bindgen::prelude::*;

/// Every game of `text`; the first game that cannot be read fails the whole text, with the
/// game's number, the ply and the reason.
pub fn read(text: &str) -> Result<Vec<Record>> {
    pgn::read_all(text).into_iter().map(|g| g.map_err(Error::from)).collect()
}

/// What a caller gives for one game to write.
#[derive(Debug, Clone, Default)]
pub struct Spec {
    /// Tags in order.
    pub headers: Vec<(String, String)>,
    /// `xiangqi` or `janggi`; else the `Variant` tag; else xiangqi.
    pub variant: Option<String>,
    /// The start FEN; else the `FEN` tag; else the standard start.
    pub fen: Option<String>,
    /// The main line in coordinates.
    pub moves: Vec<String>,
    /// A result (`1-0`, `0-1`, `1/2-1/2`, `*` or the words records use); else the `Result`
    /// tag; else `*`.
    pub result: Option<String>,
}

impl Spec {
    /// The record, every move checked.
    pub fn record(&self) -> Result<Record> {
        let tag = |k: &str| self.headers.iter().find(|(key, _)| key == k).map(|(_, v)| v.as_str());
        let variant = names::variant(self.variant.as_deref().or_else(|| tag("Variant")))?;
        let mut pos = match self.fen.as_deref().or_else(|| tag("FEN")) {
            Some(f) => Position::from_fen(variant, f)?,
            None => Position::new(variant),
        };
        let mut record = Record::new(variant);
        record.start_fen = pos.to_fen();
        let mut headers = Headers::new();
        for (k, v) in &self.headers {
            headers.set(k.as_str(), v.as_str());
        }
        record.headers = headers;
        for (i, text) in self.moves.iter().enumerate() {
            let m = names::coords(text).and_then(|m| pos.play(m).map(|()| m).map_err(Error::from));
            let m = m.map_err(|e| Error::new(format!("move {} ({text:?}): {e}", i + 1)))?;
            record.main.nodes.push(Node::new(m));
        }
        let result = self.result.as_deref().or_else(|| tag("Result")).unwrap_or("*");
        record.outcome = RecordResult::from_text(result)
            .ok_or_else(|| Error::new(format!("result {result:?}: expected 1-0, 0-1, 1/2-1/2 or *")))?;
        Ok(record)
    }
}

/// The notation to write `variant`'s moves in: `name`, or Chinese (xiangqi) and the numeric
/// notation (janggi) when `None`. A notation of the other game is refused rather than silently
/// replaced by coordinates.
pub fn notation_for(variant: Variant, name: Option<&str>) -> Result<Notation> {
    let n = match name {
        Some(n) => names::notation(n)?,
        None if variant == Variant::Janggi => Notation::Janggi,
        None => Notation::Chinese,
    };
    if !n.applies_to(variant) {
        return Err(Error::new(format!("{n} notation is not used for {variant}")));
    }
    Ok(n)
}

/// The PGN of `specs`, in `notation` (see [`notation_for`]).
pub fn write(specs: &[Spec], notation: Option<&str>) -> Result<String> {
    let mut out = String::new();
    for (i, spec) in specs.iter().enumerate() {
        let in_game = |e: Error| Error::new(format!("game {}: {e}", i + 1));
        let record = spec.record().map_err(in_game)?;
        let n = notation_for(record.variant, notation).map_err(in_game)?;
        out.push_str(&pgn::game_text(&record, n).map_err(|e| in_game(Error::new(e.to_string())))?);
    }
    Ok(out)
}

// ---- The JavaScript face. ----

/// A record as the plain object JavaScript receives.
fn to_js(record: &Record) -> JsValue {
    let obj = js_sys::Object::new();
    let headers = js_sys::Object::new();
    for (k, v) in record.headers.iter() {
        js::set(&headers, k, v);
    }
    js::set(&obj, "headers", headers);
    js::set(&obj, "variant", record.variant.name());
    js::set(&obj, "fen", record.start_fen.as_str());
    js::set(&obj, "moves", js::moves(&record.mainline_moves()));
    js::set(&obj, "result", record.outcome.pgn());
    obj.into()
}

/// The optional text field `key` of a game object.
fn field(game: &JsValue, key: &str) -> Result<Option<String>> {
    js::opt_string(&Some(js::get(game, key)), key)
}

/// A game object read into a [`Spec`], with errors naming the field.
fn spec(game: &JsValue) -> Result<Spec> {
    if !game.is_object() || js_sys::Array::is_array(game) {
        return Err(Error::new(format!(
            "a game must be an object {{headers, variant, fen, moves, result}}, got {}",
            js::type_name(game)
        )));
    }
    let mut spec = Spec {
        variant: field(game, "variant")?,
        fen: field(game, "fen")?,
        result: field(game, "result")?,
        ..Spec::default()
    };
    let moves = js::get(game, "moves");
    if !moves.is_undefined() && !moves.is_null() {
        if !js_sys::Array::is_array(&moves) {
            return Err(Error::new(format!("moves must be an array of strings, got {}", js::type_name(&moves))));
        }
        for (i, m) in js_sys::Array::from(&moves).iter().enumerate() {
            spec.moves.push(js::string(&m, &format!("moves[{i}]"))?);
        }
    }
    let headers = js::get(game, "headers");
    if !headers.is_undefined() && !headers.is_null() {
        if !headers.is_object() || js_sys::Array::is_array(&headers) {
            return Err(Error::new(format!("headers must be an object of strings, got {}", js::type_name(&headers))));
        }
        for entry in js_sys::Object::entries(&js_sys::Object::from(headers)).iter() {
            let pair = js_sys::Array::from(&entry);
            let key = pair.get(0).as_string().unwrap_or_default();
            let value = js::string(&pair.get(1), &format!("headers.{key}"))?;
            spec.headers.push((key, value));
        }
    }
    Ok(spec)
}

/// Whether `readPgn`'s options (`{ errors: "throw" | "skip" }`, as Python's `read_games(...,
/// errors="raise" | "skip")`) ask to leave out the games that cannot be read.
fn skips(options: &Option<JsValue>) -> Result<bool> {
    let Some(o) = options.as_ref().filter(|o| !o.is_undefined() && !o.is_null()) else { return Ok(false) };
    if !o.is_object() {
        return Err(Error::new(format!(
            "options must be an object such as {{ errors: \"skip\" }}, got {}",
            js::type_name(o)
        )));
    }
    match js::opt_string(&Some(js::get(o, "errors")), "options.errors")?.as_deref() {
        None | Some("throw") => Ok(false),
        Some("skip") => Ok(true),
        Some(other) => Err(Error::new(format!("options.errors must be \"throw\" or \"skip\", got {other:?}"))),
    }
}

/// Reads every game of a PGN text: an array of `{headers, variant, fen, moves, result}`.
/// Moves may be in any notation chuhan reads (named by the `Format` tag or detected); they
/// come back in coordinates. Throws on the first game that cannot be read, naming the game,
/// the ply and the reason; with `{ errors: "skip" }` such games are left out and the others
/// returned (one bad game in a collection no longer costs the rest).
#[wasm_bindgen(js_name = readPgn, unchecked_return_type = "PgnGame[]")]
pub fn read_pgn(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_param_type = "{ errors?: \"throw\" | \"skip\" } | null")] options: Option<JsValue>,
) -> std::result::Result<js_sys::Array, JsError> {
    let skip = skips(&options)?;
    let text = js::string(&text, "text")?;
    if !skip {
        return Ok(read(&text)?.iter().map(to_js).collect());
    }
    Ok(pgn::read_all(&text).iter().filter_map(|g| g.as_ref().ok()).map(to_js).collect())
}

/// Writes games (one object or an array of them, as `readPgn` returns) as PGN, moves in
/// `notation` (Chinese for xiangqi and the numeric notation for janggi when left out). Every
/// move is checked; throws naming the game and move that is wrong.
#[wasm_bindgen(js_name = writePgn)]
pub fn write_pgn(
    #[wasm_bindgen(unchecked_param_type = "PgnGameInput | PgnGameInput[]")] games: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string | null")] notation: Option<JsValue>,
) -> std::result::Result<String, JsError> {
    let notation = js::opt_string(&notation, "notation")?;
    let list: Vec<JsValue> =
        if js_sys::Array::is_array(&games) { js_sys::Array::from(&games).iter().collect() } else { vec![games] };
    let specs = list
        .iter()
        .enumerate()
        .map(|(i, g)| spec(g).map_err(|e| Error::new(format!("game {}: {e}", i + 1))))
        .collect::<Result<Vec<_>>>()?;
    Ok(write(&specs, notation.as_deref())?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec_of(moves: &[&str]) -> Spec {
        Spec { moves: moves.iter().map(|m| m.to_string()).collect(), ..Spec::default() }
    }

    #[test]
    fn write_then_read_gives_the_same_game() {
        let mut s = spec_of(&["h2e2", "h9g7", "h0g2"]);
        s.headers.push(("Event".into(), "Test".into()));
        s.result = Some("1-0".into());
        for notation in [None, Some("wxf"), Some("iccs"), Some("uci")] {
            let text = write(std::slice::from_ref(&s), notation).unwrap();
            let games = read(&text).unwrap();
            assert_eq!(games.len(), 1);
            let g = &games[0];
            assert_eq!(names::joined(g.mainline_moves()), "h2e2 h9g7 h0g2", "{notation:?}\n{text}");
            assert_eq!(g.headers.get("Event"), Some("Test"));
            assert_eq!(g.outcome, RecordResult::RedWins);
        }
    }

    #[test]
    fn janggi_written_in_its_own_notation() {
        let s = Spec { variant: Some("janggi".into()), ..spec_of(&["b0c2", "e8e8"]) };
        let text = write(std::slice::from_ref(&s), None).unwrap();
        assert!(text.contains("[Variant \"janggi\"]"), "{text}");
        let g = &read(&text).unwrap()[0];
        assert_eq!(g.variant, Variant::Janggi);
        assert_eq!(names::joined(g.mainline_moves()), "b0c2 e8e8");
        let e = write(&[s], Some("wxf")).unwrap_err();
        assert_eq!(e.0, "game 1: wxf notation is not used for janggi");
    }

    #[test]
    fn bad_games_are_named() {
        let e = write(&[spec_of(&["h2e2"]), spec_of(&["h2e2", "h9h5"])], None).unwrap_err();
        assert_eq!(e.0, "game 2: move 2 (\"h9h5\"): illegal move h9h5: the black horse on h9 cannot move to h5");
        let bad_result = Spec { result: Some("red won".into()), ..Spec::default() };
        assert!(write(&[bad_result], None).unwrap_err().0.contains("result \"red won\""));
        let e = read("[Event \"x\"]\n\n1. h2e2 h9h5 *\n").unwrap_err();
        assert!(e.0.contains("game 1, ply 2"), "{}", e.0);
        assert!(read("").unwrap().is_empty());
    }
}
