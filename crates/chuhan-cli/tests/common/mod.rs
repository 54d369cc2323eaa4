//! What the tests that run `chuhan serve` on PostgreSQL share: the database URL (or the reason
//! to skip), server processes that die with the test, and the WebSocket client's steps.
//!
//! Each test binary uses only part of this.
#![allow(dead_code)]

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{connect_async, MaybeTlsStream, WebSocketStream};

/// A client's WebSocket.
pub type Ws = WebSocketStream<MaybeTlsStream<tokio::net::TcpStream>>;

/// Whether this is CI (`CI=true`), where what a test needs must be there.
pub fn ci() -> bool {
    std::env::var("CI").as_deref() == Ok("true")
}

/// The PostgreSQL URL of `CHUHAN_TEST_POSTGRES_URL`; `None` (and a message) when it is not set,
/// a failure when it is not set under CI.
pub fn postgres_url(test: &str) -> Option<String> {
    match std::env::var("CHUHAN_TEST_POSTGRES_URL") {
        Ok(url) if !url.is_empty() => Some(url),
        _ if ci() => panic!("CHUHAN_TEST_POSTGRES_URL is not set (CI=true): {test} needs PostgreSQL"),
        _ => {
            eprintln!("CHUHAN_TEST_POSTGRES_URL is not set: {test} is skipped");
            None
        }
    }
}

/// A child process killed (SIGKILL) when dropped, so that a failing test leaves none behind.
pub struct Proc(pub Child);

impl Proc {
    /// Kills it now with SIGKILL, as a crash or the OOM killer would.
    pub fn kill(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A `chuhan serve` process on a free loopback port.
pub struct Server {
    /// The process.
    pub proc: Proc,
    /// Its address, `127.0.0.1:PORT`.
    pub addr: String,
}

/// Starts `chuhan serve` on a free loopback port with PostgreSQL at `database`, as the recipe of
/// docs/serve.md does (`--rate-limit 0 --game-limit 0`: the proxy limits); its log goes to the test's.
pub fn serve(database: &str) -> Server {
    // As docs/serve.md's recipe starts them behind nginx.
    serve_with(["--rate-limit", "0", "--game-limit", "0", "--max-connections-per-address", "0", "--database", database])
}

/// Starts `chuhan serve` on a free loopback port with these further arguments.
pub fn serve_with<S: AsRef<std::ffi::OsStr>>(args: impl IntoIterator<Item = S>) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chuhan"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .args(args)
        .stdout(Stdio::piped())
        .spawn()
        .expect("chuhan serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let addr = line.split("http://").nth(1).and_then(|s| s.split('/').next()).expect("address printed").to_string();
    Server { proc: Proc(child), addr }
}

/// Opens game `id`'s WebSocket at `addr` (a server or the proxy) with seat token `token`.
pub async fn ws(addr: &str, id: &str, token: &str) -> Ws {
    let url = format!("ws://{addr}/api/games/{id}/ws?notation=uci");
    connect_async(seat_request(url, Some(token)))
        .await
        .unwrap_or_else(|e| panic!("the WebSocket of game {id} through {addr}: {e}"))
        .0
}

/// [`ws`] from the client address `from` (any of 127.0.0.0/8 on loopback), so that a proxy
/// that routes by client address sees different clients.
pub async fn ws_from(from: std::net::IpAddr, addr: &str, id: &str, token: &str) -> Ws {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind((from, 0).into()).unwrap();
    let stream = socket.connect(addr.parse().unwrap()).await.unwrap_or_else(|e| panic!("{addr} from {from}: {e}"));
    let url = format!("ws://{addr}/api/games/{id}/ws?notation=uci");
    tokio_tungstenite::client_async(seat_request(url, Some(token)), MaybeTlsStream::Plain(stream))
        .await
        .unwrap_or_else(|e| panic!("the WebSocket of game {id} through {addr} from {from}: {e}"))
        .0
}

/// The next JSON frame (a state or an error), within `secs` seconds.
pub async fn next_frame(ws: &mut Ws, secs: u64) -> Value {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(secs), ws.next())
            .await
            .unwrap_or_else(|_| panic!("no frame within {secs} s"))
            .expect("the connection is open")
            .expect("a frame");
        if let Message::Text(t) = msg {
            return serde_json::from_str(&t).unwrap();
        }
    }
}

