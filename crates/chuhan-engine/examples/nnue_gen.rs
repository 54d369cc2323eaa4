//! Generates training data for the network: self-play games at a fixed node budget, every
//! position written with the search's score and the game's result (`chuhan_engine::nnue::data`).
//!
//! ```text
//! cargo run --release -p chuhan-engine --example nnue_gen -- --variant xiangqi --games 200 \
//!     --nodes 5000 --threads 2 --seed 1 --openings crates/chuhan-cli/data/openings-xiangqi.txt \
//!     --out xiangqi.data
//! ```
//!
//! Game `g` is played from an opening picked by a generator seeded with `(seed, g)` (from the
//! `--openings` file, or the start position; in janggi a random pair of formations when no file
//! is given), then up to `--random-plies` random legal moves, so runs are deterministic from the
//! seed whatever the number of threads: games are written in order. Running again with the same
//! `--out` resumes after the last whole game in the file. A game ends by the rules, by
//! adjudication (a score beyond ±2500 for 8 plies in a row), or as a draw after 400 plies.

use chuhan::game::{Game, GameResult, Rules};
use chuhan::{JanggiFormation, JanggiSetup, Move, Position, Variant};
use chuhan_engine::eval::{Classic, Evaluate};
use chuhan_engine::nnue::data::{self, Record, CAPTURE, IN_CHECK, NEAR_RULE_END};
use chuhan_engine::nnue::train::Rng;
use chuhan_engine::nnue::{Network, Nnue};
use chuhan_engine::search::{search, Limits, Shared};
use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use std::time::Instant;

const USAGE: &str = "\
usage: nnue_gen --out FILE [--variant xiangqi|janggi] [--games N] [--nodes N] [--threads N]
                [--seed S] [--random-plies N] [--openings FILE] [--net FILE]

  --out FILE         the data file (resumed if it exists)
  --variant V        xiangqi (default) or janggi
  --games N          games to play in all (default 100)
  --nodes N          nodes searched per move (default 5000)
  --threads N        games played at once (default 1)
  --seed S           the run's seed (default 1)
  --random-plies N   up to N random moves after the opening (default 4)
  --openings FILE    openings, one a line: coordinate moves, or FEN [moves ...] (chuhan-cli's data/)
  --net FILE         play with this network instead of the hand-written evaluation";

struct Args {
    out: String,
    variant: Variant,
    games: u32,
    nodes: u64,
    threads: usize,
    seed: u64,
    random_plies: usize,
    openings: Vec<(Position, Vec<Move>)>,
    net: Option<Arc<Network>>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = std::env::args().skip(1);
    let mut a = Args {
        out: String::new(),
        variant: Variant::Xiangqi,
        games: 100,
        nodes: 5000,
        threads: 1,
        seed: 1,
        random_plies: 4,
        openings: Vec::new(),
        net: None,
    };
    let mut openings = None;
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag} needs a value"));
        let num = |v: String| v.parse::<u64>().map_err(|_| format!("{flag}: {v:?} is not a number"));
        match flag.as_str() {
            "--out" => a.out = value()?,
            "--variant" => {
                a.variant = match value()?.as_str() {
                    "xiangqi" => Variant::Xiangqi,
                    "janggi" => Variant::Janggi,
                    v => return Err(format!("--variant: {v:?} is neither xiangqi nor janggi")),
                }
            }
            "--games" => a.games = num(value()?)? as u32,
            "--nodes" => a.nodes = num(value()?)?.max(1),
            "--threads" => a.threads = num(value()?)?.clamp(1, 64) as usize,
            "--seed" => a.seed = num(value()?)?,
            "--random-plies" => a.random_plies = num(value()?)? as usize,
            "--openings" => openings = Some(value()?),
            "--net" => {
                let path = value()?;
                let bytes = std::fs::read(&path).map_err(|e| format!("--net {path}: {e}"))?;
                a.net = Some(Arc::new(Network::from_bytes(&bytes).map_err(|e| format!("--net {path}: {e}"))?));
            }
            "--help" | "-h" => return Err(String::new()),
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    if a.out.is_empty() {
        return Err("--out is required".into());
    }
    if let Some(path) = openings {
        let text = std::fs::read_to_string(&path).map_err(|e| format!("--openings {path}: {e}"))?;
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            a.openings.push(parse_opening(line, a.variant).map_err(|e| format!("{path}, line {}: {e}", i + 1))?);
        }
    }
    Ok(a)
}

/// One line of an openings file: coordinate moves from the start, or `FEN [moves ...]`.
fn parse_opening(line: &str, variant: Variant) -> Result<(Position, Vec<Move>), String> {
    let (pos, moves) = match line.split_once(" moves ") {
        Some((fen, moves)) if fen.contains('/') => {
            (Position::from_fen(variant, fen).map_err(|e| e.to_string())?, moves)
        }
        None if line.contains('/') => (Position::from_fen(variant, line).map_err(|e| e.to_string())?, ""),
        _ => (Position::new(variant), line),
    };
    let mut p = pos.clone();
    let mut list = Vec::new();
    for w in moves.split_whitespace() {
        let m: Move = w.parse().map_err(|_| format!("{w:?} is not a move"))?;
        if !p.is_legal(m) {
            return Err(format!("{w} is not legal here"));
        }
        p.play_unchecked(m);
        list.push(m);
    }
    Ok((pos, list))
}

