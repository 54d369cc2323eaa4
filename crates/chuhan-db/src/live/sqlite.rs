//! SQLite: one file in the data directory, for a single server.
//!
//! Schema versions: `sqlite/schema.rs` (`PRAGMA user_version`, 0 to 8), migrated by the
//! crate's one runner when the store opens, one transaction a step, so databases written by an
//! older server stay readable.
//!
//! The connections are synchronous (rusqlite), so none is used on Tokio's threads:
//! - **Writes** go to one writer thread, which owns the writing connection and commits them
//!   by groups: it takes every write waiting, runs each under a savepoint of its own (one that
//!   fails is rolled back alone and answered its error), commits them in one transaction (one
//!   fsync of the WAL for the group) and only then answers each. A move is still on disk
//!   before anyone is told of it (`synchronous=FULL`), but a thousand games moving at once
//!   share fsyncs instead of queueing for one each.
//! - **Reads** run on Tokio's blocking threads with a second connection: in WAL mode they see
//!   every committed write and never wait for the writer's fsync.

use super::rating::{self, PlayerRating, RatingChange};
use super::talk::side_from;
use super::{
    now_secs, reasons_column, reasons_of_column, ArchiveEntry, Conflict, Loaded, Offers, Store, StoredEnd, StoredGame,
    StoredMove, StoredOffers,
};
use crate::backend::SqlError;
use anyhow::{anyhow, Context, Result};
use chuhan::{BySide, Side, Variant};
use rusqlite::{params, Connection, OptionalExtension, TransactionBehavior};
use std::path::Path;
use std::sync::{mpsc, Arc, Mutex};

mod accounts;
mod puzzles;
mod reviews;
mod schema;
mod talk;

#[cfg(test)]
pub(crate) use schema::{MIGRATION_V1, SCHEMA_V0};

/// The most writes committed together (a bound on one transaction's size, far above what
/// waits at once in practice).
const MAX_GROUP: usize = 512;

/// The file of the games in a data directory ([`SqliteStore::open`]).
pub const DATA_FILE: &str = "games.sqlite3";

/// SQLite in WAL mode: one file (`chuhan serve --store FILE`, or [`DATA_FILE`] in a data
/// directory). Cheap to clone (the clones share the connections and the writer thread).
#[derive(Clone)]
pub struct SqliteStore {
    db: Arc<Db>,
}

/// The reading connection, and the way to the writer thread (which ends when the last clone
/// of the store is dropped).
struct Db {
    reader: Mutex<Connection>,
    writes: Mutex<mpsc::Sender<Box<dyn Write>>>,
}

/// Opens `file` with the settings both connections share.
fn connect(file: &Path) -> Result<Connection> {
    let conn = Connection::open(file).with_context(|| format!("cannot open {}", file.display()))?;
    conn.pragma_update(None, "journal_mode", "WAL").with_context(|| format!("WAL mode on {}", file.display()))?;
    // A committed move must survive a power cut too, not only a killed process.
    conn.pragma_update(None, "synchronous", "FULL")?;
    // The writer thread and a test's own connection may meet: wait for the other's lock.
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    Ok(conn)
}

impl SqliteStore {
    /// Opens (creating if needed) the database [`DATA_FILE`] in directory `dir` and starts
    /// its writer thread. Blocking: call it before serving, or from a blocking thread.
    pub fn open(dir: &Path) -> Result<SqliteStore> {
        SqliteStore::open_file(&dir.join(DATA_FILE))
    }

