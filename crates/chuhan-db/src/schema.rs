//! The tables.
//!
//! - `games`: one row a game. The headers searched on have their own columns (players, event,
//!   date, year, result, Elo, opening); every header is also kept in order in `headers`, so that
//!   export writes the game back as it was read. Moves are two bytes each (from, to); the start
//!   FEN only when it is not the standard one. `dedup` is a hash of the start and the moves:
//!   UNIQUE, so a game already stored is recognised whatever file it comes from.
//! - `position_runs`: the position index (module `postings`): for every position of every
//!   game, the game, the ply and the move played from it (in the key's frame, with the game's
//!   result for the side to move), kept as sorted runs of 16-byte postings, one blob a bucket
//!   (the top bits of the folded position hash, [`crate::key`]) and import batch, its id the
//!   run's number above the bucket. `postings` counts a row's postings. `live_runs` lists each
//!   index's runs, which are merged once there are many.
//! - `material_runs`: which games had each material signature on the board ([`crate::material`]),
//!   kept as runs like the positions, keyed by a bijective mix of the signature.
//! - `imports`: how far each file's import got, for resuming ([`crate::import`]).
//! - `popular_positions`, `popular_moves`, `popular_games`: the explorer's answers stored for the
//!   positions many games pass through ([`crate::popular`]).
//! - `puzzles`, `puzzle_scans`: positions with one winning move found in the games, and the
//!   games already searched for them ([`crate::puzzles`]).
//! - `meta`: the schema version (the record of the migration runner, module `migrate`) and the fold.
//!
//! PostgreSQL holds the same tables with the same columns ([`PG_TABLES`]): every integer is a
//! BIGINT (so that both stores read back the same types), the moves and runs a BYTEA.
//!
//! Version 3 replaced version 2's `positions` and `materials` tables (a row a position, a row a
//! game and signature) with the runs; an older database is converted when it is opened
//! (`postings::convert_rows`, a step of the migration runner, module `migrate`).

use crate::backend::{Arg, Conn, SqlError};
use crate::key::Fold;
use crate::migrate::{self, Action, Fresh, Ledger, MigrateError, Plan, Step};

pub(crate) enum SchemaError {
    Sql(SqlError),
    Incompatible(String),
}

impl<E: Into<SqlError>> From<E> for SchemaError {
    fn from(e: E) -> SchemaError {
        SchemaError::Sql(e.into())
    }
}

