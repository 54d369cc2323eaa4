//! Where games are kept: a [`Store`] trait, and SQLite behind it.
//!
//! The trait is what the rest of the server sees, so that a PostgreSQL store can later let
//! several web servers share games. Every accepted move goes through [`Store::add_move`] before
//! it is broadcast, so a move the players saw is on disk.
//!
//! Schema versions (SQLite's `user_version`): 0 is the first release's games and moves; 1 adds
//! the CXA clock (`per_move_ms`, `overruns`; a move's `*_periods` then hold the overruns left),
//! player names, the rated flag, the rating change of a finished rated game, and the `players`
//! table; 2 keeps ratings by game (`ratings`, keyed by variant and name: a janggi result must
//! not move a xiangqi rating), rebuilt from the rated games already played (the old `players`
//! table, one pool for both games, is left as it was); 3 adds `engine` to games (the name of the
//! `--engine` engine an engine game is played against; NULL for chuhan's own and friend games).
//! Opening a database migrates it forward
//! one transaction a step, so databases written by an older server stay readable.

use crate::rating::{self, PlayerRating, RatingChange};
use anyhow::{Context, Result};
use chuhan::{BySide, Side, Variant};
use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;
use std::sync::Mutex;

/// A game's settings and seats, as stored when it is created.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredGame {
    /// The game's id (12 hex digits), its key.
    pub id: String,
    /// `xiangqi` or `janggi`, as text so that the schema does not depend on the rules crate.
    pub variant: String,
    /// `engine` or `friend`.
    pub mode: String,
    /// The engine's level in engine games, 0 otherwise.
    pub level: u32,
    /// The start position (a setup or a FEN other than the standard start are kept too).
    pub start_fen: String,
    /// The seat tokens of Red (Cho) and Black (Han); `None` for an empty or engine seat.
    pub tokens: BySide<Option<String>>,
    /// Milliseconds of base time; 0 means untimed.
    pub base_ms: u64,
    /// Milliseconds added after each move (Fischer).
    pub increment_ms: u64,
    /// Byo-yomi periods after the main time.
    pub periods: u32,
    /// The length of a byo-yomi period in milliseconds.
    pub period_ms: u64,
    /// The CXA rule: each move within `per_move_ms` (0 = no such limit).
    pub per_move_ms: u64,
    /// The CXA rule: how many moves may overrun `per_move_ms`.
    pub overruns: u32,
    /// The players' names, Red (Cho) then Black (Han), if they gave one.
    pub names: BySide<Option<String>>,
    /// Whether the creator asked for a rated game (it counts only with two named players).
    pub rated: bool,
    /// Seconds since the Unix epoch.
    pub created: u64,
    /// Engine games against another engine than chuhan's own (`chuhan serve --engine`): its
    /// name. `None` for chuhan's own engine and friend games.
    pub engine: Option<String>,
}

/// A stored move with the clocks after it: main time (ms) and byo-yomi periods (or CXA
/// overruns) left, Red then Black.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredMove {
    /// The move as coordinates (`h2e2`).
    pub mv: String,
    /// Main time left after the move, in milliseconds: a restart or a takeback resumes from it.
    pub clocks_ms: BySide<u64>,
    /// Byo-yomi periods (or CXA overruns) left after the move.
    pub periods: BySide<u32>,
}

/// How a finished game ended: the PGN result (`1-0`, `0-1`, `1/2-1/2`) and the reason in words.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredEnd {
    /// `1-0`, `0-1` or `1/2-1/2`: the PGN result, which ratings and the archive read.
    pub result: String,
    /// How it ended, in words (checkmate, time, resignation, ...), as shown to players.
    pub reason: String,
    /// The change of the players' ratings, if the game was rated.
    pub rating: Option<RatingChange>,
}

