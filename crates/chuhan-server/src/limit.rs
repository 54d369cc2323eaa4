//! Rate limits per client address: a token bucket for all HTTP requests and a second one for
//! creating games, answered with 429 and a JSON error when empty.
//!
//! Hand-written rather than taken from `governor`/`tower_governor`: a keyed token bucket is
//! thirty lines, tower's own `RateLimit` is one limit for everyone (not per address), and the
//! bucket needs to know the route (game creation has its own, tighter limit) and to answer in
//! the app's JSON error shape, which a plain middleware function does directly.
//!
//! The address is the TCP peer's. Behind a reverse proxy every request comes from the proxy,
//! so limit there and start `chuhan serve --rate-limit 0`; `X-Forwarded-For` is not trusted,
//! since any client can write it. IPv6 clients are limited by their /64 network, because one
//! host commonly holds a whole /64. WebSocket frames have their own limit per connection (see
//! `ws.rs`); only the upgrade request counts here.

use crate::wire::ErrorBody;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{header, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What clients may use of the server: requests and new games a minute per address (0 = no
/// limit; each is also the burst: a client that was quiet may spend a whole minute's
/// allowance at once), connections and their timeouts, engine time, and the size of the
/// games uploaded to the game database. `chuhan serve --help` lists a flag for each.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// All HTTP requests (pages, scripts, API calls, WebSocket upgrades).
    pub requests_per_minute: u32,
    /// `POST /api/games` (each game is a row on disk and a room in memory).
    pub games_per_minute: u32,
    /// Connections at once, in all and per address, and how long they may stay silent.
    pub connections: ConnectionLimits,
    /// The analysis board's searches at once, over all clients (each holds a core); one
    /// client has at most one of them, the others wait their turn.
    pub analysis_threads: usize,
    /// Games against chuhan's engine that may be thinking at once (each search holds a
    /// core); a game whose engine is to move waits for a turn, and new engine games are
    /// refused while this many are waiting and thinking.
    pub engine_games: usize,
    /// The longest game, in plies, imported through the database page (`--games-db-uploads`);
    /// a longer one is refused with the collection's other games imported.
    pub max_plies: usize,
    /// Nodes a game review searches in each position (`--review-nodes`; the default is
    /// `chuhan review`'s; tests give fewer, since a debug build searches slowly).
    pub review_nodes: u64,
    /// Reviews that may wait in line for the engine (one runs at a time); more are refused
    /// with 503 `review_queue_full`.
    pub review_queue: usize,
    /// Reviews one client address (IPv6: its /64) may have queued or running at once; one
    /// more is refused with 429 `review_pending`.
    pub reviews_per_client: usize,
}

impl Default for Limits {
    /// Generous: a page load is four requests, a busy player makes a few a minute, and the
    /// browser tests make a few hundred from one address.
    fn default() -> Limits {
        Limits {
            requests_per_minute: 1200,
            games_per_minute: 100,
            connections: ConnectionLimits::default(),
            analysis_threads: 2,
            engine_games: 4,
            max_plies: chuhan_db::DEFAULT_MAX_PLIES,
            review_nodes: chuhan_engine::review::DEFAULT_NODES,
            review_queue: 8,
            reviews_per_client: 2,
        }
    }
}

/// What one client, and all of them together, may hold of the server's connections.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// Connections open at once, from everyone (0: `default_total`, from the open-file limit).
    pub total: usize,
    /// Connections open at once from one address (0: no limit; behind a reverse proxy every
    /// connection has the proxy's address, so limit there).
    pub per_address: usize,
    /// How long a client has to send a request's headers once it starts one.
    pub header_timeout: Duration,
    /// How long a connection may stay silent, both ways, before it is closed.
    pub idle_timeout: Duration,
}

impl Default for ConnectionLimits {
    fn default() -> ConnectionLimits {
        ConnectionLimits {
            total: 0,
            per_address: 64,
            header_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
        }
    }
}

/// The default cap on connections: what the process's open-file limit allows with room left
/// for the database, engines and the listener (each connection is one open file), and at
/// most 10,000.
pub fn default_total() -> usize {
    let files = open_file_limit().unwrap_or(1024);
    (files.saturating_sub(128) as usize).clamp(16, 10_000)
}

/// The soft limit on open files, read from `/proc/self/limits` (Linux); `None` elsewhere or
/// when it says "unlimited".
pub(crate) fn open_file_limit() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = text.lines().find(|l| l.starts_with("Max open files"))?;
    line["Max open files".len()..].split_whitespace().next()?.parse().ok()
}

/// Past this many addresses, buckets that have filled up again are forgotten.
const MAX_TRACKED: usize = 10_000;

