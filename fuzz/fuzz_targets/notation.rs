//! Move text in every notation: reading never panics, and whatever it accepts is a legal move
//! that writes and reads back to itself.
#![no_main]

use chuhan::notation::Notation;
use chuhan::{Position, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let positions = [
        Position::new(Variant::Xiangqi),
        Position::from_fen(Variant::Xiangqi, "3k5/9/9/2P1P4/2P1P4/9/4P4/9/9/5K3 w").unwrap(),
        Position::from_fen(Variant::Xiangqi, "3k5/9/4c4/9/4c4/9/9/9/9/5K3 b").unwrap(),
        Position::new(Variant::Janggi),
    ];
    for pos in &positions {
        for n in Notation::ALL {
            if let Ok(m) = n.parse(pos, text) {
                assert!(pos.is_legal(m));
                let written = n.format(pos, m);
                assert_eq!(n.parse(pos, &written).ok(), Some(m), "{n}: {written}");
            }
        }
        let _ = Notation::detect(pos, &[text]);
    }
});
