//! Correction history (the `CorrHist` switch in xiangqi, `CorrHistJanggi` in janggi, on there
//! by default): what the searches of similar positions found the static evaluation to be
//! wrong by, added to it.
//!
//! An evaluation has blind spots that depend on structure: a soldier chain it overrates, a
//! palace whose missing advisor it underrates. A search reaches past them, so the gap between a
//! node's searched score and its static evaluation says how wrong the evaluation is in positions
//! like it. Two tables keep that gap's running average, each by a key of part of the position
//! and the side to move: the soldiers of both sides, and the defence (the generals, advisors
//! and elephants). The correction is the two tables' mean, scaled by the switch's weight. Every
//! pruning that reads the static evaluation (reverse futility, futility, the null move,
//! ProbCut's exchange test, the quiescence stand-pat, "improving") then reads the corrected one.
//!
//! The idea is Stockfish's (from 2024; not in Pikafish-HCE, docs/search-techniques.md row 7);
//! the weighted running average is the form Ethereal and others use.

use chuhan::{Bitboard, Position, Role, Side};

/// Entries of one side's half of each table (a power of two).
const ENTRIES: usize = 1 << 14;
/// Entries hold centipawns × `GRAIN`, so that a small gap still moves the average.
const GRAIN: i32 = 256;
/// The largest correction an entry holds, and the largest gap it learns from (centipawns): a
/// gap beyond it is a tactic, not an evaluation's habit.
const LIMIT: i32 = 128;
/// An entry learns at most this many 256ths of a new gap: a deep search's gap counts more
/// than a shallow one's, up to this.
const MAX_WEIGHT: i32 = 16;

/// The correction tables of one search thread, kept from one search of a game to the next.
pub struct Correction {
    /// By the soldiers of both sides, then the side to move.
    soldiers: Box<[[i32; ENTRIES]; 2]>,
    /// By the generals, advisors and elephants of both sides, then the side to move.
    defence: Box<[[i32; ENTRIES]; 2]>,
    /// `majors[s]`: by side `s`'s general, chariots, horses and cannons, then the side to move
    /// (the `CorrMajors` switch; Stockfish's "non-pawn" tables, one per colour).
    majors: [Box<[[i32; ENTRIES]; 2]>; 2],
}

/// The weights of the corrections, in percent: the soldier and defence tables' mean
/// (`CorrHist`, `CorrHistJanggi`) and the two major-piece tables' mean (`CorrMajors`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Weights {
    pub structure: i32,
    pub majors: i32,
}

impl Weights {
    /// Whether any correction is on.
    #[inline]
    pub fn any(self) -> bool {
        self.structure != 0 || self.majors != 0
    }
}

impl Default for Correction {
    fn default() -> Correction {
        let zeroed = || -> Box<[[i32; ENTRIES]; 2]> {
            vec![[0; ENTRIES]; 2].into_boxed_slice().try_into().unwrap_or_else(|_| unreachable!())
        };
        Correction { soldiers: zeroed(), defence: zeroed(), majors: [zeroed(), zeroed()] }
    }
}

/// Where a position's entries are: the side to move's half, and one slot in each table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slots {
    side: usize,
    soldiers: usize,
    defence: usize,
    /// Red's and Black's major-piece slots, worked out only with `CorrMajors` on.
    majors: Option<[usize; 2]>,
}

/// A slot for a few bitboards (pieces of some roles): each multiplied by its own odd
/// constant, so that the same points in two parts differ, then folded to the top bits.
#[inline]
fn slot<const N: usize>(parts: [Bitboard; N]) -> usize {
    const K: [u128; 4] = [
        0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835,
        0xc2b2_ae3d_27d4_eb4f_1656_67b1_9e37_79f9,
        0xd6e8_feb8_6659_fd93_a076_1d64_78bd_642f,
        0xe703_7ed1_a0b4_28db_8ebc_6af0_9c88_c6e3,
    ];
    const { assert!(N <= K.len(), "one constant per part") };
    let h = parts.iter().zip(K).fold(0u128, |h, (part, k)| h ^ part.0.wrapping_mul(k));
    let h = (h >> 64) as u64 ^ h as u64;
    (h.wrapping_mul(0x2545_f491_4f6c_dd1d) >> (64 - ENTRIES.trailing_zeros())) as usize
}

