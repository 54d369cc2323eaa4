//! What every request shares: the store, the games in memory, the rate limiter and the
//! analysis board's searches; and the background tasks that a change to a game starts (the
//! flag timer and the engine's move).
//!
//! This module knows rooms and the store but no routes: the handlers (the `games` and `ws`
//! modules) call into it, never the other way round.

use crate::actions::{self, Action};
use crate::analysis::Analysis;
use crate::cluster::Cluster;
use crate::engines::Engines;
use crate::error::{internal, ApiError};
use crate::gamedb::{DbState as GamesDbState, GamesDb};
use crate::limit::{Limiter, Limits};
use crate::live::Live;
use crate::room::{Room, RoomError};
use crate::store::pg::Change;
use crate::store::Store;
use anyhow::{Context, Result};
use chuhan::{BySide, Position, Side, Variant};
use chuhan_db::live::glicko::Speed;
use chuhan_engine::eval::Classic;
use chuhan_engine::external::EngineSpec;
use chuhan_engine::search::{level_limits, level_move, Limits as SearchLimits, Shared};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The most games kept in memory at once, so that requests for old games cannot fill it.
const MAX_ROOMS: usize = 10_000;

/// How long a flag that the store could not take waits before it is tried again.
const FLAG_RETRY: Duration = Duration::from_secs(1);
/// How long the engine waits before asking again when its move could not be stored.
const ENGINE_RETRY: Duration = Duration::from_secs(1);

/// What `chuhan serve` offers besides games: other engines for the analysis board and a game
/// database for the explorer.
#[derive(Default)]
pub struct Tools {
    /// Engines given with `--engine`, offered beside chuhan's own.
    pub engines: Vec<EngineSpec>,
    /// The game database (`--games-db`): a SQLite file or a PostgreSQL database; the explorer
    /// and the database page.
    pub games_db: Option<crate::Target>,
    /// Whether anyone who reaches the server may import collections into it.
    pub games_db_uploads: bool,
    /// The host names requests must name (`--allowed-host`); empty: any.
    pub allowed_hosts: Vec<String>,
    /// `--secure-cookies`: the session cookie is sent only over HTTPS (the server is behind a
    /// TLS proxy).
    pub secure_cookies: bool,
    /// `--puzzles FILE`: the puzzle set in place of the one compiled in
    /// (`crates/chuhan-server/puzzles/puzzles.jsonl`).
    pub puzzles: Option<std::path::PathBuf>,
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
    /// With PostgreSQL: this server's part among the servers sharing the database (which
    /// games' clocks and engines it runs). `None` with SQLite: one server runs everything.
    pub cluster: Option<Arc<Cluster>>,
    /// The engine games' turns at thinking (`chuhan serve --engine-games`): each search
    /// holds a core, so at most this many run at once and the others wait in line.
    pub engine_slots: Arc<tokio::sync::Semaphore>,
    /// Engine games thinking or waiting to think now.
    pub engine_queue: Arc<std::sync::atomic::AtomicUsize>,
    /// The `--engine-games` limit itself.
    pub engine_games: usize,
    /// The host names requests must name ([`crate::hosts`]).
    pub hosts: crate::hosts::AllowedHosts,
    /// Accounts: password hashing, failed logins, the cookie's flags.
    pub accounts: crate::account::AccountsState,
    /// How often a game's WebSocket is pinged: a third of the idle timeout, so that an open
    /// page is never idle long enough to be cut off (see [`crate::ws`]).
    pub ws_ping: Duration,
    /// Game reviews: their line, the one running, the analysis board's jobs.
    pub reviewer: crate::reviewer::Reviewer,
    /// The puzzle set and the guests' allowance of attempts.
    pub puzzles: crate::puzzles::PuzzlesState,
}

/// Counts a game in [`AppState::engine_queue`] while its engine waits or thinks.
struct Queued(Arc<std::sync::atomic::AtomicUsize>);

impl Queued {
    fn new(queue: &Arc<std::sync::atomic::AtomicUsize>) -> Queued {
        queue.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Queued(queue.clone())
    }
}

impl Drop for Queued {
    fn drop(&mut self) {
        self.0.fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
    }
}

