//! `chuhan db`: import, explore (table and JSON), search, export and stats through the binary,
//! on a SQLite file and on PostgreSQL (`CHUHAN_TEST_POSTGRES_URL`, in a schema of its own;
//! skipped with a message without it, a failure with `CI=true`).

use std::process::{Command, Output};

fn chuhan(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chuhan")).args(args).output().expect("chuhan runs")
}

fn text(o: &Output) -> String {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn import_explore_search_export_stats_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.sqlite3");
    import_explore_search_export_stats(db.to_str().unwrap());
    let missing = chuhan(&["db", "stats", "--db", dir.path().join("none.sqlite3").to_str().unwrap()]);
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no database"));
}

#[test]
fn import_explore_search_export_stats_on_postgres() {
    let Ok(admin) = std::env::var("CHUHAN_TEST_POSTGRES_URL") else {
        assert!(std::env::var("CI").map_or(true, |v| v != "true"), "CI=true but CHUHAN_TEST_POSTGRES_URL is not set");
        eprintln!("skipped: CHUHAN_TEST_POSTGRES_URL is not set (scripts/pg-test-cluster.sh starts a cluster)");
        return;
    };
    let schema = format!("cli_db_{}", std::process::id());
    let mut client = postgres::Client::connect(&admin, postgres::NoTls).unwrap();
    client.batch_execute(&format!("DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema}")).unwrap();
    let sep = if admin.contains('?') { '&' } else { '?' };
    let url = format!("{admin}{sep}options=-csearch_path%3D{schema}");
    import_explore_search_export_stats(&url);
    client.batch_execute(&format!("DROP SCHEMA {schema} CASCADE")).unwrap();
    // A role that does not exist: the server's reason, the URL without its password.
    let bad = admin.replacen("postgres://postgres@", "postgres://nobody_here:secret@", 1);
    let out = chuhan(&["db", "stats", "--db", &bad]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("nobody_here") && err.contains("***") && !err.contains("secret"), "{err}");
}

#[test]
fn an_import_of_bad_games_only_fails() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.sqlite3");
    let db = db.to_str().unwrap();
    let bad = dir.path().join("bad.pgn");
    std::fs::write(&bad, "[Event \"x\"]\n\n1. h2e2 h9h5 *\n\n[Event \"y\"]\n\n1. z9z9 *\n").unwrap();
    let out = chuhan(&["db", "import", "--db", db, bad.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(err.contains("no game imported: all 2 games read were bad"), "{err}");
    assert!(err.contains("bad.pgn: game 1, ply 2"), "{err}");
    // The same in JSON (a new database: the first one has the file marked done).
    let db2 = dir.path().join("g2.sqlite3");
    let out = chuhan(&["db", "import", "--db", db2.to_str().unwrap(), "--json", bad.to_str().unwrap()]);
    assert!(!out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["errors"].as_array().map(Vec::len), Some(2));
    // One good game beside them: a success that reports the bad ones.
    let good = dir.path().join("good.pgn");
    std::fs::write(&good, "[Event \"z\"]\n\n1. h2e2 *\n").unwrap();
    let out = chuhan(&["db", "import", "--db", db, bad.to_str().unwrap(), good.to_str().unwrap()]);
    assert!(text(&out).contains("1 imported"));
}

/// `--max-plies`: a game longer than the limit is a bad game named with its length.
#[test]
fn an_import_refuses_games_longer_than_max_plies() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.sqlite3");
    let pgn = dir.path().join("long.pgn");
    std::fs::write(&pgn, "[Event \"long\"]\n\n1. b0c2 b9c7 2. c2b0 c7b9 *\n\n[Event \"short\"]\n\n1. h2e2 *\n")
        .unwrap();
    let out = chuhan(&["db", "import", "--db", db.to_str().unwrap(), "--max-plies", "3", pgn.to_str().unwrap()]);
    let all = format!("{}{}", text(&out), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{all}");
    assert!(all.contains("1 imported"), "{all}");
    assert!(all.contains("game 1: 4 plies, more than the longest game stored (3)"), "{all}");
    let out = chuhan(&["db", "import", "--db", db.to_str().unwrap(), "--max-plies", "0", pgn.to_str().unwrap()]);
    assert!(!out.status.success());
}

#[test]
fn names_with_escape_sequences_do_not_reach_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.sqlite3");
    let db = db.to_str().unwrap();
    let pgn = dir.path().join("evil.pgn");
    std::fs::write(
        &pgn,
        "[Event \"Cup\u{1b}]0;owned\u{7}\"]\n[Red \"\u{1b}[31m胡荣华\"]\n[Black \"김철수\u{9b}2J\"]\n\n\
         1. h2e2 h9g7 1-0\n\n[Event \"Bad\"]\n\n1. h2e2 \u{1b}[2J *\n",
    )
    .unwrap();
    let out = chuhan(&["db", "import", "--db", db, pgn.to_str().unwrap()]);
    assert!(!out.stderr.contains(&0x1b), "{:?}", String::from_utf8_lossy(&out.stderr));
    assert!(text(&out).contains("1 imported"));
    let found = chuhan(&["db", "search", "--db", db, "--player", "胡"]);
    let table = text(&found);
    assert!(!found.stdout.contains(&0x1b) && !table.contains('\u{9b}') && !table.contains('\u{7}'), "{table:?}");
    assert!(table.contains("\\u{1b}[31m胡荣华 - 김철수\\u{9b}2J (Cup\\u{1b}]0;owned\\u{7})"), "{table}");
    let explored = chuhan(&["db", "explore", "--db", db, "--moves", "h2e2"]);
    assert!(!explored.stdout.contains(&0x1b), "{}", text(&explored));
    assert!(text(&explored).contains("\\u{1b}[31m胡荣华"));
}

