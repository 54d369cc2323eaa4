//! `chuhan db import|explore|search|export|stats`: a game database and opening explorer
//! (crate chuhan-db) on the command line.

use crate::safe::terminal;
use crate::start::PositionArgs;
use anyhow::{bail, Context, Result};
use chuhan::notation::Notation;
use chuhan_db::{material, Database, Fold, ImportOptions, Lang, SearchFilter, Target};
use chuhan_record::RecordResult;
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

#[derive(Args)]
pub struct DbArgs {
    #[command(subcommand)]
    what: DbCommand,
}

/// The options every `db` command takes.
#[derive(Args)]
struct Common {
    /// The game database: a SQLite file (created by `import` if missing) or a PostgreSQL URL
    /// (`postgres://user:password@host/db`, `postgres://user@/db?host=/run/postgresql` for a
    /// Unix socket), whose tables are created in the database's current schema if missing.
    /// The same as `chuhan serve --games-db`.
    // `--db` was its name before the storage flags were named alike (issue 40): kept, hidden,
    // so that scripts keep working.
    #[arg(
        long = "games-db",
        alias = "db",
        value_name = "TARGET",
        default_value = "games.sqlite3",
        value_parser = crate::target::TargetParser
    )]
    games_db: Target,
    /// Write JSON for scripts instead of a table.
    #[arg(long)]
    json: bool,
    /// The language of opening names: traditional (default), simplified, english, korean or vietnamese.
    #[arg(long, default_value = "traditional")]
    lang: Lang,
}

/// What `search` and `export` select.
#[derive(Args)]
struct FilterArgs {
    /// A player on either side (part of the name).
    #[arg(long)]
    player: Option<String>,
    /// The first mover (part of the name).
    #[arg(long)]
    red: Option<String>,
    /// The second mover (part of the name).
    #[arg(long)]
    black: Option<String>,
    /// The event (part of its name).
    #[arg(long)]
    event: Option<String>,
    /// Played on or after (1998, 1998-05, 1998-05-12).
    #[arg(long)]
    from: Option<String>,
    /// Played on or before (a year or month means its end).
    #[arg(long)]
    to: Option<String>,
    /// The result: 1-0, 0-1, 1/2-1/2 (or red, black, draw).
    #[arg(long)]
    result: Option<String>,
    /// An opening: part of a name in any language (中炮, 屏風馬, "screen horses") or a code.
    #[arg(long)]
    opening: Option<String>,
    /// Material that stood on the board at some point: 車馬炮兵 vs 車炮士象全 (either side either half).
    #[arg(long)]
    material: Option<String>,
    /// At most this many games.
    #[arg(long, default_value_t = 100)]
    limit: usize,
    #[command(flatten)]
    position: PositionArgs,
}

impl FilterArgs {
    fn filter(&self) -> Result<SearchFilter> {
        let result = match self.result.as_deref() {
            None => None,
            Some("red" | "cho") => Some(RecordResult::RedWins),
            Some("black" | "han") => Some(RecordResult::BlackWins),
            Some("draw") => Some(RecordResult::Draw),
            Some(r) => Some(
                RecordResult::from_text(r)
                    .with_context(|| format!("--result {r:?}: expected 1-0, 0-1, 1/2-1/2, red, black or draw"))?,
            ),
        };
        Ok(SearchFilter {
            player: self.player.clone(),
            red: self.red.clone(),
            black: self.black.clone(),
            event: self.event.clone(),
            from: self.from.clone(),
            to: self.to.clone(),
            result,
            opening: self.opening.clone(),
            position: if self.position.given() { Some(self.position.position()?) } else { None },
            material: self.material.as_deref().map(material::parse).transpose()?,
            variant: None,
            limit: Some(self.limit),
            offset: None,
        })
    }
}

