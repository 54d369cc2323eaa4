//! `Engine`: chuhan's own search, in-process.
//!
//! `analyse` calls `chuhan_engine::search` with the GIL released (`Python::detach`), so other
//! Python threads run while it thinks — including one that calls `stop()`. One search at a
//! time per engine: a second `analyse` on the same engine waits for the first (the engine's
//! shared state — transposition table, histories, stop flag — belongs to one search).

use crate::board::PyBoard;
use crate::errors;
use crate::moves::PyMove;
use crate::outcome::rules_arg;
use chuhan_engine::eval::{Classic, Evaluate};
use chuhan_engine::nnue::Nnue;
use chuhan_engine::search::{search, Limits, Report, Shared};
use chuhan_engine::Score;
use pyo3::prelude::*;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A score for the side to move: centipawns, or mate in so many moves.
#[pyclass(name = "Score", module = "chuhan", frozen, eq, ord, hash)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PyScore(pub(crate) Score);

#[pymethods]
impl PyScore {
    /// Centipawns (100 = a soldier across the river, roughly), or `None` for a mate score.
    #[getter]
    fn cp(&self) -> Option<i32> {
        self.0.centipawns()
    }

    /// Moves to mate: positive when the side to move mates, negative when it is mated; `None`
    /// when no mate is found.
    #[getter]
    fn mate(&self) -> Option<i32> {
        self.0.mate().map(|n| if self.0.raw() < 0 { -n } else { n })
    }

    /// Whether it is a mate score.
    fn is_mate(&self) -> bool {
        self.0.is_mate()
    }

    /// The UCI form: `cp 35`, `mate 3`, `mate -2`.
    fn uci(&self) -> String {
        self.0.to_uci()
    }

    /// `+0.35`, `-1.20`, `+M3`, `-M2`.
    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("<Score {}>", self.0)
    }
}

/// One line of an analysis: score, principal variation, depth.
#[pyclass(name = "Analysis", module = "chuhan", frozen, get_all)]
#[derive(Clone)]
pub struct PyAnalysis {
    /// The line's score for the side to move.
    score: PyScore,
    /// The principal variation, the move to play first.
    pv: Vec<PyMove>,
    /// The nominal depth of the iteration that found it.
    depth: i32,
    /// The deepest ply the main search reached.
    seldepth: i32,
    /// Nodes the whole search visited (all threads, an iteration cut short included).
    nodes: u64,
    /// Seconds the whole search took.
    time: f64,
    /// 1 for the best line, 2 for the second best, ... (MultiPV).
    multipv: usize,
}

impl PyAnalysis {
    fn new(r: &Report) -> PyAnalysis {
        PyAnalysis {
            score: PyScore(r.score),
            pv: r.pv.iter().map(|&m| PyMove(m)).collect(),
            depth: r.depth,
            seldepth: r.seldepth,
            nodes: r.nodes,
            time: r.elapsed.as_secs_f64(),
            multipv: r.multipv.max(1),
        }
    }
}

#[pymethods]
impl PyAnalysis {
    fn __repr__(&self) -> String {
        let pv: Vec<String> = self.pv.iter().map(|m| m.0.to_string()).collect();
        format!("<Analysis depth {} score {} pv {}>", self.depth, self.score.0, pv.join(" "))
    }
}

/// chuhan's engine, searching in this process. Keep one per game: what one search learns
/// (the transposition table) speeds up the next.
#[pyclass(name = "Engine", module = "chuhan", frozen)]
pub struct PyEngine {
    shared: Arc<Shared>,
    /// The embedded networks (the default), or the hand-written evaluation.
    eval: Arc<dyn Evaluate>,
    threads: usize,
    busy: Arc<Mutex<()>>,
}

#[pymethods]
impl PyEngine {
    /// An engine with a transposition table of `hash` MiB (1–4096) searching with `threads`
    /// threads (1–64), evaluating with the trained networks (`network=True`, as the UCI engine
    /// does by default) or with the hand-written evaluation (`network=False`).
    #[new]
    #[pyo3(signature = (*, hash=16, threads=1, network=true))]
    fn new(hash: usize, threads: usize, network: bool) -> PyResult<PyEngine> {
        if !(1..=4096).contains(&hash) {
            return Err(errors::value(format!("hash {hash}: expected 1 to 4096 MiB")));
        }
        if !(1..=64).contains(&threads) {
            return Err(errors::value(format!("threads {threads}: expected 1 to 64")));
        }
        let eval: Arc<dyn Evaluate> = if network { Arc::new(Nnue::embedded()) } else { Arc::new(Classic) };
        Ok(PyEngine { shared: Arc::new(Shared::new(hash)), eval, threads, busy: Arc::new(Mutex::new(())) })
    }

