//! Plays moves through a [`chuhan::Game`] and says how the game ended, as a referee would:
//! mate, repetitions (perpetual check and chase lose), the move-count rule, janggi counting.
//!
//! ```text
//! cargo run -p chuhan --example replay_and_judge -- --demo
//! cargo run -p chuhan --example replay_and_judge -- h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9
//! cargo run -p chuhan --example replay_and_judge -- 炮二平五 马８进７ 马二进三 车９平８
//! cargo run -p chuhan --example replay_and_judge -- --fen "4k4/9/9/9/9/9/9/9/9/3K1R3 w - - 0 1" f0e0 e9f9
//! ```
//!
//! Moves may be written in any notation chuhan reads (coordinates, WXF, Chinese...): the first
//! one in which every move is legal is used.

use chuhan::game::{JanggiRules, XiangqiRules};
use chuhan::notation::Notation;
use chuhan::{Game, Position, Rules, Variant};
use std::process::ExitCode;

const USAGE: &str = "\
usage: replay_and_judge [--variant xiangqi|janggi] [--fen FEN] [--rules R] MOVE...
       replay_and_judge --demo

Plays MOVEs from FEN (default: the start position) and prints how the game stands.
  --variant V   xiangqi (default) or janggi
  --fen FEN     the start position, as FEN (quote it: it has spaces)
  --rules R     xiangqi: axf (default), cxa, computer; janggi: modern (default), traditional, casual
  --demo        replay two example games: a perpetual check and an idle repetition
  MOVE          in any notation chuhan reads: h2e2, C2.5, 炮二平五...";

struct Args {
    variant: Variant,
    fen: Option<String>,
    rules: Option<String>,
    moves: Vec<String>,
    demo: bool,
}

fn parse_args(mut args: impl Iterator<Item = String>) -> Result<Args, String> {
    let mut a = Args { variant: Variant::Xiangqi, fen: None, rules: None, moves: Vec::new(), demo: false };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-h" | "--help" => return Err(String::new()),
            "--variant" => {
                let v = args.next().ok_or("--variant needs a value")?;
                a.variant = v.parse().map_err(|e| format!("--variant: {e}"))?;
            }
            "--fen" => a.fen = Some(args.next().ok_or("--fen needs a value")?),
            "--rules" => a.rules = Some(args.next().ok_or("--rules needs a value")?),
            "--demo" => a.demo = true,
            m if !m.starts_with("--") => a.moves.push(m.to_string()),
            other => return Err(format!("unexpected argument {other:?}")),
        }
    }
    if !a.demo && a.moves.is_empty() {
        return Err("no moves given".to_string());
    }
    Ok(a)
}

/// The rules for `variant`, with `name` (if any) choosing how games end.
fn rules(variant: Variant, name: Option<&str>) -> Result<Rules, String> {
    let mut rules = Rules::for_variant(variant);
    if let Some(name) = name {
        match variant {
            Variant::Xiangqi => rules.xiangqi = name.parse::<XiangqiRules>().map_err(|e| format!("--rules: {e}"))?,
            Variant::Janggi => rules.janggi = name.parse::<JanggiRules>().map_err(|e| format!("--rules: {e}"))?,
        }
    }
    Ok(rules)
}

/// Plays `moves` from `start` and prints each move and the verdict.
fn replay(start: Position, rules: Rules, moves: &[&str]) -> Result<(), String> {
    let variant = start.variant();
    // The notation every move reads in; else the first move's, so that the replay stops at
    // the first bad move with its own error.
    let notation = Notation::detect(&start, moves)
        .or_else(|| Notation::detect(&start, &moves[..1]))
        .ok_or_else(|| format!("move 1 ({}) is not a legal move in any notation chuhan reads", moves[0]))?;
    let mut game = Game::new(start, rules);
    for (i, text) in moves.iter().enumerate() {
        let m = notation.parse(game.position(), text).map_err(|e| format!("move {}: {e}", i + 1))?;
        let written = Notation::Uci.format(game.position(), m);
        let ended = game.play(m).map_err(|e| format!("move {} ({text}): {e}", i + 1))?.is_some();
        println!("{:>3}. {text} ({written})", i + 1);
        if ended && i + 1 < moves.len() {
            println!("     the game ended here; the {} moves after it are not played", moves.len() - i - 1);
            break;
        }
    }
    match game.outcome() {
        Some(o) => println!("{}", o.describe(variant)),
        None => {
            let pos = game.position();
            let check = if pos.is_check() { ", in check" } else { "" };
            let side = pos.turn().name(variant);
            let side = side[..1].to_uppercase() + &side[1..];
            println!("Not over: {side} to move{check} ({})", pos.to_fen());
        }
    }
    Ok(())
}

fn demo() -> Result<(), String> {
    println!("A perpetual check: Red's chariot checks on every move, the general steps aside.");
    let start =
        Position::from_fen(Variant::Xiangqi, "4k4/9/9/9/9/9/9/9/9/3K1R3 w - - 0 1").map_err(|e| e.to_string())?;
    replay(
        start,
        Rules::for_variant(Variant::Xiangqi),
        &"f0e0 e9f9 e0f0 f9e9 f0e0 e9f9 e0f0 f9e9".split(' ').collect::<Vec<_>>(),
    )?;
    println!();
    println!("An idle repetition: both horses go out and back twice.");
    replay(
        Position::new(Variant::Xiangqi),
        Rules::for_variant(Variant::Xiangqi),
        &"马二进三 马８进７ 马三退二 马７退８ 马二进三 马８进７ 马三退二 马７退８".split(' ').collect::<Vec<_>>(),
    )
}

fn run(args: Args) -> Result<(), String> {
    if args.demo {
        return demo();
    }
    let rules = rules(args.variant, args.rules.as_deref())?;
    let start = match &args.fen {
        Some(fen) => Position::from_fen(args.variant, fen).map_err(|e| e.to_string())?,
        None => Position::new(args.variant),
    };
    let moves: Vec<&str> = args.moves.iter().map(String::as_str).collect();
    replay(start, rules, &moves)
}

fn main() -> ExitCode {
    let args = match parse_args(std::env::args().skip(1)) {
        Ok(a) => a,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("replay_and_judge: {e}\n");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    match run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("replay_and_judge: {e}");
            ExitCode::from(2)
        }
    }
}
