//! `chuhan match`: engine-versus-engine matches and tournaments, refereed by chuhan's rules.
//!
//! The main thread plans the games (pairings × openings × both colours), hands them to
//! `--concurrency` workers, and alone keeps the score, the PGN file and the progress bar, so
//! there is no shared mutable state beyond the job counter and the stop flag. Each worker owns
//! its engine processes and restarts one lazily after it failed. Ctrl-C and a decided SPRT
//! raise the stop flag: no new game starts, unfinished games are dropped, and everything
//! finished is already in the PGN.

mod game_args;
mod openings;
mod pgn;
mod progress;
mod referee;
mod spsa;
mod stats;
mod tune;

pub use tune::{run as tune, TuneArgs};

use anyhow::{bail, Context, Result};
use chuhan::notation::Notation;
use chuhan_engine::external::{Engine, EngineSpec};
use clap::Args;
use game_args::GameArgs;
use openings::Opening;
use referee::{Adjudication, GameRecord, GameSettings};
use stats::{Score, Sprt, SprtDecision};
use std::collections::HashMap;
use std::fs::OpenOptions;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};

#[derive(Args)]
pub struct MatchArgs {
    /// An engine: `cmd=PATH[,name=N][,proto=uci|ucci][,coords=uci|uci1][,option.NAME=VALUE]...
    /// [,arg=ARG][,dir=DIR][,time=ms|s]`. Give two or more; coords=uci1 (ranks 1–10) is chosen
    /// by itself for engines whose `id name` says Fairy-Stockfish.
    #[arg(long = "engine", value_name = "SPEC", required = true)]
    engines: Vec<String>,
    #[command(flatten)]
    game: GameArgs,
    /// Games per pairing (each opening is played twice, colours swapped).
    #[arg(long, default_value_t = 2)]
    games: u32,
    /// Start every game from the standard position instead of the openings.
    #[arg(long, conflicts_with = "openings")]
    no_openings: bool,
    /// Keep at most this many plies of each opening (so whole games can serve as a book).
    #[arg(long)]
    opening_plies: Option<usize>,
    /// Shuffle the openings with this seed (default: in file order); also seeds --random-plies.
    #[arg(long)]
    seed: Option<u64>,
    /// After each opening, play this many random legal moves (never a pass, never one that ends
    /// the game), drawn anew for every pair of games from --seed: with few openings and
    /// deterministic engines (fixed nodes) every pair is still a game of its own. Random moves
    /// can spoil a position; keep it small (2 to 4).
    #[arg(long, default_value_t = 0)]
    random_plies: usize,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    concurrency: u32,
    /// Append every finished game to this PGN file.
    #[arg(long)]
    pgnout: Option<PathBuf>,
    /// Notation of the moves in the PGN: uci (default), wxf, iccs, chinese, ...
    #[arg(long, default_value = "uci")]
    notation: Notation,
    /// Stop when decided: `elo0=0,elo1=5,alpha=0.05,beta=0.05[,model=normalized|logistic]`
    /// (two engines only).
    #[arg(long)]
    sprt: Option<String>,
    /// With more than two engines: the first plays each of the others (default: round-robin).
    #[arg(long)]
    gauntlet: bool,
    /// Adjudicate a loss: `movecount=N,score=CP`: both engines see the score for N moves each.
    #[arg(long)]
    resign: Option<String>,
    /// Adjudicate a draw: `movenumber=M,movecount=N,score=CP`.
    #[arg(long)]
    draw: Option<String>,
    /// The PGN Event tag.
    #[arg(long, default_value = "chuhan match")]
    event: String,
}

/// One game to play.
#[derive(Clone, Debug)]
struct Job {
    /// 0-based number in the plan; the PGN round is this plus one.
    id: usize,
    /// Index of the pairing (a, b) with a < b in `--engine` order.
    pairing: usize,
    /// The pair of games (same opening, colours swapped) within the pairing.
    pair: usize,
    /// Engine indices: red (first mover), black.
    red: usize,
    black: usize,
    opening: usize,
}

