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

fn quick() -> Settings {
    Settings { scan_nodes: 1500, nodes: 6000, min_ply: 0, ..Settings::default() }
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
