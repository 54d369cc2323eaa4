//! The tables.
//!
//! - `games`: one row a game. The headers searched on have their own columns (players, event,
//!   date, year, result, Elo, opening); every header is also kept in order in `headers`, so that
//!   export writes the game back as it was read. Moves are two bytes each (from, to); the start
//!   FEN only when it is not the standard one. `dedup` is a hash of the start and the moves:
//!   UNIQUE, so a game already stored is recognised whatever file it comes from.
//! - `positions`: one row a position of a game (ply 0 to the end). `key` is the folded position
//!   hash ([`crate::key`]); `next` packs the move played from it, in the key's frame, with the
//!   game's result for the side to move (move code × 4 + 0 win, 1 draw, 2 loss, 3 unknown), NULL
//!   after the last move. The primary key (key, game, ply) in a WITHOUT ROWID table is the
//!   index itself: a lookup by key reads the rows it needs in order and no second index is kept.
//!   A row is ~20 bytes (8 for the key, 2-3 for the game, 1-2 for the ply, 2 for the move, the
//!   record header and the b-tree cell): see BENCHMARKS.md for the measured size.
//! - `materials`: the distinct material signatures of each game ([`crate::material`]).
//! - `imports`: how far each file's import got, for resuming ([`crate::import`]).
//! - `meta`: the schema version and the fold.

use crate::key::Fold;
use rusqlite::{Connection, OptionalExtension};

pub(crate) enum SchemaError {
    Sql(rusqlite::Error),
    Incompatible(String),
}

impl From<rusqlite::Error> for SchemaError {
    fn from(e: rusqlite::Error) -> SchemaError {
        SchemaError::Sql(e)
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
CREATE INDEX IF NOT EXISTS games_red ON games(red);
CREATE INDEX IF NOT EXISTS games_black ON games(black);
CREATE INDEX IF NOT EXISTS games_year ON games(year);
CREATE INDEX IF NOT EXISTS games_opening ON games(opening);
CREATE TABLE IF NOT EXISTS positions (
    key INTEGER NOT NULL,
    game INTEGER NOT NULL,
    ply INTEGER NOT NULL,
    next INTEGER,
    PRIMARY KEY (key, game, ply)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS materials (
    sig INTEGER NOT NULL,
    game INTEGER NOT NULL,
    PRIMARY KEY (sig, game)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS imports (
    file TEXT PRIMARY KEY,
    size INTEGER NOT NULL,
    games_done INTEGER NOT NULL,
    complete INTEGER NOT NULL
) WITHOUT ROWID;
";

/// Creates the tables if missing, checks the version, and returns the database's fold
/// (`fold` for a new database).
pub(crate) fn prepare(conn: &mut Connection, fold: Fold) -> Result<Fold, SchemaError> {
    // A database is written in batches by one importer; WAL lets readers (the explorer, the
    // server) run beside it, and NORMAL sync keeps every committed batch safe from a crash of
    // the program (only a power cut can lose the last batches, never corrupt the file).
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.pragma_update(None, "cache_size", -65536)?;
    let tx = conn.transaction()?;
    tx.execute_batch(TABLES)?;
    let get = |key: &str| -> rusqlite::Result<Option<String>> {
        tx.query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0)).optional()
    };
    let version = get("version")?;
    let stored_fold = get("fold")?;
    let fold = match (version, stored_fold) {
        (None, _) => {
            tx.execute("INSERT INTO meta VALUES ('version', ?1)", [crate::SCHEMA_VERSION.to_string()])?;
            tx.execute("INSERT INTO meta VALUES ('fold', ?1)", [fold.name()])?;
            fold
        }
        (Some(v), Some(f)) if v == crate::SCHEMA_VERSION.to_string() => {
            Fold::from_name(&f).ok_or_else(|| SchemaError::Incompatible(format!("unknown position fold {f:?}")))?
        }
        (Some(v), _) => {
            return Err(SchemaError::Incompatible(format!(
                "schema version {v}, this chuhan reads version {}",
                crate::SCHEMA_VERSION
            )))
        }
    };
    tx.commit()?;
    Ok(fold)
}
