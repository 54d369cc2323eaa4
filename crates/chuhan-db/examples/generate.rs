//! Generates a collection of xiangqi games for the database benchmarks: engine self-play at a
//! low node budget, written as PGN.
//!
//! ```text
//! cargo run --release -p chuhan-db --example generate -- --games 100000 --depth 1 \
//!     --threads 2 --seed 1 --out games-100k.pgn
//! ```
//!
//! Game `g` is played from a generator seeded with `(seed, g)`, so a run is deterministic from
//! the seed whatever the number of threads (games are written in order): the first 4 to 8
//! plies of an opening picked from chuhan-cli's opening book (the first plies of master games),
//! half the time one random legal move after them, then chuhan's search to `--depth` plies (1
//! by default: a one-ply search and its quiescence, a few hundred nodes a move) or, with
//! `--nodes`, at between half and twice that many nodes a move (picked per game; a search
//! always finishes its first iteration and counts nodes by the thousand, so this is never
//! cheaper than depth 1). Within the first 40 plies, one move in 12 is a random legal move
//! instead, so that games from one opening part ways. A game ends by the rules, by adjudication (a score beyond ±2500 for 8 plies in a
//! row), or as a draw after 300 plies. Each game gets made-up players (from a pool of 2,000),
//! Elo ratings, a date and an event, so that the explorer's "best-known games" and "last year
//! played" have something to sort on.

use chuhan::game::{Game, GameResult, Rules};
use chuhan::notation::Notation;
use chuhan::{Move, Position, Variant};
use chuhan_engine::eval::Classic;
use chuhan_engine::nnue::train::Rng;
use chuhan_engine::search::{search, Limits, Shared};
use chuhan_record::tree::{Line, Node};
use chuhan_record::{Outcome, Record};
use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

const USAGE: &str = "\
usage: generate --out FILE [--games N] [--depth N | --nodes N] [--threads N] [--seed S]

  --out FILE     the PGN file to write (replaced)
  --games N      games to play (default 1000)
  --depth N      search depth a move (default 1)
  --nodes N      nodes searched a move, on average, instead of a depth
  --threads N    games played at once (default 1)
  --seed S       the run's seed (default 1)";

/// The opening book: one line of coordinate moves a line.
const OPENINGS: &str = include_str!("../../chuhan-cli/data/openings-xiangqi.txt");

struct Args {
    out: String,
    games: u64,
    depth: i32,
    nodes: Option<u64>,
    threads: usize,
    seed: u64,
}

fn parse_args() -> Result<Args, String> {
    let mut args = std::env::args().skip(1);
    let mut a = Args { out: String::new(), games: 1000, depth: 1, nodes: None, threads: 1, seed: 1 };
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag} needs a value"));
        let num = |v: String| v.parse::<u64>().map_err(|_| format!("{flag}: {v:?} is not a number"));
        match flag.as_str() {
            "--out" => a.out = value()?,
            "--games" => a.games = num(value()?)?,
            "--depth" => a.depth = num(value()?)?.clamp(1, 20) as i32,
            "--nodes" => a.nodes = Some(num(value()?)?.max(2)),
            "--threads" => a.threads = num(value()?)?.max(1) as usize,
            "--seed" => a.seed = num(value()?)?,
            "--help" | "-h" => return Err(String::new()),
            f => return Err(format!("unknown argument {f:?}")),
        }
    }
    if a.out.is_empty() {
        return Err("--out is required".into());
    }
    Ok(a)
}

/// The book's lines, as moves checked from the start.
fn openings() -> Result<Vec<Vec<Move>>, String> {
    let mut lines = Vec::new();
    for (i, line) in OPENINGS.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut pos = Position::new(Variant::Xiangqi);
        let mut moves = Vec::new();
        for text in line.split_whitespace() {
            let m: Move = text.parse().map_err(|e| format!("openings line {}: {text}: {e}", i + 1))?;
            pos.play(m).map_err(|e| format!("openings line {}: {text}: {e}", i + 1))?;
            moves.push(m);
        }
        lines.push(moves);
    }
    Ok(lines)
}

