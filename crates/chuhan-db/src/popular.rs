//! The explorer's precomputed answers for popular positions.
//!
//! The explorer's cost grows with the games through a position (an aggregate over its index
//! rows): the start position of a 500,000-game collection has 500,000 rows. So the positions
//! through which many games pass ([`THRESHOLD`]) get their answer stored: the games through them
//! (`popular_positions`), each move's counts and last year (`popular_moves`) and their best-known
//! games (`popular_games`, the first [`TOP_KEPT`] by the explorer's order). The explorer reads
//! these for a popular position and aggregates the index for the others.
//!
//! The stored answers are exact, not estimates: a position is promoted by computing its answer
//! from the index inside a transaction, and from then on every import batch adds what its new
//! games contribute in the batch's own transaction. Which positions get promoted is a guess
//! that costs speed only, never correctness: an import counts the positions of its games' first
//! [`PROMOTE_PLY`] plies and, at its end, promotes those its counts point at once the index
//! says they have [`THRESHOLD`] games (the index is asked only about positions whose count,
//! with the games stored before the run, could reach it).
//!
//! Two importers at once stay exact: on SQLite a batch holds the write lock from its start
//! (reading the popular set included), on PostgreSQL batches and promotions take one advisory
//! lock, so no promotion falls between a batch's reading of the set and its commit.

use crate::answer::{count_games, from_postings, FactsCache, TopGame};
use crate::backend::{Arg, Conn, SqlError};
use crate::postings::{lookup, POSITIONS};
use crate::prepared::Prepared;
use std::collections::{HashMap, HashSet};

/// A position with at least this many games gets its answer stored. Below it the explorer's
/// aggregate over the index takes a few milliseconds at most.
pub const THRESHOLD: u64 = 1000;
/// The best-known games kept for a popular position: an explorer asking for more aggregates.
pub const TOP_KEPT: usize = 32;
/// Positions seen within this many plies of a game's start are candidates for promotion.
pub const PROMOTE_PLY: u32 = 16;
/// The advisory lock of PostgreSQL imports and promotions (chuhan-db's schema lock + 1).
pub(crate) const PG_LOCK: i64 = 7368219;

/// What a batch's new games add to the stored answers.
#[derive(Default)]
pub(crate) struct Deltas {
    /// (key, games).
    pub(crate) positions: HashMap<i64, i64>,
    /// (key, move code) → games, wins, draws, losses, unknown, last year.
    pub(crate) moves: HashMap<(i64, i64), [i64; 5]>,
    /// (key, move code) → the last year.
    pub(crate) years: HashMap<(i64, i64), i64>,
    /// key → its new games.
    pub(crate) games: HashMap<i64, Vec<TopGame>>,
}

impl Deltas {
    /// Adds stored game `id` (its Elo sum and year, `game` its prepared rows) for the popular
    /// keys among its positions.
    pub(crate) fn add(&mut self, popular: &HashSet<i64>, id: i64, elo: i64, year: Option<i64>, game: &Prepared) {
        if popular.is_empty() {
            return;
        }
        // (key, the move of the game's first visit), in the order of the game.
        let mut keys: Vec<(i64, Option<i64>)> = Vec::new();
        let mut moves: Vec<(i64, i64)> = Vec::new();
        for &(key, _, next) in &game.positions {
            if !popular.contains(&key) {
                continue;
            }
            keys.push((key, next));
            if let Some(next) = next {
                moves.push((key, next));
            }
        }
        // A position recurring in a game counts once, a move from it once (as the explorer
        // does); the stable sort keeps each key's first visit first.
        keys.sort_by_key(|&(key, _)| key);
        keys.dedup_by_key(|&mut (key, _)| key);
        moves.sort_unstable();
        moves.dedup();
        for (key, next) in keys {
            *self.positions.entry(key).or_default() += 1;
            self.games.entry(key).or_default().push(TopGame { elo, year: year.unwrap_or(0), game: id, next });
        }
        for (key, next) in moves {
            let counts = self.moves.entry((key, next >> 2)).or_default();
            counts[0] += 1;
            counts[1 + (next & 3) as usize] += 1;
            if let Some(year) = year {
                let last = self.years.entry((key, next >> 2)).or_insert(year);
                *last = (*last).max(year);
            }
        }
    }

