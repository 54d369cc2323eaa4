//! PostgreSQL away under `chuhan serve`.
//!
//! It restarts under two live `chuhan serve` processes (a cluster of the test's own,
//! made by `scripts/pg-test-cluster.sh`, since the shared one must not go down under other
//! tests; run when `CHUHAN_TEST_POSTGRES_URL` is set, failed under CI=true without it).
//!
//! While the database is down, a move or a resignation gets an error frame at once (not a hang,
//! and nothing done), and a flag that falls is told to nobody until it is stored; once the
//! database is back, the flag is stored, the same move is stored and seen on both servers (their
//! pools and LISTEN connections reconnect by themselves), the game goes on to its end, and the
//! database holds every move a player was shown.
//!
//! A database host that accepts connections and then says nothing (no PostgreSQL needed: a
//! listener of the test's own) makes `chuhan serve --database` fail with an error, not hang.

mod common;

use common::{
    frames_within, friend_game, next_frame, postgres_url, send_move, serve, state_at, stored_moves, ws, PgCluster,
};
use futures_util::SinkExt;
use serde_json::{json, Value};
use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

/// Frames until one with the game's end (an error frame fails the test).
async fn end_of(ws: &mut common::Ws, secs: u64) -> Value {
    loop {
        let v = next_frame(ws, secs).await;
        assert_ne!(v["type"], "error", "{v}");
        if !v["end"].is_null() {
            return v;
        }
    }
}

async fn send(ws: &mut common::Ws, msg: Value) {
    ws.send(Message::Text(msg.to_string().into())).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_survives_a_database_restart() {
    if postgres_url("the database restart test").is_none() {
        return;
    }
    let pg = PgCluster::start();
    let (a, b) = (serve(&pg.url), serve(&pg.url));
    let http = reqwest::Client::new();
    // Red plays on A, Black on B.
    let (id, red, black) = friend_game(&http, &a.addr, 300).await;
    let (mut r, mut k) = (ws(&a.addr, &id, &red).await, ws(&b.addr, &id, &black).await);
    // A second game, two seconds each, whose flag falls while the database is down.
    let (fast, fast_red, fast_black) = friend_game(&http, &a.addr, 2).await;
    let (mut fr, mut fk) = (ws(&a.addr, &fast, &fast_red).await, ws(&a.addr, &fast, &fast_black).await);
    for (i, mv) in ["h2e2", "h9g7"].iter().enumerate() {
        send_move(if i % 2 == 0 { &mut r } else { &mut k }, mv).await;
        state_at(&mut r, i + 1).await;
        state_at(&mut k, i + 1).await;
        send_move(if i % 2 == 0 { &mut fr } else { &mut fk }, mv).await;
        state_at(&mut fr, i + 1).await;
        state_at(&mut fk, i + 1).await;
    }
    // Red's clock runs in the fast game from here: two seconds.
    let red_from = Instant::now();

    pg.pause();
    // A move now cannot be stored: a clear error at once, and nothing played.
    let asked = Instant::now();
    send_move(&mut r, "h0g2").await;
    let answer = next_frame(&mut r, 10).await;
    assert_eq!(answer["type"], "error", "{answer}");
    let message = answer["message"].as_str().unwrap();
    assert!(message.contains("could not be saved"), "{message}");
    assert!(asked.elapsed() < Duration::from_secs(5), "the error took {:?}", asked.elapsed());
    // Nor a resignation: the player is told, and the game goes on.
    send(&mut k, json!({ "type": "resign" })).await;
    let answer = next_frame(&mut k, 10).await;
    assert_eq!(answer["type"], "error", "{answer}");
    assert!(answer["message"].as_str().unwrap().contains("could not be saved"), "{answer}");
    // The servers still answer from memory.
    let state: Value =
        http.get(format!("http://{}/api/games/{id}", a.addr)).send().await.unwrap().json().await.unwrap();
    assert_eq!(state["moves"].as_array().map(Vec::len), Some(2), "{state}");
    assert!(state["end"].is_null(), "{state}");
    // The fast game's flag falls while the end cannot be stored: nobody is told of an end that
    // is not stored.
    let wait = Duration::from_millis(3500).saturating_sub(red_from.elapsed());
    for frame in frames_within(&mut fr, wait).await {
        assert!(frame["end"].is_null(), "an end told while the database is down: {frame}");
    }

    pg.resume();
    // Once the database is back, the fast game ends on time, stored.
    let end = end_of(&mut fr, 10).await;
    assert_eq!(end["end"]["result"], "0-1", "{end}");
    // The same move again: stored, and seen on both servers.
    send_move(&mut r, "h0g2").await;
    let s = state_at(&mut r, 3).await;
    assert_eq!(s["clock"]["running"], 1, "{s}");
    state_at(&mut k, 3).await;
    send_move(&mut k, "i9h9").await;
    state_at(&mut k, 4).await;
    state_at(&mut r, 4).await;
    assert_eq!(stored_moves(&pg.url, &id), ["h2e2", "h9g7", "h0g2", "i9h9"]);

    // The game ends and its end is stored.
    send(&mut k, json!({ "type": "resign" })).await;
    let end = end_of(&mut r, 5).await;
    assert_eq!(end["end"]["result"], "1-0", "{end}");
    let archived: Value =
        http.get(format!("http://{}/api/archive", b.addr)).send().await.unwrap().json().await.unwrap();
    for game in [&id, &fast] {
        assert!(archived.to_string().contains(game.as_str()), "game {game} in the archive: {archived}");
    }
}

#[test]
fn a_silent_database_is_an_error_not_a_hang() {
    // Accepts connections (the kernel does) and never answers the startup message.
    let silent = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("postgres://chuhan@{}/chuhan", silent.local_addr().unwrap());
    let mut server = common::Proc(
        Command::new(env!("CARGO_BIN_EXE_chuhan"))
            .args(["serve", "--addr", "127.0.0.1:0", "--database", &url])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let started = Instant::now();
    let status = loop {
        if let Some(status) = server.0.try_wait().unwrap() {
            break status;
        }
        assert!(started.elapsed() < Duration::from_secs(20), "chuhan serve still waits for the database");
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut err = String::new();
    server.0.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    assert!(!status.success());
    assert!(err.contains("cannot connect to PostgreSQL"), "{err}");
    drop(silent);
}
