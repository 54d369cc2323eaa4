//! `chuhan serve`: the web app of crate `chuhan-server`.

use anyhow::Result;
use clap::Args;
use std::path::PathBuf;

#[derive(Args)]
pub struct ServeArgs {
    /// The address to listen on; use 0.0.0.0:8080 to be reachable from other machines.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: String,
    /// The directory of the SQLite database of games.
    #[arg(long, default_value = "chuhan-data")]
    data: PathBuf,
}

pub fn serve(args: ServeArgs) -> Result<()> {
    chuhan_server::run(&args.addr, &args.data)
}
