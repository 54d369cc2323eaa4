//! `Position::capturers` (every piece that could take on a point, for exchange evaluation)
//! against legal move generation, along random games of both variants: every legal capture
//! comes from a capturer, and every capturer that has no legal capture there is pinned — its
//! capture would leave its own general attacked (or, in janggi, leave a bikjang unblocked).

use chuhan::{Move, Position, Role, Variant};

fn next(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

#[test]
fn capturers_are_the_legal_capturers_up_to_pins() {
    let mut seed = 0x853c_49e6_748f_ea9bu64;
    let mut checked = 0;
    for variant in [Variant::Xiangqi, Variant::Janggi] {
        for _ in 0..40 {
            let mut pos = Position::new(variant);
            for _ in 0..100 {
                let moves: Vec<Move> = pos.legal_moves().iter().copied().collect();
                if moves.is_empty() {
                    break;
                }
                let us = pos.turn();
                for sq in pos.side_pieces(!us) {
                    if pos.piece_at(sq).is_some_and(|p| p.role == Role::General) {
                        continue;
                    }
                    let cannon = pos.piece_at(sq).is_some_and(|p| p.role == Role::Cannon);
                    let found = pos.capturers(sq, us, pos.occupied(), cannon);
                    for m in moves.iter().filter(|m| m.to == sq) {
                        assert!(
                            found.contains(m.from),
                            "{}: {m} is legal but {} is not a capturer",
                            pos.to_fen(),
                            m.from
                        );
                    }
                    for from in found {
                        if moves.contains(&Move::new(from, sq)) {
                            continue;
                        }
                        let mut after = pos.clone();
                        after.play_unchecked(Move::new(from, sq));
                        // Janggi's bikjang: with the generals facing, a move must block them.
                        let bikjang = variant == Variant::Janggi && pos.bikjang_rule() && pos.generals_face();
                        let exposed = after.attackers_of(after.general(us), !us).any()
                            || ((variant == Variant::Xiangqi || bikjang) && after.generals_face());
                        assert!(exposed, "{}: {from} is a capturer of {sq} but its capture is not legal", pos.to_fen());
                    }
                    checked += 1;
                }
                pos.play_unchecked(moves[(next(&mut seed) % moves.len() as u64) as usize]);
            }
        }
    }
    assert!(checked > 10_000, "{checked} points");
}
