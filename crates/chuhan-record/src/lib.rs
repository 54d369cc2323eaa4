#![doc = include_str!("../README.md")]

/// The workspace README's Rust examples, compiled and run as doctests (they use this crate and
/// `chuhan`); only under `cargo test`, so the published package does not need the file.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct WorkspaceReadme;

/// The Rust examples of docs/rust.md, run the same way.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/rust.md")]
struct RustGuide;

pub mod cbf;
pub mod cbr;
pub mod dhtmlxq;
pub mod encoding;
pub mod pgn;
mod raw;
pub mod tools;
pub mod tree;
pub mod xqf;

pub use cbf::CbfError;
pub use cbr::CbrError;
pub use encoding::TextEncoding;
pub use pgn::{PgnError, PgnReader};
pub use raw::{MoveRecordError, TreeError};
pub use tools::{Format, ReadError};
pub use tree::{Cursor, Headers, Line, Node, Outcome, Record, Visitor};
pub use xqf::XqfError;

/// A record's start position from its FEN, accepting composed positions: records of problems
/// and transcribed diagrams sometimes put an advisor, elephant or soldier on a point no game
/// reaches ([`chuhan::Problem::Unreachable`]), and the rules still say how such a piece moves.
pub(crate) fn composed_position(variant: chuhan::Variant, fen: &str) -> Result<chuhan::Position, chuhan::FenError> {
    let setup: chuhan::Setup = fen.parse()?;
    Ok(setup.position(variant).or_else(chuhan::PositionError::ignore_unreachable)?)
}
