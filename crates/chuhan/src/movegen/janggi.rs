//! Janggi moves.
//!
//! Janggi differs from xiangqi in ways that touch every piece: no river, lines along the
//! palace diagonals for generals, guards, chariots, cannons and soldiers, cannons that need a
//! screen to move at all and never jump or take another cannon, elephants that go one step
//! straight and two diagonally, a pass, and no flying-general rule (facing generals are
//! *bikjang*, a legal position). Every pseudo-legal move is tested by replaying its effect on
//! the occupancy: janggi's attack patterns make the xiangqi shortcut (blockers and gaps) a
//! larger piece of code than its speed-up is worth here.

use super::keep_safe;
use crate::attacks::{
    between, file_mask, horse_attackers, horse_moves, janggi_cannon_attacks, janggi_cannon_beyond,
    janggi_chariot_attacks, janggi_elephant_attackers, janggi_elephant_moves, janggi_lines, palace, palace_slide,
    rank_mask, rook_attacks, HORSE_ATTACKERS, JANGGI_ELEPHANT_ATTACKERS, JANGGI_SOLDIER, JANGGI_SOLDIER_ATTACKERS,
    PALACE_DIAGONAL, PALACE_DIAGONAL_POINTS, PALACE_ORTHOGONAL,
};
use crate::bitboard::Bitboard;
use crate::piece::{Role, Side};
use crate::position::{PlayedMove, Position};
use crate::square::Square;
use std::ops::ControlFlow;

/// The points whose occupancy can change an attack by `them` on a general standing on `ks`
/// (not in check): between it and an enemy chariot on its rank or file with one piece between
/// (that piece's move would open the line), or an enemy cannon with at most two (a move could
/// leave or make its one screen); its palace's diagonal points when an enemy chariot or
/// cannon stands on them; and the legs and eyes of the enemy horses and elephants aimed at it.
/// A move that neither leaves nor reaches one of these points cannot expose the general
/// (a capture only removes an attacker, and one that lands on such a point is tested).
fn sensitive_points(pos: &Position, ks: Square, them: Side) -> Bitboard {
    let e = &pos.pieces[them.index()];
    let lines = e[Role::Chariot as usize] | e[Role::Cannon as usize];
    let mut s = Bitboard::EMPTY;
    for piece in lines & (rank_mask(ks.rank()) | file_mask(ks.file())) {
        let segment = between(ks, piece);
        let screens = (segment & pos.occupied).count();
        let opens_at = if e[Role::Chariot as usize].contains(piece) { 1 } else { 2 };
        if screens <= opens_at {
            s |= segment;
        }
    }
    let diagonals = PALACE_DIAGONAL_POINTS & palace_of(ks);
    if diagonals.contains(ks) && (lines & diagonals).any() {
        s |= diagonals;
    }
    for gate in &HORSE_ATTACKERS[ks.index()] {
        if gate.targets & e[Role::Horse as usize].0 != 0 {
            s.0 |= gate.block;
        }
    }
    for gate in &JANGGI_ELEPHANT_ATTACKERS[ks.index()] {
        if gate.targets & e[Role::Elephant as usize].0 != 0 {
            s.0 |= gate.block;
        }
    }
    s
}

/// The palace a point belongs to (by its half of the board).
fn palace_of(sq: Square) -> Bitboard {
    palace(if sq.rank() <= 4 { Side::First } else { Side::Second })
}

/// Whether `sq` is attacked by `by` in the current position.
pub(super) fn attacked(pos: &Position, sq: Square, by: Side) -> bool {
    attacked_with(pos, sq, by, pos.occupied, Bitboard::FULL, all_cannons(pos))
}

/// Whether `sq` is attacked by `by` with the piece on `without` lifted off the board.
pub(super) fn attacked_without(pos: &Position, sq: Square, by: Side, without: Square) -> bool {
    let gone = Bitboard::from_square(without);
    attacked_with(pos, sq, by, pos.occupied & !gone, !gone, all_cannons(pos) & !gone)
}

fn all_cannons(pos: &Position) -> Bitboard {
    pos.pieces[0][Role::Cannon as usize] | pos.pieces[1][Role::Cannon as usize]
}

