//! `Database`: the game database and opening explorer of crate chuhan-db, for Python.
//!
//! The same operations as `chuhan db`: import record files, explore a position, search, read
//! a game back, export PGN, statistics; `opening_name` names a position's opening. Results are
//! plain dicts with the keys of `chuhan db ... --json`, so a script can move between the two.
//! Every query and import runs with the GIL released (`Python::detach`); the connection sits
//! behind a mutex, since a SQLite connection may move between threads but not be shared.

use crate::board::{variant_arg, PyBoard};
use crate::errors;
use crate::records::PyRecord;
use chuhan::notation::Notation;
use chuhan::{Position, Variant};
use chuhan_db::{material, Database, DbError, Explorer, Fold, GameSummary, ImportOptions, Lang, SearchFilter};
use chuhan_record::RecordResult;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard};

/// A language from its name (`traditional`, `simplified`, `english`, `korean`, `vietnamese`).
fn lang_arg(name: &str) -> PyResult<Lang> {
    name.parse::<Lang>().map_err(errors::value)
}

/// A database error as Python sees it.
fn db_error(e: DbError) -> PyErr {
    errors::DatabaseError::new_err(e.to_string())
}

/// The position a query names: `board`, or `fen` (default: the variant's start) and `moves`
/// played from it in any notation chuhan reads. `None` when none of them is given.
fn position_arg(
    board: Option<PyRef<'_, PyBoard>>,
    fen: Option<&str>,
    moves: Option<Vec<String>>,
    variant: &str,
) -> PyResult<Option<Position>> {
    let moves = moves.unwrap_or_default();
    if let Some(b) = board {
        if fen.is_some() || !moves.is_empty() {
            return Err(errors::value("give a board, or fen and moves, not both"));
        }
        return Ok(Some(b.pos.clone()));
    }
    if fen.is_none() && moves.is_empty() {
        return Ok(None);
    }
    let variant = variant_arg(variant)?;
    let mut pos = match fen {
        Some(f) => Position::from_fen(variant, f).map_err(errors::fen)?,
        None => Position::new(variant),
    };
    for (i, text) in moves.iter().enumerate() {
        let m = Notation::parse_any(&pos, text).map_err(|e| errors::notation(format!("moves[{i}] ({text}): {e}")))?;
        pos.play(m).map_err(|e| errors::illegal(format!("moves[{i}] ({text}): {e}")))?;
    }
    Ok(Some(pos))
}

fn summary_dict<'py>(py: Python<'py>, g: &GameSummary) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("id", g.id)?;
    d.set_item("red", &g.red)?;
    d.set_item("black", &g.black)?;
    d.set_item("event", &g.event)?;
    d.set_item("date", &g.date)?;
    d.set_item("result", &g.result)?;
    d.set_item("plies", g.plies)?;
    d.set_item("opening", &g.opening)?;
    if let Some(next) = &g.next {
        d.set_item("next", next)?;
    }
    Ok(d)
}

fn explorer_dict<'py>(py: Python<'py>, e: &Explorer) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("games", e.games)?;
    let moves = PyList::empty(py);
    for m in &e.moves {
        let md = PyDict::new(py);
        md.set_item("move", &m.mv)?;
        md.set_item("games", m.games)?;
        md.set_item("wins", m.wins)?;
        md.set_item("draws", m.draws)?;
        md.set_item("losses", m.losses)?;
        md.set_item("unknown", m.unknown)?;
        md.set_item("score", m.score)?;
        md.set_item("draw_rate", m.draw_rate)?;
        md.set_item("last_year", m.last_year)?;
        moves.append(md)?;
    }
    d.set_item("moves", moves)?;
    d.set_item("opening", &e.opening)?;
    let top = PyList::empty(py);
    for g in &e.top_games {
        top.append(summary_dict(py, g)?)?;
    }
    d.set_item("top_games", top)?;
    Ok(d)
}

/// A game database: a SQLite file or a PostgreSQL database (`postgres://` URL).
#[pyclass(name = "Database", module = "chuhan", frozen)]
pub struct PyDatabase {
    db: Mutex<Database>,
    target: String,
}