    /// Each key's new games, the best [`TOP_KEPT`] only (the others cannot enter its list).
    pub(crate) fn best_games(&mut self) -> impl Iterator<Item = (i64, TopGame)> + '_ {
        self.games.iter_mut().flat_map(|(&key, games)| {
            games.sort_unstable_by(TopGame::order);
            games.truncate(TOP_KEPT);
            games.iter().map(move |&g| (key, g))
        })
    }

    /// The moves' rows: (key, code, [games, wins, draws, losses, unknown], last year).
    pub(crate) fn move_rows(&self) -> impl Iterator<Item = (i64, i64, [i64; 5], Option<i64>)> + '_ {
        self.moves.iter().map(|(&(key, code), &counts)| (key, code, counts, self.years.get(&(key, code)).copied()))
    }
}

/// The statement that adds a move's counts (both stores).
pub(crate) const ADD_MOVE: &str =
    "INSERT INTO popular_moves (key, code, games, wins, draws, losses, unknown, last_year) \
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT (key, code) DO UPDATE SET \
     games = popular_moves.games + excluded.games, wins = popular_moves.wins + excluded.wins, \
     draws = popular_moves.draws + excluded.draws, losses = popular_moves.losses + excluded.losses, \
     unknown = popular_moves.unknown + excluded.unknown, \
     last_year = CASE WHEN popular_moves.last_year IS NULL OR excluded.last_year > popular_moves.last_year \
     THEN excluded.last_year ELSE popular_moves.last_year END";
/// The statement that adds games through a position.
pub(crate) const ADD_POSITION: &str = "UPDATE popular_positions SET games = games + ?2 WHERE key = ?1";
/// The statement that adds a best-known game candidate.
pub(crate) const ADD_GAME: &str = "INSERT INTO popular_games (key, elo, year, game, next) VALUES (?1, ?2, ?3, ?4, ?5)";
/// The statement that keeps a position's best [`TOP_KEPT`] games.
pub(crate) const TRIM_GAMES: &str = "DELETE FROM popular_games WHERE key = ?1 AND game NOT IN \
     (SELECT game FROM popular_games WHERE key = ?1 ORDER BY elo DESC, year DESC, game LIMIT ?2)";

/// The popular keys.
pub(crate) const KEYS: &str = "SELECT key FROM popular_positions";

/// Counts positions of a run's games for promotion: how many games reached each position
/// within [`PROMOTE_PLY`] plies of their start. Kept below [`Candidates::LIMIT`] entries by
/// forgetting those seen once, so its memory does not grow with the collection.
#[derive(Default)]
pub(crate) struct Candidates {
    seen: HashMap<i64, u32>,
}

impl Candidates {
    const LIMIT: usize = 1 << 20;

    /// Counts `game`'s early positions.
    pub(crate) fn add(&mut self, game: &Prepared) {
        let mut keys: Vec<i64> =
            game.positions.iter().filter(|&&(_, ply, _)| ply < PROMOTE_PLY).map(|&(key, _, _)| key).collect();
        keys.sort_unstable();
        keys.dedup();
        for key in keys {
            *self.seen.entry(key).or_default() += 1;
        }
        if self.seen.len() > Self::LIMIT {
            self.seen.retain(|_, n| *n > 1);
            if self.seen.len() > Self::LIMIT / 2 {
                self.seen.retain(|_, n| *n > 4);
            }
        }
    }

