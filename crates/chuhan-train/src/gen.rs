//! `chuhan-train gen`: the network's training data. Self-play games at a fixed node budget,
//! every position written with the search's score and the game's result
//! (`chuhan_engine::nnue::data`).

use crate::{opening, parallel, progress, Game};
use anyhow::{anyhow, Context, Result};
use chuhan::game::{Game as Play, GameResult, Rules};
use chuhan::{JanggiFormation, JanggiSetup, Move, Position, Variant};
use chuhan_engine::eval::{Classic, Evaluate};
use chuhan_engine::nnue::data::{self, Record, CAPTURE, IN_CHECK, NEAR_RULE_END};
use chuhan_engine::nnue::train::Rng;
use chuhan_engine::nnue::{Network, Nnue};
use chuhan_engine::search::{search, Limits, Shared};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

/// `gen --help`.
pub const ABOUT: &str = "\
Self-play games at a fixed node budget, every position written with the search's score and the
game's result: the network's training data (chuhan_engine::nnue::data).

Game g is played from an opening picked by a generator seeded with (seed, g) (from the
--openings file, or the start position; in janggi a random pair of formations when no file is
given), then up to --random-plies random legal moves, so runs are deterministic from the seed
whatever the number of threads: games are written in order. Running again with the same --out
resumes after the last whole game in the file. A game ends by the rules, by adjudication (a
score beyond ±2500 for 8 plies in a row), or as a draw after 400 plies.";

#[derive(clap::Args)]
pub struct Args {
    /// The data file (resumed if it exists)
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// The game
    #[arg(long, value_enum, default_value_t = Game::Xiangqi)]
    variant: Game,
    /// Games to play in all
    #[arg(long, default_value_t = 100)]
    games: u32,
    /// Nodes searched per move (at least 1)
    #[arg(long, default_value_t = 5000)]
    nodes: u64,
    /// Games played at once (1 to 64)
    #[arg(long, default_value_t = 1)]
    threads: u64,
    /// The run's seed
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Up to N random moves after the opening
    #[arg(long, value_name = "N", default_value_t = 4)]
    random_plies: usize,
    /// Openings, one a line: coordinate moves, or FEN [moves ...] (chuhan-cli's data/)
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// Play with this network instead of the hand-written evaluation
    #[arg(long, value_name = "FILE")]
    net: Option<PathBuf>,
}

/// What a game needs, the arguments read.
struct Setup {
    variant: Variant,
    nodes: u64,
    seed: u64,
    random_plies: usize,
    openings: Vec<(Position, Vec<Move>)>,
}

pub fn run(a: Args) -> Result<()> {
    let variant = Variant::from(a.variant);
    let openings = match &a.openings {
        Some(path) => opening::read_file(path, variant)?,
        None => Vec::new(),
    };
    let eval: Box<dyn Evaluate> = match &a.net {
        Some(path) => {
            let bytes = std::fs::read(path).with_context(|| format!("--net {}", path.display()))?;
            let net = Network::from_bytes(&bytes).with_context(|| format!("--net {}", path.display()))?;
            Box::new(Nnue::with([Arc::new(net)]))
        }
        None => Box::new(Classic),
    };
    // As before the move to clap: out-of-range values are brought in range, not refused.
    let setup = Setup { variant, nodes: a.nodes.max(1), seed: a.seed, random_plies: a.random_plies, openings };
    let threads = a.threads.clamp(1, 64) as usize;
    let out = &a.out;
    let name = out.display();

    let first = resume(out)?;
    let mut file =
        std::fs::OpenOptions::new().create(true).append(true).open(out).with_context(|| format!("--out {name}"))?;
    if first == 0 && file.metadata().with_context(|| format!("--out {name}"))?.len() == 0 {
        file.write_all(data::HEADER).with_context(|| format!("--out {name}"))?;
    }
    let start = Instant::now();
    let bar = progress::bar(a.games.into(), "{bar:30} game {pos}/{len}  {msg}  [{elapsed_precise}, {eta} left]");
    bar.set_position(first.min(a.games).into());
    let (mut written, mut positions) = (first, 0usize);
    // Game numbers are u32 in the data's resume logic; the range never goes past `a.games`.
    let play = |g: u64| play_game(&setup, &*eval, g as u32);
    parallel::in_order(threads, u64::from(first)..u64::from(a.games), play, |_, records: Vec<Record>| {
        let mut buf = Vec::with_capacity(records.len() * data::RECORD);
        records.iter().for_each(|r| r.write_to(&mut buf));
        file.write_all(&buf).with_context(|| format!("--out {name}"))?;
        positions += records.len();
        written += 1;
        let secs = start.elapsed().as_secs_f64();
        bar.set_position(written.into());
        bar.set_message(format!("{positions} positions  {:.0} positions/s", positions as f64 / secs.max(1e-3)));
        Ok(())
    })?;
    bar.finish_and_clear();
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "{name}: games {first} to {written} played, {positions} positions, {:.0} positions/s, {secs:.0} s",
        positions as f64 / secs.max(1e-3)
    );
    Ok(())
}

/// Plays game `g`; returns its records.
fn play_game(a: &Setup, eval: &dyn Evaluate, g: u32) -> Vec<Record> {
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
    let mut game = Play::new(start, rules);
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
    let mut decisive = parallel::Decisive::default();
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
        if let Some(r) = decisive.after(raw, pos.turn()) {
            result = Some(r);
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
fn resume(path: &Path) -> Result<u32> {
    let Ok(mut file) = std::fs::File::open(path) else { return Ok(0) };
    let name = path.display();
    let records = data::read_all(&mut file).map_err(|e| anyhow!("--out {name}: {e}"))?;
    let Some(last) = records.last().map(|r| r.game) else { return Ok(0) };
    // The last game may have been cut short by the interruption: play it again.
    let keep = records.iter().take_while(|r| r.game < last).count();
    let file = std::fs::OpenOptions::new().write(true).open(path).with_context(|| format!("--out {name}"))?;
    file.set_len((data::HEADER.len() + keep * data::RECORD) as u64).with_context(|| format!("--out {name}"))?;
    Ok(last)
}
