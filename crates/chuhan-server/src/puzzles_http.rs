//! Puzzles over HTTP: `GET /api/puzzles/next`, `GET /api/puzzles/{id}` and
//! `POST /api/puzzles/{id}/attempt`. The set and how a puzzle is picked are
//! [`crate::puzzles`]'; the ratings are the store's. `docs/puzzles.md` is the contract.

use crate::account_http::logged_in;
use crate::error::{bad, internal, ApiError};
use crate::ids::now_secs;
use crate::params::parse_json;
use crate::puzzles::{Puzzle, GUEST_ATTEMPTS_PER_MINUTE, THEMES};
use crate::state::AppState;
use crate::wire::puzzle::{AttemptRequest, Attempted, MyRating, PlayerAfter, PuzzleAfter, PuzzleStep, WirePuzzle};
use axum::body::Bytes;
use axum::extract::rejection::QueryRejection;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use chuhan::Variant;
use chuhan_db::live::glicko::Glicko;
use chuhan_db::live::puzzles::{Attempt, Solver};
use serde::Deserialize;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

/// The largest attempt body: `{"solved":…,"rating":{…}}` is under 150 bytes.
pub const MAX_ATTEMPT_BODY: usize = 1024;
/// The most ids `exclude` may name.
pub const MAX_EXCLUDE: usize = 500;

fn tenth(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

fn no_puzzle(what: String) -> ApiError {
    ApiError::not_found(what).with_code("no_puzzle")
}

/// A puzzle as sent, with its rating now.
async fn wire(state: &AppState, p: &Puzzle) -> Result<WirePuzzle, ApiError> {
    let now = state.store.puzzle_rating(&p.id).await.map_err(internal)?;
    let names = |c: &String| THEMES.iter().find(|(code, _)| code == c).map_or("", |(_, n)| *n);
    Ok(WirePuzzle {
        id: p.id.clone(),
        variant: p.variant.name(),
        fen: p.fen.clone(),
        solution: p.solution.iter().map(|m| m.to_string()).collect(),
        themes: p.themes.clone(),
        theme_names: p.themes.iter().map(names).collect(),
        rating: tenth(now.map_or(p.rating, |g| g.rating)),
        set_rating: p.rating,
        plays: now.map_or(0, |g| g.games),
        source: p.source.clone(),
        steps: p
            .steps
            .iter()
            .map(|s| PuzzleStep {
                fen: s.fen.clone(),
                legal: s.legal.iter().map(|m| m.to_string()).collect(),
                check: s.check,
                accept: s.accept.iter().map(|m| m.to_string()).collect(),
            })
            .collect(),
    })
}

/// The query of `GET /api/puzzles/next`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NextQuery {
    variant: Option<String>,
    theme: Option<String>,
    near: Option<f64>,
    above: Option<f64>,
    exclude: Option<String>,
}

/// `GET /api/puzzles/next?variant=&theme=&near=&above=&exclude=`.
pub async fn next(
    State(state): State<Arc<AppState>>,
    q: Result<Query<NextQuery>, QueryRejection>,
) -> Result<Json<WirePuzzle>, ApiError> {
    let Query(q) = q.map_err(|e| bad(e.body_text()))?;
    let variant = match q.variant.as_deref() {
        None | Some("") | Some("any") => None,
        Some(v) => Some(v.parse::<Variant>().map_err(|_| bad(format!("variant {v:?}: xiangqi or janggi")))?),
    };
    let theme = match q.theme.as_deref() {
        None | Some("") | Some("any") => None,
        Some(t) if THEMES.iter().any(|(c, _)| *c == t) => Some(t),
        Some(t) => return Err(bad(format!("theme {t:?}: no such theme")).with_code("bad_theme")),
    };
    let finite = |name: &str, v: Option<f64>| match v {
        Some(x) if !x.is_finite() => Err(bad(format!("{name}: a number"))),
        _ => Ok(v),
    };
    let near = finite("near", q.near)?.unwrap_or(1500.0);
    let above = finite("above", q.above)?;
    let exclude: Vec<&str> = q.exclude.as_deref().unwrap_or("").split(',').filter(|s| !s.is_empty()).collect();
    if exclude.len() > MAX_EXCLUDE {
        return Err(bad(format!("exclude: at most {MAX_EXCLUDE} ids")));
    }
    let p = state
        .puzzles
        .set
        .pick(variant, theme, near, above, &exclude)
        .ok_or_else(|| no_puzzle("no puzzle left with these filters".to_string()))?;
    Ok(Json(wire(&state, p).await?))
}

