use super::themes::themes;
use super::*;
use crate::eval::Classic;
use chuhan::{Move, Position, Variant};

fn moves(list: &[&str]) -> Vec<Move> {
    list.iter().map(|m| m.parse().unwrap()).collect()
}

fn xiangqi(fen: &str) -> Position {
    Position::from_fen(Variant::Xiangqi, fen).unwrap()
}

/// Short searches with the hand-written evaluation; the last check as lenient as the first (a
/// horse won in the opening, as in the first test, ends near 90 %, below the default
/// [`Settings::end_win`], and its second best is 36 points lower, inside the default
/// [`Settings::verify_margin`]).
fn quick() -> Settings {
    Settings {
        scan_nodes: 1500,
        nodes: 6000,
        verify_nodes: 12_000,
        verify_margin: 0.30,
        end_win: 0.85,
        min_ply: 0,
        ..Settings::default()
    }
}

#[test]
fn a_horse_left_to_a_cannon_is_a_puzzle_with_the_capture_as_its_solution() {
    // Red's chariot leaves i0, and nothing guards the horse on h0 any more: black's cannon on h7
    // takes it over red's own cannon. Black misses it.
    let game = moves(&["i0i1", "b9c7"]);
    let found = find(&Position::new(Variant::Xiangqi), &game, &Classic, &quick()).unwrap();
    assert_eq!(found.len(), 1, "{found:?}");
    let p = &found[0];
    assert_eq!(p.ply, 1);
    assert_eq!(p.solution, moves(&["h7h0"]));
    assert_eq!(p.themes, [Theme::Material]);
    assert!(p.position.history().is_empty());
    assert!((800..=2600).contains(&p.rating));
}

#[test]
fn a_quiet_game_gives_no_puzzle() {
    let game = moves(&["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"]);
    assert!(find(&Position::new(Variant::Xiangqi), &game, &Classic, &quick()).unwrap().is_empty());
}

#[test]
fn the_only_mate_of_a_lost_position_is_a_mate_in_one() {
    // Black's chariots are about to win; red's horse mates at once (the chariot on a8 holds e8).
    let pos = xiangqi("3aka3/R8/9/9/2N6/9/7r1/8r/9/3K5 w - - 0 1");
    let p = solve(&pos, 0, &Classic, &quick()).unwrap().expect("a puzzle");
    assert_eq!(p.solution, moves(&["c5d7"]));
    assert_eq!(p.themes, [Theme::MateIn(1)]);
}

#[test]
fn a_position_with_two_winning_moves_is_no_puzzle() {
    // Red is a chariot and a horse up against a bare general: everything wins.
    let pos = xiangqi("3aka3/R8/9/9/2N6/9/9/9/9/3K5 w - - 0 1");
    assert_eq!(solve(&pos, 0, &Classic, &quick()).unwrap(), None);
}

#[test]
fn themes_are_found_on_the_board() {
    // The horse from c4 to d6 attacks the chariot on c8 and the cannon on f7.
    let fork = xiangqi("4k4/2r6/5c3/9/9/2N6/9/9/9/3K5 w - - 0 1");
    assert!(themes(&fork, &moves(&["c4d6"]), false).contains(&Theme::HorseFork));
    // The horse leaves e4 and the cannon on e2 checks over the soldier on e6.
    let discovery = xiangqi("4k4/9/9/4P4/9/4N4/9/4C4/9/3K5 w - - 0 1");
    let found = themes(&discovery, &moves(&["e4d6"]), false);
    assert!(found.contains(&Theme::CannonDiscovery), "{found:?}");
    assert!(!found.contains(&Theme::HorseFork));
    // The black horse alone between the generals cannot leave the file: the chariot attacks it.
    let pinned = xiangqi("4k4/9/9/9/4n4/R8/9/9/9/4K4 w - - 0 1");
    let found = themes(&pinned, &moves(&["a4a5"]), false);
    assert!(found.contains(&Theme::FlyingGeneral) && found.contains(&Theme::Pin), "{found:?}");
    // Nothing of the kind in a plain chariot move: an advantage at most.
    assert_eq!(themes(&pinned, &moves(&["a4a3"]), false), [Theme::Advantage]);
}

#[test]
fn theme_codes_read_back() {
    for t in Theme::ALL {
        assert_eq!(t.code().parse::<Theme>(), Ok(t));
    }
    assert!("fork".parse::<Theme>().unwrap_err().to_string().contains("horse-fork"));
}

