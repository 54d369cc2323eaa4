//! `chuhan serve --games-db`: the explorer, search, games opened for the board and uploads,
//! over loopback against a real database filled through the upload route: a SQLite file, and
//! PostgreSQL (the cluster named by `CHUHAN_TEST_POSTGRES_URL`, a schema of its own per test,
//! dropped at its end; skipped with a message without the variable, failed under CI=true).

use chuhan::{Position, Variant};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::Path;

const PGN: &str = include_str!("../../../e2e/fixtures/explorer.pgn");

/// A schema of its own in the test cluster, dropped when the test ends.
struct PgSchema {
    admin: String,
    name: String,
    /// The URL that works in the schema.
    url: String,
}

impl PgSchema {
    /// The schema, or `None` (skip) without a cluster.
    async fn create(test: &str) -> Option<PgSchema> {
        let admin = match std::env::var("CHUHAN_TEST_POSTGRES_URL") {
            Ok(url) if !url.is_empty() => url,
            _ if std::env::var("CI").as_deref() == Ok("true") => panic!("CHUHAN_TEST_POSTGRES_URL is not set"),
            _ => {
                eprintln!("CHUHAN_TEST_POSTGRES_URL is not set: the PostgreSQL games-db test is skipped");
                return None;
            }
        };
        let name = format!("games_db_{test}_{}", chuhan_server::random_hex(4).unwrap());
        let (client, conn) = tokio_postgres::connect(&admin, tokio_postgres::NoTls).await.expect("test cluster");
        let task = tokio::spawn(conn);
        client.batch_execute(&format!("CREATE SCHEMA {name}")).await.unwrap();
        drop(client);
        let _ = task.await;
        let sep = if admin.contains('?') { '&' } else { '?' };
        let url = format!("{admin}{sep}options=-csearch_path%3D{name}");
        Some(PgSchema { admin, name, url })
    }
}

impl Drop for PgSchema {
    fn drop(&mut self) {
        let (admin, name) = (self.admin.clone(), self.name.clone());
        // The synchronous client needs a thread outside the test's runtime.
        let _ = std::thread::spawn(move || {
            if let Ok(mut c) = postgres::Client::connect(&admin, postgres::NoTls) {
                let _ = c.batch_execute(&format!("DROP SCHEMA {name} CASCADE"));
            }
        })
        .join();
    }
}

async fn server(dir: &Path, db: bool, uploads: bool) -> SocketAddr {
    server_on(dir, db.then(|| dir.join("games.sqlite3").display().to_string()), uploads).await
}

/// A server whose game database is `target` (a file or a URL).
async fn server_on(dir: &Path, target: Option<String>, uploads: bool) -> SocketAddr {
    let games_db = target.map(|t| t.parse().unwrap());
    let tools = chuhan_server::Tools { games_db, games_db_uploads: uploads, ..Default::default() };
    let limits =
        chuhan_server::Limits { requests_per_minute: 0, games_per_minute: 0, ..chuhan_server::Limits::default() };
    chuhan_server::Server::new(chuhan_server::data_dir_store(&dir.join("data")))
        .limits(limits)
        .tools(tools)
        .start("127.0.0.1:0")
        .await
        .unwrap()
        .0
}

async fn get(addr: SocketAddr, path: &str) -> (u16, Value) {
    let r = reqwest::get(format!("http://{addr}{path}")).await.unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap())
}

async fn upload(addr: SocketAddr, name: &str, body: &str) -> (u16, Value) {
    let r = reqwest::Client::new()
        .post(format!("http://{addr}/api/db/import?name={name}"))
        .body(body.to_string())
        .send()
        .await
        .unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap())
}

fn fen_after(moves: &[&str]) -> String {
    let mut pos = Position::new(Variant::Xiangqi);
    for m in moves {
        pos.play(m.parse().unwrap()).unwrap();
    }
    pos.to_fen()
}

fn explore_path(moves: &[&str]) -> String {
    let fen = fen_after(moves);
    format!("/api/explore?notation=chinese&fen={}", fen.replace(' ', "%20").replace('/', "%2F"))
}

