//! The accounts' ratings: Glicko-2 (through the `skillratings` crate), a pool per game and
//! speed, updated after every rated game as lichess does (each game its own rating period).
//!
//! Why Glicko-2 and not the Elo of [`super::rating`]: a rating carries how sure it is (the
//! deviation), so a new player's first games move it far and a settled player's little, and a
//! rating that rests on few games can be shown as provisional.
//!
//! Which games count is decided here too ([`counts`]), beside the arithmetic, so that both
//! stores apply the same rule in the transaction that ends a game.

use chuhan::Variant;
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// A deviation above this marks a rating as provisional (lichess's threshold).
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// At most this many rated games between the same two accounts in one game within
/// [`REPEAT_WINDOW_SECS`] move ratings; the later ones are played rated but change nothing.
pub const REPEATS_COUNTED: u32 = 3;

/// The window of [`REPEATS_COUNTED`]: a day.
pub const REPEAT_WINDOW_SECS: u64 = 24 * 3600;

/// How fast a game is, by its estimated time (lichess's categories).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Speed {
    /// Under 3 minutes.
    Bullet,
    /// Under 8 minutes.
    Blitz,
    /// Under 25 minutes.
    Rapid,
    /// 25 minutes or more, and untimed games.
    Classical,
}

impl Speed {
    /// Every speed, fastest first.
    pub const ALL: [Speed; 4] = [Speed::Bullet, Speed::Blitz, Speed::Rapid, Speed::Classical];

    /// The speed of a clock: its estimated game time is `base + 40 × increment`, plus
    /// `25 × periods × period` for byo-yomi (a game of 40 moves a side, with some moves in
    /// byo-yomi). A clock with no time at all is untimed: classical.
    pub fn of_clock(base_ms: u64, increment_ms: u64, periods: u32, period_ms: u64) -> Speed {
        if base_ms == 0 && increment_ms == 0 && (periods == 0 || period_ms == 0) {
            return Speed::Classical;
        }
        let estimate_s = (base_ms + 40 * increment_ms + 25 * u64::from(periods) * period_ms) / 1000;
        match estimate_s {
            0..180 => Speed::Bullet,
            180..480 => Speed::Blitz,
            480..1500 => Speed::Rapid,
            _ => Speed::Classical,
        }
    }

    /// Its name in the API and the store.
    pub fn name(self) -> &'static str {
        match self {
            Speed::Bullet => "bullet",
            Speed::Blitz => "blitz",
            Speed::Rapid => "rapid",
            Speed::Classical => "classical",
        }
    }

    /// The speed a name gives, if any.
    pub fn from_name(name: &str) -> Option<Speed> {
        Speed::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// A rating in one pool (a game and a speed), with the rated games behind it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Glicko {
    /// The rating, 1500 at the start.
    pub rating: f64,
    /// How unsure it is: 350 at the start, shrinking with games.
    pub deviation: f64,
    /// How erratic the player's results are: 0.06 at the start.
    pub volatility: f64,
    /// Rated games that moved it.
    pub games: u32,
    /// Of which won.
    pub wins: u32,
    /// Drawn.
    pub draws: u32,
    /// Lost.
    pub losses: u32,
}

impl Default for Glicko {
    fn default() -> Glicko {
        let r = Glicko2Rating::new();
        Glicko {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
        }
    }
}

impl Glicko {
    /// Whether the rating rests on too few games to be trusted (shown with `?`).
    pub fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    fn skill(&self) -> Glicko2Rating {
        Glicko2Rating { rating: self.rating, deviation: self.deviation, volatility: self.volatility }
    }

    fn after(&self, r: Glicko2Rating, score: f64) -> Glicko {
        Glicko {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
            games: self.games + 1,
            wins: self.wins + u32::from(score == 1.0),
            draws: self.draws + u32::from(score == 0.5),
            losses: self.losses + u32::from(score == 0.0),
        }
    }
}

