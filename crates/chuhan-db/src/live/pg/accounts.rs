//! [`Accounts`] on PostgreSQL: each method one transaction on a pooled connection.

use super::{to_u32, to_u64, PgStore};
use crate::live::accounts::{
    name_key, Account, AccountError, Accounts, Credentials, GamesFilter, PlayerGame, PoolRating, Profile, RatingPoint,
    DELETED_PLAYER, HISTORY_PER_POOL,
};
use crate::live::glicko::{self, Glicko, Speed};
use crate::live::rating::RatingChange;
use crate::live::{ArchiveEntry, StoredEnd};
use anyhow::{Context, Result};
use chuhan::{BySide, Side};
use deadpool_postgres::Transaction;
use tokio_postgres::types::ToSql;
use tokio_postgres::Row;

/// Migration 5: accounts, sessions, the accounts' ratings and their history, the seats and
/// opening of games, rematches and chat (SQLite's version 6).
pub(crate) const MIGRATION_5: &str = "CREATE TABLE accounts (
        id BIGSERIAL PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL, created BIGINT NOT NULL,
        failed_logins INTEGER NOT NULL DEFAULT 0, failed_since BIGINT NOT NULL DEFAULT 0);
     CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY, account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        created BIGINT NOT NULL, expires BIGINT NOT NULL);
     CREATE INDEX sessions_account ON sessions (account_id);
     CREATE TABLE account_ratings (
        account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE, variant TEXT NOT NULL,
        speed TEXT NOT NULL, rating DOUBLE PRECISION NOT NULL, deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL, games INTEGER NOT NULL, wins INTEGER NOT NULL,
        draws INTEGER NOT NULL, losses INTEGER NOT NULL, PRIMARY KEY (account_id, variant, speed));
     CREATE INDEX account_ratings_rating ON account_ratings (variant, speed, rating);
     CREATE TABLE rating_history (
        id BIGSERIAL PRIMARY KEY, account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        variant TEXT NOT NULL, speed TEXT NOT NULL, at BIGINT NOT NULL, rating DOUBLE PRECISION NOT NULL,
        game_id TEXT NOT NULL);
     CREATE INDEX rating_history_account ON rating_history (account_id, at);
     ALTER TABLE games ADD COLUMN red_account BIGINT, ADD COLUMN black_account BIGINT, ADD COLUMN opening TEXT;
     CREATE INDEX games_red_account ON games (red_account, finished);
     CREATE INDEX games_black_account ON games (black_account, finished);
     ALTER TABLE games ADD COLUMN rematch_offer SMALLINT, ADD COLUMN rematch_game TEXT;
     CREATE TABLE chat (
        game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE, n INTEGER NOT NULL,
        at BIGINT NOT NULL, author TEXT NOT NULL, side SMALLINT, text TEXT NOT NULL,
        PRIMARY KEY (game_id, n));";

fn account_row(r: &Row) -> Account {
    Account { id: r.get("id"), name: r.get("name"), created: to_u64(r.get("created")) }
}

/// The columns of a rating, in [`glicko_row`]'s order.
const GLICKO: &str = "rating, deviation, volatility, games, wins, draws, losses";

fn glicko_row(r: &Row, at: usize) -> Glicko {
    Glicko {
        rating: r.get(at),
        deviation: r.get(at + 1),
        volatility: r.get(at + 2),
        games: to_u32(r.get(at + 3)),
        wins: to_u32(r.get(at + 4)),
        draws: to_u32(r.get(at + 5)),
        losses: to_u32(r.get(at + 6)),
    }
}

async fn pool_rating(tx: &Transaction<'_>, account: i64, variant: &str, speed: Speed) -> Result<Glicko> {
    let row = tx
        .query_opt(
            &format!("SELECT {GLICKO} FROM account_ratings WHERE account_id = $1 AND variant = $2 AND speed = $3"),
            &[&account, &variant, &speed.name()],
        )
        .await?;
    Ok(row.map(|r| glicko_row(&r, 0)).unwrap_or_default())
}

