//! Threats to our pieces, for the order of quiet moves (`ThreatOrder`): a chariot, horse or
//! cannon that a cheaper enemy piece attacks should usually move, and a move that takes it to a
//! safe point is worth trying before the quiet moves the histories favour. Pikafish's move
//! picker has the same idea for xiangqi (a bonus for a piece escaping a cheaper attacker).

use crate::eval::piece_value;
use chuhan::{Bitboard, Move, Position, Role, Square};

/// Whether an enemy piece cheaper than `value` could take a piece on `sq` with the board's
/// pieces on `occupied` (`cannon`: the piece there is a cannon, which janggi's cannons never
/// take). The general does not count: it takes only what is left undefended, and the capture
/// order (SEE) already sees that.
fn cheaper_attacker(pos: &Position, sq: Square, value: i32, occupied: Bitboard, cannon: bool) -> bool {
    let v = pos.variant();
    pos.capturers(sq, !pos.turn(), occupied, cannon)
        .filter_map(|a| pos.piece_at(a))
        .any(|p| p.role != Role::General && piece_value(v, p.role) < value)
}

/// The side to move's chariots, horses and cannons that a cheaper enemy piece attacks.
pub(super) fn threatened(pos: &Position) -> Bitboard {
    let (us, v, occupied) = (pos.turn(), pos.variant(), pos.occupied());
    let mut threatened = Bitboard(0);
    for role in [Role::Chariot, Role::Horse, Role::Cannon] {
        let value = piece_value(v, role);
        for sq in pos.pieces(us, role) {
            if cheaper_attacker(pos, sq, value, occupied, role == Role::Cannon) {
                threatened.insert(sq);
            }
        }
    }
    threatened
}

/// The value of the piece the quiet move `m` moves, when it lands where no cheaper enemy
/// piece attacks it; `None` when it does not escape.
pub(super) fn escape_value(pos: &Position, m: Move) -> Option<i32> {
    let piece = pos.piece_at(m.from)?;
    let value = piece_value(pos.variant(), piece.role);
    let occupied = pos.occupied().without(m.from).with(m.to);
    (!cheaper_attacker(pos, m.to, value, occupied, piece.role == Role::Cannon)).then_some(value)
}

#[cfg(test)]
mod tests {
    use super::{escape_value, threatened};
    use chuhan::{Move, Position, Square, Variant};

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn a_chariot_attacked_by_a_soldier_is_threatened_and_escapes_sideways() {
        // Red's chariot on e5 faces a black soldier on e6 (which takes straight ahead); a black
        // horse stands on g7; red's cannon on b0 is attacked by nothing.
        let pos = Position::from_fen(Variant::Xiangqi, "3k5/9/6n2/4p4/4R4/9/9/9/9/1C2K4 w - - 0 1").unwrap();
        let t = threatened(&pos);
        assert!(t.contains(sq("e5")), "{t:?}");
        assert!(!t.contains(sq("b0")), "{t:?}");
        // Along the rank: safe at a5 (no cheaper piece reaches it), not at f5, which the
        // horse on g7 attacks (its leg, g6, is free).
        assert_eq!(escape_value(&pos, Move::new(sq("e5"), sq("a5"))), Some(1000));
        assert_eq!(escape_value(&pos, Move::new(sq("e5"), sq("f5"))), None);
    }

    #[test]
    fn a_piece_attacked_only_by_dearer_pieces_or_the_general_is_not_threatened() {
        // Red's horse on d1 is attacked by black's chariot on d9 (dearer) only; red's cannon on
        // e8 stands beside the black general, which attacks it but does not count.
        let pos = Position::from_fen(Variant::Xiangqi, "3rk4/4C4/9/9/9/9/9/9/3H5/5K3 w - - 0 1").unwrap();
        let t = threatened(&pos);
        assert!(!t.contains(sq("d1")), "{t:?}");
        assert!(!t.contains(sq("e8")), "{t:?}");
    }
}
