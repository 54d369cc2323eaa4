//! `chuhan review`: every move of recorded games judged by the engine
//! (`chuhan_engine::review`): marks, better lines, accuracy; as text, JSON or annotated PGN.

use crate::safe::terminal;
use anyhow::{bail, Result};
use chuhan::notation::Notation;
use chuhan::{Position, Side, Variant};
use chuhan_engine::nnue::Nnue;
use chuhan_engine::review::{review, Mark, Review, Settings, DEFAULT_NODES};
use chuhan_engine::Score;
use chuhan_record::tools::{write_game, Format};
use chuhan_record::tree::{Line, Node, Record};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{json, Value};
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

#[derive(Args)]
#[command(group = clap::ArgGroup::new("limit").multiple(false), group = clap::ArgGroup::new("output").multiple(false))]
pub struct ReviewArgs {
    /// Game records: PGN (every game), XQF, DhtmlXQ, CBR, CBL, CBF (the format is recognised by content).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Search every position to this depth (1-64).
    #[arg(long, group = "limit")]
    depth: Option<i32>,
    /// Search every position this many nodes [default: 20000 when no limit is given].
    #[arg(long, group = "limit")]
    nodes: Option<u64>,
    /// Search every position this many milliseconds.
    #[arg(long, value_name = "MS", group = "limit")]
    movetime: Option<u64>,
    /// Games reviewed at once, one search thread each.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Write JSON: an array with an object per game (accuracy, sides, moves).
    #[arg(long, group = "output")]
    json: bool,
    /// Write the games as PGN annotated with NAGs ($4 ??, $2 ?, $6 ?!), comments and the
    /// better lines as variations.
    #[arg(long, group = "output")]
    pgn: bool,
    /// The notation of PGN moves and of the better moves in comments [default: chinese for
    /// xiangqi, janggi for janggi].
    #[arg(long)]
    notation: Option<Notation>,
}

/// `--help`'s long text.
pub const ABOUT: &str = "\
Review games: every move of every game's main line judged by the engine (the networks, one
search per position; 20,000 nodes a position unless --depth, --nodes or --movetime says
otherwise). Each move gets the mover's win probability before and after it, by a curve fitted
on real games, and the loss between them; a loss of 20 points or more is a blunder (??), 15 a
mistake (?), 10 an inaccuracy (?!). Forced moves are never marked; a move into a repetition the
rules forbid is a blunder with the ruling as its reason. Each side's accuracy (0-100) uses
lichess's published formulas (docs/engine.md).

By default a summary a game: accuracy, average loss and marks per side, then the marked moves
with the better move. --json writes an array with an object per game; --pgn the games
annotated. A progress bar on standard error counts positions searched.";

/// One game to review: where it came from, and the record.
struct Job {
    file: String,
    index: usize,
    record: Record,
}

