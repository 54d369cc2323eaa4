//! Evaluation: how good a position is for the side to move, in centipawns (a soldier ≈ 100).
//!
//! Behind the [`Evaluate`] trait so a trained network can replace the hand-written terms later.
//! [`Classic`] sums the hand-written terms of [`features`] (material, piece-square values by
//! phase, mobility, pressure on the palace, missing defenders, the classic cannon patterns...)
//! with weights fitted by the tuner (`chuhan-train tune`, Texel's method, on game results blended
//! with a reference engine's scores) and stored in `weights.rs`. [`piece_value`] is the fixed scale the search orders captures by.

pub mod features;
mod weights;

use chuhan::{Position, Role, Side, Variant};

/// A way to score positions: what the search calls at its leaves.
///
/// A trait so that another evaluation (a trained network, or a deliberately simple one for a
/// test) can be searched without touching the search. `Send + Sync` because every search thread
/// shares the one evaluator.
pub trait Evaluate: Send + Sync {
    /// The score of `pos` for the side to move, in centipawns. The search negates it at every
    /// ply, so it must be from the mover's side, and it must stay well inside
    /// ±[`crate::score::DECISIVE`], which is kept for games decided by the rules.
    fn evaluate(&self, pos: &Position) -> i32;

    /// The network this evaluation uses for `variant`, if it is one: the search then keeps the
    /// network's accumulators itself, updated move by move ([`crate::nnue::Accumulators`]),
    /// instead of calling [`Evaluate::evaluate`]. The two must give the same scores.
    ///
    /// The network is named through `crate::network`, which knows no evaluator, so that this
    /// trait does not depend on its implementer ([`crate::nnue::Nnue`], which depends on it).
    fn network(&self, _variant: Variant) -> Option<&crate::network::Network> {
        None
    }
}

/// The engine's evaluation: hand-written terms ([`features`]) with weights fitted to game
/// results, one set of weights per variant. Holds no state, so one value serves every thread.
#[derive(Clone, Debug, Default)]
pub struct Classic;

/// Material value of a role in centipawns (the general 0: it is never traded).
///
/// A fixed scale, apart from the tuned weights, so that move ordering and static exchange
/// evaluation ([`crate::see`]) do not change each time the evaluation is refitted.
pub fn piece_value(variant: Variant, role: Role) -> i32 {
    match (variant, role) {
        (_, Role::General) => 0,
        (Variant::Xiangqi, Role::Chariot) => 1000,
        (Variant::Xiangqi, Role::Cannon) => 480,
        (Variant::Xiangqi, Role::Horse) => 450,
        (Variant::Xiangqi, Role::Advisor) => 200,
        (Variant::Xiangqi, Role::Elephant) => 200,
        (Variant::Xiangqi, Role::Soldier) => 100,
        // Janggi: the association's counting weights (13/7/5/3/3/2), scaled.
        (Variant::Janggi, Role::Chariot) => 1300,
        (Variant::Janggi, Role::Cannon) => 700,
        (Variant::Janggi, Role::Horse) => 500,
        (Variant::Janggi, Role::Elephant) => 300,
        (Variant::Janggi, Role::Advisor) => 300,
        (Variant::Janggi, Role::Soldier) => 200,
    }
}

/// Sums the weights of the features [`features::trace`] reports.
struct Summer<'a> {
    weights: &'a [[i16; 2]; features::COUNT],
    opening: i32,
    ending: i32,
}

impl features::Sink for Summer<'_> {
    #[inline(always)]
    fn add(&mut self, feature: usize, count: i32) {
        let [o, e] = self.weights[feature];
        self.opening += o as i32 * count;
        self.ending += e as i32 * count;
    }
}

/// The weights [`Classic`] uses for `variant`, [opening, ending] per feature: public so the
/// tuner can start from them and print the refitted ones in the same layout.
pub fn weights_for(variant: Variant) -> &'static [[i16; 2]; features::COUNT] {
    match variant {
        Variant::Xiangqi => &weights::XIANGQI,
        Variant::Janggi => &weights::JANGGI,
    }
}

/// The score of `pos` for the first player with `weights`, blended by phase: [`Classic`]'s
/// evaluation with any weights, so candidate weights can be tried without building an
/// evaluator.
pub fn score_with(pos: &Position, weights: &[[i16; 2]; features::COUNT]) -> i32 {
    let mut sum = Summer { weights, opening: 0, ending: 0 };
    features::trace(pos, &mut sum);
    let phase = features::phase(pos);
    (sum.opening * phase + sum.ending * (features::PHASE_MAX - phase)) / features::PHASE_MAX
}

impl Evaluate for Classic {
    fn evaluate(&self, pos: &Position) -> i32 {
        let score = score_with(pos, weights_for(pos.variant()));
        // Han's 1.5-point counting bonus is not added here: it only decides endings settled by
        // counting, which the search scores by the rules (see search::counting).
        if pos.turn() == Side::First {
            score
        } else {
            -score
        }
    }
}
