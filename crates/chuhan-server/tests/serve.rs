//! The server over loopback: create, join, play to mate over WebSockets, refusals, malformed
//! frames, and a restart from the same data directory.

mod common;

use common::{post, seat_request, server};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{connect_async, MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

async fn ws(addr: SocketAddr, id: &str, token: Option<&str>) -> Ws {
    let url = format!("ws://{addr}/api/games/{id}/ws?notation=uci");
    connect_async(seat_request(url, token)).await.expect("WebSocket opens").0
}

/// The next JSON frame, within two seconds.
async fn next(ws: &mut Ws) -> Value {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(5), ws.next()).await.expect("a frame in time");
        if let Message::Text(t) = msg.expect("open").expect("a frame") {
            return serde_json::from_str(&t).unwrap();
        }
    }
}

/// Frames until a state with `plies` moves (or an error, returned).
async fn state_at(ws: &mut Ws, plies: usize) -> Value {
    loop {
        let v = next(ws).await;
        if v["type"] == "error" || v["moves"].as_array().map(Vec::len) == Some(plies) {
            return v;
        }
    }
}

async fn send(ws: &mut Ws, v: Value) {
    ws.send(Message::Text(v.to_string().into())).await.unwrap();
}

#[tokio::test]
async fn friends_play_to_mate_and_the_game_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, task) = server(dir.path()).await;
    let (status, created) = post(addr, "/api/games", json!({ "variant": "xiangqi", "mode": "friend" })).await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let red = created["token"].as_str().unwrap().to_string();
    let (status, joined) = post(addr, &format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!(status, 200, "{joined}");
    let black = joined["token"].as_str().unwrap().to_string();
    assert_eq!(joined["side"], 1);
    let (status, _) = post(addr, &format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!(status, 409, "a third player cannot join");

    let mut r = ws(addr, &id, Some(&red)).await;
    let mut b = ws(addr, &id, Some(&black)).await;
    let mut watcher = ws(addr, &id, None).await;
    assert_eq!(state_at(&mut r, 0).await["you"], 0);
    assert_eq!(state_at(&mut b, 0).await["you"], 1);
    assert_eq!(state_at(&mut watcher, 0).await["you"], Value::Null);

    // Black may not move Red's pieces, nor out of turn; a watcher may not move at all.
    send(&mut b, json!({ "type": "move", "move": "b2c2" })).await;
    assert_eq!(next(&mut b).await["type"], "error");
    send(&mut watcher, json!({ "type": "move", "move": "b2c2" })).await;
    assert_eq!(next(&mut watcher).await["type"], "error");

    send(&mut r, json!({ "type": "move", "move": "b2c2" })).await;
    assert_eq!(state_at(&mut r, 1).await["moves"][0]["mv"], "b2c2");
    // An illegal move is refused with the reason.
    send(&mut b, json!({ "type": "move", "move": "a9a0" })).await;
    let e = state_at(&mut b, 99).await;
    assert_eq!(e["type"], "error", "{e}");
    for (i, (who, mv)) in [(1, "h7c7"), (0, "c2c6")].into_iter().enumerate() {
        let s = if who == 0 { &mut r } else { &mut b };
        send(s, json!({ "type": "move", "move": mv })).await;
        assert_eq!(state_at(s, i + 2).await["type"], "state");
    }

    // Stop the server mid-game and start another on the same data directory.
    task.abort();
    let _ = task.await;
    drop((r, b, watcher));
    let (addr, _task) = server(dir.path()).await;
    let mut r = ws(addr, &id, Some(&red)).await;
    let mut b = ws(addr, &id, Some(&black)).await;
    let s = state_at(&mut b, 3).await;
    assert_eq!(s["moves"].as_array().unwrap().len(), 3, "{s}");
    send(&mut b, json!({ "type": "move", "move": "f9e8" })).await;
    state_at(&mut b, 4).await;
    send(&mut r, json!({ "type": "move", "move": "c6c9" })).await;
    let end = state_at(&mut r, 5).await;
    assert_eq!(end["end"]["result"], "1-0", "{end}");
    assert!(end["end"]["reason"].as_str().unwrap().to_lowercase().contains("mate"), "{end}");

    // The finished game is in the archive, its ruling in every language, and downloads as PGN.
    let archive: Value = reqwest::get(format!("http://{addr}/api/archive")).await.unwrap().json().await.unwrap();
    assert_eq!(archive["games"][0]["id"], id.as_str());
    assert_eq!(archive["games"][0]["reason"], end["end"]["reason"], "{archive}");
    assert_eq!(archive["games"][0]["reasons"], end["end"]["reasons"], "{archive}");
    assert!(archive["games"][0]["reasons"]["zh-Hans"].as_str().unwrap().starts_with("红方胜"), "{archive}");
    let pgn =
        reqwest::get(format!("http://{addr}/api/games/{id}/pgn?notation=iccs")).await.unwrap().text().await.unwrap();
    assert!(pgn.contains("1-0") && pgn.contains("B2-C2"), "{pgn}");
}

#[tokio::test]
async fn wrong_tokens_and_malformed_input_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, _task) = server(dir.path()).await;
    let (_, created) = post(addr, "/api/games", json!({ "variant": "janggi", "mode": "friend" })).await;
    let id = created["id"].as_str().unwrap().to_string();

    let refused = connect_async(seat_request(format!("ws://{addr}/api/games/{id}/ws"), Some("not-a-seat"))).await;
    assert!(refused.is_err(), "a wrong token opens no WebSocket");
    // A token in the address is refused, the right one too: proxies log addresses.
    let in_url = format!("ws://{addr}/api/games/{id}/ws?token={}", created["token"].as_str().unwrap());
    assert!(connect_async(in_url).await.is_err(), "a token in the address opens no WebSocket");
    assert!(connect_async(format!("ws://{addr}/api/games/nosuchgame/ws")).await.is_err());

    let mut s = ws(addr, &id, created["token"].as_str()).await;
    state_at(&mut s, 0).await;
    for frame in [
        Message::Text("not json".into()),
        Message::Text("{}".into()),
        Message::Text("[1,2,3]".into()),
        Message::Text(r#"{"type":"move"}"#.into()),
        Message::Text(r#"{"type":"move","move":12}"#.into()),
        Message::Text(r#"{"type":"move","move":"z9z9"}"#.into()),
        Message::Text(r#"{"type":"fly"}"#.into()),
        Message::Text(r#"{"type":"notation","notation":"klingon"}"#.into()),
        Message::Binary(vec![0, 159, 146, 150].into()),
    ] {
        s.send(frame.clone()).await.unwrap();
        assert_eq!(next(&mut s).await["type"], "error", "{frame:?}");
    }
    // A notation of the other game (a browser's remembered choice) gives way to janggi's own.
    send(&mut s, json!({ "type": "notation", "notation": "wxf" })).await;
    let shown = next(&mut s).await;
    assert_eq!(shown["notation"], "janggi", "{shown}");
    // Janggi passes are moves of their own.
    send(&mut s, json!({ "type": "pass" })).await;
    assert_eq!(state_at(&mut s, 1).await["turn"], 1);

    let (status, g) =
        post(addr, "/api/games", json!({ "variant": "janggi", "cho_setup": "outer", "han_setup": "mobile" })).await;
    assert_eq!(status, 200, "{g}");
    let state: Value = reqwest::get(format!("http://{addr}/api/games/{}", g["id"].as_str().unwrap()))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert!(state["start_fen"].as_str().unwrap().contains("/RBNA1ANBR w"), "{state}");
    for body in [
        r#"{"variant":"janggi","cho_setup":"sideways"}"#,
        r#"{"cho_setup":"outer"}"#,
        "{",
        "[]",
        r#"{"variant":"go"}"#,
        r#"{"level":99,"mode":"engine"}"#,
        r#"{"nonsense":1}"#,
    ] {
        let r = reqwest::Client::new().post(format!("http://{addr}/api/games")).body(body).send().await.unwrap();
        assert_eq!(r.status().as_u16(), 400, "{body}");
        let v: Value = r.json().await.unwrap();
        assert!(v["error"].is_string(), "{body}: {v}");
    }
    let big = "x".repeat(100_000);
    let r = reqwest::Client::new().post(format!("http://{addr}/api/games")).body(big).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 413);
    let page = reqwest::get(format!("http://{addr}/game/{id}")).await.unwrap();
    assert!(page.headers()["content-security-policy"].to_str().unwrap().contains("default-src 'self'"));
}

#[tokio::test]
async fn the_engine_answers() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, _task) = server(dir.path()).await;
    let (_, created) =
        post(addr, "/api/games", json!({ "mode": "engine", "level": 1, "base_secs": 60, "increment_secs": 1 })).await;
    let id = created["id"].as_str().unwrap().to_string();
    let mut s = ws(addr, &id, created["token"].as_str()).await;
    send(&mut s, json!({ "type": "move", "move": "h2e2" })).await;
    let after = state_at(&mut s, 2).await;
    assert_eq!(after["type"], "state", "{after}");
    assert_eq!(after["clock"]["running"], 0, "{after}");
    send(&mut s, json!({ "type": "takeback" })).await;
    assert_eq!(state_at(&mut s, 0).await["type"], "state", "a takeback against the engine is immediate");
    send(&mut s, json!({ "type": "draw" })).await;
    assert_eq!(next(&mut s).await["type"], "error", "the engine declines draws");
    send(&mut s, json!({ "type": "resign" })).await;
    let v = loop {
        let v = next(&mut s).await;
        if !v["end"].is_null() {
            break v;
        }
    };
    assert_eq!(v["end"]["result"], "0-1");
}

#[tokio::test]
async fn the_server_flags_a_player_out_of_time() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, _task) = server(dir.path()).await;
    let (_, created) = post(addr, "/api/games", json!({ "mode": "friend", "base_secs": 1, "increment_secs": 0 })).await;
    let id = created["id"].as_str().unwrap().to_string();
    let (_, joined) = post(addr, &format!("/api/games/{id}/join"), json!({})).await;
    let mut r = ws(addr, &id, created["token"].as_str()).await;
    let mut b = ws(addr, &id, joined["token"].as_str()).await;
    let mut watcher = ws(addr, &id, None).await;
    send(&mut r, json!({ "type": "move", "move": "h2e2" })).await;
    state_at(&mut r, 1).await;
    // Each side's first move is untimed: Black may take longer than its whole second.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    send(&mut b, json!({ "type": "move", "move": "h7e7" })).await;
    state_at(&mut b, 2).await;
    // Red never moves again: after a second the server ends the game by itself.
    let v = loop {
        let v = next(&mut watcher).await;
        if !v["end"].is_null() {
            break v;
        }
    };
    assert_eq!(v["end"]["result"], "0-1", "{v}");
    assert!(v["end"]["reason"].as_str().unwrap().contains("time"), "{v}");
    send(&mut r, json!({ "type": "move", "move": "h0g2" })).await;
    assert_eq!(state_at(&mut r, 99).await["type"], "error", "no moves after the flag fell");
}