pub fn run(a: ReviewArgs) -> Result<()> {
    if !(1..=64).contains(&a.threads) {
        bail!("--threads {}: expected 1 to 64", a.threads);
    }
    let settings = Settings {
        depth: a.depth,
        nodes: a.nodes,
        movetime: a.movetime.map(Duration::from_millis),
        ..Settings::default()
    };
    // Refuse bad limits before reading anything.
    review(&Position::new(Variant::Xiangqi), &[], &chuhan_engine::eval::Classic, &settings, |_, _| {})?;

    let (games, mut bad) = crate::games_in::read_games(&a.files);
    let jobs: Vec<Job> = games.into_iter().map(|g| Job { file: g.file, index: g.index, record: g.record }).collect();
    let total: u64 = jobs.iter().map(|j| j.record.ply_count() as u64 + 1).sum();
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} positions, {msg} [{elapsed_precise}, {eta} left]")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let done_games = AtomicUsize::new(0);
    bar.set_message(format!("0/{} games", jobs.len()));

    let eval = Nnue::embedded();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<Review, String>>>> = Mutex::new((0..jobs.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..a.threads.min(jobs.len().max(1)) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(job) = jobs.get(i) else { break };
                let outcome = job.record.start_position().map_err(|e| e.to_string()).and_then(|start| {
                    let mut last = 0;
                    review(&start, &job.record.mainline_moves(), &eval, &settings, |done, _| {
                        bar.inc((done - last) as u64);
                        last = done;
                    })
                    .map_err(|e| e.to_string())
                });
                let n = done_games.fetch_add(1, Ordering::Relaxed) + 1;
                bar.set_message(format!("{n}/{} games", jobs.len()));
                results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(outcome);
            });
        }
    });
    bar.finish_and_clear();
    let results = results.into_inner().unwrap_or_else(|e| e.into_inner());

    let limit = match (a.depth, a.nodes, a.movetime) {
        (Some(d), _, _) => format!("depth {d}"),
        (_, Some(n), _) => format!("{n} nodes"),
        (_, _, Some(ms)) => format!("{ms} ms"),
        _ => format!("{DEFAULT_NODES} nodes"),
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut games_json = Vec::new();
    for (job, result) in jobs.iter().zip(results) {
        let review = match result {
            Some(Ok(r)) => r,
            Some(Err(e)) => {
                bad += 1;
                eprintln!("{}, game {}: {}", terminal(&job.file), job.index, terminal(&e));
                continue;
            }
            None => continue,
        };
        let notation = a.notation.unwrap_or(match review.variant {
            Variant::Xiangqi => Notation::Chinese,
            Variant::Janggi => Notation::Janggi,
        });
        if a.json {
            games_json.push(to_json(job, &review));
        } else if a.pgn {
            let annotated = annotate(&job.record, &review, notation, &limit);
            out.write_all(&write_game(&annotated, Format::Pgn, notation)?)?;
            writeln!(out)?;
        } else {
            write_text(&mut out, job, &review, notation)?;
        }
    }
    if a.json {
        serde_json::to_writer_pretty(&mut out, &Value::Array(games_json))?;
        writeln!(out)?;
    }
    out.flush()?;
    if bad > 0 {
        bail!("{bad} game(s) could not be reviewed");
    }
    Ok(())
}

/// The side's name in the game: red/black, cho/han.
fn side_name(side: Side, variant: Variant) -> &'static str {
    side.name(variant)
}

/// A score as JSON: `{"cp": 35}` or `{"mate": -2}` (moves; negative: the mover is mated).
fn score_json(s: Score) -> Value {
    match s.mate() {
        Some(m) => json!({ "mate": if s.raw() < 0 { -m } else { m } }),
        None => json!({ "cp": s.centipawns() }),
    }
}

fn round(x: f64, digits: i32) -> f64 {
    let f = 10f64.powi(digits);
    (x * f).round() / f
}

fn to_json(job: &Job, r: &Review) -> Value {
    let v = r.variant;
    let names = |f: &dyn Fn(Side) -> Value| {
        let mut m = serde_json::Map::new();
        for side in [Side::First, Side::Second] {
            m.insert(side_name(side, v).to_string(), f(side));
        }
        Value::Object(m)
    };
    let moves: Vec<Value> = r
        .moves
        .iter()
        .map(|m| {
            json!({
                "ply": m.ply,
                "side": side_name(m.side, v),
                "move": m.mv.to_string(),
                "mark": m.mark.map(|k| k.symbol()),
                "best": m.best.map(|b| b.to_string()),
                "loss": round(m.loss, 4),
                "accuracy": round(m.accuracy, 1),
                "win_before": round(m.win_before, 4),
                "win_after": round(m.win_after, 4),
                "eval_before": score_json(m.before),
                "eval_after": score_json(m.after),
                "forced": m.forced,
                "line": m.line.iter().map(|x| x.to_string()).collect::<Vec<_>>(),
                "reason": m.reason,
            })
        })
        .collect();
    let headers: serde_json::Map<String, Value> =
        job.record.headers.iter().map(|(k, v)| (k.to_string(), Value::String(v.to_string()))).collect();
    json!({
        "file": job.file,
        "game": job.index,
        "variant": v.name(),
        "headers": headers,
        "accuracy": names(&|s| r.sides[s].accuracy.map(|a| round(a, 1)).into()),
        "sides": names(&|s| {
            let x = &r.sides[s];
            json!({
                "moves": x.moves,
                "accuracy": x.accuracy.map(|a| round(a, 1)),
                "average_loss": round(x.average_loss, 4),
                "blunders": x.blunders,
                "mistakes": x.mistakes,
                "inaccuracies": x.inaccuracies,
            })
        }),
        "outcome": r.outcome.map(|o| o.describe(v)),
        "moves": moves,
    })
}

