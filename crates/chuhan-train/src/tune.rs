//! `chuhan-train tune`: Texel tuning of the hand-written evaluation's weights on labelled games
//! (the method is described in [`ABOUT`], which `tune --help` prints).

use crate::progress;
use anyhow::{anyhow, Context, Result};
use chuhan::notation::Notation;
use chuhan::{Position, Variant};
use chuhan_engine::eval::features::{self, Sink, COUNT};
use chuhan_engine::eval::{weights_for, Classic};
use chuhan_engine::search::{search, Limits, Shared};
use chuhan_record::tools::{for_each_game, write_game, Format};
use chuhan_record::tree::RecordResult;
use std::io::Write;
use std::path::PathBuf;

/// `tune --help`.
pub const ABOUT: &str = "\
Texel tuning of the evaluation's weights on labelled games (PGN, XQF, DhtmlXQ, CBR/CBL).

Every quiet position of every finished game (not in check, reached by a quiet move and left by a
quiet move, from the 8th ply on) is labelled with the game's result: 1, 1/2 or 0 for the first
player. The evaluation is linear in its weights (chuhan_engine::eval::features), so the tuner
records each position's feature counts once and then fits the weights so that
1 / (1 + e^(-k·score)) predicts the results with the least squared error (Texel's method): first
the scale k for the current weights, then the weights by full-batch Adam, with a small pull
towards the starting weights so that features the data rarely shows stay put (keep it small: at
1e-6, the default until the fourth round, it held every weight near its start; 1e-8 is the
default now). One game in ten is held out to show whether the fit generalizes.

Game results are a noisy label: a position is lost or won by what happens fifty moves later.
With --scores, each position's label blends in a stronger engine's judgement of it
(scripts/label-positions.py writes those scores after --positions-out lists the positions): the
score becomes a win probability by the logistic that best fits the game results, and the label
is blend × that + (1 − blend) × result. Positions without a score are then left out.";

#[derive(clap::Args)]
#[command(group = clap::ArgGroup::new("games").required(true).multiple(true).args(["xiangqi", "janggi"]))]
pub struct Args {
    /// Xiangqi games to fit the xiangqi weights to
    #[arg(long, value_name = "FILES", num_args = 1.., action = clap::ArgAction::Append)]
    xiangqi: Vec<PathBuf>,
    /// Janggi games to fit the janggi weights to
    #[arg(long, value_name = "FILES", num_args = 1.., action = clap::ArgAction::Append)]
    janggi: Vec<PathBuf>,
    /// Adam steps over all positions (0 only measures)
    #[arg(long, value_name = "N", default_value_t = 2000)]
    iterations: usize,
    /// Adam's step size in centipawns
    #[arg(long, value_name = "R", default_value_t = 1.0)]
    rate: f32,
    /// Pull towards the starting weights
    #[arg(long, value_name = "P", default_value_t = 1e-8)]
    pull: f32,
    /// Judge games without a result by an N-node search of their last position (0 skips such
    /// games)
    #[arg(long, value_name = "N", default_value_t = 30_000)]
    adjudicate_nodes: u64,
    /// Write the games so judged, with their results, as PGN
    #[arg(long, value_name = "FILE")]
    label_out: Option<PathBuf>,
    /// Write the fitted weights as Rust (crates/chuhan-engine/src/eval/weights.rs)
    #[arg(long, value_name = "FILE")]
    write: Option<PathBuf>,
    /// List the quiet positions ("variant FEN" per line) for a reference engine to score
    /// (scripts/label-positions.py)
    #[arg(long, value_name = "FILE")]
    positions_out: Option<PathBuf>,
    /// List only every N-th position (at least 1)
    #[arg(long, value_name = "N", default_value_t = 1)]
    every: usize,
    /// Lines of "variant FEN", a tab, centipawns for the side to move: label each position by
    /// blending that score with the game's result; positions without a score are left out
    #[arg(long, value_name = "FILE")]
    scores: Option<PathBuf>,
    /// The reference score's share of the label, 0 to 1
    #[arg(long, value_name = "B", default_value_t = 0.7)]
    blend: f32,
}

/// One labelled position: its feature counts (sparse), phase and result.
struct Sample {
    start: u32,
    len: u16,
    /// Share of the opening weights, 0–1.
    opening: f32,
    /// The result for the first player: 1, 0.5 or 0.
    result: f32,
}

#[derive(Default)]
struct Data {
    samples: Vec<Sample>,
    features: Vec<(u16, i16)>,
    held_out: Vec<bool>,
    /// The reference engine's score of each sample for the first player (with `--scores`).
    judged: Vec<f32>,
}

/// What `load` does besides reading the games: list positions, or label them by scores.
struct Labels<'a> {
    /// Write every `every`-th quiet position here (`--positions-out`).
    out: Option<&'a mut std::fs::File>,
    every: usize,
    /// The reference engine's scores by "variant FEN", for the side to move (`--scores`).
    scores: Option<&'a std::collections::HashMap<String, f32>>,
    seen: usize,
}

