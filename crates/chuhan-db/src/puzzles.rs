//! Puzzles kept in the game database: positions with one winning move, found in its games by
//! `chuhan puzzles generate` (the finding is the engine's, `chuhan_engine::puzzle`; this
//! module only stores and lists them).
//!
//! Two tables (schema version 4): `puzzles`, one row a puzzle, unique by its position
//! (`key`: the board and the side to move, mirrored left to right when that reads smaller, so a
//! position and its mirror image are one puzzle); and `puzzle_scans`, the games already
//! searched for puzzles, so that a generation stopped half-way goes on where it stopped.
//!
//! ```
//! use chuhan::Variant;
//! use chuhan_db::puzzles::{PuzzleFilter, StoredPuzzle};
//! use chuhan_db::{Database, Fold};
//!
//! let mut db = Database::in_memory(Fold::Mirror)?;
//! let puzzle = StoredPuzzle {
//!     id: "x-00000000ab".into(),
//!     variant: Variant::Xiangqi,
//!     fen: "3aka3/R8/9/9/2N6/9/7r1/8r/9/3K5 w - - 0 1".into(),
//!     solution: vec!["c5d7".parse().unwrap()],
//!     themes: vec!["mate-in-1".into()],
//!     rating: 1050,
//!     game: None,
//!     ply: 0,
//!     source: "composed".into(),
//! };
//! assert!(db.add_puzzle(&puzzle, "3aka3/R8/9/9/2N6/9/7r1/8r/9/3K5 w")?);
//! assert!(!db.add_puzzle(&puzzle, "3aka3/R8/9/9/2N6/9/7r1/8r/9/3K5 w")?, "the same position again");
//! assert_eq!(db.puzzles(&PuzzleFilter::default())?, [puzzle]);
//! # Ok::<(), chuhan_db::DbError>(())
//! ```

use crate::backend::{Arg, Row, SqlError};
use crate::{Database, DbError};
use chuhan::{Move, Variant};

/// One stored puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredPuzzle {
    /// Its stable name (`x-` or `j-` and ten hex digits).
    pub id: String,
    /// Which game.
    pub variant: Variant,
    /// The position, the solver to move.
    pub fen: String,
    /// The solver's moves and the opponent's replies, the solver's first.
    pub solution: Vec<Move>,
    /// Theme codes (`mate-in-2`, `horse-fork`, …).
    pub themes: Vec<String>,
    /// Its first rating.
    pub rating: i64,
    /// The game of this database it comes from, if any.
    pub game: Option<i64>,
    /// The ply of that game where the position stood.
    pub ply: i64,
    /// Where it comes from, in words (players, event, year, ply).
    pub source: String,
}

/// Which puzzles to list.
#[derive(Clone, Debug, Default)]
pub struct PuzzleFilter {
    /// Only this game's.
    pub variant: Option<Variant>,
    /// Only those with this theme code.
    pub theme: Option<String>,
    /// At most this many (none: all).
    pub limit: Option<u64>,
}