    /// Opens (creating if needed, with its directory) the database in `file` and starts its
    /// writer thread. Blocking: call it before serving, or from a blocking thread.
    pub fn open_file(file: &Path) -> Result<SqliteStore> {
        // The directory too: `--data DIR` always made it, and `--store` keeps that.
        if let Some(dir) = file.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).with_context(|| format!("cannot create data directory {}", dir.display()))?;
        }
        let writer =
            schema::migrate(connect(file)?).with_context(|| format!("cannot bring {} up to date", file.display()))?;
        let reader = connect(file)?;
        let (tx, rx) = mpsc::channel();
        std::thread::Builder::new()
            .name("chuhan-sqlite-writer".into())
            .spawn(move || write_loop(writer, rx))
            .context("cannot start the SQLite writer thread")?;
        Ok(SqliteStore { db: Arc::new(Db { reader: Mutex::new(reader), writes: Mutex::new(tx) }) })
    }

    /// Runs `f` on a blocking thread with the reading connection.
    async fn read<T: Send + 'static>(&self, f: impl FnOnce(&Connection) -> Result<T> + Send + 'static) -> Result<T> {
        let db = self.db.clone();
        tokio::task::spawn_blocking(move || f(&db.reader())).await.context("a SQLite task failed")?
    }

    /// Runs `f` on the writer thread, in the next group's transaction, and answers once that
    /// group is committed (or `f`'s own error).
    async fn write<T: Send + 'static>(&self, f: impl FnOnce(&Connection) -> Result<T> + Send + 'static) -> Result<T> {
        let (reply, answer) = tokio::sync::oneshot::channel();
        let job: Box<dyn Write> = Box::new(Job { work: Some(f), result: None, reply });
        self.db
            .writes
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .send(job)
            .map_err(|_| anyhow!("the SQLite writer thread has stopped"))?;
        answer.await.map_err(|_| anyhow!("the SQLite writer thread has stopped"))?
    }

    /// The reading connection, for the tests of old schemas.
    #[cfg(test)]
    pub(crate) fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.db.reader()
    }
}