#[tokio::test]
async fn upload_explore_search_and_open() {
    let dir = tempfile::tempdir().unwrap();
    upload_explore_search_and_open_on(server(dir.path(), true, true).await).await;
}

/// The same on PostgreSQL: `chuhan serve --games-db postgres://…`.
#[tokio::test]
async fn upload_explore_search_and_open_on_postgres() {
    let Some(schema) = PgSchema::create("upload").await else { return };
    let dir = tempfile::tempdir().unwrap();
    upload_explore_search_and_open_on(server_on(dir.path(), Some(schema.url.clone()), true).await).await;
}

/// Upload, explore, search and open a game on the server at `addr`, whose game database is
/// empty and open to uploads.
async fn upload_explore_search_and_open_on(addr: SocketAddr) {
    assert_eq!(
        get(addr, "/api/db").await.1,
        json!({ "enabled": true, "games": 0, "uploads": true, "max_upload": 8388608 })
    );

    // Upload: four games stored; again: four duplicates; a bad game is reported with the name.
    let (code, v) = upload(addr, "explorer.pgn", PGN).await;
    assert_eq!(code, 200, "{v}");
    assert_eq!((v["imported"].as_u64(), v["duplicates"].as_u64(), v["bad"].as_u64()), (Some(4), Some(0), Some(0)));
    let (_, v) = upload(addr, "explorer.pgn", PGN).await;
    assert_eq!((v["imported"].as_u64(), v["duplicates"].as_u64()), (Some(0), Some(4)), "{v}");
    let bad = "[Red \"X\"]\n\n1. C2.5 H8+7 2. R1+5 1-0\n\n[Red \"Y\"]\n\n1. P3+1 1-0\n";
    let (_, v) = upload(addr, "../../etc/bad games.pgn", bad).await;
    assert_eq!((v["imported"].as_u64(), v["bad"].as_u64()), (Some(1), Some(1)), "{v}");
    assert_eq!(v["file"], "badgames.pgn");
    let error = v["errors"][0].as_str().unwrap();
    assert!(error.starts_with("badgames.pgn: game 1") && !error.contains("chuhan-uploads"), "{error}");
    // The same in Chinese (issue 44): where and why in the uploader's language.
    let r = reqwest::Client::new()
        .post(format!("http://{addr}/api/db/import?name=bad.pgn"))
        .header("accept-language", "zh-CN")
        .body(bad)
        .send()
        .await
        .unwrap();
    let v: Value = r.json().await.unwrap();
    assert_eq!(v["errors"][0], "bad.pgn: 第 1 局，第 3 步：R1+5：没有相符的合法着法", "{v}");
    let (code, v) = upload(addr, "empty.pgn", "").await;
    assert_eq!(code, 400, "{v}");
    assert_eq!(get(addr, "/api/db").await.1["games"], 5);

    // The explorer at the start: 5 games, the central cannon 4 times with its results.
    let (code, v) = get(addr, &explore_path(&[])).await;
    assert_eq!(code, 200, "{v}");
    assert_eq!(v["games"], 5);
    assert_eq!(v["moves"][0]["move"], "h2e2");
    assert_eq!(v["moves"][0]["text"], "炮二平五");
    assert_eq!(
        [&v["moves"][0]["games"], &v["moves"][0]["wins"], &v["moves"][0]["draws"], &v["moves"][0]["losses"]],
        [&json!(3), &json!(1), &json!(1), &json!(1)],
        "{v}"
    );
    assert_eq!(v["moves"][1]["move"], "c3c4");
    // After 炮二平五 马８进７: two games, both 马二进三; the best-known games carry names.
    let (_, v) = get(addr, &explore_path(&["h2e2", "h9g7"])).await;
    assert_eq!(v["games"], 2, "{v}");
    assert_eq!(v["moves"][0]["text"], "马二进三");
    let top: Vec<&str> = v["top_games"].as_array().unwrap().iter().map(|g| g["red"].as_str().unwrap()).collect();
    assert_eq!(top.len(), 2);
    assert!(top.contains(&"Alpha") && top.contains(&"Gamma"), "{top:?}");
    assert!(v["opening"].is_string(), "{v}");

    // A bad FEN is a 400 that says what is wrong.
    let (code, v) = get(addr, "/api/explore?fen=rnbakabnr/9/x").await;
    assert_eq!(code, 400);
    assert!(v["error"].as_str().unwrap().starts_with("fen: "), "{v}");
    let (code, _) = get(addr, "/api/explore").await;
    assert_eq!(code, 400);

    // Search.
    let names = |v: &Value| -> Vec<String> {
        v["games"].as_array().unwrap().iter().map(|g| format!("{}-{}", g["red"], g["black"]).replace('"', "")).collect()
    };
    let (_, v) = get(addr, "/api/db/search?player=alpha").await;
    assert_eq!(names(&v), ["Gamma-Alpha", "Alpha-Beta"]);
    assert_eq!((v["total"].as_u64(), v["offset"].as_u64()), (Some(2), Some(0)), "{v}");
    // Pages: the second game of the two, with the total of all pages.
    let (_, v) = get(addr, "/api/db/search?player=alpha&limit=1&offset=1").await;
    assert_eq!(names(&v), ["Alpha-Beta"]);
    assert_eq!((v["total"].as_u64(), v["offset"].as_u64()), (Some(2), Some(1)), "{v}");
    let (code, v) = get(addr, "/api/db/search?offset=-1").await;
    assert_eq!(code, 400, "{v}");
    let (code, v) = get(addr, "/api/db/search?offset=99999999999").await;
    assert_eq!(code, 400, "{v}");
    let (_, v) = get(addr, "/api/db/search?result=1-0&from=2002").await;
    assert_eq!(names(&v), ["Delta-Beta"]);
    let (_, v) = get(addr, "/api/db/search?event=Test&to=2002").await;
    assert_eq!(names(&v), ["Alpha-Beta"]);
    let (code, v) = get(addr, "/api/db/search?result=2-0").await;
    assert_eq!(code, 400, "{v}");
    let (code, v) = get(addr, "/api/db/search?from=yesterday").await;
    assert_eq!(code, 400, "{v}");

    // A game as the analysis board loads it: names, result, moves.
    let (_, v) = get(addr, "/api/db/search?player=Delta").await;
    let id = v["games"][0]["id"].as_i64().unwrap();
    let (code, v) = get(addr, &format!("/api/db/games/{id}")).await;
    assert_eq!(code, 200, "{v}");
    assert_eq!(v["result"], "1-0");
    assert!(v["headers"].as_array().unwrap().contains(&json!(["Red", "Delta"])), "{v}");
    assert_eq!(v["moves"], json!(["c3c4", "g6g5", "b0c2", "h9g7"]));
    let (code, _) = get(addr, "/api/db/games/99999").await;
    assert_eq!(code, 404);

    // The analysis board names the opening of its line.
    let r = reqwest::Client::new()
        .post(format!("http://{addr}/api/analyse"))
        .json(&json!({ "moves": ["h2e2", "h9g7", "h0g2"], "millis": 0 }))
        .send()
        .await
        .unwrap();
    let v: Value = r.json().await.unwrap();
    assert!(v["opening"].as_str().is_some_and(|o| o.contains('·')), "{v}");
}

#[tokio::test]
async fn without_a_database_or_uploads() {
    let dir = tempfile::tempdir().unwrap();
    let addr = server(dir.path(), false, false).await;
    assert_eq!(get(addr, "/api/db").await.1, json!({ "enabled": false }));
    let (code, v) = get(addr, &explore_path(&[])).await;
    assert_eq!(code, 404);
    assert!(v["error"].as_str().unwrap().contains("--games-db"), "{v}");
    let dir = tempfile::tempdir().unwrap();
    let addr = server(dir.path(), true, false).await;
    let (code, v) = upload(addr, "x.pgn", PGN).await;
    assert_eq!(code, 403);
    assert!(v["error"].as_str().unwrap().contains("--games-db-uploads"), "{v}");
}
