//! Static exchange evaluation (SEE): what a move wins once both sides have taken back on its
//! point with their cheapest pieces, without playing anything on the board.
//!
//! The takers come from the rules crate ([`Position::capturers`]) for the occupancy left by the
//! exchange so far, so a chariot behind a chariot joins in, a cannon gains or loses its screen
//! as pieces leave the line, an elephant's eye or a horse's leg opens; janggi's cannons neither
//! take nor jump a cannon. Pins are ignored, as in most engines.

use crate::eval::piece_value;
use chuhan::{Move, Position, Role, Variant};

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
/// A yes-or-no answer against a threshold rather than the exchange's value, so the search
/// can stop as soon as the answer is known: it orders captures that lose material last and
/// prunes moves that lose more than their depth allows. Values are [`piece_value`]'s.
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
    let mut occ = pos.occupied().without(m.from).with(m.to);
    // Stockfish's formulation: `swap` is what the side about to take back stands to lose by
    // not doing so; `wins` says whether the mover comes out ahead if the exchange stops here.
    let mut swap = -balance;
    let mut wins = true;
    let mut turn = mover.side;
    // The piece standing on the point (janggi's cannons may not take a cannon).
    let mut standing = mover.role;
    loop {
        turn = !turn;
        let takers = pos.capturers(m.to, turn, occ, standing == Role::Cannon);
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
            return if pos.capturers(m.to, !turn, rest, false).any() { !wins } else { wins };
        }
        swap = val - swap;
        if swap < wins as i32 {
            break;
        }
        occ = occ.without(from);
        standing = role;
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
