//! Parses and replays every game of the given PGN files and prints games/s and MB/s:
//! `cargo run --release -p chuhan-record --example bench_records -- ../shared/testdata/games/*_UCI_games.pgn`
fn main() {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    let runs: usize = std::env::var("RUNS").ok().and_then(|r| r.parse().ok()).unwrap_or(5);
    let mut best = None::<chuhan_record::tools::Bench>;
    for _ in 0..runs {
        let b = chuhan_record::tools::bench(&paths);
        println!("{}", b.line());
        if best.as_ref().is_none_or(|x| b.seconds < x.seconds) {
            best = Some(b);
        }
    }
    if let Some(b) = best {
        println!("best: {}", b.line());
    }
}
