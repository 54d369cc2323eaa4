//! The live store's tables on PostgreSQL, as steps of the crate's migration runner (module
//! `migrate`), recorded in the table `chuhan_migrations` as by every release since the first
//! PostgreSQL store: a database any of them made opens and migrates.
//!
//! The tables are SQLite's at version 8 (see `sqlite/schema.rs`), with PostgreSQL's types;
//! ratings are keyed by the lower-cased name (`name_key`), as [`crate::live::rating::same_name`]
//! compares names.

use crate::backend::{Arg, Conn, Pg, SqlError};
use crate::migrate::{self, Action, Fresh, Ledger, MigrateError, Plan, Step};

/// The key of the advisory lock held while migrating.
const MIGRATION_LOCK: i64 = 0x6368_7568_616e_0001;

/// The migrations, numbered from 1; each runs once, in order, in the transaction that records
/// it in `chuhan_migrations`. Never edit one that has been released: add the next.
pub(crate) const MIGRATIONS: &[Step] = &[
    Step {
        version: 1,
        name: "games, moves, ratings",
        action: Action::Sql(
            "CREATE TABLE games (
        id TEXT PRIMARY KEY, variant TEXT NOT NULL, mode TEXT NOT NULL, level INTEGER NOT NULL,
        start_fen TEXT NOT NULL, red_token TEXT, black_token TEXT,
        base_ms BIGINT NOT NULL, increment_ms BIGINT NOT NULL, periods INTEGER NOT NULL,
        period_ms BIGINT NOT NULL, created BIGINT NOT NULL,
        result TEXT, reason TEXT, finished BIGINT,
        per_move_ms BIGINT NOT NULL DEFAULT 0, overruns INTEGER NOT NULL DEFAULT 0,
        red_name TEXT, black_name TEXT, rated BOOLEAN NOT NULL DEFAULT FALSE,
        red_elo_before DOUBLE PRECISION, red_elo_after DOUBLE PRECISION,
        black_elo_before DOUBLE PRECISION, black_elo_after DOUBLE PRECISION);
     CREATE INDEX games_finished ON games (finished);
     CREATE INDEX games_unfinished ON games (id) WHERE result IS NULL;
     CREATE TABLE moves (
        game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE, ply INTEGER NOT NULL,
        mv TEXT NOT NULL, red_ms BIGINT NOT NULL, black_ms BIGINT NOT NULL,
        red_periods INTEGER NOT NULL, black_periods INTEGER NOT NULL, PRIMARY KEY (game_id, ply));
     CREATE TABLE ratings (
        variant TEXT NOT NULL, name_key TEXT NOT NULL, name TEXT NOT NULL,
        rating DOUBLE PRECISION NOT NULL, games INTEGER NOT NULL, wins INTEGER NOT NULL,
        draws INTEGER NOT NULL, losses INTEGER NOT NULL, PRIMARY KEY (variant, name_key));
     CREATE INDEX ratings_rating ON ratings (variant, rating);",
        ),
    },
    Step {
        version: 2,
        name: "when each move was made",
        action: Action::Sql("ALTER TABLE moves ADD COLUMN at_ms BIGINT NOT NULL DEFAULT 0;"),
    },
    Step { version: 3, name: "the other engine", action: Action::Sql("ALTER TABLE games ADD COLUMN engine TEXT;") },
    Step {
        version: 4,
        name: "offers, chuhan_add_move",
        action: Action::Sql(
            "ALTER TABLE games ADD COLUMN draw_offer SMALLINT, ADD COLUMN takeback_offer SMALLINT,
        ADD COLUMN offers_ply INTEGER NOT NULL DEFAULT 0;
     CREATE FUNCTION chuhan_add_move(g TEXT, p INTEGER, m TEXT, rms BIGINT, bms BIGINT, rp INTEGER,
        bp INTEGER, made BIGINT, channel TEXT, note TEXT) RETURNS INTEGER LANGUAGE plpgsql AS $$
     DECLARE
        ended BOOLEAN;
        n INTEGER;
     BEGIN
        SELECT result IS NOT NULL INTO ended FROM games WHERE id = g FOR UPDATE;
        IF NOT FOUND THEN RETURN -1; END IF;
        IF ended THEN RETURN -2; END IF;
        SELECT COUNT(*) INTO n FROM moves WHERE game_id = g;
        IF n <> p THEN RETURN n; END IF;
        INSERT INTO moves (game_id, ply, mv, red_ms, black_ms, red_periods, black_periods, at_ms)
            VALUES (g, p, m, rms, bms, rp, bp, made);
        PERFORM pg_notify(channel, note);
        RETURN p;
     END $$;",
        ),
    },
    Step { version: 5, name: "accounts", action: Action::Sql(super::accounts::MIGRATION_5) },
    Step { version: 6, name: "reviews", action: Action::Sql(crate::live::reviews::sql::TABLE) },
    Step { version: 7, name: "puzzle ratings", action: Action::Sql(crate::live::puzzles::sql::TABLES) },
    // A finished game's ruling in each language (a JSON object, tag → words).
    Step {
        version: 8,
        name: "rulings in every language",
        action: Action::Sql("ALTER TABLE games ADD COLUMN reasons TEXT;"),
    },
];

/// The version record: a row a migration, with when it was applied.
const LEDGER: &str =
    "CREATE TABLE IF NOT EXISTS chuhan_migrations (version INTEGER PRIMARY KEY, applied BIGINT NOT NULL)";

/// `chuhan_migrations` as the runner reads and writes it.
struct ChuhanMigrations;

impl Ledger for ChuhanMigrations {
    fn read(&self, conn: &mut Conn) -> Result<Option<i64>, MigrateError> {
        match conn.query_row("SELECT max(version) FROM chuhan_migrations", &[])? {
            Some(row) => Ok(row.opt_int(0)?),
            None => Ok(None),
        }
    }

    fn write(&self, conn: &mut Conn, version: i64) -> Result<(), SqlError> {
        conn.execute(
            "INSERT INTO chuhan_migrations (version, applied) VALUES (CAST(?1 AS BIGINT), ?2)",
            &[Arg::Int(version), Arg::Int(super::super::now_secs() as i64)],
        )?;
        Ok(())
    }
}

/// How a live database on PostgreSQL is migrated: a new one (no `chuhan_migrations` yet) runs
/// every step; one of a newer release is taken as it is (servers are upgraded one at a time).
const PLAN: Plan<'static> = Plan {
    base: LEDGER,
    oldest: 0,
    steps: MIGRATIONS,
    fresh: Fresh::Oldest,
    refuse_newer: false,
    lock: MIGRATION_LOCK,
    ledger: &ChuhanMigrations,
};

/// Brings the database of `client` up to date. Blocking, like the runner: call it from a
/// blocking thread.
pub(crate) fn migrate(client: postgres::Client) -> Result<(), MigrateError> {
    let mut conn = Conn::Postgres(Box::new(Pg::new(client)));
    migrate::run(&mut conn, &PLAN).map(|_| ())
}
