//! Issue 39: what a hostile or careless client can do to the server, each bounded. One
//! request must not start work that never ends; connections, uploads and engine time have
//! limits; errors say what went wrong without the server's insides.

use chuhan::BySide;
use chuhan_server::store::{SqliteStore, Store, StoredGame};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

/// A xiangqi start position whose move-count clock is spent (120 plies without a capture):
/// its game is a draw before anyone moves.
const SPENT: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 120 1";

async fn server(data: &Path) -> (SocketAddr, tokio::task::JoinHandle<anyhow::Result<()>>) {
    chuhan_server::start("127.0.0.1:0", data).await.expect("server starts")
}

async fn post(addr: SocketAddr, path: &str, body: Value) -> (u16, Value) {
    let r = reqwest::Client::new().post(format!("http://{addr}{path}")).json(&body).send().await.unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap())
}

async fn get(addr: SocketAddr, path: &str) -> (u16, Value) {
    let r = reqwest::get(format!("http://{addr}{path}")).await.unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// The reported busy loop: an engine game from a position whose game is over had the engine's
/// move stored, then refused, then asked again forever. Such a position is refused when the
/// game is created, for the engine and for a friend, with the ruling in words and a code.
#[tokio::test]
async fn a_game_that_is_over_before_it_starts_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, _task) = server(dir.path()).await;
    for mode in [json!({ "mode": "engine", "level": 1 }), json!({ "mode": "friend" })] {
        let mut body = mode.clone();
        body["fen"] = json!(SPENT);
        let (status, v) = post(addr, "/api/games", body).await;
        assert_eq!(status, 400, "{mode}: {v}");
        assert_eq!(v["code"], "game_over", "{v}");
        let error = v["error"].as_str().unwrap();
        assert!(error.contains("already over") && error.contains("60 moves"), "{error}");
    }
    // The position editor hears it too, before a game is asked for.
    let (status, v) = post(addr, "/api/position", json!({ "fen": SPENT })).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["ok"], true, "{v}");
    assert!(v["over"].as_str().is_some_and(|s| s.contains("60 moves")), "{v}");
    let (_, v) = post(addr, "/api/position", json!({ "fen": chuhan::Variant::Xiangqi.start_fen() })).await;
    assert_eq!(v["over"], Value::Null, "{v}");
}

/// A game stored over from its start (by a server from before the check above) is not played
/// by the engine when the server brings it back: nothing is stored, and reading it works.
#[tokio::test]
async fn a_stored_game_over_from_its_start_is_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(dir.path()).unwrap();
    let g = StoredGame {
        id: "0123456789ab".into(),
        variant: "xiangqi".into(),
        mode: "engine".into(),
        level: 1,
        start_fen: SPENT.into(),
        // Red's seat is the player's; Black, to move, is the engine.
        tokens: BySide::new(Some("00112233445566778899aabbccddeeff".into()), None),
        base_ms: 0,
        increment_ms: 0,
        periods: 0,
        period_ms: 0,
        per_move_ms: 0,
        overruns: 0,
        names: BySide::new(None, None),
        rated: false,
        created: 0,
        engine: None,
    };
    store.create(&g).await.unwrap();
    drop(store);
    let (addr, _task) = server(dir.path()).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let (status, v) = get(addr, "/api/games/0123456789ab").await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["moves"].as_array().map(Vec::len), Some(0), "the engine moved: {v}");
}
