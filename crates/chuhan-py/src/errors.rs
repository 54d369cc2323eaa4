//! The exceptions the module raises, and the one place Rust errors become them.
//!
//! Every exception derives from `ValueError`, so `except ValueError` catches bad input of any
//! kind, while the subclasses let a caller tell a bad FEN from an illegal move. The messages
//! are the Rust errors' `Display`, word for word what the `chuhan` command line prints
//! (`FEN field 1, rank 3: 10 files, expected 9`), so one phrasing serves every front end.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::PyErr;

create_exception!(
    chuhan,
    FenError,
    PyValueError,
    "A FEN that cannot be read, or a position no game can reach: the message names the field and rank."
);
create_exception!(
    chuhan,
    IllegalMoveError,
    PyValueError,
    "A move that is not legal in the position: the message says why (`illegal move h0h5: ...`)."
);
create_exception!(
    chuhan,
    NotationError,
    PyValueError,
    "Text that reads as no legal move (or as several) in a notation."
);
create_exception!(
    chuhan,
    RecordError,
    PyValueError,
    "A game record that cannot be read or written: the message names the file, game and ply."
);
create_exception!(
    chuhan,
    DatabaseError,
    PyValueError,
    "A game database that cannot be opened, read or written: the message names it (a PostgreSQL URL without its password)."
);
create_exception!(chuhan, GameOverError, PyValueError, "A move played in a game that has already ended.");

/// A FEN error as Python sees it.
pub fn fen(e: impl std::fmt::Display) -> PyErr {
    FenError::new_err(e.to_string())
}

/// An illegal move as Python sees it.
pub fn illegal(e: impl std::fmt::Display) -> PyErr {
    IllegalMoveError::new_err(e.to_string())
}

/// A notation error as Python sees it.
pub fn notation(e: impl std::fmt::Display) -> PyErr {
    NotationError::new_err(e.to_string())
}

/// A record error as Python sees it.
pub fn record(e: impl std::fmt::Display) -> PyErr {
    RecordError::new_err(e.to_string())
}

/// Any other bad argument (an unknown variant, notation or rule set name).
pub fn value(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}
