//! The search: iterative deepening over a principal-variation alpha-beta search.
//!
//! PVS with aspiration windows, a shared transposition table (also used by the quiescence
//! search, `quiescence`: captures that do not lose material, every evasion when in check, and
//! quiet checks at its first ply), null-move pruning, late-move reductions (logarithmic, by
//! history and whether the position improves), late-move and history pruning, reverse
//! futility and futility pruning, SEE pruning (see [`crate::see`]), internal iterative
//! reductions, check and singular extensions, mate-distance pruning; moves ordered by the
//! table's move, captures by victim and exchange, killers, and history with continuation
//! histories (`ordering`).
//! Several threads search the same tree and share the table (Lazy SMP). Time is spent by how
//! the iterations go (`time::Pace`): a best move that keeps changing gets more.
//!
//! The game's rules are scored inside the tree (`search::rules`): a repeated position is judged as the rules
//! would judge the cycle — perpetual check loses, and in xiangqi chases are ruled as the
//! referee rules them (`chuhan::game::cycle_winner`), otherwise a draw; the move-count rule
//! draws; in janggi the endings that go to point counting (two passes, a standing bikjang,
//! repetition, the move limit) score as the counting would decide them.
//!
//! The entry point is [`search`]; [`level_limits`] and [`level_move`] (the `levels` submodule)
//! play below full strength on top of it. Scores ([`crate::score`]) and time management
//! ([`crate::time`]) are leaves this module builds on and that never import it.

use crate::eval::Evaluate;
use crate::ordering::{bonus, piece_to, History, Picker, NO_PIECE_TO};
use crate::score::{DECISIVE, MATE, MATE_BOUND};
use crate::see::see_at_least;
pub use crate::tt::HashError;
use crate::tt::{Bound, Entry};
use chuhan::{Move, Position, Role};
use std::sync::atomic::Ordering;
use std::time::Instant;

mod correction;
mod levels;
mod limits;
mod order;
mod params;
mod probcut;
mod quiescence;
mod root;
mod rules;
mod shared;
mod smp;
mod threats;

pub(crate) use levels::weakened_choice;
pub use levels::{level_limits, level_move};
pub use limits::{Limits, Report};
pub use params::Params;
pub use shared::Shared;
use shared::ThreadMemory;
pub use smp::{search, search_unless_stopped};

pub use crate::score::MAX_PLY;
/// The static evaluation of a node in check (none is computed).
const NO_EVAL: i32 = i32::MIN / 2;
/// The depth a search on the clock stops at when the root has one legal move.
const FORCED_MOVE_DEPTH: i32 = 5;
/// Entries of each thread's evaluation cache (a power of two; 1 MiB).
const EVAL_CACHE: usize = 1 << 16;

/// Scores stored in the table are relative to the node (mates counted from it).
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The static evaluation `static_eval`, or the table's score for the node where the entry's
/// bound says the true score lies beyond it in that direction (a lower bound above it, an upper
/// bound below it, or an exact score). Mates and the rules' decisive scores are left out: they
/// are not evaluations, and a margin added to them means nothing.
fn sharpened(static_eval: i32, e: Entry, ply: usize) -> i32 {
    let s = from_tt(e.score, ply);
    let beyond = match e.bound {
        Bound::Exact => true,
        Bound::Lower => s > static_eval,
        Bound::Upper => s < static_eval,
    };
    if beyond && s.abs() < DECISIVE / 2 {
        s
    } else {
        static_eval
    }
}

