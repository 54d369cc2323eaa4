//! Static exchange evaluation (SEE): what a capture wins once both sides have taken back on its
//! point with their cheapest pieces, without playing anything on the board.
//!
//! Xiangqi only, where every defender is known exactly: chariots and cannons through the
//! occupancy left by the exchange so far (a cannon gains or loses its screen as pieces leave
//! the file), horses with their legs, soldiers, and the palace and home-side pieces (advisors,
//! elephants with their eyes, the general). Pins are ignored, as in most engines. Janggi's
//! palace lines and cannon rules are not modelled: [`see_at_least`] answers for janggi from the
//! first recapture only (see there).

use crate::eval::piece_value;
use chuhan::attacks::{cannon_attacks, horse_attackers, palace, rook_attacks};
use chuhan::{Bitboard, Move, Position, Role, Side, Square, Variant};

/// Whether `sq` is on `side`'s half of the board (where its elephants may go).
#[inline]
fn own_half(side: Side, sq: Square) -> bool {
    match side {
        Side::First => sq.rank() <= 4,
        Side::Second => sq.rank() >= 5,
    }
}

/// The pieces of `side` among `occ` that could capture on `sq` (xiangqi moves).
fn attackers(pos: &Position, sq: Square, side: Side, occ: Bitboard) -> Bitboard {
    let mine = |role| pos.pieces(side, role) & occ;
    let mut found = (rook_attacks(sq, occ) & mine(Role::Chariot))
        | (cannon_attacks(sq, occ) & mine(Role::Cannon))
        | (horse_attackers(sq, occ) & mine(Role::Horse));
    // Soldiers: from one point behind, or from beside once across the river.
    let back = if side == Side::First { -1 } else { 1 };
    let soldiers = mine(Role::Soldier);
    if let Some(s) = sq.offset(0, back) {
        if soldiers.contains(s) {
            found.insert(s);
        }
    }
    if !own_half(side, sq) {
        for df in [-1, 1] {
            if let Some(s) = sq.offset(df, 0) {
                if soldiers.contains(s) {
                    found.insert(s);
                }
            }
        }
    }
    if palace(side).contains(sq) {
        for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            if let Some(s) = sq.offset(df, dr) {
                if mine(Role::Advisor).contains(s) {
                    found.insert(s);
                }
            }
        }
        for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            if let Some(s) = sq.offset(df, dr) {
                if mine(Role::General).contains(s) {
                    found.insert(s);
                }
            }
        }
    }
    if own_half(side, sq) {
        for (df, dr) in [(2, 2), (2, -2), (-2, 2), (-2, -2)] {
            let (Some(s), Some(eye)) = (sq.offset(df, dr), sq.offset(df / 2, dr / 2)) else { continue };
            if mine(Role::Elephant).contains(s) && !occ.contains(eye) {
                found.insert(s);
            }
        }
    }
    found
}

/// The value SEE gives a role: the material scale, with the general priceless (a general may
/// take back only when nothing can take it).
fn value(variant: Variant, role: Role) -> i32 {
    if role == Role::General {
        10_000
    } else {
        piece_value(variant, role)
    }
}

