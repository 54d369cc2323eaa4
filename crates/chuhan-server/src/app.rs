//! Shared state, the HTTP routes and the engine's and clocks' background tasks.

use crate::limit::{Buckets, RateLimits};
use crate::rating;
use crate::room::{default_notation, Mode, Room};
use crate::store::{SqliteStore, Store, StoredGame};
use anyhow::{Context, Result};
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use chuhan::notation::Notation;
use chuhan::{JanggiFormation, JanggiSetup, Position, Variant};
use chuhan_engine::eval::Classic;
use chuhan_engine::search::{level_limits, level_move, Limits, Shared};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// The largest request body accepted: game settings are a few hundred bytes.
pub const MAX_BODY: usize = 16 * 1024;
/// The most games kept in memory at once, so that requests for old games cannot fill it.
const MAX_ROOMS: usize = 10_000;

/// A room with the channel that tells its WebSocket connections it changed.
pub struct Live {
    pub room: Mutex<Room>,
    pub changed: watch::Sender<u64>,
}

impl Live {
    /// Locks the room; a panic elsewhere while it was locked does not make it unusable.
    pub fn lock(&self) -> std::sync::MutexGuard<'_, Room> {
        self.room.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// What every request handler shares.
pub struct AppState {
    pub store: Arc<dyn Store>,
    rooms: Mutex<HashMap<String, Arc<Live>>>,
    /// Permits for the analysis board's searches.
    pub searches: tokio::sync::Semaphore,
    /// Rate limits per client address, and their buckets.
    pub limits: RateLimits,
    pub requests: Buckets,
    pub creations: Buckets,
    /// What the analysis board's searches keep between requests.
    pub deeper: crate::analysis::Deeper,
}

/// An error as JSON, with the HTTP status that fits it.
pub struct ApiError(pub StatusCode, pub String);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(json!({ "error": self.1 }))).into_response()
    }
}

pub(crate) fn bad(msg: impl Into<String>) -> ApiError {
    ApiError(StatusCode::BAD_REQUEST, msg.into())
}

pub(crate) fn internal(e: anyhow::Error) -> ApiError {
    ApiError(StatusCode::INTERNAL_SERVER_ERROR, format!("{e:#}"))
}

fn now_secs() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0)
}

/// `n` random bytes as lower-case hex, from the operating system's generator.
pub fn random_hex(n: usize) -> Result<String> {
    let mut buf = vec![0u8; n];
    getrandom::fill(&mut buf).map_err(|e| anyhow::anyhow!("no random numbers from the system: {e}"))?;
    Ok(buf.iter().map(|b| format!("{b:02x}")).collect())
}

impl AppState {
    /// Opens the SQLite store in `data` and brings back the unfinished games. Must run inside
    /// a Tokio runtime: games whose clocks run or where the engine is to move get their tasks.
    pub fn open(data: &std::path::Path, limits: RateLimits) -> Result<Arc<AppState>> {
        let store = SqliteStore::open(data)?;
        AppState::with_store(Arc::new(store), limits)
    }

    /// The state over any store, with its unfinished games loaded.
    pub fn with_store(store: Arc<dyn Store>, limits: RateLimits) -> Result<Arc<AppState>> {
        let state = Arc::new(AppState {
            store,
            rooms: Mutex::new(HashMap::new()),
            searches: crate::analysis::searches(),
            limits,
            requests: Buckets::new(limits.requests_per_minute),
            creations: Buckets::new(limits.games_per_minute),
            deeper: Default::default(),
        });
        for id in state.store.unfinished().context("cannot list unfinished games")? {
            match state.load(&id) {
                Ok(Some(live)) => state.after_change(&live),
                Ok(None) => {}
                Err(e) => eprintln!("chuhan serve: game {id} not restored: {e:#}"),
            }
        }
        Ok(state)
    }

