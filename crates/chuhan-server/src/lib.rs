#![doc = include_str!("../README.md")]

mod actions;
mod analysis;
mod cluster;
mod engines;
mod error;
mod gamedb;
mod games;
mod hosts;
mod ids;
mod limit;
mod listen;
mod live;
mod pages;
mod params;
mod peers;
mod pgn_tags;
mod position;
pub mod rating;
mod read_move;
mod records;
mod room;
mod routes;
mod seeks;
mod shown;
mod state;
pub mod store;
pub mod tree;
mod turns;
mod wire;
mod ws;

pub use limit::ConnectionLimits;
pub use limit::Limits;
use state::AppState;
pub use state::Tools;
pub use ws::subprotocols;

use anyhow::{Context, Result};
use cluster::Cluster;
pub use ids::random_hex;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use store::{PgStore, SqliteStore};

/// Where `chuhan serve` keeps its games.
#[derive(Clone, Debug)]
pub enum Database {
    /// SQLite in this directory (`games.sqlite3`): one server.
    Sqlite(PathBuf),
    /// PostgreSQL at this URL (`postgres://user@host/db`, or with a Unix socket directory:
    /// `postgres://user@/db?host=/run/postgresql`): several servers can share it.
    Postgres(String),
}

impl std::fmt::Display for Database {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Database::Sqlite(dir) => write!(f, "SQLite in {}", dir.display()),
            // The URL may hold a password.
            Database::Postgres(_) => write!(f, "PostgreSQL"),
        }
    }
}

/// A `chuhan serve` server, configured and not yet listening: where its games are kept, its
/// limits, and the tools it offers besides games.
///
/// ```no_run
/// # fn main() -> anyhow::Result<()> {
/// use chuhan_server::{Database, Limits, Server};
/// Server::new(Database::Sqlite("chuhan-data".into())).limits(Limits::default()).run("127.0.0.1:8080")
/// # }
/// ```
pub struct Server {
    database: Database,
    limits: Limits,
    tools: Tools,
}

impl Server {
    /// A server keeping its games in `database`, with the default limits and no other engine
    /// or game database.
    pub fn new(database: Database) -> Server {
        Server { database, limits: Limits::default(), tools: Tools::default() }
    }

    /// The limits on what clients may ask of it (rates, connections, searches, game lengths).
    pub fn limits(mut self, limits: Limits) -> Server {
        self.limits = limits;
        self
    }

    /// Other engines, a game database and the host names it answers to.
    pub fn tools(mut self, tools: Tools) -> Server {
        self.tools = tools;
        self
    }

    /// Opens the store, brings back its unfinished games, binds `addr` (port 0 picks a free
    /// one) and serves in a task of the current Tokio runtime. Answers the bound address and
    /// the task, which ends only if serving fails.
    pub async fn start(self, addr: &str) -> Result<(SocketAddr, tokio::task::JoinHandle<Result<()>>)> {
        let limits = self.limits;
        let state = self.open().await?;
        let listener = tokio::net::TcpListener::bind(addr).await.with_context(|| format!("cannot listen on {addr}"))?;
        let local = listener.local_addr()?;
        // The accept loop counts and times connections, and gives each request its peer's
        // address (what the rate limits key on).
        let app = routes::router(state);
        let task =
            tokio::spawn(async move { listen::serve(listener, app, limits.connections).await.context("serving") });
        Ok((local, task))
    }

    /// [`Server::start`] on a Tokio runtime of its own, serving until the process ends.
    pub fn run(self, addr: &str) -> Result<()> {
        let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().context("cannot start Tokio")?;
        runtime.block_on(async {
            let database = self.database.to_string();
            let (local, server) = self.start(addr).await?;
            println!("chuhan serve: http://{local}/ (games in {database})");
            server.await.context("the server stopped")?
        })
    }

    /// The state every request shares, over the opened store, its unfinished games back.
    async fn open(self) -> Result<Arc<AppState>> {
        match self.database {
            Database::Sqlite(dir) => {
                let store = tokio::task::spawn_blocking(move || SqliteStore::open(&dir)).await??;
                let state = AppState::new(Arc::new(store), self.limits, None, self.tools).await?;
                state.restore().await?;
                Ok(state)
            }
            Database::Postgres(url) => {
                let store = PgStore::connect(&url, &random_hex(4)?).await?;
                let cluster = Arc::new(Cluster::new(store.origin(), store.config().clone()));
                let state = AppState::new(Arc::new(store), self.limits, Some(cluster.clone()), self.tools).await?;
                // The sweep claims the unfinished games that no other server runs.
                peers::start(&state, cluster);
                Ok(state)
            }
        }
    }
}
