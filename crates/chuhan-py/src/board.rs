//! `Board`: a position with its move stack, in python-chess's manner.
//!
//! A `Board` is a `chuhan::Position` (which keeps the moves that led to it, for `pop`) plus the
//! position it started from, so that `outcome()` can replay the moves through a
//! `chuhan::Game` and judge repetitions. Pushing is `Position::play` (checked) — the rules over
//! time are only applied when asked for, which keeps `push` as cheap as the Rust call.

use crate::errors;
use crate::moves::{move_arg, square_arg, PyMove};
use crate::outcome::{rules_arg, PyOutcome};
use crate::svg;
use crate::values::{self, PyLegalMoves, PyPiece};
use chuhan::notation::Notation;
use chuhan::{Game, JanggiFormation, JanggiSetup, Move, Position, Setup, Variant};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// A variant from its name (`"xiangqi"`, `"janggi"`).
pub fn variant_arg(name: &str) -> PyResult<Variant> {
    name.parse::<Variant>().map_err(errors::value)
}

/// A notation from its name, or the variant's usual one when `None`.
pub fn notation_arg(name: Option<&str>, variant: Variant) -> PyResult<Notation> {
    match name {
        Some(n) => n.parse::<Notation>().map_err(errors::value),
        None => Ok(match variant {
            Variant::Xiangqi => Notation::Chinese,
            Variant::Janggi => Notation::Janggi,
        }),
    }
}

/// Reads `text` as a legal move of `pos`, in `notation` or, when `None`, in whichever notation
/// reads it. The error of a notation that understood the text but found it illegal or ambiguous
/// says more than "no notation reads it", so it is preferred.
pub fn parse_move(pos: &Position, text: &str, notation: Option<&str>) -> PyResult<Move> {
    if let Some(name) = notation {
        let n = name.parse::<Notation>().map_err(errors::value)?;
        return n.parse(pos, text).map_err(errors::notation);
    }
    Notation::parse_any(pos, text).map_err(|e| match e {
        chuhan::notation::NotationError::NoNotation { text, variant } => {
            errors::notation(format!("{text}: not a move in any notation chuhan reads for {variant}"))
        }
        e => errors::notation(e),
    })
}

/// A position and the moves that led to it from the board's start.
#[pyclass(name = "Board", module = "chuhan")]
#[derive(Clone)]
pub struct PyBoard {
    /// Where the move stack starts (no history).
    pub start: Position,
    /// The current position; its history is the move stack.
    pub pos: Position,
}

impl PyBoard {
    /// A board starting at `pos` (its history dropped).
    pub fn from_position(pos: Position) -> PyBoard {
        let pos = pos.with_history_cleared();
        PyBoard { start: pos.clone(), pos }
    }

    /// Plays `m` if legal, else raises `IllegalMoveError` with the reason.
    pub fn play(&mut self, m: Move) -> PyResult<()> {
        self.pos.play(m).map_err(errors::illegal)
    }

    /// The ending at the current position, by the rules over time applied to the move stack
    /// (`Game::ending_at`): mate or stalemate here, a repetition whose cycle closes with the last
    /// move, the move limit reached. An ending the stack played past is not reported (python-chess's
    /// `Board.outcome`); a `Game` stops at its first ending instead.
    fn ending(&self, rules: Option<&str>) -> PyResult<Option<PyOutcome>> {
        let variant = self.start.variant();
        let rules = rules_arg(rules, variant)?;
        let moves: Vec<Move> = self.pos.history().iter().map(|p| p.mv).collect();
        let o = Game::ending_at(self.start.clone(), &moves, rules).map_err(errors::illegal)?;
        Ok(o.map(|o| PyOutcome::of(&o, variant, &rules)))
    }
}

