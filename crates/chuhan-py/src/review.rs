//! `review`: a game judged move by move by chuhan's engine (`chuhan_engine::review`), with the
//! GIL released while it searches.

use crate::board::PyBoard;
use crate::engine::PyScore;
use crate::errors;
use crate::moves::PyMove;
use crate::outcome::rules_arg;
use crate::records::PyRecord;
use chuhan::{Move, Position, Side, Variant};
use chuhan_engine::eval::{Classic, Evaluate};
use chuhan_engine::nnue::Nnue;
use chuhan_engine::review::{review as review_game, MoveReview, ReviewError, Settings, SideSummary};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::time::Duration;

/// One reviewed move.
#[pyclass(name = "MoveReview", module = "chuhan", frozen, get_all)]
pub struct PyMoveReview {
    /// Its ply, from 1.
    ply: usize,
    /// Who played it: `"red"`, `"black"`, `"cho"` or `"han"`.
    side: &'static str,
    /// The move.
    #[pyo3(name = "move")]
    mv: PyMove,
    /// `"??"`, `"?"`, `"?!"` or `None`.
    mark: Option<&'static str>,
    /// The engine's best move in the position before it.
    best: Option<PyMove>,
    /// The engine's line from the position before it, best move first.
    line: Vec<PyMove>,
    /// The mover's win probability it gave away (0–1).
    loss: f64,
    /// The move's accuracy, 0–100.
    accuracy: f64,
    /// The mover's win probability before it (0–1, a draw counting half).
    win_before: f64,
    /// The mover's win probability after it.
    win_after: f64,
    /// The engine's score before it, for the mover.
    before: PyScore,
    /// The score after it, for the mover.
    after: PyScore,
    /// Whether it was the only legal move.
    forced: bool,
    /// The ruling, for a move into a forbidden repetition.
    reason: Option<String>,
}

impl PyMoveReview {
    fn new(m: &MoveReview, variant: Variant) -> PyMoveReview {
        PyMoveReview {
            ply: m.ply,
            side: m.side.name(variant),
            mv: PyMove(m.mv),
            mark: m.mark.map(|k| k.symbol()),
            best: m.best.map(PyMove),
            line: m.line.iter().map(|&x| PyMove(x)).collect(),
            loss: m.loss,
            accuracy: m.accuracy,
            win_before: m.win_before,
            win_after: m.win_after,
            before: PyScore(m.before),
            after: PyScore(m.after),
            forced: m.forced,
            reason: m.reason.clone(),
        }
    }
}

#[pymethods]
impl PyMoveReview {
    fn __repr__(&self) -> String {
        format!("<MoveReview {} {}{} loss {:.3}>", self.ply, self.mv.0, self.mark.unwrap_or(""), self.loss)
    }
}

/// One side's play over a reviewed game.
#[pyclass(name = "SideReview", module = "chuhan", frozen, get_all)]
pub struct PySideReview {
    /// Moves it made.
    moves: usize,
    /// Its accuracy, 0–100, or `None` when it made no move.
    accuracy: Option<f64>,
    /// The mean loss of win probability of its moves (0–1).
    average_loss: f64,
    /// Its `??` moves.
    blunders: usize,
    /// Its `?` moves.
    mistakes: usize,
    /// Its `?!` moves.
    inaccuracies: usize,
}

impl PySideReview {
    fn new(s: &SideSummary) -> PySideReview {
        PySideReview {
            moves: s.moves,
            accuracy: s.accuracy,
            average_loss: s.average_loss,
            blunders: s.blunders,
            mistakes: s.mistakes,
            inaccuracies: s.inaccuracies,
        }
    }
}

#[pymethods]
impl PySideReview {
    fn __repr__(&self) -> String {
        let a = self.accuracy.map_or("-".to_string(), |a| format!("{a:.1}"));
        format!("<SideReview accuracy {a}, ?? {} ? {} ?! {}>", self.blunders, self.mistakes, self.inaccuracies)
    }
}

