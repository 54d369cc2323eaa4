//! Material: janggi point counting and dead positions.

use super::can_attack;
use crate::piece::{Role, Side};
use crate::position::Position;

/// A piece's value in janggi counting: chariot 13, cannon 7, horse 5, elephant 3, guard 3,
/// soldier 2 (the general counts nothing).
pub const fn role_points(role: Role) -> f32 {
    match role {
        Role::Chariot => 13.0,
        Role::Cannon => 7.0,
        Role::Horse => 5.0,
        Role::Elephant | Role::Advisor => 3.0,
        Role::Soldier => 2.0,
        Role::General => 0.0,
    }
}

/// Both sides' janggi points: (Cho, Han), Han's including the 1.5-point bonus for moving
/// second, so the two are never equal.
pub fn janggi_points(pos: &Position) -> (f32, f32) {
    let total =
        |side: Side| -> f32 { Role::ALL.iter().map(|&r| pos.pieces(side, r).count() as f32 * role_points(r)).sum() };
    (total(Side::First), total(Side::Second) + 1.5)
}

/// Whether neither side has a piece that can ever give check.
pub(crate) fn is_dead(pos: &Position) -> bool {
    Side::BOTH.iter().all(|&s| Role::ALL.iter().all(|&r| !can_attack(pos.variant(), r) || pos.pieces(s, r).is_empty()))
}
