//! Writing an import batch: one transaction, open from the batch's first games to its end, so
//! the games rows go in while the reader thread is still preparing the rest of the batch; at
//! the end the batch's position runs ([`crate::postings`]), the popular positions' updates
//! ([`crate::popular`]) and the file's progress, then the commit. This module only picks the
//! store's writer, [`crate::sqlite`] or [`crate::pg`]: the two sit side by side below it and
//! share the batch's state through [`crate::batch`].

use crate::backend::{Conn, SqlError};
use crate::batch::Batch;
use crate::prepared::{Prepared, Progress};

/// Begins a batch.
pub(crate) fn begin(conn: &mut Conn) -> Result<Batch, SqlError> {
    match conn {
        Conn::Sqlite(c) => crate::sqlite::begin(c),
        Conn::Postgres(pg) => crate::pg::begin(pg.client.get_mut()),
    }
}

/// Stores `games` (the file is `source`) in the open batch.
pub(crate) fn add(conn: &mut Conn, batch: &mut Batch, source: &str, games: &[Prepared]) -> Result<(), SqlError> {
    match conn {
        Conn::Sqlite(c) => crate::sqlite::add(c, batch, source, games),
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
        Conn::Sqlite(c) => crate::sqlite::finish(c, batch, progress),
        Conn::Postgres(pg) => crate::pg::finish(pg.client.get_mut(), batch, progress),
    }
}

/// Gives the open batch up (a failure, or a run stopped half-way: what was committed stays).
pub(crate) fn abort(conn: &mut Conn) {
    // The error that led here is the one to tell; a failed rollback adds nothing to it.
    let _ = conn.batch("ROLLBACK");
}
