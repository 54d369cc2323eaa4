//! Import: every game of record files (any format chuhan-record reads) into the database.
//!
//! Files are streamed game by game ([`chuhan_record::tools::for_each_game`]) and written in
//! batches, one transaction each, together with how far the file got: an import killed at
//! any moment leaves every committed batch whole and the rest absent, and the next import of
//! the same file starts after the last committed game. A game already stored (the same start
//! and moves, from any file) is counted as a duplicate and not stored again. A game that cannot
//! be read is reported with its file, number and ply, and the rest of the file imports.

use crate::backend::{Arg, Conn, SqlError};
use crate::key::{encode_moves, fnv1a, move_code, Fold, KeyTracker};
use crate::material::Material;
use crate::opening::{classify, janggi_opening, OPENING_PLY};
use crate::popular::Candidates;
use crate::postings::Posting;
use crate::{Database, DbError};
use chuhan::{Move, Position, Variant};
use chuhan_record::tools::for_each_game;
use chuhan_record::tools::RecordError;
use chuhan_record::{Outcome, Record};
use rusqlite::params;
use std::collections::HashSet;
use std::path::Path;

/// How an import runs.
#[derive(Clone, Debug)]
pub struct ImportOptions {
    /// Games a transaction (default 5,000): bigger batches import faster (the index rows of a
    /// batch go in in key order, so more of them share pages), smaller ones lose less
    /// work to a kill.
    pub batch: usize,
    /// Stop after this many games have been read in this run, as if killed after the last
    /// batch (tests of resuming use it; `None` in real imports).
    pub stop_after: Option<usize>,
    /// A position reached by at least this many games gets the explorer's answer stored
    /// (default [`crate::popular::THRESHOLD`]; `u64::MAX`: none).
    pub popular: u64,
}

impl Default for ImportOptions {
    fn default() -> ImportOptions {
        ImportOptions { batch: 5000, stop_after: None, popular: crate::popular::THRESHOLD }
    }
}

/// What an import did.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct ImportReport {
    /// Files looked at.
    pub files: usize,
    /// Files skipped because an earlier import finished them (same size).
    pub files_already_done: usize,
    /// Games read in this run (good and bad, not counting those skipped when resuming).
    pub games_read: usize,
    /// Games skipped at the start of a file because an earlier, interrupted import stored them.
    pub games_resumed_past: usize,
    /// Games stored.
    pub imported: usize,
    /// Games already in the database (the same start and moves).
    pub duplicates: usize,
    /// Positions (rows of the index) stored.
    pub positions: usize,
    /// Each bad game (or unreadable file), with where and why.
    pub errors: Vec<BadGame>,
    /// Whether the run stopped early ([`ImportOptions::stop_after`]).
    pub stopped: bool,
    /// Positions that now have so many games that the explorer's answer for them was stored
    /// ([`crate::popular`]).
    pub promoted: usize,
}

/// A game an import skipped (or a file it could not read): where, why, and the whole message.
/// It displays, and serialises to JSON, as the message alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadGame {
    /// The file as named.
    pub file: String,
    /// The game's number in the file, from 1; `None` when the file itself could not be read.
    pub game: Option<usize>,
    /// The ply the problem is at, from 1, where the reader knows it.
    pub ply: Option<usize>,
    /// Why, without the file, game and ply (`move "h0h5": ...`).
    pub reason: String,
    /// The file, game and ply, then why: `a.pgn: game 2, ply 3: move "h0h5": ...`.
    pub message: String,
}

impl BadGame {
    /// A file that could not be read at all.
    fn file(file: &str, why: impl std::fmt::Display) -> BadGame {
        BadGame {
            file: file.to_string(),
            game: None,
            ply: None,
            reason: why.to_string(),
            message: format!("{file}: {why}"),
        }
    }

