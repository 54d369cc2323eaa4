//! `Board`: a position with the moves that led to it, python-chess style.
//!
//! A board checks every move it is given and keeps its history so that `pop()` can take moves
//! back. It does not stop at the end of a game: `outcome()` replays the moves through the rules
//! crate's `Game` when asked, so that pushing a move costs only the legality check (the web
//! app highlights legal moves on every click; the server stays the referee).

use crate::error::{Error, Result};
use crate::{js, names, outcome};
use chuhan::game::{JanggiRules, Rules};
use chuhan::notation::{Notation, NotationError};
use chuhan::{Game, JanggiSetup, Move, Position, Square, Variant};
use wasm_bindgen::prelude::*;

/// A xiangqi or janggi position with its move history.
#[wasm_bindgen]
#[derive(Clone, Debug)]
pub struct Board {
    /// The position now; its history holds the moves pushed since the board was set up (the
    /// start is found by taking them back, so setting up a board copies no position).
    pos: Position,
    /// The rules `outcome()` applies.
    rules: Rules,
}

// ---- The logic, in plain Rust (unit-tested natively). ----

impl Board {
    /// The board of `fen` (the variant's start when `None`) in `variant` (xiangqi when `None`).
    pub fn from_parts(fen: Option<&str>, variant: Option<&str>) -> Result<Board> {
        let variant = names::variant(variant)?;
        let pos = match fen {
            None => Position::new(variant),
            Some(f) => Position::from_fen(variant, f)?,
        };
        Ok(Board::from_position(pos))
    }

    /// A board from a position (its history is kept as the board's own).
    pub fn from_position(pos: Position) -> Board {
        let rules = Rules::for_variant(pos.variant());
        Board { pos, rules }
    }

    /// A board from a position under `rules` (its history is kept as the board's own).
    pub fn with_rules(pos: Position, rules: Rules) -> Board {
        Board { pos, rules }
    }

    /// Sets the board to `fen` of its variant, with no history; the rules stay.
    pub fn set_fen_text(&mut self, fen: &str) -> Result<()> {
        let mut pos = Position::from_fen(self.pos.variant(), fen)?;
        pos.set_bikjang_rule(self.rules.janggi != JanggiRules::Casual);
        self.pos = pos;
        Ok(())
    }

