//! `Outcome` (how a game ended, and the rule set that ruled it) and the reading of a rule-set
//! argument: what `Board.outcome` and `Game` share, in a module of its own so that `board`
//! and `game` do not depend on each other.

use crate::errors;
use chuhan::{EndReason, Game, GameResult, Rules, Variant, Violation};
use pyo3::prelude::*;

/// The rules of `variant`, with the named rule set when one is given: `axf`, `cxa` or
/// `computer` for xiangqi; `modern`, `traditional` or `casual` for janggi.
pub fn rules_arg(name: Option<&str>, variant: Variant) -> PyResult<Rules> {
    match name {
        Some(name) => Rules::named(variant, name).map_err(errors::value),
        None => Ok(Rules::for_variant(variant)),
    }
}

/// The name of the rule set in force for the game's variant.
pub(crate) fn rules_name(rules: &Rules, variant: Variant) -> String {
    match variant {
        Variant::Xiangqi => rules.xiangqi.to_string(),
        Variant::Janggi => rules.janggi.to_string(),
    }
}

fn violation_name(v: Violation) -> &'static str {
    match v {
        Violation::PerpetualCheck => "perpetual_check",
        Violation::PerpetualChase => "perpetual_chase",
        Violation::PerpetualMateThreat => "perpetual_mate_threat",
        _ => "perpetual",
    }
}

/// A short machine name for why a game ended (`reason` gives the sentence).
fn termination(r: EndReason) -> String {
    match r {
        EndReason::Checkmate => "checkmate".into(),
        EndReason::Stalemate => "stalemate".into(),
        EndReason::Resignation => "resignation".into(),
        EndReason::Agreement => "agreement".into(),
        EndReason::Time => "time".into(),
        EndReason::RepetitionViolation { violation, .. } => violation_name(violation).into(),
        EndReason::MutualViolation { violation, .. } => format!("mutual_{}", violation_name(violation)),
        EndReason::Repetition { .. } => "repetition".into(),
        EndReason::MoveLimit { .. } => "move_limit".into(),
        EndReason::DeadPosition => "dead_position".into(),
        EndReason::DoublePass => "double_pass".into(),
        EndReason::Bikjang => "bikjang".into(),
        EndReason::ThreeChecksBySamePiece => "three_checks".into(),
        _ => "other".into(),
    }
}

/// How a game ended: the result, why in words, and the rule set that ruled it.
#[pyclass(name = "Outcome", module = "chuhan", frozen, get_all)]
#[derive(Clone)]
pub struct PyOutcome {
    /// `"1-0"`, `"0-1"` or `"1/2-1/2"`.
    result: &'static str,
    /// The winner's name (`red`, `black`, `cho`, `han`), or `None` for a draw.
    winner: Option<&'static str>,
    /// The reason as a sentence: `Black wins: Red repeated the position three times checking
    /// on every move (moves 31–34)`.
    reason: String,
    /// A short name for the reason: `checkmate`, `stalemate`, `perpetual_check`,
    /// `perpetual_chase`, `repetition`, `move_limit`, `bikjang`, `double_pass`, ...
    termination: String,
    /// `red wins`, `black wins`, `cho wins`, `han wins` or `draw`.
    verdict: String,
    /// The rule set that ruled: `axf`, `cxa`, `computer`, `modern`, `traditional`, `casual`.
    rules: String,
    /// The ply at which the game ended.
    ply: usize,
    /// Janggi counting, when it decided: (Cho's points, Han's points with the 1.5 bonus).
    points: Option<(f32, f32)>,
}

impl PyOutcome {
    /// The outcome of `game`.
    pub fn new(o: &chuhan::Outcome, game: &Game) -> PyOutcome {
        let variant = game.position().variant();
        PyOutcome {
            result: chuhan_record::RecordResult::from(o.result).pgn(),
            winner: match o.result {
                GameResult::Win(s) => Some(s.name(variant)),
                GameResult::Draw => None,
            },
            reason: o.describe(variant),
            termination: termination(o.reason),
            verdict: o.verdict(variant),
            rules: rules_name(game.rules(), variant),
            ply: o.ply,
            points: o.points,
        }
    }
}

#[pymethods]
impl PyOutcome {
    fn __str__(&self) -> String {
        self.reason.clone()
    }

    fn __repr__(&self) -> String {
        format!("<Outcome {} {} ({}): {}>", self.result, self.termination, self.rules, self.reason)
    }
}
