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

impl Table {
    /// A table of about `mb` megabytes.
    pub fn new(mb: usize) -> Table {
        let count = (mb.max(1) * 1024 * 1024 / 16).next_power_of_two() / 2;
        let mut slots = Vec::with_capacity(count);
        slots.resize_with(count, || Slot { check: AtomicU64::new(0), data: AtomicU64::new(0) });
        Table { slots }
    }

    fn slot(&self, key: u64) -> &Slot {
        &self.slots[(key as usize) & (self.slots.len() - 1)]
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
}
