//! What the server's test files share: a server on a temporary directory, JSON requests, and
//! the WebSocket request that offers a seat's token. Each test binary uses only part of this.
#![allow(dead_code)]

use serde_json::Value;
use std::net::SocketAddr;
use std::path::Path;

/// A server on `data` (SQLite) with the default limits, on a free loopback port.
pub async fn server(data: &Path) -> (SocketAddr, tokio::task::JoinHandle<anyhow::Result<()>>) {
    chuhan_server::Server::new(chuhan_server::data_dir_store(data)).start("127.0.0.1:0").await.expect("server starts")
}

/// `POST path` with a JSON body: the status and the JSON answer.
pub async fn post(addr: SocketAddr, path: &str, body: Value) -> (u16, Value) {
    let r = reqwest::Client::new().post(format!("http://{addr}{path}")).json(&body).send().await.unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap())
}

/// `GET path`: the status and the JSON answer (null when it is none).
pub async fn get(addr: SocketAddr, path: &str) -> (u16, Value) {
    let r = reqwest::get(format!("http://{addr}{path}")).await.unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// A WebSocket request for `url` that offers seat token `token` as the server asks
/// ([`chuhan_server::subprotocols`]), never in the address.
pub fn seat_request(url: String, token: Option<&str>) -> tokio_tungstenite::tungstenite::handshake::client::Request {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut req = url.into_client_request().unwrap();
    req.headers_mut().insert("sec-websocket-protocol", chuhan_server::subprotocols(token).parse().unwrap());
    req
}

/// A request's answer with what the account tests read: status, JSON and the `Set-Cookie`.
pub struct Answer {
    /// The HTTP status.
    pub status: u16,
    /// The JSON body (null when none).
    pub body: Value,
    /// The `Set-Cookie` header, if any.
    pub set_cookie: Option<String>,
}

/// `method path` with an optional JSON body, `Cookie` and extra headers.
pub async fn request(
    addr: SocketAddr,
    method: reqwest::Method,
    path: &str,
    body: Option<Value>,
    cookie: Option<&str>,
    headers: &[(&str, &str)],
) -> Answer {
    let mut r = reqwest::Client::new().request(method, format!("http://{addr}{path}"));
    if let Some(b) = body {
        r = r.json(&b);
    }
    if let Some(c) = cookie {
        r = r.header("cookie", c);
    }
    for (k, v) in headers {
        r = r.header(*k, *v);
    }
    let r = r.send().await.unwrap();
    let status = r.status().as_u16();
    let set_cookie = r.headers().get("set-cookie").map(|v| v.to_str().unwrap().to_string());
    Answer { status, set_cookie, body: r.json().await.unwrap_or(Value::Null) }
}

/// Signs `name` up with `password` on the server at `addr`: the session cookie to send
/// (`chuhan_session=…`).
pub async fn sign_up(addr: SocketAddr, name: &str, password: &str) -> String {
    let a = request(
        addr,
        reqwest::Method::POST,
        "/api/account/signup",
        Some(serde_json::json!({ "name": name, "password": password })),
        None,
        &[],
    )
    .await;
    assert_eq!(a.status, 201, "{}", a.body);
    cookie_of(&a)
}

/// The `name=value` part of an answer's `Set-Cookie`.
pub fn cookie_of(a: &Answer) -> String {
    a.set_cookie.as_deref().expect("a cookie").split(';').next().unwrap().to_string()
}