/// Plays game `g`; returns its records.
fn play_game(a: &Args, eval: &dyn Evaluate, g: u32) -> Vec<Record> {
    let mut rng = Rng::new(a.seed.wrapping_mul(1_000_003) ^ (g as u64).wrapping_mul(0x9e37_79b9));
    let (start, moves) = if !a.openings.is_empty() {
        a.openings[rng.below(a.openings.len())].clone()
    } else if a.variant == Variant::Janggi {
        let f = JanggiFormation::ALL;
        let setup = JanggiSetup { cho: f[rng.below(f.len())], han: f[rng.below(f.len())] };
        (setup.position(), Vec::new())
    } else {
        (Position::new(a.variant), Vec::new())
    };
    let rules = Rules::for_variant(a.variant);
    let mut game = Game::new(start, rules);
    for m in moves {
        if game.play(m).is_err() {
            return Vec::new();
        }
    }
    for _ in 0..rng.below(a.random_plies + 1) {
        let legal = game.position().legal_moves();
        if legal.is_empty() || game.outcome().is_some() {
            return Vec::new();
        }
        let m = legal[rng.below(legal.len())];
        if game.play(m).is_err() || game.outcome().is_some() {
            return Vec::new();
        }
    }
    let shared = Shared::new(4);
    let limits = Limits { nodes: Some(a.nodes), move_limit: rules.move_limit.unwrap_or(0), ..Limits::default() };
    let mut records = Vec::new();
    let mut seen = vec![game.position().hash()];
    let mut decisive_run = 0;
    let mut result = None;
    while game.outcome().is_none() && game.ply() < 400 {
        let pos = game.position().clone();
        let report = search(&pos, &shared, eval, &limits, 1, |_| {});
        let Some(&m) = report.pv.first() else { break };
        let raw = report.score.raw();
        let mut flags = 0;
        if pos.is_check() {
            flags |= IN_CHECK;
        }
        if !m.is_pass() && pos.piece_at(m.to).is_some() {
            flags |= CAPTURE;
        }
        let near_limit = limits.move_limit > 0 && pos.halfmove_clock() + 20 >= 2 * limits.move_limit;
        if near_limit || seen[..seen.len() - 1].contains(&pos.hash()) {
            flags |= NEAR_RULE_END;
        }
        let score = raw.clamp(i16::MIN as i32 + 1, i16::MAX as i32) as i16;
        records.push(Record::new(&pos, flags, score, 1, g));
        decisive_run = if raw.abs() >= 2500 { decisive_run + 1 } else { 0 };
        if decisive_run >= 8 {
            result = Some(if raw > 0 { GameResult::Win(pos.turn()) } else { GameResult::Win(!pos.turn()) });
            break;
        }
        if game.play(m).is_err() {
            break;
        }
        seen.push(game.position().hash());
    }
    let result = result.or(game.outcome().map(|o| o.result)).unwrap_or(GameResult::Draw);
    for r in &mut records {
        r.result = match result {
            GameResult::Draw => 1,
            GameResult::Win(side) if side == r.turn() => 2,
            GameResult::Win(_) => 0,
        };
    }
    records
}

/// The game to resume from, after trimming `path` to its last whole game but one.
fn resume(path: &str) -> Result<u32, String> {
    let Ok(mut file) = std::fs::File::open(path) else { return Ok(0) };
    let records = data::read_all(&mut file).map_err(|e| format!("{path}: {e}"))?;
    let Some(last) = records.last().map(|r| r.game) else { return Ok(0) };
    // The last game may have been cut short by the interruption: play it again.
    let keep = records.iter().take_while(|r| r.game < last).count();
    let file = std::fs::OpenOptions::new().write(true).open(path).map_err(|e| format!("{path}: {e}"))?;
    file.set_len((data::HEADER.len() + keep * data::RECORD) as u64).map_err(|e| format!("{path}: {e}"))?;
    Ok(last)
}

fn run(a: Args) -> Result<(), String> {
    let first = resume(&a.out)?;
    let mut file =
        std::fs::OpenOptions::new().create(true).append(true).open(&a.out).map_err(|e| format!("{}: {e}", a.out))?;
    if first == 0 && file.metadata().map_err(|e| e.to_string())?.len() == 0 {
        file.write_all(data::HEADER).map_err(|e| e.to_string())?;
    }
    let eval: Box<dyn Evaluate> = match &a.net {
        Some(net) => Box::new(Nnue::with([net.clone()])),
        None => Box::new(Classic),
    };
    let next = AtomicU32::new(first);
    let (tx, rx) = std::sync::mpsc::channel::<(u32, Vec<Record>)>();
    let start = Instant::now();
    std::thread::scope(|scope| -> Result<(), String> {
        for _ in 0..a.threads {
            let tx = tx.clone();
            let (a, eval, next) = (&a, &*eval, &next);
            scope.spawn(move || loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= a.games || tx.send((g, play_game(a, eval, g))).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        let mut pending = BTreeMap::new();
        let (mut written, mut positions) = (first, 0usize);
        for (g, records) in rx {
            pending.insert(g, records);
            while let Some(records) = pending.remove(&written) {
                let mut buf = Vec::with_capacity(records.len() * data::RECORD);
                records.iter().for_each(|r| r.write_to(&mut buf));
                file.write_all(&buf).map_err(|e| format!("{}: {e}", a.out))?;
                positions += records.len();
                written += 1;
                let secs = start.elapsed().as_secs_f64();
                eprint!(
                    "\rgame {written}/{}  {positions} positions  {:.0} positions/s  {:.0} s   ",
                    a.games,
                    positions as f64 / secs.max(1e-3),
                    secs
                );
            }
        }
        eprintln!();
        Ok(())
    })
}

fn main() -> ExitCode {
    match parse_args().and_then(run) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.is_empty() => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("nnue_gen: {e}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}
