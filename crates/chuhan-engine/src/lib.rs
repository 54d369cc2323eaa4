#![doc = include_str!("../README.md")]

pub mod eval;
mod levels;
mod ordering;
pub mod protocol;
pub mod search;
pub mod see;
pub mod time;
pub mod tt;