    /// Searches `board` until a limit — `depth` (plies, 1–64), `nodes`, `time` (seconds) —
    /// whichever comes first; at least one must be given. Returns the best line as an
    /// `Analysis`, or, when `multipv` is given, a list of the `multipv` best lines. `rules`
    /// names the rule set the search judges repetitions by. The GIL is released meanwhile.
    #[pyo3(signature = (board, *, depth=None, nodes=None, time=None, multipv=None, rules=None))]
    #[allow(clippy::too_many_arguments)]
    fn analyse(
        &self,
        py: Python<'_>,
        board: PyRef<'_, PyBoard>,
        depth: Option<i32>,
        nodes: Option<u64>,
        time: Option<f64>,
        multipv: Option<usize>,
        rules: Option<&str>,
    ) -> PyResult<Py<PyAny>> {
        if depth.is_none() && nodes.is_none() && time.is_none() {
            return Err(errors::value("give a limit: depth, nodes or time"));
        }
        if let Some(d) = depth {
            if !(1..=64).contains(&d) {
                return Err(errors::value(format!("depth {d}: expected 1 to 64")));
            }
        }
        if nodes == Some(0) {
            return Err(errors::value("nodes 0: expected at least 1"));
        }
        let hard = match time {
            Some(t) if t.is_finite() && t > 0.0 && t < 1e9 => Some(Duration::from_secs_f64(t)),
            Some(t) => return Err(errors::value(format!("time {t}: expected a positive number of seconds"))),
            None => None,
        };
        if multipv == Some(0) || multipv.is_some_and(|k| k > 500) {
            return Err(errors::value(format!("multipv {}: expected 1 to 500", multipv.unwrap_or(0))));
        }
        let pos = board.pos.clone();
        drop(board);
        if pos.legal_moves().is_empty() {
            return Err(errors::value(format!("no legal move to search in {}", pos.to_fen())));
        }
        let r = rules_arg(rules, pos.variant())?;
        let limits = Limits { depth, nodes, hard, multipv: multipv.unwrap_or(1), ..Limits::for_rules(&r) };
        let shared = Arc::clone(&self.shared);
        let busy = Arc::clone(&self.busy);
        let threads = self.threads;
        let eval = Arc::clone(&self.eval);
        let (best, lines) = py.detach(move || {
            let _guard = busy.lock().unwrap_or_else(|e| e.into_inner());
            // The lines of the latest iteration, and of the latest one that gave them all.
            let (mut latest, mut complete): (Vec<Report>, Vec<Report>) = (Vec::new(), Vec::new());
            let best = search(&pos, &shared, &*eval, &limits, threads, |r| {
                if r.multipv <= 1 && !latest.is_empty() {
                    if latest.len() >= complete.len() {
                        complete = std::mem::take(&mut latest);
                    }
                    latest.clear();
                }
                latest.push(r.clone());
            });
            let lines = if latest.len() >= complete.len() { latest } else { complete };
            (best, lines)
        });
        match multipv {
            None => Ok(Py::new(py, PyAnalysis::new(&best))?.into_any()),
            Some(_) => {
                // Every line's nodes and time are the whole search's, as for the best one.
                let whole = |r: &Report| Report { nodes: best.nodes, elapsed: best.elapsed, ..r.clone() };
                let mut out: Vec<PyAnalysis> = lines.iter().map(|r| PyAnalysis::new(&whole(r))).collect();
                if out.is_empty() {
                    out.push(PyAnalysis::new(&best));
                }
                Ok(pyo3::types::PyList::new(py, out)?.into_any().unbind())
            }
        }
    }

    /// Stops a running `analyse` (from another thread): it returns the last finished
    /// iteration's line.
    fn stop(&self) {
        self.shared.stop.store(true, Ordering::Relaxed);
    }

    /// Forgets what earlier searches learnt (a new game).
    fn new_game(&self) {
        self.shared.clear();
    }

    fn __repr__(&self) -> String {
        format!("<Engine threads={}>", self.threads)
    }
}