impl Db {
    fn reader(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock leaves the connection usable: SQLite rolls back.
        self.reader.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A write waiting for the writer thread.
trait Write: Send {
    /// Runs the write on `conn` (inside its savepoint); answers whether it succeeded.
    fn run(&mut self, conn: &Connection) -> bool;
    /// Answers the caller: its result, unless the group's commit failed (`commit`).
    fn answer(self: Box<Self>, commit: Option<&str>);
}

/// A write and where its answer goes.
struct Job<T, F> {
    work: Option<F>,
    result: Option<Result<T>>,
    reply: tokio::sync::oneshot::Sender<Result<T>>,
}

impl<T: Send, F: FnOnce(&Connection) -> Result<T> + Send> Write for Job<T, F> {
    fn run(&mut self, conn: &Connection) -> bool {
        let result = match self.work.take() {
            Some(f) => f(conn),
            None => Err(anyhow!("a SQLite write ran twice")),
        };
        let ok = result.is_ok();
        self.result = Some(result);
        ok
    }

    fn answer(self: Box<Self>, commit: Option<&str>) {
        let result = match (self.result, commit) {
            (Some(Ok(_)), Some(e)) => Err(anyhow!("the write was not committed: {e}")),
            (Some(r), _) => r,
            (None, _) => Err(anyhow!("the write was not run: {}", commit.unwrap_or("no transaction"))),
        };
        // The caller may have gone (a closed connection): nothing to tell then.
        let _ = self.reply.send(result);
    }
}

/// The writer thread: groups the writes waiting, commits each group once, answers.
fn write_loop(mut conn: Connection, writes: mpsc::Receiver<Box<dyn Write>>) {
    while let Ok(first) = writes.recv() {
        let mut group = vec![first];
        while group.len() < MAX_GROUP {
            match writes.try_recv() {
                Ok(w) => group.push(w),
                Err(_) => break,
            }
        }
        let committed = commit_group(&mut conn, &mut group).map_err(|e| format!("{e:#}"));
        for w in group {
            w.answer(committed.as_ref().err().map(String::as_str));
        }
    }
}

/// Runs each write of `group` under its own savepoint in one transaction, and commits.
fn commit_group(conn: &mut Connection, group: &mut [Box<dyn Write>]) -> Result<()> {
    let mut tx = conn.transaction_with_behavior(TransactionBehavior::Immediate).context("cannot begin a write")?;
    for w in group.iter_mut() {
        let sp = tx.savepoint().context("cannot make a savepoint")?;
        if w.run(&sp) {
            sp.commit().context("cannot release a savepoint")?;
        }
        // A failed write's savepoint is rolled back when it is dropped.
    }
    tx.commit().context("cannot commit")
}

/// Updates both players' ratings at `variant` after a game that ended `result`, if it counts
/// (a result, two different names); returns the change.
fn rate(
    tx: &Connection,
    variant: Variant,
    red: &str,
    black: &str,
    result: &str,
) -> Result<Option<RatingChange>, SqlError> {
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

/// Refuses to store move `ply` of game `id` unless the game exists, has not ended and has
/// exactly `ply` moves.
fn check_ply(tx: &Connection, id: &str, ply: usize) -> Result<()> {
    let over: Option<bool> = tx
        .query_row("SELECT result IS NOT NULL FROM games WHERE id = ?1", params![id], |r| r.get(0))
        .optional()
        .with_context(|| format!("cannot read game {id}"))?;
    match over {
        None => return Err(Conflict::Missing { id: id.to_string() }.into()),
        Some(true) => return Err(Conflict::Over { id: id.to_string() }.into()),
        Some(false) => {}
    }
    let stored = stored_plies(tx, id)?;
    if stored != ply {
        return Err(Conflict::Moved { id: id.to_string(), ply, stored }.into());
    }
    Ok(())
}

/// How many moves of game `id` are stored.
fn stored_plies(tx: &Connection, id: &str) -> Result<usize> {
    let n: i64 = tx
        .query_row("SELECT COUNT(*) FROM moves WHERE game_id = ?1", params![id], |r| r.get(0))
        .with_context(|| format!("cannot count the moves of game {id}"))?;
    Ok(n.max(0) as usize)
}

/// The offers in columns `at`, `at + 1` and `at + 2` of `r` (draw, takeback, plies).
fn offers_row(r: &rusqlite::Row, at: usize) -> rusqlite::Result<StoredOffers> {
    Ok(StoredOffers {
        offers: Offers { draw: side_from(r.get(at)?), takeback: side_from(r.get(at + 1)?) },
        plies: r.get::<_, i64>(at + 2)?.max(0) as usize,
    })
}

/// The offers stored with game `id`.
fn read_offers(conn: &Connection, id: &str) -> Result<StoredOffers> {
    conn.query_row("SELECT draw_offer, takeback_offer, offers_ply FROM games WHERE id = ?1", params![id], |r| {
        offers_row(r, 0)
    })
    .with_context(|| format!("cannot read the offers of game {id}"))
}

/// Stores the offers of game `id`.
fn write_offers(conn: &Connection, id: &str, o: &StoredOffers) -> Result<()> {
    let side = |s: Option<Side>| s.map(|s| s.index() as i64);
    conn.execute(
        "UPDATE games SET draw_offer = ?2, takeback_offer = ?3, offers_ply = ?4 WHERE id = ?1",
        params![id, side(o.offers.draw), side(o.offers.takeback), o.plies as i64],
    )
    .with_context(|| format!("cannot store the offers of game {id}"))?;
    Ok(())
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

// The operations, each on a connection the caller has put in a transaction (a write
// group's savepoint) or reads with.
fn create(conn: &Connection, g: &StoredGame) -> Result<()> {
    conn.execute(
        "INSERT INTO games (id, variant, mode, level, start_fen, red_token, black_token, base_ms,
                 increment_ms, periods, period_ms, created, per_move_ms, overruns, red_name, black_name, rated,
                 engine, red_account, black_account)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20)",
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
            g.engine,
            g.accounts.first,
            g.accounts.second
        ],
    )
    .with_context(|| format!("cannot store new game {}", g.id))?;
    Ok(())
}

fn set_start(conn: &Connection, id: &str, fen: &str) -> Result<()> {
    conn.execute("UPDATE games SET start_fen = ?2 WHERE id = ?1", params![id, fen])
        .with_context(|| format!("cannot store the start position of game {id}"))?;
    Ok(())
}

fn set_token(conn: &Connection, id: &str, side: Side, token: &str, name: Option<&str>) -> Result<()> {
    let sql = if side == Side::First {
        "UPDATE games SET red_token = ?2, red_name = ?3 WHERE id = ?1"
    } else {
        "UPDATE games SET black_token = ?2, black_name = ?3 WHERE id = ?1"
    };
    conn.execute(sql, params![id, token, name]).with_context(|| format!("cannot store the seat of game {id}"))?;
    Ok(())
}

fn add_move(conn: &Connection, id: &str, ply: usize, m: &StoredMove) -> Result<()> {
    check_ply(conn, id, ply)?;
    conn.execute(
        "INSERT INTO moves (game_id, ply, mv, red_ms, black_ms, red_periods, black_periods, at_ms)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            id,
            ply as i64,
            m.mv,
            m.clocks_ms.first as i64,
            m.clocks_ms.second as i64,
            m.periods.first,
            m.periods.second,
            m.at_ms as i64
        ],
    )
    .with_context(|| format!("cannot store move {} ({}) of game {id}", ply + 1, m.mv))?;
    Ok(())
}