/// Whether `sq` is attacked by `by` with `occ` as the occupancy, only `by`'s pieces on `alive`
/// counted and the cannons standing on `cannons` — a cannon may not be a screen, so a move
/// of a cannon changes what attacks even where the occupancy is the same.
fn attacked_with(pos: &Position, sq: Square, by: Side, occ: Bitboard, alive: Bitboard, cannons: Bitboard) -> bool {
    let e = &pos.pieces[by.index()];
    let near = rook_attacks(sq, occ);
    ((near | palace_slide(sq, occ)) & e[Role::Chariot as usize] & alive).any()
        || ((e[Role::Cannon as usize] & alive & janggi_lines(sq)).any()
            && (janggi_cannon_beyond(sq, occ, cannons, near) & e[Role::Cannon as usize] & alive).any())
        || (horse_attackers(sq, occ) & e[Role::Horse as usize] & alive).any()
        || (janggi_elephant_attackers(sq, occ) & e[Role::Elephant as usize] & alive).any()
        || (JANGGI_SOLDIER_ATTACKERS[by.index()][sq.index()] & e[Role::Soldier as usize] & alive).any()
}

/// The pieces of `by` that attack `sq`.
pub(super) fn attackers(pos: &Position, sq: Square, by: Side) -> Bitboard {
    let e = &pos.pieces[by.index()];
    let occ = pos.occupied;
    (janggi_chariot_attacks(sq, occ) & e[Role::Chariot as usize])
        | (janggi_cannon_attacks(sq, occ, all_cannons(pos)) & e[Role::Cannon as usize])
        | (horse_attackers(sq, occ) & e[Role::Horse as usize])
        | (janggi_elephant_attackers(sq, occ) & e[Role::Elephant as usize])
        | (JANGGI_SOLDIER_ATTACKERS[by.index()][sq.index()] & e[Role::Soldier as usize])
}

/// See [`Position::capturers`].
pub(super) fn capturers(pos: &Position, sq: Square, by: Side, occ: Bitboard, cannon_target: bool) -> Bitboard {
    let e = &pos.pieces[by.index()];
    let mut found = (janggi_chariot_attacks(sq, occ) & e[Role::Chariot as usize])
        | (horse_attackers(sq, occ) & e[Role::Horse as usize])
        | (janggi_elephant_attackers(sq, occ) & e[Role::Elephant as usize])
        | (JANGGI_SOLDIER_ATTACKERS[by.index()][sq.index()] & e[Role::Soldier as usize]);
    if !cannon_target {
        found |= janggi_cannon_attacks(sq, occ, all_cannons(pos) & occ) & e[Role::Cannon as usize];
    }
    if palace(by).contains(sq) {
        let steps = PALACE_ORTHOGONAL[sq.index()] | PALACE_DIAGONAL[sq.index()];
        found |= steps & (e[Role::General as usize] | e[Role::Advisor as usize]);
    }
    found & occ
}

/// Where a `role` of the side to move standing on `from` could go by the rules of its kind,
/// whether or not its general would be left attacked (the pass not included). `cannons`:
/// every cannon on the board.
#[inline(always)]
fn pseudo_targets(pos: &Position, role: Role, from: Square, cannons: Bitboard) -> Bitboard {
    let us = pos.turn;
    let occ = pos.occupied;
    let own = pos.by_side[us.index()];
    match role {
        Role::Chariot => janggi_chariot_attacks(from, occ) & !own,
        Role::Cannon => janggi_cannon_attacks(from, occ, cannons) & !own & !cannons,
        Role::Horse => horse_moves(from, occ) & !own,
        Role::Elephant => janggi_elephant_moves(from, occ) & !own,
        Role::Soldier => JANGGI_SOLDIER[us.index()][from.index()] & !own,
        Role::Advisor | Role::General => (PALACE_ORTHOGONAL[from.index()] | PALACE_DIAGONAL[from.index()]) & !own,
    }
}

/// See [`super::reach`].
pub(super) fn reach(pos: &Position, from: Square) -> Bitboard {
    match pos.piece_at(from) {
        Some(p) if p.side == pos.turn => pseudo_targets(pos, p.role, from, all_cannons(pos)),
        _ => Bitboard::EMPTY,
    }
}

