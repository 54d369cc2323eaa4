#![doc = include_str!("../README.md")]

mod answer;
mod backend;
mod batch;
pub mod import;
pub mod key;
#[cfg(feature = "live")]
pub mod live;
pub mod material;
mod migrate;
pub mod opening;
mod pg;
pub mod popular;
mod postings;
mod prepared;
pub mod puzzles;
pub mod query;
pub mod schema;
mod sqlite;
mod store;
mod target;

pub use backend::Backend;
pub use target::{is_postgres_url, Target, TargetError};

pub use import::{BadGame, ImportOptions, ImportProgress, ImportReport, Skip, DEFAULT_MAX_PLIES};
pub use key::Fold;
pub use opening::{Lang, Opening};
pub use query::{Explorer, GameSummary, MoveStats, SearchFilter, Stats};

use backend::{Conn, SqlError};
use rusqlite::Connection;
use std::path::{Path, PathBuf};

/// What went wrong with a database.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DbError {
    /// SQLite refused a statement, or the file is not a database.
    #[error("database {path}: {source}")]
    Sqlite {
        /// The database file (`:memory:` for one in memory).
        path: String,
        /// SQLite's error.
        source: rusqlite::Error,
    },
    /// PostgreSQL refused the connection or a statement. The message holds the server's
    /// reason (the client's own error says only "db error" and keeps the reason as its source).
    #[error("database {url}: {}", pg_message(error))]
    Postgres {
        /// The database's URL, its password hidden.
        url: String,
        /// The client's error.
        error: postgres::Error,
    },
    /// A database made by a newer chuhan, or by another program.
    #[error("database {path}: {why}")]
    Incompatible {
        /// The database file.
        path: String,
        /// What does not fit.
        why: String,
    },
    /// A file to import could not be read at all.
    #[error("{file}: {source}")]
    Io {
        /// The file as named.
        file: String,
        /// The operating system's error.
        source: std::io::Error,
    },
    /// A stored game that cannot be read back (the file was edited by hand or damaged).
    #[error("database {path}: game {game}: {why}")]
    Corrupt {
        /// The database file.
        path: String,
        /// The game's id.
        game: i64,
        /// What is wrong.
        why: String,
    },
}

/// `e` and its causes, one after the other.
fn pg_message(e: &postgres::Error) -> String {
    let mut text = e.to_string();
    let mut cause = std::error::Error::source(e);
    while let Some(c) = cause {
        text = format!("{text}: {c}");
        cause = c.source();
    }
    text
}

/// The schema version this crate writes ([`schema`]); a database of version 1, 2 or 3 is brought
/// up to it, one of another version is refused.
pub const SCHEMA_VERSION: i64 = 4;

/// A game database on SQLite or PostgreSQL: games, the position index, material signatures and
/// import progress ([`schema`] has the tables and why they are shaped so). Every operation works
/// the same on both stores.
pub struct Database {
    conn: Conn,
    path: String,
    fold: Fold,
}

impl Database {
    /// Opens the database at `path`, creating it (with `fold`) if it does not exist. An
    /// existing database keeps the fold it was made with: the index is built under it.
    pub fn open(path: impl AsRef<Path>, fold: Fold) -> Result<Database, DbError> {
        let path = path.as_ref();
        let name = path.display().to_string();
        let conn = Connection::open(path).map_err(|source| DbError::Sqlite { path: name.clone(), source })?;
        Database::setup(Conn::Sqlite(conn), name, fold)
    }

    /// A database in memory (tests, one-off queries).
    pub fn in_memory(fold: Fold) -> Result<Database, DbError> {
        let name = ":memory:".to_string();
        let conn = Connection::open_in_memory().map_err(|source| DbError::Sqlite { path: name.clone(), source })?;
        Database::setup(Conn::Sqlite(conn), name, fold)
    }

    /// Connects to the PostgreSQL database at `url` (`postgres://user:password@host:port/db`,
    /// `postgres://user@/db?host=/run/postgresql` for a Unix socket, and the other libpq URL
    /// and key=value forms; no TLS), creating the tables (with `fold`) in its current schema
    /// if they are missing. The database itself must exist.
    ///
    /// The connection is synchronous (the `postgres` crate runs its own small runtime): call it
    /// from plain threads, or from `spawn_blocking` inside an async program.
    pub fn connect(url: &str, fold: Fold) -> Result<Database, DbError> {
        let name = target::redact(url);
        let client = postgres::Client::connect(url, postgres::NoTls)
            .map_err(|error| DbError::Postgres { url: name.clone(), error })?;
        Database::setup(Conn::Postgres(Box::new(backend::Pg::new(client))), name, fold)
    }

    /// Opens `target`: a PostgreSQL database ([`Database::connect`]) or a SQLite file
    /// ([`Database::open`]), created if missing as those say.
    pub fn open_target(target: &Target, fold: Fold) -> Result<Database, DbError> {
        match target {
            Target::Postgres(url) => Database::connect(url, fold),
            Target::Sqlite(path) => Database::open(path, fold),
        }
    }

    /// Which store the database is in.
    pub fn backend(&self) -> Backend {
        self.conn.backend()
    }

    fn setup(conn: Conn, path: String, fold: Fold) -> Result<Database, DbError> {
        let mut db = Database { conn, path, fold };
        let fold = schema::prepare(&mut db.conn, fold).map_err(|e| db.classify(e))?;
        db.fold = fold;
        Ok(db)
    }

    /// The fold the index was built with.
    pub fn fold(&self) -> Fold {
        self.fold
    }

    /// The file's name as opened (for PostgreSQL, the URL with its password hidden).
    pub fn path(&self) -> &str {
        &self.path
    }

    /// `e` with the database named.
    fn sql(&self, e: impl Into<SqlError>) -> DbError {
        match e.into() {
            SqlError::Sqlite(source) => DbError::Sqlite { path: self.path.clone(), source },
            SqlError::Postgres(error) => DbError::Postgres { url: self.path.clone(), error },
            SqlError::Type(why) => DbError::Incompatible { path: self.path.clone(), why },
        }
    }

    fn classify(&self, e: schema::SchemaError) -> DbError {
        match e {
            schema::SchemaError::Sql(e) => self.sql(e),
            schema::SchemaError::Incompatible(why) => DbError::Incompatible { path: self.path.clone(), why },
        }
    }
}

/// The default database file of the `chuhan db` commands.
pub fn default_path() -> PathBuf {
    PathBuf::from("games.sqlite3")
}

#[cfg(test)]
mod tests {
    /// A server keeps a database behind a lock and hands it between threads.
    #[test]
    fn a_database_can_move_between_threads() {
        fn send<T: Send>() {}
        send::<super::Database>();
    }
}
