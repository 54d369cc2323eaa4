//! `chuhan`: the command line of the chuhan xiangqi and janggi system.

mod perft_cmd;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Xiangqi (Chinese chess) and janggi (Korean chess): rules, notation, records and play.
#[derive(Parser)]
#[command(name = "chuhan", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the legal move tree to a depth (tests move generation).
    ///
    /// Prints the node count alone on the last line; with --divide, one `move: count` line per
    /// legal move first.
    Perft(perft_cmd::PerftArgs),
    /// List the legal moves of a position as coordinates (h2e2), one a line.
    Moves(perft_cmd::MovesArgs),
    /// Measure perft speed (nodes per second) on the start positions of both games.
    Bench(perft_cmd::BenchArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Perft(args) => perft_cmd::perft(args),
        Command::Moves(args) => perft_cmd::moves(args),
        Command::Bench(args) => perft_cmd::bench(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("chuhan: {e:#}");
            ExitCode::FAILURE
        }
    }
}