#[test]
fn a_position_and_its_mirror_image_are_one_puzzle() {
    let left = xiangqi("3aka3/R8/9/9/2N6/9/7r1/8r/9/3K5 w - - 0 1");
    let right = xiangqi("3aka3/8R/9/9/6N2/9/1r7/r8/9/5K3 w - - 0 1");
    assert_eq!(key(&left), key(&right));
    assert_ne!(key(&left), key(&xiangqi("3aka3/R8/9/9/2N6/9/7r1/8r/9/3K5 b - - 0 1")));
    let p = Puzzle { position: left, solution: moves(&["c5d7"]), themes: vec![], rating: 1000, ply: 0 };
    assert!(p.id().starts_with("x-") && p.id().len() == 12, "{}", p.id());
}

#[test]
fn the_deeper_check_keeps_a_true_puzzle_and_turns_down_a_wrong_one() {
    let pos = xiangqi("3aka3/R8/9/9/2N6/9/7r1/8r/9/3K5 w - - 0 1");
    let settings = quick();
    let mate = Puzzle {
        position: pos.clone(),
        solution: moves(&["c5d7"]),
        themes: vec![Theme::MateIn(1)],
        rating: 900,
        ply: 0,
    };
    let check = verify(&mate, &Classic, &settings).unwrap();
    assert_eq!(check.best, moves(&["c5d7"])[0]);
    assert_eq!(check.end, 1.0, "the solution mates");
    assert_eq!(check.verdict(&mate, &settings), Ok(()));
    // The same position with a chariot move as its "solution": the check names the mate.
    let wrong = Puzzle { solution: moves(&["a8a9"]), themes: vec![Theme::Advantage], ..mate.clone() };
    let check = verify(&wrong, &Classic, &settings).unwrap();
    assert_eq!(check.verdict(&wrong, &settings), Err(Rejection::OtherBest(moves(&["c5d7"])[0])));
    // Everything wins against a bare general: no first move is the one answer.
    let easy = xiangqi("3aka3/R8/9/9/2N6/9/9/9/9/3K5 w - - 0 1");
    let many = Puzzle { position: easy, solution: moves(&["a8a9"]), themes: vec![Theme::Advantage], ..mate };
    let check = verify(&many, &Classic, &settings).unwrap();
    assert!(
        matches!(check.verdict(&many, &settings), Err(Rejection::NotUnique { .. } | Rejection::OtherBest(_))),
        "{check:?}"
    );
}

#[test]
fn an_advantage_needs_a_clearer_win_and_every_solution_must_keep_it() {
    let settings = Settings::default();
    let pos = xiangqi("3aka3/R8/9/9/2N6/9/7r1/8r/9/3K5 w - - 0 1");
    let best = moves(&["a8a9"])[0];
    let advantage = Puzzle { position: pos, solution: vec![best], themes: vec![Theme::Advantage], rating: 900, ply: 0 };
    let material = Puzzle { themes: vec![Theme::Material], ..advantage.clone() };
    let check = Check { best, win: 0.87, second: Some(0.2), end: 0.97 };
    assert_eq!(check.verdict(&material, &settings), Ok(()));
    assert_eq!(
        check.verdict(&advantage, &settings),
        Err(Rejection::NotWinning { win: 0.87, needed: settings.advantage_win })
    );
    let faded = Check { end: 0.9, ..check.clone() };
    assert_eq!(faded.verdict(&material, &settings), Err(Rejection::NotKept { end: 0.9, needed: settings.end_win }));
    let close = Check { second: Some(0.7), ..check.clone() };
    assert!(matches!(close.verdict(&material, &settings), Err(Rejection::NotUnique { .. })));
    let forced = Check { second: None, ..check };
    assert_eq!(forced.verdict(&material, &settings), Err(Rejection::Forced));
}

/// A janggi pass into a standing bikjang ends the game and sends it to the count: once shipped
/// as a "mate in 1" (j-40d6e6a3dd, ply 42 of a chuhan match), it is no puzzle, and the last
/// check refuses it as a solution.
#[test]
fn a_pass_that_ends_the_game_in_bikjang_is_no_puzzle() {
    let pos =
        Position::from_fen(Variant::Janggi, "1C1acab1r/4k4/2R6/1p7/6pp1/9/3p3PP/7C1/9/3AKA1B1 w - - 1 22").unwrap();
    let pass = moves(&["e0e0"]);
    let mut after = pos.clone();
    after.play(pass[0]).unwrap();
    assert!(after.ended_by_pass() && after.legal_moves().is_empty());
    assert_eq!(solve(&pos, 42, &Classic, &quick()).unwrap(), None);
    let shipped =
        Puzzle { position: pos, solution: pass, themes: vec![Theme::MateIn(1), Theme::Pass], rating: 800, ply: 42 };
    let check = verify(&shipped, &Classic, &quick()).unwrap();
    assert!(check.verdict(&shipped, &quick()).is_err(), "{check:?}");
}
