//! `chuhan adjudicate`: has the game ended, who won, and why.

use crate::start::{read_move, PositionArgs};
use anyhow::{bail, Context, Result};
use chuhan::{Game, Rules};
use clap::Args;

#[derive(Args)]
pub struct AdjudicateArgs {
    /// The start and the moves played.
    #[command(flatten)]
    position: PositionArgs,
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
}

pub fn adjudicate(args: AdjudicateArgs) -> Result<()> {
    let variant = args.position.start.variant;
    let mut rules = match &args.rules {
        Some(name) => Rules::named(variant, name)?,
        None => Rules::for_variant(variant),
    };
    rules.repetitions = args.repetitions;
    if let Some(limit) = args.move_limit {
        rules.move_limit = (limit > 0).then_some(limit);
    }
    let mut game = Game::new(args.position.start.start()?, rules);
    for (i, text) in args.position.moves.iter().enumerate() {
        if game.outcome().is_some() {
            bail!("--moves, move {} ({text}): the game ended at ply {}", i + 1, game.ply());
        }
        let m = read_move(game.position(), text).with_context(|| format!("--moves, move {} ({text})", i + 1))?;
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
