//! The game database of `chuhan serve --games-db TARGET` (crate `chuhan-db`): the analysis
//! board's explorer, the database page's search, games opened on the board, and uploads.
//!
//! One connection (a SQLite file, or PostgreSQL for a `postgres://` URL) behind a mutex:
//! queries are milliseconds (the position index is the table's key), and each runs on a
//! blocking thread so the server's threads never wait on the disk or the network (chuhan-db's
//! PostgreSQL client is the synchronous one, which must not run on the runtime's threads). An upload is written to a file of its own (chuhan-db imports files, resumably) and
//! removed after.

use crate::error::{bad, internal, server_words, ApiError};
use crate::params::pick_notation;
use crate::wire::{DbInfo, DbSearch, Explore, ExploreGame, ExploreMove, Flag, Imported, Record as RecordAnswer};
use axum::body::Bytes;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::Json;
use chuhan::notation::Notation;
use chuhan::{Position, Variant};
use chuhan_db::Skip;
use chuhan_db::{Database, DbError, Fold, ImportOptions, Lang, SearchFilter, Target};
use chuhan_i18n::Localize;
use chuhan_record::RecordResult;
use serde::Deserialize;
use std::sync::{Arc, Mutex};

/// The largest collection one upload may send.
pub const MAX_UPLOAD: usize = 8 * 1024 * 1024;
/// The most games a search answers.
const MAX_RESULTS: usize = 200;
/// The best-known games the explorer lists.
const TOP_GAMES: usize = 8;

/// The database and whether uploads may add to it.
pub struct GamesDb {
    db: Mutex<Database>,
    /// The longest game an upload may store, and the longest one shown (in plies).
    max_plies: usize,
    /// Where uploads are written while they are imported, `None` when uploads are off: a
    /// private directory with a random name (not one another local user could guess and plant
    /// a link in), removed with the database's state when the server stops.
    spool: Option<tempfile::TempDir>,
    /// One upload imported at a time: an import holds the database (each query waits for
    /// it), so several at once would stall the explorer for everyone for as long as all take.
    importing: tokio::sync::Semaphore,
}

/// The state of the database routes: the database if one was given.
pub type DbState = Option<Arc<GamesDb>>;

impl GamesDb {
    /// Opens (or creates) the database at `target`, a SQLite file or a PostgreSQL URL
    /// ([`Database::open_target`]); with `uploads`, anyone who can reach the server may import
    /// collections into it. Call it off the runtime's threads.
    /// Games longer than `max_plies` are refused at upload and not shown on the board.
    pub fn open(target: &Target, uploads: bool, max_plies: usize) -> Result<GamesDb, DbError> {
        let db = Database::open_target(target, Fold::default())?;
        let spool = uploads
            .then(|| tempfile::Builder::new().prefix("chuhan-uploads-").tempdir())
            .transpose()
            .map_err(|source| DbError::Io { file: "the upload directory".into(), source })?;
        Ok(GamesDb { db: Mutex::new(db), max_plies, spool, importing: tokio::sync::Semaphore::new(1) })
    }

    /// Runs `f` on the database on a blocking thread.
    async fn with<T: Send + 'static>(
        self: &Arc<Self>,
        f: impl FnOnce(&mut Database) -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let me = self.clone();
        tokio::task::spawn_blocking(move || {
            let mut db = me.db.lock().unwrap_or_else(|e| e.into_inner());
            f(&mut db)
        })
        .await
        .map_err(|e| internal(anyhow::anyhow!("the database task failed: {e}")))?
    }
}

/// Why an uploaded game was skipped, in `lang` (without the file's name): the reader's error
/// as the analysis board words it, or the store's own reasons.
fn skipped_in(e: &chuhan_db::BadGame, lang: chuhan_i18n::Lang) -> String {
    let what = match &e.cause {
        Skip::Read(r) => return crate::records::read_error_in(r, lang),
        Skip::Start(f) => {
            server_words(lang, "import-start", &[("problem", f.localize(chuhan::Variant::Xiangqi, lang).into())])
        }
        Skip::TooLong { plies, max } => {
            server_words(lang, "import-too-long", &[("plies", (*plies).into()), ("max", (*max).into())])
        }
        _ => return server_words(lang, "import-unreadable", &[]),
    };
    match e.game {
        Some(g) => server_words(lang, "record-at-game", &[("game", g.into()), ("what", what.into())]),
        None => what,
    }
}

fn none() -> ApiError {
    ApiError::not_found("no game database: start the server with --games-db TARGET")
}

/// A query string that does not fit (a field missing or unknown) as the app's 400.
fn query_error(e: QueryRejection) -> ApiError {
    bad(e.body_text())
}

fn db_error(e: DbError) -> ApiError {
    internal(anyhow::Error::new(e))
}

