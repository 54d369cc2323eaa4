//! PostgreSQL: one database shared by several `chuhan serve` processes.
//!
//! The tables are SQLite's at version 6 (migrations 1 to 5 here, `pg/schema.rs`), with
//! PostgreSQL's types; ratings are keyed by the lower-cased name (`name_key`), as
//! [`super::rating::same_name`] compares names. The schema grows by numbered migrations, each recorded
//! in `chuhan_migrations` and run by the crate's one migration runner on a blocking connection
//! of its own when a store connects; servers starting at once wait for its advisory lock, so
//! one of them migrates and the others find the work done.
//!
//! Each [`Store`] method is one transaction on a pooled connection (deadpool). The writes that
//! change a game lock its row (`SELECT … FOR UPDATE`), so that the checks of [`Store::add_move`]
//! and [`Store::finish`] hold until the commit, and run `NOTIFY` ([`CHANNEL`]) in the same
//! transaction: the other servers hear of the change exactly when it is visible to them
//! ([`Listener`]; [`Lease`] holds the advisory locks by which one server runs each game). A move is stored by one call of the function `chuhan_add_move`
//! (migration 4), the moves of many games at once in one transaction (`store_moves`), and
//! its notification carries the move, so that the other servers play it without reading the
//! game again ([`Notice`]).

use super::rating::{PlayerRating, RatingChange};
use super::{
    now_secs, reasons_column, reasons_of_column, ArchiveEntry, Conflict, Loaded, Offers, Store, StoredEnd, StoredGame,
    StoredMove, StoredOffers,
};
use anyhow::{anyhow, Context, Result};
use chuhan::{BySide, Side, Variant};
use deadpool_postgres::{Manager, ManagerConfig, Pool, PoolError, RecyclingMethod, Transaction};
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;
use tokio_postgres::{NoTls, Row};

mod accounts;
mod cluster;
mod notice;
mod puzzles;
mod reviews;
mod schema;
mod talk;

pub use cluster::{lock_key, Driver, Lease, Listener};
pub use notice::{Change, Notice, CHANNEL};
#[cfg(test)]
pub(crate) use schema::MIGRATIONS;
/// The settings of a connection (host, port, user, database, ...), as [`parse_url`] reads them.
pub use tokio_postgres::Config;

/// The most connections one server opens to the database for its store (the LISTEN and lease
/// connections come on top, one each).
const POOL_SIZE: usize = 16;

/// How long a store call waits for a connection: for a free one in the pool, for a new one to
/// be made (the whole connection, startup included: a database host that accepts and then says
/// nothing does not hang the server), or for a pooled one to be checked. Past it the call fails
/// with an error, which a player sees as "the move could not be saved".
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// PostgreSQL behind a connection pool.
pub struct PgStore {
    pool: Pool,
    config: Config,
    origin: String,
    /// The way to the task that stores moves by groups ([`store_moves`]).
    moves: tokio::sync::mpsc::UnboundedSender<PendingMove>,
}

/// The most moves stored in one transaction.
const MAX_GROUP: usize = 256;

/// How many groups of moves may be under way at once (each on a connection of its own).
const GROUPS_AT_ONCE: usize = 4;

/// The statement that stores one move (see migration 4).
const ADD_MOVE: &str = "SELECT chuhan_add_move($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)";

/// A move waiting to be stored, and where the answer of `chuhan_add_move` goes.
struct PendingMove {
    id: String,
    ply: i32,
    stored: StoredMove,
    note: String,
    reply: tokio::sync::oneshot::Sender<Result<i32>>,
}

