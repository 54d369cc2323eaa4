//! Accounts over loopback: signing up, logging in and out, the cookie's flags, passwords and
//! tokens never stored in clear, limits on failed logins, requests from other sites, sessions
//! across a restart and across two servers on one PostgreSQL, and a rated game between two
//! accounts with its profile.

mod common;

use common::{cookie_of, request, seat_request, sign_up, Answer};
use futures_util::{SinkExt, StreamExt};
use reqwest::Method;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message;

const PASSWORD: &str = "correct horse battery";

async fn post(addr: SocketAddr, path: &str, body: Value, cookie: Option<&str>) -> Answer {
    request(addr, Method::POST, path, Some(body), cookie, &[]).await
}

async fn get(addr: SocketAddr, path: &str, cookie: Option<&str>) -> Answer {
    request(addr, Method::GET, path, None, cookie, &[]).await
}

async fn server_on(store: chuhan_server::Target, tools: chuhan_server::Tools) -> SocketAddr {
    chuhan_server::Server::new(store).tools(tools).start("127.0.0.1:0").await.expect("server starts").0
}

/// Every file under `dir` as bytes, joined: what a copy of the data directory gives away.
fn everything_in(dir: &Path) -> Vec<u8> {
    let mut all = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_file() {
            all.extend(std::fs::read(&p).unwrap());
        }
    }
    all
}

fn contains(hay: &[u8], needle: &str) -> bool {
    hay.windows(needle.len()).any(|w| w == needle.as_bytes())
}

