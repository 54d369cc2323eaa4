//! `chuhan perft`, `chuhan moves` and `chuhan bench`.

use anyhow::{bail, Context, Result};
use chuhan::{divide, Move, Position, Variant};
use clap::Args;
use std::io::Write;
use std::time::Instant;

/// Where a position comes from: a variant, an optional FEN and moves played from it.
#[derive(Args)]
pub struct PositionArgs {
    /// The game: xiangqi or janggi.
    #[arg(long, short, default_value = "xiangqi")]
    variant: Variant,
    /// The position as FEN (default: the variant's start position).
    #[arg(long, short)]
    fen: Option<String>,
    /// Accept a composed position: pieces on points no game reaches (a soldier behind its
    /// start line); what was accepted is said on standard error.
    #[arg(long)]
    relaxed: bool,
    /// Moves to play first, as coordinates with ranks 0–9 (h2e2; a janggi pass is the
    /// general's square twice, e1e1).
    #[arg(long, short, num_args = 1.., value_name = "MOVE")]
    moves: Vec<String>,
}

impl PositionArgs {
    fn position(&self) -> Result<Position> {
        let fen = self.fen.as_deref().unwrap_or(self.variant.start_fen());
        let mut pos = crate::start::read_fen(self.variant, fen, self.relaxed, "--fen")?;
        for (i, text) in self.moves.iter().enumerate() {
            let m: Move = text.parse().with_context(|| format!("--moves, move {}", i + 1))?;
            pos.play(m).with_context(|| format!("--moves, move {} ({text})", i + 1))?;
        }
        Ok(pos)
    }
}

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
