//! `chuhan bench`: speed measurements (figures go to BENCHMARKS.md).

use crate::perft_cmd::{bench_perft, BenchPerftArgs};
use anyhow::{Context, Result};
use chuhan::notation::Notation;
use chuhan::{EndReason, Game, Move, Position, Variant};
use clap::{Args, Subcommand};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Instant;

#[derive(Args)]
pub struct BenchArgs {
    #[command(subcommand)]
    what: BenchWhat,
}

#[derive(Subcommand)]
enum BenchWhat {
    /// Perft nodes per second on the start positions (bulk counting at the last ply).
    Perft(BenchPerftArgs),
    /// Game-end judging: replay games and apply every ending rule after each move
    /// (positions per second).
    Endings(BenchEndingsArgs),
    /// Notation: write and read every move of recorded games in Chinese and WXF (moves per
    /// second).
    Notation(BenchEndingsArgs),
}

#[derive(Args)]
struct BenchEndingsArgs {
    /// Files of xiangqi games with coordinate moves (h2e2), like
    /// ../shared/testdata/games/*_UCI_games.pgn.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Replay everything this many times and report the best run.
    #[arg(long, default_value_t = 3)]
    runs: u32,
}

pub fn bench(args: BenchArgs) -> Result<()> {
    match args.what {
        BenchWhat::Perft(a) => bench_perft(a),
        BenchWhat::Endings(a) => bench_endings(a),
        BenchWhat::Notation(a) => bench_notation(a),
    }
}

/// The games of a file whose move text is coordinates: each game's moves, in order. Tag
/// lines, move numbers and results are skipped.
fn coordinate_games(text: &str) -> Result<Vec<Vec<Move>>> {
    let mut games = Vec::new();
    let mut current = Vec::new();
    for line in text.lines() {
        if line.starts_with('[') {
            if !current.is_empty() {
                games.push(std::mem::take(&mut current));
            }
            continue;
        }
        for token in line.split_whitespace() {
            let b = token.as_bytes();
            let is_move = b.len() == 4 && b[0].is_ascii_lowercase() && b[1].is_ascii_digit();
            if is_move {
                current.push(token.parse::<Move>()?);
            }
        }
    }
    if !current.is_empty() {
        games.push(current);
    }
    Ok(games)
}

fn read_games(files: &[PathBuf]) -> Result<Vec<Vec<Move>>> {
    let mut games = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
        games.extend(coordinate_games(&text).with_context(|| format!("in {}", path.display()))?);
    }
    Ok(games)
}

fn bench_notation(args: BenchEndingsArgs) -> Result<()> {
    let games = read_games(&args.files)?;
    // The positions before each move, so that only notation work is timed.
    let mut positions = Vec::new();
    for moves in &games {
        let mut pos = Position::new(Variant::Xiangqi);
        for &m in moves {
            positions.push((pos.with_history_cleared(), m));
            pos.play_unchecked(m);
        }
    }
    for n in [Notation::Chinese, Notation::Wxf] {
        let mut best_write = f64::INFINITY;
        let mut best_read = f64::INFINITY;
        for _ in 0..args.runs.max(1) {
            let start = Instant::now();
            let texts: Vec<String> = positions.iter().map(|(p, m)| n.format(p, *m)).collect();
            best_write = best_write.min(start.elapsed().as_secs_f64());
            let start = Instant::now();
            for ((p, m), t) in positions.iter().zip(&texts) {
                let back = n.parse(p, t).with_context(|| format!("{t} in {}", p.to_fen()))?;
                anyhow::ensure!(back == *m, "{t} read back as {back}, not {m}");
            }
            best_read = best_read.min(start.elapsed().as_secs_f64());
        }
        let k = positions.len() as f64;
        println!(
            "{n}: {} moves of {} games: write {:.0} moves/s ({:.2} µs each), read {:.0} moves/s ({:.2} µs each)",
            positions.len(),
            games.len(),
            k / best_write,
            best_write * 1e6 / k,
            k / best_read,
            best_read * 1e6 / k
        );
    }
    Ok(())
}

fn bench_endings(args: BenchEndingsArgs) -> Result<()> {
    let games = read_games(&args.files)?;
    let mut best = f64::INFINITY;
    let mut judged = 0usize;
    let mut endings: BTreeMap<String, usize> = BTreeMap::new();
    for run in 0..args.runs.max(1) {
        endings.clear();
        judged = 0;
        let start = Instant::now();
        for moves in &games {
            let mut game = Game::standard(Variant::Xiangqi);
            for &m in moves {
                // A game the rules end early is not replayed further: the positions after it
                // are not judged (nor counted).
                if game.play(m).with_context(|| format!("a game's move {m}"))?.is_some() {
                    break;
                }
            }
            judged += game.ply();
            if let Some(o) = game.outcome() {
                *endings.entry(reason_name(o.reason)).or_default() += 1;
            }
        }
        let secs = start.elapsed().as_secs_f64();
        best = best.min(secs);
        eprintln!("run {}: {secs:.3} s", run + 1);
    }
    let total: usize = games.iter().map(Vec::len).sum();
    println!(
        "{} games: {judged} of {total} positions judged (legality, mate, repetition rulings, move limit, \
         dead position after every move) in {best:.3} s = {:.0} positions/s ({:.2} µs each)",
        games.len(),
        judged as f64 / best,
        best * 1e6 / judged as f64
    );
    for (reason, n) in &endings {
        println!("  {n} games ended by the rules: {reason}");
    }
    Ok(())
}

fn reason_name(r: EndReason) -> String {
    match r {
        EndReason::RepetitionViolation { violation, .. } => {
            format!("{violation:?} (the repeating side loses)")
        }
        EndReason::MutualViolation { violation, .. } => format!("mutual {violation:?} (draw)"),
        other => format!("{other:?}"),
    }
}
