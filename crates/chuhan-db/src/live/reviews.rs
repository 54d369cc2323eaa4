//! Game reviews stored with their games (issue 43): who runs a review, how far it is, and its
//! result, so that every server of a cluster shows the same review, a reload sees it at once,
//! and two servers on one PostgreSQL never run the same review twice.
//!
//! A review's row goes `queued` → `running` → `done`, `failed` or `cancelled`. A server first
//! [`Reviews::claim_review`]s a game's review (it gets it only if none is stored, or the stored
//! one failed, was cancelled, or has not moved for `stale` seconds: its server died), then
//! reports progress, which answers whether to go on (not once the review was cancelled or
//! claimed by another server), then finishes it. The same SQL runs on both back ends.

use anyhow::Result;

/// Where a stored review stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewState {
    /// Claimed by a server, waiting for its engine.
    Queued,
    /// Being searched.
    Running,
    /// Finished: the result is stored.
    Done,
    /// Failed: the reason is stored.
    Failed,
    /// Cancelled before it finished.
    Cancelled,
}

impl ReviewState {
    /// The word stored and shown (`queued`, `running`, `done`, `failed`, `cancelled`).
    pub fn name(self) -> &'static str {
        match self {
            ReviewState::Queued => "queued",
            ReviewState::Running => "running",
            ReviewState::Done => "done",
            ReviewState::Failed => "failed",
            ReviewState::Cancelled => "cancelled",
        }
    }

    /// The state a stored word names.
    pub fn from_name(s: &str) -> Option<ReviewState> {
        [ReviewState::Queued, ReviewState::Running, ReviewState::Done, ReviewState::Failed, ReviewState::Cancelled]
            .into_iter()
            .find(|r| r.name() == s)
    }
}

/// A game's review as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredReview {
    /// Where it stands.
    pub state: ReviewState,
    /// Positions searched.
    pub done: u32,
    /// Positions to search (moves + 1).
    pub total: u32,
    /// The server that claimed it.
    pub owner: String,
    /// When it last changed, seconds since the Unix epoch.
    pub updated: u64,
    /// The result, as the server's JSON, once done.
    pub result: Option<String>,
    /// Why it failed or was cancelled.
    pub reason: Option<String>,
}

/// The reviews of games, one per game. Each method is one transaction.
#[async_trait::async_trait]
pub trait Reviews: Send + Sync {
    /// Claims game `id`'s review for `owner` (queued, `total` positions): `true` if no review
    /// was stored, or the stored one failed, was cancelled, or is queued or running but has not
    /// changed since `now - stale`; `false` otherwise (another server runs it, or it is done).
    async fn claim_review(&self, id: &str, owner: &str, total: u32, now: u64, stale: u64) -> Result<bool>;
    /// Records that `owner`'s review of game `id` has searched `done` of its positions (it is
    /// running): `false` when it is no longer `owner`'s queued or running review (cancelled,
    /// or claimed by another server after it went stale): the caller stops.
    async fn review_progress(&self, id: &str, owner: &str, done: u32, now: u64) -> Result<bool>;
    /// Ends `owner`'s queued or running review of game `id` as `state`, with its result or the
    /// reason; a review that is no longer `owner`'s, or already ended, is left as it is.
    async fn end_review(
        &self,
        id: &str,
        owner: &str,
        state: ReviewState,
        result: Option<&str>,
        reason: Option<&str>,
        now: u64,
    ) -> Result<()>;
    /// Cancels game `id`'s review if it is queued or running (any server's: its next progress
    /// report is answered "stop"); `true` if it was.
    async fn cancel_review(&self, id: &str, now: u64) -> Result<bool>;
    /// Game `id`'s review, if one was ever claimed.
    async fn review(&self, id: &str) -> Result<Option<StoredReview>>;
}

/// The SQL both back ends run, PostgreSQL's `$n` parameters (SQLite's are the same as `?n`).
pub(crate) mod sql {
    /// Version 7 of SQLite, 6 of PostgreSQL: the table.
    pub const TABLE: &str = "CREATE TABLE reviews (
        game_id TEXT PRIMARY KEY, state TEXT NOT NULL, done INTEGER NOT NULL, total INTEGER NOT NULL,
        owner TEXT NOT NULL, updated BIGINT NOT NULL, result TEXT, reason TEXT);";
    /// $1 id, $2 owner, $3 total, $4 now, $5 stale before.
    pub const CLAIM: &str = "INSERT INTO reviews (game_id, state, done, total, owner, updated)
        VALUES ($1, 'queued', 0, $3, $2, $4)
        ON CONFLICT (game_id) DO UPDATE SET state = 'queued', done = 0, total = $3, owner = $2,
            updated = $4, result = NULL, reason = NULL
        WHERE reviews.state IN ('failed', 'cancelled')
           OR (reviews.state IN ('queued', 'running') AND reviews.updated < $5)";
    /// $1 id, $2 owner, $3 done, $4 now.
    pub const PROGRESS: &str = "UPDATE reviews SET state = 'running', done = $3, updated = $4
        WHERE game_id = $1 AND owner = $2 AND state IN ('queued', 'running')";
    /// $1 id, $2 owner, $3 state, $4 result, $5 reason, $6 now.
    pub const END: &str = "UPDATE reviews SET state = $3, result = $4, reason = $5, updated = $6
        WHERE game_id = $1 AND owner = $2 AND state IN ('queued', 'running')";
    /// $1 id, $2 now.
    pub const CANCEL: &str = "UPDATE reviews SET state = 'cancelled', reason = 'cancelled', updated = $2
        WHERE game_id = $1 AND state IN ('queued', 'running')";
    /// $1 id.
    pub const GET: &str = "SELECT state, done, total, owner, updated, result, reason FROM reviews WHERE game_id = $1";

    /// `sql` with SQLite's parameters.
    pub fn sqlite(sql: &str) -> String {
        sql.replace('$', "?")
    }
}
