//! Playing strength for people: weaker levels search shallower and choose among several lines
//! with noise. A submodule of the search because it is built on [`super::search`] alone.

use super::{search, Limits, Report, Shared};
use crate::eval::Evaluate;
use chuhan::{Move, Position};
use std::time::Duration;

/// The line a weakened engine plays: the best score after adding noise up to a weakness that
/// grows as the skill falls (200 centipawns per missing level at most).
pub(crate) fn weakened_choice(lines: &[Report], skill: u32) -> Option<Report> {
    let weakness = (20 - skill as i64) * 20;
    let mut seed =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(7, |d| d.as_nanos() as u64) | 1;
    let mut noise = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % (weakness as u64 + 1)) as i64
    };
    lines.iter().max_by_key(|r| r.score.raw() as i64 + noise()).cloned()
}

/// Limits for playing at `level` (1 = beginner … 20 = full strength) within `budget`: below 20
/// a shallower search over several lines, from which [`level_move`] picks with noise.
pub fn level_limits(level: u32, budget: Duration) -> Limits {
    let level = level.clamp(1, 20);
    let budget = budget.max(Duration::from_millis(50));
    let mut limits = Limits { move_limit: 60, soft: Some(budget / 2), hard: Some(budget), ..Limits::default() };
    if level < 20 {
        limits.depth = Some(1 + level as i32 / 2);
        limits.multipv = 4;
    }
    limits
}

/// Searches `pos` with `limits` (from [`level_limits`]) and returns the move a player of `level`
/// makes: the best line at full strength, a noisy choice among the lines below it.
pub fn level_move(pos: &Position, shared: &Shared, eval: &dyn Evaluate, limits: &Limits, level: u32) -> Option<Move> {
    let mut lines: Vec<Report> = Vec::new();
    let result = search(pos, shared, eval, limits, 1, |r| {
        if r.multipv == 1 {
            lines.clear();
        }
        lines.push(r.clone());
    });
    let chosen = if level < 20 { weakened_choice(&lines, level.clamp(1, 20)).unwrap_or(result) } else { result };
    chosen.pv.first().copied()
}