fn exposes(pos: &Position, from: Square, to: Square) -> bool {
    let us = pos.turn;
    let to_bb = Bitboard::from_square(to);
    let occ = pos.occupied.without(from) | to_bb;
    let ks = if from == pos.generals[us.index()] { to } else { pos.generals[us.index()] };
    // A captured cannon is gone, and the piece that took it is a screen unless it is a cannon.
    let mut cannons = all_cannons(pos) & !to_bb;
    if cannons.contains(from) {
        cannons = cannons.without(from) | to_bb;
    }
    attacked_with(pos, ks, !us, occ, !to_bb, cannons)
}

/// Whether the game is already over by a pass: two passes in a row, or a pass that left a
/// bikjang standing. Both go to point counting, so no move is legal — as in Fairy-Stockfish,
/// whose perft counts reflect it.
pub(super) fn ended_by_pass(pos: &Position) -> bool {
    match pos.history.as_slice() {
        // A pass does not change the board: the game ended if that pass ended it.
        [before @ .., last] if is_real_pass(last) => pass_ends_game(pos, before),
        _ => false,
    }
}

/// Whether a pass by the side to move of `pos`, after the moves `history`, ends the game: the
/// opponent has just passed, or the generals face each other under the bikjang rule.
pub(super) fn pass_ends_game(pos: &Position, history: &[PlayedMove]) -> bool {
    history.last().is_some_and(is_real_pass) || (pos.bikjang_rule && pos.generals_face())
}

/// A pass of the game (not a search's null move).
fn is_real_pass(p: &PlayedMove) -> bool {
    p.mv.is_pass() && !p.null
}

/// Calls `f(from, targets)` for the legal moves of the side to move that land on `wanted`
/// (the pass lands on the general's own point).
pub(super) fn generate<B>(
    pos: &Position,
    wanted: Bitboard,
    f: &mut impl FnMut(Square, Bitboard) -> ControlFlow<B>,
) -> ControlFlow<B> {
    if ended_by_pass(pos) {
        return ControlFlow::Continue(());
    }
    let us = pos.turn;
    let them = !us;
    let ks = pos.generals[us.index()];
    let mine = &pos.pieces[us.index()];
    let cannons = all_cannons(pos);
    // Bikjang: the generals face each other. The side to move may pass (leaving it to the
    // counting) or must break it: block the file or step the general off it.
    let enemy_general = pos.generals[them.index()];
    let bikjang = pos.bikjang_rule && pos.generals_face();
    // A position whose side not to move is in check arises only from a pass in bikjang, which
    // ended the game: nothing is legal (read from a FEN, the history that shows it is lost).
    if bikjang && attacked(pos, enemy_general, us) {
        return ControlFlow::Continue(());
    }
    let blocks = if bikjang { between(ks, enemy_general) & wanted } else { wanted };

    // Only moves that leave or reach a point tied to an attack on the general can expose it
    // (see `sensitive_points`). When the general is not in check, every other move is legal
    // without testing it.
    let in_check = attacked(pos, ks, them);
    let sensitive = if in_check { Bitboard::FULL } else { sensitive_points(pos, ks, them) };
    let mut emit = |from: Square, targets: Bitboard| {
        let targets = targets & blocks;
        let targets = if sensitive.contains(from) {
            keep_safe(targets, |to| !exposes(pos, from, to))
        } else {
            (targets & !sensitive) | keep_safe(targets & sensitive, |to| !exposes(pos, from, to))
        };
        if targets.any() {
            f(from, targets)
        } else {
            ControlFlow::Continue(())
        }
    };
    for role in [Role::Chariot, Role::Cannon, Role::Horse, Role::Elephant, Role::Soldier, Role::Advisor] {
        for from in mine[role as usize] {
            emit(from, pseudo_targets(pos, role, from, cannons))?;
        }
    }
    let mut steps = pseudo_targets(pos, Role::General, ks, cannons) & wanted;
    if bikjang {
        steps &= !file_mask(ks.file());
    }
    let mut general_targets = keep_safe(steps, |to| !exposes(pos, ks, to));
    // The pass: the general "moves" to its own point — not while in check, unless the
    // generals face each other: passing then accepts the bikjang, which ends the game before
    // the check could be carried out (Fairy-Stockfish rules the same way).
    if (bikjang || !in_check) && wanted.contains(ks) {
        general_targets.insert(ks);
    }
    if general_targets.any() {
        f(ks, general_targets)?;
    }
    ControlFlow::Continue(())
}