/// A finished game for the archive.
#[derive(Clone, Debug, PartialEq)]
pub struct ArchiveEntry {
    /// The game's id, for its link.
    pub id: String,
    /// `xiangqi` or `janggi`.
    pub variant: String,
    /// `engine` or `friend`.
    pub mode: String,
    /// When it was created, in seconds since the Unix epoch.
    pub created: u64,
    /// How many moves (plies) it had.
    pub plies: u64,
    /// How it ended.
    pub end: StoredEnd,
    /// The players' names, if they gave them.
    pub names: BySide<Option<String>>,
}

/// A stored game, its moves, and its end if it has ended.
pub type Loaded = (StoredGame, Vec<StoredMove>, Option<StoredEnd>);

/// Durable storage of games and their moves.
pub trait Store: Send + Sync {
    /// Records a new game.
    fn create(&self, game: &StoredGame) -> Result<()>;
    /// Sets a seat's token and the name of its player, if given (a friend joined).
    fn set_token(&self, id: &str, side: Side, token: &str, name: Option<&str>) -> Result<()>;
    /// Replaces the start position of game `id` (before its first move: the player who joins
    /// a janggi game sets up its own formation).
    fn set_start(&self, id: &str, fen: &str) -> Result<()>;
    /// Appends move number `ply` (0-based) of game `id`.
    fn add_move(&self, id: &str, ply: usize, mv: &StoredMove) -> Result<()>;
    /// Deletes the moves of game `id` from number `plies` (0-based) on: a takeback.
    fn truncate(&self, id: &str, plies: usize) -> Result<()>;
    /// Marks the game finished; if it is rated (see [`crate::rating`]), updates both players'
    /// ratings in the same transaction and returns the change. A game already finished is
    /// left as it is (ratings change once per game).
    fn finish(&self, id: &str, end: &StoredEnd) -> Result<Option<RatingChange>>;
    /// A player's rating at `variant`, if they have played a rated game of it.
    fn rating(&self, variant: Variant, name: &str) -> Result<Option<PlayerRating>>;
    /// The best-rated players at `variant`, best first.
    fn ratings(&self, variant: Variant, limit: usize) -> Result<Vec<PlayerRating>>;
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
        let mut conn = Connection::open(&file).with_context(|| format!("cannot open {}", file.display()))?;
        conn.pragma_update(None, "journal_mode", "WAL").with_context(|| format!("WAL mode on {}", file.display()))?;
        // A committed move must survive a power cut too, not only a killed process.
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.execute_batch(SCHEMA_V0).with_context(|| format!("cannot create tables in {}", file.display()))?;
        migrate(&mut conn).with_context(|| format!("cannot bring {} up to date", file.display()))?;
        Ok(SqliteStore { conn: Mutex::new(conn) })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock leaves the connection usable: SQLite rolls back.
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The first release's tables: created if missing, then migrated by [`migrate`].
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
const MIGRATION_V1: &str = "ALTER TABLE games ADD COLUMN per_move_ms INTEGER NOT NULL DEFAULT 0;
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
const MIGRATION_V2: &str = "CREATE TABLE IF NOT EXISTS ratings (
        variant TEXT NOT NULL, name TEXT NOT NULL COLLATE NOCASE, rating REAL NOT NULL,
        games INTEGER NOT NULL, wins INTEGER NOT NULL, draws INTEGER NOT NULL, losses INTEGER NOT NULL,
        PRIMARY KEY (variant, name));
     CREATE INDEX IF NOT EXISTS ratings_rating ON ratings (variant, rating);";

const MIGRATION_V3: &str = "ALTER TABLE games ADD COLUMN engine TEXT;";

/// Brings the schema from its `user_version` to the newest, one transaction per step.
fn migrate(conn: &mut Connection) -> Result<()> {
    let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    if version < 1 {
        let tx = conn.transaction()?;
        tx.execute_batch(MIGRATION_V1).context("migration to version 1")?;
        tx.pragma_update(None, "user_version", 1)?;
        tx.commit()?;
    }
    if version < 2 {
        let tx = conn.transaction()?;
        tx.execute_batch(MIGRATION_V2).context("migration to version 2")?;
        rebuild_ratings(&tx).context("migration to version 2: replaying the rated games")?;
        tx.pragma_update(None, "user_version", 2)?;
        tx.commit()?;
    }
    if version < 3 {
        let tx = conn.transaction()?;
        tx.execute_batch(MIGRATION_V3).context("migration to version 3")?;
        tx.pragma_update(None, "user_version", 3)?;
        tx.commit()?;
    }
    Ok(())
}