/// Stores the moves sent to it by groups, for as long as the store lives: it takes every move
/// waiting (up to [`GROUPS_AT_ONCE`] groups under way), stores them in one transaction (in the order of their games' ids, so that two
/// servers' groups lock rows in the same order and never wait for each other crosswise) and
/// answers each once that transaction is committed.
///
/// Why groups: a transaction that runs NOTIFY holds PostgreSQL's notification lock from its
/// commit until the commit is on disk, so on a durable server the moves of all games, each in
/// its own transaction, would queue for one WAL flush each. A group shares one.
async fn store_moves(pool: Pool, mut pending: tokio::sync::mpsc::UnboundedReceiver<PendingMove>) {
    let slots = Arc::new(tokio::sync::Semaphore::new(GROUPS_AT_ONCE));
    while let Some(first) = pending.recv().await {
        // Wait for a free slot first: the moves that come meanwhile join this group.
        let Ok(slot) = slots.clone().acquire_owned().await else { return };
        let mut group = vec![first];
        while group.len() < MAX_GROUP {
            match pending.try_recv() {
                Ok(p) => group.push(p),
                Err(_) => break,
            }
        }
        group.sort_by(|a, b| a.id.cmp(&b.id));
        let pool = pool.clone();
        tokio::spawn(async move {
            match commit_moves(&pool, &group).await {
                Ok(codes) => {
                    for (p, code) in group.into_iter().zip(codes) {
                        let _ = p.reply.send(Ok(code));
                    }
                }
                Err(e) => {
                    let e = format!("{e:#}");
                    for p in group {
                        let _ = p.reply.send(Err(anyhow!("{e}")));
                    }
                }
            }
            drop(slot);
        });
    }
}

/// Runs `chuhan_add_move` for each move of `group` in one transaction (the calls pipelined on
/// one connection) and commits; answers each call's result.
async fn commit_moves(pool: &Pool, group: &[PendingMove]) -> Result<Vec<i32>> {
    let mut client = pool.get().await.map_err(|e| anyhow!("cannot connect to PostgreSQL: {e}"))?;
    let tx = client.transaction().await?;
    let stmt = tx.prepare_cached(ADD_MOVE).await?;
    let calls = group.iter().map(|p| {
        let m = &p.stored;
        let (red, black) = (m.clocks_ms.first as i64, m.clocks_ms.second as i64);
        let (red_p, black_p, at) = (m.periods.first as i32, m.periods.second as i32, m.at_ms as i64);
        let stmt = &stmt;
        let tx = &tx;
        async move {
            let row = tx
                .query_one(stmt, &[&p.id, &p.ply, &m.mv, &red, &black, &red_p, &black_p, &at, &CHANNEL, &p.note])
                .await?;
            Ok::<i32, tokio_postgres::Error>(row.get(0))
        }
    });
    let codes = futures_util::future::try_join_all(calls).await?;
    tx.commit().await?;
    Ok(codes)
}

/// Reads a libpq-style URL (`postgres://user:password@host:port/db`, or a Unix socket
/// directory: `postgres://user@/db?host=/run/postgresql`) or a `key=value` string.
pub fn parse_url(url: &str) -> Result<Config> {
    // The URL may hold a password: name it by its scheme only.
    Config::from_str(url).map_err(|e| {
        anyhow!("--store: not a PostgreSQL URL ({e}); expected e.g. postgres://user@/db?host=/run/postgresql")
    })
}

impl PgStore {
    /// Connects to the database at `url`, migrates it, and keeps a pool of connections.
    /// `origin` names this server in the notifications it sends (see [`CHANNEL`]).
    pub async fn connect(url: &str, origin: &str) -> Result<PgStore> {
        let config = parse_url(url)?;
        let manager =
            Manager::from_config(config.clone(), NoTls, ManagerConfig { recycling_method: RecyclingMethod::Fast });
        let pool = Pool::builder(manager)
            .max_size(POOL_SIZE)
            .runtime(deadpool_postgres::Runtime::Tokio1)
            .wait_timeout(Some(CONNECT_TIMEOUT))
            .create_timeout(Some(CONNECT_TIMEOUT))
            .recycle_timeout(Some(CONNECT_TIMEOUT))
            .build()
            .context("cannot set up the connection pool")?;
        let (moves, pending) = tokio::sync::mpsc::unbounded_channel();
        tokio::spawn(store_moves(pool.clone(), pending));
        let store = PgStore { pool, config, origin: origin.to_string(), moves };
        store.migrate().await?;
        Ok(store)
    }

    /// Applies the migrations not applied yet (see `pg/schema.rs`).
    async fn migrate(&self) -> Result<()> {
        // A connection from the pool first: its timeouts answer for a database that accepts
        // and then says nothing. Then the runner's own connection, blocking like the runner.
        drop(self.client().await?);
        let mut config = postgres::Config::from(self.config.clone());
        config.connect_timeout(CONNECT_TIMEOUT);
        tokio::task::spawn_blocking(move || -> Result<()> {
            let client = config
                .connect(postgres::NoTls)
                .map_err(|e| anyhow::Error::new(e).context("cannot connect to PostgreSQL"))?;
            schema::migrate(client).context("cannot bring the database up to date")
        })
        .await
        .context("the migration task failed")?
    }

