//! [`Reviews`] on PostgreSQL: the SQL of [`crate::live::reviews::sql`]; the claim is one
//! `INSERT … ON CONFLICT DO UPDATE … WHERE`, so two servers claiming at once cannot both get it.

use super::PgStore;
use crate::live::reviews::{sql, ReviewState, Reviews, StoredReview};
use anyhow::{Context, Result};

fn int(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

#[async_trait::async_trait]
impl Reviews for PgStore {
    async fn claim_review(&self, id: &str, owner: &str, total: u32, now: u64, stale: u64) -> Result<bool> {
        let client = self.client().await?;
        let before = now.saturating_sub(stale) as i64;
        let n = client
            .execute(sql::CLAIM, &[&id, &owner, &int(total), &(now as i64), &before])
            .await
            .with_context(|| format!("cannot claim the review of game {id}"))?;
        Ok(n == 1)
    }

    async fn review_progress(&self, id: &str, owner: &str, done: u32, now: u64) -> Result<bool> {
        let client = self.client().await?;
        Ok(client.execute(sql::PROGRESS, &[&id, &owner, &int(done), &(now as i64)]).await? == 1)
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
        let client = self.client().await?;
        client
            .execute(sql::END, &[&id, &owner, &state.name(), &result, &reason, &(now as i64)])
            .await
            .with_context(|| format!("cannot store the review of game {id}"))?;
        Ok(())
    }

    async fn cancel_review(&self, id: &str, now: u64) -> Result<bool> {
        let client = self.client().await?;
        Ok(client.execute(sql::CANCEL, &[&id, &(now as i64)]).await? == 1)
    }

    async fn review(&self, id: &str) -> Result<Option<StoredReview>> {
        let client = self.client().await?;
        let row =
            client.query_opt(sql::GET, &[&id]).await.with_context(|| format!("cannot read the review of game {id}"))?;
        row.map(|r| {
            let state: String = r.get(0);
            Ok(StoredReview {
                state: ReviewState::from_name(&state).with_context(|| format!("review state {state:?}"))?,
                done: r.get::<_, i32>(1).max(0) as u32,
                total: r.get::<_, i32>(2).max(0) as u32,
                owner: r.get(3),
                updated: r.get::<_, i64>(4).max(0) as u64,
                result: r.get(5),
                reason: r.get(6),
            })
        })
        .transpose()
    }
}
