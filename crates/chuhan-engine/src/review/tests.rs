use super::*;
use crate::eval::Classic;
use crate::nnue::Nnue;
use chuhan::game::Violation;

fn moves(text: &str) -> Vec<Move> {
    text.split_whitespace().map(|m| m.parse().unwrap()).collect()
}

fn quick() -> Settings {
    Settings { nodes: Some(4000), ..Settings::default() }
}

fn run(start: &Position, line: &str) -> Review {
    review(start, &moves(line), &Nnue::embedded(), &quick(), |_, _| {}).unwrap()
}

#[test]
fn a_hanging_chariot_is_a_blunder_and_its_capture_the_better_line() {
    // Red's chariot goes a0-a5, where Black's soldier on a6 and horse on b7 both take it.
    let start =
        Position::from_fen(Variant::Xiangqi, "3aka2r/9/1n5n1/p1p1p1p1p/9/9/2P1P1P1P/9/9/R2AKA2R w - - 0 1").unwrap();
    let captures = ["a6a5", "b7a5"];
    let r = run(&start, "a0a5 b7a5");
    let blunder = &r.moves[0];
    assert_eq!(blunder.mark, Some(Mark::Blunder), "{blunder:?}");
    assert!(blunder.loss >= BLUNDER);
    assert_ne!(blunder.best, Some(blunder.mv));
    assert!(!blunder.line.is_empty());
    // Black's reply: a capture is the engine's move, and playing it loses nothing.
    let capture = &r.moves[1];
    assert!(captures.contains(&capture.best.unwrap().to_string().as_str()), "{capture:?}");
    assert_eq!(capture.mark, None);
    assert_eq!(r.sides.first.blunders, 1);
    assert_eq!(r.sides.second.blunders, 0);
    assert!(r.sides.first.accuracy.unwrap() < r.sides.second.accuracy.unwrap());

    // Black misses the capture: marked too, with a capture as the better move and line.
    let r = run(&start, "a0a5 i9i8");
    let missed = &r.moves[1];
    assert!(missed.mark >= Some(Mark::Mistake), "{missed:?}");
    assert!(captures.contains(&missed.best.unwrap().to_string().as_str()), "{missed:?}");
    assert_eq!(missed.line.first(), missed.best.as_ref());
}

#[test]
fn a_forced_move_is_never_marked() {
    // Black in check from the chariot on e5, d9 and f9 covered (chariot, horse): taking the
    // chariot is the only move.
    let start = Position::from_fen(Variant::Xiangqi, "4k4/9/6N2/9/r3R4/9/9/9/3R5/4K4 b - - 0 1").unwrap();
    assert_eq!(start.legal_moves().len(), 1);
    let r = run(&start, "a5e5");
    let forced = &r.moves[0];
    assert!(forced.forced);
    assert_eq!((forced.mark, forced.loss, forced.accuracy), (None, 0.0, 100.0));
}

#[test]
fn a_perpetual_check_is_the_checkers_blunder() {
    // Red checks from e0 and f0 in turn; Black's king has one square each time. The third
    // repetition comes with Black's move, but the rule is Red's to break.
    let start = Position::from_fen(Variant::Xiangqi, "4k4/9/9/9/9/9/9/9/9/3K1R3 w - - 0 1").unwrap();
    let r = run(&start, "f0e0 e9f9 e0f0 f9e9 f0e0 e9f9 e0f0 f9e9");
    let o = r.outcome.expect("ruled");
    assert!(matches!(o.reason, EndReason::RepetitionViolation { violation: Violation::PerpetualCheck, .. }));
    let last_red = &r.moves[6];
    assert_eq!(last_red.mark, Some(Mark::Blunder));
    assert!(last_red.reason.as_deref().unwrap().contains("checking on every move"), "{:?}", last_red.reason);
    // The same ruling, typed, for other languages' words.
    assert_eq!(last_red.ruling.as_ref().map(|o| o.describe(Variant::Xiangqi)), last_red.reason);
    assert!(r.moves.iter().filter(|m| m.reason.is_none()).all(|m| m.ruling.is_none()));
    assert_eq!(last_red.win_after, 0.0);
    // Black's moves were all forced.
    assert!(r.moves.iter().filter(|m| m.side == Side::Second).all(|m| m.forced && m.mark.is_none()));
}

