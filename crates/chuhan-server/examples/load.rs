//! Load benchmark of `chuhan serve` (a measurement, not a test): many friend games at once over
//! loopback WebSockets, both seats of each played by this program with their tokens.
//!
//!     cargo run --release -p chuhan-server --example load -- --games 200 [--plies 40] [--think-ms 1000]
//!     cargo run --release -p chuhan-server --example load -- --games 200 --addr 127.0.0.1:8080 --pid PID
//!     (start that server with `--rate-limit 0 --game-limit 0`: all clients share one address)
//!     cargo run --release -p chuhan-server --example load -- --games 200 --database URL [--servers 2]
//!     cargo run --release -p chuhan-server --example load -- --games 1000 --accounts 50
//!     (the first 50 % of the games between two accounts, signed up first, their session cookies
//!     sent when creating and joining, the games rated: half the players logged in)
//!     (PostgreSQL: a fresh database is made on the server of URL for the run; with two servers,
//!     each game's Red plays through one and Black through the other)
//!
//! By default the server runs in a child process (this program started again with `--serve DIR`,
//! games stored in a fresh temporary directory), so that its resident memory, read from
//! /proc/PID/status, is the server's alone and not the clients'. With `--addr` it loads a server
//! that is already running; `--pid` then names its process for the memory figures.
//!
//! Each game is a task: the side to move waits `think-ms` (±50 %, so that the games do not move
//! in step), picks a pseudo-random move from the state's `legal` list and sends it. Two latencies
//! are measured from the moment the move is sent: until the mover receives the state with the
//! move (the server has checked it, stored it with fsync and answered), and until the opponent
//! receives it (what a player watching the board waits for).

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{connect_async, MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;
type BoxError = Box<dyn std::error::Error + Send + Sync>;

struct Options {
    games: usize,
    plies: usize,
    think_ms: u64,
    addr: Option<SocketAddr>,
    pid: Option<u32>,
    database: Option<String>,
    servers: usize,
    /// The share of games, in per cent, played between two logged-in accounts.
    accounts: usize,
}

fn usage() -> ! {
    eprintln!(
        "usage: load [--games N] [--plies N] [--think-ms MS] [--addr HOST:PORT [--pid PID]] [--database URL [--servers N]] [--accounts PERCENT]\n       load --serve DIR | --serve-database URL"
    );
    std::process::exit(2)
}

fn parse_args() -> Options {
    let mut o = Options {
        games: 100,
        plies: 40,
        think_ms: 1000,
        addr: None,
        pid: None,
        database: None,
        servers: 1,
        accounts: 0,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| usage());
        let number = |v: String| v.parse::<u64>().unwrap_or_else(|_| usage());
        match a.as_str() {
            "--games" => o.games = number(value()) as usize,
            "--plies" => o.plies = number(value()) as usize,
            "--think-ms" => o.think_ms = number(value()),
            "--addr" => o.addr = Some(value().parse().unwrap_or_else(|_| usage())),
            "--pid" => o.pid = Some(number(value()) as u32),
            "--database" => o.database = Some(value()),
            "--servers" => o.servers = number(value()) as usize,
            "--accounts" => o.accounts = (number(value()) as usize).min(100),
            "--serve-database" => {
                let url = value();
                if let Err(e) = chuhan_server::Server::new(chuhan_server::Target::Postgres(url))
                    .limits(chuhan_server::Limits {
                        requests_per_minute: 0,
                        games_per_minute: 0,
                        // Every connection of the benchmark comes from 127.0.0.1.
                        connections: chuhan_server::ConnectionLimits { per_address: 0, ..Default::default() },
                        ..chuhan_server::Limits::default()
                    })
                    .run("127.0.0.1:0")
                {
                    eprintln!("load --serve-database: {e:#}");
                    std::process::exit(1);
                }
                std::process::exit(0);
            }
            "--serve" => {
                // The child: serve until killed; the parent reads the address from stdout.
                let dir = PathBuf::from(value());
                if let Err(e) = chuhan_server::Server::new(chuhan_server::data_dir_store(&dir))
                    .limits(
                        // Every client of the benchmark comes from 127.0.0.1: no per-address limits.
                        chuhan_server::Limits {
                            requests_per_minute: 0,
                            games_per_minute: 0,
                            // Every connection of the benchmark comes from 127.0.0.1.
                            connections: chuhan_server::ConnectionLimits { per_address: 0, ..Default::default() },
                            ..chuhan_server::Limits::default()
                        },
                    )
                    .run("127.0.0.1:0")
                {
                    eprintln!("load --serve: {e:#}");
                    std::process::exit(1);
                }
                std::process::exit(0);
            }
            _ => usage(),
        }
    }
    if o.games == 0 || o.plies == 0 || o.servers == 0 || (o.servers > 1 && o.database.is_none()) {
        usage();
    }
    o
}

