//! `chuhan perft`, `chuhan moves` and `chuhan bench`.

use crate::start::PositionArgs;
use anyhow::{bail, Result};
use chuhan::{divide, Position, Variant};
use clap::Args;
use std::io::Write;
use std::time::Instant;

#[derive(Args)]
pub struct PerftArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// How many plies deep to count.
    #[arg(long, short)]
    depth: u32,
    /// Print each legal move with its count before the total.
    #[arg(long)]
    divide: bool,
}

pub fn perft(args: PerftArgs) -> Result<()> {
    let mut pos = args.position.position()?;
    let out = std::io::stdout();
    let mut out = out.lock();
    if args.divide {
        let mut total = 0;
        for (m, n) in divide(&mut pos, args.depth) {
            writeln!(out, "{m}: {n}")?;
            total += n;
        }
        if args.depth == 0 {
            total = 1;
        }
        writeln!(out, "{total}")?;
    } else {
        writeln!(out, "{}", chuhan::perft(&mut pos, args.depth))?;
    }
    Ok(())
}

#[derive(Args)]
pub struct MovesArgs {
    #[command(flatten)]
    position: PositionArgs,
}

pub fn moves(args: MovesArgs) -> Result<()> {
    let pos = args.position.position()?;
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    moves.sort();
    let out = std::io::stdout();
    let mut out = out.lock();
    for m in moves {
        writeln!(out, "{m}")?;
    }
    Ok(())
}

#[derive(Args)]
pub struct BenchPerftArgs {
    /// Perft depth for both start positions.
    #[arg(long, short, default_value_t = 5)]
    depth: u32,
    /// Only this game (default: both).
    #[arg(long, short)]
    variant: Option<Variant>,
}

pub fn bench_perft(args: BenchPerftArgs) -> Result<()> {
    if args.depth == 0 {
        bail!("--depth must be at least 1");
    }
    let variants = match args.variant {
        Some(v) => vec![v],
        None => vec![Variant::Xiangqi, Variant::Janggi],
    };
    for v in variants {
        let mut pos = Position::new(v);
        let start = Instant::now();
        let nodes = chuhan::perft(&mut pos, args.depth);
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{v} start position perft {}: {nodes} nodes in {secs:.3} s = {:.1} million nodes/s",
            args.depth,
            nodes as f64 / secs / 1e6
        );
    }
    Ok(())
}
