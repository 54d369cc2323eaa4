//! Puzzles: positions from real games where the side to move has **one** winning move, with
//! the solution played until the win is clear.
//!
//! [`find`] works in three steps, each with the engine:
//!
//! 1. **Scan.** The game is reviewed ([`crate::review`]) at a small node count. A move that
//!    gave away at least a mistake's worth of winning chances ([`MISTAKE`]) and left the
//!    opponent likely to win ([`Settings::candidate_win`]) makes the position after it a
//!    candidate.
//! 2. **Confirm.** The candidate is searched deeper ([`Settings::nodes`]) for its two best
//!    moves. It is a puzzle only when the best one's win probability (by the review's fitted
//!    curve) is at least [`Settings::win`] and the second best's is lower by at least
//!    [`Settings::margin`].
//! 3. **Solve.** The best move is played, then the opponent's best defence, then the solver's
//!    best move again — each of the solver's moves checked the same way for a second move
//!    that wins as well. The solution stops when the win is clear: a mate, or a gain of
//!    material of at least a horse ([`themes::decisive_gain`]) that the opponent's best reply
//!    does not win back while the engine still sees the solver winning. Where a later move of
//!    the solver has an equally good alternative, the solution is cut before it: it ends with
//!    the solver's move before, if the engine sees the solver winning there (else the
//!    candidate is dropped). A candidate whose win is not clear within
//!    [`Settings::max_moves`] of the solver's moves is dropped.
//!
//! 4. **Verify.** The finished puzzle is searched once more, deeper ([`Settings::verify_nodes`])
//!    and with a transposition table of its own ([`verify`]): the first move must still be the
//!    best, win by the margin ([`Settings::advantage_win`] when the only gain is the
//!    advantage), and the solver must still win clearly at the end of the solution
//!    ([`Settings::end_win`]). About half the solved candidates of the master games fail here;
//!    of those that pass, Fairy-Stockfish agrees on 97–98 % (BENCHMARKS.md, "Puzzles").
//!
//! Each puzzle then gets its [`Theme`]s (by rules on the board, [`themes::themes`]) and a
//! first rating: how many nodes the engine needs to find the first move, one step of 250
//! points per quadrupling from 64 nodes (800) to 16,384 (1,800; 2,050 when not found even
//! there), plus 120 for each further move of the solver, at most 2,600. The rating then moves
//! by Glicko-2 as players try it.
//!
//! ```
//! use chuhan::{Move, Position, Variant};
//! use chuhan_engine::eval::Classic;
//! use chuhan_engine::puzzle::{find, Settings};
//!
//! // Red unguards its horse on h0: black to move has one winning move, the cannon takes
//! // it.
//! let start = Position::new(Variant::Xiangqi);
//! let moves: Vec<Move> = ["i0i1", "b9c7"].iter().map(|m| m.parse().unwrap()).collect();
//! // Short searches, and a horse won in the opening is enough (the default asks a clearer win).
//! let settings = Settings {
//!     scan_nodes: 2000,
//!     nodes: 8000,
//!     verify_nodes: 20_000,
//!     verify_margin: 0.30,
//!     end_win: 0.85,
//!     min_ply: 0,
//!     ..Settings::default()
//! };
//! let puzzles = find(&start, &moves, &Classic, &settings)?;
//! assert_eq!(puzzles.len(), 1);
//! assert_eq!(puzzles[0].solution[0].to_string(), "h7h0");
//! println!("{} {:?} rated {}", puzzles[0].position.to_fen(), puzzles[0].themes, puzzles[0].rating);
//! # Ok::<(), chuhan_engine::review::ReviewError>(())
//! ```

pub mod themes;
mod verify;

pub use themes::{Theme, UnknownTheme};
pub use verify::{verify, Check, Rejection};

