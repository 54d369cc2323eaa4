//! [`Accounts`] on SQLite: writes on the writer thread, reads on the reading connection.

use super::SqliteStore;
use crate::live::accounts::{
    name_key, Account, AccountError, Accounts, Credentials, GamesFilter, PlayerGame, PoolRating, Profile, RatingPoint,
    DELETED_PLAYER, HISTORY_PER_POOL,
};
use crate::live::glicko::{self, Glicko, Speed};
use crate::live::rating::RatingChange;
use crate::live::{ArchiveEntry, StoredEnd};
use anyhow::{Context, Result};
use chuhan::{BySide, Side};
use rusqlite::{params, Connection, OptionalExtension};

/// The columns of an account, in [`account_row`]'s order.
const ACCOUNT: &str = "id, name, created";

fn account_row(r: &rusqlite::Row) -> rusqlite::Result<Account> {
    Ok(Account { id: r.get(0)?, name: r.get(1)?, created: r.get::<_, i64>(2)?.max(0) as u64 })
}

fn create_account(conn: &Connection, name: &str, hash: &str, now: u64) -> Result<Account> {
    let key = name_key(name);
    let taken: Option<i64> =
        conn.query_row("SELECT id FROM accounts WHERE name_key = ?1", params![key], |r| r.get(0)).optional()?;
    if taken.is_some() {
        return Err(AccountError::NameTaken(name.to_string()).into());
    }
    conn.execute(
        "INSERT INTO accounts (name, name_key, password_hash, created) VALUES (?1, ?2, ?3, ?4)",
        params![name, key, hash, now as i64],
    )
    .with_context(|| format!("cannot store the account {name:?}"))?;
    Ok(Account { id: conn.last_insert_rowid(), name: name.to_string(), created: now })
}

fn credentials(conn: &Connection, name: &str) -> Result<Option<Credentials>> {
    conn.query_row(
        &format!("SELECT {ACCOUNT}, password_hash, failed_logins, failed_since FROM accounts WHERE name_key = ?1"),
        params![name_key(name)],
        |r| {
            Ok(Credentials {
                account: account_row(r)?,
                password_hash: r.get(3)?,
                failed_logins: r.get(4)?,
                failed_since: r.get::<_, i64>(5)?.max(0) as u64,
            })
        },
    )
    .optional()
    .with_context(|| format!("cannot read the account {name:?}"))
}

fn login_failed(conn: &Connection, account: i64, now: u64, window: u64) -> Result<u32> {
    let since = now.saturating_sub(window) as i64;
    conn.execute(
        "UPDATE accounts SET
             failed_logins = CASE WHEN failed_since < ?3 THEN 1 ELSE failed_logins + 1 END,
             failed_since = CASE WHEN failed_since < ?3 THEN ?2 ELSE failed_since END
         WHERE id = ?1",
        params![account, now as i64, since],
    )?;
    let n: u32 = conn.query_row("SELECT failed_logins FROM accounts WHERE id = ?1", params![account], |r| r.get(0))?;
    Ok(n)
}

fn set_password(conn: &Connection, account: i64, hash: &str, keep: Option<&str>) -> Result<()> {
    conn.execute("UPDATE accounts SET password_hash = ?2 WHERE id = ?1", params![account, hash])?;
    conn.execute(
        "DELETE FROM sessions WHERE account_id = ?1 AND token_hash IS NOT ?2",
        params![account, keep.unwrap_or("")],
    )?;
    Ok(())
}

fn delete_account(conn: &Connection, account: i64) -> Result<()> {
    conn.execute("DELETE FROM sessions WHERE account_id = ?1", params![account])?;
    conn.execute("DELETE FROM account_ratings WHERE account_id = ?1", params![account])?;
    conn.execute("DELETE FROM rating_history WHERE account_id = ?1", params![account])?;
    for sql in crate::live::puzzles::sql::DELETE_ACCOUNT {
        conn.execute(&crate::live::puzzles::sql::sqlite(sql), params![account])?;
    }
    conn.execute(
        "UPDATE games SET red_name = ?2, red_account = NULL WHERE red_account = ?1",
        params![account, DELETED_PLAYER],
    )?;
    conn.execute(
        "UPDATE games SET black_name = ?2, black_account = NULL WHERE black_account = ?1",
        params![account, DELETED_PLAYER],
    )?;
    conn.execute("DELETE FROM accounts WHERE id = ?1", params![account])?;
    Ok(())
}

