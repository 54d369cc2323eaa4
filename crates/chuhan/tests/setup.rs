//! `Setup` → `Position`: FEN syntax first, the game's rules second, composed positions on request.

use chuhan::{FenErrorKind, Piece, Position, Problem, Role, Setup, Side, Square, Variant};

#[test]
fn setup_reads_and_writes_fen_and_validates_into_a_position() {
    let setup: Setup = Variant::Xiangqi.start_fen().parse().unwrap();
    assert_eq!(setup.to_string(), Variant::Xiangqi.start_fen());
    let pos = setup.position(Variant::Xiangqi).unwrap();
    assert_eq!(pos, Position::new(Variant::Xiangqi));
    assert_eq!(pos.to_setup(), setup);
    // Editing a setup: take Black's chariot off a9.
    let mut edited = setup.clone();
    let a9: Square = "a9".parse().unwrap();
    assert_eq!(edited.piece_at(a9), Some(Piece::new(Side::Second, Role::Chariot)));
    edited.set_piece(a9, None);
    assert!(edited.to_string().starts_with("1nbakabnr/"));
    assert!(edited.position(Variant::Xiangqi).is_ok());
}

#[test]
fn every_problem_is_listed_and_only_unreachable_pieces_can_be_ignored() {
    // Red: a soldier on a1 (behind its start) and an elephant on a4 (never reachable); no black general.
    let setup: Setup = "9/9/9/9/9/B8/9/9/P8/4K4 w".parse().unwrap();
    let err = setup.position(Variant::Xiangqi).unwrap_err();
    assert_eq!(
        err.problems(),
        &[
            Problem::Unreachable { piece: Piece::new(Side::First, Role::Elephant), square: "a4".parse().unwrap() },
            Problem::Unreachable { piece: Piece::new(Side::First, Role::Soldier), square: "a1".parse().unwrap() },
            Problem::NoGeneral(Side::Second),
        ]
    );
    assert!(!err.is_composed(), "a missing general is not a composition");
    let err = err.ignore_unreachable().unwrap_err();
    assert_eq!(err.problems(), &[Problem::NoGeneral(Side::Second)]);
    assert_eq!(err.to_string(), "black has no general");

    // With the general back, only the unreachable pieces remain, and they may be ignored.
    let setup: Setup = "4k4/9/9/9/9/B8/9/9/P8/3K5 w".parse().unwrap();
    let err = setup.position(Variant::Xiangqi).unwrap_err();
    assert!(err.is_composed());
    let pos = err.ignore_unreachable().unwrap();
    assert_eq!(pos.piece_at("a4".parse().unwrap()), Some(Piece::new(Side::First, Role::Elephant)));
    // Janggi names the sides its own way, and its soldiers may stand beside each other anywhere forward.
    let err = "4k4/9/9/9/9/9/9/9/9/A2K5 w".parse::<Setup>().unwrap().position(Variant::Janggi).unwrap_err();
    assert_eq!(err.to_string(), "cho advisor on a0 is outside its palace");
    assert!(err.ignore_unreachable().is_err());
}

#[test]
fn fen_errors_keep_their_place_and_carry_the_position_error() {
    let e = Position::from_fen(Variant::Xiangqi, "3k5/9/9/9/9/9/9/9/3A5/4K4 w").unwrap_err();
    assert_eq!(e.to_string(), "FEN field 1, rank 1: red advisor on d1: a point it can never reach");
    assert!(matches!(e.kind, FenErrorKind::Position(_)));
    let pos = e.position_error().unwrap().clone().ignore_unreachable().unwrap();
    assert_eq!(pos.to_fen(), "3k5/9/9/9/9/9/9/9/3A5/4K4 w - - 0 1");
    let e = Position::from_fen(Variant::Xiangqi, "3k5/9/9/9/9/9/9/9/9/3RK4 w").unwrap_err();
    assert_eq!(e.to_string(), "FEN field 2: black is in check but it is not black's move");
    // Syntax errors come from the setup alone, whatever the game.
    let e = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w".parse::<Setup>().unwrap_err();
    assert_eq!(e.to_string(), "FEN field 1: 9 ranks, expected 10");
}

#[test]
fn square_constants_name_their_points() {
    assert_eq!(Square::A0.index(), 0);
    assert_eq!(Square::I9.index(), 89);
    assert_eq!(Square::H2.to_string(), "h2");
    assert_eq!(Square::E9, "e9".parse().unwrap());
    let pos = Position::new(Variant::Xiangqi);
    assert_eq!(pos.piece_at(Square::H2), Some(Piece::new(Side::First, Role::Cannon)));
    assert!(pos.is_legal(chuhan::Move::new(Square::H2, Square::E2)));
}