/// The pieces of `side` of the defence's roles.
#[inline]
fn defenders(pos: &Position, side: Side) -> Bitboard {
    pos.pieces(side, Role::General) | pos.pieces(side, Role::Advisor) | pos.pieces(side, Role::Elephant)
}

/// A slot for `side`'s general, chariots, horses and cannons (each role its own part, so
/// that a chariot and a cannon on the same point differ).
#[inline]
fn majors_slot(pos: &Position, side: Side) -> usize {
    slot([Role::General, Role::Chariot, Role::Horse, Role::Cannon].map(|role| pos.pieces(side, role)))
}

impl Slots {
    /// The entries of `pos` in the tables `weights` reads (the major-piece slots cost two
    /// hashes, made only when they are read).
    #[inline]
    pub fn of(pos: &Position, weights: Weights) -> Slots {
        Slots {
            side: pos.turn() as usize,
            soldiers: slot([pos.pieces(Side::First, Role::Soldier), pos.pieces(Side::Second, Role::Soldier)]),
            defence: slot([defenders(pos, Side::First), defenders(pos, Side::Second)]),
            majors: (weights.majors != 0).then(|| [majors_slot(pos, Side::First), majors_slot(pos, Side::Second)]),
        }
    }
}

impl Correction {
    /// What to add to the static evaluation at `at` (centipawns, side to move's view): the
    /// soldier and defence tables' mean times `weights.structure` percent, and the two
    /// major-piece tables' mean times `weights.majors` percent.
    #[inline]
    pub fn get(&self, at: Slots, weights: Weights) -> i32 {
        let structure = self.soldiers[at.side][at.soldiers] + self.defence[at.side][at.defence];
        let mut sum = structure * weights.structure;
        if let Some([red, black]) = at.majors {
            let majors = self.majors[0][at.side][red] + self.majors[1][at.side][black];
            sum += majors * weights.majors;
        }
        sum / (2 * 100 * GRAIN)
    }

