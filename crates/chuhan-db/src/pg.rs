//! The PostgreSQL side of an import batch ([`crate::store`]): the games inserted with one
//! prepared statement (which says which were new), then the batch's position and material runs
//! sent with binary COPY, the fastest way into PostgreSQL and one round trip each.

use crate::backend::SqlError;
use crate::batch::Batch;
use crate::prepared::{Prepared, Progress};
use postgres::binary_copy::BinaryCopyInWriter;
use postgres::types::Type;
use postgres::Client;

/// Begins a batch: the transaction, the lock that keeps out other importers and promotions
/// ([`crate::popular`]), then the popular set.
pub(crate) fn begin(client: &mut Client) -> Result<Batch, SqlError> {
    client.batch_execute(&format!("BEGIN; SELECT pg_advisory_xact_lock({})", crate::popular::PG_LOCK))?;
    let popular = client.query(crate::popular::KEYS, &[]).and_then(|rows| rows.iter().map(|r| r.try_get(0)).collect());
    match popular {
        Ok(popular) => Ok(Batch::new(popular)),
        Err(e) => {
            // The error is the one to tell; a failed rollback adds nothing to it.
            let _ = client.batch_execute("ROLLBACK");
            Err(e.into())
        }
    }
}

/// Stores `games` in the open batch.
pub(crate) fn add(client: &mut Client, batch: &mut Batch, source: &str, games: &[Prepared]) -> Result<(), SqlError> {
    let insert = client.prepare(
        "INSERT INTO games (variant, red, black, event, date, year, result, red_elo, black_elo, \
         start_fen, moves, plies, opening, headers, dedup, source, source_game) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) \
         ON CONFLICT (dedup) DO NOTHING RETURNING id",
    )?;
    for g in games {
        let r = &g.row;
        let id = client.query_opt(
            &insert,
            &[
                &r.variant,
                &r.red,
                &r.black,
                &r.event,
                &r.date,
                &r.year,
                &r.result,
                &r.red_elo,
                &r.black_elo,
                &r.start_fen,
                &r.moves,
                &r.plies,
                &r.opening,
                &r.headers,
                &r.dedup,
                &source,
                &r.source_game,
            ],
        )?;
        let Some(id) = id else {
            batch.counts.1 += 1;
            continue;
        };
        let id: i64 = id.try_get(0)?;
        batch.stored(id, g)?;
    }
    Ok(())
}

/// Ends the batch: the runs of both indexes by COPY, the popular answers, the progress, the
/// commit.
pub(crate) fn finish(
    client: &mut Client,
    mut batch: Batch,
    progress: &Progress<'_>,
) -> Result<(usize, usize, usize), SqlError> {
    for run in batch.runs().into_iter().flatten() {
        let copy = format!("COPY {} (id, postings, data) FROM STDIN (FORMAT binary)", run.index.table);
        let mut writer = BinaryCopyInWriter::new(client.copy_in(&copy)?, &[Type::INT8, Type::INT8, Type::BYTEA]);
        for (id, n, data) in &run.rows {
            writer.write(&[id, n, data])?;
        }
        writer.finish()?;
        let live = crate::backend::pg_sql(crate::postings::LIVE_RUN);
        client.execute(&live, &[&run.index.table, &run.number, &run.postings])?;
    }
    crate::popular::apply_pg(client, &mut batch.deltas)?;
    client.execute(
        "INSERT INTO imports (file, size, games_done, complete) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (file) DO UPDATE SET size = EXCLUDED.size, games_done = EXCLUDED.games_done, \
         complete = EXCLUDED.complete",
        &[&progress.file, &progress.size, &progress.games_done, &i64::from(progress.complete)],
    )?;
    client.batch_execute("COMMIT")?;
    Ok(batch.counts)
}
