//! [`Puzzles`] on SQLite: the SQL of [`crate::live::puzzles::sql`], an attempt in one write on
//! the writer thread (so no other write comes between its read and its update).

use super::SqliteStore;
use crate::live::glicko::Glicko;
use crate::live::puzzles::{from_row, initial, rate, sql, Attempt, AttemptResult, Puzzles, Solver};
use anyhow::{Context, Result};
use rusqlite::{params, Connection, OptionalExtension};

fn get(c: &Connection, query: &str, key: &dyn rusqlite::ToSql) -> Result<Option<Glicko>> {
    Ok(c.query_row(&sql::sqlite(query), [key], |r| {
        Ok(from_row(r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?))
    })
    .optional()?)
}

fn set(c: &Connection, query: &str, key: &dyn rusqlite::ToSql, g: &Glicko, now: u64) -> Result<()> {
    c.execute(
        &sql::sqlite(query),
        params![key, g.rating, g.deviation, g.volatility, g.games, g.wins, g.losses, now as i64],
    )?;
    Ok(())
}

fn attempt(c: &Connection, a: &Attempt) -> Result<AttemptResult> {
    let now = a.now as i64;
    let start = initial(a.initial);
    c.execute(
        &sql::sqlite(sql::ENSURE_PUZZLE),
        params![a.puzzle, start.rating, start.deviation, start.volatility, now],
    )?;
    let puzzle = get(c, sql::GET_PUZZLE, &a.puzzle)?.context("the puzzle's rating was just made")?;
    let (player, counted) = match a.solver {
        Solver::Guest(g) => (g, true),
        Solver::Account(id) => {
            let fresh = Glicko::default();
            c.execute(
                &sql::sqlite(sql::ENSURE_ACCOUNT),
                params![id, fresh.rating, fresh.deviation, fresh.volatility, now],
            )?;
            let counted =
                c.execute(&sql::sqlite(sql::ADD_ATTEMPT), params![id, a.puzzle, i64::from(a.solved), now])? == 1;
            (get(c, sql::GET_ACCOUNT, &id)?.context("the account's rating was just made")?, counted)
        }
    };
    if !counted {
        return Ok(AttemptResult { player: (player, player), puzzle: (puzzle, puzzle), counted });
    }
    let (p, z) = rate(&player, &puzzle, a.solved);
    set(c, sql::SET_PUZZLE, &a.puzzle, &z, a.now)?;
    if let Solver::Account(id) = a.solver {
        set(c, sql::SET_ACCOUNT, &id, &p, a.now)?;
    }
    Ok(AttemptResult { player: (player, p), puzzle: (puzzle, z), counted })
}

#[async_trait::async_trait]
impl Puzzles for SqliteStore {
    async fn puzzle_attempt(&self, a: &Attempt) -> Result<AttemptResult> {
        let a = a.clone();
        self.write(move |c| attempt(c, &a).with_context(|| format!("cannot record an attempt at puzzle {}", a.puzzle)))
            .await
    }

    async fn puzzle_rating(&self, puzzle: &str) -> Result<Option<Glicko>> {
        let puzzle = puzzle.to_string();
        self.read(move |c| get(c, sql::GET_PUZZLE, &puzzle)).await
    }

    async fn account_puzzle_rating(&self, account: i64) -> Result<Option<Glicko>> {
        self.read(move |c| get(c, sql::GET_ACCOUNT, &account)).await
    }
}
