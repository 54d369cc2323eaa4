//! What every request shares: the store, the games in memory, the rate limiter and the
//! analysis board's searches; and the background tasks that a change to a game starts (the
//! flag timer and the engine's move).
//!
//! This module knows rooms and the store but no routes: the handlers (the `games` and `ws`
//! modules) call into it, never the other way round.

use crate::analysis::Analysis;
use crate::engines::Engines;
use crate::error::{internal, ApiError};
use crate::gamedb::{DbState as GamesDbState, GamesDb};
use crate::limit::{Limiter, RateLimits};
use crate::room::Room;
use crate::store::{SqliteStore, Store};
use anyhow::{Context, Result};
use chuhan::{BySide, Position, Side, Variant};
use chuhan_engine::eval::Classic;
use chuhan_engine::external::EngineSpec;
use chuhan_engine::search::{level_limits, level_move, Limits, Shared};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// The most games kept in memory at once, so that requests for old games cannot fill it.
const MAX_ROOMS: usize = 10_000;

/// A room with the channel that tells its WebSocket connections it changed.
///
/// The room sits behind a plain mutex (held for microseconds, never across an `.await`); the
/// watch channel carries only a counter, so a slow connection skips states instead of
/// queueing them and always sends the newest.
pub struct Live {
    /// The game; lock it with [`Live::lock`].
    pub room: Mutex<Room>,
    /// Bumped after every change; each connection subscribes and sends the state anew.
    pub changed: watch::Sender<u64>,
}

impl Live {
    /// Locks the room; a panic elsewhere while it was locked does not make it unusable.
    pub fn lock(&self) -> std::sync::MutexGuard<'_, Room> {
        self.room.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// What `chuhan serve` offers besides games: other engines for the analysis board and a game
/// database for the explorer.
#[derive(Default)]
pub struct Tools {
    /// Engines given with `--engine`, offered beside chuhan's own.
    pub engines: Vec<EngineSpec>,
    /// The game database (`--games-db`): the explorer and the database page.
    pub games_db: Option<std::path::PathBuf>,
    /// Whether anyone who reaches the server may import collections into it.
    pub games_db_uploads: bool,
}

/// What every request handler shares.
///
/// One per server, behind an `Arc`: games live here (in memory, loaded from the store on
/// demand) so that two players' connections see the same room.
pub struct AppState {
    /// Where games are kept; every move is written here before players are told of it.
    pub store: Arc<dyn Store>,
    rooms: Mutex<HashMap<String, Arc<Live>>>,
    /// The rate limits per client address, and their buckets.
    pub limiter: Arc<Limiter>,
    /// The analysis board's search slots and the hash tables kept between its requests.
    pub analysis: Arc<Analysis>,
    /// The game database, if the server has one.
    pub games_db: GamesDbState,
}

pub(crate) fn now_secs() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0)
}

/// `n` random bytes as lower-case hex, from the operating system's generator.
///
/// Game ids and seat tokens come from here: a token is the only proof of a seat, so it must
/// not be guessable, which rules out a seeded generator.
pub fn random_hex(n: usize) -> Result<String> {
    let mut buf = vec![0u8; n];
    getrandom::fill(&mut buf).map_err(|e| anyhow::anyhow!("no random numbers from the system: {e}"))?;
    Ok(buf.iter().map(|b| format!("{b:02x}")).collect())
}

impl AppState {
    /// Opens the SQLite store in `data` and brings back the unfinished games. Must run inside
    /// a Tokio runtime: games whose clocks run or where the engine is to move get their tasks.
    pub fn open(data: &std::path::Path, limits: RateLimits) -> Result<Arc<AppState>> {
        AppState::open_with_tools(data, limits, Tools::default())
    }

    /// [`AppState::open`] with other engines and a game database.
    pub fn open_with_tools(data: &std::path::Path, limits: RateLimits, tools: Tools) -> Result<Arc<AppState>> {
        let store = SqliteStore::open(data)?;
        AppState::with_store_and_tools(Arc::new(store), limits, tools)
    }

    /// The state over any store, with its unfinished games loaded (tests and other stores
    /// than SQLite come in here).
    pub fn with_store(store: Arc<dyn Store>, limits: RateLimits) -> Result<Arc<AppState>> {
        AppState::with_store_and_tools(store, limits, Tools::default())
    }

