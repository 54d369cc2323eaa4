//! The analysis board's one request: play moves from a position, then let the engine look at
//! the result for a moment and report its best lines (MultiPV).
//!
//! It is stateless: the browser keeps the line and sends it whole, so nothing is stored and
//! nothing can be left behind (only hash tables are kept, as a cache, see [`Deeper`]). Searches
//! are few at a time, short and bounded, since each holds a CPU core.

use crate::engines::{Engines, OWN};
use crate::error::{bad, internal, ApiError};
use crate::params::{parse_json, pick_notation};
use crate::turns::Turns;
use crate::wire::analysis::AnalysedEnd;
use crate::wire::{AnalyseRequest, Analysed, AnalysisLine, AnalysisScore, Engines as EngineList, LineMove};
use axum::body::Bytes;
use axum::extract::{ConnectInfo, State};
use axum::http::{Extensions, StatusCode};
use axum::Json;
use chuhan::notation::Notation;
use chuhan::{Game, Move, Position, Rules, Variant};
use chuhan_engine::nnue::Nnue;
use chuhan_engine::search::{search, Limits, Report, Shared};
use chuhan_engine::Score;
use std::collections::VecDeque;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Semaphore;

/// How long a request waits in line for its client's turn and a free search slot before it
/// is answered "busy" (503; the page asks again).
const QUEUE_WAIT: Duration = Duration::from_secs(10);
const MAX_MILLIS: u64 = 3000;
const MAX_MULTIPV: usize = 5;
const MAX_MOVES: usize = 1000;

/// The analysis board's share of the server: the search slots and the tables kept between
/// requests. Its handler needs only this, not the games.
pub struct Analysis {
    /// The search slots (`chuhan serve --analysis-threads`), one at a time per client.
    pub searches: Turns,
    /// What the searches keep between requests.
    pub deeper: Deeper,
    /// Other engines a request may choose (`chuhan serve --engine`).
    pub engines: Engines,
}

impl Default for Analysis {
    fn default() -> Analysis {
        Analysis::new(Engines::default(), crate::Limits::default().analysis_threads)
    }
}

impl Analysis {
    /// The analysis board's state: `threads` searches at once, and other engines besides
    /// chuhan's own.
    pub fn new(engines: Engines, threads: usize) -> Analysis {
        Analysis { searches: Turns::new(threads), deeper: Deeper::new(threads), engines }
    }
}

/// The hash table of one search, in MiB.
const HASH_MB: usize = 16;
/// The longest search, for the board's "deeper" mode; one such search at a time, so that with
/// two slots or more one is always left to the ordinary short ones.
pub const MAX_DEEP_MILLIS: u64 = 15_000;

/// What the analysis board's searches keep between requests.
///
/// Hash tables from the last searches, by the position searched (at most one per search slot,
/// so 32 MiB with two): asking again about the same position — the "deeper" mode asks for 3, 6,
/// then 12 and 15 seconds — goes on from what the last search stored, while the server keeps
/// no session. A table is taken out while a search uses it, so two searches never share one
/// (each search's end stops the other's).
pub struct Deeper {
    tables: Mutex<VecDeque<(String, Arc<Shared>)>>,
    /// The permit a search longer than the usual [`MAX_MILLIS`] needs as well.
    long: Semaphore,
    /// Tables kept at most: one per search slot.
    keep: usize,
}

impl Deeper {
    fn new(slots: usize) -> Deeper {
        Deeper { tables: Mutex::default(), long: Semaphore::new(1), keep: slots.max(1) }
    }

    fn take(&self, key: &str) -> Arc<Shared> {
        let mut kept = self.tables.lock().unwrap_or_else(|e| e.into_inner());
        match kept.iter().position(|(k, _)| k == key).and_then(|i| kept.remove(i)) {
            Some((_, shared)) => shared,
            None => Arc::new(Shared::new(HASH_MB)),
        }
    }

    fn give_back(&self, key: String, shared: Arc<Shared>) {
        let mut kept = self.tables.lock().unwrap_or_else(|e| e.into_inner());
        kept.retain(|(k, _)| *k != key);
        kept.push_back((key, shared));
        while kept.len() > self.keep {
            kept.pop_front();
        }
    }
}

/// Stops a search when the request that started it goes away (the browser moved on and aborted
/// it), so that a long search does not run on for nobody.
struct StopOnDrop(Arc<Shared>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.stop.store(true, Ordering::Relaxed);
    }
}

fn busy() -> ApiError {
    ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "the engine is busy: try again in a moment")
}

/// Searches `pos` for `millis` and returns the lines of the last depth completed, best first.
async fn run_search(
    state: &Arc<Analysis>,
    pos: &Position,
    millis: u64,
    multipv: usize,
    depth: i32,
    client: Option<IpAddr>,
) -> Result<Vec<Report>, ApiError> {
    let _turn = state.searches.take(client, QUEUE_WAIT).await.ok_or_else(busy)?;
    let _long = if millis > MAX_MILLIS { Some(state.deeper.long.try_acquire().map_err(|_| busy())?) } else { None };
    let key = format!("{} {}", pos.variant().name(), pos.to_fen());
    let shared = state.deeper.take(&key);
    let _stop = StopOnDrop(shared.clone());
    let (p, kept) = (pos.clone(), state.clone());
    tokio::task::spawn_blocking(move || {
        let limits = Limits {
            hard: Some(Duration::from_millis(millis)),
            soft: Some(Duration::from_millis(millis)),
            multipv,
            depth: Some(depth),
            ..Limits::default()
        };
        let mut best: Vec<Option<Report>> = vec![None; multipv];
        // The trained networks, as the UCI engine evaluates by default.
        search(&p, &shared, &Nnue::embedded(), &limits, 1, |r| {
            if let Some(slot) = best.get_mut(r.multipv.saturating_sub(1)) {
                *slot = Some(r.clone());
            }
        });
        kept.deeper.give_back(key, shared);
        best.into_iter().flatten().collect()
    })
    .await
    .map_err(|e| internal(anyhow::anyhow!("the search failed: {e}")))
}

