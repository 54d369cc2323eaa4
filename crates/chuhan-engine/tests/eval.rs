//! The evaluation sees both sides alike: a position and its colour-swapped, half-turned twin
//! (the board turned 180°, Red's pieces Black's and the other side to move) score the same for
//! the side to move, in both games, along random games.

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
                pos.play(m);
                let fen = pos.to_fen();
                let other = Position::from_fen(variant, &twin(&fen)).unwrap();
                assert_eq!(Classic.evaluate(&pos), Classic.evaluate(&other), "{fen} and {}", twin(&fen));
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "{checked} positions");
}