    /// The keys worth asking the index about: seen in at least 16 of this run's games (or in
    /// fewer when the run is small, so that many small imports still promote the first plies),
    /// and in enough that, with at most `before` games stored before the run, they may have
    /// `threshold` games now.
    fn keys(&self, before: i64, threshold: i64) -> Vec<i64> {
        let floor = if self.seen.len() < 10_000 { 1 } else { 16 };
        let enough = |n: u32| n >= floor && i64::from(n).saturating_add(before) >= threshold;
        let mut keys: Vec<i64> = self.seen.iter().filter(|&(_, &n)| enough(n)).map(|(&k, _)| k).collect();
        keys.sort_unstable();
        keys
    }
}

/// Promotes the candidates that have `threshold` games or more and are not popular yet; returns
/// how many were promoted. `before`: at least the number of games stored before the run (a
/// key seen in fewer than `threshold - before` of the run's games cannot have `threshold`).
pub(crate) fn promote(
    conn: &mut Conn,
    candidates: &Candidates,
    before: i64,
    threshold: u64,
) -> Result<usize, SqlError> {
    let Ok(threshold) = i64::try_from(threshold) else { return Ok(0) };
    let mut promoted = 0;
    let mut facts = FactsCache::default();
    for key in candidates.keys(before, threshold) {
        begin(conn)?;
        let done = promote_one(conn, key, threshold, &mut facts);
        match done {
            Ok(true) => {
                conn.batch("COMMIT")?;
                promoted += 1;
            }
            Ok(false) => conn.batch("COMMIT")?,
            Err(e) => {
                // The error is the one to tell; a failed rollback adds nothing to it.
                let _ = conn.batch("ROLLBACK");
                return Err(e);
            }
        }
    }
    Ok(promoted)
}

/// A write transaction that no import batch or other promotion can interleave with.
pub(crate) fn begin(conn: &mut Conn) -> Result<(), SqlError> {
    match conn {
        Conn::Sqlite(_) => conn.batch("BEGIN IMMEDIATE"),
        Conn::Postgres(_) => conn.batch(&format!("BEGIN; SELECT pg_advisory_xact_lock({PG_LOCK})")),
    }
}

/// Stores `key`'s answer if it has `threshold` games and is not stored already (another
/// importer promoted it); returns whether it stored it. Inside the caller's transaction, so the
/// answer is exact when it is stored.
pub(crate) fn promote_one(conn: &mut Conn, key: i64, threshold: i64, facts: &mut FactsCache) -> Result<bool, SqlError> {
    let k = Arg::Int(key);
    if conn.query_row("SELECT 1 FROM popular_positions WHERE key = ?1", std::slice::from_ref(&k))?.is_some() {
        return Ok(false);
    }
    let postings = lookup(conn, POSITIONS, key as u64)?;
    if count_games(&postings) < threshold {
        return Ok(false);
    }
    let a = from_postings(conn, &postings, TOP_KEPT, facts)?;
    conn.execute("INSERT INTO popular_positions (key, games) VALUES (?1, ?2)", &[k.clone(), Arg::Int(a.games)])?;
    for m in &a.moves {
        let [games, wins, draws, losses, unknown] = m.counts.map(Arg::Int);
        let args = [k.clone(), Arg::Int(m.code), games, wins, draws, losses, unknown, Arg::OptInt(m.last_year)];
        conn.execute(ADD_MOVE, &args)?;
    }
    for g in &a.top {
        conn.execute(ADD_GAME, &[k.clone(), Arg::Int(g.elo), Arg::Int(g.year), Arg::Int(g.game), Arg::OptInt(g.next)])?;
    }
    Ok(true)
}

/// The popular keys, read inside a batch's transaction.
pub(crate) fn keys_sqlite(tx: &rusqlite::Connection) -> rusqlite::Result<HashSet<i64>> {
    let mut stmt = tx.prepare_cached(KEYS)?;
    let keys = stmt.query_map([], |r| r.get::<_, i64>(0))?.collect::<rusqlite::Result<HashSet<i64>>>();
    keys
}

