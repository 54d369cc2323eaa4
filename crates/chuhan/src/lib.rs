#![doc = include_str!("../README.md")]

pub mod attacks;
pub mod bitboard;
pub mod clock;
pub mod fen;
pub mod formation;
pub mod game;
mod legality;
mod movegen;
pub mod mv;
pub mod notation;
pub mod perft;
pub mod piece;
pub mod position;
#[cfg(feature = "serde")]
mod serde_impls;
pub mod setup;
pub mod square;
pub mod variant;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use fen::{FenError, FenErrorKind};
pub use formation::{JanggiFormation, JanggiSetup};
pub use game::{Chase, EndReason, Game, GameError, GameResult, JanggiRules, Outcome, Rules, Violation, XiangqiRules};
pub use legality::{IllegalMove, IllegalReason};
pub use mv::{Move, MoveList};
pub use perft::{divide, perft};
pub use piece::{BySide, Piece, Role, Side};
pub use position::{PlayedMove, Position};
pub use setup::{PositionError, Problem, Setup};
pub use square::Square;
pub use variant::Variant;
