//! The puzzle API (docs/puzzles.md) over a real server with a set of its own (`--puzzles`):
//! picking, the puzzle itself, attempts by guests and by accounts, and the refusals.

mod common;

use common::{request, sign_up};
use reqwest::Method;
use serde_json::{json, Value};
use std::net::SocketAddr;

/// Three puzzles: two xiangqi mates, one janggi mate in 2.
const SET: &str = r#"{"id":"x-one","variant":"xiangqi","fen":"3k5/9/9/5R3/9/9/9/9/4K4/9 w - - 0 1","solution":["f6d6"],"themes":["mate-in-1","flying-general"],"rating":700}
{"id":"x-two","variant":"xiangqi","fen":"4k4/2P6/9/9/9/9/9/3R5/9/1R1K5 w - - 0 1","solution":["d2d8","e9f9","b0b9"],"themes":["mate-in-2"],"rating":1300,"source":"composed"}

{"id":"j-one","variant":"janggi","fen":"3a1k3/1N7/2P6/9/4p4/3R5/9/9/4K4/9 w - - 0 1","solution":["d4d9","f9f8","b8d7"],"themes":["mate-in-2"],"rating":1250}
"#;

async fn server(dir: &std::path::Path, set: &str) -> anyhow::Result<SocketAddr> {
    server_on(dir, set, chuhan_server::data_dir_store(dir)).await
}

/// A server with the set `set` (written under `dir`) on the store `store`.
async fn server_on(dir: &std::path::Path, set: &str, store: chuhan_server::Target) -> anyhow::Result<SocketAddr> {
    let file = dir.join("puzzles.jsonl");
    std::fs::write(&file, set).unwrap();
    let tools = chuhan_server::Tools { puzzles: Some(file), ..Default::default() };
    let (addr, _task) = chuhan_server::Server::new(store).tools(tools).start("127.0.0.1:0").await?;
    Ok(addr)
}

fn pg_url() -> Option<String> {
    match std::env::var("CHUHAN_TEST_POSTGRES_URL") {
        Ok(url) if !url.is_empty() => Some(url),
        _ if std::env::var("CI").as_deref() == Ok("true") => panic!("CHUHAN_TEST_POSTGRES_URL is not set"),
        _ => {
            eprintln!("CHUHAN_TEST_POSTGRES_URL is not set: the PostgreSQL puzzle test is skipped");
            None
        }
    }
}

async fn get(addr: SocketAddr, path: &str) -> (u16, Value) {
    let a = request(addr, Method::GET, path, None, None, &[]).await;
    (a.status, a.body)
}

async fn attempt(addr: SocketAddr, id: &str, body: Value, cookie: Option<&str>) -> (u16, Value) {
    let a = request(addr, Method::POST, &format!("/api/puzzles/{id}/attempt"), Some(body), cookie, &[]).await;
    (a.status, a.body)
}

