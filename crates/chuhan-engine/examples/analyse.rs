//! Analyses a position to a depth and prints, for each finished iteration, the score and the
//! principal variation (in coordinates and in the game's usual notation).
//!
//! ```text
//! cargo run --release -p chuhan-engine --example analyse -- --depth 10
//! cargo run --release -p chuhan-engine --example analyse -- --fen "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1" --depth 6
//! cargo run --release -p chuhan-engine --example analyse -- --variant janggi --moves b0c2 b9c7 --depth 8
//! ```

use chuhan::notation::Notation;
use chuhan::{Position, Variant};
use chuhan_engine::eval::Classic;
use chuhan_engine::search::{search, Limits, Report, Shared};
use std::process::ExitCode;

const USAGE: &str = "\
usage: analyse [--variant xiangqi|janggi] [--fen FEN] [--moves MOVE...] [--depth N]
               [--threads N] [--hash MB]

Searches the position to depth N and prints score and principal variation per iteration.
  --variant V    xiangqi (default) or janggi
  --fen FEN      the position, as FEN (quote it: it has spaces); default: the start position
  --moves M...   moves played from it first, as coordinates (h2e2)
  --depth N      1 to 64 plies (default 8)
  --threads N    search threads, 1 to 64 (default 1)
  --hash MB      transposition table size, 1 to 4096 MiB (default 64)";

struct Args {
    variant: Variant,
    fen: Option<String>,
    moves: Vec<String>,
    depth: i32,
    threads: usize,
    hash: usize,
}

fn number<T: std::str::FromStr + PartialOrd + std::fmt::Display>(
    flag: &str,
    value: Option<String>,
    low: T,
    high: T,
) -> Result<T, String> {
    let v = value.ok_or_else(|| format!("{flag} needs a value"))?;
    match v.parse::<T>() {
        Ok(n) if n >= low && n <= high => Ok(n),
        _ => Err(format!("{flag} {v:?}: expected a number from {low} to {high}")),
    }
}

fn parse_args(args: impl Iterator<Item = String>) -> Result<Args, String> {
    let mut args = args.peekable();
    let mut a = Args { variant: Variant::Xiangqi, fen: None, moves: Vec::new(), depth: 8, threads: 1, hash: 64 };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-h" | "--help" => return Err(String::new()),
            "--variant" => {
                let v = args.next().ok_or("--variant needs a value")?;
                a.variant = v.parse().map_err(|e| format!("--variant: {e}"))?;
            }
            "--fen" => a.fen = Some(args.next().ok_or("--fen needs a value")?),
            "--depth" => a.depth = number("--depth", args.next(), 1, 64)?,
            "--threads" => a.threads = number("--threads", args.next(), 1, 64)?,
            "--hash" => a.hash = number("--hash", args.next(), 1, 4096)?,
            "--moves" => {
                while let Some(m) = args.next_if(|m| !m.starts_with("--")) {
                    a.moves.push(m);
                }
            }
            other => return Err(format!("unexpected argument {other:?}")),
        }
    }
    Ok(a)
}

/// The principal variation in coordinates and in the variant's usual notation.
fn pv_text(pos: &Position, r: &Report) -> (String, String) {
    let notation = match pos.variant() {
        Variant::Xiangqi => Notation::Wxf,
        Variant::Janggi => Notation::Janggi,
    };
    let mut p = pos.clone();
    let (mut coords, mut human) = (Vec::new(), Vec::new());
    for &m in &r.pv {
        if !p.is_legal(m) {
            break;
        }
        coords.push(m.to_string());
        human.push(notation.format(&p, m));
        p.play_unchecked(m);
    }
    (coords.join(" "), human.join(" "))
}

fn run(args: &Args) -> Result<(), String> {
    let mut pos = match &args.fen {
        Some(fen) => Position::from_fen(args.variant, fen).map_err(|e| e.to_string())?,
        None => Position::new(args.variant),
    };
    for (i, text) in args.moves.iter().enumerate() {
        let m = text.parse().map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
        pos.play(m).map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
    }
    if pos.legal_moves().is_empty() {
        return Err(format!("no legal move in {}", pos.to_fen()));
    }
    let shared = Shared::new(args.hash);
    let limits = Limits { depth: Some(args.depth), move_limit: 60, ..Limits::default() };
    println!("{}", pos.to_fen());
    let report = search(&pos, &shared, &Classic, &limits, args.threads, |r| {
        let (coords, _) = pv_text(&pos, r);
        let ms = r.elapsed.as_millis();
        println!("depth {:>2}  {:<9} nodes {:>10}  {:>6} ms  pv {coords}", r.depth, r.score, r.nodes, ms);
    });
    let (coords, human) = pv_text(&pos, &report);
    println!("best: {}  score {}", report.pv.first().map(|m| m.to_string()).unwrap_or_default(), report.score);
    println!("pv:   {coords}");
    println!("      {human}");
    Ok(())
}

fn main() -> ExitCode {
    let args = match parse_args(std::env::args().skip(1)) {
        Ok(a) => a,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("analyse: {e}\n");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("analyse: {e}");
            ExitCode::from(2)
        }
    }
}
