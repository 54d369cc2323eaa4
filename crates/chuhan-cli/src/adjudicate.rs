//! `chuhan adjudicate`: has the game ended, who won, and why.

use anyhow::{bail, Context, Result};
use chuhan::{Game, Move, Rules, Variant};
use clap::Args;

#[derive(Args)]
pub struct AdjudicateArgs {
    /// The game: xiangqi or janggi.
    #[arg(long, short, default_value = "xiangqi")]
    variant: Variant,
    /// Rule set: axf (default), cxa or computer for xiangqi; modern (default), traditional or
    /// casual for janggi.
    #[arg(long, short)]
    rules: Option<String>,
    /// How many times a position must occur before the repetition is judged.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(2..))]
    repetitions: u32,
    /// Moves without a capture that end the game (default 60 for xiangqi, 100 for janggi);
    /// 0 turns the rule off.
    #[arg(long)]
    move_limit: Option<u32>,
    /// The start position as FEN (default: the variant's start position).
    #[arg(long, short)]
    fen: Option<String>,
    /// Accept a composed position: pieces on points no game reaches (a soldier behind its
    /// start line); what was accepted is said on standard error.
    #[arg(long)]
    relaxed: bool,
    /// The moves played, as coordinates with ranks 0–9 (h2e2; a janggi pass is e1e1).
    #[arg(long, short, num_args = 0.., value_name = "MOVE")]
    moves: Vec<String>,
}

pub fn adjudicate(args: AdjudicateArgs) -> Result<()> {
    let variant = args.variant;
    let mut rules = match &args.rules {
        Some(name) => Rules::named(variant, name)?,
        None => Rules::for_variant(variant),
    };
    rules.repetitions = args.repetitions;
    if let Some(limit) = args.move_limit {
        rules.move_limit = (limit > 0).then_some(limit);
    }
    let fen = args.fen.as_deref().unwrap_or(variant.start_fen());
    let start = crate::start::read_fen(variant, fen, args.relaxed, "--fen")?;
    let mut game = Game::new(start, rules);
    for (i, text) in args.moves.iter().enumerate() {
        let m: Move = text.parse().with_context(|| format!("--moves, move {}", i + 1))?;
        if game.outcome().is_some() {
            bail!("--moves, move {} ({text}): the game ended at ply {}", i + 1, game.ply());
        }
        game.play(m).with_context(|| format!("--moves, move {} ({text})", i + 1))?;
    }
    match game.outcome() {
        Some(o) => {
            println!("{}", o.verdict(variant));
            println!("{}", o.describe(variant));
            println!("ply {}", o.ply);
        }
        None => {
            println!("ongoing");
            println!("{} to move", game.position().turn().name(variant));
            println!("ply {}", game.ply());
        }
    }
    Ok(())
}
