//! `Game`: a game under a rule set, which ends — by mate, repetition rulings, the move limit,
//! janggi's passes and counting, resignation, agreement or time — and then takes no more moves.
//! The rules crate's `Game` judges after every move; `Board` is the lighter object that only
//! checks moves.

use crate::board::Board;
use crate::error::Result;
use crate::{js, names, outcome};
use chuhan::{Move, Position};
use wasm_bindgen::prelude::*;

/// A game from a start position under a rule set.
#[wasm_bindgen(js_name = Game)]
#[derive(Clone, Debug)]
pub struct JsGame {
    game: chuhan::Game,
}

impl JsGame {
    /// A game from `fen` (the start when `None`) of `variant` under the rule set `rules` (the
    /// variant's default when `None`).
    pub fn from_parts(fen: Option<&str>, variant: Option<&str>, rules: Option<&str>) -> Result<JsGame> {
        let board = Board::from_parts(fen, variant)?;
        let rules = names::rules(board.position().variant(), rules)?;
        Ok(JsGame { game: chuhan::Game::new(board.position().clone(), rules) })
    }

    /// Plays `m` and judges; fails when the game is over or the move illegal.
    pub fn play(&mut self, m: Move) -> Result<Option<outcome::View>> {
        self.game.play(m)?;
        Ok(self.ending())
    }

    /// The ending, if the game has ended.
    pub fn ending(&self) -> Option<outcome::View> {
        let variant = self.game.position().variant();
        self.game.outcome().map(|o| outcome::View::new(o, variant, self.game.rules()))
    }

    fn pos(&self) -> &Position {
        self.game.position()
    }

    fn side(&self, name: &JsValue) -> Result<chuhan::Side> {
        names::side(self.pos().variant(), &js::string(name, "side")?)
    }
}