#[tokio::test]
async fn puzzles_are_picked_by_game_theme_and_rating() {
    let dir = tempfile::tempdir().unwrap();
    let addr = server(dir.path(), SET).await.unwrap();
    let (s, p) = get(addr, "/api/puzzles/next?variant=janggi").await;
    assert_eq!((s, p["id"].as_str()), (200, Some("j-one")), "{p}");
    assert_eq!(p["solution"], json!(["d4d9", "f9f8", "b8d7"]));
    assert_eq!((p["rating"].as_f64(), p["plays"].as_u64()), (Some(1250.0), Some(0)));
    assert_eq!(p["theme_names"], json!(["Mate in 2"]));
    let steps = p["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 4);
    assert!(steps[0]["legal"].as_array().unwrap().contains(&json!("d4d9")));
    assert_eq!(steps[0]["accept"], json!(["d4d9"]));
    assert_eq!(steps[3]["check"], json!(true));
    // Nearest the rating asked for; excluded ones skipped; a streak's next is the lowest above.
    assert_eq!(get(addr, "/api/puzzles/next?near=800").await.1["id"], "x-one");
    assert_eq!(get(addr, "/api/puzzles/next?near=800&exclude=x-one").await.1["id"], "j-one");
    assert_eq!(get(addr, "/api/puzzles/next?above=700&variant=xiangqi").await.1["id"], "x-two");
    assert_eq!(get(addr, "/api/puzzles/next?theme=flying-general").await.1["id"], "x-one");
    let (s, e) = get(addr, "/api/puzzles/next?above=1300").await;
    assert_eq!((s, e["code"].as_str()), (404, Some("no_puzzle")), "{e}");
    let (s, e) = get(addr, "/api/puzzles/next?theme=nonsense").await;
    assert_eq!((s, e["code"].as_str()), (400, Some("bad_theme")), "{e}");
    let (s, e) = get(addr, "/api/puzzles/next?colour=red").await;
    assert_eq!(s, 400, "{e}");
    let (s, p) = get(addr, "/api/puzzles/x-two").await;
    assert_eq!((s, p["source"].as_str()), (200, Some("composed")));
    let (s, e) = get(addr, "/api/puzzles/x-nine").await;
    assert_eq!((s, e["code"].as_str()), (404, Some("no_puzzle")), "{e}");
}

#[tokio::test]
async fn a_guest_attempt_moves_both_ratings_and_bad_ones_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let addr = server(dir.path(), SET).await.unwrap();
    // A new guest solves: up from 1500; the puzzle goes down.
    let (s, r) = attempt(addr, "x-two", json!({ "solved": true }), None).await;
    assert_eq!(s, 200, "{r}");
    assert!(r["player"]["rating"].as_f64().unwrap() > 1500.0 && r["player"]["change"].as_f64().unwrap() > 0.0, "{r}");
    assert!(r["puzzle"]["change"].as_f64().unwrap() < 0.0, "{r}");
    assert_eq!((r["counted"].as_bool(), r["account"].as_bool()), (Some(true), Some(false)));
    let (_, p) = get(addr, "/api/puzzles/x-two").await;
    assert_eq!(p["plays"], 1);
    assert_eq!(p["rating"].as_f64().unwrap(), r["puzzle"]["rating"].as_f64().unwrap());
    // A guest with a rating of its own fails: it goes down from there.
    let mine = json!({ "rating": 1400.0, "deviation": 60.0, "volatility": 0.06 });
    let (s, r) = attempt(addr, "x-one", json!({ "solved": false, "rating": mine }), None).await;
    assert_eq!(s, 200, "{r}");
    let after = r["player"]["rating"].as_f64().unwrap();
    assert!(after < 1400.0 && after > 1300.0, "{r}");
    assert!(r["puzzle"]["change"].as_f64().unwrap() > 0.0, "{r}");
    // Refused: a rating out of range, an unknown key, no such puzzle, a body too large, another site.
    let bad = json!({ "solved": true, "rating": { "rating": 1500.0, "deviation": 0.0, "volatility": 0.06 } });
    assert_eq!(attempt(addr, "x-one", bad, None).await.1["code"], "bad_rating");
    assert_eq!(attempt(addr, "x-one", json!({ "solved": true, "extra": 1 }), None).await.0, 400);
    assert_eq!(attempt(addr, "x-nine", json!({ "solved": true }), None).await.1["code"], "no_puzzle");
    let big = json!({ "solved": true, "pad": "x".repeat(2000) });
    assert_eq!(attempt(addr, "x-one", big, None).await.0, 413);
    let evil = request(
        addr,
        Method::POST,
        "/api/puzzles/x-one/attempt",
        Some(json!({ "solved": true })),
        None,
        &[("origin", "http://evil.example")],
    )
    .await;
    assert_eq!((evil.status, evil.body["code"].as_str()), (403, Some("cross_origin")));
}

