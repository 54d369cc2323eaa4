//! The game database's answers (`chuhan serve --games-db`): whether there is one, the
//! explorer, the search and uploads.

use super::Flag;
use chuhan_db::{GameSummary, MoveStats};
use serde::Serialize;

/// The answer to `GET /api/db`: whether there is a database, its size, and whether uploads are
/// open. Read by `static/database.js` and `static/explorer.js`.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
#[serde(untagged)]
pub enum DbInfo {
    /// `{"enabled": false}`: the server has no database.
    Off {
        /// Always `false`.
        enabled: Flag<false>,
    },
    /// `{"enabled": true, "games": …, "uploads": …, "max_upload": …}`.
    On {
        /// Always `true`.
        enabled: Flag<true>,
        /// Games in the database.
        games: u64,
        /// Whether anyone may upload collections.
        uploads: bool,
        /// The largest upload, in bytes.
        max_upload: usize,
    },
}

/// The answer to `GET /api/explore`: chuhan-db's explorer (the moves played from the position
/// with their counts and results, the opening's name, the best-known games through it), each
/// move also in the notation asked for, and the position read. Read by `static/explorer.js`.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Explore {
    /// Games that reached the position.
    pub(crate) games: u64,
    pub(crate) moves: Vec<ExploreMove>,
    pub(crate) opening: Option<String>,
    pub(crate) top_games: Vec<ExploreGame>,
    pub(crate) fen: String,
}

/// A move of the [`Explore`]r: chuhan-db's statistics and the move in the notation (`null`
/// when the database's move does not read).
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct ExploreMove {
    #[serde(flatten)]
    pub(crate) stats: MoveStats,
    pub(crate) text: Option<String>,
}

/// A best-known game of the [`Explore`]r: chuhan-db's summary and the move it played from the
/// position in the notation (`null` when it has none).
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct ExploreGame {
    #[serde(flatten)]
    pub(crate) game: GameSummary,
    pub(crate) next_text: Option<String>,
}

/// The answer to `GET /api/db/search`: a page of the games that match, newest first, with how
/// many match in all and where the page starts (`static/database.js`).
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct DbSearch {
    pub(crate) games: Vec<GameSummary>,
    /// Every game that matches, on all pages.
    pub(crate) total: u64,
    /// How many games come before this page.
    pub(crate) offset: usize,
}

/// The answer to `POST /api/db/import`: how many games of the upload were read, stored, were
/// already there, or could not be read (and why). Read by `static/database.js`.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct Imported {
    /// The upload's name as kept.
    pub(crate) file: String,
    pub(crate) read: usize,
    pub(crate) imported: usize,
    pub(crate) duplicates: usize,
    pub(crate) bad: usize,
    /// The first hundred reasons.
    pub(crate) errors: Vec<String>,
}
