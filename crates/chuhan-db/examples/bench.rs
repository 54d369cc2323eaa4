//! The database's speed: import games/s, bytes a position, explorer latency (p50, p99) over
//! positions sampled from the imported games.
//!
//! `cargo run --release -p chuhan-db --example bench -- FILES...` imports into a fresh
//! database in a temporary directory (or `--db PATH`, which must not exist; or `--db
//! postgres://...`, where a schema of its own is made for the run and dropped after), then
//! explores positions at plies 0-40 of every 7th game (at most 2,000), each asked once.
//! `--explore-only --db PATH|URL` skips the import and explores an existing database (for
//! PostgreSQL, the URL of the schema it is in). `--explore-start --db PATH|URL` only opens the
//! database and explores the start position once, as `chuhan db explore` does, and prints the
//! process's peak memory (VmHWM).
//!
//! Besides wall-clock times it prints the CPU time the import took (the process's, both
//! threads) and each query's own thread CPU time (SQLite runs in the calling thread), so that
//! a figure taken on a loaded machine can be told from the work itself.

use chuhan_db::{Database, Fold, ImportOptions, Lang, SearchFilter, Target};
use std::time::Instant;

/// A schema made for one run on PostgreSQL, dropped when the run ends.
struct Schema {
    admin: String,
    name: String,
}

impl Schema {
    /// Makes the schema and returns the URL that works in it.
    fn create(admin: &str) -> Result<(Schema, String), Box<dyn std::error::Error>> {
        let name = format!("chuhan_bench_{}", std::process::id());
        postgres::Client::connect(admin, postgres::NoTls)?.batch_execute(&format!("CREATE SCHEMA {name}"))?;
        let sep = if admin.contains('?') { '&' } else { '?' };
        let url = format!("{admin}{sep}options=-csearch_path%3D{name}");
        Ok((Schema { admin: admin.to_string(), name }, url))
    }
}