/// Both ratings after a game whose PGN result is `result` (`1-0`, `0-1`, `1/2-1/2`), `red`
/// having moved first; `None` for any other result.
pub fn update(red: &Glicko, black: &Glicko, result: &str) -> Option<(Glicko, Glicko)> {
    let (outcome, score) = match result {
        "1-0" => (Outcomes::WIN, 1.0),
        "0-1" => (Outcomes::LOSS, 0.0),
        "1/2-1/2" => (Outcomes::DRAW, 0.5),
        _ => return None,
    };
    let (r, b) = glicko2(&red.skill(), &black.skill(), &outcome, &Glicko2Config::new());
    Some((red.after(r, score), black.after(b, 1.0 - score)))
}

/// Whether a finished rated game between two accounts moves their ratings: both sides must have
/// moved (`plies` ≥ 2: a game aborted before is not rated), the result must be a decision or a
/// draw, and the two accounts must have had fewer than [`REPEATS_COUNTED`] counted games in
/// this game within the window (`recent`).
pub fn counts(plies: usize, result: &str, recent: u32) -> bool {
    plies >= 2 && matches!(result, "1-0" | "0-1" | "1/2-1/2") && recent < REPEATS_COUNTED
}

/// A pool's key in the store: the game and the speed.
pub fn pool(variant: Variant, speed: Speed) -> (&'static str, &'static str) {
    (variant.name(), speed.name())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn speeds_follow_the_estimated_time() {
        assert_eq!(Speed::of_clock(60_000, 0, 0, 0), Speed::Bullet);
        assert_eq!(Speed::of_clock(120_000, 2_000, 0, 0), Speed::Blitz); // 120 s + 80 s = 200 s
        assert_eq!(Speed::of_clock(300_000, 3_000, 0, 0), Speed::Blitz); // 300 s + 120 s = 420 s
        assert_eq!(Speed::of_clock(600_000, 0, 0, 0), Speed::Rapid);
        assert_eq!(Speed::of_clock(1_500_000, 0, 0, 0), Speed::Classical);
        assert_eq!(Speed::of_clock(0, 0, 0, 0), Speed::Classical);
        // Byo-yomi: 5 minutes and 3 periods of 30 s: 300 + 2250 s.
        assert_eq!(Speed::of_clock(300_000, 0, 3, 30_000), Speed::Classical);
        assert_eq!(Speed::from_name("blitz"), Some(Speed::Blitz));
        assert_eq!(Speed::from_name("Blitz"), None);
    }

    #[test]
    fn a_first_win_moves_a_new_rating_far_and_symmetrically() {
        let (r, b) = update(&Glicko::default(), &Glicko::default(), "1-0").unwrap();
        assert!(r.rating > 1600.0 && b.rating < 1400.0, "{r:?} {b:?}");
        assert!((r.rating - 1500.0 - (1500.0 - b.rating)).abs() < 1e-6);
        assert!(r.deviation < 350.0 && r.provisional());
        assert_eq!((r.games, r.wins, b.losses), (1, 1, 1));
        let (r, b) = update(&Glicko::default(), &Glicko::default(), "1/2-1/2").unwrap();
        assert!((r.rating - 1500.0).abs() < 1e-6 && (b.rating - 1500.0).abs() < 1e-6);
        assert_eq!((r.draws, b.draws), (1, 1));
        assert!(update(&Glicko::default(), &Glicko::default(), "*").is_none());
    }

    #[test]
    fn a_settled_rating_moves_less_and_stops_being_provisional() {
        let mut a = Glicko::default();
        let mut b = Glicko::default();
        for i in 0..30 {
            let result = if i % 2 == 0 { "1-0" } else { "0-1" };
            (a, b) = update(&a, &b, result).unwrap();
        }
        assert!(!a.provisional(), "{a:?}");
        let (a2, _) = update(&a, &b, "1-0").unwrap();
        assert!(a2.rating - a.rating < 30.0, "{a:?} {a2:?}");
    }

    #[test]
    fn aborted_and_repeated_games_do_not_count() {
        assert!(!counts(1, "1-0", 0));
        assert!(counts(2, "0-1", 0));
        assert!(counts(2, "1/2-1/2", REPEATS_COUNTED - 1));
        assert!(!counts(40, "1-0", REPEATS_COUNTED));
        assert!(!counts(40, "*", 0));
    }
}