async fn store_rating(
    tx: &Transaction<'_>,
    account: i64,
    variant: &str,
    speed: Speed,
    g: &Glicko,
    game: &str,
    now: u64,
) -> Result<()> {
    let n = |v: u32| v as i32;
    tx.execute(
        &format!(
            "INSERT INTO account_ratings (account_id, variant, speed, {GLICKO})
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
             ON CONFLICT (account_id, variant, speed) DO UPDATE SET rating = $4, deviation = $5,
                 volatility = $6, games = $7, wins = $8, draws = $9, losses = $10"
        ),
        &[
            &account,
            &variant,
            &speed.name(),
            &g.rating,
            &g.deviation,
            &g.volatility,
            &n(g.games),
            &n(g.wins),
            &n(g.draws),
            &n(g.losses),
        ],
    )
    .await?;
    tx.execute(
        "INSERT INTO rating_history (account_id, variant, speed, at, rating, game_id) VALUES ($1, $2, $3, $4, $5, $6)",
        &[&account, &variant, &speed.name(), &(now as i64), &g.rating, &game],
    )
    .await?;
    Ok(())
}

/// Moves the ratings of the two accounts of game `id` after it ended `result` after `plies`
/// moves, if it counts ([`glicko::counts`]); called in the transaction that ends it, which
/// holds the game's row. Both accounts' rows are locked first, in the order of their ids, so
/// that two games ending at once for one player lose no update and never wait crosswise.
pub(super) async fn rate_accounts(
    tx: &Transaction<'_>,
    id: &str,
    plies: usize,
    result: &str,
    now: u64,
) -> Result<Option<RatingChange>> {
    let g = tx
        .query_one(
            "SELECT variant, rated, red_account, black_account, base_ms, increment_ms, periods, period_ms
             FROM games WHERE id = $1",
            &[&id],
        )
        .await?;
    let (variant, rated, red, black): (String, bool, Option<i64>, Option<i64>) =
        (g.get(0), g.get(1), g.get(2), g.get(3));
    let (true, Some(red), Some(black)) = (rated, red, black) else { return Ok(None) };
    if red == black {
        return Ok(None);
    }
    tx.query("SELECT id FROM accounts WHERE id = $1 OR id = $2 ORDER BY id FOR UPDATE", &[&red, &black]).await?;
    let recent: i64 = tx
        .query_one(
            "SELECT COUNT(*) FROM games WHERE variant = $1 AND finished >= $2 AND red_elo_after IS NOT NULL
                 AND ((red_account = $3 AND black_account = $4) OR (red_account = $4 AND black_account = $3))",
            &[&variant, &(now.saturating_sub(glicko::REPEAT_WINDOW_SECS) as i64), &red, &black],
        )
        .await?
        .get(0);
    if !glicko::counts(plies, result, recent.clamp(0, i64::from(u32::MAX)) as u32) {
        return Ok(None);
    }
    let speed = Speed::of_clock(to_u64(g.get(4)), to_u64(g.get(5)), to_u32(g.get(6)), to_u64(g.get(7)));
    let before = (pool_rating(tx, red, &variant, speed).await?, pool_rating(tx, black, &variant, speed).await?);
    let Some(after) = glicko::update(&before.0, &before.1, result) else { return Ok(None) };
    store_rating(tx, red, &variant, speed, &after.0, id, now).await?;
    store_rating(tx, black, &variant, speed, &after.1, id, now).await?;
    Ok(Some(RatingChange {
        before: BySide::new(before.0.rating, before.1.rating),
        after: BySide::new(after.0.rating, after.1.rating),
    }))
}

#[async_trait::async_trait]
impl Accounts for PgStore {
    async fn create_account(&self, name: &str, password_hash: &str, now: u64) -> Result<Account> {
        let client = self.client().await?;
        let row = client
            .query_opt(
                "INSERT INTO accounts (name, name_key, password_hash, created) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (name_key) DO NOTHING RETURNING id",
                &[&name, &name_key(name), &password_hash, &(now as i64)],
            )
            .await
            .with_context(|| format!("cannot store the account {name:?}"))?;
        match row {
            Some(r) => Ok(Account { id: r.get(0), name: name.to_string(), created: now }),
            None => Err(AccountError::NameTaken(name.to_string()).into()),
        }
    }

