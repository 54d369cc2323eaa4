//! ProbCut: a capture that wins by a wide margin in a shallow search cuts the node, on the
//! bet that the full-depth search would find the same (Stockfish's step 9; `ProbCut`, off
//! until a match says it pays).

use super::{order, to_tt, Searcher};
use crate::ordering::Picker;
use crate::see::see_at_least;
use crate::tt::{Bound, Entry};
use chuhan::Move;

impl Searcher<'_> {
    /// ProbCut's search of the node at `ply`: the captures that win at least
    /// `probcut_beta` − `static_eval` on their point, each first by the quiescence search and,
    /// if that holds, four plies shallower than `depth`. The score of the first that reaches
    /// `probcut_beta` (stored in the table as a lower bound), or `None`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn probcut(
        &mut self,
        probcut_beta: i32,
        static_eval: i32,
        depth: i32,
        ply: usize,
        cut_node: bool,
        tt_move: Option<Move>,
    ) -> Option<i32> {
        let enemy = self.pos.side_pieces(!self.pos.turn());
        let mut moves = Picker::new();
        self.pos
            .for_each_legal_to(enemy, |from, targets| (targets & enemy).for_each(|to| moves.push(Move::new(from, to))));
        self.order(&mut moves, tt_move, ply);
        loop {
            let next = moves.next_best_reviewed(order::exchange_review(&self.pos));
            // Captures that lose the exchange come last, below zero: none of them will do.
            let (m, _) = next.filter(|&(_, order)| order >= 0)?;
            if !see_at_least(&self.pos, m, probcut_beta - static_eval) {
                continue;
            }
            self.play(m, ply);
            let mut score = -self.quiesce(-probcut_beta, -probcut_beta + 1, ply + 1, 0);
            if score >= probcut_beta && !self.stopped {
                score = -self.search(-probcut_beta, -probcut_beta + 1, depth - 4, ply + 1, true, !cut_node, None);
            }
            self.undo();
            if self.stopped {
                return None;
            }
            if score >= probcut_beta {
                let entry = Entry { mv: Some(m), score: to_tt(score, ply), depth: depth - 3, bound: Bound::Lower };
                self.shared.tt.store(self.pos.hash(), entry, self.generation);
                return Some(score);
            }
        }
    }
}
