//! The lobby's open challenges over loopback: a friend game created "open to anyone" is listed
//! (with its game, time control, creator's name and rating) while its creator's page is open,
//! and goes from the list when it is taken, when the creator leaves, or when they withdraw it.

mod common;

use common::{post, seat_request};
use futures_util::StreamExt;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;
use tokio_tungstenite::connect_async;

async fn seeks(addr: SocketAddr) -> Vec<Value> {
    let v: Value = reqwest::get(format!("http://{addr}/api/seeks")).await.unwrap().json().await.unwrap();
    v["seeks"].as_array().unwrap().clone()
}

/// The seeks' ids, asked until they are `want` (a closed connection is counted out a moment
/// after the client closes it) or two seconds have gone.
async fn ids_become(addr: SocketAddr, want: &[&str]) -> Vec<String> {
    let mut ids = Vec::new();
    for _ in 0..40 {
        ids = seeks(addr).await.iter().map(|s| s["id"].as_str().unwrap().to_string()).collect();
        if ids == want {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    ids
}

#[tokio::test]
async fn open_challenges_are_listed_while_waiting_and_go_when_taken_left_or_withdrawn() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, _task) =
        chuhan_server::Server::new(chuhan_server::data_dir_store(dir.path())).start("127.0.0.1:0").await.unwrap();
    let create = |body: Value| post(addr, "/api/games", body);
    let (code, open) = create(json!({ "mode": "friend", "open": true, "name": "Ada", "variant": "janggi",
                                      "base_secs": 600, "increment_secs": 5, "side": "second" }))
    .await;
    assert_eq!(code, 200, "{open}");
    let (_, private) = create(json!({ "mode": "friend", "name": "Bo" })).await;
    let (code, v) = create(json!({ "mode": "engine", "open": true })).await;
    assert_eq!(code, 400, "an engine game has no seat to offer: {v}");
    let id = open["id"].as_str().unwrap();
    let token = open["token"].as_str().unwrap();

    // Not listed before the creator's page connects: nobody would be there to play.
    assert!(seeks(addr).await.is_empty());
    let creator = connect_async(seat_request(format!("ws://{addr}/api/games/{id}/ws"), Some(token))).await.unwrap().0;
    let pid = private["id"].as_str().unwrap();
    let ptoken = private["token"].as_str().unwrap();
    let _other = connect_async(seat_request(format!("ws://{addr}/api/games/{pid}/ws"), Some(ptoken))).await.unwrap().0;
    assert_eq!(ids_become(addr, &[id]).await, [id], "the open game only, not the private one");
    let list = seeks(addr).await;
    let s = &list[0];
    assert_eq!(s["variant"], "janggi");
    assert_eq!(s["time_control"], "600+5");
    assert_eq!(s["name"], "Ada");
    assert_eq!(s["side"], 0, "the creator plays Han: a taker gets Cho");
    assert_eq!(s["side_name"], "cho");
    assert_eq!(s["url"], format!("/game/{id}"));

    // A watcher's connection does not keep it listed; the creator leaving does take it away.
    let watcher = connect_async(format!("ws://{addr}/api/games/{id}/ws")).await.unwrap().0;
    drop(creator);
    assert!(ids_become(addr, &[]).await.is_empty(), "the creator left");
    drop(watcher);
    let mut creator =
        connect_async(seat_request(format!("ws://{addr}/api/games/{id}/ws"), Some(token))).await.unwrap().0;
    assert_eq!(ids_become(addr, &[id]).await, [id], "back when the creator's page is again");

    // Withdrawn by the creator (only with their token), then offered again.
    let (code, v) = post(addr, &format!("/api/games/{id}/seek"), json!({ "token": "nope", "open": false })).await;
    assert_eq!(code, 403, "{v}");
    let (code, v) = post(addr, &format!("/api/games/{id}/seek"), json!({ "token": token, "open": false })).await;
    assert_eq!(code, 200, "{v}");
    assert!(seeks(addr).await.is_empty());
    let (code, _) = post(addr, &format!("/api/games/{id}/seek"), json!({ "token": token, "open": true })).await;
    assert_eq!(code, 200);
    assert_eq!(seeks(addr).await.len(), 1);

    // Taken through the ordinary join: gone from the list, and it cannot be offered again.
    let (code, joined) = post(addr, &format!("/api/games/{id}/join"), json!({ "name": "Cy" })).await;
    assert_eq!(code, 200, "{joined}");
    assert_eq!(joined["side"], 0);
    assert!(seeks(addr).await.is_empty());
    let (code, v) = post(addr, &format!("/api/games/{id}/seek"), json!({ "token": token, "open": true })).await;
    assert_eq!(code, 409, "{v}");
    let _ = creator.next().await;
}
