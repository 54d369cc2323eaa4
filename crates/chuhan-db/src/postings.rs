//! The position index: for every position of every game, which game reached it, at which ply,
//! and what it played there; and the material index, which games had a material signature on
//! the board at some point ([`crate::material`]). Both are kept the same way.
//!
//! A row a position (the first design) made an import a b-tree insert per position at a random
//! place (the keys are hashes): SQLite managed about a million a second while the index fitted
//! its cache, and once it did not, every batch rewrote pages all over the file. So the index is
//! kept as *runs*: sorted arrays of fixed-size [`Posting`]s in one blob, split by *bucket* (the
//! top bits of the key, [`Index::bits`]). An import batch sorts its postings once and writes a
//! row for each bucket it touched, whatever the size of the index: a few thousand rows a batch
//! instead of hundreds of thousands. A lookup binary-searches each row it reads for the key.
//!
//! A run is a batch's, cut into one row a bucket; `live_runs` lists the runs of each index, and
//! a lookup reads the key's bucket's row of each (a row's id is the run's number above the
//! bucket, so a batch appends its rows in order). Each import adds runs, so they pile up;
//! [`compact`] merges the smallest once there are more than [`MAX_RUNS`], at the end of an
//! import, in transactions of their own (a kill leaves every bucket either merged or as it was).

use crate::backend::{Arg, Conn, SqlError};

/// One index kept in runs: its table and how many top bits of a key make its bucket. More
/// buckets mean smaller reads a lookup but more rows a batch.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Index {
    /// The table of runs.
    pub(crate) table: &'static str,
    /// Buckets are the top this many bits of a key.
    pub(crate) bits: u32,
}

/// The position index: 16,384 buckets (a batch of 5,000 games has about 550,000 postings).
pub(crate) const POSITIONS: Index = Index { table: "position_runs", bits: 14 };
/// The material index, keyed by [`material_key`]: 1,024 buckets (a batch of 5,000 games has
/// about 100,000 postings; a lookup by signature is rarer than the explorer's).
pub(crate) const MATERIALS: Index = Index { table: "material_runs", bits: 10 };

/// A material signature as an index key: a bijective mix (splitmix64's finaliser), so that the
/// keys spread over the buckets while no two signatures share one.
pub(crate) fn material_key(sig: i64) -> u64 {
    let mut z = sig as u64;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
/// An index with more live runs than this has its smallest merged at the end of an import
/// ([`compact`]): a lookup reads a row for each live run (a few hundred microseconds at most),
/// and a bulk import of up to this many batches (640,000 games in batches of 5,000) merges
/// nothing.
pub(crate) const MAX_RUNS: usize = 128;
/// Bytes a posting takes in a run: key 8, game 4, ply 2, next 2 (little-endian).
const SIZE: usize = 16;
/// `next` of a game's last position, where no move was played.
const NO_NEXT: u16 = u16::MAX;

/// One game's visit to one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Posting {
    /// The folded position key ([`crate::key`]).
    pub(crate) key: u64,
    /// The game's id.
    pub(crate) game: u32,
    /// The ply the game was at (0 before the first move); plies past 65,535 are stored as 65,535.
    pub(crate) ply: u16,
    /// The move played from here, in the key's frame, with the game's result for the side to
    /// move: move code × 4 + 0 win, 1 draw, 2 loss, 3 unknown; `None` after the last move.
    pub(crate) next: Option<u16>,
}

impl Posting {
    /// A game's visit; an error when the game's id does not fit a run (beyond four billion).
    pub(crate) fn new(key: i64, game: i64, ply: u32, next: Option<i64>) -> Result<Posting, SqlError> {
        let game = u32::try_from(game)
            .map_err(|_| SqlError::Type(format!("game id {game} is beyond the position index's 4,294,967,295")))?;
        let next = match next {
            None => None,
            Some(n) => Some(u16::try_from(n).ok().filter(|&n| n != NO_NEXT).ok_or_else(|| {
                SqlError::Type(format!("game {game}: move and result {n} do not fit the position index"))
            })?),
        };
        Ok(Posting { key: key as u64, game, ply: ply.min(u32::from(u16::MAX)) as u16, next })
    }

    fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.key.to_le_bytes());
        out.extend_from_slice(&self.game.to_le_bytes());
        out.extend_from_slice(&self.ply.to_le_bytes());
        out.extend_from_slice(&self.next.unwrap_or(NO_NEXT).to_le_bytes());
    }

    fn read(b: &[u8]) -> Posting {
        let key = u64::from_le_bytes(b[0..8].try_into().unwrap_or_default());
        let game = u32::from_le_bytes(b[8..12].try_into().unwrap_or_default());
        let ply = u16::from_le_bytes(b[12..14].try_into().unwrap_or_default());
        let next = u16::from_le_bytes(b[14..16].try_into().unwrap_or_default());
        Posting { key, game, ply, next: (next != NO_NEXT).then_some(next) }
    }
}

impl Index {
    /// The bucket of a key, as stored.
    pub(crate) fn bucket(self, key: u64) -> i64 {
        (key >> (64 - self.bits)) as i64
    }
}

/// A run: the postings (sorted) one after the other.
pub(crate) fn encode(postings: &[Posting]) -> Vec<u8> {
    let mut out = Vec::with_capacity(postings.len() * SIZE);
    postings.iter().for_each(|p| p.write(&mut out));
    out
}

/// Every posting of a run; an error for a blob that is not a run.
pub(crate) fn decode(data: &[u8]) -> Result<impl Iterator<Item = Posting> + '_, SqlError> {
    check(data)?;
    Ok(data.chunks_exact(SIZE).map(Posting::read))
}

/// An error for a blob that is not a run.
fn check(data: &[u8]) -> Result<(), SqlError> {
    if data.len() % SIZE != 0 {
        return Err(SqlError::Type(format!("a position run of {} bytes, not a multiple of {SIZE}", data.len())));
    }
    Ok(())
}