    async fn credentials(&self, name: &str) -> Result<Option<Credentials>> {
        let client = self.client().await?;
        let row = client
            .query_opt(
                "SELECT id, name, created, password_hash, failed_logins, failed_since FROM accounts WHERE name_key = $1",
                &[&name_key(name)],
            )
            .await
            .with_context(|| format!("cannot read the account {name:?}"))?;
        Ok(row.map(|r| Credentials {
            account: account_row(&r),
            password_hash: r.get("password_hash"),
            failed_logins: to_u32(r.get("failed_logins")),
            failed_since: to_u64(r.get("failed_since")),
        }))
    }

    async fn login_failed(&self, account: i64, now: u64, window: u64) -> Result<u32> {
        let client = self.client().await?;
        let row = client
            .query_one(
                "UPDATE accounts SET
                     failed_logins = CASE WHEN failed_since < $3 THEN 1 ELSE failed_logins + 1 END,
                     failed_since = CASE WHEN failed_since < $3 THEN $2 ELSE failed_since END
                 WHERE id = $1 RETURNING failed_logins",
                &[&account, &(now as i64), &(now.saturating_sub(window) as i64)],
            )
            .await?;
        Ok(to_u32(row.get(0)))
    }

    async fn login_succeeded(&self, account: i64) -> Result<()> {
        let client = self.client().await?;
        client.execute("UPDATE accounts SET failed_logins = 0, failed_since = 0 WHERE id = $1", &[&account]).await?;
        Ok(())
    }

    async fn set_password(&self, account: i64, password_hash: &str, keep: Option<&str>) -> Result<()> {
        let mut client = self.client().await?;
        let tx = client.transaction().await?;
        tx.execute("UPDATE accounts SET password_hash = $2 WHERE id = $1", &[&account, &password_hash]).await?;
        tx.execute(
            "DELETE FROM sessions WHERE account_id = $1 AND token_hash IS DISTINCT FROM $2",
            &[&account, &keep.unwrap_or("")],
        )
        .await?;
        tx.commit().await?;
        Ok(())
    }

    async fn delete_account(&self, account: i64) -> Result<()> {
        let mut client = self.client().await?;
        let tx = client.transaction().await?;
        tx.execute(
            "UPDATE games SET red_name = $2, red_account = NULL WHERE red_account = $1",
            &[&account, &DELETED_PLAYER],
        )
        .await?;
        tx.execute(
            "UPDATE games SET black_name = $2, black_account = NULL WHERE black_account = $1",
            &[&account, &DELETED_PLAYER],
        )
        .await?;
        for sql in crate::live::puzzles::sql::DELETE_ACCOUNT {
            tx.execute(sql, &[&account]).await?;
        }
        // Sessions, ratings and history go with it (ON DELETE CASCADE).
        tx.execute("DELETE FROM accounts WHERE id = $1", &[&account]).await?;
        tx.commit().await?;
        Ok(())
    }

    async fn start_session(&self, token_hash: &str, account: i64, now: u64, expires: u64) -> Result<()> {
        let mut client = self.client().await?;
        let tx = client.transaction().await?;
        tx.execute("DELETE FROM sessions WHERE account_id = $1 AND expires <= $2", &[&account, &(now as i64)]).await?;
        tx.execute(
            "INSERT INTO sessions (token_hash, account_id, created, expires) VALUES ($1, $2, $3, $4)",
            &[&token_hash, &account, &(now as i64), &(expires as i64)],
        )
        .await
        .context("cannot store the session")?;
        tx.commit().await?;
        Ok(())
    }

    async fn session(&self, token_hash: &str, now: u64) -> Result<Option<Account>> {
        let client = self.client().await?;
        let row = client
            .query_opt(
                "SELECT a.id, a.name, a.created FROM sessions s JOIN accounts a ON a.id = s.account_id
                 WHERE s.token_hash = $1 AND s.expires > $2",
                &[&token_hash, &(now as i64)],
            )
            .await
            .context("cannot read the session")?;
        Ok(row.as_ref().map(account_row))
    }

