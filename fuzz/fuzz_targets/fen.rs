//! FEN parsing never panics; whatever it accepts it writes back so that reading the output
//! gives the same position, and the position's moves can be generated, played and undone.
#![no_main]

use chuhan::{Position, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for variant in [Variant::Xiangqi, Variant::Janggi] {
        let Ok(mut pos) = Position::from_fen(variant, text) else { continue };
        let fen = pos.to_fen();
        let again = Position::from_fen(variant, &fen).expect("written FEN reads back");
        assert_eq!(again, pos);
        assert_eq!(again.to_fen(), fen);
        let hash = pos.hash();
        for m in pos.legal_moves().iter() {
            pos.play(*m);
            assert_eq!(pos.hash(), pos.compute_hash());
            pos.undo();
        }
        assert_eq!(pos.hash(), hash);
        assert_eq!(pos.to_fen(), fen);
    }
});