    /// The connection settings, for the connections that are not pooled (LISTEN, leases).
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The name of this server in notifications.
    pub fn origin(&self) -> &str {
        &self.origin
    }

    pub(crate) async fn client(&self) -> Result<deadpool_postgres::Object> {
        self.pool.get().await.map_err(|e| match e {
            // The connection's error with its cause ("No such file or directory", ...).
            PoolError::Backend(e) => anyhow::Error::new(e).context("cannot connect to PostgreSQL"),
            PoolError::Timeout(_) => anyhow!("cannot connect to PostgreSQL: no answer within {CONNECT_TIMEOUT:?}"),
            e => anyhow!("cannot connect to PostgreSQL: {e}"),
        })
    }

    /// Tells the other servers that game `id` changed, when `tx` commits.
    async fn notify(&self, tx: &Transaction<'_>, id: &str) -> Result<()> {
        let payload = Notice { id: id.to_string(), origin: self.origin.clone(), change: Change::Game }.payload();
        tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &payload]).await.context("NOTIFY")?;
        Ok(())
    }
}

/// Locks game `id`'s row and answers whether it has ended; [`Conflict::Missing`] if there is
/// no such game.
async fn lock_game(tx: &Transaction<'_>, id: &str) -> Result<Row> {
    tx.query_opt(
        "SELECT result IS NOT NULL, variant, rated, red_name, black_name, draw_offer, takeback_offer, offers_ply
         FROM games WHERE id = $1 FOR UPDATE",
        &[&id],
    )
    .await
    .with_context(|| format!("cannot read game {id}"))?
    .ok_or_else(|| Conflict::Missing { id: id.to_string() }.into())
}

/// Locks game `id`'s row and refuses ([`Conflict`]) unless the game goes on with exactly `plies`
/// moves stored; answers the row (see [`lock_game`]).
async fn check_ply(tx: &Transaction<'_>, id: &str, plies: usize) -> Result<Row> {
    let row = lock_game(tx, id).await?;
    if row.get::<_, bool>(0) {
        return Err(Conflict::Over { id: id.to_string() }.into());
    }
    let stored = stored_plies(tx, id).await?;
    if stored != plies {
        return Err(Conflict::Moved { id: id.to_string(), ply: plies, stored }.into());
    }
    Ok(row)
}

/// A side as stored (0 or 1), back.
fn side_of(v: Option<i16>) -> Option<Side> {
    v.and_then(|i| Side::BOTH.get(usize::try_from(i).ok()?).copied())
}

/// The offers in columns `at`, `at + 1` and `at + 2` of `r` (draw, takeback, plies).
fn offers_row(r: &Row, at: usize) -> StoredOffers {
    StoredOffers {
        offers: Offers { draw: side_of(r.get(at)), takeback: side_of(r.get(at + 1)) },
        plies: r.get::<_, i32>(at + 2).max(0) as usize,
    }
}

/// Stores the offers of game `id`.
async fn write_offers(tx: &Transaction<'_>, id: &str, o: &StoredOffers) -> Result<()> {
    let side = |s: Option<Side>| s.map(|s| s.index() as i16);
    tx.execute(
        "UPDATE games SET draw_offer = $2, takeback_offer = $3, offers_ply = $4 WHERE id = $1",
        &[&id, &side(o.offers.draw), &side(o.offers.takeback), &(o.plies as i32)],
    )
    .await
    .with_context(|| format!("cannot store the offers of game {id}"))?;
    Ok(())
}

async fn stored_plies(tx: &Transaction<'_>, id: &str) -> Result<usize> {
    let n: i64 = tx.query_one("SELECT COUNT(*) FROM moves WHERE game_id = $1", &[&id]).await?.get(0);
    Ok(n.max(0) as usize)
}

fn to_u64(v: i64) -> u64 {
    v.max(0) as u64
}

fn to_u32(v: i32) -> u32 {
    v.max(0) as u32
}

fn player_row(r: &Row) -> PlayerRating {
    PlayerRating {
        name: r.get("name"),
        rating: r.get("rating"),
        games: to_u32(r.get("games")),
        wins: to_u32(r.get("wins")),
        draws: to_u32(r.get("draws")),
        losses: to_u32(r.get("losses")),
    }
}