fn truncate(conn: &Connection, id: &str, plies: usize, keep: usize) -> Result<()> {
    check_ply(conn, id, plies)?;
    conn.execute("DELETE FROM moves WHERE game_id = ?1 AND ply >= ?2", params![id, keep as i64])
        .with_context(|| format!("cannot take back moves of game {id}"))?;
    write_offers(conn, id, &StoredOffers { offers: Offers::default(), plies: keep })?;
    Ok(())
}

fn set_offers(conn: &Connection, id: &str, plies: usize, seen: Offers, offers: Offers) -> Result<()> {
    check_ply(conn, id, plies)?;
    let stored = read_offers(conn, id)?;
    if stored.plies == plies && stored.offers != seen {
        return Err(Conflict::Offers { id: id.to_string() }.into());
    }
    write_offers(conn, id, &StoredOffers { offers, plies })
}

fn finish(conn: &Connection, id: &str, plies: usize, end: &StoredEnd) -> Result<Option<RatingChange>> {
    let stored = stored_plies(conn, id)?;
    if stored > plies {
        return Err(Conflict::Moved { id: id.to_string(), ply: plies, stored }.into());
    }
    let now = now_secs();
    let changed = conn
        .execute(
            "UPDATE games SET result = ?2, reason = ?3, finished = ?4, opening = ?5, reasons = ?6
                 WHERE id = ?1 AND result IS NULL",
            params![id, end.result, end.reason, now as i64, end.opening, reasons_column(&end.reasons)],
        )
        .with_context(|| format!("cannot store the end of game {id}"))?;
    let mut change = None;
    if changed == 1 {
        if let Some(c) = accounts::rate_accounts(conn, id, plies, &end.result, now)? {
            conn.execute(
                "UPDATE games SET red_elo_before = ?2, black_elo_before = ?3, red_elo_after = ?4,
                     black_elo_after = ?5 WHERE id = ?1",
                params![id, c.before.first, c.before.second, c.after.first, c.after.second],
            )?;
            change = Some(c);
        }
    }
    Ok(change)
}

fn rating(conn: &Connection, variant: Variant, name: &str) -> Result<Option<PlayerRating>> {
    player(conn, variant, name).with_context(|| format!("cannot read the {} rating of {name:?}", variant.name()))
}

fn ratings(conn: &Connection, variant: Variant, limit: usize) -> Result<Vec<PlayerRating>> {
    let mut stmt = conn.prepare(
        "SELECT name, rating, games, wins, draws, losses FROM ratings WHERE variant = ?1
             ORDER BY rating DESC, name LIMIT ?2",
    )?;
    let rows = stmt.query_map(params![variant.name(), limit as i64], player_row)?.collect::<rusqlite::Result<Vec<_>>>();
    rows.context("cannot read the ratings")
}

