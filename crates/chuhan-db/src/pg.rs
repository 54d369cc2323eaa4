//! The PostgreSQL side of an import: one transaction a batch, the games inserted with one
//! prepared statement (which says which were new), the batch's position runs and material rows
//! sent with binary COPY, the fastest way into PostgreSQL and one round trip for the whole batch.

use crate::backend::SqlError;
use crate::import::{sorted_postings, Prepared, Progress};
use postgres::binary_copy::BinaryCopyInWriter;
use postgres::types::Type;
use postgres::Client;

/// [`crate::Database`]'s store of a batch on PostgreSQL; returns (imported, duplicates,
/// positions).
pub(crate) fn store(
    client: &mut Client,
    progress: &Progress<'_>,
    batch: &[Prepared],
) -> Result<(usize, usize, usize), SqlError> {
    let mut tx = client.transaction()?;
    // One importer or promotion at a time ([`crate::popular`]), then the popular set.
    tx.batch_execute(&format!("SELECT pg_advisory_xact_lock({})", crate::popular::PG_LOCK))?;
    let popular: std::collections::HashSet<i64> =
        tx.query(crate::popular::KEYS, &[])?.iter().map(|r| r.try_get(0)).collect::<Result<_, _>>()?;
    let mut deltas = crate::popular::Deltas::default();
    let insert = tx.prepare(
        "INSERT INTO games (variant, red, black, event, date, year, result, red_elo, black_elo, \
         start_fen, moves, plies, opening, headers, dedup, source, source_game) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) \
         ON CONFLICT (dedup) DO NOTHING RETURNING id",
    )?;
    let mut counts = (0, 0, 0);
    let mut new = Vec::with_capacity(batch.len());
    let mut materials: Vec<(i64, i64)> = Vec::new();
    for g in batch {
        let r = g.row();
        let source = progress.file;
        let id = tx.query_opt(
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
            counts.1 += 1;
            continue;
        };
        let id: i64 = id.try_get(0)?;
        deltas.add(&popular, id, r.elo_sum(), r.year, g);
        new.push((id, g));
        materials.extend(g.materials.iter().map(|&sig| (sig, id)));
        counts.0 += 1;
        counts.2 += g.positions.len();
    }
    // One run a bucket the batch touched, numbered by its first new game, as on SQLite.
    if let Some(&(first, _)) = new.first() {
        let sink = tx.copy_in("COPY position_runs (bucket, run, postings, data) FROM STDIN (FORMAT binary)")?;
        let mut writer = BinaryCopyInWriter::new(sink, &[Type::INT8, Type::INT8, Type::INT8, Type::BYTEA]);
        for (bucket, n, data) in crate::postings::runs(&sorted_postings(&new)?) {
            writer.write(&[&bucket, &first, &(n as i64), &data])?;
        }
        writer.finish()?;
    }
    let sink = tx.copy_in("COPY materials (sig, game) FROM STDIN (FORMAT binary)")?;
    let mut writer = BinaryCopyInWriter::new(sink, &[Type::INT8, Type::INT8]);
    for (sig, game) in &materials {
        writer.write(&[sig, game])?;
    }
    writer.finish()?;
    crate::popular::apply_pg(&mut tx, &mut deltas)?;
    tx.execute(
        "INSERT INTO imports (file, size, games_done, complete) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (file) DO UPDATE SET size = EXCLUDED.size, games_done = EXCLUDED.games_done, \
         complete = EXCLUDED.complete",
        &[&progress.file, &progress.size, &progress.games_done, &i64::from(progress.complete)],
    )?;
    tx.commit()?;
    Ok(counts)
}