impl AppState {
    /// Brings back the unfinished games of the store (SQLite: all of them; with several
    /// servers the sweep of [`crate::peers`] claims them instead). Must run inside a Tokio
    /// runtime: games whose clocks run or where the engine is to move get their tasks.
    pub(crate) async fn restore(self: &Arc<Self>) -> Result<()> {
        for id in self.store.unfinished().await.context("cannot list unfinished games")? {
            match self.load(&id).await {
                Ok(Some(live)) => self.after_change(&live),
                Ok(None) => {}
                Err(e) => eprintln!("chuhan serve: game {id} not restored: {e:#}"),
            }
        }
        Ok(())
    }

    /// The state over `store`, with no game in memory yet; `cluster` when other servers
    /// share the store (PostgreSQL).
    pub(crate) async fn new(
        store: Arc<dyn Store>,
        limits: Limits,
        cluster: Option<Arc<Cluster>>,
        tools: Tools,
    ) -> Result<Arc<AppState>> {
        let engines = Engines::new(tools.engines).map_err(anyhow::Error::msg)?;
        let puzzles = match &tools.puzzles {
            Some(file) => {
                let text = std::fs::read_to_string(file)
                    .with_context(|| format!("--puzzles {}: cannot read it", file.display()))?;
                crate::puzzles::PuzzleSet::load(&text).with_context(|| format!("--puzzles {}", file.display()))?
            }
            None => crate::puzzles::PuzzleSet::load(crate::puzzles::SHIPPED).context("the shipped puzzle set")?,
        };
        let games_db = match tools.games_db {
            // Opening the game database may create its file: off the runtime's threads.
            Some(target) => {
                let uploads = tools.games_db_uploads;
                let max_plies = limits.max_plies;
                let db = tokio::task::spawn_blocking(move || {
                    // The error names the database (chuhan-db hides a URL's password).
                    GamesDb::open(&target, uploads, max_plies).context("--games-db")
                })
                .await??;
                Some(Arc::new(db))
            }
            None => None,
        };
        Ok(Arc::new(AppState {
            store,
            rooms: Mutex::new(HashMap::new()),
            limiter: Arc::new(Limiter::new(limits)),
            analysis: Arc::new(Analysis::new(engines, limits.analysis_threads)),
            games_db,
            cluster,
            engine_slots: Arc::new(tokio::sync::Semaphore::new(limits.engine_games.max(1))),
            engine_queue: Arc::default(),
            engine_games: limits.engine_games.max(1),
            ws_ping: (limits.connections.idle_timeout / 3).max(Duration::from_millis(100)),
            hosts: crate::hosts::AllowedHosts::new(&tools.allowed_hosts),
            accounts: crate::account::AccountsState::new(limits.requests_per_minute, tools.secure_cookies),
            reviewer: crate::reviewer::Reviewer::new(
                limits.review_nodes,
                limits.review_queue,
                limits.reviews_per_client,
            ),
            puzzles: crate::puzzles::PuzzlesState::new(puzzles),
        }))
    }

    /// Whether this server runs game `id`'s flag timer and engine: always with SQLite; with
    /// PostgreSQL, when it holds the game's lock (see [`crate::cluster`]).
    pub fn owns(&self, id: &str) -> bool {
        self.cluster.as_ref().is_none_or(|c| c.owns(id))
    }

    /// Makes this server the owner of a game it has just created, if it can.
    pub async fn claim(&self, id: &str) {
        if let Some(c) = &self.cluster {
            if let Err(e) = c.claim(id).await {
                eprintln!("chuhan serve: game {id}: {e:#}");
            }
        }
    }

    /// Every room in memory (the lobby's open challenges are among them).
    pub fn all_in_memory(&self) -> Vec<Arc<Live>> {
        self.rooms().values().cloned().collect()
    }

