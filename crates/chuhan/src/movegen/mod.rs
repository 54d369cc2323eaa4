//! Legal move generation for both games.
//!
//! Generation hands out moves piece by piece, as a from-square and a set of legal targets
//! (the cozy-chess model): counting moves is a sum of population counts, and listing them is a
//! loop over the sets. Each game has its own module; this one chooses between them once per
//! call, never per move.

mod janggi;
mod xiangqi;

use crate::bitboard::Bitboard;
use crate::mv::{Move, MoveList};
use crate::piece::Side;
use crate::position::Position;
use crate::square::Square;
use crate::variant::Variant;
use std::ops::ControlFlow;

impl Position {
    /// Calls `f(from, targets)` for every piece of the side to move that has legal moves.
    ///
    /// A janggi pass appears as the general's square among its own targets.
    #[inline]
    pub fn for_each_legal(&self, f: impl FnMut(Square, Bitboard)) {
        self.for_each_legal_to(Bitboard::FULL, f)
    }

    /// Like [`for_each_legal`](Self::for_each_legal), for the moves landing on `wanted` only
    /// (e.g. the enemy's pieces, for captures): the moves elsewhere are never tested for
    /// legality, which is most of the work in janggi.
    #[inline]
    pub fn for_each_legal_to(&self, wanted: Bitboard, mut f: impl FnMut(Square, Bitboard)) {
        let _ = self.try_for_each_legal_to(wanted, |from, targets| {
            f(from, targets);
            ControlFlow::<()>::Continue(())
        });
    }

    /// Like [`for_each_legal`](Self::for_each_legal), but `f` may stop the generation early
    /// by returning [`ControlFlow::Break`]; the break value is returned.
    ///
    /// ```
    /// use chuhan::{Position, Role, Variant};
    /// use std::ops::ControlFlow;
    ///
    /// // Does any cannon of the side to move have a legal move? Stop at the first one.
    /// let pos = Position::new(Variant::Xiangqi);
    /// let found = pos.try_for_each_legal(|from, _targets| match pos.piece_at(from) {
    ///     Some(p) if p.role == Role::Cannon => ControlFlow::Break(from),
    ///     _ => ControlFlow::Continue(()),
    /// });
    /// assert!(found.is_break());
    /// ```
    #[inline]
    pub fn try_for_each_legal<B>(&self, f: impl FnMut(Square, Bitboard) -> ControlFlow<B>) -> ControlFlow<B> {
        self.try_for_each_legal_to(Bitboard::FULL, f)
    }

    /// [`try_for_each_legal`](Self::try_for_each_legal) for the moves landing on `wanted` only.
    #[inline]
    pub fn try_for_each_legal_to<B>(
        &self,
        wanted: Bitboard,
        mut f: impl FnMut(Square, Bitboard) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        match self.variant {
            Variant::Xiangqi => xiangqi::generate(self, wanted, &mut f),
            Variant::Janggi => janggi::generate(self, wanted, &mut f),
        }
    }

    /// [`Position::is_legal`] in xiangqi: the one move tested, without generating the others.
    pub(crate) fn is_legal_xiangqi(&self, m: Move) -> bool {
        xiangqi::is_legal(self, m.from, m.to)
    }

