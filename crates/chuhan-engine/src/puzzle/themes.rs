//! What a puzzle is about, found by rules on its solution, never by hand.
//!
//! Each theme looks at the positions the solution passes through: before and after each of the
//! solver's moves, and the last one. They are deliberately plain tests of the board a player
//! would recognise, so that a filter by theme gives what its name says.

use crate::eval::piece_value;
use chuhan::{Bitboard, Move, Position, Role, Side, Square, Variant};
use std::fmt;
use std::str::FromStr;

/// A puzzle's theme.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// The solution ends in mate, after this many of the solver's moves (1 to 3).
    MateIn(u8),
    /// The solution ends in mate after four or more of the solver's moves.
    MateLong,
    /// The solution wins material (at least a horse's worth) and keeps it.
    Material,
    /// The solution ends neither in mate nor with material won, but with the solver clearly
    /// winning (a position the engine scores at 85 % or more): it was cut where a second move
    /// would win as well.
    Advantage,
    /// A piece steps off a cannon's line, or onto it as its new screen, and the cannon then
    /// attacks the general or a chariot: the cannon's discovered attack.
    CannonDiscovery,
    /// A horse's move attacks two of the general, chariots, cannons and horses at once.
    HorseFork,
    /// A move attacks a piece that cannot leave its line without exposing its general.
    Pin,
    /// Xiangqi: the solver's general takes part through the rule that the generals may not
    /// face each other (it pins the only piece between them, or covers the mated general's
    /// flight square along its file).
    FlyingGeneral,
    /// Janggi: the solver passes.
    Pass,
    /// Janggi: the solver's move leaves the generals facing each other (bikjang).
    Bikjang,
}

impl Theme {
    /// Every theme, in the order they are listed.
    pub const ALL: [Theme; 12] = [
        Theme::MateIn(1),
        Theme::MateIn(2),
        Theme::MateIn(3),
        Theme::MateLong,
        Theme::Material,
        Theme::Advantage,
        Theme::CannonDiscovery,
        Theme::HorseFork,
        Theme::Pin,
        Theme::FlyingGeneral,
        Theme::Pass,
        Theme::Bikjang,
    ];

