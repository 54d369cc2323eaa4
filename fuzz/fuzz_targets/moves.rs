//! Move text from outside: parsing and `play_checked` never panic, and only legal moves change
//! the position.
#![no_main]

use chuhan::{Move, Position, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for variant in [Variant::Xiangqi, Variant::Janggi] {
        let mut pos = Position::new(variant);
        for word in text.split_whitespace().take(200) {
            let Ok(m) = word.parse::<Move>() else { continue };
            let before = pos.to_fen();
            if pos.play_checked(m).is_err() {
                assert_eq!(pos.to_fen(), before);
            }
        }
    }
});
