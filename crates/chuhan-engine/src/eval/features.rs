//! The evaluation's terms, as features with weights.
//!
//! Every term is a count (from the first player's side: Red's or Cho's count minus Black's or
//! Han's) times a weight, and every weight has an opening and an endgame value blended by the
//! phase (how much heavy material is left). Because the score is linear in the weights, one
//! walk over the position ([`trace`]) serves both the engine, which sums the weights
//! ([`super::Classic`]), and the tuner, which records the counts and fits the weights to game
//! results (`chuhan-train tune`, Texel's method).
//!
//! Terms: material; piece-square values with the board folded left to right (a horse on the
//! b-file is worth what it is on the h-file) and ranks counted from the owner's side; mobility
//! of chariots, horses and cannons; pressure on the enemy palace (how many of its points our
//! chariots, horses and cannons reach); missing advisors and elephants weighed by the enemy
//! pieces across the river; the empty-headed cannon (空頭炮, a cannon facing the general with
//! nothing between) and the central cannon with one screen; a chariot on a file without
//! soldiers; paired advisors and elephants; soldiers side by side across the river; king
//! danger (how many attackers reach the enemy palace against how many advisors and elephants
//! guard it, one weight per pair); the checks we could give next move; and the move. Each
//! game's pieces reach as its rules say: in janggi, chariots along the palace diagonals,
//! cannons only by jumping a screen that is not a cannon (and never onto one), and elephants,
//! which attack in janggi, with their own mobility term. Janggi alone also counts the checks
//! the enemy could not simply take, the points of our palace attacked and undefended, and
//! soldiers side by side on any rank (its soldiers step sideways from the start); xiangqi's
//! weights were fitted without them, so they are left out of its walk.

use chuhan::attacks::{
    between, cannon_attacks, horse_attackers, horse_moves, janggi_cannon_attacks, janggi_chariot_attacks,
    janggi_elephant_attackers, janggi_elephant_moves, palace, palace_steps as palace_lines, rook_attacks,
    soldier_steps,
};
use chuhan::{Bitboard, Position, Role, Side, Square, Variant};

