//! How a game ended, in words a player accepts.

use crate::piece::{BySide, Piece, Role, Side};
use crate::square::Square;
use crate::variant::Variant;
use std::fmt;

/// The result: a side won, or a draw.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// The side won.
    Win(Side),
    /// Neither side won.
    Draw,
}

/// A way one side breaks the repetition rules by repeating a cycle of moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Violation {
    /// Every move of the side in the cycle gave check (長將).
    PerpetualCheck,
    /// Every move of the side in the cycle chased the same piece (長捉).
    PerpetualChase,
    /// Every move of the side threatened mate (長殺), forbidden under the CXA rules only.
    PerpetualMateThreat,
}

impl Violation {
    /// The rule's code: `perpetual-check`, `perpetual-chase` or `perpetual-mate-threat`.
    pub fn code(self) -> &'static str {
        match self {
            Violation::PerpetualCheck => "perpetual-check",
            Violation::PerpetualChase => "perpetual-chase",
            Violation::PerpetualMateThreat => "perpetual-mate-threat",
        }
    }

    fn words(self) -> &'static str {
        match self {
            Violation::PerpetualCheck => "checking on every move",
            Violation::PerpetualChase => "chasing the same piece on every move",
            Violation::PerpetualMateThreat => "threatening mate on every move",
        }
    }
}

/// What a side chased in a perpetual chase, so that the ruling can name it: "Red's chariot
/// chased the unprotected cannon on d7 on every move".
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Chase {
    /// The piece chased on every move.
    pub target: Piece,
    /// Where it stood when the game ended.
    pub square: Square,
    /// The kind of piece that chased it (with several chasers, the first found).
    pub chaser: Role,
    /// How many pieces took part in the chase (two chariots chasing one cannon: 2).
    pub chasers: u8,
    /// Whether every chaser was of the same kind.
    pub same_kind: bool,
    /// Whether the chase rested on the target being unprotected (rather than on it being
    /// worth more than its attacker, which needs no such thing).
    pub unprotected: bool,
}

impl Chase {
    /// "its chariot chasing the unprotected cannon on d7" (the words after the side's name).
    fn words(&self) -> String {
        let by = match (self.chasers, self.same_kind) {
            (1, _) => format!("its {}", self.chaser.name()),
            (2, true) => format!("its two {}s", self.chaser.name()),
            (n, true) => format!("its {n} {}s", self.chaser.name()),
            (n, false) => format!("{n} of its pieces"),
        };
        let adjective = if self.unprotected { "unprotected " } else { "" };
        format!("{by} chasing the {adjective}{} on {}", self.target.role.name(), self.square)
    }
}

/// Why the game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EndReason {
    /// The side to move is in check with no legal move.
    Checkmate,
    /// The side to move is not in check but has no legal move (a loss in xiangqi).
    Stalemate,
    /// A side resigned.
    Resignation,
    /// The players agreed to a draw.
    Agreement,
    /// A side ran out of time.
    Time,
    /// A side repeated a position while breaking a repetition rule; the other did not (or
    /// broke a lesser one).
    RepetitionViolation {
        /// The rule broken.
        violation: Violation,
        /// How many times the position occurred.
        times: u32,
    },
    /// Both sides broke the same repetition rule.
    MutualViolation {
        /// The rule both broke.
        violation: Violation,
        /// How many times the position occurred.
        times: u32,
    },
    /// A position repeated with neither side breaking a rule.
    Repetition {
        /// How many times the position occurred.
        times: u32,
    },
    /// The move-count limit: `moves` moves without a capture.
    MoveLimit {
        /// The limit in moves (a move is one ply of each side).
        moves: u32,
    },
    /// Neither side has a piece that can ever give check.
    DeadPosition,
    /// Janggi: two passes in a row.
    DoublePass,
    /// Janggi: a bikjang (facing generals) left standing.
    Bikjang,
    /// Janggi (traditional rules): the same piece gave check three times in a row.
    ThreeChecksBySamePiece,
}

impl EndReason {
    /// A short code for why the game ended, the same in every chuhan package (the Python
    /// and JavaScript `Outcome.termination`): `checkmate`, `stalemate`, `resignation`,
    /// `agreement`, `time`, `perpetual-check`, `perpetual-chase`, `perpetual-mate-threat`,
    /// `mutual-perpetual-check` (and `-chase`, `-mate-threat`), `repetition`, `move-limit`,
    /// `dead-position`, `double-pass`, `bikjang` or `three-checks`.
    ///
    /// ```
    /// use chuhan::game::{EndReason, Violation};
    /// assert_eq!(EndReason::Checkmate.code(), "checkmate");
    /// let v = EndReason::RepetitionViolation { violation: Violation::PerpetualCheck, times: 3 };
    /// assert_eq!(v.code(), "perpetual-check");
    /// ```
    pub fn code(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::Resignation => "resignation",
            EndReason::Agreement => "agreement",
            EndReason::Time => "time",
            EndReason::RepetitionViolation { violation, .. } => violation.code(),
            EndReason::MutualViolation { violation, .. } => match violation {
                Violation::PerpetualCheck => "mutual-perpetual-check",
                Violation::PerpetualChase => "mutual-perpetual-chase",
                Violation::PerpetualMateThreat => "mutual-perpetual-mate-threat",
            },
            EndReason::Repetition { .. } => "repetition",
            EndReason::MoveLimit { .. } => "move-limit",
            EndReason::DeadPosition => "dead-position",
            EndReason::DoublePass => "double-pass",
            EndReason::Bikjang => "bikjang",
            EndReason::ThreeChecksBySamePiece => "three-checks",
        }
    }
}

