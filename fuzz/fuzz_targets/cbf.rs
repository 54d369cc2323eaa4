//! CBF (CCBridge XML) bytes from outside: reading never panics, and every game it accepts can
//! be written as PGN and read back to the same moves.
#![no_main]

use chuhan::notation::Notation;
use chuhan_record::{cbf, pgn, PgnReader};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(game) = cbf::read(data) {
        let mut out = Vec::new();
        pgn::write_game(&mut out, &game, Notation::Chinese).unwrap();
        let back = PgnReader::new(&out[..]).next().unwrap().unwrap();
        assert_eq!(back.mainline_moves(), game.mainline_moves());
        assert_eq!(back.node_count(), game.node_count());
    }
});
