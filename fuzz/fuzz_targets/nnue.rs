//! Network files (`EvalFile`) and training data from outside: reading never panics; a network
//! it accepts writes back to the same bytes and evaluates the start position of its game.
#![no_main]

use chuhan::Position;
use chuhan_engine::nnue::{data, Network};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    if let Ok(net) = Network::from_bytes(bytes) {
        assert_eq!(net.to_bytes(), bytes);
        let _ = net.evaluate(&Position::new(net.variant()));
    }
    if let Ok(records) = data::read_all(&mut &bytes[..]) {
        for r in &records {
            let _ = r.position();
        }
    }
});