fn find<'a>(state: &'a AppState, id: &str) -> Result<&'a Puzzle, ApiError> {
    if id.len() > crate::puzzles::MAX_ID {
        return Err(no_puzzle("no such puzzle".to_string()));
    }
    state.puzzles.set.get(id).ok_or_else(|| no_puzzle(format!("no puzzle {id:?}")))
}

/// `GET /api/puzzles/{id}`.
pub async fn get(State(state): State<Arc<AppState>>, Path(id): Path<String>) -> Result<Json<WirePuzzle>, ApiError> {
    let p = find(&state, &id)?;
    Ok(Json(wire(&state, p).await?))
}

/// A guest's rating from its browser, checked: anything outside Glicko-2's range is refused.
fn guest(r: Option<crate::wire::puzzle::GuestRating>) -> Result<Glicko, ApiError> {
    let Some(r) = r else { return Ok(Glicko::default()) };
    let ok = r.rating.is_finite()
        && (0.0..=4000.0).contains(&r.rating)
        && r.deviation.is_finite()
        && r.deviation > 0.0
        && r.deviation <= 500.0
        && r.volatility.is_finite()
        && r.volatility > 0.0
        && r.volatility < 1.0;
    if !ok {
        return Err(bad("rating: rating 0 to 4000, deviation above 0 up to 500, volatility between 0 and 1")
            .with_code("bad_rating"));
    }
    Ok(Glicko { rating: r.rating, deviation: r.deviation, volatility: r.volatility, ..Glicko::default() })
}

/// `POST /api/puzzles/{id}/attempt`: moves the solver's and the puzzle's ratings.
pub async fn attempt(
    State(state): State<Arc<AppState>>,
    extensions: axum::http::Extensions,
    headers: HeaderMap,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<Json<Attempted>, ApiError> {
    let p = find(&state, &id)?;
    let req: AttemptRequest = parse_json(&body)?;
    let account = logged_in(&state, &headers).await?;
    let solver = match &account {
        Some(a) => Solver::Account(a.id),
        None => {
            let g = guest(req.rating)?;
            if let Some(ConnectInfo(peer)) = extensions.get::<ConnectInfo<SocketAddr>>() {
                if let Err(wait) = state.puzzles.guests.take(peer.ip(), Instant::now()) {
                    return Err(ApiError::new(
                        StatusCode::TOO_MANY_REQUESTS,
                        format!(
                            "too many puzzle attempts from your address (at most {GUEST_ATTEMPTS_PER_MINUTE} a minute): try again in {} s",
                            wait.as_secs() + 1
                        ),
                    )
                    .with_code("too_many_attempts")
                    .words(
                        "puzzle-attempts",
                        vec![
                            ("limit", u64::from(GUEST_ATTEMPTS_PER_MINUTE).into()),
                            ("seconds", (wait.as_secs() + 1).into()),
                        ],
                    ));
                }
            }
            Solver::Guest(g)
        }
    };
    let a = Attempt { puzzle: p.id.clone(), initial: p.rating, solver, solved: req.solved, now: now_secs() };
    let r = state.store.puzzle_attempt(&a).await.map_err(internal)?;
    let ((before, after), is_account) = (r.player, account.is_some());
    let shown = |v: f64| if is_account { tenth(v) } else { v };
    Ok(Json(Attempted {
        player: PlayerAfter {
            rating: shown(after.rating),
            deviation: shown(after.deviation),
            volatility: after.volatility,
            change: tenth(after.rating - before.rating),
        },
        puzzle: PuzzleAfter { rating: tenth(r.puzzle.1.rating), change: tenth(r.puzzle.1.rating - r.puzzle.0.rating) },
        counted: r.counted,
        account: is_account,
    }))
}

/// `GET /api/puzzles/rating`: the logged-in account's puzzle rating.
pub async fn rating(State(state): State<Arc<AppState>>, headers: HeaderMap) -> Result<Json<MyRating>, ApiError> {
    let Some(a) = logged_in(&state, &headers).await? else {
        return Ok(Json(MyRating { rating: None, account: false }));
    };
    let g = state.store.account_puzzle_rating(a.id).await.map_err(internal)?;
    Ok(Json(MyRating { rating: Some(tenth(g.unwrap_or_default().rating)), account: true }))
}
