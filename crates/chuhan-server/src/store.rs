//! Where games are kept: a [`Store`] trait, and SQLite behind it.
//!
//! The trait is what the rest of the server sees, so that a PostgreSQL store can later let
//! several web servers share games. Every accepted move goes through [`Store::add_move`] before
//! it is broadcast, so a move the players saw is on disk.

use anyhow::{Context, Result};
use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;
use std::sync::Mutex;

/// A game's settings and seats, as stored when it is created.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredGame {
    pub id: String,
    pub variant: String,
    /// `engine` or `friend`.
    pub mode: String,
    pub level: u32,
    pub start_fen: String,
    /// The seat tokens of Red (Cho) and Black (Han); `None` for an empty or engine seat.
    pub tokens: [Option<String>; 2],
    /// Milliseconds of base time and increment; base 0 means untimed.
    pub base_ms: u64,
    pub increment_ms: u64,
    /// Byo-yomi periods after the main time, and their length in milliseconds.
    pub periods: u32,
    pub period_ms: u64,
    /// Seconds since the Unix epoch.
    pub created: u64,
}

/// A stored move with the clocks after it: main time (ms) and byo-yomi periods left, Red then
/// Black.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredMove {
    pub mv: String,
    pub clocks_ms: [u64; 2],
    pub periods: [u32; 2],
}

/// How a finished game ended: the PGN result (`1-0`, `0-1`, `1/2-1/2`) and the reason in words.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredEnd {
    pub result: String,
    pub reason: String,
}

/// A finished game for the archive.
#[derive(Clone, Debug, PartialEq)]
pub struct ArchiveEntry {
    pub id: String,
    pub variant: String,
    pub mode: String,
    pub created: u64,
    pub plies: u64,
    pub end: StoredEnd,
}

/// A stored game, its moves, and its end if it has ended.
pub type Loaded = (StoredGame, Vec<StoredMove>, Option<StoredEnd>);

/// Durable storage of games and their moves.
pub trait Store: Send + Sync {
    /// Records a new game.
    fn create(&self, game: &StoredGame) -> Result<()>;
    /// Sets a seat's token (a friend joined).
    fn set_token(&self, id: &str, side: usize, token: &str) -> Result<()>;
    /// Appends move number `ply` (0-based) of game `id`.
    fn add_move(&self, id: &str, ply: usize, mv: &StoredMove) -> Result<()>;
    /// Deletes the moves of game `id` from number `plies` (0-based) on: a takeback.
    fn truncate(&self, id: &str, plies: usize) -> Result<()>;
    /// Marks the game finished.
    fn finish(&self, id: &str, end: &StoredEnd) -> Result<()>;
    /// One game with its moves and its end, if any.
    fn load(&self, id: &str) -> Result<Option<Loaded>>;
    /// The ids of the games not finished yet.
    fn unfinished(&self) -> Result<Vec<String>>;
    /// The most recent finished games, newest first.
    fn archive(&self, limit: usize) -> Result<Vec<ArchiveEntry>>;
}

/// SQLite in WAL mode: one file, `games.sqlite3`, in the data directory.
pub struct SqliteStore {
    conn: Mutex<Connection>,
}

impl SqliteStore {
    /// Opens (creating if needed) the database in directory `dir`.
    pub fn open(dir: &Path) -> Result<SqliteStore> {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create data directory {}", dir.display()))?;
        let file = dir.join("games.sqlite3");
        let conn = Connection::open(&file).with_context(|| format!("cannot open {}", file.display()))?;
        conn.pragma_update(None, "journal_mode", "WAL").with_context(|| format!("WAL mode on {}", file.display()))?;
        // A committed move must survive a power cut too, not only a killed process.
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.execute_batch(
            "CREATE TABLE IF NOT EXISTS games (
                id TEXT PRIMARY KEY, variant TEXT NOT NULL, mode TEXT NOT NULL, level INTEGER NOT NULL,
                start_fen TEXT NOT NULL, red_token TEXT, black_token TEXT,
                base_ms INTEGER NOT NULL, increment_ms INTEGER NOT NULL, periods INTEGER NOT NULL,
                period_ms INTEGER NOT NULL, created INTEGER NOT NULL,
                result TEXT, reason TEXT, finished INTEGER);
             CREATE TABLE IF NOT EXISTS moves (
                game_id TEXT NOT NULL, ply INTEGER NOT NULL, mv TEXT NOT NULL,
                red_ms INTEGER NOT NULL, black_ms INTEGER NOT NULL,
                red_periods INTEGER NOT NULL, black_periods INTEGER NOT NULL, PRIMARY KEY (game_id, ply));
             CREATE INDEX IF NOT EXISTS games_finished ON games (finished);",
        )
        .with_context(|| format!("cannot create tables in {}", file.display()))?;
        Ok(SqliteStore { conn: Mutex::new(conn) })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock leaves the connection usable: SQLite rolls back.
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }
}