/// Inserts a new game's row.
pub(crate) async fn insert_game(tx: &Transaction<'_>, g: &StoredGame) -> Result<()> {
    tx.execute(
        "INSERT INTO games (id, variant, mode, level, start_fen, red_token, black_token, base_ms,
             increment_ms, periods, period_ms, created, per_move_ms, overruns, red_name, black_name, rated,
             engine, red_account, black_account)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)",
        &[
            &g.id,
            &g.variant,
            &g.mode,
            &(g.level as i32),
            &g.start_fen,
            &g.tokens.first,
            &g.tokens.second,
            &(g.base_ms as i64),
            &(g.increment_ms as i64),
            &(g.periods as i32),
            &(g.period_ms as i64),
            &(g.created as i64),
            &(g.per_move_ms as i64),
            &(g.overruns as i32),
            &g.names.first,
            &g.names.second,
            &g.rated,
            &g.engine,
            &g.accounts.first,
            &g.accounts.second,
        ],
    )
    .await
    .with_context(|| format!("cannot store new game {}", g.id))?;
    Ok(())
}

#[async_trait::async_trait]
impl Store for PgStore {
    async fn create(&self, g: &StoredGame) -> Result<()> {
        let mut client = self.client().await?;
        let tx = client.transaction().await?;
        insert_game(&tx, g).await?;
        tx.commit().await.with_context(|| format!("cannot store new game {}", g.id))?;
        Ok(())
    }

    async fn set_token(&self, id: &str, side: Side, token: &str, name: Option<&str>) -> Result<()> {
        let sql = if side == Side::First {
            "UPDATE games SET red_token = $2, red_name = $3 WHERE id = $1"
        } else {
            "UPDATE games SET black_token = $2, black_name = $3 WHERE id = $1"
        };
        let mut client = self.client().await?;
        let tx = client.transaction().await?;
        tx.execute(sql, &[&id, &token, &name]).await.with_context(|| format!("cannot store the seat of game {id}"))?;
        self.notify(&tx, id).await?;
        tx.commit().await.with_context(|| format!("cannot store the seat of game {id}"))?;
        Ok(())
    }

    async fn set_start(&self, id: &str, fen: &str) -> Result<()> {
        let mut client = self.client().await?;
        let tx = client.transaction().await?;
        tx.execute("UPDATE games SET start_fen = $2 WHERE id = $1", &[&id, &fen])
            .await
            .with_context(|| format!("cannot store the start position of game {id}"))?;
        self.notify(&tx, id).await?;
        tx.commit().await.with_context(|| format!("cannot store the start position of game {id}"))?;
        Ok(())
    }

    async fn add_move(&self, id: &str, ply: usize, m: &StoredMove) -> Result<()> {
        let what = || format!("cannot store move {} ({}) of game {id}", ply + 1, m.mv);
        let note =
            Notice { id: id.to_string(), origin: self.origin.clone(), change: Change::Move { ply, stored: m.clone() } }
                .payload();
        let ply_i = i32::try_from(ply).with_context(what)?;
        let (reply, answer) = tokio::sync::oneshot::channel();
        let pending = PendingMove { id: id.to_string(), ply: ply_i, stored: m.clone(), note, reply };
        self.moves.send(pending).map_err(|_| anyhow!("the task that stores moves has stopped")).with_context(what)?;
        let stored =
            answer.await.map_err(|_| anyhow!("the task that stores moves has stopped")).with_context(what)??;
        match stored {
            -1 => Err(Conflict::Missing { id: id.to_string() }.into()),
            -2 => Err(Conflict::Over { id: id.to_string() }.into()),
            n if n == ply_i => Ok(()),
            n => Err(Conflict::Moved { id: id.to_string(), ply, stored: n.max(0) as usize }.into()),
        }
    }

    async fn truncate(&self, id: &str, plies: usize, keep: usize) -> Result<()> {
        let mut client = self.client().await?;
        let tx = client.transaction().await?;
        check_ply(&tx, id, plies).await?;
        tx.execute("DELETE FROM moves WHERE game_id = $1 AND ply >= $2", &[&id, &(keep as i32)])
            .await
            .with_context(|| format!("cannot take back moves of game {id}"))?;
        write_offers(&tx, id, &StoredOffers { offers: Offers::default(), plies: keep }).await?;
        self.notify(&tx, id).await?;
        tx.commit().await.with_context(|| format!("cannot take back moves of game {id}"))?;
        Ok(())
    }

