//! The evaluation sees both sides alike: a position and its colour-swapped, half-turned twin
//! (the board turned 180°, Red's pieces Black's and the other side to move) score the same for
//! the side to move, in both games, along random games; and the king-danger terms count what
//! they say, with each game's reach.

mod common;

use chuhan::{Position, Variant};
use chuhan_engine::eval::{Classic, Evaluate};
use common::next;

/// The twin of `fen`: ranks and files reversed, colours swapped, the other side to move.
fn twin(fen: &str) -> String {
    let mut fields = fen.split(' ');
    let board = fields.next().unwrap();
    let turn = fields.next().unwrap();
    let turned: Vec<String> = board
        .split('/')
        .rev()
        .map(|rank| {
            rank.chars()
                .rev()
                .map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
                .collect()
        })
        .collect();
    format!("{} {} - - 0 1", turned.join("/"), if turn == "w" { "b" } else { "w" })
}

#[test]
fn both_sides_are_scored_alike() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut checked = 0;
    for variant in [Variant::Xiangqi, Variant::Janggi] {
        for _ in 0..20 {
            let mut pos = Position::new(variant);
            for _ in 0..60 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[(next(&mut seed) % moves.len() as u64) as usize];
                pos.play_unchecked(m);
                let fen = pos.to_fen();
                let other = Position::from_fen(variant, &twin(&fen)).unwrap();
                assert_eq!(Classic.evaluate(&pos), Classic.evaluate(&other), "{fen} and {}", twin(&fen));
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "{checked} positions");
}

/// Feature counts of a position, by feature.
struct Counts(Vec<i32>);

impl chuhan_engine::eval::features::Sink for Counts {
    fn add(&mut self, feature: usize, count: i32) {
        self.0[feature] += count;
    }
}

#[test]
fn king_danger_counts_attackers_against_guards_and_the_checks_on_offer() {
    use chuhan_engine::eval::features::{trace, CHECKS_AVAILABLE, COUNT, KING_DANGER};
    // Red's horse on e5 reaches d7 and f7 in Black's palace (one unit; both are checking
    // points), its cannon on e2 hits the elephant on e7 over the horse (one unit), its chariot on
    // c6 reaches no palace point; Black keeps both advisors and both elephants. Black has no
    // attacker and Red no guard.
    let pos = Position::from_fen(Variant::Xiangqi, "3akab2/9/4b4/2R6/4N4/9/9/4C4/9/3K5 w - - 0 1").unwrap();
    let mut counts = Counts(vec![0; COUNT]);
    trace(&pos, &mut counts);
    let danger = &counts.0[KING_DANGER..CHECKS_AVAILABLE];
    let expected: Vec<i32> =
        (0..40).map(|i| [(2 * 5 + 4, 1), (0, -1)].iter().find(|&&(j, _)| j == i).map_or(0, |&(_, n)| n)).collect();
    assert_eq!(danger, &expected[..], "units × guards: Red 2 × 4, Black 0 × 0");
    assert_eq!(
        &counts.0[CHECKS_AVAILABLE..CHECKS_AVAILABLE + 6],
        &[-1, 0, 1, 0, 0, 0],
        "Red has two checks (Nd7, Nf7), Black none"
    );
}