    async fn end_session(&self, token_hash: &str) -> Result<()> {
        let client = self.client().await?;
        client.execute("DELETE FROM sessions WHERE token_hash = $1", &[&token_hash]).await?;
        Ok(())
    }

    async fn seat_account(&self, id: &str, side: Side, account: &Account) -> Result<()> {
        let sql = if side == Side::First {
            "UPDATE games SET red_account = $2, red_name = $3 WHERE id = $1"
        } else {
            "UPDATE games SET black_account = $2, black_name = $3 WHERE id = $1"
        };
        let client = self.client().await?;
        client
            .execute(sql, &[&id, &account.id, &account.name])
            .await
            .with_context(|| format!("cannot store the seat of game {id}"))?;
        Ok(())
    }

    async fn profile(&self, name: &str) -> Result<Option<Profile>> {
        let client = self.client().await?;
        let Some(row) =
            client.query_opt("SELECT id, name, created FROM accounts WHERE name_key = $1", &[&name_key(name)]).await?
        else {
            return Ok(None);
        };
        let account = account_row(&row);
        let totals = client
            .query_one(
                "SELECT COUNT(*),
                     COUNT(*) FILTER (WHERE (red_account = $1 AND result = '1-0') OR (black_account = $1 AND result = '0-1')),
                     COUNT(*) FILTER (WHERE result = '1/2-1/2'),
                     COUNT(*) FILTER (WHERE (red_account = $1 AND result = '0-1') OR (black_account = $1 AND result = '1-0'))
                 FROM games WHERE (red_account = $1 OR black_account = $1) AND result IS NOT NULL",
                &[&account.id],
            )
            .await?;
        let n = |i: usize| to_u64(totals.get(i));
        let mut ratings = client
            .query(
                &format!("SELECT variant, speed, {GLICKO} FROM account_ratings WHERE account_id = $1"),
                &[&account.id],
            )
            .await?
            .iter()
            .filter_map(|r| {
                Some(PoolRating { variant: r.get(0), speed: Speed::from_name(r.get(1))?, glicko: glicko_row(r, 2) })
            })
            .collect::<Vec<_>>();
        ratings.sort_by(|a, b| (&a.variant, a.speed).cmp(&(&b.variant, b.speed)));
        let history = client
            .query(
                "SELECT variant, speed, at, rating, game_id FROM (
                     SELECT variant, speed, at, rating, game_id, id,
                         ROW_NUMBER() OVER (PARTITION BY variant, speed ORDER BY at DESC, id DESC) AS k
                     FROM rating_history WHERE account_id = $1) h WHERE k <= $2 ORDER BY at, id",
                &[&account.id, &(HISTORY_PER_POOL as i64)],
            )
            .await?
            .iter()
            .filter_map(|r| {
                Some(RatingPoint {
                    variant: r.get(0),
                    speed: Speed::from_name(r.get(1))?,
                    at: to_u64(r.get(2)),
                    rating: r.get(3),
                    game: r.get(4),
                })
            })
            .collect();
        Ok(Some(Profile { account, games: n(0), wins: n(1), draws: n(2), losses: n(3), ratings, history }))
    }

    async fn player_games(&self, account: i64, f: &GamesFilter) -> Result<(u64, Vec<PlayerGame>)> {
        let mut conds = vec!["(g.red_account = $1 OR g.black_account = $1)".to_string(), "g.result IS NOT NULL".into()];
        let mut args: Vec<Box<dyn ToSql + Sync + Send>> = vec![Box::new(account)];
        let arg = |v: Box<dyn ToSql + Sync + Send>, args: &mut Vec<Box<dyn ToSql + Sync + Send>>| {
            args.push(v);
            format!("${}", args.len())
        };
        if let Some(v) = &f.variant {
            conds.push(format!("g.variant = {}", arg(Box::new(v.clone()), &mut args)));
        }
        if let Some(r) = f.result {
            let red = arg(Box::new(r.pgn(Side::First).to_string()), &mut args);
            let black = arg(Box::new(r.pgn(Side::Second).to_string()), &mut args);
            conds.push(format!(
                "((g.red_account = $1 AND g.result = {red}) OR (g.black_account = $1 AND g.result = {black}))"
            ));
        }
        if let Some(o) = &f.opponent {
            let o = arg(Box::new(name_key(o)), &mut args);
            conds.push(format!(
                "((g.red_account = $1 AND lower(g.black_name) = {o}) OR (g.black_account = $1 AND lower(g.red_name) = {o}))"
            ));
        }
        if let Some(codes) = &f.openings {
            let list = arg(Box::new(codes.clone()), &mut args);
            conds.push(format!("g.opening = ANY({list})"));
        }
        let wh = conds.join(" AND ");
        let refs: Vec<&(dyn ToSql + Sync)> = args.iter().map(|b| b.as_ref() as &(dyn ToSql + Sync)).collect();
        let client = self.client().await?;
        let total: i64 = client.query_one(&format!("SELECT COUNT(*) FROM games g WHERE {wh}"), &refs).await?.get(0);
        let rows = client
            .query(
                &format!(
                    "SELECT g.id, g.variant, g.mode, g.created, g.result, g.reason,
                         (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id), g.red_name, g.black_name,
                         g.red_account = $1, g.rated, g.base_ms, g.increment_ms, g.periods, g.period_ms, g.opening,
                         g.red_elo_before, g.black_elo_before, g.red_elo_after, g.black_elo_after, g.reasons
                     FROM games g WHERE {wh} ORDER BY g.finished DESC, g.id DESC LIMIT {} OFFSET {}",
                    f.limit, f.offset
                ),
                &refs,
            )
            .await
            .context("cannot read the player's games")?;
        let games = rows
            .iter()
            .map(|r| {
                let elo: [Option<f64>; 4] = [r.get(16), r.get(17), r.get(18), r.get(19)];
                let rating = RatingChange::from_columns(elo);
                let opening: Option<String> = r.get(15);
                PlayerGame {
                    entry: ArchiveEntry {
                        id: r.get(0),
                        variant: r.get(1),
                        mode: r.get(2),
                        created: to_u64(r.get(3)),
                        end: StoredEnd {
                            result: r.get(4),
                            reason: r.get::<_, Option<String>>(5).unwrap_or_default(),
                            reasons: crate::live::reasons_of_column(r.get(20)),
                            rating,
                            opening: opening.clone(),
                        },
                        plies: to_u64(r.get(6)),
                        names: BySide::new(r.get(7), r.get(8)),
                    },
                    side: if r.get::<_, Option<bool>>(9).unwrap_or(false) { Side::First } else { Side::Second },
                    rated: r.get(10),
                    speed: Speed::of_clock(to_u64(r.get(11)), to_u64(r.get(12)), to_u32(r.get(13)), to_u64(r.get(14))),
                    opening,
                }
            })
            .collect();
        Ok((to_u64(total), games))
    }

    async fn pool_rating(&self, account: i64, variant: &str, speed: Speed) -> Result<Option<Glicko>> {
        let client = self.client().await?;
        let row = client
            .query_opt(
                &format!("SELECT {GLICKO} FROM account_ratings WHERE account_id = $1 AND variant = $2 AND speed = $3"),
                &[&account, &variant, &speed.name()],
            )
            .await?;
        Ok(row.map(|r| glicko_row(&r, 0)))
    }

    async fn leaderboard(&self, variant: &str, speed: Speed, limit: usize) -> Result<Vec<(String, Glicko)>> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT a.name, r.rating, r.deviation, r.volatility, r.games, r.wins, r.draws, r.losses
                 FROM account_ratings r JOIN accounts a ON a.id = r.account_id
                 WHERE r.variant = $1 AND r.speed = $2 ORDER BY r.rating DESC, a.name LIMIT $3",
                &[&variant, &speed.name(), &(limit as i64)],
            )
            .await
            .context("cannot read the ratings")?;
        Ok(rows.iter().map(|r| (r.get(0), glicko_row(r, 1))).collect())
    }
}
