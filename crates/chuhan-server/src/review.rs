//! Game review on the server (issue 43): a finished game's review, queued on the engine and
//! stored with the game, and the review of any game the analysis board holds, kept in memory.
//!
//! One review runs at a time: it holds one of the analysis board's search slots (so with the
//! default two slots the board keeps one) and searches every position for
//! [`crate::Limits::review_nodes`] nodes on one thread. Reviews wait in a line of at most
//! [`crate::Limits::review_queue`]; past it a request is answered 503 `review_queue_full`.
//!
//! A game's review is claimed in the store first ([`crate::store::Reviews`]): with several
//! servers on one PostgreSQL only the server that claimed it runs it, its progress is written
//! to the store (so every server's page shows it), and a cancel on any server is seen by the
//! runner at its next progress report. A board's review (`POST /api/review`) is a job of this
//! server's memory, polled by its id; at most [`MAX_JOBS`] are kept, the oldest ended ones
//! forgotten first.

use crate::error::{bad, internal, ApiError};
use crate::ids::{now_secs, random_hex};
use crate::limit::address_key;
use crate::params::parse_json;
use crate::reviewer::{full, Board, Job, Key, MAX_JOBS, MAX_PLIES};
use crate::shown::{default_notation, move_text};
use crate::state::AppState;
use crate::store::reviews::ReviewState;
use crate::wire::review::{ReviewRequest, ReviewResult, ReviewSide, ReviewStatus, ReviewedMove};
use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::Extensions;
use axum::Json;
use chuhan::{Game, Position, Rules, Side};
use chuhan_engine::nnue::Nnue;
use chuhan_engine::review::{review, Review, ReviewError, Settings};
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A game's review that has not moved for this long was left by a server that stopped: another
/// may claim it.
const STALE_SECS: u64 = 120;

/// How often a running review's progress is written to the store (and a cancel looked for).
const REPORT_EVERY: Duration = Duration::from_millis(300);

/// How long a queued review waits for a search slot before it fails as "busy".
const SLOT_WAIT: Duration = Duration::from_secs(600);

/// Starts the task that runs the reviews in line, one at a time.
pub fn start(state: &Arc<AppState>) {
    let Some(mut receiver) = state.reviewer.receiver.lock().unwrap_or_else(|e| e.into_inner()).take() else { return };
    let state = state.clone();
    tokio::spawn(async move {
        while let Some(job) = receiver.recv().await {
            run(&state, job).await;
        }
    });
}

/// How a review ended.
enum Ended {
    Done(Box<Review>),
    Failed(String),
    Cancelled,
}

