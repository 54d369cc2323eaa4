//! Issue 39: what a hostile or careless client can do to the server, each bounded. One
//! request must not start work that never ends; connections, uploads and engine time have
//! limits; errors say what went wrong without the server's insides.

mod common;

use chuhan::BySide;
use chuhan_server::store::{SqliteStore, Store, StoredGame, StoredMove};
use common::{get, post, seat_request, server};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

/// A xiangqi start position whose move-count clock is spent (120 plies without a capture):
/// its game is a draw before anyone moves.
const SPENT: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 120 1";

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

/// An engine game stored from [`SPENT`] (over from its start), Red's seat the player's and
/// Black, to move, the engine's: what a server from before the check stored.
fn spent_engine_game(id: &str) -> StoredGame {
    StoredGame {
        id: id.into(),
        variant: "xiangqi".into(),
        mode: "engine".into(),
        level: 1,
        start_fen: SPENT.into(),
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
        accounts: BySide::new(None, None),
        engine: None,
    }
}

/// A game stored over from its start (by a server from before the check above) is not played
/// by the engine when the server brings it back: nothing is stored, and reading it works.
#[tokio::test]
async fn a_stored_game_over_from_its_start_is_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(dir.path()).unwrap();
    let g = spent_engine_game("0123456789ab");
    store.create(&g).await.unwrap();
    drop(store);
    let (addr, _task) = server(dir.path()).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let (status, v) = get(addr, "/api/games/0123456789ab").await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["moves"].as_array().map(Vec::len), Some(0), "the engine moved: {v}");
}

/// The same game with the move the engine stored before the fix (a busy loop stored one, then
/// was refused): the stored move came after the end, so the room is read without it and the
/// game is shown over, not answered with a 500.
#[tokio::test]
async fn a_stored_game_over_from_its_start_with_a_move_after_the_end_reads() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(dir.path()).unwrap();
    let g = spent_engine_game("ba9876543210");
    store.create(&g).await.unwrap();
    let stored = StoredMove { mv: "h9g7".into(), clocks_ms: BySide::new(0, 0), periods: BySide::new(0, 0), at_ms: 0 };
    store.add_move(&g.id, 0, &stored).await.unwrap();
    drop(store);
    let (addr, _task) = server(dir.path()).await;
    let (status, v) = get(addr, "/api/games/ba9876543210").await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["moves"].as_array().map(Vec::len), Some(0), "{v}");
    assert_eq!(v["legal"].as_array().map(Vec::len), Some(0), "the game is over: {v}");
}

/// A server on `data` with these limits (rate limits off: the tests make many requests).
async fn server_with(
    data: &Path,
    limits: chuhan_server::Limits,
) -> (SocketAddr, tokio::task::JoinHandle<anyhow::Result<()>>) {
    let limits = chuhan_server::Limits { requests_per_minute: 0, games_per_minute: 0, ..limits };
    chuhan_server::Server::new(chuhan_server::data_dir_store(data))
        .limits(limits)
        .start("127.0.0.1:0")
        .await
        .expect("server starts")
}

/// A TCP connection to `addr` from the loopback address `from` (the limits count by address).
async fn connect_from(from: &str, addr: SocketAddr) -> tokio::net::TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::new(from.parse().unwrap(), 0)).unwrap();
    socket.connect(addr).await.unwrap()
}

/// How long until the server closes `stream` (reads until the end), at most `limit`; `None`
/// when it is still open then.
async fn closed_within(stream: &mut tokio::net::TcpStream, limit: Duration) -> Option<Duration> {
    use tokio::io::AsyncReadExt;
    let start = std::time::Instant::now();
    let mut buf = [0u8; 4096];
    let deadline = tokio::time::Instant::now() + limit;
    loop {
        match tokio::time::timeout_at(deadline, stream.read(&mut buf)).await {
            Err(_) => return None,
            Ok(Ok(0)) | Ok(Err(_)) => return Some(start.elapsed()),
            Ok(Ok(_)) => {}
        }
    }
}

/// A plain `GET /api/archive` from `from` over a fresh connection: the status.
async fn probe(from: &str, addr: SocketAddr) -> u16 {
    let client = reqwest::Client::builder().local_address(from.parse::<std::net::IpAddr>().unwrap()).build().unwrap();
    let r = tokio::time::timeout(Duration::from_secs(2), client.get(format!("http://{addr}/api/archive")).send())
        .await
        .expect("an answer within 2 s")
        .unwrap();
    r.status().as_u16()
}

