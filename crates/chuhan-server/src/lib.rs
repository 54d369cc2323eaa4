#![doc = include_str!("../README.md")]

pub mod actions;
pub mod analysis;
pub mod cluster;
pub mod engines;
pub mod error;
pub mod gamedb;
pub mod games;
pub mod hosts;
pub mod limit;
pub mod listen;
pub mod pages;
pub mod params;
pub mod pgn_tags;
pub mod position;
pub mod rating;
pub mod read_move;
pub mod records;
pub mod room;
pub mod routes;
pub mod seeks;
pub mod state;
pub mod store;
pub mod tree;
pub mod turns;
pub mod ws;

pub use error::ApiError;
pub use limit::ConnectionLimits;
pub use limit::Limits;
pub use routes::router;
pub use state::{AppState, Tools};

use anyhow::{Context, Result};
use std::net::SocketAddr;
use std::path::Path;

/// Where `chuhan serve` keeps its live games (`--store`): a SQLite file (one server) or a
/// PostgreSQL database, which several servers can share. The one reading of a store's flag,
/// shared with the game database (`--games-db`) and `chuhan db`.
pub use chuhan_db::Target;

/// The live games' store in a data directory, the way `chuhan serve --data DIR` gave it before
/// `--store` (and [`start`]'s `data` still does): the SQLite file
/// [`store::sqlite::DATA_FILE`] in `dir`, so that a deployment finds its games where they are.
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

/// Binds `addr`, opens the database and serves until the process ends.
pub fn run(addr: &str, database: &Target, limits: Limits) -> Result<()> {
    run_with_tools(addr, database, limits, Tools::default())
}

/// [`run`] with other engines and a game database.
pub fn run_with_tools(addr: &str, database: &Target, limits: Limits, tools: Tools) -> Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().context("cannot start Tokio")?;
    runtime.block_on(async {
        let (local, server) = start_on_with_tools(addr, database, limits, tools).await?;
        println!("chuhan serve: http://{local}/ (games in {})", describe(database));
        server.await.context("the server stopped")?
    })
}

/// Binds `addr` and serves the games in directory `data` (SQLite) in a task with the default
/// rate limits; returns the bound address (useful with port 0) and the task.
pub async fn start(addr: &str, data: &Path) -> Result<(SocketAddr, tokio::task::JoinHandle<Result<()>>)> {
    start_with(addr, data, Limits::default()).await
}

/// [`start`] with the given rate limits.
pub async fn start_with(
    addr: &str,
    data: &Path,
    limits: Limits,
) -> Result<(SocketAddr, tokio::task::JoinHandle<Result<()>>)> {
    start_on(addr, &data_dir_store(data), limits).await
}

/// [`start_with`] with other engines and a game database.
pub async fn start_with_tools(
    addr: &str,
    data: &Path,
    limits: Limits,
    tools: Tools,
) -> Result<(SocketAddr, tokio::task::JoinHandle<Result<()>>)> {
    start_on_with_tools(addr, &data_dir_store(data), limits, tools).await
}

/// [`start`] on any database.
pub async fn start_on(
    addr: &str,
    database: &Target,
    limits: Limits,
) -> Result<(SocketAddr, tokio::task::JoinHandle<Result<()>>)> {
    start_on_with_tools(addr, database, limits, Tools::default()).await
}

/// [`start_on`] with other engines and a game database.
pub async fn start_on_with_tools(
    addr: &str,
    database: &Target,
    limits: Limits,
    tools: Tools,
) -> Result<(SocketAddr, tokio::task::JoinHandle<Result<()>>)> {
    let state = AppState::open_database(database, limits, tools).await?;
    let listener = tokio::net::TcpListener::bind(addr).await.with_context(|| format!("cannot listen on {addr}"))?;
    let local = listener.local_addr()?;
    // The accept loop counts and times connections, and gives each request its peer's
    // address (what the rate limits key on).
    let app = router(state);
    let task = tokio::spawn(async move { listen::serve(listener, app, limits.connections).await.context("serving") });
    Ok((local, task))
}
