//! Over loopback: the CXA clock through the API and rate limits (429). Ratings between accounts
//! are tested in `accounts.rs`.

mod common;

use chuhan_server::Limits;
use common::{get, post};
use serde_json::{json, Value};

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
