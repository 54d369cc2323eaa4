//! The live store's tables on SQLite, as steps of the crate's migration runner (module
//! `migrate`), recorded in `PRAGMA user_version` as by every release since the first: a
//! database any of them wrote opens and migrates.
//!
//! Versions: 0 is the first release's games and moves; 1 adds the CXA clock (`per_move_ms`,
//! `overruns`; a move's `*_periods` then hold the overruns left), player names, the rated flag,
//! the rating change of a finished rated game, and the `players` table; 2 keeps ratings by game
//! (`ratings`, keyed by variant and name: a janggi result must not move a xiangqi rating),
//! rebuilt from the rated games already played (the old `players` table, one pool for both
//! games, is left as it was); 3 adds when each move was made (`at_ms`); 4 adds `engine` to
//! games (the name of the `--engine` engine an engine game is played against; NULL for
//! chuhan's own and friend games); 5 adds the open offers (`draw_offer`, `takeback_offer`,
//! `offers_ply`: see [`crate::live::Offers`]); 6 adds accounts, their sessions and Glicko-2
//! ratings with their history, the accounts seated in games and the games' openings
//! (`sqlite/accounts.rs`); 7 adds the games' reviews (`reviews`, see [`crate::live::reviews`]); 8 the puzzles' and
//! the accounts' puzzle ratings and the accounts' attempts (see [`crate::live::puzzles`]).

use super::rate;
use crate::backend::{Conn, SqlError};
use crate::migrate::{self, Action, Fresh, Ledger, MigrateError, Plan, Step};
use chuhan::Variant;
use rusqlite::Connection;

/// The first release's tables: created if missing, then migrated by the steps.
pub(crate) const SCHEMA_V0: &str = "CREATE TABLE IF NOT EXISTS games (
        id TEXT PRIMARY KEY, variant TEXT NOT NULL, mode TEXT NOT NULL, level INTEGER NOT NULL,
        start_fen TEXT NOT NULL, red_token TEXT, black_token TEXT,
        base_ms INTEGER NOT NULL, increment_ms INTEGER NOT NULL, periods INTEGER NOT NULL,
        period_ms INTEGER NOT NULL, created INTEGER NOT NULL,
        result TEXT, reason TEXT, finished INTEGER);
     CREATE TABLE IF NOT EXISTS moves (
        game_id TEXT NOT NULL, ply INTEGER NOT NULL, mv TEXT NOT NULL,
        red_ms INTEGER NOT NULL, black_ms INTEGER NOT NULL,
        red_periods INTEGER NOT NULL, black_periods INTEGER NOT NULL, PRIMARY KEY (game_id, ply));
     CREATE INDEX IF NOT EXISTS games_finished ON games (finished);";

/// Version 1: the CXA clock, names, ratings. New columns have defaults that describe the old
/// games exactly (no per-move limit, no names, unrated).
pub(crate) const MIGRATION_V1: &str = "ALTER TABLE games ADD COLUMN per_move_ms INTEGER NOT NULL DEFAULT 0;
     ALTER TABLE games ADD COLUMN overruns INTEGER NOT NULL DEFAULT 0;
     ALTER TABLE games ADD COLUMN red_name TEXT;
     ALTER TABLE games ADD COLUMN black_name TEXT;
     ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
     ALTER TABLE games ADD COLUMN red_elo_before REAL;
     ALTER TABLE games ADD COLUMN red_elo_after REAL;
     ALTER TABLE games ADD COLUMN black_elo_before REAL;
     ALTER TABLE games ADD COLUMN black_elo_after REAL;
     CREATE TABLE IF NOT EXISTS players (
        name TEXT PRIMARY KEY COLLATE NOCASE, rating REAL NOT NULL, games INTEGER NOT NULL,
        wins INTEGER NOT NULL, draws INTEGER NOT NULL, losses INTEGER NOT NULL);
     CREATE INDEX IF NOT EXISTS players_rating ON players (rating);";

/// Version 2: ratings by game.
pub(crate) const MIGRATION_V2: &str = "CREATE TABLE IF NOT EXISTS ratings (
        variant TEXT NOT NULL, name TEXT NOT NULL COLLATE NOCASE, rating REAL NOT NULL,
        games INTEGER NOT NULL, wins INTEGER NOT NULL, draws INTEGER NOT NULL, losses INTEGER NOT NULL,
        PRIMARY KEY (variant, name));
     CREATE INDEX IF NOT EXISTS ratings_rating ON ratings (variant, rating);";