#[test]
fn janggi_with_a_pass() {
    let mut pos = Position::new(Variant::Janggi);
    let mut line = Vec::new();
    for _ in 0..4 {
        let m = pos.legal_moves().iter().copied().find(|m| !m.is_pass()).unwrap();
        pos.play(m).unwrap();
        line.push(m);
    }
    let pass = pos.legal_moves().iter().copied().find(|m| m.is_pass()).expect("a pass");
    pos.play(pass).unwrap();
    line.push(pass);
    let reply = pos.legal_moves().iter().copied().find(|m| !m.is_pass()).unwrap();
    line.push(reply);
    let r = review(&Position::new(Variant::Janggi), &line, &Nnue::embedded(), &quick(), |_, _| {}).unwrap();
    assert_eq!(r.moves.len(), 6);
    assert!(r.moves[4].mv.is_pass());
    assert!(r.moves.iter().all(|m| (0.0..=1.0).contains(&m.win_before) && (0.0..=1.0).contains(&m.win_after)));
    assert_eq!(r.sides.first.moves + r.sides.second.moves, 6);
}

#[test]
fn bad_input_is_an_error() {
    let start = Position::new(Variant::Xiangqi);
    let e = review(&start, &moves("h2e2 h2e2"), &Nnue::embedded(), &quick(), |_, _| {}).unwrap_err();
    assert!(matches!(e, ReviewError::Illegal { ply: 2, .. }), "{e}");
    assert!(e.to_string().starts_with("move 2 (h2e2)"), "{e}");
    for bad in [
        Settings { depth: Some(0), ..Settings::default() },
        Settings { nodes: Some(0), ..Settings::default() },
        Settings { threads: 0, ..Settings::default() },
        Settings { hash_mb: 0, ..Settings::default() },
        Settings { movetime: Some(Duration::ZERO), ..Settings::default() },
    ] {
        assert!(matches!(review(&start, &[], &Nnue::embedded(), &bad, |_, _| {}), Err(ReviewError::Setting(_))));
    }
    // No moves: an empty review, no accuracy.
    let r = review(&start, &[], &Nnue::embedded(), &quick(), |_, _| {}).unwrap();
    assert!(r.moves.is_empty());
    assert_eq!(r.sides.first.accuracy, None);
}

#[test]
fn progress_counts_every_search() {
    let start = Position::new(Variant::Xiangqi);
    let mut seen = Vec::new();
    review(&start, &moves("h2e2 h9g7"), &Nnue::embedded(), &quick(), |done, total| seen.push((done, total))).unwrap();
    assert_eq!(seen, [(1, 3), (2, 3), (3, 3)]);
}

#[test]
fn a_stop_flag_cancels_the_review_between_positions() {
    let stop = Arc::new(AtomicBool::new(false));
    let settings = Settings { nodes: Some(500), stop: Some(stop.clone()), ..Settings::default() };
    let start = Position::new(Variant::Xiangqi);
    let line = moves("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7");
    let mut seen = 0;
    let r = review(&start, &line, &Classic, &settings, |done, _| {
        seen = done;
        if done == 3 {
            stop.store(true, Ordering::Relaxed);
        }
    });
    assert_eq!(r, Err(ReviewError::Cancelled));
    assert_eq!(seen, 3, "no search after the flag");
    // Unset, the same settings review the whole game.
    stop.store(false, Ordering::Relaxed);
    assert_eq!(review(&start, &line, &Classic, &settings, |_, _| {}).unwrap().moves.len(), 6);
}

#[test]
fn a_shuffle_that_repeats_once_is_no_blunder() {
    // Liu Dianzhong – Liu Dahua, 1997: red's chariot checks from b9 (18. b8b9 e8d9) and goes
    // back (19. b9b8); black could now repeat the position. The search after 19. b9b8 found that
    // cycle by going back into the game and scored it lost for red by the repetition rules;
    // the game goes on, and red may still leave the cycle.
    let line = "h2e2 b9c7 h0g2 h7f7 g3g4 h9g7 b2c2 i9h9 b0a2 a9b9 a0b0 b7b3 c3c4 h9h5 i0h0 h5d5 c2c6 c9e7 \
                e2f2 d5d6 c4c5 b3b2 h0h8 b2g2 b0b9 c7b9 h8b8 g2a2 c0a2 b9d8 c6c9 d9e8 c9a9 d6d7 b8b9 e8d9 b9b8";
    let r = run(&Position::new(Variant::Xiangqi), line);
    let shuffle = r.moves.last().unwrap();
    assert_eq!(shuffle.mv.to_string(), "b9b8");
    assert!(r.outcome.is_none());
    assert!(shuffle.after.raw().abs() < 19000, "{shuffle:?}");
    assert_ne!(shuffle.mark, Some(Mark::Blunder), "{shuffle:?}");
}