    fn rooms(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Live>>> {
        self.rooms.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Puts a new room in memory and returns it (or the one already there with its id).
    pub fn insert(&self, room: Room) -> Arc<Live> {
        let live = Arc::new(Live::new(room));
        let id = live.id.clone();
        let mut rooms = self.rooms();
        if rooms.len() >= MAX_ROOMS {
            // Forget finished games first; they come back from the store when asked for.
            rooms.retain(|_, l| !l.lock().is_over());
        }
        rooms.entry(id).or_insert(live).clone()
    }

    /// An account's current rating in a game's pool, if it has one (a store error only hides
    /// it).
    pub async fn rating_of(&self, variant: Variant, speed: Speed, account: i64) -> Option<f64> {
        self.store.pool_rating(account, variant.name(), speed).await.ok().flatten().map(|g| g.rating)
    }

    /// The ratings of the accounts seated in a game, for display.
    pub async fn seat_ratings(
        &self,
        variant: Variant,
        speed: Speed,
        accounts: &BySide<Option<i64>>,
    ) -> BySide<Option<f64>> {
        let mut out = BySide::new(None, None);
        for (side, account) in accounts.iter() {
            if let Some(account) = account {
                out[side] = self.rating_of(variant, speed, *account).await;
            }
        }
        out
    }

    /// Reads game `id` from the store into a room (not yet in memory).
    async fn read(&self, id: &str) -> Result<Option<Room>> {
        let Some((g, moves, end, offers)) = self.store.load(id).await? else { return Ok(None) };
        // Among several servers the game went on while this one did not hold it: the time
        // since the last move is charged. A single server's restart charges no one.
        let since = self.cluster.is_some().then(std::time::SystemTime::now);
        let mut room = Room::from_stored_at(&g, &moves, end, offers, Instant::now(), since)?;
        if room.end.is_none() {
            room.ratings = self.seat_ratings(room.variant, room.speed, &room.accounts).await;
        }
        if room.mode == crate::room::Mode::Friend {
            room.chat = self.store.chat(id, crate::room::CHAT_SHOWN).await?;
            room.rematch = self.store.rematch(id).await?;
            if let Some(new) = &room.rematch.game {
                // Each player's token in the new game: they took the other colour.
                if let Some((g, ..)) = self.store.load(new).await? {
                    room.rematch_tokens = BySide::new(g.tokens.second, g.tokens.first);
                }
            }
        }
        Ok(Some(room))
    }

    /// Reads game `id` from the store into memory.
    async fn load(&self, id: &str) -> Result<Option<Arc<Live>>> {
        Ok(self.read(id).await?.map(|room| self.insert(room)))
    }

    /// Game `id`, from memory or the store.
    pub async fn get(&self, id: &str) -> Result<Arc<Live>, ApiError> {
        if id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(no_game(id));
        }
        if let Some(live) = self.rooms().get(id) {
            return Ok(live.clone());
        }
        self.load(id).await.map_err(internal)?.ok_or_else(|| no_game(id))
    }

    /// The room of game `id` if it is in memory.
    pub fn in_memory(&self, id: &str) -> Option<Arc<Live>> {
        self.rooms().get(id).cloned()
    }

    /// Does `action` to a room (see [`crate::actions`]) and tells its watchers. When the store
    /// says the game changed elsewhere, the room is read again from the store first.
    pub async fn apply(self: &Arc<Self>, live: &Arc<Live>, action: Action) -> Result<(), RoomError> {
        let (changed, result) = actions::act(live, self.store.as_ref(), action, Instant::now()).await;
        if let Err(RoomError::Behind(_) | RoomError::Game { .. }) = &result {
            if let Err(e) = self.reload(live).await {
                eprintln!("chuhan serve: game {} not reloaded: {e:#}", live.id);
            }
        } else if changed {
            self.after_change(live);
        }
        result
    }

    /// What another server changed in a game this one holds in memory ([`Change`]): a move is
    /// played from the notification itself when the room is at that move (a move it already
    /// has is skipped); anything else, or a move that does not follow, reads the game again.
    pub async fn heard(self: &Arc<Self>, live: &Arc<Live>, change: Change) -> Result<()> {
        let Change::Move { ply, stored } = change else { return self.reload(live).await };
        let played = {
            let _writer = live.writer.lock().await;
            let mut room = live.lock();
            if ply < room.game.ply() && room.game.moves().nth(ply).is_some_and(|m| m.to_string() == stored.mv) {
                // Already played (read with an earlier reload).
                return Ok(());
            }
            room.play_stored(ply, &stored, Instant::now(), std::time::SystemTime::now())
        };
        match played {
            Ok(true) => {
                self.after_change(live);
                Ok(())
            }
            // A gap, a conflict or a move the room refuses: the store decides.
            Ok(false) | Err(_) => self.reload(live).await,
        }
    }

    /// Reads the room of `live` again from the store (another server changed the game) and
    /// tells its watchers. What only memory holds is kept while the moves are the same: the
    /// running clocks and an engine search under way.
    pub async fn reload(self: &Arc<Self>, live: &Arc<Live>) -> Result<()> {
        let writer = live.writer.lock().await;
        let Some(fresh) = self.read(&live.id).await? else { return Ok(()) };
        {
            let mut room = live.lock();
            if room.game.moves().eq(fresh.game.moves()) && room.end.is_some() == fresh.end.is_some() {
                room.tokens = fresh.tokens;
                room.names = fresh.names;
                room.accounts = fresh.accounts;
                room.ratings = fresh.ratings;
                room.chat = fresh.chat;
                room.rematch = fresh.rematch;
                room.rematch_tokens = fresh.rematch_tokens;
                room.offers = fresh.offers;
                if fresh.end.is_some() {
                    room.end = fresh.end;
                }
            } else {
                let engine_busy = room.engine_busy;
                *room = fresh;
                room.engine_busy = engine_busy;
            }
        }
        drop(writer);
        self.after_change(live);
        Ok(())
    }

    /// After any change to a room: tell its watchers, arm the flag timer, start the engine.
    ///
    /// Every path that changes a room ends here, so a game can never be left with a clock
    /// that runs out unnoticed or an engine that does not move.
    pub fn after_change(self: &Arc<Self>, live: &Arc<Live>) {
        live.changed.send_modify(|v| *v += 1);
        if !self.owns(&live.id) {
            // Another server runs this game's clock and engine.
            return;
        }
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
                // An end the store could not take was undone: try again every second while
                // this server runs the game's clock (with PostgreSQL, a server whose database
                // went away stops running it, and the one that runs it next arms its own timer).
                while let Err(RoomError::Store(e)) = state.apply(&live, Action::Flag).await {
                    eprintln!("chuhan serve: game {}: {e:#}", live.id);
                    tokio::time::sleep(FLAG_RETRY).await;
                    if !state.owns(&live.id) {
                        break;
                    }
                }
            });
        }
        if let Some(job) = engine {
            let (state, live) = (self.clone(), live.clone());
            tokio::spawn(async move {
                let side = job.side;
                let chosen: Result<Option<chuhan::Move>, String> = match job.other {
                    None => {
                        let (pos, level) = (job.pos, job.level);
                        // In line behind the other engine games; the time spent waiting is
                        // taken off this move's budget, since the clock runs meanwhile.
                        let queued = (Instant::now(), Queued::new(&state.engine_queue));
                        let _slot = state.engine_slots.clone().acquire_owned().await;
                        let limits = level_limits(level, job.budget.saturating_sub(queued.0.elapsed()));
                        Ok(tokio::task::spawn_blocking(move || engine_move(&pos, &limits, level)).await.ok().flatten())
                    }
                    Some((name, game)) => state.analysis.engines.best_move(&name, &game, job.budget).await.map(Some),
                };
                live.lock().engine_busy = false;
                let action = match chosen {
                    Ok(Some(m)) => Some(Action::Engine(side, m, key)),
                    // Another engine that failed loses the game, with the reason.
                    Err(why) => Some(Action::EngineForfeit(side, why, key)),
                    Ok(None) => None,
                };
                // Asked again at once only when the position changed under the search; a store
                // that refused the move is given a moment; a move the room refuses is not asked
                // again (the same position would give the same refusal: a busy loop).
                let again = match action {
                    Some(action) => match state.apply(&live, action).await {
                        Ok(()) => None,
                        Err(RoomError::PositionChanged) => Some(Duration::ZERO),
                        Err(e @ (RoomError::NotSaved(_) | RoomError::Store(_) | RoomError::Behind(_))) => {
                            eprintln!("chuhan serve: engine move in game {}: {e}", live.id);
                            Some(ENGINE_RETRY)
                        }
                        Err(e) => {
                            eprintln!("chuhan serve: engine move in game {} refused, not asked again: {e}", live.id);
                            None
                        }
                    },
                    None => Some(ENGINE_RETRY),
                };
                if let Some(wait) = again {
                    tokio::time::sleep(wait).await;
                    if live.lock().engine_to_move() {
                        state.after_change(&live);
                    }
                }
            });
        }
    }
}

/// What the engine needs to choose a move.
struct EngineJob {
    pos: Position,
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
    EngineJob { pos, level, side, budget, other }
}

/// Runs the search (on a blocking thread) and picks the move, weakened below level 20.
fn engine_move(pos: &Position, limits: &SearchLimits, level: u32) -> Option<chuhan::Move> {
    level_move(pos, &Shared::new(16), &Classic, limits, level)
}

/// The 404 of an unknown game id.
fn no_game(id: &str) -> ApiError {
    ApiError::not_found(format!("no game {id:?}")).words("no-game", vec![("id", id.into())])
}
