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
//!
//! The connections and their SQL are the store's ([`Lease`], [`Listener`]); which games this
//! server owns is kept here.

use crate::store::pg::{Config, Lease, Listener};
use anyhow::{Context, Result};
use std::collections::HashSet;
use std::sync::Mutex;
use std::time::Duration;

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
    lease: tokio::sync::Mutex<Option<Lease>>,
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
            let (client, connection) = Lease::connect(&self.config).await.context("lease connection")?;
            tokio::spawn(async move {
                if let Err(e) = connection.await {
                    eprintln!("chuhan serve: the lease connection to PostgreSQL ended: {e}");
                }
            });
            *lease = Some(client);
        }
        let Some(client) = lease.as_ref() else { return Ok(false) };
        let got = client.try_lock(id).await?;
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
            client.unlock(id).await?;
        }
        Ok(())
    }

    /// A connection of its own to the database that listens for the others' changes (see
    /// [`crate::peers`]).
    pub(crate) async fn listen(&self) -> Result<Listener> {
        Listener::connect(&self.config).await
    }

    /// Whether the lease connection is down (so nothing is owned).
    pub(crate) async fn lease_lost(&self) -> bool {
        self.lease.lock().await.as_ref().is_none_or(|c| c.is_closed())
    }
}
