//! `chuhan puzzles`: generated from records into a database, listed as JSON Lines, a position
//! stored once, a stopped generation resumed, and bad input.

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Output};

fn chuhan(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chuhan")).args(args).output().expect("chuhan runs")
}

/// Three games: two where Red's chariot goes where a horse takes it and nothing takes back
/// (black misses it; the second game is the first's mirror image), and a quiet one.
fn games() -> tempfile::NamedTempFile {
    let mut f = tempfile::Builder::new().suffix(".pgn").tempfile().unwrap();
    write!(
        f,
        "[Event \"left\"]\n[Red \"Red player\"]\n[Black \"Black player\"]\n[Date \"1999.01.02\"]\n[FEN \"{LEFT}\"]\n[Result \"*\"]\n\n1. a0a5 i9h9 *\n\n\
         [Event \"right\"]\n[FEN \"{RIGHT}\"]\n[Result \"*\"]\n\n1. i0i5 a9b9 *\n\n\
         [Event \"quiet\"]\n[Result \"*\"]\n\n1. h2e2 h9g7 2. h0g2 *\n"
    )
    .unwrap();
    f
}

const LEFT: &str = "3aka2r/9/1n5n1/2p1p1p1p/9/9/2P1P1P1P/9/9/R2AKA2R w - - 0 1";
const RIGHT: &str = "r2aka3/9/1n5n1/p1p1p1p2/9/9/P1P1P1P2/9/9/R2AKA2R w - - 0 1";

const QUICK: [&str; 8] = ["--scan-nodes", "1500", "--nodes", "6000", "--verify-nodes", "20000", "--min-ply", "0"];

fn list(db: &str) -> Vec<Value> {
    let o = chuhan(&["puzzles", "list", "--db", db, "--json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

#[test]
fn generate_stores_one_puzzle_a_position_and_list_writes_json_lines() {
    let f = games();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("p.sqlite3");
    let db = db.to_str().unwrap();
    let mut args = vec!["puzzles", "generate", "--db", db, "--from", f.path().to_str().unwrap()];
    args.extend(QUICK);
    let o = chuhan(&args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    // The two games' positions are mirror images: one puzzle.
    assert!(err.contains("1 new puzzles from 3 games (1 already stored)"), "{err}");
    let puzzles = list(db);
    assert_eq!(puzzles.len(), 1, "{puzzles:?}");
    let p = &puzzles[0];
    assert_eq!(p["variant"], "xiangqi");
    assert_eq!(p["fen"], "3aka2r/9/1n5n1/2p1p1p1p/R8/9/2P1P1P1P/9/9/3AKA2R b - - 1 1");
    assert_eq!(p["solution"], serde_json::json!(["b7a5"]));
    assert_eq!(p["themes"], serde_json::json!(["material"]));
    assert!(p["rating"].as_i64().unwrap() >= 800);
    assert!(p["id"].as_str().unwrap().starts_with("x-"));
    assert_eq!(p["source"], "Red player – Black player, left, 1999, ply 1");

    // Again: nothing new.
    let o = chuhan(&args);
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("0 new puzzles from 3 games (2 already stored); 1 in the database")
    );
    // Filters.
    let o = chuhan(&["puzzles", "list", "--db", db, "--variant", "janggi"]);
    assert!(o.status.success() && o.stdout.is_empty());
    let o = chuhan(&["puzzles", "list", "--db", db, "--theme", "material"]);
    assert!(String::from_utf8_lossy(&o.stdout).starts_with(p["id"].as_str().unwrap()));
}

#[test]
fn games_of_the_database_are_searched_once() {
    let f = games();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.sqlite3");
    let db = db.to_str().unwrap();
    let o = chuhan(&["db", "import", "--games-db", db, f.path().to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut args = vec!["puzzles", "generate", "--db", db, "--games", "1"];
    args.extend(QUICK);
    let o = chuhan(&args);
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("1 new puzzles from 1 games"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    args.retain(|a| *a != "--games" && *a != "1");
    let o = chuhan(&args);
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("0 new puzzles from 2 games (1 already stored)"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let p = &list(db)[0];
    assert_eq!(p["source"], "Red player – Black player, left, 1999, ply 1");
}

#[test]
fn verify_removes_a_puzzle_whose_first_move_is_not_the_best() {
    let f = games();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("v.sqlite3");
    let db = db.to_str().unwrap();
    let mut args = vec!["puzzles", "generate", "--db", db, "--from", f.path().to_str().unwrap()];
    args.extend(QUICK);
    assert!(chuhan(&args).status.success());
    // A puzzle stored by hand with a wrong solution: Red mates at once with the horse (c5d7),
    // not with the chariot's move.
    let wrong = chuhan_db::puzzles::StoredPuzzle {
        id: "x-00000000ff".into(),
        variant: chuhan::Variant::Xiangqi,
        fen: "3aka3/R8/9/9/2N6/9/7r1/8r/9/3K5 w - - 0 1".into(),
        solution: vec!["a8a9".parse().unwrap()],
        themes: vec!["advantage".into()],
        rating: 1000,
        game: None,
        ply: 0,
        source: "by hand".into(),
    };
    let mut store = chuhan_db::Database::open(std::path::Path::new(db), chuhan_db::Fold::Mirror).unwrap();
    assert!(store.add_puzzle(&wrong, "by hand").unwrap());
    drop(store);
    assert_eq!(list(db).len(), 2);

    let o = chuhan(&["puzzles", "verify", "--db", db, "--nodes", "20000", "--dry-run"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(err.contains("x-00000000ff: the deeper search prefers c5d7"), "{err}");
    assert!(err.contains("1 of 2 puzzles hold; 1 would be removed (--dry-run)"), "{err}");
    assert_eq!(list(db).len(), 2, "a dry run removes nothing");

    let o = chuhan(&["puzzles", "verify", "--db", db, "--nodes", "20000", "--threads", "2"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("1 of 2 puzzles hold; 1 removed"), "{err}");
    let left = list(db);
    assert_eq!(left.len(), 1);
    assert_eq!(left[0]["solution"], serde_json::json!(["b7a5"]));
}

#[test]
fn bad_input_is_named() {
    let o = chuhan(&["puzzles", "list", "--db", "/nonexistent/x.sqlite3"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("no database /nonexistent/x.sqlite3"));
    let o = chuhan(&["puzzles", "list", "--theme", "fork"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("horse-fork"));
    let o = chuhan(&["puzzles", "generate", "--threads", "0", "--from", "x.pgn"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("--threads 0: expected 1 to 64"));
    let o = chuhan(&["puzzles", "verify", "--db", "/nonexistent/x.sqlite3"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("no database /nonexistent/x.sqlite3"));
}
