//! Chases (捉): what a move newly threatens to capture, as the Asian rules define it.
//!
//! A move *chases* an enemy piece when, after it, one of the mover's pieces could legally
//! capture that piece on the next move, the threat is new (that attacker did not already
//! attack that piece before the move, or the move pinned the piece's protector), and the
//! capture would win something:
//! - the target has no real protector: after the capture the other side could not legally
//!   retake on that point (a pinned protector, or one whose line the capture itself closes,
//!   is no protector);
//! - or the target outranks its attacker whatever protects it: a chariot attacked by a horse
//!   or cannon; a chariot, horse or cannon attacked by an advisor or elephant.
//!
//! Exceptions: the general is never chased (that is check); a soldier is chased only once it
//! has crossed the river; generals and soldiers may chase freely (their threats never count);
//! illegal captures threaten nothing, and a pinned piece threatens nothing, not even its
//! pinner; and a threat to a piece of the
//! same kind that could take straight back is an offer to exchange, not a chase — unless it
//! cannot take back, like a horse whose leg is blocked.
//!
//! Pieces are followed by identity through the cycle being judged (see [`Ids`]), so "the same
//! piece chased on every move" survives the piece running from point to point.

use crate::bitboard::Bitboard;
use crate::mv::Move;
use crate::piece::{Piece, Role, Side};
use crate::position::Position;
use crate::square::Square;

/// No piece on the point.
pub(crate) const NO_PIECE: u8 = u8::MAX;

/// Which piece stands on each point: numbers 0–31 given when a cycle starts and carried along
/// as pieces move.
pub(crate) type Ids = [u8; 90];

/// Numbers the pieces of `pos`, in square order.
pub(crate) fn number_pieces(pos: &Position) -> Ids {
    let mut ids = [NO_PIECE; 90];
    let mut next = 0u8;
    for sq in Square::ALL {
        if pos.piece_at(sq).is_some() {
            ids[sq.index()] = next;
            next += 1;
        }
    }
    ids
}

/// Moves the identity along with a played move.
pub(crate) fn follow(ids: &mut Ids, m: Move) {
    if !m.is_pass() {
        ids[m.to.index()] = ids[m.from.index()];
        ids[m.from.index()] = NO_PIECE;
    }
}

/// Whether a piece on `sq` has crossed the river (only meaningful for soldiers).
fn crossed_river(side: Side, sq: Square) -> bool {
    match side {
        Side::First => sq.rank() >= 5,
        Side::Second => sq.rank() <= 4,
    }
}

/// Whether threats to this piece can be chases at all.
fn can_be_chased(piece: Piece, sq: Square) -> bool {
    match piece.role {
        Role::General => false,
        Role::Soldier => crossed_river(piece.side, sq),
        _ => true,
    }
}

/// Whether the target is worth more than its attacker however it is protected.
pub(crate) fn outranks(attacker: Role, target: Role) -> bool {
    use Role::*;
    matches!((attacker, target), (Horse | Cannon, Chariot) | (Advisor | Elephant, Chariot | Horse | Cannon))
}

/// The legal captures `side` could make in `pos` if it were its move, as (from, to).
fn threats(pos: &Position, side: Side) -> Vec<(Square, Square)> {
    let view = pos.with_turn(side);
    let enemy = view.side_pieces(!side);
    let mut out = Vec::new();
    view.for_each_legal(|from, targets| {
        for to in targets & enemy {
            out.push((from, to));
        }
    });
    out
}

/// Whether, after `side` captures from `from` on `to`, the other side can retake.
///
/// A retake counts when it is legal, or when the only thing wrong with it is the check the
/// chasing move itself gave: a guard that cannot retake only because its general is in check
/// guards again once the check is answered, so that move is a check, not a chase (one check,
/// one chase — 一將一捉 — is allowed).
/// `checking`: the pieces of `side` giving check in `pos` ([`check_by`]).
fn retakable(pos: &Position, side: Side, from: Square, to: Square, checking: Bitboard) -> bool {
    let mut view = pos.with_turn(side);
    view.play_unchecked(Move::new(from, to));
    can_retake(&view, to, checking)
}

/// The pieces of `side` giving check to the other side's general in `pos`.
fn check_by(pos: &Position, side: Side) -> Bitboard {
    pos.with_turn(!side).checkers()
}

