//! The entry points: one search of a position by several threads over one shared table
//! (Lazy SMP), the main thread's result returned.

use super::{Limits, Report, Searcher, Shared, ThreadMemory};
use crate::eval::Evaluate;
use chuhan::Position;
use std::sync::atomic::Ordering;

/// Searches `pos` with `threads` threads until the limits; returns the main thread's report:
/// the best line of the last iteration it finished, whose first move is the one to play, with
/// the nodes and time of the whole search (all threads, unfinished iteration included).
///
/// This is the engine's entry point for a library user. `report` is called on the calling
/// thread for each line of each finished iteration (MultiPV lines best first), to show
/// progress; the search blocks until it ends, so set [`Shared::stop`] from another thread to
/// end an unbounded one. `eval` is [`crate::nnue::Nnue::embedded`] (the trained networks, the
/// engine's default) or [`crate::eval::Classic`] (the hand-written evaluation). The position's history
/// counts: repetitions are judged by the rules of [`Limits::rules`] and
/// [`Limits::janggi_rules`].
///
/// It clears [`Shared::stop`] as it starts, so a stop set before the call is forgotten: right
/// for a search run on the caller's own thread. To start one on another thread and stop it from
/// this one, clear the flag here before starting that thread and call [`search_unless_stopped`]
/// there, or a stop sent in between is lost.
///
/// ```
/// use chuhan::{Position, Variant};
/// use chuhan_engine::eval::Classic;
/// use chuhan_engine::{search, Limits, Shared};
///
/// let pos = Position::new(Variant::Xiangqi);
/// let shared = Shared::new(1);
/// let limits = Limits { depth: Some(4), ..Limits::default() };
/// let mut depths = Vec::new();
/// let best = search(&pos, &shared, &Classic, &limits, 1, |line| depths.push(line.depth));
/// assert_eq!(depths, [1, 2, 3, 4]);
/// assert_eq!(best.depth, 4);
/// let first = best.pv[0];
/// assert!(pos.is_legal(first));
/// println!("{first} {} ({})", best.score, best.score.to_uci()); // e.g. "h2e2 +0.20 (cp 20)"
/// ```
pub fn search(
    pos: &Position,
    shared: &Shared,
    eval: &dyn Evaluate,
    limits: &Limits,
    threads: usize,
    report: impl FnMut(&Report) + Send,
) -> Report {
    shared.stop.store(false, Ordering::Relaxed);
    search_unless_stopped(pos, shared, eval, limits, threads, report)
}

/// [`search`], but it leaves [`Shared::stop`] as it finds it: a search that is already stopped
/// returns within its first thousand nodes or so (with a legal move, when there is one).
///
/// For a search started on a thread of its own and stopped from another: the controlling
/// thread clears the flag *before* it starts the searching thread, and a `stop` that comes
/// before the search has begun is then kept. Clearing it in the searching thread (what
/// [`search`] does) would overwrite such a stop, and an unbounded search would never end (the
/// UCI engine lost `stop` or `quit` sent right after `go` that way in about half the tries).
pub fn search_unless_stopped(
    pos: &Position,
    shared: &Shared,
    eval: &dyn Evaluate,
    limits: &Limits,
    threads: usize,
    report: impl FnMut(&Report) + Send,
) -> Report {
    let start = std::time::Instant::now();
    shared.nodes.store(0, Ordering::Relaxed);
    shared.generation.fetch_add(1, Ordering::Relaxed);
    shared.searches.fetch_add(1, Ordering::Relaxed);
    let mut memories = std::mem::take(&mut *shared.memories.lock().unwrap_or_else(|e| e.into_inner()));
    memories.resize_with(threads.max(1), ThreadMemory::default);
    let (result, memories) = std::thread::scope(|scope| {
        let mut own = memories.into_iter();
        let main_memory = own.next().unwrap_or_default();
        let helpers: Vec<_> = own
            .map(|memory| {
                let pos = pos.clone();
                let limits = limits.clone();
                scope.spawn(move || {
                    let mut helper = Searcher::new(pos, shared, eval, limits, false, memory);
                    helper.think(|_| {});
                    helper.into_memory()
                })
            })
            .collect();
        let mut main = Searcher::new(pos.clone(), shared, eval, limits.clone(), true, main_memory);
        let mut result = main.think(report);
        shared.stop.store(true, Ordering::Relaxed);
        if result.pv.is_empty() {
            // Stopped from outside before the first iteration finished: any move the root
            // allows beats none (a GUI takes "bestmove 0000" as resigning).
            result.pv.extend(pos.legal_moves().iter().copied().find(|m| limits.allows(*m)));
        }
        let mut memories = vec![main.into_memory()];
        memories.extend(helpers.into_iter().filter_map(|h| h.join().ok()));
        (result, memories)
    });
    *shared.memories.lock().unwrap_or_else(|e| e.into_inner()) = memories;
    // The line is the last finished iteration's; its nodes and time are the whole search's
    // (an iteration cut short by a limit counts too).
    let mut result = result;
    result.nodes = shared.nodes.load(Ordering::Relaxed);
    result.elapsed = start.elapsed();
    result
}
