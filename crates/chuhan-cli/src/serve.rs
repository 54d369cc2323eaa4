//! `chuhan serve`: the web app of crate `chuhan-server`.

use anyhow::{Context, Result};
use chuhan::Variant;
use chuhan_db::Target;
use chuhan_engine::external::{Engine, EngineSpec};
use clap::Args;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Args)]
pub struct ServeArgs {
    /// The address to listen on; use 0.0.0.0:8080 to be reachable from other machines.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: String,
    /// Where the games played here are kept: a SQLite file (created if missing; one server),
    /// or a PostgreSQL URL such as postgres://user:password@host/db, or with a Unix socket
    /// directory, postgres://user@/db?host=/run/postgresql (the database itself existing; its
    /// tables are made if missing), so that several servers can share the games. Default:
    /// chuhan-data/games.sqlite3.
    // `--database URL` was its name for PostgreSQL before the storage flags were named alike
    // (issue 40): kept, hidden, for a release.
    #[arg(long, alias = "database", value_name = "TARGET", value_parser = crate::target::TargetParser)]
    store: Option<Target>,
    /// The old way to give a SQLite store: its directory, the file being DIR/games.sqlite3
    /// (so a deployment that names it finds its games). --store wins over it.
    #[arg(long, value_name = "DIR", hide = true)]
    data: Option<PathBuf>,
    /// HTTP requests a client address may make a minute (0 = no limit; behind a reverse
    /// proxy every request has the proxy's address, so limit there instead).
    #[arg(long, default_value_t = chuhan_server::Limits::default().requests_per_minute)]
    rate_limit: u32,
    /// Games a client address may create a minute (0 = no limit).
    #[arg(long, default_value_t = chuhan_server::Limits::default().games_per_minute)]
    game_limit: u32,
    /// Connections open at once, from everyone (default: what the open-file limit allows,
    /// less room for the database and engines, at most 10,000). One more is closed at once.
    #[arg(long, value_name = "N")]
    max_connections: Option<usize>,
    /// Connections open at once from one address (IPv6: one /64; 0 = no limit; behind a
    /// reverse proxy every connection has the proxy's address, so limit there instead).
    #[arg(long, value_name = "N", default_value_t = chuhan_server::ConnectionLimits::default().per_address)]
    max_connections_per_address: usize,
    /// Seconds a client has to send a request's headers (a slow-header client is cut off).
    #[arg(long, value_name = "SECS", default_value_t = chuhan_server::ConnectionLimits::default().header_timeout.as_secs())]
    header_timeout: u64,
    /// Seconds a connection may stay silent both ways before it is closed (a game's
    /// WebSocket is pinged well within this, so an open page is never cut off).
    #[arg(long, value_name = "SECS", default_value_t = chuhan_server::ConnectionLimits::default().idle_timeout.as_secs())]
    idle_timeout: u64,
    /// Searches the analysis board runs at once, over all clients (each holds a core); one
    /// client has one at a time, the others wait their turn.
    #[arg(long, value_name = "N", default_value_t = chuhan_server::Limits::default().analysis_threads)]
    analysis_threads: usize,
    /// Games against the engine that may be thinking at once (each holds a core); more
    /// wait their turn, and new engine games are refused while the queue is full.
    #[arg(long, value_name = "N", default_value_t = chuhan_server::Limits::default().engine_games)]
    engine_games: usize,
    /// The longest game, in plies, that an upload may add to --games-db (and the longest one
    /// the database page shows).
    #[arg(long, value_name = "PLIES", default_value_t = chuhan_server::Limits::default().max_plies)]
    max_plies: usize,
    /// Nodes a game review searches in each position (the web's Review button); fewer make
    /// reviews faster and weaker (the browser tests use a few hundred).
    #[arg(long, value_name = "N", default_value_t = chuhan_server::Limits::default().review_nodes)]
    review_nodes: u64,
    /// Game reviews that may wait in line for the engine (one runs at a time).
    #[arg(long, value_name = "N", default_value_t = chuhan_server::Limits::default().review_queue)]
    review_queue: usize,
    /// Game reviews one client address (IPv6: its /64) may have waiting or running at once.
    #[arg(long, value_name = "N", default_value_t = chuhan_server::Limits::default().reviews_per_client)]
    reviews_per_client: usize,
    /// A host name that requests must name in their Host header (repeatable; a port is
    /// ignored): others are answered 421, which defeats DNS rebinding. Without it, any.
    #[arg(long = "allowed-host", value_name = "NAME")]
    allowed_hosts: Vec<String>,
    /// The server is reached over HTTPS (through a TLS proxy): the session cookie is marked
    /// `Secure`, so browsers send it only over HTTPS.
    #[arg(long)]
    secure_cookies: bool,
    /// A puzzle set (JSON Lines, one puzzle a line: see docs/puzzles.md) for the puzzle page,
    /// in place of the one compiled in; checked as the server starts.
    #[arg(long, value_name = "FILE")]
    puzzles: Option<std::path::PathBuf>,
    /// Another engine for the analysis board, beside chuhan's own (repeatable):
    /// `cmd=PATH[,proto=uci|ucci][,name=N][,arg=A][,option.NAME=VALUE]...`, as in `chuhan
    /// match`. Each is started once here to check it, then on first use, and kept running.
    #[arg(long = "engine", value_name = "SPEC")]
    engines: Vec<String>,
    /// A game database (`chuhan db import` makes one; created empty if absent): a SQLite file,
    /// or a PostgreSQL URL (`postgres://user@host/db`, `postgres://user@/db?host=/run/postgresql`
    /// for a Unix socket; the database itself existing) where the tables are made if missing.
    /// The analysis board's explorer and the database page (/database). The same as `chuhan db
    /// --games-db`.
    #[arg(long, value_name = "TARGET", value_parser = crate::target::TargetParser)]
    games_db: Option<Target>,
    /// Let anyone who reaches the server import collections into --games-db from the database
    /// page (8 MiB an upload).
    #[arg(long, requires = "games_db")]
    games_db_uploads: bool,
}