#[derive(Subcommand)]
enum DbCommand {
    /// Import the games of record files (PGN in any notation and encoding, XQF, DhtmlXQ, CBR,
    /// CBL); resumes an interrupted import, skips games already stored, reports bad games.
    Import {
        #[command(flatten)]
        common: Common,
        /// Record files (the format is recognised by content).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// For a new database: fold colours as well as the mirror (a line is then found
        /// whichever colour played it).
        #[arg(long)]
        fold_colours: bool,
        /// Games per transaction.
        #[arg(long, default_value_t = chuhan_db::ImportOptions::default().batch)]
        batch: usize,
        /// The longest game stored, in plies of its main line; a longer one is reported as a
        /// bad game (a record of a million plies is no game, and each read of it costs).
        #[arg(long, value_name = "PLIES", default_value_t = chuhan_db::DEFAULT_MAX_PLIES)]
        max_plies: usize,
    },
    /// The moves played from a position, with games, wins/draws/losses for the side to move,
    /// draw rate, last year played, and the best-known games.
    Explore {
        #[command(flatten)]
        common: Common,
        #[command(flatten)]
        position: PositionArgs,
        /// How many of the best-known games to list.
        #[arg(long, default_value_t = 5)]
        top: usize,
    },
    /// Find games by player, event, dates, result, opening, position or material.
    Search {
        #[command(flatten)]
        common: Common,
        #[command(flatten)]
        filter: FilterArgs,
    },
    /// Write the selected games as PGN (with `Opening` tags).
    Export {
        #[command(flatten)]
        common: Common,
        #[command(flatten)]
        filter: FilterArgs,
        /// The notation of the moves: chinese (default), wxf, iccs, ...
        #[arg(long, default_value = "chinese")]
        notation: Notation,
        /// Where to write (default: standard output).
        #[arg(short, long)]
        out: Option<PathBuf>,
    },
    /// Counts: games, results, positions, players, years, openings, size.
    Stats {
        #[command(flatten)]
        common: Common,
    },
}

/// Opens an existing database (queries never create a SQLite file; on PostgreSQL the database
/// must exist, and empty tables are made in it if missing).
fn open_existing(target: &Target) -> Result<Database> {
    if let Target::Sqlite(path) = target {
        if !path.exists() {
            bail!("no database {target} (create one with `chuhan db import --games-db {target} FILES`)");
        }
    }
    Ok(Database::open_target(target, Fold::Mirror)?)
}

fn print_json(value: &impl serde::Serialize) -> Result<()> {
    println!("{}", serde_json::to_string_pretty(value)?);
    Ok(())
}

fn percent(x: Option<f64>) -> String {
    x.map_or("-".into(), |v| format!("{:.1}%", v * 100.0))
}