/// Fills `ratings` by replaying every finished rated game in the order they ended, each in its
/// own game's pool, with the same rule as [`Store::finish`]. The games keep the rating change
/// stored with them (what the game was worth when it was played).
fn rebuild_ratings(tx: &rusqlite::Transaction) -> Result<()> {
    let mut stmt = tx.prepare(
        "SELECT variant, red_name, black_name, result FROM games
         WHERE rated = 1 AND result IS NOT NULL AND red_name IS NOT NULL AND black_name IS NOT NULL
         ORDER BY finished, rowid",
    )?;
    let games = stmt
        .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?, r.get::<_, String>(2)?, r.get(3)?)))?
        .collect::<rusqlite::Result<Vec<(String, String, String, String)>>>()?;
    for (variant, red, black, result) in games {
        let variant: Variant = variant.parse().with_context(|| format!("a rated game of {variant:?}"))?;
        rate(tx, variant, &red, &black, &result)?;
    }
    Ok(())
}

/// Updates both players' ratings at `variant` after a game that ended `result`, if it counts
/// (a result, two different names); returns the change.
fn rate(tx: &Connection, variant: Variant, red: &str, black: &str, result: &str) -> Result<Option<RatingChange>> {
    let Some(score) = rating::red_score(result) else { return Ok(None) };
    if rating::same_name(red, black) {
        return Ok(None);
    }
    let before = [
        player(tx, variant, red)?.unwrap_or_else(|| PlayerRating::new(red)),
        player(tx, variant, black)?.unwrap_or_else(|| PlayerRating::new(black)),
    ];
    let after = rating::update(&before[0], &before[1], score);
    for p in &after {
        tx.execute(
            "INSERT INTO ratings (variant, name, rating, games, wins, draws, losses) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
             ON CONFLICT (variant, name) DO UPDATE SET rating = ?3, games = ?4, wins = ?5, draws = ?6, losses = ?7",
            params![variant.name(), p.name, p.rating, p.games, p.wins, p.draws, p.losses],
        )?;
    }
    Ok(Some(RatingChange {
        before: BySide::new(before[0].rating, before[1].rating),
        after: BySide::new(after[0].rating, after[1].rating),
    }))
}

fn player(conn: &Connection, variant: Variant, name: &str) -> rusqlite::Result<Option<PlayerRating>> {
    conn.query_row(
        "SELECT name, rating, games, wins, draws, losses FROM ratings WHERE variant = ?1 AND name = ?2",
        params![variant.name(), name],
        player_row,
    )
    .optional()
}

fn player_row(r: &rusqlite::Row) -> rusqlite::Result<PlayerRating> {
    Ok(PlayerRating {
        name: r.get(0)?,
        rating: r.get(1)?,
        games: r.get(2)?,
        wins: r.get(3)?,
        draws: r.get(4)?,
        losses: r.get(5)?,
    })
}

fn now_secs() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0)
}

