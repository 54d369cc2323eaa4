//! `chuhan-train collection`: a collection of xiangqi games for the database benchmarks
//! (BENCHMARKS.md, "Database"): engine self-play at a low node budget, written as PGN.

use crate::{opening, parallel, progress};
use anyhow::{Context, Result};
use chuhan::game::{Game, GameResult, Rules};
use chuhan::notation::Notation;
use chuhan::{Move, Position, Variant};
use chuhan_engine::eval::Classic;
use chuhan_engine::nnue::train::Rng;
use chuhan_engine::search::{search, Limits, Shared};
use chuhan_record::tree::{Line, Node};
use chuhan_record::{Record, RecordResult};
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

/// `collection --help`.
pub const ABOUT: &str = "\
A collection of xiangqi games for the database benchmarks: engine self-play at a low node budget,
written as PGN.

Game g is played from a generator seeded with (seed, g), so a run is deterministic from the seed
whatever the number of threads (games are written in order): the first 4 to 8 plies of an
opening picked from chuhan-cli's opening book (the first plies of master games), half the time
one random legal move after them, then chuhan's search to --depth plies (1 by default: a
one-ply search and its quiescence, a few hundred nodes a move) or, with --nodes, at between
half and twice that many nodes a move (picked per game; a search always finishes its first
iteration and counts nodes by the thousand, so this is never cheaper than depth 1). Within the
first 40 plies, one move in 12 is a random legal move instead, so that games from one opening
part ways. A game ends by the rules, by adjudication (a score beyond ±2500 for 8 plies in a
row), or as a draw after 300 plies. Each game gets made-up players (from a pool of 2,000), Elo
ratings, a date and an event, so that the explorer's \"best-known games\" and \"last year
played\" have something to sort on.";

/// The opening book: one line of coordinate moves a line.
const OPENINGS: &str = include_str!("../../chuhan-cli/data/openings-xiangqi.txt");

#[derive(clap::Args)]
pub struct Args {
    /// The PGN file to write (replaced)
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Games to play
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Search depth a move (1 to 20)
    #[arg(long, default_value_t = 1)]
    depth: u64,
    /// Nodes searched a move, on average, instead of a depth (at least 2)
    #[arg(long)]
    nodes: Option<u64>,
    /// Games played at once (at least 1)
    #[arg(long, default_value_t = 1)]
    threads: u64,
    /// The run's seed
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// How each game is searched, the arguments read.
struct Setup {
    depth: i32,
    nodes: Option<u64>,
    seed: u64,
}

pub fn run(a: Args) -> Result<()> {
    let openings = opening::book(OPENINGS)?;
    // As before the move to clap: out-of-range values are brought in range, not refused.
    let setup = Setup { depth: a.depth.clamp(1, 20) as i32, nodes: a.nodes.map(|n| n.max(2)), seed: a.seed };
    let threads = a.threads.max(1) as usize;
    let name = a.out.display();
    let file = std::fs::File::create(&a.out).with_context(|| format!("--out {name}"))?;
    let mut file = std::io::BufWriter::with_capacity(1 << 20, file);
    let start = Instant::now();
    let bar = progress::bar(a.games, "{bar:30} game {pos}/{len}  {per_sec}  [{elapsed_precise}, {eta} left]");
    let mut written = 0u64;
    let play = |g| play_game(&setup, &openings, g);
    parallel::in_order(threads, 0..a.games, play, |_, pgn| {
        file.write_all(&pgn).and_then(|_| file.write_all(b"\n")).with_context(|| format!("--out {name}"))?;
        written += 1;
        bar.set_position(written);
        Ok(())
    })?;
    file.flush().with_context(|| format!("--out {name}"))?;
    bar.finish_and_clear();
    let secs = start.elapsed().as_secs_f64();
    eprintln!("{name}: {written} games, {:.0} games/s, {secs:.0} s", written as f64 / secs.max(1e-3));
    Ok(())
}

/// Plays game `g` and returns it as PGN.
fn play_game(a: &Setup, openings: &[Vec<Move>], g: u64) -> Vec<u8> {
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
    let mut decisive = parallel::Decisive::default();
    let mut result = None;
    while game.outcome().is_none() && game.ply() < 300 {
        let pos = game.position().clone();
        if game.ply() < 40 && rng.below(12) == 0 {
            let legal = pos.legal_moves();
            if !legal.is_empty() && game.play(legal[rng.below(legal.len())]).is_ok() {
                decisive.reset();
                continue;
            }
        }
        let report = search(&pos, &shared, &Classic, &limits, 1, |_| {});
        let Some(&m) = report.pv.first() else { break };
        let raw = report.score.raw();
        if let Some(r) = decisive.after(raw, pos.turn()) {
            result = Some(r);
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
        GameResult::Draw => RecordResult::Draw,
        GameResult::Win(chuhan::Side::First) => RecordResult::RedWins,
        GameResult::Win(chuhan::Side::Second) => RecordResult::BlackWins,
    };
    record.main = Line { comment: None, nodes: game.moves().map(Node::new).collect() };
    let mut out = Vec::new();
    // Writing to memory does not fail; a game the writer refused would be a bug, said so.
    if let Err(e) = chuhan_record::pgn::write_game(&mut out, &record, Notation::Uci) {
        eprintln!("chuhan-train collection: game {g}: {e}");
        out.clear();
    }
    out
}