#[wasm_bindgen(js_class = Game)]
impl JsGame {
    /// A game from `fen` (the standard start when left out) of `variant` (`"xiangqi"` or
    /// `"janggi"`) under `rules` (xiangqi: `"axf"`, `"cxa"`, `"computer"`; janggi: `"modern"`,
    /// `"traditional"`, `"casual"`; the first is the default).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string | null")] fen: Option<JsValue>,
        #[wasm_bindgen(unchecked_param_type = "\"xiangqi\" | \"janggi\" | null")] variant: Option<JsValue>,
        #[wasm_bindgen(unchecked_param_type = "string | null")] rules: Option<JsValue>,
    ) -> std::result::Result<JsGame, JsError> {
        let fen = js::opt_string(&fen, "fen")?;
        let variant = js::opt_string(&variant, "variant")?;
        let rules = js::opt_string(&rules, "rules")?;
        Ok(JsGame::from_parts(fen.as_deref(), variant.as_deref(), rules.as_deref())?)
    }

    /// `"xiangqi"` or `"janggi"`.
    #[wasm_bindgen(getter)]
    pub fn variant(&self) -> String {
        self.pos().variant().name().to_string()
    }

    /// The side to move, in the variant's words.
    #[wasm_bindgen(getter)]
    pub fn turn(&self) -> String {
        self.pos().turn().name(self.pos().variant()).to_string()
    }

    /// The rule set's name.
    #[wasm_bindgen(getter)]
    pub fn rules(&self) -> String {
        names::rules_name(self.pos().variant(), self.game.rules())
    }

    /// The number of plies played.
    #[wasm_bindgen(getter)]
    pub fn ply(&self) -> usize {
        self.game.ply()
    }

    /// The current position as FEN.
    pub fn fen(&self) -> String {
        self.pos().to_fen()
    }

    /// The legal moves in coordinates (none once the game is over).
    #[wasm_bindgen(js_name = legalMoves, unchecked_return_type = "string[]")]
    pub fn legal_moves(&self) -> js_sys::Array {
        if self.game.outcome().is_some() {
            return js_sys::Array::new();
        }
        js::moves(&self.pos().legal_moves())
    }

    /// The moves played, oldest first, in coordinates (chess.js's `history()`).
    #[wasm_bindgen(unchecked_return_type = "string[]")]
    pub fn history(&self) -> js_sys::Array {
        js::moves(&self.game.moves().collect::<Vec<_>>())
    }

    /// The moves played, oldest first, in coordinates.
    ///
    /// @deprecated Use `history()`; `moves()` goes in the next release (a chess.js user reads
    /// `moves()` as the legal moves, which are `legalMoves()`).
    #[wasm_bindgen(unchecked_return_type = "string[]")]
    pub fn moves(&self) -> js_sys::Array {
        self.history()
    }

    /// Plays `move` (coordinates) and returns the outcome if it ended the game, else `null`.
    /// Throws on an illegal move, and once the game is over.
    #[wasm_bindgen(unchecked_return_type = "Outcome | null")]
    pub fn push(
        &mut self,
        #[wasm_bindgen(js_name = "move", unchecked_param_type = "string")] mv: JsValue,
    ) -> std::result::Result<JsValue, JsError> {
        let m = names::coords(&js::string(&mv, "move")?)?;
        Ok(self.play(m)?.map_or(JsValue::NULL, |v| v.to_js()))
    }

    /// Plays the move `text` describes in `notation` (detected when left out) and returns it
    /// in coordinates.
    #[wasm_bindgen(js_name = pushNotation)]
    pub fn push_notation(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string | null")] notation: Option<JsValue>,
    ) -> std::result::Result<String, JsError> {
        let m = crate::board::parse_move(
            self.pos(),
            &js::string(&text, "text")?,
            js::opt_string(&notation, "notation")?.as_deref(),
        )?;
        self.play(m)?;
        Ok(names::coords_string(m))
    }

    /// How the game ended, or `null` while it goes on (see `Board.outcome`).
    #[wasm_bindgen(unchecked_return_type = "Outcome | null")]
    pub fn outcome(&self) -> JsValue {
        self.ending().map_or(JsValue::NULL, |v| v.to_js())
    }

    /// `side` (`"red"`, `"black"`, `"cho"`, `"han"`) resigns.
    pub fn resign(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] side: JsValue,
    ) -> std::result::Result<(), JsError> {
        let s = self.side(&side)?;
        self.game.resign(s);
        Ok(())
    }

    /// The players agree to a draw.
    #[wasm_bindgen(js_name = agreeDraw)]
    pub fn agree_draw(&mut self) {
        self.game.agree_draw();
    }

    /// `side` ran out of time.
    #[wasm_bindgen(js_name = loseOnTime)]
    pub fn lose_on_time(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] side: JsValue,
    ) -> std::result::Result<(), JsError> {
        let s = self.side(&side)?;
        self.game.lose_on_time(s);
        Ok(())
    }

    /// A `Board` of the game so far (start position and moves) under the game's rules, to
    /// explore without touching the game.
    pub fn board(&self) -> Board {
        Board::with_rules(self.pos().clone(), *self.game.rules())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_refuses_moves_after_its_end() {
        let mut g = JsGame::from_parts(Some("3k5/1R7/9/9/9/9/9/9/R8/4K4 w"), None, Some("cxa")).unwrap();
        let o = g.play("a1a9".parse().unwrap()).unwrap().unwrap();
        assert_eq!((o.termination, o.rules.as_str()), ("checkmate", "cxa"));
        let e = g.play("d9e9".parse().unwrap()).unwrap_err();
        assert_eq!(e.0, "the game is over (Red wins: Black is checkmated)");
    }

    #[test]
    fn resign_ends_the_game() {
        let mut g = JsGame::from_parts(None, Some("janggi"), None).unwrap();
        let s = names::side(chuhan::Variant::Janggi, "cho").unwrap();
        g.game.resign(s);
        let o = g.ending().unwrap();
        assert_eq!((o.verdict.as_str(), o.winner, o.termination), ("han wins", Some("han"), "resignation"));
        assert!(JsGame::from_parts(None, None, Some("modern")).unwrap_err().0.contains("xiangqi rule set"));
    }
}