/// Idle sockets, slow headers and a flood of connections from one address: the address gets
/// its share and no more, silent and slow connections are closed, and another address is
/// served throughout.
#[tokio::test]
async fn connections_are_capped_per_address_and_timed_out() {
    let dir = tempfile::tempdir().unwrap();
    let connections = chuhan_server::ConnectionLimits {
        total: 0,
        per_address: 4,
        header_timeout: Duration::from_secs(1),
        idle_timeout: Duration::from_secs(2),
    };
    let (addr, _task) = server_with(dir.path(), chuhan_server::Limits { connections, ..Default::default() }).await;
    // Four idle connections are the address's share; the fifth is closed at once.
    let mut idle = Vec::new();
    let opened = std::time::Instant::now();
    for _ in 0..4 {
        idle.push(connect_from("127.0.0.1", addr).await);
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut fifth = connect_from("127.0.0.1", addr).await;
    assert!(closed_within(&mut fifth, Duration::from_millis(500)).await.is_some(), "a fifth connection is closed");
    // Another address is not locked out.
    assert_eq!(probe("127.0.0.2", addr).await, 200);
    // The idle ones are closed: a connection that sends nothing has not sent its headers in
    // time (1 s), however long the idle timeout.
    closed_within(&mut idle[0], Duration::from_secs(4)).await.expect("an idle connection is closed");
    let waited = opened.elapsed();
    assert!(waited >= Duration::from_millis(900), "closed after {waited:?}");
    for s in &mut idle[1..] {
        assert!(closed_within(s, Duration::from_secs(1)).await.is_some());
    }
    // A client sending its headers a byte at a time is cut off by the header timeout (1 s)
    // although it is never silent for long.
    use tokio::io::AsyncWriteExt;
    let mut slow = connect_from("127.0.0.1", addr).await;
    slow.write_all(b"GET /api/archive HTTP/1.1\r\n").await.unwrap();
    let start = std::time::Instant::now();
    let mut cut = None;
    for i in 0..40 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        if slow.write_all(format!("X-{i}: y\r\n").as_bytes()).await.is_err() {
            cut = Some(start.elapsed());
            break;
        }
        if let Some(_t) = closed_within(&mut slow, Duration::from_millis(1)).await {
            cut = Some(start.elapsed());
            break;
        }
    }
    let cut = cut.expect("the slow client was cut off within 4 s");
    assert!(cut < Duration::from_secs(3), "cut off after {cut:?}");
    // The address has its connections back once the others are gone.
    assert_eq!(probe("127.0.0.1", addr).await, 200);
    // A kept-alive connection that goes quiet after its request is closed too.
    let mut kept = connect_from("127.0.0.1", addr).await;
    kept.write_all(format!("GET /api/archive HTTP/1.1\r\nHost: {addr}\r\n\r\n").as_bytes()).await.unwrap();
    assert!(closed_within(&mut kept, Duration::from_secs(4)).await.is_some(), "a quiet kept-alive connection stays");
}

/// A game's WebSocket is pinged, so a page that answers stays open past the idle timeout; one
/// that answers nothing is closed.
#[tokio::test]
async fn websockets_are_pinged_and_a_silent_one_is_closed() {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    let dir = tempfile::tempdir().unwrap();
    let connections =
        chuhan_server::ConnectionLimits { idle_timeout: Duration::from_millis(1500), ..Default::default() };
    let (addr, _task) = server_with(dir.path(), chuhan_server::Limits { connections, ..Default::default() }).await;
    let (_, created) = post(addr, "/api/games", json!({ "mode": "friend" })).await;
    let id = created["id"].as_str().unwrap();
    let request = || seat_request(format!("ws://{addr}/api/games/{id}/ws"), None);
    // Read for 3 s (twice the idle timeout): pings come, the client's automatic pongs answer.
    let mut live = tokio_tungstenite::connect_async(request()).await.unwrap().0;
    let (mut pings, start) = (0, std::time::Instant::now());
    while start.elapsed() < Duration::from_secs(3) {
        match tokio::time::timeout(Duration::from_millis(200), live.next()).await {
            Ok(Some(Ok(Message::Ping(_)))) => pings += 1,
            Ok(Some(Ok(_))) | Err(_) => {}
            Ok(other) => panic!("the answering WebSocket was closed: {other:?}"),
        }
    }
    assert!(pings >= 2, "{pings} pings in 3 s");
    // A client that reads nothing (and so answers no ping) is closed.
    let mut silent = tokio_tungstenite::connect_async(request()).await.unwrap().0;
    tokio::time::sleep(Duration::from_secs(3)).await;
    let closed = tokio::time::timeout(Duration::from_secs(3), async {
        loop {
            match silent.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    assert!(closed.is_ok(), "the silent WebSocket is still open");
}

/// Two analysis requests from one client no longer take both search slots: another client
/// is served at once rather than refused with 503, and the second request waits its turn.
#[tokio::test]
async fn one_client_cannot_take_every_search_slot() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, _task) =
        server_with(dir.path(), chuhan_server::Limits { analysis_threads: 2, ..Default::default() }).await;
    let ask = move |from: &'static str, millis: u64| async move {
        let client =
            reqwest::Client::builder().local_address(from.parse::<std::net::IpAddr>().unwrap()).build().unwrap();
        let start = std::time::Instant::now();
        let r = client
            .post(format!("http://{addr}/api/analyse"))
            .json(&json!({ "millis": millis, "multipv": 1 }))
            .send()
            .await
            .unwrap();
        (r.status().as_u16(), start.elapsed())
    };
    let greedy = tokio::spawn(async move { tokio::join!(ask("127.0.0.1", 1500), ask("127.0.0.1", 1500)) });
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (status, took) = ask("127.0.0.2", 200).await;
    assert_eq!(status, 200, "another client is served");
    assert!(took < Duration::from_millis(1200), "it waited {took:?}: the greedy client held both slots");
    let ((s1, t1), (s2, t2)) = greedy.await.unwrap();
    assert_eq!((s1, s2), (200, 200), "the greedy client's second request waited instead of failing");
    let (first, second) = if t1 < t2 { (t1, t2) } else { (t2, t1) };
    assert!(second >= first + Duration::from_millis(1000), "one after the other: {first:?}, {second:?}");
}

