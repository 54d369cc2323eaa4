//! How a game ended, as the plain object JavaScript receives.

use crate::js;
use chuhan::game::{GameResult, Outcome, Rules};
use chuhan::Variant;
use wasm_bindgen::JsValue;

/// An ending in the words handed to JavaScript: the same fields, meaning the same, as the
/// Python package's `Outcome` (docs/api.md).
#[derive(Debug, Clone, PartialEq)]
pub struct View {
    /// The PGN result token: `1-0`, `0-1` or `1/2-1/2`.
    pub result: &'static str,
    /// What ended the game, as a code (`EndReason::code`: `checkmate`, `perpetual-check`...).
    pub termination: &'static str,
    /// A sentence for players: `Black wins: Red is checkmated`.
    pub description: String,
    /// `red wins`, `black wins`, `cho wins`, `han wins` or `draw`.
    pub verdict: String,
    /// The winner's name, `None` for a draw.
    pub winner: Option<&'static str>,
    /// The ply at which it ended.
    pub ply: usize,
    /// The rule set that judged it (`axf`, `modern`...).
    pub rules: String,
    /// Janggi point counting when it decided the game: (Cho, Han).
    pub points: Option<(f32, f32)>,
}

impl View {
    /// The view of `o`, a game of `variant` judged by `rules`.
    pub fn new(o: &Outcome, variant: Variant, rules: &Rules) -> View {
        let winner = match o.result {
            GameResult::Win(s) => Some(s.name(variant)),
            GameResult::Draw => None,
        };
        View {
            result: chuhan_record::RecordResult::from(o.result).pgn(),
            termination: o.reason.code(),
            description: o.describe(variant),
            verdict: o.verdict(variant),
            winner,
            ply: o.ply,
            rules: crate::names::rules_name(variant, rules),
            points: o.points,
        }
    }

    /// The plain object: `{result, termination, description, verdict, winner, ply, rules,
    /// points}`, with the deprecated `reason` (the code, now `termination`) and `pgn` (the
    /// token, now `result`) kept for one release.
    pub fn to_js(&self) -> JsValue {
        let obj = js_sys::Object::new();
        js::set(&obj, "result", self.result);
        js::set(&obj, "termination", self.termination);
        js::set(&obj, "description", self.description.as_str());
        js::set(&obj, "verdict", self.verdict.as_str());
        js::set(&obj, "winner", self.winner.map_or(JsValue::NULL, JsValue::from_str));
        js::set(&obj, "ply", self.ply as f64);
        js::set(&obj, "rules", self.rules.as_str());
        let points = match self.points {
            Some((cho, han)) => {
                let a = js_sys::Array::new();
                a.push(&JsValue::from_f64(f64::from(cho)));
                a.push(&JsValue::from_f64(f64::from(han)));
                a.into()
            }
            None => JsValue::NULL,
        };
        js::set(&obj, "points", points);
        js::set(&obj, "reason", self.termination);
        js::set(&obj, "pgn", self.result);
        obj.into()
    }
}
