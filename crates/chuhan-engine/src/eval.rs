//! Evaluation: how good a position is for the side to move, in centipawns (a soldier ≈ 100).
//!
//! Behind the [`Evaluate`] trait so a trained network can replace the hand-written terms later.
//! [`Classic`] adds material, piece-square terms that follow xiangqi and janggi practice
//! (soldiers gain value as they cross the river and near the palace, horses want the centre
//! and the palace's approaches, cannons like the central file early, chariots like open files
//! and mobility) and a small bonus for having the move. The numbers are hand-set starting
//! points; tuning them on game data is future work (see the README).

use chuhan::attacks::{between, horse_moves, rook_attacks};
use chuhan::{Piece, Position, Role, Side, Square, Variant};

/// A way to score positions.
pub trait Evaluate: Send + Sync {
    /// The score of `pos` for the side to move.
    fn evaluate(&self, pos: &Position) -> i32;
}

/// Material and piece-square terms.
#[derive(Clone, Debug, Default)]
pub struct Classic;

/// Material value of a role.
pub fn piece_value(variant: Variant, role: Role) -> i32 {
    match (variant, role) {
        (_, Role::General) => 0,
        (Variant::Xiangqi, Role::Chariot) => 1000,
        (Variant::Xiangqi, Role::Cannon) => 480,
        (Variant::Xiangqi, Role::Horse) => 450,
        (Variant::Xiangqi, Role::Advisor) => 200,
        (Variant::Xiangqi, Role::Elephant) => 200,
        (Variant::Xiangqi, Role::Soldier) => 100,
        // Janggi: the association's counting weights (13/7/5/3/3/2), scaled.
        (Variant::Janggi, Role::Chariot) => 1300,
        (Variant::Janggi, Role::Cannon) => 700,
        (Variant::Janggi, Role::Horse) => 500,
        (Variant::Janggi, Role::Elephant) => 300,
        (Variant::Janggi, Role::Advisor) => 300,
        (Variant::Janggi, Role::Soldier) => 200,
    }
}

/// Rank counted from the owner's side (0 = home rank).
fn relative_rank(side: Side, sq: Square) -> i32 {
    match side {
        Side::First => sq.rank() as i32,
        Side::Second => 9 - sq.rank() as i32,
    }
}

/// Distance from the central file (0 on file e, 4 on the edges).
fn off_centre(sq: Square) -> i32 {
    (sq.file() as i32 - 4).abs()
}

fn positional(pos: &Position, sq: Square, p: Piece, opening: bool) -> i32 {
    let r = relative_rank(p.side, sq);
    let c = off_centre(sq);
    let occ = pos.occupied();
    match (pos.variant(), p.role) {
        (Variant::Xiangqi, Role::Soldier) => {
            if r >= 5 {
                // Across the river: worth double, more near the palace, less on the last rank.
                let near_palace = if (5..=8).contains(&r) && c <= 2 { 40 - 10 * c } else { 0 };
                let last = if r == 9 { -60 } else { 0 };
                100 + near_palace + 10 * (r - 5).min(3) + last
            } else if r == 4 {
                10
            } else {
                0
            }
        }
        (Variant::Janggi, Role::Soldier) => 6 * r.min(7) - 4 * c,
        (_, Role::Horse) => {
            let reach = horse_moves(sq, occ).count() as i32;
            let forward = if (3..=7).contains(&r) { 15 } else { 0 };
            8 * reach + forward - 8 * c - if r == 0 { 20 } else { 0 }
        }
        (_, Role::Chariot) => {
            let reach = rook_attacks(sq, occ).count() as i32;
            6 * reach + if r >= 5 { 10 } else { 0 }
        }
        (Variant::Xiangqi, Role::Cannon) => {
            let central = if opening && c == 0 { 30 } else { 0 };
            central + if (5..=7).contains(&r) { 10 } else { 0 } - 4 * c
        }
        (Variant::Janggi, Role::Cannon) => {
            let reach = rook_attacks(sq, occ).count() as i32;
            3 * reach
        }
        (_, Role::Advisor) | (_, Role::Elephant) => 10 - 3 * c,
        (_, Role::General) => -10 * (r.min(2)),
    }
}

/// How exposed `side`'s general is (a penalty, xiangqi): missing advisors and elephants weigh
/// more the more attacking pieces the opponent has, and an enemy cannon facing the general
/// with nothing between (空頭炮, the empty-headed cannon) pins the central file.
fn general_danger(pos: &Position, side: Side) -> i32 {
    let them = !side;
    let attack = 2 * pos.pieces(them, Role::Chariot).count() as i32
        + pos.pieces(them, Role::Horse).count() as i32
        + pos.pieces(them, Role::Cannon).count() as i32;
    if attack == 0 {
        return 0;
    }
    let missing = 20 * (2 - pos.pieces(side, Role::Advisor).count() as i32).max(0)
        + 15 * (2 - pos.pieces(side, Role::Elephant).count() as i32).max(0);
    let general = pos.general(side);
    let open_cannon = pos
        .pieces(them, Role::Cannon)
        .filter(|&c| c.file() == general.file() && (between(general, c) & pos.occupied()).is_empty())
        .count() as i32;
    missing * attack / 4 + 80 * open_cannon
}

impl Evaluate for Classic {
    fn evaluate(&self, pos: &Position) -> i32 {
        let variant = pos.variant();
        let mut material = 0;
        for side in Side::BOTH {
            for role in [Role::Chariot, Role::Cannon, Role::Horse] {
                material += pos.pieces(side, role).count() as i32 * piece_value(variant, role);
            }
        }
        // "Opening" while most of the heavy pieces are on the board.
        let opening = material > 5 * piece_value(variant, Role::Chariot);
        let mut score = [0i32; 2];
        for side in Side::BOTH {
            for role in Role::ALL {
                let value = piece_value(variant, role);
                for sq in pos.pieces(side, role) {
                    score[side.index()] += value + positional(pos, sq, Piece::new(side, role), opening);
                }
            }
        }
        if variant == Variant::Xiangqi {
            for side in Side::BOTH {
                score[side.index()] -= general_danger(pos, side);
            }
        }
        // Han's 1.5-point counting bonus is not added here: it only decides endings settled by
        // counting, which the search scores by the rules (see search::counting).
        let us = pos.turn();
        score[us.index()] - score[(!us).index()] + 20
    }
}
