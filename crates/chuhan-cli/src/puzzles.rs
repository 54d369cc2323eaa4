//! `chuhan puzzles`: positions with one winning move found in games (`chuhan_engine::puzzle`),
//! kept in the game database (`chuhan_db::puzzles`), listed for the web app and for scripts.

use crate::safe::terminal;
use anyhow::{bail, Result};
use chuhan::Variant;
use chuhan_db::puzzles::{PuzzleFilter, StoredPuzzle};
use chuhan_db::{Database, Fold, Lang, Target};
use chuhan_engine::nnue::Nnue;
use chuhan_engine::puzzle::{self, Puzzle, Settings, Theme};
use chuhan_record::tree::Record;
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex};

#[derive(Args)]
pub struct PuzzlesArgs {
    #[command(subcommand)]
    command: PuzzlesCommand,
}

#[derive(Subcommand)]
enum PuzzlesCommand {
    /// Find puzzles in games and store them in the database.
    #[command(long_about = GENERATE_ABOUT)]
    Generate(GenerateArgs),
    /// Write the stored puzzles: a line each, or JSON Lines with --json.
    List(ListArgs),
    /// Search every stored puzzle again, deeper, and remove those that no longer hold.
    #[command(long_about = VERIFY_ABOUT)]
    Verify(VerifyArgs),
}

const VERIFY_ABOUT: &str = "\
Search every stored puzzle again with --nodes and a hash table of its own (the answer depends on
the puzzle alone) and remove those that fail: the first move must still be the best, win 85 %
(90 % for a puzzle whose theme is only `advantage`), the second best must be 40 points lower,
and the solver must still win 95 % at the end of the solution. `generate` does the same check
on every puzzle it finds (its --verify-nodes); this command brings puzzles stored before, or by
another program, to the same standard. --dry-run only reports. Each puzzle removed is named on
standard error with the reason.";