#[tokio::test]
async fn a_player_signs_up_logs_in_and_out_changes_the_password_and_leaves() {
    let dir = tempfile::tempdir().unwrap();
    let store = chuhan_server::data_dir_store(dir.path());
    let addr = server_on(store.clone(), Default::default()).await;

    let a = post(addr, "/api/account/signup", json!({ "name": "Ann", "password": PASSWORD }), None).await;
    assert_eq!((a.status, a.body["name"].as_str()), (201, Some("Ann")), "{}", a.body);
    let set = a.set_cookie.clone().unwrap();
    for flag in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=2592000"] {
        assert!(set.contains(flag), "{set}");
    }
    assert!(!set.contains("Secure"), "plain HTTP: {set}");
    let first = cookie_of(&a);
    assert_eq!(get(addr, "/api/account/me", Some(&first)).await.body["name"], "Ann");
    let me = get(addr, "/api/account/me", None).await;
    assert_eq!((me.status, me.body["code"].as_str()), (401, Some("not_logged_in")));
    let forged = get(addr, "/api/account/me", Some(&format!("chuhan_session={}", "0".repeat(64)))).await;
    assert_eq!(forged.status, 401);

    // Names and passwords that cannot be.
    for (body, code) in [
        (json!({ "name": "aNN", "password": PASSWORD }), "name_taken"),
        (json!({ "name": "Ann Lee", "password": PASSWORD }), "bad_name"),
        (json!({ "name": "x", "password": PASSWORD }), "bad_name"),
        (json!({ "name": "Bob", "password": "short" }), "bad_password"),
    ] {
        let r = post(addr, "/api/account/signup", body.clone(), None).await;
        assert_eq!(r.body["code"].as_str(), Some(code), "{body} -> {}", r.body);
        assert!(r.set_cookie.is_none());
    }
    let r =
        post(addr, "/api/account/signup", json!({ "name": "Bob", "password": PASSWORD, "admin": true }), None).await;
    assert_eq!(r.status, 400, "unknown fields are refused: {}", r.body);

    // A wrong password and an unknown name get the same answer.
    let wrong = post(addr, "/api/account/login", json!({ "name": "ann", "password": "wrong password" }), None).await;
    let unknown = post(addr, "/api/account/login", json!({ "name": "nobody", "password": PASSWORD }), None).await;
    assert_eq!(
        (wrong.status, &wrong.body),
        (401, &json!({ "error": "wrong name or password", "code": "wrong_password" }))
    );
    assert_eq!((unknown.status, &unknown.body), (wrong.status, &wrong.body));
    let login = post(addr, "/api/account/login", json!({ "name": "ANN", "password": PASSWORD }), None).await;
    assert_eq!((login.status, login.body["name"].as_str()), (200, Some("Ann")), "{}", login.body);
    let second = cookie_of(&login);
    assert_ne!(second, first, "a login gives a new token");
    let third =
        cookie_of(&post(addr, "/api/account/login", json!({ "name": "Ann", "password": PASSWORD }), None).await);

    // Logging out ends that session only.
    let out = post(addr, "/api/account/logout", json!({}), Some(&first)).await;
    assert_eq!(out.status, 200);
    assert!(out.set_cookie.unwrap().contains("Max-Age=0"));
    assert_eq!(get(addr, "/api/account/me", Some(&first)).await.status, 401);
    assert_eq!(get(addr, "/api/account/me", Some(&second)).await.status, 200);

    // Another site's page cannot use the cookie to change anything.
    let evil = [("origin", "http://evil.example")];
    let x = request(addr, Method::POST, "/api/account/logout", Some(json!({})), Some(&second), &evil).await;
    assert_eq!((x.status, x.body["code"].as_str()), (403, Some("cross_origin")), "{}", x.body);
    let x = request(addr, Method::POST, "/api/games", Some(json!({})), Some(&second), &evil).await;
    assert_eq!(x.status, 403);
    assert_eq!(get(addr, "/api/account/me", Some(&second)).await.status, 200, "still logged in");
    let own = format!("http://{addr}");
    let ok = request(addr, Method::POST, "/api/games", Some(json!({})), Some(&second), &[("origin", &own)]).await;
    assert_eq!(ok.status, 200, "{}", ok.body);

    // A new password: the old one is refused, the other sessions end, this one stays.
    let change = json!({ "password": "wrong password", "new_password": "a much better one" });
    assert_eq!(post(addr, "/api/account/password", change, Some(&second)).await.status, 401);
    let change = json!({ "password": PASSWORD, "new_password": "a much better one" });
    assert_eq!(post(addr, "/api/account/password", change.clone(), None).await.status, 401);
    assert_eq!(post(addr, "/api/account/password", change, Some(&second)).await.status, 200);
    assert_eq!(get(addr, "/api/account/me", Some(&second)).await.status, 200);
    assert_eq!(get(addr, "/api/account/me", Some(&third)).await.status, 401);
    assert_eq!(
        post(addr, "/api/account/login", json!({ "name": "Ann", "password": PASSWORD }), None).await.status,
        401
    );
    let again = post(addr, "/api/account/login", json!({ "name": "Ann", "password": "a much better one" }), None).await;
    assert_eq!(again.status, 200);

    // A session outlives a restart of the server.
    let restarted = server_on(store.clone(), Default::default()).await;
    assert_eq!(get(restarted, "/api/account/me", Some(&second)).await.body["name"], "Ann");

    // Neither passwords nor tokens are kept in clear anywhere in the data directory.
    let token = second.split('=').nth(1).unwrap();
    let stored = everything_in(dir.path());
    assert!(contains(&stored, "$argon2id$"), "the hashes are there");
    for secret in [PASSWORD, "a much better one", token, first.split('=').nth(1).unwrap()] {
        assert!(!contains(&stored, secret), "{secret} is stored in clear");
    }

    // Leaving: the password once more; the account is gone and the name free.
    assert_eq!(post(addr, "/api/account/delete", json!({ "password": "wrong" }), Some(&second)).await.status, 401);
    assert_eq!(
        post(addr, "/api/account/delete", json!({ "password": "a much better one" }), Some(&second)).await.status,
        200
    );
    assert_eq!(get(addr, "/api/account/me", Some(&second)).await.status, 401);
    let gone = get(addr, "/api/players/Ann", None).await;
    assert_eq!((gone.status, gone.body["code"].as_str()), (404, Some("no_player")));
    sign_up(addr, "ann", PASSWORD).await;

    // Behind a TLS proxy the cookie is Secure.
    let tls = server_on(store, chuhan_server::Tools { secure_cookies: true, ..Default::default() }).await;
    let s = post(tls, "/api/account/signup", json!({ "name": "Cy", "password": PASSWORD }), None).await;
    assert!(s.set_cookie.unwrap().contains("Secure"));
}

/// A login from a given loopback address (127.0.0.1, 127.0.0.2, …).
async fn login_from(addr: SocketAddr, from: &str, name: &str, password: &str) -> Answer {
    let client = reqwest::Client::builder().local_address(from.parse::<std::net::IpAddr>().unwrap()).build().unwrap();
    let r = client
        .post(format!("http://{addr}/api/account/login"))
        .json(&json!({ "name": name, "password": password }))
        .send()
        .await
        .unwrap();
    Answer { status: r.status().as_u16(), set_cookie: None, body: r.json().await.unwrap_or(Value::Null) }
}

#[tokio::test]
async fn failed_logins_are_limited_per_address_and_per_account() {
    let dir = tempfile::tempdir().unwrap();
    let addr = server_on(chuhan_server::data_dir_store(dir.path()), Default::default()).await;
    sign_up(addr, "Ann", PASSWORD).await;
    sign_up(addr, "Bob", PASSWORD).await;
    for _ in 0..10 {
        assert_eq!(login_from(addr, "127.0.0.1", "Ann", "guess").await.status, 401);
    }
    // This address has failed ten times: refused whatever it tries, before any check.
    let r = login_from(addr, "127.0.0.1", "Bob", PASSWORD).await;
    assert_eq!((r.status, r.body["code"].as_str()), (429, Some("too_many_attempts")), "{}", r.body);
    // Ann's account has too: refused from anywhere, even with her password, with a clear message.
    let r = login_from(addr, "127.0.0.2", "Ann", PASSWORD).await;
    assert_eq!((r.status, r.body["code"].as_str()), (429, Some("account_locked")), "{}", r.body);
    assert!(r.body["error"].as_str().unwrap().contains("try again in 15 minutes"), "{}", r.body);
    // Others, from elsewhere, log in.
    assert_eq!(login_from(addr, "127.0.0.2", "Bob", PASSWORD).await.status, 200);
}

