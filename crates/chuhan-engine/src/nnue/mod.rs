//! A trained evaluation (NNUE: an efficiently updatable neural network).
//!
//! The network reads the board as sparse piece-square features from each side's point of view:
//! feature `(own or theirs, role, square)` with the square turned 180° for the second player, so
//! both sides see their own pieces at the bottom ([`INPUTS`] = 2 × 7 × 90 = 1260, one set per
//! game). Each view feeds one accumulator of the network's width (one of [`WIDTHS`]: the first
//! layer's weights of the active features summed, shared by both views); the side to move's accumulator and the
//! other one, clipped to [0, 1] (clipped ReLU), give the score through one output layer.
//! Beside the hidden layer, every feature also has one weight added straight to the output (a
//! piece-square table, "PSQT", summed per view like the accumulators): material and the plain
//! worth of a square are linear sums, which clipped neurons (each saturating at 1) carry poorly;
//! the direct term carries them and leaves the neurons the patterns between pieces.
//!
//! Integers throughout: first-layer weights and accumulators are `i16` scaled by [`QA`], output
//! weights `i16` scaled by [`QB`], the piece-square weights `i32` in output units (`QA × QB`), so
//! the arithmetic is exact and an accumulator updated move by move equals one computed from
//! scratch ([`Network::refresh`]). The search keeps one [`Accumulators`] stack per thread: a
//! push on make records what the move changes (at most three features per view), and the
//! accumulators are computed only when the position is evaluated, from the last computed entry
//! below (many positions the search makes are never evaluated).
//!
//! A network may also split its first layer by where each view's own general stands: one set
//! of [`INPUTS`] rows for each of the nine palace points ([`PALACE_BUCKETS`], [`bucket`]), so a
//! piece's weights can depend on the general it threatens or guards. When a general steps to
//! another palace point its own view is computed again from the board (the other view is
//! updated as usual). The trainer learns such a network with a shared set of rows added to
//! every bucket's (a "factoriser"), folded into the buckets when it writes the file.
//! The loops run over fixed-size arrays (one copy of each kernel per width in [`WIDTHS`], chosen
//! once per call) so that LLVM vectorises them: for the crate's target (SSE on x86-64-v2), and on
//! x86-64 again for AVX2 and AVX-512, the widest the processor has chosen when the program runs
//! ([`Simd`]; every copy gives the same score to the bit).
//! The width is the network's own: both embedded networks are 256 wide (in janggi a 256 network
//! learnt 1.2 million positions by heart and lost, and won once it had 2.5 million;
//! BENCHMARKS.md, "NNUE"). Neither uses general-position buckets: on janggi's 2.5 million
//! positions nine buckets overfitted from the second epoch.
//!
//! A network is stored in a small binary file ([`Network::from_bytes`], [`Network::to_bytes`]):
//! a header with magic, version, game and sizes, the weights little-endian, and an FNV-1a
//! checksum of everything before it. The engine's own networks are embedded ([`embedded`]) and
//! checked when first used; the UCI option `EvalFile` loads another. [`data`] is the training
//! data format and [`train`] the trainer (float weights, quantized on writing).

pub mod data;
pub mod train;

// The network and its format live in `crate::network` (which the evaluation trait may name
// without a cycle); they are re-exported here, where they have always been.
pub use crate::network::{
    bucket, checksum, embedded, feature, features, file_size, Accumulator, Accumulators, NetError, Network, Simd,
    EMBEDDED_JANGGI, EMBEDDED_XIANGQI, INPUTS, MAX_HIDDEN, PALACE_BUCKETS, QA, QB, SCALE, WEIGHT_CLIP, WIDTHS,
};

use crate::eval::{Classic, Evaluate};
use chuhan::{Position, Variant};
use std::sync::Arc;

/// The network evaluation: one network per game, the hand-written [`Classic`] for a game with
/// none. The search asks [`Evaluate::network`] for the network and keeps its accumulators
/// itself; [`Evaluate::evaluate`] computes them from scratch (for callers outside a search).
#[derive(Clone, Debug)]
pub struct Nnue {
    nets: [Option<Arc<Network>>; 2],
}

impl Nnue {
    /// The embedded networks.
    pub fn embedded() -> Nnue {
        Nnue { nets: [embedded(Variant::Xiangqi), embedded(Variant::Janggi)] }
    }

    /// These networks, no more than one per game (a later one replaces an earlier one).
    pub fn with(nets: impl IntoIterator<Item = Arc<Network>>) -> Nnue {
        let mut n = Nnue { nets: [None, None] };
        for net in nets {
            n.set(net);
        }
        n
    }

    /// Uses `net` for its game.
    pub fn set(&mut self, net: Arc<Network>) {
        let slot = net.variant() as usize;
        self.nets[slot] = Some(net);
    }
}

impl Evaluate for Nnue {
    fn evaluate(&self, pos: &Position) -> i32 {
        match &self.nets[pos.variant() as usize] {
            Some(net) => net.evaluate(pos),
            None => Classic.evaluate(pos),
        }
    }

    fn network(&self, variant: Variant) -> Option<&Network> {
        self.nets[variant as usize].as_deref()
    }
}
