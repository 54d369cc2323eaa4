//! Writing an import batch: one transaction, open from the batch's first games to its end, so
//! the games rows go in while the reader thread is still preparing the rest of the batch; at
//! the end the batch's position runs ([`crate::postings`]), the popular positions' updates
//! ([`crate::popular`]) and the file's progress, then the commit. SQLite here, PostgreSQL in
//! [`crate::pg`].

use crate::backend::{Conn, SqlError};
use crate::import::{Prepared, Progress};
use crate::popular::Deltas;
use crate::postings::{Index, Posting, MATERIALS, POSITIONS};
use rusqlite::params;
use std::collections::HashSet;

/// A run's row to write: row id, postings, blob.
pub(crate) type RunRow = (i64, i64, Vec<u8>);

/// A batch's run in one index: the index, the run's number, its postings, its rows.
pub(crate) struct Run {
    pub(crate) index: Index,
    pub(crate) number: i64,
    pub(crate) postings: i64,
    pub(crate) rows: Vec<RunRow>,
}

/// A batch being written.
pub(crate) struct Batch {
    /// The popular keys, read when the batch began (no promotion can happen before it ends).
    pub(crate) popular: HashSet<i64>,
    /// What the batch's new games add to the stored answers.
    pub(crate) deltas: Deltas,
    /// The new games' postings in the position index.
    pub(crate) postings: Vec<Posting>,
    /// And in the material index.
    pub(crate) materials: Vec<Posting>,
    /// The batch's first new game: its runs' number (unique: ids only grow).
    pub(crate) first: Option<i64>,
    /// Games stored, duplicates, positions.
    pub(crate) counts: (usize, usize, usize),
}

impl Batch {
    pub(crate) fn new(popular: HashSet<i64>) -> Batch {
        Batch {
            popular,
            deltas: Deltas::default(),
            postings: Vec::new(),
            materials: Vec::new(),
            first: None,
            counts: (0, 0, 0),
        }
    }

    /// Game `g` was stored as `id`: its postings and its share of the popular answers.
    pub(crate) fn stored(&mut self, id: i64, g: &Prepared) -> Result<(), SqlError> {
        self.first.get_or_insert(id);
        self.deltas.add(&self.popular, id, g.row.elo_sum(), g.row.year, g);
        self.postings.reserve(g.positions.len());
        for &(key, ply, next) in &g.positions {
            self.postings.push(Posting::new(key, id, ply, next)?);
        }
        for &sig in &g.materials {
            self.materials.push(Posting::new(crate::postings::material_key(sig) as i64, id, 0, None)?);
        }
        self.counts.0 += 1;
        self.counts.2 += g.positions.len();
        Ok(())
    }

    /// The run to write in each index: the index, the run's number and postings, its rows.
    /// `None` when the batch stored no game.
    pub(crate) fn runs(&mut self) -> Option<[Run; 2]> {
        let number = self.first?;
        Some([(POSITIONS, &mut self.postings), (MATERIALS, &mut self.materials)].map(|(index, postings)| {
            postings.sort_unstable();
            let rows = crate::postings::runs(index, number, postings).collect();
            Run { index, number, postings: postings.len() as i64, rows }
        }))
    }
}

/// Begins a batch.
pub(crate) fn begin(conn: &mut Conn) -> Result<Batch, SqlError> {
    match conn {
        Conn::Sqlite(c) => {
            // The write lock from the start: no other importer can promote a position between
            // the reading of the popular set and the commit ([`crate::popular`]).
            c.execute_batch("BEGIN IMMEDIATE")?;
            match crate::popular::keys_sqlite(c) {
                Ok(popular) => Ok(Batch::new(popular)),
                Err(e) => {
                    abort(conn);
                    Err(e.into())
                }
            }
        }
        Conn::Postgres(pg) => crate::pg::begin(pg.client.get_mut()),
    }
}

/// Stores `games` (the file is `source`) in the open batch.
pub(crate) fn add(conn: &mut Conn, batch: &mut Batch, source: &str, games: &[Prepared]) -> Result<(), SqlError> {
    match conn {
        Conn::Sqlite(c) => add_sqlite(c, batch, source, games),
        Conn::Postgres(pg) => crate::pg::add(pg.client.get_mut(), batch, source, games),
    }
}

/// Ends the batch: its runs, the popular answers' updates, the file's progress, the commit.
/// Returns (games stored, duplicates, positions).
pub(crate) fn finish(
    conn: &mut Conn,
    batch: Batch,
    progress: &Progress<'_>,
) -> Result<(usize, usize, usize), SqlError> {
    match conn {
        Conn::Sqlite(c) => finish_sqlite(c, batch, progress),
        Conn::Postgres(pg) => crate::pg::finish(pg.client.get_mut(), batch, progress),
    }
}

/// Gives the open batch up (a failure, or a run stopped half-way: what was committed stays).
pub(crate) fn abort(conn: &mut Conn) {
    // The error that led here is the one to tell; a failed rollback adds nothing to it.
    let _ = conn.batch("ROLLBACK");
}

fn add_sqlite(c: &rusqlite::Connection, batch: &mut Batch, source: &str, games: &[Prepared]) -> Result<(), SqlError> {
    let mut game_stmt = c.prepare_cached(
        "INSERT OR IGNORE INTO games (variant, red, black, event, date, year, result, red_elo, black_elo, \
         start_fen, moves, plies, opening, headers, dedup, source, source_game) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)",
    )?;
    for g in games {
        let r = &g.row;
        let inserted = game_stmt.execute(params![
            r.variant,
            r.red,
            r.black,
            r.event,
            r.date,
            r.year,
            r.result,
            r.red_elo,
            r.black_elo,
            r.start_fen,
            r.moves,
            r.plies,
            r.opening,
            r.headers,
            r.dedup,
            source,
            r.source_game,
        ])?;
        if inserted == 0 {
            batch.counts.1 += 1;
            continue;
        }
        batch.stored(c.last_insert_rowid(), g)?;
    }
    Ok(())
}

fn finish_sqlite(
    c: &rusqlite::Connection,
    mut batch: Batch,
    progress: &Progress<'_>,
) -> Result<(usize, usize, usize), SqlError> {
    for run in batch.runs().into_iter().flatten() {
        let mut run_stmt = c.prepare_cached(&crate::postings::insert_run(run.index))?;
        for (id, n, data) in run.rows {
            run_stmt.execute(params![id, n, data])?;
        }
        c.prepare_cached(crate::postings::LIVE_RUN)?.execute(params![run.index.table, run.number, run.postings])?;
    }
    crate::popular::apply_sqlite(c, &mut batch.deltas)?;
    c.execute(
        "INSERT INTO imports (file, size, games_done, complete) VALUES (?1, ?2, ?3, ?4) \
         ON CONFLICT(file) DO UPDATE SET size = ?2, games_done = ?3, complete = ?4",
        params![progress.file, progress.size, progress.games_done, progress.complete],
    )?;
    c.execute_batch("COMMIT")?;
    Ok(batch.counts)
}