fn now_secs() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0)
}

impl Store for SqliteStore {
    fn create(&self, g: &StoredGame) -> Result<()> {
        self.conn()
            .execute(
                "INSERT INTO games (id, variant, mode, level, start_fen, red_token, black_token, base_ms,
                 increment_ms, periods, period_ms, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
                params![
                    g.id,
                    g.variant,
                    g.mode,
                    g.level,
                    g.start_fen,
                    g.tokens[0],
                    g.tokens[1],
                    g.base_ms as i64,
                    g.increment_ms as i64,
                    g.periods,
                    g.period_ms as i64,
                    g.created as i64
                ],
            )
            .with_context(|| format!("cannot store new game {}", g.id))?;
        Ok(())
    }

    fn set_token(&self, id: &str, side: usize, token: &str) -> Result<()> {
        let sql = if side == 0 {
            "UPDATE games SET red_token = ?2 WHERE id = ?1"
        } else {
            "UPDATE games SET black_token = ?2 WHERE id = ?1"
        };
        self.conn().execute(sql, params![id, token]).with_context(|| format!("cannot store the seat of game {id}"))?;
        Ok(())
    }

    fn add_move(&self, id: &str, ply: usize, m: &StoredMove) -> Result<()> {
        self.conn()
            .execute(
                "INSERT INTO moves (game_id, ply, mv, red_ms, black_ms, red_periods, black_periods)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![id, ply as i64, m.mv, m.clocks_ms[0] as i64, m.clocks_ms[1] as i64, m.periods[0], m.periods[1]],
            )
            .with_context(|| format!("cannot store move {} ({}) of game {id}", ply + 1, m.mv))?;
        Ok(())
    }

    fn truncate(&self, id: &str, plies: usize) -> Result<()> {
        self.conn()
            .execute("DELETE FROM moves WHERE game_id = ?1 AND ply >= ?2", params![id, plies as i64])
            .with_context(|| format!("cannot take back moves of game {id}"))?;
        Ok(())
    }

    fn finish(&self, id: &str, end: &StoredEnd) -> Result<()> {
        self.conn()
            .execute(
                "UPDATE games SET result = ?2, reason = ?3, finished = ?4 WHERE id = ?1",
                params![id, end.result, end.reason, now_secs() as i64],
            )
            .with_context(|| format!("cannot store the end of game {id}"))?;
        Ok(())
    }