impl PyDatabase {
    fn lock(&self) -> PyResult<MutexGuard<'_, Database>> {
        // A panic while the lock was held: the connection itself is still sound.
        Ok(self.db.lock().unwrap_or_else(|p| p.into_inner()))
    }

    /// The filter a `search` or `export` call names.
    #[allow(clippy::too_many_arguments)]
    fn filter(
        board: Option<PyRef<'_, PyBoard>>,
        fen: Option<&str>,
        moves: Option<Vec<String>>,
        variant: &str,
        player: Option<String>,
        red: Option<String>,
        black: Option<String>,
        event: Option<String>,
        date_from: Option<String>,
        date_to: Option<String>,
        result: Option<&str>,
        opening: Option<String>,
        material: Option<&str>,
        game_variant: Option<&str>,
        limit: usize,
    ) -> PyResult<SearchFilter> {
        let result = match result {
            None => None,
            Some("red" | "cho") => Some(RecordResult::RedWins),
            Some("black" | "han") => Some(RecordResult::BlackWins),
            Some("draw") => Some(RecordResult::Draw),
            Some(r) => Some(RecordResult::from_text(r).ok_or_else(|| {
                errors::value(format!("result {r:?}: expected 1-0, 0-1, 1/2-1/2, red, black or draw"))
            })?),
        };
        Ok(SearchFilter {
            player,
            red,
            black,
            event,
            from: date_from,
            to: date_to,
            result,
            opening,
            position: position_arg(board, fen, moves, variant)?,
            material: material.map(material::parse).transpose().map_err(errors::value)?,
            variant: game_variant.map(variant_arg).transpose()?,
            limit: Some(limit),
            offset: None,
        })
    }
}

#[pymethods]
impl PyDatabase {
    /// Opens `target`: a SQLite file (created when missing, unless `create` is false) or a
    /// PostgreSQL URL (the database must exist; the tables are made in its current schema
    /// when missing). `fold_colours` applies to a new database: its index then finds a line
    /// whichever colour played it; an existing one keeps the fold it was made with.
    #[new]
    #[pyo3(signature = (target, fold_colours=false, *, create=true))]
    fn new(py: Python<'_>, target: PathBuf, fold_colours: bool, create: bool) -> PyResult<PyDatabase> {
        let target = target.to_string_lossy().into_owned();
        // The reading every `chuhan` command uses: a mistyped URL is refused, not made a file.
        let store: chuhan_db::Target = target.parse().map_err(|e| errors::DatabaseError::new_err(format!("{e}")))?;
        if let (false, chuhan_db::Target::Sqlite(path)) = (create, &store) {
            if !path.exists() {
                return Err(errors::DatabaseError::new_err(format!("no database {target}")));
            }
        }
        let fold = if fold_colours { Fold::MirrorAndColours } else { Fold::Mirror };
        let db = py.detach(|| Database::open_target(&store, fold)).map_err(db_error)?;
        Ok(PyDatabase { db: Mutex::new(db), target })
    }

    /// The file's name, or the URL with its password hidden.
    #[getter]
    fn path(&self) -> PyResult<String> {
        Ok(self.lock()?.path().to_string())
    }

    /// `"sqlite"` or `"postgres"`.
    #[getter]
    fn backend(&self) -> PyResult<String> {
        Ok(match self.lock()?.backend() {
            chuhan_db::Backend::Sqlite => "sqlite".into(),
            chuhan_db::Backend::Postgres => "postgres".into(),
            // Backend is non-exhaustive: a store added later is named by its variant.
            other => format!("{other:?}").to_lowercase(),
        })
    }