use crate::eval::Evaluate;
use crate::review::{self, win_probability, ReviewError, MISTAKE};
use crate::search::{search, Limits, Report, Shared};
use chuhan::game::{Game, Rules};
use chuhan::{Move, Position, Variant};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// How hard to look, and what counts as one winning move.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Nodes a position in the scan of the whole game.
    pub scan_nodes: u64,
    /// Nodes a search when a candidate is confirmed and solved (each line of two).
    pub nodes: u64,
    /// The least win probability (0–1) of the best move.
    pub win: f64,
    /// The least win probability the quick scan must see for the side to move after a mistake
    /// for the position to be confirmed (lower than [`Settings::win`]: the scan's search is
    /// short, and the deeper one often sees more).
    pub candidate_win: f64,
    /// The least gap in win probability between the best move and the second best.
    pub margin: f64,
    /// Nodes of the last, deeper check of each puzzle found ([`verify`]); 0: no such check.
    pub verify_nodes: u64,
    /// The least win probability of the first move of an [`Theme::Advantage`] puzzle at that
    /// check (a puzzle with neither mate nor material must show a clearer win).
    pub advantage_win: f64,
    /// The least gap between the best move and the second best at that check (wider than
    /// [`Settings::margin`]: where the deeper search still sees the second best near, another
    /// engine often sees it as good as the first).
    pub verify_margin: f64,
    /// The least win probability the solver must keep at the end of the solution at that check
    /// (higher than [`Settings::win`]: where the engine's deeper look still hesitates, another
    /// engine often sees no clear win at all; BENCHMARKS.md, "Puzzles").
    pub end_win: f64,
    /// The most moves of the solver in a solution.
    pub max_moves: usize,
    /// Plies of the game before any candidate (its opening is known theory).
    pub min_ply: usize,
    /// The transposition table, MiB.
    pub hash_mb: usize,
    /// The rules the game is judged by; `None`: the game's default rules.
    pub rules: Option<Rules>,
    /// Set it (from any thread) to stop: [`find`] then answers [`ReviewError::Cancelled`].
    pub stop: Option<Arc<AtomicBool>>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            scan_nodes: 3_000,
            nodes: 60_000,
            win: 0.85,
            candidate_win: 0.70,
            margin: 0.30,
            verify_nodes: 250_000,
            advantage_win: 0.90,
            verify_margin: 0.40,
            end_win: 0.95,
            max_moves: 6,
            min_ply: 12,
            hash_mb: 16,
            rules: None,
            stop: None,
        }
    }
}

/// A position where the side to move has one winning move, and how the win goes on.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// The position, the solver to move (no history: it stands on its own, as its FEN).
    pub position: Position,
    /// The solver's moves and the opponent's best replies, the solver's first; it ends with a
    /// move of the solver.
    pub solution: Vec<Move>,
    /// What it is about.
    pub themes: Vec<Theme>,
    /// Its first rating (Glicko-2 scale).
    pub rating: u32,
    /// The ply of the game it comes from at which the position stood (0: the start).
    pub ply: usize,
}

impl Puzzle {
    /// Which game.
    pub fn variant(&self) -> Variant {
        self.position.variant()
    }

    /// The position as the same puzzle anywhere: the board and the side to move, the board
    /// mirrored left to right when that reads smaller (a position and its mirror image are one
    /// puzzle).
    pub fn key(&self) -> String {
        key(&self.position)
    }

    /// A short stable name: the game's letter and 10 hex digits of a hash of [`Puzzle::key`].
    pub fn id(&self) -> String {
        let letter = match self.variant() {
            Variant::Xiangqi => 'x',
            Variant::Janggi => 'j',
        };
        // FNV-1a: stable across builds and platforms, unlike the standard library's hasher.
        let hash =
            self.key().bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3));
        format!("{letter}-{:010x}", hash >> 24)
    }
}

/// The key of [`Puzzle::key`] for any position.
pub fn key(pos: &Position) -> String {
    let fen = pos.to_fen();
    let mut fields = fen.split(' ');
    let board = fields.next().unwrap_or_default();
    let turn = fields.next().unwrap_or_default();
    let mirrored: String =
        board.split('/').map(|rank| rank.chars().rev().collect::<String>()).collect::<Vec<_>>().join("/");
    format!("{} {turn}", board.min(&mirrored))
}