/// Token buckets by client address.
pub struct Buckets {
    per_minute: u32,
    map: Mutex<HashMap<IpAddr, (f64, Instant)>>,
}

impl Buckets {
    /// Empty of addresses: each address starts with a full bucket of `per_minute` tokens
    /// (0: no limit).
    pub fn new(per_minute: u32) -> Buckets {
        Buckets { per_minute, map: Mutex::new(HashMap::new()) }
    }

    /// Takes a token for `ip` at `now`; when there is none, how long until there is.
    pub fn take(&self, ip: IpAddr, now: Instant) -> Result<(), Duration> {
        if self.per_minute == 0 {
            return Ok(());
        }
        let capacity = f64::from(self.per_minute);
        let per_sec = capacity / 60.0;
        let mut map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() >= MAX_TRACKED {
            map.retain(|_, (tokens, at)| {
                *tokens + now.saturating_duration_since(*at).as_secs_f64() * per_sec < capacity
            });
        }
        let (tokens, at) = map.entry(address_key(ip)).or_insert((capacity, now));
        *tokens = (*tokens + now.saturating_duration_since(*at).as_secs_f64() * per_sec).min(capacity);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - *tokens) / per_sec))
        }
    }
}

/// The address a client is limited by: IPv4 as is, IPv6 by its /64.
pub(crate) fn address_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6((u128::from(v6) & !((1u128 << 64) - 1)).into()),
        },
    }
}

/// The limits with their buckets: what [`middleware`] needs, and all it needs, so that the
/// limiter does not depend on the rest of the app's state.
pub struct Limiter {
    /// The limits, for the messages of refusals.
    pub limits: Limits,
    /// One bucket per address for all requests.
    pub requests: Buckets,
    /// One bucket per address for game creation.
    pub creations: Buckets,
}

impl Limiter {
    /// Fresh, full buckets for `limits`.
    pub fn new(limits: Limits) -> Limiter {
        Limiter {
            limits,
            requests: Buckets::new(limits.requests_per_minute),
            creations: Buckets::new(limits.games_per_minute),
        }
    }
}

/// The middleware: every request takes a token from its address's bucket, game creation one
/// more from the creation bucket. Requests without a peer address (a router driven directly
/// in a test) are not limited.
pub async fn middleware(State(state): State<Arc<Limiter>>, req: Request, next: Next) -> Response {
    let Some(ConnectInfo(peer)) = req.extensions().get::<ConnectInfo<SocketAddr>>().copied() else {
        return next.run(req).await;
    };
    let now = Instant::now();
    let ip = peer.ip();
    let creating = req.method() == Method::POST && req.uri().path() == "/api/games";
    let verdict = state.requests.take(ip, now).map_err(|wait| (wait, "requests", state.limits.requests_per_minute));
    let verdict = verdict.and_then(|()| match creating {
        true => state.creations.take(ip, now).map_err(|wait| (wait, "new games", state.limits.games_per_minute)),
        false => Ok(()),
    });
    match verdict {
        Ok(()) => next.run(req).await,
        Err((wait, what, limit)) => {
            let secs = wait.as_secs() + 1;
            let body = ErrorBody {
                error: format!("too many {what} from your address (at most {limit} a minute): try again in {secs} s"),
                code: "too_many_requests",
            };
            (StatusCode::TOO_MANY_REQUESTS, [(header::RETRY_AFTER, secs.to_string())], Json(body)).into_response()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_empties_and_refills() {
        let b = Buckets::new(60);
        let t0 = Instant::now();
        let ip: IpAddr = "192.0.2.1".parse().unwrap();
        for _ in 0..60 {
            assert!(b.take(ip, t0).is_ok());
        }
        let wait = b.take(ip, t0).unwrap_err();
        assert!(wait <= Duration::from_secs(1), "{wait:?}");
        assert!(b.take("192.0.2.2".parse().unwrap(), t0).is_ok(), "another address has its own bucket");
        assert!(b.take(ip, t0 + Duration::from_millis(1100)).is_ok(), "one token a second");
        assert!(b.take(ip, t0 + Duration::from_millis(1200)).is_err());
        assert!(Buckets::new(0).take(ip, t0).is_ok(), "0 = no limit");
    }

    #[test]
    fn ipv6_is_limited_by_its_64() {
        let b = Buckets::new(1);
        let t0 = Instant::now();
        assert!(b.take("2001:db8::1".parse().unwrap(), t0).is_ok());
        assert!(b.take("2001:db8::ffff:2".parse().unwrap(), t0).is_err());
        assert!(b.take("2001:db8:0:1::1".parse().unwrap(), t0).is_ok());
    }
}
