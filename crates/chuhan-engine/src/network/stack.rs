//! A search thread's accumulators, one entry per ply of the line being searched, brought up to
//! date only when a position is evaluated.
//!
//! The search plays many moves whose positions it never evaluates: a move tried only to see
//! whether it gives check, a node the transposition table or a repetition settles, a position
//! the evaluation cache already knows. So a push records what the move does to each view
//! ([`Change`]: a few feature numbers) and computes nothing; [`Accumulators::evaluate`] walks
//! back to the last computed entry and applies the changes from there, each in one pass that
//! reads the previous row and writes the next (no copy of a kilobyte per move). Entries it
//! computes on the way stay computed, so the line's other moves start from them.

use super::{Accumulator, Change, Network, Simd, MAX_HIDDEN};
use chuhan::{Move, Position, Side};

/// One ply: its accumulators, and for each view what is still to be applied to them.
#[derive(Clone, Copy)]
struct Entry {
    acc: Accumulator,
    /// `None` once the view's half of `acc` is computed.
    pending: [Option<Change>; 2],
}

/// A search thread's accumulators: one entry per ply of the line being searched, pushed when a
/// move is made and popped when it is undone.
pub struct Accumulators<'a> {
    net: &'a Network,
    simd: Simd,
    /// Entries `0..=top` are the line's; those above are kept for their memory.
    stack: Vec<Entry>,
    top: usize,
}

impl<'a> Accumulators<'a> {
    /// The stack for a search from `pos`, its first entry computed from scratch, with the
    /// widest kernels this processor runs ([`Simd::best`]).
    pub fn new(net: &'a Network, pos: &Position) -> Accumulators<'a> {
        Accumulators::with_simd(net, pos, Simd::best())
    }

    /// [`Accumulators::new`] with the kernels of `simd` (every level computes the same
    /// numbers; the tests compare them).
    pub fn with_simd(net: &'a Network, pos: &Position, simd: Simd) -> Accumulators<'a> {
        let mut stack = Vec::with_capacity(crate::score::MAX_PLY + 8);
        stack.push(Entry { acc: net.refresh(pos), pending: [None; 2] });
        Accumulators { net, simd, stack, top: 0 }
    }

    /// Before `m` is played from `pos`: pushes the entry of the position after it (computed
    /// when that position is evaluated).
    pub fn push(&mut self, pos: &Position, m: Move) {
        let pending = Side::BOTH.map(|view| Some(self.net.change(pos, m, view)));
        self.push_entry(pending);
    }

    /// Before a null move: the board does not change.
    pub fn push_null(&mut self) {
        self.push_entry([Some(Change::Same); 2]);
    }

    fn push_entry(&mut self, pending: [Option<Change>; 2]) {
        self.top += 1;
        match self.stack.get_mut(self.top) {
            Some(entry) => entry.pending = pending,
            None => self.stack.push(Entry { acc: Accumulator { hidden: [[0; MAX_HIDDEN]; 2], psqt: [0; 2] }, pending }),
        }
    }

    /// After a move is undone.
    pub fn pop(&mut self) {
        self.top = self.top.saturating_sub(1);
    }

    /// The accumulators of `pos`, the position on top of the stack, computed now if they were
    /// not yet.
    pub fn top(&mut self, pos: &Position) -> &Accumulator {
        for view in Side::BOTH {
            self.compute(pos, view);
        }
        &self.stack[self.top].acc
    }

    /// The score of `pos`, the position on top of the stack, for its side to move.
    pub fn evaluate(&mut self, pos: &Position) -> i32 {
        let simd = self.simd;
        let net = self.net;
        net.output_with(simd, self.top(pos), pos.turn())
    }

    /// Brings `view`'s half of the top entry up to date: from the last computed entry below it,
    /// change by change, or from the board when a change on the way needs it.
    fn compute(&mut self, pos: &Position, view: Side) {
        let v = view as usize;
        let mut last = self.top;
        let mut refresh = false;
        while let Some(change) = self.stack[last].pending[v] {
            refresh |= change == Change::Refresh;
            last -= 1; // the first entry is always computed
        }
        if refresh {
            let entry = &mut self.stack[self.top];
            self.net.refresh_view(&mut entry.acc, view, pos.general(view), pos.piece_squares());
            entry.pending[v] = None;
            return;
        }
        for i in last + 1..=self.top {
            let (done, rest) = self.stack.split_at_mut(i);
            let entry = &mut rest[0];
            let change = entry.pending[v].take().expect("not computed yet");
            self.net.apply(self.simd, view, &done[i - 1].acc, &mut entry.acc, change);
        }
    }
}
