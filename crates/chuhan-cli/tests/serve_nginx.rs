//! The deployment recipe of docs/serve.md, run: PostgreSQL (`CHUHAN_TEST_POSTGRES_URL`, a
//! database of its own), two `chuhan serve` processes, and nginx in front with the site
//! configuration of `docs/nginx-chuhan.conf` (the file docs/serve.md shows, checked here to be the same), its
//! ports changed to free ones.
//!
//! A game is created and played through nginx from two WebSocket clients; every request that
//! names the game reaches one server (nginx's access log says which); that server is killed
//! with SIGKILL and the game goes on through nginx on the other.
//!
//! nginx is looked for on PATH and in /usr/sbin (Debian's `nginx` package; `.ci/run` installs
//! it) and runs as a user-level process (`-p` a temporary directory, `daemon off`). Without
//! it, or without PostgreSQL, the test is skipped with a message; under `CI=true` it fails.

mod common;

use common::{friend_game, postgres_url, send_move, serve, state_at, stored_moves, ws_from, Proc};
use serde_json::Value;
use std::net::{IpAddr, Ipv4Addr};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// The site configuration of the recipe in docs/serve.md.
const SITE: &str = include_str!("../../../docs/nginx-chuhan.conf");
/// The page that shows the recipe.
const PAGE: &str = include_str!("../../../docs/serve.md");

#[test]
fn the_serve_page_shows_the_tested_nginx_configuration() {
    let block = format!("```nginx\n{SITE}```\n");
    assert!(PAGE.contains(&block), "docs/serve.md's ```nginx block is not docs/nginx-chuhan.conf: copy it over");
}

/// Replaces the one occurrence of `from` in `text`.
fn replace_once(text: &str, from: &str, to: &str) -> String {
    assert_eq!(text.matches(from).count(), 1, "{from:?} once in docs/nginx-chuhan.conf");
    text.replacen(from, to, 1)
}

/// The recipe's site configuration with nginx on `listen` and the servers at `a` and `b`.
fn site(listen: &str, a: &str, b: &str) -> String {
    let s = replace_once(SITE, "listen 8080;", &format!("listen {listen};"));
    let s = replace_once(&s, "server 127.0.0.1:8081 ", &format!("server {a} "));
    replace_once(&s, "server 127.0.0.1:8082 ", &format!("server {b} "))
}

/// nginx's binary, if installed.
fn nginx() -> Option<PathBuf> {
    let on_path = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).map(|d| d.join("nginx")).collect::<Vec<_>>())
        .unwrap_or_default();
    on_path.into_iter().chain([PathBuf::from("/usr/sbin/nginx")]).find(|p| p.is_file())
}

/// A free loopback port (free when asked; nginx binds it right after).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// nginx as a user-level process in `dir`, with the site `site`: the main configuration is
/// the test's (one process, so that killing it leaves no worker behind; pid, logs and
/// temporary files in `dir`; an access log that names the server of every request), the site
/// is the recipe's (docs/serve.md).
fn start_nginx(bin: &Path, dir: &Path, site: &str) -> Proc {
    std::fs::write(dir.join("chuhan.conf"), site).unwrap();
    let d = dir.display();
    let main = format!(
        "daemon off;
master_process off;
pid {d}/nginx.pid;
error_log {d}/error.log notice;
worker_processes 1;
events {{ worker_connections 256; }}
http {{
    client_body_temp_path {d}/body;
    proxy_temp_path {d}/proxy;
    fastcgi_temp_path {d}/fastcgi;
    uwsgi_temp_path {d}/uwsgi;
    scgi_temp_path {d}/scgi;
    log_format upstreams '$uri $upstream_addr $status';
    access_log {d}/access.log upstreams;
    include {d}/chuhan.conf;
}}
"
    );
    std::fs::write(dir.join("nginx.conf"), main).unwrap();
    let conf = dir.join("nginx.conf");
    let test = Command::new(bin).arg("-t").arg("-c").arg(&conf).arg("-p").arg(dir).output().unwrap();
    assert!(test.status.success(), "nginx -t: {}", String::from_utf8_lossy(&test.stderr));
    let log = std::fs::File::create(dir.join("stderr.log")).unwrap();
    Proc(Command::new(bin).arg("-c").arg(&conf).arg("-p").arg(dir).stderr(log).spawn().expect("nginx starts"))
}

/// The servers that served the requests whose path `pick` chooses so far, by nginx's access
/// log, in order (a request that nginx had to pass on names both: "A, B").
fn upstreams(dir: &Path, pick: impl Fn(&str) -> bool) -> Vec<String> {
    let log = std::fs::read_to_string(dir.join("access.log")).unwrap_or_default();
    log.lines()
        .filter_map(|l| {
            // `$uri $upstream_addr $status`
            let (uri, rest) = l.split_once(' ')?;
            pick(uri).then(|| rest.rsplit_once(' ').map_or(rest, |r| r.0).to_string())
        })
        .collect()
}

/// [`upstreams`] of the requests that name game `id`.
fn upstreams_of(dir: &Path, id: &str) -> Vec<String> {
    upstreams(dir, |uri| uri.contains(id))
}

