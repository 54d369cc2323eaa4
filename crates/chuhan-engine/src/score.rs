//! The engine's score: what a position is worth to the side to move, in centipawns or as a
//! distance to mate.
//!
//! The search works on plain `i32`s (negamax negates them at every ply, and the transposition
//! table stores them); [`Score`] wraps one of those numbers once it leaves the search, so that
//! every place that shows a score — the UCI and UCCI `info` lines, the server's eval bar, the
//! CLI's match records and hints — reads it the same way. This module depends on nothing else
//! in the crate: the search, time management and the protocol all build on it.

use std::fmt;

/// A mate score in the search's units: being able to mate in `n` plies scores `MATE - n`, being
/// mated in `n` plies `-MATE + n`. Counting plies from the root makes a quicker mate score
/// higher, so the search prefers it (and delays being mated).
pub const MATE: i32 = 30000;

/// The deepest ply the search goes: the per-ply tables (the search's, and the network's
/// accumulator stack) are this long, and `Limits::depth` is capped below it (so extensions
/// still fit). Here rather than in `search`, so that `nnue` sizes its stack without
/// depending on the search that uses it.
pub const MAX_PLY: usize = 128;
/// Scores beyond this (in either sign) are mates: a mate can be at most 1000 plies away, far
/// beyond the deepest search.
pub const MATE_BOUND: i32 = MATE - 1000;
/// A game decided by the rules without mate (perpetual check, janggi's point counting): high
/// enough to beat any material balance, still below every mate so a real mate is preferred.
pub const DECISIVE: i32 = 20000;

/// A score for the side to move: centipawns (a soldier is about 100), or a mate distance.
///
/// Scores order as the search orders them: any mate we give beats any material advantage, a
/// quicker mate beats a slower one, and being mated later beats being mated sooner.
///
/// It is shown two ways: [`Display`](fmt::Display) gives a player's form, pawns with a sign
/// (`+0.35`, `-1.20`) or a mate in moves (`+M3` when the side to move mates, `-M2` when it is
/// mated, as fastchess writes match comments), and [`Score::to_uci`] the UCI form (`cp 35`,
/// `mate -2`).
///
/// ```
/// use chuhan_engine::Score;
///
/// assert_eq!(Score::cp(35).to_string(), "+0.35");
/// assert_eq!(Score::cp(-120).to_uci(), "cp -120");
/// let mate = Score::from_uci_mate(3);
/// assert_eq!((mate.mate(), mate.to_string(), mate.to_uci()), (Some(3), "+M3".into(), "mate 3".into()));
/// assert!(mate > Score::cp(5000));
/// // The same judgement from the other player's side: mated in three moves.
/// assert_eq!(mate.flipped().to_string(), "-M3");
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(i32);

impl Score {
    /// A level position: neither side is better (also a drawn game).
    pub const DRAW: Score = Score(0);

    /// Wraps a number in the search's units (centipawns, mates near ±[`MATE`]). For code that
    /// works with the search's raw numbers, such as the tuner and the tests.
    pub const fn from_raw(raw: i32) -> Score {
        Score(raw)
    }

    /// The number in the search's units: what [`Score::from_raw`] took. UCCI shows scores this
    /// way, and comparing with [`DECISIVE`] needs it.
    pub const fn raw(self) -> i32 {
        self.0
    }

    /// A material judgement of `cp` centipawns, kept below the mate range so that a large
    /// number from another engine is never read as a mate.
    pub fn cp(cp: i32) -> Score {
        Score(cp.clamp(-MATE_BOUND, MATE_BOUND))
    }

    /// The side to move mates in `plies` half-moves.
    pub fn mate_in_plies(plies: u32) -> Score {
        Score(MATE - plies.min((MATE - MATE_BOUND) as u32) as i32)
    }

    /// The side to move is mated in `plies` half-moves (0: it is mated now).
    pub fn mated_in_plies(plies: u32) -> Score {
        Score(-MATE + plies.min((MATE - MATE_BOUND) as u32) as i32)
    }

    /// The score of a UCI `score mate n`: mate in `n` moves of the side to move (negative: it is
    /// mated; 0: it is mated now). Used to read other engines' output.
    pub fn from_uci_mate(moves: i32) -> Score {
        let moves = moves.clamp(-(MATE - MATE_BOUND) / 2, (MATE - MATE_BOUND) / 2);
        if moves > 0 {
            Score(MATE - (2 * moves - 1))
        } else {
            Score(-MATE - 2 * moves)
        }
    }