const TABLES: &str = "
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    variant INTEGER NOT NULL,
    red TEXT NOT NULL DEFAULT '',
    black TEXT NOT NULL DEFAULT '',
    event TEXT NOT NULL DEFAULT '',
    date TEXT NOT NULL DEFAULT '',
    year INTEGER,
    result INTEGER NOT NULL,
    red_elo INTEGER,
    black_elo INTEGER,
    start_fen TEXT,
    moves BLOB NOT NULL,
    plies INTEGER NOT NULL,
    opening TEXT,
    headers TEXT NOT NULL,
    dedup INTEGER NOT NULL UNIQUE,
    source TEXT NOT NULL,
    source_game INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS position_runs (id INTEGER PRIMARY KEY, postings INTEGER NOT NULL, data BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS live_runs (
    tbl TEXT NOT NULL,
    run INTEGER NOT NULL,
    postings INTEGER NOT NULL,
    PRIMARY KEY (tbl, run)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS material_runs (id INTEGER PRIMARY KEY, postings INTEGER NOT NULL, data BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS imports (
    file TEXT PRIMARY KEY,
    size INTEGER NOT NULL,
    games_done INTEGER NOT NULL,
    complete INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS popular_positions (key INTEGER PRIMARY KEY, games INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS popular_moves (
    key INTEGER NOT NULL,
    code INTEGER NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    draws INTEGER NOT NULL,
    losses INTEGER NOT NULL,
    unknown INTEGER NOT NULL,
    last_year INTEGER,
    PRIMARY KEY (key, code)
) WITHOUT ROWID;
";

/// The indexes of the games' searched columns (both stores). An import into an empty database
/// on SQLite makes them at its end instead ([`crate::import`]): kept up to date game by game,
/// they touched a few thousand pages of every batch; made at once, they cost a sort. Every
/// opening of a database makes any that are missing (after an import that was killed).
pub(crate) const GAMES_INDEXES: &str = "
CREATE INDEX IF NOT EXISTS games_red ON games(red);
CREATE INDEX IF NOT EXISTS games_black ON games(black);
CREATE INDEX IF NOT EXISTS games_year ON games(year);
CREATE INDEX IF NOT EXISTS games_opening ON games(opening);
";

/// The same without them.
pub(crate) const DROP_GAMES_INDEXES: &str = "DROP INDEX IF EXISTS games_red; DROP INDEX IF EXISTS games_black; \
     DROP INDEX IF EXISTS games_year; DROP INDEX IF EXISTS games_opening;";

/// The best-known games of popular positions ([`crate::popular`]), apart from the other tables
/// because a version 2 database has them without `next` ([`upgrade`] makes them anew).
const POPULAR_GAMES: &str = "
CREATE TABLE IF NOT EXISTS popular_games (
    key INTEGER NOT NULL,
    elo INTEGER NOT NULL,
    year INTEGER NOT NULL,
    game INTEGER NOT NULL,
    next INTEGER,
    PRIMARY KEY (key, elo, year, game)
) WITHOUT ROWID;
";

/// The same tables on PostgreSQL.
pub const PG_TABLES: &str = "
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    variant BIGINT NOT NULL,
    red TEXT NOT NULL DEFAULT '',
    black TEXT NOT NULL DEFAULT '',
    event TEXT NOT NULL DEFAULT '',
    date TEXT NOT NULL DEFAULT '',
    year BIGINT,
    result BIGINT NOT NULL,
    red_elo BIGINT,
    black_elo BIGINT,
    start_fen TEXT,
    moves BYTEA NOT NULL,
    plies BIGINT NOT NULL,
    opening TEXT,
    headers TEXT NOT NULL,
    dedup BIGINT NOT NULL UNIQUE,
    source TEXT NOT NULL,
    source_game BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS position_runs (id BIGINT PRIMARY KEY, postings BIGINT NOT NULL, data BYTEA NOT NULL);
CREATE TABLE IF NOT EXISTS live_runs (
    tbl TEXT NOT NULL,
    run BIGINT NOT NULL,
    postings BIGINT NOT NULL,
    PRIMARY KEY (tbl, run)
);
CREATE TABLE IF NOT EXISTS material_runs (id BIGINT PRIMARY KEY, postings BIGINT NOT NULL, data BYTEA NOT NULL);
CREATE TABLE IF NOT EXISTS imports (
    file TEXT PRIMARY KEY,
    size BIGINT NOT NULL,
    games_done BIGINT NOT NULL,
    complete BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS popular_positions (key BIGINT PRIMARY KEY, games BIGINT NOT NULL);
CREATE TABLE IF NOT EXISTS popular_moves (
    key BIGINT NOT NULL,
    code BIGINT NOT NULL,
    games BIGINT NOT NULL,
    wins BIGINT NOT NULL,
    draws BIGINT NOT NULL,
    losses BIGINT NOT NULL,
    unknown BIGINT NOT NULL,
    last_year BIGINT,
    PRIMARY KEY (key, code)
);
";

/// [`POPULAR_GAMES`] on PostgreSQL.
const PG_POPULAR_GAMES: &str = "
CREATE TABLE IF NOT EXISTS popular_games (
    key BIGINT NOT NULL,
    elo BIGINT NOT NULL,
    year BIGINT NOT NULL,
    game BIGINT NOT NULL,
    next BIGINT,
    PRIMARY KEY (key, elo, year, game)
);
";

/// The game database's steps ([`crate::migrate`]). A new database is made at the newest
/// version by the tables above ([`TABLES`] or [`PG_TABLES`], [`GAMES_INDEXES`], the popular
/// games) and runs none of them.
///
/// Version 2 added the popular positions' tables: the tables above make them (empty for a
/// database of version 1: every position is then answered from the index until an import
/// promotes it), so its step has nothing left to do. Version 3 replaced the `positions` and
/// `materials` rows with runs and keeps each best-known game's move in `popular_games`
/// ([`upgrade`]). Version 4 added the puzzles' tables ([`crate::puzzles`]), made like version
/// 2's by the tables of every opening.
const STEPS: &[Step] = &[
    Step { version: 2, name: "the popular positions", action: Action::Sql("") },
    Step { version: 3, name: "the position and material runs", action: Action::Rust(upgrade) },
    Step { version: 4, name: "the puzzles", action: Action::Sql("") },
];

/// The advisory lock of PostgreSQL databases while they are made or migrated (the lock of
/// imports, [`crate::popular`], is the next key).
const PG_LOCK: i64 = 7368218;

/// The game database's version record: the row `version` of `meta`, with the row `fold`
/// beside it (written with the first version, never changed).
struct Meta {
    fold: Fold,
}

fn get(conn: &Conn, key: &str) -> Result<Option<String>, SqlError> {
    match conn.query_row("SELECT value FROM meta WHERE key = ?1", &[Arg::from(key)])? {
        Some(row) => row.opt_text(0),
        None => Ok(None),
    }
}

impl Ledger for Meta {
    fn read(&self, conn: &mut Conn) -> Result<Option<i64>, MigrateError> {
        let Some(v) = get(conn, "version")? else { return Ok(None) };
        match v.parse() {
            Ok(v) => Ok(Some(v)),
            Err(_) => Err(MigrateError::Incompatible(format!(
                "schema version {v}, this chuhan reads version {}",
                crate::SCHEMA_VERSION
            ))),
        }
    }

    fn write(&self, conn: &mut Conn, version: i64) -> Result<(), SqlError> {
        conn.execute(
            "INSERT INTO meta VALUES ('version', ?1) ON CONFLICT (key) DO UPDATE SET value = ?1",
            &[Arg::from(version.to_string())],
        )?;
        conn.execute(
            "INSERT INTO meta VALUES ('fold', ?1) ON CONFLICT (key) DO NOTHING",
            &[Arg::from(self.fold.name())],
        )?;
        Ok(())
    }
}

/// Creates the tables if missing, brings an older database up to this version
/// ([`crate::migrate::run`]), and returns the database's fold (`fold` for a new database).
pub(crate) fn prepare(conn: &mut Conn, fold: Fold) -> Result<Fold, SchemaError> {
    let base = match conn {
        Conn::Sqlite(c) => {
            // A database is written in batches by one importer; WAL lets readers (the explorer,
            // the server) run beside it, and NORMAL sync keeps every committed batch safe from
            // a crash of the program (only a power cut can lose the last batches, never
            // corrupt the file).
            c.pragma_update(None, "journal_mode", "WAL")?;
            c.pragma_update(None, "synchronous", "NORMAL")?;
            c.pragma_update(None, "cache_size", -65536)?;
            format!("{TABLES} {GAMES_INDEXES} {POPULAR_GAMES} {}", crate::puzzles::TABLES)
        }
        // Two programs creating the tables at once would race on the catalogue: the runner's
        // lock makes the second wait and then find them made.
        Conn::Postgres(_) => format!("{PG_TABLES} {GAMES_INDEXES} {PG_POPULAR_GAMES} {}", crate::puzzles::PG_TABLES),
    };
    let plan = Plan {
        base: &base,
        oldest: 1,
        steps: STEPS,
        fresh: Fresh::Newest,
        refuse_newer: true,
        lock: PG_LOCK,
        ledger: &Meta { fold },
    };
    migrate::run(conn, &plan).map_err(|e| match e {
        MigrateError::Sql(e) | MigrateError::Step { error: e, .. } => SchemaError::Sql(e),
        MigrateError::Incompatible(why) => SchemaError::Incompatible(why),
    })?;
    let f = get(conn, "fold")?.ok_or_else(|| SchemaError::Incompatible("no position fold recorded".into()))?;
    Fold::from_name(&f).ok_or_else(|| SchemaError::Incompatible(format!("unknown position fold {f:?}")))
}

/// Brings a database of version 1 or 2 up to version 3, inside the step's transaction: the
/// `positions` and `materials` rows become runs, and the stored answers are computed again
/// (`popular_games` made anew, with each game's next move). The version moves on, so that an
/// older chuhan, which would not keep the new tables up to date, refuses the database.
fn upgrade(conn: &mut Conn) -> Result<(), SqlError> {
    let pg = matches!(conn, Conn::Postgres(_));
    conn.batch("DROP TABLE popular_games")?;
    conn.batch(if pg { PG_POPULAR_GAMES } else { POPULAR_GAMES })?;
    crate::postings::convert_rows(conn)?;
    conn.batch("DROP TABLE positions; DROP TABLE materials")?;
    let keys: Vec<i64> = conn.query(crate::popular::KEYS, &[])?.iter().map(|r| r.int(0)).collect::<Result<_, _>>()?;
    conn.batch("DELETE FROM popular_positions; DELETE FROM popular_moves")?;
    let mut facts = crate::answer::FactsCache::default();
    for key in keys {
        crate::popular::promote_one(conn, key, 0, &mut facts)?;
    }
    Ok(())
}
