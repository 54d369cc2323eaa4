//! `Outcome` (how a game ended, and the rule set that ruled it) and the reading of a rule-set
//! argument: what `Board.outcome` and `Game` share, in a module of its own so that `board`
//! and `game` do not depend on each other.

use crate::errors;
use crate::values;
use chuhan::{Game, GameResult, Rules, Side, Variant};
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

/// How a game ended: the result, why (as a code and as a sentence), and the rule set that
/// ruled. The same fields, meaning the same, as the JavaScript package's `Outcome`.
#[pyclass(name = "Outcome", module = "chuhan", frozen)]
#[derive(Clone)]
pub struct PyOutcome {
    /// `"1-0"`, `"0-1"` or `"1/2-1/2"`.
    result: &'static str,
    /// The winner, or `None` for a draw.
    winner: Option<Side>,
    /// The reason as a sentence: `Black wins: Red repeated the position three times checking
    /// on every move (moves 31–34)`.
    #[pyo3(get)]
    description: String,
    /// The reason's code (`EndReason::code`): `checkmate`, `perpetual-check`, `move-limit`...
    #[pyo3(get)]
    termination: &'static str,
    /// `red wins`, `black wins`, `cho wins`, `han wins` or `draw`.
    #[pyo3(get)]
    verdict: String,
    /// The rule set that ruled: `axf`, `cxa`, `computer`, `modern`, `traditional`, `casual`.
    #[pyo3(get)]
    rules: String,
    /// The ply at which the game ended.
    #[pyo3(get)]
    ply: usize,
    /// Janggi counting, when it decided: (Cho's points, Han's points with the 1.5 bonus).
    #[pyo3(get)]
    points: Option<(f32, f32)>,
}

impl PyOutcome {
    /// The outcome `o` of a game of `variant` under `rules`.
    pub fn of(o: &chuhan::Outcome, variant: Variant, rules: &Rules) -> PyOutcome {
        PyOutcome {
            result: chuhan_record::RecordResult::from(o.result).pgn(),
            winner: match o.result {
                GameResult::Win(s) => Some(s),
                GameResult::Draw => None,
            },
            description: o.describe(variant),
            termination: o.reason.code(),
            verdict: o.verdict(variant),
            rules: rules_name(rules, variant),
            ply: o.ply,
            points: o.points,
        }
    }

    /// The outcome of `game`.
    pub fn new(o: &chuhan::Outcome, game: &Game) -> PyOutcome {
        PyOutcome::of(o, game.position().variant(), game.rules())
    }
}

#[pymethods]
impl PyOutcome {
    /// The PGN result, `"1-0"`, `"0-1"` or `"1/2-1/2"`: a `str` that python-chess users may
    /// also call (`outcome.result()`).
    #[getter]
    fn result(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        values::result(py, self.result)
    }

    /// The winner, `chuhan.RED` (Cho) or `chuhan.BLACK` (Han), or `None` for a draw.
    #[getter]
    fn winner(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        self.winner.map(|s| values::color(py, s)).transpose()
    }

    /// Deprecated: the sentence, now `description` (`reason` goes in the next release).
    #[getter]
    fn reason(&self, py: Python<'_>) -> PyResult<String> {
        let category = py.get_type::<pyo3::exceptions::PyDeprecationWarning>();
        PyErr::warn(
            py,
            &category,
            c"Outcome.reason is deprecated: use Outcome.description (the sentence) or Outcome.termination (the code)",
            1,
        )?;
        Ok(self.description.clone())
    }

    fn __str__(&self) -> String {
        self.description.clone()
    }

    fn __repr__(&self) -> String {
        format!("<Outcome {} {} ({}): {}>", self.result, self.termination, self.rules, self.description)
    }
}