/// How and when a game ended.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Outcome {
    /// Who won, or a draw.
    pub result: GameResult,
    /// Why the game ended.
    pub reason: EndReason,
    /// The ply (half-move count from the start of the game record) at which it ended.
    pub ply: usize,
    /// The moves involved (1-based move numbers, first and last) for repetitions.
    pub moves: Option<(u32, u32)>,
    /// Janggi point counting, if the result was decided by it: (Cho's points, Han's points
    /// including the 1.5 bonus).
    pub points: Option<(f32, f32)>,
    /// For a perpetual chase, what each side that broke the rule chased (named in
    /// [`describe`](Outcome::describe)).
    pub chases: BySide<Option<Chase>>,
}

impl Outcome {
    /// The first line of `chuhan adjudicate`: `red wins`, `black wins`, `cho wins`, `han wins`
    /// or `draw`.
    pub fn verdict(&self, variant: Variant) -> String {
        match self.result {
            GameResult::Win(side) => format!("{} wins", side.name(variant)),
            GameResult::Draw => "draw".to_string(),
        }
    }

    /// A sentence for players: "Black wins: Red repeated the position checking on every move
    /// (moves 31–34)".
    pub fn describe(&self, variant: Variant) -> String {
        Description { outcome: self, variant }.to_string()
    }
}

struct Description<'a> {
    outcome: &'a Outcome,
    variant: Variant,
}

fn times_words(times: u32) -> String {
    match times {
        2 => "twice".to_string(),
        3 => "three times".to_string(),
        4 => "four times".to_string(),
        n => format!("{n} times"),
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

impl fmt::Display for Description<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let o = self.outcome;
        let v = self.variant;
        let name = |s: Side| capitalised(s.name(v));
        match o.result {
            GameResult::Win(s) => write!(f, "{} wins: ", name(s))?,
            GameResult::Draw => write!(f, "Draw: ")?,
        }
        let loser = match o.result {
            GameResult::Win(s) => Some(!s),
            GameResult::Draw => None,
        };
        let span = match o.moves {
            Some((a, b)) if a != b => format!(" (moves {a}–{b})"),
            Some((a, _)) => format!(" (move {a})"),
            None => String::new(),
        };
        match o.reason {
            EndReason::Checkmate => write!(f, "{} is checkmated", name(loser.unwrap_or(Side::First)))?,
            EndReason::Stalemate => write!(f, "{} has no legal move", name(loser.unwrap_or(Side::First)))?,
            EndReason::Resignation => write!(f, "{} resigned", name(loser.unwrap_or(Side::First)))?,
            EndReason::Agreement => write!(f, "agreed")?,
            EndReason::Time => write!(f, "{} ran out of time", name(loser.unwrap_or(Side::First)))?,
            EndReason::RepetitionViolation { violation, times } => {
                let loser = loser.unwrap_or(Side::First);
                match o.chases[loser].filter(|_| violation == Violation::PerpetualChase) {
                    Some(chase) => write!(
                        f,
                        "{} repeated the position {} with {} on every move{span}",
                        name(loser),
                        times_words(times),
                        chase.words()
                    )?,
                    None => write!(
                        f,
                        "{} repeated the position {} {}{span}",
                        name(loser),
                        times_words(times),
                        violation.words()
                    )?,
                }
            }
            EndReason::MutualViolation { violation, times } => match (o.chases.first, o.chases.second) {
                (Some(a), Some(b)) if violation == Violation::PerpetualChase => write!(
                    f,
                    "the position occurred {} with both sides chasing on every move, {} with {} and {} with {}{span}",
                    times_words(times),
                    name(Side::First),
                    a.words(),
                    name(Side::Second),
                    b.words()
                )?,
                _ => write!(
                    f,
                    "the position occurred {} with both sides {}{span}",
                    times_words(times),
                    violation.words()
                )?,
            },
            EndReason::Repetition { times } => write!(f, "the position occurred {}{span}", times_words(times))?,
            EndReason::MoveLimit { moves } => write!(f, "{moves} moves without a capture")?,
            EndReason::DeadPosition => write!(f, "neither side can ever give check")?,
            EndReason::DoublePass => write!(f, "both sides passed")?,
            EndReason::Bikjang => write!(f, "the generals face each other (bikjang)")?,
            EndReason::ThreeChecksBySamePiece => write!(f, "the same piece gave check three times in a row")?,
        }
        if let Some((cho, han)) = o.points {
            write!(f, "; counting {} to {}", Points(cho), Points(han))?;
        }
        Ok(())
    }
}

/// A janggi count as `{}` writes an `f32` ("72", "73.5"), through integer tenths: counts are
/// whole or half points, and the float formatter would add 15 KB to the WebAssembly package.
struct Points(f32);

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tenths = (self.0 * 10.0).round() as i64;
        let sign = if tenths < 0 { "-" } else { "" };
        let (whole, tenth) = (tenths.abs() / 10, tenths.abs() % 10);
        if tenth == 0 {
            write!(f, "{sign}{whole}")
        } else {
            write!(f, "{sign}{whole}.{tenth}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Points;

    #[test]
    fn points_are_written_as_the_float_formatter_writes_them() {
        for halves in -400..=400 {
            let x = halves as f32 / 2.0;
            assert_eq!(Points(x).to_string(), x.to_string(), "{x}");
        }
        assert_eq!(Points(72.0).to_string(), "72");
        assert_eq!(Points(73.5).to_string(), "73.5");
    }
}
