//! Other engines for the analysis board and engine games (`chuhan serve --engine`): Pikafish, Fairy-Stockfish,
//! ElephantEye or any UCI/UCCI program, run through [`chuhan_engine::external`], the runner of
//! `chuhan match`.
//!
//! Each configured engine is one process, started on first use and kept between requests; one
//! search runs on it at a time, and the next request waits for it (up to [`QUEUE_WAIT`], then
//! is told the engine is busy). A search runs to its end even when the browser has moved on (the
//! runner has no way to interrupt it), so the wait is at most one search. A process that fails —
//! does not start, crashes, does not answer in time — is killed and the request gets a 502 that
//! says what happened; the next request starts it afresh. Nothing waits without a deadline.

use crate::error::{bad, ApiError};
use axum::http::StatusCode;
use chuhan::{Game, Move, Position, Variant};
use chuhan_engine::external::{Engine, EngineSpec, InfoLine};
use chuhan_engine::Score;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Semaphore;

/// The name of chuhan's own engine in requests and in the page's selector.
pub const OWN: &str = "chuhan";

/// How long an engine may take to start, and to answer beyond the time it was given.
const MARGIN: Duration = Duration::from_secs(5);

/// How long a request waits for the engine's search before it is refused with 503.
pub const QUEUE_WAIT: Duration = Duration::from_secs(20);

/// A process kept between searches, with the variant it was set up for.
type Kept = Option<(Variant, Engine)>;

/// One configured engine: its spec, its process between requests, and the one request slot.
struct Slot {
    spec: EngineSpec,
    /// The process between searches, with the variant it was set up for (`UCI_Variant` is
    /// sent in the handshake, so a request for the other game starts it again).
    running: Mutex<Kept>,
    /// One permit: held by the blocking thread of the search running now.
    turn: Arc<Semaphore>,
}

/// The engines given with `--engine`, by name.
#[derive(Default)]
pub struct Engines {
    slots: Vec<Arc<Slot>>,
}

/// A line of an external engine's analysis, with its moves read and checked.
pub struct Line {
    /// The depth, if the engine said.
    pub depth: Option<u32>,
    /// The score from the mover's view, if the engine said.
    pub score: Option<Score>,
    /// Positions searched so far, if the engine said.
    pub nodes: Option<u64>,
    /// The legal prefix of the principal variation.
    pub pv: Vec<Move>,
}

impl Engines {
    /// The engines of `specs`; their names must differ from each other and from [`OWN`].
    pub fn new(specs: Vec<EngineSpec>) -> Result<Engines, String> {
        let mut slots: Vec<Arc<Slot>> = Vec::new();
        for spec in specs {
            if spec.name == OWN || slots.iter().any(|s| s.spec.name == spec.name) {
                return Err(format!(
                    "--engine: two engines named {:?} (chuhan's own is {OWN:?}); add name=... to tell them apart",
                    spec.name
                ));
            }
            slots.push(Arc::new(Slot { spec, running: Mutex::new(None), turn: Arc::new(Semaphore::new(1)) }));
        }
        Ok(Engines { slots })
    }

    /// The names of the engines a request may choose, chuhan's own first.
    pub fn names(&self) -> Vec<String> {
        std::iter::once(OWN.to_string()).chain(self.slots.iter().map(|s| s.spec.name.clone())).collect()
    }

    /// Whether `name` is configured (chuhan's own is not in here).
    pub fn has(&self, name: &str) -> bool {
        self.slots.iter().any(|s| s.spec.name == name)
    }

    /// Lets engine `name` think about the end of `game` for `millis` and returns its lines,
    /// best first (one line with only the best move when it sends no principal variation).
    pub async fn analyse(&self, name: &str, game: &Game, millis: u64, multipv: usize) -> Result<Vec<Line>, ApiError> {
        let slot = self.slots.iter().find(|s| s.spec.name == name).ok_or_else(|| {
            bad(format!("engine {name:?}: not configured (the engines: {})", self.names().join(", ")))
        })?;
        let busy = || ApiError::new(StatusCode::SERVICE_UNAVAILABLE, format!("{name} is busy: try again in a moment"));
        let turn = tokio::time::timeout(QUEUE_WAIT, slot.turn.clone().acquire_owned())
            .await
            .map_err(|_| busy())?
            .map_err(|_| busy())?;
        let (slot, game) = (slot.clone(), game.clone());
        let result = tokio::task::spawn_blocking(move || {
            // The permit and the process stay with this thread until the search ends, even if
            // the request that started it is gone.
            let _turn = turn;
            let engine = slot.running.lock().unwrap_or_else(|e| e.into_inner()).take();
            let (engine, result) = think(&slot.spec, engine, &game, millis, multipv);
            *slot.running.lock().unwrap_or_else(|e| e.into_inner()) = engine;
            result
        })
        .await
        .map_err(|e| ApiError::internal(anyhow::anyhow!("{name}: {e}")))?;
        result.map_err(|why| ApiError::new(StatusCode::BAD_GATEWAY, why))
    }
}