#[tokio::test]
async fn a_takeback_needs_the_other_players_consent() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, _task) = server(dir.path()).await;
    let (_, created) = post(addr, "/api/games", json!({ "mode": "friend" })).await;
    let id = created["id"].as_str().unwrap().to_string();
    let (_, joined) = post(addr, &format!("/api/games/{id}/join"), json!({})).await;
    let mut r = ws(addr, &id, created["token"].as_str()).await;
    let mut b = ws(addr, &id, joined["token"].as_str()).await;
    send(&mut b, json!({ "type": "takeback" })).await;
    assert_eq!(state_at(&mut b, 99).await["type"], "error", "black has no move to take back");
    send(&mut r, json!({ "type": "move", "move": "h2e2" })).await;
    state_at(&mut r, 1).await;
    send(&mut r, json!({ "type": "takeback" })).await;
    let asked = loop {
        let v = next(&mut b).await;
        if v["takeback_offer"] == 0 {
            break v;
        }
    };
    assert_eq!(asked["moves"].as_array().unwrap().len(), 1);
    send(&mut b, json!({ "type": "takeback" })).await;
    let back = state_at(&mut b, 0).await;
    assert_eq!((back["turn"].clone(), back["takeback_offer"].clone()), (json!(0), Value::Null), "{back}");
    let pgn = reqwest::get(format!("http://{addr}/api/games/{id}/pgn")).await.unwrap().text().await.unwrap();
    assert!(!pgn.contains("炮二平五"), "the store forgot the move: {pgn}");
}

