//! [`Reviews`] on SQLite: the SQL of [`crate::live::reviews::sql`], on the writer thread.

use super::SqliteStore;
use crate::live::reviews::{sql, ReviewState, Reviews, StoredReview};
use anyhow::{Context, Result};
use rusqlite::{params, OptionalExtension};

#[async_trait::async_trait]
impl Reviews for SqliteStore {
    async fn claim_review(&self, id: &str, owner: &str, total: u32, now: u64, stale: u64) -> Result<bool> {
        let (id, owner) = (id.to_string(), owner.to_string());
        let before = now.saturating_sub(stale) as i64;
        self.write(move |c| {
            let n = c
                .execute(&sql::sqlite(sql::CLAIM), params![id, owner, total, now as i64, before])
                .with_context(|| format!("cannot claim the review of game {id}"))?;
            Ok(n == 1)
        })
        .await
    }

    async fn review_progress(&self, id: &str, owner: &str, done: u32, now: u64) -> Result<bool> {
        let (id, owner) = (id.to_string(), owner.to_string());
        self.write(move |c| Ok(c.execute(&sql::sqlite(sql::PROGRESS), params![id, owner, done, now as i64])? == 1))
            .await
    }

    async fn end_review(
        &self,
        id: &str,
        owner: &str,
        state: ReviewState,
        result: Option<&str>,
        reason: Option<&str>,
        now: u64,
    ) -> Result<()> {
        let (id, owner) = (id.to_string(), owner.to_string());
        let (result, reason) = (result.map(str::to_string), reason.map(str::to_string));
        self.write(move |c| {
            c.execute(&sql::sqlite(sql::END), params![id, owner, state.name(), result, reason, now as i64])
                .with_context(|| format!("cannot store the review of game {id}"))?;
            Ok(())
        })
        .await
    }

    async fn cancel_review(&self, id: &str, now: u64) -> Result<bool> {
        let id = id.to_string();
        self.write(move |c| Ok(c.execute(&sql::sqlite(sql::CANCEL), params![id, now as i64])? == 1)).await
    }

    async fn review(&self, id: &str) -> Result<Option<StoredReview>> {
        let id = id.to_string();
        self.read(move |c| {
            let row = c
                .query_row(&sql::sqlite(sql::GET), params![id], |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, i64>(1)?,
                        r.get::<_, i64>(2)?,
                        r.get::<_, String>(3)?,
                        r.get::<_, i64>(4)?,
                        r.get::<_, Option<String>>(5)?,
                        r.get::<_, Option<String>>(6)?,
                    ))
                })
                .optional()
                .with_context(|| format!("cannot read the review of game {id}"))?;
            row.map(|(state, done, total, owner, updated, result, reason)| {
                Ok(StoredReview {
                    state: ReviewState::from_name(&state).with_context(|| format!("review state {state:?}"))?,
                    done: done.clamp(0, u32::MAX.into()) as u32,
                    total: total.clamp(0, u32::MAX.into()) as u32,
                    owner,
                    updated: updated.max(0) as u64,
                    result,
                    reason,
                })
            })
            .transpose()
        })
        .await
    }
}