/// Whether the side to move in `view` can take on `to`: legally, or by a move after which its
/// general is attacked only by pieces in `ignored` (a check that was already there).
fn can_retake(view: &Position, to: Square, ignored: Bitboard) -> bool {
    if view.is_legal_capture_on(to) {
        return true;
    }
    if ignored.is_empty() {
        return false;
    }
    let defender = view.turn();
    for guard in view.capturers(to, defender, view.occupied(), false) {
        let mut next = view.clone();
        next.play_unchecked(Move::new(guard, to));
        let next = next.with_turn(defender);
        if (next.checkers() & !ignored).is_empty() && !next.generals_face() {
            return true;
        }
    }
    false
}

/// A winning threat: the attacker's and the target's identities, and their points.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Threat {
    attacker: u8,
    target: u8,
    from: Square,
    to: Square,
}

/// Of `threats`, the legal captures of `side` in `pos` ([`threats`]), those that would win
/// something: captures of a chaseable piece, not offers to exchange, by a piece that does not
/// chase freely, of a target that is unprotected or outranks its attacker.
fn winning_threats(pos: &Position, side: Side, ids: &Ids, threats: &[(Square, Square)]) -> Vec<Threat> {
    let opponent_view = pos.with_turn(!side);
    let checking = check_by(pos, side);
    let mut out = Vec::new();
    for &(a, t) in threats {
        let (Some(attacker), Some(target)) = (pos.piece_at(a), pos.piece_at(t)) else {
            continue;
        };
        if !can_be_chased(target, t) || matches!(attacker.role, Role::General | Role::Soldier) {
            continue;
        }
        // A pinned piece threatens nothing, not even the piece that pins it (rule book
        // diagrams 39–41, Fairy-Stockfish's D39 cases).
        if pos.is_pinned(side, a) {
            continue;
        }
        // An offer to exchange: the same kind of piece, able to take straight back.
        if attacker.role == target.role && opponent_view.is_legal(Move::new(t, a)) {
            continue;
        }
        if !outranks(attacker.role, target.role) && retakable(pos, side, a, t, checking) {
            continue;
        }
        out.push(Threat { attacker: ids[a.index()], target: ids[t.index()], from: a, to: t });
    }
    out
}

/// Whether, after `side` takes on `to` from `from`, the other side has a piece that could
/// reach `to` but may not legally take there: the target's protector is pinned (a false
/// root, 假根).
fn protector_pinned(pos: &Position, side: Side, from: Square, to: Square) -> bool {
    let mut view = pos.with_turn(side);
    view.play_unchecked(Move::new(from, to));
    let can_reach = !view.capturers(to, !side, view.occupied(), false).is_empty();
    can_reach && !can_retake(&view, to, check_by(pos, side))
}

/// The chases of the move `before` → `after`, just played by `side`, as (attacker, target)
/// identities: the winning threats it creates. A threat is created when the attack is
/// new (the attacker moved, or a screen or leg was opened), or when an attack that was there
/// before becomes winning because the move pinned the target's protector (a false root: rule
/// book diagrams on undermining a root, Fairy-Stockfish's pin cases). An old attack that wins
/// only because the protector lost its line — a cannon's screen moved away, a line blocked —
/// is not a chase: the rule book rules that as defence (diagram 61) and as no chase at all
/// ("mutual perpetual chase", diagrams 71–75).
pub(crate) fn chased(
    before: &Position,
    after: &Position,
    side: Side,
    ids_before: &Ids,
    ids_after: &Ids,
) -> Vec<(u8, u8)> {
    let threats_before = threats(before, side);
    let old = winning_threats(before, side, ids_before, &threats_before);
    let attacked_before: Vec<(u8, u8)> =
        threats_before.iter().map(|&(a, t)| (ids_before[a.index()], ids_before[t.index()])).collect();
    winning_threats(after, side, ids_after, &threats(after, side))
        .into_iter()
        .filter(|t| !old.iter().any(|o| (o.attacker, o.target) == (t.attacker, t.target)))
        .filter(|t| !attacked_before.contains(&(t.attacker, t.target)) || protector_pinned(after, side, t.from, t.to))
        .map(|t| (t.attacker, t.target))
        .collect()
}

/// Whether `side`, if it were to move in `pos`, could leave the other side without a legal
/// move (mate, or in xiangqi stalemate): a threat of mate (殺).
pub(crate) fn threatens_mate(pos: &Position, side: Side) -> bool {
    let view = pos.with_turn(side);
    let mut moves = Vec::new();
    view.for_each_legal(|from, targets: Bitboard| moves.extend(targets.map(|to| Move::new(from, to))));
    moves.into_iter().any(|m| {
        let mut next = view.clone();
        next.play_unchecked(m);
        next.has_no_moves()
    })
}
