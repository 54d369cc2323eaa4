//! How a game ended, as the plain object JavaScript receives.

use crate::js;
use chuhan::game::{EndReason, GameResult, Outcome, Rules, Violation};
use chuhan::Variant;
use wasm_bindgen::JsValue;

/// An ending in the words handed to JavaScript.
#[derive(Debug, Clone, PartialEq)]
pub struct View {
    /// `red wins`, `black wins`, `cho wins`, `han wins` or `draw`.
    pub result: String,
    /// The winner's name, `None` for a draw.
    pub winner: Option<&'static str>,
    /// What ended the game, as one keyword (`checkmate`, `perpetual-check`...).
    pub reason: &'static str,
    /// A sentence for players: `Black wins: Red is checkmated`.
    pub description: String,
    /// The ply at which it ended.
    pub ply: usize,
    /// The rule set that judged it (`axf`, `modern`...).
    pub rules: String,
    /// The PGN result token: `1-0`, `0-1` or `1/2-1/2`.
    pub pgn: &'static str,
    /// Janggi point counting when it decided the game: (Cho, Han).
    pub points: Option<(f32, f32)>,
}

fn violation_word(v: Violation) -> &'static str {
    match v {
        Violation::PerpetualCheck => "perpetual-check",
        Violation::PerpetualChase => "perpetual-chase",
        Violation::PerpetualMateThreat => "perpetual-mate-threat",
        _ => "perpetual",
    }
}

/// The keyword for what ended a game.
fn reason_word(r: EndReason) -> &'static str {
    match r {
        EndReason::Checkmate => "checkmate",
        EndReason::Stalemate => "stalemate",
        EndReason::Resignation => "resignation",
        EndReason::Agreement => "agreement",
        EndReason::Time => "time",
        EndReason::RepetitionViolation { violation, .. } => violation_word(violation),
        EndReason::MutualViolation { .. } => "mutual-violation",
        EndReason::Repetition { .. } => "repetition",
        EndReason::MoveLimit { .. } => "move-limit",
        EndReason::DeadPosition => "dead-position",
        EndReason::DoublePass => "double-pass",
        EndReason::Bikjang => "bikjang",
        EndReason::ThreeChecksBySamePiece => "three-checks",
        _ => "other",
    }
}

impl View {
    /// The view of `o`, a game of `variant` judged by `rules`.
    pub fn new(o: &Outcome, variant: Variant, rules: &Rules) -> View {
        let winner = match o.result {
            GameResult::Win(s) => Some(s.name(variant)),
            GameResult::Draw => None,
        };
        View {
            result: o.verdict(variant),
            winner,
            reason: reason_word(o.reason),
            description: o.describe(variant),
            ply: o.ply,
            rules: crate::names::rules_name(variant, rules),
            pgn: chuhan_record::RecordResult::from(o.result).pgn(),
            points: o.points,
        }
    }

    /// The plain object: `{result, winner, reason, description, ply, rules, pgn, points}`.
    pub fn to_js(&self) -> JsValue {
        let obj = js_sys::Object::new();
        js::set(&obj, "result", self.result.as_str());
        js::set(&obj, "winner", self.winner.map_or(JsValue::NULL, JsValue::from_str));
        js::set(&obj, "reason", self.reason);
        js::set(&obj, "description", self.description.as_str());
        js::set(&obj, "ply", self.ply as f64);
        js::set(&obj, "rules", self.rules.as_str());
        js::set(&obj, "pgn", self.pgn);
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
        obj.into()
    }
}
