#![doc = include_str!("../README.md")]

pub mod key;
pub mod opening;
