//! `chuhan-train`: the tools that make the engine's evaluations and the database benchmarks'
//! data, one subcommand each (issue 40: tools are binaries, examples only show the libraries).
//!
//! ```text
//! chuhan-train gen --variant xiangqi --games 200 --nodes 5000 --out xiangqi.data
//! chuhan-train train --variant xiangqi --data xiangqi.data --epochs 12 --out xiangqi.nnue
//! chuhan-train tune --xiangqi games/*.pgn --write crates/chuhan-engine/src/eval/weights.rs
//! chuhan-train collection --games 100000 --threads 2 --out games-100k.pgn
//! chuhan-train winfit ../shared/testdata/games/*_UCI_games.pgn
//! ```
//!
//! Progress bars go to standard error (and only when it is a terminal); what each command
//! printed on standard output before it moved here (the trainer's losses) is printed as it was.

mod collection;
mod gen;
mod opening;
mod parallel;
mod progress;
mod train;
mod tune;
mod winfit;

use clap::{Parser, Subcommand, ValueEnum};
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "chuhan-train", version, about, long_about = None)]
/// Make the engine's evaluations and the benchmarks' data: self-play training data, networks,
/// tuned weights, game collections.
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Self-play games at a fixed node budget, every position written with the search's score
    /// and the game's result: the network's training data.
    #[command(long_about = gen::ABOUT)]
    Gen(gen::Args),
    /// Train a network on `gen`'s data and write it quantized.
    #[command(long_about = train::ABOUT)]
    Train(train::Args),
    /// Texel tuning: fit the hand-written evaluation's weights to the results of games.
    #[command(long_about = tune::ABOUT)]
    Tune(tune::Args),
    /// A collection of xiangqi self-play games as PGN, for the database benchmarks.
    #[command(long_about = collection::ABOUT)]
    Collection(collection::Args),
    /// Fit the review's win-probability curve on the results of real games.
    #[command(long_about = winfit::ABOUT)]
    Winfit(winfit::Args),
}

/// A game, as the options name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Game {
    Xiangqi,
    Janggi,
}

impl From<Game> for chuhan::Variant {
    fn from(g: Game) -> chuhan::Variant {
        match g {
            Game::Xiangqi => chuhan::Variant::Xiangqi,
            Game::Janggi => chuhan::Variant::Janggi,
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Gen(a) => gen::run(a),
        Command::Train(a) => train::run(a),
        Command::Tune(a) => tune::run(a),
        Command::Collection(a) => collection::run(a),
        Command::Winfit(a) => winfit::run(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // `{:#}`: the error with its causes on one line ("--data x.data: No such file ...").
            eprintln!("chuhan-train: {e:#}");
            ExitCode::FAILURE
        }
    }
}
