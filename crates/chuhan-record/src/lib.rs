//! Xiangqi game records: PGN, XQF (XQStudio) and DhtmlXQ (web pages), read and written, with
//! comments and variations; CCBridge's CBR records and CBL libraries read.
//!
//! Every format reads into one [`Game`] tree (headers, start position, a main line whose moves
//! carry comments, NAGs and variations, a result) and writes from it. Every move is checked
//! against the rules of the `chuhan` crate as it is read: a record is either a legal game or an
//! error that names the file, the game, the ply and the text.
#![warn(missing_docs)]

pub mod cbr;
pub mod dhtmlxq;
pub mod encoding;
pub mod pgn;
mod raw;
pub mod tools;
pub mod tree;
pub mod xqf;

pub use cbr::CbrError;
pub use encoding::TextEncoding;
pub use pgn::{PgnError, PgnReader};
pub use raw::TreeError;
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
