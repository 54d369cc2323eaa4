//! The web app behind `chuhan serve`: play xiangqi and janggi in the browser, against the
//! engine or a friend, with clocks kept by the server and games stored in SQLite.

pub mod clock;
pub mod room;
pub mod store;