fn load(conn: &Connection, id: &str) -> Result<Option<Loaded>> {
    let row = conn
            .query_row(
                "SELECT id, variant, mode, level, start_fen, red_token, black_token, base_ms, increment_ms, created,
                 result, reason, periods, period_ms, per_move_ms, overruns, red_name, black_name, rated,
                 red_elo_before, black_elo_before, red_elo_after, black_elo_after, engine, draw_offer, takeback_offer, offers_ply,
                 opening, red_account, black_account, reasons FROM games WHERE id = ?1",
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
                        accounts: BySide::new(r.get(28)?, r.get(29)?),
                    };
                    let result: Option<String> = r.get(10)?;
                    let reason: Option<String> = r.get(11)?;
                    let elo: [Option<f64>; 4] = [r.get(19)?, r.get(20)?, r.get(21)?, r.get(22)?];
                    let rating = RatingChange::from_columns(elo);
                    let offers = offers_row(r, 24)?;
                    let opening = r.get(27)?;
                    let reasons = reasons_of_column(r.get(30)?);
                    let end = result.map(|result| StoredEnd {
                        result,
                        reason: reason.unwrap_or_default(),
                        reasons,
                        rating,
                        opening,
                    });
                    Ok((game, end, offers))
                },
            )
            .optional()
            .with_context(|| format!("cannot read game {id}"))?;
    let Some((game, end, offers)) = row else { return Ok(None) };
    let mut stmt = conn.prepare(
        "SELECT mv, red_ms, black_ms, red_periods, black_periods, at_ms FROM moves WHERE game_id = ?1 ORDER BY ply",
    )?;
    let moves = stmt
        .query_map(params![id], |r| {
            Ok(StoredMove {
                mv: r.get(0)?,
                clocks_ms: BySide::new(r.get::<_, i64>(1)?.max(0) as u64, r.get::<_, i64>(2)?.max(0) as u64),
                periods: BySide::new(r.get(3)?, r.get(4)?),
                at_ms: r.get::<_, i64>(5)?.max(0) as u64,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()
        .with_context(|| format!("cannot read the moves of game {id}"))?;
    Ok(Some((game, moves, end, offers)))
}

fn unfinished(conn: &Connection) -> Result<Vec<String>> {
    let mut stmt = conn.prepare("SELECT id FROM games WHERE result IS NULL")?;
    let ids = stmt.query_map([], |r| r.get(0))?.collect::<rusqlite::Result<Vec<String>>>()?;
    Ok(ids)
}

fn archive(conn: &Connection, limit: usize) -> Result<Vec<ArchiveEntry>> {
    let mut stmt = conn.prepare(
        "SELECT g.id, g.variant, g.mode, g.created, g.result, g.reason,
             (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id), g.red_name, g.black_name, g.reasons
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
                    reasons: reasons_of_column(r.get(9)?),
                    rating: None,
                    opening: None,
                },
                plies: r.get::<_, i64>(6)?.max(0) as u64,
                names: BySide::new(r.get(7)?, r.get(8)?),
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()
        .context("cannot read the archive")?;
    Ok(rows)
}

#[async_trait::async_trait]
impl Store for SqliteStore {
    async fn create(&self, g: &StoredGame) -> Result<()> {
        let g = g.clone();
        self.write(move |c| create(c, &g)).await
    }

    async fn set_token(&self, id: &str, side: Side, token: &str, name: Option<&str>) -> Result<()> {
        let (id, token, name) = (id.to_string(), token.to_string(), name.map(str::to_string));
        self.write(move |c| set_token(c, &id, side, &token, name.as_deref())).await
    }

    async fn set_start(&self, id: &str, fen: &str) -> Result<()> {
        let (id, fen) = (id.to_string(), fen.to_string());
        self.write(move |c| set_start(c, &id, &fen)).await
    }

    async fn add_move(&self, id: &str, ply: usize, m: &StoredMove) -> Result<()> {
        let (id, m) = (id.to_string(), m.clone());
        self.write(move |c| add_move(c, &id, ply, &m)).await
    }

    async fn truncate(&self, id: &str, plies: usize, keep: usize) -> Result<()> {
        let id = id.to_string();
        self.write(move |c| truncate(c, &id, plies, keep)).await
    }

    async fn set_offers(&self, id: &str, plies: usize, seen: Offers, offers: Offers) -> Result<()> {
        let id = id.to_string();
        self.write(move |c| set_offers(c, &id, plies, seen, offers)).await
    }

    async fn finish(&self, id: &str, plies: usize, end: &StoredEnd) -> Result<Option<RatingChange>> {
        let (id, end) = (id.to_string(), end.clone());
        self.write(move |c| finish(c, &id, plies, &end)).await
    }

    async fn rating(&self, variant: Variant, name: &str) -> Result<Option<PlayerRating>> {
        let name = name.to_string();
        self.read(move |c| rating(c, variant, &name)).await
    }

    async fn ratings(&self, variant: Variant, limit: usize) -> Result<Vec<PlayerRating>> {
        self.read(move |c| ratings(c, variant, limit)).await
    }

    async fn load(&self, id: &str) -> Result<Option<Loaded>> {
        let id = id.to_string();
        self.read(move |c| load(c, &id)).await
    }

    async fn unfinished(&self) -> Result<Vec<String>> {
        self.read(unfinished).await
    }

    async fn archive(&self, limit: usize) -> Result<Vec<ArchiveEntry>> {
        self.read(move |c| archive(c, limit)).await
    }
}
