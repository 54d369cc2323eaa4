//! Move text from outside: parsing, `play` and `Game::play` never panic, only legal
//! moves change the position, and a game that has ended accepts no more moves.
#![no_main]

use chuhan::{Game, Move, Position, Rules, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for variant in [Variant::Xiangqi, Variant::Janggi] {
        let mut pos = Position::new(variant);
        let mut rules = Rules::for_variant(variant);
        rules.repetitions = 2;
        let mut game = Game::new(Position::new(variant), rules);
        for word in text.split_whitespace().take(300) {
            let Ok(m) = word.parse::<Move>() else { continue };
            let before = pos.to_fen();
            if pos.play(m).is_err() {
                assert_eq!(pos.to_fen(), before);
            }
            let ended = game.outcome().is_some();
            let ply = game.ply();
            match game.play(m) {
                Ok(_) => assert!(!ended),
                Err(_) => assert_eq!(game.ply(), ply),
            }
        }
        if let Some(o) = game.outcome() {
            let _ = o.describe(variant);
        }
    }
});