/// The resident memory of a process in KiB (VmRSS of /proc/PID/status), if it can be read.
fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The CPU time a process has used (user and system, from /proc/PID/stat), if it can be read:
/// the benchmark reports its own and the servers', to show which of them the cores were busy
/// with (all share this machine).
fn cpu_secs(pid: &str) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command name (which may hold spaces) and its closing parenthesis.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // Linux reports these in USER_HZ, 100 a second on every architecture it runs on.
    Some(ticks as f64 / 100.0)
}

/// The machine's load average over the last minute (/proc/loadavg), or `?`.
fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "?".into())
}

/// The CPU seconds of the benchmark itself and of the servers together.
fn cpu_now(pids: &[u32]) -> (Option<f64>, Option<f64>) {
    let servers = if pids.is_empty() { None } else { pids.iter().map(|p| cpu_secs(&p.to_string())).sum() };
    (cpu_secs("self"), servers)
}

/// Starts this program again as the server; returns the child and the address it listens on.
fn spawn_server(flag: &str, arg: &std::ffi::OsStr) -> Result<(Child, SocketAddr), BoxError> {
    let mut child = Command::new(std::env::current_exe()?).arg(flag).arg(arg).stdout(Stdio::piped()).spawn()?;
    let stdout = child.stdout.take().ok_or("no stdout from the server")?;
    let mut line = String::new();
    BufReader::new(stdout).read_line(&mut line)?;
    // "chuhan serve: http://127.0.0.1:PORT/ (games in DIR)"
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .ok_or_else(|| format!("unexpected first line from the server: {line:?}"))?;
    Ok((child, addr.parse()?))
}

async fn post(client: &reqwest::Client, addr: SocketAddr, path: &str, body: Value) -> Result<Value, BoxError> {
    Ok(post_as(client, addr, path, body, None).await?.0)
}

/// `post` with a session cookie (`chuhan_session=…`), answering the cookie the server sets.
async fn post_as(
    client: &reqwest::Client,
    addr: SocketAddr,
    path: &str,
    body: Value,
    cookie: Option<&str>,
) -> Result<(Value, Option<String>), BoxError> {
    let mut r = client.post(format!("http://{addr}{path}")).json(&body);
    if let Some(c) = cookie {
        r = r.header("cookie", c);
    }
    let r = r.send().await?;
    let status = r.status();
    let set = r
        .headers()
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .map(|v| v.split(';').next().unwrap_or("").to_string());
    let v: Value = r.json().await?;
    if !status.is_success() {
        return Err(format!("{path}: HTTP {status}: {v}").into());
    }
    Ok((v, set))
}

/// Signs up a new account `name` and answers its session cookie.
async fn sign_up(client: &reqwest::Client, addr: SocketAddr, name: &str) -> Result<String, BoxError> {
    let body = json!({ "name": name, "password": "load benchmark password" });
    let (_, cookie) = post_as(client, addr, "/api/account/signup", body, None).await?;
    cookie.ok_or_else(|| "no session cookie".into())
}

/// The next state frame; an error frame is an error.
async fn next_state(ws: &mut Ws) -> Result<Value, BoxError> {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(60), ws.next()).await.map_err(|_| "no frame in 60 s")?;
        let Message::Text(t) = msg.ok_or("connection closed")?? else { continue };
        let v: Value = serde_json::from_str(&t)?;
        if v["type"] == "error" {
            return Err(format!("error from the server: {v}").into());
        }
        if v["type"] == "state" {
            return Ok(v);
        }
    }
}

/// States until one with `plies` moves.
async fn state_at(ws: &mut Ws, plies: usize) -> Result<Value, BoxError> {
    loop {
        let v = next_state(ws).await?;
        if v["moves"].as_array().map_or(0, Vec::len) >= plies {
            return Ok(v);
        }
    }
}

/// A small pseudo-random generator (xorshift64*): the bench needs spread, not quality.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n.max(1)
    }
}

/// The latencies of one game's moves: (sent → mover has the state, sent → opponent has it).
type Samples = Vec<(Duration, Duration)>;