pub fn db(args: DbArgs) -> Result<()> {
    match args.what {
        DbCommand::Import { common, files, fold_colours, batch, max_plies } => {
            let fold = if fold_colours { Fold::MirrorAndColours } else { Fold::Mirror };
            let mut db = Database::open_target(&common.games_db, fold)?;
            if batch == 0 {
                bail!("--batch must be at least 1");
            }
            if max_plies == 0 {
                bail!("--max-plies must be at least 1");
            }
            let bar = progress_bar(&files);
            let mut done_before = 0u64;
            let mut current: Option<PathBuf> = None;
            let mut last_total = 0u64;
            let start = std::time::Instant::now();
            let report = db.import(&files, &ImportOptions { batch, max_plies, ..ImportOptions::default() }, |p| {
                if let Some(bar) = &bar {
                    if current.as_deref() != Some(p.file) {
                        if current.is_some() {
                            done_before += last_total;
                        }
                        current = Some(p.file.to_path_buf());
                        bar.set_message(p.file.display().to_string());
                    }
                    last_total = p.bytes_total;
                    bar.set_position(done_before + p.bytes_done);
                }
            })?;
            if let Some(bar) = bar {
                bar.finish_and_clear();
            }
            let seconds = start.elapsed().as_secs_f64();
            // Files that hold bad games and no good one (not even one stored before) are a
            // failure: a script must not take such an import for a success.
            let failed =
                report.imported + report.duplicates + report.games_resumed_past == 0 && !report.errors.is_empty();
            let failure = || anyhow::anyhow!("no game imported: all {} games read were bad", report.errors.len());
            if common.json {
                print_json(&report)?;
                return if failed { Err(failure()) } else { Ok(()) };
            }
            for e in &report.errors {
                eprintln!("skipped: {}", terminal(&e.to_string()));
            }
            println!(
                "{} games read, {} imported, {} duplicates, {} bad; {} positions; {} files ({} already done); {:.2} s ({:.0} games/s)",
                report.games_read,
                report.imported,
                report.duplicates,
                report.errors.len(),
                report.positions,
                report.files,
                report.files_already_done,
                seconds,
                report.games_read as f64 / seconds.max(1e-9)
            );
            if report.games_resumed_past > 0 {
                println!(
                    "resumed: {} games stored by an earlier, interrupted import were skipped",
                    report.games_resumed_past
                );
            }
            if report.promoted > 0 {
                println!("{} positions now have their explorer answer stored (many games reach them)", report.promoted);
            }
            if failed {
                return Err(failure());
            }
            Ok(())
        }
        DbCommand::Explore { common, position, top } => {
            let db = open_existing(&common.games_db)?;
            let pos = position.position()?;
            let e = db.explore(&pos, top, common.lang)?;
            if common.json {
                return print_json(&e);
            }
            println!("{} games; opening: {}", e.games, terminal(e.opening.as_deref().unwrap_or("-")));
            println!(
                "{:<6} {:>7} {:>6} {:>6} {:>6} {:>7} {:>6} {:>5}",
                "move", "games", "win", "draw", "loss", "score", "draws", "last"
            );
            for m in &e.moves {
                println!(
                    "{:<6} {:>7} {:>6} {:>6} {:>6} {:>7} {:>6} {:>5}",
                    terminal(&m.mv),
                    m.games,
                    m.wins,
                    m.draws,
                    m.losses,
                    percent(m.score),
                    percent(m.draw_rate),
                    m.last_year.map_or("-".into(), |y| y.to_string())
                );
            }
            if !e.top_games.is_empty() {
                println!();
                print_games(&e.top_games);
            }
            Ok(())
        }
        DbCommand::Search { common, filter } => {
            let db = open_existing(&common.games_db)?;
            let games = db.search(&filter.filter()?, common.lang)?;
            if common.json {
                return print_json(&games);
            }
            print_games(&games);
            println!("{} games", games.len());
            Ok(())
        }
        DbCommand::Export { common, filter, notation, out } => {
            let db = open_existing(&common.games_db)?;
            let games = db.search(&filter.filter()?, common.lang)?;
            let mut buffer = Vec::new();
            for g in &games {
                let record = db.record(g.id, common.lang)?.with_context(|| format!("game {} vanished", g.id))?;
                chuhan_record::pgn::write_game(&mut buffer, &record, notation)?;
            }
            match out {
                Some(path) => {
                    std::fs::write(&path, &buffer).with_context(|| format!("cannot write {}", path.display()))?
                }
                None => std::io::stdout().lock().write_all(&buffer)?,
            }
            eprintln!("{} games written", games.len());
            Ok(())
        }
        DbCommand::Stats { common } => {
            let db = open_existing(&common.games_db)?;
            let s = db.stats(10, common.lang)?;
            if common.json {
                return print_json(&s);
            }
            println!("games      {} ({} xiangqi, {} janggi)", s.games, s.xiangqi, s.janggi);
            println!(
                "results    {} red/cho wins, {} black/han wins, {} draws, {} unknown",
                s.results[0], s.results[1], s.results[2], s.results[3]
            );
            println!("positions  {} ({} fold)", s.positions, s.fold);
            println!("players    {}", s.players);
            println!("years      {}", s.years.map_or("-".into(), |(a, b)| format!("{a}-{b}")));
            println!(
                "size       {} bytes ({} a position)",
                s.bytes,
                s.bytes_per_position.map_or("-".into(), |b| format!("{b:.1}"))
            );
            for (name, n) in &s.openings {
                println!("opening    {n:>7}  {}", terminal(name));
            }
            Ok(())
        }
    }
}

fn print_games(games: &[chuhan_db::GameSummary]) {
    for g in games {
        // Names, event and date are the records' text: escaped (crate::safe).
        let next = g.next.as_deref().map(|m| format!(" [{}]", terminal(m))).unwrap_or_default();
        println!(
            "#{:<6} {:<10} {:<7} {} - {} ({}), {} plies{}{}",
            g.id,
            terminal(&g.date),
            terminal(&g.result),
            terminal(&g.red),
            terminal(&g.black),
            terminal(&g.event),
            g.plies,
            g.opening.as_deref().map(|o| format!(", {}", terminal(o))).unwrap_or_default(),
            next
        );
    }
}

/// A progress bar over the files' bytes on standard error, when it is a terminal and the
/// input is over a megabyte.
fn progress_bar(files: &[PathBuf]) -> Option<ProgressBar> {
    let total: u64 = files.iter().filter_map(|f| std::fs::metadata(f).ok()).map(|m| m.len()).sum();
    if total < 1 << 20 || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {eta} {msg}").expect("a valid template"),
    );
    Some(bar)
}
