//! `chuhan serve` killed with SIGKILL mid-game: after a restart on the same data directory the
//! game goes on from the last move the players saw.

mod common;

use common::{send_move, serve_with, state_at, ws};
use serde_json::{json, Value};

/// Sends a move and waits for the state with `plies` moves.
async fn play(addr: &str, id: &str, token: &str, mv: &str, plies: usize) {
    let mut ws = ws(addr, id, token).await;
    send_move(&mut ws, mv).await;
    state_at(&mut ws, plies).await;
}

#[tokio::test]
async fn a_killed_server_continues_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let http = reqwest::Client::new();
    let data = || [std::ffi::OsStr::new("--data"), dir.path().as_os_str()];
    let mut server = serve_with(data());
    let addr = server.addr.clone();
    let created: Value =
        http.post(format!("http://{addr}/api/games")).json(&json!({})).send().await.unwrap().json().await.unwrap();
    let id = created["id"].as_str().unwrap().to_string();
    let joined: Value =
        http.post(format!("http://{addr}/api/games/{id}/join")).send().await.unwrap().json().await.unwrap();
    play(&addr, &id, created["token"].as_str().unwrap(), "h2e2", 1).await;
    server.proc.kill(); // SIGKILL: no chance to flush anything.

    let server = serve_with(data());
    let addr = server.addr.clone();
    let state: Value = http.get(format!("http://{addr}/api/games/{id}")).send().await.unwrap().json().await.unwrap();
    assert_eq!(state["moves"][0]["mv"], "h2e2", "{state}");
    play(&addr, &id, joined["token"].as_str().unwrap(), "h9g7", 2).await;
}