#[tokio::test]
async fn the_analysis_board_reports_lines() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, _task) = server(dir.path()).await;
    let (status, v) =
        post(addr, "/api/analyse", json!({ "moves": ["h2e2"], "millis": 300, "multipv": 2, "notation": "wxf" })).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["moves"][0]["text"], "C2.5");
    assert_eq!(v["turn"], 1);
    let lines = v["lines"].as_array().unwrap();
    assert!(!lines.is_empty() && lines.len() <= 2, "{v}");
    assert!(lines[0]["score"]["cp"].is_i64() && !lines[0]["pv"].as_array().unwrap().is_empty(), "{v}");
    let (status, v) = post(addr, "/api/analyse", json!({ "moves": ["h2e2", "h2e2"], "millis": 0 })).await;
    assert_eq!(status, 400, "{v}");
    assert!(v["error"].as_str().unwrap().starts_with("move 2"), "{v}");
    // A mated position: no search, the end in words.
    let moves = json!(["b2c2", "h7c7", "c2c6", "f9e8", "c6c9"]);
    let (status, v) = post(addr, "/api/analyse", json!({ "moves": moves })).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["end"]["result"], "1-0");
    assert!(v["lines"].as_array().unwrap().is_empty() && v["legal"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn records_are_read_for_the_analysis_board() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, _task) = server(dir.path()).await;
    let comment = "x".repeat(40_000); // Above the 16 KiB limit of the other requests.
    let pgn = format!("[Event \"Test\"]\n[Red \"<script>\"]\n\n1. C2.5 {{{comment}}} H8+7 *\n");
    let r = reqwest::Client::new().post(format!("http://{addr}/api/records")).body(pgn).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    let v: Value = r.json().await.unwrap();
    assert_eq!(v["moves"], json!(["h2e2", "h9g7"]), "{v}");
    assert!(v["headers"].as_array().unwrap().contains(&json!(["Red", "<script>"])), "{v}");
    let r =
        reqwest::Client::new().post(format!("http://{addr}/api/records")).body("XQ not really").send().await.unwrap();
    assert_eq!(r.status().as_u16(), 400);
}

