//! Several `chuhan serve` processes on one PostgreSQL database: hearing each other's changes,
//! and exactly one of them running each live game's clock and engine.
//!
//! - **Changes**: the store runs `NOTIFY chuhan_games, '<game> <server>'` in the transaction of
//!   every change to a game ([`crate::store::pg`]). Each server keeps one connection that
//!   `LISTEN`s; for a game it holds in memory and another server changed, it plays the move
//!   the notification carries, or reads the room again from the store for any other change
//!   (`AppState::heard`), and wakes its WebSocket connections.
//!   After a lost connection, it reconnects and reloads every room it holds (notifications sent
//!   meanwhile are lost).
//! - **Ownership**: a live game's flag timer and engine run only on the server that holds the
//!   game's advisory lock (`pg_try_advisory_lock`, session level, on one connection per server,
//!   [`Cluster`]). Every [`SWEEP`] each server tries to take the locks of the unfinished games
//!   nobody holds; PostgreSQL releases a server's locks when its connection ends, so when a
//!   server dies (even `kill -9`), another takes its games over at its next sweep and restarts
//!   their clocks from the stored moves, charging the time since the last move. A server that
//!   loses its lock connection stops its timers (it no longer owns anything) until it has
//!   reconnected and claimed games again.
//!
//! Moves themselves need no owner: any server may store one, and the key `(game_id, ply)`
//! (with the checks of [`crate::store::Store::add_move`]) lets only the first store ply N.

use crate::store::pg::CONNECT_TIMEOUT;
use anyhow::{anyhow, Context, Result};
use std::collections::HashSet;
use std::sync::Mutex;
use std::time::Duration;
use tokio_postgres::tls::NoTlsStream;
use tokio_postgres::{Client, Config, Connection, NoTls, Socket};

/// How often a server looks for games without an owner (and so how soon a dead server's games
/// are taken over).
pub const SWEEP: Duration = Duration::from_secs(1);

/// This server's part in a cluster: its name, and the games whose lock it holds.
pub struct Cluster {
    /// This server's name in notifications (random, new at each start).
    pub origin: String,
    config: Config,
    owned: Mutex<HashSet<String>>,
    /// The connection that holds the advisory locks; `None` until connected.
    lease: tokio::sync::Mutex<Option<Client>>,
}

/// A connection of its own to the database (not pooled), given up after
/// [`CONNECT_TIMEOUT`] like the pool's.
async fn connect(config: &Config) -> Result<(Client, Connection<Socket, NoTlsStream>)> {
    match tokio::time::timeout(CONNECT_TIMEOUT, config.connect(NoTls)).await {
        Ok(connected) => connected.context("cannot connect"),
        Err(_) => Err(anyhow!("cannot connect: no answer within {CONNECT_TIMEOUT:?}")),
    }
}

/// The advisory lock key of game `id` (FNV-1a of the id, under a prefix of our own).
pub fn lock_key(id: &str) -> i64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in b"chuhan game ".iter().chain(id.as_bytes()) {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h as i64
}

impl Cluster {
    /// A cluster member named `origin`, connecting with `config`.
    pub fn new(origin: &str, config: Config) -> Cluster {
        Cluster {
            origin: origin.to_string(),
            config,
            owned: Mutex::new(HashSet::new()),
            lease: tokio::sync::Mutex::new(None),
        }
    }

    pub(crate) fn owned(&self) -> std::sync::MutexGuard<'_, HashSet<String>> {
        self.owned.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether this server runs game `id`'s clock and engine.
    pub fn owns(&self, id: &str) -> bool {
        self.owned().contains(id)
    }

    /// Tries to take game `id`'s lock; answers whether this server owns it now.
    pub async fn claim(&self, id: &str) -> Result<bool> {
        if self.owns(id) {
            return Ok(true);
        }
        let mut lease = self.lease.lock().await;
        if lease.as_ref().is_none_or(|c| c.is_closed()) {
            // A new connection holds no lock: whatever this server owned is lost.
            self.owned().clear();
            let (client, connection) = connect(&self.config).await.context("lease connection")?;
            tokio::spawn(async move {
                if let Err(e) = connection.await {
                    eprintln!("chuhan serve: the lease connection to PostgreSQL ended: {e}");
                }
            });
            *lease = Some(client);
        }
        let Some(client) = lease.as_ref() else { return Ok(false) };
        let got: bool = client
            .query_one("SELECT pg_try_advisory_lock($1)", &[&lock_key(id)])
            .await
            .context("advisory lock")?
            .get(0);
        if got {
            self.owned().insert(id.to_string());
        }
        Ok(got)
    }

    /// Gives up game `id` (it has ended).
    pub async fn release(&self, id: &str) -> Result<()> {
        if !self.owned().remove(id) {
            return Ok(());
        }
        let lease = self.lease.lock().await;
        if let Some(client) = lease.as_ref() {
            client.query_one("SELECT pg_advisory_unlock($1)", &[&lock_key(id)]).await.context("advisory unlock")?;
        }
        Ok(())
    }

    /// A connection of its own to the database, for LISTEN (see [`crate::peers`]).
    pub(crate) async fn connect(&self) -> Result<(Client, Connection<Socket, NoTlsStream>)> {
        connect(&self.config).await
    }

    /// Whether the lease connection is down (so nothing is owned).
    pub(crate) async fn lease_lost(&self) -> bool {
        self.lease.lock().await.as_ref().is_none_or(|c| c.is_closed())
    }
}
