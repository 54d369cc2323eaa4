//! The search: iterative deepening over a principal-variation alpha-beta search.
//!
//! PVS with aspiration windows, a shared transposition table, quiescence over captures (and
//! every evasion when in check), null-move pruning, late-move reductions, reverse futility and
//! futility pruning, killer and history move ordering, check extensions and mate-distance
//! pruning. Several threads search the same tree and share the table (Lazy SMP).
//!
//! The game's rules are scored inside the tree: a repeated position is judged as the rules
//! would judge the cycle — the side that gave check on every move of it loses, otherwise it
//! is a draw (chases are not yet detected in search); the move-count rule draws; in janggi
//! the endings that go to point counting (two passes, a standing bikjang, repetition, the move
//! limit) score as the counting would decide them.

use crate::eval::{piece_value, Evaluate};
use crate::tt::{Bound, Entry, Table};
use chuhan::game::{cycle_winner, janggi_points};
use chuhan::{Move, Position, Role, Variant, XiangqiRules};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// A mate score: mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1000;
/// A game decided by the rules without mate (perpetual check, janggi counting).
pub const DECISIVE: i32 = 20000;
/// The deepest ply the search goes.
pub const MAX_PLY: usize = 128;

/// When to stop.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<i32>,
    pub nodes: Option<u64>,
    /// Stop after this long (a hard limit).
    pub hard: Option<Duration>,
    /// Do not start a new iteration after this long.
    pub soft: Option<Duration>,
    /// Stop once a mate in this many moves is found.
    pub mate: Option<i32>,
    /// Search only these root moves (UCI `searchmoves`), if not empty.
    pub only: Vec<Move>,
    /// Never play these root moves (UCCI `banmoves`).
    pub banned: Vec<Move>,
    /// Search until told to stop (`infinite`, pondering).
    pub infinite: bool,
    /// Limits on the rules: moves without capture that end the game (plies = 2 × this).
    pub move_limit: u32,
    /// How many best lines to report (MultiPV); the first is the one played.
    pub multipv: usize,
    /// How xiangqi repetitions are judged (perpetual check and chase lose under AXF).
    pub rules: XiangqiRules,
}

/// What one finished iteration found.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// 1 for the best line, 2 for the second best, … (MultiPV).
    pub multipv: usize,
    pub depth: i32,
    pub seldepth: i32,
    pub score: i32,
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: Vec<Move>,
    pub hashfull: usize,
}

/// State shared by the search threads.
pub struct Shared {
    pub tt: Table,
    pub stop: AtomicBool,
    pub nodes: AtomicU64,
    pub generation: std::sync::atomic::AtomicU8,
    /// Pondering: search as if `infinite` until `ponderhit` clears it.
    pub pondering: AtomicBool,
}

impl Shared {
    pub fn new(hash_mb: usize) -> Shared {
        Shared {
            tt: Table::new(hash_mb),
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            generation: std::sync::atomic::AtomicU8::new(0),
            pondering: AtomicBool::new(false),
        }
    }
}

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

/// Moves with ordering scores, on the stack: search makes one per node, so no allocation.
struct ScoredMoves {
    moves: [(Move, i32); chuhan::mv::MAX_MOVES],
    len: usize,
}

impl ScoredMoves {
    fn new() -> ScoredMoves {
        let a0 = chuhan::Square::ALL[0];
        ScoredMoves { moves: [(Move::new(a0, a0), 0); chuhan::mv::MAX_MOVES], len: 0 }
    }

    fn push(&mut self, m: Move) {
        self.moves[self.len] = (m, 0);
        self.len += 1;
    }

    fn retain(&mut self, keep: impl Fn(&Move) -> bool) {
        let mut n = 0;
        for i in 0..self.len {
            if keep(&self.moves[i].0) {
                self.moves[n] = self.moves[i];
                n += 1;
            }
        }
        self.len = n;
    }

    fn as_mut_slice(&mut self) -> &mut [(Move, i32)] {
        &mut self.moves[..self.len]
    }

    fn as_slice(&self) -> &[(Move, i32)] {
        &self.moves[..self.len]
    }
}

