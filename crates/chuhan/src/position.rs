//! A position: where the pieces stand, who moves, and the moves that led here.

use crate::bitboard::Bitboard;
use crate::mv::Move;
use crate::piece::{Piece, Role, Side};
use crate::square::Square;
use crate::variant::Variant;
use crate::zobrist;

/// What [`Position::undo`] needs to take a move back, and what repetition rules read.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// The move.
    pub mv: Move,
    /// The piece it captured, if any.
    pub captured: Option<Piece>,
    /// Plies since the last capture before the move.
    pub halfmove_clock: u32,
    /// The position's hash before the move.
    pub hash_before: u64,
    /// A search's null move (see [`Position::play_null`]), not a move of the game.
    pub null: bool,
}

/// A position of xiangqi or janggi together with the moves played since it was set up.
///
/// Positions are valid by construction: [`Position::from_fen`](crate::Position::from_fen) and
/// [`Position::new`] check the placement, and [`Position::play`] plays only legal moves
/// ([`Position::play_unchecked`] is the fast path for moves already known to be legal). The history makes [`Position::undo`] possible and lets the rules that
/// depend on earlier positions (janggi's repetitions, passes) look back.
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) variant: Variant,
    pub(crate) board: [Option<Piece>; 90],
    pub(crate) pieces: [[Bitboard; 7]; 2],
    pub(crate) by_side: [Bitboard; 2],
    pub(crate) occupied: Bitboard,
    pub(crate) generals: [Square; 2],
    pub(crate) turn: Side,
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmove_number: u32,
    pub(crate) hash: u64,
    pub(crate) history: Vec<PlayedMove>,
    pub(crate) bikjang_rule: bool,
}

impl PartialEq for Position {
    /// Two positions are equal when the same pieces stand on the same points with the same
    /// side to move and the same counters; the history is not compared.
    fn eq(&self, other: &Position) -> bool {
        self.variant == other.variant
            && self.board == other.board
            && self.turn == other.turn
            && self.halfmove_clock == other.halfmove_clock
            && self.fullmove_number == other.fullmove_number
    }
}

impl Eq for Position {}

impl Position {
    /// The standard start position of `variant`.
    pub fn new(variant: Variant) -> Position {
        Position::from_fen(variant, variant.start_fen()).expect("start FEN is valid")
    }

    /// A position from a placement that the caller has already validated.
    pub(crate) fn from_parts(
        variant: Variant,
        board: [Option<Piece>; 90],
        turn: Side,
        halfmove_clock: u32,
        fullmove_number: u32,
    ) -> Position {
        let mut pos = Position {
            variant,
            board: [None; 90],
            pieces: [[Bitboard::EMPTY; 7]; 2],
            by_side: [Bitboard::EMPTY; 2],
            occupied: Bitboard::EMPTY,
            generals: [Square::ALL[0]; 2],
            turn,
            halfmove_clock,
            fullmove_number,
            hash: zobrist::side_key(turn),
            history: Vec::new(),
            bikjang_rule: true,
        };
        for sq in Square::ALL {
            if let Some(p) = board[sq.index()] {
                pos.put(sq, p);
                pos.hash ^= zobrist::piece_key(p, sq);
            }
        }
        pos
    }

    #[inline(always)]
    fn put(&mut self, sq: Square, p: Piece) {
        self.board[sq.index()] = Some(p);
        self.pieces[p.side.index()][p.role.index()].insert(sq);
        self.by_side[p.side.index()].insert(sq);
        self.occupied.insert(sq);
        if p.role == Role::General {
            self.generals[p.side.index()] = sq;
        }
    }

    #[inline(always)]
    fn remove(&mut self, sq: Square, p: Piece) {
        self.board[sq.index()] = None;
        self.pieces[p.side.index()][p.role.index()].remove(sq);
        self.by_side[p.side.index()].remove(sq);
        self.occupied.remove(sq);
    }

    /// Which game this is.
    #[inline]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Side {
        self.turn
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// The points holding `side`'s pieces of `role`.
    #[inline]
    pub fn pieces(&self, side: Side, role: Role) -> Bitboard {
        self.pieces[side.index()][role.index()]
    }

    /// The points holding `side`'s pieces.
    #[inline]
    pub fn side_pieces(&self, side: Side) -> Bitboard {
        self.by_side[side.index()]
    }

