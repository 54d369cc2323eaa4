//! Correction history (the `CorrHist` switch in xiangqi, `CorrHistJanggi` in janggi, on there
//! by default; `CorrContinuation` in both): what the searches of similar positions found the
//! static evaluation to be wrong by, added to it.
//!
//! An evaluation has blind spots that depend on structure: a soldier chain it overrates, a
//! palace whose missing advisor it underrates. A search reaches past them, so the gap between a
//! node's searched score and its static evaluation says how wrong the evaluation is in positions
//! like it. Two tables keep that gap's running average, each by a key of part of the position
//! and the side to move: the soldiers of both sides, and the defence (the generals, advisors
//! and elephants). The correction is the two tables' mean, scaled by the switch's weight. A
//! third table (`CorrContinuation`) is keyed by the two moves that led here (ours, then the
//! opponent's answer, each a piece and where it went): an evaluation that misjudges what a
//! move sets up (a cannon's new screen, a horse's unblocked leg) misjudges it after the same
//! pair of moves wherever the rest of the pieces stand. Every pruning that reads the static
//! evaluation (reverse futility, futility, the null move, ProbCut's exchange test, the
//! quiescence stand-pat, "improving") then reads the corrected one.
//!
//! The idea is Stockfish's (from 2024, the continuation table too; not in Pikafish-HCE,
//! docs/search-techniques.md row 7); the weighted running average is the form Ethereal and
//! others use.

use crate::ordering::PIECE_TO;
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
/// A move as the continuation table sees it: a continuation index (the role that moved × where
/// it went), or none (before the root, a null move, a janggi pass).
const MOVES: usize = PIECE_TO + 1;

/// The correction tables of one search thread, kept from one search of a game to the next.
pub struct Correction {
    /// By the soldiers of both sides, then the side to move.
    soldiers: Box<[[i32; ENTRIES]; 2]>,
    /// By the generals, advisors and elephants of both sides, then the side to move.
    defence: Box<[[i32; ENTRIES]; 2]>,
    /// By the side to move, its own last move, then the opponent's answer (`CorrContinuation`):
    /// `2 × MOVES × MOVES` entries, all of them reachable, so no hash.
    continuation: Box<[i32]>,
}

/// The weights of the corrections, in percent: the soldier and defence tables' mean
/// (`CorrHist`, `CorrHistJanggi`) and the continuation table (`CorrContinuation`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Weights {
    pub structure: i32,
    pub continuation: i32,
}

impl Weights {
    /// Whether any correction is on.
    #[inline]
    pub fn any(self) -> bool {
        self.structure != 0 || self.continuation != 0
    }
}

impl Default for Correction {
    fn default() -> Correction {
        let zeroed = || -> Box<[[i32; ENTRIES]; 2]> {
            vec![[0; ENTRIES]; 2].into_boxed_slice().try_into().unwrap_or_else(|_| unreachable!())
        };
        Correction {
            soldiers: zeroed(),
            defence: zeroed(),
            continuation: vec![0; 2 * MOVES * MOVES].into_boxed_slice(),
        }
    }
}

/// Where a position's entries are: the side to move's half, and one slot in each table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slots {
    side: usize,
    soldiers: usize,
    defence: usize,
    /// The continuation table's entry, worked out only with `CorrContinuation` on.
    continuation: Option<usize>,
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

impl Slots {
    /// The entries of `pos` in the tables `weights` reads, where the side to move last played
    /// `ours` and the opponent answered `theirs` (continuation indices, [`PIECE_TO`] for none).
    #[inline]
    pub fn of(pos: &Position, weights: Weights, [ours, theirs]: [usize; 2]) -> Slots {
        let side = pos.turn() as usize;
        debug_assert!(ours < MOVES && theirs < MOVES);
        Slots {
            side,
            soldiers: slot([pos.pieces(Side::First, Role::Soldier), pos.pieces(Side::Second, Role::Soldier)]),
            defence: slot([defenders(pos, Side::First), defenders(pos, Side::Second)]),
            continuation: (weights.continuation != 0).then_some((side * MOVES + ours) * MOVES + theirs),
        }
    }
}

