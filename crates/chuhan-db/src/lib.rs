#![doc = include_str!("../README.md")]

pub mod import;
pub mod key;
pub mod material;
pub mod opening;
pub mod query;
pub mod schema;

pub use import::{ImportOptions, ImportProgress, ImportReport};
pub use key::Fold;
pub use opening::{Lang, Opening};
pub use query::{Explorer, GameSummary, MoveStats, SearchFilter, Stats};

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

/// The schema version this crate writes ([`schema`]); a database with another is refused.
pub const SCHEMA_VERSION: i64 = 1;

/// A game database on SQLite: games, the position index, material signatures and import
/// progress ([`schema`] has the tables and why they are shaped so).
pub struct Database {
    conn: Connection,
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
        Database::setup(conn, name, fold)
    }

    /// A database in memory (tests, one-off queries).
    pub fn in_memory(fold: Fold) -> Result<Database, DbError> {
        let name = ":memory:".to_string();
        let conn = Connection::open_in_memory().map_err(|source| DbError::Sqlite { path: name.clone(), source })?;
        Database::setup(conn, name, fold)
    }

    fn setup(conn: Connection, path: String, fold: Fold) -> Result<Database, DbError> {
        let mut db = Database { conn, path, fold };
        let fold = schema::prepare(&mut db.conn, fold).map_err(|e| db.classify(e))?;
        db.fold = fold;
        Ok(db)
    }

    /// The fold the index was built with.
    pub fn fold(&self) -> Fold {
        self.fold
    }

    /// The file's name as opened.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// `e` with the file named.
    fn sql(&self, source: rusqlite::Error) -> DbError {
        DbError::Sqlite { path: self.path.clone(), source }
    }

    fn classify(&self, e: schema::SchemaError) -> DbError {
        match e {
            schema::SchemaError::Sql(source) => self.sql(source),
            schema::SchemaError::Incompatible(why) => DbError::Incompatible { path: self.path.clone(), why },
        }
    }
}

/// The default database file of the `chuhan db` commands.
pub fn default_path() -> PathBuf {
    PathBuf::from("games.sqlite3")
}
