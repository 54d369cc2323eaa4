//! `Game` and `Outcome`: the rules over time (repetitions, the move-count rule, janggi
//! counting and passes), as `chuhan::Game` applies them after every move.

use crate::board::{parse_move, variant_arg, PyBoard};
use crate::errors;
use crate::moves::{move_arg, PyMove};
use crate::outcome::{rules_arg, rules_name, PyOutcome};
use crate::values::side_arg;
use crate::values::PyLegalMoves;
use chuhan::{Game, GameError, Move};
use pyo3::prelude::*;

/// A game under a rule set: every move is checked, and after each the rules decide whether
/// the game has ended (mate, perpetual check or chase, repetition, the move-count rule, janggi
/// counting, bikjang, two passes).
#[pyclass(name = "Game", module = "chuhan")]
#[derive(Clone)]
pub struct PyGame {
    game: Game,
}

impl PyGame {
    fn play(&mut self, m: Move) -> PyResult<Option<PyOutcome>> {
        match self.game.play(m) {
            Ok(_) => Ok(self.game.outcome().map(|o| PyOutcome::new(o, &self.game))),
            Err(GameError::Illegal(e)) => Err(errors::illegal(e)),
            Err(e) => Err(errors::GameOverError::new_err(e.to_string())),
        }
    }
}

#[pymethods]
impl PyGame {
    /// A game from `board`'s start replaying its move stack (or from the standard start of
    /// `variant`), under `rules` (default AXF for xiangqi, modern for janggi). `move_limit`:
    /// moves by each side without a capture before the game is drawn or counted (`None`: no
    /// limit; default 60 for xiangqi, 100 for janggi); `repetitions`: how many times a
    /// position must occur before a repetition is judged (at least 2, default 3).
    #[new]
    #[pyo3(signature = (board=None, *, variant="xiangqi", rules=None, move_limit=-1, repetitions=3))]
    fn new(
        board: Option<PyRef<'_, PyBoard>>,
        variant: &str,
        rules: Option<&str>,
        move_limit: Option<i64>,
        repetitions: u32,
    ) -> PyResult<PyGame> {
        let (start, moves): (chuhan::Position, Vec<Move>) = match &board {
            Some(b) => (b.start.clone(), b.pos.history().iter().map(|p| p.mv).collect()),
            None => (chuhan::Position::new(variant_arg(variant)?), Vec::new()),
        };
        let mut r = rules_arg(rules, start.variant())?;
        match move_limit {
            None => r.move_limit = None,
            Some(-1) => {}
            Some(n) => {
                r.move_limit = Some(u32::try_from(n).ok().filter(|&n| n > 0).ok_or_else(|| {
                    errors::value(format!("move_limit {n}: expected a positive number of moves, or None"))
                })?)
            }
        }
        if repetitions < 2 {
            return Err(errors::value(format!("repetitions {repetitions}: expected 2 or more")));
        }
        r.repetitions = repetitions;
        let mut g = PyGame { game: Game::new(start, r) };
        for m in moves {
            g.play(m)?;
        }
        Ok(g)
    }

    /// `"xiangqi"` or `"janggi"`.
    #[getter]
    fn variant(&self) -> &'static str {
        self.game.position().variant().name()
    }

    /// The rule set in force (`axf`, `cxa`, `computer`; `modern`, `traditional`, `casual`).
    #[getter]
    fn rules(&self) -> String {
        rules_name(self.game.rules(), self.game.position().variant())
    }

    /// The current position, as a `Board` whose move stack is the game's moves.
    #[getter]
    fn board(&self) -> PyBoard {
        PyBoard { start: self.game.start().clone(), pos: self.game.position().clone() }
    }

    /// The moves played, oldest first.
    #[getter]
    fn moves(&self) -> Vec<PyMove> {
        self.game.moves().map(PyMove).collect()
    }

    /// The number of plies played.
    #[getter]
    fn ply(&self) -> usize {
        self.game.ply()
    }

    /// How the game ended, or `None` while it goes on.
    #[getter]
    fn outcome(&self) -> Option<PyOutcome> {
        self.game.outcome().map(|o| PyOutcome::new(o, &self.game))
    }

    /// Whether the game has ended.
    fn is_over(&self) -> bool {
        self.game.outcome().is_some()
    }

    /// The legal moves of the current position (none once the game is over).
    #[getter]
    fn legal_moves(&self) -> PyLegalMoves {
        let moves =
            if self.game.outcome().is_some() { Vec::new() } else { self.game.position().legal_moves().to_vec() };
        PyLegalMoves { moves }
    }

    /// Plays `move` (a `Move` or coordinates) and returns the outcome if the game ended with
    /// it. Raises `IllegalMoveError` (with the reason) or `GameOverError`.
    fn push(&mut self, #[pyo3(from_py_with = move_arg)] r#move: Move) -> PyResult<Option<PyOutcome>> {
        self.play(r#move)
    }

    /// Reads `text` in `notation` (any when `None`) and plays it; returns the outcome if the
    /// game ended with it.
    #[pyo3(signature = (text, notation=None))]
    fn push_notation(&mut self, text: &str, notation: Option<&str>) -> PyResult<Option<PyOutcome>> {
        let m = parse_move(self.game.position(), text, notation)?;
        self.play(m)
    }

    /// `side` (`red`, `black`, `cho`, `han`) resigns.
    fn resign(&mut self, side: &str) -> PyResult<()> {
        self.game.resign(side_arg(side)?);
        Ok(())
    }

    /// The players agree to a draw.
    fn agree_draw(&mut self) {
        self.game.agree_draw();
    }

    /// `side` ran out of time.
    fn lose_on_time(&mut self, side: &str) -> PyResult<()> {
        self.game.lose_on_time(side_arg(side)?);
        Ok(())
    }

    /// A copy.
    fn copy(&self) -> PyGame {
        self.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Game {} ({}), {} plies, {}>",
            self.variant(),
            self.rules(),
            self.game.ply(),
            self.game.outcome().map_or("going on".to_string(), |o| o.verdict(self.game.position().variant()))
        )
    }
}
