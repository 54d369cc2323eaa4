//! [`Puzzles`] on PostgreSQL: the SQL of [`crate::live::puzzles::sql`]; an attempt locks the
//! puzzle's and the account's rows (`FOR UPDATE`, after making them if missing), so that two
//! servers' attempts at once both count, one after the other.

use super::PgStore;
use crate::live::glicko::Glicko;
use crate::live::puzzles::{from_row, initial, rate, sql, Attempt, AttemptResult, Puzzles, Solver};
use anyhow::{Context, Result};
use tokio_postgres::types::ToSql;
use tokio_postgres::Row;

fn glicko(r: &Row) -> Glicko {
    let n = |i: usize| i64::from(r.get::<_, i32>(i));
    from_row(r.get(0), r.get(1), r.get(2), n(3), n(4), n(5))
}

fn int(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

async fn set(
    tx: &deadpool_postgres::Transaction<'_>,
    query: &str,
    key: &(dyn ToSql + Sync),
    g: &Glicko,
    now: u64,
) -> Result<()> {
    tx.execute(
        query,
        &[key, &g.rating, &g.deviation, &g.volatility, &int(g.games), &int(g.wins), &int(g.losses), &(now as i64)],
    )
    .await?;
    Ok(())
}

impl PgStore {
    async fn attempt(&self, a: &Attempt) -> Result<AttemptResult> {
        let mut client = self.client().await?;
        let tx = client.transaction().await?;
        let now = a.now as i64;
        let start = initial(a.initial);
        tx.execute(sql::ENSURE_PUZZLE, &[&a.puzzle, &start.rating, &start.deviation, &start.volatility, &now]).await?;
        let puzzle = glicko(&tx.query_one(&format!("{} FOR UPDATE", sql::GET_PUZZLE), &[&a.puzzle]).await?);
        let (player, counted) = match a.solver {
            Solver::Guest(g) => (g, true),
            Solver::Account(id) => {
                let fresh = Glicko::default();
                tx.execute(sql::ENSURE_ACCOUNT, &[&id, &fresh.rating, &fresh.deviation, &fresh.volatility, &now])
                    .await?;
                let player = glicko(&tx.query_one(&format!("{} FOR UPDATE", sql::GET_ACCOUNT), &[&id]).await?);
                let counted = tx.execute(sql::ADD_ATTEMPT, &[&id, &a.puzzle, &i16::from(a.solved), &now]).await? == 1;
                (player, counted)
            }
        };
        if !counted {
            tx.commit().await?;
            return Ok(AttemptResult { player: (player, player), puzzle: (puzzle, puzzle), counted });
        }
        let (p, z) = rate(&player, &puzzle, a.solved);
        set(&tx, sql::SET_PUZZLE, &a.puzzle, &z, a.now).await?;
        if let Solver::Account(id) = a.solver {
            set(&tx, sql::SET_ACCOUNT, &id, &p, a.now).await?;
        }
        tx.commit().await?;
        Ok(AttemptResult { player: (player, p), puzzle: (puzzle, z), counted })
    }
}

#[async_trait::async_trait]
impl Puzzles for PgStore {
    async fn puzzle_attempt(&self, a: &Attempt) -> Result<AttemptResult> {
        self.attempt(a).await.with_context(|| format!("cannot record an attempt at puzzle {}", a.puzzle))
    }

    async fn puzzle_rating(&self, puzzle: &str) -> Result<Option<Glicko>> {
        let client = self.client().await?;
        Ok(client.query_opt(sql::GET_PUZZLE, &[&puzzle]).await?.as_ref().map(glicko))
    }

    async fn account_puzzle_rating(&self, account: i64) -> Result<Option<Glicko>> {
        let client = self.client().await?;
        Ok(client.query_opt(sql::GET_ACCOUNT, &[&account]).await?.as_ref().map(glicko))
    }
}