/// The tables, SQLite.
pub(crate) const TABLES: &str = "
CREATE TABLE IF NOT EXISTS puzzles (
    id TEXT PRIMARY KEY,
    variant INTEGER NOT NULL,
    key TEXT NOT NULL UNIQUE,
    fen TEXT NOT NULL,
    solution TEXT NOT NULL,
    themes TEXT NOT NULL,
    rating INTEGER NOT NULL,
    game INTEGER,
    ply INTEGER NOT NULL,
    source TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS puzzle_scans (game INTEGER PRIMARY KEY, found INTEGER NOT NULL);
";

/// The tables, PostgreSQL.
pub(crate) const PG_TABLES: &str = "
CREATE TABLE IF NOT EXISTS puzzles (
    id TEXT PRIMARY KEY,
    variant BIGINT NOT NULL,
    key TEXT NOT NULL UNIQUE,
    fen TEXT NOT NULL,
    solution TEXT NOT NULL,
    themes TEXT NOT NULL,
    rating BIGINT NOT NULL,
    game BIGINT,
    ply BIGINT NOT NULL,
    source TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS puzzle_scans (game BIGINT PRIMARY KEY, found BIGINT NOT NULL);
";

fn variant_code(v: Variant) -> i64 {
    match v {
        Variant::Xiangqi => 0,
        Variant::Janggi => 1,
    }
}

fn words<T: ToString>(items: &[T]) -> String {
    items.iter().map(|i| i.to_string()).collect::<Vec<_>>().join(" ")
}

impl Database {
    /// Stores `puzzle` under `key` (its position, as `chuhan_engine::puzzle::key` writes it);
    /// `false`, and nothing stored, when a puzzle of that position or that id is already there.
    pub fn add_puzzle(&mut self, puzzle: &StoredPuzzle, key: &str) -> Result<bool, DbError> {
        let args = [
            Arg::from(puzzle.id.as_str()),
            Arg::Int(variant_code(puzzle.variant)),
            Arg::from(key),
            Arg::from(puzzle.fen.as_str()),
            Arg::from(words(&puzzle.solution)),
            Arg::from(words(&puzzle.themes)),
            Arg::Int(puzzle.rating),
            Arg::OptInt(puzzle.game),
            Arg::Int(puzzle.ply),
            Arg::from(puzzle.source.as_str()),
        ];
        let n = self
            .conn
            .execute(
                "INSERT INTO puzzles VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) ON CONFLICT DO NOTHING",
                &args,
            )
            .map_err(|e| self.sql(e))?;
        Ok(n == 1)
    }

    /// The stored puzzles that pass `filter`, in the order they were stored.
    pub fn puzzles(&self, filter: &PuzzleFilter) -> Result<Vec<StoredPuzzle>, DbError> {
        let mut clauses = Vec::new();
        let mut args = Vec::new();
        if let Some(v) = filter.variant {
            args.push(Arg::Int(variant_code(v)));
            clauses.push(format!("variant = ?{}", args.len()));
        }
        if let Some(t) = &filter.theme {
            args.push(Arg::from(format!("% {t} %")));
            clauses.push(format!("(' ' || themes || ' ') LIKE ?{}", args.len()));
        }
        let where_ = if clauses.is_empty() { String::new() } else { format!("WHERE {}", clauses.join(" AND ")) };
        let limit = filter.limit.map(|n| format!(" LIMIT {n}")).unwrap_or_default();
        let sql = format!(
            "SELECT id, variant, fen, solution, themes, rating, game, ply, source FROM puzzles {where_} ORDER BY game, ply, id{limit}"
        );
        let rows = self.conn.query(&sql, &args).map_err(|e| self.sql(e))?;
        rows.iter().map(|r| self.read_puzzle(r)).collect()
    }

    fn read_puzzle(&self, r: &Row) -> Result<StoredPuzzle, DbError> {
        let id = r.text(0).map_err(|e| self.sql(e))?;
        let bad = |why: String| DbError::Incompatible { path: self.path.clone(), why: format!("puzzle {id}: {why}") };
        let solution = r.text(3).map_err(|e| self.sql(e))?;
        let solution = solution
            .split_whitespace()
            .map(|m| m.parse::<Move>().map_err(|e| bad(format!("solution move {m:?}: {e}"))))
            .collect::<Result<Vec<_>, _>>()?;
        let get = || -> Result<_, SqlError> {
            Ok((r.int(1)?, r.text(2)?, r.text(4)?, r.int(5)?, r.opt_int(6)?, r.int(7)?, r.text(8)?))
        };
        let (variant, fen, themes, rating, game, ply, source) = get().map_err(|e| self.sql(e))?;
        Ok(StoredPuzzle {
            variant: if variant == 1 { Variant::Janggi } else { Variant::Xiangqi },
            fen,
            solution,
            themes: themes.split_whitespace().map(str::to_string).collect(),
            rating,
            game,
            ply,
            source,
            id,
        })
    }

    /// Removes the puzzle `id` (`chuhan puzzles verify` turned it down); `false` when there
    /// is none. The game it came from stays marked as searched.
    pub fn remove_puzzle(&mut self, id: &str) -> Result<bool, DbError> {
        let n = self.conn.execute("DELETE FROM puzzles WHERE id = ?1", &[Arg::from(id)]).map_err(|e| self.sql(e))?;
        Ok(n == 1)
    }

    /// How many puzzles are stored.
    pub fn puzzle_count(&self) -> Result<u64, DbError> {
        Ok(self.conn.query_int("SELECT COUNT(*) FROM puzzles", &[]).map_err(|e| self.sql(e))? as u64)
    }

    /// The ids of the games not yet searched for puzzles ([`Database::mark_scanned`]), oldest
    /// first; at most `limit`.
    pub fn games_to_scan(&self, limit: Option<u64>) -> Result<Vec<i64>, DbError> {
        let limit = limit.map(|n| format!(" LIMIT {n}")).unwrap_or_default();
        let sql = format!("SELECT id FROM games WHERE id NOT IN (SELECT game FROM puzzle_scans) ORDER BY id{limit}");
        let rows = self.conn.query(&sql, &[]).map_err(|e| self.sql(e))?;
        rows.iter().map(|r| r.int(0).map_err(|e| self.sql(e))).collect()
    }

    /// Records that game `game` was searched and gave `found` puzzles.
    pub fn mark_scanned(&mut self, game: i64, found: u64) -> Result<(), DbError> {
        self.conn
            .execute(
                "INSERT INTO puzzle_scans VALUES (?1, ?2) ON CONFLICT (game) DO UPDATE SET found = ?2",
                &[Arg::Int(game), Arg::Int(found as i64)],
            )
            .map(drop)
            .map_err(|e| self.sql(e))
    }
}