/// Every JSON frame that comes within `wait`.
pub async fn frames_within(ws: &mut Ws, wait: Duration) -> Vec<Value> {
    let until = tokio::time::Instant::now() + wait;
    let mut frames = Vec::new();
    while let Ok(Some(msg)) = tokio::time::timeout_at(until, ws.next()).await {
        if let Message::Text(t) = msg.expect("a frame") {
            frames.push(serde_json::from_str(&t).unwrap());
        }
    }
    frames
}

/// Frames until a state with `plies` moves (an error frame fails the test).
pub async fn state_at(ws: &mut Ws, plies: usize) -> Value {
    loop {
        let v = next_frame(ws, 5).await;
        assert_ne!(v["type"], "error", "{v}");
        if v["moves"].as_array().map(Vec::len) == Some(plies) {
            return v;
        }
    }
}

/// Sends move `mv` (UCI-like coordinates).
pub async fn send_move(ws: &mut Ws, mv: &str) {
    ws.send(Message::Text(json!({ "type": "move", "move": mv }).to_string().into())).await.unwrap();
}

/// Creates a friend game with `base_secs` on the clock at `addr` and takes the second seat:
/// the game's id and the two seats' tokens (Red's, Black's).
pub async fn friend_game(http: &reqwest::Client, addr: &str, base_secs: u64) -> (String, String, String) {
    let created: Value = http
        .post(format!("http://{addr}/api/games"))
        .json(&json!({ "base_secs": base_secs }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = created["id"].as_str().unwrap_or_else(|| panic!("a game: {created}")).to_string();
    let red = created["token"].as_str().unwrap().to_string();
    let joined: Value =
        http.post(format!("http://{addr}/api/games/{id}/join")).send().await.unwrap().json().await.unwrap();
    let black = joined["token"].as_str().unwrap_or_else(|| panic!("a seat: {joined}")).to_string();
    (id, red, black)
}

/// The moves of game `id` as the database has them, in order (read with a connection of the
/// test's own, not through a server).
pub fn stored_moves(database: &str, id: &str) -> Vec<String> {
    let (database, id) = (database.to_string(), id.to_string());
    // The synchronous client runs its own runtime: off the test's.
    std::thread::spawn(move || {
        let mut client = postgres::Client::connect(&database, postgres::NoTls).expect("the test connects");
        client
            .query("SELECT mv FROM moves WHERE game_id = $1 ORDER BY ply", &[&id])
            .unwrap()
            .iter()
            .map(|r| r.get(0))
            .collect()
    })
    .join()
    .unwrap()
}

/// A throwaway PostgreSQL cluster of the test's own (`scripts/pg-test-cluster.sh`), for tests
/// that stop and start the database server, which the shared one must not see. Removed when
/// dropped.
pub struct PgCluster {
    dir: tempfile::TempDir,
    /// The URL of its database `chuhan_test`.
    pub url: String,
}

const PG_SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/pg-test-cluster.sh");

impl PgCluster {
    fn script(&self, action: &str) -> String {
        let out = Command::new(PG_SCRIPT).arg(action).arg(self.dir.path().join("pg")).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success(),
            "scripts/pg-test-cluster.sh {action}: {err} (Debian: apt-get install postgresql)"
        );
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }

    /// Creates and starts a cluster (needs PostgreSQL's server programs on this machine).
    pub fn start() -> PgCluster {
        let dir = tempfile::tempdir().unwrap();
        // As root the cluster runs as the user postgres, which must reach its directory.
        std::fs::set_permissions(dir.path(), std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
        let mut cluster = PgCluster { dir, url: String::new() };
        cluster.url = cluster.script("start");
        cluster
    }

    /// Stops the server (fast shutdown: every connection is cut); the data stays.
    pub fn pause(&self) {
        self.script("pause");
    }

    /// Starts the server again on the same socket.
    pub fn resume(&self) {
        self.script("resume");
    }
}

impl Drop for PgCluster {
    fn drop(&mut self) {
        let _ = Command::new(PG_SCRIPT).arg("stop").arg(self.dir.path().join("pg")).output();
    }
}

/// A WebSocket request for `url` that offers seat token `token` as the server asks: the
/// subprotocol `token.<token>` beside `chuhan` ([`chuhan_server::subprotocols`]), never in
/// the address.
fn seat_request(url: String, token: Option<&str>) -> tokio_tungstenite::tungstenite::handshake::client::Request {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut req = url.into_client_request().unwrap();
    req.headers_mut().insert("sec-websocket-protocol", chuhan_server::subprotocols(token).parse().unwrap());
    req
}
