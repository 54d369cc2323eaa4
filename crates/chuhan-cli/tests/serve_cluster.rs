//! Two `chuhan serve` processes on one PostgreSQL database (the cluster named by
//! `CHUHAN_TEST_POSTGRES_URL`, a database of its own; skipped with a message without it, failed
//! under CI=true): the server that runs a timed game's clock is killed with SIGKILL mid-game;
//! the other takes the game over, the players reconnect to it and find every move they saw,
//! and the flag still falls on time.

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{connect_async, MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<tokio::net::TcpStream>>;

/// Starts the binary on a free loopback port with the database; returns it and its address.
fn start(url: &str) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chuhan"))
        .args(["serve", "--addr", "127.0.0.1:0", "--rate-limit", "0", "--game-limit", "0", "--database", url])
        .stdout(Stdio::piped())
        .spawn()
        .expect("chuhan serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let addr = line.split("http://").nth(1).and_then(|s| s.split('/').next()).expect("address printed").to_string();
    (child, addr)
}

async fn ws(addr: &str, id: &str, token: &str) -> Ws {
    connect_async(format!("ws://{addr}/api/games/{id}/ws?token={token}&notation=uci")).await.unwrap().0
}

/// Frames until a state with `plies` moves.
async fn state_at(ws: &mut Ws, plies: usize) -> Value {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(5), ws.next()).await.expect("a state in time");
        let Message::Text(t) = msg.unwrap().unwrap() else { continue };
        let v: Value = serde_json::from_str(&t).unwrap();
        assert_ne!(v["type"], "error", "{v}");
        if v["moves"].as_array().map(Vec::len) == Some(plies) {
            return v;
        }
    }
}

#[tokio::test]
async fn the_other_server_takes_the_clock_over_when_the_owner_is_killed() {
    let url = match std::env::var("CHUHAN_TEST_POSTGRES_URL") {
        Ok(url) if !url.is_empty() => url,
        _ if std::env::var("CI").as_deref() == Ok("true") => panic!("CHUHAN_TEST_POSTGRES_URL is not set"),
        _ => {
            eprintln!("CHUHAN_TEST_POSTGRES_URL is not set: the takeover test is skipped");
            return;
        }
    };
    let name = format!("chuhan_kill_{}", chuhan_server::state::random_hex(4).unwrap());
    let db = chuhan_server::store::pg::create_database(&url, &name).await.unwrap();
    let (mut owner, a) = start(&db);
    let (mut other, b) = start(&db);
    let http = reqwest::Client::new();
    // Four seconds each; created on A, which so runs its clock.
    let created: Value = http
        .post(format!("http://{a}/api/games"))
        .json(&json!({ "base_secs": 4 }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = created["id"].as_str().unwrap().to_string();
    let red = created["token"].as_str().unwrap().to_string();
    let joined: Value =
        http.post(format!("http://{a}/api/games/{id}/join")).send().await.unwrap().json().await.unwrap();
    let black = joined["token"].as_str().unwrap().to_string();
    let (mut r, mut k) = (ws(&a, &id, &red).await, ws(&a, &id, &black).await);
    for (i, mv) in ["h2e2", "h9g7", "h0g2"].iter().enumerate() {
        let s = if i % 2 == 0 { &mut r } else { &mut k };
        s.send(Message::Text(json!({ "type": "move", "move": mv }).to_string().into())).await.unwrap();
        state_at(s, i + 1).await;
    }
    // Red's third move is acknowledged: Black's clock runs, on A. A dies.
    let black_from = Instant::now();
    owner.kill().unwrap();
    owner.wait().unwrap();
    drop((r, k));
    // Both players reconnect to B: every move they saw is there, Black's clock runs.
    let mut r = ws(&b, &id, &red).await;
    let mut k = ws(&b, &id, &black).await;
    let s = state_at(&mut k, 3).await;
    assert_eq!(s["clock"]["running"], 1, "{s}");
    state_at(&mut r, 3).await;
    // Black does not move: B has taken the game over and flags Black about four seconds after
    // Red's move, not four seconds after the takeover.
    let end = loop {
        let msg = tokio::time::timeout(Duration::from_secs(10), r.next()).await.expect("the flag falls");
        let Message::Text(t) = msg.unwrap().unwrap() else { continue };
        let v: Value = serde_json::from_str(&t).unwrap();
        if !v["end"].is_null() {
            break v;
        }
    };
    let after = black_from.elapsed();
    assert_eq!(end["end"]["result"], "1-0", "{end}");
    assert!(end["end"]["reason"].as_str().unwrap().contains("time"), "{end}");
    assert!(after < Duration::from_millis(5500), "the flag fell {after:?} after Black's clock started");
    assert!(after > Duration::from_millis(3500), "the flag fell early: {after:?}");
    other.kill().unwrap();
    other.wait().unwrap();
}
