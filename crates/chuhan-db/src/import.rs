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
use crate::prepared::{GameRow, Prepared, Progress};
use crate::{Database, DbError};
use chuhan::{Move, Position, Variant};
use chuhan_record::tools::for_each_game;
use chuhan_record::tools::RecordError;
use chuhan_record::{Record, RecordResult};
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
    /// The longest game stored, in plies of its main line (default [`DEFAULT_MAX_PLIES`]); a
    /// longer one is a bad game. A record of a million plies is no game anyone played, and
    /// every later read of it (the explorer's game view) would cost seconds and megabytes.
    pub max_plies: usize,
}

/// The default longest game: far beyond any real game (the longest master games run to a
/// few hundred plies; the move-count rules end idle play long before this).
pub const DEFAULT_MAX_PLIES: usize = 5000;

impl Default for ImportOptions {
    fn default() -> ImportOptions {
        ImportOptions {
            batch: 5000,
            stop_after: None,
            popular: crate::popular::THRESHOLD,
            max_plies: DEFAULT_MAX_PLIES,
        }
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
    /// Why, typed, for callers that word it in another language (`reason` is English).
    pub cause: Skip,
}

/// Why a game (or a file) was skipped, typed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Skip {
    /// Its reader refused it (where is in the error).
    Read(chuhan_record::ReadError),
    /// Its start position does not read.
    Start(chuhan::FenError),
    /// More plies than the longest game the database stores.
    TooLong {
        /// The game's plies.
        plies: usize,
        /// The most stored.
        max: usize,
    },
    /// The file could not be opened or read (the operating system's words are in `reason`).
    File,
}

impl std::fmt::Display for Skip {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Skip::Read(e) => write!(f, "{e}"),
            Skip::Start(e) => write!(f, "start position: {e}"),
            Skip::TooLong { plies, max } => write!(f, "{plies} plies, more than the longest game stored ({max})"),
            Skip::File => f.write_str("the file could not be read"),
        }
    }
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
            cause: Skip::File,
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
        BadGame {
            file: e.file.clone(),
            game: (e.game > 0).then_some(e.game),
            ply,
            reason,
            message: e.to_string(),
            cause: Skip::Read(e.error.clone()),
        }
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

impl GameRow {
    fn new(record: &Record, moves: &[Move], opening: Option<String>, dedup: i64, source_game: usize) -> GameRow {
        let h = &record.headers;
        let get = |k: &str| h.get(k).unwrap_or("").trim().to_string();
        let date = normalise_date(&get("Date"));
        let year = date.get(..4).and_then(|y| y.parse::<i64>().ok());
        let elo = |k: &str| get(k).parse::<i64>().ok();
        GameRow {
            variant: variant_code(record.variant),
            red: get("Red"),
            black: get("Black"),
            event: get("Event"),
            date,
            year,
            result: outcome_code(record.outcome),
            red_elo: elo("RedElo"),
            black_elo: elo("BlackElo"),
            start_fen: (!record.has_standard_start()).then(|| record.start_fen.clone()),
            moves: encode_moves(moves),
            plies: moves.len() as i64,
            opening,
            headers: h.iter().map(|(k, v)| format!("{}\t{}\n", clean(k), clean(v))).collect(),
            dedup,
            source_game: source_game as i64,
        }
    }
}

/// The duplicate check's hash: the variant, the start (board and side) and the moves.
fn dedup_key(record: &Record, moves: &[Move]) -> i64 {
    let fields = |s: &str| s.split_whitespace().take(2).collect::<Vec<_>>().join(" ");
    fnv1a(&[record.variant.name().as_bytes(), fields(&record.start_fen).as_bytes(), &encode_moves(moves)]) as i64
}

/// The game's result for the side to move: 0 win, 1 draw, 2 loss, 3 unknown.
fn score_for(outcome: RecordResult, mover: chuhan::Side) -> i64 {
    match (outcome.winner(), outcome) {
        (Some(w), _) if w == mover => 0,
        (Some(_), _) => 2,
        (None, RecordResult::Draw) => 1,
        _ => 3,
    }
}