/// Plays one game with both seats' sockets.
/// The sockets come back open, so that the memory of live games can be measured after play.
async fn play(mut seats: [Ws; 2], plies: usize, think_ms: u64, seed: u64) -> Result<(Samples, [Ws; 2]), BoxError> {
    let mut rng = Rng(seed | 1);
    let mut samples = Vec::with_capacity(plies);
    let mut state = state_at(&mut seats[0], 0).await?;
    state_at(&mut seats[1], 0).await?;
    for ply in 0..plies {
        if !state["end"].is_null() {
            break;
        }
        let legal = state["legal"].as_array().ok_or("a state without legal moves")?;
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.below(legal.len() as u64) as usize].clone();
        if think_ms > 0 {
            let wait = think_ms / 2 + rng.below(think_ms + 1);
            tokio::time::sleep(Duration::from_millis(wait)).await;
        }
        let (mover, other) = {
            let [a, b] = &mut seats;
            if ply % 2 == 0 {
                (a, b)
            } else {
                (b, a)
            }
        };
        let sent = Instant::now();
        mover.send(Message::Text(json!({ "type": "move", "move": mv }).to_string().into())).await?;
        // Both sockets are read at once, so that neither time includes waiting for the other.
        let (mine, theirs) = tokio::join!(
            async {
                let s = state_at(mover, ply + 1).await;
                (s, sent.elapsed())
            },
            async {
                let s = state_at(other, ply + 1).await;
                (s, sent.elapsed())
            }
        );
        let (_, ack) = (mine.0?, mine.1);
        let (s, seen) = (theirs.0?, theirs.1);
        samples.push((ack, seen));
        state = s;
    }
    Ok((samples, seats))
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

fn report(what: &str, mut v: Vec<Duration>) {
    v.sort();
    println!(
        "{what}: median {}, p90 {}, p99 {}, max {} ({} moves)",
        ms(percentile(&v, 0.5)),
        ms(percentile(&v, 0.9)),
        ms(percentile(&v, 0.99)),
        ms(v.last().copied().unwrap_or_default()),
        v.len()
    );
}

fn main() -> Result<(), BoxError> {
    // Arguments first: `--serve` runs the server's own runtime and must not be inside another.
    let o = parse_args();
    tokio::runtime::Runtime::new()?.block_on(bench(o))
}

async fn bench(o: Options) -> Result<(), BoxError> {
    let dir = tempfile::tempdir()?;
    let mut children = Vec::new();
    let (addrs, pids) = match (o.addr, &o.database) {
        (Some(a), _) => (vec![a], o.pid.into_iter().collect()),
        (None, None) => {
            let (child, addr) = spawn_server("--serve", dir.path().as_os_str())?;
            let pid = child.id();
            children.push(child);
            (vec![addr], vec![pid])
        }
        (None, Some(url)) => {
            let name = format!("chuhan_load_{}", chuhan_server::random_hex(4)?);
            let db = chuhan_server::store::pg::create_database(url, &name).await?;
            let (mut addrs, mut pids) = (Vec::new(), Vec::new());
            for _ in 0..o.servers {
                let (child, addr) = spawn_server("--serve-database", db.as_ref())?;
                pids.push(child.id());
                children.push(child);
                addrs.push(addr);
            }
            (addrs, pids)
        }
    };
    let result = run(&o, &addrs, &pids).await;
    for mut c in children {
        let _ = c.kill();
        let _ = c.wait();
    }
    result
}

/// The servers' resident memory together, in KiB.
fn rss_all(pids: &[u32]) -> Option<u64> {
    if pids.is_empty() {
        return None;
    }
    pids.iter().map(|&p| rss_kib(p)).sum()
}

