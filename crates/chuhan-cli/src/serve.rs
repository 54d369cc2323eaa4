//! `chuhan serve`: the web app of crate `chuhan-server`.

use anyhow::Result;
use clap::Args;
use std::path::PathBuf;

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
    #[arg(long, default_value_t = chuhan_server::RateLimits::default().requests_per_minute)]
    rate_limit: u32,
    /// Games a client address may create a minute (0 = no limit).
    #[arg(long, default_value_t = chuhan_server::RateLimits::default().games_per_minute)]
    game_limit: u32,
}

pub fn serve(args: ServeArgs) -> Result<()> {
    let limits = chuhan_server::RateLimits { requests_per_minute: args.rate_limit, games_per_minute: args.game_limit };
    let database = match args.database {
        Some(url) => chuhan_server::Database::Postgres(url),
        None => chuhan_server::Database::Sqlite(args.data),
    };
    chuhan_server::run(&args.addr, &database, limits)
}