/// Version 3: when each move was made, so that a server taking a game over can charge the
/// time since (0 for the moves stored before).
pub(crate) const MIGRATION_V3: &str = "ALTER TABLE moves ADD COLUMN at_ms INTEGER NOT NULL DEFAULT 0;";

/// Version 4: the other engine an engine game is played against.
pub(crate) const MIGRATION_V4: &str = "ALTER TABLE games ADD COLUMN engine TEXT;";

/// Version 5: the offers open in a game (sides as 0 and 1), and how many moves were stored
/// when they were written.
pub(crate) const MIGRATION_V5: &str = "ALTER TABLE games ADD COLUMN draw_offer INTEGER;
     ALTER TABLE games ADD COLUMN takeback_offer INTEGER;
     ALTER TABLE games ADD COLUMN offers_ply INTEGER NOT NULL DEFAULT 0;";

/// The steps from version 0.
const STEPS: &[Step] = &[
    Step { version: 1, name: "the CXA clock, names, ratings", action: Action::Sql(MIGRATION_V1) },
    Step { version: 2, name: "ratings by game", action: Action::Rust(ratings_by_game) },
    Step { version: 3, name: "when each move was made", action: Action::Sql(MIGRATION_V3) },
    Step { version: 4, name: "the other engine", action: Action::Sql(MIGRATION_V4) },
    Step { version: 5, name: "offers", action: Action::Sql(MIGRATION_V5) },
    Step { version: 6, name: "accounts", action: Action::Sql(super::accounts::MIGRATION_V6) },
    Step { version: 7, name: "reviews", action: Action::Sql(crate::live::reviews::sql::TABLE) },
    Step { version: 8, name: "puzzle ratings", action: Action::Sql(crate::live::puzzles::sql::TABLES) },
    Step { version: 9, name: "rulings in every language", action: Action::Sql(MIGRATION_V9) },
];

/// Version 9: a finished game's ruling in each language (a JSON object, tag → words).
pub(crate) const MIGRATION_V9: &str = "ALTER TABLE games ADD COLUMN reasons TEXT;";

/// Version 2: the table, then the rated games replayed into it.
fn ratings_by_game(conn: &mut Conn) -> Result<(), SqlError> {
    let Conn::Sqlite(c) = conn else { return Err(SqlError::Type("a SQLite step on another database".into())) };
    c.execute_batch(MIGRATION_V2)?;
    rebuild_ratings(c)
}

/// `PRAGMA user_version`: 0 for a new database as for the first release's.
struct UserVersion;

impl Ledger for UserVersion {
    fn read(&self, conn: &mut Conn) -> Result<Option<i64>, MigrateError> {
        Ok(Some(conn.query_int("PRAGMA user_version", &[])?))
    }

    fn write(&self, conn: &mut Conn, version: i64) -> Result<(), SqlError> {
        conn.batch(&format!("PRAGMA user_version = {version}"))
    }
}

/// How a live database on SQLite is migrated: the first release's tables made if missing, then
/// every step above its `user_version`; one of a newer release is taken as it is.
const PLAN: Plan<'static> = Plan {
    base: SCHEMA_V0,
    oldest: 0,
    steps: STEPS,
    fresh: Fresh::Oldest,
    refuse_newer: false,
    lock: 0,
    ledger: &UserVersion,
};

/// Brings the database of `conn` up to date, and gives the connection back.
pub(crate) fn migrate(conn: Connection) -> Result<Connection, MigrateError> {
    let mut conn = Conn::Sqlite(conn);
    migrate::run(&mut conn, &PLAN)?;
    match conn {
        Conn::Sqlite(c) => Ok(c),
        Conn::Postgres(_) => Err(MigrateError::Incompatible("not a SQLite database".into())),
    }
}

/// Fills `ratings` by replaying every finished rated game in the order they ended, each in its
/// own game's pool, with the same rule as `Store::finish`. The games keep the rating change
/// stored with them (what the game was worth when it was played).
fn rebuild_ratings(tx: &Connection) -> Result<(), SqlError> {
    let mut stmt = tx.prepare(
        "SELECT variant, red_name, black_name, result FROM games
         WHERE rated = 1 AND result IS NOT NULL AND red_name IS NOT NULL AND black_name IS NOT NULL
         ORDER BY finished, rowid",
    )?;
    let games = stmt
        .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?, r.get::<_, String>(2)?, r.get(3)?)))?
        .collect::<rusqlite::Result<Vec<(String, String, String, String)>>>()?;
    for (variant, red, black, result) in games {
        let variant: Variant = variant.parse().map_err(|_| SqlError::Type(format!("a rated game of {variant:?}")))?;
        rate(tx, variant, &red, &black, &result)?;
    }
    Ok(())
}