/// Runs one review: waits for a search slot, searches on a blocking thread, and reports its
/// progress (and hears a cancel) on this one.
async fn run(state: &Arc<AppState>, job: Job) {
    let r = &state.reviewer;
    let key = job.key.clone();
    let stop = job.stop.clone();
    let total = job.moves.len() as u32 + 1;
    let done = Arc::new(AtomicU32::new(0));
    let ended = if stop.load(Ordering::Relaxed) {
        Ended::Cancelled
    } else {
        match state.analysis.searches.take(None, SLOT_WAIT).await {
            None => Ended::Failed("the engine stayed busy".into()),
            Some(_turn) => {
                let settings = Settings { nodes: Some(r.nodes), stop: Some(stop.clone()), ..Settings::default() };
                let counter = done.clone();
                let (start, moves, rules) = (job.start.clone(), job.moves.clone(), job.rules);
                let settings = Settings { rules: Some(rules), ..settings };
                let mut search = tokio::task::spawn_blocking(move || {
                    review(&start, &moves, &Nnue::embedded(), &settings, |d, _| {
                        counter.store(d as u32, Ordering::Relaxed);
                    })
                });
                let mut tick = tokio::time::interval(REPORT_EVERY);
                loop {
                    tokio::select! {
                        result = &mut search => break match result {
                            Ok(Ok(review)) => Ended::Done(Box::new(review)),
                            Ok(Err(ReviewError::Cancelled)) => Ended::Cancelled,
                            Ok(Err(e)) => Ended::Failed(e.to_string()),
                            Err(e) => Ended::Failed(format!("the review stopped: {e}")),
                        },
                        _ = tick.tick() => {
                            let d = done.load(Ordering::Relaxed);
                            let go_on = report(state, &key, d, total).await;
                            if !go_on {
                                stop.store(true, Ordering::Relaxed);
                            }
                        }
                    }
                }
            }
        }
    };
    r.stops().remove(&key);
    r.release(job.client);
    let (status, result, reason) = match ended {
        Ended::Done(review) => (ReviewState::Done, Some(result_of(&job.start, &review, r.nodes)), None),
        Ended::Failed(why) => (ReviewState::Failed, None, Some(why)),
        Ended::Cancelled => (ReviewState::Cancelled, None, Some("cancelled".to_string())),
    };
    match &key {
        Key::Game(id) => {
            let json = result.as_ref().map(|r| serde_json::to_string(r).expect("the wire types always serialize"));
            if let Err(e) =
                state.store.end_review(id, &r.owner, status, json.as_deref(), reason.as_deref(), now_secs()).await
            {
                eprintln!("chuhan serve: game {id}: the review could not be stored: {e:#}");
            }
        }
        Key::Board(id) => {
            if let Some(board) = r.board(id) {
                let mut b = board.lock().unwrap_or_else(|e| e.into_inner());
                b.status = status.name().to_string();
                if status == ReviewState::Done {
                    b.done = total;
                }
                b.reason = reason;
                b.review = result;
            }
        }
    }
}

/// Writes a running review's progress; `false` when it must stop (cancelled, or another
/// server's now).
async fn report(state: &Arc<AppState>, key: &Key, done: u32, total: u32) -> bool {
    match key {
        Key::Game(id) => match state.store.review_progress(id, &state.reviewer.owner, done, now_secs()).await {
            Ok(go_on) => go_on,
            Err(e) => {
                eprintln!("chuhan serve: game {id}: the review's progress could not be stored: {e:#}");
                true
            }
        },
        Key::Board(id) => match state.reviewer.board(id) {
            Some(board) => {
                let mut b = board.lock().unwrap_or_else(|e| e.into_inner());
                if b.status == "cancelled" {
                    return false;
                }
                b.status = "running".into();
                b.done = done.min(total);
                true
            }
            None => false,
        },
    }
}

/// The wire's form of a review, with the moves and lines in the game's usual notation.
fn result_of(start: &Position, review: &Review, nodes: u64) -> ReviewResult {
    let variant = start.variant();
    let notation = default_notation(variant);
    let side = |s: &chuhan_engine::review::SideSummary| ReviewSide {
        accuracy: s.accuracy.map(|a| (a * 10.0).round() / 10.0),
        average_loss: s.average_loss,
        moves: s.moves,
        blunders: s.blunders,
        mistakes: s.mistakes,
        inaccuracies: s.inaccuracies,
    };
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(review.moves.len());
    for m in &review.moves {
        let mut p = pos.clone();
        let mut line_text = Vec::new();
        for &l in &m.line {
            if !p.is_legal(l) {
                break;
            }
            line_text.push(move_text(notation, &p, l));
            p.play_unchecked(l);
        }
        moves.push(ReviewedMove {
            ply: m.ply,
            side: m.side.index(),
            mv: m.mv,
            text: move_text(notation, &pos, m.mv),
            mark: m.mark.map(|k| k.symbol().to_string()),
            loss: m.loss,
            win_before: m.win_before,
            win_after: m.win_after,
            best: m.best,
            line: m.line[..line_text.len()].to_vec(),
            line_text,
            reason: m.reason.clone(),
            reasons: m.ruling.as_ref().map(|o| crate::shown::stored_reasons(o, variant)).unwrap_or_default(),
        });
        pos.play_unchecked(m.mv);
    }
    ReviewResult {
        variant: variant.name().to_string(),
        nodes,
        sides: [side(&review.sides[Side::First]), side(&review.sides[Side::Second])],
        wins: review.first_mover_wins(),
        moves,
    }
}