/// The postings of `key` in a run, appended to `out`: a binary search for the first, then on
/// while the key holds.
fn find(data: &[u8], key: u64, out: &mut Vec<Posting>) -> Result<(), SqlError> {
    check(data)?;
    let n = data.len() / SIZE;
    let key_at = |i: usize| u64::from_le_bytes(data[i * SIZE..i * SIZE + 8].try_into().unwrap_or_default());
    let (mut lo, mut hi) = (0, n);
    while lo < hi {
        let mid = (lo + hi) / 2;
        if key_at(mid) < key {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    out.extend((lo..n).take_while(|&i| key_at(i) == key).map(|i| Posting::read(&data[i * SIZE..(i + 1) * SIZE])));
    Ok(())
}

/// A run's row id: its number (the first game its batch stored, or 0) above its bucket, so that
/// a batch's rows are appended to the table in order (a key of (bucket, run) would put them all
/// over an index that grows with every batch).
fn row_id(run: i64, bucket: i64) -> i64 {
    (run << 16) | bucket
}

/// Every posting of `key` in `index`, ordered by game and ply: one row a live run.
pub(crate) fn lookup(conn: &Conn, index: Index, key: u64) -> Result<Vec<Posting>, SqlError> {
    let sql = format!(
        "SELECT data FROM {t} WHERE id IN (SELECT run * 65536 + ?1 FROM live_runs WHERE tbl = '{t}')",
        t = index.table
    );
    let rows = conn.query(&sql, &[Arg::Int(index.bucket(key))])?;
    let mut out = Vec::new();
    for row in rows {
        find(&row.bytes(0)?, key, &mut out)?;
    }
    out.sort_unstable_by_key(|p| (p.game, p.ply));
    Ok(out)
}

/// The runs of a batch's postings in `index` (sorted by key, so each bucket's are together), for
/// run number `run`: (row id, postings, blob).
pub(crate) fn runs(index: Index, run: i64, sorted: &[Posting]) -> impl Iterator<Item = (i64, i64, Vec<u8>)> + '_ {
    sorted
        .chunk_by(move |a, b| index.bucket(a.key) == index.bucket(b.key))
        .map(move |c| (row_id(run, index.bucket(c[0].key)), c.len() as i64, encode(c)))
}

/// The statement that stores a run's bucket in `index` (both stores).
pub(crate) fn insert_run(index: Index) -> String {
    format!("INSERT INTO {} (id, postings, data) VALUES (?1, ?2, ?3)", index.table)
}

/// The statement that makes run `?2` of index `?1` live, with `?3` postings (both stores).
pub(crate) const LIVE_RUN: &str = "INSERT INTO live_runs (tbl, run, postings) VALUES (?1, ?2, ?3)";

/// Keeps the number of live runs of `index` at most `max_runs`: once there are more, the
/// smallest are merged into one, so that a merge rewrites the small runs of many small imports
/// and seldom the big ones of a bulk import (whose runs are all alike and under the limit).
/// Returns how many runs were merged away. Each group of buckets is merged in a transaction of
/// its own that no import batch interleaves with (`begin`); the merged run takes the highest
/// number of those it replaces, which is live all along, so a kill half-way leaves every
/// bucket either merged or as it was, and the list of live runs is mended last.
pub(crate) fn compact(
    conn: &mut Conn,
    index: Index,
    max_runs: usize,
    begin: impl Fn(&mut Conn) -> Result<(), SqlError>,
) -> Result<usize, SqlError> {
    let table = index.table;
    let mut live: Vec<(i64, i64)> = conn
        .query("SELECT run, postings FROM live_runs WHERE tbl = ?1", &[Arg::from(table)])?
        .iter()
        .map(|r| Ok((r.int(0)?, r.int(1)?)))
        .collect::<Result<_, SqlError>>()?;
    if live.len() <= max_runs {
        return Ok(0);
    }
    // The smallest, down to half the limit.
    live.sort_by_key(|&(run, postings)| (postings, run));
    let merged: Vec<i64> = live[..live.len() - max_runs / 2].iter().map(|&(run, _)| run).collect();
    let into = merged.iter().copied().max().unwrap_or(0);
    let buckets: Vec<i64> = (0..1i64 << index.bits).collect();
    for group in buckets.chunks(1024) {
        begin(conn)?;
        let done = group.iter().try_for_each(|&b| merge_bucket(conn, index, b, &merged, into));
        match done {
            Ok(()) => conn.batch("COMMIT")?,
            Err(e) => {
                // The error is the one to tell; a failed rollback adds nothing to it.
                let _ = conn.batch("ROLLBACK");
                return Err(e);
            }
        }
    }
    begin(conn)?;
    let total: i64 = live.iter().filter(|(run, _)| merged.contains(run)).map(|&(_, n)| n).sum();
    let done = (|| {
        for &run in &merged {
            conn.execute("DELETE FROM live_runs WHERE tbl = ?1 AND run = ?2", &[Arg::from(table), Arg::Int(run)])?;
        }
        // An upsert: an importer that finished at the same time may have merged the same runs.
        conn.execute(
            &format!("{LIVE_RUN} ON CONFLICT (tbl, run) DO UPDATE SET postings = excluded.postings"),
            &[Arg::from(table), Arg::Int(into), Arg::Int(total)],
        )?;
        conn.batch("COMMIT")
    })();
    if let Err(e) = done {
        let _ = conn.batch("ROLLBACK");
        return Err(e);
    }
    Ok(merged.len() - 1)
}

/// One bucket's rows of the runs `merged` made one, numbered `into`.
fn merge_bucket(conn: &mut Conn, index: Index, bucket: i64, merged: &[i64], into: i64) -> Result<(), SqlError> {
    let table = index.table;
    let ids: Vec<i64> = merged.iter().map(|&run| row_id(run, bucket)).collect();
    let (among, list) = conn.among("id", "?1", &ids);
    let rows = conn.query(&format!("SELECT data FROM {table} WHERE {among}"), std::slice::from_ref(&list))?;
    if rows.is_empty() {
        return Ok(());
    }
    let mut postings = Vec::new();
    for row in &rows {
        postings.extend(decode(&row.bytes(0)?)?);
    }
    postings.sort_unstable();
    conn.execute(&format!("DELETE FROM {table} WHERE {among}"), &[list])?;
    let n = postings.len() as i64;
    conn.execute(&insert_run(index), &[Arg::Int(row_id(into, bucket)), Arg::Int(n), Arg::Bytes(encode(&postings))])?;
    Ok(())
}

/// Converts the `positions` and `materials` rows of a version 1 or 2 database into runs, a
/// bucket at a time (one run, numbered 0), inside the caller's transaction.
pub(crate) fn convert_rows(conn: &mut Conn) -> Result<(), SqlError> {
    let index = POSITIONS;
    let mut total = [0i64; 2];
    for b in 0..1u64 << index.bits {
        // A bucket's keys are one range of unsigned keys that never crosses the sign bit, so it
        // is one range of the signed keys stored too.
        let low = b << (64 - index.bits);
        let high = low | (u64::MAX >> index.bits);
        let rows = conn.query(
            "SELECT key, game, ply, next FROM positions WHERE key >= ?1 AND key <= ?2",
            &[Arg::Int(low as i64), Arg::Int(high as i64)],
        )?;
        let postings = rows
            .iter()
            .map(|r| Posting::new(r.int(0)?, r.int(1)?, u32::try_from(r.int(2)?).unwrap_or(u32::MAX), r.opt_int(3)?))
            .collect::<Result<Vec<_>, _>>()?;
        total[0] += postings.len() as i64;
        write_whole(conn, index, b as i64, postings)?;
    }
    // Material signatures are not spread like hashes: read them all, then cut by bucket.
    let mut postings = conn
        .query("SELECT sig, game FROM materials", &[])?
        .iter()
        .map(|r| Posting::new(material_key(r.int(0)?) as i64, r.int(1)?, 0, None))
        .collect::<Result<Vec<_>, _>>()?;
    postings.sort_unstable();
    total[1] = postings.len() as i64;
    for part in postings.chunk_by(|a, b| MATERIALS.bucket(a.key) == MATERIALS.bucket(b.key)) {
        write_whole(conn, MATERIALS, MATERIALS.bucket(part[0].key), part.to_vec())?;
    }
    for (index, n) in [POSITIONS, MATERIALS].into_iter().zip(total) {
        conn.execute(LIVE_RUN, &[Arg::from(index.table), Arg::Int(0), Arg::Int(n)])?;
    }
    Ok(())
}

/// Writes `postings` as a bucket's one run, numbered 0.
fn write_whole(conn: &mut Conn, index: Index, bucket: i64, mut postings: Vec<Posting>) -> Result<(), SqlError> {
    if postings.is_empty() {
        return Ok(());
    }
    postings.sort_unstable();
    let n = postings.len() as i64;
    conn.execute(&insert_run(index), &[Arg::Int(row_id(0, bucket)), Arg::Int(n), Arg::Bytes(encode(&postings))])?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(key: u64, game: u32, ply: u16, next: Option<u16>) -> Posting {
        Posting { key, game, ply, next }
    }

    #[test]
    fn a_run_round_trips_and_finds_every_posting_of_a_key() {
        let mut all = vec![
            p(5, 1, 0, Some(40)),
            p(5, 2, 0, Some(41)),
            p(5, 2, 9, None),
            p(7, 1, 3, Some(0)),
            p(u64::MAX, 3, 65535, Some(32399)),
            p(1, 9, 1, Some(3)),
        ];
        all.sort_unstable();
        let data = encode(&all);
        assert_eq!(decode(&data).unwrap().collect::<Vec<_>>(), all);
        for key in [0, 1, 5, 6, 7, u64::MAX] {
            let mut found = Vec::new();
            find(&data, key, &mut found).unwrap();
            let expected: Vec<Posting> = all.iter().copied().filter(|q| q.key == key).collect();
            assert_eq!(found, expected, "key {key}");
        }
        assert!(decode(&data[1..]).is_err(), "a blob cut short is refused");
    }

    #[test]
    fn postings_refuse_what_does_not_fit() {
        assert!(Posting::new(1, 1 << 32, 0, None).is_err());
        assert!(Posting::new(1, 1, 0, Some(65535)).is_err());
        assert_eq!(Posting::new(-1, 7, 70_000, Some(12)).unwrap(), p(u64::MAX, 7, 65535, Some(12)));
    }

    #[test]
    fn material_keys_are_distinct_and_spread() {
        let keys: std::collections::HashSet<u64> = (0..100_000i64).map(|s| material_key(s * 977)).collect();
        assert_eq!(keys.len(), 100_000);
        let buckets: std::collections::HashSet<i64> = keys.iter().map(|&k| MATERIALS.bucket(k)).collect();
        assert_eq!(buckets.len(), 1 << MATERIALS.bits, "every bucket used");
    }

    #[test]
    fn runs_split_by_bucket() {
        let b = |n: u64| n << (64 - POSITIONS.bits);
        let sorted = vec![p(b(0), 1, 0, None), p(b(0) + 1, 1, 1, None), p(b(3), 2, 0, None), p(b(3) + 9, 1, 4, None)];
        let runs: Vec<(i64, i64)> = runs(POSITIONS, 7, &sorted).map(|(id, n, _)| (id, n)).collect();
        assert_eq!(runs, [(7 << 16, 2), ((7 << 16) | 3, 2)]);
    }
}