fn start_session(conn: &Connection, token_hash: &str, account: i64, now: u64, expires: u64) -> Result<()> {
    conn.execute("DELETE FROM sessions WHERE account_id = ?1 AND expires <= ?2", params![account, now as i64])?;
    conn.execute(
        "INSERT INTO sessions (token_hash, account_id, created, expires) VALUES (?1, ?2, ?3, ?4)",
        params![token_hash, account, now as i64, expires as i64],
    )
    .context("cannot store the session")?;
    Ok(())
}

fn session(conn: &Connection, token_hash: &str, now: u64) -> Result<Option<Account>> {
    conn.query_row(
        "SELECT a.id, a.name, a.created FROM sessions s JOIN accounts a ON a.id = s.account_id
         WHERE s.token_hash = ?1 AND s.expires > ?2",
        params![token_hash, now as i64],
        account_row,
    )
    .optional()
    .context("cannot read the session")
}

fn seat_account(conn: &Connection, id: &str, side: Side, account: &Account) -> Result<()> {
    let sql = if side == Side::First {
        "UPDATE games SET red_account = ?2, red_name = ?3 WHERE id = ?1"
    } else {
        "UPDATE games SET black_account = ?2, black_name = ?3 WHERE id = ?1"
    };
    conn.execute(sql, params![id, account.id, account.name])
        .with_context(|| format!("cannot store the seat of game {id}"))?;
    Ok(())
}

fn glicko_row(r: &rusqlite::Row, at: usize) -> rusqlite::Result<Glicko> {
    Ok(Glicko {
        rating: r.get(at)?,
        deviation: r.get(at + 1)?,
        volatility: r.get(at + 2)?,
        games: r.get(at + 3)?,
        wins: r.get(at + 4)?,
        draws: r.get(at + 5)?,
        losses: r.get(at + 6)?,
    })
}

/// The columns of a rating, in [`glicko_row`]'s order.
const GLICKO: &str = "rating, deviation, volatility, games, wins, draws, losses";

fn pool_rating(conn: &Connection, account: i64, variant: &str, speed: Speed) -> Result<Glicko> {
    Ok(stored_rating(conn, account, variant, speed)?.unwrap_or_default())
}

fn stored_rating(conn: &Connection, account: i64, variant: &str, speed: Speed) -> Result<Option<Glicko>> {
    let r = conn
        .query_row(
            &format!("SELECT {GLICKO} FROM account_ratings WHERE account_id = ?1 AND variant = ?2 AND speed = ?3"),
            params![account, variant, speed.name()],
            |r| glicko_row(r, 0),
        )
        .optional()?;
    Ok(r)
}

fn store_rating(
    conn: &Connection,
    account: i64,
    variant: &str,
    speed: Speed,
    g: &Glicko,
    game: &str,
    now: u64,
) -> Result<()> {
    conn.execute(
        &format!(
            "INSERT INTO account_ratings (account_id, variant, speed, {GLICKO})
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
             ON CONFLICT (account_id, variant, speed) DO UPDATE SET rating = ?4, deviation = ?5,
                 volatility = ?6, games = ?7, wins = ?8, draws = ?9, losses = ?10"
        ),
        params![
            account,
            variant,
            speed.name(),
            g.rating,
            g.deviation,
            g.volatility,
            g.games,
            g.wins,
            g.draws,
            g.losses
        ],
    )?;
    conn.execute(
        "INSERT INTO rating_history (account_id, variant, speed, at, rating, game_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![account, variant, speed.name(), now as i64, g.rating, game],
    )?;
    Ok(())
}

/// Moves the ratings of the two accounts of game `id` after it ended `result` after `plies`
/// moves, if it counts ([`glicko::counts`]); called in the transaction that ends it.
pub(super) fn rate_accounts(
    conn: &Connection,
    id: &str,
    plies: usize,
    result: &str,
    now: u64,
) -> Result<Option<RatingChange>> {
    let (variant, rated, red, black, base, inc, periods, period): (
        String,
        bool,
        Option<i64>,
        Option<i64>,
        i64,
        i64,
        u32,
        i64,
    ) = conn.query_row(
        "SELECT variant, rated, red_account, black_account, base_ms, increment_ms, periods, period_ms
             FROM games WHERE id = ?1",
        params![id],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?, r.get(7)?)),
    )?;
    let (true, Some(red), Some(black)) = (rated, red, black) else { return Ok(None) };
    if red == black {
        return Ok(None);
    }
    let recent: u32 = conn.query_row(
        "SELECT COUNT(*) FROM games WHERE variant = ?1 AND finished >= ?2 AND red_elo_after IS NOT NULL
             AND ((red_account = ?3 AND black_account = ?4) OR (red_account = ?4 AND black_account = ?3))",
        params![variant, now.saturating_sub(glicko::REPEAT_WINDOW_SECS) as i64, red, black],
        |r| r.get(0),
    )?;
    if !glicko::counts(plies, result, recent) {
        return Ok(None);
    }
    let speed = Speed::of_clock(base.max(0) as u64, inc.max(0) as u64, periods, period.max(0) as u64);
    let before = (pool_rating(conn, red, &variant, speed)?, pool_rating(conn, black, &variant, speed)?);
    let Some(after) = glicko::update(&before.0, &before.1, result) else { return Ok(None) };
    store_rating(conn, red, &variant, speed, &after.0, id, now)?;
    store_rating(conn, black, &variant, speed, &after.1, id, now)?;
    Ok(Some(RatingChange {
        before: BySide::new(before.0.rating, before.1.rating),
        after: BySide::new(after.0.rating, after.1.rating),
    }))
}

