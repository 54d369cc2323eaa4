//! The game's rules inside the tree: the score of a node where the game ends without mate —
//! a repeated position judged as the rules judge the cycle (perpetual check loses; in xiangqi
//! chases are ruled as the referee rules them, `chuhan::game::cycle_winner`; otherwise a draw),
//! the move-count rule, and in janggi the endings settled by point counting.

use super::Searcher;
use crate::score::{DECISIVE, MATE};
use chuhan::game::{cycle_winner, janggi_points, JanggiRules};
use chuhan::{Move, Variant, XiangqiRules};

impl Searcher<'_> {
    /// The score the rules give a janggi position that ended without mate (two passes, a
    /// standing bikjang, repetition, the move limit), for the side to move: point counting
    /// under the modern rules, a draw under the traditional and casual ones.
    pub(super) fn counting(&self, ply: usize) -> i32 {
        if self.limits.janggi_rules != JanggiRules::Modern {
            return 0;
        }
        let (cho, han) = janggi_points(&self.pos);
        let us_first = self.pos.turn() == chuhan::Side::First;
        let ahead = if us_first { cho > han } else { han > cho };
        if ahead {
            DECISIVE - ply as i32
        } else {
            -DECISIVE + ply as i32
        }
    }

    /// The score when the game ends here by a rule other than mate; `None` when it goes on.
    pub(super) fn rule_score(&mut self, ply: usize) -> Option<i32> {
        let history = self.pos.history();
        let n = history.len();
        let key = self.pos.hash();
        // Repetition: the same position with the same side to move, since the last capture.
        // Once inside the tree is enough (the line can be played again), but a position that
        // last stood before the root must have stood there twice: once is a repetition the
        // game has not ruled on and may well go past, and scoring it as the ruling would
        // call a game over that is not.
        let root = n.saturating_sub(ply);
        let mut before_root = None;
        let mut k = n;
        let mut found = None;
        while k > 0 {
            k -= 1;
            let played = &history[k];
            // Nothing before a capture can repeat; nor across a null move of the search.
            if played.captured.is_some() || played.null {
                break;
            }
            if (n - k).is_multiple_of(2) && played.hash_before == key {
                if k > root || before_root.is_some() {
                    found = before_root.or(Some(k));
                    break;
                }
                before_root = Some(k);
            }
        }
        if let Some(k) = found {
            // The cycle is moves k..n. The side to move now made the moves at odd distance
            // from the last one.
            let mut ours_all_check = true;
            let mut theirs_all_check = true;
            for i in k..n {
                let by_us = (n - 1 - i) % 2 == 1;
                let check = self.checks[i];
                if by_us {
                    ours_all_check &= check;
                } else {
                    theirs_all_check &= check;
                }
            }
            if self.pos.variant() == Variant::Janggi {
                return Some(match (ours_all_check, theirs_all_check) {
                    (true, false) => -DECISIVE + ply as i32,
                    (false, true) => DECISIVE - ply as i32,
                    _ => self.counting(ply),
                });
            }
            // Xiangqi: the full ruling, chases included, judged as the referee would.
            let winner = if self.limits.rules == XiangqiRules::Computer || ours_all_check || theirs_all_check {
                match (ours_all_check, theirs_all_check) {
                    (true, false) => Some(!self.pos.turn()),
                    (false, true) => Some(self.pos.turn()),
                    _ => None,
                }
            } else {
                // Step back to the cycle's start on the board itself (no copy of the
                // position and its history), have the cycle judged, and step forward again.
                let moves: Vec<Move> = history[k..n].iter().map(|p| p.mv).collect();
                for _ in k..n {
                    self.pos.undo();
                }
                let winner = cycle_winner(&self.pos, &moves, self.limits.rules);
                for &m in moves.iter() {
                    self.pos.play_unchecked(m);
                }
                winner
            };
            return Some(match winner {
                Some(side) if side == self.pos.turn() => DECISIVE - ply as i32,
                Some(_) => -DECISIVE + ply as i32,
                None => 0,
            });
        }
        let limit = 2 * self.limits.move_limit;
        if limit > 0
            && self.pos.halfmove_clock() >= limit
            && self.pos.halfmove_clock() - self.uncounted_checks() >= limit
        {
            // A mate on the move that reaches the limit is still a mate: the rules look for
            // mate before they count moves (a draw scored here let a game be lost to a mate
            // in one the search had called a draw).
            if self.pos.has_no_moves() {
                return Some(self.no_moves(self.pos.is_check(), ply));
            }
            return Some(if self.pos.variant() == Variant::Janggi { self.counting(ply) } else { 0 });
        }
        None
    }

    /// The checks since the last capture that the move limit does not count: those each side
    /// gave beyond [`super::Limits::counted_checks`] (the referee's rule, so that the search
    /// ends a long run of checks where the game would). The capture's own check does not
    /// count, as the referee counts; moves before the start of the known history are taken as
    /// quiet.
    fn uncounted_checks(&self) -> u32 {
        let Some(counted) = self.limits.counted_checks else { return 0 };
        let history = self.pos.history();
        let mut by_side = [0u32; 2];
        for (i, played) in history.iter().enumerate().rev() {
            if played.captured.is_some() {
                break;
            }
            if self.checks[i] {
                by_side[i % 2] += 1;
            }
        }
        by_side.iter().map(|&n| n.saturating_sub(counted)).sum()
    }

    /// The score of a position with no legal move for the side to move.
    pub(super) fn no_moves(&self, in_check: bool, ply: usize) -> i32 {
        if self.pos.variant() == Variant::Janggi && !in_check {
            // Janggi never runs out of moves but by the game ending: two passes or a pass in
            // bikjang, both settled by counting.
            self.counting(ply)
        } else {
            -MATE + ply as i32
        }
    }
}
