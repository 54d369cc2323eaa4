//! Over loopback: the CXA clock through the API, named players and ratings, rate limits (429).

mod common;

use chuhan_server::Limits;
use common::{get, post, seat_request};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::time::Duration;
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message;

#[tokio::test]
async fn cxa_games_are_created_with_the_seeds_rule() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, _task) =
        chuhan_server::Server::new(chuhan_server::data_dir_store(dir.path())).start("127.0.0.1:0").await.unwrap();
    let (status, g) = post(addr, "/api/games", json!({ "mode": "friend", "clock": "cxa" })).await;
    assert_eq!(status, 200, "{g}");
    let (_, s) = get(addr, &format!("/api/games/{}", g["id"].as_str().unwrap())).await;
    let c = &s["clock"];
    assert_eq!((c["rule"].as_str(), c["per_move_ms"].as_u64()), (Some("cxa"), Some(60_000)), "{s}");
    assert_eq!((c["left_ms"].clone(), c["periods"].clone()), (json!([1_200_000, 1_200_000]), json!([3, 3])));
    assert_eq!(c["move_left_ms"], json!([60_000, 60_000]));
    let (status, g) =
        post(addr, "/api/games", json!({ "clock": "cxa", "base_secs": 600, "move_secs": 30, "overruns": 1 })).await;
    assert_eq!(status, 200, "{g}");
    let (_, s) = get(addr, &format!("/api/games/{}", g["id"].as_str().unwrap())).await;
    assert_eq!((s["clock"]["left_ms"][0].as_u64(), s["clock"]["periods"][0].as_u64()), (Some(600_000), Some(1)));
    for bad in [
        json!({ "clock": "cxa", "increment_secs": 5 }),
        json!({ "clock": "cxa", "move_secs": 0 }),
        json!({ "clock": "blitz" }),
        json!({ "clock": "fischer", "overruns": 2 }),
        json!({ "clock": "byoyomi", "base_secs": 60 }),
    ] {
        let (status, v) = post(addr, "/api/games", bad.clone()).await;
        assert_eq!(status, 400, "{bad} -> {v}");
        assert!(v["error"].is_string());
    }
}

#[tokio::test]
async fn named_players_play_a_rated_game() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, _task) =
        chuhan_server::Server::new(chuhan_server::data_dir_store(dir.path())).start("127.0.0.1:0").await.unwrap();
    let (status, v) = post(addr, "/api/games", json!({ "mode": "engine", "name": "Ann", "rated": true })).await;
    assert_eq!(status, 400, "engine games are unrated: {v}");
    let (status, v) = post(addr, "/api/games", json!({ "name": "<script>alert(1)</script>" })).await;
    assert_eq!(status, 400, "{v}");
    let (_, g) = post(addr, "/api/games", json!({ "mode": "friend", "name": " Ann ", "rated": true })).await;
    let id = g["id"].as_str().unwrap().to_string();
    let (status, _) = post(addr, &format!("/api/games/{id}/join"), json!({ "name": "ANN" })).await;
    assert_eq!(status, 409, "one cannot play oneself");
    let (status, j) = post(addr, &format!("/api/games/{id}/join"), json!({ "name": "Bo" })).await;
    assert_eq!(status, 200, "{j}");
    let (_, s) = get(addr, &format!("/api/games/{id}")).await;
    assert_eq!((s["names"].clone(), s["rated"].clone()), (json!(["Ann", "Bo"]), json!(true)));
    // Black resigns over the WebSocket; the ratings move.
    let url = format!("ws://{addr}/api/games/{id}/ws");
    let mut ws = connect_async(seat_request(url, j["token"].as_str())).await.unwrap().0;
    ws.send(Message::Text(json!({ "type": "resign" }).to_string().into())).await.unwrap();
    let change = loop {
        let msg = tokio::time::timeout(Duration::from_secs(5), ws.next()).await.unwrap().unwrap().unwrap();
        let Message::Text(t) = msg else { continue };
        let v: Value = serde_json::from_str(&t).unwrap();
        if v["end"].is_object() {
            break v["rating_change"].clone();
        }
    };
    assert_eq!(change, json!({ "before": [1500.0, 1500.0], "after": [1516.0, 1484.0] }));
    let (_, r) = get(addr, "/api/ratings").await;
    let names: Vec<(&str, f64)> = r["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["name"].as_str().unwrap(), p["rating"].as_f64().unwrap()))
        .collect();
    assert_eq!(names, [("Ann", 1516.0), ("Bo", 1484.0)]);
    // A xiangqi game moves no janggi rating; a game that is neither is refused.
    let (_, j) = get(addr, "/api/ratings?variant=janggi").await;
    assert_eq!(j, json!({ "variant": "janggi", "players": [] }));
    let (status, e) = get(addr, "/api/ratings?variant=chess").await;
    assert_eq!(status, 400, "{e}");
    let page = reqwest::get(format!("http://{addr}/ratings")).await.unwrap().text().await.unwrap();
    assert!(page.contains("ratings-rows"), "the ratings page is the app's page");
    let (_, a) = get(addr, "/api/archive").await;
    assert_eq!(a["games"][0]["names"], json!(["Ann", "Bo"]));
    let pgn = reqwest::get(format!("http://{addr}/api/games/{id}/pgn")).await.unwrap().text().await.unwrap();
    assert!(pgn.contains("[Red \"Ann\"]") && pgn.contains("[Black \"Bo\"]"), "{pgn}");
}

#[tokio::test]
async fn too_many_requests_from_one_address_get_429() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits { requests_per_minute: 20, games_per_minute: 2, ..Limits::default() };
    let (addr, _task) = chuhan_server::Server::new(chuhan_server::data_dir_store(dir.path()))
        .limits(limits)
        .start("127.0.0.1:0")
        .await
        .unwrap();
    for _ in 0..2 {
        assert_eq!(post(addr, "/api/games", json!({})).await.0, 200);
    }
    let r = reqwest::Client::new().post(format!("http://{addr}/api/games")).json(&json!({})).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 429);
    let wait: u64 = r.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=31).contains(&wait), "{wait}");
    let v: Value = r.json().await.unwrap();
    assert!(v["error"].as_str().unwrap().contains("new games"), "{v}");
    // Other requests still pass until the general bucket is empty (3 of 20 used so far; one
    // token comes back every 3 s, so a slow machine may get one more).
    let mut passed = 0;
    let refused = loop {
        match get(addr, "/api/archive").await {
            (200, _) => passed += 1,
            (429, v) => break v,
            (code, v) => panic!("{code} {v}"),
        }
        assert!(passed < 30, "never limited");
    };
    assert!((17..20).contains(&passed), "{passed}");
    assert!(refused["error"].as_str().unwrap().contains("requests"), "{refused}");
}
