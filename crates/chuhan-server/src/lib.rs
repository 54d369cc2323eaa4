#![doc = include_str!("../README.md")]

mod account;
mod account_http;
mod actions;
mod analysis;
mod cluster;
mod cookies;
mod engines;
mod error;
mod gamedb;
mod games;
mod hosts;
mod ids;
mod lang;
mod limit;
mod listen;
mod live;
mod origin;
mod pages;
mod params;
mod peers;
mod pgn_tags;
mod players;
mod position;
mod puzzles;
mod puzzles_http;
pub mod rating;
mod read_move;
mod records;
mod review;
mod reviewer;
mod room;
mod routes;
mod seeks;
mod shown;
mod state;
mod talk;
/// Where the live games are kept: the store of the game database crate ([`chuhan_db::live`]),
/// under the name the server has always given it.
pub use chuhan_db::live as store;
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
use std::path::Path;
use std::sync::Arc;
use store::{PgStore, SqliteStore};

/// Where `chuhan serve` keeps its live games (`--store`): a SQLite file (one server) or a
/// PostgreSQL database, which several servers can share. The one reading of a store's flag,
/// shared with the game database (`--games-db`) and `chuhan db`.
pub use chuhan_db::Target;

/// The live games' store in a data directory, the way `chuhan serve --data DIR` gave it before
/// `--store`: the SQLite file [`store::sqlite::DATA_FILE`] in `dir`, so that a deployment
/// finds its games where they are.
pub fn data_dir_store(dir: &Path) -> Target {
    Target::Sqlite(dir.join(store::sqlite::DATA_FILE))
}

/// How the first line names the store. Only the kind for PostgreSQL: the line goes to logs.
fn describe(store: &Target) -> String {
    match store {
        Target::Sqlite(file) => format!("SQLite {}", file.display()),
        Target::Postgres(_) => "PostgreSQL".to_string(),
    }
}

/// A `chuhan serve` server, configured and not yet listening: where its games are kept, its
/// limits, and the tools it offers besides games.
///
/// ```no_run
/// # fn main() -> anyhow::Result<()> {
/// use chuhan_server::{Limits, Server};
/// Server::new("chuhan-data/games.sqlite3".parse()?).limits(Limits::default()).run("127.0.0.1:8080")
/// # }
/// ```
pub struct Server {
    store: Target,
    limits: Limits,
    tools: Tools,
}

impl Server {
    /// A server keeping its games in `store`, with the default limits and no other engine
    /// or game database.
    pub fn new(store: Target) -> Server {
        Server { store, limits: Limits::default(), tools: Tools::default() }
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
            let store = describe(&self.store);
            let (local, server) = self.start(addr).await?;
            println!("chuhan serve: http://{local}/ (games in {store})");
            server.await.context("the server stopped")?
        })
    }

    /// The state every request shares, over the opened store, its unfinished games back.
    async fn open(self) -> Result<Arc<AppState>> {
        match self.store {
            Target::Sqlite(file) => {
                let store = tokio::task::spawn_blocking(move || SqliteStore::open_file(&file)).await??;
                let state = AppState::new(Arc::new(store), self.limits, None, self.tools).await?;
                state.restore().await?;
                review::start(&state);
                Ok(state)
            }
            Target::Postgres(url) => {
                let store = PgStore::connect(&url, &random_hex(4)?).await?;
                let cluster = Arc::new(Cluster::new(store.origin(), store.config().clone()));
                let state = AppState::new(Arc::new(store), self.limits, Some(cluster.clone()), self.tools).await?;
                // The sweep claims the unfinished games that no other server runs.
                peers::start(&state, cluster);
                review::start(&state);
                Ok(state)
            }
        }
    }
}
