//! The storage flags (issue 40): every flag that names a store reads a SQLite file or a
//! PostgreSQL URL the same way (`chuhan serve --store` and `--games-db`, `chuhan db
//! --games-db`), refuses a mistyped one with the flag and the value named, and the old names
//! (`serve --data DIR`, `serve --database URL`, `db --db`) still work, finding the same data.

mod common;

use common::{postgres_url, serve_with};
use serde_json::{json, Value};
use std::process::{Command, Output};

fn chuhan(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chuhan")).args(args).output().expect("chuhan runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Creates a game at `addr`; returns its id.
async fn create_game(addr: &str) -> String {
    let http = reqwest::Client::new();
    let created: Value =
        http.post(format!("http://{addr}/api/games")).json(&json!({})).send().await.unwrap().json().await.unwrap();
    created["id"].as_str().unwrap().to_string()
}

/// Whether game `id` is at `addr`.
async fn has_game(addr: &str, id: &str) -> bool {
    reqwest::get(format!("http://{addr}/api/games/{id}")).await.unwrap().status().is_success()
}

#[tokio::test]
async fn the_old_data_directory_is_the_store_file_in_it() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let mut old = serve_with([std::ffi::OsStr::new("--data"), data.as_os_str()]);
    let id = create_game(&old.addr).await;
    old.proc.kill();
    // The games of `--data DIR` are in DIR/games.sqlite3, where `--store` finds them.
    let file = data.join("games.sqlite3");
    assert!(file.exists());
    let new = serve_with([std::ffi::OsStr::new("--store"), file.as_os_str()]);
    assert!(has_game(&new.addr, &id).await, "the game of --data is in --store DIR/games.sqlite3");
    // A store file in a directory that does not exist yet: made, as --data made its directory.
    let nested = dir.path().join("a/b/live.sqlite3");
    let fresh = serve_with([std::ffi::OsStr::new("--store"), nested.as_os_str()]);
    let id = create_game(&fresh.addr).await;
    assert!(nested.exists() && has_game(&fresh.addr, &id).await);
}

#[tokio::test]
async fn without_a_flag_the_games_are_where_they_always_were() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_chuhan"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .current_dir(dir.path())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufRead::read_line(&mut std::io::BufReader::new(child.stdout.take().unwrap()), &mut line).unwrap();
    let _proc = common::Proc(child);
    assert!(line.contains("chuhan-data/games.sqlite3"), "{line}");
    assert!(dir.path().join("chuhan-data/games.sqlite3").exists());
}

#[test]
fn a_mistyped_store_is_refused_with_the_flag_and_the_value_named() {
    for (flag, value, named) in [
        ("--store", "mysql://u:secret@h/db", "mysql://u:***@h/db"),
        // The old name reads the same way (clap names the flag by its new name).
        ("--database", "http://example.org/db", "http://example.org/db"),
        ("--games-db", "postgres://u:secret@h:notaport/db", "postgres://u:***@h:notaport/db"),
        ("--store", "", "empty"),
    ] {
        let o = chuhan(&["serve", "--addr", "127.0.0.1:0", flag, value]);
        assert!(!o.status.success(), "{flag} {value:?} was taken");
        let err = stderr(&o);
        let shown = if flag == "--database" { "--store" } else { flag };
        assert!(err.contains(shown) && err.contains(named) && !err.contains("secret"), "{flag} {value:?}: {err}");
        assert!(o.stdout.is_empty(), "the server did not start");
    }
    for flag in ["--games-db", "--db"] {
        let o = chuhan(&["db", "stats", flag, "ftp://h/games"]);
        assert!(!o.status.success());
        let err = stderr(&o);
        assert!(err.contains("--games-db") && err.contains("ftp://h/games"), "{flag}: {err}");
    }
}

#[test]
fn the_game_database_flag_and_its_old_name_open_the_same_database() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.sqlite3");
    let db = db.to_str().unwrap();
    let pgn = dir.path().join("g.pgn");
    std::fs::write(&pgn, "[Event \"a\"]\n\n1. h2e2 h9g7 *\n\n[Event \"b\"]\n\n1. h2e2 *\n").unwrap();
    let o = chuhan(&["db", "import", "--games-db", db, pgn.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    for flag in ["--games-db", "--db"] {
        let o = chuhan(&["db", "stats", flag, db, "--json"]);
        assert!(o.status.success(), "{flag}: {}", stderr(&o));
        let stats: Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(stats["games"], 2, "{flag}: {stats}");
    }
    let o = chuhan(&["db", "stats", "--games-db", dir.path().join("none.sqlite3").to_str().unwrap()]);
    assert!(stderr(&o).contains("chuhan db import --games-db"), "{}", stderr(&o));
}

#[tokio::test]
async fn postgres_by_the_new_flag_and_the_old_one() {
    // The test cluster's URL is the Unix socket form: postgres://user@/db?host=DIR.
    let Some(url) = postgres_url("the --store test") else { return };
    let mut new = serve_with(["--store", &url]);
    let id = create_game(&new.addr).await;
    new.proc.kill();
    let mut old = serve_with(["--database", &url]);
    assert!(has_game(&old.addr, &id).await, "--database finds the game of --store");
    old.proc.kill();
    // libpq's key=value form, which `--database` took: still PostgreSQL, not a file so named.
    let (Some(host), Some(user), Some(db)) = (
        url.split("host=").nth(1).map(|h| h.split('&').next().unwrap()),
        url.strip_prefix("postgres://").and_then(|r| r.split('@').next()),
        url.split('/').nth(3).and_then(|r| r.split('?').next()),
    ) else {
        return;
    };
    let key_value = format!("host={host} user={user} dbname={db}");
    let kv = serve_with(["--store", &key_value]);
    assert!(has_game(&kv.addr, &id).await, "--store {key_value} finds the game");
}
