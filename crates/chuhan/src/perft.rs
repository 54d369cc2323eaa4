//! Perft: counting the leaves of the legal move tree, the standard test of move generation.

use crate::mv::Move;
use crate::position::Position;

/// The number of move sequences of length `depth` from `pos`. The last ply is counted without
/// being played ("bulk counting"). History-dependent rules see the moves played inside the
/// tree, as they would in a game.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal() as u64,
        _ => {
            let moves = pos.legal_moves();
            let mut total = 0;
            for &m in moves.iter() {
                pos.play_unchecked(m);
                total += perft(pos, depth - 1);
                pos.undo();
            }
            total
        }
    }
}

/// Perft split by first move: each legal move with the count below it, in the order of
/// [`Position::legal_moves`].
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let moves = pos.legal_moves();
    moves
        .iter()
        .map(|&m| {
            pos.play_unchecked(m);
            let n = perft(pos, depth - 1);
            pos.undo();
            (m, n)
        })
        .collect()
}