impl Drop for Schema {
    fn drop(&mut self) {
        if let Ok(mut c) = postgres::Client::connect(&self.admin, postgres::NoTls) {
            let _ = c.batch_execute(&format!("DROP SCHEMA {} CASCADE", self.name));
        }
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() || args.iter().any(|a| a == "--help") {
        eprintln!("usage: bench [--db PATH|URL] [--batch GAMES] FILES...\n       bench --explore-only --db PATH|URL");
        return Ok(());
    }
    let dir = tempfile::tempdir()?;
    let target = match args.iter().position(|a| a == "--db") {
        Some(i) => {
            let p = args.remove(i + 1);
            args.remove(i);
            p.parse::<Target>()?
        }
        None => Target::Sqlite(dir.path().join("bench.sqlite3")),
    };
    let mut options = ImportOptions::default();
    if let Some(i) = args.iter().position(|a| a == "--batch") {
        options.batch = args.remove(i + 1).parse()?;
        args.remove(i);
    }
    if let Some(i) = args.iter().position(|a| a == "--explore-start") {
        args.remove(i);
        let db = Database::open_target(&target, Fold::Mirror)?;
        let t = Instant::now();
        let e = db.explore(&chuhan::Position::new(chuhan::Variant::Xiangqi), 8, Lang::English)?;
        println!(
            "start position: {} games, {} moves, {:.3} ms",
            e.games,
            e.moves.len(),
            t.elapsed().as_secs_f64() * 1e3
        );
        println!("memory: {}", peak_memory());
        return Ok(());
    }
    let explore_only = match args.iter().position(|a| a == "--explore-only") {
        Some(i) => {
            args.remove(i);
            true
        }
        None => false,
    };
    let mut _schema = None;
    let mut db = if explore_only {
        Database::open_target(&target, Fold::Mirror)?
    } else {
        match &target {
            Target::Postgres(base) => {
                let (schema, url) = Schema::create(base)?;
                _schema = Some(schema);
                Database::connect(&url, Fold::Mirror)?
            }
            Target::Sqlite(path) => {
                if path.exists() {
                    return Err(format!("{target} exists: the import must start from an empty database").into());
                }
                Database::open(path, Fold::Mirror)?
            }
        }
    };
    println!("database: {:?} {}", db.backend(), db.path());
    if !explore_only {
        let (start, cpu) = (Instant::now(), process_cpu());
        let report = db.import(&args, &options, |_| {})?;
        let (seconds, cpu) = (start.elapsed().as_secs_f64(), process_cpu() - cpu);
        println!(
            "import: {} games read ({} stored, {} duplicates, {} bad), {} positions in {:.3} s: {:.0} games/s, \
             {:.0} positions/s; {cpu:.3} s of CPU ({:.0} games/s by CPU); {} popular positions",
            report.games_read,
            report.imported,
            report.duplicates,
            report.errors.len(),
            report.positions,
            seconds,
            report.games_read as f64 / seconds,
            report.positions as f64 / seconds,
            report.games_read as f64 / cpu,
            report.promoted
        );
    }
    let stats = db.stats(0, Lang::English)?;
    println!(
        "size: {} bytes, {:.1} bytes a position ({} positions)",
        stats.bytes,
        stats.bytes_per_position.unwrap_or(0.0),
        stats.positions
    );
    // Sample positions from the stored games.
    let games = db.search(&SearchFilter { limit: Some(usize::MAX >> 1), ..SearchFilter::default() }, Lang::English)?;
    let mut samples = Vec::new();
    for (i, g) in games.iter().enumerate().step_by(7) {
        let Some(record) = db.record(g.id, Lang::English)? else { continue };
        let mut pos = record.start_position()?;
        let ply = (i * 13) % 41;
        for m in record.mainline_moves().into_iter().take(ply) {
            pos.play(m)?;
        }
        samples.push(pos);
        if samples.len() == 2000 {
            break;
        }
    }
    let mut times = Vec::with_capacity(samples.len());
    let mut cpu_times = Vec::with_capacity(samples.len());
    let (mut moves, mut games, mut slowest) = (0, 0, (0.0, 0, String::new()));
    for pos in &samples {
        let (t, cpu) = (Instant::now(), thread_cpu());
        let e = db.explore(pos, 8, Lang::English)?;
        let ms = t.elapsed().as_secs_f64() * 1e3;
        times.push(ms);
        cpu_times.push((thread_cpu() - cpu) * 1e3);
        if ms > slowest.0 {
            slowest = (ms, e.games, pos.to_fen());
        }
        moves += e.moves.len();
        games = games.max(e.games);
    }
    let at = |times: &mut Vec<f64>, q: f64| {
        times.sort_by(f64::total_cmp);
        times[((times.len() as f64 - 1.0) * q).round() as usize]
    };
    println!(
        "explore: {} positions ({} moves listed, the most games {games}): p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms \
         (this thread's CPU: p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms); the slowest: {:.3} ms, {} games, {}",
        times.len(),
        moves,
        at(&mut times, 0.5),
        at(&mut times, 0.99),
        at(&mut times, 1.0),
        at(&mut cpu_times, 0.5),
        at(&mut cpu_times, 0.99),
        at(&mut cpu_times, 1.0),
        slowest.0,
        slowest.1,
        slowest.2
    );
    println!("memory: {}", peak_memory());
    Ok(())
}

/// The process's peak resident memory, as `/proc/self/status` says it.
fn peak_memory() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("VmHWM:")).map(|l| l.split_whitespace().skip(1).collect()))
        .unwrap_or_else(|| "unknown".into())
}

/// This process's CPU time in seconds, all threads, ended ones included (`/proc/self/stat`:
/// user and system time in clock ticks, 100 a second on Linux).
fn process_cpu() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<f64> = rest.split_whitespace().map(|f| f.parse().unwrap_or(0.0)).collect();
    (fields.get(11).unwrap_or(&0.0) + fields.get(12).unwrap_or(&0.0)) / 100.0
}

/// This thread's CPU time in seconds (`/proc/thread-self/schedstat`: nanoseconds on a CPU).
fn thread_cpu() -> f64 {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
    stat.split_whitespace().next().and_then(|n| n.parse::<f64>().ok()).unwrap_or(0.0) * 1e-9
}