/// Records feature counts into a dense scratch array.
struct Counter([i32; COUNT]);

impl Sink for Counter {
    fn add(&mut self, feature: usize, count: i32) {
        self.0[feature] += count;
    }
}

impl Data {
    fn push(&mut self, pos: &Position, result: f32, held_out: bool) {
        let mut c = Counter([0; COUNT]);
        features::trace(pos, &mut c);
        let start = self.features.len() as u32;
        for (i, &n) in c.0.iter().enumerate() {
            if n != 0 {
                self.features.push((i as u16, n as i16));
            }
        }
        let len = (self.features.len() as u32 - start) as u16;
        let opening = features::phase(pos) as f32 / features::PHASE_MAX as f32;
        self.samples.push(Sample { start, len, opening, result });
        self.held_out.push(held_out);
    }

    fn score(&self, s: &Sample, w: &[[f32; 2]]) -> f32 {
        let (mut o, mut e) = (0.0, 0.0);
        for &(i, n) in &self.features[s.start as usize..s.start as usize + s.len as usize] {
            o += w[i as usize][0] * n as f32;
            e += w[i as usize][1] * n as f32;
        }
        o * s.opening + e * (1.0 - s.opening)
    }

    /// Mean squared error over the training (or held-out) positions.
    fn error(&self, w: &[[f32; 2]], k: f32, held: bool) -> f64 {
        let (mut sum, mut n) = (0.0f64, 0usize);
        for (s, &h) in self.samples.iter().zip(&self.held_out) {
            if h == held {
                let p = sigmoid(k * self.score(s, w));
                sum += ((s.result - p) as f64).powi(2);
                n += 1;
            }
        }
        sum / n.max(1) as f64
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// Reads the games of `paths` and keeps their quiet positions.
fn load(
    variant: Variant,
    paths: &[PathBuf],
    adjudicate_nodes: u64,
    mut labelled: Option<std::fs::File>,
    labels: &mut Labels,
) -> Data {
    let mut data = Data::default();
    let (mut games, mut skipped, mut adjudicated) = (0usize, 0usize, 0usize);
    for path in paths {
        let bar = progress::bar(0, "{bar:30} {bytes}/{total_bytes}  {msg}  [{elapsed_precise}, {eta} left]");
        bar.set_message(path.display().to_string());
        let read = for_each_game(
            path,
            |g| {
                let Ok(game) = g else {
                    skipped += 1;
                    return;
                };
                let Ok(mut pos) = game.start_position() else {
                    skipped += 1;
                    return;
                };
                // Games lost to a crash or a protocol fault say nothing about the position.
                let faulted = game.headers.get("Termination").is_some_and(|t| t != "normal" && t != "adjudication");
                if pos.variant() != variant || faulted {
                    skipped += 1;
                    return;
                }
                let result = match game.outcome {
                    RecordResult::RedWins => 1.0,
                    RecordResult::BlackWins => 0.0,
                    RecordResult::Draw => 0.5,
                    RecordResult::Unknown => match adjudicate(&pos, &game.mainline_moves(), adjudicate_nodes) {
                        Some(r) => {
                            adjudicated += 1;
                            if let Some(out) = labelled.as_mut() {
                                let mut game = game.clone();
                                game.outcome = match r {
                                    1.0 => RecordResult::RedWins,
                                    0.0 => RecordResult::BlackWins,
                                    _ => RecordResult::Draw,
                                };
                                game.headers.set("Result", game.outcome.pgn());
                                game.headers
                                    .set("Annotator", format!("result judged by chuhan at {adjudicate_nodes} nodes"));
                                if let Ok(bytes) = write_game(&game, Format::Pgn, Notation::Uci) {
                                    let _ = out.write_all(&bytes);
                                }
                            }
                            r
                        }
                        None => {
                            skipped += 1;
                            return;
                        }
                    },
                };
                games += 1;
                let held_out = games % 10 == 0;
                let moves = game.mainline_moves();
                let mut last_capture = false;
                for (ply, &m) in moves.iter().enumerate() {
                    let capture = pos.piece_at(m.to).is_some();
                    if ply >= 8 && !capture && !last_capture && !pos.is_check() {
                        labels.seen += 1;
                        let key = || format!("{} {}", variant_name(variant), pos.to_fen());
                        if let Some(out) = labels.out.as_mut() {
                            if labels.seen.is_multiple_of(labels.every) {
                                let _ = writeln!(out, "{}", key());
                            }
                        }
                        match labels.scores {
                            None => data.push(&pos, result, held_out),
                            Some(scores) => {
                                if let Some(&score) = scores.get(&key()) {
                                    data.push(&pos, result, held_out);
                                    let first = if pos.turn() == chuhan::Side::First { score } else { -score };
                                    data.judged.push(first);
                                }
                            }
                        }
                    }
                    if pos.play(m).is_err() {
                        break;
                    }
                    last_capture = capture;
                }
            },
            |p| {
                bar.set_length(p.bytes_total);
                bar.set_position(p.bytes_done);
            },
        );
        bar.finish_and_clear();
        if let Err(e) = read {
            eprintln!("{}: {e}", path.display());
        }
    }
    eprintln!(
        "{variant:?}: {games} games ({adjudicated} judged by search, {skipped} skipped), {} positions, {:.1} features each",
        data.samples.len(),
        data.features.len() as f64 / data.samples.len().max(1) as f64
    );
    data
}

fn variant_name(variant: Variant) -> &'static str {
    match variant {
        Variant::Xiangqi => "xiangqi",
        Variant::Janggi => "janggi",
    }
}

/// Reads `--scores`: lines of `variant FEN<TAB>centipawns for the side to move`.
fn read_scores(path: &PathBuf) -> Result<std::collections::HashMap<String, f32>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut scores = std::collections::HashMap::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let (key, score) = line
            .split_once('\t')
            .ok_or_else(|| format!("{}, line {}: no tab before the score", path.display(), n + 1))?;
        let score: f32 = score
            .trim()
            .parse()
            .map_err(|_| format!("{}, line {}: {score:?} is not a score in centipawns", path.display(), n + 1))?;
        scores.insert(key.to_string(), score);
    }
    Ok(scores)
}