/// The deepest fixed-depth search a request may ask for.
const MAX_DEPTH: u32 = 20;

/// A line's score for the eval bar: centipawns from Red's (Cho's) side, or mate in moves
/// (positive when Red mates), and the engine's text for it (`+0.35`, `-M3`).
fn score(s: Score, red_to_move: bool) -> AnalysisScore {
    let red = if red_to_move { s } else { s.flipped() };
    match red.mate() {
        Some(mate) => AnalysisScore::Mate { mate, text: red.to_string() },
        None => AnalysisScore::Centipawns { cp: red.centipawns(), text: red.to_string() },
    }
}

/// Moves of `pv` from `pos` in `notation`, as long as they are legal.
fn line(pos: &Position, pv: &[Move], notation: Notation) -> Vec<LineMove> {
    let mut p = pos.clone();
    let mut out = Vec::new();
    for &m in pv {
        if !p.is_legal(m) {
            break;
        }
        out.push(LineMove { mv: m, text: crate::shown::move_text(notation, &p, m) });
        p.play_unchecked(m);
    }
    out
}

/// `POST /api/analyse`: plays the moves from the start (each checked, so the browser can send
/// what a user typed), then searches the result for `millis` and answers the position, the
/// moves in the notation, and the engine's best lines with their scores for the eval bar.
pub async fn analyse(
    State(state): State<Arc<Analysis>>,
    extensions: Extensions,
    body: Bytes,
) -> Result<Json<Analysed>, ApiError> {
    // The client's address, for its turn in line (absent when a test drives the router).
    let client = extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip());
    let req: AnalyseRequest = parse_json(&body)?;
    let variant = req.variant.unwrap_or(Variant::Xiangqi);
    let notation = pick_notation(req.notation.as_deref(), variant)?;
    if req.moves.len() > MAX_MOVES {
        return Err(bad(format!("moves: at most {MAX_MOVES}")));
    }
    let (start, relaxed) = crate::params::start_position(variant, req.fen.as_deref(), req.relaxed)?;
    let mut game = Game::new(start, Rules::for_variant(variant));
    let mut moves = Vec::with_capacity(req.moves.len());
    for (i, &m) in req.moves.iter().enumerate() {
        let before = game.position().clone();
        game.play(m).map_err(|e| bad(format!("move {} ({m}): {e}", i + 1)))?;
        moves.push(LineMove { mv: m, text: crate::shown::move_text(notation, &before, m) });
    }
    let pos = game.position().clone();
    let end = game.outcome().map(|o| AnalysedEnd {
        result: crate::room::pgn_result(o.result),
        reason: o.describe(variant),
        reasons: crate::shown::reasons(o, variant),
    });
    let millis = req.millis.unwrap_or(1000).min(MAX_DEEP_MILLIS);
    let multipv = req.multipv.unwrap_or(3).clamp(1, MAX_MULTIPV);
    let depth = match req.depth {
        None => 64,
        Some(d @ 1..=MAX_DEPTH) => d as i32,
        Some(d) => return Err(bad(format!("depth {d}: expected 1 to {MAX_DEPTH}"))),
    };
    let engine = req.engine.as_deref().unwrap_or(OWN);
    if req.depth.is_some() && engine != OWN {
        return Err(bad(format!("depth: only chuhan's own engine takes a fixed depth, not {engine:?}")));
    }
    if engine != OWN && !state.engines.has(engine) {
        return Err(bad(format!(
            "engine {engine:?}: not configured (the engines: {})",
            state.engines.names().join(", ")
        )));
    }
    let mut lines = Vec::new();
    let red = pos.turn().index() == 0;
    if end.is_none() && millis > 0 && engine == OWN {
        let reports = run_search(&state, &pos, millis, multipv, depth, client).await?;
        for r in reports {
            lines.push(AnalysisLine {
                depth: Some(r.depth.into()),
                score: Some(score(r.score, red)),
                nodes: Some(r.nodes),
                pv: line(&pos, &r.pv, notation),
            });
        }
    } else if end.is_none() && millis > 0 {
        for l in state.engines.analyse(engine, &game, millis, multipv).await? {
            lines.push(AnalysisLine {
                depth: l.depth.map(Into::into),
                score: l.score.map(|s| score(s, red)),
                nodes: l.nodes,
                pv: line(&pos, &l.pv, notation),
            });
        }
    }
    Ok(Json(Analysed {
        variant: variant.name(),
        start_fen: game.start().to_fen(),
        fen: pos.to_fen(),
        turn: pos.turn().index(),
        check: pos.is_check(),
        sides: [chuhan::Side::First.name(variant), chuhan::Side::Second.name(variant)],
        moves,
        legal: if end.is_some() { Vec::new() } else { pos.legal_moves().iter().copied().collect() },
        end,
        lines,
        notation: notation.name(),
        notations: Notation::for_variant(variant).iter().map(|n| n.name()).collect(),
        relaxed,
        engine: engine.to_string(),
        opening: crate::shown::line_opening(&game),
        openings: crate::shown::line_openings(&game),
    }))
}

/// `GET /api/engines`: the engines the analysis board may choose, chuhan's own first.
pub async fn engines(State(state): State<Arc<Analysis>>) -> Json<EngineList> {
    Json(EngineList { engines: state.engines.names(), default: OWN })
}
