//! XQF bytes from outside: reading never panics, and every game it accepts survives a round
//! trip through version 0x0A.
#![no_main]

use chuhan_record::xqf;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(game) = xqf::read(data) else { return };
    let bytes = xqf::write(&game).unwrap();
    let back = xqf::read(&bytes).unwrap();
    assert_eq!(back.main.nodes.len(), game.main.nodes.len());
});
