//! `chuhan`: the command line of the chuhan xiangqi and janggi system.

mod adjudicate;
mod bench;
mod choices;
mod convert;
mod db;
mod games_in;
mod matches;
mod perft_cmd;
mod play;
mod puzzles;
mod record;
mod review;
mod safe;
mod serve;
mod start;
mod target;
mod tc;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Xiangqi (Chinese chess) and janggi (Korean chess): rules, notation, records and play.
#[derive(Parser)]
#[command(name = "chuhan", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Args)]
struct EngineArgs {
    /// List the search's numbers (RfpMargin, LmrBase, ...) as UCI spin options, for a tuner
    /// such as `chuhan tune` (`setoption` takes them with or without it).
    #[arg(long)]
    tune: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Play a game in the terminal: against the engine (default), a friend, or watch the engine.
    Play(play::PlayArgs),
    /// Play xiangqi and janggi in the browser: a web app against the engine or a friend.
    Serve(serve::ServeArgs),
    /// Run the engine on standard input and output (UCI, or UCCI after `ucci`), as the
    /// `chuhan-engine` binary does.
    Engine(EngineArgs),
    /// Play engines against each other (UCI or UCCI) under chuhan's rules: matches,
    /// round-robins, gauntlets; Elo, SPRT, PGN.
    Match(Box<matches::MatchArgs>),
    /// Tune an engine's numeric options by SPSA (as fishtest does): games between the engine
    /// with θ + cΔ and with θ − cΔ, refereed as `chuhan match` referees them; resumable.
    Tune(Box<matches::TuneArgs>),
    /// Convert moves between notations (chinese, chinese-traditional, wxf, iccs, uci, uci1,
    /// algebraic, lan, leventhal, ...).
    ///
    /// Prints the converted moves separated by spaces, or with `--to all` a table with a
    /// column per notation.
    Convert(convert::ConvertArgs),
    /// Game records (PGN, XQF, DhtmlXQ; CBR/CBL/CBF read): check every game, or convert between formats.
    Record(record::RecordArgs),
    /// Say whether a game has ended, who won and why (mate, repetition rulings, move limit,
    /// janggi counting).
    ///
    /// The first line is exactly one of `red wins`, `black wins`, `cho wins`, `han wins`,
    /// `draw` or `ongoing`; the next line gives the reason and the last the ply.
    Adjudicate(adjudicate::AdjudicateArgs),
    /// Review games with the engine: blunders, mistakes and inaccuracies marked, the better
    /// moves, each side's accuracy; as text, JSON or annotated PGN.
    #[command(long_about = review::ABOUT)]
    Review(review::ReviewArgs),
    /// Puzzles: find positions with one winning move in games and store them in the game
    /// database (`generate`); write them out (`list`, JSON Lines for the web app and scripts).
    Puzzles(puzzles::PuzzlesArgs),
    /// Count the leaves of the legal move tree to a depth (tests move generation).
    ///
    /// Prints the node count alone on the last line; with --divide, one `move: count` line per
    /// legal move first.
    Perft(perft_cmd::PerftArgs),
    /// List the legal moves of a position as coordinates (h2e2), one a line.
    Moves(perft_cmd::MovesArgs),
    /// Measure speed: perft, game-end judging or notation over recorded games.
    Bench(bench::BenchArgs),
    /// A game database and opening explorer: import records, explore a position's moves and
    /// scores, search, export PGN, statistics (a SQLite file or PostgreSQL, `--games-db TARGET`).
    Db(Box<db::DbArgs>),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Record(args) => match record::record(args) {
            Ok(code) => return code,
            Err(e) => Err(e),
        },
        Command::Review(args) => review::run(args),
        Command::Puzzles(args) => puzzles::run(args),
        Command::Perft(args) => perft_cmd::perft(args),
        Command::Moves(args) => perft_cmd::moves(args),
        Command::Bench(args) => bench::bench(args),
        Command::Adjudicate(args) => adjudicate::adjudicate(args),
        Command::Convert(args) => convert::convert(args),
        Command::Play(args) => play::play(args),
        Command::Engine(args) => {
            chuhan_engine::protocol::run_with(std::io::stdin().lock(), Box::new(std::io::stdout()), args.tune);
            Ok(())
        }
        Command::Match(args) => matches::run(*args),
        Command::Tune(args) => matches::tune(*args),
        Command::Serve(args) => serve::serve(args),
        Command::Db(args) => db::db(*args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // Errors quote records (a bad move's text, a file name): escaped like the rest.
            eprintln!("chuhan: {}", safe::terminal(&format!("{e:#}")));
            ExitCode::FAILURE
        }
    }
}
