//! `chuhan-train winfit`: the review's win-probability curve (`chuhan_engine::review::curve`)
//! fitted on real games.

use crate::{parallel, progress};
use anyhow::{bail, Context, Result};
use chuhan::{Move, Position, Side, Variant};
use chuhan_engine::nnue::Nnue;
use chuhan_engine::review::curve::{logistic, scale};
use chuhan_engine::review::DEFAULT_NODES;
use chuhan_engine::search::{search, Limits, Shared};
use chuhan_record::tools::for_each_game;
use chuhan_record::tree::RecordResult;
use std::io::Write;
use std::path::PathBuf;

/// `winfit --help`.
pub const ABOUT: &str = "\
Fits the review's win-probability curve, W(s) = 1 / (1 + e^(-k·s)), s the engine's score in
centipawns for the side to move and W the share of the points that side went on to score (a
draw counts half), on positions of real games.

From each game (any record format; xiangqi and janggi apart) one position every --every plies
is taken (a game that repeats another's moves is taken once), from the --skip'th ply on, at an offset that depends on the game; each is searched by
the engine as the review searches (the networks, --nodes nodes, the game's moves before it as
its history) and labelled with the game's result for its side to move. Games without a result
(the master games carry none) are judged from their last position by an --adjudicate-nodes
search: two soldiers ahead won, within one soldier drawn, anything between left out. Mate
scores and rule decisions (beyond ±10,000) say nothing about the curve and are left out.

k minimizes the log-loss over all positions (Newton's method); one game in five is held out and
the curve refitted on the others, to show the error on unseen games. Printed per game: the data,
k, log-loss and Brier score against a constant baseline (the mean label), a two-parameter fit
(with a side-to-move offset) for comparison, and the curve now in the review.";

#[derive(clap::Args)]
pub struct Args {
    /// Game records (PGN, XQF, DhtmlXQ, CBR/CBL/CBF)
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Nodes per position searched (the review's default)
    #[arg(long, default_value_t = DEFAULT_NODES)]
    nodes: u64,
    /// Take one position every N plies of a game
    #[arg(long, value_name = "N", default_value_t = 12)]
    every: usize,
    /// Leave out the first N plies of every game (the opening book)
    #[arg(long, value_name = "N", default_value_t = 10)]
    skip: usize,
    /// Nodes of the search that judges a game without a result from its last position
    #[arg(long, default_value_t = 30_000)]
    adjudicate_nodes: u64,
    /// At most this many games of all the files (0: all)
    #[arg(long, default_value_t = 0)]
    max_games: usize,
    /// Games searched at once
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Also write every sample: variant, game, ply, score (side to move), label
    #[arg(long, value_name = "FILE")]
    samples_out: Option<PathBuf>,
}

/// A labelled position: its game, the engine's score and the result, both for the side to move.
#[derive(Clone, Copy)]
struct Sample {
    game: usize,
    ply: usize,
    score: f64,
    label: f64,
}

/// A game read: its start, moves and result for the first mover (if it has one).
struct Game {
    start: Position,
    moves: Vec<Move>,
    result: Option<f64>,
}

pub fn run(a: Args) -> Result<()> {
    if a.every == 0 || a.nodes == 0 {
        bail!("--every and --nodes must be at least 1");
    }
    let mut games: Vec<Game> = Vec::new();
    let (mut unreadable, mut duplicates) = (0usize, 0usize);
    // Self-play between two copies of one deterministic engine plays each opening's pair of
    // games alike: a game already read is counted once.
    let mut seen = std::collections::HashSet::new();
    for path in &a.files {
        for_each_game(
            path,
            |g| {
                let Ok(record) = g else {
                    unreadable += 1;
                    return;
                };
                let Ok(start) = record.start_position() else {
                    unreadable += 1;
                    return;
                };
                // Games lost to a crash or a protocol fault say nothing about the position.
                if record.headers.get("Termination").is_some_and(|t| t != "normal" && t != "adjudication") {
                    return;
                }
                let result = match record.outcome {
                    RecordResult::Unknown => None,
                    o => o.red_points(),
                };
                let moves = record.mainline_moves();
                if !seen.insert((record.start_fen.clone(), moves.iter().map(|m| m.to_string()).collect::<Vec<_>>())) {
                    duplicates += 1;
                    return;
                }
                games.push(Game { start, moves, result });
            },
            |_| {},
        )
        .with_context(|| path.display().to_string())?;
    }
    if a.max_games > 0 {
        games.truncate(a.max_games);
    }
    eprintln!("{} games read ({unreadable} unreadable, {duplicates} duplicates left out)", games.len());

    let bar = progress::bar(games.len() as u64, "{bar:30} {pos}/{len} games  [{elapsed_precise}, {eta} left]");
    let eval = Nnue::embedded();
    let mut samples: Vec<(Variant, Sample)> = Vec::new();
    let (mut judged, mut unjudged, mut left_out) = (0usize, 0usize, 0usize);
    parallel::in_order(
        a.threads.clamp(1, 64),
        0..games.len() as u64,
        |g| sample_game(&games[g as usize], g as usize, &a, &eval),
        |_, (variant, out)| {
            bar.inc(1);
            match out {
                Outcome::Unjudged => unjudged += 1,
                Outcome::Samples { judged: j, samples: s, left_out: l } => {
                    judged += j as usize;
                    left_out += l;
                    samples.extend(s.into_iter().map(|s| (variant, s)));
                }
            }
            Ok(())
        },
    )?;
    bar.finish_and_clear();
    eprintln!(
        "{judged} results judged from the last position, {unjudged} games left out (unclear end), {left_out} mate or rule scores left out"
    );

    if let Some(path) = &a.samples_out {
        let mut out = std::io::BufWriter::new(std::fs::File::create(path).with_context(|| path.display().to_string())?);
        writeln!(out, "variant\tgame\tply\tscore\tlabel")?;
        for (v, s) in &samples {
            writeln!(out, "{}\t{}\t{}\t{}\t{}", v.name(), s.game, s.ply, s.score, s.label)?;
        }
    }
    for variant in [Variant::Xiangqi, Variant::Janggi] {
        let data: Vec<Sample> = samples.iter().filter(|(v, _)| *v == variant).map(|&(_, s)| s).collect();
        if !data.is_empty() {
            report(variant, &data, a.nodes);
        }
    }
    Ok(())
}

enum Outcome {
    /// No result, and the last position does not tell.
    Unjudged,
    /// The game's samples; `judged` when its result was judged here.
    Samples { judged: bool, samples: Vec<Sample>, left_out: usize },
}

/// The samples of game `g`.
fn sample_game(game: &Game, g: usize, a: &Args, eval: &Nnue) -> (Variant, Outcome) {
    let variant = game.start.variant();
    let shared = Shared::new(16);
    let mut positions = vec![game.start.clone()];
    for &m in &game.moves {
        let mut next = positions.last().cloned().unwrap_or_else(|| game.start.clone());
        if next.play(m).is_err() {
            break;
        }
        positions.push(next);
    }
    let (first_points, judged) = match game.result {
        Some(r) => (r, false),
        None => match judge(positions.last().unwrap_or(&game.start), a.adjudicate_nodes, &shared, eval) {
            Some(r) => (r, true),
            None => return (variant, Outcome::Unjudged),
        },
    };
    let limits = Limits { nodes: Some(a.nodes), move_limit: default_move_limit(variant), ..Limits::default() };
    let offset = (g.wrapping_mul(2_654_435_761) >> 7) % a.every;
    let mut samples = Vec::new();
    let mut left_out = 0;
    for (ply, pos) in positions.iter().enumerate().skip(a.skip + offset).step_by(a.every) {
        if pos.legal_moves().is_empty() {
            continue;
        }
        let report = search(pos, &shared, eval, &limits, 1, |_| {});
        match report.score.centipawns() {
            Some(cp) if cp.abs() < 10_000 => {
                let label = if pos.turn() == Side::First { first_points } else { 1.0 - first_points };
                samples.push(Sample { game: g, ply, score: cp as f64, label });
            }
            _ => left_out += 1,
        }
    }
    (variant, Outcome::Samples { judged, samples, left_out })
}

fn default_move_limit(variant: Variant) -> u32 {
    chuhan::game::Rules::for_variant(variant).move_limit.unwrap_or(0)
}

/// The first mover's points judged from the last position: 1 or 0 when a side is two soldiers
/// or more ahead, ½ within one soldier, `None` between.
fn judge(pos: &Position, nodes: u64, shared: &Shared, eval: &Nnue) -> Option<f64> {
    if pos.legal_moves().is_empty() {
        // Mated or stalemated: the side to move lost.
        return Some(if pos.turn() == Side::First { 0.0 } else { 1.0 });
    }
    let limits = Limits { nodes: Some(nodes), ..Limits::default() };
    let report = search(pos, shared, eval, &limits, 1, |_| {});
    let raw = report.score.raw();
    let first = if pos.turn() == Side::First { raw } else { -raw };
    match first {
        s if s >= 200 => Some(1.0),
        s if s <= -200 => Some(0.0),
        s if s.abs() <= 100 => Some(0.5),
        _ => None,
    }
}

/// Log-loss and Brier score of `p(score)` over `data`.
fn errors(data: &[&Sample], p: impl Fn(f64) -> f64) -> (f64, f64) {
    let n = data.len().max(1) as f64;
    let (mut log, mut brier) = (0.0, 0.0);
    for s in data {
        let q = p(s.score).clamp(1e-12, 1.0 - 1e-12);
        log -= s.label * q.ln() + (1.0 - s.label) * (1.0 - q).ln();
        brier += (q - s.label).powi(2);
    }
    (log / n, brier / n)
}

/// The logistic `σ(offset + k·score)` of least log-loss (Newton's method; `with_offset` false
/// keeps the offset at 0).
fn fit(data: &[&Sample], with_offset: bool) -> (f64, f64) {
    let (mut k, mut b) = (0.004, 0.0);
    for _ in 0..50 {
        // Gradient and Hessian of the mean log-loss in (k, b); scores in hundreds keep it conditioned.
        let (mut gk, mut gb, mut hkk, mut hkb, mut hbb) = (0.0, 0.0, 0.0, 0.0, 0.0);
        for s in data {
            let x = s.score / 100.0;
            let p = 1.0 / (1.0 + (-(b + k * s.score)).exp());
            let w = p * (1.0 - p);
            gk += (p - s.label) * x;
            gb += p - s.label;
            hkk += w * x * x;
            hkb += w * x;
            hbb += w;
        }
        let (dk, db) = if with_offset {
            let det = hkk * hbb - hkb * hkb;
            if det.abs() < 1e-12 {
                break;
            }
            ((hbb * gk - hkb * gb) / det, (hkk * gb - hkb * gk) / det)
        } else if hkk > 0.0 {
            (gk / hkk, 0.0)
        } else {
            break;
        };
        k -= dk / 100.0;
        b -= db;
        if dk.abs() < 1e-10 && db.abs() < 1e-10 {
            break;
        }
    }
    (k, b)
}

fn report(variant: Variant, data: &[Sample], nodes: u64) {
    let all: Vec<&Sample> = data.iter().collect();
    let games = {
        let mut g: Vec<usize> = data.iter().map(|s| s.game).collect();
        g.dedup();
        g.len()
    };
    let mean = data.iter().map(|s| s.label).sum::<f64>() / data.len() as f64;
    let (k, _) = fit(&all, false);
    let (k2, b2) = fit(&all, true);
    let (log, brier) = errors(&all, |s| logistic(k, s));
    let (log2, brier2) = errors(&all, |s| 1.0 / (1.0 + (-(b2 + k2 * s)).exp()));
    let (log0, brier0) = errors(&all, |_| mean);
    let now = scale(variant);
    let (log_now, brier_now) = errors(&all, |s| logistic(now, s));
    let (train, held): (Vec<&Sample>, Vec<&Sample>) = data.iter().partition(|s| s.game % 5 != 4);
    let (k_train, _) = fit(&train, false);
    let (held_log, held_brier) = errors(&held, |s| logistic(k_train, s));
    let train_mean = train.iter().map(|s| s.label).sum::<f64>() / train.len().max(1) as f64;
    let (held_log0, held_brier0) = errors(&held, |_| train_mean);
    println!("{}: {} positions of {games} games, {nodes} nodes each; mean label {mean:.4}", variant.name(), data.len());
    println!("  fitted k = {k:.6} per centipawn (W = 1/(1+e^(-k·cp)))");
    println!("  log-loss {log:.4}, Brier {brier:.4}; constant baseline {log0:.4}, {brier0:.4}");
    println!("  with an offset: k = {k2:.6}, offset {b2:+.4}: log-loss {log2:.4}, Brier {brier2:.4}");
    println!("  held out (one game in five, k = {k_train:.6} fitted on the rest): log-loss {held_log:.4}, Brier {held_brier:.4}; baseline {held_log0:.4}, {held_brier0:.4}");
    println!("  the review's curve now (k = {now}): log-loss {log_now:.4}, Brier {brier_now:.4}");
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Scores spread over ±1000 and labels drawn from a known curve `σ(b + k·score)` by a fixed
    /// generator (splitmix64), so that the fit has an answer to find.
    fn samples(k: f64, b: f64, n: usize) -> Vec<Sample> {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64
        };
        (0..n)
            .map(|i| {
                let score = next() * 2000.0 - 1000.0;
                let p = 1.0 / (1.0 + (-(b + k * score)).exp());
                Sample { game: i, ply: 0, score, label: if next() < p { 1.0 } else { 0.0 } }
            })
            .collect()
    }

    #[test]
    fn the_fit_finds_the_curve_the_labels_were_drawn_from() {
        let data = samples(0.006, 0.2, 40_000);
        let refs: Vec<&Sample> = data.iter().collect();
        let (k, b) = fit(&refs, true);
        assert!((k - 0.006).abs() < 0.0004, "k = {k}");
        assert!((b - 0.2).abs() < 0.08, "b = {b}");
        // Without an offset the slope is still near, and the fitted curve beats a coin.
        let (k0, b0) = fit(&refs, false);
        assert_eq!(b0, 0.0);
        assert!((k0 - 0.006).abs() < 0.0008, "k = {k0}");
        let (fitted, _) = errors(&refs, |s| 1.0 / (1.0 + (-(b + k * s)).exp()));
        let (coin, coin_brier) = errors(&refs, |_| 0.5);
        assert!(fitted < coin - 0.1, "log-loss {fitted} against {coin}");
        assert!((coin_brier - 0.25).abs() < 1e-9);
    }

    #[test]
    fn a_janggi_like_flatter_curve_is_told_apart() {
        let data = samples(0.0046, 0.0, 40_000);
        let refs: Vec<&Sample> = data.iter().collect();
        let (k, _) = fit(&refs, false);
        assert!((k - 0.0046).abs() < 0.0004, "k = {k}");
    }
}