pub fn run(args: MatchArgs) -> Result<()> {
    let variant = args.game.variant;
    let specs: Vec<EngineSpec> =
        args.engines.iter().map(|s| s.parse().map_err(anyhow::Error::from)).collect::<Result<_>>()?;
    if specs.len() < 2 {
        bail!("--engine: a match needs at least two engines, got {}", specs.len());
    }
    let mut seen = HashMap::new();
    for (i, s) in specs.iter().enumerate() {
        if let Some(j) = seen.insert(s.name.clone(), i) {
            bail!(
                "--engine: engines {} and {} are both named {:?}; add name=... to tell them apart",
                j + 1,
                i + 1,
                s.name
            );
        }
    }
    let tc = args.game.time_control()?;
    let sprt: Option<Sprt> = args.sprt.as_deref().map(str::parse).transpose()?;
    if sprt.is_some() && specs.len() != 2 {
        bail!("--sprt needs exactly two engines, got {}", specs.len());
    }
    let rules = args.game.rules()?;
    let settings = Arc::new(args.game.settings(adjudication(&args)?)?);
    let mut book = if args.no_openings { vec![Opening::start(variant)] } else { args.game.book()? };
    if let Some(plies) = args.opening_plies {
        for o in &mut book {
            o.moves.truncate(plies);
        }
    }
    if let Some(seed) = args.seed {
        shuffle(&mut book, seed);
    }

    // Every engine must start once before games are planned: a wrong path is a usage error.
    for spec in &specs {
        let e = Engine::start(spec, variant, settings.hang_timeout)
            .with_context(|| format!("engine {:?} cannot take part", spec.name))?;
        e.quit();
    }

    let pairings: Vec<(usize, usize)> = if args.gauntlet {
        (1..specs.len()).map(|j| (0, j)).collect()
    } else {
        (0..specs.len()).flat_map(|i| (i + 1..specs.len()).map(move |j| (i, j))).collect()
    };
    if args.random_plies > 0 {
        let pairs = (args.games as usize).div_ceil(2);
        book = openings::with_random_plies(&book, pairs, args.random_plies, args.seed.unwrap_or(0), variant, rules);
    }
    let jobs = plan(&pairings, args.games as usize, book.len());
    let total = jobs.len();

    let stop = Arc::new(AtomicBool::new(false));
    let interrupted = Arc::new(AtomicBool::new(false));
    {
        let (stop, interrupted) = (stop.clone(), interrupted.clone());
        // A second Ctrl-C ends at once; the first lets finished games be written.
        let _ = ctrlc::set_handler(move || {
            if interrupted.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
            stop.store(true, Ordering::SeqCst);
        });
    }

    let mut pgn_file = match &args.pgnout {
        Some(path) => Some(
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .with_context(|| format!("cannot open --pgnout {}", path.display()))?,
        ),
        None => None,
    };

    let jobs = Arc::new(jobs);
    let book = Arc::new(book);
    let specs = Arc::new(specs);
    let next = Arc::new(AtomicUsize::new(0));
    let (tx, rx) = mpsc::channel::<(Job, GameRecord)>();
    let mut workers = Vec::new();
    for w in 0..args.concurrency.min(total.max(1) as u32) {
        let (jobs, book, specs, next, stop, tx, settings) =
            (jobs.clone(), book.clone(), specs.clone(), next.clone(), stop.clone(), tx.clone(), settings.clone());
        let handle = std::thread::Builder::new()
            .name(format!("match worker {w}"))
            .spawn(move || worker(&jobs, &book, &specs, &next, &stop, &tx, &settings))
            .context("cannot start a worker thread")?;
        workers.push(handle);
    }
    drop(tx);

    let names: Vec<String> = specs.iter().map(|s| s.name.clone()).collect();
    let progress = progress::Progress::new(total as u64);
    let mut scores = vec![Score::default(); pairings.len()];
    let mut half_pairs: HashMap<(usize, usize), f64> = HashMap::new();
    let mut finished = 0usize;
    let date = today();
    let site = hostname();
    let mut sprt_result = None;
    let time_control = tc.pgn();
    for (job, record) in rx {
        if sprt_result.is_some() {
            // Decided: a game that ends after the decision is dropped like one still being
            // played (the worker may finish one before it sees the stop flag), so the result
            // is the one the test decided on, whatever the machine's load.
            continue;
        }
        finished += 1;
        let (a, _) = pairings[job.pairing];
        let a_points = if job.red == a { record.red_points() } else { 1.0 - record.red_points() };
        let score = &mut scores[job.pairing];
        score.add_game(a_points);
        if let Some(first) = half_pairs.remove(&(job.pairing, job.pair)) {
            score.add_pair(first + a_points);
        } else {
            half_pairs.insert((job.pairing, job.pair), a_points);
        }
        if let Some(f) = pgn_file.as_mut() {
            let header = pgn::PgnHeader {
                event: &args.event,
                site: &site,
                date: &date,
                round: job.id as u32 + 1,
                variant,
                time_control: &time_control,
            };
            let written = pgn::write_game(&header, &record, args.notation)
                .and_then(|text| f.write_all(text.as_bytes()).and_then(|_| f.flush()));
            if let Err(e) = written {
                progress.line(&format!("warning: cannot write the PGN: {e}"));
            }
        }
        progress.line(&format!(
            "Finished game {} ({} vs {}): {} {{{}}}",
            job.id + 1,
            record.red,
            record.black,
            chuhan_record::RecordResult::from(record.result),
            record.reason
        ));
        let first = &scores[0];
        let mut message = format!("{} vs {}: {}", names[pairings[0].0], names[pairings[0].1], wdl(first));
        if let Some(e) = first.elo() {
            message.push_str(&format!("  Elo {e}"));
        }
        if let Some(s) = &sprt {
            let llr = s.llr_pentanomial(&first.penta);
            message.push_str(&format!("  LLR {llr:.2}"));
            if first.pairs() > 0 && s.decide(llr) != SprtDecision::Continue {
                sprt_result = Some(s.decide(llr));
                stop.store(true, Ordering::SeqCst);
            }
        }
        progress.update(finished as u64, message);
    }
    for w in workers {
        let _ = w.join();
    }
    progress.finish();
    if let Some(f) = pgn_file.as_mut() {
        let _ = f.flush();
    }
    drop(pgn_file);

    // Summary.
    println!();
    if interrupted.load(Ordering::SeqCst) {
        println!("Interrupted: {finished} of {total} games finished and written.");
    }
    for (p, &(a, b)) in pairings.iter().enumerate() {
        let s = &scores[p];
        println!("Results of {} vs {} ({}, {}):", names[a], names[b], variant, time_control);
        let elo = match s.elo() {
            Some(e) => format!("Elo: {e}, nElo: {:.2}", e.nelo),
            None => "Elo: n/a".to_string(),
        };
        println!("{elo}, LOS: {:.2} %", s.los() * 100.0);
        println!(
            "Games: {}, Wins: {}, Draws: {}, Losses: {}, Points: {:.1} ({:.2} %)",
            s.games(),
            s.wins,
            s.draws,
            s.losses,
            s.points(),
            if s.games() > 0 { s.points() / s.games() as f64 * 100.0 } else { 0.0 }
        );
        println!("Ptnml(0-2): {:?}", s.penta);
        if let (Some(sp), 0) = (&sprt, p) {
            let (lo, hi) = sp.bounds();
            // Before the first pair completes, show the per-game figure rather than nothing.
            let llr =
                if s.pairs() > 0 { sp.llr_pentanomial(&s.penta) } else { sp.llr_trinomial(s.wins, s.draws, s.losses) };
            println!("LLR: {llr:.2} ({lo:.2}, {hi:.2}) [{:.2}, {:.2}]", sp.elo0, sp.elo1);
            match sprt_result {
                Some(SprtDecision::AcceptH1) => println!("SPRT: H1 accepted ({} is stronger)", names[a]),
                Some(SprtDecision::AcceptH0) => println!("SPRT: H0 accepted"),
                _ => println!("SPRT: undecided"),
            }
        }
    }
    if specs.len() > 2 {
        let mut table: Vec<(String, f64, u32)> = names.iter().map(|n| (n.clone(), 0.0, 0)).collect();
        for (p, &(a, b)) in pairings.iter().enumerate() {
            let s = &scores[p];
            table[a].1 += s.points();
            table[a].2 += s.games();
            table[b].1 += s.reversed().points();
            table[b].2 += s.games();
        }
        table.sort_by(|x, y| y.1.total_cmp(&x.1));
        println!("Standings:");
        for (rank, (name, points, games)) in table.iter().enumerate() {
            println!("{:>3}. {name:<24} {points:>6.1} / {games}", rank + 1);
        }
    }
    Ok(())
}