fn profile(conn: &Connection, name: &str) -> Result<Option<Profile>> {
    let Some(account) = conn
        .query_row(&format!("SELECT {ACCOUNT} FROM accounts WHERE name_key = ?1"), params![name_key(name)], account_row)
        .optional()?
    else {
        return Ok(None);
    };
    let (games, wins, draws, losses): (i64, i64, i64, i64) = conn.query_row(
        "SELECT COUNT(*),
             COALESCE(SUM((red_account = ?1 AND result = '1-0') OR (black_account = ?1 AND result = '0-1')), 0),
             COALESCE(SUM(result = '1/2-1/2'), 0),
             COALESCE(SUM((red_account = ?1 AND result = '0-1') OR (black_account = ?1 AND result = '1-0')), 0)
         FROM games WHERE (red_account = ?1 OR black_account = ?1) AND result IS NOT NULL",
        params![account.id],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
    )?;
    let mut stmt = conn.prepare(&format!(
        "SELECT variant, speed, {GLICKO} FROM account_ratings WHERE account_id = ?1 ORDER BY variant, speed"
    ))?;
    let mut ratings = stmt
        .query_map(params![account.id], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?, glicko_row(r, 2)?)))?
        .collect::<rusqlite::Result<Vec<_>>>()?
        .into_iter()
        .filter_map(|(variant, speed, glicko)| Some(PoolRating { variant, speed: Speed::from_name(&speed)?, glicko }))
        .collect::<Vec<_>>();
    ratings.sort_by(|a, b| (&a.variant, a.speed).cmp(&(&b.variant, b.speed)));
    let mut stmt = conn.prepare(
        "SELECT variant, speed, at, rating, game_id FROM (
             SELECT variant, speed, at, rating, game_id, rowid AS n,
                 ROW_NUMBER() OVER (PARTITION BY variant, speed ORDER BY at DESC, rowid DESC) AS k
             FROM rating_history WHERE account_id = ?1) WHERE k <= ?2 ORDER BY at, n",
    )?;
    let history = stmt
        .query_map(params![account.id, HISTORY_PER_POOL as i64], |r| {
            Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?, r.get::<_, i64>(2)?, r.get(3)?, r.get(4)?))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?
        .into_iter()
        .filter_map(|(variant, speed, at, rating, game)| {
            Some(RatingPoint { variant, speed: Speed::from_name(&speed)?, at: at.max(0) as u64, rating, game })
        })
        .collect();
    let n = |v: i64| v.max(0) as u64;
    Ok(Some(Profile { account, games: n(games), wins: n(wins), draws: n(draws), losses: n(losses), ratings, history }))
}

