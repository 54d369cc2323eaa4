//! The order of a node's moves: the table's move, captures by what they win, killers, then
//! quiet moves by their histories (and, under `ThreatOrder`, by the threats they escape).

use super::{threats, Searcher};
use crate::eval::piece_value;
use crate::ordering::{piece_to, Context, Picker};
use crate::see::see_at_least;
use chuhan::{Bitboard, Move, Position};

/// A capture's score before its exchange is worked out (plus its MVV-LVA value, far less
/// than `CAPTURE_BAND`): above the killers and quiet moves, below the table's move.
const GOOD_CAPTURE: i32 = 1 << 28;
/// How far a capture's score strays from `GOOD_CAPTURE` (or from `-GOOD_CAPTURE`).
const CAPTURE_BAND: i32 = 1 << 26;

/// The review for [`Picker::next_best_reviewed`] that works out the exchange of a capture
/// only when it reaches the top of the order: one that loses material goes below zero, after
/// every quiet move (quiescence relies on that: it stops at the first score below zero).
pub(super) fn exchange_review(pos: &Position) -> impl FnMut(Move, i32) -> Option<i32> + '_ {
    move |m, score| {
        let unreviewed = (GOOD_CAPTURE - CAPTURE_BAND..GOOD_CAPTURE + CAPTURE_BAND).contains(&score);
        (unreviewed && !see_at_least(pos, m, 0)).then_some(score - 2 * GOOD_CAPTURE)
    }
}

impl Searcher<'_> {
    pub(super) fn captured_value(&self, m: Move) -> i32 {
        if m.is_pass() {
            return 0;
        }
        self.pos.piece_at(m.to).map_or(0, |p| piece_value(self.pos.variant(), p.role))
    }

    /// Where the quiet moves of the node at `ply` are looked up in the histories: the side's
    /// half (`HistoryBySide`) and the moves made one, two and (with `ContHist4`) four plies
    /// before it (moves before the root are not known here: `moved_before`).
    pub(super) fn context(&self, ply: usize) -> Context {
        let p = &self.limits.params;
        Context::new(
            p.history_side(self.pos.turn().index()),
            self.moved_before(ply, 1),
            self.moved_before(ply, 2),
            (p.cont_hist4 != 0).then(|| self.moved_before(ply, 4)),
        )
    }

    /// Orders moves: the table's move, captures by most valuable victim then least valuable
    /// attacker, killers, then quiet moves by their histories.
    pub(super) fn order(&self, moves: &mut Picker, tt_move: Option<Move>, ply: usize) {
        let v = self.pos.variant();
        let at = self.context(ply);
        let killers = self.killers[ply];
        let threat_weight = self.limits.params.threat_order;
        let threatened = if threat_weight != 0 { threats::threatened(&self.pos) } else { Bitboard(0) };
        moves.score(|m| {
            if Some(m) == tt_move {
                1 << 30
            } else if let Some(victim) = (!m.is_pass()).then(|| self.pos.piece_at(m.to)).flatten() {
                let attacker = self.pos.piece_at(m.from).map_or(0, |p| piece_value(v, p.role));
                let mut mvv_lva = 16 * piece_value(v, victim.role) - attacker / 16;
                let weight = self.limits.params.capture_history;
                if weight != 0 {
                    mvv_lva += self.history.capture_score(piece_to(&self.pos, m), victim.role) * weight / 100;
                }
                // Ordered as if they won the exchange; `exchange_review` moves those that lose
                // it after every quiet move, below zero, as they reach the top.
                GOOD_CAPTURE + mvv_lva
            } else if killers[0] == Some(m) {
                1 << 27
            } else if killers[1] == Some(m) {
                (1 << 27) - 1
            } else {
                let mut score = self.history.score(&at, m, piece_to(&self.pos, m));
                // (A pass stands on the general's point, never a threatened one.)
                if threatened.contains(m.from) {
                    if let Some(value) = threats::escape_value(&self.pos, m) {
                        score += 16 * value * threat_weight / 100;
                    }
                }
                score
            }
        });
    }

    /// Adds `bonus` (a malus when negative) to capture `m`'s history, before `m` is played.
    pub(super) fn reward_capture(&mut self, m: Move, bonus: i32) {
        if let Some(victim) = self.pos.piece_at(m.to) {
            self.history.update_capture(piece_to(&self.pos, m), victim.role, bonus);
        }
    }
}