/// One searching thread.
pub(crate) struct Searcher<'a> {
    pos: Position,
    shared: &'a Shared,
    eval: &'a dyn Evaluate,
    limits: Limits,
    start: Instant,
    main: bool,
    nodes: u64,
    /// Nodes already added to the shared count.
    flushed: u64,
    seldepth: usize,
    /// `checks[i]`: whether the position after the i-th move of the history is in check.
    checks: Vec<bool>,
    killers: Vec<[Option<Move>; 2]>,
    history: History,
    /// The evaluation's corrections by structure (`CorrHist`, [`correction`]).
    correction: correction::Correction,
    /// The weights of the corrections in this game, in percent (0: off).
    correction_weights: correction::Weights,
    /// `evals[ply]`: the static evaluation at `ply` (`NO_EVAL` in check), to tell whether
    /// our position is improving.
    evals: Vec<i32>,
    /// `moved[ply]`: the continuation index of the move made at `ply`.
    moved: Vec<usize>,
    /// Recent static evaluations by position key (a node and its quiescence often meet the
    /// same positions again, and the evaluation is most of a node's cost).
    eval_cache: Vec<(u64, i32)>,
    /// This search's tag for its evaluation cache entries (see [`ThreadMemory`]).
    salt: u64,
    pv: Vec<Vec<Move>>,
    generation: u8,
    stopped: bool,
    /// Whether an iteration has finished with a move to play: until then the clock and the
    /// node limit do not stop the search (only `stop` does), so there is always an answer.
    answered: bool,
    /// Root moves left out of this search (lines already found in MultiPV).
    excluded: Vec<Move>,
    /// The network's accumulators along the current line, when the evaluation is a network.
    nnue: Option<crate::network::Accumulators<'a>>,
    /// The depth of the iteration being searched (`ExtensionLimit` measures lines by it).
    iteration: i32,
}