    async fn set_offers(&self, id: &str, plies: usize, seen: Offers, offers: Offers) -> Result<()> {
        let mut client = self.client().await?;
        let tx = client.transaction().await?;
        let row = check_ply(&tx, id, plies).await?;
        if offers_row(&row, 5).plies == plies && offers_row(&row, 5).offers != seen {
            return Err(Conflict::Offers { id: id.to_string() }.into());
        }
        write_offers(&tx, id, &StoredOffers { offers, plies }).await?;
        self.notify(&tx, id).await?;
        tx.commit().await.with_context(|| format!("cannot store the offers of game {id}"))?;
        Ok(())
    }

    async fn finish(&self, id: &str, plies: usize, end: &StoredEnd) -> Result<Option<RatingChange>> {
        let mut client = self.client().await?;
        let tx = client.transaction().await?;
        let row = lock_game(&tx, id).await?;
        if row.get::<_, bool>(0) {
            return Ok(None);
        }
        let stored = stored_plies(&tx, id).await?;
        if stored > plies {
            return Err(Conflict::Moved { id: id.to_string(), ply: plies, stored }.into());
        }
        let now = now_secs();
        tx.execute(
            "UPDATE games SET result = $2, reason = $3, finished = $4, opening = $5, reasons = $6 WHERE id = $1",
            &[&id, &end.result, &end.reason, &(now as i64), &end.opening, &reasons_column(&end.reasons)],
        )
        .await
        .with_context(|| format!("cannot store the end of game {id}"))?;
        let change = accounts::rate_accounts(&tx, id, plies, &end.result, now).await?;
        if let Some(c) = change {
            tx.execute(
                "UPDATE games SET red_elo_before = $2, black_elo_before = $3, red_elo_after = $4,
                 black_elo_after = $5 WHERE id = $1",
                &[&id, &c.before.first, &c.before.second, &c.after.first, &c.after.second],
            )
            .await?;
        }
        self.notify(&tx, id).await?;
        tx.commit().await.with_context(|| format!("cannot store the end of game {id}"))?;
        Ok(change)
    }

    async fn rating(&self, variant: Variant, name: &str) -> Result<Option<PlayerRating>> {
        let client = self.client().await?;
        let row = client
            .query_opt(
                "SELECT name, rating, games, wins, draws, losses FROM ratings WHERE variant = $1 AND name_key = $2",
                &[&variant.name(), &name.to_lowercase()],
            )
            .await
            .with_context(|| format!("cannot read the {} rating of {name:?}", variant.name()))?;
        Ok(row.as_ref().map(player_row))
    }