fn import_explore_search_export_stats(db: &str) {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("g.pgn");
    std::fs::write(
        &pgn,
        "[Event \"Cup\"]\n[Date \"1998.05.12\"]\n[Red \"Hu\"]\n[Black \"Xu\"]\n[Result \"1-0\"]\n\n\
         1. h2e2 h9g7 2. h0g2 b9c7 1-0\n\n\
         [Event \"League\"]\n[Date \"2005\"]\n[Red \"Liu\"]\n[Black \"Hu\"]\n[Result \"1/2-1/2\"]\n\n\
         1. b2e2 b9c7 2. b0c2 1/2-1/2\n\n\
         [Event \"Bad\"]\n\n1. h2e2 h9h5 *\n",
    )
    .unwrap();
    let out = chuhan(&["db", "import", "--db", db, pgn.to_str().unwrap()]);
    assert!(text(&out).contains("2 imported"));
    assert!(String::from_utf8_lossy(&out.stderr).contains("game 3, ply 2"), "{}", String::from_utf8_lossy(&out.stderr));

    let json: serde_json::Value = serde_json::from_str(&text(&chuhan(&[
        "db", "explore", "--db", db, "--moves", "h2e2", "--json", "--lang", "english",
    ])))
    .unwrap();
    assert_eq!(json["opening"], "Central Cannon");
    assert_eq!(json["moves"][0]["move"], "h9g7");
    assert_eq!(json["moves"][0]["games"], 2);
    assert_eq!(json["moves"][0]["losses"], 1);
    assert_eq!(json["moves"][0]["draws"], 1);
    assert_eq!(json["moves"][0]["last_year"], 2005);
    let table = text(&chuhan(&["db", "explore", "--db", db, "--moves", "炮二平五"]));
    assert!(table.contains("h9g7"), "{table}");

    let found = text(&chuhan(&["db", "search", "--db", db, "--player", "hu", "--from", "2000"]));
    assert!(found.contains("League") && !found.contains("Cup") && found.contains("1 games"), "{found}");
    let found = text(&chuhan(&["db", "search", "--db", db, "--material", "車馬炮兵 vs 車"]));
    assert!(found.contains("0 games"), "{found}");

    let pgn_out = text(&chuhan(&["db", "export", "--db", db, "--event", "Cup", "--notation", "iccs"]));
    assert!(pgn_out.contains("[Opening \"中炮對屏風馬\"]"), "{pgn_out}");
    assert!(pgn_out.contains("H2-E2"), "{pgn_out}");

    let stats: serde_json::Value =
        serde_json::from_str(&text(&chuhan(&["db", "stats", "--db", db, "--json"]))).unwrap();
    assert_eq!(stats["games"], 2);
    let bad = chuhan(&["db", "search", "--db", db, "--material", "車X vs 車"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown piece"));
}