/// Plays game `g` and returns it as PGN.
fn play_game(a: &Args, openings: &[Vec<Move>], g: u64) -> Vec<u8> {
    let mut rng = Rng::new(a.seed.wrapping_mul(1_000_003) ^ g.wrapping_mul(0x9e37_79b9));
    let rules = Rules::for_variant(Variant::Xiangqi);
    let mut game = Game::new(Position::new(Variant::Xiangqi), rules);
    let line = &openings[rng.below(openings.len())];
    let plies = (4 + rng.below(5)).min(line.len());
    for &m in &line[..plies] {
        // Checked when the book was read.
        let _ = game.play(m);
    }
    if rng.below(2) == 1 {
        let legal = game.position().legal_moves();
        if !legal.is_empty() {
            let _ = game.play(legal[rng.below(legal.len())]);
        }
    }
    let (depth, nodes) = match a.nodes {
        Some(n) => (None, Some(n / 2 + rng.below((n * 3 / 2) as usize + 1) as u64)),
        None => (Some(a.depth), None),
    };
    let shared = Shared::new(1);
    let limits = Limits { depth, nodes, move_limit: rules.move_limit.unwrap_or(0), ..Limits::default() };
    let mut decisive_run = 0;
    let mut result = None;
    while game.outcome().is_none() && game.ply() < 300 {
        let pos = game.position().clone();
        if game.ply() < 40 && rng.below(12) == 0 {
            let legal = pos.legal_moves();
            if !legal.is_empty() && game.play(legal[rng.below(legal.len())]).is_ok() {
                decisive_run = 0;
                continue;
            }
        }
        let report = search(&pos, &shared, &Classic, &limits, 1, |_| {});
        let Some(&m) = report.pv.first() else { break };
        let raw = report.score.raw();
        decisive_run = if raw.abs() >= 2500 { decisive_run + 1 } else { 0 };
        if decisive_run >= 8 {
            result = Some(if raw > 0 { GameResult::Win(pos.turn()) } else { GameResult::Win(!pos.turn()) });
            break;
        }
        if game.play(m).is_err() {
            break;
        }
    }
    let result = result.or(game.outcome().map(|o| o.result)).unwrap_or(GameResult::Draw);
    let mut record = Record::new(Variant::Xiangqi);
    let h = &mut record.headers;
    h.set("Event", format!("chuhan self-play {} (seed {})", 1 + g / 10_000, a.seed));
    h.set("Date", format!("{}.{:02}.{:02}", 1990 + rng.below(36), 1 + rng.below(12), 1 + rng.below(28)));
    h.set("Round", (1 + g % 10_000).to_string());
    h.set("Red", format!("Player {:04}", rng.below(2000)));
    h.set("Black", format!("Player {:04}", rng.below(2000)));
    h.set("RedElo", (1800 + rng.below(800)).to_string());
    h.set("BlackElo", (1800 + rng.below(800)).to_string());
    record.outcome = match result {
        GameResult::Draw => Outcome::Draw,
        GameResult::Win(chuhan::Side::First) => Outcome::RedWins,
        GameResult::Win(chuhan::Side::Second) => Outcome::BlackWins,
    };
    record.main = Line { comment: None, nodes: game.moves().map(Node::new).collect() };
    let mut out = Vec::new();
    // Writing to memory does not fail; a game the writer refused would be a bug, said so.
    if let Err(e) = chuhan_record::pgn::write_game(&mut out, &record, Notation::Uci) {
        eprintln!("generate: game {g}: {e}");
        out.clear();
    }
    out
}

fn run(a: Args) -> Result<(), String> {
    let openings = openings()?;
    let file = std::fs::File::create(&a.out).map_err(|e| format!("{}: {e}", a.out))?;
    let mut file = std::io::BufWriter::with_capacity(1 << 20, file);
    let next = AtomicU64::new(0);
    let (tx, rx) = std::sync::mpsc::sync_channel::<(u64, Vec<u8>)>(1024);
    let start = Instant::now();
    std::thread::scope(|scope| -> Result<(), String> {
        for _ in 0..a.threads {
            let tx = tx.clone();
            let (a, openings, next) = (&a, &openings, &next);
            scope.spawn(move || loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= a.games || tx.send((g, play_game(a, openings, g))).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        // In game order, whatever thread finished first: the file is the same for a seed.
        let mut pending = BTreeMap::new();
        let mut written = 0u64;
        for (g, pgn) in rx {
            pending.insert(g, pgn);
            while let Some(pgn) = pending.remove(&written) {
                file.write_all(&pgn).and_then(|_| file.write_all(b"\n")).map_err(|e| format!("{}: {e}", a.out))?;
                written += 1;
                if written % 1000 == 0 || written == a.games {
                    let secs = start.elapsed().as_secs_f64();
                    eprint!(
                        "\rgame {written}/{}  {:.0} games/s  {secs:.0} s   ",
                        a.games,
                        written as f64 / secs.max(1e-3)
                    );
                }
            }
        }
        file.flush().map_err(|e| format!("{}: {e}", a.out))?;
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
            eprintln!("generate: {e}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}
