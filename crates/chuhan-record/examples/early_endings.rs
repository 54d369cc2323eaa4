//! Lists the recorded games that the rules end before their last move, with the ruling in
//! words and the repeated cycle in Chinese notation — the material for reading rulings
//! against the rule book (BENCHMARKS.md, "Perpetual chases in master games").
//!
//! ```sh
//! cargo run --release -p chuhan-record --example early_endings -- ../shared/testdata/games/*_UCI_games.pgn
//! cargo run --release -p chuhan-record --example early_endings -- --only chase ../shared/testdata/games/*_UCI_games.pgn
//! ```
//!
//! Any record format the library reads will do; a game that cannot be read is reported and
//! skipped.

use chuhan::notation::Notation;
use chuhan::{EndReason, Game, Rules, Violation};
use chuhan_record::{tools, Record};
use std::path::Path;
use std::process::ExitCode;

const USAGE: &str = "\
usage: early_endings [--only chase] FILE...

Replays every game of the record files under the default rules and lists those the rules end
before their last move: tags, the ply, the ruling in words, the repeated cycle in Chinese
notation and what the players played next. --only chase keeps the perpetual chases.";

/// Whether `reason` is a perpetual chase (one side's or both sides').
fn is_chase(reason: EndReason) -> bool {
    matches!(
        reason,
        EndReason::RepetitionViolation { violation: Violation::PerpetualChase, .. }
            | EndReason::MutualViolation { violation: Violation::PerpetualChase, .. }
    )
}

/// Prints `record` if the rules end it early (and, with `only_chases`, by a chase); answers
/// whether it printed.
fn report(path: &Path, index: usize, record: &Record, only_chases: bool) -> bool {
    let start = match record.start_position() {
        Ok(pos) => pos,
        Err(e) => {
            eprintln!("{}, game {index}: {e}", path.display());
            return false;
        }
    };
    let recorded = record.mainline_moves();
    let mut game = Game::new(start, Rules::for_variant(record.variant));
    for &m in &recorded {
        if game.outcome().is_some() {
            break;
        }
        if let Err(e) = game.play(m) {
            eprintln!("{}, game {index}: ply {}: {e}", path.display(), game.ply() + 1);
            return false;
        }
    }
    let Some(outcome) = game.outcome().copied() else { return false };
    if game.ply() == recorded.len() || (only_chases && !is_chase(outcome.reason)) {
        return false;
    }
    println!("== {}, game {index} ({} plies recorded)", path.display(), recorded.len());
    for (key, value) in record.headers.iter() {
        println!("   [{key} \"{value}\"]");
    }
    println!("   ply {}: {}", outcome.ply, outcome.describe(record.variant));
    // The cycle: the moves since the first occurrence of the final position.
    let mut pos = game.start().clone();
    let mut hashes = vec![pos.hash()];
    for m in game.moves() {
        pos.play_unchecked(m);
        hashes.push(pos.hash());
    }
    let first = hashes.iter().position(|&h| Some(&h) == hashes.last()).unwrap_or(0);
    let mut pos = game.start().clone();
    let mut line = Vec::new();
    for (ply, m) in game.moves().enumerate() {
        if ply == first {
            println!("   cycle from ply {first}: {}", pos.to_fen());
        }
        if ply >= first {
            line.push(Notation::Chinese.format(&pos, m));
        }
        pos.play_unchecked(m);
    }
    println!("   moves: {}", line.join(" "));
    let after: Vec<String> = recorded[game.ply()..].iter().take(6).map(|m| m.to_string()).collect();
    println!("   the players went on: {}", after.join(" "));
    true
}

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() || args.iter().any(|a| a == "-h" || a == "--help") {
        eprintln!("{USAGE}");
        return if args.is_empty() { ExitCode::from(2) } else { ExitCode::SUCCESS };
    }
    let only_chases = args.len() >= 2 && args[0] == "--only" && args[1] == "chase";
    if only_chases {
        args.drain(..2);
    }
    let mut listed = 0;
    for path in args.iter().map(Path::new) {
        let mut index = 0;
        let read = tools::for_each_game(
            path,
            |game| {
                index += 1;
                match game {
                    Ok(record) => listed += usize::from(report(path, index, &record, only_chases)),
                    Err(e) => eprintln!("{e}"),
                }
            },
            |_| {},
        );
        if let Err(e) = read {
            eprintln!("{}: {e}", path.display());
            return ExitCode::FAILURE;
        }
    }
    eprintln!("{listed} games listed");
    ExitCode::SUCCESS
}
