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

use super::chase::{chased, follow, number_pieces, outranks, threatens_mate, Ids};
use super::outcome::{Chase, EndReason, GameResult, Violation};
use super::rules::XiangqiRules;
use crate::mv::Move;
use crate::piece::{BySide, Side};
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
    /// Per side: the piece chased on every move, named (when there is one).
    pub chase: [Option<Chase>; 2],
}

/// Replays `moves` from `start` and records each side's conduct. `with_chases` and
/// `with_mate_threats` turn on the costlier parts.
pub(crate) fn conduct(start: &Position, moves: &[Move], with_chases: bool, with_mate_threats: bool) -> CycleConduct {
    let mut c =
        CycleConduct { all_checks: [true; 2], chased: [u32::MAX; 2], all_mate_threats: [true; 2], chase: [None; 2] };
    // Per side and chased piece: the pieces that chased it (identities as bit sets).
    let mut chasers = [[0u32; 32]; 2];
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
            // A general's move that opens or closes the file between the generals pins and
            // unpins pieces through the facing generals: those threats are the general's own,
            // and a general may chase freely (Fairy-Stockfish's "mutual pins by flying
            // generals"). A general's other moves uncover chases as any piece's do (rule-book
            // diagrams 71-75: a general stepping off its horse's leg).
            let chases = if changes_facing(&before, &pos, m) {
                Vec::new()
            } else {
                chased(&before, &pos, side, &ids_before, &ids)
            };
            c.chased[s] &= chases.iter().fold(0, |set, &(_, target)| set | 1 << target);
            for (attacker, target) in chases {
                chasers[s][target as usize] |= 1 << attacker;
            }
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
        if c.chased[s] != 0 {
            let target = c.chased[s].trailing_zeros() as u8;
            c.chase[s] = name_chase(&pos, &ids, target, chasers[s][target as usize]);
        }
    }
    c
}

/// Whether `m`, played from `before` to `after`, is a general's move that puts the generals
/// on one file or takes them off it while at most two pieces stand between them — close
/// enough that one piece leaving the file is pinned by the facing generals.
fn changes_facing(before: &Position, after: &Position, m: Move) -> bool {
    let facing = |p: &Position| {
        let (a, b) = (p.general(Side::First), p.general(Side::Second));
        a.file() == b.file() && (crate::attacks::between(a, b) & p.occupied()).count() <= 2
    };
    !m.is_pass()
        && before.piece_at(m.from).is_some_and(|p| p.role == crate::piece::Role::General)
        && (facing(before) || facing(after))
        && before.general(before.turn()).file() != after.general(before.turn()).file()
}

/// The chase of `target` by the pieces in `chasers` (identities), named from the position
/// where the cycle ends.
fn name_chase(pos: &Position, ids: &Ids, target: u8, chasers: u32) -> Option<Chase> {
    let square_of = |id: u8| crate::square::Square::ALL.into_iter().find(|sq| ids[sq.index()] == id);
    let square = square_of(target)?;
    let target_piece = pos.piece_at(square)?;
    let roles: Vec<_> = (0..32u8)
        .filter(|&id| chasers & (1 << id) != 0)
        .filter_map(|id| square_of(id).and_then(|sq| pos.piece_at(sq)))
        .map(|p| p.role)
        .collect();
    let chaser = *roles.first()?;
    Some(Chase {
        target: target_piece,
        square,
        chaser,
        chasers: roles.len() as u8,
        same_kind: roles.iter().all(|&r| r == chaser),
        unprotected: roles.iter().any(|&r| !outranks(r, target_piece.role)),
    })
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

/// The ruling for a repeated xiangqi cycle, with what each side that lost or drew by a
/// perpetual chase chased.
pub(crate) fn rule_xiangqi(
    start: &Position,
    moves: &[Move],
    rules: XiangqiRules,
    times: u32,
) -> (GameResult, EndReason, BySide<Option<Chase>>) {
    let c = conduct(start, moves, rules != XiangqiRules::Computer, rules == XiangqiRules::Cxa);
    let v = violations(&c, rules);
    let (result, reason) = rule(v, times);
    let named = |s: Side| {
        let counted = match (result, reason) {
            (GameResult::Win(winner), EndReason::RepetitionViolation { .. }) => winner != s,
            (_, EndReason::MutualViolation { .. }) => true,
            _ => false,
        };
        c.chase[s.index()].filter(|_| counted && v[s.index()] == Some(Violation::PerpetualChase))
    };
    (result, reason, BySide::new(named(Side::First), named(Side::Second)))
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