impl<'a> Searcher<'a> {
    pub(crate) fn new(
        pos: Position,
        shared: &'a Shared,
        eval: &'a dyn Evaluate,
        limits: Limits,
        main: bool,
        memory: ThreadMemory,
    ) -> Searcher<'a> {
        // Whether each position of the game so far was in check: repetition rulings need it.
        let mut copy = pos.clone();
        let n = copy.history().len();
        let mut checks = vec![false; n];
        for i in (0..n).rev() {
            checks[i] = copy.is_check();
            copy.undo();
        }
        let generation = shared.generation.load(Ordering::Relaxed);
        let nnue = eval.network(pos.variant()).map(|net| crate::network::Accumulators::new(net, &pos));
        let ThreadMemory { history, mut eval_cache, correction } = memory;
        let correction_weights = correction::Weights {
            structure: limits.params.correction_weight(pos.variant()),
            continuation: limits.params.corr_continuation,
        };
        eval_cache.resize(EVAL_CACHE, (0, 0));
        // An odd multiplier keeps the salts of different searches apart; a stale entry then
        // matches only if its key differs from the looked-for one by exactly the salts' xor.
        let salt = shared.searches.load(Ordering::Relaxed).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        Searcher {
            pos,
            shared,
            eval,
            limits,
            start: Instant::now(),
            main,
            nodes: 0,
            flushed: 0,
            seldepth: 0,
            checks,
            killers: vec![[None; 2]; MAX_PLY + 2],
            history,
            correction,
            correction_weights,
            evals: vec![NO_EVAL; MAX_PLY + 2],
            moved: vec![NO_PIECE_TO; MAX_PLY + 2],
            eval_cache,
            salt,
            pv: vec![Vec::new(); MAX_PLY + 2],
            generation,
            stopped: false,
            answered: false,
            excluded: Vec::new(),
            nnue,
            iteration: 0,
        }
    }

    /// What this thread keeps for the next search of the game.
    fn into_memory(self) -> ThreadMemory {
        ThreadMemory { history: self.history, eval_cache: self.eval_cache, correction: self.correction }
    }

    fn should_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes >= self.flushed + 1024 {
            // Publish this thread's nodes to the shared count, then look at the limits.
            self.shared.nodes.fetch_add(self.nodes - self.flushed, Ordering::Relaxed);
            self.flushed = self.nodes;
            if self.shared.stop.load(Ordering::Relaxed) {
                self.stopped = true;
            } else if self.main {
                let elapsed = self.start.elapsed();
                let over_time = self.limits.hard.is_some_and(|h| elapsed >= h);
                let over_nodes = self.limits.nodes.is_some_and(|n| self.shared.nodes.load(Ordering::Relaxed) >= n);
                let unbounded = self.limits.infinite || self.shared.pondering.load(Ordering::Relaxed);
                // A first iteration is always finished (a move chosen by no search at all is
                // worse than a slightly late one), but not at any price: at twice the hard limit
                // the search stops without it and `search` falls back on a legal move, rather
                // than lose on time.
                let far_over_time = self.limits.hard.is_some_and(|h| elapsed >= h * 2);
                if ((over_nodes || (over_time && !unbounded)) && !self.limits.infinite && self.answered)
                    || (far_over_time && !unbounded)
                {
                    self.shared.stop.store(true, Ordering::Relaxed);
                    self.stopped = true;
                }
            }
        }
        self.stopped
    }

    fn play(&mut self, m: Move, ply: usize) -> bool {
        self.moved[ply] = piece_to(&self.pos, m);
        if let Some(acc) = &mut self.nnue {
            acc.push(&self.pos, m);
        }
        self.pos.play_unchecked(m);
        // The child's table slot and evaluation-cache slot, loaded while the move is finished.
        let key = self.pos.hash();
        self.shared.tt.prefetch(key);
        crate::tt::prefetch(&self.eval_cache[key as usize & (EVAL_CACHE - 1)]);
        let check = self.pos.is_check();
        self.checks.push(check);
        check
    }

    fn undo(&mut self) {
        self.pos.undo();
        if let Some(acc) = &mut self.nnue {
            acc.pop();
        }
        self.checks.pop();
    }

    /// The static evaluation for the side to move at `ply` with the correction `CorrHist` has
    /// learnt for positions like this one added (none while the switch is off).
    fn evaluate(&mut self, ply: usize) -> i32 {
        self.uncorrected() + self.correction(ply)
    }

    /// The continuation index of the move made `back` plies before the node at `ply`
    /// ([`NO_PIECE_TO`] before the root: moves of the game so far are not known here).
    #[inline]
    fn moved_before(&self, ply: usize, back: usize) -> usize {
        if ply >= back {
            self.moved[ply - back]
        } else {
            NO_PIECE_TO
        }
    }

    /// Where this position at `ply` is in the correction tables: by its pieces and by the
    /// two moves that led to it.
    #[inline]
    fn correction_slots(&self, ply: usize) -> correction::Slots {
        let last = [self.moved_before(ply, 2), self.moved_before(ply, 1)];
        correction::Slots::of(&self.pos, self.correction_weights, last)
    }

    /// What the correction history adds to the static evaluation at `ply` (`CorrHist` in
    /// xiangqi, `CorrHistJanggi` in janggi, `CorrContinuation` in both; 0 while they are off).
    #[inline]
    fn correction(&self, ply: usize) -> i32 {
        if self.correction_weights.any() {
            self.correction.get(self.correction_slots(ply), self.correction_weights)
        } else {
            0
        }
    }

    /// The static evaluation for the side to move, from the cache when it has it.
    fn uncorrected(&mut self) -> i32 {
        let key = self.pos.hash();
        let slot = &mut self.eval_cache[key as usize & (EVAL_CACHE - 1)];
        let key = key ^ self.salt;
        if slot.0 == key {
            let score = slot.1;
            return self.faded(score);
        }
        let score = match &mut self.nnue {
            Some(acc) => acc.evaluate(&self.pos),
            None => self.eval.evaluate(&self.pos),
        };
        *slot = (key, score);
        self.faded(score)
    }

    /// `score` faded toward a draw by the `EvalFade` switch: the closer the xiangqi move limit,
    /// the less a lead that has not been turned into a capture is worth (the cache holds the
    /// unfaded score, since the clock is not in the key). Janggi's limit goes to counting, not
    /// a draw, so its scores are left alone.
    fn faded(&self, score: i32) -> i32 {
        let fade = self.limits.params.eval_fade as i64;
        let limit = 2 * self.limits.move_limit as i64;
        if fade == 0 || limit == 0 || self.pos.variant() == chuhan::Variant::Janggi {
            return score;
        }
        let clock = (self.pos.halfmove_clock() as i64).min(limit);
        let full = 100 * limit;
        (score as i64 * (full - fade * clock) / full) as i32
    }

    /// Fills `moves` with the legal moves of the node at `ply` but `skip` (at the root, only
    /// those the limits allow and MultiPV has not already taken).
    fn generate(&self, moves: &mut Picker, ply: usize, skip: Option<Move>) {
        self.pos.for_each_legal(|from, targets| targets.for_each(|to| moves.push(Move::new(from, to))));
        if ply == 0 {
            moves.retain(|m| self.limits.allows(*m) && !self.excluded.contains(m));
        }
        if let Some(s) = skip {
            moves.retain(|&m| m != s);
        }
    }

    /// The alpha-beta search of the node at `ply` to `depth`; `skip` is a move left out (the
    /// table's move, while a singular-extension search asks whether any other move comes close).
    ///
    /// `cut_node` is the search's guess that the node will fail high (an expected cut node):
    /// a child searched after a reduction is one, a null-window child searched at full depth
    /// gets the opposite of its parent's guess, and a node on the principal variation never
    /// is. Late moves at such a node are reduced more: one of the first moves should cut.
    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        allow_null: bool,
        cut_node: bool,
        skip: Option<Move>,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        self.pv[ply].clear();
        if ply > 0 {
            if self.should_stop() {
                return 0;
            }
            if let Some(score) = self.rule_score(ply) {
                return score;
            }
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        let in_check = self.checks.last().copied().unwrap_or_else(|| self.pos.is_check());
        if in_check
            && ply < MAX_PLY / 2
            && self.limits.params.extends_check(depth)
            && self.limits.params.may_extend(depth, ply, self.iteration)
        {
            depth += 1;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(alpha, beta, ply, 0);
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);

        let key = self.pos.hash();
        let entry = if skip.is_none() { self.shared.tt.probe(key) } else { None };
        let tt_move = entry.and_then(|e| e.mv);
        if let Some(e) = entry {
            if !pv_node && ply > 0 && e.depth >= depth {
                let s = from_tt(e.score, ply);
                if e.bound.cuts(s, alpha, beta) {
                    return s;
                }
            }
        }

        // Janggi: a pass would end the game here (bikjang, or after the opponent's pass) and
        // the counting favours us enough: the pass is as good as a cut. Looked at before any
        // pruning, which would otherwise skim over the pass as a late quiet move.
        if ply > 0 && !in_check && self.pos.pass_would_end_game() {
            let settled = self.counting(ply + 1);
            if settled >= beta {
                return settled;
            }
        }
        // The evaluation as the network (or the hand-written one) gives it, and as `CorrHist`
        // corrects it: the prunings read the second, the correction learns from the first.
        let raw_eval = if in_check { NO_EVAL } else { self.uncorrected() };
        let static_eval = if in_check { NO_EVAL } else { raw_eval + self.correction(ply) };
        self.evals[ply] = static_eval;
        // Improving: better than at our previous turn (or no way to tell).
        let improving = !in_check && (ply < 2 || self.evals[ply - 2] == NO_EVAL || static_eval > self.evals[ply - 2]);
        // The guess the prunings below start from: the static evaluation, or (`TtEval`) the
        // table's score where its bound says the true score lies beyond the static one.
        let eval = match entry {
            Some(e) if !in_check && self.limits.params.tt_eval != 0 => sharpened(static_eval, e, ply),
            _ => static_eval,
        };
        let mut mate_threat = false;
        if !pv_node && !in_check && ply > 0 && skip.is_none() {
            // Reverse futility: far enough above beta that a shallow search will not fall back.
            let p = &self.limits.params;
            if depth <= p.rfp_depth
                && eval - p.rfp_margin * (depth - improving as i32) >= beta
                && beta.abs() < MATE_BOUND
            {
                return eval;
            }
            // Null move: give the opponent a free move; if we still beat beta, prune. (In janggi
            // this is a search-only null move, not a pass the rules would count.)
            let us = self.pos.turn();
            let has_pieces = [Role::Chariot, Role::Horse, Role::Cannon].iter().any(|&r| self.pos.pieces(us, r).any());
            if allow_null && depth >= 3 && eval >= beta && beta.abs() < MATE_BOUND && has_pieces {
                // Deeper nodes and a bigger surplus over beta can afford a shallower check.
                let p = &self.limits.params;
                let r = p.nmp_base + depth / p.nmp_depth_divisor + ((eval - beta) / p.nmp_eval_divisor).min(2);
                self.moved[ply] = NO_PIECE_TO;
                self.pos.play_null();
                if let Some(acc) = &mut self.nnue {
                    acc.push_null();
                }
                self.checks.push(false);
                let score = -self.search(-beta, -beta + 1, depth - 1 - r, ply + 1, false, !cut_node, None);
                self.undo();
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    return if score > MATE_BOUND { beta } else { score };
                }
                // Passing would get us mated: the opponent threatens mate. Look one ply deeper
                // (the defence is often a quiet move the reductions would skim over).
                if score < -MATE_BOUND && ply < MAX_PLY / 2 && self.limits.params.may_extend(depth, ply, self.iteration)
                {
                    mate_threat = true;
                    depth += 1;
                }
            }
        }
        // ProbCut: a capture that beats beta by a margin in a search four plies shallower
        // will almost surely beat beta in the full one (unless the table already says the
        // node falls short of that).
        let probcut = self.limits.params.probcut;
        if probcut != 0
            && !pv_node
            && !in_check
            && ply > 0
            && skip.is_none()
            && !mate_threat
            && depth >= 5
            && beta.abs() < MATE_BOUND
        {
            let probcut_beta = beta + probcut;
            let short = entry.is_some_and(|e| e.depth >= depth - 3 && from_tt(e.score, ply) < probcut_beta);
            if !short {
                let cut = self.probcut(probcut_beta, static_eval, depth, ply, cut_node, tt_move);
                if self.stopped {
                    return 0;
                }
                if let Some(score) = cut {
                    return score;
                }
            }
        }
        // No move from the table: a node the search has not seen, probably less important
        // than the guess made of it. Search it a little shallower (internal iterative reduction).
        if tt_move.is_none() && depth >= 4 && skip.is_none() && !mate_threat {
            depth -= 1;
        }

        // Singular extension: when the table's move is far better than every other (they all
        // fail low well under its score), the line hangs on it; search it one ply deeper.
        let mut singular_extension = 0;
        if let (Some(e), Some(m)) = (entry, tt_move) {
            if ply > 0
                && depth >= self.limits.params.singular_depth
                && e.depth >= depth - 3
                && e.bound != Bound::Upper
                && from_tt(e.score, ply).abs() < MATE_BOUND
            {
                let singular_beta = from_tt(e.score, ply) - self.limits.params.singular_margin * depth;
                let score =
                    self.search(singular_beta - 1, singular_beta, (depth - 1) / 2, ply, false, cut_node, Some(m));
                if self.stopped {
                    return 0;
                }
                if score < singular_beta {
                    singular_extension = self.limits.params.may_extend(depth, ply, self.iteration) as i32;
                } else if singular_beta >= beta {
                    // Another move also beats beta: this node will cut either way.
                    return singular_beta;
                } else if from_tt(e.score, ply) >= beta {
                    // Not alone, and expected to cut anyway: `SingularNegative` searches the
                    // table's move shallower.
                    singular_extension = -self.limits.params.singular_negative;
                }
                self.pv[ply].clear();
            }
        }

        let mut moves = Picker::new();
        // The table's move goes first, and below the root it is tried before the other moves
        // are generated: it often cuts, and then their generation, legality tests and order
        // are saved. When it does not, the rest are ordered after its search, by the histories
        // as that search left them.
        let mut table_first = tt_move.filter(|&m| ply > 0 && skip.is_none() && self.pos.is_legal(m));
        let mut generated = table_first.is_none();
        if generated {
            self.generate(&mut moves, ply, skip);
            if moves.is_empty() {
                // With a move left out, the node is not mated: the left-out move was legal.
                return if skip.is_some() { alpha } else { self.no_moves(in_check, ply) };
            }
            self.order(&mut moves, tt_move, ply);
        }
        let at = self.context(ply);
        let check_zone = quiescence::check_candidates(&self.pos);

        let original_alpha = alpha;
        let mut best = -MATE;
        let mut best_move = None;
        // Quiet moves searched without a cut, punished when a later quiet move cuts.
        let mut quiets_tried: [Option<Move>; 32] = [None; 32];
        let mut quiet_count = 0;
        // Likewise the captures, punished when any later move cuts.
        let mut captures_tried: [Option<Move>; 32] = [None; 32];
        let mut capture_count = 0;
        let mut i = 0;
        // Once the late moves are being pruned, the rest need no ordering: most are skipped.
        let mut skimming = false;
        loop {
            // Each move with its place in the order (a capture that loses the exchange is
            // below zero there; the table's move is above everything).
            let next = if let Some(m) = table_first.take() {
                Some((m, i32::MAX))
            } else {
                if !generated {
                    // The rest, ordered by the histories as the table move's search left them.
                    generated = true;
                    self.generate(&mut moves, ply, tt_move);
                    self.order(&mut moves, None, ply);
                }
                if skimming {
                    moves.next_any()
                } else {
                    moves.next_best_reviewed(order::exchange_review(&self.pos))
                }
            };
            let Some((m, order_score)) = next else { break };
            let capture = !m.is_pass() && self.pos.piece_at(m.to).is_some();
            let quiet = !capture;
            let extension = if Some(m) == tt_move { singular_extension } else { 0 };
            let quiet_history = if quiet { self.history.score(&at, m, piece_to(&self.pos, m)) } else { 0 };
            // The prunings near the leaves: only off the principal variation, not in check, and
            // once a move has scored better than being mated.
            let may_prune = !pv_node && !in_check && best > -MATE_BOUND;
            let p = &*self.limits.params;
            // Futility: a quiet move this far below alpha near the leaves will not help.
            let futile = may_prune
                && quiet
                && depth <= p.futility_depth
                && i > 0
                && alpha.abs() < MATE_BOUND
                && static_eval + p.futility_margin * depth <= alpha;
            // Late-move pruning: once this many moves have been tried, the quiet moves left
            // (ordered last by their histories) are not worth a search.
            let late = may_prune && quiet && depth <= p.late_move_depth && i >= p.late_move_count(depth, improving);
            // History pruning: a quiet move that has mostly failed elsewhere.
            let unpromising =
                may_prune && quiet && depth <= 3 && i > 0 && quiet_history < -p.history_prune_margin * depth;
            // SEE pruning: a move that loses too much material on its point (the exchange is
            // worked out only for a move not pruned already).
            // With `PruneChecks` the exchange is also worked out for a futile or unpromising
            // move that may check, since for a check it is the test that counts.
            let near_general = || check_zone.contains(m.from) || check_zone.contains(m.to);
            let losing = may_prune
                && !late
                && (!(futile || unpromising) || (p.prune_checks != 0 && near_general()))
                && i > 0
                && depth <= 5
                && {
                    let margin =
                        if quiet { -p.see_quiet_margin * depth * depth } else { -p.see_capture_margin * depth };
                    !see_at_least(&self.pos, m, margin)
                };
            skimming |= late;
            let prunable = futile || late || unpromising || losing;
            // A check escapes futility and history pruning (it may start a mating attack), and
            // with `PruneChecks` only those: a late check (bit 1), or one that loses material on
            // its point (bit 2), is pruned like any other move.
            let check_prunable = (p.prune_checks & 1 != 0 && late) || (p.prune_checks & 2 != 0 && losing);
            // A move that touches no point a check could come from is pruned without playing it
            // (most of the late moves near the leaves).
            if prunable && !near_general() {
                i += 1;
                continue;
            }
            let gives_check = self.play(m, ply);
            // Checks are not pruned by default: xiangqi's mating attacks are made of sacrifices
            // with check (a cannon or chariot given up on a defended point to open the palace).
            if prunable && (!gives_check || check_prunable) {
                self.undo();
                i += 1;
                continue;
            }
            let mut score;
            if i == 0 {
                // The first move: the principal variation goes on at a PV node; elsewhere a
                // null-window child of the opposite kind.
                score = -self.search(-beta, -alpha, depth - 1 + extension, ply + 1, true, !pv_node && !cut_node, None);
            } else {
                // Late, quiet moves (and with `LmrCaptures`, captures) are searched shallower
                // first.
                let mut reduction = 0;
                let p = &self.limits.params;
                // A quiet check is reduced too, off the principal variation and one ply less,
                // when `LmrChecks` says so.
                let check_reducible = gives_check && p.lmr_checks != 0 && !pv_node;
                // `LmrCaptures`: a capture that loses the exchange (1), or any capture (2).
                // (In skimming order a capture's exchange is not worked out: it counts as a
                // capture that does not lose.)
                let losing_capture = capture && order_score < 0;
                let capture_reducible = capture && p.lmr_captures >= if losing_capture { 1 } else { 2 };
                // `LmrFrom`: off the principal variation, from an earlier move.
                let first_reduced = if pv_node { 3 } else { p.lmr_from as usize };
                if depth >= 3
                    && i >= first_reduced
                    && (quiet || capture_reducible)
                    && !in_check
                    && (!gives_check || check_reducible)
                {
                    // Growing with depth and with the move's place in the order (both
                    // logarithmically); less in the principal variation and for moves that
                    // have often cut, more when our position is not getting better.
                    reduction = p.late_move_reduction(depth, i);
                    reduction += !improving as i32 - pv_node as i32 - quiet_history / p.lmr_history_divisor;
                    if cut_node {
                        reduction += p.lmr_cut_node;
                    }
                    reduction -= gives_check as i32;
                    // A capture that does not lose the exchange is reduced a ply less.
                    reduction -= (capture && !losing_capture) as i32;
                    reduction = reduction.clamp(0, depth - 2);
                }
                let child = depth - 1 + extension;
                score = if reduction > 0 {
                    -self.search(-alpha - 1, -alpha, child - reduction, ply + 1, true, true, None)
                } else {
                    -self.search(-alpha - 1, -alpha, child, ply + 1, true, !cut_node, None)
                };
                if score > alpha && reduction > 0 {
                    // `LmrDeeper`: how far the reduced search beat the best move so far says
                    // whether the full depth is enough (Stockfish's "do deeper / shallower").
                    let full = child + self.limits.params.research_adjustment(score, best, child);
                    if full > child - reduction {
                        score = -self.search(-alpha - 1, -alpha, full, ply + 1, true, !cut_node, None);
                    }
                }
                if score > alpha && score < beta {
                    score = -self.search(-beta, -alpha, child, ply + 1, true, false, None);
                }
            }
            self.undo();
            if self.stopped {
                return 0;
            }
            i += 1;
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    let mut line = vec![m];
                    line.extend(self.pv[ply + 1].iter().copied());
                    self.pv[ply] = line;
                    if score >= beta {
                        let b = bonus(depth);
                        // Learnt only while the order uses it (off, it would be work for nothing).
                        if self.limits.params.capture_history != 0 {
                            if capture {
                                self.reward_capture(m, b);
                            }
                            for c in captures_tried[..capture_count].iter().flatten() {
                                self.reward_capture(*c, -b);
                            }
                        }
                        if quiet {
                            if self.killers[ply][0] != Some(m) {
                                self.killers[ply][1] = self.killers[ply][0];
                                self.killers[ply][0] = Some(m);
                            }
                            let pt = piece_to(&self.pos, m);
                            self.history.update(&at, m, pt, b);
                            for q in quiets_tried[..quiet_count].iter().flatten() {
                                let pt = piece_to(&self.pos, *q);
                                self.history.update(&at, *q, pt, -b);
                            }
                        }
                        break;
                    }
                }
            }
            if quiet && quiet_count < quiets_tried.len() {
                quiets_tried[quiet_count] = Some(m);
                quiet_count += 1;
            } else if capture && capture_count < captures_tried.len() {
                captures_tried[capture_count] = Some(m);
                capture_count += 1;
            }
        }
        if skip.is_none() {
            let bound = Bound::of(best, original_alpha, beta);
            self.shared.tt.store(key, Entry { mv: best_move, score: to_tt(best, ply), depth, bound }, self.generation);
            // `CorrHist`: the score says how wrong the static evaluation was, when it is a score
            // of the position and not of a capture (a quiet best move, or none), and its bound
            // points the way it differs (a fail-high above the evaluation, a fail-low below).
            if self.correction_weights.any()
                && !in_check
                && best.abs() < DECISIVE / 2
                && best_move.is_none_or(|m| m.is_pass() || self.pos.piece_at(m.to).is_none())
                && match bound {
                    Bound::Lower => best > static_eval,
                    Bound::Upper => best < static_eval,
                    Bound::Exact => true,
                }
            {
                self.correction.learn(self.correction_slots(ply), depth, best - raw_eval);
            }
        }
        best
    }
}
