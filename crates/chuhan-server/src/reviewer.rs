//! The line of game reviews that the server's state holds (see [`crate::review`], which runs
//! them and answers their routes): the jobs waiting, the stop flag of each, the analysis
//! board's jobs in memory, and how many each client address has. No HTTP handler and no
//! search here, so that the state can hold it without depending on the handlers.

use crate::error::ApiError;
use crate::ids::random_hex;
use crate::wire::review::ReviewStatus;
use axum::http::StatusCode;
use chuhan::{Move, Position, Rules};
use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use tokio::sync::mpsc;

/// The longest game reviewed, in plies.
pub const MAX_PLIES: usize = 600;
/// Board reviews kept in memory.
pub const MAX_JOBS: usize = 64;

/// Whose review a job is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Key {
    /// A stored game's, by its id.
    Game(String),
    /// A board's, by its job id.
    Board(String),
}

/// A review waiting or running.
pub(crate) struct Job {
    pub(crate) key: Key,
    pub(crate) start: Position,
    pub(crate) rules: Rules,
    pub(crate) moves: Vec<Move>,
    pub(crate) stop: Arc<AtomicBool>,
    /// Who asked for it, counted in [`Reviewer::clients`] until it ends.
    pub(crate) client: Option<IpAddr>,
}

/// A board review's status, in memory.
pub(crate) type Board = Arc<Mutex<ReviewStatus>>;

/// The server's reviews: the line, this server's running stop flags, the board jobs.
pub struct Reviewer {
    pub(crate) line: mpsc::Sender<Job>,
    pub(crate) receiver: Mutex<Option<mpsc::Receiver<Job>>>,
    /// This server's name in the store's claims.
    pub(crate) owner: String,
    pub(crate) nodes: u64,
    /// The stop flags of this server's queued and running reviews.
    pub(crate) stops: Mutex<HashMap<Key, Arc<AtomicBool>>>,
    pub(crate) boards: Mutex<VecDeque<(String, Board)>>,
    /// Reviews queued or running by client address.
    pub(crate) clients: Mutex<HashMap<IpAddr, usize>>,
    /// How many of them one address may have ([`crate::Limits::reviews_per_client`]).
    pub(crate) per_client: usize,
}

impl Reviewer {
    /// A reviewer searching `nodes` a position with a line of `queue` reviews, at most
    /// `per_client` of them queued or running for one client address.
    pub fn new(nodes: u64, queue: usize, per_client: usize) -> Reviewer {
        let (line, receiver) = mpsc::channel(queue.max(1));
        let owner = random_hex(8).unwrap_or_else(|_| format!("{:x}", std::process::id()));
        Reviewer {
            line,
            receiver: Mutex::new(Some(receiver)),
            owner,
            nodes: nodes.max(1),
            stops: Mutex::default(),
            boards: Mutex::default(),
            clients: Mutex::default(),
            per_client: per_client.max(1),
        }
    }

    pub(crate) fn stops(&self) -> std::sync::MutexGuard<'_, HashMap<Key, Arc<AtomicBool>>> {
        self.stops.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub(crate) fn boards(&self) -> std::sync::MutexGuard<'_, VecDeque<(String, Board)>> {
        self.boards.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub(crate) fn board(&self, id: &str) -> Option<Board> {
        self.boards().iter().find(|(k, _)| k == id).map(|(_, b)| b.clone())
    }

    pub(crate) fn clients(&self) -> std::sync::MutexGuard<'_, HashMap<IpAddr, usize>> {
        self.clients.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether `client` may queue one more review (429 `review_pending` if not).
    pub(crate) fn client_may(&self, client: Option<IpAddr>) -> Result<(), ApiError> {
        match client {
            Some(ip) if self.clients().get(&ip).copied().unwrap_or(0) >= self.per_client => Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!("at most {} reviews at a time: wait for yours to end", self.per_client),
            )
            .with_code("review_pending")
            .words("review-pending", vec![("limit", self.per_client.into())])),
            _ => Ok(()),
        }
    }

    /// Counts a review of `client` as ended.
    pub(crate) fn release(&self, client: Option<IpAddr>) {
        let Some(ip) = client else { return };
        let mut clients = self.clients();
        if let Some(n) = clients.get_mut(&ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                clients.remove(&ip);
            }
        }
    }

    /// Puts `job` in line, or answers 503 when the line is full (or 429 when its client has
    /// as many reviews in it as it may).
    pub(crate) fn enqueue(&self, job: Job) -> Result<(), ApiError> {
        self.client_may(job.client)?;
        let (key, stop, client) = (job.key.clone(), job.stop.clone(), job.client);
        self.stops().insert(key.clone(), stop);
        if let Some(ip) = client {
            *self.clients().entry(ip).or_insert(0) += 1;
        }
        self.line.try_send(job).map_err(|_| {
            self.stops().remove(&key);
            self.release(client);
            full()
        })
    }
}

pub(crate) fn full() -> ApiError {
    ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "too many reviews are waiting: try again in a few minutes")
        .with_code("review_queue_full")
}
