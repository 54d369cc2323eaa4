//! The SQLite side of an import batch ([`crate::store`]): the games inserted one by one with
//! a cached statement, then the batch's position and material runs, the popular answers and
//! the file's progress, all in the one transaction the batch began with.

use crate::backend::SqlError;
use crate::batch::Batch;
use crate::prepared::{Prepared, Progress};
use rusqlite::params;

/// Begins a batch: the transaction, with the write lock from the start, so that no other
/// importer can promote a position between the reading of the popular set and the commit
/// ([`crate::popular`]), then the popular set.
pub(crate) fn begin(c: &rusqlite::Connection) -> Result<Batch, SqlError> {
    c.execute_batch("BEGIN IMMEDIATE")?;
    match crate::popular::keys_sqlite(c) {
        Ok(popular) => Ok(Batch::new(popular)),
        Err(e) => {
            // The error is the one to tell; a failed rollback adds nothing to it.
            let _ = c.execute_batch("ROLLBACK");
            Err(e.into())
        }
    }
}

/// Stores `games` in the open batch.
pub(crate) fn add(
    c: &rusqlite::Connection,
    batch: &mut Batch,
    source: &str,
    games: &[Prepared],
) -> Result<(), SqlError> {
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

/// Ends the batch: its runs, the popular answers, the progress, the commit.
pub(crate) fn finish(
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
