//! The python-chess-like values: `Piece`, the `LegalMoves` container, and the bridge to the
//! plain-Python values of `chuhan/_types.py` (`Color`, `Result`), which subclass `str` and
//! `enum.Enum` and so cannot be compiled classes.

use crate::errors;
use crate::moves::PyMove;
use chuhan::{Move, Piece, Role, Side};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyString;

static RED: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
static BLACK: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
static RESULT: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

fn types_attr(py: Python<'_>, name: &str) -> PyResult<Py<PyAny>> {
    Ok(py.import("chuhan._types")?.getattr(name)?.unbind())
}

/// `chuhan.RED` or `chuhan.BLACK` for a side (Cho is Red, Han is Black).
pub fn color(py: Python<'_>, side: Side) -> PyResult<Py<PyAny>> {
    let cell = match side {
        Side::First => &RED,
        Side::Second => &BLACK,
    };
    let name = if side == Side::First { "RED" } else { "BLACK" };
    Ok(cell.get_or_try_init(py, || types_attr(py, name))?.clone_ref(py))
}

/// A `chuhan.Result`: the PGN token, a `str` that can also be called.
pub fn result(py: Python<'_>, token: &str) -> PyResult<Py<PyAny>> {
    let cls = RESULT.get_or_try_init(py, || types_attr(py, "Result"))?;
    Ok(cls.bind(py).call1((token,))?.unbind())
}

/// The piece-type int of a role: `GENERAL` = 1 ... `SOLDIER` = 7.
fn piece_type(role: Role) -> u8 {
    role.index() as u8 + 1
}

/// A piece: its colour and type, python-chess's `Piece`. `str(piece)` and `piece.symbol()` are
/// the FEN letter (upper case for Red/Cho), and a piece equals its letter, as `piece_at` returned
/// before pieces were objects.
#[pyclass(name = "Piece", module = "chuhan", frozen)]
#[derive(Clone, Copy)]
pub struct PyPiece(pub Piece);

#[pymethods]
impl PyPiece {
    /// A piece of `piece_type` (`chuhan.CHARIOT`, 1–7) and `color` (`chuhan.RED` or
    /// `chuhan.BLACK`; the names `"red"`, `"cho"`... too).
    #[new]
    fn new(piece_type: u8, color: &Bound<'_, PyAny>) -> PyResult<PyPiece> {
        let role = role_of(piece_type)?;
        let name: String = color.str()?.extract()?;
        let side = side_arg(&name)?;
        Ok(PyPiece(Piece::new(side, role)))
    }

    /// The piece of a FEN letter (`"R"`, `"k"`; `H` and `E` are read as horse and elephant).
    #[staticmethod]
    fn from_symbol(symbol: &str) -> PyResult<PyPiece> {
        let mut chars = symbol.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Piece::from_letter(c).map(PyPiece),
            _ => None,
        }
        .ok_or_else(|| errors::value(format!("{symbol:?} is not a piece letter (K A B N R C P, either case)")))
    }

    /// The FEN letter: upper case for Red (Cho), lower case for Black (Han).
    fn symbol(&self) -> String {
        self.0.letter().to_string()
    }

    /// `chuhan.RED` or `chuhan.BLACK`.
    #[getter]
    fn color(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        color(py, self.0.side)
    }

    /// The piece type: `chuhan.GENERAL` (1), `ADVISOR`, `ELEPHANT`, `HORSE`, `CHARIOT`,
    /// `CANNON`, `SOLDIER` (7).
    #[getter]
    fn piece_type(&self) -> u8 {
        piece_type(self.0.role)
    }

    /// The piece type's English name: `"chariot"`.
    #[getter]
    fn name(&self) -> &'static str {
        self.0.role.name()
    }

    fn __str__(&self) -> String {
        self.symbol()
    }

    fn __repr__(&self) -> String {
        format!("Piece.from_symbol('{}')", self.0.letter())
    }

    /// Equal to the same piece, and to its FEN letter.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        if let Ok(p) = other.cast::<PyPiece>() {
            return p.get().0 == self.0;
        }
        if let Ok(s) = other.cast::<PyString>() {
            return s.to_cow().is_ok_and(|s| s == self.symbol().as_str());
        }
        false
    }

    /// The hash of the letter, so that a piece and its letter are one dict key.
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        PyString::new(py, &self.symbol()).hash()
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String,))> {
        let from_symbol = py.get_type::<PyPiece>().getattr("from_symbol")?.unbind();
        Ok((from_symbol, (self.symbol(),)))
    }
}

