//! Whether a move is legal, and if not, why not.
//!
//! [`Position::play`] is the safe way in for moves from outside (a user, a file, a network): it
//! plays the move only when it is legal and otherwise returns an [`IllegalMove`] that says what
//! is wrong in a player's words, leaving the position untouched. Search code that only plays
//! generated moves uses [`Position::play_unchecked`].

use crate::bitboard::Bitboard;
use crate::movegen;
use crate::mv::Move;
use crate::piece::Piece;
use crate::position::Position;
use crate::variant::Variant;
use std::fmt;
use std::ops::ControlFlow;

/// A move that is not legal in a position, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IllegalMove {
    /// The move that was refused.
    pub mv: Move,
    /// Which game the position was of (for the sides' names in the message).
    pub variant: Variant,
    /// What is wrong with it.
    pub reason: IllegalReason,
}

/// Why a move is not legal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum IllegalReason {
    /// No piece stands on the move's `from` point.
    NoPiece,
    /// The piece on `from` belongs to the side not to move.
    NotYourTurn(Piece),
    /// The piece cannot move from `from` to `to` by the rules of its kind (a horse whose leg
    /// is blocked, a cannon without a screen, a point beyond its reach, a point held by a piece
    /// of its own side).
    CannotReach(Piece),
    /// The move would leave the mover's general attacked (or, in xiangqi, facing the enemy
    /// general on an open file).
    LeavesGeneralAttacked(Piece),
    /// A pass (`from` = `to` on the general's point) in xiangqi, which has none.
    NoPassInXiangqi,
    /// A janggi pass while in check.
    PassInCheck,
    /// Janggi: facing generals (bikjang) must be broken by the move, or accepted by passing.
    MustBreakBikjang(Piece),
    /// Janggi: the game is already over by a pass (two passes, or a pass in bikjang).
    GameOverByPass,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = self.variant;
        let (from, to) = (self.mv.from, self.mv.to);
        let who = |p: Piece| format!("the {} {} on {from}", p.side.name(v), p.role.name());
        write!(f, "illegal move {}: ", self.mv)?;
        match self.reason {
            IllegalReason::NoPiece => write!(f, "no piece on {from}"),
            IllegalReason::NotYourTurn(p) => write!(f, "{} cannot move: it is {}'s move", who(p), (!p.side).name(v)),
            IllegalReason::CannotReach(p) => write!(f, "{} cannot move to {to}", who(p)),
            IllegalReason::LeavesGeneralAttacked(p) => {
                write!(f, "{} may not move to {to}: it would leave the {} general attacked", who(p), p.side.name(v))
            }
            IllegalReason::NoPassInXiangqi => write!(f, "xiangqi has no pass"),
            IllegalReason::PassInCheck => write!(f, "no pass while in check"),
            IllegalReason::MustBreakBikjang(p) => {
                write!(f, "{} may not move to {to}: the generals face each other (bikjang), and the move must break it or pass", who(p))
            }
            IllegalReason::GameOverByPass => write!(f, "the game is over by a pass"),
        }
    }
}

impl std::error::Error for IllegalMove {}

impl Position {
    /// Whether `m` is legal here. Only `m` itself is tested (in janggi, the moves landing on
    /// `m.to`), so this is much cheaper than searching [`Position::legal_moves`].
    pub fn is_legal(&self, m: Move) -> bool {
        if self.variant == Variant::Xiangqi {
            return self.is_legal_xiangqi(m);
        }
        // Janggi (passes, bikjang) asks its generator for the moves landing on the target.
        self.try_for_each_legal_to(Bitboard::from_square(m.to), |from, targets| {
            if from == m.from && targets.contains(m.to) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .is_break()
    }

    /// Plays `m` if it is legal here; otherwise says why not and leaves the position as it was.
    ///
    /// ```
    /// use chuhan::{IllegalReason, Position, Variant};
    ///
    /// let mut pos = Position::new(Variant::Xiangqi);
    /// pos.play("h2e2".parse()?)?; // 炮二平五
    /// let err = pos.play("h9h5".parse()?).unwrap_err(); // a horse cannot go there
    /// assert!(matches!(err.reason, IllegalReason::CannotReach(_)));
    /// assert_eq!(err.to_string(), "illegal move h9h5: the black horse on h9 cannot move to h5");
    /// assert_eq!(pos.history().len(), 1); // unchanged
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        self.check_move(m)?;
        self.play_unchecked(m);
        Ok(())
    }

    /// `Ok` when `m` is legal here, otherwise why not — [`Position::play`]'s test without
    /// playing, for callers that must do something (store the move, say) before they play it.
    pub fn check_move(&self, m: Move) -> Result<(), IllegalMove> {
        if self.is_legal(m) {
            Ok(())
        } else {
            Err(IllegalMove { mv: m, variant: self.variant, reason: self.illegal_reason(m) })
        }
    }

    /// Why `m` is not legal here (for a move [`Position::is_legal`] refused).
    fn illegal_reason(&self, m: Move) -> IllegalReason {
        if self.ended_by_pass() {
            return IllegalReason::GameOverByPass;
        }
        let Some(piece) = self.piece_at(m.from) else { return IllegalReason::NoPiece };
        if piece.side != self.turn {
            return IllegalReason::NotYourTurn(piece);
        }
        if m.is_pass() {
            return match self.variant {
                Variant::Xiangqi => IllegalReason::NoPassInXiangqi,
                Variant::Janggi if piece.role != crate::piece::Role::General => IllegalReason::CannotReach(piece),
                Variant::Janggi => IllegalReason::PassInCheck,
            };
        }
        if !movegen::reach(self, m.from).contains(m.to) {
            return IllegalReason::CannotReach(piece);
        }
        if self.in_bikjang() {
            let mut after = self.clone();
            after.play_unchecked(m);
            if after.generals_face() {
                return IllegalReason::MustBreakBikjang(piece);
            }
        }
        IllegalReason::LeavesGeneralAttacked(piece)
    }
}
