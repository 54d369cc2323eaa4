//! The transposition table: scores and best moves of searched positions, shared by all search
//! threads without locks.
//!
//! Each slot holds two 64-bit words: the data, and the key XOR the data. A reader accepts a
//! slot only if the XOR of the two gives back its key, so a slot torn by two threads writing
//! at once reads as a miss rather than as wrong data.

use chuhan::{Move, Square};
use std::sync::atomic::{AtomicU64, Ordering};

/// Whether a stored score is exact or a bound.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The score is at least this (a fail-high).
    Lower,
    /// The score is at most this (a fail-low).
    Upper,
}

impl Bound {
    /// The bound a search result `best` is for the window it was searched with.
    pub fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }

    /// Whether a stored `score` with this bound settles a node searched with (`alpha`, `beta`).
    pub fn cuts(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

/// A table entry.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

pub struct Table {
    slots: Vec<Slot>,
}

fn pack(e: &Entry, generation: u8) -> u64 {
    let mv = e.mv.map_or(0u64, |m| 1 << 15 | (m.from.index() as u64) << 7 | m.to.index() as u64);
    let bound = match e.bound {
        Bound::Exact => 0u64,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    let score = (e.score.clamp(-32767, 32767) as i16) as u16 as u64;
    let depth = (e.depth.clamp(-1, 254) + 1) as u64;
    mv | score << 16 | depth << 32 | bound << 40 | (generation as u64) << 48
}

fn unpack(d: u64) -> Entry {
    let mvbits = d & 0xffff;
    let mv = if mvbits >> 15 == 1 {
        let from = Square::from_index(((mvbits >> 7) & 0x7f) as u8);
        let to = Square::from_index((mvbits & 0x7f) as u8);
        from.zip(to).map(|(f, t)| Move::new(f, t))
    } else {
        None
    };
    let score = ((d >> 16) & 0xffff) as u16 as i16 as i32;
    let depth = ((d >> 32) & 0xff) as i32 - 1;
    let bound = match (d >> 40) & 3 {
        0 => Bound::Exact,
        1 => Bound::Lower,
        _ => Bound::Upper,
    };
    Entry { mv, score, depth, bound }
}

/// Why a table of the size asked for was not made (see [`crate::search::Shared::try_new`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HashError {
    /// The size does not even fit in the address space (a 32-bit machine, or an absurd size).
    #[error("{mb} MB is more than this machine can address")]
    TooLarge {
        /// The size asked for, in megabytes.
        mb: usize,
    },
    /// More than the memory free now: filling the table in would start swapping, or get the
    /// process killed by the kernel, rather than fail.
    #[error("{mb} MB needs a table of {needed_mib} MiB, but only {available_mib} MiB of memory are free")]
    NotEnoughMemory {
        /// The size asked for, in megabytes.
        mb: usize,
        /// The table's actual size.
        needed_mib: u64,
        /// The memory free now (`MemAvailable`, or what the process's control group allows).
        available_mib: u64,
    },
    /// The allocator refused.
    #[error("{mb} MB needs a table of {needed_mib} MiB, and the allocation failed")]
    AllocationFailed {
        /// The size asked for, in megabytes.
        mb: usize,
        /// The table's actual size.
        needed_mib: u64,
    },
}

/// Asks the processor to start loading `x` into its cache (a hint; nothing is read).
#[inline]
#[allow(unsafe_code)] // the prefetch intrinsic; see the SAFETY note
pub(crate) fn prefetch<T>(x: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is only a hint: it never faults, whatever the address, and the
    // program reads nothing through it (the pointer comes from a reference in any case). SSE,
    // which has the instruction, is part of every x86-64 processor.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>((x as *const T).cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = x;
}

/// Asks Linux to back the table's memory (reserved, not yet touched) with 2 MB pages where
/// it can ("transparent huge pages" in `madvise` mode, the usual setting): probes land all over
/// the table, and with 4 KB pages nearly every one also missed the processor's address cache
/// (TLB), a stall `perf` put at about a tenth of the search's time. Without the feature, or
/// elsewhere than Linux, the pages stay as they are.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)] // the madvise call; see the SAFETY note
fn advise_huge_pages(start: *const u8, len: usize) {
    const HUGE_PAGE: usize = 2 << 20;
    let begin = (start as usize).next_multiple_of(HUGE_PAGE);
    let end = (start as usize + len) / HUGE_PAGE * HUGE_PAGE;
    if end > begin {
        // SAFETY: `madvise` reads and writes no memory of ours: MADV_HUGEPAGE only tells the
        // kernel how to back pages of this range, which lies inside our own allocation. It
        // fails harmlessly (the result is ignored) where huge pages are not supported.
        unsafe {
            libc::madvise(begin as *mut libc::c_void, end - begin, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_start: *const u8, _len: usize) {}

/// The memory free now, in bytes, where the system says (Linux): `MemAvailable`, or less where
/// the process's control group (cgroup v2, as in a container) allows less.
fn available_memory() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    let kb = meminfo.lines().find_map(|l| l.strip_prefix("MemAvailable:"))?;
    let mut free = kb.trim().trim_end_matches("kB").trim().parse::<u64>().ok()?.saturating_mul(1024);
    let group = std::fs::read_to_string("/proc/self/cgroup").ok().and_then(|c| {
        c.lines()
            .find_map(|l| l.strip_prefix("0::"))
            .map(|p| format!("/sys/fs/cgroup{}", p.trim().trim_end_matches('/')))
    });
    if let Some(dir) = group {
        let read = |name: &str| std::fs::read_to_string(format!("{dir}/{name}")).ok()?.trim().parse::<u64>().ok();
        if let (Some(max), Some(current)) = (read("memory.max"), read("memory.current")) {
            free = free.min(max.saturating_sub(current));
        }
    }
    Some(free)
}

impl Table {
    /// A table of about `mb` megabytes. Aborts the process if the memory cannot be had, as
    /// any allocation does: [`Table::try_new`] for a size that comes from a user.
    pub fn new(mb: usize) -> Table {
        Table::try_new(mb).unwrap_or_else(|e| panic!("hash table: {e}"))
    }

    /// The number of slots of a table of about `mb` megabytes: a power of two, between half
    /// and all of `mb`.
    fn slot_count(mb: usize) -> Option<usize> {
        let bytes = mb.max(1).checked_mul(1024 * 1024)?;
        Some((bytes / 16).checked_next_power_of_two()? / 2)
    }

    /// A table of about `mb` megabytes, or why not: the size is checked against the memory free
    /// now before anything is allocated, and the allocation itself is fallible. (Linux hands out
    /// more memory than it has, so an allocation that succeeds can still get the process killed
    /// when the table is cleared; the first check keeps that from happening.)
    pub fn try_new(mb: usize) -> Result<Table, HashError> {
        let count = Table::slot_count(mb).ok_or(HashError::TooLarge { mb })?;
        let bytes = count.checked_mul(std::mem::size_of::<Slot>()).ok_or(HashError::TooLarge { mb })? as u64;
        let needed_mib = bytes >> 20;
        if let Some(free) = available_memory() {
            if bytes > free {
                return Err(HashError::NotEnoughMemory { mb, needed_mib, available_mib: free >> 20 });
            }
        }
        let mut slots: Vec<Slot> = Vec::new();
        slots.try_reserve_exact(count).map_err(|_| HashError::AllocationFailed { mb, needed_mib })?;
        advise_huge_pages(slots.as_ptr().cast(), count * std::mem::size_of::<Slot>());
        slots.resize_with(count, || Slot { check: AtomicU64::new(0), data: AtomicU64::new(0) });
        Ok(Table { slots })
    }

    fn slot(&self, key: u64) -> &Slot {
        &self.slots[(key as usize) & (self.slots.len() - 1)]
    }

    /// Asks the processor to start loading `key`'s slot into its cache, so that the
    /// [`probe`](Self::probe) that follows (the child node's, a few hundred instructions later)
    /// does not wait for memory: on a table larger than the caches that wait was a third of
    /// the time spent in the search function itself (`perf`, `bench 11`).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        prefetch(self.slot(key));
    }

    /// The entry stored for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = self.slot(key);
        let data = slot.data.load(Ordering::Relaxed);
        let check = slot.check.load(Ordering::Relaxed);
        (check ^ data == key && data != 0).then(|| unpack(data))
    }

    /// Stores an entry, replacing what was there unless it is deeper and from this search.
    pub fn store(&self, key: u64, e: Entry, generation: u8) {
        let slot = self.slot(key);
        let old = slot.data.load(Ordering::Relaxed);
        let old_key = slot.check.load(Ordering::Relaxed) ^ old;
        let old_generation = (old >> 48) as u8;
        let old_depth = ((old >> 32) & 0xff) as i32 - 1;
        if old != 0 && old_key == key {
            // The same position: a much shallower result (a quiescence search meeting a
            // position searched deep before) does not replace a deep one of this search.
            if old_generation == generation && e.depth + 3 < old_depth {
                return;
            }
            // Keep the old best move when the new entry has none.
            let mut e = e;
            if e.mv.is_none() {
                e.mv = unpack(old).mv;
            }
            return self.write(slot, key, &e, generation);
        }
        if old == 0 || old_generation != generation || e.depth + 2 >= old_depth {
            self.write(slot, key, &e, generation);
        }
    }

    fn write(&self, slot: &Slot, key: u64, e: &Entry, generation: u8) {
        let data = pack(e, generation);
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(key ^ data, Ordering::Relaxed);
    }

    /// Empties the table.
    pub fn clear(&self) {
        for s in &self.slots {
            s.data.store(0, Ordering::Relaxed);
            s.check.store(0, Ordering::Relaxed);
        }
    }

    /// Permille of a sample of slots in use (for `hashfull`).
    pub fn hashfull(&self, generation: u8) -> usize {
        self.slots
            .iter()
            .take(1000)
            .filter(|s| {
                let d = s.data.load(Ordering::Relaxed);
                d != 0 && (d >> 48) as u8 == generation
            })
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_and_probe() {
        let t = Table::new(1);
        let m = Move::new(Square::from_index(25).unwrap(), Square::from_index(22).unwrap());
        let e = Entry { mv: Some(m), score: -29950, depth: 7, bound: Bound::Lower };
        t.store(0x1234_5678_9abc_def0, e, 3);
        assert_eq!(t.probe(0x1234_5678_9abc_def0), Some(e));
        assert_eq!(t.probe(0x1234_5678_9abc_def1), None);
        let e2 = Entry { mv: None, score: 12, depth: 0, bound: Bound::Exact };
        t.store(0x1234_5678_9abc_def0, e2, 3);
        assert_eq!(t.probe(0x1234_5678_9abc_def0).unwrap().mv, Some(m), "best move kept");
    }

    #[test]
    fn sizes() {
        // Between half and all of the megabytes asked for (what `bench`'s 16 MB has always had).
        assert_eq!(Table::slot_count(1), Some(1 << 15));
        assert_eq!(Table::slot_count(16), Some(1 << 19));
        assert_eq!(Table::slot_count(48), Some(1 << 21));
        assert_eq!(Table::slot_count(usize::MAX), None);
        assert_eq!(Table::try_new(usize::MAX).err(), Some(HashError::TooLarge { mb: usize::MAX }));
        // More than any machine that runs the tests has free: refused before any allocation.
        let huge = Table::try_new(1 << 40);
        assert!(matches!(huge, Err(HashError::NotEnoughMemory { .. } | HashError::AllocationFailed { .. })));
        assert!(Table::try_new(1).is_ok());
    }
}