impl Store for SqliteStore {
    fn create(&self, g: &StoredGame) -> Result<()> {
        self.conn()
            .execute(
                "INSERT INTO games (id, variant, mode, level, start_fen, red_token, black_token, base_ms,
                 increment_ms, periods, period_ms, created, per_move_ms, overruns, red_name, black_name, rated,
                 engine)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)",
                params![
                    g.id,
                    g.variant,
                    g.mode,
                    g.level,
                    g.start_fen,
                    g.tokens.first,
                    g.tokens.second,
                    g.base_ms as i64,
                    g.increment_ms as i64,
                    g.periods,
                    g.period_ms as i64,
                    g.created as i64,
                    g.per_move_ms as i64,
                    g.overruns,
                    g.names.first,
                    g.names.second,
                    g.rated,
                    g.engine
                ],
            )
            .with_context(|| format!("cannot store new game {}", g.id))?;
        Ok(())
    }

    fn set_token(&self, id: &str, side: Side, token: &str, name: Option<&str>) -> Result<()> {
        let sql = if side == Side::First {
            "UPDATE games SET red_token = ?2, red_name = ?3 WHERE id = ?1"
        } else {
            "UPDATE games SET black_token = ?2, black_name = ?3 WHERE id = ?1"
        };
        self.conn()
            .execute(sql, params![id, token, name])
            .with_context(|| format!("cannot store the seat of game {id}"))?;
        Ok(())
    }

    fn set_start(&self, id: &str, fen: &str) -> Result<()> {
        self.conn()
            .execute("UPDATE games SET start_fen = ?2 WHERE id = ?1", params![id, fen])
            .with_context(|| format!("cannot store the start position of game {id}"))?;
        Ok(())
    }

    fn add_move(&self, id: &str, ply: usize, m: &StoredMove) -> Result<()> {
        self.conn()
            .execute(
                "INSERT INTO moves (game_id, ply, mv, red_ms, black_ms, red_periods, black_periods)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![
                    id,
                    ply as i64,
                    m.mv,
                    m.clocks_ms.first as i64,
                    m.clocks_ms.second as i64,
                    m.periods.first,
                    m.periods.second
                ],
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

    fn finish(&self, id: &str, end: &StoredEnd) -> Result<Option<RatingChange>> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        let changed = tx
            .execute(
                "UPDATE games SET result = ?2, reason = ?3, finished = ?4 WHERE id = ?1 AND result IS NULL",
                params![id, end.result, end.reason, now_secs() as i64],
            )
            .with_context(|| format!("cannot store the end of game {id}"))?;
        let mut change = None;
        if changed == 1 {
            let (variant, rated, red, black): (String, bool, Option<String>, Option<String>) = tx.query_row(
                "SELECT variant, rated, red_name, black_name FROM games WHERE id = ?1",
                params![id],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
            )?;
            if let (true, Some(red), Some(black)) = (rated, red, black) {
                let variant: Variant = variant.parse().with_context(|| format!("game {id}"))?;
                if let Some(c) = rate(&tx, variant, &red, &black, &end.result)? {
                    tx.execute(
                        "UPDATE games SET red_elo_before = ?2, black_elo_before = ?3, red_elo_after = ?4,
                         black_elo_after = ?5 WHERE id = ?1",
                        params![id, c.before.first, c.before.second, c.after.first, c.after.second],
                    )?;
                    change = Some(c);
                }
            }
        }
        tx.commit().with_context(|| format!("cannot store the end of game {id}"))?;
        Ok(change)
    }

    fn rating(&self, variant: Variant, name: &str) -> Result<Option<PlayerRating>> {
        player(&self.conn(), variant, name)
            .with_context(|| format!("cannot read the {} rating of {name:?}", variant.name()))
    }

    fn ratings(&self, variant: Variant, limit: usize) -> Result<Vec<PlayerRating>> {
        let conn = self.conn();
        let mut stmt = conn.prepare(
            "SELECT name, rating, games, wins, draws, losses FROM ratings WHERE variant = ?1
             ORDER BY rating DESC, name LIMIT ?2",
        )?;
        let rows =
            stmt.query_map(params![variant.name(), limit as i64], player_row)?.collect::<rusqlite::Result<Vec<_>>>();
        rows.context("cannot read the ratings")
    }

    fn load(&self, id: &str) -> Result<Option<Loaded>> {
        let conn = self.conn();
        let row = conn
            .query_row(
                "SELECT id, variant, mode, level, start_fen, red_token, black_token, base_ms, increment_ms, created,
                 result, reason, periods, period_ms, per_move_ms, overruns, red_name, black_name, rated,
                 red_elo_before, black_elo_before, red_elo_after, black_elo_after, engine FROM games WHERE id = ?1",
                params![id],
                |r| {
                    let game = StoredGame {
                        id: r.get(0)?,
                        variant: r.get(1)?,
                        mode: r.get(2)?,
                        level: r.get(3)?,
                        start_fen: r.get(4)?,
                        tokens: BySide::new(r.get(5)?, r.get(6)?),
                        base_ms: r.get::<_, i64>(7)?.max(0) as u64,
                        increment_ms: r.get::<_, i64>(8)?.max(0) as u64,
                        created: r.get::<_, i64>(9)?.max(0) as u64,
                        periods: r.get(12)?,
                        period_ms: r.get::<_, i64>(13)?.max(0) as u64,
                        per_move_ms: r.get::<_, i64>(14)?.max(0) as u64,
                        overruns: r.get(15)?,
                        names: BySide::new(r.get(16)?, r.get(17)?),
                        rated: r.get(18)?,
                        engine: r.get(23)?,
                    };
                    let result: Option<String> = r.get(10)?;
                    let reason: Option<String> = r.get(11)?;
                    let elo: [Option<f64>; 4] = [r.get(19)?, r.get(20)?, r.get(21)?, r.get(22)?];
                    let rating = match elo {
                        [Some(a), Some(b), Some(c), Some(d)] => {
                            Some(RatingChange { before: BySide::new(a, b), after: BySide::new(c, d) })
                        }
                        _ => None,
                    };
                    Ok((game, result.map(|result| StoredEnd { result, reason: reason.unwrap_or_default(), rating })))
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
                    clocks_ms: BySide::new(r.get::<_, i64>(1)?.max(0) as u64, r.get::<_, i64>(2)?.max(0) as u64),
                    periods: BySide::new(r.get(3)?, r.get(4)?),
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
             (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id), g.red_name, g.black_name
             FROM games g WHERE g.result IS NOT NULL ORDER BY g.finished DESC LIMIT ?1",
        )?;
        let rows = stmt
            .query_map(params![limit as i64], |r| {
                Ok(ArchiveEntry {
                    id: r.get(0)?,
                    variant: r.get(1)?,
                    mode: r.get(2)?,
                    created: r.get::<_, i64>(3)?.max(0) as u64,
                    end: StoredEnd {
                        result: r.get(4)?,
                        reason: r.get::<_, Option<String>>(5)?.unwrap_or_default(),
                        rating: None,
                    },
                    plies: r.get::<_, i64>(6)?.max(0) as u64,
                    names: BySide::new(r.get(7)?, r.get(8)?),
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

    fn game(id: &str) -> StoredGame {
        StoredGame {
            id: id.into(),
            variant: "xiangqi".into(),
            mode: "friend".into(),
            level: 0,
            start_fen: chuhan::Variant::Xiangqi.start_fen().into(),
            tokens: BySide::new(Some("t".into()), None),
            base_ms: 0,
            increment_ms: 0,
            periods: 0,
            period_ms: 0,
            per_move_ms: 0,
            overruns: 0,
            names: BySide::new(None, None),
            rated: false,
            created: 1,
            engine: None,
        }
    }

    fn end(result: &str) -> StoredEnd {
        StoredEnd { result: result.into(), reason: "mate".into(), rating: None }
    }

    #[test]
    fn a_game_and_its_moves_come_back() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(dir.path()).unwrap();
        let g = StoredGame {
            per_move_ms: 60_000,
            overruns: 3,
            base_ms: 1_200_000,
            engine: Some("Pikafish".into()),
            ..game("abc")
        };
        store.create(&g).unwrap();
        store.set_token("abc", Side::Second, "u", Some("Han Xin")).unwrap();
        store
            .add_move(
                "abc",
                0,
                &StoredMove { mv: "h2e2".into(), clocks_ms: BySide::new(1, 2), periods: BySide::new(0, 1) },
            )
            .unwrap();
        store
            .add_move(
                "abc",
                1,
                &StoredMove { mv: "h9g7".into(), clocks_ms: BySide::new(1, 2), periods: BySide::new(0, 1) },
            )
            .unwrap();
        store.truncate("abc", 1).unwrap();
        assert_eq!(store.unfinished().unwrap(), vec!["abc".to_string()]);
        let (back, moves, end_) = store.load("abc").unwrap().unwrap();
        assert_eq!(back.tokens[Side::Second].as_deref(), Some("u"));
        assert_eq!(back.names[Side::Second].as_deref(), Some("Han Xin"));
        assert_eq!((back.per_move_ms, back.overruns, back.rated), (60_000, 3, false));
        assert_eq!(back.engine.as_deref(), Some("Pikafish"));
        assert_eq!(
            moves,
            vec![StoredMove { mv: "h2e2".into(), clocks_ms: BySide::new(1, 2), periods: BySide::new(0, 1) }]
        );
        assert!(end_.is_none());
        assert_eq!(store.finish("abc", &end("1-0")).unwrap(), None, "not rated");
        assert!(store.unfinished().unwrap().is_empty());
        assert_eq!(store.archive(10).unwrap()[0].plies, 1);
        assert!(store.load("nope").unwrap().is_none());
        assert!(store.ratings(Variant::Xiangqi, 10).unwrap().is_empty());
    }

    #[test]
    fn a_rated_game_changes_ratings_once() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(dir.path()).unwrap();
        let names = BySide::new(Some("Liu Bang".to_string()), Some("Xiang Yu".to_string()));
        store.create(&StoredGame { names: names.clone(), rated: true, ..game("g1") }).unwrap();
        let change = store.finish("g1", &end("0-1")).unwrap().expect("rated");
        assert_eq!((change.before, change.after), (BySide::new(1500.0, 1500.0), BySide::new(1484.0, 1516.0)));
        assert_eq!(store.finish("g1", &end("1-0")).unwrap(), None, "a game ends once");
        let top = store.ratings(Variant::Xiangqi, 10).unwrap();
        assert_eq!(
            top.iter().map(|p| (p.name.as_str(), p.rating)).collect::<Vec<_>>(),
            [("Xiang Yu", 1516.0), ("Liu Bang", 1484.0)]
        );
        assert_eq!(store.rating(Variant::Xiangqi, "xiang yu").unwrap().unwrap().wins, 1, "names ignore case");
        assert_eq!(store.load("g1").unwrap().unwrap().2.unwrap().rating, Some(change));
        // Unrated, or one seat without a name: no change.
        store.create(&StoredGame { names: names.clone(), ..game("g2") }).unwrap();
        assert_eq!(store.finish("g2", &end("1-0")).unwrap(), None);
        store.create(&StoredGame { names: BySide::new(names.first.clone(), None), rated: true, ..game("g3") }).unwrap();
        assert_eq!(store.finish("g3", &end("1-0")).unwrap(), None);
        // A draw between them: the weaker gains.
        store.create(&StoredGame { names, rated: true, ..game("g4") }).unwrap();
        let c = store.finish("g4", &end("1/2-1/2")).unwrap().unwrap();
        assert!(c.after.first > c.before.first && c.after.second < c.before.second);
        assert_eq!(store.rating(Variant::Xiangqi, "Liu Bang").unwrap().unwrap().games, 2);
        // A janggi game between them starts a janggi rating and leaves the xiangqi one alone.
        store.create(&StoredGame { variant: "janggi".into(), names: g4_names(), rated: true, ..game("g5") }).unwrap();
        let j = store.finish("g5", &end("1-0")).unwrap().unwrap();
        assert_eq!((j.before, j.after), (BySide::new(1500.0, 1500.0), BySide::new(1516.0, 1484.0)));
        assert_eq!(store.rating(Variant::Xiangqi, "Liu Bang").unwrap().unwrap().games, 2);
        assert_eq!(store.rating(Variant::Janggi, "Liu Bang").unwrap().unwrap().games, 1);
        assert_eq!(store.ratings(Variant::Janggi, 10).unwrap()[0].name, "Liu Bang");
    }

    fn g4_names() -> BySide<Option<String>> {
        BySide::new(Some("Liu Bang".to_string()), Some("Xiang Yu".to_string()))
    }

    #[test]
    fn a_version_1_database_gets_ratings_by_game_from_its_rated_games() {
        let dir = tempfile::tempdir().unwrap();
        {
            // As version 1 wrote it: one pool, moved by a xiangqi win and a janggi loss of Ann.
            let conn = Connection::open(dir.path().join("games.sqlite3")).unwrap();
            conn.execute_batch(SCHEMA_V0).unwrap();
            conn.execute_batch(MIGRATION_V1).unwrap();
            conn.pragma_update(None, "user_version", 1).unwrap();
            conn.execute_batch(
                "INSERT INTO games (id, variant, mode, level, start_fen, base_ms, increment_ms, periods, period_ms,
                 created, result, reason, finished, red_name, black_name, rated) VALUES
                 ('x1', 'xiangqi', 'friend', 0, 'x', 0, 0, 0, 0, 1, '1-0', 'mate', 10, 'Ann', 'Bo', 1),
                 ('j1', 'janggi', 'friend', 0, 'j', 0, 0, 0, 0, 2, '0-1', 'mate', 20, 'Ann', 'Bo', 1),
                 ('x2', 'xiangqi', 'friend', 0, 'x', 0, 0, 0, 0, 3, '1-0', 'mate', 30, 'Ann', 'Cy', 0);
                 INSERT INTO players VALUES ('Ann', 1500.7, 2, 1, 0, 1), ('Bo', 1499.3, 2, 1, 0, 1);",
            )
            .unwrap();
        }
        let store = SqliteStore::open(dir.path()).unwrap();
        let x = store.ratings(Variant::Xiangqi, 10).unwrap();
        assert_eq!(
            x.iter().map(|p| (p.name.as_str(), p.rating, p.games)).collect::<Vec<_>>(),
            [("Ann", 1516.0, 1), ("Bo", 1484.0, 1)]
        );
        let j = store.ratings(Variant::Janggi, 10).unwrap();
        assert_eq!(
            j.iter().map(|p| (p.name.as_str(), p.rating, p.wins)).collect::<Vec<_>>(),
            [("Bo", 1516.0, 1), ("Ann", 1484.0, 0)]
        );
        // The old pool is kept as it was.
        let conn = store.conn();
        let old: f64 = conn.query_row("SELECT rating FROM players WHERE name = 'Ann'", [], |r| r.get(0)).unwrap();
        assert_eq!(old, 1500.7);
    }

    #[test]
    fn a_database_of_the_first_schema_is_migrated_and_read() {
        let dir = tempfile::tempdir().unwrap();
        {
            // A database as the first release wrote it.
            let conn = Connection::open(dir.path().join("games.sqlite3")).unwrap();
            conn.execute_batch(SCHEMA_V0).unwrap();
            conn.execute_batch(
                "INSERT INTO games (id, variant, mode, level, start_fen, red_token, black_token, base_ms,
                 increment_ms, periods, period_ms, created) VALUES ('old', 'xiangqi', 'friend', 0,
                 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1', 'r', 'b', 60000, 2000, 3, 5000, 7);
                 INSERT INTO moves VALUES ('old', 0, 'h2e2', 60000, 60000, 3, 3);",
            )
            .unwrap();
        }
        let store = SqliteStore::open(dir.path()).unwrap();
        let (g, moves, end_) = store.load("old").unwrap().unwrap();
        assert_eq!((g.base_ms, g.increment_ms, g.periods, g.period_ms), (60000, 2000, 3, 5000));
        assert_eq!((g.per_move_ms, g.overruns, g.names.clone(), g.rated), (0, 0, BySide::new(None, None), false));
        assert_eq!(moves.len(), 1);
        assert!(end_.is_none());
        store
            .add_move(
                "old",
                1,
                &StoredMove { mv: "h9g7".into(), clocks_ms: BySide::new(1, 2), periods: BySide::new(3, 3) },
            )
            .unwrap();
        store.finish("old", &end("1-0")).unwrap();
        drop(store);
        // Opening it again does not migrate twice.
        let store = SqliteStore::open(dir.path()).unwrap();
        assert_eq!(store.archive(5).unwrap()[0].plies, 2);
    }
}