fn wdl(s: &Score) -> String {
    format!("+{} ={} -{}", s.wins, s.draws, s.losses)
}

/// The plan: for each pair of games, every pairing plays the opening with both colours.
fn plan(pairings: &[(usize, usize)], games: usize, openings: usize) -> Vec<Job> {
    let mut jobs = Vec::new();
    let pairs = games.div_ceil(2);
    for pair in 0..pairs {
        for (p, &(a, b)) in pairings.iter().enumerate() {
            for g in 0..2 {
                if pair * 2 + g >= games {
                    break;
                }
                let (red, black) = if g == 0 { (a, b) } else { (b, a) };
                jobs.push(Job { id: jobs.len(), pairing: p, pair, red, black, opening: pair % openings.max(1) });
            }
        }
    }
    jobs
}

fn worker(
    jobs: &[Job],
    book: &[Opening],
    specs: &[EngineSpec],
    next: &AtomicUsize,
    stop: &AtomicBool,
    tx: &mpsc::Sender<(Job, GameRecord)>,
    settings: &GameSettings,
) {
    let mut engines: Vec<Option<Engine>> = specs.iter().map(|_| None).collect();
    let mut start_errors: Vec<Option<String>> = specs.iter().map(|_| None).collect();
    while !stop.load(Ordering::SeqCst) {
        let i = next.fetch_add(1, Ordering::SeqCst);
        let Some(job) = jobs.get(i) else { break };
        for idx in [job.red, job.black] {
            if engines[idx].is_none() {
                match Engine::start(&specs[idx], settings.variant, settings.hang_timeout) {
                    Ok(e) => {
                        engines[idx] = Some(e);
                        start_errors[idx] = None;
                    }
                    Err(e) => start_errors[idx] = Some(e.to_string()),
                }
            }
        }
        let (red, black) = two_mut(&mut engines, job.red, job.black);
        let names = [specs[job.red].name.as_str(), specs[job.black].name.as_str()];
        let opening = &book[job.opening];
        let missing = [start_errors[job.red].as_deref(), start_errors[job.black].as_deref()];
        if let Some(record) = referee::play_game(settings, opening, [red, black], names, missing, stop) {
            if tx.send((job.clone(), record)).is_err() {
                break;
            }
        }
    }
    for e in engines.into_iter().flatten() {
        e.quit();
    }
}