pub fn serve(args: ServeArgs) -> Result<()> {
    for (flag, value) in [
        ("--analysis-threads", args.analysis_threads),
        ("--engine-games", args.engine_games),
        ("--max-plies", args.max_plies),
        ("--review-queue", args.review_queue),
        ("--reviews-per-client", args.reviews_per_client),
        ("--review-nodes", args.review_nodes as usize),
    ] {
        anyhow::ensure!(value > 0, "{flag} 0: at least 1 is needed");
    }
    anyhow::ensure!(args.max_connections != Some(0), "--max-connections 0: at least 1 is needed");
    anyhow::ensure!(args.header_timeout > 0, "--header-timeout 0: at least 1 second is needed");
    anyhow::ensure!(args.idle_timeout > 0, "--idle-timeout 0: at least 1 second is needed");
    let limits = chuhan_server::Limits {
        requests_per_minute: args.rate_limit,
        games_per_minute: args.game_limit,
        connections: chuhan_server::ConnectionLimits {
            total: args.max_connections.unwrap_or(0),
            per_address: args.max_connections_per_address,
            header_timeout: Duration::from_secs(args.header_timeout),
            idle_timeout: Duration::from_secs(args.idle_timeout),
        },
        analysis_threads: args.analysis_threads,
        engine_games: args.engine_games,
        max_plies: args.max_plies,
        review_nodes: args.review_nodes,
        review_queue: args.review_queue,
        reviews_per_client: args.reviews_per_client,
    };
    let mut tools = chuhan_server::Tools {
        games_db: args.games_db,
        games_db_uploads: args.games_db_uploads,
        allowed_hosts: args.allowed_hosts,
        secure_cookies: args.secure_cookies,
        puzzles: args.puzzles,
        ..Default::default()
    };
    for text in &args.engines {
        let spec: EngineSpec = text.parse()?;
        // A wrong path or an engine that does not speak the protocol is a usage error, found
        // now rather than by the first person who picks it.
        Engine::start(&spec, Variant::Xiangqi, Duration::from_secs(10))
            .with_context(|| format!("--engine {text:?}: the engine does not start"))?
            .quit();
        tools.engines.push(spec);
    }
    chuhan_server::Server::new(live_store(args.store, args.data)).limits(limits).tools(tools).run(&args.addr)
}

/// The live games' store: `--store` (or its old name `--database`), else the SQLite file in
/// the old `--data` directory, else in the default directory `chuhan-data`: the file a server
/// of before `--store` used, so that its games are found again.
fn live_store(store: Option<Target>, data: Option<PathBuf>) -> Target {
    store.unwrap_or_else(|| chuhan_server::data_dir_store(&data.unwrap_or_else(|| PathBuf::from("chuhan-data"))))
}