#[pymethods]
impl PyBoard {
    /// A board: the standard start of `variant` ("xiangqi" or "janggi"), or the position of
    /// `fen`. With `strict=False` a composed position may put advisors, elephants or soldiers
    /// on points no game reaches (other problems are still errors).
    #[new]
    #[pyo3(signature = (fen=None, variant="xiangqi", strict=true))]
    fn new(fen: Option<&str>, variant: &str, strict: bool) -> PyResult<PyBoard> {
        let variant = variant_arg(variant)?;
        let pos = match fen {
            None => Position::new(variant),
            Some(f) if strict => Position::from_fen(variant, f).map_err(errors::fen)?,
            Some(f) => {
                let setup: Setup = f.parse().map_err(errors::fen)?;
                setup
                    .position(variant)
                    .or_else(chuhan::PositionError::ignore_unreachable)
                    .map_err(|e| errors::fen(chuhan::FenError::from(e)))?
            }
        };
        Ok(PyBoard::from_position(pos))
    }

    /// A janggi start position with each side's formation of horses and elephants: `outer`,
    /// `inner` (the default), `left`, `right` or `mobile`.
    #[staticmethod]
    #[pyo3(signature = (cho="inner", han="inner"))]
    fn janggi(cho: &str, han: &str) -> PyResult<PyBoard> {
        let cho = cho.parse::<JanggiFormation>().map_err(errors::value)?;
        let han = han.parse::<JanggiFormation>().map_err(errors::value)?;
        Ok(PyBoard::from_position(JanggiSetup { cho, han }.position()))
    }