fn player_games(conn: &Connection, account: i64, f: &GamesFilter) -> Result<(u64, Vec<PlayerGame>)> {
    // The conditions, each over the player's side (`?1` the account); the arguments after it.
    let mut conds = vec!["(g.red_account = ?1 OR g.black_account = ?1)".to_string(), "g.result IS NOT NULL".into()];
    let mut args: Vec<Box<dyn rusqlite::ToSql>> = vec![Box::new(account)];
    let arg = |v: Box<dyn rusqlite::ToSql>, args: &mut Vec<Box<dyn rusqlite::ToSql>>| {
        args.push(v);
        format!("?{}", args.len())
    };
    if let Some(v) = &f.variant {
        conds.push(format!("g.variant = {}", arg(Box::new(v.clone()), &mut args)));
    }
    if let Some(r) = f.result {
        let (red, black) =
            (arg(Box::new(r.pgn(Side::First)), &mut args), arg(Box::new(r.pgn(Side::Second)), &mut args));
        conds.push(format!(
            "((g.red_account = ?1 AND g.result = {red}) OR (g.black_account = ?1 AND g.result = {black}))"
        ));
    }
    if let Some(o) = &f.opponent {
        let o = arg(Box::new(o.clone()), &mut args);
        conds.push(format!(
            "((g.red_account = ?1 AND g.black_name = {o} COLLATE NOCASE) OR (g.black_account = ?1 AND g.red_name = {o} COLLATE NOCASE))"
        ));
    }
    if let Some(codes) = &f.openings {
        let list = codes.iter().map(|c| arg(Box::new(c.clone()), &mut args)).collect::<Vec<_>>();
        conds.push(if list.is_empty() { "0".into() } else { format!("g.opening IN ({})", list.join(", ")) });
    }
    let wh = conds.join(" AND ");
    let refs: Vec<&dyn rusqlite::ToSql> = args.iter().map(|b| b.as_ref()).collect();
    let total: i64 = conn.query_row(&format!("SELECT COUNT(*) FROM games g WHERE {wh}"), &refs[..], |r| r.get(0))?;
    let sql = format!(
        "SELECT g.id, g.variant, g.mode, g.created, g.result, g.reason,
             (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id), g.red_name, g.black_name,
             g.red_account = ?1, g.rated, g.base_ms, g.increment_ms, g.periods, g.period_ms, g.opening,
             g.red_elo_before, g.black_elo_before, g.red_elo_after, g.black_elo_after, g.reasons
         FROM games g WHERE {wh} ORDER BY g.finished DESC, g.rowid DESC LIMIT {} OFFSET {}",
        f.limit, f.offset
    );
    let mut stmt = conn.prepare(&sql)?;
    let games = stmt
        .query_map(&refs[..], |r| {
            let n = |i: usize| r.get::<_, i64>(i).map(|v| v.max(0) as u64);
            let elo: [Option<f64>; 4] = [r.get(16)?, r.get(17)?, r.get(18)?, r.get(19)?];
            let rating = RatingChange::from_columns(elo);
            Ok(PlayerGame {
                entry: ArchiveEntry {
                    id: r.get(0)?,
                    variant: r.get(1)?,
                    mode: r.get(2)?,
                    created: n(3)?,
                    end: StoredEnd {
                        result: r.get(4)?,
                        reason: r.get::<_, Option<String>>(5)?.unwrap_or_default(),
                        reasons: crate::live::reasons_of_column(r.get(20)?),
                        rating,
                        opening: r.get(15)?,
                    },
                    plies: n(6)?,
                    names: BySide::new(r.get(7)?, r.get(8)?),
                },
                side: if r.get::<_, Option<bool>>(9)?.unwrap_or(false) { Side::First } else { Side::Second },
                rated: r.get(10)?,
                speed: Speed::of_clock(n(11)?, n(12)?, r.get(13)?, n(14)?),
                opening: r.get(15)?,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok((total.max(0) as u64, games))
}

fn leaderboard(conn: &Connection, variant: &str, speed: Speed, limit: usize) -> Result<Vec<(String, Glicko)>> {
    let mut stmt = conn.prepare(&format!(
        "SELECT a.name, {} FROM account_ratings r JOIN accounts a ON a.id = r.account_id
         WHERE r.variant = ?1 AND r.speed = ?2 ORDER BY r.rating DESC, a.name LIMIT ?3",
        GLICKO.split(", ").map(|c| format!("r.{c}")).collect::<Vec<_>>().join(", ")
    ))?;
    let rows = stmt
        .query_map(params![variant, speed.name(), limit as i64], |r| Ok((r.get(0)?, glicko_row(r, 1)?)))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

#[async_trait::async_trait]
impl Accounts for SqliteStore {
    async fn create_account(&self, name: &str, password_hash: &str, now: u64) -> Result<Account> {
        let (name, hash) = (name.to_string(), password_hash.to_string());
        self.write(move |c| create_account(c, &name, &hash, now)).await
    }

    async fn credentials(&self, name: &str) -> Result<Option<Credentials>> {
        let name = name.to_string();
        self.read(move |c| credentials(c, &name)).await
    }

    async fn login_failed(&self, account: i64, now: u64, window: u64) -> Result<u32> {
        self.write(move |c| login_failed(c, account, now, window)).await
    }

    async fn login_succeeded(&self, account: i64) -> Result<()> {
        self.write(move |c| {
            c.execute("UPDATE accounts SET failed_logins = 0, failed_since = 0 WHERE id = ?1", params![account])?;
            Ok(())
        })
        .await
    }

    async fn set_password(&self, account: i64, password_hash: &str, keep: Option<&str>) -> Result<()> {
        let (hash, keep) = (password_hash.to_string(), keep.map(str::to_string));
        self.write(move |c| set_password(c, account, &hash, keep.as_deref())).await
    }

    async fn delete_account(&self, account: i64) -> Result<()> {
        self.write(move |c| delete_account(c, account)).await
    }

    async fn start_session(&self, token_hash: &str, account: i64, now: u64, expires: u64) -> Result<()> {
        let token_hash = token_hash.to_string();
        self.write(move |c| start_session(c, &token_hash, account, now, expires)).await
    }

    async fn session(&self, token_hash: &str, now: u64) -> Result<Option<Account>> {
        let token_hash = token_hash.to_string();
        self.read(move |c| session(c, &token_hash, now)).await
    }

    async fn end_session(&self, token_hash: &str) -> Result<()> {
        let token_hash = token_hash.to_string();
        self.write(move |c| {
            c.execute("DELETE FROM sessions WHERE token_hash = ?1", params![token_hash])?;
            Ok(())
        })
        .await
    }

    async fn seat_account(&self, id: &str, side: Side, account: &Account) -> Result<()> {
        let (id, account) = (id.to_string(), account.clone());
        self.write(move |c| seat_account(c, &id, side, &account)).await
    }

    async fn profile(&self, name: &str) -> Result<Option<Profile>> {
        let name = name.to_string();
        self.read(move |c| profile(c, &name)).await
    }

    async fn player_games(&self, account: i64, filter: &GamesFilter) -> Result<(u64, Vec<PlayerGame>)> {
        let filter = filter.clone();
        self.read(move |c| player_games(c, account, &filter)).await
    }

    async fn pool_rating(&self, account: i64, variant: &str, speed: Speed) -> Result<Option<Glicko>> {
        let variant = variant.to_string();
        self.read(move |c| stored_rating(c, account, &variant, speed)).await
    }

    async fn leaderboard(&self, variant: &str, speed: Speed, limit: usize) -> Result<Vec<(String, Glicko)>> {
        let variant = variant.to_string();
        self.read(move |c| leaderboard(c, &variant, speed, limit)).await
    }
}

/// Version 6 of the SQLite schema: accounts, sessions, the accounts' ratings and their history,
/// the seats and opening of games, rematches and chat.
pub(crate) const MIGRATION_V6: &str = "CREATE TABLE accounts (
        id INTEGER PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL, created INTEGER NOT NULL,
        failed_logins INTEGER NOT NULL DEFAULT 0, failed_since INTEGER NOT NULL DEFAULT 0);
     CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY, account_id INTEGER NOT NULL, created INTEGER NOT NULL,
        expires INTEGER NOT NULL);
     CREATE INDEX sessions_account ON sessions (account_id);
     CREATE TABLE account_ratings (
        account_id INTEGER NOT NULL, variant TEXT NOT NULL, speed TEXT NOT NULL,
        rating REAL NOT NULL, deviation REAL NOT NULL, volatility REAL NOT NULL,
        games INTEGER NOT NULL, wins INTEGER NOT NULL, draws INTEGER NOT NULL, losses INTEGER NOT NULL,
        PRIMARY KEY (account_id, variant, speed));
     CREATE INDEX account_ratings_rating ON account_ratings (variant, speed, rating);
     CREATE TABLE rating_history (
        account_id INTEGER NOT NULL, variant TEXT NOT NULL, speed TEXT NOT NULL,
        at INTEGER NOT NULL, rating REAL NOT NULL, game_id TEXT NOT NULL);
     CREATE INDEX rating_history_account ON rating_history (account_id, at);
     ALTER TABLE games ADD COLUMN red_account INTEGER;
     ALTER TABLE games ADD COLUMN black_account INTEGER;
     ALTER TABLE games ADD COLUMN opening TEXT;
     CREATE INDEX games_red_account ON games (red_account, finished);
     CREATE INDEX games_black_account ON games (black_account, finished);
     ALTER TABLE games ADD COLUMN rematch_offer INTEGER;
     ALTER TABLE games ADD COLUMN rematch_game TEXT;
     CREATE TABLE chat (
        game_id TEXT NOT NULL, n INTEGER NOT NULL, at INTEGER NOT NULL, author TEXT NOT NULL,
        side INTEGER, text TEXT NOT NULL, PRIMARY KEY (game_id, n));";
