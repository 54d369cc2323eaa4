//! Player names and Elo ratings (the seeds' 等級分).
//!
//! The seeds list rating tables (top players near 2700) but give no formula, so this is the
//! standard Elo system: a player's expected score against an opponent is
//! `1 / (1 + 10^((opponent - own) / 400))`, and after a game the rating moves by
//! `K × (score − expected)`, with `K` = 32 for a player's first 30 rated games (so a new rating
//! settles quickly) and 16 after. Everyone starts at 1500.
//!
//! Which games count: a friend game whose creator asked for a rated game and whose two seats
//! were taken under two different names. Engine games are never rated: the engine's levels
//! are not calibrated against people, so any rating given to them would be invented.
//!
//! A name is not an account: nothing proves that whoever types a name is the person who used
//! it before. Ratings here are for friends who trust each other, not for a public ladder.
//!
//! The arithmetic lives here, beside the stores that apply it in the transaction that ends a
//! rated game ([`super::Store::finish`]); which names a server accepts is the server's.

/// The rating of a player who has not played a rated game.
pub const INITIAL: f64 = 1500.0;

/// A player's rating and record.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerRating {
    /// The name as first given (names compare without regard to case).
    pub name: String,
    /// The Elo rating, unrounded (rounded only for display, so that small changes add up).
    pub rating: f64,
    /// Rated games played: sets the K-factor.
    pub games: u32,
    /// Rated games won.
    pub wins: u32,
    /// Rated games drawn.
    pub draws: u32,
    /// Rated games lost.
    pub losses: u32,
}

impl PlayerRating {
    /// A player with no rated game yet.
    pub fn new(name: &str) -> PlayerRating {
        PlayerRating { name: name.to_string(), rating: INITIAL, games: 0, wins: 0, draws: 0, losses: 0 }
    }
}

/// How a rated game changed its players' ratings, kept with the game so that its page can
/// show what it was worth after later games have moved the ratings on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingChange {
    /// Both players' ratings before the game.
    pub before: chuhan::BySide<f64>,
    /// Both players' ratings after it.
    pub after: chuhan::BySide<f64>,
}

impl RatingChange {
    /// The change as a game's row keeps it (`red_elo_before`, `black_elo_before`,
    /// `red_elo_after`, `black_elo_after`): `None` unless all four are there.
    pub fn from_columns(columns: [Option<f64>; 4]) -> Option<RatingChange> {
        match columns {
            [Some(a), Some(b), Some(c), Some(d)] => {
                Some(RatingChange { before: chuhan::BySide::new(a, b), after: chuhan::BySide::new(c, d) })
            }
            _ => None,
        }
    }
}

/// The K-factor of a player with `games` rated games behind them.
pub fn k_factor(games: u32) -> f64 {
    if games < 30 {
        32.0
    } else {
        16.0
    }
}

/// The score a player rated `own` is expected to make against one rated `opponent`.
pub fn expected(own: f64, opponent: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((opponent - own) / 400.0))
}

/// Red's score in a game that ended with PGN `result`, if it is a result.
pub fn red_score(result: &str) -> Option<f64> {
    chuhan_record::RecordResult::from_pgn(result).and_then(chuhan_record::RecordResult::red_points)
}

/// Both players after a game where Red scored `red_score`: ratings and records updated.
pub fn update(red: &PlayerRating, black: &PlayerRating, red_score: f64) -> [PlayerRating; 2] {
    let mut out = [red.clone(), black.clone()];
    for (i, score) in [red_score, 1.0 - red_score].into_iter().enumerate() {
        let (me, them) = if i == 0 { (red, black) } else { (black, red) };
        let p = &mut out[i];
        p.rating = me.rating + k_factor(me.games) * (score - expected(me.rating, them.rating));
        p.games += 1;
        match score {
            s if s > 0.75 => p.wins += 1,
            s if s < 0.25 => p.losses += 1,
            _ => p.draws += 1,
        }
    }
    out
}

/// Whether two names are the same player (names are compared without regard to case).
pub fn same_name(a: &str, b: &str) -> bool {
    a.to_lowercase() == b.to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_moves_by_k_times_the_surprise() {
        let (a, b) = (PlayerRating::new("a"), PlayerRating::new("b"));
        let [a1, b1] = update(&a, &b, 1.0);
        assert_eq!((a1.rating, b1.rating), (1516.0, 1484.0));
        assert_eq!((a1.wins, a1.games, b1.losses), (1, 1, 1));
        let [a2, b2] = update(&a1, &b1, 0.5);
        // The favourite loses a little by drawing.
        assert!(a2.rating < a1.rating && b2.rating > b1.rating);
        assert!((a2.rating + b2.rating - 3000.0).abs() < 1e-9, "equal K: points are kept");
        assert_eq!(a2.draws, 1);
        // 400 points apart: the stronger is expected to score 10/11.
        assert!((expected(1900.0, 1500.0) - 10.0 / 11.0).abs() < 1e-12);
        let veteran = PlayerRating { games: 40, ..PlayerRating::new("v") };
        let [v, _] = update(&veteran, &b, 0.0);
        assert_eq!(v.rating, 1492.0, "K = 16 after 30 games");
        assert_eq!(red_score("1/2-1/2"), Some(0.5));
        assert_eq!(red_score("*"), None);
    }

    #[test]
    fn names_compare_without_case() {
        assert!(same_name("Ann", "aNN") && !same_name("Ann", "Anne"));
    }
}