    /// [`AppState::with_store`] with other engines and a game database.
    pub fn with_store_and_tools(store: Arc<dyn Store>, limits: RateLimits, tools: Tools) -> Result<Arc<AppState>> {
        let engines = Engines::new(tools.engines).map_err(anyhow::Error::msg)?;
        let games_db = match &tools.games_db {
            Some(path) => Some(Arc::new(
                GamesDb::open(path, tools.games_db_uploads)
                    .with_context(|| format!("--games-db {}", path.display()))?,
            )),
            None => None,
        };
        let state = Arc::new(AppState {
            store,
            rooms: Mutex::new(HashMap::new()),
            limiter: Arc::new(Limiter::new(limits)),
            analysis: Arc::new(Analysis::with_engines(engines)),
            games_db,
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

    /// Puts a new room in memory and returns it (or the one already there with its id).
    pub fn insert(&self, room: Room) -> Arc<Live> {
        let live = Arc::new(Live { room: Mutex::new(room), changed: watch::channel(0).0 });
        let id = live.lock().id.clone();
        let mut rooms = self.rooms();
        if rooms.len() >= MAX_ROOMS {
            // Forget finished games first; they come back from the store when asked for.
            rooms.retain(|_, l| !l.lock().is_over());
        }
        rooms.entry(id).or_insert(live).clone()
    }

    /// Every room in memory now (the lobby's open challenges are among them).
    pub fn live_rooms(&self) -> Vec<Arc<Live>> {
        self.rooms().values().cloned().collect()
    }

    /// A player's current rating at `variant`, if they have one (a store error only hides it).
    pub fn rating_of(&self, variant: Variant, name: &str) -> Option<f64> {
        self.store.rating(variant, name).ok().flatten().map(|p| p.rating)
    }

    /// The ratings at `variant` of the named players of a game, for display.
    pub fn seat_ratings(&self, variant: Variant, names: &BySide<Option<String>>) -> BySide<Option<f64>> {
        names.clone().map(|n| n.and_then(|n| self.rating_of(variant, &n)))
    }

    /// Reads game `id` from the store into memory.
    fn load(&self, id: &str) -> Result<Option<Arc<Live>>> {
        let Some((g, moves, end)) = self.store.load(id)? else { return Ok(None) };
        let mut room = Room::from_stored(&g, &moves, end, Instant::now())?;
        if room.end.is_none() {
            room.ratings = self.seat_ratings(room.variant, &room.names);
        }
        Ok(Some(self.insert(room)))
    }

    /// Game `id`, from memory or the store.
    pub fn get(&self, id: &str) -> Result<Arc<Live>, ApiError> {
        if id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(ApiError::not_found(format!("no game {id:?}")));
        }
        if let Some(live) = self.rooms().get(id) {
            return Ok(live.clone());
        }
        self.load(id).map_err(internal)?.ok_or_else(|| ApiError::not_found(format!("no game {id:?}")))
    }

    /// After any change to a room: tell its watchers, arm the flag timer, start the engine.
    ///
    /// Every path that changes a room ends here, so a game can never be left with a clock
    /// that runs out unnoticed or an engine that does not move.
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
        if let Some(job) = engine {
            let (state, live) = (self.clone(), live.clone());
            tokio::spawn(async move {
                let side = job.side;
                let chosen: Result<Option<chuhan::Move>, String> = match job.other {
                    None => {
                        let (pos, limits, level) = (job.pos, job.limits, job.level);
                        Ok(tokio::task::spawn_blocking(move || engine_move(&pos, &limits, level)).await.ok().flatten())
                    }
                    Some((name, game)) => state.analysis.engines.best_move(&name, &game, job.budget).await.map(Some),
                };
                let again = {
                    let mut room = live.lock();
                    room.engine_busy = false;
                    let here = (room.game.ply(), room.game.position().hash());
                    let played = match chosen {
                        Ok(Some(m)) if here == key => room
                            .play(side, m, state.store.as_ref(), Instant::now())
                            .map_err(|e| eprintln!("chuhan serve: engine move in game {}: {e}", room.id))
                            .is_ok(),
                        // Another engine that failed loses the game, with the reason.
                        Err(why) if here == key => {
                            room.engine_forfeits(side, &why, state.store.as_ref(), Instant::now());
                            true
                        }
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

/// What the engine needs to choose a move.
struct EngineJob {
    pos: Position,
    limits: Limits,
    level: u32,
    side: Side,
    budget: Duration,
    /// Another engine than chuhan's own: its name and the game (its moves are sent to it).
    other: Option<(String, chuhan::Game)>,
}

fn engine_job(room: &Room, now: Instant) -> EngineJob {
    let pos = room.game.position().clone();
    let side = pos.turn();
    let level = room.level.clamp(1, 20);
    let budget = room.clocks.as_ref().map_or(Duration::from_secs(2), |c| c.think_budget(side, now));
    let other = room.engine.clone().map(|name| (name, room.game.clone()));
    EngineJob { limits: level_limits(level, budget), pos, level, side, budget, other }
}

/// Runs the search (on a blocking thread) and picks the move, weakened below level 20.
fn engine_move(pos: &Position, limits: &Limits, level: u32) -> Option<chuhan::Move> {
    level_move(pos, &Shared::new(16), &Classic, limits, level)
}