#[test]
fn janggi_pieces_are_counted_with_janggi_reach() {
    use chuhan_engine::eval::features::{trace, COUNT, MOB_CANNON, MOB_ELEPHANT};
    // Cho's cannon on a0 has a cannon for its only screen: no move (a xiangqi cannon would
    // have the whole rank). The cannon on a1 jumps the general: f1–i1, four points (not the
    // cannon below it, not the empty file with no screen). The elephant on e4 has all eight of
    // its moves. Fairy-Stockfish lists the same moves: a2f2 a2g2 a2h2 a2i2 and eight from e5.
    let pos = Position::from_fen(Variant::Janggi, "9/4k4/9/9/9/4B4/9/9/C3K4/C8 w - - 0 1").unwrap();
    let mut counts = Counts(vec![0; COUNT]);
    trace(&pos, &mut counts);
    let cannon: Vec<i32> = counts.0[MOB_CANNON..MOB_CANNON + 6].to_vec();
    assert_eq!(cannon, vec![1, 0, 0, 0, 1, 0], "cannon mobility: one with none, one with four");
    let mut elephant = [0; 9];
    elephant[8] = 1;
    assert_eq!(counts.0[MOB_ELEPHANT..MOB_ELEPHANT + 9], elephant, "elephant mobility: eight");
    // Xiangqi elephants keep no mobility term.
    let pos = Position::new(Variant::Xiangqi);
    let mut counts = Counts(vec![0; COUNT]);
    trace(&pos, &mut counts);
    assert!(counts.0[MOB_ELEPHANT..].iter().all(|&n| n == 0));
}

/// The feature counts of the position `fen` of `variant`.
fn feature_counts(variant: Variant, fen: &str) -> Vec<i32> {
    use chuhan_engine::eval::features::{trace, COUNT};
    let pos = Position::from_fen(variant, fen).unwrap();
    let mut counts = Counts(vec![0; COUNT]);
    trace(&pos, &mut counts);
    counts.0
}

#[test]
fn janggi_counts_the_checks_the_enemy_cannot_take() {
    use chuhan_engine::eval::features::SAFE_CHECKS;
    let safe_checks = |variant, fen| feature_counts(variant, fen)[SAFE_CHECKS..SAFE_CHECKS + 4].to_vec();
    // Cho's chariot on a0 can check from a9 along the back rank, a point no Han piece reaches:
    // one safe check for Cho (bucket 1), none for Han (bucket 0, counted against Han).
    assert_eq!(safe_checks(Variant::Janggi, "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1"), vec![-1, 1, 0, 0]);
    // A Han horse on b7 guards a9: the check is still there, but not a safe one.
    assert_eq!(safe_checks(Variant::Janggi, "4k4/9/1n7/9/9/9/9/9/9/R2K5 w - - 0 1"), vec![0, 0, 0, 0]);
    // The general guards its own palace: of the chariot's two checks, from e8 next to the
    // general and from i9 along its rank, only the second is safe.
    assert_eq!(safe_checks(Variant::Janggi, "4k4/8R/9/9/9/9/9/9/9/3K5 w - - 0 1"), vec![-1, 1, 0, 0]);
    // Xiangqi's weights were fitted without the term: it is not counted there.
    assert_eq!(safe_checks(Variant::Xiangqi, "4k4/8R/9/9/9/9/9/9/9/3K5 w - - 0 1"), vec![0, 0, 0, 0]);
}

#[test]
fn janggi_counts_weak_palace_points_and_linked_soldiers() {
    use chuhan_engine::eval::features::{JANGGI_SOLDIERS_LINKED, WEAK_PALACE};
    let counts = feature_counts;
    // Cho's chariot on d5 reaches d7, d8 and d9 of Han's palace; Han's general on e9 guards
    // only d9 of them: two weak points for Han (bucket 2, counted against Han), none for Cho.
    let c = counts(Variant::Janggi, "4k4/9/9/9/3R5/9/9/9/9/3K5 w - - 0 1");
    assert_eq!(c[WEAK_PALACE..WEAK_PALACE + 5], [1, 0, -1, 0, 0]);
    // Soldiers side by side before crossing guard each other in janggi: a3-b3 is one pair.
    let c = counts(Variant::Janggi, "4k4/9/9/9/9/9/PP7/9/9/3K5 w - - 0 1");
    assert_eq!(c[JANGGI_SOLDIERS_LINKED], 1);
    // Xiangqi keeps its own term (soldiers across the river), not this one.
    let c = counts(Variant::Xiangqi, "4k4/9/9/9/PP7/9/9/9/9/3K5 w - - 0 1");
    assert_eq!(c[JANGGI_SOLDIERS_LINKED], 0);
}
