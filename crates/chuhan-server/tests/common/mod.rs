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