fn role_of(piece_type: u8) -> PyResult<Role> {
    (1..=7)
        .contains(&piece_type)
        .then(|| Role::ALL[usize::from(piece_type) - 1])
        .ok_or_else(|| errors::value(format!("piece type {piece_type}: expected 1 (GENERAL) to 7 (SOLDIER)")))
}

/// The legal moves of a position: a container of `Move`s, python-chess's `LegalMoveGenerator`.
/// `len`, iteration and indexing as the list it replaces; `in` answers for a `Move` and for
/// coordinates (`"h2e2" in board.legal_moves`); any other value is simply not in it.
#[pyclass(name = "LegalMoves", module = "chuhan", frozen, sequence)]
pub struct PyLegalMoves {
    pub moves: Vec<Move>,
}

#[pymethods]
impl PyLegalMoves {
    fn __len__(&self) -> usize {
        self.moves.len()
    }

    fn __bool__(&self) -> bool {
        !self.moves.is_empty()
    }

    fn __contains__(&self, item: &Bound<'_, PyAny>) -> bool {
        let m = if let Ok(m) = item.cast::<PyMove>() {
            m.get().0
        } else if let Ok(s) = item.cast::<PyString>() {
            match s.to_cow().ok().and_then(|s| s.parse::<Move>().ok()) {
                Some(m) => m,
                None => return false,
            }
        } else {
            return false;
        };
        self.moves.contains(&m)
    }

    fn __getitem__(&self, index: isize) -> PyResult<PyMove> {
        let n = self.moves.len() as isize;
        let i = if index < 0 { index + n } else { index };
        if (0..n).contains(&i) {
            Ok(PyMove(self.moves[i as usize]))
        } else {
            Err(pyo3::exceptions::PyIndexError::new_err("legal move index out of range"))
        }
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let list = pyo3::types::PyList::new(py, self.moves.iter().map(|&m| PyMove(m)))?;
        Ok(list.try_iter()?.into_any().unbind())
    }

    /// Equal to another `LegalMoves` or a list with the same moves in the same order.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        if let Ok(o) = other.cast::<PyLegalMoves>() {
            return o.get().moves == self.moves;
        }
        let Ok(list) = other.cast::<pyo3::types::PyList>() else {
            return false;
        };
        list.len() == self.moves.len()
            && list.iter().zip(&self.moves).all(|(a, m)| a.cast::<PyMove>().is_ok_and(|a| a.get().0 == *m))
    }

    /// How many times `move` is legal (0 or 1), as a list's `count`.
    fn count(&self, r#move: &Bound<'_, PyAny>) -> usize {
        usize::from(self.__contains__(r#move))
    }

    fn __repr__(&self) -> String {
        let moves: Vec<String> = self.moves.iter().map(|m| m.to_string()).collect();
        format!("<LegalMoves ({})>", moves.join(", "))
    }
}

/// A side from its name in either game (`red`/`black`, `cho`/`han`, `first`/`second`).
pub fn side_arg(name: &str) -> PyResult<Side> {
    match name.to_ascii_lowercase().as_str() {
        "red" | "cho" | "first" | "w" => Ok(Side::First),
        "black" | "han" | "second" | "b" => Ok(Side::Second),
        _ => Err(errors::value(format!(
            "unknown side {name:?}: expected red or black (xiangqi), cho or han (janggi), first or second"
        ))),
    }
}