/// `lang=en|zh-Hans|zh-Hant|ko|vi` (or chuhan-db's other names) for opening names; English by default.
fn pick_lang(asked: Option<&str>) -> Result<Lang, ApiError> {
    match asked {
        None | Some("") => Ok(Lang::English),
        Some(l) => l.parse().map_err(|e: String| bad(format!("lang: {e}"))),
    }
}

/// `GET /api/db`: whether there is a database, its size, and whether uploads are open.
pub async fn info(State(state): State<DbState>) -> Result<Json<DbInfo>, ApiError> {
    let Some(g) = state else { return Ok(Json(DbInfo::Off { enabled: Flag })) };
    let uploads = g.spool.is_some();
    let games = g.with(|db| db.game_count().map_err(db_error)).await?;
    Ok(Json(DbInfo::On { enabled: Flag, games, uploads, max_upload: MAX_UPLOAD }))
}

/// The query of `GET /api/explore`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExploreQuery {
    /// The position (a FEN).
    fen: String,
    /// `xiangqi` (the default) or `janggi`.
    variant: Option<Variant>,
    notation: Option<String>,
    lang: Option<String>,
}

/// `GET /api/explore?fen=...`: the moves played from the position in the database's games,
/// with counts and results for the side to move, the opening's name and the best-known games
/// through it; each move also in the notation asked for.
pub async fn explore(
    State(state): State<DbState>,
    q: Result<Query<ExploreQuery>, QueryRejection>,
) -> Result<Json<Explore>, ApiError> {
    let g = state.ok_or_else(none)?;
    let Query(q) = q.map_err(query_error)?;
    let variant = q.variant.unwrap_or(Variant::Xiangqi);
    let notation = pick_notation(q.notation.as_deref(), variant)?;
    let lang = pick_lang(q.lang.as_deref())?;
    let (pos, _) = crate::params::start_position(variant, Some(&q.fen), true)?;
    let p = pos.clone();
    let found = g.with(move |db| db.explore(&p, TOP_GAMES, lang).map_err(db_error)).await?;
    let text = |mv: Option<&str>| mv.and_then(|t| t.parse().ok()).map(|mv| move_text(&pos, mv, notation));
    let moves =
        found.moves.into_iter().map(|stats| ExploreMove { text: text(Some(stats.mv.as_str())), stats }).collect();
    let top_games =
        found.top_games.into_iter().map(|game| ExploreGame { next_text: text(game.next.as_deref()), game }).collect();
    Ok(Json(Explore { games: found.games, moves, opening: found.opening, top_games, fen: pos.to_fen() }))
}

fn move_text(pos: &Position, mv: chuhan::Move, notation: Notation) -> String {
    if pos.is_legal(mv) {
        notation.format(pos, mv)
    } else {
        mv.to_string()
    }
}

/// The query of `GET /api/db/search`: the database page's form.
#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct SearchQuery {
    player: Option<String>,
    red: Option<String>,
    black: Option<String>,
    event: Option<String>,
    from: Option<String>,
    to: Option<String>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    result: Option<String>,
    opening: Option<String>,
    variant: Option<String>,
    limit: Option<usize>,
    /// Games left out before the page (the page's first game is `offset + 1`).
    offset: Option<usize>,
    lang: Option<String>,
}

fn some(s: Option<String>) -> Option<String> {
    s.map(|s| s.trim().to_string()).filter(|s| !s.is_empty())
}

/// `GET /api/db/search?player=&event=&from=&to=&result=&opening=[&limit=&offset=]`: a page of the
/// games that match, newest first (at most 200 a page), and how many match in all.
pub async fn search(
    State(state): State<DbState>,
    q: Result<Query<SearchQuery>, QueryRejection>,
) -> Result<Json<DbSearch>, ApiError> {
    let g = state.ok_or_else(none)?;
    let Query(q) = q.map_err(query_error)?;
    let lang = pick_lang(q.lang.as_deref())?;
    let result = match some(q.result) {
        None => None,
        Some(r) => Some(match r.as_str() {
            "1-0" => RecordResult::RedWins,
            "0-1" => RecordResult::BlackWins,
            "1/2-1/2" | "draw" => RecordResult::Draw,
            "*" => RecordResult::Unknown,
            _ => return Err(bad(format!("result {r:?}: expected 1-0, 0-1, 1/2-1/2 or *"))),
        }),
    };
    let variant = match some(q.variant) {
        None => None,
        Some(v) => Some(v.parse::<Variant>().map_err(|e| bad(format!("variant: {e}")))?),
    };
    for (name, date) in [("from", &q.from), ("to", &q.to)] {
        if let Some(d) = date.as_deref().map(str::trim).filter(|d| !d.is_empty()) {
            let ok = d.len() <= 10 && d.chars().all(|c| c.is_ascii_digit() || c == '-' || c == '.' || c == '/');
            if !ok {
                return Err(bad(format!("{name} {d:?}: expected a date such as 1998, 1998-05 or 1998-05-12")));
            }
        }
    }
    // A page past a billion games is no page: bounded so that the database is never asked for it.
    let offset = q.offset.unwrap_or(0);
    if offset > 1_000_000_000 {
        return Err(bad(format!("offset {offset}: at most 1000000000")));
    }
    let filter = SearchFilter {
        player: some(q.player),
        red: some(q.red),
        black: some(q.black),
        event: some(q.event),
        from: some(q.from),
        to: some(q.to),
        result,
        opening: some(q.opening),
        variant,
        limit: Some(q.limit.unwrap_or(50).clamp(1, MAX_RESULTS)),
        offset: Some(offset),
        ..SearchFilter::default()
    };
    let (games, total) = g
        .with(move |db| Ok((db.search(&filter, lang).map_err(db_error)?, db.count(&filter).map_err(db_error)?)))
        .await?;
    Ok(Json(DbSearch { games, total, offset }))
}

