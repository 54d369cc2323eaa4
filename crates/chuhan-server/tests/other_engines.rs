//! `chuhan serve --engine`: the analysis board's lines from another engine, over loopback, with
//! the scripted fake engine of `chuhan match`'s tests (chuhan-cli/tests/fake_engine.py, run
//! with python3) — well-behaved, crashing, hanging and playing illegal moves.

mod common;

use chuhan_engine::external::EngineSpec;
use common::{post, seat_request};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::PathBuf;

fn fake(name: &str, args: &str) -> EngineSpec {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../chuhan-cli/tests/fake_engine.py");
    format!("cmd=python3,name={name},arg={} --name {name} {args}", script.display()).parse().unwrap()
}

#[tokio::test]
async fn lines_come_from_the_chosen_engine_and_a_broken_one_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("logged.txt");
    let tools = chuhan_server::Tools {
        engines: vec![
            fake(
                "Fake",
                "--mode script --script h2e2 h9g7 --info depth+17+multipv+1+score+cp+77+nodes+4242+pv+h2e2+h9g7 \
                 --info depth+17+multipv+2+score+cp+-5+pv+b2e2",
            ),
            fake("Crash", "--mode crash"),
            fake("Illegal", "--mode illegal"),
            fake("Hang", "--mode timeout"),
            fake("Logged", &format!("--mode script --script h2e2 --log {}", log.display())),
        ],
        ..Default::default()
    };
    let (addr, _task) = chuhan_server::Server::new(chuhan_server::data_dir_store(dir.path()))
        .tools(tools)
        .start("127.0.0.1:0")
        .await
        .unwrap();
    let list: Value = reqwest::get(format!("http://{addr}/api/engines")).await.unwrap().json().await.unwrap();
    assert_eq!(list["engines"], json!(["chuhan", "Fake", "Crash", "Illegal", "Hang", "Logged"]));
    assert_eq!(list["default"], "chuhan");

    for _ in 0..2 {
        // Twice: the second request goes to the process kept from the first.
        let (code, v) =
            post(addr, "/api/analyse", json!({ "engine": "Fake", "millis": 100, "multipv": 2, "notation": "chinese" }))
                .await;
        assert_eq!(code, 200, "{v}");
        assert_eq!(v["engine"], "Fake");
        let lines = v["lines"].as_array().unwrap();
        assert_eq!(lines.len(), 2, "{v}");
        assert_eq!(lines[0]["depth"], 17);
        assert_eq!(lines[0]["score"]["text"], "+0.77");
        assert_eq!(lines[0]["nodes"], 4242, "the engine's own count");
        assert_eq!(lines[1]["nodes"], Value::Null, "this line did not say");
        let pv: Vec<&str> = lines[0]["pv"].as_array().unwrap().iter().map(|m| m["text"].as_str().unwrap()).collect();
        assert_eq!(pv, ["炮二平五", "马８进７"]);
        assert_eq!(lines[1]["pv"][0]["mv"], "b2e2");
        assert_eq!(lines[1]["score"]["text"], "-0.05");
    }
    // Requests at once wait their turn on the one process instead of being refused.
    let body = json!({ "engine": "Fake", "millis": 300, "multipv": 1 });
    let (a, b, c) = tokio::join!(
        post(addr, "/api/analyse", body.clone()),
        post(addr, "/api/analyse", body.clone()),
        post(addr, "/api/analyse", body)
    );
    assert_eq!([a.0, b.0, c.0], [200, 200, 200], "{a:?} {b:?} {c:?}");
    assert_eq!(c.1["lines"][0]["depth"], 17);
    // Black to move: the fixed info lines are not legal there, so the one line left is the best
    // move (the script's reply) with the last score, turned to Red's side.
    let (code, v) = post(addr, "/api/analyse", json!({ "engine": "Fake", "millis": 100, "moves": ["h2e2"] })).await;
    assert_eq!(code, 200, "{v}");
    assert_eq!(v["lines"].as_array().unwrap().len(), 1, "{v}");
    assert_eq!(v["lines"][0]["pv"], json!([{ "mv": "h9g7", "text": "马８进７" }]));
    assert_eq!(v["lines"][0]["score"]["text"], "+0.05");

    let (code, v) = post(addr, "/api/analyse", json!({ "engine": "Nope", "millis": 100 })).await;
    assert_eq!(code, 400);
    assert!(v["error"].as_str().unwrap().contains("not configured (the engines: chuhan, Fake"), "{v}");
    let (code, v) = post(addr, "/api/analyse", json!({ "engine": "Crash", "millis": 100 })).await;
    assert_eq!(code, 502);
    assert!(v["error"].as_str().unwrap().contains("Crash crashed"), "{v}");
    let (code, v) = post(addr, "/api/analyse", json!({ "engine": "Illegal", "millis": 100 })).await;
    assert_eq!(code, 502);
    assert!(v["error"].as_str().unwrap().contains("\"a0a9\" is not legal here"), "{v}");
    let (code, v) = post(addr, "/api/analyse", json!({ "engine": "Hang", "millis": 100 })).await;
    assert_eq!(code, 502);
    assert!(v["error"].as_str().unwrap().contains("Hang did not answer"), "{v}");
    // The process is set up for one game: a janggi request starts it again with UCI_Variant janggi.
    post(addr, "/api/analyse", json!({ "engine": "Logged", "millis": 100 })).await;
    post(addr, "/api/analyse", json!({ "engine": "Logged", "millis": 100, "variant": "janggi" })).await;
    let sent = std::fs::read_to_string(&log).unwrap();
    assert_eq!(sent.matches("\nuci\n").count() + usize::from(sent.starts_with("uci\n")), 2, "{sent}");
    assert!(sent.contains("setoption name UCI_Variant value xiangqi"), "{sent}");
    assert!(sent.contains("setoption name UCI_Variant value janggi"), "{sent}");
    // Chuhan's own engine is unaffected, and the position alone needs no engine.
    let (code, v) = post(addr, "/api/analyse", json!({ "millis": 100 })).await;
    assert_eq!((code, v["engine"].as_str()), (200, Some("chuhan")), "{v}");
    let (code, _) = post(addr, "/api/analyse", json!({ "engine": "Crash", "millis": 0 })).await;
    assert_eq!(code, 200);
}