    /// The position the board was set up with: the position now with every move taken back.
    pub fn start(&self) -> Position {
        let mut start = self.pos.clone();
        while start.undo().is_some() {}
        start
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The rules in force.
    pub fn rules_in_force(&self) -> &Rules {
        &self.rules
    }

    /// Plays the move written in coordinates, if legal; otherwise says why not.
    pub fn push_coords(&mut self, text: &str) -> Result<Move> {
        let m = names::coords(text)?;
        self.pos.play(m)?;
        Ok(m)
    }

    /// The legal move `text` describes in `notation` (see [`parse_move`]).
    pub fn parse_move(&self, text: &str, notation: Option<&str>) -> Result<Move> {
        parse_move(&self.pos, text, notation)
    }

    /// `text` (coordinates) written in `notation`, which must be one of the variant's (the
    /// rules crate would quietly write coordinates instead).
    pub fn write_move(&self, text: &str, notation: &str) -> Result<String> {
        let n = names::notation(notation)?;
        let variant = self.pos.variant();
        if !n.applies_to(variant) {
            return Err(Error::new(format!("{n} notation is not used for {variant}")));
        }
        let m = names::coords(text)?;
        self.pos.check_move(m)?;
        Ok(n.format(&self.pos, m))
    }

    /// Takes back the last move.
    pub fn pop_move(&mut self) -> Result<Move> {
        self.pos.undo().ok_or_else(|| Error::new("no move to take back"))
    }

    /// The pass of the side to move (janggi); the rules say when it is not allowed.
    pub fn push_pass_move(&mut self) -> Result<Move> {
        let g = self.pos.general(self.pos.turn());
        let m = Move::new(g, g);
        self.pos.play(m)?;
        Ok(m)
    }

    /// Sets the rule set by name (see [`names::rules`]).
    pub fn set_rules_named(&mut self, name: &str) -> Result<()> {
        let rules = names::rules(self.pos.variant(), Some(name))?;
        let bikjang = rules.janggi != JanggiRules::Casual;
        self.pos.set_bikjang_rule(bikjang);
        self.rules = rules;
        Ok(())
    }

    /// The ending at the current position, by the rules over time applied to the moves
    /// pushed (`Game::ending_at`): mate or stalemate here, a repetition whose cycle closes with
    /// the last move, the move limit reached. An ending the board played past is not reported
    /// (python-chess's `Board.outcome`); a `Game` stops at its first ending instead.
    pub fn ending(&self) -> Option<outcome::View> {
        let moves: Vec<Move> = self.pos.history().iter().map(|p| p.mv).collect();
        let o = Game::ending_at(self.start(), &moves, self.rules).ok()??;
        Some(outcome::View::new(&o, self.pos.variant(), &self.rules))
    }

    /// The piece on `square` as its FEN letter.
    pub fn piece_letter(&self, square: &str) -> Result<Option<char>> {
        let sq: Square = square.parse()?;
        Ok(self.pos.piece_at(sq).map(|p| p.letter()))
    }
}

// ---- The JavaScript face. ----

#[wasm_bindgen]
impl Board {
    /// A board from `fen` (the standard start when left out) of `variant` (`"xiangqi"`, the
    /// default, or `"janggi"`). Throws on a FEN the variant cannot have, saying where.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string | null")] fen: Option<JsValue>,
        #[wasm_bindgen(unchecked_param_type = "\"xiangqi\" | \"janggi\" | null")] variant: Option<JsValue>,
    ) -> std::result::Result<Board, JsError> {
        let fen = js::opt_string(&fen, "fen")?;
        let variant = js::opt_string(&variant, "variant")?;
        Ok(Board::from_parts(fen.as_deref(), variant.as_deref())?)
    }

    /// A janggi start position with each side's formation (`outer`, `inner`, `left`, `right`,
    /// `mobile`), Cho's first.
    #[wasm_bindgen(js_name = fromFormations)]
    pub fn from_formations(
        #[wasm_bindgen(unchecked_param_type = "string")] cho: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] han: JsValue,
    ) -> std::result::Result<Board, JsError> {
        let cho = js::string(&cho, "cho")?.parse().map_err(Error::from)?;
        let han = js::string(&han, "han")?.parse().map_err(Error::from)?;
        Ok(Board::from_position(JanggiSetup { cho, han }.position()))
    }

    /// `"xiangqi"` or `"janggi"`.
    #[wasm_bindgen(getter)]
    pub fn variant(&self) -> String {
        self.pos.variant().name().to_string()
    }

    /// The side to move: `"red"`/`"black"` (xiangqi) or `"cho"`/`"han"` (janggi).
    #[wasm_bindgen(getter)]
    pub fn turn(&self) -> String {
        self.pos.turn().name(self.pos.variant()).to_string()
    }

    /// The number of moves pushed (and not popped).
    #[wasm_bindgen(getter)]
    pub fn ply(&self) -> usize {
        self.pos.history().len()
    }

    /// The position as FEN.
    pub fn fen(&self) -> String {
        self.pos.to_fen()
    }