#[tokio::test]
async fn the_friend_chooses_a_janggi_formation_when_joining_and_bad_ones_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, _task) = server(dir.path()).await;
    let join = |id: &str| format!("/api/games/{id}/join");
    // Xiangqi has no formations.
    let (_, x) = post(addr, "/api/games", json!({ "mode": "friend" })).await;
    let (status, v) = post(addr, &join(x["id"].as_str().unwrap()), json!({ "setup": "left" })).await;
    assert_eq!((status, v["error"].as_str().unwrap()), (400, "setup: formations are for janggi only"));
    // A janggi game from a FEN of its own keeps it.
    let fen = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABN1 w - - 0 1";
    let (_, f) = post(addr, "/api/games", json!({ "variant": "janggi", "mode": "friend", "fen": fen })).await;
    let (status, v) = post(addr, &join(f["id"].as_str().unwrap()), json!({ "setup": "left" })).await;
    assert_eq!(status, 409, "{v}");
    // The creator sets Cho's; the friend names no formation that exists, then Han's.
    let (_, g) = post(addr, "/api/games", json!({ "variant": "janggi", "mode": "friend", "cho_setup": "outer" })).await;
    let id = g["id"].as_str().unwrap();
    let (status, v) = post(addr, &join(id), json!({ "setup": "sideways" })).await;
    assert_eq!(status, 400, "{v}");
    assert!(v["error"].as_str().unwrap().starts_with("setup: "), "{v}");
    let (status, v) = post(addr, &join(id), json!({ "setup": "left" })).await;
    assert_eq!(status, 200, "{v}");
    let s: Value = reqwest::get(format!("http://{addr}/api/games/{id}")).await.unwrap().json().await.unwrap();
    assert_eq!(s["start_fen"], "rnba1anbr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RBNA1ANBR w - - 0 1");
    assert_eq!(s["formation_open"], false, "both seats are taken");
}

#[tokio::test]
async fn the_editor_s_position_check_answers_the_problem() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, _task) = server(dir.path()).await;
    let (status, v) = post(addr, "/api/position", json!({ "fen": "4k4/9/9/9/9/9/9/9/9/9 w - - 0 1" })).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["ok"], false);
    assert!(v["problem"].as_str().unwrap().contains("has no general"), "{v}");
    let (_, v) =
        post(addr, "/api/position", json!({ "variant": "janggi", "fen": chuhan::Variant::Janggi.start_fen() })).await;
    assert_eq!(v["ok"], true, "{v}");
    let (status, v) = post(addr, "/api/position", json!({ "fen": 3 })).await;
    assert_eq!(status, 400, "{v}");
}