/// One searching thread.
pub struct Searcher<'a> {
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
    history: Vec<i32>,
    pv: Vec<Vec<Move>>,
    generation: u8,
    stopped: bool,
    /// Root moves left out of this search (lines already found in MultiPV).
    excluded: Vec<Move>,
}

impl<'a> Searcher<'a> {
    pub fn new(pos: Position, shared: &'a Shared, eval: &'a dyn Evaluate, limits: Limits, main: bool) -> Searcher<'a> {
        // Whether each position of the game so far was in check: repetition rulings need it.
        let mut copy = pos.clone();
        let n = copy.history().len();
        let mut checks = vec![false; n];
        for i in (0..n).rev() {
            checks[i] = copy.is_check();
            copy.undo();
        }
        let generation = shared.generation.load(Ordering::Relaxed);
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
            history: vec![0; 90 * 90],
            pv: vec![Vec::new(); MAX_PLY + 2],
            generation,
            stopped: false,
            excluded: Vec::new(),
        }
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
                let over_time = self.limits.hard.is_some_and(|h| self.start.elapsed() >= h);
                let over_nodes = self.limits.nodes.is_some_and(|n| self.shared.nodes.load(Ordering::Relaxed) >= n);
                let unbounded = self.limits.infinite || self.shared.pondering.load(Ordering::Relaxed);
                if (over_nodes || (over_time && !unbounded)) && !self.limits.infinite {
                    self.shared.stop.store(true, Ordering::Relaxed);
                    self.stopped = true;
                }
            }
        }
        self.stopped
    }

    /// The score the rules give a position that ended by point counting, for the side to move.
    fn counting(&self, ply: usize) -> i32 {
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
    fn rule_score(&mut self, ply: usize) -> Option<i32> {
        let history = self.pos.history();
        let n = history.len();
        let key = self.pos.hash();
        // Repetition: the same position with the same side to move, since the last capture.
        let mut k = n;
        while k > 0 {
            k -= 1;
            let played = &history[k];
            // Nothing before a capture can repeat; nor across a null move of the search.
            if played.captured.is_some() || played.null {
                break;
            }
            if (n - k) % 2 == 0 && played.hash_before == key {
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
                        self.pos.play(m);
                    }
                    winner
                };
                return Some(match winner {
                    Some(side) if side == self.pos.turn() => DECISIVE - ply as i32,
                    Some(_) => -DECISIVE + ply as i32,
                    None => 0,
                });
            }
        }
        if self.limits.move_limit > 0 && self.pos.halfmove_clock() >= 2 * self.limits.move_limit {
            return Some(if self.pos.variant() == Variant::Janggi { self.counting(ply) } else { 0 });
        }
        None
    }

    /// The score of a position with no legal move for the side to move.
    fn no_moves(&self, in_check: bool, ply: usize) -> i32 {
        if self.pos.variant() == Variant::Janggi && !in_check {
            // Janggi never runs out of moves but by the game ending: two passes or a pass in
            // bikjang, both settled by counting.
            self.counting(ply)
        } else {
            -MATE + ply as i32
        }
    }

    fn play(&mut self, m: Move) -> bool {
        self.pos.play(m);
        let check = self.pos.is_check();
        self.checks.push(check);
        check
    }

    fn undo(&mut self) {
        self.pos.undo();
        self.checks.pop();
    }

    fn captured_value(&self, m: Move) -> i32 {
        if m.is_pass() {
            return 0;
        }
        self.pos.piece_at(m.to).map_or(0, |p| piece_value(self.pos.variant(), p.role))
    }

    /// Orders moves: the table's move, captures by most valuable victim then least valuable
    /// attacker, killers, then by history.
    fn order(&self, moves: &mut [(Move, i32)], tt_move: Option<Move>, ply: usize) {
        let v = self.pos.variant();
        for (m, score) in moves.iter_mut() {
            *score = if Some(*m) == tt_move {
                1 << 30
            } else if let Some(victim) = (!m.is_pass()).then(|| self.pos.piece_at(m.to)).flatten() {
                let attacker = self.pos.piece_at(m.from).map_or(0, |p| piece_value(v, p.role));
                (1 << 28) + 16 * piece_value(v, victim.role) - attacker / 16
            } else if self.killers[ply][0] == Some(*m) {
                1 << 27
            } else if self.killers[ply][1] == Some(*m) {
                (1 << 27) - 1
            } else {
                self.history[m.from.index() * 90 + m.to.index()]
            };
        }
        moves.sort_unstable_by_key(|m| std::cmp::Reverse(m.1));
    }

    fn quiesce(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.should_stop() {
            return 0;
        }
        let in_check = self.checks.last().copied().unwrap_or_else(|| self.pos.is_check());
        if ply >= MAX_PLY {
            return self.eval.evaluate(&self.pos);
        }
        let mut best = -MATE + ply as i32;
        let mut moves = ScoredMoves::new();
        if in_check {
            self.pos.for_each_legal(|from, targets| targets.for_each(|to| moves.push(Move::new(from, to))));
            if moves.len == 0 {
                return self.no_moves(true, ply);
            }
        } else {
            let stand = self.eval.evaluate(&self.pos);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
            let enemy = self.pos.side_pieces(!self.pos.turn());
            self.pos.for_each_legal(|from, targets| (targets & enemy).for_each(|to| moves.push(Move::new(from, to))));
            if moves.len == 0 {
                return stand;
            }
        }
        self.order(moves.as_mut_slice(), None, ply.min(MAX_PLY));
        for &(m, _) in moves.as_slice() {
            if !in_check {
                let victim = self.captured_value(m);
                // Delta pruning: even winning the piece would not reach alpha.
                if best + victim + 200 < alpha {
                    continue;
                }
                // A bad capture: a more valuable piece takes a defended one.
                let attacker = self.pos.piece_at(m.from).map_or(0, |p| piece_value(self.pos.variant(), p.role));
                if attacker > victim + 50 && self.pos.attackers_of(m.to, !self.pos.turn()).any() {
                    continue;
                }
            }
            self.play(m);
            let score = -self.quiesce(-beta, -alpha, ply + 1);
            self.undo();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    fn search(&mut self, mut alpha: i32, mut beta: i32, mut depth: i32, ply: usize, allow_null: bool) -> i32 {
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
        if in_check && ply < MAX_PLY / 2 {
            depth += 1;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(alpha, beta, ply);
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);

        let key = self.pos.hash();
        let entry = self.shared.tt.probe(key);
        let tt_move = entry.and_then(|e| e.mv);
        if let Some(e) = entry {
            if !pv_node && ply > 0 && e.depth >= depth {
                let s = from_tt(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }

        let static_eval = if in_check { -MATE } else { self.eval.evaluate(&self.pos) };
        if !pv_node && !in_check && ply > 0 {
            // Reverse futility: far enough above beta that a shallow search will not fall back.
            if depth <= 6 && static_eval - 90 * depth >= beta && beta.abs() < MATE_BOUND {
                return static_eval;
            }
            // Null move: give the opponent a free move; if we still beat beta, prune. (In janggi
            // this is a search-only null move, not a pass the rules would count.)
            let us = self.pos.turn();
            let has_pieces = [Role::Chariot, Role::Horse, Role::Cannon].iter().any(|&r| self.pos.pieces(us, r).any());
            if allow_null && depth >= 3 && static_eval >= beta && beta.abs() < MATE_BOUND && has_pieces {
                let r = 3 + depth / 6;
                self.pos.play_null();
                self.checks.push(false);
                let score = -self.search(-beta, -beta + 1, depth - 1 - r, ply + 1, false);
                self.undo();
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    return if score > MATE_BOUND { beta } else { score };
                }
            }
        }

        let mut moves = ScoredMoves::new();
        self.pos.for_each_legal(|from, targets| targets.for_each(|to| moves.push(Move::new(from, to))));
        if ply == 0 {
            if !self.limits.only.is_empty() {
                moves.retain(|m| self.limits.only.contains(m));
            }
            moves.retain(|m| !self.limits.banned.contains(m) && !self.excluded.contains(m));
        }
        if moves.len == 0 {
            return self.no_moves(in_check, ply);
        }
        self.order(moves.as_mut_slice(), tt_move, ply);

        let original_alpha = alpha;
        let mut best = -MATE;
        let mut best_move = None;
        for (i, &(m, _)) in moves.as_slice().iter().enumerate() {
            let capture = !m.is_pass() && self.pos.piece_at(m.to).is_some();
            let quiet = !capture;
            // Futility: a quiet move this far below alpha near the leaves will not help.
            if !pv_node
                && !in_check
                && quiet
                && depth <= 2
                && i > 0
                && best > -MATE_BOUND
                && alpha.abs() < MATE_BOUND
                && static_eval + 150 * depth <= alpha
            {
                continue;
            }
            let gives_check = self.play(m);
            let mut score;
            if i == 0 {
                score = -self.search(-beta, -alpha, depth - 1, ply + 1, true);
            } else {
                // Late, quiet moves are searched shallower first.
                let mut reduction = 0;
                if depth >= 3 && i >= 3 && quiet && !in_check && !gives_check {
                    reduction = 1 + (depth >= 6) as i32 + (i >= 10) as i32;
                    if pv_node {
                        reduction -= 1;
                    }
                }
                score = -self.search(-alpha - 1, -alpha, depth - 1 - reduction, ply + 1, true);
                if score > alpha && reduction > 0 {
                    score = -self.search(-alpha - 1, -alpha, depth - 1, ply + 1, true);
                }
                if score > alpha && score < beta {
                    score = -self.search(-beta, -alpha, depth - 1, ply + 1, true);
                }
            }
            self.undo();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    let mut line = vec![m];
                    line.extend(self.pv[ply + 1].iter().copied());
                    self.pv[ply] = line;
                    if score >= beta {
                        if quiet {
                            if self.killers[ply][0] != Some(m) {
                                self.killers[ply][1] = self.killers[ply][0];
                                self.killers[ply][0] = Some(m);
                            }
                            let h = &mut self.history[m.from.index() * 90 + m.to.index()];
                            *h = (*h + depth * depth).min(1 << 20);
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.tt.store(key, Entry { mv: best_move, score: to_tt(best, ply), depth, bound }, self.generation);
        best
    }

    /// One aspiration-window search of the root at `depth` around `guess`.
    fn aspirate(&mut self, depth: i32, guess: i32) -> i32 {
        let mut window = 30;
        let (mut alpha, mut beta) = if depth >= 5 { (guess - window, guess + window) } else { (-MATE, MATE) };
        loop {
            let s = self.search(alpha, beta, depth, 0, false);
            // A full window cannot fail: return (a mated root scores exactly -MATE, which
            // would otherwise "fail low" against -MATE for ever).
            if self.stopped || (alpha <= -MATE && beta >= MATE) {
                return s;
            }
            if s <= alpha {
                alpha = (s - window).max(-MATE);
            } else if s >= beta {
                beta = (s + window).min(MATE);
            } else {
                return s;
            }
            window *= 3;
        }
    }

    /// Searches with iterative deepening; calls `report` for each line of each finished
    /// iteration (main thread only) and returns the best line of the last finished one.
    pub fn think(&mut self, mut report: impl FnMut(&Report)) -> Report {
        let max_depth = self.limits.depth.unwrap_or(MAX_PLY as i32 - 4).min(MAX_PLY as i32 - 4);
        let lines = if self.main { self.limits.multipv.max(1) } else { 1 };
        let mut best = Report::default();
        let mut guesses = vec![0; lines];
        let first_depth = if self.main { 1 } else { 2 };
        for depth in first_depth..=max_depth {
            self.excluded.clear();
            let mut found = Vec::new();
            for (k, guess) in guesses.iter_mut().enumerate() {
                self.seldepth = 0;
                let score = self.aspirate(depth, *guess);
                if self.stopped || self.pv[0].is_empty() {
                    break;
                }
                *guess = score;
                self.excluded.push(self.pv[0][0]);
                found.push(Report {
                    multipv: k + 1,
                    depth,
                    seldepth: self.seldepth as i32,
                    score,
                    nodes: self.shared.nodes.load(Ordering::Relaxed) + (self.nodes - self.flushed),
                    elapsed: self.start.elapsed(),
                    pv: self.pv[0].clone(),
                    hashfull: self.shared.tt.hashfull(self.generation),
                });
            }
            // Best line first (a later line can score higher than an earlier one's bound).
            found.sort_by_key(|r| std::cmp::Reverse(r.score));
            for (k, r) in found.iter_mut().enumerate() {
                r.multipv = k + 1;
            }
            // An iteration cut short keeps the previous best unless its first line finished.
            if let Some(first) = found.first() {
                best = first.clone();
                if self.main {
                    found.iter().for_each(&mut report);
                }
            }
            if self.stopped {
                break;
            }
            if found.is_empty() && best.pv.is_empty() {
                // No legal move at the root: nothing deeper will change that.
                best.score = self.search(-MATE, MATE, 1, 0, false);
                break;
            }
            if let Some(n) = self.limits.mate {
                if best.score > MATE_BOUND && (MATE - best.score + 1) / 2 <= n {
                    break;
                }
            }
            let unbounded = self.limits.infinite || self.shared.pondering.load(Ordering::Relaxed);
            if !unbounded && self.limits.soft.is_some_and(|s| self.start.elapsed() >= s) {
                break;
            }
        }
        self.excluded.clear();
        best
    }

    /// Nodes this thread searched.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }
}

/// Searches `pos` with `threads` threads until the limits; returns the main thread's report.
pub fn search(
    pos: &Position,
    shared: &Shared,
    eval: &dyn Evaluate,
    limits: &Limits,
    threads: usize,
    report: impl FnMut(&Report) + Send,
) -> Report {
    shared.stop.store(false, Ordering::Relaxed);
    shared.nodes.store(0, Ordering::Relaxed);
    shared.generation.fetch_add(1, Ordering::Relaxed);
    std::thread::scope(|scope| {
        for _ in 1..threads.max(1) {
            let pos = pos.clone();
            let limits = limits.clone();
            scope.spawn(move || {
                let mut helper = Searcher::new(pos, shared, eval, limits, false);
                helper.think(|_| {});
            });
        }
        let mut main = Searcher::new(pos.clone(), shared, eval, limits.clone(), true);
        let result = main.think(report);
        shared.stop.store(true, Ordering::Relaxed);
        result
    })
}

/// The line a weakened engine plays: the best score after adding noise up to a weakness that
/// grows as the skill falls (200 centipawns per missing level at most).
pub fn weakened_choice(lines: &[Report], skill: u32) -> Option<Report> {
    let weakness = (20 - skill as i64) * 20;
    let mut seed =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(7, |d| d.as_nanos() as u64) | 1;
    let mut noise = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % (weakness as u64 + 1)) as i64
    };
    lines.iter().max_by_key(|r| r.score as i64 + noise()).cloned()
}

/// Limits for playing at `level` (1 = beginner … 20 = full strength) within `budget`: below 20
/// a shallower search over several lines, from which [`level_move`] picks with noise.
pub fn level_limits(level: u32, budget: Duration) -> Limits {
    let level = level.clamp(1, 20);
    let budget = budget.max(Duration::from_millis(50));
    let mut limits = Limits { move_limit: 60, soft: Some(budget / 2), hard: Some(budget), ..Limits::default() };
    if level < 20 {
        limits.depth = Some(1 + level as i32 / 2);
        limits.multipv = 4;
    }
    limits
}

/// Searches `pos` with `limits` (from [`level_limits`]) and returns the move a player of `level`
/// makes: the best line at full strength, a noisy choice among the lines below it.
pub fn level_move(pos: &Position, shared: &Shared, eval: &dyn Evaluate, limits: &Limits, level: u32) -> Option<Move> {
    let mut lines: Vec<Report> = Vec::new();
    let result = search(pos, shared, eval, limits, 1, |r| {
        if r.multipv == 1 {
            lines.clear();
        }
        lines.push(r.clone());
    });
    let chosen = if level < 20 { weakened_choice(&lines, level.clamp(1, 20)).unwrap_or(result) } else { result };
    chosen.pv.first().copied()
}