#[tokio::test]
async fn an_account_rating_is_the_servers_and_counts_once_a_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let addr = server(dir.path(), SET).await.unwrap();
    let cookie = sign_up(addr, "Solver", "a fine password").await;
    let me = request(addr, Method::GET, "/api/puzzles/rating", None, Some(&cookie), &[]).await.body;
    assert_eq!(me, json!({ "rating": 1500.0, "account": true }));
    // The rating a browser sends is ignored for an account.
    let mine = json!({ "rating": 2500.0, "deviation": 60.0, "volatility": 0.06 });
    let (s, r) = attempt(addr, "j-one", json!({ "solved": true, "rating": mine }), Some(&cookie)).await;
    assert_eq!(s, 200, "{r}");
    let rating = r["player"]["rating"].as_f64().unwrap();
    assert!(rating > 1500.0 && rating < 1900.0, "{r}");
    assert_eq!((r["counted"].as_bool(), r["account"].as_bool()), (Some(true), Some(true)));
    // Again: not counted, nothing moves.
    let (_, again) = attempt(addr, "j-one", json!({ "solved": false }), Some(&cookie)).await;
    assert_eq!((again["counted"].as_bool(), again["player"]["change"].as_f64()), (Some(false), Some(0.0)), "{again}");
    assert_eq!(again["player"]["rating"].as_f64(), Some(rating));
    let me = request(addr, Method::GET, "/api/puzzles/rating", None, Some(&cookie), &[]).await.body;
    assert_eq!(me["rating"].as_f64(), Some(rating));
    let guest = request(addr, Method::GET, "/api/puzzles/rating", None, None, &[]).await.body;
    assert_eq!(guest, json!({ "rating": null, "account": false }));
}

#[tokio::test]
async fn on_postgresql_an_account_attempt_counts_once_across_two_servers() {
    let Some(url) = pg_url() else { return };
    let name = format!("chuhan_puzzles_{}", chuhan_server::random_hex(4).unwrap());
    let conn = chuhan_server::store::pg::create_database(&url, &name).await.expect("test database");
    let db = chuhan_server::Target::Postgres(conn);
    let dir = tempfile::tempdir().unwrap();
    let a = server_on(dir.path(), SET, db.clone()).await.unwrap();
    let b = server_on(dir.path(), SET, db).await.unwrap();
    let cookie = sign_up(a, "Solver", "a fine password").await;
    let (s, r) = attempt(a, "x-two", json!({ "solved": true }), Some(&cookie)).await;
    assert_eq!(s, 200, "{r}");
    let rating = r["player"]["rating"].as_f64().unwrap();
    assert!(rating > 1500.0, "{r}");
    assert_eq!(r["counted"].as_bool(), Some(true));
    // The same puzzle on the other server: stored on the one database, not counted again.
    let (_, again) = attempt(b, "x-two", json!({ "solved": false }), Some(&cookie)).await;
    assert_eq!(
        (again["counted"].as_bool(), again["player"]["rating"].as_f64()),
        (Some(false), Some(rating)),
        "{again}"
    );
    let me = request(b, Method::GET, "/api/puzzles/rating", None, Some(&cookie), &[]).await.body;
    assert_eq!(me["rating"].as_f64(), Some(rating));
    // Another puzzle on the other server moves it from there.
    let (_, next) = attempt(b, "j-one", json!({ "solved": false }), Some(&cookie)).await;
    assert_eq!(next["counted"].as_bool(), Some(true), "{next}");
    assert!(next["player"]["rating"].as_f64().unwrap() < rating, "{next}");
}

#[tokio::test]
async fn a_set_with_a_bad_line_does_not_start_and_names_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let bad = SET.replace("\"d4d9\"", "\"d4d8\"");
    let e = server(dir.path(), &bad).await.unwrap_err();
    let text = format!("{e:#}");
    assert!(text.contains("line 4") && text.contains("solution move 2 \"f9f8\" is not legal"), "{text}");
    let e = server(dir.path(), "{\"id\":1}\n").await.unwrap_err();
    assert!(format!("{e:#}").contains("puzzle set, line 1: not a puzzle"), "{e:#}");
}
