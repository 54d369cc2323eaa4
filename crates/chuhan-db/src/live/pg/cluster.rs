//! The connections that let several servers share one PostgreSQL database, beside the store's
//! pool: a [`Listener`] hears the other servers' changes (`LISTEN`), a [`Lease`] holds the
//! advisory locks by which exactly one server runs each live game's clock and engine
//! (`pg_try_advisory_lock`, session level: PostgreSQL releases them when the connection ends,
//! so another server can take a dead one's games over). Which games a server owns, and what it
//! does when it hears of a change, is the server's business; the SQL is here.

use super::notice::{Notice, CHANNEL};
use super::CONNECT_TIMEOUT;
use anyhow::{anyhow, Context, Result};
use futures_util::StreamExt;
use std::future::Future;
use std::pin::Pin;
use tokio_postgres::tls::NoTlsStream;
use tokio_postgres::{AsyncMessage, Client, Config, Connection, NoTls, Socket};

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

/// The work of a connection (its messages to and from the database): spawn it, and it ends,
/// with the connection's error if any, when the connection does.
pub type Driver = Pin<Box<dyn Future<Output = Result<()>> + Send>>;

/// The connection that holds a server's game locks.
pub struct Lease {
    client: Client,
}

impl Lease {
    /// Connects (within [`CONNECT_TIMEOUT`]); the caller spawns the [`Driver`]. A new lease
    /// holds no lock.
    pub async fn connect(config: &Config) -> Result<(Lease, Driver)> {
        let (client, connection) = connect(config).await?;
        Ok((Lease { client }, Box::pin(async move { Ok(connection.await?) })))
    }

    /// Whether the connection has ended (and with it every lock it held).
    pub fn is_closed(&self) -> bool {
        self.client.is_closed()
    }

    /// Tries to take game `id`'s lock; answers whether it is held now.
    pub async fn try_lock(&self, id: &str) -> Result<bool> {
        let row = self.client.query_one("SELECT pg_try_advisory_lock($1)", &[&lock_key(id)]).await;
        Ok(row.context("advisory lock")?.get(0))
    }

    /// Gives up game `id`'s lock.
    pub async fn unlock(&self, id: &str) -> Result<()> {
        self.client.query_one("SELECT pg_advisory_unlock($1)", &[&lock_key(id)]).await.context("advisory unlock")?;
        Ok(())
    }
}

/// A connection that `LISTEN`s on [`CHANNEL`]: the other servers' changes, as they commit.
pub struct Listener {
    /// Kept for as long as it listens.
    _client: Client,
    notices: tokio::sync::mpsc::UnboundedReceiver<Result<String, String>>,
    driver: tokio::task::JoinHandle<()>,
}

impl Listener {
    /// Connects (within [`CONNECT_TIMEOUT`]) and listens. Notifications sent before are not
    /// heard: a caller reconnecting reads again whatever it holds.
    pub async fn connect(config: &Config) -> Result<Listener> {
        let (client, mut connection) = connect(config).await?;
        let (tx, notices) = tokio::sync::mpsc::unbounded_channel();
        let driver = tokio::spawn(async move {
            let mut messages = futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
            while let Some(m) = messages.next().await {
                let sent = match m {
                    Ok(AsyncMessage::Notification(n)) => tx.send(Ok(n.payload().to_string())),
                    Ok(_) => Ok(()),
                    Err(e) => {
                        let _ = tx.send(Err(e.to_string()));
                        return;
                    }
                };
                if sent.is_err() {
                    return;
                }
            }
        });
        let listener = Listener { _client: client, notices, driver };
        listener._client.batch_execute(&format!("LISTEN {CHANNEL}")).await.context("LISTEN")?;
        Ok(listener)
    }

    /// The next notification; `Ok(None)` once the connection has ended, its error if it broke.
    pub async fn next(&mut self) -> Result<Option<Notice>> {
        match self.notices.recv().await {
            Some(Ok(payload)) => Ok(Some(Notice::parse(&payload))),
            Some(Err(e)) => Err(anyhow!("{e}")),
            None => Ok(None),
        }
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        self.driver.abort();
    }
}