/// Material by role index (the general's slot is unused).
pub const MATERIAL: usize = 0;
/// Piece-square values: role × relative rank (10) × folded file (5, 0 = edge, 4 = centre).
pub const PST: usize = MATERIAL + 7;
/// Chariot mobility by number of reachable points (0–17).
pub const MOB_CHARIOT: usize = PST + 7 * 50;
/// Horse mobility by number of reachable points (0–8).
pub const MOB_HORSE: usize = MOB_CHARIOT + 18;
/// Cannon mobility by number of quiet moves plus captures (0–17).
pub const MOB_CANNON: usize = MOB_HORSE + 9;
/// Pressure on the enemy palace: points of it our chariots, horses and cannons reach (0–9,
/// counted with multiplicity and capped).
pub const PALACE_PRESSURE: usize = MOB_CANNON + 18;
/// Missing advisors × enemy attackers across the river (a penalty the tuner finds negative).
pub const MISSING_ADVISOR_ATTACKED: usize = PALACE_PRESSURE + 10;
/// Missing elephants × enemy attackers across the river.
pub const MISSING_ELEPHANT_ATTACKED: usize = MISSING_ADVISOR_ATTACKED + 1;
/// Our chariots, horses and cannons across the river, by role (3).
pub const CROSSED: usize = MISSING_ELEPHANT_ATTACKED + 1;
/// Our cannon on the enemy general's file with nothing between (空頭炮).
pub const EMPTY_HEADED_CANNON: usize = CROSSED + 3;
/// Our cannon on the enemy general's file with exactly one piece between.
pub const SCREENED_CANNON: usize = EMPTY_HEADED_CANNON + 1;
/// A chariot on a file with no soldier of either side.
pub const CHARIOT_OPEN_FILE: usize = SCREENED_CANNON + 1;
/// Both advisors still on the board.
pub const ADVISOR_PAIR: usize = CHARIOT_OPEN_FILE + 1;
/// Both elephants still on the board.
pub const ELEPHANT_PAIR: usize = ADVISOR_PAIR + 1;
/// Soldiers across the river standing side by side (pairs).
pub const SOLDIERS_LINKED: usize = ELEPHANT_PAIR + 1;
/// Having the move (+1 when the first player moves, −1 otherwise).
pub const TEMPO: usize = SOLDIERS_LINKED + 1;
/// King danger: attack units against the enemy palace (0–7: a chariot reaching it counts 2, a
/// horse, a cannon or a soldier at its gate 1) × the enemy's advisors and elephants (0–4), one
/// feature per pair, so the tuner fits how the danger grows — it is not linear: two attackers
/// against a bare palace are a mating attack, against a full guard they are nothing.
pub const KING_DANGER: usize = TEMPO + 1;
/// Checks we could give next move (0–5): moves of our chariots, horses and cannons onto a
/// point from which they would check the enemy general, counted and capped.
pub const CHECKS_AVAILABLE: usize = KING_DANGER + 8 * 5;
/// End of the checks-available features.
pub const CHECKS_AVAILABLE_END: usize = CHECKS_AVAILABLE + 6;
/// Threatened pieces, by whether their owner has the move (2: no, yes) × the threat (2: attacked
/// by a lesser piece, attacked and not defended) × role (7; the general's slot unused): the side
/// to move can save or trade a threatened piece, the other side may lose it.
pub const THREATS: usize = CHECKS_AVAILABLE_END;
/// Janggi elephant mobility by number of reachable points (0–8); unused in xiangqi, whose
/// elephants only guard.
pub const MOB_ELEPHANT: usize = THREATS + 2 * 2 * 7;
/// Janggi: the points from which we could check the enemy general next move that no enemy
/// piece guards (its general and guards included), 0–3 and more. A check the enemy cannot
/// simply take is what a mating attack is built of; counted in janggi only (xiangqi's weights
/// were fitted without it).
pub const SAFE_CHECKS: usize = MOB_ELEPHANT + 9;
/// Janggi: points of our palace the enemy attacks and none of our pieces (general and guards
/// included) defends, 0–4 and more.
pub const WEAK_PALACE: usize = SAFE_CHECKS + 4;
/// Janggi: our soldiers standing side by side anywhere (pairs): janggi soldiers step sideways
/// from the start, so neighbours guard each other before they cross.
pub const JANGGI_SOLDIERS_LINKED: usize = WEAK_PALACE + 5;
/// Number of features.
pub const COUNT: usize = JANGGI_SOLDIERS_LINKED + 1;

/// Phase units of a role: the heavy pieces whose trade turns the middle game into an ending.
const fn phase_units(role: Role) -> i32 {
    match role {
        Role::Chariot => 4,
        Role::Cannon | Role::Horse => 2,
        _ => 0,
    }
}

/// The phase at the start: 32 for both games (two chariots, cannons and horses a side).
pub const PHASE_MAX: i32 = 32;

/// The phase of `pos`: [`PHASE_MAX`] with all heavy pieces on the board, 0 with none.
pub fn phase(pos: &Position) -> i32 {
    let mut p = 0;
    for side in Side::BOTH {
        for role in [Role::Chariot, Role::Cannon, Role::Horse] {
            p += phase_units(role) * pos.pieces(side, role).count() as i32;
        }
    }
    p.min(PHASE_MAX)
}

/// The points of each file.
const FILE_MASKS: [Bitboard; 9] = {
    let mut masks = [Bitboard(0); 9];
    let mut i = 0;
    while i < 90 {
        masks[i % 9].0 |= 1u128 << i;
        i += 1;
    }
    masks
};