/// Turns the reference engine's scores into win probabilities by the logistic that best fits the
/// game results, and blends them into the labels.
fn blend_labels(data: &mut Data, blend: f32) {
    let error = |k: f32| -> f64 {
        data.samples.iter().zip(&data.judged).map(|(s, &j)| ((s.result - sigmoid(k * j)) as f64).powi(2)).sum()
    };
    let k = golden_minimum(0.0001, 0.05, error);
    eprintln!(
        "  reference scores: scale {k:.5}, their error against the results {:.6}; blend {blend}",
        error(k) / data.samples.len().max(1) as f64
    );
    for (s, &j) in data.samples.iter_mut().zip(&data.judged) {
        s.result = blend * sigmoid(k * j) + (1.0 - blend) * s.result;
    }
}

/// The result of a game without one (the master games carry no result tags), judged from its
/// last position by a search of `nodes` nodes: a side ahead by two soldiers or more won, a
/// level position (within one soldier) was drawn; anything between is left out.
fn adjudicate(start: &Position, moves: &[chuhan::Move], nodes: u64) -> Option<f32> {
    if nodes == 0 {
        return None;
    }
    let mut pos = start.clone();
    for &m in moves {
        pos.play(m).ok()?;
    }
    let limits = Limits { nodes: Some(nodes), ..Limits::default() };
    let report = search(&pos.with_history_cleared(), &Shared::new(16), &Classic, &limits, 1, |_| {});
    let first = if pos.turn() == chuhan::Side::First { report.score.raw() } else { -report.score.raw() };
    match first {
        s if s >= 200 => Some(1.0),
        s if s <= -200 => Some(0.0),
        s if s.abs() <= 100 => Some(0.5),
        _ => None,
    }
}

