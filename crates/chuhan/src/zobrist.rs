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

static PIECE_KEYS: [[u64; 90]; 14] = {
    let mut t = [[0u64; 90]; 14];
    let mut state = 0x6368_7568_616e_u64; // "chuhan"
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
    PIECE_KEYS[piece.side.index() * 7 + piece.role.index()][sq.index()]
}

/// The key for the side to move.
#[inline(always)]
pub fn side_key(side: Side) -> u64 {
    match side {
        Side::First => 0,
        Side::Second => SIDE_KEY,
    }
}
