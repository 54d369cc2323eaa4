//! PGN text from outside: the streaming reader never panics, and every game it accepts can be
//! written in Chinese and read back to the same moves.
#![no_main]

use chuhan::notation::Notation;
use chuhan_record::{pgn, PgnReader};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for game in PgnReader::new(data).take(20) {
        let Ok(game) = game else { continue };
        let mut out = Vec::new();
        pgn::write_game(&mut out, &game, Notation::Chinese).unwrap();
        let back = PgnReader::new(&out[..]).next().unwrap().unwrap();
        assert_eq!(back.main.nodes.len(), game.main.nodes.len());
    }
});
