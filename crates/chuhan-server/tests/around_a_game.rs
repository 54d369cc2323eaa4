//! Over loopback: a game's chat (players, logged-in spectators, its limits; none against the
//! engine) and a rematch (asked, agreed, colours swapped, each player seated by their own token).

mod common;

use common::{post, seat_request, sign_up};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{connect_async, MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<tokio::net::TcpStream>>;

async fn open(addr: SocketAddr, id: &str, token: Option<&str>, cookie: Option<&str>) -> Ws {
    let url = format!("ws://{addr}/api/games/{id}/ws?notation=uci");
    let mut req = match token {
        Some(_) => seat_request(url, token),
        None => {
            let mut r = url.into_client_request().unwrap();
            r.headers_mut().insert("sec-websocket-protocol", "chuhan".parse().unwrap());
            r
        }
    };
    if let Some(c) = cookie {
        req.headers_mut().insert("cookie", c.parse().unwrap());
    }
    connect_async(req).await.unwrap().0
}

async fn send(ws: &mut Ws, v: Value) {
    ws.send(Message::Text(v.to_string().into())).await.unwrap();
}

/// The next frame that `pick` accepts (states and errors alike), within five seconds.
async fn until(ws: &mut Ws, pick: impl Fn(&Value) -> bool) -> Value {
    loop {
        let msg =
            tokio::time::timeout(Duration::from_secs(5), ws.next()).await.expect("a frame in time").unwrap().unwrap();
        let Message::Text(t) = msg else { continue };
        let v: Value = serde_json::from_str(&t).unwrap();
        if pick(&v) {
            return v;
        }
    }
}

fn error_frame(v: &Value) -> bool {
    v["type"] == "error"
}

#[tokio::test]
async fn players_and_logged_in_spectators_chat_within_limits() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, _task) = common::server(dir.path()).await;
    let (_, g) = post(addr, "/api/games", json!({ "mode": "friend", "name": "Ann" })).await;
    let id = g["id"].as_str().unwrap().to_string();
    let (_, j) = post(addr, &format!("/api/games/{id}/join"), json!({})).await;
    let mut red = open(addr, &id, g["token"].as_str(), None).await;
    let mut black = open(addr, &id, j["token"].as_str(), None).await;
    send(&mut red, json!({ "type": "chat", "text": "  good luck <b>!</b> " })).await;
    let s = until(&mut black, |v| v["chat"].as_array().is_some_and(|c| !c.is_empty())).await;
    assert_eq!(
        s["chat"],
        json!([{ "author": "Ann", "side": 0, "text": "good luck <b>!</b>", "at": s["chat"][0]["at"] }])
    );
    // A player without a name signs with the colour; too fast, too long, control characters.
    send(&mut black, json!({ "type": "chat", "text": "thanks" })).await;
    let s = until(&mut red, |v| v["chat"].as_array().is_some_and(|c| c.len() == 2)).await;
    assert_eq!((s["chat"][1]["author"].as_str(), s["chat"][1]["side"].as_u64()), (Some("Black"), Some(1)));
    send(&mut black, json!({ "type": "chat", "text": "again" })).await;
    assert!(until(&mut black, error_frame).await["message"].as_str().unwrap().contains("one line a second"));
    tokio::time::sleep(Duration::from_millis(1100)).await;
    send(&mut black, json!({ "type": "chat", "text": "x".repeat(301) })).await;
    assert!(until(&mut black, error_frame).await["message"].as_str().unwrap().contains("at most 300"));
    tokio::time::sleep(Duration::from_millis(1100)).await;
    send(&mut black, json!({ "type": "chat", "text": "a\u{1b}[31mb" })).await;
    assert!(until(&mut black, error_frame).await["message"].as_str().unwrap().contains("control"));
    // A spectator: only when logged in, under the account's name.
    let mut anon = open(addr, &id, None, None).await;
    send(&mut anon, json!({ "type": "chat", "text": "hello" })).await;
    assert!(until(&mut anon, error_frame).await["message"].as_str().unwrap().contains("log in"));
    let cookie = sign_up(addr, "Kibitzer", "a long enough password").await;
    let mut fan = open(addr, &id, None, Some(&cookie)).await;
    send(&mut fan, json!({ "type": "chat", "text": "nice opening" })).await;
    let s = until(&mut red, |v| v["chat"].as_array().is_some_and(|c| c.len() == 3)).await;
    assert_eq!((s["chat"][2]["author"].as_str(), s["chat"][2]["side"].clone()), (Some("Kibitzer"), Value::Null));
    // Kept: a page opened later gets the lines.
    let mut later = open(addr, &id, None, None).await;
    assert_eq!(until(&mut later, |v| v["type"] == "state").await["chat"].as_array().unwrap().len(), 3);
    // No chat against the engine.
    let (_, e) = post(addr, "/api/games", json!({ "mode": "engine", "level": 1 })).await;
    let mut me = open(addr, e["id"].as_str().unwrap(), e["token"].as_str(), None).await;
    send(&mut me, json!({ "type": "chat", "text": "hi engine" })).await;
    assert!(until(&mut me, error_frame).await["message"].as_str().unwrap().contains("engine"));
}