/// The puzzles of one game: `moves` played from `start`, searched with `eval` as `settings`
/// say (one thread). Fails only on an illegal move of the game (naming its ply), or when
/// [`Settings::stop`] is set; a game with no puzzle gives an empty list.
pub fn find(
    start: &Position,
    moves: &[Move],
    eval: &dyn Evaluate,
    settings: &Settings,
) -> Result<Vec<Puzzle>, ReviewError> {
    let variant = start.variant();
    let rules = settings.rules.unwrap_or_else(|| Rules::for_variant(variant));
    let scan = review::Settings {
        nodes: Some(settings.scan_nodes.max(1)),
        hash_mb: settings.hash_mb,
        rules: Some(rules),
        line_length: 1,
        stop: settings.stop.clone(),
        ..review::Settings::default()
    };
    let reviewed = review::review(start, moves, eval, &scan, |_, _| {})?;
    let mut game = Game::new(start.clone(), rules);
    let mut candidates = Vec::new();
    for (i, m) in reviewed.moves.iter().enumerate() {
        game.play_on(m.mv).map_err(|source| ReviewError::Illegal { ply: i + 1, mv: m.mv, source })?;
        if i + 1 >= settings.min_ply
            && m.loss >= MISTAKE
            && 1.0 - m.win_after >= settings.candidate_win
            && game.outcome().is_none()
        {
            candidates.push((i + 1, game.position().with_history_cleared()));
        }
    }
    let solver = Solver {
        eval,
        settings,
        limits: limits(settings, &rules),
        shared: Shared::try_new(settings.hash_mb).map_err(|e| ReviewError::Setting(e.to_string()))?,
    };
    let mut found = Vec::new();
    for (ply, pos) in candidates {
        if settings.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed)) {
            return Err(ReviewError::Cancelled);
        }
        if let Some(p) = solver.solve(&pos, ply) {
            if solver.verified(&p)? {
                found.push(p);
            }
        }
    }
    Ok(found)
}

/// The puzzle of a single position, if it is one: `pos` (history ignored) confirmed and solved
/// as [`find`] does with each candidate of a game. `ply` is stored in [`Puzzle::ply`].
pub fn solve(
    pos: &Position,
    ply: usize,
    eval: &dyn Evaluate,
    settings: &Settings,
) -> Result<Option<Puzzle>, ReviewError> {
    let rules = settings.rules.unwrap_or_else(|| Rules::for_variant(pos.variant()));
    let shared = Shared::try_new(settings.hash_mb).map_err(|e| ReviewError::Setting(e.to_string()))?;
    let solver = Solver { eval, settings, limits: limits(settings, &rules), shared };
    match solver.solve(&pos.with_history_cleared(), ply) {
        Some(p) if solver.verified(&p)? => Ok(Some(p)),
        _ => Ok(None),
    }
}

fn limits(settings: &Settings, rules: &Rules) -> Limits {
    Limits { nodes: Some(settings.nodes.max(1)), ..Limits::for_rules(rules) }
}

struct Solver<'a> {
    eval: &'a dyn Evaluate,
    settings: &'a Settings,
    limits: Limits,
    shared: Shared,
}

/// What the best and second best moves of a position are worth to the side to move.
struct Choice {
    best: Report,
    win: f64,
    /// The second best's win probability; `None` when there is one legal move.
    second: Option<f64>,
}

