//! The database's speed: import games/s, bytes a position, explorer latency (p50, p99) over
//! positions sampled from the imported games.
//!
//! `cargo run --release -p chuhan-db --example bench -- FILES...` imports into a fresh
//! database in a temporary directory (or `--db PATH`, which must not exist), then explores
//! positions at plies 0-40 of every 7th game (at most 2,000), each asked once.

use chuhan_db::{Database, Fold, ImportOptions, Lang, SearchFilter};
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() || args.iter().any(|a| a == "--help") {
        eprintln!("usage: bench [--db PATH] FILES...");
        return Ok(());
    }
    let dir = tempfile::tempdir()?;
    let path = match args.iter().position(|a| a == "--db") {
        Some(i) => {
            let p = std::path::PathBuf::from(args.remove(i + 1));
            args.remove(i);
            p
        }
        None => dir.path().join("bench.sqlite3"),
    };
    if path.exists() {
        return Err(format!("{} exists: the import must start from an empty database", path.display()).into());
    }
    let mut db = Database::open(&path, Fold::Mirror)?;
    let start = Instant::now();
    let report = db.import(&args, &ImportOptions::default(), |_| {})?;
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
