//! Over loopback: game review (issue 43). A finished game's review is queued, runs once however
//! often it is asked for, is saved with the game (a restarted server answers it at once) and can
//! be cancelled; a board's review is a job polled by its id; lengths and the line are bounded.

mod common;

use common::{get, post, seat_request};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::Path;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{connect_async, MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<tokio::net::TcpStream>>;

async fn server(data: &Path, nodes: u64, queue: usize) -> (SocketAddr, tokio::task::JoinHandle<anyhow::Result<()>>) {
    server_with(data, nodes, queue, 100).await
}

async fn server_with(
    data: &Path,
    nodes: u64,
    queue: usize,
    per_client: usize,
) -> (SocketAddr, tokio::task::JoinHandle<anyhow::Result<()>>) {
    let limits = chuhan_server::Limits {
        requests_per_minute: 0,
        games_per_minute: 0,
        review_nodes: nodes,
        review_queue: queue,
        reviews_per_client: per_client,
        ..chuhan_server::Limits::default()
    };
    chuhan_server::Server::new(chuhan_server::data_dir_store(data))
        .limits(limits)
        .start("127.0.0.1:0")
        .await
        .expect("server starts")
}

async fn open(addr: SocketAddr, id: &str, token: &str) -> Ws {
    let url = format!("ws://{addr}/api/games/{id}/ws?notation=uci");
    connect_async(seat_request(url, Some(token))).await.unwrap().0
}

async fn send(ws: &mut Ws, v: Value) {
    ws.send(Message::Text(v.to_string().into())).await.unwrap();
}

async fn until(ws: &mut Ws, pick: impl Fn(&Value) -> bool) -> Value {
    loop {
        let msg =
            tokio::time::timeout(Duration::from_secs(5), ws.next()).await.expect("a frame in time").unwrap().unwrap();
        let Message::Text(t) = msg else { continue };
        let v: Value = serde_json::from_str(&t).unwrap();
        if pick(&v) {
            return v;
        }
    }
}

/// A friend game with `moves` played, then resigned by the side to move when `finish`.
async fn game(addr: SocketAddr, moves: &[&str], finish: bool) -> String {
    let (_, g) = post(addr, "/api/games", json!({ "mode": "friend", "name": "Ann" })).await;
    let id = g["id"].as_str().unwrap().to_string();
    let (_, j) = post(addr, &format!("/api/games/{id}/join"), json!({ "name": "Bo" })).await;
    let mut seats =
        [open(addr, &id, g["token"].as_str().unwrap()).await, open(addr, &id, j["token"].as_str().unwrap()).await];
    for (i, m) in moves.iter().enumerate() {
        send(&mut seats[i % 2], json!({ "type": "move", "move": m })).await;
        until(&mut seats[i % 2], |v| v["moves"].as_array().is_some_and(|a| a.len() == i + 1)).await;
    }
    if finish {
        send(&mut seats[moves.len() % 2], json!({ "type": "resign" })).await;
        until(&mut seats[0], |v| v["end"].is_object()).await;
    }
    id
}

/// Polls `path` until its status is no longer queued or running (within 60 s).
async fn settled(addr: SocketAddr, path: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let (code, v) = get(addr, path).await;
        assert_eq!(code, 200, "{v}");
        if !["queued", "running"].contains(&v["status"].as_str().unwrap()) {
            return v;
        }
        assert!(Instant::now() < deadline, "still {v}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

const LINE: [&str; 4] = ["h2e2", "h9g7", "e2e6", "g7e6"];

#[tokio::test]
async fn a_finished_game_is_reviewed_once_and_its_review_saved_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, task) = server(dir.path(), 400, 8).await;
    let id = game(addr, &LINE[..2], false).await;
    let path = format!("/api/games/{id}/review");
    let (code, v) = post(addr, &path, json!({})).await;
    assert_eq!((code, v["code"].as_str()), (409, Some("game_not_over")), "{v}");
    assert_eq!(get(addr, &path).await.1["status"], "none");
    let id = game(addr, &LINE, true).await;
    let path = format!("/api/games/{id}/review");
    let (code, first) = post(addr, &path, json!({})).await;
    assert_eq!(code, 200, "{first}");
    assert!(["queued", "running", "done"].contains(&first["status"].as_str().unwrap()), "{first}");
    assert_eq!(first["total"], 5);
    let v = settled(addr, &path).await;
    assert_eq!(v["status"], "done", "{v}");
    let r = &v["review"];
    assert_eq!(r["nodes"], 400);
    assert_eq!(r["wins"].as_array().unwrap().len(), 5);
    let moves = r["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 4);
    assert_eq!(
        (moves[0]["ply"].as_u64(), moves[0]["move"].as_str(), moves[0]["side"].as_u64()),
        (Some(1), Some("h2e2"), Some(0))
    );
    // Red's e2e6 gives the cannon away for a soldier: marked, with a better move and its line.
    let b = &moves[2];
    assert!(["??", "?"].contains(&b["mark"].as_str().unwrap_or("")), "{b}");
    assert!(b["best"].is_string() && !b["line"].as_array().unwrap().is_empty(), "{b}");
    assert_eq!(b["line"].as_array().unwrap().len(), b["line_text"].as_array().unwrap().len());
    for side in r["sides"].as_array().unwrap() {
        assert!((0.0..=100.0).contains(&side["accuracy"].as_f64().unwrap()), "{side}");
    }
    assert!(r["sides"][0]["blunders"].as_u64().unwrap() + r["sides"][0]["mistakes"].as_u64().unwrap() >= 1);
    // Asked again: the saved review, not a second one.
    let (code, again) = post(addr, &path, json!({})).await;
    assert_eq!((code, &again), (200, &v));
    // A restarted server answers it at once from the store.
    task.abort();
    let _ = task.await;
    let (addr, _task) = server(dir.path(), 400, 8).await;
    assert_eq!(get(addr, &path).await.1, v);
    assert_eq!(get(addr, "/api/games/nosuchgame/review").await.0, 404);
}

#[tokio::test]
async fn a_review_can_be_cancelled_and_a_second_request_starts_no_second_review() {
    let dir = tempfile::tempdir().unwrap();
    // Slow enough to be caught running.
    let (addr, _task) = server(dir.path(), 3_000_000, 8).await;
    let id = game(addr, &LINE, true).await;
    let path = format!("/api/games/{id}/review");
    post(addr, &path, json!({})).await;
    let deadline = Instant::now() + Duration::from_secs(20);
    let running = loop {
        let v = get(addr, &path).await.1;
        if v["status"] == "running" {
            break v;
        }
        assert!(Instant::now() < deadline, "{v}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    // A second request finds it running: same review, progress kept.
    let (code, second) = post(addr, &path, json!({})).await;
    assert_eq!((code, second["status"].as_str()), (200, Some("running")), "{second}");
    assert!(second["done"].as_u64() >= running["done"].as_u64());
    let (code, c) = post(addr, &format!("{path}/cancel"), json!({})).await;
    assert_eq!((code, c["status"].as_str(), c["reason"].as_str()), (200, Some("cancelled"), Some("cancelled")), "{c}");
    assert_eq!(settled(addr, &path).await["status"], "cancelled");
    // Asked again after a cancel, it starts over; a board review cancels the same way.
    let (_, again) = post(addr, &path, json!({})).await;
    assert!(["queued", "running"].contains(&again["status"].as_str().unwrap()), "{again}");
    post(addr, &format!("{path}/cancel"), json!({})).await;
    let (code, job) = post(addr, "/api/review", json!({ "variant": "xiangqi", "moves": LINE })).await;
    assert_eq!(code, 200, "{job}");
    let jpath = format!("/api/review/{}", job["id"].as_str().unwrap());
    let (_, c) = post(addr, &format!("{jpath}/cancel"), json!({})).await;
    assert_eq!(c["status"], "cancelled");
    assert_eq!(settled(addr, &jpath).await["status"], "cancelled");
}

#[tokio::test]
async fn a_board_review_is_a_job_and_everything_is_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, _task) = server(dir.path(), 400, 8).await;
    let (code, job) = post(addr, "/api/review", json!({ "variant": "xiangqi", "moves": LINE })).await;
    assert_eq!((code, job["status"].as_str(), job["total"].as_u64()), (200, Some("queued"), Some(5)), "{job}");
    let v = settled(addr, &format!("/api/review/{}", job["id"].as_str().unwrap())).await;
    assert_eq!((v["status"].as_str(), v["review"]["moves"].as_array().map(Vec::len)), (Some("done"), Some(4)), "{v}");
    // Janggi.
    let (code, j) = post(addr, "/api/review", json!({ "variant": "janggi", "moves": ["a3b3"] })).await;
    assert_eq!(code, 200, "{j}");
    let v = settled(addr, &format!("/api/review/{}", j["id"].as_str().unwrap())).await;
    assert_eq!(v["review"]["variant"], "janggi", "{v}");

    let long: Vec<&str> = ["h2e2", "h9g7", "e2h2", "g7h9"].iter().cycle().take(601).copied().collect();
    let (code, e) = post(addr, "/api/review", json!({ "moves": long })).await;
    assert_eq!((code, e["code"].as_str()), (400, Some("too_long")), "{e}");
    let (code, _) = post(addr, "/api/review", json!({ "moves": [] })).await;
    assert_eq!(code, 400);
    let (code, e) = post(addr, "/api/review", json!({ "moves": ["h2e2", "h2e2"] })).await;
    assert_eq!(code, 400, "{e}");
    assert!(e["error"].as_str().unwrap().contains("move 2"), "{e}");
    assert_eq!(get(addr, "/api/review/nosuchjob").await.0, 404);

    // One runs, one waits; a third is refused until the line has room.
    let dir = tempfile::tempdir().unwrap();
    let (addr, _task) = server(dir.path(), 3_000_000, 1).await;
    let (_, a) = post(addr, "/api/review", json!({ "moves": LINE })).await;
    let apath = format!("/api/review/{}", a["id"].as_str().unwrap());
    let deadline = Instant::now() + Duration::from_secs(20);
    while get(addr, &apath).await.1["status"] != "running" {
        assert!(Instant::now() < deadline);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let (code, b) = post(addr, "/api/review", json!({ "moves": LINE })).await;
    assert_eq!((code, b["status"].as_str()), (200, Some("queued")), "{b}");
    let (code, c) = post(addr, "/api/review", json!({ "moves": LINE })).await;
    assert_eq!((code, c["code"].as_str()), (503, Some("review_queue_full")), "{c}");
    for j in [&a, &b] {
        post(addr, &format!("/api/review/{}/cancel", j["id"].as_str().unwrap()), json!({})).await;
    }

    // One address has at most two reviews queued or running; a third waits for one to end.
    let dir = tempfile::tempdir().unwrap();
    let (addr, _task) = server_with(dir.path(), 3_000_000, 8, 2).await;
    let (_, a) = post(addr, "/api/review", json!({ "moves": LINE })).await;
    let (code, b) = post(addr, "/api/review", json!({ "moves": LINE })).await;
    assert_eq!(code, 200, "{b}");
    let (code, c) = post(addr, "/api/review", json!({ "moves": LINE })).await;
    assert_eq!((code, c["code"].as_str()), (429, Some("review_pending")), "{c}");
    let id = game(addr, &LINE, true).await;
    let (code, g) = post(addr, &format!("/api/games/{id}/review"), json!({})).await;
    assert_eq!((code, g["code"].as_str()), (429, Some("review_pending")), "{g}");
    assert_eq!(get(addr, &format!("/api/games/{id}/review")).await.1["status"], "none", "nothing claimed");
    for j in [&a, &b] {
        post(addr, &format!("/api/review/{}/cancel", j["id"].as_str().unwrap()), json!({})).await;
    }
}

/// Two servers on one PostgreSQL database (`CHUHAN_TEST_POSTGRES_URL`; skipped without it): a
/// game's review asked on both at once runs on one of them only, the other shows its progress
/// from the database, and a cancel on the other stops it.
#[tokio::test]
async fn two_servers_on_postgresql_run_a_review_once_and_either_cancels_it() {
    let Some(url) = std::env::var("CHUHAN_TEST_POSTGRES_URL").ok().filter(|u| !u.is_empty()) else {
        assert_ne!(std::env::var("CI").as_deref(), Ok("true"), "CHUHAN_TEST_POSTGRES_URL is not set");
        eprintln!("CHUHAN_TEST_POSTGRES_URL is not set: the PostgreSQL review test is skipped");
        return;
    };
    let name = format!("chuhan_review_{}", chuhan_server::random_hex(4).unwrap());
    let conn = chuhan_server::store::pg::create_database(&url, &name).await.expect("test database");
    let db = chuhan_server::Target::Postgres(conn.clone());
    let limits = chuhan_server::Limits {
        requests_per_minute: 0,
        games_per_minute: 0,
        review_nodes: 3_000_000,
        ..chuhan_server::Limits::default()
    };
    let (a, _ta) = chuhan_server::Server::new(db.clone()).limits(limits).start("127.0.0.1:0").await.unwrap();
    let (b, _tb) = chuhan_server::Server::new(db).limits(limits).start("127.0.0.1:0").await.unwrap();
    let id = game(a, &LINE, true).await;
    let path = format!("/api/games/{id}/review");
    let ((ca, va), (cb, vb)) = tokio::join!(post(a, &path, json!({})), post(b, &path, json!({})));
    assert_eq!((ca, cb), (200, 200), "{va} {vb}");
    let store = chuhan_server::store::PgStore::connect(&conn, "test").await.unwrap();
    use chuhan_server::store::Reviews;
    let deadline = Instant::now() + Duration::from_secs(20);
    let first = loop {
        let r = store.review(&id).await.unwrap().expect("claimed");
        if r.done > 0 {
            break r;
        }
        assert!(Instant::now() < deadline, "{r:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    // Asked again on either server while it runs: the same claim goes on.
    post(b, &path, json!({})).await;
    post(a, &path, json!({})).await;
    let (_, seen_b) = get(b, &path).await;
    assert_eq!(seen_b["status"], "running", "{seen_b}");
    let later = store.review(&id).await.unwrap().unwrap();
    assert_eq!(later.owner, first.owner, "one server runs it");
    assert!(later.done >= first.done);
    // Cancelled on B: whichever server runs it stops, and both say so.
    let (_, c) = post(b, &format!("{path}/cancel"), json!({})).await;
    assert_eq!(c["status"], "cancelled", "{c}");
    tokio::time::sleep(Duration::from_millis(800)).await;
    for s in [a, b] {
        assert_eq!(get(s, &path).await.1["status"], "cancelled");
    }
}

#[tokio::test]
async fn a_review_left_by_a_server_that_stopped_is_taken_over() {
    use chuhan_server::store::Reviews;
    let dir = tempfile::tempdir().unwrap();
    let (addr, _task) = server(dir.path(), 400, 8).await;
    let id = game(addr, &LINE, true).await;
    // Another server claimed it long ago and went silent.
    let store = chuhan_server::store::SqliteStore::open(dir.path()).unwrap();
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs();
    assert!(store.claim_review(&id, "gone", 5, now - 1000, 120).await.unwrap());
    let path = format!("/api/games/{id}/review");
    assert_eq!(get(addr, &path).await.1["status"], "queued");
    let (code, v) = post(addr, &path, json!({})).await;
    assert_eq!(code, 200, "{v}");
    assert_eq!(settled(addr, &path).await["status"], "done");
    assert_ne!(store.review(&id).await.unwrap().unwrap().owner, "gone");
}