    fn load(&self, id: &str) -> Result<Option<Loaded>> {
        let conn = self.conn();
        let row = conn
            .query_row(
                "SELECT id, variant, mode, level, start_fen, red_token, black_token, base_ms, increment_ms, created,
                 result, reason, periods, period_ms FROM games WHERE id = ?1",
                params![id],
                |r| {
                    let game = StoredGame {
                        id: r.get(0)?,
                        variant: r.get(1)?,
                        mode: r.get(2)?,
                        level: r.get(3)?,
                        start_fen: r.get(4)?,
                        tokens: [r.get(5)?, r.get(6)?],
                        base_ms: r.get::<_, i64>(7)?.max(0) as u64,
                        increment_ms: r.get::<_, i64>(8)?.max(0) as u64,
                        created: r.get::<_, i64>(9)?.max(0) as u64,
                        periods: r.get(12)?,
                        period_ms: r.get::<_, i64>(13)?.max(0) as u64,
                    };
                    let result: Option<String> = r.get(10)?;
                    let reason: Option<String> = r.get(11)?;
                    Ok((game, result.map(|result| StoredEnd { result, reason: reason.unwrap_or_default() })))
                },
            )
            .optional()
            .with_context(|| format!("cannot read game {id}"))?;
        let Some((game, end)) = row else { return Ok(None) };
        let mut stmt = conn.prepare(
            "SELECT mv, red_ms, black_ms, red_periods, black_periods FROM moves WHERE game_id = ?1 ORDER BY ply",
        )?;
        let moves = stmt
            .query_map(params![id], |r| {
                Ok(StoredMove {
                    mv: r.get(0)?,
                    clocks_ms: [r.get::<_, i64>(1)?.max(0) as u64, r.get::<_, i64>(2)?.max(0) as u64],
                    periods: [r.get(3)?, r.get(4)?],
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()
            .with_context(|| format!("cannot read the moves of game {id}"))?;
        Ok(Some((game, moves, end)))
    }

    fn unfinished(&self) -> Result<Vec<String>> {
        let conn = self.conn();
        let mut stmt = conn.prepare("SELECT id FROM games WHERE result IS NULL")?;
        let ids = stmt.query_map([], |r| r.get(0))?.collect::<rusqlite::Result<Vec<String>>>()?;
        Ok(ids)
    }

    fn archive(&self, limit: usize) -> Result<Vec<ArchiveEntry>> {
        let conn = self.conn();
        let mut stmt = conn.prepare(
            "SELECT g.id, g.variant, g.mode, g.created, g.result, g.reason,
             (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id)
             FROM games g WHERE g.result IS NOT NULL ORDER BY g.finished DESC LIMIT ?1",
        )?;
        let rows = stmt
            .query_map(params![limit as i64], |r| {
                Ok(ArchiveEntry {
                    id: r.get(0)?,
                    variant: r.get(1)?,
                    mode: r.get(2)?,
                    created: r.get::<_, i64>(3)?.max(0) as u64,
                    end: StoredEnd { result: r.get(4)?, reason: r.get::<_, Option<String>>(5)?.unwrap_or_default() },
                    plies: r.get::<_, i64>(6)?.max(0) as u64,
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()
            .context("cannot read the archive")?;
        Ok(rows)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_and_its_moves_come_back() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(dir.path()).unwrap();
        let g = StoredGame {
            id: "abc".into(),
            variant: "xiangqi".into(),
            mode: "friend".into(),
            level: 0,
            start_fen: chuhan::Variant::Xiangqi.start_fen().into(),
            tokens: [Some("t".into()), None],
            base_ms: 0,
            increment_ms: 0,
            periods: 0,
            period_ms: 0,
            created: 1,
        };
        store.create(&g).unwrap();
        store.set_token("abc", 1, "u").unwrap();
        store.add_move("abc", 0, &StoredMove { mv: "h2e2".into(), clocks_ms: [1, 2], periods: [0, 1] }).unwrap();
        store.add_move("abc", 1, &StoredMove { mv: "h9g7".into(), clocks_ms: [1, 2], periods: [0, 1] }).unwrap();
        store.truncate("abc", 1).unwrap();
        assert_eq!(store.unfinished().unwrap(), vec!["abc".to_string()]);
        let (back, moves, end) = store.load("abc").unwrap().unwrap();
        assert_eq!(back.tokens[1].as_deref(), Some("u"));
        assert_eq!(moves, vec![StoredMove { mv: "h2e2".into(), clocks_ms: [1, 2], periods: [0, 1] }]);
        assert!(end.is_none());
        store.finish("abc", &StoredEnd { result: "1-0".into(), reason: "mate".into() }).unwrap();
        assert!(store.unfinished().unwrap().is_empty());
        assert_eq!(store.archive(10).unwrap()[0].plies, 1);
        assert!(store.load("nope").unwrap().is_none());
    }
}