/// Writes `deltas` on SQLite, inside the batch's transaction.
pub(crate) fn apply_sqlite(tx: &rusqlite::Connection, deltas: &mut Deltas) -> rusqlite::Result<()> {
    use rusqlite::params;
    {
        let mut stmt = tx.prepare_cached(ADD_POSITION)?;
        for (key, games) in &deltas.positions {
            stmt.execute(params![key, games])?;
        }
        let mut stmt = tx.prepare_cached(ADD_MOVE)?;
        for (key, code, c, year) in deltas.move_rows() {
            stmt.execute(params![key, code, c[0], c[1], c[2], c[3], c[4], year])?;
        }
        let mut stmt = tx.prepare_cached(ADD_GAME)?;
        for (key, g) in deltas.best_games() {
            stmt.execute(params![key, g.elo, g.year, g.game, g.next])?;
        }
        let mut stmt = tx.prepare_cached(TRIM_GAMES)?;
        for key in deltas.games.keys() {
            stmt.execute(params![key, TOP_KEPT as i64])?;
        }
    }
    Ok(())
}

/// Writes `deltas` on PostgreSQL, inside the batch's transaction: each kind of row in one
/// statement over arrays (one round trip each, not one a row).
pub(crate) fn apply_pg(tx: &mut postgres::Client, deltas: &mut Deltas) -> Result<(), postgres::Error> {
    if deltas.positions.is_empty() {
        return Ok(());
    }
    let (keys, games): (Vec<i64>, Vec<i64>) = deltas.positions.iter().map(|(&k, &g)| (k, g)).unzip();
    tx.execute(
        "UPDATE popular_positions p SET games = p.games + d.games \
         FROM UNNEST($1::BIGINT[], $2::BIGINT[]) AS d(key, games) WHERE p.key = d.key",
        &[&keys, &games],
    )?;
    let mut cols: [Vec<i64>; 7] = Default::default();
    let mut years: Vec<Option<i64>> = Vec::new();
    for (key, code, c, year) in deltas.move_rows() {
        for (col, v) in cols.iter_mut().zip([key, code, c[0], c[1], c[2], c[3], c[4]]) {
            col.push(v);
        }
        years.push(year);
    }
    let insert = ADD_MOVE.replace(
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        "SELECT * FROM UNNEST($1::BIGINT[], $2::BIGINT[], $3::BIGINT[], $4::BIGINT[], $5::BIGINT[], \
         $6::BIGINT[], $7::BIGINT[], $8::BIGINT[])",
    );
    let [a, b, c, d, e, f, g] = &cols;
    tx.execute(&insert, &[a, b, c, d, e, f, g, &years])?;
    let mut rows: [Vec<i64>; 4] = Default::default();
    let mut nexts: Vec<Option<i64>> = Vec::new();
    for (key, g) in deltas.best_games() {
        for (col, v) in rows.iter_mut().zip([key, g.elo, g.year, g.game]) {
            col.push(v);
        }
        nexts.push(g.next);
    }
    let [a, b, c, d] = &rows;
    tx.execute(
        "INSERT INTO popular_games (key, elo, year, game, next) \
         SELECT * FROM UNNEST($1::BIGINT[], $2::BIGINT[], $3::BIGINT[], $4::BIGINT[], $5::BIGINT[])",
        &[a, b, c, d, &nexts],
    )?;
    let touched: Vec<i64> = deltas.games.keys().copied().collect();
    tx.execute(
        "DELETE FROM popular_games p WHERE p.key = ANY($1) AND p.game NOT IN \
         (SELECT t.game FROM popular_games t WHERE t.key = p.key ORDER BY t.elo DESC, t.year DESC, t.game LIMIT $2)",
        &[&touched, &(TOP_KEPT as i64)],
    )?;
    Ok(())
}
