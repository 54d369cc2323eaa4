//! `chuhan serve`: the web app of crate `chuhan-server`.

use anyhow::{Context, Result};
use chuhan::Variant;
use chuhan_engine::external::{Engine, EngineSpec};
use clap::Args;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Args)]
pub struct ServeArgs {
    /// The address to listen on; use 0.0.0.0:8080 to be reachable from other machines.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: String,
    /// The directory of the SQLite database of games (the default store: one server).
    #[arg(long, default_value = "chuhan-data")]
    data: PathBuf,
    /// Keep the games in PostgreSQL instead of SQLite, so that several servers can share them:
    /// a libpq URL such as postgres://user:password@host/db, or with a Unix socket directory,
    /// postgres://user@/db?host=/run/postgresql. Overrides --data.
    #[arg(long, value_name = "URL")]
    database: Option<String>,
    /// HTTP requests a client address may make a minute (0 = no limit; behind a reverse
    /// proxy every request has the proxy's address, so limit there instead).
    #[arg(long, default_value_t = chuhan_server::Limits::default().requests_per_minute)]
    rate_limit: u32,
    /// Games a client address may create a minute (0 = no limit).
    #[arg(long, default_value_t = chuhan_server::Limits::default().games_per_minute)]
    game_limit: u32,
    /// Another engine for the analysis board, beside chuhan's own (repeatable):
    /// `cmd=PATH[,proto=uci|ucci][,name=N][,arg=A][,option.NAME=VALUE]...`, as in `chuhan
    /// match`. Each is started once here to check it, then on first use, and kept running.
    #[arg(long = "engine", value_name = "SPEC")]
    engines: Vec<String>,
    /// A game database (`chuhan db import` makes one; created empty if absent): a SQLite file,
    /// or a PostgreSQL URL (`postgres://user@host/db`, the database itself existing) where the
    /// tables are made if missing. The analysis board's explorer and the database page
    /// (/database).
    #[arg(long, value_name = "FILE|URL")]
    games_db: Option<String>,
    /// Let anyone who reaches the server import collections into --games-db from the database
    /// page (8 MiB an upload).
    #[arg(long, requires = "games_db")]
    games_db_uploads: bool,
}

pub fn serve(args: ServeArgs) -> Result<()> {
    let limits = chuhan_server::Limits { requests_per_minute: args.rate_limit, games_per_minute: args.game_limit };
    let mut tools =
        chuhan_server::Tools { games_db: args.games_db, games_db_uploads: args.games_db_uploads, ..Default::default() };
    for text in &args.engines {
        let spec: EngineSpec = text.parse()?;
        // A wrong path or an engine that does not speak the protocol is a usage error, found
        // now rather than by the first person who picks it.
        Engine::start(&spec, Variant::Xiangqi, Duration::from_secs(10))
            .with_context(|| format!("--engine {text:?}: the engine does not start"))?
            .quit();
        tools.engines.push(spec);
    }
    let database = match args.database {
        Some(url) => chuhan_server::Database::Postgres(url),
        None => chuhan_server::Database::Sqlite(args.data),
    };
    chuhan_server::run_with_tools(&args.addr, &database, limits, tools)
}