    fn rooms(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Live>>> {
        self.rooms.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn insert(&self, room: Room) -> Arc<Live> {
        let live = Arc::new(Live { room: Mutex::new(room), changed: watch::channel(0).0 });
        let id = live.lock().id.clone();
        let mut rooms = self.rooms();
        if rooms.len() >= MAX_ROOMS {
            // Forget finished games first; they come back from the store when asked for.
            rooms.retain(|_, l| !l.lock().is_over());
        }
        rooms.entry(id).or_insert(live).clone()
    }

    /// A player's current rating, if they have one (a store error only hides it).
    fn rating_of(&self, name: &str) -> Option<f64> {
        self.store.rating(name).ok().flatten().map(|p| p.rating)
    }

    /// The ratings of the named players of a game, for display.
    fn seat_ratings(&self, names: &[Option<String>; 2]) -> [Option<f64>; 2] {
        names.clone().map(|n| n.and_then(|n| self.rating_of(&n)))
    }

    /// Reads game `id` from the store into memory.
    fn load(&self, id: &str) -> Result<Option<Arc<Live>>> {
        let Some((g, moves, end)) = self.store.load(id)? else { return Ok(None) };
        let mut room = Room::from_stored(&g, &moves, end, Instant::now())?;
        if room.end.is_none() {
            room.ratings = self.seat_ratings(&room.names);
        }
        Ok(Some(self.insert(room)))
    }

    /// Game `id`, from memory or the store.
    pub fn get(&self, id: &str) -> Result<Arc<Live>, ApiError> {
        if id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(ApiError(StatusCode::NOT_FOUND, format!("no game {id:?}")));
        }
        if let Some(live) = self.rooms().get(id) {
            return Ok(live.clone());
        }
        self.load(id).map_err(internal)?.ok_or_else(|| ApiError(StatusCode::NOT_FOUND, format!("no game {id:?}")))
    }

    /// After any change to a room: tell its watchers, arm the flag timer, start the engine.
    pub fn after_change(self: &Arc<Self>, live: &Arc<Live>) {
        live.changed.send_modify(|v| *v += 1);
        let now = Instant::now();
        let (flag_in, key, engine) = {
            let mut room = live.lock();
            let engine = room.engine_to_move();
            if engine {
                room.engine_busy = true;
            }
            // The engine's move is played only in the position it was chosen for (a takeback may
            // have changed it meanwhile).
            let key = (room.game.ply(), room.game.position().hash());
            (room.time_to_flag(now), key, engine.then(|| engine_job(&room, now)))
        };
        if let Some(wait) = flag_in {
            let (state, live) = (self.clone(), live.clone());
            tokio::spawn(async move {
                tokio::time::sleep(wait + Duration::from_millis(5)).await;
                let flagged = {
                    let mut room = live.lock();
                    room.check_flag(state.store.as_ref(), Instant::now())
                };
                if flagged {
                    state.after_change(&live);
                }
            });
        }
        if let Some((pos, limits, level, side)) = engine {
            let (state, live) = (self.clone(), live.clone());
            tokio::spawn(async move {
                let chosen =
                    tokio::task::spawn_blocking(move || engine_move(&pos, &limits, level)).await.ok().flatten();
                let again = {
                    let mut room = live.lock();
                    room.engine_busy = false;
                    let here = (room.game.ply(), room.game.position().hash());
                    let played = match chosen {
                        Some(m) if here == key => room
                            .play(side, m, state.store.as_ref(), Instant::now())
                            .map_err(|e| eprintln!("chuhan serve: engine move in game {}: {e}", room.id))
                            .is_ok(),
                        _ => false,
                    };
                    played || room.engine_to_move()
                };
                if again {
                    state.after_change(&live);
                }
            });
        }
    }
}

/// What the engine needs to choose a move: the position, limits, level and side.
fn engine_job(room: &Room, now: Instant) -> (Position, Limits, u32, usize) {
    let pos = room.game.position().clone();
    let side = pos.turn().index();
    let level = room.level.clamp(1, 20);
    let budget = room.clocks.as_ref().map_or(Duration::from_secs(2), |c| c.think_budget(side, now));
    (pos, level_limits(level, budget), level, side)
}

/// Runs the search (on a blocking thread) and picks the move, weakened below level 20.
fn engine_move(pos: &Position, limits: &Limits, level: u32) -> Option<chuhan::Move> {
    level_move(pos, &Shared::new(16), &Classic, limits, level)
}

/// The settings of `POST /api/games`; every field has a default.
#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
struct CreateRequest {
    variant: Option<String>,
    mode: Option<String>,
    level: Option<u32>,
    /// `red`/`cho` (0) or `black`/`han` (1): the creator's side.
    side: Option<String>,
    /// Base time in seconds (0 = untimed) and increment in seconds.
    base_secs: Option<u64>,
    increment_secs: Option<u64>,
    /// Byo-yomi: periods after the main time, and their length in seconds.
    periods: Option<u32>,
    period_secs: Option<u64>,
    /// `none`, `fischer`, `byoyomi` or `cxa`; left out, it follows from the fields above.
    /// `cxa` is the seeds' tournament rule: `base_secs` for the game (default 1200),
    /// `move_secs` a move (default 60), `overruns` allowed (default 3).
    clock: Option<String>,
    move_secs: Option<u64>,
    overruns: Option<u32>,
    /// The creator's name (optional) and whether the game should be rated.
    name: Option<String>,
    rated: Option<bool>,
    /// A start position other than the standard one.
    fen: Option<String>,
    /// Janggi: the formations of Cho and Han (outer, inner, left, right, mobile).
    cho_setup: Option<String>,
    han_setup: Option<String>,
}

pub(crate) fn parse_json<T: for<'de> Deserialize<'de>>(body: &Bytes) -> Result<T, ApiError> {
    let value: Value = if body.is_empty() {
        json!({})
    } else {
        serde_json::from_slice(body).map_err(|e| bad(format!("request body is not JSON: {e}")))?
    };
    if !value.is_object() {
        return Err(bad("request body: expected a JSON object"));
    }
    serde_json::from_value(value).map_err(|e| bad(format!("request body: {e}")))
}

async fn create(State(state): State<Arc<AppState>>, body: Bytes) -> Result<Json<Value>, ApiError> {
    let req: CreateRequest = parse_json(&body)?;
    let variant: Variant =
        req.variant.as_deref().unwrap_or("xiangqi").parse().map_err(|e| bad(format!("variant: {e}")))?;
    let mode_text = req.mode.as_deref().unwrap_or("friend");
    let mode = Mode::parse(mode_text).ok_or_else(|| bad(format!("mode {mode_text:?}: expected engine or friend")))?;
    let level = req.level.unwrap_or(10);
    if !(1..=20).contains(&level) {
        return Err(bad(format!("level {level}: expected 1 to 20")));
    }
    let side = match req.side.as_deref().unwrap_or("red") {
        "red" | "cho" | "first" => 0,
        "black" | "han" | "second" => 1,
        s => return Err(bad(format!("side {s:?}: expected red, black, cho or han"))),
    };
    let clock = ClockFields::of(&req)?;
    let name = rating::check_name(req.name.as_deref()).map_err(bad)?;
    let rated = req.rated.unwrap_or(false);
    if rated && mode == Mode::Engine {
        return Err(bad("games against the engine are not rated"));
    }
    let setup = req.cho_setup.is_some() || req.han_setup.is_some();
    let start = match &req.fen {
        Some(_) if setup => return Err(bad("give either a fen or janggi setups, not both")),
        Some(fen) if fen.len() > 200 => return Err(bad("fen: too long")),
        Some(fen) => Position::from_fen(variant, fen).map_err(|e| bad(format!("fen: {e}")))?,
        None if setup && variant != Variant::Janggi => return Err(bad("setups are for janggi only")),
        None if setup => {
            let formation = |f: &Option<String>, who: &str| -> Result<JanggiFormation, ApiError> {
                f.as_deref().map_or(Ok(JanggiFormation::InnerElephants), |f| {
                    f.parse().map_err(|e| bad(format!("{who} setup: {e}")))
                })
            };
            JanggiSetup { cho: formation(&req.cho_setup, "cho")?, han: formation(&req.han_setup, "han")? }.position()
        }
        None => Position::new(variant),
    };
    let id = random_hex(6).map_err(internal)?;
    let token = random_hex(16).map_err(internal)?;
    let mut tokens = [None, None];
    tokens[side] = Some(token.clone());
    let mut names = [None, None];
    names[side] = name;
    let g = StoredGame {
        id: id.clone(),
        variant: variant.name().to_string(),
        mode: mode.name().to_string(),
        level: if mode == Mode::Engine { level } else { 0 },
        start_fen: start.to_fen(),
        tokens,
        base_ms: clock.base_secs * 1000,
        increment_ms: clock.increment_secs * 1000,
        periods: clock.periods,
        period_ms: clock.period_secs * 1000,
        per_move_ms: clock.move_secs * 1000,
        overruns: clock.overruns,
        names,
        rated,
        created: now_secs(),
    };
    state.store.create(&g).map_err(internal)?;
    let mut room = Room::from_stored(&g, &[], None, Instant::now()).map_err(internal)?;
    room.ratings = state.seat_ratings(&room.names);
    let live = state.insert(room);
    state.after_change(&live);
    Ok(Json(json!({ "id": id, "token": token, "side": side, "url": format!("/game/{id}") })))
}

/// The body of `POST /api/games/{id}/join` (optional).
#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
struct JoinRequest {
    name: Option<String>,
}

async fn join(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    let req: JoinRequest = parse_json(&body)?;
    let name = rating::check_name(req.name.as_deref()).map_err(bad)?;
    let live = state.get(&id)?;
    let (token, side) = {
        let mut room = live.lock();
        if room.mode != Mode::Friend {
            return Err(ApiError(
                StatusCode::CONFLICT,
                "this game is against the engine: there is no seat to join".into(),
            ));
        }
        let Some(side) = room.tokens.iter().position(|t| t.is_none()) else {
            return Err(ApiError(StatusCode::CONFLICT, "both seats are taken: you can watch".into()));
        };
        if let (Some(mine), Some(theirs)) = (&name, &room.names[1 - side]) {
            if rating::same_name(mine, theirs) {
                return Err(ApiError(StatusCode::CONFLICT, format!("{theirs} already plays the other side")));
            }
        }
        let token = random_hex(16).map_err(internal)?;
        state.store.set_token(&id, side, &token, name.as_deref()).map_err(internal)?;
        room.tokens[side] = Some(token.clone());
        room.ratings[side] = name.as_deref().and_then(|n| state.rating_of(n));
        room.names[side] = name;
        (token, side)
    };
    state.after_change(&live);
    Ok(Json(json!({ "id": id, "token": token, "side": side })))
}

/// `?notation=...` on the requests that write moves.
#[derive(Deserialize)]
pub struct NotationQuery {
    pub notation: Option<String>,
}

/// The notation asked for, or the variant's usual one.
pub fn pick_notation(asked: Option<&str>, variant: Variant) -> Result<Notation, ApiError> {
    match asked {
        None | Some("") => Ok(default_notation(variant)),
        // A notation of the other game (a browser remembers one choice for both) gives way to
        // this game's default rather than writing moves it cannot name.
        Some(n) => {
            let n: Notation = n.parse().map_err(|e| bad(format!("notation: {e}")))?;
            Ok(if n.applies_to(variant) { n } else { default_notation(variant) })
        }
    }
}

async fn game_state(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    Query(q): Query<NotationQuery>,
) -> Result<Json<Value>, ApiError> {
    let live = state.get(&id)?;
    let room = live.lock();
    let notation = pick_notation(q.notation.as_deref(), room.variant)?;
    Ok(Json(room.state(None, notation, Instant::now())))
}

async fn pgn(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    Query(q): Query<NotationQuery>,
) -> Result<Response, ApiError> {
    let live = state.get(&id)?;
    let text = {
        let room = live.lock();
        let notation = pick_notation(q.notation.as_deref(), room.variant)?;
        room.pgn(notation).map_err(internal)?
    };
    let disposition = format!("attachment; filename=\"chuhan-{id}.pgn\"");
    Ok((
        [
            (header::CONTENT_TYPE, "application/x-chess-pgn; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    )
        .into_response())
}

async fn archive(State(state): State<Arc<AppState>>) -> Result<Json<Value>, ApiError> {
    let games = state.store.archive(200).map_err(internal)?;
    let list: Vec<Value> = games
        .iter()
        .map(|g| {
            json!({ "id": g.id, "variant": g.variant, "mode": g.mode, "created": g.created, "plies": g.plies,
                    "result": g.end.result, "reason": g.end.reason, "names": g.names })
        })
        .collect();
    Ok(Json(json!({ "games": list })))
}

/// The best-rated players: `GET /api/ratings`.
async fn ratings(State(state): State<Arc<AppState>>) -> Result<Json<Value>, ApiError> {
    let players = state.store.ratings(200).map_err(internal)?;
    let list: Vec<Value> = players
        .iter()
        .map(|p| {
            json!({ "name": p.name, "rating": p.rating.round(), "games": p.games, "wins": p.wins,
                    "draws": p.draws, "losses": p.losses })
        })
        .collect();
    Ok(Json(json!({ "players": list })))
}

/// The time control fields of a create request, checked.
#[derive(Default)]
struct ClockFields {
    base_secs: u64,
    increment_secs: u64,
    periods: u32,
    period_secs: u64,
    move_secs: u64,
    overruns: u32,
}

impl ClockFields {
    fn of(req: &CreateRequest) -> Result<ClockFields, ApiError> {
        let f = ClockFields {
            base_secs: req.base_secs.unwrap_or(0),
            increment_secs: req.increment_secs.unwrap_or(0),
            periods: req.periods.unwrap_or(0),
            period_secs: req.period_secs.unwrap_or(0),
            move_secs: 0,
            overruns: 0,
        };
        if f.base_secs > 24 * 3600 || f.increment_secs > 3600 || f.periods > 100 || f.period_secs > 3600 {
            return Err(bad("time control: at most 24 hours base, one hour increment, 100 periods of an hour"));
        }
        let extra = |what: &str| bad(format!("clock {what}: move_secs and overruns are for cxa only"));
        let byoyomi = f.periods > 0 || f.period_secs > 0;
        match req.clock.as_deref() {
            Some("none") => Ok(ClockFields::default()),
            Some("cxa") => {
                if f.increment_secs > 0 || byoyomi {
                    return Err(bad("clock cxa: no increment or byo-yomi periods"));
                }
                let cxa = ClockFields {
                    base_secs: req.base_secs.unwrap_or(20 * 60),
                    move_secs: req.move_secs.unwrap_or(60),
                    overruns: req.overruns.unwrap_or(3),
                    ..f
                };
                if cxa.base_secs == 0 || cxa.move_secs == 0 || cxa.move_secs > 3600 || cxa.overruns > 100 {
                    return Err(bad("clock cxa: base_secs and move_secs (at most 3600) above 0, at most 100 overruns"));
                }
                Ok(cxa)
            }
            _ if req.move_secs.is_some() || req.overruns.is_some() => Err(extra(req.clock.as_deref().unwrap_or(""))),
            Some("fischer") if byoyomi => Err(bad("clock fischer: no byo-yomi periods")),
            None | Some("fischer") | Some("byoyomi") => {
                if byoyomi && (f.periods == 0 || f.period_secs == 0) {
                    return Err(bad("byo-yomi: give both periods and period_secs, or neither"));
                }
                if req.clock.as_deref() == Some("byoyomi") && !byoyomi {
                    return Err(bad("clock byoyomi: give periods and period_secs"));
                }
                Ok(f)
            }
            Some(c) => Err(bad(format!("clock {c:?}: expected none, fischer, byoyomi or cxa"))),
        }
    }
}

/// The routes of the app over `state`.
pub fn router(state: Arc<AppState>) -> Router {
    Router::new()
        .merge(crate::pages::routes())
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(game_state))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/pgn", get(pgn))
        .route("/api/games/{id}/ws", get(crate::ws::upgrade))
        .route("/api/archive", get(archive))
        .route("/api/ratings", get(ratings))
        .route("/api/analyse", post(crate::analysis::analyse))
        .route("/api/records", post(crate::records::read).layer(DefaultBodyLimit::max(crate::records::MAX_RECORD)))
        .route("/api/tree", post(crate::tree::tree).layer(DefaultBodyLimit::max(crate::records::MAX_RECORD)))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn_with_state(state.clone(), crate::limit::middleware))
        .with_state(state)
}