/// The move box's reading: any notation of the game, the move as UCI and in the notation asked
/// for; a text that is no legal move answers why (not a refused request); a bad position is a 400.
#[tokio::test]
async fn a_typed_move_is_read_in_any_notation() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, _task) = server(dir.path()).await;
    let start = chuhan::Variant::Xiangqi.start_fen();
    for text in ["炮二平五", "C2=5", "C2.5", "h2-e2", "h2e2", " 炮二平五 "] {
        let (status, v) = post(addr, "/api/read-move", json!({ "fen": start, "text": text })).await;
        assert_eq!(status, 200, "{v}");
        assert_eq!(v["ok"], true, "{text}: {v}");
        assert_eq!(v["move"], "h2e2", "{text}: {v}");
    }
    let (_, v) = post(addr, "/api/read-move", json!({ "fen": start, "text": "h2e2", "notation": "wxf" })).await;
    assert_eq!(v["text"], "C2.5", "{v}");
    let (status, v) = post(addr, "/api/read-move", json!({ "fen": start, "text": "炮二进九" })).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["ok"], false);
    assert_eq!(v["problem"], "炮二进九: no legal move fits", "{v}");
    let (_, v) = post(addr, "/api/read-move", json!({ "fen": start, "text": "zzz" })).await;
    assert!(v["problem"].as_str().unwrap().contains("not a move in any notation"), "{v}");
    let (_, v) = post(addr, "/api/read-move", json!({ "fen": start, "text": "  " })).await;
    assert_eq!(v["ok"], false, "{v}");
    let janggi = chuhan::Variant::Janggi.start_fen();
    let (_, v) = post(addr, "/api/read-move", json!({ "variant": "janggi", "fen": janggi, "text": "h0g2" })).await;
    assert_eq!(v["ok"], true, "{v}");
    // Facing generals (bikjang, issue 42's bug 7): a move that does not break it says why.
    let bikjang = "rnba1abnr/4k4/1c5c1/p1pp2p1p/9/9/P1PP2P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";
    for text in ["a3a4", "a3-a4", "a3b3"] {
        let (_, v) = post(addr, "/api/read-move", json!({ "variant": "janggi", "fen": bikjang, "text": text })).await;
        assert_eq!(v["ok"], false, "{text}: {v}");
        assert!(v["problem"].as_str().unwrap().contains("(bikjang)"), "{text}: {v}");
    }
    let (_, v) = post(addr, "/api/read-move", json!({ "variant": "janggi", "fen": bikjang, "text": "e1d1" })).await;
    assert_eq!(v["ok"], true, "{v}");
    let (_, v) = post(addr, "/api/read-move", json!({ "variant": "janggi", "fen": janggi, "text": "a3a4" })).await;
    assert_eq!(v["ok"], true, "{v}");
    let (_, v) = post(addr, "/api/read-move", json!({ "variant": "janggi", "fen": bikjang, "text": "zzz" })).await;
    assert!(!v["problem"].as_str().unwrap().contains("bikjang"), "not a move at all: {v}");
    let (status, v) = post(addr, "/api/read-move", json!({ "fen": "4k4/9 w", "text": "h2e2" })).await;
    assert_eq!(status, 400, "{v}");
    let (status, v) = post(addr, "/api/read-move", json!({ "fen": start, "text": "x".repeat(100) })).await;
    assert_eq!(status, 400, "{v}");
}

/// The game page names the opening as the analysis board does (chuhan-db's classification).
#[tokio::test]
async fn the_game_state_names_the_opening() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, _task) = server(dir.path()).await;
    let (_, created) = post(addr, "/api/games", json!({ "variant": "xiangqi", "mode": "friend" })).await;
    let id = created["id"].as_str().unwrap().to_string();
    let red = created["token"].as_str().unwrap().to_string();
    let (_, joined) = post(addr, &format!("/api/games/{id}/join"), json!({})).await;
    let black = joined["token"].as_str().unwrap().to_string();
    let mut r = ws(addr, &id, Some(&red)).await;
    let mut b = ws(addr, &id, Some(&black)).await;
    state_at(&mut r, 0).await;
    state_at(&mut b, 0).await;
    send(&mut r, json!({ "type": "move", "move": "h2e2" })).await;
    state_at(&mut b, 1).await;
    send(&mut b, json!({ "type": "move", "move": "h9g7" })).await;
    let s = state_at(&mut r, 2).await;
    let (_, a) = post(addr, "/api/analyse", json!({ "moves": ["h2e2", "h9g7"], "millis": 0 })).await;
    assert!(a["opening"].is_string(), "{a}");
    assert_eq!(s["opening"], a["opening"], "{s}");
    // And in each language the pages speak, the same on both.
    assert_eq!(s["openings"], a["openings"], "{s}");
    let en = a["openings"]["en"].as_str().unwrap();
    assert!(a["opening"].as_str().unwrap().starts_with(en), "{a}");
    for tag in ["zh-Hans", "zh-Hant", "ko", "vi"] {
        let name = a["openings"][tag].as_str().unwrap_or_else(|| panic!("{tag}: {a}"));
        assert!(!name.is_empty() && name != en, "{tag}: {a}");
    }
}
