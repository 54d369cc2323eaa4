//! Xiangqi moves.
//!
//! Pseudo-legal targets come from the attack tables; a move is then legal unless it leaves the
//! mover's general attacked (facing generals count as an attack by the enemy general along the
//! file). Testing every move that way is exact but slow, so when the side to move is not in
//! check the generator first finds the only moves that could expose the general:
//! - moves from a *blocker*: the lone piece between the general and an enemy chariot or
//!   general, either of the two pieces between the general and an enemy cannon (moving one
//!   leaves a single screen), or a piece on the leg of an enemy horse aimed at the general;
//! - moves to a *gap* point: an empty point between the general and an enemy cannon with nothing
//!   between them, where the moved piece would become the cannon's screen.
//!
//! Only those moves, and general moves, are tested one by one.

use super::keep_safe;
use crate::attacks::{
    between, cannon_attacks, gated, horse_attackers, horse_moves, palace, rook_attacks, HORSE_ATTACKERS,
    PALACE_DIAGONAL, PALACE_ORTHOGONAL, XIANGQI_ELEPHANT, XIANGQI_SOLDIER, XIANGQI_SOLDIER_ATTACKERS,
};
use crate::bitboard::Bitboard;
use crate::piece::{Role, Side};
use crate::position::Position;
use crate::square::Square;
use std::ops::ControlFlow;

/// Whether `sq` is attacked by `by`, with `occ` as the occupancy and only `by`'s pieces on
/// `alive` counted (so a caller can remove a captured piece).
#[inline]
pub(super) fn attacked(pos: &Position, sq: Square, by: Side, occ: Bitboard, alive: Bitboard) -> bool {
    let e = &pos.pieces[by.index()];
    (rook_attacks(sq, occ) & (e[Role::Chariot as usize] | e[Role::General as usize]) & alive).any()
        || (cannon_attacks(sq, occ) & e[Role::Cannon as usize] & alive).any()
        || (horse_attackers(sq, occ) & e[Role::Horse as usize] & alive).any()
        || (XIANGQI_SOLDIER_ATTACKERS[by.index()][sq.index()] & e[Role::Soldier as usize] & alive).any()
}

/// The pieces of `by` that attack `sq`.
pub(super) fn attackers(pos: &Position, sq: Square, by: Side) -> Bitboard {
    let e = &pos.pieces[by.index()];
    let occ = pos.occupied;
    (rook_attacks(sq, occ) & (e[Role::Chariot as usize] | e[Role::General as usize]))
        | (cannon_attacks(sq, occ) & e[Role::Cannon as usize])
        | (horse_attackers(sq, occ) & e[Role::Horse as usize])
        | (XIANGQI_SOLDIER_ATTACKERS[by.index()][sq.index()] & e[Role::Soldier as usize])
}

/// See [`Position::capturers`].
pub(super) fn capturers(pos: &Position, sq: Square, by: Side, occ: Bitboard) -> Bitboard {
    let e = &pos.pieces[by.index()];
    let mut found = (rook_attacks(sq, occ) & e[Role::Chariot as usize])
        | (cannon_attacks(sq, occ) & e[Role::Cannon as usize])
        | (horse_attackers(sq, occ) & e[Role::Horse as usize])
        | (XIANGQI_SOLDIER_ATTACKERS[by.index()][sq.index()] & e[Role::Soldier as usize]);
    if palace(by).contains(sq) {
        found |= PALACE_DIAGONAL[sq.index()] & e[Role::Advisor as usize];
        found |= PALACE_ORTHOGONAL[sq.index()] & e[Role::General as usize];
    }
    // Elephants: their moves are their own reverse (same eye, never across the river).
    found |= gated(&XIANGQI_ELEPHANT[sq.index()], occ) & e[Role::Elephant as usize];
    found & occ
}

/// Where a `role` of the side to move standing on `from` could go by the rules of its kind,
/// whether or not its general would be left attacked.
#[inline(always)]
fn pseudo_targets(pos: &Position, role: Role, from: Square) -> Bitboard {
    let us = pos.turn;
    let occ = pos.occupied;
    let own = pos.by_side[us.index()];
    match role {
        Role::Chariot => rook_attacks(from, occ) & !own,
        Role::Cannon => (rook_attacks(from, occ) & !occ) | (cannon_attacks(from, occ) & pos.by_side[(!us).index()]),
        Role::Horse => horse_moves(from, occ) & !own,
        Role::Soldier => XIANGQI_SOLDIER[us.index()][from.index()] & !own,
        Role::Elephant => gated(&XIANGQI_ELEPHANT[from.index()], occ) & !own,
        Role::Advisor => PALACE_DIAGONAL[from.index()] & !own,
        Role::General => PALACE_ORTHOGONAL[from.index()] & !own,
    }
}