/// Frames of game `id`'s WebSocket (as `token`'s seat) until `done` holds for a state.
async fn state_until(addr: SocketAddr, id: &str, token: &str, done: impl Fn(&Value) -> bool) -> Value {
    use futures_util::StreamExt;
    let url = format!("ws://{addr}/api/games/{id}/ws?notation=uci");
    let mut ws = tokio_tungstenite::connect_async(seat_request(url, Some(token))).await.unwrap().0;
    loop {
        let msg = tokio::time::timeout(std::time::Duration::from_secs(20), ws.next()).await.expect("a state in time");
        if let tokio_tungstenite::tungstenite::Message::Text(t) = msg.unwrap().unwrap() {
            let v: Value = serde_json::from_str(&t).unwrap();
            if done(&v) {
                return v;
            }
        }
    }
}

#[tokio::test]
async fn an_engine_game_against_another_engine_names_it_and_its_failures_end_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let tools = || chuhan_server::Tools {
        engines: vec![
            fake("Fake", "--mode script --script h2e2 h9g7 b0c2"),
            fake("Crash", "--mode crash"),
            fake("Illegal", "--mode illegal"),
        ],
        ..Default::default()
    };
    let limits = chuhan_server::Limits::default();
    let (addr, task) = chuhan_server::Server::new(chuhan_server::data_dir_store(dir.path()))
        .limits(limits)
        .tools(tools())
        .start("127.0.0.1:0")
        .await
        .unwrap();

    // Refusals: an engine not configured, or an engine for a friend game.
    let (code, v) = post(addr, "/api/games", json!({ "mode": "engine", "engine": "Nope" })).await;
    assert_eq!(code, 400, "{v}");
    assert!(v["error"].as_str().unwrap().contains("Fake"), "{v}");
    let (code, v) = post(addr, "/api/games", json!({ "mode": "friend", "engine": "Fake" })).await;
    assert_eq!(code, 400, "{v}");

    // Fake plays Red: its scripted moves, answered by ours; the PGN names it.
    let (code, g) = post(addr, "/api/games", json!({ "mode": "engine", "engine": "Fake", "side": "black" })).await;
    assert_eq!(code, 200, "{g}");
    let (id, token) = (g["id"].as_str().unwrap().to_string(), g["token"].as_str().unwrap().to_string());
    let s = state_until(addr, &id, &token, |v| v["moves"].as_array().map(Vec::len) == Some(1)).await;
    assert_eq!(s["moves"][0]["mv"], "h2e2");
    assert_eq!(s["engine"], "Fake");
    let pgn = reqwest::get(format!("http://{addr}/api/games/{id}/pgn")).await.unwrap().text().await.unwrap();
    assert!(pgn.contains("[Red \"Fake\"]"), "{pgn}");

    // A crash, and an illegal move, end the game with the reason; the human side wins.
    for (engine, reason) in [("Crash", "Crash crashed"), ("Illegal", "Illegal played an illegal move")] {
        let (_, g) = post(addr, "/api/games", json!({ "mode": "engine", "engine": engine, "side": "black" })).await;
        let s =
            state_until(addr, g["id"].as_str().unwrap(), g["token"].as_str().unwrap(), |v| !v["end"].is_null()).await;
        assert_eq!(s["end"]["result"], "0-1", "{s}");
        let why = s["end"]["reason"].as_str().unwrap();
        assert!(why.starts_with(reason) && why.ends_with("Black wins"), "{why}");
    }

    // The engine's name is stored with the game: it is there after a restart.
    task.abort();
    let _ = task.await;
    let (addr, _task) = chuhan_server::Server::new(chuhan_server::data_dir_store(dir.path()))
        .limits(limits)
        .tools(tools())
        .start("127.0.0.1:0")
        .await
        .unwrap();
    let s: Value = reqwest::get(format!("http://{addr}/api/games/{id}")).await.unwrap().json().await.unwrap();
    assert_eq!(s["engine"], "Fake", "{s}");
}
