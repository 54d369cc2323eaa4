//! The quiescence search: the search past the horizon, until the position is quiet.

use super::{from_tt, to_tt, Searcher, MAX_PLY};
use crate::ordering::Picker;
use crate::score::{MATE, MATE_BOUND};
use crate::see::see_at_least;
use crate::tt::{Bound, Entry};
use chuhan::{Bitboard, Move, Position, Variant};

/// How many quiescence plies deep a position in check is still searched move by move.
const MAX_CHECK_PLIES: u32 = 10;

impl Searcher<'_> {
    /// The quiescence search: captures that do not lose material, every evasion in check, and
    /// at its first ply (`qdepth` 0) quiet moves that give check without losing the piece —
    /// xiangqi's mating attacks are chains of checks a captures-only horizon cannot see.
    pub(super) fn quiesce(&mut self, mut alpha: i32, beta: i32, ply: usize, qdepth: u32) -> i32 {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.should_stop() {
            return 0;
        }
        // Janggi: a pass just ended the game (two passes, or a pass in bikjang): counting.
        if self.pos.ended_by_pass() {
            return self.counting(ply);
        }
        // Evasions are quiet moves, and an evasion can uncover a check on the other general
        // (a cannon's screen stepping away): a line of such checks can cycle. A repeated
        // position is scored as the rules score it, as in the main search.
        if let Some(score) = self.rule_score(ply) {
            return score;
        }
        let in_check = self.checks.last().copied().unwrap_or_else(|| self.pos.is_check());
        // And even without a repetition, every evasion of every check is searched: beyond a few
        // checks in a row the tree grows without bound (a janggi ending searched 120 plies deep
        // for minutes at depth 1), so a long line of checks is cut at the static evaluation.
        if ply >= MAX_PLY || (in_check && qdepth >= MAX_CHECK_PLIES) {
            return self.evaluate(ply);
        }
        let pv_node = beta - alpha > 1;
        let key = self.pos.hash();
        let entry = self.shared.tt.probe(key);
        if let Some(e) = entry {
            let s = from_tt(e.score, ply);
            if !pv_node && e.bound.cuts(s, alpha, beta) {
                return s;
            }
        }
        let original_alpha = alpha;
        let mut best = -MATE + ply as i32;
        let mut moves = Picker::new();
        let mut checks = Vec::new();
        if in_check {
            self.pos.for_each_legal(|from, targets| targets.for_each(|to| moves.push(Move::new(from, to))));
            if moves.is_empty() {
                return self.no_moves(true, ply);
            }
        } else {
            let mut stand = self.evaluate(ply);
            // `TtEval`: a searched score, where its bound allows, is a better stand-pat.
            if let Some(e) = entry.filter(|_| self.limits.params.tt_eval != 0) {
                stand = super::sharpened(stand, e, ply);
            }
            // Janggi: where a pass would end the game (bikjang, or after the opponent's pass),
            // the side to move can settle for the counting instead of standing pat.
            if self.pos.pass_would_end_game() {
                stand = stand.max(self.counting(ply + 1));
            }
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
            let enemy = self.pos.side_pieces(!self.pos.turn());
            let near = if qdepth == 0 { check_candidates(&self.pos) } else { Bitboard(0) };
            // Beyond the first ply only captures are wanted: the other moves are never
            // tested for legality.
            let wanted = if near.is_empty() { enemy } else { Bitboard::FULL };
            self.pos.for_each_legal_to(wanted, |from, targets| {
                (targets & enemy).for_each(|to| moves.push(Move::new(from, to)));
                if !near.is_empty() {
                    let quiet = targets & !enemy;
                    let candidates = if near.contains(from) { quiet } else { quiet & near };
                    candidates.for_each(|to| checks.push(Move::new(from, to)));
                }
            });
            if moves.is_empty() && checks.is_empty() {
                return stand;
            }
        }
        let tt_move = entry.and_then(|e| e.mv);
        self.order(&mut moves, tt_move, ply.min(MAX_PLY));
        let mut best_move = None;
        let mut quiet_checks = checks.into_iter();
        let mut picking = true;
        // `QsPrune`: the captures searched that were not recaptures near nothing, and the
        // quiet evasions searched.
        let prune = self.limits.params.qs_prune != 0;
        let recapture_point = ply.checked_sub(1).and_then(|p| crate::ordering::destination(self.moved[p]));
        let zone = if prune && !in_check { check_candidates(&self.pos) } else { Bitboard(0) };
        let mut plain_captures = 0;
        let mut quiet_evasions = 0;
        loop {
            // The captures (or the evasions) best first, then the quiet checks.
            let next = if picking { moves.next_best_reviewed(super::order::exchange_review(&self.pos)) } else { None };
            let (m, quiet_check) = match next {
                Some((m, order)) => {
                    if !in_check {
                        // Captures that lose material once the exchange is played out were
                        // ordered last, below zero (see `order`): none of the rest is worth trying.
                        if order < 0 {
                            picking = false;
                            continue;
                        }
                        let victim = self.captured_value(m);
                        // Delta pruning: even winning the piece would not reach alpha.
                        if best + victim + self.limits.params.delta_margin < alpha {
                            continue;
                        }
                        // The table's move was ordered without an exchange check.
                        if Some(m) == tt_move && !see_at_least(&self.pos, m, 0) {
                            continue;
                        }
                        // Move-count pruning: past the first two, a capture that neither
                        // recaptures nor could check is not worth a search.
                        if prune
                            && recapture_point != Some(m.to.index())
                            && !zone.contains(m.from)
                            && !zone.contains(m.to)
                        {
                            if plain_captures >= 2 {
                                continue;
                            }
                            plain_captures += 1;
                        }
                    } else if prune && best > -MATE_BOUND && quiet_evasions >= 2 {
                        // Two quiet evasions have been tried and the general is not mated:
                        // the rest (ordered after them) will rarely do better.
                        break;
                    } else if prune && self.pos.piece_at(m.to).is_none() {
                        quiet_evasions += 1;
                    }
                    (m, false)
                }
                None => {
                    picking = false;
                    match quiet_checks.next() {
                        Some(m) if see_at_least(&self.pos, m, 0) => (m, true),
                        Some(_) => continue,
                        None => break,
                    }
                }
            };
            if !self.play(m, ply) && quiet_check {
                self.undo();
                continue;
            }
            let score = -self.quiesce(-beta, -alpha, ply + 1, qdepth + 1);
            self.undo();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        let bound = Bound::of(best, original_alpha, beta);
        self.shared.tt.store(key, Entry { mv: best_move, score: to_tt(best, ply), depth: 0, bound }, self.generation);
        best
    }
}