    /// A game its reader refused: the place and reason from the reader's typed error.
    fn read(e: &RecordError) -> BadGame {
        use chuhan_record::dhtmlxq::DhtmlXqError;
        use chuhan_record::{CbfError, CbrError, ReadError as R, TreeError, XqfError};
        let (ply, reason) = match &e.error {
            R::Pgn(p) if p.in_variation => (p.ply, format!("{} (in a variation)", p.kind)),
            R::Pgn(p) => (p.ply, p.kind.to_string()),
            R::Xqf(XqfError::Tree(t))
            | R::DhtmlXq(DhtmlXqError::Tree(t))
            | R::Cbr(CbrError::Tree(t))
            | R::Cbf(CbfError::Tree(t)) => match t {
                TreeError::Illegal { ply, in_variation, error, fen } => {
                    let variation = if *in_variation { " (in a variation)" } else { "" };
                    (Some(*ply), format!("{error} (in {fen}){variation}"))
                }
                t => (None, t.to_string()),
            },
            other => (None, other.to_string()),
        };
        BadGame { file: e.file.clone(), game: (e.game > 0).then_some(e.game), ply, reason, message: e.to_string() }
    }
}

impl std::fmt::Display for BadGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl serde::Serialize for BadGame {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.message)
    }
}

/// Where an import is, for a progress bar.
#[derive(Clone, Copy, Debug)]
pub struct ImportProgress<'a> {
    /// The file being read.
    pub file: &'a Path,
    /// Bytes of it read.
    pub bytes_done: u64,
    /// Its size.
    pub bytes_total: u64,
    /// Games of it read so far.
    pub games: usize,
}

/// A game ready to store: what the games row and the index rows need.
pub(crate) struct Prepared {
    dedup: i64,
    record: Record,
    moves: Vec<Move>,
    /// (key, ply, next) of every position.
    pub(crate) positions: Vec<(i64, u32, Option<i64>)>,
    pub(crate) materials: Vec<i64>,
    opening: Option<String>,
    source_game: usize,
}

/// A games row, as both stores write it.
pub(crate) struct GameRow {
    pub(crate) variant: i64,
    pub(crate) red: String,
    pub(crate) black: String,
    pub(crate) event: String,
    pub(crate) date: String,
    pub(crate) year: Option<i64>,
    pub(crate) result: i64,
    pub(crate) red_elo: Option<i64>,
    pub(crate) black_elo: Option<i64>,
    pub(crate) start_fen: Option<String>,
    pub(crate) moves: Vec<u8>,
    pub(crate) plies: i64,
    pub(crate) opening: Option<String>,
    pub(crate) headers: String,
    pub(crate) dedup: i64,
    pub(crate) source_game: i64,
}

/// How far a file's import got, written with each batch.
pub(crate) struct Progress<'a> {
    pub(crate) file: &'a str,
    pub(crate) size: i64,
    pub(crate) games_done: i64,
    pub(crate) complete: bool,
}

impl GameRow {
    /// Both Elo ratings added, an unknown one as 0: the explorer's order of best-known games.
    pub(crate) fn elo_sum(&self) -> i64 {
        self.red_elo.unwrap_or(0) + self.black_elo.unwrap_or(0)
    }
}

impl Prepared {
    pub(crate) fn row(&self) -> GameRow {
        let h = &self.record.headers;
        let get = |k: &str| h.get(k).unwrap_or("").trim().to_string();
        let date = normalise_date(&get("Date"));
        let year = date.get(..4).and_then(|y| y.parse::<i64>().ok());
        let elo = |k: &str| get(k).parse::<i64>().ok();
        GameRow {
            variant: variant_code(self.record.variant),
            red: get("Red"),
            black: get("Black"),
            event: get("Event"),
            date,
            year,
            result: outcome_code(self.record.outcome),
            red_elo: elo("RedElo"),
            black_elo: elo("BlackElo"),
            start_fen: (!self.record.has_standard_start()).then(|| self.record.start_fen.clone()),
            moves: encode_moves(&self.moves),
            plies: self.moves.len() as i64,
            opening: self.opening.clone(),
            headers: h.iter().map(|(k, v)| format!("{}\t{}\n", clean(k), clean(v))).collect(),
            dedup: self.dedup,
            source_game: self.source_game as i64,
        }
    }
}

