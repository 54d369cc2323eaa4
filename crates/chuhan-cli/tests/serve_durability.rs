//! `chuhan serve` killed with SIGKILL mid-game: after a restart on the same data directory the
//! game goes on from the last move the players saw.

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message;

/// Starts the binary on a free loopback port; returns it and its address.
fn start(data: &std::path::Path) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chuhan"))
        .args(["serve", "--addr", "127.0.0.1:0", "--data"])
        .arg(data)
        .stdout(Stdio::piped())
        .spawn()
        .expect("chuhan serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let addr = line.split("http://").nth(1).and_then(|s| s.split('/').next()).expect("address printed").to_string();
    (child, addr)
}

/// Sends a move and waits for the state with `plies` moves.
async fn play(addr: &str, id: &str, token: &str, mv: &str, plies: usize) {
    let (mut ws, _) = connect_async(format!("ws://{addr}/api/games/{id}/ws?token={token}")).await.unwrap();
    ws.send(Message::Text(json!({ "type": "move", "move": mv }).to_string().into())).await.unwrap();
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(5), ws.next()).await.unwrap().unwrap().unwrap();
        let Message::Text(t) = msg else { continue };
        let v: Value = serde_json::from_str(&t).unwrap();
        assert_ne!(v["type"], "error", "{v}");
        if v["moves"].as_array().map(Vec::len) == Some(plies) {
            return;
        }
    }
}

#[tokio::test]
async fn a_killed_server_continues_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let http = reqwest::Client::new();
    let (mut child, addr) = start(dir.path());
    let created: Value =
        http.post(format!("http://{addr}/api/games")).json(&json!({})).send().await.unwrap().json().await.unwrap();
    let id = created["id"].as_str().unwrap().to_string();
    let joined: Value =
        http.post(format!("http://{addr}/api/games/{id}/join")).send().await.unwrap().json().await.unwrap();
    play(&addr, &id, created["token"].as_str().unwrap(), "h2e2", 1).await;
    child.kill().unwrap(); // SIGKILL: no chance to flush anything.
    child.wait().unwrap();

    let (mut child, addr) = start(dir.path());
    let state: Value = http.get(format!("http://{addr}/api/games/{id}")).send().await.unwrap().json().await.unwrap();
    assert_eq!(state["moves"][0]["mv"], "h2e2", "{state}");
    play(&addr, &id, joined["token"].as_str().unwrap(), "h9g7", 2).await;
    child.kill().unwrap();
    child.wait().unwrap();
}