async fn run(o: &Options, addrs: &[SocketAddr], pids: &[u32]) -> Result<(), BoxError> {
    let addr = addrs[0];
    println!(
        "chuhan serve load: {} friend games, {} plies each, think {} ms ±50 %, servers {addrs:?}{}",
        o.games,
        o.plies,
        o.think_ms,
        match (o.addr, &o.database) {
            (Some(_), _) => "",
            (None, None) => " (child process, fresh SQLite store)",
            (None, Some(_)) => " (child processes, fresh PostgreSQL database)",
        }
    );
    let client = reqwest::Client::new();
    // One game first, so that the baseline includes what any first game allocates.
    let warm = post(&client, addr, "/api/games", json!({ "mode": "friend" })).await?;
    post(&client, addr, &format!("/api/games/{}/join", warm["id"].as_str().unwrap_or("")), json!({})).await?;
    let before = rss_all(pids);

    // The accounts first (each costs an Argon2 hash, a few at a time): not part of the timings.
    let logged_in = o.games * o.accounts / 100;
    let t = Instant::now();
    let mut cookies = Vec::with_capacity(logged_in);
    for n in 0..logged_in {
        let (home, away) = (addrs[n % addrs.len()], addrs[(n + 1) % addrs.len()]);
        cookies
            .push([sign_up(&client, home, &format!("L{n}r")).await?, sign_up(&client, away, &format!("L{n}b")).await?]);
    }
    if logged_in > 0 {
        println!("signed up {} accounts in {:.1} s", 2 * logged_in, t.elapsed().as_secs_f64());
    }

    let t = Instant::now();
    let mut seats = Vec::with_capacity(o.games);
    for n in 0..o.games {
        // With several servers: the game is made on one, Red plays through it, Black through
        // the next one.
        let (home, away) = (addrs[n % addrs.len()], addrs[(n + 1) % addrs.len()]);
        let (g, j) = match cookies.get(n) {
            Some([red, black]) => {
                let rated = json!({ "mode": "friend", "rated": true });
                let (g, _) = post_as(&client, home, "/api/games", rated, Some(red)).await?;
                let id = g["id"].as_str().ok_or("no id")?.to_string();
                let (j, _) = post_as(&client, away, &format!("/api/games/{id}/join"), json!({}), Some(black)).await?;
                (g, j)
            }
            None => {
                let g = post(&client, home, "/api/games", json!({ "mode": "friend" })).await?;
                let id = g["id"].as_str().ok_or("no id")?.to_string();
                let j = post(&client, away, &format!("/api/games/{id}/join"), json!({})).await?;
                (g, j)
            }
        };
        let id = g["id"].as_str().ok_or("no id")?.to_string();
        let open = |token: &Value, addr: SocketAddr| {
            let url = format!("ws://{addr}/api/games/{id}/ws");
            let req = seat_request(url, token.as_str());
            async move { connect_async(req).await.map(|(ws, _)| ws) }
        };
        seats.push([open(&g["token"], home).await?, open(&j["token"], away).await?]);
    }
    println!(
        "created and connected {} games ({} WebSockets) in {:.1} s",
        o.games,
        2 * o.games,
        t.elapsed().as_secs_f64()
    );
    let connected = rss_all(pids);

    let t = Instant::now();
    let cpu_before = cpu_now(pids);
    let load_before = loadavg();
    let tasks: Vec<_> = seats
        .into_iter()
        .enumerate()
        .map(|(i, s)| tokio::spawn(play(s, o.plies, o.think_ms, 0x9E37_79B9_7F4A_7C15 ^ (i as u64 + 1))))
        .collect();
    let mut acks = Vec::new();
    let mut seens = Vec::new();
    let mut failed = 0;
    let mut open = Vec::with_capacity(o.games);
    for task in tasks {
        match task.await? {
            Ok((samples, seats)) => {
                for (a, s) in samples {
                    acks.push(a);
                    seens.push(s);
                }
                open.push(seats);
            }
            Err(e) => {
                failed += 1;
                eprintln!("a game failed: {e}");
            }
        }
    }
    let elapsed = t.elapsed();
    let cpu_after = cpu_now(pids);
    let after = rss_all(pids);
    // Unfinished games stay in the server's memory when their players leave.
    drop(open);
    tokio::time::sleep(Duration::from_millis(500)).await;
    let closed = rss_all(pids);
    println!(
        "played {} moves in {:.1} s ({:.0} moves/s){}",
        acks.len(),
        elapsed.as_secs_f64(),
        acks.len() as f64 / elapsed.as_secs_f64(),
        if failed > 0 { format!(", {failed} games failed") } else { String::new() }
    );
    let used = |a: Option<f64>, b: Option<f64>| match (a, b) {
        (Some(a), Some(b)) => format!("{:.1} s ({:.0} % of one core)", b - a, 100.0 * (b - a) / elapsed.as_secs_f64()),
        _ => "not measured".to_string(),
    };
    println!("load average (1 min) of the machine: {} before play, {} after", load_before, loadavg());
    println!(
        "CPU during play: load generator {}, server(s) {}",
        used(cpu_before.0, cpu_after.0),
        used(cpu_before.1, cpu_after.1)
    );
    report("move round trip (sent → mover has the new state)", acks);
    report("move seen by the opponent (sent → opponent has it)", seens);
    match (before, connected, after, closed) {
        (Some(b), Some(c), Some(a), Some(x)) => {
            let per = |x: u64| x.saturating_sub(b) as f64 / o.games as f64;
            println!("server RSS: {b} KiB before, {c} KiB with the games connected, {a} KiB after play, {x} KiB with the sockets closed");
            println!(
                "server memory a game: {:.1} KiB connected, {:.1} KiB after play with its two players connected, \
                 {:.1} KiB once they left",
                per(c),
                per(a),
                per(x)
            );
        }
        _ => println!("server RSS: not measured (give --pid with --addr)"),
    }
    if failed > 0 {
        return Err(format!("{failed} games failed").into());
    }
    Ok(())
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