/// Replays `record`'s main line and computes its index rows. The reader checked every move;
/// the start is read again here (a reader's start FEN is trusted but not assumed).
fn prepare(record: Record, source_game: usize, fold: Fold, max_plies: usize) -> Result<Prepared, Skip> {
    let mut pos: Position = record.start_position().map_err(Skip::Start)?;
    let moves = record.mainline_moves();
    if moves.len() > max_plies {
        return Err(Skip::TooLong { plies: moves.len(), max: max_plies });
    }
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
    let row = GameRow::new(&record, &moves, opening, dedup_key(&record, &moves), source_game);
    Ok(Prepared { row, positions, materials: materials.into_iter().collect() })
}

/// A file an import reads: where, as named, its size, and the games an interrupted import of
/// it already stored (skipped).
struct Planned<'a> {
    path: &'a Path,
    name: String,
    size: u64,
    skip: usize,
}

/// Games the reader sends at a time: the writer stores them while the next are prepared.
const CHUNK: usize = 128;

impl Database {
    /// Imports every game of `files`. Returns what was done; an error only when the database
    /// fails (a file that cannot be opened is reported in [`ImportReport::errors`]).
    ///
    /// One thread reads, replays and hashes the games of every file in turn and
    /// hands them to this one in chunks, which stores them: on two cores reading and writing
    /// overlap. A batch's transaction is open from its first chunk to its end, which the reader
    /// marks with the number of games of the file read up to there, so resuming counts as before.
    pub fn import<P: AsRef<Path>>(
        &mut self,
        files: &[P],
        options: &ImportOptions,
        mut progress: impl FnMut(ImportProgress<'_>),
    ) -> Result<ImportReport, DbError> {
        let mut report = ImportReport::default();
        // The games stored before the run, at most (ids only grow): for promotion.
        let before = self.conn.query_int("SELECT COALESCE(MAX(id), 0) FROM games", &[]).map_err(|e| self.sql(e))?;
        let mut plan = Vec::new();
        for file in files {
            let path = file.as_ref();
            report.files += 1;
            let name = path.display().to_string();
            let size = match std::fs::metadata(path) {
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
            plan.push(Planned { path, name, size, skip });
        }
        // Into an empty SQLite database, the games' search indexes are made at the end.
        let deferred = matches!(self.conn, Conn::Sqlite(_))
            && !plan.is_empty()
            && self.conn.query_int("SELECT COUNT(*) FROM games", &[]).map_err(|e| self.sql(e))? == 0;
        if deferred {
            self.conn.batch(crate::schema::DROP_GAMES_INDEXES).map_err(|e| self.sql(e))?;
        }
        let written = self.write_files(&plan, options, &mut report, &mut progress);
        if deferred {
            // Made again even when the import failed (a killed one: at the next opening).
            self.conn.batch(crate::schema::GAMES_INDEXES).map_err(|e| self.sql(e))?;
        }
        let candidates = written?;
        if report.imported > 0 {
            // Each batch added a run to the buckets it touched: merge those that have many.
            for index in [crate::postings::POSITIONS, crate::postings::MATERIALS] {
                let max_runs = crate::postings::MAX_RUNS;
                crate::postings::compact(&mut self.conn, index, max_runs, crate::popular::begin)
                    .map_err(|e| self.sql(e))?;
            }
            if let Conn::Postgres(pg) = &mut self.conn {
                // Fresh statistics for the planner.
                let done = pg.client.get_mut().batch_execute("VACUUM (ANALYZE) games, position_runs, material_runs");
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

    /// The writer's side of [`Database::import`]: starts the reader and stores what it sends.
    /// Returns the reader's promotion candidates.
    fn write_files(
        &mut self,
        plan: &[Planned<'_>],
        options: &ImportOptions,
        report: &mut ImportReport,
        progress: &mut impl FnMut(ImportProgress<'_>),
    ) -> Result<Candidates, DbError> {
        // The reader runs at most this many chunks ahead of the writer.
        let (sender, receiver) = std::sync::mpsc::sync_channel::<Message>(96);
        let fold = self.fold;
        std::thread::scope(|scope| {
            let reader = std::thread::Builder::new()
                .name("chuhan-db import reader".into())
                .spawn_scoped(scope, move || read_files(plan, options, fold, sender))
                .map_err(|source| DbError::Io { file: "the import's reader thread".into(), source })?;
            let mut batch = None;
            let mut failure = None;
            for message in receiver.iter() {
                if let Err(e) = self.take(message, plan, &mut batch, report, progress) {
                    failure = Some(self.sql(e));
                    break;
                }
            }
            if batch.take().is_some() {
                // A run stopped half-way or a file that broke off: the batch in hand is lost,
                // as if the import had been killed; what was committed stays.
                crate::store::abort(&mut self.conn);
            }
            // The reader stops at its next send once the receiver is gone.
            drop(receiver);
            let candidates = match reader.join() {
                Ok(candidates) => candidates,
                Err(panic) => std::panic::resume_unwind(panic),
            };
            match failure {
                Some(e) => Err(e),
                None => Ok(candidates),
            }
        })
    }

    /// Acts on one message of the reader.
    fn take(
        &mut self,
        message: Message,
        plan: &[Planned<'_>],
        batch: &mut Option<crate::batch::Batch>,
        report: &mut ImportReport,
        progress: &mut impl FnMut(ImportProgress<'_>),
    ) -> Result<(), SqlError> {
        match message {
            Message::Progress { file, bytes_done, bytes_total, games } => {
                progress(ImportProgress { file: plan[file].path, bytes_done, bytes_total, games });
            }
            Message::Games { file, games } => {
                let open = match batch {
                    Some(b) => b,
                    None => batch.insert(crate::store::begin(&mut self.conn)?),
                };
                if let Err(e) = crate::store::add(&mut self.conn, open, &plan[file].name, &games) {
                    *batch = None;
                    crate::store::abort(&mut self.conn);
                    return Err(e);
                }
            }
            Message::BatchEnd { file, seen, complete } => {
                let open = match batch.take() {
                    Some(b) => b,
                    // A batch without a good game still records how far the file got.
                    None => crate::store::begin(&mut self.conn)?,
                };
                let f = &plan[file];
                let at = Progress { file: &f.name, size: f.size as i64, games_done: seen as i64, complete };
                match crate::store::finish(&mut self.conn, open, &at) {
                    Ok(counts) => report.add(counts),
                    Err(e) => {
                        crate::store::abort(&mut self.conn);
                        return Err(e);
                    }
                }
            }
            Message::FileEnd { file, read } => {
                report.games_read += read.games_read;
                report.games_resumed_past += read.resumed_past;
                report.errors.extend(read.errors);
                if let Some(e) = read.unreadable {
                    report.errors.push(BadGame::file(&plan[file].name, e));
                }
                report.stopped |= read.stopped;
            }
        }
        Ok(())
    }
}

/// What the reader thread sends the writer, each about the `file`-th file of the plan.
enum Message {
    /// Where the reading is, for the progress bar.
    Progress { file: usize, bytes_done: u64, bytes_total: u64, games: usize },
    /// Games of the open batch (at most [`CHUNK`]).
    Games { file: usize, games: Vec<Prepared> },
    /// The batch ends: `seen` games of the file read up to its last; `complete` at the file's
    /// end.
    BatchEnd { file: usize, seen: usize, complete: bool },
    /// The file is done with (read, broken off, or the run stopped in it).
    FileEnd { file: usize, read: ReadOutcome },
}

/// What the reader found in a file besides the games.
#[derive(Default)]
struct ReadOutcome {
    games_read: usize,
    resumed_past: usize,
    errors: Vec<BadGame>,
    stopped: bool,
    /// The file could not be read at all, or broke off (its open batch is then not stored).
    unreadable: Option<std::io::Error>,
}

/// The reader thread of [`Database::import`]: reads the planned files in turn, skips the games
/// an earlier import stored, prepares the others and sends them in chunks, with a batch end
/// every [`ImportOptions::batch`] games and at each file's end. Returns the positions it counted
/// for promotion.
fn read_files(
    plan: &[Planned<'_>],
    options: &ImportOptions,
    fold: Fold,
    sender: std::sync::mpsc::SyncSender<Message>,
) -> Candidates {
    let mut candidates = Candidates::default();
    let mut read_in_run = 0usize;
    for (file, planned) in plan.iter().enumerate() {
        let (out, go_on) = read_file(file, planned, options, fold, &mut read_in_run, &mut candidates, &sender);
        let stopped = out.stopped;
        if !go_on || sender.send(Message::FileEnd { file, read: out }).is_err() || stopped {
            break;
        }
    }
    candidates
}

/// One file of [`read_files`]; returns what it found and whether the writer is still there.
fn read_file(
    file: usize,
    planned: &Planned<'_>,
    options: &ImportOptions,
    fold: Fold,
    read_in_run: &mut usize,
    candidates: &mut Candidates,
    sender: &std::sync::mpsc::SyncSender<Message>,
) -> (ReadOutcome, bool) {
    let (name, skip) = (planned.name.as_str(), planned.skip);
    let mut out = ReadOutcome::default();
    let mut seen = 0usize;
    let mut chunk: Vec<Prepared> = Vec::with_capacity(CHUNK);
    let mut in_batch = 0usize;
    // Set when the writer has gone (it failed): nothing more is read.
    let gone = std::cell::Cell::new(false);
    let send = |m: Message| gone.set(gone.get() || sender.send(m).is_err());
    let mut last_progress = 0usize;
    let read = for_each_game(
        planned.path,
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
            *read_in_run += 1;
            in_batch += 1;
            match game {
                Ok(record) => match prepare(record, seen, fold, options.max_plies) {
                    Ok(p) => {
                        candidates.add(&p);
                        chunk.push(p);
                    }
                    Err(why) => out.errors.push(BadGame {
                        file: name.to_string(),
                        game: Some(seen),
                        ply: None,
                        message: format!("{name}: game {seen}: {why}"),
                        reason: why.to_string(),
                        cause: why,
                    }),
                },
                Err(e) => out.errors.push(BadGame::read(&e)),
            }
            if chunk.len() >= CHUNK || (in_batch >= options.batch && !chunk.is_empty()) {
                send(Message::Games { file, games: std::mem::replace(&mut chunk, Vec::with_capacity(CHUNK)) });
            }
            if in_batch >= options.batch {
                send(Message::BatchEnd { file, seen, complete: false });
                in_batch = 0;
            }
            if options.stop_after.is_some_and(|n| *read_in_run >= n) {
                // As if killed: the batch in hand is lost, what was committed stays.
                out.stopped = true;
            }
        },
        |p| {
            // A progress bar needs no more than a few hundred updates a file.
            if p.games >= last_progress + 256 || p.bytes_done == p.bytes_total {
                last_progress = p.games;
                send(Message::Progress { file, bytes_done: p.bytes_done, bytes_total: p.bytes_total, games: p.games });
            }
        },
    );
    match read {
        Err(e) => out.unreadable = Some(e),
        Ok(_) if !out.stopped => {
            if !chunk.is_empty() {
                send(Message::Games { file, games: chunk });
            }
            // The last batch, even empty: it marks the file complete.
            send(Message::BatchEnd { file, seen, complete: true });
        }
        Ok(_) => {}
    }
    (out, !gone.get())
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

pub(crate) fn outcome_code(o: RecordResult) -> i64 {
    match o {
        RecordResult::RedWins => 0,
        RecordResult::BlackWins => 1,
        RecordResult::Draw => 2,
        RecordResult::Unknown => 3,
    }
}

pub(crate) fn outcome_from_code(c: i64) -> RecordResult {
    match c {
        0 => RecordResult::RedWins,
        1 => RecordResult::BlackWins,
        2 => RecordResult::Draw,
        _ => RecordResult::Unknown,
    }
}
