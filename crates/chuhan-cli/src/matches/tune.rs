//! `chuhan tune`: SPSA tuning of an engine's numeric options through games refereed like
//! `chuhan match`'s ([`super::spsa`] holds the method).
//!
//! Each step draws a direction, starts the engine twice per worker (θ + cΔ and θ − cΔ, set by
//! `setoption`), plays one pair of games per worker (one opening, colours swapped), updates θ,
//! and saves the run. A run that stops (Ctrl-C, a lost machine) goes on from its saved file
//! with the same command; a finished run prints its values.

use super::game_args::GameArgs;
use super::openings::{self, Opening};
use super::referee::{self, Adjudication, GameSettings};
use super::shuffle;
use super::spsa::{Param, Run, Step};
use anyhow::{bail, Context, Result};
use chuhan_engine::external::{Engine, EngineSpec};
use clap::Args;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

#[derive(Args)]
pub struct TuneArgs {
    /// The engine: a SPEC as `chuhan match --engine` reads it. chuhan-engine's search
    /// parameters (RfpMargin, LmrBase, …) are listed with `arg=--tune`.
    #[arg(long, value_name = "SPEC")]
    engine: String,
    /// A parameter, fishtest's format: `NAME, int|float, START, MIN, MAX, C_END, R_END`
    /// (C_END: the last steps' perturbation; R_END: the last steps' learning rate as a share of
    /// C_END²; 0.002 is usual). Repeat for several.
    #[arg(long = "param", value_name = "LINE")]
    params: Vec<String>,
    /// A file of parameter lines as --param reads them (`#` starts a comment).
    #[arg(long = "params", value_name = "FILE")]
    params_file: Option<PathBuf>,
    /// Game pairs in the whole run (the schedule's length; fishtest's runs have tens of
    /// thousands).
    #[arg(long, default_value_t = 1000)]
    pairs: u64,
    #[command(flatten)]
    game: GameArgs,
    /// Random legal moves after each opening, drawn anew for every pair.
    #[arg(long, default_value_t = 2)]
    random_plies: usize,
    /// Game pairs played at once, each by its own two engine processes: one step plays this
    /// many pairs with one direction.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    concurrency: u32,
    /// Draws the directions, the order of the openings and their random moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The run, saved after every step and resumed from when it exists.
    #[arg(long, default_value = "tune.json")]
    state: PathBuf,
}

pub fn run(args: TuneArgs) -> Result<()> {
    let variant = args.game.variant;
    let base: EngineSpec = args.engine.parse().map_err(anyhow::Error::from)?;
    let mut params = Vec::new();
    if let Some(path) = &args.params_file {
        let text = std::fs::read_to_string(path).with_context(|| format!("cannot read --params {}", path.display()))?;
        for (n, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if !line.is_empty() {
                params.push(Param::parse(line).with_context(|| format!("{} line {}", path.display(), n + 1))?);
            }
        }
    }
    for line in &args.params {
        params.push(Param::parse(line).context("--param")?);
    }
    let fresh = Run::new(params, args.pairs, args.seed)?;
    let mut run = if args.state.exists() {
        let saved = Run::load(&args.state)?;
        saved.check_resumes(&fresh).with_context(|| format!("--state {}", args.state.display()))?;
        println!("Resuming {} at pair {} of {}.", args.state.display(), saved.pairs_done, saved.pairs_total);
        saved
    } else {
        fresh
    };

    let rules = args.game.rules()?;
    let settings = Arc::new(args.game.settings(Adjudication::default())?);
    let mut book = args.game.book()?;
    shuffle(&mut book, args.seed);

    // The engine must start, and announce every parameter: a misspelt name would be tuned
    // as noise for hours.
    let engine = Engine::start(&base, variant, settings.hang_timeout)
        .with_context(|| format!("engine {:?} cannot start", base.name))?;
    let missing: Vec<&str> = run.params.iter().map(|p| p.name.as_str()).filter(|n| !engine.announces(n)).collect();
    engine.quit();
    if !missing.is_empty() {
        bail!(
            "the engine does not list the option(s) {missing:?} (chuhan-engine lists its search parameters \
             with arg=--tune in the engine's SPEC)"
        );
    }

    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = stop.clone();
        let _ = ctrlc::set_handler(move || {
            if stop.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
        });
    }
    let started = Instant::now();
    let first = run.pairs_done;
    while !run.finished() {
        let pairs = (args.concurrency as u64).min(run.pairs_total - run.pairs_done) as usize;
        let step = run.step();
        let chosen: Vec<Opening> =
            (0..pairs).map(|j| book[(run.pairs_done as usize + j) % book.len()].clone()).collect();
        let step_openings = if args.random_plies > 0 {
            let seed = args.seed ^ run.pairs_done.wrapping_mul(0x2545_F491_4F6C_DD1D);
            openings::with_random_plies(&chosen, pairs, args.random_plies, seed, variant, rules)
        } else {
            chosen
        };
        let Some((wins, draws, losses)) = play_step(&base, &run, &step, &step_openings, &settings, &stop)? else {
            println!("Stopped: the step under way is dropped; {} holds pair {}.", args.state.display(), run.pairs_done);
            return Ok(());
        };
        run.update(&step, pairs as u64, wins, draws, losses);
        run.save(&args.state)?;
        let values: Vec<String> = run.params.iter().map(|p| format!("{} {:.2}", p.name, p.theta)).collect();
        let rate = (run.pairs_done - first) as f64 / started.elapsed().as_secs_f64().max(1e-9) * 3600.0;
        println!(
            "pairs {}/{}  +{} ={} -{}  {}  ({:.0} pairs/hour)",
            run.pairs_done,
            run.pairs_total,
            wins,
            draws,
            losses,
            values.join("  "),
            rate
        );
    }
    let [w, d, l] = run.wdl;
    println!("Finished {} pairs (θ+ against θ−: +{w} ={d} -{l}). The tuned values:", run.pairs_total);
    for p in &run.params {
        println!("{}={}  (start {})", p.name, p.engine_value(p.theta), p.engine_value(p.start));
    }
    let options: Vec<String> =
        run.params.iter().map(|p| format!("option.{}={}", p.name, p.engine_value(p.theta))).collect();
    println!("For chuhan match: --engine {},{}", args.engine, options.join(","));
    Ok(())
}

