#![doc = include_str!("../README.md")]

pub mod eval;
pub mod external;
mod network;
pub mod nnue;
mod ordering;
pub mod protocol;
pub mod puzzle;
pub mod review;
pub mod score;
pub mod search;
pub mod see;
pub mod time;
mod tt;

pub use score::Score;
pub use search::{search, Limits, Report, Shared};
