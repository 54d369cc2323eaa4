//! `chuhan convert`: moves from one notation to another.

use anyhow::{bail, Context, Result};
use chuhan::notation::Notation;
use clap::Args;
use std::io::Read;

#[derive(Args)]
pub struct ConvertArgs {
    /// The position the moves start from.
    #[command(flatten)]
    start: crate::start::StartArgs,
    /// The notation of the moves given, or `auto` to detect it.
    #[arg(long, default_value = "auto")]
    from: String,
    /// The notation to write, or `all` for a table with a column per notation.
    #[arg(long)]
    to: String,
    /// The moves; `-` reads them from standard input. Move numbers (1. 12...) and results
    /// (1-0, 0-1, 1/2-1/2, *) are skipped.
    #[arg(required = true)]
    moves: Vec<String>,
}

fn notation(name: &str) -> Result<Notation> {
    name.parse::<Notation>().map_err(|_| {
        let names: Vec<&str> = Notation::ALL.iter().map(|n| n.name()).collect();
        anyhow::anyhow!("unknown notation {name:?}: expected {}", names.join(", "))
    })
}

/// Whether a token is a move number (`12.`, `12...`, `１２．`) or a result.
fn is_noise(token: &str) -> bool {
    let digits = token.trim_end_matches(['.', '．', '…']);
    let number = !digits.is_empty()
        && digits.len() < token.len()
        && digits.chars().all(|c| c.is_ascii_digit() || ('０'..='９').contains(&c));
    number || chuhan_record::Outcome::from_pgn(token).is_some()
}

pub fn convert(args: ConvertArgs) -> Result<()> {
    let mut texts = Vec::new();
    for arg in &args.moves {
        if arg == "-" {
            let mut input = String::new();
            std::io::stdin().read_to_string(&mut input).context("cannot read standard input")?;
            texts.extend(input.split_whitespace().map(str::to_string));
        } else {
            texts.extend(arg.split_whitespace().map(str::to_string));
        }
    }
    texts.retain(|t| !is_noise(t));
    let start = args.start.start()?;
    let from = if args.from == "auto" {
        let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
        match Notation::detect(&start, &refs) {
            Some(n) => n,
            None => bail!("--from auto: no notation reads all the moves; name one with --from"),
        }
    } else {
        notation(&args.from)?
    };
    let targets = if args.to == "all" { Notation::for_variant(args.start.variant) } else { vec![notation(&args.to)?] };
    let mut pos = start;
    let mut rows: Vec<Vec<String>> = Vec::new();
    for (i, text) in texts.iter().enumerate() {
        let m = from.parse(&pos, text).with_context(|| format!("move {} ({text}) in {from}", i + 1))?;
        rows.push(targets.iter().map(|n| n.format(&pos, m)).collect());
        pos.play_unchecked(m);
    }
    if args.to == "all" {
        println!("{}", targets.iter().map(|n| n.name()).collect::<Vec<_>>().join("\t"));
        for row in rows {
            println!("{}", row.join("\t"));
        }
    } else {
        println!(
            "{}",
            rows.into_iter().map(|r| r.into_iter().next().unwrap_or_default()).collect::<Vec<_>>().join(" ")
        );
    }
    Ok(())
}
