//! Counts the move sequences of a position to a depth (perft), optionally split by first move.
//!
//! ```text
//! cargo run --release -p chuhan --example perft -- 4
//! cargo run --release -p chuhan --example perft -- --divide 3 --fen "4k4/9/9/9/9/9/9/9/9/3K1R3 w - - 0 1"
//! cargo run --release -p chuhan --example perft -- --variant janggi 3
//! ```

use chuhan::{Position, Variant};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "\
usage: perft [--variant xiangqi|janggi] [--fen FEN] [--divide] DEPTH

Counts the move sequences of DEPTH plies from FEN (default: the variant's start position).
  --variant V   xiangqi (default) or janggi
  --fen FEN     the position, as FEN (quote it: it has spaces)
  --divide      print the count under each first move too
  DEPTH         0 to 10";

struct Args {
    variant: Variant,
    fen: Option<String>,
    divide: bool,
    depth: u32,
}

fn parse_args(mut args: impl Iterator<Item = String>) -> Result<Args, String> {
    let (mut variant, mut fen, mut divide, mut depth) = (Variant::Xiangqi, None, false, None);
    while let Some(a) = args.next() {
        match a.as_str() {
            "-h" | "--help" => return Err(String::new()),
            "--variant" => {
                let v = args.next().ok_or("--variant needs a value")?;
                variant = v.parse().map_err(|e| format!("--variant: {e}"))?;
            }
            "--fen" => fen = Some(args.next().ok_or("--fen needs a value")?),
            "--divide" => divide = true,
            d if depth.is_none() && !d.starts_with('-') => {
                let n: u32 = d.parse().map_err(|_| format!("depth {d:?}: expected a number from 0 to 10"))?;
                if n > 10 {
                    return Err(format!("depth {n}: at most 10"));
                }
                depth = Some(n);
            }
            other => return Err(format!("unexpected argument {other:?}")),
        }
    }
    let depth = depth.ok_or("DEPTH is missing")?;
    Ok(Args { variant, fen, divide, depth })
}

fn main() -> ExitCode {
    let args = match parse_args(std::env::args().skip(1)) {
        Ok(a) => a,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("perft: {e}\n");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut pos = match &args.fen {
        Some(fen) => match Position::from_fen(args.variant, fen) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("perft: {e}");
                return ExitCode::from(2);
            }
        },
        None => Position::new(args.variant),
    };
    let start = Instant::now();
    let total = if args.divide {
        let counts = chuhan::divide(&mut pos, args.depth);
        for (m, n) in &counts {
            println!("{m}: {n}");
        }
        counts.iter().map(|(_, n)| n).sum()
    } else {
        chuhan::perft(&mut pos, args.depth)
    };
    let seconds = start.elapsed().as_secs_f64();
    println!("perft {}: {total} ({seconds:.3} s, {:.1} M moves/s)", args.depth, total as f64 / seconds.max(1e-9) / 1e6);
    ExitCode::SUCCESS
}