impl Engines {
    /// Engine `name`'s move at the end of `game`, thinking for `budget` (engine games against
    /// it). It waits its turn behind the analysis board's searches (each bounded). `Err` says
    /// why there is no move — a crash, a hang, an illegal or unreadable move — in the words of
    /// `chuhan play --engine`: the game ends with it, and the process is started afresh next
    /// time.
    pub async fn best_move(&self, name: &str, game: &Game, budget: Duration) -> Result<Move, String> {
        let slot = self
            .slots
            .iter()
            .find(|s| s.spec.name == name)
            .ok_or_else(|| format!("{name} is not configured on this server any more"))?
            .clone();
        let turn = slot.turn.clone().acquire_owned().await.map_err(|_| format!("{name} is closed"))?;
        let game = game.clone();
        tokio::task::spawn_blocking(move || {
            let _turn = turn;
            let engine = slot.running.lock().unwrap_or_else(|e| e.into_inner()).take();
            let (engine, result) = choose(&slot.spec, engine, &game, budget);
            *slot.running.lock().unwrap_or_else(|e| e.into_inner()) = engine;
            result
        })
        .await
        .map_err(|e| format!("{name}: {e}"))?
    }
}

/// One move from `engine` (started if `None` or set up for the other game); gives the engine
/// back unless it failed.
fn choose(spec: &EngineSpec, engine: Kept, game: &Game, budget: Duration) -> (Kept, Result<Move, String>) {
    let variant = game.position().variant();
    let mut engine = match engine {
        Some((v, e)) if v == variant => e,
        other => {
            if let Some((_, old)) = other {
                old.quit();
            }
            match Engine::start(spec, variant, MARGIN) {
                Ok(e) => e,
                Err(e) => return (None, Err(e.to_string())),
            }
        }
    };
    let ms = budget.as_millis().clamp(1, u128::from(u32::MAX)) as u64;
    let asked = engine.set_multipv(1).and_then(|_| {
        let position = engine.position_command(game);
        let go = engine.movetime_command(ms);
        engine.go(&position, &go, budget + MARGIN)
    });
    let reply = match asked {
        Ok(r) => r,
        Err(e) => return (None, Err(e.to_string())),
    };
    let choice = engine.checked_move(reply.bestmove.as_deref(), game);
    match choice {
        Ok(m) => (Some((variant, engine)), Ok(m)),
        Err(why) => {
            engine.quit();
            (None, Err(why))
        }
    }
}

/// Runs one search on `engine` (starting it if `None` or set up for the other game); gives the
/// engine back unless it failed.
fn think(
    spec: &EngineSpec,
    engine: Kept,
    game: &Game,
    millis: u64,
    multipv: usize,
) -> (Kept, Result<Vec<Line>, String>) {
    let pos = game.position();
    let mut engine = match engine {
        Some((v, e)) if v == pos.variant() => e,
        other => {
            if let Some((_, old)) = other {
                old.quit();
            }
            match Engine::start(spec, pos.variant(), MARGIN) {
                Ok(e) => e,
                Err(e) => return (None, Err(format!("engine {e}"))),
            }
        }
    };
    let asked = engine.set_multipv(multipv).and_then(|_| {
        let position = engine.position_command(game);
        let go = engine.movetime_command(millis.max(1));
        engine.go(&position, &go, Duration::from_millis(millis) + MARGIN)
    });
    let reply = match asked {
        Ok(r) => r,
        Err(e) => return (None, Err(format!("engine {e}"))),
    };
    let mut lines: Vec<Line> = reply.lines.iter().flatten().take(multipv).map(|l| read_line(&engine, pos, l)).collect();
    lines.retain(|l| !l.pv.is_empty());
    if lines.is_empty() {
        if let Some(m) = reply.bestmove.as_deref().and_then(|t| engine.parse_move(t)).filter(|m| pos.is_legal(*m)) {
            lines.push(Line { depth: reply.depth, score: reply.score, nodes: None, pv: vec![m] });
        } else if let Some(text) = reply.bestmove {
            return (None, Err(format!("engine {}: its best move {text:?} is not legal here", spec.name)));
        }
    }
    (Some((pos.variant(), engine)), Ok(lines))
}

/// An `info` line's moves read in the engine's coordinates, as far as they are legal.
fn read_line(engine: &Engine, pos: &Position, info: &InfoLine) -> Line {
    let mut p = pos.clone();
    let mut pv = Vec::new();
    for text in &info.pv {
        match engine.parse_move(text) {
            Some(m) if p.is_legal(m) => {
                p.play_unchecked(m);
                pv.push(m);
            }
            _ => break,
        }
    }
    Line { depth: info.depth, score: info.score, nodes: info.nodes, pv }
}