/// Plays one step: a pair of games per opening, each in its own thread with its own two
/// engine processes. θ+'s wins, draws and losses, or `None` once `stop` is raised.
fn play_step(
    base: &EngineSpec,
    run: &Run,
    step: &Step,
    book: &[Opening],
    settings: &GameSettings,
    stop: &AtomicBool,
) -> Result<Option<(u64, u64, u64)>> {
    let side = |name: &str, values: &[f64]| {
        let mut spec = base.clone();
        spec.name = name.to_string();
        for (p, &v) in run.params.iter().zip(values) {
            spec.options.push((p.name.clone(), p.engine_value(v)));
        }
        spec
    };
    let specs = [side("plus", &step.plus), side("minus", &step.minus)];
    let results: Vec<Result<Option<[f64; 2]>>> = std::thread::scope(|scope| {
        let handles: Vec<_> = book
            .iter()
            .map(|opening| {
                let specs = &specs;
                scope.spawn(move || -> Result<Option<[f64; 2]>> {
                    let mut engines = [None, None];
                    for (slot, spec) in engines.iter_mut().zip(specs) {
                        *slot = Some(
                            Engine::start(spec, settings.variant, settings.hang_timeout)
                                .with_context(|| format!("engine {:?} cannot start", spec.name))?,
                        );
                    }
                    let [plus, minus] = &mut engines;
                    let mut points = [0.0; 2];
                    for (g, slot) in points.iter_mut().enumerate() {
                        let (red, black, names) = if g == 0 {
                            (&mut *plus, &mut *minus, ["plus", "minus"])
                        } else {
                            (&mut *minus, &mut *plus, ["minus", "plus"])
                        };
                        let Some(record) =
                            referee::play_game(settings, opening, [red, black], names, [None, None], stop)
                        else {
                            return Ok(None);
                        };
                        *slot = if g == 0 { record.red_points() } else { 1.0 - record.red_points() };
                    }
                    for e in engines.into_iter().flatten() {
                        e.quit();
                    }
                    Ok(Some(points))
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or_else(|_| bail!("a game's thread panicked"))).collect()
    });
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for result in results {
        let Some(points) = result? else { return Ok(None) };
        for p in points {
            match p {
                x if x > 0.75 => wins += 1,
                x if x < 0.25 => losses += 1,
                _ => draws += 1,
            }
        }
    }
    if stop.load(Ordering::SeqCst) {
        return Ok(None);
    }
    Ok(Some((wins, draws, losses)))
}
