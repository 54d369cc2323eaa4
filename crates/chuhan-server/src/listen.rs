//! The accept loop: every connection is counted, timed and served by hyper's HTTP/1 server.
//!
//! `axum::serve` has no limit on connections and no timeouts: a client that opens sockets and
//! sends nothing, or sends its headers a byte at a time, holds them for as long as it likes,
//! and a thousand such sockets use up the process's open files so that nobody else gets in
//! (the rate limiter sees only requests, never idle sockets). So the server accepts here:
//! - at most [`ConnectionLimits::total`] connections at once and
//!   [`ConnectionLimits::per_address`] from one address (IPv6 by its /64, as the rate limiter
//!   counts); one more is closed as soon as it is accepted, so the listener keeps draining the
//!   queue and the open files stay below the process's limit;
//! - the request headers must arrive within [`ConnectionLimits::header_timeout`] (hyper's
//!   header-read timeout: a slow-header client is cut off however it trickles);
//! - a connection on which nothing is read or written for [`ConnectionLimits::idle_timeout`]
//!   is closed ([`Guarded`]): idle keep-alive sockets and silent WebSockets (the game's
//!   WebSocket is pinged every third of the idle timeout, so an open page is never idle).
//!
//! The peer's address is put into each request as axum's `ConnectInfo<SocketAddr>`, which the
//! rate limiter reads, as `into_make_service_with_connect_info` would.

use crate::limit::{address_key, default_total, ConnectionLimits};
use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::{Instant, Sleep};
use tower::Service;

/// The connections open now, in all and by address.
#[derive(Default)]
struct Counts {
    total: usize,
    by_address: HashMap<IpAddr, usize>,
}

/// The counts shared by the accept loop and every [`Permit`].
#[derive(Clone)]
struct Admission {
    limits: ConnectionLimits,
    total: usize,
    counts: Arc<Mutex<Counts>>,
}

impl Admission {
    fn new(limits: ConnectionLimits) -> Admission {
        let total = if limits.total == 0 { default_total() } else { limits.total };
        Admission { limits, total, counts: Arc::default() }
    }

    /// A permit for one more connection from `ip`, or `None` past a limit.
    fn admit(&self, ip: IpAddr) -> Option<Permit> {
        let key = address_key(ip);
        let mut c = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        let mine = c.by_address.get(&key).copied().unwrap_or(0);
        if c.total >= self.total || (self.limits.per_address > 0 && mine >= self.limits.per_address) {
            return None;
        }
        c.total += 1;
        *c.by_address.entry(key).or_insert(0) += 1;
        Some(Permit { counts: self.counts.clone(), key })
    }
}

/// One connection's place in the counts, given back when the connection (or the WebSocket it
/// became) is dropped.
struct Permit {
    counts: Arc<Mutex<Counts>>,
    key: IpAddr,
}

impl Drop for Permit {
    fn drop(&mut self) {
        let mut c = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        c.total = c.total.saturating_sub(1);
        if let Some(n) = c.by_address.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                c.by_address.remove(&self.key);
            }
        }
    }
}

/// A TCP connection with its permit and an idle deadline: reading or writing anything moves
/// the deadline on; a read or write that waits past it fails with `TimedOut`, which ends the
/// connection (hyper's, or the WebSocket's after an upgrade, since the upgraded stream is this
/// one).
pub struct Guarded {
    stream: TcpStream,
    idle: Duration,
    deadline: Pin<Box<Sleep>>,
    _permit: Permit,
}

impl Guarded {
    fn new(stream: TcpStream, idle: Duration, permit: Permit) -> Guarded {
        Guarded { stream, idle, deadline: Box::pin(tokio::time::sleep(idle)), _permit: permit }
    }

    fn progress(&mut self) {
        self.deadline.as_mut().reset(Instant::now() + self.idle);
    }

    /// Called when the stream would wait: an error once the deadline has passed.
    fn check_idle(&mut self, cx: &mut Context<'_>) -> io::Result<()> {
        match self.deadline.as_mut().poll(cx) {
            Poll::Ready(()) => Err(io::Error::new(io::ErrorKind::TimedOut, "connection idle too long")),
            Poll::Pending => Ok(()),
        }
    }
}

impl Guarded {
    /// What a read or write of the stream did, seen by the idle deadline: progress (`moved`
    /// true) moves it on; a wait past it becomes `TimedOut`. A client that stops reading what
    /// it asked for holds the connection just as one that sends nothing.
    fn watch<T>(
        &mut self,
        cx: &mut Context<'_>,
        poll: Poll<io::Result<T>>,
        moved: impl Fn(&T) -> bool,
    ) -> Poll<io::Result<T>> {
        match poll {
            Poll::Ready(Ok(v)) => {
                if moved(&v) {
                    self.progress();
                }
                Poll::Ready(Ok(v))
            }
            Poll::Pending => match self.check_idle(cx) {
                Ok(()) => Poll::Pending,
                Err(e) => Poll::Ready(Err(e)),
            },
            other => other,
        }
    }
}

impl AsyncRead for Guarded {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let poll = Pin::new(&mut self.stream).poll_read(cx, buf);
        let after = buf.filled().len();
        self.watch(cx, poll, |()| after > before)
    }
}

impl AsyncWrite for Guarded {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.stream).poll_write(cx, buf);
        self.watch(cx, poll, |&n| n > 0)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
        self.watch(cx, poll, |&n| n > 0)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// Accepts connections on `listener` and serves `app` on each, within `limits`, until the
/// task is dropped.
pub async fn serve(listener: TcpListener, app: Router, limits: ConnectionLimits) -> io::Result<()> {
    let admission = Admission::new(limits);
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of open files (or another passing failure): wait a moment rather than
                // spin on an accept that fails at once.
                eprintln!("chuhan serve: accept: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let Some(permit) = admission.admit(peer.ip()) else {
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let io = TokioIo::new(Guarded::new(stream, limits.idle_timeout, permit));
        let app = app.clone();
        let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
            req.extensions_mut().insert(ConnectInfo(peer));
            let mut app = app.clone();
            async move { app.call(req.map(axum::body::Body::new)).await }
        });
        let header_timeout = limits.header_timeout;
        tokio::spawn(async move {
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(TokioTimer::new()).header_read_timeout(header_timeout);
            // Errors here are the client's (a reset, a timeout, bad HTTP): nothing to report.
            let _ = http.serve_connection(io, service).with_upgrades().await;
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limit::open_file_limit;

    #[test]
    fn admission_counts_by_address_and_in_all() {
        let a = Admission::new(ConnectionLimits { total: 3, per_address: 2, ..ConnectionLimits::default() });
        let one: IpAddr = "192.0.2.1".parse().unwrap();
        let two: IpAddr = "192.0.2.2".parse().unwrap();
        let p1 = a.admit(one).expect("first");
        let _p2 = a.admit(one).expect("second");
        assert!(a.admit(one).is_none(), "two from one address at most");
        let _p3 = a.admit(two).expect("another address");
        assert!(a.admit("192.0.2.3".parse().unwrap()).is_none(), "three in all at most");
        drop(p1);
        assert!(a.admit(one).is_some(), "a closed connection gives its place back");
    }

    #[test]
    fn the_default_cap_stays_under_the_open_file_limit() {
        let cap = default_total();
        assert!((16..=10_000).contains(&cap), "{cap}");
        if let Some(files) = open_file_limit() {
            assert!((cap as u64) < files.max(17), "{cap} connections with {files} open files");
        }
    }
}