    /// The theme's stable code, as stored and sent: `mate-in-2`, `horse-fork`, …
    pub fn code(self) -> &'static str {
        match self {
            Theme::MateIn(1) => "mate-in-1",
            Theme::MateIn(2) => "mate-in-2",
            Theme::MateIn(_) => "mate-in-3",
            Theme::MateLong => "mate-long",
            Theme::Material => "material",
            Theme::Advantage => "advantage",
            Theme::CannonDiscovery => "cannon-discovery",
            Theme::HorseFork => "horse-fork",
            Theme::Pin => "pin",
            Theme::FlyingGeneral => "flying-general",
            Theme::Pass => "pass",
            Theme::Bikjang => "bikjang",
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A theme code that names no theme.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown puzzle theme {0:?} (expected one of: mate-in-1, mate-in-2, mate-in-3, mate-long, material, advantage, cannon-discovery, horse-fork, pin, flying-general, pass, bikjang)")]
pub struct UnknownTheme(pub String);

impl FromStr for Theme {
    type Err = UnknownTheme;
    fn from_str(s: &str) -> Result<Theme, UnknownTheme> {
        Theme::ALL.into_iter().find(|t| t.code() == s).ok_or_else(|| UnknownTheme(s.to_string()))
    }
}

/// The material of `side` less its opponent's, in centipawns of [`piece_value`].
pub fn balance(pos: &Position, side: Side) -> i32 {
    pos.piece_squares().map(|(_, p)| if p.side == side { 1 } else { -1 } * piece_value(pos.variant(), p.role)).sum()
}

/// The least material gain that makes a solution's win clear: about a horse.
pub fn decisive_gain(variant: Variant) -> i32 {
    piece_value(variant, Role::Horse) - 50
}

/// The themes of a solution played from `start` (the solver to move there). `mated`: whether
/// the solution's last move mates.
pub fn themes(start: &Position, solution: &[Move], mated: bool) -> Vec<Theme> {
    let solver = start.turn();
    let variant = start.variant();
    let solver_moves = solution.len().div_ceil(2);
    let mut found = Vec::new();
    let mut pos = start.clone();
    for (i, &mv) in solution.iter().enumerate() {
        let before = pos.clone();
        pos.play_unchecked(mv);
        if i % 2 == 1 {
            continue;
        }
        if mv.is_pass() {
            found.push(Theme::Pass);
            continue;
        }
        if pos.in_bikjang() {
            found.push(Theme::Bikjang);
        }
        if cannon_discovery(&before, &pos, mv, solver) {
            found.push(Theme::CannonDiscovery);
        }
        if horse_fork(&pos, mv, solver) {
            found.push(Theme::HorseFork);
        }
        if pin(&before, &pos, solver) {
            found.push(Theme::Pin);
        }
        if variant == Variant::Xiangqi && general_pins(&pos, solver) {
            found.push(Theme::FlyingGeneral);
        }
    }
    if mated {
        found.push(if solver_moves <= 3 { Theme::MateIn(solver_moves as u8) } else { Theme::MateLong });
        if variant == Variant::Xiangqi && general_covers_flight(&pos, solver) {
            found.push(Theme::FlyingGeneral);
        }
    } else if balance(&pos, solver) - balance(start, solver) >= decisive_gain(variant) {
        found.push(Theme::Material);
    } else {
        found.push(Theme::Advantage);
    }
    found.sort();
    found.dedup();
    found
}

/// The pieces of `by` that could take the piece on `sq` (every role, pins not considered).
fn hitters(pos: &Position, sq: Square, by: Side) -> Bitboard {
    let cannon = pos.piece_at(sq).is_some_and(|p| p.role == Role::Cannon);
    pos.capturers(sq, by, pos.occupied(), cannon)
}

/// The opponent's pieces worth attacking: the general, chariots, cannons, horses.
fn big_targets(pos: &Position, opponent: Side) -> Bitboard {
    [Role::General, Role::Chariot, Role::Cannon, Role::Horse]
        .into_iter()
        .fold(Bitboard::EMPTY, |acc, role| acc | pos.pieces(opponent, role))
}

fn cannon_discovery(before: &Position, after: &Position, mv: Move, solver: Side) -> bool {
    if after.piece_at(mv.to).is_some_and(|p| p.role == Role::Cannon) {
        return false;
    }
    let cannons = after.pieces(solver, Role::Cannon);
    let targets = after.pieces(!solver, Role::General) | after.pieces(!solver, Role::Chariot);
    Iterator::any(&mut targets.into_iter(), |t| {
        let now = hitters(after, t, solver) & cannons;
        let then = if before.piece_at(t).is_some_and(|p| p.side != solver) {
            hitters(before, t, solver)
        } else {
            Bitboard::EMPTY
        };
        (now & !then).any()
    })
}

fn horse_fork(after: &Position, mv: Move, solver: Side) -> bool {
    if after.piece_at(mv.to).is_none_or(|p| p.role != Role::Horse) {
        return false;
    }
    let hits = big_targets(after, !solver).into_iter().filter(|&t| hitters(after, t, solver).contains(mv.to));
    hits.count() >= 2
}

fn pin(before: &Position, after: &Position, solver: Side) -> bool {
    let opponent = !solver;
    let worth = |sq: Square| {
        after
            .piece_at(sq)
            .is_some_and(|p| piece_value(after.variant(), p.role) >= piece_value(after.variant(), Role::Horse))
    };
    let candidates = after.side_pieces(opponent) & !after.pieces(opponent, Role::General);
    Iterator::any(&mut candidates.into_iter(), |t| {
        let attacked_now = hitters(after, t, solver).any();
        let attacked_then = before.piece_at(t).is_some_and(|p| p.side == opponent) && hitters(before, t, solver).any();
        worth(t) && attacked_now && !attacked_then && after.is_pinned(opponent, t)
    })
}

/// The generals on one file with one of the opponent's pieces alone between them, attacked:
/// the solver's general pins it.
fn general_pins(pos: &Position, solver: Side) -> bool {
    let (mine, theirs) = (pos.general(solver), pos.general(!solver));
    if mine.file() != theirs.file() {
        return false;
    }
    let between = chuhan::attacks::between(mine, theirs) & pos.occupied();
    match between.first() {
        Some(sq) if between.count() == 1 => {
            pos.piece_at(sq).is_some_and(|p| p.side != solver) && hitters(pos, sq, solver).any()
        }
        _ => false,
    }
}

/// The mated general has a flight square on the solver's general's file with nothing between:
/// the generals' rule closes it.
fn general_covers_flight(pos: &Position, solver: Side) -> bool {
    let (mine, theirs) = (pos.general(solver), pos.general(!solver));
    [(-1i8, 0i8), (1, 0)].into_iter().filter_map(|(df, dr)| theirs.offset(df, dr)).any(|n| {
        n.file() == mine.file()
            && in_palace(n, !solver)
            && pos.piece_at(n).is_none_or(|p| p.side == solver)
            && (chuhan::attacks::between(mine, n) & pos.occupied()).is_empty()
    })
}

fn in_palace(sq: Square, side: Side) -> bool {
    let ranks = if side == Side::First { 0..=2 } else { 7..=9 };
    (3..=5).contains(&sq.file()) && ranks.contains(&sq.rank())
}
