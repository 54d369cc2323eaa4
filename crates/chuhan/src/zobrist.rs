//! Zobrist keys, generated at compile time from a fixed seed (SplitMix64), so hashes are the
//! same in every build and on every machine.

use crate::piece::{Piece, Side};
use crate::square::Square;

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (s, z ^ (z >> 31))
}

/// The seed of the piece keys: SplitMix64's state before the first key.
const PIECE_SEED: u64 = 0x6368_7568_616e_u64; // "chuhan"

/// SplitMix64's state after `n` steps from `state`: the state only ever adds the same constant,
/// so the `n`-th key can be made without the table.
const fn splitmix_at(state: u64, n: u64) -> u64 {
    state.wrapping_add(n.wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

/// The key of table row `p` (side × 7 + role), square `sq`, computed: SplitMix64's
/// `p × 90 + sq`-th output. The WebAssembly build uses it instead of [`PIECE_KEYS`], whose
/// 10 KB of random bits are a tenth of the gzipped package; native builds read the table.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
#[inline(always)]
const fn computed_key(p: usize, sq: usize) -> u64 {
    splitmix(splitmix_at(PIECE_SEED, (p * 90 + sq) as u64)).1
}

#[cfg(not(target_arch = "wasm32"))]
static PIECE_KEYS: [[u64; 90]; 14] = {
    let mut t = [[0u64; 90]; 14];
    let mut state = PIECE_SEED;
    let mut p = 0;
    while p < 14 {
        let mut sq = 0;
        while sq < 90 {
            let (s, k) = splitmix(state);
            state = s;
            t[p][sq] = k;
            sq += 1;
        }
        p += 1;
    }
    t
};

/// The key XOR-ed in when the second mover is to move.
pub const SIDE_KEY: u64 = splitmix(0x7369_6465).1;

/// The key of `piece` standing on `sq`.
#[inline(always)]
pub fn piece_key(piece: Piece, sq: Square) -> u64 {
    let p = piece.side.index() * 7 + piece.role.index();
    #[cfg(not(target_arch = "wasm32"))]
    return PIECE_KEYS[p][sq.index()];
    #[cfg(target_arch = "wasm32")]
    return computed_key(p, sq.index());
}

/// The key for the side to move.
#[inline(always)]
pub fn side_key(side: Side) -> u64 {
    match side {
        Side::First => 0,
        Side::Second => SIDE_KEY,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The WebAssembly build's keys are the table's, so hashes agree across builds.
    #[test]
    fn computed_keys_are_the_table() {
        for (p, row) in PIECE_KEYS.iter().enumerate() {
            for (sq, &key) in row.iter().enumerate() {
                assert_eq!(computed_key(p, sq), key, "row {p}, square {sq}");
            }
        }
    }
}
