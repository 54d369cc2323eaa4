//! `Move` and squares: the plain values every other class hands out.
//!
//! A move is two squares, as in the Rust crate (a janggi pass is the general's square twice);
//! squares are ints 0–89 (`rank * 9 + file`, a0 = 0) like python-chess's, with names such as
//! `"h2"` (files a–i, ranks 0–9 from the first mover's side) read and written by
//! `square_name` / `parse_square`.

use crate::errors;
use chuhan::{Move, Square};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyString;

/// A move: from one square to another (a janggi pass: the general's square twice).
///
/// Squares are ints 0–89 (`rank * 9 + file`); `str(move)` and `Move.from_uci` use the
/// coordinates `h2e2` (files a–i, ranks 0–9 from the first mover's side).
#[pyclass(name = "Move", module = "chuhan", frozen, eq, hash, ord)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PyMove(pub Move);

/// A square from a Python value: an int 0–89 or a name such as `"e0"`.
pub fn square_arg(v: &Bound<'_, PyAny>) -> PyResult<Square> {
    if let Ok(i) = v.extract::<i64>() {
        return u8::try_from(i)
            .ok()
            .and_then(Square::from_index)
            .ok_or_else(|| PyValueError::new_err(format!("square {i} is off the board: expected 0 to 89")));
    }
    if let Ok(s) = v.cast::<PyString>() {
        return s.to_cow()?.parse::<Square>().map_err(errors::value);
    }
    Err(pyo3::exceptions::PyTypeError::new_err(format!(
        "expected a square (an int 0-89 or a name such as 'e0'), got {}",
        v.get_type().name()?
    )))
}

/// A move from a Python value: a `Move` or its coordinates (`"h2e2"`).
pub fn move_arg(v: &Bound<'_, PyAny>) -> PyResult<Move> {
    if let Ok(m) = v.cast::<PyMove>() {
        return Ok(m.get().0);
    }
    if let Ok(s) = v.cast::<PyString>() {
        return s.to_cow()?.parse::<Move>().map_err(errors::value);
    }
    Err(pyo3::exceptions::PyTypeError::new_err(format!(
        "expected a Move or coordinates such as 'h2e2', got {}",
        v.get_type().name()?
    )))
}

#[pymethods]
impl PyMove {
    /// A move between two squares (ints 0–89 or names such as `"h2"`).
    #[new]
    fn new(from_square: &Bound<'_, PyAny>, to_square: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        Ok(PyMove(Move::new(square_arg(from_square)?, square_arg(to_square)?)))
    }

    /// Reads coordinates: `h2e2` (ranks 0–9; `h2-e2` and upper case are read too).
    #[staticmethod]
    fn from_uci(text: &str) -> PyResult<PyMove> {
        text.parse::<Move>().map(PyMove).map_err(errors::value)
    }

    /// The square the piece leaves (0–89).
    #[getter(from_square)]
    fn origin(&self) -> usize {
        self.0.from.index()
    }

    /// The square the piece goes to (0–89).
    #[getter(to_square)]
    fn target(&self) -> usize {
        self.0.to.index()
    }

    /// Whether this is a janggi pass (the general's square twice).
    fn is_pass(&self) -> bool {
        self.0.is_pass()
    }

    /// Coordinates with ranks 0–9: `h2e2`.
    fn uci(&self) -> String {
        self.0.to_string()
    }

    /// Coordinates with Fairy-Stockfish's ranks 1–10: `h3e3`.
    fn uci1(&self) -> String {
        self.0.to_uci_1_based()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Move.from_uci('{}')", self.0)
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String,))> {
        let from_uci = py.get_type::<PyMove>().getattr("from_uci")?.unbind();
        Ok((from_uci, (self.0.to_string(),)))
    }
}

/// The name of a square: `square_name(7) == "h0"`.
#[pyfunction]
pub fn square_name(square: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(square_arg(square)?.to_string())
}

/// The square (0–89) of a name: `parse_square("h0") == 7`.
#[pyfunction]
pub fn parse_square(name: &str) -> PyResult<usize> {
    name.parse::<Square>().map(Square::index).map_err(errors::value)
}