/// A batch's postings in key order, ready to be cut into runs: `new` holds each stored game's
/// id and its prepared rows.
pub(crate) fn sorted_postings(new: &[(i64, &Prepared)]) -> Result<Vec<Posting>, SqlError> {
    let mut postings = Vec::with_capacity(new.iter().map(|(_, g)| g.positions.len()).sum());
    for &(id, g) in new {
        for &(key, ply, next) in &g.positions {
            postings.push(Posting::new(key, id, ply, next)?);
        }
    }
    postings.sort_unstable();
    Ok(postings)
}

/// [`Database::store`] on SQLite: prepared statements, then the batch's runs.
fn store_sqlite(
    conn: &mut rusqlite::Connection,
    progress: &Progress<'_>,
    batch: &[Prepared],
) -> Result<(usize, usize, usize), SqlError> {
    // The write lock from the start: no other importer can promote a position between the
    // reading of the popular set and the commit ([`crate::popular`]).
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    let popular = crate::popular::keys_sqlite(&tx)?;
    let mut deltas = crate::popular::Deltas::default();
    let mut counts = (0, 0, 0);
    let mut new = Vec::with_capacity(batch.len());
    {
        let mut game_stmt = tx.prepare_cached(
            "INSERT OR IGNORE INTO games (variant, red, black, event, date, year, result, red_elo, black_elo, \
             start_fen, moves, plies, opening, headers, dedup, source, source_game) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)",
        )?;
        let mut mat_stmt = tx.prepare_cached("INSERT OR IGNORE INTO materials (sig, game) VALUES (?1, ?2)")?;
        for g in batch {
            let r = g.row();
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
                progress.file,
                r.source_game,
            ])?;
            if inserted == 0 {
                counts.1 += 1;
                continue;
            }
            let id = tx.last_insert_rowid();
            deltas.add(&popular, id, r.elo_sum(), r.year, g);
            new.push((id, g));
            for &sig in &g.materials {
                mat_stmt.execute(params![sig, id])?;
            }
            counts.0 += 1;
            counts.2 += g.positions.len();
        }
        // One run a bucket the batch touched, numbered by the batch's first new game (unique:
        // ids only grow).
        if let Some(&(first, _)) = new.first() {
            let mut run_stmt = tx.prepare_cached(crate::postings::INSERT_RUN)?;
            for (bucket, n, data) in crate::postings::runs(&sorted_postings(&new)?) {
                run_stmt.execute(params![bucket, first, n as i64, data])?;
            }
        }
        crate::popular::apply_sqlite(&tx, &mut deltas)?;
        tx.execute(
            "INSERT INTO imports (file, size, games_done, complete) VALUES (?1, ?2, ?3, ?4) \
             ON CONFLICT(file) DO UPDATE SET size = ?2, games_done = ?3, complete = ?4",
            params![progress.file, progress.size, progress.games_done, progress.complete],
        )?;
    }
    tx.commit()?;
    Ok(counts)
}

/// The duplicate check's hash: the variant, the start (board and side) and the moves.
fn dedup_key(record: &Record, moves: &[Move]) -> i64 {
    let fields = |s: &str| s.split_whitespace().take(2).collect::<Vec<_>>().join(" ");
    fnv1a(&[record.variant.name().as_bytes(), fields(&record.start_fen).as_bytes(), &encode_moves(moves)]) as i64
}

/// The game's result for the side to move: 0 win, 1 draw, 2 loss, 3 unknown.
fn score_for(outcome: Outcome, mover: chuhan::Side) -> i64 {
    match (outcome.winner(), outcome) {
        (Some(w), _) if w == mover => 0,
        (Some(_), _) => 2,
        (None, Outcome::Draw) => 1,
        _ => 3,
    }
}

