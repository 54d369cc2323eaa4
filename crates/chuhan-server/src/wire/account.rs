//! Accounts and players: the bodies of `/api/account/*` and `/api/players/*` (read by
//! `static/account.js` and by bots; `docs/accounts.md` is their contract).

use serde::{Deserialize, Serialize};

/// `POST /api/account/signup` and `/login`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    /// The account's name.
    pub name: String,
    /// Its password.
    pub password: String,
}

/// `POST /api/account/password`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct NewPassword {
    /// The password now.
    pub password: String,
    /// The password from now on.
    pub new_password: String,
}

/// `POST /api/account/delete`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct DeleteAccount {
    /// The password, once more.
    pub password: String,
}

/// The answer to signup, login and `GET /api/account/me`: who is logged in.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct Me {
    /// The account's name, as first written.
    pub name: String,
    /// When it was made, in seconds since the Unix epoch.
    pub created: u64,
}

/// An answer with nothing to say (`{}`).
#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Done {}

/// A rating in a profile.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct PoolRating {
    /// `xiangqi` or `janggi`.
    pub variant: String,
    /// `bullet`, `blitz`, `rapid` or `classical`.
    pub speed: &'static str,
    /// The rating, to a tenth.
    pub rating: f64,
    /// Its deviation, to a tenth.
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
    /// Rated games in this pool.
    pub games: u32,
    /// Won.
    pub wins: u32,
    /// Drawn.
    pub draws: u32,
    /// Lost.
    pub losses: u32,
    /// Whether it rests on too few games (shown with `?`).
    pub provisional: bool,
}

/// A rating after a rated game, for the profile's graph.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct RatingPoint {
    /// `xiangqi` or `janggi`.
    pub variant: String,
    /// The speed.
    pub speed: &'static str,
    /// When, in seconds since the Unix epoch.
    pub at: u64,
    /// The rating after the game, to a tenth.
    pub rating: f64,
    /// The game.
    pub game: String,
}

/// `GET /api/players/NAME`.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct Profile {
    /// The name, as first written.
    pub name: String,
    /// When the account was made.
    pub created: u64,
    /// Finished games, rated or not.
    pub games: u64,
    /// Won.
    pub wins: u64,
    /// Drawn.
    pub draws: u64,
    /// Lost.
    pub losses: u64,
    /// Ratings by game and speed.
    pub ratings: Vec<PoolRating>,
    /// Ratings after each rated game, oldest first.
    pub history: Vec<RatingPoint>,
}

/// A rating change in a player's game: the player's rating before and after.
#[derive(Serialize, Debug, Clone, Copy, PartialEq)]
pub struct Change {
    /// Before the game.
    pub before: f64,
    /// After it.
    pub after: f64,
}

/// A game in `GET /api/players/NAME/games`.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct PlayerGame {
    /// Its id.
    pub id: String,
    /// `xiangqi` or `janggi`.
    pub variant: String,
    /// `friend` or `engine`.
    pub mode: String,
    /// When it was created.
    pub created: u64,
    /// Its moves.
    pub plies: u64,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// How it ended, in words.
    pub reason: String,
    /// The ruling in each language, by tag (empty for a forfeit's words and for games that
    /// ended before rulings were kept in every language).
    pub reasons: std::collections::BTreeMap<String, String>,
    /// Red's (Cho's) name, if any.
    pub red: Option<String>,
    /// Black's (Han's) name, if any.
    pub black: Option<String>,
    /// The player's side: `red` or `black`.
    pub side: &'static str,
    /// The result for the player: `win`, `draw` or `loss`.
    pub outcome: &'static str,
    /// The other player's name, if any.
    pub opponent: Option<String>,
    /// Whether it was created rated.
    pub rated: bool,
    /// Its speed.
    pub speed: &'static str,
    /// Its opening's name, if it has one.
    pub opening: Option<String>,
    /// Its opening's name in each language, by tag (empty when it has none).
    pub openings: std::collections::BTreeMap<&'static str, String>,
    /// The player's rating before and after, if the game moved it.
    pub rating: Option<Change>,
}

/// The answer to `GET /api/players/NAME/games`.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct PlayerGames {
    /// The games the filters select, in all.
    pub total: u64,
    /// How many were skipped.
    pub offset: usize,
    /// This page of them, newest first.
    pub games: Vec<PlayerGame>,
}