    /// Whether this is a mate, given or suffered (not a judgement by material or by the rules).
    pub fn is_mate(self) -> bool {
        self.0.abs() > MATE_BOUND
    }

    /// Mate in this many moves (the side to move's moves, as UCI counts them): positive when
    /// the side to move mates, negative when it is mated, 0 when it is mated now; `None` when
    /// the score is not a mate.
    pub fn mate(self) -> Option<i32> {
        if self.0 > MATE_BOUND {
            Some((MATE - self.0 + 1) / 2)
        } else if self.0 < -MATE_BOUND {
            Some(-(MATE + self.0) / 2)
        } else {
            None
        }
    }

    /// The material judgement in centipawns, `None` for a mate. A game decided by the rules
    /// shows as ±[`DECISIVE`] at most, so a GUI never reads it as a mate.
    pub fn centipawns(self) -> Option<i32> {
        (!self.is_mate()).then_some(self.0.clamp(-DECISIVE, DECISIVE))
    }

    /// The same judgement from the other player's side, mate distances kept in moves: for
    /// showing a score from a fixed side (Red's, for an eval bar). Plain negation is a different
    /// thing: the search negates across a ply, where a mate's ply count moves by one.
    pub fn flipped(self) -> Score {
        match self.mate() {
            Some(0) => Score(-self.0),
            Some(moves) => Score::from_uci_mate(-moves),
            None => Score(-self.0),
        }
    }

    /// The UCI form, `cp N` or `mate N` (`mate -0` when the side to move is mated now, as the
    /// engine has always written it).
    pub fn to_uci(self) -> String {
        match self.mate() {
            Some(n) if self.0 < 0 => format!("mate -{}", -n),
            Some(n) => format!("mate {n}"),
            None => format!("cp {}", self.centipawns().unwrap_or(0)),
        }
    }

    /// The UCCI form: the plain number in the search's units, mates included, as UCCI engines
    /// such as ElephantEye write it.
    pub fn to_ucci(self) -> String {
        self.0.to_string()
    }
}

impl std::ops::Neg for Score {
    type Output = Score;

    /// The score for the other side one ply away, as negamax uses it (see [`Score::flipped`]
    /// for the same position seen from the other side).
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl fmt::Display for Score {
    /// `+0.35`, `-1.20`; `+M3` (the side to move mates in three moves), `-M2` (it is mated in
    /// two). A width or other flags apply to the whole text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.mate() {
            Some(n) if self.0 < 0 => format!("-M{}", -n),
            Some(n) => format!("+M{n}"),
            None => format!("{:+.2}", self.centipawns().unwrap_or(0) as f64 / 100.0),
        };
        f.pad(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mates_by_plies_and_moves() {
        assert_eq!(Score::mate_in_plies(1).mate(), Some(1));
        assert_eq!(Score::mate_in_plies(3).mate(), Some(2));
        assert_eq!(Score::mated_in_plies(2).mate(), Some(-1));
        assert_eq!(Score::mated_in_plies(0).to_uci(), "mate -0");
        assert_eq!(Score::mated_in_plies(0).to_string(), "-M0");
        for n in [-7, -1, 1, 4] {
            assert_eq!(Score::from_uci_mate(n).mate(), Some(n));
            assert_eq!(Score::from_uci_mate(n).flipped().mate(), Some(-n));
        }
        assert!(Score::mate_in_plies(1) > Score::mate_in_plies(3));
        assert!(Score::mated_in_plies(4) > Score::mated_in_plies(2));
        assert_eq!(-Score::mate_in_plies(5), Score::mated_in_plies(5));
    }

    #[test]
    fn forms() {
        assert_eq!(Score::DRAW.to_string(), "+0.00");
        assert_eq!(Score::cp(-35).to_string(), "-0.35");
        assert_eq!(Score::cp(1234).to_uci(), "cp 1234");
        assert_eq!(Score::from_raw(DECISIVE + 5).to_uci(), format!("cp {DECISIVE}"));
        assert_eq!(Score::from_uci_mate(-3).to_string(), "-M3");
        assert_eq!(Score::from_uci_mate(-3).to_uci(), "mate -3");
        assert_eq!(Score::from_raw(MATE - 3).to_ucci(), "29997");
        assert_eq!(format!("{:>6}", Score::cp(35)), " +0.35");
        // Another engine's huge centipawns stay centipawns.
        assert!(!Score::cp(i32::MAX).is_mate());
        assert_eq!(Score::cp(150).flipped(), Score::cp(-150));
    }
}