const GENERATE_ABOUT: &str = "\
Find puzzles in games: positions where the side to move has one winning move. Each game is
reviewed quickly (--scan-nodes a position); a move that gave away a mistake's worth of winning
chances and left the opponent winning makes a candidate. The candidate is searched deeper
(--nodes) for its two best moves: a puzzle needs the best to win (85 % by the review's curve)
and the second to be clearly worse (30 points lower). The solution is then played until the win
is clear (a mate, or a horse's worth of material kept), the opponent's best defence at each
step; a later move with an equally good alternative drops the candidate. Themes are found by
rules; the first rating by how many nodes the engine needs to see the first move. Last, each
puzzle is searched once more, deeper (--verify-nodes, as `chuhan puzzles verify` does): the
first move must still be the best by the margin, and the solver must still win clearly (95 %)
at the end of the solution; about half of the master games' puzzles fail here.

Games come from the files of --from, or else from the database's own games (those not searched
before: a generation stopped half-way goes on where it stopped). Puzzles are stored in the
database, a position (or its mirror image) once. A progress bar on standard error counts games.";

/// The database flag of both commands.
#[derive(Args)]
struct DbArg {
    /// The game database: a SQLite file (created if missing) or a PostgreSQL URL; the same as
    /// `chuhan db --games-db`.
    #[arg(long = "db", alias = "games-db", value_name = "FILE|URL", default_value = "games.sqlite3", value_parser = crate::target::TargetParser)]
    db: Target,
}

#[derive(Args)]
struct GenerateArgs {
    #[command(flatten)]
    db: DbArg,
    /// Game records to search (PGN, XQF, DhtmlXQ, CBR, CBL, CBF) instead of the database's games.
    #[arg(long, num_args = 1.., value_name = "FILE")]
    from: Vec<PathBuf>,
    /// Stop once this many new puzzles are stored.
    #[arg(long)]
    limit: Option<usize>,
    /// Search at most this many games.
    #[arg(long)]
    games: Option<usize>,
    /// Games searched at once, one thread each.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Nodes a position in the quick review of each game.
    #[arg(long, default_value_t = 3_000)]
    scan_nodes: u64,
    /// Nodes a search when a candidate is confirmed and solved.
    #[arg(long, default_value_t = 60_000)]
    nodes: u64,
    /// Plies of each game skipped before any candidate (the opening).
    #[arg(long, default_value_t = 12)]
    min_ply: usize,
    /// Nodes of the last, deeper check of each puzzle found (0: no such check).
    #[arg(long, default_value_t = 250_000)]
    verify_nodes: u64,
}

#[derive(Args)]
struct VerifyArgs {
    #[command(flatten)]
    db: DbArg,
    /// Nodes of each puzzle's search.
    #[arg(long, default_value_t = 250_000)]
    nodes: u64,
    /// Puzzles searched at once, one thread each.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Report what would be removed, and remove nothing.
    #[arg(long)]
    dry_run: bool,
}

#[derive(Args)]
struct ListArgs {
    #[command(flatten)]
    db: DbArg,
    /// Write JSON Lines: an object a puzzle with id, variant, fen, solution (coordinates, the
    /// solver's move first), themes, rating and source.
    #[arg(long)]
    json: bool,
    /// Only this game's puzzles: xiangqi or janggi.
    #[arg(long)]
    variant: Option<Variant>,
    /// Only puzzles with this theme (mate-in-1, mate-in-2, mate-in-3, mate-long, material,
    /// advantage, cannon-discovery, horse-fork, pin, flying-general, pass, bikjang).
    #[arg(long)]
    theme: Option<Theme>,
    /// At most this many.
    #[arg(long)]
    limit: Option<u64>,
}

pub fn run(a: PuzzlesArgs) -> Result<()> {
    match a.command {
        PuzzlesCommand::Generate(g) => generate(g),
        PuzzlesCommand::List(l) => list(l),
        PuzzlesCommand::Verify(v) => verify(v),
    }
}

/// One game to search.
struct Job {
    /// The database's game id, when the game is the database's.
    game: Option<i64>,
    /// Where it comes from, for errors.
    origin: String,
    record: Record,
}

/// Who played, where and when, as the puzzle's source.
fn describe(record: &Record, ply: usize) -> String {
    let h = |k: &str| record.headers.get(k).map(str::trim).filter(|v| !v.is_empty() && *v != "?");
    let mut parts = Vec::new();
    match (h("Red").or(h("White")), h("Black")) {
        (Some(r), Some(b)) => parts.push(format!("{r} – {b}")),
        (Some(one), None) | (None, Some(one)) => parts.push(one.to_string()),
        _ => {}
    }
    if let Some(e) = h("Event") {
        parts.push(e.to_string());
    }
    if let Some(year) = h("Date").and_then(|d| d.get(..4)).filter(|y| y.chars().all(|c| c.is_ascii_digit())) {
        parts.push(year.to_string());
    }
    parts.push(format!("ply {ply}"));
    parts.join(", ")
}

fn generate(a: GenerateArgs) -> Result<()> {
    if !(1..=64).contains(&a.threads) {
        bail!("--threads {}: expected 1 to 64", a.threads);
    }
    if a.nodes == 0 || a.scan_nodes == 0 {
        bail!("--nodes and --scan-nodes: expected at least 1");
    }
    let mut db = Database::open_target(&a.db.db, Fold::Mirror)?;
    let mut jobs = Vec::new();
    let mut bad = 0usize;
    if a.from.is_empty() {
        for id in db.games_to_scan(a.games.map(|n| n as u64))? {
            if let Some(record) = db.record(id, Lang::Traditional)? {
                jobs.push(Job { game: Some(id), origin: format!("game {id}"), record });
            }
        }
    } else {
        let (games, unread) = crate::games_in::read_games(&a.from);
        bad += unread;
        jobs.extend(games.into_iter().map(|g| Job {
            game: None,
            origin: format!("{}, game {}", g.file, g.index),
            record: g.record,
        }));
        jobs.truncate(a.games.unwrap_or(usize::MAX));
    }

    let stop = Arc::new(AtomicBool::new(false));
    let settings = Settings {
        scan_nodes: a.scan_nodes,
        nodes: a.nodes,
        min_ply: a.min_ply,
        verify_nodes: a.verify_nodes,
        stop: Some(stop.clone()),
        ..Settings::default()
    };
    let bar = ProgressBar::new(jobs.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {msg} [{elapsed_precise}, {eta} left]")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar.set_message("0 puzzles");
    let eval = Nnue::embedded();
    let next = AtomicUsize::new(0);
    let (send, receive) = mpsc::channel::<(usize, Result<Vec<Puzzle>, String>)>();
    let stored = Mutex::new(0usize);
    let mut duplicates = 0usize;
    std::thread::scope(|scope| -> Result<()> {
        for _ in 0..a.threads.min(jobs.len().max(1)) {
            let send = send.clone();
            let (jobs, next, eval, settings, stop) = (&jobs, &next, &eval, &settings, &stop);
            scope.spawn(move || loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(job) = jobs.get(i) else { break };
                let found = job.record.start_position().map_err(|e| e.to_string()).and_then(|start| {
                    puzzle::find(&start, &job.record.mainline_moves(), eval, settings).map_err(|e| e.to_string())
                });
                if send.send((i, found)).is_err() {
                    break;
                }
            });
        }
        drop(send);
        // The database is written here alone, game by game, so that a stop keeps every game done.
        for (i, found) in receive {
            let job = &jobs[i];
            bar.inc(1);
            let puzzles = match found {
                Ok(p) => p,
                Err(e) if e.contains("cancelled") => continue,
                Err(e) => {
                    bad += 1;
                    bar.suspend(|| eprintln!("{}: {}", terminal(&job.origin), terminal(&e)));
                    continue;
                }
            };
            let mut new = 0;
            for p in &puzzles {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                if db.add_puzzle(&stored_form(p, job), &p.key())? {
                    new += 1;
                    let mut n = stored.lock().unwrap_or_else(|e| e.into_inner());
                    *n += 1;
                    if a.limit.is_some_and(|limit| *n >= limit) {
                        stop.store(true, Ordering::Relaxed);
                    }
                } else {
                    duplicates += 1;
                }
            }
            if let Some(game) = job.game {
                db.mark_scanned(game, new)?;
            }
            bar.set_message(format!("{} puzzles", stored.lock().unwrap_or_else(|e| e.into_inner())));
        }
        Ok(())
    })?;
    bar.finish_and_clear();
    let stored = stored.into_inner().unwrap_or_else(|e| e.into_inner());
    eprintln!(
        "{} new puzzles from {} games ({} already stored); {} in the database",
        stored,
        bar.position(),
        duplicates,
        db.puzzle_count()?
    );
    if bad > 0 {
        bail!("{bad} game(s) could not be searched");
    }
    Ok(())
}

fn stored_form(p: &Puzzle, job: &Job) -> StoredPuzzle {
    StoredPuzzle {
        id: p.id(),
        variant: p.variant(),
        fen: p.position.to_fen(),
        solution: p.solution.clone(),
        themes: p.themes.iter().map(|t| t.code().to_string()).collect(),
        rating: p.rating as i64,
        game: job.game,
        ply: p.ply as i64,
        source: describe(&job.record, p.ply),
    }
}

fn list(a: ListArgs) -> Result<()> {
    if let Target::Sqlite(path) = &a.db.db {
        if !path.exists() {
            bail!("no database {} (make puzzles with `chuhan puzzles generate --db {}`)", a.db.db, a.db.db);
        }
    }
    let db = Database::open_target(&a.db.db, Fold::Mirror)?;
    let filter = PuzzleFilter { variant: a.variant, theme: a.theme.map(|t| t.code().to_string()), limit: a.limit };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for p in db.puzzles(&filter)? {
        let solution: Vec<String> = p.solution.iter().map(|m| m.to_string()).collect();
        if a.json {
            let value = json!({
                "id": p.id,
                "variant": p.variant.name(),
                "fen": p.fen,
                "solution": solution,
                "themes": p.themes,
                "rating": p.rating,
                "source": p.source,
            });
            writeln!(out, "{value}")?;
        } else {
            writeln!(
                out,
                "{}  {}  {:>4}  {}  {}  {}",
                p.id,
                p.variant.name(),
                p.rating,
                p.themes.join(","),
                p.fen,
                solution.join(" ")
            )?;
        }
    }
    out.flush()?;
    Ok(())
}

fn verify(a: VerifyArgs) -> Result<()> {
    if !(1..=64).contains(&a.threads) {
        bail!("--threads {}: expected 1 to 64", a.threads);
    }
    if a.nodes == 0 {
        bail!("--nodes: expected at least 1");
    }
    if let Target::Sqlite(path) = &a.db.db {
        if !path.exists() {
            bail!("no database {} (make puzzles with `chuhan puzzles generate --db {}`)", a.db.db, a.db.db);
        }
    }
    let mut db = Database::open_target(&a.db.db, Fold::Mirror)?;
    let stored = db.puzzles(&PuzzleFilter::default())?;
    let puzzles = stored.iter().map(engine_form).collect::<Result<Vec<_>>>()?;
    let settings = Settings { verify_nodes: a.nodes, ..Settings::default() };
    let bar = ProgressBar::new(puzzles.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {msg} [{elapsed_precise}, {eta} left]")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar.set_message("0 turned down");
    let eval = Nnue::embedded();
    let next = AtomicUsize::new(0);
    let (send, receive) = mpsc::channel::<(usize, Result<(), String>)>();
    let mut rejected = Vec::new();
    std::thread::scope(|scope| -> Result<()> {
        for _ in 0..a.threads.min(puzzles.len().max(1)) {
            let send = send.clone();
            let (puzzles, next, eval, settings) = (&puzzles, &next, &eval, &settings);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(p) = puzzles.get(i) else { break };
                let verdict = puzzle::verify(p, eval, settings)
                    .map_err(|e| e.to_string())
                    .and_then(|check| check.verdict(p, settings).map_err(|r| r.to_string()));
                if send.send((i, verdict)).is_err() {
                    break;
                }
            });
        }
        drop(send);
        for (i, verdict) in receive {
            bar.inc(1);
            if let Err(why) = verdict {
                let id = &stored[i].id;
                bar.suspend(|| eprintln!("{}: {}", terminal(id), terminal(&why)));
                if !a.dry_run {
                    db.remove_puzzle(id)?;
                }
                rejected.push(i);
                bar.set_message(format!("{} turned down", rejected.len()));
            }
        }
        Ok(())
    })?;
    bar.finish_and_clear();
    eprintln!(
        "{} of {} puzzles hold; {} {}",
        stored.len() - rejected.len(),
        stored.len(),
        rejected.len(),
        if a.dry_run { "would be removed (--dry-run)" } else { "removed" }
    );
    Ok(())
}

/// A stored puzzle as the engine's [`Puzzle`], for its search; a puzzle the database holds
/// that does not read back (a bad FEN, an illegal move, an unknown theme) is an error naming it.
fn engine_form(p: &StoredPuzzle) -> Result<Puzzle> {
    let position = chuhan::Position::from_fen(p.variant, &p.fen)
        .map_err(|e| anyhow::anyhow!("puzzle {}: FEN {:?}: {e}", p.id, p.fen))?;
    let mut at = position.clone();
    for &mv in &p.solution {
        if !at.is_legal(mv) {
            bail!("puzzle {}: solution move {mv} is not legal where it stands", p.id);
        }
        at.play_unchecked(mv);
    }
    if p.solution.is_empty() {
        bail!("puzzle {}: empty solution", p.id);
    }
    let themes = p
        .themes
        .iter()
        .map(|t| t.parse::<Theme>().map_err(|e| anyhow::anyhow!("puzzle {}: {e}", p.id)))
        .collect::<Result<Vec<_>>>()?;
    Ok(Puzzle {
        position,
        solution: p.solution.clone(),
        themes,
        rating: p.rating.max(0) as u32,
        ply: p.ply.max(0) as usize,
    })
}