#[tokio::test]
async fn two_accounts_play_a_rated_game_and_their_profiles_show_it() {
    let dir = tempfile::tempdir().unwrap();
    let addr = server_on(chuhan_server::data_dir_store(dir.path()), Default::default()).await;
    let ann = sign_up(addr, "Ann", PASSWORD).await;
    let bo = sign_up(addr, "보영", PASSWORD).await;

    let r = post(addr, "/api/games", json!({ "mode": "engine", "rated": true }), Some(&ann)).await;
    assert_eq!(r.status, 400, "engine games are unrated: {}", r.body);
    let r = post(addr, "/api/games", json!({ "mode": "friend", "rated": true }), None).await;
    assert_eq!((r.status, r.body["code"].as_str()), (403, Some("login_required")), "{}", r.body);
    let r = post(addr, "/api/games", json!({ "mode": "friend", "name": "ANN" }), None).await;
    assert_eq!((r.status, r.body["code"].as_str()), (409, Some("name_registered")), "{}", r.body);
    let r = post(addr, "/api/games", json!({ "name": "<script>alert(1)</script>" }), None).await;
    assert_eq!(r.status, 400, "{}", r.body);

    // Ann creates a rated blitz game (a typed name is ignored for an account); Bo joins.
    let clock = json!({ "mode": "friend", "rated": true, "name": "Mallory", "clock": "fischer", "base_secs": 180, "increment_secs": 2 });
    let g = post(addr, "/api/games", clock, Some(&ann)).await;
    assert_eq!(g.status, 200, "{}", g.body);
    let id = g.body["id"].as_str().unwrap().to_string();
    let join = format!("/api/games/{id}/join");
    assert_eq!(post(addr, &join, json!({}), Some(&ann)).await.status, 409, "one cannot play oneself");
    assert_eq!(post(addr, &join, json!({}), None).await.body["code"], "login_required");
    let j = post(addr, &join, json!({ "name": "Someone" }), Some(&bo)).await;
    assert_eq!(j.status, 200, "{}", j.body);
    let s = get(addr, &format!("/api/games/{id}"), None).await.body;
    assert_eq!((s["names"].clone(), s["rated"].clone()), (json!(["Ann", "보영"]), json!(true)));

    // Both sides move, then Han resigns over the WebSocket: the ratings move.
    let url = format!("ws://{addr}/api/games/{id}/ws?notation=uci");
    let mut red = connect_async(seat_request(url.clone(), g.body["token"].as_str())).await.unwrap().0;
    let mut black = connect_async(seat_request(url, j.body["token"].as_str())).await.unwrap().0;
    red.send(Message::Text(json!({ "type": "move", "move": "h2e2" }).to_string().into())).await.unwrap();
    let mut plies = 0;
    let change = loop {
        let msg = tokio::time::timeout(Duration::from_secs(5), black.next()).await.unwrap().unwrap().unwrap();
        let Message::Text(t) = msg else { continue };
        let v: Value = serde_json::from_str(&t).unwrap();
        if v["end"].is_object() {
            break v["rating_change"].clone();
        }
        let n = v["moves"].as_array().map_or(0, Vec::len);
        if n == 1 && plies == 0 {
            plies = 1;
            black.send(Message::Text(json!({ "type": "move", "move": "h9g7" }).to_string().into())).await.unwrap();
        } else if n == 2 && plies == 1 {
            plies = 2;
            black.send(Message::Text(json!({ "type": "resign" }).to_string().into())).await.unwrap();
        }
    };
    assert_eq!(change["before"], json!([1500.0, 1500.0]), "{change}");
    assert!(change["after"][0].as_f64().unwrap() > 1600.0, "{change}");

    let board = get(addr, "/api/ratings?speed=blitz", None).await.body;
    assert_eq!(board["speed"], "blitz");
    let names: Vec<&str> = board["players"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Ann", "보영"]);
    assert_eq!(board["players"][0]["provisional"], true);
    assert_eq!(get(addr, "/api/ratings", None).await.body["players"], json!([]), "classical: none");
    assert_eq!(get(addr, "/api/ratings?speed=fast", None).await.status, 400);

    let p = get(addr, "/api/players/ann", None).await.body;
    assert_eq!((p["name"].as_str(), p["games"].as_u64(), p["wins"].as_u64()), (Some("Ann"), Some(1), Some(1)), "{p}");
    assert_eq!(
        (p["ratings"][0]["variant"].as_str(), p["ratings"][0]["speed"].as_str()),
        (Some("xiangqi"), Some("blitz"))
    );
    assert_eq!(p["history"][0]["game"], id.as_str());
    let list = get(addr, &format!("/api/players/{}/games", "보영"), None).await.body;
    assert_eq!(list["total"], 1, "{list}");
    let game = &list["games"][0];
    assert_eq!(
        (game["side"].as_str(), game["outcome"].as_str(), game["opponent"].as_str(), game["speed"].as_str()),
        (Some("black"), Some("loss"), Some("Ann"), Some("blitz")),
        "{game}"
    );
    assert!(game["rating"]["after"].as_f64().unwrap() < 1500.0, "{game}");
    for (query, total) in
        [("result=win", 0), ("result=loss", 1), ("variant=janggi", 0), ("opponent=ann", 1), ("opponent=Bob", 0)]
    {
        let l = get(addr, &format!("/api/players/{}/games?{query}", "보영"), None).await;
        assert_eq!(l.body["total"], total, "{query}: {}", l.body);
    }
    for bad in ["result=won", "limit=0", "limit=101", "variant=chess", "sort=x"] {
        assert_eq!(get(addr, &format!("/api/players/Ann/games?{bad}"), None).await.status, 400, "{bad}");
    }
    assert_eq!(get(addr, "/api/players/nobody/games", None).await.body["code"], "no_player");
    let pgn = reqwest::get(format!("http://{addr}/api/games/{id}/pgn")).await.unwrap().text().await.unwrap();
    assert!(pgn.contains("[Red \"Ann\"]") && pgn.contains("[Black \"보영\"]"), "{pgn}");

    // A guest game of the same two names would not be rated; a guest may not take their names.
    let r = post(addr, "/api/games", json!({ "mode": "friend", "name": "보영" }), None).await;
    assert_eq!(r.body["code"], "name_registered");
}

fn pg_url() -> Option<String> {
    match std::env::var("CHUHAN_TEST_POSTGRES_URL") {
        Ok(url) if !url.is_empty() => Some(url),
        _ if std::env::var("CI").as_deref() == Ok("true") => panic!("CHUHAN_TEST_POSTGRES_URL is not set"),
        _ => {
            eprintln!("CHUHAN_TEST_POSTGRES_URL is not set: the PostgreSQL account test is skipped");
            None
        }
    }
}

#[tokio::test]
async fn sessions_work_across_two_servers_on_one_postgresql_and_keep_no_secret() {
    let Some(url) = pg_url() else { return };
    let name = format!("chuhan_accounts_{}", chuhan_server::random_hex(4).unwrap());
    let conn = chuhan_server::store::pg::create_database(&url, &name).await.expect("test database");
    let db = chuhan_server::Target::Postgres(conn.clone());
    let a = server_on(db.clone(), Default::default()).await;
    let b = server_on(db, Default::default()).await;
    let cookie = sign_up(a, "Ann", PASSWORD).await;
    assert_eq!(get(b, "/api/account/me", Some(&cookie)).await.body["name"], "Ann");
    assert_eq!(post(b, "/api/account/signup", json!({ "name": "ANN", "password": PASSWORD }), None).await.status, 409);
    let other = cookie_of(&post(b, "/api/account/login", json!({ "name": "ann", "password": PASSWORD }), None).await);
    assert_eq!(post(b, "/api/account/logout", json!({}), Some(&cookie)).await.status, 200);
    assert_eq!(get(a, "/api/account/me", Some(&cookie)).await.status, 401, "logged out on the other server too");
    assert_eq!(get(a, "/api/account/me", Some(&other)).await.status, 200);

    // Every text of every table, read back: no password and no token in clear.
    let (client, connection) = tokio_postgres::connect(&conn, tokio_postgres::NoTls).await.unwrap();
    tokio::spawn(connection);
    let tables: Vec<String> = client
        .query("SELECT table_name::text FROM information_schema.tables WHERE table_schema = current_schema()", &[])
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert!(tables.iter().any(|t| t == "accounts") && tables.iter().any(|t| t == "sessions"), "{tables:?}");
    let mut all = String::new();
    for t in tables {
        for row in client.query(&format!("SELECT t::text FROM {t} t"), &[]).await.unwrap() {
            all.push_str(row.get::<_, &str>(0));
        }
    }
    assert!(all.contains("$argon2id$"));
    for secret in [PASSWORD, cookie.split('=').nth(1).unwrap(), other.split('=').nth(1).unwrap()] {
        assert!(!all.contains(secret), "{secret} is stored in clear");
    }
}
