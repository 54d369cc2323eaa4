//! CBR and CBL bytes from outside: reading never panics, and every game it accepts can be
//! written as PGN and read back to the same moves. Inputs are read as a record, and also as the
//! records of a library (after a library header and an index of no slots), so that finding the
//! records on their 4,096-byte slots is exercised too.
#![no_main]

use chuhan::notation::Notation;
use chuhan_record::{cbr, pgn, Record, PgnReader};
use libfuzzer_sys::fuzz_target;

fn round_trip(game: &Record) {
    let mut out = Vec::new();
    pgn::write_game(&mut out, game, Notation::Chinese).unwrap();
    let back = PgnReader::new(&out[..]).next().unwrap().unwrap();
    assert_eq!(back.mainline_moves(), game.mainline_moves());
    assert_eq!(back.node_count(), game.node_count());
}

fuzz_target!(|data: &[u8]| {
    if let Ok(game) = cbr::read(data) {
        round_trip(&game);
    }
    let _ = cbr::read_library(data);
    let mut lib = vec![0u8; 66624];
    lib[..16].copy_from_slice(b"CCBridgeLibrary\0");
    lib[56] = data.first().map_or(0, |b| b & 1);
    lib.extend_from_slice(data);
    if let Ok(l) = cbr::read_library(&lib) {
        for game in l.games.iter().flatten() {
            round_trip(game);
        }
    }
});