    /// Learns that a search to `depth` at `at` scored `gap` centipawns above the uncorrected
    /// static evaluation (below it when negative).
    pub fn learn(&mut self, at: Slots, depth: i32, gap: i32) {
        let weight = (depth + 1).clamp(1, MAX_WEIGHT);
        let target = gap.clamp(-LIMIT, LIMIT) * GRAIN;
        let step = |entry: &mut i32| {
            let next = (*entry * (256 - weight) + target * weight) / 256;
            *entry = next.clamp(-LIMIT * GRAIN, LIMIT * GRAIN);
        };
        step(&mut self.soldiers[at.side][at.soldiers]);
        step(&mut self.defence[at.side][at.defence]);
        if let Some([red, black]) = at.majors {
            step(&mut self.majors[0][at.side][red]);
            step(&mut self.majors[1][at.side][black]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chuhan::Variant;

    fn pos(fen: &str) -> Position {
        Position::from_fen(Variant::Xiangqi, fen).unwrap()
    }

    /// Every slot of `p`, the major-piece ones too.
    fn all_slots(p: &Position) -> Slots {
        Slots::of(p, Weights { structure: 100, majors: 100 })
    }

    fn structure(percent: i32) -> Weights {
        Weights { structure: percent, majors: 0 }
    }

    const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

    #[test]
    fn a_repeated_gap_is_learnt_and_read_back_at_full_weight() {
        let p = pos(START);
        let at = all_slots(&p);
        let mut c = Correction::default();
        assert_eq!(c.get(at, structure(100)), 0);
        for _ in 0..400 {
            c.learn(at, 12, 40);
        }
        // The running average nears the gap from below (integer steps stop a little short).
        let full = c.get(at, structure(100));
        assert!((35..=40).contains(&full), "{full}");
        assert_eq!(c.get(at, structure(50)), full / 2);
        assert_eq!(c.get(at, structure(0)), 0);
    }

    #[test]
    fn a_gap_beyond_the_limit_teaches_only_the_limit() {
        let p = pos(START);
        let at = all_slots(&p);
        let mut c = Correction::default();
        for _ in 0..2000 {
            c.learn(at, 20, -5000);
        }
        let full = c.get(at, structure(100));
        assert!((-LIMIT..=-LIMIT + 4).contains(&full), "{full}");
    }

    #[test]
    fn a_deeper_search_moves_the_average_further() {
        let p = pos(START);
        let at = all_slots(&p);
        let (mut shallow, mut deep) = (Correction::default(), Correction::default());
        shallow.learn(at, 1, 100);
        deep.learn(at, 10, 100);
        assert!(deep.get(at, structure(100)) > shallow.get(at, structure(100)));
    }

    #[test]
    fn the_side_to_move_and_the_structures_keep_their_own_entries() {
        let red = pos(START);
        let black = pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1");
        // A soldier advanced: another soldier slot, the same defence slot.
        let pushed = pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/2P6/P3P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
        // An advisor gone: the same soldier slot, another defence slot.
        let bare = pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNB1KABNR w - - 0 1");
        let (a, b, s, d) = (all_slots(&red), all_slots(&black), all_slots(&pushed), all_slots(&bare));
        assert_ne!(a.side, b.side);
        assert_eq!((a.soldiers, a.defence), (b.soldiers, b.defence));
        assert_ne!(a.soldiers, s.soldiers);
        assert_eq!(a.defence, s.defence);
        assert_eq!(a.soldiers, d.soldiers);
        assert_ne!(a.defence, d.defence);
        // The pieces that are neither (chariots, horses, cannons) are not in either key.
        let moved = pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 0 1");
        let m = all_slots(&moved);
        assert_eq!((m.side, m.soldiers, m.defence), (a.side, a.soldiers, a.defence));
        // They are in the major-piece keys, each side's in its own.
        assert_ne!(m.majors.unwrap()[0], a.majors.unwrap()[0]);
        assert_eq!(m.majors.unwrap()[1], a.majors.unwrap()[1]);

        let mut c = Correction::default();
        for _ in 0..100 {
            c.learn(a, 10, 60);
        }
        assert!(c.get(a, structure(100)) > 30);
        assert_eq!(c.get(b, structure(100)), 0, "Black to move learnt Red's lesson");
        // Half the entries are shared with a position that differs in one structure only.
        let half = c.get(s, structure(100));
        assert!(half > 10 && half < c.get(a, structure(100)), "{half}");
    }

    #[test]
    fn the_major_piece_tables_weigh_by_their_own_switch() {
        let a = all_slots(&pos(START));
        // A red cannon moved: Red's major-piece key differs, Black's and the structures do not.
        let moved = all_slots(&pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 0 1"));
        // A red chariot where the cannon was: the same squares as a cannon, another key.
        let chariot = all_slots(&pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5R1/9/RNBAKABN1 w - - 0 1"));
        let cannon = all_slots(&pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN1 w - - 0 1"));
        assert_ne!(chariot.majors.unwrap()[0], cannon.majors.unwrap()[0]);
        let mut c = Correction::default();
        for _ in 0..400 {
            c.learn(a, 12, 40);
        }
        let majors = |percent| Weights { structure: 0, majors: percent };
        let both = Weights { structure: 100, majors: 100 };
        let full = c.get(a, majors(100));
        assert!((35..=40).contains(&full), "{full}");
        // Both at once: the sum of the two, give or take the rounding of one division.
        assert!((c.get(a, both) - c.get(a, structure(100)) - full).abs() <= 1);
        // The moved cannon shares Black's table and both structure tables, not Red's.
        let shared = c.get(moved, majors(100));
        assert!(shared > 10 && shared < full, "{shared}");
        assert_eq!(c.get(moved, structure(100)), c.get(a, structure(100)));
        assert!(!Weights::default().any() && majors(1).any() && structure(1).any());
        // With `CorrMajors` off their slots are not worked out, and learning leaves them be.
        let lean = Slots::of(&pos(START), structure(100));
        assert_eq!(lean.majors, None);
        assert_eq!((lean.soldiers, lean.defence), (a.soldiers, a.defence));
        let mut c = Correction::default();
        for _ in 0..100 {
            c.learn(lean, 12, 40);
        }
        assert_eq!(c.get(a, majors(100)), 0);
    }
}
