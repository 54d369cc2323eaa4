//! Property tests: random legal games keep the position consistent.
//!
//! For random move sequences from both start positions and every janggi setup: playing then
//! undoing restores the position and its hash, the incremental hash equals one computed from
//! scratch, and writing FEN then reading it gives the same position.

use chuhan::{JanggiFormation, JanggiSetup, Position, Variant};
use proptest::prelude::*;

fn start(variant: Variant, cho: usize, han: usize) -> Position {
    match variant {
        Variant::Xiangqi => Position::new(Variant::Xiangqi),
        Variant::Janggi => JanggiSetup { cho: JanggiFormation::ALL[cho], han: JanggiFormation::ALL[han] }.position(),
    }
}

fn variants() -> impl Strategy<Value = Variant> {
    prop_oneof![Just(Variant::Xiangqi), Just(Variant::Janggi)]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn play_undo_hash_and_fen_stay_consistent(
        variant in variants(),
        cho in 0usize..5,
        han in 0usize..5,
        choices in prop::collection::vec(any::<u16>(), 0..160),
    ) {
        let mut pos = start(variant, cho, han);
        let mut snapshots = vec![(pos.clone(), pos.hash())];
        for c in choices {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[c as usize % moves.len()];
            pos.play_unchecked(m);
            prop_assert_eq!(pos.hash(), pos.compute_hash(), "incremental hash after {}", m);
            // FEN round trip (the history is not part of FEN).
            let fen = pos.to_fen();
            let back = Position::from_fen(variant, &fen).unwrap();
            prop_assert_eq!(&back, &pos, "FEN round trip of {}", fen);
            prop_assert_eq!(back.to_fen(), fen);
            prop_assert_eq!(back.hash(), pos.hash());
            snapshots.push((pos.clone(), pos.hash()));
        }
        // Undo everything, checking each earlier position on the way back.
        snapshots.pop();
        while let Some((before, hash)) = snapshots.pop() {
            prop_assert!(pos.undo().is_some());
            prop_assert_eq!(&pos, &before);
            prop_assert_eq!(pos.hash(), hash);
            prop_assert_eq!(pos.occupied(), before.occupied());
            for side in chuhan::Side::BOTH {
                prop_assert_eq!(pos.general(side), before.general(side));
                for role in chuhan::Role::ALL {
                    prop_assert_eq!(pos.pieces(side, role), before.pieces(side, role));
                }
            }
        }
        prop_assert!(pos.undo().is_none());
    }

    #[test]
    fn legal_moves_agree_with_is_legal_and_count(
        variant in variants(),
        choices in prop::collection::vec(any::<u16>(), 0..120),
    ) {
        let mut pos = Position::new(variant);
        for c in choices {
            let moves = pos.legal_moves();
            prop_assert_eq!(moves.len(), pos.count_legal());
            for &m in moves.iter() {
                prop_assert!(pos.is_legal(m));
                // After a legal move the mover's general is never left attacked, so the FEN
                // reader (which rejects that) accepts the new position.
                pos.play_unchecked(m);
                prop_assert!(Position::from_fen(variant, &pos.to_fen()).is_ok(), "{} leaves an impossible position", m);
                pos.undo();
            }
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[c as usize % moves.len()]);
        }
    }
}