/// Receives the feature counts of a position from [`trace`]: the engine's sink sums weights,
/// the tuner's records the counts, so one walk over the board serves both.
pub trait Sink {
    /// Adds `count` of `feature`; positive counts favour the first player.
    fn add(&mut self, feature: usize, count: i32);
}

/// Rank counted from the owner's side (0 = home rank).
#[inline]
fn relative_rank(side: Side, sq: Square) -> usize {
    match side {
        Side::First => sq.rank() as usize,
        Side::Second => 9 - sq.rank() as usize,
    }
}

/// The piece-square feature of `role` on `sq` for `side`: the board folded left to right and
/// ranks counted from `side`'s home, so both sides and both wings share one weight. Public to
/// read the piece-square part of a weight table.
#[inline]
pub fn pst_index(role: Role, side: Side, sq: Square) -> usize {
    let f = sq.file() as usize;
    PST + role.index() * 50 + relative_rank(side, sq) * 5 + f.min(8 - f)
}

/// What one side's chariots, horses, cannons and soldiers attack, and in janggi its elephants
/// (advisors and the general left out: they guard only their own palace, as xiangqi's
/// elephants guard only their half). Gathered by [`trace`] as it walks the pieces.
#[derive(Default)]
struct Attacks {
    /// Every point attacked.
    all: Bitboard,
    /// Points attacked by a horse, cannon or soldier (lesser than a chariot).
    minor: Bitboard,
    /// Points attacked by a soldier.
    soldier: Bitboard,
}

/// Reports the threatened pieces of both sides ([`THREATS`]).
fn threats<S: Sink>(pos: &Position, maps: &[Attacks; 2], sink: &mut S) {
    for side in Side::BOTH {
        let sign = if side == Side::First { 1 } else { -1 };
        let (ours, theirs) = (&maps[side.index()], &maps[(!side).index()]);
        let base = THREATS + (pos.turn() == side) as usize * 14;
        for role in [Role::Chariot, Role::Cannon, Role::Horse, Role::Advisor, Role::Elephant, Role::Soldier] {
            let pieces = pos.pieces(side, role);
            let lesser = match role {
                Role::Chariot => theirs.minor,
                Role::Cannon | Role::Horse => theirs.soldier,
                _ => Bitboard(0),
            };
            let by_lesser = (pieces & lesser).count() as i32;
            let hanging = (pieces & theirs.all & !ours.all).count() as i32;
            if by_lesser != 0 {
                sink.add(base + role.index(), sign * by_lesser);
            }
            if hanging != 0 {
                sink.add(base + 7 + role.index(), sign * hanging);
            }
        }
    }
}

/// The points the janggi general and guards of `side` step to (the attack maps leave them out).
fn palace_steps(pos: &Position, side: Side) -> Bitboard {
    let mut steps = Bitboard(0);
    for sq in pos.pieces(side, Role::General) | pos.pieces(side, Role::Advisor) {
        steps |= palace_lines(sq, true);
    }
    steps
}

/// Reports the janggi-only terms for both sides: [`SAFE_CHECKS`] (the check points of each side
/// that the other side's pieces do not reach, its general and guards stepping in the palace
/// included), [`WEAK_PALACE`] and [`JANGGI_SOLDIERS_LINKED`].
fn janggi_terms<S: Sink>(pos: &Position, maps: &[Attacks; 2], check_points: &[Bitboard; 2], sink: &mut S) {
    for side in Side::BOTH {
        let them = !side;
        let guarded = maps[them.index()].all | palace_steps(pos, them);
        let safe = (check_points[side.index()] & !guarded).count() as usize;
        sink.add(SAFE_CHECKS + safe.min(3), if side == Side::First { 1 } else { -1 });
    }
    for side in Side::BOTH {
        let defended = maps[side.index()].all | palace_steps(pos, side);
        let weak = (palace(side) & maps[(!side).index()].all & !defended).count() as usize;
        sink.add(WEAK_PALACE + weak.min(4), if side == Side::First { 1 } else { -1 });
        let soldiers = pos.pieces(side, Role::Soldier);
        let linked = soldiers.filter(|s| s.offset(1, 0).is_some_and(|r| soldiers.contains(r))).count() as i32;
        sink.add(JANGGI_SOLDIERS_LINKED, if side == Side::First { linked } else { -linked });
    }
}