/// The scale `k` that best fits the current weights (a golden-section search on the error).
fn fit_scale(data: &Data, w: &[[f32; 2]]) -> f32 {
    golden_minimum(0.0005, 0.02, |k| data.error(w, k, false))
}

/// Where `f`, which falls then rises between `lo` and `hi`, is least (a golden-section search).
fn golden_minimum(mut lo: f32, mut hi: f32, f: impl Fn(f32) -> f64) -> f32 {
    for _ in 0..50 {
        let a = lo + (hi - lo) * 0.382;
        let b = lo + (hi - lo) * 0.618;
        if f(a) < f(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Fits the weights by full-batch Adam on the training positions.
fn fit(data: &Data, start: &[[i16; 2]; COUNT], iterations: usize, rate: f32, pull: f32) -> Vec<[f32; 2]> {
    let initial: Vec<[f32; 2]> = start.iter().map(|&[o, e]| [o as f32, e as f32]).collect();
    let mut w = initial.clone();
    let k = fit_scale(data, &w);
    eprintln!("  k = {k:.5}; start: train {:.6}, held out {:.6}", data.error(&w, k, false), data.error(&w, k, true));
    let (mut m, mut v) = (vec![[0f32; 2]; COUNT], vec![[0f32; 2]; COUNT]);
    let (b1, b2) = (0.9f32, 0.999f32);
    let train = data.held_out.iter().filter(|&&h| !h).count() as f32;
    let bar = progress::bar(iterations as u64, "{bar:30} iteration {pos}/{len}  [{elapsed_precise}, {eta} left]");
    for it in 1..=iterations {
        bar.set_position(it as u64 - 1);
        let mut grad = vec![[0f64; 2]; COUNT];
        for (s, &h) in data.samples.iter().zip(&data.held_out) {
            if h {
                continue;
            }
            let p = sigmoid(k * data.score(s, &w));
            let g = ((p - s.result) * p * (1.0 - p) * k) as f64;
            let (go, ge) = (g * s.opening as f64, g * (1.0 - s.opening) as f64);
            for &(i, n) in &data.features[s.start as usize..s.start as usize + s.len as usize] {
                grad[i as usize][0] += go * n as f64;
                grad[i as usize][1] += ge * n as f64;
            }
        }
        for i in 0..COUNT {
            for ph in 0..2 {
                let g = (2.0 * grad[i][ph] / train as f64) as f32 + pull * (w[i][ph] - initial[i][ph]);
                m[i][ph] = b1 * m[i][ph] + (1.0 - b1) * g;
                v[i][ph] = b2 * v[i][ph] + (1.0 - b2) * g * g;
                let mh = m[i][ph] / (1.0 - b1.powi(it as i32));
                let vh = v[i][ph] / (1.0 - b2.powi(it as i32));
                w[i][ph] -= rate * mh / (vh.sqrt() + 1e-8);
            }
        }
        if it % 50 == 0 || it == iterations {
            let norm: f64 = grad.iter().map(|g| g[0] * g[0] + g[1] * g[1]).sum::<f64>().sqrt();
            let line = format!(
                "  iteration {it}: train {:.6}, held out {:.6}, gradient {norm:.3e}",
                data.error(&w, k, false),
                data.error(&w, k, true)
            );
            bar.suspend(|| eprintln!("{line}"));
        }
    }
    bar.finish_and_clear();
    w
}

/// The weights file, both variants.
fn render(xiangqi: &[[i16; 2]; COUNT], janggi: &[[i16; 2]; COUNT], how: &str) -> String {
    let mut out = String::new();
    out.push_str("//! The evaluation's weights, [opening, ending] per feature of [`super::features`].\n//!\n");
    out.push_str("//! Written by the tuner (`chuhan-train tune`), not by hand:\n");
    for line in how.lines() {
        out.push_str(&format!("//! {line}\n"));
    }
    out.push_str("\nuse super::features::COUNT;\n");
    for (name, w) in [("XIANGQI", xiangqi), ("JANGGI", janggi)] {
        out.push_str(&format!("\n/// Weights for {}.\n#[rustfmt::skip]\n", name.to_lowercase()));
        out.push_str(&format!("pub const {name}: [[i16; 2]; COUNT] = [\n"));
        for chunk in w.chunks(8) {
            let row: Vec<String> = chunk.iter().map(|[o, e]| format!("[{o}, {e}],")).collect();
            out.push_str(&format!("    {}\n", row.join(" ")));
        }
        out.push_str("];\n");
    }
    out
}

pub fn run(a: Args) -> Result<()> {
    let every = a.every.max(1);
    let blend = a.blend.clamp(0.0, 1.0);
    let (iterations, rate, pull) = (a.iterations, a.rate, a.pull);
    let labelled = match &a.label_out {
        Some(path) => Some(std::fs::File::create(path).with_context(|| format!("--label-out {}", path.display()))?),
        None => None,
    };
    let scores = a.scores.as_ref().map(read_scores).transpose().map_err(|e| anyhow!("--scores: {e}"))?;
    let mut positions = match &a.positions_out {
        Some(path) => Some(std::fs::File::create(path).with_context(|| format!("--positions-out {}", path.display()))?),
        None => None,
    };
    let mut tuned = [*weights_for(Variant::Xiangqi), *weights_for(Variant::Janggi)];
    let mut how = String::new();
    for (i, (variant, paths)) in [(Variant::Xiangqi, &a.xiangqi), (Variant::Janggi, &a.janggi)].into_iter().enumerate()
    {
        if paths.is_empty() {
            continue;
        }
        // One file for both games' judged records (a handle each, appending in turn).
        let labelled = labelled.as_ref().and_then(|f: &std::fs::File| f.try_clone().ok());
        let mut labels = Labels { out: positions.as_mut(), every, scores: scores.as_ref(), seen: 0 };
        let mut data = load(variant, paths, a.adjudicate_nodes, labelled, &mut labels);
        if data.samples.is_empty() {
            continue;
        }
        if scores.is_some() {
            blend_labels(&mut data, blend);
        }
        let w = fit(&data, &tuned[i], iterations, rate, pull);
        for (t, f) in tuned[i].iter_mut().zip(&w) {
            *t = [f[0].round().clamp(-30000.0, 30000.0) as i16, f[1].round().clamp(-30000.0, 30000.0) as i16];
        }
        let names: Vec<String> =
            paths.iter().map(|p| p.file_name().unwrap_or_default().to_string_lossy().into_owned()).collect();
        how.push_str(&format!(
            "{variant:?}: {} positions from {}; {iterations} iterations, rate {rate}, pull {pull}{}.\n",
            data.samples.len(),
            names.join(", "),
            if scores.is_some() { format!(", labels blended {blend} with reference scores") } else { String::new() }
        ));
    }
    if let Some(path) = &a.write {
        let old = std::fs::read_to_string(path).unwrap_or_default();
        // Keep the record of earlier tunings of a game not tuned this time.
        for line in old.lines().filter_map(|l| l.strip_prefix("//! ")) {
            let untouched = (line.starts_with("Xiangqi:") && a.xiangqi.is_empty())
                || (line.starts_with("Janggi:") && a.janggi.is_empty());
            if untouched {
                how.push_str(line);
                how.push('\n');
            }
        }
        std::fs::write(path, render(&tuned[0], &tuned[1], &how))
            .with_context(|| format!("--write {}", path.display()))?;
        eprintln!("wrote {}", path.display());
    }
    Ok(())
}
