//! chuhan's engine: a search for xiangqi and janggi, and the UCI and UCCI protocols.

pub mod eval;
pub mod protocol;
pub mod search;
pub mod time;
pub mod tt;