/// [`upstreams_of`] once the access log has `n` lines for game `id` (within 5 s).
async fn wait_for(dir: &Path, id: &str, n: usize) -> Vec<String> {
    let until = Instant::now() + Duration::from_secs(5);
    loop {
        let seen = upstreams_of(dir, id);
        if seen.len() >= n || Instant::now() > until {
            assert!(seen.len() >= n, "{n} requests for game {id} in nginx's access log: {seen:?}");
            return seen;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_serve_page_recipe_routes_a_game_to_one_server_and_survives_its_death() {
    let Some(url) = postgres_url("the nginx recipe test") else { return };
    let Some(bin) = nginx() else {
        assert!(!common::ci(), "nginx is not installed (CI=true): apt-get install nginx");
        eprintln!("nginx is not installed (apt-get install nginx): the nginx recipe test is skipped");
        return;
    };
    let started = Instant::now();
    let name = format!("chuhan_nginx_{}", chuhan_server::random_hex(4).unwrap());
    let db = chuhan_server::store::pg::create_database(&url, &name).await.unwrap();
    let mut servers = [serve(&db), serve(&db)];
    let dir = tempfile::tempdir().unwrap();
    // As root, nginx's worker runs as nobody and must reach its temporary files.
    std::fs::set_permissions(dir.path(), std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let proxy = format!("127.0.0.1:{}", free_port());
    let nginx = start_nginx(&bin, dir.path(), &site(&proxy, &servers[0].addr, &servers[1].addr));
    let http = reqwest::Client::new();
    let until = Instant::now() + Duration::from_secs(10);
    loop {
        match http.get(format!("http://{proxy}/")).send().await {
            Ok(r) if r.status().is_success() => break,
            _ if Instant::now() < until => tokio::time::sleep(Duration::from_millis(50)).await,
            other => panic!("nginx does not answer at {proxy}: {other:?}"),
        }
    }

    // Clients come from several loopback addresses, as from several machines: nginx spreads
    // the requests without a game id over both servers, so that the ones with an id show
    // that they are routed by it.
    let from = |n: u8| IpAddr::V4(Ipv4Addr::new(127, 0, 0, n));
    let client = |n: u8| reqwest::Client::builder().local_address(from(n)).build().unwrap();
    let visitors: Vec<reqwest::Client> = (10..26).map(client).collect();

    // A game made, seated and played through nginx; its page, state and record asked for by
    // every visitor.
    let (id, red, black) = friend_game(&client(2), &proxy, 300).await;
    // A browser's POST through the proxy names the proxy's origin (with its port); nginx passes
    // `Host $host` (without it): the servers take it as the same site, and refuse another.
    for (origin, status) in [(format!("http://{proxy}"), 200), ("http://evil.example".to_string(), 403)] {
        let r = client(5)
            .post(format!("http://{proxy}/api/games"))
            .header("origin", &origin)
            .json(&serde_json::json!({}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status().as_u16(), status, "Origin {origin}");
    }
    for http in &visitors {
        for path in ["/".to_string(), format!("/game/{id}"), format!("/api/games/{id}"), format!("/api/games/{id}/pgn")]
        {
            let r = http.get(format!("http://{proxy}{path}")).send().await.unwrap();
            assert!(r.status().is_success(), "{path}: {}", r.status());
        }
    }
    let (mut r, mut k) = (ws_from(from(3), &proxy, &id, &red).await, ws_from(from(4), &proxy, &id, &black).await);
    for (i, mv) in ["h2e2", "h9g7"].iter().enumerate() {
        send_move(if i % 2 == 0 { &mut r } else { &mut k }, mv).await;
        state_at(&mut r, i + 1).await;
        state_at(&mut k, i + 1).await;
    }
    // nginx logs a WebSocket when it closes: close both and wait for their lines.
    drop((r, k));
    let seen = wait_for(dir.path(), &id, 1 + 3 * visitors.len() + 2).await;
    // Sticky: every request naming the game (seat, page, state, PGN, both WebSockets) went to
    // one server.
    assert!(seen.iter().all(|u| *u == seen[0]), "one server for game {id}: {seen:?}");
    let front = upstreams(dir.path(), |uri| uri == "/");
    assert!(
        servers.iter().all(|s| front.contains(&s.addr)),
        "the visitors' requests for / went to both servers: {front:?}"
    );
    let sticky = servers.iter().position(|s| s.addr == seen[0]).expect("one of the two servers");
    let other = &servers[1 - sticky].addr.clone();

    // That server dies; the players' pages reconnect through nginx and play on.
    servers[sticky].proc.kill();
    let (mut r, mut k) = (ws_from(from(3), &proxy, &id, &red).await, ws_from(from(5), &proxy, &id, &black).await);
    state_at(&mut r, 2).await;
    state_at(&mut k, 2).await;
    for (i, mv) in ["h0g2", "i9h9"].iter().enumerate() {
        send_move(if i % 2 == 0 { &mut r } else { &mut k }, mv).await;
        state_at(&mut r, i + 3).await;
        state_at(&mut k, i + 3).await;
    }
    let state: Value =
        visitors[0].get(format!("http://{proxy}/api/games/{id}")).send().await.unwrap().json().await.unwrap();
    assert_eq!(state["moves"].as_array().map(Vec::len), Some(4), "{state}");
    assert_eq!(stored_moves(&db, &id), ["h2e2", "h9g7", "h0g2", "i9h9"]);
    drop((r, k));
    wait_for(dir.path(), &id, seen.len() + 3).await;
    drop(nginx);
    // After the kill, the game's requests went to the other server (the first of them tried the
    // dead one first).
    let after: Vec<String> = upstreams_of(dir.path(), &id).split_off(seen.len());
    assert!(!after.is_empty());
    for u in &after {
        assert!(u.ends_with(other.as_str()), "after the kill, game {id} went to {u}, not to {other}");
    }
    assert!(started.elapsed() < Duration::from_secs(30), "the recipe test took {:?}", started.elapsed());
}