    /// Sets the board to `fen` (of the board's variant), forgetting the moves pushed; the rule
    /// set stays. Throws on a FEN the variant cannot have, leaving the board as it was. Cheaper
    /// than a new board when many positions are looked at in turn.
    #[wasm_bindgen(js_name = setFen)]
    pub fn set_fen(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] fen: JsValue,
    ) -> std::result::Result<(), JsError> {
        Ok(self.set_fen_text(&js::string(&fen, "fen")?)?)
    }

    /// The FEN the board was set up with.
    #[wasm_bindgen(js_name = startFen)]
    pub fn start_fen(&self) -> String {
        self.start().to_fen()
    }

    /// Every legal move in coordinates (`"h2e2"`; a janggi pass is the general's point twice,
    /// `"e1e1"`), in no particular order.
    #[wasm_bindgen(js_name = legalMoves, unchecked_return_type = "string[]")]
    pub fn legal_moves(&self) -> js_sys::Array {
        js::moves(&self.pos.legal_moves())
    }

    /// The moves pushed, oldest first, in coordinates (chess.js's `history()`).
    #[wasm_bindgen(unchecked_return_type = "string[]")]
    pub fn history(&self) -> js_sys::Array {
        let moves: Vec<Move> = self.pos.history().iter().map(|p| p.mv).collect();
        js::moves(&moves)
    }

    /// The moves pushed, oldest first, in coordinates.
    ///
    /// @deprecated Use `history()`; `moves()` goes in the next release (a chess.js user reads
    /// `moves()` as the legal moves, which are `legalMoves()`).
    #[wasm_bindgen(unchecked_return_type = "string[]")]
    pub fn moves(&self) -> js_sys::Array {
        self.history()
    }

    /// Whether `move` (coordinates) is legal here.
    #[wasm_bindgen(js_name = isLegal)]
    pub fn is_legal(
        &self,
        #[wasm_bindgen(js_name = "move", unchecked_param_type = "string")] mv: JsValue,
    ) -> std::result::Result<bool, JsError> {
        let m = names::coords(&js::string(&mv, "move")?)?;
        Ok(self.pos.is_legal(m))
    }

    /// Plays `move` (coordinates, `"h2e2"`). Throws, leaving the board as it was, when the move
    /// is not legal, with the reason: `illegal move h9h5: the black horse on h9 cannot move to
    /// h5`.
    pub fn push(
        &mut self,
        #[wasm_bindgen(js_name = "move", unchecked_param_type = "string")] mv: JsValue,
    ) -> std::result::Result<(), JsError> {
        self.push_coords(&js::string(&mv, "move")?)?;
        Ok(())
    }

    /// Plays the move `text` describes in `notation` (detected when left out: `"炮二平五"`,
    /// `"C2.5"`, `"h2e2"`...) and returns it in coordinates.
    #[wasm_bindgen(js_name = pushNotation)]
    pub fn push_notation(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string | null")] notation: Option<JsValue>,
    ) -> std::result::Result<String, JsError> {
        let m = self.parse_move(&js::string(&text, "text")?, js::opt_string(&notation, "notation")?.as_deref())?;
        self.pos.play_unchecked(m);
        Ok(names::coords_string(m))
    }

    /// The janggi pass (the general stays on its point); returns it in coordinates. Throws in
    /// xiangqi, in check, and when the game is already over by passing.
    #[wasm_bindgen(js_name = pushPass)]
    pub fn push_pass(&mut self) -> std::result::Result<String, JsError> {
        Ok(names::coords_string(self.push_pass_move()?))
    }

    /// Takes back the last move and returns it; throws when there is none.
    pub fn pop(&mut self) -> std::result::Result<String, JsError> {
        Ok(names::coords_string(self.pop_move()?))
    }

    /// The legal move `text` describes, in coordinates, without playing it; `notation` as for
    /// `pushNotation`.
    pub fn parse(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string | null")] notation: Option<JsValue>,
    ) -> std::result::Result<String, JsError> {
        let m = self.parse_move(&js::string(&text, "text")?, js::opt_string(&notation, "notation")?.as_deref())?;
        Ok(names::coords_string(m))
    }

    /// The legal `move` (coordinates) written in `notation` (`"chinese"`, `"wxf"`,
    /// `"janggi"`...; see `notations()`).
    pub fn notation(
        &self,
        #[wasm_bindgen(js_name = "move", unchecked_param_type = "string")] mv: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] notation: JsValue,
    ) -> std::result::Result<String, JsError> {
        Ok(self.write_move(&js::string(&mv, "move")?, &js::string(&notation, "notation")?)?)
    }

    /// Whether the side to move is in check.
    #[wasm_bindgen(js_name = isCheck)]
    pub fn is_check(&self) -> bool {
        self.pos.is_check()
    }

    /// The ending at the current position, by the board's rules, or `null`: `{result,
    /// termination, description, verdict, winner, ply, rules, points}`, e.g. `{result: "0-1",
    /// termination: "checkmate", description: "Black wins: Red is checkmated", verdict: "black
    /// wins", winner: "black", ...}`. Like python-chess, a board that played on past an ending
    /// (a repetition, then other moves) does not report it; a `Game` stops at its first ending.
    #[wasm_bindgen(unchecked_return_type = "Outcome | null")]
    pub fn outcome(&self) -> JsValue {
        self.ending().map_or(JsValue::NULL, |v| v.to_js())
    }

    /// The rule set `outcome()` applies: `"axf"` (default), `"cxa"` or `"computer"` in
    /// xiangqi; `"modern"` (default), `"traditional"` or `"casual"` in janggi.
    #[wasm_bindgen(getter)]
    pub fn rules(&self) -> String {
        names::rules_name(self.pos.variant(), &self.rules)
    }

    /// Chooses the rule set (see `rules`). Casual janggi also drops the bikjang rule from move
    /// legality.
    #[wasm_bindgen(js_name = setRules)]
    pub fn set_rules(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
    ) -> std::result::Result<(), JsError> {
        Ok(self.set_rules_named(&js::string(&name, "rules")?)?)
    }

    /// The piece on `square` (`"e0"`) as its FEN letter (`"K"`; lower case for the second
    /// mover), or `null`.
    #[wasm_bindgen(js_name = pieceAt, unchecked_return_type = "string | null")]
    pub fn piece_at(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] square: JsValue,
    ) -> std::result::Result<JsValue, JsError> {
        let letter = self.piece_letter(&js::string(&square, "square")?)?;
        Ok(letter.map_or(JsValue::NULL, |c| JsValue::from_str(c.encode_utf8(&mut [0; 4]))))
    }

    /// The number of move sequences of `depth` plies from here (perft), for checking move
    /// generation. Janggi counts include passes and depend on the moves pushed.
    pub fn perft(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] depth: JsValue,
    ) -> std::result::Result<f64, JsError> {
        let depth = js::integer(&depth, "depth", 0, 20)?;
        let mut pos = self.pos.clone();
        Ok(chuhan::perft(&mut pos, depth) as f64)
    }

    /// An independent copy, history included.
    pub fn copy(&self) -> Board {
        self.clone()
    }

    /// Whether `other` has the same variant, pieces, side to move and counters (histories are
    /// not compared).
    pub fn equals(&self, other: &Board) -> bool {
        self.pos == other.pos
    }

    /// The FEN.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_string_js(&self) -> String {
        self.fen()
    }
}

