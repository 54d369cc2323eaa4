#![doc = include_str!("../README.md")]

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
pub use tree::{Cursor, Game, Headers, Line, Node, Outcome, Visitor};
pub use xqf::XqfError;