impl Correction {
    /// What to add to the static evaluation at `at` (centipawns, side to move's view): the
    /// soldier and defence tables' mean times `weights.structure` percent, and the
    /// continuation table's entry times `weights.continuation` percent.
    #[inline]
    pub fn get(&self, at: Slots, weights: Weights) -> i32 {
        let structure = self.soldiers[at.side][at.soldiers] + self.defence[at.side][at.defence];
        let mut sum = structure * weights.structure;
        if let Some(c) = at.continuation {
            // Counted twice, as the structure's two tables are summed before the mean.
            sum += 2 * self.continuation[c] * weights.continuation;
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
        if let Some(c) = at.continuation {
            step(&mut self.continuation[c]);
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

    /// Every slot of `p`, the continuation one too (after no known moves).
    fn all_slots(p: &Position) -> Slots {
        Slots::of(p, Weights { structure: 100, continuation: 100 }, [PIECE_TO; 2])
    }

    fn structure(percent: i32) -> Weights {
        Weights { structure: percent, continuation: 0 }
    }

    fn continuation(percent: i32) -> Weights {
        Weights { structure: 0, continuation: percent }
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
    fn the_continuation_table_is_keyed_by_the_last_two_moves_and_weighs_by_its_own_switch() {
        // Red's central cannon, Black's horse answering it: continuation indices taken
        // before each move is played, as the search takes them.
        let mut p = pos(START);
        let cannon: chuhan::Move = "h2e2".parse().unwrap();
        let ours = crate::ordering::piece_to(&p, cannon);
        p.play(cannon).unwrap();
        let horse: chuhan::Move = "h9g7".parse().unwrap();
        let theirs = crate::ordering::piece_to(&p, horse);
        p.play(horse).unwrap();
        let both = Weights { structure: 100, continuation: 100 };
        let at = Slots::of(&p, both, [ours, theirs]);
        // The same pieces after other moves (or none known): other entries; the same moves
        // with Black to move: another half.
        let unknown = Slots::of(&p, both, [PIECE_TO; 2]);
        let swapped = Slots::of(&p, both, [theirs, ours]);
        assert_eq!((at.soldiers, at.defence), (unknown.soldiers, unknown.defence));
        assert!(at.continuation != unknown.continuation && at.continuation != swapped.continuation);

        let mut c = Correction::default();
        for _ in 0..400 {
            c.learn(at, 12, 40);
        }
        let full = c.get(at, continuation(100));
        assert!((35..=40).contains(&full), "{full}");
        assert_eq!(c.get(at, continuation(50)), full / 2);
        // Both at once: the sum of the two, give or take the rounding of one division.
        assert!((c.get(at, both) - c.get(at, structure(100)) - full).abs() <= 1);
        // The same structure after other moves shares the structure tables only.
        assert_eq!(c.get(unknown, continuation(100)), 0);
        assert_eq!(c.get(unknown, structure(100)), c.get(at, structure(100)));
        assert!(!Weights::default().any() && continuation(1).any() && structure(1).any());

        // With `CorrContinuation` off its slot is not worked out, and learning leaves it be.
        let lean = Slots::of(&p, structure(100), [ours, theirs]);
        assert_eq!(lean.continuation, None);
        assert_eq!((lean.soldiers, lean.defence), (at.soldiers, at.defence));
        let mut c = Correction::default();
        for _ in 0..100 {
            c.learn(lean, 12, 40);
        }
        assert_eq!(c.get(at, continuation(100)), 0);
        // The largest index a slot can hold is inside the table.
        let last = Slots::of(&pos(START.replace(" w ", " b ").as_str()), both, [PIECE_TO; 2]);
        assert_eq!(last.continuation, Some(2 * MOVES * MOVES - 1));
        c.learn(last, 12, 40);
    }
}