/// The names of the notations that apply to `variant` (xiangqi when left out), for
/// `Board.notation` and `Board.parse`.
#[wasm_bindgen(unchecked_return_type = "string[]")]
pub fn notations(
    #[wasm_bindgen(unchecked_param_type = "\"xiangqi\" | \"janggi\" | null")] variant: Option<JsValue>,
) -> std::result::Result<js_sys::Array, JsError> {
    let v: Variant = names::variant(js::opt_string(&variant, "variant")?.as_deref())?;
    Ok(js::words(&names::notation_names(v)))
}

/// The legal move `text` describes in `notation`, or, when `None`, in the first notation of
/// the variant that reads it.
pub fn parse_move(pos: &Position, text: &str, notation: Option<&str>) -> Result<Move> {
    if let Some(n) = notation {
        return Ok(names::notation(n)?.parse(pos, text)?);
    }
    // A text that reads as coordinates is refused with the rules' reason.
    if let Ok(m) = names::coords(text) {
        pos.check_move(m)?;
        return Ok(m);
    }
    // Otherwise the first notation that reads it (an illegal or ambiguous move's error first).
    Notation::parse_any(pos, text).map_err(|e| match e {
        NotationError::NoNotation { text, variant } => Error::new(format!(
            "{text:?} is not a move in any notation of {variant} ({})",
            names::notation_names(variant).replace(' ', ", ")
        )),
        e => e.into(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_pop_and_the_reason_for_an_illegal_move() {
        let mut b = Board::from_parts(None, None).unwrap();
        b.push_coords("h2e2").unwrap();
        let e = b.push_coords("h9h5").unwrap_err();
        assert_eq!(e.0, "illegal move h9h5: the black horse on h9 cannot move to h5");
        assert_eq!(b.pos.history().len(), 1);
        assert_eq!(names::coords_string(b.pop_move().unwrap()), "h2e2");
        assert_eq!(b.pop_move().unwrap_err().0, "no move to take back");
        assert_eq!(b.pos, Position::new(Variant::Xiangqi));
    }

    #[test]
    fn parse_detects_the_notation_and_explains_failures() {
        let b = Board::from_parts(None, None).unwrap();
        for t in ["炮二平五", "C2.5", "h2e2", "H2-E2", "炮二平五"] {
            assert_eq!(names::coords_string(b.parse_move(t, None).unwrap()), "h2e2", "{t}");
        }
        assert_eq!(names::coords_string(b.parse_move("h3e3", Some("uci1")).unwrap()), "h2e2");
        let e = b.parse_move("h9h7", None).unwrap_err().0;
        assert_eq!(e, "illegal move h9h7: the black horse on h9 cannot move: it is red's move");
        let e = b.parse_move("马二进四", None).unwrap_err().0;
        assert_eq!(e, "马二进四: no legal move fits");
        let e = b.parse_move("zzz", None).unwrap_err().0;
        assert!(e.starts_with("\"zzz\" is not a move in any notation of xiangqi (chinese, "), "{e}");
        assert!(b.parse_move("炮二平五", Some("martian")).unwrap_err().0.contains("unknown notation"));
    }

    #[test]
    fn notation_of_a_legal_move_only() {
        let b = Board::from_parts(None, None).unwrap();
        assert_eq!(b.write_move("h2e2", "chinese").unwrap(), "炮二平五");
        assert_eq!(b.write_move("h2e2", "wxf").unwrap(), "C2.5");
        assert!(b.write_move("h2h8", "chinese").unwrap_err().0.starts_with("illegal move h2h8"));
    }

    #[test]
    fn outcome_by_replay_and_rules() {
        // Red mates with the chariot on the back rank.
        let mut b = Board::from_parts(Some("3k5/1R7/9/9/9/9/9/9/R8/4K4 w"), None).unwrap();
        assert!(b.ending().is_none());
        b.push_coords("a1a9").unwrap();
        let o = b.ending().unwrap();
        assert_eq!((o.verdict.as_str(), o.termination, o.result), ("red wins", "checkmate", "1-0"));
        assert_eq!(o.description, "Red wins: Black is checkmated");
        b.pop_move().unwrap();
        assert!(b.ending().is_none());
    }

    #[test]
    fn janggi_passes_and_formations() {
        let mut b = Board::from_parts(None, Some("janggi")).unwrap();
        assert_eq!(names::coords_string(b.push_pass_move().unwrap()), "e1e1");
        b.push_pass_move().unwrap();
        let o = b.ending().unwrap();
        assert_eq!(o.termination, "double-pass");
        assert_eq!(o.points, Some((72.0, 73.5)));
        assert!(Board::from_parts(None, None).unwrap().push_pass_move().unwrap_err().0.contains("xiangqi has no pass"));
        b.set_rules_named("casual").unwrap();
        assert_eq!(b.ending().unwrap().verdict, "draw");
        assert!(b.set_rules_named("axf").unwrap_err().0.contains("janggi rule set"));
    }

    #[test]
    fn bad_fen_says_where() {
        let e = Board::from_parts(Some("rnbakabnr/9/9 w"), None).unwrap_err();
        assert_eq!(e.0, "FEN field 1: 3 ranks, expected 10");
        assert!(Board::from_parts(None, Some("chess")).unwrap_err().0.contains("unknown variant"));
    }
}
