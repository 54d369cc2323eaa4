//! Two servers on one PostgreSQL database (the cluster named by `CHUHAN_TEST_POSTGRES_URL`, a
//! database of its own per test): a friend game with one player on each server and a watcher
//! on both, played to mate, every move seen on both servers within 100 ms at the median.
//! Skipped with a message without the variable (failed under CI=true). The takeover after
//! `kill -9` needs real processes: crates/chuhan-cli/tests/serve_cluster.rs.

mod common;

use common::seat_request;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{connect_async, MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

fn pg_url() -> Option<String> {
    match std::env::var("CHUHAN_TEST_POSTGRES_URL") {
        Ok(url) if !url.is_empty() => Some(url),
        _ if std::env::var("CI").as_deref() == Ok("true") => panic!("CHUHAN_TEST_POSTGRES_URL is not set"),
        _ => {
            eprintln!("CHUHAN_TEST_POSTGRES_URL is not set: the cluster tests are skipped");
            None
        }
    }
}

async fn database(test: &str) -> Option<chuhan_server::Target> {
    let url = pg_url()?;
    let name = format!("chuhan_cluster_{test}_{}", chuhan_server::random_hex(4).unwrap());
    let conn = chuhan_server::store::pg::create_database(&url, &name).await.expect("test database");
    Some(chuhan_server::Target::Postgres(conn))
}

async fn server(db: &chuhan_server::Target) -> (SocketAddr, tokio::task::JoinHandle<anyhow::Result<()>>) {
    let limits =
        chuhan_server::Limits { requests_per_minute: 0, games_per_minute: 0, ..chuhan_server::Limits::default() };
    chuhan_server::Server::new(db.clone()).limits(limits).start("127.0.0.1:0").await.expect("server starts")
}

async fn post(addr: SocketAddr, path: &str, body: Value) -> Value {
    let r = reqwest::Client::new().post(format!("http://{addr}{path}")).json(&body).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    r.json().await.unwrap()
}

async fn ws(addr: SocketAddr, id: &str, token: Option<&str>) -> Ws {
    let url = format!("ws://{addr}/api/games/{id}/ws?notation=uci");
    connect_async(seat_request(url, token)).await.expect("WebSocket opens").0
}

/// Frames until a state with `plies` moves (or an error, returned), within `wait`.
async fn state_at(ws: &mut Ws, plies: usize, wait: Duration) -> Value {
    let deadline = Instant::now() + wait;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let msg = tokio::time::timeout(left, ws.next()).await.unwrap_or_else(|_| panic!("no state with {plies} moves"));
        if let Message::Text(t) = msg.expect("open").expect("a frame") {
            let v: Value = serde_json::from_str(&t).unwrap();
            if v["type"] == "error" || v["moves"].as_array().map(Vec::len) == Some(plies) {
                return v;
            }
        }
    }
}

async fn send(ws: &mut Ws, v: Value) {
    ws.send(Message::Text(v.to_string().into())).await.unwrap();
}