    /// Every occupied point.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.occupied
    }

    /// Where `side`'s general stands.
    #[inline]
    pub fn general(&self, side: Side) -> Square {
        self.generals[side.index()]
    }

    /// Plies since the last capture (FEN field 5).
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number, starting at 1 and increasing after the second mover's move.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// The Zobrist hash of the placement and side to move.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch; equals [`Position::hash`] (tests check it).
    pub fn compute_hash(&self) -> u64 {
        let mut h = zobrist::side_key(self.turn);
        for sq in Square::ALL {
            if let Some(p) = self.board[sq.index()] {
                h ^= zobrist::piece_key(p, sq);
            }
        }
        h
    }

    /// The moves played since the position was set up, oldest first.
    #[inline]
    pub fn history(&self) -> &[PlayedMove] {
        &self.history
    }

    /// A copy of the position without its history.
    pub fn with_history_cleared(&self) -> Position {
        self.with_turn(self.turn)
    }

    /// Forgets the history (the current position becomes the starting point).
    pub fn clear_history(&mut self) {
        self.history.clear();
    }

    /// The squares of `side`'s generals and pieces in one iterator: `(square, piece)`.
    pub fn piece_squares(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::ALL.iter().filter_map(move |&sq| self.board[sq.index()].map(|p| (sq, p)))
    }

    /// The same placement with `side` to move and no history: what repetition rulings ask
    /// when they wonder what a side could capture if it were its move.
    pub(crate) fn with_turn(&self, side: Side) -> Position {
        Position {
            variant: self.variant,
            board: self.board,
            pieces: self.pieces,
            by_side: self.by_side,
            occupied: self.occupied,
            generals: self.generals,
            turn: side,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
            hash: self.hash ^ zobrist::side_key(self.turn) ^ zobrist::side_key(side),
            history: Vec::new(),
            bikjang_rule: self.bikjang_rule,
        }
    }

    /// Whether facing generals restrict janggi moves (the bikjang rule; on by default).
    /// Janggi's casual rules turn it off. Xiangqi ignores it: there facing generals are
    /// always illegal.
    pub fn bikjang_rule(&self) -> bool {
        self.bikjang_rule
    }

    /// Turns the bikjang rule on or off (see [`Position::bikjang_rule`]).
    pub fn set_bikjang_rule(&mut self, on: bool) {
        self.bikjang_rule = on;
    }

    /// Plays `m` for the side to move without checking that it is legal: the fast path for
    /// search and perft, which play only generated moves.
    ///
    /// `m` must be legal (one of [`Position::legal_moves`]); use [`Position::play`] for moves
    /// from outside. A move whose `from` is empty or holds an enemy piece is ignored
    /// in release builds and panics in debug builds; other illegal moves leave a position that
    /// is still undoable but not one the rules can reach.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        let us = self.turn;
        let captured = if m.is_pass() { None } else { self.board[m.to.index()] };
        self.history.push(PlayedMove {
            mv: m,
            captured,
            halfmove_clock: self.halfmove_clock,
            hash_before: self.hash,
            null: false,
        });
        if !m.is_pass() {
            let Some(p) = self.board[m.from.index()] else {
                debug_assert!(false, "no piece on {}", m.from);
                return self.pass_turn();
            };
            debug_assert_eq!(p.side, us);
            if let Some(c) = captured {
                self.remove(m.to, c);
                self.hash ^= zobrist::piece_key(c, m.to);
            }
            self.remove(m.from, p);
            self.put(m.to, p);
            self.hash ^= zobrist::piece_key(p, m.from) ^ zobrist::piece_key(p, m.to);
        }
        self.halfmove_clock = if captured.is_some() { 0 } else { self.halfmove_clock + 1 };
        self.pass_turn();
    }

    #[inline(always)]
    fn pass_turn(&mut self) {
        if self.turn == Side::Second {
            self.fullmove_number += 1;
        }
        self.turn = !self.turn;
        self.hash ^= zobrist::SIDE_KEY;
    }

    /// Gives the move to the other side without moving anything — a search's "null move".
    /// Unlike a janggi pass it is not a move of the game: rules that look back at passes
    /// (two passes, a pass in bikjang) ignore it. Take it back with [`Position::undo`].
    pub fn play_null(&mut self) {
        let g = self.generals[self.turn.index()];
        self.history.push(PlayedMove {
            mv: Move::new(g, g),
            captured: None,
            halfmove_clock: self.halfmove_clock,
            hash_before: self.hash,
            null: true,
        });
        self.halfmove_clock += 1;
        self.pass_turn();
    }

    /// Takes back the last move played; returns it, or `None` if there is no history.
    #[inline]
    pub fn undo(&mut self) -> Option<Move> {
        let last = self.history.pop()?;
        self.turn = !self.turn;
        if self.turn == Side::Second {
            self.fullmove_number -= 1;
        }
        let m = last.mv;
        if !m.is_pass() {
            if let Some(p) = self.board[m.to.index()] {
                self.remove(m.to, p);
                self.put(m.from, p);
            }
            if let Some(c) = last.captured {
                self.put(m.to, c);
            }
        }
        self.halfmove_clock = last.halfmove_clock;
        self.hash = last.hash_before;
        Some(m)
    }
}
