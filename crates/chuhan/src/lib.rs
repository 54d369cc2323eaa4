//! The rules of xiangqi (Chinese chess) and janggi (Korean chess).
//!
//! A [`Position`] holds a board of either game; it is read from and written to FEN, generates
//! its legal moves, and plays and takes back moves. Everything here is pure computation: no
//! I/O, and no allocation while generating moves.
//!
//! ```
//! use chuhan::{Position, Variant};
//!
//! let mut pos = Position::new(Variant::Xiangqi);
//! assert_eq!(pos.legal_moves().len(), 44);
//! pos.play("h2e2".parse().unwrap()); // the central cannon
//! assert_eq!(pos.to_fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
//! assert_eq!(chuhan::perft(&mut Position::new(Variant::Janggi), 2), 1024);
//! ```

#![warn(missing_docs)]
#![forbid(unsafe_code)]

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
pub use game::{EndReason, Game, GameError, GameResult, JanggiRules, Outcome, Rules, Violation, XiangqiRules};
pub use legality::{IllegalMove, IllegalReason};
pub use mv::{Move, MoveList};
pub use perft::{divide, perft};
pub use piece::{BySide, Piece, Role, Side};
pub use position::{PlayedMove, Position};
pub use setup::{PositionError, Problem, Setup};
pub use square::Square;
pub use variant::Variant;