impl Solver<'_> {
    /// The two best lines of `pos`, from the deepest iteration that finished both.
    fn choice(&self, pos: &Position) -> Option<Choice> {
        let limits = Limits { multipv: 2, ..self.limits.clone() };
        let mut lines: Vec<Report> = Vec::new();
        let mut complete: Vec<Report> = Vec::new();
        let last = search(pos, &self.shared, self.eval, &limits, 1, |r| {
            if r.multipv == 1 {
                lines.clear();
            }
            lines.push(r.clone());
            if lines.len() == 2 {
                complete = lines.clone();
            }
        });
        let variant = pos.variant();
        if last.pv.is_empty() {
            return None;
        }
        if pos.legal_moves().len() == 1 {
            return Some(Choice { win: win_probability(last.score, variant), best: last, second: None });
        }
        let [best, second] = <[Report; 2]>::try_from(complete).ok()?;
        Some(Choice {
            win: win_probability(best.score, variant),
            second: Some(win_probability(second.score, variant)),
            best,
        })
    }

    /// Whether the best move of `c` is the only one that wins.
    fn unique(&self, c: &Choice) -> bool {
        c.win >= self.settings.win && c.second.is_none_or(|s| c.win - s >= self.settings.margin)
    }

    /// The opponent's best reply in `pos` and the score for the opponent.
    fn reply(&self, pos: &Position) -> Option<Report> {
        let r = search(pos, &self.shared, self.eval, &self.limits, 1, |_| {});
        (!r.pv.is_empty()).then_some(r)
    }

    fn solve(&self, start: &Position, ply: usize) -> Option<Puzzle> {
        let variant = start.variant();
        let first = self.choice(start)?;
        if first.second.is_none() || !self.unique(&first) {
            return None;
        }
        let solver_side = start.turn();
        let base = themes::balance(start, solver_side);
        let mut pos = start.clone();
        let mut solution = Vec::new();
        let mut step = first;
        let mated = loop {
            let mv = *step.best.pv.first()?;
            solution.push(mv);
            pos.play_unchecked(mv);
            if pos.ended_by_pass() {
                // A janggi pass that ends the game (in bikjang, or after the opponent's pass)
                // sends it to the count: no mate, and nothing a player learns from.
                return None;
            }
            if pos.legal_moves().is_empty() {
                break true;
            }
            let reply = self.reply(&pos)?;
            let answer = reply.pv[0];
            let mut after = pos.clone();
            after.play_unchecked(answer);
            let holds = win_probability(reply.score, variant) <= 1.0 - self.settings.win;
            let gained = themes::balance(&after, solver_side) - base >= themes::decisive_gain(variant);
            if !step.best.score.is_mate() && gained && holds {
                break false;
            }
            if solution.len().div_ceil(2) >= self.settings.max_moves || after.legal_moves().is_empty() {
                return None;
            }
            solution.push(answer);
            pos = after;
            step = self.choice(&pos)?;
            if !self.unique(&step) {
                // Another move wins as well: the puzzle ends with the solver's last move, if the
                // engine sees it winning there.
                if !holds {
                    return None;
                }
                solution.pop();
                break false;
            }
        };
        let themes = themes::themes(start, &solution, mated);
        let rating = self.rating(start, solution[0], solution.len().div_ceil(2));
        Some(Puzzle { position: start.clone(), solution, themes, rating, ply })
    }

    /// Whether `p` passes [`verify`] (always, when [`Settings::verify_nodes`] is 0).
    fn verified(&self, p: &Puzzle) -> Result<bool, ReviewError> {
        if self.settings.verify_nodes == 0 {
            return Ok(true);
        }
        Ok(verify(p, self.eval, self.settings)?.verdict(p, self.settings).is_ok())
    }

    /// The first rating: how many nodes the first move takes to find, and the solution's length.
    fn rating(&self, pos: &Position, first: Move, solver_moves: usize) -> u32 {
        let shared = Shared::new(1);
        let found_at = (0..5u32).find(|&k| {
            let limits = Limits { nodes: Some(64 << (2 * k)), ..self.limits.clone() };
            let r = search(pos, &shared, self.eval, &limits, 1, |_| {});
            r.pv.first() == Some(&first)
        });
        let base = 800 + 250 * found_at.unwrap_or(5);
        (base + 120 * (solver_moves.saturating_sub(1) as u32)).min(2600)
    }
}

#[cfg(test)]
mod tests;