#[tokio::test]
async fn a_rematch_is_asked_agreed_and_seats_both_players_with_colours_swapped() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, _task) = common::server(dir.path()).await;
    let create = json!({ "mode": "friend", "name": "Ann", "clock": "fischer", "base_secs": 300, "increment_secs": 3 });
    let (_, g) = post(addr, "/api/games", create).await;
    let id = g["id"].as_str().unwrap().to_string();
    let (_, j) = post(addr, &format!("/api/games/{id}/join"), json!({ "name": "Bo" })).await;
    let mut red = open(addr, &id, g["token"].as_str(), None).await;
    let mut black = open(addr, &id, j["token"].as_str(), None).await;
    send(&mut red, json!({ "type": "rematch" })).await;
    assert!(until(&mut red, error_frame).await["message"].as_str().unwrap().contains("still going on"));
    send(&mut black, json!({ "type": "resign" })).await;
    until(&mut red, |v| v["end"].is_object()).await;
    send(&mut red, json!({ "type": "rematch" })).await;
    let s = until(&mut black, |v| v["rematch"]["offered_by"] == 0).await;
    assert_eq!((s["rematch"]["game"].clone(), s["rematch"]["token"].clone()), (Value::Null, Value::Null));
    send(&mut black, json!({ "type": "rematch" })).await;
    let b = until(&mut black, |v| v["rematch"]["game"].is_string()).await;
    let r = until(&mut red, |v| v["rematch"]["game"].is_string()).await;
    let new = r["rematch"]["game"].as_str().unwrap().to_string();
    assert_eq!(b["rematch"]["game"], new.as_str());
    let (red_token, black_token) = (r["rematch"]["token"].as_str().unwrap(), b["rematch"]["token"].as_str().unwrap());
    assert_ne!(red_token, black_token);
    // A spectator of the old game sees the new game but no token.
    let mut watcher = open(addr, &id, None, None).await;
    let w = until(&mut watcher, |v| v["type"] == "state").await;
    assert_eq!((w["rematch"]["game"].as_str(), w["rematch"]["token"].clone()), (Some(new.as_str()), Value::Null));
    // The new game: Bo is Red now, Ann Black; the same clock; each token holds its seat.
    let mut ann = open(addr, &new, Some(red_token), None).await;
    let s = until(&mut ann, |v| v["type"] == "state").await;
    assert_eq!((s["you"].as_u64(), s["names"].clone()), (Some(1), json!(["Bo", "Ann"])), "{s}");
    assert_eq!((s["clock"]["base_ms"].as_u64(), s["clock"]["increment_ms"].as_u64()), (Some(300_000), Some(3_000)));
    let mut bo = open(addr, &new, Some(black_token), None).await;
    assert_eq!(until(&mut bo, |v| v["type"] == "state").await["you"], 0);
    send(&mut bo, json!({ "type": "move", "move": "h2e2" })).await;
    until(&mut ann, |v| v["moves"].as_array().is_some_and(|m| m.len() == 1)).await;
    // Asking again changes nothing.
    send(&mut red, json!({ "type": "rematch" })).await;
    send(&mut red, json!({ "type": "state" })).await;
    assert_eq!(until(&mut red, |v| v["type"] == "state").await["rematch"]["game"], new.as_str());
}
