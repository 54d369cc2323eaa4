//! Python bindings of chuhan (the `chuhan` package on PyPI), built with PyO3 and maturin.
//!
//! The classes wrap the Rust libraries' own types — `Position`, `Game`, `Record`, the
//! engine's `search` — and add no rules of their own: every check, notation and error message
//! is the Rust crates'. The package's API and types are in `python/chuhan/__init__.pyi`; the
//! crate README shows a first program.
//!
//! Modules: `board` (Board), `moves` (Move, squares), `values` (Piece, LegalMoves, and the
//! bridge to `_types.py`'s Color and Result), `game` (Game, Outcome), `records`
//! (read_games, Record, writers), `engine` (Engine), `review` (review, Review), `svg` (the board picture), `errors` (the
//! exceptions).

mod board;
mod db;
mod engine;
mod errors;
mod game;
mod moves;
mod outcome;
mod records;
mod review;
mod svg;
mod values;

use pyo3::prelude::*;

/// The extension module `chuhan._chuhan`; the `chuhan` package re-exports all of it.
#[pymodule]
fn _chuhan(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<moves::PyMove>()?;
    m.add_class::<board::PyBoard>()?;
    m.add_class::<values::PyPiece>()?;
    m.add_class::<values::PyLegalMoves>()?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<outcome::PyOutcome>()?;
    m.add_class::<records::PyRecord>()?;
    m.add_class::<records::PyLine>()?;
    m.add_class::<records::PyNode>()?;
    m.add_class::<records::PyGameReader>()?;
    m.add_class::<engine::PyEngine>()?;
    m.add_class::<engine::PyAnalysis>()?;
    m.add_class::<engine::PyScore>()?;
    m.add_class::<db::PyDatabase>()?;
    m.add_class::<review::PyReview>()?;
    m.add_class::<review::PyMoveReview>()?;
    m.add_class::<review::PySideReview>()?;
    m.add_function(wrap_pyfunction!(review::review, m)?)?;
    m.add_function(wrap_pyfunction!(moves::square_name, m)?)?;
    m.add_function(wrap_pyfunction!(moves::parse_square, m)?)?;
    m.add_function(wrap_pyfunction!(board::perft, m)?)?;
    m.add_function(wrap_pyfunction!(board::notations, m)?)?;
    m.add_function(wrap_pyfunction!(records::read_games, m)?)?;
    m.add_function(wrap_pyfunction!(records::read_game, m)?)?;
    m.add_function(wrap_pyfunction!(records::write_pgn, m)?)?;
    m.add_function(wrap_pyfunction!(records::write_xqf, m)?)?;
    m.add_function(wrap_pyfunction!(records::write_dhtmlxq, m)?)?;
    m.add_function(wrap_pyfunction!(db::opening_name, m)?)?;
    let notations: Vec<&str> = chuhan::notation::Notation::ALL.iter().map(|n| n.name()).collect();
    m.add("NOTATIONS", notations)?;
    let formations: Vec<&str> = chuhan::JanggiFormation::ALL.iter().map(|f| f.name()).collect();
    m.add("FORMATIONS", formations)?;
    m.add("VARIANTS", vec!["xiangqi", "janggi"])?;
    m.add("RULES", vec!["axf", "cxa", "computer", "modern", "traditional", "casual"])?;
    m.add("FenError", py.get_type::<errors::FenError>())?;
    m.add("IllegalMoveError", py.get_type::<errors::IllegalMoveError>())?;
    m.add("NotationError", py.get_type::<errors::NotationError>())?;
    m.add("RecordError", py.get_type::<errors::RecordError>())?;
    m.add("GameOverError", py.get_type::<errors::GameOverError>())?;
    m.add("DatabaseError", py.get_type::<errors::DatabaseError>())?;
    Ok(())
}
