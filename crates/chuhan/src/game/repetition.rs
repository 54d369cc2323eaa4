//! Judging a repeated cycle of moves.
//!
//! When a position has occurred the configured number of times, the moves between its first
//! counted occurrence and now form the cycle. Each side's moves in it are classified: all
//! checks is perpetual check; the same enemy piece chased on every move is perpetual chase
//! (a check in between breaks the chase, so one check one chase is allowed; a move that
//! answers a check is forced and neither continues nor breaks it); under the CXA
//! rules, a mate threat on every move is perpetual mate threat. A side that breaks a rule
//! while the other does not loses; if both break one, the graver loses (check is graver than
//! chase or mate threat) and equal violations draw; otherwise the repetition is a draw.

use super::chase::{chased, follow, number_pieces, threatens_mate};
use super::outcome::{EndReason, GameResult, Violation};
use super::rules::XiangqiRules;
use crate::mv::Move;
use crate::piece::Side;
use crate::position::Position;

/// What each side did throughout a cycle.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct CycleConduct {
    /// Per side: every move gave check.
    pub all_checks: [bool; 2],
    /// Per side: the enemy pieces chased by every move (bit set of identities).
    pub chased: [u32; 2],
    /// Per side: every move gave check or threatened mate.
    pub all_mate_threats: [bool; 2],
}

/// Replays `moves` from `start` and records each side's conduct. `with_chases` and
/// `with_mate_threats` turn on the costlier parts.
pub(crate) fn conduct(start: &Position, moves: &[Move], with_chases: bool, with_mate_threats: bool) -> CycleConduct {
    let mut c = CycleConduct { all_checks: [true; 2], chased: [u32::MAX; 2], all_mate_threats: [true; 2] };
    let mut moved = [false; 2];
    let mut pos = start.with_turn(start.turn());
    let mut ids = number_pieces(&pos);
    for &m in moves {
        let side = pos.turn();
        let s = side.index();
        moved[s] = true;
        let before = pos.with_turn(side);
        let answering_check = pos.is_check();
        let ids_before = ids;
        pos.play_unchecked(m);
        follow(&mut ids, m);
        let check = pos.is_check();
        c.all_checks[s] &= check;
        // A move that answers a check is forced: it neither continues nor breaks a chase.
        if with_chases && !answering_check && c.chased[s] != 0 {
            c.chased[s] &= chased(&before, &pos, side, &ids_before, &ids);
        }
        if with_mate_threats && c.all_mate_threats[s] {
            c.all_mate_threats[s] = check || threatens_mate(&pos, side);
        }
    }
    for (s, &moved) in moved.iter().enumerate() {
        if !moved {
            c.all_checks[s] = false;
            c.all_mate_threats[s] = false;
        }
        if !moved || !with_chases {
            c.chased[s] = 0;
        }
    }
    c
}

fn severity(v: Violation) -> u8 {
    match v {
        Violation::PerpetualCheck => 2,
        Violation::PerpetualChase | Violation::PerpetualMateThreat => 1,
    }
}

/// The violation of each side in a xiangqi cycle under `rules`.
pub(crate) fn violations(c: &CycleConduct, rules: XiangqiRules) -> [Option<Violation>; 2] {
    std::array::from_fn(|s| {
        if c.all_checks[s] {
            Some(Violation::PerpetualCheck)
        } else if rules != XiangqiRules::Computer && c.chased[s] != 0 {
            Some(Violation::PerpetualChase)
        } else if rules == XiangqiRules::Cxa && c.all_mate_threats[s] {
            Some(Violation::PerpetualMateThreat)
        } else {
            None
        }
    })
}

/// The ruling for a repeated xiangqi cycle.
pub(crate) fn rule_xiangqi(
    start: &Position,
    moves: &[Move],
    rules: XiangqiRules,
    times: u32,
) -> (GameResult, EndReason) {
    let c = conduct(start, moves, rules != XiangqiRules::Computer, rules == XiangqiRules::Cxa);
    rule(violations(&c, rules), times)
}

/// The ruling from both sides' violations, for a position that occurred `times` times.
pub(crate) fn rule(v: [Option<Violation>; 2], times: u32) -> (GameResult, EndReason) {
    let lost = |loser: Side, violation| (GameResult::Win(!loser), EndReason::RepetitionViolation { violation, times });
    match (v[0], v[1]) {
        (None, None) => (GameResult::Draw, EndReason::Repetition { times }),
        (Some(a), None) => lost(Side::First, a),
        (None, Some(b)) => lost(Side::Second, b),
        (Some(a), Some(b)) => match severity(a).cmp(&severity(b)) {
            std::cmp::Ordering::Equal => (GameResult::Draw, EndReason::MutualViolation { violation: a, times }),
            std::cmp::Ordering::Greater => lost(Side::First, a),
            std::cmp::Ordering::Less => lost(Side::Second, b),
        },
    }
}
