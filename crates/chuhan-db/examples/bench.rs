//! The database's speed: import games/s, bytes a position, explorer latency (p50, p99) over
//! positions sampled from the imported games.
//!
//! `cargo run --release -p chuhan-db --example bench -- FILES...` imports into a fresh
//! database in a temporary directory (or `--db PATH`, which must not exist; or `--db
//! postgres://...`, where a schema of its own is made for the run and dropped after), then
//! explores positions at plies 0-40 of every 7th game (at most 2,000), each asked once.

use chuhan_db::{is_postgres_url, Database, Fold, ImportOptions, Lang, SearchFilter};
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
        eprintln!("usage: bench [--db PATH|URL] [--batch GAMES] FILES...");
        return Ok(());
    }
    let dir = tempfile::tempdir()?;
    let target = match args.iter().position(|a| a == "--db") {
        Some(i) => {
            let p = args.remove(i + 1);
            args.remove(i);
            p
        }
        None => dir.path().join("bench.sqlite3").display().to_string(),
    };
    let mut options = ImportOptions::default();
    if let Some(i) = args.iter().position(|a| a == "--batch") {
        options.batch = args.remove(i + 1).parse()?;
        args.remove(i);
    }
    let mut _schema = None;
    let mut db = if is_postgres_url(&target) {
        let (schema, url) = Schema::create(&target)?;
        _schema = Some(schema);
        Database::connect(&url, Fold::Mirror)?
    } else {
        if std::path::Path::new(&target).exists() {
            return Err(format!("{target} exists: the import must start from an empty database").into());
        }
        Database::open(&target, Fold::Mirror)?
    };
    println!("database: {:?} {}", db.backend(), db.path());
    let start = Instant::now();
    let report = db.import(&args, &options, |_| {})?;
    let seconds = start.elapsed().as_secs_f64();
    let stats = db.stats(0, Lang::English)?;
    println!(
        "import: {} games read ({} stored, {} duplicates, {} bad), {} positions in {:.3} s: {:.0} games/s, {:.0} positions/s",
        report.games_read,
        report.imported,
        report.duplicates,
        report.errors.len(),
        report.positions,
        seconds,
        report.games_read as f64 / seconds,
        report.positions as f64 / seconds
    );
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
    let mut moves = 0;
    for pos in &samples {
        let t = Instant::now();
        let e = db.explore(pos, 5, Lang::English)?;
        times.push(t.elapsed().as_secs_f64() * 1e3);
        moves += e.moves.len();
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() as f64 - 1.0) * q).round() as usize];
    println!(
        "explore: {} positions ({} moves listed): p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms",
        times.len(),
        moves,
        at(0.5),
        at(0.99),
        at(1.0)
    );
    Ok(())
}