/// See [`super::reach`].
pub(super) fn reach(pos: &Position, from: Square) -> Bitboard {
    match pos.piece_at(from) {
        Some(p) if p.side == pos.turn => pseudo_targets(pos, p.role, from),
        _ => Bitboard::EMPTY,
    }
}

/// Whether the move `from`→`to` by the side to move leaves its general attacked.
#[inline]
fn exposes(pos: &Position, from: Square, to: Square) -> bool {
    let us = pos.turn;
    let to_bb = Bitboard::from_square(to);
    let occ = pos.occupied.without(from) | to_bb;
    let ks = if from == pos.generals[us.index()] { to } else { pos.generals[us.index()] };
    attacked(pos, ks, !us, occ, !to_bb)
}

/// Whether the side to move may play `from`→`to`: the one piece's targets and the test the
/// generator applies to a move it is unsure of (which is exact for every move), without the
/// generator's set-up for the whole side (a record reader checks one move a ply).
pub(super) fn is_legal(pos: &Position, from: Square, to: Square) -> bool {
    match pos.piece_at(from) {
        Some(p) if p.side == pos.turn => pseudo_targets(pos, p.role, from).contains(to) && !exposes(pos, from, to),
        _ => false,
    }
}

/// Calls `f(from, targets)` for the legal moves of the side to move that land on `wanted`.
pub(super) fn generate<B>(
    pos: &Position,
    wanted: Bitboard,
    f: &mut impl FnMut(Square, Bitboard) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let us = pos.turn;
    let them = !us;
    let occ = pos.occupied;
    let own = pos.by_side[us.index()];
    let ks = pos.generals[us.index()];
    let mine = &pos.pieces[us.index()];
    let theirs = &pos.pieces[them.index()];
    let in_check = attacked(pos, ks, them, occ, Bitboard::FULL);

    // Blockers and gaps (see the module documentation); unused when in check.
    let mut blockers = Bitboard::EMPTY;
    let mut gaps = Bitboard::EMPTY;
    if !in_check {
        let seen = rook_attacks(ks, occ);
        let first = seen & occ;
        let revealed = rook_attacks(ks, occ ^ (first & own)) & !seen;
        for pinner in revealed & (theirs[Role::Chariot as usize] | theirs[Role::General as usize]) {
            blockers |= between(ks, pinner) & own;
        }
        for cannon in first & theirs[Role::Cannon as usize] {
            gaps |= between(ks, cannon);
        }
        for cannon in cannon_attacks(ks, occ ^ first) & theirs[Role::Cannon as usize] {
            blockers |= between(ks, cannon) & own;
        }
        for gate in &HORSE_ATTACKERS[ks.index()] {
            if gate.block & own.0 != 0 && gate.targets & theirs[Role::Horse as usize].0 != 0 {
                blockers.0 |= gate.block;
            }
        }
    }

    let mut emit = |from: Square, targets: Bitboard| {
        let targets = targets & wanted;
        let targets = if in_check || blockers.contains(from) {
            keep_safe(targets, |to| !exposes(pos, from, to))
        } else {
            let risky = targets & gaps;
            if risky.is_empty() {
                targets
            } else {
                (targets & !gaps) | keep_safe(risky, |to| !exposes(pos, from, to))
            }
        };
        if targets.any() {
            f(from, targets)
        } else {
            ControlFlow::Continue(())
        }
    };

    for role in [Role::Chariot, Role::Cannon, Role::Horse, Role::Soldier, Role::Elephant, Role::Advisor] {
        for from in mine[role as usize] {
            emit(from, pseudo_targets(pos, role, from))?;
        }
    }
    let general_targets = keep_safe(pseudo_targets(pos, Role::General, ks) & wanted, |to| !exposes(pos, ks, to));
    if general_targets.any() {
        f(ks, general_targets)?;
    }
    ControlFlow::Continue(())
}
