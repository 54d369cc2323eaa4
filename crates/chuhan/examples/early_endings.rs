//! Lists the recorded games that the rules end before their last move, with the ruling in
//! words and the repeated cycle in Chinese notation — the material for reading rulings
//! against the rule book (BENCHMARKS.md, "Perpetual chases in master games").
//!
//! ```sh
//! cargo run --release -p chuhan --example early_endings -- ../shared/testdata/games/*_UCI_games.pgn
//! cargo run --release -p chuhan --example early_endings -- --only chase ../shared/testdata/games/*_UCI_games.pgn
//! ```
//!
//! The files are PGN with coordinate moves (`h2e2`); tags are printed as they are.

use chuhan::notation::Notation;
use chuhan::{EndReason, Game, Move, Variant, Violation};
use std::process::ExitCode;

/// One recorded game: its tag lines and its moves.
struct Recorded {
    tags: Vec<String>,
    moves: Vec<Move>,
}

fn read(path: &str) -> Result<Vec<Recorded>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut games = Vec::new();
    let mut current = Recorded { tags: Vec::new(), moves: Vec::new() };
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('[') {
            if !current.moves.is_empty() {
                games.push(std::mem::replace(&mut current, Recorded { tags: Vec::new(), moves: Vec::new() }));
            }
            current.tags.push(line.to_string());
            continue;
        }
        for token in line.split_whitespace() {
            let b = token.as_bytes();
            if b.len() == 4 && b[0].is_ascii_lowercase() && b[1].is_ascii_digit() {
                let m = token.parse().map_err(|e| format!("{path}, line {}: {e}", n + 1))?;
                current.moves.push(m);
            }
        }
    }
    if !current.moves.is_empty() {
        games.push(current);
    }
    Ok(games)
}

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let only_chases = args.first().is_some_and(|a| a == "--only") && args.get(1).is_some_and(|a| a == "chase");
    if only_chases {
        args.drain(..2);
    }
    if args.is_empty() {
        eprintln!("usage: early_endings [--only chase] FILE.pgn...");
        return ExitCode::from(2);
    }
    let mut listed = 0;
    for path in &args {
        let games = match read(path) {
            Ok(g) => g,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        };
        for (index, recorded) in games.iter().enumerate() {
            let mut game = Game::standard(Variant::Xiangqi);
            for (ply, &m) in recorded.moves.iter().enumerate() {
                if let Err(e) = game.play(m) {
                    eprintln!("{path}, game {}: ply {}: {e}", index + 1, ply + 1);
                    break;
                }
                if game.outcome().is_some() {
                    break;
                }
            }
            let Some(outcome) = game.outcome().copied() else { continue };
            if game.ply() == recorded.moves.len() {
                continue;
            }
            let chase = matches!(
                outcome.reason,
                EndReason::RepetitionViolation { violation: Violation::PerpetualChase, .. }
                    | EndReason::MutualViolation { violation: Violation::PerpetualChase, .. }
            );
            if only_chases && !chase {
                continue;
            }
            listed += 1;
            println!("== {path}, game {} ({} plies recorded)", index + 1, recorded.moves.len());
            for tag in &recorded.tags {
                println!("   {tag}");
            }
            println!("   ply {}: {}", outcome.ply, outcome.describe(Variant::Xiangqi));
            // The cycle: the moves since the first counted occurrence of the final position.
            let hashes: Vec<u64> = {
                let mut pos = game.start().clone();
                let mut h = vec![pos.hash()];
                for m in game.moves() {
                    pos.play_unchecked(m);
                    h.push(pos.hash());
                }
                h
            };
            let last = *hashes.last().unwrap();
            let first = hashes.iter().position(|&h| h == last).unwrap_or(0);
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
            let after: Vec<String> = recorded.moves[game.ply()..].iter().take(6).map(|m| m.to_string()).collect();
            println!("   the players went on: {}", after.join(" "));
        }
    }
    eprintln!("{listed} games listed");
    ExitCode::SUCCESS
}
