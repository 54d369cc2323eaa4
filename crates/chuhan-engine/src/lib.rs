//! chuhan's engine: a search for xiangqi and janggi, and the UCI and UCCI protocols.

pub mod eval;
mod levels;
mod ordering;
pub mod protocol;
pub mod search;
pub mod see;
pub mod time;
pub mod tt;