/// A friend game created on server `a` with `body` and joined on server `b`: its id, Red's
/// token and Black's.
async fn friend_game(a: SocketAddr, b: SocketAddr, body: Value) -> (String, String, String) {
    let created = post(a, "/api/games", body).await;
    let id = created["id"].as_str().unwrap_or_else(|| panic!("a game: {created}")).to_string();
    let red = created["token"].as_str().unwrap().to_string();
    let joined = post(b, &format!("/api/games/{id}/join"), json!({})).await;
    let black = joined["token"].as_str().unwrap_or_else(|| panic!("a seat: {joined}")).to_string();
    (id, red, black)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_game_across_two_servers_is_seen_on_both() {
    let Some(db) = database("two").await else { return };
    let (a, _ta) = server(&db).await;
    let (b, _tb) = server(&db).await;
    // Black joins on the other server, which reads the game from the database.
    let (id, red, black) = friend_game(a, b, json!({ "mode": "friend", "base_secs": 600 })).await;
    let mut r = ws(a, &id, Some(&red)).await;
    let mut k = ws(b, &id, Some(&black)).await;
    let mut wa = ws(a, &id, None).await;
    let mut wb = ws(b, &id, None).await;
    let long = Duration::from_secs(5);
    // Server A hears of the join (NOTIFY) and reloads its room: both servers know both seats.
    for s in [&mut r, &mut k, &mut wa, &mut wb] {
        loop {
            let v = state_at(s, 0, long).await;
            assert_eq!(v["type"], "state", "{v}");
            if v["seats"] == json!([true, true]) {
                break;
            }
        }
    }
    // The shortest mate (as in tests/serve.rs), moves alternating between the servers.
    let moves = ["b2c2", "h7c7", "c2c6", "f9e8", "c6c9"];
    let mut lags = Vec::new();
    let mut last = Value::Null;
    for (i, mv) in moves.iter().enumerate() {
        let t = Instant::now();
        let mover = if i % 2 == 0 { &mut r } else { &mut k };
        send(mover, json!({ "type": "move", "move": mv })).await;
        // Everyone, on both servers, sees the move; the slowest sight counts.
        for s in [&mut r, &mut k, &mut wa, &mut wb] {
            let v = state_at(s, i + 1, long).await;
            assert_eq!(v["type"], "state", "{v}");
            assert_eq!(v["moves"][i]["mv"], *mv, "{v}");
            last = v;
        }
        lags.push(t.elapsed());
    }
    // The end comes with the mating move's state or in one after it (server B hears of the
    // end and reloads; the two changes may reach the socket as one state).
    let end =
        if last["end"].is_null() { state_where(&mut wb, "the end", long, |v| !v["end"].is_null()).await } else { last };
    assert_eq!(end["end"]["result"], "1-0", "{end}");
    lags.sort();
    let median = lags[lags.len() / 2];
    eprintln!("move to all four sockets on two servers: median {median:?}, max {:?}", lags.last().unwrap());
    assert!(median < Duration::from_millis(100), "median {median:?}");
    // Both servers have the finished game in their archive.
    for addr in [a, b] {
        let archive: Value = reqwest::get(format!("http://{addr}/api/archive")).await.unwrap().json().await.unwrap();
        assert_eq!(archive["games"][0]["id"], id.as_str());
    }
    // A second server storing the same ply is refused: Red, on server B this time, replays
    // ply 1 after the end; the game is over and says so.
    let mut r2 = ws(b, &id, Some(&red)).await;
    state_at(&mut r2, 5, long).await;
    send(&mut r2, json!({ "type": "move", "move": "a0a1" })).await;
    assert_eq!(state_at(&mut r2, 99, long).await["type"], "error");
}

/// Frames until a state for which `want` holds, within `wait`; an error frame fails the test.
async fn state_where(ws: &mut Ws, what: &str, wait: Duration, want: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + wait;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let msg = tokio::time::timeout(left, ws.next()).await.unwrap_or_else(|_| panic!("no state with {what}"));
        if let Message::Text(t) = msg.expect("open").expect("a frame") {
            let v: Value = serde_json::from_str(&t).unwrap();
            assert_ne!(v["type"], "error", "waiting for {what}: {v}");
            if v["type"] == "state" && want(&v) {
                return v;
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_takeback_and_a_draw_offered_on_one_server_are_answered_on_the_other() {
    let Some(db) = database("offers").await else { return };
    let (a, _ta) = server(&db).await;
    let (b, _tb) = server(&db).await;
    let (id, red, black) = friend_game(a, b, json!({ "mode": "friend" })).await;
    // Red plays on server A, Black on server B.
    let mut r = ws(a, &id, Some(&red)).await;
    let mut k = ws(b, &id, Some(&black)).await;
    let long = Duration::from_secs(5);
    state_where(&mut r, "both seats", long, |v| v["seats"] == json!([true, true])).await;
    for (i, mv) in ["b2c2", "h7c7"].iter().enumerate() {
        send(if i == 0 { &mut r } else { &mut k }, json!({ "type": "move", "move": mv })).await;
        for s in [&mut r, &mut k] {
            state_where(s, "the move", long, |v| v["moves"].as_array().map(Vec::len) == Some(i + 1)).await;
        }
    }
    // Red asks on A to take back its move; Black sees the request on B and agrees there.
    send(&mut r, json!({ "type": "takeback" })).await;
    state_where(&mut k, "Red's takeback request", long, |v| v["takeback_offer"] == 0).await;
    send(&mut k, json!({ "type": "takeback" })).await;
    for s in [&mut r, &mut k] {
        let v = state_where(s, "the moves taken back", long, |v| v["moves"] == json!([])).await;
        assert!(v["takeback_offer"].is_null(), "{v}");
    }
    // Red offers a draw on A; Black accepts it on B: drawn on both servers.
    send(&mut r, json!({ "type": "draw" })).await;
    state_where(&mut k, "Red's draw offer", long, |v| v["draw_offer"] == 0).await;
    send(&mut k, json!({ "type": "draw" })).await;
    for s in [&mut r, &mut k] {
        let v = state_where(s, "the end", long, |v| !v["end"].is_null()).await;
        assert_eq!(v["end"]["result"], "1/2-1/2", "{v}");
    }
    let archive: Value = reqwest::get(format!("http://{a}/api/archive")).await.unwrap().json().await.unwrap();
    assert_eq!(
        (archive["games"][0]["id"].as_str(), archive["games"][0]["plies"].as_u64()),
        (Some(id.as_str()), Some(0))
    );
}

/// A seat taken while this server's room was read earlier, and whose notification has not come
/// (here: never sent, the seat is written straight into the database) is found in the store
/// before the token is refused: the second server once answered 403 to a player who had just
/// joined on the first one (CI, 2026-11-27, `serve_pg_outage`).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_seat_taken_elsewhere_is_read_before_its_token_is_refused() {
    let Some(db) = database("seat").await else { return };
    let chuhan_server::Target::Postgres(conn) = &db else { unreachable!() };
    let (a, _ta) = server(&db).await;
    let (b, _tb) = server(&db).await;
    let created = post(a, "/api/games", json!({ "mode": "friend", "base_secs": 600 })).await;
    let id = created["id"].as_str().unwrap().to_string();
    // Server B reads the game while Black's seat is empty.
    let seen: Value = reqwest::get(format!("http://{b}/api/games/{id}")).await.unwrap().json().await.unwrap();
    assert_eq!(seen["seats"], json!([true, false]), "{seen}");
    // Black's seat is taken with no notification to B.
    let black = chuhan_server::random_hex(16).unwrap();
    let (client, connection) = tokio_postgres::connect(conn, tokio_postgres::NoTls).await.expect("the test connects");
    tokio::spawn(connection);
    let updated =
        client.execute("UPDATE games SET black_token = $2 WHERE id = $1", &[&id, &black]).await.expect("seat written");
    assert_eq!(updated, 1);
    // B opens Black's socket as Black.
    let mut k = ws(b, &id, Some(&black)).await;
    let v = state_at(&mut k, 0, Duration::from_secs(5)).await;
    assert_eq!(v["type"], "state", "{v}");
    assert_eq!(v["seats"], json!([true, true]), "{v}");
    assert_eq!(v["you"], 1, "{v}");
    // A token that no seat holds is still refused.
    let wrong = chuhan_server::random_hex(16).unwrap();
    let url = format!("ws://{b}/api/games/{id}/ws?notation=uci");
    let refused = connect_async(seat_request(url, Some(&wrong))).await.expect_err("a wrong token is refused");
    assert!(refused.to_string().contains("403"), "{refused}");
}

/// A chat line said on one server reaches a player on the other (by the NOTIFY of its store
/// transaction), and so does a rematch.
#[tokio::test]
async fn chat_and_rematch_cross_servers() {
    let Some(db) = database("chat").await else { return };
    let (a, _ta) = server(&db).await;
    let (b, _tb) = server(&db).await;
    let g = post(a, "/api/games", json!({ "mode": "friend", "name": "Ann" })).await;
    let id = g["id"].as_str().unwrap().to_string();
    let j = post(b, &format!("/api/games/{id}/join"), json!({ "name": "Bo" })).await;
    let mut red = ws(a, &id, g["token"].as_str()).await;
    let mut black = ws(b, &id, j["token"].as_str()).await;
    send(&mut red, json!({ "type": "chat", "text": "hello from A" })).await;
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let msg = tokio::time::timeout(left, black.next()).await.expect("the line reaches B").unwrap().unwrap();
        let Message::Text(t) = msg else { continue };
        let v: Value = serde_json::from_str(&t).unwrap();
        if v["chat"].as_array().is_some_and(|c| c.len() == 1) {
            assert_eq!(v["chat"][0]["text"], "hello from A");
            break;
        }
    }
    send(&mut black, json!({ "type": "resign" })).await;
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(5), red.next())
            .await
            .expect("the end reaches A")
            .unwrap()
            .unwrap();
        let Message::Text(t) = msg else { continue };
        if serde_json::from_str::<Value>(&t).unwrap()["end"].is_object() {
            break;
        }
    }
    send(&mut red, json!({ "type": "rematch" })).await;
    loop {
        let left = deadline.saturating_duration_since(Instant::now()) + Duration::from_secs(5);
        let msg = tokio::time::timeout(left, black.next()).await.expect("the offer reaches B").unwrap().unwrap();
        let Message::Text(t) = msg else { continue };
        let v: Value = serde_json::from_str(&t).unwrap();
        if v["rematch"]["offered_by"] == 0 {
            break;
        }
    }
    send(&mut black, json!({ "type": "rematch" })).await;
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(5), red.next())
            .await
            .expect("the rematch reaches A")
            .unwrap()
            .unwrap();
        let Message::Text(t) = msg else { continue };
        let v: Value = serde_json::from_str(&t).unwrap();
        if v["rematch"]["game"].is_string() {
            assert!(v["rematch"]["token"].is_string(), "{v}");
            break;
        }
    }
}