    /// `"xiangqi"` or `"janggi"`.
    #[getter]
    fn variant(&self) -> &'static str {
        self.pos.variant().name()
    }

    /// The side to move: `chuhan.RED` (Cho in janggi) or `chuhan.BLACK` (Han), a `Color` that
    /// also equals its names (`"red"`, `"cho"`).
    #[getter]
    fn turn(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        values::color(py, self.pos.turn())
    }

    /// Plies since the last capture (FEN field 5).
    #[getter]
    fn halfmove_clock(&self) -> u32 {
        self.pos.halfmove_clock()
    }

    /// The move number (FEN field 6).
    #[getter]
    fn fullmove_number(&self) -> u32 {
        self.pos.fullmove_number()
    }

    /// The FEN of the position.
    fn fen(&self) -> String {
        self.pos.to_fen()
    }

    /// The legal moves (a janggi pass included when allowed): a `LegalMoves` container of
    /// `Move`s that answers `in` for a `Move` or coordinates (`"h2e2" in board.legal_moves`).
    #[getter]
    fn legal_moves(&self) -> PyLegalMoves {
        PyLegalMoves { moves: self.pos.legal_moves().to_vec() }
    }

    /// The number of legal moves (cheaper than `len(board.legal_moves)`: no `Move` is built).
    fn legal_move_count(&self) -> usize {
        self.pos.legal_moves().len()
    }

    /// Whether `move` (a `Move` or coordinates) is legal here.
    fn is_legal(&self, #[pyo3(from_py_with = move_arg)] r#move: Move) -> bool {
        self.pos.is_legal(r#move)
    }

    /// Raises `IllegalMoveError` saying why `move` is not legal; returns `None` if it is.
    fn check_move(&self, #[pyo3(from_py_with = move_arg)] r#move: Move) -> PyResult<()> {
        self.pos.check_move(r#move).map_err(errors::illegal)
    }

    /// Plays `move` (a `Move`, or coordinates such as `"h2e2"`); raises `IllegalMoveError`
    /// with the reason if it is not legal, leaving the board as it was.
    fn push(&mut self, #[pyo3(from_py_with = move_arg)] r#move: Move) -> PyResult<()> {
        self.play(r#move)
    }

    /// Plays coordinates (`"h2e2"`) and returns the move.
    fn push_uci(&mut self, text: &str) -> PyResult<PyMove> {
        let m: Move = text.parse().map_err(errors::value)?;
        self.play(m)?;
        Ok(PyMove(m))
    }

    /// Reads `text` in `notation` (any chuhan reads when `None`), plays it, returns the move.
    #[pyo3(signature = (text, notation=None))]
    fn push_notation(&mut self, text: &str, notation: Option<&str>) -> PyResult<PyMove> {
        let m = parse_move(&self.pos, text, notation)?;
        self.pos.play_unchecked(m);
        Ok(PyMove(m))
    }

    /// Reads `text` as a legal move: in `notation` (`"chinese"`, `"wxf"`, `"iccs"`, `"uci"`,
    /// `"janggi"`, ... see `NOTATIONS`) or, when `None`, in the first notation that reads it.
    #[pyo3(signature = (text, notation=None))]
    fn parse(&self, text: &str, notation: Option<&str>) -> PyResult<PyMove> {
        parse_move(&self.pos, text, notation).map(PyMove)
    }

    /// The legal `move` written in `notation` (Chinese for xiangqi and janggi's numeric
    /// notation when `None`).
    #[pyo3(signature = (r#move, notation=None))]
    fn notation(&self, #[pyo3(from_py_with = move_arg)] r#move: Move, notation: Option<&str>) -> PyResult<String> {
        let n = notation_arg(notation, self.pos.variant())?;
        if !n.applies_to(self.pos.variant()) {
            return Err(errors::value(format!("{n} notation is not used for {}", self.pos.variant())));
        }
        self.pos.check_move(r#move).map_err(errors::illegal)?;
        Ok(n.format(&self.pos, r#move))
    }

    /// Takes back the last move and returns it; `IndexError` if the stack is empty.
    fn pop(&mut self) -> PyResult<PyMove> {
        self.pos.undo().map(PyMove).ok_or_else(|| PyIndexError::new_err("pop from empty move stack"))
    }

    /// The last move played; `IndexError` if the stack is empty.
    fn peek(&self) -> PyResult<PyMove> {
        self.pos.history().last().map(|p| PyMove(p.mv)).ok_or_else(|| PyIndexError::new_err("peek at empty move stack"))
    }

    /// The moves played since the board's start, oldest first.
    #[getter]
    fn move_stack(&self) -> Vec<PyMove> {
        self.pos.history().iter().map(|p| PyMove(p.mv)).collect()
    }

    /// The board before any move of the stack.
    fn root(&self) -> PyBoard {
        PyBoard { start: self.start.clone(), pos: self.start.clone() }
    }

    /// The move that passes in janggi (the general's square twice), legal or not; xiangqi has
    /// no pass: `IllegalMoveError`.
    fn pass_move(&self) -> PyResult<PyMove> {
        if self.pos.variant() == Variant::Xiangqi {
            return Err(errors::illegal("xiangqi has no pass: only janggi's general may stay on its point"));
        }
        let g = self.pos.general(self.pos.turn());
        Ok(PyMove(Move::new(g, g)))
    }

    /// The `Piece` on `square` (0–89 or a name), or `None`. A piece equals its FEN letter
    /// (`board.piece_at("e0") == "K"`).
    fn piece_at(&self, #[pyo3(from_py_with = square_arg)] square: chuhan::Square) -> Option<PyPiece> {
        self.pos.piece_at(square).map(PyPiece)
    }

    /// Every piece: `{square: Piece}`.
    fn piece_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (sq, p) in self.pos.piece_squares() {
            d.set_item(sq.index(), PyPiece(p))?;
        }
        Ok(d)
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.pos.is_check()
    }

    /// Whether the side to move is in check with no legal move.
    fn is_checkmate(&self) -> bool {
        self.pos.is_check() && self.pos.legal_moves().is_empty()
    }

    /// Whether the side to move has no legal move without being in check (a loss in xiangqi).
    fn is_stalemate(&self) -> bool {
        !self.pos.is_check() && self.pos.legal_moves().is_empty()
    }

    /// The ending at the current position under `rules` (default: AXF for xiangqi, modern for
    /// janggi), or `None`: mate or stalemate here, a repetition whose cycle closes with the last
    /// move (perpetual check or chase), the move-count rule reached, janggi counting, bikjang,
    /// passes. Like python-chess, a board that played on past an ending does not report it
    /// (`Game` stops at the first ending and keeps it).
    #[pyo3(signature = (rules=None))]
    fn outcome(&self, rules: Option<&str>) -> PyResult<Option<PyOutcome>> {
        self.ending(rules)
    }

    /// Whether `outcome(rules)` is not `None`.
    #[pyo3(signature = (rules=None))]
    fn is_game_over(&self, rules: Option<&str>) -> PyResult<bool> {
        Ok(self.ending(rules)?.is_some())
    }

    /// Leaf nodes of the legal move tree `depth` plies deep (the GIL is released meanwhile).
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let mut pos = self.pos.clone();
        py.detach(move || chuhan::perft(&mut pos, depth))
    }

    /// A copy (with the move stack).
    fn copy(&self) -> PyBoard {
        self.clone()
    }

    fn __copy__(&self) -> PyBoard {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyBoard {
        self.clone()
    }

    /// Equal when the same pieces stand on the same points with the same side to move and
    /// counters (the move stacks are not compared).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyBoard>().is_ok_and(|o| o.borrow().pos == self.pos)
    }

    fn __hash__(&self) -> u64 {
        self.pos.hash()
    }

    /// The board as text: rank 9 at the top, FEN letters, `.` for empty points.
    fn __str__(&self) -> String {
        let mut s = String::new();
        for rank in (0..10u8).rev() {
            for file in 0..9u8 {
                let sq = chuhan::Square::new(file, rank).expect("on the board");
                s.push(self.pos.piece_at(sq).map_or('.', |p| p.letter()));
                if file < 8 {
                    s.push(' ');
                }
            }
            if rank > 0 {
                s.push('\n');
            }
        }
        s
    }

    fn __repr__(&self) -> String {
        format!("Board('{}', variant='{}')", self.pos.to_fen(), self.pos.variant().name())
    }

    /// Pickling: the start position, then the move stack as the state, replayed (checked) by
    /// `__setstate__`, so that `pop` works on the copy too.
    #[allow(clippy::type_complexity)]
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String, &'static str, bool), Vec<String>)> {
        let cls = py.get_type::<PyBoard>().into_any().unbind();
        let moves = self.pos.history().iter().map(|p| p.mv.to_string()).collect();
        Ok((cls, (self.start.to_fen(), self.start.variant().name(), false), moves))
    }

    fn __setstate__(&mut self, moves: Vec<String>) -> PyResult<()> {
        for text in moves {
            let m: Move = text.parse().map_err(errors::value)?;
            self.play(m)?;
        }
        Ok(())
    }

    /// The board as an SVG picture (`flipped`: the second mover at the bottom; `lastmove`
    /// marks a move's two squares; `size`: width in pixels).
    #[pyo3(signature = (*, flipped=false, lastmove=None, size=None))]
    fn svg(&self, flipped: bool, lastmove: Option<&Bound<'_, PyAny>>, size: Option<u32>) -> PyResult<String> {
        let last = lastmove.map(move_arg).transpose()?;
        Ok(svg::board(&self.pos, flipped, last, size))
    }

    /// What Jupyter shows: the board with the last move marked.
    fn _repr_svg_(&self) -> String {
        svg::board(&self.pos, false, self.pos.history().last().map(|p| p.mv), None)
    }
}

/// The names of the notations used for `variant`: what `Board.notation` writes and
/// `Board.parse` reads for that game.
#[pyfunction]
pub fn notations(variant: &str) -> PyResult<Vec<&'static str>> {
    Ok(Notation::for_variant(variant_arg(variant)?).into_iter().map(|n| n.name()).collect())
}

/// Perft of `board` to `depth`: the number of leaf nodes of its legal move tree.
#[pyfunction]
pub fn perft(py: Python<'_>, board: &PyBoard, depth: u32) -> u64 {
    board.perft(py, depth)
}