/// Replays `record`'s main line and computes its index rows. The reader checked every move;
/// the start is read again here (a reader's start FEN is trusted but not assumed).
fn prepare(record: Record, source_game: usize, fold: Fold) -> Result<Prepared, String> {
    let mut pos: Position = record.start_position().map_err(|e| format!("start position: {e}"))?;
    let moves = record.mainline_moves();
    let mut positions = Vec::with_capacity(moves.len() + 1);
    let mut materials = HashSet::new();
    let mut opening = None;
    let start_is_standard = record.has_standard_start();
    let mut keys = KeyTracker::new(&pos, fold);
    // Material changes only with a capture: it is counted at the start and after each.
    let mut material_changed = true;
    for ply in 0..=moves.len() {
        let m = moves.get(ply).copied();
        let (key, frame) = keys.key();
        let next = m.map(|m| i64::from(move_code(frame.apply(m))) * 4 + score_for(record.outcome, pos.turn()));
        positions.push((key as i64, ply as u32, next));
        if material_changed {
            materials.insert(Material::of(&pos).signature());
        }
        let last = m.is_none();
        if start_is_standard
            && record.variant == Variant::Xiangqi
            && (ply == OPENING_PLY || (last && ply < OPENING_PLY))
        {
            opening = classify(&pos).map(|o| o.code());
        }
        if let Some(m) = m {
            // Legal: the reader replayed it from this start.
            material_changed = !m.is_pass() && pos.piece_at(m.to).is_some();
            keys.play(&pos, m);
            pos.play_unchecked(m);
        }
    }
    if record.variant == Variant::Janggi {
        opening = record.start_position().ok().and_then(|p| janggi_opening(&p)).map(|o| o.code());
    }
    let dedup = dedup_key(&record, &moves);
    Ok(Prepared { dedup, record, moves, positions, materials: materials.into_iter().collect(), opening, source_game })
}

impl Database {
    /// Stores `batch` and the file's progress in one transaction; returns (imported, duplicates,
    /// positions).
    fn store(
        &mut self,
        file: &str,
        size: u64,
        games_done: usize,
        complete: bool,
        batch: &[Prepared],
    ) -> Result<(usize, usize, usize), SqlError> {
        let progress = Progress { file, size: size as i64, games_done: games_done as i64, complete };
        match &mut self.conn {
            Conn::Sqlite(conn) => store_sqlite(conn, &progress, batch),
            Conn::Postgres(pg) => Ok(crate::pg::store(pg.client.get_mut(), &progress, batch)?),
        }
    }