/// The points a quiet check must touch (leave or land on), by the enemy general's point and
/// variant: its file and rank and the points near it (a horse checks from two points away, a
/// janggi elephant from three, and their blocking points lie between). A superset: the
/// quiescence search plays each candidate and keeps those that check.
const CHECK_ZONES: [[u128; 90]; 2] = {
    let mut zones = [[0u128; 90]; 2];
    let mut v = 0;
    while v < 2 {
        let reach = if v == 0 { 2 } else { 3 };
        let mut g: i32 = 0;
        while g < 90 {
            let mut sq: i32 = 0;
            while sq < 90 {
                let df = sq % 9 - g % 9;
                let dr = sq / 9 - g / 9;
                if df == 0 || dr == 0 || (df.abs() <= reach && dr.abs() <= reach) {
                    zones[v][g as usize] |= 1u128 << sq;
                }
                sq += 1;
            }
            g += 1;
        }
        v += 1;
    }
    zones
};

/// The points a move must touch to give check in `pos` (see [`CHECK_ZONES`]).
pub(super) fn check_candidates(pos: &Position) -> Bitboard {
    let v = (pos.variant() == Variant::Janggi) as usize;
    Bitboard(CHECK_ZONES[v][pos.general(!pos.turn()).index()])
}

#[cfg(test)]
mod tests {
    use super::check_candidates;
    use chuhan::{Position, Variant};

    /// The search prunes moves outside the check zone without playing them, and quiescence
    /// looks for quiet checks only inside it: every move that checks must touch it. Checked on
    /// every legal move along random games of both variants (discovered checks included).
    #[test]
    fn every_check_touches_the_check_zone() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut checks = 0;
        for variant in [Variant::Xiangqi, Variant::Janggi] {
            for _ in 0..40 {
                let mut pos = Position::new(variant);
                for _ in 0..120 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let zone = check_candidates(&pos);
                    for &m in moves.iter() {
                        pos.play_unchecked(m);
                        if pos.is_check() {
                            checks += 1;
                            assert!(zone.contains(m.from) || zone.contains(m.to), "{m} in {}", pos.to_fen());
                        }
                        pos.undo();
                    }
                    let m = moves[(next() % moves.len() as u64) as usize];
                    pos.play_unchecked(m);
                }
            }
        }
        assert!(checks > 1000, "{checks} checking moves");
    }
}