/// Two distinct elements of a slice, mutably.
fn two_mut<T>(v: &mut [T], i: usize, j: usize) -> (&mut T, &mut T) {
    assert_ne!(i, j, "an engine cannot play itself in one slot");
    if i < j {
        let (a, b) = v.split_at_mut(j);
        (&mut a[i], &mut b[0])
    } else {
        let (a, b) = v.split_at_mut(i);
        (&mut b[0], &mut a[j])
    }
}

/// `key=value,...` into a map, naming the option in errors.
fn key_values<'a>(option: &str, text: &'a str) -> Result<HashMap<&'a str, i64>> {
    let mut map = HashMap::new();
    for part in text.split(',').filter(|p| !p.is_empty()) {
        let (k, v) = part.split_once('=').with_context(|| format!("{option} {text:?}: {part:?} is not key=value"))?;
        let v: i64 = v.parse().with_context(|| format!("{option} {text:?}: {k}={v:?} is not a whole number"))?;
        map.insert(k.trim(), v);
    }
    Ok(map)
}

fn adjudication(args: &MatchArgs) -> Result<Adjudication> {
    let mut adj = Adjudication::default();
    if let Some(text) = &args.resign {
        let m = key_values("--resign", text)?;
        let (Some(&count), Some(&score)) = (m.get("movecount"), m.get("score")) else {
            bail!("--resign {text:?}: expected movecount=N,score=CP");
        };
        adj.resign = Some((count.max(1) as u32, score.max(1) as i32));
    }
    if let Some(text) = &args.draw {
        let m = key_values("--draw", text)?;
        let (Some(&count), Some(&score)) = (m.get("movecount"), m.get("score")) else {
            bail!("--draw {text:?}: expected movenumber=M,movecount=N,score=CP");
        };
        let after = m.get("movenumber").copied().unwrap_or(0);
        adj.draw = Some((after.max(0) as u32, count.max(1) as u32, score.max(0) as i32));
    }
    Ok(adj)
}

/// A small deterministic generator (xorshift), enough to vary openings: the same seed gives the
/// same match on every machine.
pub(crate) struct Xorshift(u64);

impl Xorshift {
    pub(crate) fn new(seed: u64) -> Xorshift {
        Xorshift(seed ^ 0x9E37_79B9_7F4A_7C15)
    }

    /// A number below `n` (`n` > 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        let x = &mut self.0;
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        (*x % n as u64) as usize
    }
}

/// Shuffles the openings' order.
fn shuffle<T>(v: &mut [T], seed: u64) {
    let mut rng = Xorshift::new(seed);
    for i in (1..v.len()).rev() {
        v.swap(i, rng.below(i + 1));
    }
}

/// Today's date as PGN writes it (UTC).
fn today() -> String {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    chuhan_record::pgn::date(secs)
}

fn hostname() -> String {
    std::fs::read_to_string("/etc/hostname")
        .map(|s| s.trim().to_string())
        .ok()
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "?".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plan_pairs_openings_and_colours() {
        let jobs = plan(&[(0, 1)], 5, 2);
        let v: Vec<_> = jobs.iter().map(|j| (j.pair, j.red, j.black, j.opening)).collect();
        assert_eq!(v, vec![(0, 0, 1, 0), (0, 1, 0, 0), (1, 0, 1, 1), (1, 1, 0, 1), (2, 0, 1, 0)]);
        let jobs = plan(&[(0, 1), (0, 2), (1, 2)], 2, 10);
        assert_eq!(jobs.len(), 6);
        assert_eq!(jobs.iter().map(|j| j.pairing).collect::<Vec<_>>(), vec![0, 0, 1, 1, 2, 2]);
    }

    #[test]
    fn date_and_shuffle() {
        let d = today();
        assert_eq!(d.len(), 10);
        assert!(d.starts_with("20"));
        let mut v: Vec<u32> = (0..10).collect();
        shuffle(&mut v, 7);
        let mut sorted = v.clone();
        sorted.sort();
        assert_eq!(sorted, (0..10).collect::<Vec<_>>());
    }
}