    /// Imports every game of `files`. Returns what was done; an error only when the database
    /// fails (a file that cannot be opened is reported in [`ImportReport::errors`]).
    pub fn import<P: AsRef<Path>>(
        &mut self,
        files: &[P],
        options: &ImportOptions,
        mut progress: impl FnMut(ImportProgress<'_>),
    ) -> Result<ImportReport, DbError> {
        let mut report = ImportReport::default();
        let mut candidates = Candidates::default();
        // The games stored before the run, at most (ids only grow): for promotion.
        let before = self.conn.query_int("SELECT COALESCE(MAX(id), 0) FROM games", &[]).map_err(|e| self.sql(e))?;
        for file in files {
            let file = file.as_ref();
            report.files += 1;
            let name = file.display().to_string();
            let size = match std::fs::metadata(file) {
                Ok(m) => m.len(),
                Err(e) => {
                    report.errors.push(BadGame::file(&name, e));
                    continue;
                }
            };
            let done: Option<(i64, i64, bool)> = self
                .conn
                .query_row(
                    "SELECT size, games_done, complete FROM imports WHERE file = ?1",
                    &[Arg::from(name.as_str())],
                )
                .and_then(|row| row.map(|r| Ok((r.int(0)?, r.int(1)?, r.int(2)? != 0))).transpose())
                .map_err(|e| self.sql(e))?;
            let skip = match done {
                Some((s, _, true)) if s as u64 == size => {
                    report.files_already_done += 1;
                    continue;
                }
                // Resume only a file that has not changed size since.
                Some((s, n, false)) if s as u64 == size => n as usize,
                _ => 0,
            };
            if self.import_file(file, &name, size, skip, options, &mut report, &mut candidates, &mut progress)? {
                report.stopped = true;
                break;
            }
        }
        if report.imported > 0 {
            // Each batch added a run to the buckets it touched: merge those that have many.
            let max_runs = crate::postings::MAX_RUNS;
            crate::postings::compact(&mut self.conn, max_runs, crate::popular::begin).map_err(|e| self.sql(e))?;
            if let Conn::Postgres(pg) = &mut self.conn {
                // Fresh statistics for the planner, and the visibility map that lets the
                // explorer read the position index alone.
                let done = pg.client.get_mut().batch_execute("VACUUM (ANALYZE) games, position_runs, materials");
                done.map_err(|e| self.sql(e))?;
            }
            report.promoted = crate::popular::promote(&mut self.conn, &candidates, before, options.popular)
                .map_err(|e| self.sql(e))?;
            if let (Conn::Postgres(pg), true) = (&mut self.conn, report.promoted > 0) {
                let done = pg.client.get_mut().batch_execute("ANALYZE popular_positions, popular_moves, popular_games");
                done.map_err(|e| self.sql(e))?;
            }
        }
        Ok(report)
    }

    /// One file; returns whether the run was stopped. A thread of its own reads, replays and
    /// hashes the games ([`read_file`]) and hands whole batches to this one, which stores them:
    /// on two cores reading and writing overlap. Batches arrive in file order, each with the
    /// number of games of the file read up to its end, so resuming counts as before.
    #[allow(clippy::too_many_arguments)]
    fn import_file(
        &mut self,
        file: &Path,
        name: &str,
        size: u64,
        skip: usize,
        options: &ImportOptions,
        report: &mut ImportReport,
        candidates: &mut Candidates,
        progress: &mut impl FnMut(ImportProgress<'_>),
    ) -> Result<bool, DbError> {
        // Two batches in flight at most: the reader runs one batch ahead of the writer.
        let (sender, receiver) = std::sync::mpsc::sync_channel::<Message>(2);
        let fold = self.fold;
        let already_read = report.games_read;
        std::thread::scope(|scope| {
            let reader = std::thread::Builder::new()
                .name("chuhan-db import reader".into())
                .spawn_scoped(scope, move || read_file(file, name, skip, options, already_read, fold, sender))
                .map_err(|source| DbError::Io { file: name.to_string(), source })?;
            let mut failure = None;
            for message in receiver.iter() {
                match message {
                    Message::Progress { bytes_done, bytes_total, games } => {
                        progress(ImportProgress { file, bytes_done, bytes_total, games })
                    }
                    Message::Batch { games, seen, complete } => {
                        games.iter().for_each(|g| candidates.add(g));
                        match self.store(name, size, seen, complete, &games) {
                            Ok(counts) => report.add(counts),
                            Err(e) => {
                                failure = Some(self.sql(e));
                                break;
                            }
                        }
                    }
                }
            }
            // The reader stops at its next send once the receiver is gone.
            drop(receiver);
            let read = match reader.join() {
                Ok(read) => read,
                Err(panic) => std::panic::resume_unwind(panic),
            };
            report.games_read += read.games_read;
            report.games_resumed_past += read.resumed_past;
            report.errors.extend(read.errors);
            if let Some(e) = failure {
                return Err(e);
            }
            if let Some(e) = read.unreadable {
                report.errors.push(BadGame::file(name, e));
            }
            Ok(read.stopped)
        })
    }
}

/// What the reader thread sends the writer.
enum Message {
    /// Where the reading is, for the progress bar.
    Progress { bytes_done: u64, bytes_total: u64, games: usize },
    /// Games to store in one transaction, `seen` games of the file read up to the last of them;
    /// `complete` for the file's last batch.
    Batch { games: Vec<Prepared>, seen: usize, complete: bool },
}

/// What the reader thread found besides the games.
#[derive(Default)]
struct ReadOutcome {
    games_read: usize,
    resumed_past: usize,
    errors: Vec<BadGame>,
    stopped: bool,
    /// The file could not be read at all (its last batch is then not stored).
    unreadable: Option<std::io::Error>,
}

/// The reader thread of [`Database::import_file`]: reads `file`, skips its first `skip` games,
/// prepares the others and sends them in batches. `already_read`: games read by this run
/// before the file (for [`ImportOptions::stop_after`]).
fn read_file(
    file: &Path,
    name: &str,
    skip: usize,
    options: &ImportOptions,
    already_read: usize,
    fold: Fold,
    sender: std::sync::mpsc::SyncSender<Message>,
) -> ReadOutcome {
    let mut out = ReadOutcome::default();
    let mut seen = 0usize;
    let mut batch: Vec<Prepared> = Vec::with_capacity(options.batch);
    // Set when the writer has gone (it failed): nothing more is read.
    let gone = std::cell::Cell::new(false);
    let mut last_progress = 0usize;
    let read = for_each_game(
        file,
        |game| {
            if gone.get() || out.stopped {
                return;
            }
            seen += 1;
            if seen <= skip {
                out.resumed_past += 1;
                return;
            }
            out.games_read += 1;
            match game {
                Ok(record) => match prepare(record, seen, fold) {
                    Ok(p) => batch.push(p),
                    Err(why) => out.errors.push(BadGame {
                        file: name.to_string(),
                        game: Some(seen),
                        ply: None,
                        message: format!("{name}: game {seen}: {why}"),
                        reason: why,
                    }),
                },
                Err(e) => out.errors.push(BadGame::read(&e)),
            }
            if batch.len() >= options.batch {
                let games = std::mem::replace(&mut batch, Vec::with_capacity(options.batch));
                gone.set(sender.send(Message::Batch { games, seen, complete: false }).is_err());
            }
            if options.stop_after.is_some_and(|n| already_read + out.games_read >= n) {
                // As if killed: the batch in hand is lost, what was committed stays.
                out.stopped = true;
            }
        },
        |p| {
            // A progress bar needs no more than a few hundred updates a file.
            if !gone.get() && (p.games >= last_progress + 256 || p.bytes_done == p.bytes_total) {
                last_progress = p.games;
                let (bytes_done, bytes_total, games) = (p.bytes_done, p.bytes_total, p.games);
                gone.set(sender.send(Message::Progress { bytes_done, bytes_total, games }).is_err());
            }
        },
    );
    match read {
        Err(e) => out.unreadable = Some(e),
        Ok(_) if !out.stopped && !gone.get() => {
            // The last batch, even empty: it marks the file complete.
            let _ = sender.send(Message::Batch { games: batch, seen, complete: true });
        }
        Ok(_) => {}
    }
    out
}

impl ImportReport {
    fn add(&mut self, (imported, duplicates, positions): (usize, usize, usize)) {
        self.imported += imported;
        self.duplicates += duplicates;
        self.positions += positions;
    }
}

/// Tabs and newlines out of a header, which the headers column separates with them.
fn clean(s: &str) -> String {
    s.replace(['\t', '\n', '\r'], " ")
}

/// `1998.05.12`, `1998/5/12`, `1998-05-12`, `1998.??.??`, `1998年5月12日` → `1998-05-12` or
/// as much of it as is known (`1998`, `1998-05`); empty when no year is found.
pub fn normalise_date(text: &str) -> String {
    let parts: Vec<&str> = text.split(|c: char| !c.is_ascii_digit()).filter(|p| !p.is_empty()).collect();
    let Some(year) = parts.first().filter(|y| y.len() == 4) else { return String::new() };
    let mut out = year.to_string();
    for p in parts.iter().skip(1).take(2) {
        match p.parse::<u32>() {
            Ok(n) if (1..=31).contains(&n) && p.len() <= 2 => out.push_str(&format!("-{n:02}")),
            _ => break,
        }
    }
    out
}

pub(crate) fn variant_code(v: Variant) -> i64 {
    match v {
        Variant::Xiangqi => 0,
        Variant::Janggi => 1,
    }
}

pub(crate) fn outcome_code(o: Outcome) -> i64 {
    match o {
        Outcome::RedWins => 0,
        Outcome::BlackWins => 1,
        Outcome::Draw => 2,
        Outcome::Unknown => 3,
    }
}

pub(crate) fn outcome_from_code(c: i64) -> Outcome {
    match c {
        0 => Outcome::RedWins,
        1 => Outcome::BlackWins,
        2 => Outcome::Draw,
        _ => Outcome::Unknown,
    }
}