    async fn ratings(&self, variant: Variant, limit: usize) -> Result<Vec<PlayerRating>> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT name, rating, games, wins, draws, losses FROM ratings WHERE variant = $1
                 ORDER BY rating DESC, name LIMIT $2",
                &[&variant.name(), &(limit as i64)],
            )
            .await
            .context("cannot read the ratings")?;
        Ok(rows.iter().map(player_row).collect())
    }

    async fn load(&self, id: &str) -> Result<Option<Loaded>> {
        let client = self.client().await?;
        let Some(r) = client
            .query_opt(
                "SELECT id, variant, mode, level, start_fen, red_token, black_token, base_ms, increment_ms, created,
                 result, reason, periods, period_ms, per_move_ms, overruns, red_name, black_name, rated,
                 red_elo_before, black_elo_before, red_elo_after, black_elo_after, engine, draw_offer, takeback_offer,
                 offers_ply, opening, red_account, black_account, reasons FROM games WHERE id = $1",
                &[&id],
            )
            .await
            .with_context(|| format!("cannot read game {id}"))?
        else {
            return Ok(None);
        };
        let game = StoredGame {
            id: r.get(0),
            variant: r.get(1),
            mode: r.get(2),
            level: to_u32(r.get(3)),
            start_fen: r.get(4),
            tokens: BySide::new(r.get(5), r.get(6)),
            base_ms: to_u64(r.get(7)),
            increment_ms: to_u64(r.get(8)),
            created: to_u64(r.get(9)),
            periods: to_u32(r.get(12)),
            period_ms: to_u64(r.get(13)),
            per_move_ms: to_u64(r.get(14)),
            overruns: to_u32(r.get(15)),
            names: BySide::new(r.get(16), r.get(17)),
            rated: r.get(18),
            engine: r.get(23),
            accounts: BySide::new(r.get(28), r.get(29)),
        };
        let result: Option<String> = r.get(10);
        let reason: Option<String> = r.get(11);
        let elo: [Option<f64>; 4] = [r.get(19), r.get(20), r.get(21), r.get(22)];
        let rating = RatingChange::from_columns(elo);
        let opening: Option<String> = r.get(27);
        let reasons = reasons_of_column(r.get(30));
        let end =
            result.map(|result| StoredEnd { result, reason: reason.unwrap_or_default(), reasons, rating, opening });
        let moves = client
            .query(
                "SELECT mv, red_ms, black_ms, red_periods, black_periods, at_ms FROM moves WHERE game_id = $1 ORDER BY ply",
                &[&id],
            )
            .await
            .with_context(|| format!("cannot read the moves of game {id}"))?
            .iter()
            .map(|r| StoredMove {
                mv: r.get(0),
                clocks_ms: BySide::new(to_u64(r.get(1)), to_u64(r.get(2))),
                periods: BySide::new(to_u32(r.get(3)), to_u32(r.get(4))),
                at_ms: to_u64(r.get(5)),
            })
            .collect();
        Ok(Some((game, moves, end, offers_row(&r, 24))))
    }

    async fn unfinished(&self) -> Result<Vec<String>> {
        let client = self.client().await?;
        let rows = client.query("SELECT id FROM games WHERE result IS NULL", &[]).await.context("cannot list games")?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    async fn archive(&self, limit: usize) -> Result<Vec<ArchiveEntry>> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT g.id, g.variant, g.mode, g.created, g.result, g.reason,
                 (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id), g.red_name, g.black_name, g.reasons
                 FROM games g WHERE g.result IS NOT NULL ORDER BY g.finished DESC LIMIT $1",
                &[&(limit as i64)],
            )
            .await
            .context("cannot read the archive")?;
        Ok(rows
            .iter()
            .map(|r| ArchiveEntry {
                id: r.get(0),
                variant: r.get(1),
                mode: r.get(2),
                created: to_u64(r.get(3)),
                end: StoredEnd {
                    result: r.get(4),
                    reason: r.get::<_, Option<String>>(5).unwrap_or_default(),
                    reasons: reasons_of_column(r.get(9)),
                    rating: None,
                    opening: None,
                },
                plies: to_u64(r.get(6)),
                names: BySide::new(r.get(7), r.get(8)),
            })
            .collect())
    }
}

/// Creates an empty database `name` (letters, digits and `_`) on the server of `url` and
/// answers a connection string for it (libpq's `key=value` form), for tests and benchmarks
/// that want a database of their own.
pub async fn create_database(url: &str, name: &str) -> Result<String> {
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return Err(anyhow!("database name {name:?}: only letters, digits and _"));
    }
    let config = parse_url(url)?;
    let (client, connection) = config.connect(NoTls).await.context("cannot connect to PostgreSQL")?;
    let task = tokio::spawn(connection);
    client.batch_execute(&format!("CREATE DATABASE {name}")).await.with_context(|| format!("cannot create {name}"))?;
    drop(client);
    let _ = task.await;
    let quote = |v: &str| format!("'{}'", v.replace('\\', "\\\\").replace('\'', "\\'"));
    let mut parts = Vec::new();
    for host in config.get_hosts() {
        match host {
            tokio_postgres::config::Host::Tcp(h) => parts.push(format!("host={}", quote(h))),
            tokio_postgres::config::Host::Unix(p) => parts.push(format!("host={}", quote(&p.to_string_lossy()))),
        }
    }
    if let Some(port) = config.get_ports().first() {
        parts.push(format!("port={port}"));
    }
    if let Some(user) = config.get_user() {
        parts.push(format!("user={}", quote(user)));
    }
    if let Some(password) = config.get_password() {
        parts.push(format!("password={}", quote(&String::from_utf8_lossy(password))));
    }
    parts.push(format!("dbname={name}"));
    Ok(parts.join(" "))
}