    /// Every legal move, in no promised order.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.for_each_legal(|from, targets| {
            for to in targets {
                list.push(Move::new(from, to));
            }
        });
        list
    }

    /// The number of legal moves.
    #[inline]
    pub fn count_legal(&self) -> usize {
        let mut n = 0;
        self.for_each_legal(|_, targets| n += targets.count() as usize);
        n
    }

    /// Whether the side to move's general is attacked.
    #[inline]
    pub fn is_check(&self) -> bool {
        let us = self.turn;
        let ks = self.generals[us.index()];
        match self.variant {
            Variant::Xiangqi => xiangqi::attacked(self, ks, !us, self.occupied, Bitboard::FULL),
            Variant::Janggi => janggi::attacked(self, ks, !us),
        }
    }

    /// The enemy pieces giving check to the side to move (empty when not in check).
    pub fn checkers(&self) -> Bitboard {
        let us = self.turn;
        let ks = self.generals[us.index()];
        match self.variant {
            Variant::Xiangqi => xiangqi::attackers(self, ks, !us),
            Variant::Janggi => janggi::attackers(self, ks, !us),
        }
    }

    /// The pieces of `by` that attack `sq` (as if `sq` held an enemy piece of theirs).
    pub fn attackers_of(&self, sq: Square, by: Side) -> Bitboard {
        match self.variant {
            Variant::Xiangqi => xiangqi::attackers(self, sq, by),
            Variant::Janggi => janggi::attackers(self, sq, by),
        }
    }

    /// The pieces of `by` standing on `occ` that could take an enemy piece on `sq` if `occ` were
    /// the occupancy: every role, the general and the advisors included (unlike
    /// [`attackers_of`](Self::attackers_of), which answers for checks). For static exchange
    /// evaluation, which lifts pieces off as the exchange goes on. Pins are not considered.
    /// `cannon_target`: the piece on `sq` is a cannon (janggi's cannons never take one).
    pub fn capturers(&self, sq: Square, by: Side, occ: Bitboard, cannon_target: bool) -> Bitboard {
        match self.variant {
            Variant::Xiangqi => xiangqi::capturers(self, sq, by, occ),
            Variant::Janggi => janggi::capturers(self, sq, by, occ, cannon_target),
        }
    }

    /// Whether the side to move has no legal move (checkmate or stalemate; in janggi, where a
    /// side may pass, only a checkmate).
    pub fn has_no_moves(&self) -> bool {
        self.try_for_each_legal(|_, _| ControlFlow::Break(())).is_continue()
    }

    /// Whether the side to move has a legal capture on `sq`.
    pub fn is_legal_capture_on(&self, sq: Square) -> bool {
        self.piece_at(sq).is_some_and(|p| p.side != self.turn)
            && self.try_for_each_legal_to(Bitboard::from_square(sq), |_, _| ControlFlow::Break(())).is_break()
    }

    /// Whether `side`'s general would be attacked if the piece on `sq` were lifted off the
    /// board: the piece is pinned (in xiangqi the facing generals count as an attack).
    pub fn is_pinned(&self, side: Side, sq: Square) -> bool {
        let ks = self.generals[side.index()];
        if sq == ks {
            return false;
        }
        let occ = self.occupied.without(sq);
        match self.variant {
            Variant::Xiangqi => xiangqi::attacked(self, ks, !side, occ, Bitboard::FULL),
            Variant::Janggi => janggi::attacked_without(self, ks, !side, sq),
        }
    }

    /// Janggi: whether the game is over by a pass — two passes in a row, or a pass that left
    /// the generals facing each other (bikjang) under the bikjang rule; both go to point
    /// counting, and no move is legal. Always false in xiangqi.
    pub fn ended_by_pass(&self) -> bool {
        self.variant == Variant::Janggi && janggi::ended_by_pass(self)
    }

    /// Janggi: whether a pass by the side to move would end the game — the opponent has just
    /// passed, or the generals face each other under the bikjang rule. Always false in xiangqi.
    pub fn pass_would_end_game(&self) -> bool {
        self.variant == Variant::Janggi && janggi::pass_ends_game(self, &self.history)
    }

    /// Janggi: whether the generals face each other under the bikjang rule, so that the side to
    /// move must break it or pass (its only legal moves). Always false in xiangqi.
    #[inline]
    pub fn in_bikjang(&self) -> bool {
        self.variant == Variant::Janggi && self.bikjang_rule && self.generals_face()
    }

    /// Whether the two generals stand on one file with nothing between them: illegal in
    /// xiangqi (the flying general), bikjang in janggi.
    pub fn generals_face(&self) -> bool {
        let a = self.generals[0];
        let b = self.generals[1];
        a.file() == b.file() && (crate::attacks::between(a, b) & self.occupied).is_empty()
    }
}

/// The points the piece on `from` could move to by the rules of its kind, whether or not the
/// move would leave its general attacked (empty when `from` is empty). For error messages:
/// generation never asks for it.
pub(crate) fn reach(pos: &Position, from: Square) -> Bitboard {
    match pos.variant {
        Variant::Xiangqi => xiangqi::reach(pos, from),
        Variant::Janggi => janggi::reach(pos, from),
    }
}

/// Keeps the targets of a move from `from` after which the mover's general is not attacked.
#[inline]
fn keep_safe(targets: Bitboard, mut safe: impl FnMut(Square) -> bool) -> Bitboard {
    let mut kept = Bitboard::EMPTY;
    for to in targets {
        if safe(to) {
            kept.insert(to);
        }
    }
    kept
}