/// Whether capture or quiet move `m` (of the side to move) keeps at least `threshold`
/// centipawns once the exchange on its point is played out with the cheapest piece each time.
///
/// Janggi: only the first recapture is looked at (by the rules crate's attackers), so a move
/// onto a defended point counts as losing the mover.
pub fn see_at_least(pos: &Position, m: Move, threshold: i32) -> bool {
    if m.is_pass() {
        return threshold <= 0;
    }
    let v = pos.variant();
    let Some(mover) = pos.piece_at(m.from) else { return threshold <= 0 };
    let captured = pos.piece_at(m.to).map_or(0, |p| value(v, p.role));
    // What we have if the opponent does not take back.
    let mut balance = captured - threshold;
    if balance < 0 {
        return false;
    }
    // What we have if they take the mover and we never take back again.
    balance -= value(v, mover.role);
    if balance >= 0 {
        return true;
    }
    if v == Variant::Janggi {
        return !pos.attackers_of(m.to, !mover.side).any();
    }
    let mut occ = pos.occupied().without(m.from).with(m.to);
    // Stockfish's formulation: `swap` is what the side about to take back stands to lose by
    // not doing so; `wins` says whether the mover comes out ahead if the exchange stops here.
    let mut swap = -balance;
    let mut wins = true;
    let mut turn = mover.side;
    loop {
        turn = !turn;
        let takers = attackers(pos, m.to, turn, occ) & occ;
        if takers.is_empty() {
            break;
        }
        wins = !wins;
        // The cheapest piece takes.
        let mut pick = (m.to, Role::General, i32::MAX);
        for s in takers {
            let role = pos.piece_at(s).map_or(Role::General, |p| p.role);
            let val = value(v, role);
            if val < pick.2 {
                pick = (s, role, val);
            }
        }
        let (from, role, val) = pick;
        if role == Role::General {
            // The general may take only if nothing takes it back.
            let rest = occ.without(from);
            return if (attackers(pos, m.to, !turn, rest) & rest).any() { !wins } else { wins };
        }
        swap = val - swap;
        if swap < wins as i32 {
            break;
        }
        occ = occ.without(from);
    }
    wins
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(Variant::Xiangqi, fen).unwrap()
    }

    fn mv(s: &str) -> Move {
        s.parse().unwrap()
    }

    #[test]
    fn free_piece_is_won() {
        // The red chariot on a0 takes an undefended black horse on a9.
        let p = pos("n2k5/9/9/9/9/9/9/9/9/R3K4 w");
        assert!(see_at_least(&p, mv("a0a9"), 450));
        assert!(!see_at_least(&p, mv("a0a9"), 451));
    }

    #[test]
    fn elephant_defends_unless_its_eye_is_blocked() {
        // The red chariot takes a black horse on e7 that the elephant on c9 guards through d8.
        let p = pos("2bk5/9/4n4/9/9/9/9/9/9/4RK3 w");
        assert!(!see_at_least(&p, mv("e0e7"), 0));
        // With the eye d8 blocked the horse hangs.
        let p = pos("2bk5/3n5/4n4/9/9/9/9/9/9/4RK3 w");
        assert!(see_at_least(&p, mv("e0e7"), 450));
    }

    #[test]
    fn general_on_the_file_does_not_defend_far_away() {
        // A chariot takes a cannon on the general's file, far from the palace: no defender.
        let p = pos("4k4/9/9/9/4c4/9/9/9/9/3KR4 w");
        assert!(see_at_least(&p, mv("e0e5"), 480));
    }

    #[test]
    fn general_takes_back_only_when_nothing_covers_the_point() {
        // The red horse takes the advisor beside the black general, which takes back.
        let p = pos("4k4/4a4/2H6/9/9/9/9/9/9/3K5 w");
        assert!(!see_at_least(&p, mv("c7e8"), 1));
        // With a red chariot behind on the file the general may not take back.
        let p = pos("4k4/4a4/2H6/9/9/9/9/9/9/3KR4 w");
        assert!(see_at_least(&p, mv("c7e8"), 200));
    }

    #[test]
    fn cannon_screens_change_during_the_exchange() {
        // e4xe5, e9xe5, and the red cannon on e0 has no screen left: the chariot is lost.
        let p = pos("3kr4/9/9/9/4p4/4R4/9/9/9/4CK3 w");
        assert!(!see_at_least(&p, mv("e4e5"), 1));
        // A red soldier on e3 screens the cannon: chariots trade and a soldier is won.
        let p = pos("3kr4/9/9/9/4p4/4R4/4P4/9/9/4CK3 w");
        assert!(see_at_least(&p, mv("e4e5"), 100));
        assert!(!see_at_least(&p, mv("e4e5"), 101));
    }
}