/// Engine games think a few at a time; once as many wait as think, a new engine game is
/// refused with a reason (503, `engine_busy`), and friend games are still made.
#[tokio::test]
async fn engine_games_are_capped() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, _task) = server_with(dir.path(), chuhan_server::Limits { engine_games: 1, ..Default::default() }).await;
    // The engine plays Red, so it thinks as soon as each game exists (2 s a move untimed).
    let engine_first = json!({ "mode": "engine", "level": 20, "side": "black" });
    for _ in 0..2 {
        let (status, v) = post(addr, "/api/games", engine_first.clone()).await;
        assert_eq!(status, 200, "{v}");
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let (status, v) = post(addr, "/api/games", engine_first.clone()).await;
    assert_eq!(status, 503, "{v}");
    assert_eq!(v["code"], "engine_busy", "{v}");
    assert!(v["error"].as_str().unwrap().contains("play a friend"), "{v}");
    let (status, _) = post(addr, "/api/games", json!({ "mode": "friend" })).await;
    assert_eq!(status, 200);
}

/// Every answer says `nosniff` and refuses foreign frames; pages forbid framing in their CSP.
#[tokio::test]
async fn answers_refuse_sniffing_and_framing() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, _task) = server(dir.path()).await;
    let (_, created) = post(addr, "/api/games", json!({ "mode": "friend" })).await;
    let id = created["id"].as_str().unwrap();
    for path in ["/", "/api/archive".to_string().as_str(), &format!("/api/games/{id}/pgn"), "/api/games/nosuchgame"] {
        let r = reqwest::get(format!("http://{addr}{path}")).await.unwrap();
        let h = r.headers();
        assert_eq!(h.get("x-content-type-options").map(|v| v.to_str().unwrap()), Some("nosniff"), "{path}");
        assert_eq!(h.get("x-frame-options").map(|v| v.to_str().unwrap()), Some("DENY"), "{path}");
    }
    let page = reqwest::get(format!("http://{addr}/")).await.unwrap();
    let csp = page.headers()["content-security-policy"].to_str().unwrap().to_string();
    assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
}

/// With `--allowed-host`, a request naming another host (DNS rebinding) is refused with 421.
#[tokio::test]
async fn a_foreign_host_name_is_refused_when_hosts_are_listed() {
    let dir = tempfile::tempdir().unwrap();
    let tools = chuhan_server::Tools { allowed_hosts: vec!["chuhan.example".into()], ..Default::default() };
    let (addr, _task) = chuhan_server::Server::new(chuhan_server::data_dir_store(dir.path()))
        .tools(tools)
        .start("127.0.0.1:0")
        .await
        .unwrap();
    let client = reqwest::Client::new();
    let ask = |host: &'static str| client.get(format!("http://{addr}/api/archive")).header("host", host).send();
    let r = ask("evil.example").await.unwrap();
    assert_eq!(r.status().as_u16(), 421);
    assert_eq!(r.json::<Value>().await.unwrap()["code"], "wrong_host");
    assert_eq!(ask("chuhan.example:8080").await.unwrap().status().as_u16(), 200);
}