/// The client's address as the limits count it (absent when a test drives the router).
fn client_of(extensions: &Extensions) -> Option<IpAddr> {
    extensions.get::<ConnectInfo<SocketAddr>>().map(|c| address_key(c.0.ip()))
}

/// A game's stored review as the wire's status.
async fn game_status(state: &Arc<AppState>, id: &str) -> Result<ReviewStatus, ApiError> {
    let stored = state.store.review(id).await.map_err(internal)?;
    let Some(s) = stored else {
        return Ok(ReviewStatus { status: "none".into(), id: None, done: 0, total: 0, reason: None, review: None });
    };
    let review = match (&s.state, &s.result) {
        (ReviewState::Done, Some(json)) => Some(serde_json::from_str(json).map_err(internal)?),
        _ => None,
    };
    Ok(ReviewStatus { status: s.state.name().into(), id: None, done: s.done, total: s.total, reason: s.reason, review })
}

/// `GET /api/games/{id}/review`: the game's review as it stands (`none` if never asked).
pub async fn get_game(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Json<ReviewStatus>, ApiError> {
    state.get(&id).await?;
    Ok(Json(game_status(&state, &id).await?))
}

/// `POST /api/games/{id}/review`: queues the review of a finished game, unless it is done,
/// queued or running already (on any server), and answers its status.
pub async fn start_game(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    extensions: Extensions,
) -> Result<Json<ReviewStatus>, ApiError> {
    let client = client_of(&extensions);
    let live = state.get(&id).await?;
    let (start, rules, moves) = {
        let room = live.lock();
        if !room.is_over() {
            return Err(
                ApiError::conflict("the game is not over: a review comes after its end").with_code("game_not_over")
            );
        }
        (room.game.start().clone(), *room.game.rules(), room.game.moves().collect::<Vec<_>>())
    };
    if moves.len() > MAX_PLIES {
        return Err(bad(format!("a review takes at most {MAX_PLIES} plies"))
            .with_code("too_long")
            .words("review-too-long", vec![("limit", MAX_PLIES.into())]));
    }
    let r = &state.reviewer;
    // A review done, queued or running (on any server) is answered, not started again; one
    // queued or running elsewhere that has not moved for STALE_SECS was left by a server that
    // stopped, and is claimed again (this server's own waiting ones never are).
    let stored = state.store.review(&id).await.map_err(internal)?;
    if let Some(s) = stored {
        let fresh = now_secs().saturating_sub(s.updated) < STALE_SECS;
        let ours = r.stops().contains_key(&Key::Game(id.clone()));
        let going = matches!(s.state, ReviewState::Queued | ReviewState::Running);
        if s.state == ReviewState::Done || (going && (fresh || ours)) {
            return Ok(Json(game_status(&state, &id).await?));
        }
    }
    if r.line.capacity() == 0 {
        return Err(full());
    }
    r.client_may(client)?;
    let total = moves.len() as u32 + 1;
    let claimed = state.store.claim_review(&id, &r.owner, total, now_secs(), STALE_SECS).await.map_err(internal)?;
    if claimed {
        let job = Job { key: Key::Game(id.clone()), start, rules, moves, stop: Arc::default(), client };
        if let Err(e) = r.enqueue(job) {
            let _ = state.store.end_review(&id, &r.owner, ReviewState::Failed, None, Some("busy"), now_secs()).await;
            return Err(e);
        }
    }
    Ok(Json(game_status(&state, &id).await?))
}

/// `POST /api/games/{id}/review/cancel`: cancels the game's review if it is queued or running
/// (on any server), and answers its status.
pub async fn cancel_game(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Json<ReviewStatus>, ApiError> {
    state.get(&id).await?;
    state.store.cancel_review(&id, now_secs()).await.map_err(internal)?;
    if let Some(stop) = state.reviewer.stops().get(&Key::Game(id.clone())) {
        stop.store(true, Ordering::Relaxed);
    }
    Ok(Json(game_status(&state, &id).await?))
}

/// `POST /api/review`: queues the review of the game in the body (variant, start, moves; at
/// most [`MAX_PLIES`]) and answers its job: `{"status": "queued", "id": ...}`; poll
/// `GET /api/review/{id}`.
pub async fn start_board(
    State(state): State<Arc<AppState>>,
    extensions: Extensions,
    body: Bytes,
) -> Result<Json<ReviewStatus>, ApiError> {
    let client = client_of(&extensions);
    let req: ReviewRequest = parse_json(&body)?;
    let variant = req.variant.unwrap_or(chuhan::Variant::Xiangqi);
    if req.moves.is_empty() {
        return Err(bad("moves: a review needs at least one move"));
    }
    if req.moves.len() > MAX_PLIES {
        return Err(bad(format!("a review takes at most {MAX_PLIES} plies"))
            .with_code("too_long")
            .words("review-too-long", vec![("limit", MAX_PLIES.into())]));
    }
    let (start, _) = crate::params::start_position(variant, req.fen.as_deref(), req.relaxed)?;
    let rules = Rules::for_variant(variant);
    let mut game = Game::new(start.clone(), rules);
    for (i, &m) in req.moves.iter().enumerate() {
        game.play_on(m).map_err(|e| bad(format!("move {} ({m}): {e}", i + 1)))?;
    }
    let r = &state.reviewer;
    if r.line.capacity() == 0 {
        return Err(full());
    }
    r.client_may(client)?;
    let id = random_hex(12).map_err(internal)?;
    let total = req.moves.len() as u32 + 1;
    let status =
        ReviewStatus { status: "queued".into(), id: Some(id.clone()), done: 0, total, reason: None, review: None };
    let board: Board = Arc::new(Mutex::new(status.clone()));
    {
        let mut boards = r.boards();
        if boards.len() >= MAX_JOBS {
            // Forget the oldest ended job; with none ended, the line is full.
            let ended = boards.iter().position(|(_, b)| {
                let s = b.lock().unwrap_or_else(|e| e.into_inner());
                !["queued", "running"].contains(&s.status.as_str())
            });
            match ended {
                Some(i) => drop(boards.remove(i)),
                None => return Err(full()),
            }
        }
        boards.push_back((id.clone(), board));
    }
    let job = Job { key: Key::Board(id.clone()), start, rules, moves: req.moves, stop: Arc::default(), client };
    if let Err(e) = r.enqueue(job) {
        r.boards().retain(|(k, _)| *k != id);
        return Err(e);
    }
    Ok(Json(status))
}

fn board_status(state: &AppState, id: &str) -> Result<(Board, ReviewStatus), ApiError> {
    let board = state.reviewer.board(id).ok_or_else(|| ApiError::not_found(format!("no review {id:?}")))?;
    let status = board.lock().unwrap_or_else(|e| e.into_inner()).clone();
    Ok((board, status))
}

/// `GET /api/review/{id}`: a board review's status, with its result once done.
pub async fn get_board(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Json<ReviewStatus>, ApiError> {
    Ok(Json(board_status(&state, &id)?.1))
}

/// `POST /api/review/{id}/cancel`: stops a board review.
pub async fn cancel_board(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Json<ReviewStatus>, ApiError> {
    let (board, status) = board_status(&state, &id)?;
    if ["queued", "running"].contains(&status.status.as_str()) {
        if let Some(stop) = state.reviewer.stops().get(&Key::Board(id.clone())) {
            stop.store(true, Ordering::Relaxed);
        }
        let mut b = board.lock().unwrap_or_else(|e| e.into_inner());
        b.status = "cancelled".into();
        b.reason = Some("cancelled".into());
    }
    Ok(Json(board_status(&state, &id)?.1))
}