/// A reviewed game: every move, and each side's summary.
#[pyclass(name = "Review", module = "chuhan", frozen)]
pub struct PyReview {
    /// `"xiangqi"` or `"janggi"`.
    #[pyo3(get)]
    variant: &'static str,
    /// Every move, in order.
    #[pyo3(get)]
    moves: Vec<Py<PyMoveReview>>,
    /// How the rules end the game at its last position, in words, or `None`.
    #[pyo3(get)]
    outcome: Option<String>,
    first: Py<PySideReview>,
    second: Py<PySideReview>,
    names: [&'static str; 2],
}

#[pymethods]
impl PyReview {
    /// Each side's summary by its name: `{"red": SideReview, "black": SideReview}` (janggi:
    /// `"cho"`, `"han"`).
    #[getter]
    fn sides<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item(self.names[0], self.first.clone_ref(py))?;
        d.set_item(self.names[1], self.second.clone_ref(py))?;
        Ok(d)
    }

    /// Each side's accuracy (0–100, or `None`) by its name, as `chuhan review --json` writes it.
    #[getter]
    fn accuracy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item(self.names[0], self.first.get().accuracy)?;
        d.set_item(self.names[1], self.second.get().accuracy)?;
        Ok(d)
    }

    fn __len__(&self) -> usize {
        self.moves.len()
    }

    fn __repr__(&self) -> String {
        let a = |s: &PySideReview| s.accuracy.map_or("-".to_string(), |a| format!("{a:.1}"));
        format!(
            "<Review {} plies, accuracy {} {}, {} {}>",
            self.moves.len(),
            self.names[0],
            a(self.first.get()),
            self.names[1],
            a(self.second.get())
        )
    }
}

/// The game to review: a record's main line, or a board's moves from its start.
fn game_of(game: &Bound<'_, PyAny>) -> PyResult<(Position, Vec<Move>)> {
    if let Ok(r) = game.cast::<PyRecord>() {
        let r = r.borrow();
        let start = r.rec.start_position().map_err(errors::fen)?;
        return Ok((start, r.rec.mainline_moves()));
    }
    if let Ok(b) = game.cast::<PyBoard>() {
        let b = b.borrow();
        return Ok((b.start.clone(), b.pos.history().iter().map(|p| p.mv).collect()));
    }
    Err(pyo3::exceptions::PyTypeError::new_err("review() takes a Record or a Board"))
}

/// Reviews a game — a `Record` (its main line) or a `Board` (its moves from its start) — with
/// chuhan's engine: every position searched once (`depth` plies, `nodes` nodes or `movetime`
/// milliseconds; 20,000 nodes when none is given), each move's win probability before and
/// after, its loss, mark and the better line, and each side's accuracy. `rules` names the
/// rule set (repetitions, janggi counting); `network=False` searches with the hand-written
/// evaluation. The GIL is released while it searches.
#[pyfunction]
#[pyo3(signature = (game, *, depth=None, nodes=None, movetime=None, threads=1, rules=None, network=true))]
#[allow(clippy::too_many_arguments)]
pub fn review(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    depth: Option<i32>,
    nodes: Option<u64>,
    movetime: Option<u64>,
    threads: usize,
    rules: Option<&str>,
    network: bool,
) -> PyResult<PyReview> {
    let (start, moves) = game_of(game)?;
    let variant = start.variant();
    let settings = Settings {
        depth,
        nodes,
        movetime: movetime.map(Duration::from_millis),
        threads,
        rules: Some(rules_arg(rules, variant)?),
        ..Settings::default()
    };
    let eval: Box<dyn Evaluate> = if network { Box::new(Nnue::embedded()) } else { Box::new(Classic) };
    let result = py.detach(move || review_game(&start, &moves, &*eval, &settings, |_, _| {}));
    let r = result.map_err(|e| match e {
        ReviewError::Illegal { .. } => errors::illegal(e),
        _ => errors::value(e),
    })?;
    let moves = r.moves.iter().map(|m| Py::new(py, PyMoveReview::new(m, variant))).collect::<PyResult<Vec<_>>>()?;
    Ok(PyReview {
        variant: variant.name(),
        moves,
        outcome: r.outcome.map(|o| o.describe(variant)),
        first: Py::new(py, PySideReview::new(&r.sides.first))?,
        second: Py::new(py, PySideReview::new(&r.sides.second))?,
        names: [Side::First.name(variant), Side::Second.name(variant)],
    })
}
