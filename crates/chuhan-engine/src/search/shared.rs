//! What the search threads share, and what each keeps from one search of a game to the next.

use super::correction::Correction;
use crate::ordering::History;
use crate::tt::{HashError, Table};
use std::sync::atomic::{AtomicBool, AtomicU64};

/// State shared by the search threads and kept between searches: the transposition table, the
/// move-ordering histories, and the flags another thread uses to control a running search.
///
/// Keep one per game and pass it to each [`search`](super::search): what the last move's search learnt speeds
/// up the next one. It is `Sync`, so a GUI thread can hold it while a search runs and stop it.
pub struct Shared {
    pub(crate) tt: Table,
    /// Set it (from any thread) to stop a running search: it returns the best line of the last
    /// finished iteration. [`search`](super::search) clears it when it starts ([`search_unless_stopped`](super::search_unless_stopped) does
    /// not), and both set it when they end (that stops the helper threads).
    pub stop: AtomicBool,
    pub(crate) nodes: AtomicU64,
    pub(crate) generation: std::sync::atomic::AtomicU8,
    /// Pondering: search as if `infinite` until `ponderhit` clears it (then the clock limits
    /// apply again, counted from the search's start).
    pub pondering: AtomicBool,
    /// Each thread's memory kept from one search to the next of a game ([`ThreadMemory`]).
    pub(super) memories: std::sync::Mutex<Vec<ThreadMemory>>,
    /// Counts searches: each one's evaluation cache entries are salted with it.
    pub(super) searches: AtomicU64,
}

impl Shared {
    /// A fresh state with a transposition table of about `hash_mb` MiB (at least 1): the memory
    /// the engine may use (UCI `Hash`). A bigger table keeps more of a long search.
    ///
    /// Aborts the process if the memory cannot be had: [`Shared::try_new`] for a size that comes
    /// from a user.
    pub fn new(hash_mb: usize) -> Shared {
        Shared::with_table(Table::new(hash_mb))
    }

    /// [`Shared::new`], or why the table cannot be had: a size too big for the memory free now
    /// is refused before anything is allocated (UCI `Hash` is the user's to choose, up to
    /// 65,536 MB, and must not end the engine).
    pub fn try_new(hash_mb: usize) -> Result<Shared, HashError> {
        Table::try_new(hash_mb).map(Shared::with_table)
    }

    fn with_table(tt: Table) -> Shared {
        Shared {
            tt,
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            generation: std::sync::atomic::AtomicU8::new(0),
            pondering: AtomicBool::new(false),
            memories: std::sync::Mutex::new(Vec::new()),
            searches: AtomicU64::new(0),
        }
    }

    /// Forgets everything learnt (a new game): the table and the histories, so that nothing from
    /// another game steers this one's search.
    pub fn clear(&self) {
        self.tt.clear();
        self.memories.lock().unwrap_or_else(|e| e.into_inner()).clear();
    }
}

/// What one searching thread keeps between the searches of a game. The histories and the cache
/// are megabytes (the correction tables a quarter of one): made afresh for every search, they
/// cost more than a shallow search itself (a self-play generator at depth 1 spent four fifths
/// of its time in the kernel, faulting their pages in).
#[derive(Default)]
pub(crate) struct ThreadMemory {
    /// The quiet-move histories: what cut in the last move's tree mostly still cuts in this
    /// one's.
    pub(super) history: History,
    /// The evaluation cache's slots. Entries are tagged with their search's salt, so an entry
    /// from an earlier search never answers (the evaluator may have changed in between): the
    /// buffer is reused, its contents are not.
    pub(super) eval_cache: Vec<(u64, i32)>,
    /// What the searches found the static evaluation to be wrong by (`CorrHist`): like the
    /// histories, still true of the next move's positions.
    pub(super) correction: Correction,
}