/// The position before each move of the main line.
fn positions(record: &Record) -> Vec<Position> {
    let Ok(mut pos) = record.start_position() else { return Vec::new() };
    let mut out = Vec::with_capacity(record.ply_count());
    for n in &record.main.nodes {
        out.push(pos.clone());
        pos.play_unchecked(n.mv);
    }
    out
}

/// The comment of a marked move: "Blunder: loses 38% — better 炮二平五", or the ruling.
fn comment(m: &chuhan_engine::review::MoveReview, mark: Mark, before: &Position, notation: Notation) -> String {
    let mut text = match &m.reason {
        Some(reason) => format!("{}: {reason}", mark.name()),
        None => format!("{}: loses {:.0}%", mark.name(), (100.0 * m.loss).floor()),
    };
    if let Some(best) = m.best.filter(|&b| b != m.mv) {
        text.push_str(&format!(" — better {}", notation.format(before, best)));
    }
    text
}

/// The record with the review's marks: NAGs, comments, the better lines as variations, and the
/// accuracies in the opening comment.
fn annotate(record: &Record, r: &Review, notation: Notation, limit: &str) -> Record {
    let mut out = record.clone();
    let before = positions(record);
    for (node, m) in out.main.nodes.iter_mut().zip(&r.moves) {
        let Some(mark) = m.mark else { continue };
        node.nags.retain(|n| !matches!(n, 1..=6));
        node.nags.push(mark.nag());
        let text = comment(m, mark, &before[m.ply - 1], notation);
        node.comment = Some(match node.comment.take() {
            Some(c) => format!("{c} {text}"),
            None => text,
        });
        if !m.line.is_empty() && m.best != Some(m.mv) {
            let mut line = Line { comment: None, nodes: m.line.iter().map(|&x| Node::new(x)).collect() };
            if let Some(first) = line.nodes.first_mut() {
                first.comment = Some(m.before.to_string());
            }
            node.variations.insert(0, line);
        }
    }
    let v = r.variant;
    let accuracy = |s: Side| r.sides[s].accuracy.map_or("-".to_string(), |a| format!("{a:.1}"));
    let summary = format!(
        "Review by chuhan ({limit} a position): accuracy {} {}, {} {}",
        capitalized(side_name(Side::First, v)),
        accuracy(Side::First),
        capitalized(side_name(Side::Second, v)),
        accuracy(Side::Second)
    );
    out.main.comment = Some(match out.main.comment.take() {
        Some(c) => format!("{summary}. {c}"),
        None => summary,
    });
    out.headers.set("Annotator", format!("chuhan review, {limit} a position"));
    out
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

fn write_text(out: &mut impl Write, job: &Job, r: &Review, notation: Notation) -> Result<()> {
    let v = r.variant;
    let h = |k: &str| job.record.headers.get(k).unwrap_or("?").to_string();
    let (red_tag, black_tag) = match v {
        Variant::Xiangqi => ("Red", "Black"),
        Variant::Janggi => ("Cho", "Han"),
    };
    let players = match (job.record.headers.get(red_tag), job.record.headers.get(black_tag)) {
        (None, None) => format!("{} - {}", h("White"), h("Black")),
        _ => format!("{} - {}", h(red_tag), h(black_tag)),
    };
    writeln!(out, "{} game {}: {} ({} plies)", terminal(&job.file), job.index, terminal(&players), r.moves.len())?;
    for side in [Side::First, Side::Second] {
        let s = &r.sides[side];
        writeln!(
            out,
            "  {:<6} accuracy {:>5}  average loss {:>4.1}%  ?? {}  ? {}  ?! {}",
            capitalized(side_name(side, v)),
            s.accuracy.map_or("-".to_string(), |a| format!("{a:.1}")),
            100.0 * s.average_loss,
            s.blunders,
            s.mistakes,
            s.inaccuracies
        )?;
    }
    let before = positions(&job.record);
    for m in &r.moves {
        let Some(mark) = m.mark else { continue };
        let pos = &before[m.ply - 1];
        // Numbered from the record's start: a game that Black begins opens with "1...".
        let offset = usize::from(before.first().is_some_and(|p| p.turn() == Side::Second));
        let number = (m.ply + offset).div_ceil(2);
        let dots = if m.side == Side::First { "." } else { "..." };
        writeln!(out, "  {number}{dots} {}{}  {}", notation.format(pos, m.mv), mark, comment(m, mark, pos, notation))?;
    }
    if let Some(o) = &r.outcome {
        writeln!(out, "  {}", o.describe(v))?;
    }
    Ok(())
}