    /// The position fold the index was built with: `"mirror"` or `"colours"` (mirror and colours).
    #[getter]
    fn fold(&self) -> PyResult<&'static str> {
        Ok(self.lock()?.fold().name())
    }

    /// Imports the games of record files (PGN in any notation and encoding, XQF, DhtmlXQ, CBR,
    /// CBL, CBF), `batch` games a transaction. Resumes an interrupted import, skips games
    /// already stored and files already done, and reports bad games rather than stopping.
    /// Returns a dict: files, files_already_done, games_read, games_resumed_past, imported,
    /// duplicates, positions, errors (a dict a bad game or unreadable file: file, game, ply,
    /// reason, and the whole message), stopped, promoted (positions whose explorer answer is
    /// now stored because many games reach them).
    #[pyo3(signature = (paths, *, batch=5000))]
    fn import_files<'py>(&self, py: Python<'py>, paths: Vec<PathBuf>, batch: usize) -> PyResult<Bound<'py, PyDict>> {
        if batch == 0 {
            return Err(errors::value("batch must be at least 1"));
        }
        let options = ImportOptions { batch, ..ImportOptions::default() };
        let r = py.detach(|| -> PyResult<_> { self.lock()?.import(&paths, &options, |_| {}).map_err(db_error) })?;
        let d = PyDict::new(py);
        d.set_item("files", r.files)?;
        d.set_item("files_already_done", r.files_already_done)?;
        d.set_item("games_read", r.games_read)?;
        d.set_item("games_resumed_past", r.games_resumed_past)?;
        d.set_item("imported", r.imported)?;
        d.set_item("duplicates", r.duplicates)?;
        d.set_item("positions", r.positions)?;
        let bad = PyList::empty(py);
        for e in &r.errors {
            let b = PyDict::new(py);
            b.set_item("file", &e.file)?;
            b.set_item("game", e.game)?;
            b.set_item("ply", e.ply)?;
            b.set_item("reason", &e.reason)?;
            b.set_item("message", &e.message)?;
            bad.append(b)?;
        }
        d.set_item("errors", bad)?;
        d.set_item("stopped", r.stopped)?;
        d.set_item("promoted", r.promoted)?;
        Ok(d)
    }

    /// The moves played from a position (`board`, or `fen` and `moves` from it; default the
    /// start) with games, wins/draws/losses for the side to move, score, draw rate and last
    /// year, the position's opening name and the `top` best-known games through it.
    #[pyo3(signature = (board=None, *, fen=None, moves=None, variant="xiangqi", top=5, lang="traditional"))]
    #[allow(clippy::too_many_arguments)]
    fn explore<'py>(
        &self,
        py: Python<'py>,
        board: Option<PyRef<'_, PyBoard>>,
        fen: Option<&str>,
        moves: Option<Vec<String>>,
        variant: &str,
        top: usize,
        lang: &str,
    ) -> PyResult<Bound<'py, PyDict>> {
        let lang = lang_arg(lang)?;
        let pos = match position_arg(board, fen, moves, variant)? {
            Some(p) => p,
            None => Position::new(variant_arg(variant)?),
        };
        let e = py.detach(|| -> PyResult<_> { self.lock()?.explore(&pos, top, lang).map_err(db_error) })?;
        explorer_dict(py, &e)
    }

    /// The games that every given filter selects, newest first, as dicts (id, red, black,
    /// event, date, result, plies, opening). Names and events match a part, case ignored;
    /// dates are `1998`, `1998-05` or `1998-05-12`; `result` is 1-0, 0-1, 1/2-1/2, red, black or
    /// draw; `opening` a part of a name in any language or a code; a position (`board`, or
    /// `fen`/`moves`) selects games that reached it; `material` (車馬炮兵 vs 車炮士象全) games in
    /// which it stood on the board; `game_variant` xiangqi or janggi games only.
    #[pyo3(signature = (board=None, *, player=None, red=None, black=None, event=None, date_from=None,
        date_to=None, result=None, opening=None, fen=None, moves=None, variant="xiangqi", material=None,
        game_variant=None, limit=100, lang="traditional"))]
    #[allow(clippy::too_many_arguments)]
    fn search<'py>(
        &self,
        py: Python<'py>,
        board: Option<PyRef<'_, PyBoard>>,
        player: Option<String>,
        red: Option<String>,
        black: Option<String>,
        event: Option<String>,
        date_from: Option<String>,
        date_to: Option<String>,
        result: Option<&str>,
        opening: Option<String>,
        fen: Option<&str>,
        moves: Option<Vec<String>>,
        variant: &str,
        material: Option<&str>,
        game_variant: Option<&str>,
        limit: usize,
        lang: &str,
    ) -> PyResult<Bound<'py, PyList>> {
        let lang = lang_arg(lang)?;
        let filter = PyDatabase::filter(
            board,
            fen,
            moves,
            variant,
            player,
            red,
            black,
            event,
            date_from,
            date_to,
            result,
            opening,
            material,
            game_variant,
            limit,
        )?;
        let games = py.detach(|| -> PyResult<_> { self.lock()?.search(&filter, lang).map_err(db_error) })?;
        let list = PyList::empty(py);
        for g in &games {
            list.append(summary_dict(py, g)?)?;
        }
        Ok(list)
    }

    /// Game `id` as a `Record` (its headers as imported, an `Opening` tag in `lang` when it has
    /// one, its moves and result), or `None` if there is no such game.
    #[pyo3(signature = (id, *, lang="traditional"))]
    fn game(&self, py: Python<'_>, id: i64, lang: &str) -> PyResult<Option<PyRecord>> {
        let lang = lang_arg(lang)?;
        let rec = py.detach(|| -> PyResult<_> { self.lock()?.record(id, lang).map_err(db_error) })?;
        Ok(rec.map(|rec| PyRecord { rec }))
    }

    /// The games `search` would select (same filters), as PGN text with `Opening` tags, moves
    /// in `notation` (default Chinese, as `chuhan db export`).
    #[pyo3(signature = (board=None, *, player=None, red=None, black=None, event=None, date_from=None,
        date_to=None, result=None, opening=None, fen=None, moves=None, variant="xiangqi", material=None,
        game_variant=None, limit=100, lang="traditional", notation="chinese"))]
    #[allow(clippy::too_many_arguments)]
    fn export(
        &self,
        py: Python<'_>,
        board: Option<PyRef<'_, PyBoard>>,
        player: Option<String>,
        red: Option<String>,
        black: Option<String>,
        event: Option<String>,
        date_from: Option<String>,
        date_to: Option<String>,
        result: Option<&str>,
        opening: Option<String>,
        fen: Option<&str>,
        moves: Option<Vec<String>>,
        variant: &str,
        material: Option<&str>,
        game_variant: Option<&str>,
        limit: usize,
        lang: &str,
        notation: &str,
    ) -> PyResult<String> {
        let lang = lang_arg(lang)?;
        let notation = notation.parse::<Notation>().map_err(errors::value)?;
        let filter = PyDatabase::filter(
            board,
            fen,
            moves,
            variant,
            player,
            red,
            black,
            event,
            date_from,
            date_to,
            result,
            opening,
            material,
            game_variant,
            limit,
        )?;
        let out = py.detach(|| -> PyResult<Vec<u8>> {
            let db = self.lock()?;
            let mut out = Vec::new();
            for g in db.search(&filter, lang).map_err(db_error)? {
                let rec = db
                    .record(g.id, lang)
                    .map_err(db_error)?
                    .ok_or_else(|| errors::DatabaseError::new_err(format!("game {} vanished", g.id)))?;
                chuhan_record::pgn::write_game(&mut out, &rec, notation).map_err(errors::record)?;
            }
            Ok(out)
        })?;
        String::from_utf8(out).map_err(errors::record)
    }

    /// Counts over the database as a dict: games, xiangqi, janggi, results (red/cho wins,
    /// black/han wins, draws, unknown), positions, players, years (first, last) or None,
    /// openings (the `openings` most played: name and games), bytes, bytes_per_position, fold.
    #[pyo3(signature = (*, openings=10, lang="traditional"))]
    fn stats<'py>(&self, py: Python<'py>, openings: usize, lang: &str) -> PyResult<Bound<'py, PyDict>> {
        let lang = lang_arg(lang)?;
        let s = py.detach(|| -> PyResult<_> { self.lock()?.stats(openings, lang).map_err(db_error) })?;
        let d = PyDict::new(py);
        d.set_item("games", s.games)?;
        d.set_item("xiangqi", s.xiangqi)?;
        d.set_item("janggi", s.janggi)?;
        d.set_item("results", s.results.to_vec())?;
        d.set_item("positions", s.positions)?;
        d.set_item("players", s.players)?;
        d.set_item("years", s.years)?;
        d.set_item("openings", s.openings)?;
        d.set_item("bytes", s.bytes)?;
        d.set_item("bytes_per_position", s.bytes_per_position)?;
        d.set_item("fold", s.fold)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!("Database({:?})", self.target)
    }
}

/// The opening name of `board`'s position in `lang` (`traditional`, `simplified`, `english`, `korean`, `vietnamese`),
/// or `None`: a xiangqi position by the first mover's system and the reply (the database names
/// a game by its position at the sixth ply), a janggi board by the formations of its start.
#[pyfunction]
#[pyo3(signature = (board, lang="traditional"))]
pub fn opening_name(board: PyRef<'_, PyBoard>, lang: &str) -> PyResult<Option<String>> {
    let lang = lang_arg(lang)?;
    let pos = &board.pos;
    let opening = match pos.variant() {
        Variant::Xiangqi => chuhan_db::opening::classify(pos),
        // A janggi game is named by its formations, which the board's start shows.
        Variant::Janggi => chuhan_db::opening::janggi_opening(&board.start),
    };
    Ok(opening.map(|o| o.name(lang)))
}
