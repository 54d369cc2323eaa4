//! The safe entry for moves from outside: `Position::play` refuses every illegal move with its
//! reason and leaves the position exactly as it was; `is_legal` agrees with the generator on
//! every from/to pair of random positions.

use chuhan::{IllegalReason, Move, Position, Square, Variant};
use proptest::prelude::*;

fn refused(variant: Variant, fen: &str, mv: &str) -> (IllegalReason, String) {
    let mut pos = Position::from_fen(variant, fen).unwrap();
    let before = pos.clone();
    let err = pos.play(mv.parse().unwrap()).unwrap_err();
    assert_eq!(pos, before, "{mv} changed the position");
    assert_eq!(pos.hash(), before.hash());
    assert!(pos.history().is_empty());
    (err.reason, err.to_string())
}

#[test]
fn each_kind_of_illegal_move_is_refused_with_its_reason() {
    let xq = Variant::Xiangqi.start_fen();
    let (r, msg) = refused(Variant::Xiangqi, xq, "e4e5");
    assert_eq!(r, IllegalReason::NoPiece);
    assert_eq!(msg, "illegal move e4e5: no piece on e4");

    let (r, msg) = refused(Variant::Xiangqi, xq, "h7e7");
    assert!(matches!(r, IllegalReason::NotYourTurn(_)));
    assert_eq!(msg, "illegal move h7e7: the black cannon on h7 cannot move: it is red's move");

    let (r, msg) = refused(Variant::Xiangqi, xq, "b0b4");
    assert!(matches!(r, IllegalReason::CannotReach(_)), "{r:?}");
    assert_eq!(msg, "illegal move b0b4: the red horse on b0 cannot move to b4");

    // A chariot may not take its own soldier.
    let (r, _) = refused(Variant::Xiangqi, xq, "a0a3");
    assert!(matches!(r, IllegalReason::CannotReach(_)));

    // The chariot on e1 is pinned by Black's chariot on e9: moving it off the file exposes the general.
    let pinned = "3kr4/9/9/9/9/9/9/9/4R4/4K4 w";
    let (r, msg) = refused(Variant::Xiangqi, pinned, "e1a1");
    assert!(matches!(r, IllegalReason::LeavesGeneralAttacked(_)), "{r:?}");
    assert_eq!(
        msg,
        "illegal move e1a1: the red chariot on e1 may not move to a1: it would leave the red general attacked"
    );

    // The flying general: stepping onto the open file facing the enemy general.
    let (r, _) = refused(Variant::Xiangqi, "3k5/9/9/9/9/9/9/9/9/4K4 w", "e0d0");
    assert!(matches!(r, IllegalReason::LeavesGeneralAttacked(_)), "{r:?}");

    let (r, msg) = refused(Variant::Xiangqi, xq, "e0e0");
    assert_eq!(r, IllegalReason::NoPassInXiangqi);
    assert_eq!(msg, "illegal move e0e0: xiangqi has no pass");
}

#[test]
fn janggi_passes_and_bikjang_are_refused_with_their_reasons() {
    // Cho's general on e1 is checked by Han's chariot on e9 (screened by nothing): no pass.
    let (r, msg) = refused(Variant::Janggi, "4r4/9/3k5/9/9/9/9/9/4K4/9 w", "e1e1");
    assert_eq!(r, IllegalReason::PassInCheck);
    assert_eq!(msg, "illegal move e1e1: no pass while in check");

    // Bikjang: the generals face on the e-file; a chariot move elsewhere does not break it.
    let (r, _) = refused(Variant::Janggi, "4k4/9/9/9/9/9/9/9/R8/4K4 w", "a1a5");
    assert!(matches!(r, IllegalReason::MustBreakBikjang(_)), "{r:?}");

    // After Cho passes in bikjang the game is over: nothing is legal.
    let mut pos = Position::from_fen(Variant::Janggi, "4k4/9/9/9/9/9/9/9/R8/4K4 w").unwrap();
    pos.play("e0e0".parse().unwrap()).unwrap();
    let err = pos.play("e9d9".parse().unwrap()).unwrap_err();
    assert_eq!(err.reason, IllegalReason::GameOverByPass);
}

#[test]
fn a_legal_move_is_played() {
    let mut pos = Position::new(Variant::Xiangqi);
    pos.play("h2e2".parse().unwrap()).unwrap();
    assert_eq!(pos.history().len(), 1);
    assert_eq!(pos.to_fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    #[test]
    fn is_legal_and_play_agree_with_the_generator(
        janggi in any::<bool>(),
        choices in prop::collection::vec(any::<u16>(), 0..80),
    ) {
        let variant = if janggi { Variant::Janggi } else { Variant::Xiangqi };
        let mut pos = Position::new(variant);
        for c in choices {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[c as usize % moves.len()]);
        }
        let legal = pos.legal_moves();
        for from in Square::ALL {
            for to in Square::ALL {
                let m = Move::new(from, to);
                let expected = legal.contains(&m);
                prop_assert_eq!(pos.is_legal(m), expected, "{} in {}", m, pos.to_fen());
                let mut copy = pos.clone();
                match copy.play(m) {
                    Ok(()) => prop_assert!(expected),
                    Err(e) => {
                        prop_assert!(!expected);
                        prop_assert_eq!(&copy, &pos);
                        prop_assert!(!e.to_string().is_empty());
                    }
                }
            }
        }
    }
}