/// `GET /api/db/games/{id}`: a game as the analysis board loads a record (headers, result,
/// tree; an `Opening` header with its name).
pub async fn game(
    State(state): State<DbState>,
    Path(id): Path<i64>,
    Query(q): Query<crate::params::NotationQuery>,
) -> Result<Json<RecordAnswer>, ApiError> {
    let g = state.ok_or_else(none)?;
    let record = g.with(move |db| db.record(id, Lang::English).map_err(db_error)).await?;
    let record = record.ok_or_else(|| ApiError::not_found(format!("no game {id} in the database")))?;
    // A game imported from the command line may be longer than uploads allow; its answer
    // would be tens of megabytes and seconds of work, for every visitor who asks.
    let plies = record.mainline_moves().len();
    if plies > g.max_plies {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("game {id} has {plies} plies, more than this server shows ({})", g.max_plies),
        )
        .with_code("game_too_long"));
    }
    let notation = pick_notation(q.notation.as_deref(), record.variant)?;
    let answer = crate::records::record_json(&record, "database", notation)?;
    Ok(Json(RecordAnswer { id: Some(id), ..answer }))
}

/// The query of `POST /api/db/import`.
#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct UploadQuery {
    /// The file's name, for its format (`.pgn`, `.xqf`, `.cbl`...) and the error messages.
    name: Option<String>,
}

/// `POST /api/db/import?name=FILE`: imports the collection in the body (at most
/// [`MAX_UPLOAD`] bytes) and says how many games were stored, were already there, or could
/// not be read (and why). Only when the server was started with uploads allowed.
pub async fn import(
    State(state): State<DbState>,
    q: Result<Query<UploadQuery>, QueryRejection>,
    headers: axum::http::HeaderMap,
    body: Bytes,
) -> Result<Json<Imported>, ApiError> {
    let lang = crate::lang::of_request(&headers);
    let g = state.ok_or_else(none)?;
    let Query(q) = q.map_err(query_error)?;
    let Some(spool) = &g.spool else {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "uploads are off on this server (start it with --games-db-uploads)",
        ));
    };
    if body.is_empty() {
        return Err(bad("the upload is empty").words("upload-empty", Vec::new()));
    }
    let _one = g
        .importing
        .try_acquire()
        .map_err(|_| ApiError::busy("another upload is being imported: try again in a moment"))?;
    let name = q.name.unwrap_or_else(|| "upload.pgn".into());
    // Only the name's last part, in plain characters: it becomes part of a file name.
    let shown: String = name
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or("upload")
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '.' | '-' | '_'))
        .take(80)
        .collect();
    let shown = if shown.is_empty() { "upload.pgn".to_string() } else { shown };
    let file = spool.path().join(format!("{}-{shown}", crate::ids::random_hex(8).map_err(internal)?));
    std::fs::write(&file, &body).map_err(internal)?;
    let spooled = file.clone();
    let options = ImportOptions { max_plies: g.max_plies, ..ImportOptions::default() };
    let report = g.with(move |db| db.import(&[&spooled], &options, |_| {}).map_err(db_error)).await;
    let _ = std::fs::remove_file(&file);
    let report = report?;
    let prefix = file.display().to_string();
    let errors: Vec<String> = report
        .errors
        .iter()
        .take(100)
        .map(|e| match lang {
            chuhan_i18n::Lang::En => e.message.replace(&prefix, &shown),
            _ => format!("{shown}: {}", skipped_in(e, lang)),
        })
        .collect();
    Ok(Json(Imported {
        file: shown,
        read: report.games_read,
        imported: report.imported,
        duplicates: report.duplicates,
        bad: report.errors.len(),
        errors,
    }))
}