/// Walks `pos` and reports every feature count to `sink` (from the first player's side): the
/// evaluation, and the data the tuner fits the weights to.
pub fn trace<S: Sink>(pos: &Position, sink: &mut S) {
    let occ = pos.occupied();
    let mut maps = [Attacks::default(), Attacks::default()];
    let janggi = pos.variant() == Variant::Janggi;
    let cannons = pos.pieces(Side::First, Role::Cannon) | pos.pieces(Side::Second, Role::Cannon);
    let soldiers = pos.pieces(Side::First, Role::Soldier) | pos.pieces(Side::Second, Role::Soldier);
    // Janggi: the points each side could check from next move.
    let mut check_points = [Bitboard(0); 2];
    for side in Side::BOTH {
        let sign = if side == Side::First { 1 } else { -1 };
        let them = !side;
        let own = pos.side_pieces(side);
        let enemy_palace = palace(them);
        let enemy_general = pos.general(them);
        let mut pressure = 0;
        // Where a chariot, horse, cannon or (janggi) elephant would check the enemy general from.
        let horse_checks = horse_attackers(enemy_general, occ);
        let (chariot_checks, cannon_checks, elephant_checks) = if janggi {
            (
                janggi_chariot_attacks(enemy_general, occ),
                janggi_cannon_attacks(enemy_general, occ, cannons),
                janggi_elephant_attackers(enemy_general, occ),
            )
        } else {
            let chariot_checks = rook_attacks(enemy_general, occ);
            let screens = chariot_checks & occ;
            (chariot_checks, rook_attacks(enemy_general, occ & !screens) & !chariot_checks, Bitboard(0))
        };
        let mut checks = 0;
        let mut attack_units = 0;
        let map = &mut maps[side.index()];

        for role in Role::ALL {
            let pieces = pos.pieces(side, role);
            if role != Role::General {
                sink.add(MATERIAL + role.index(), sign * pieces.count() as i32);
            }
            for sq in pieces {
                sink.add(pst_index(role, side, sq), sign);
                if role == Role::Soldier {
                    map.soldier |= soldier_steps(pos.variant(), side, sq);
                }
                match role {
                    Role::Chariot => {
                        let reach = if janggi { janggi_chariot_attacks(sq, occ) } else { rook_attacks(sq, occ) };
                        map.all |= reach;
                        sink.add(MOB_CHARIOT + (reach & !own).count() as usize, sign);
                        pressure += (reach & enemy_palace).count();
                        attack_units += 2 * (reach & enemy_palace).any() as i32;
                        let check_from = reach & !own & chariot_checks;
                        checks += check_from.count();
                        check_points[side.index()] |= check_from;
                        if (FILE_MASKS[sq.file() as usize] & soldiers).is_empty() {
                            sink.add(CHARIOT_OPEN_FILE, sign);
                        }
                    }
                    Role::Horse => {
                        let reach = horse_moves(sq, occ);
                        map.minor |= reach;
                        sink.add(MOB_HORSE + (reach & !own).count() as usize, sign);
                        pressure += (reach & enemy_palace).count();
                        attack_units += (reach & enemy_palace).any() as i32;
                        let check_from = reach & !own & horse_checks;
                        checks += check_from.count();
                        check_points[side.index()] |= check_from;
                    }
                    Role::Cannon => {
                        // A janggi cannon moves only by jumping, over any piece but a cannon,
                        // and never takes a cannon.
                        let (quiet, hits) = if janggi {
                            let reach = janggi_cannon_attacks(sq, occ, cannons) & !cannons;
                            (reach & !occ, reach & occ)
                        } else {
                            (rook_attacks(sq, occ) & !occ, cannon_attacks(sq, occ))
                        };
                        map.minor |= hits;
                        let captures = hits & pos.side_pieces(them);
                        sink.add(MOB_CANNON + ((quiet | captures).count() as usize).min(17), sign);
                        pressure += (hits & enemy_palace).count();
                        attack_units += (hits & enemy_palace).any() as i32;
                        let check_from = (quiet | captures) & cannon_checks;
                        checks += check_from.count();
                        check_points[side.index()] |= check_from;
                        if sq.file() == enemy_general.file() {
                            match (between(sq, enemy_general) & occ).count() {
                                0 => sink.add(EMPTY_HEADED_CANNON, sign),
                                1 => sink.add(SCREENED_CANNON, sign),
                                _ => {}
                            }
                        }
                    }
                    Role::Elephant if janggi => {
                        let reach = janggi_elephant_moves(sq, occ);
                        map.minor |= reach;
                        sink.add(MOB_ELEPHANT + (reach & !own).count() as usize, sign);
                        pressure += (reach & enemy_palace).count();
                        attack_units += (reach & enemy_palace).any() as i32;
                        let check_from = reach & !own & elephant_checks;
                        checks += check_from.count();
                        check_points[side.index()] |= check_from;
                    }
                    // A soldier at the palace's gate or inside it: the rank before it, central files.
                    Role::Soldier if relative_rank(side, sq) >= 6 && (3..=5).contains(&sq.file()) => {
                        attack_units += 1;
                    }
                    _ => {}
                }
            }
        }
        map.minor |= map.soldier;
        map.all |= map.minor;
        sink.add(PALACE_PRESSURE + (pressure as usize).min(9), sign);
        let guards = (pos.pieces(them, Role::Advisor) | pos.pieces(them, Role::Elephant)).count().min(4) as usize;
        sink.add(KING_DANGER + attack_units.min(7) as usize * 5 + guards, sign);
        sink.add(CHECKS_AVAILABLE + (checks as usize).min(5), sign);

        let crossed = |role: Role| pos.pieces(side, role).filter(|&s| relative_rank(side, s) >= 5).count() as i32;
        let (c, h, n) = (crossed(Role::Chariot), crossed(Role::Horse), crossed(Role::Cannon));
        sink.add(CROSSED, sign * c);
        sink.add(CROSSED + 1, sign * h);
        sink.add(CROSSED + 2, sign * n);
        // Our attackers against their missing defenders (a bonus for us, a penalty for them).
        let attackers = 2 * c + h + n;
        let missing_advisors = (2 - pos.pieces(them, Role::Advisor).count() as i32).max(0);
        let missing_elephants = (2 - pos.pieces(them, Role::Elephant).count() as i32).max(0);
        sink.add(MISSING_ADVISOR_ATTACKED, sign * attackers * missing_advisors);
        sink.add(MISSING_ELEPHANT_ATTACKED, sign * attackers * missing_elephants);

        if pos.pieces(side, Role::Advisor).count() >= 2 {
            sink.add(ADVISOR_PAIR, sign);
        }
        if pos.pieces(side, Role::Elephant).count() >= 2 {
            sink.add(ELEPHANT_PAIR, sign);
        }
        let mut linked = 0;
        for s in pos.pieces(side, Role::Soldier) {
            if relative_rank(side, s) >= 5 {
                if let Some(right) = s.offset(1, 0) {
                    if pos.pieces(side, Role::Soldier).contains(right) {
                        linked += 1;
                    }
                }
            }
        }
        sink.add(SOLDIERS_LINKED, sign * linked);
    }
    threats(pos, &maps, sink);
    if janggi {
        janggi_terms(pos, &maps, &check_points, sink);
    }
    sink.add(TEMPO, if pos.turn() == Side::First { 1 } else { -1 });
}
