//! The game handlers: create a game, join its free seat, read its state or PGN, and list the
//! archive and the ratings. Moves are not played here but over the game's WebSocket
//! ([`crate::ws`]), which tells every watcher at once.

use crate::account_http::logged_in;
use crate::error::{bad, internal, server_words, ApiError};
use crate::ids::{now_secs, random_hex};
use crate::params::{fen_error, parse_json, pick_notation, NotationQuery, StartError};
use crate::rating;
use crate::room::{Mode, Room};
use crate::state::AppState;
use crate::store::StoredGame;
use crate::wire::{
    pair, Archive, ArchivedGame, CreateRequest, Created, GameState, JoinRequest, Joined, RatedPlayer, Ratings,
};
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use chuhan::{BySide, Game, JanggiFormation, JanggiSetup, Position, Rules, Side, Variant};
use chuhan_db::live::accounts::Account;
use chuhan_db::live::glicko::Speed;
use chuhan_i18n::Localize;
use serde::Deserialize;
use std::sync::Arc;
use std::time::Instant;

/// `POST /api/games`: creates a game from the settings in the body and gives the creator a
/// seat token (the only proof of the seat, so it is answered once and never shown again).
pub async fn create(
    State(state): State<Arc<AppState>>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Created>, ApiError> {
    let req: CreateRequest = parse_json(&body)?;
    let variant = req.variant.unwrap_or(Variant::Xiangqi);
    let mode_text = req.mode.as_deref().unwrap_or("friend");
    let mode = Mode::parse(mode_text).ok_or_else(|| bad(format!("mode {mode_text:?}: expected engine or friend")))?;
    let level = req.level.unwrap_or(10);
    if !(1..=20).contains(&level) {
        return Err(bad(format!("level {level}: expected 1 to 20")));
    }
    let side = req.side.unwrap_or(Side::First);
    let clock = ClockFields::of(&req)?;
    let rated = req.rated.unwrap_or(false);
    if rated && mode == Mode::Engine {
        return Err(bad("games against the engine are not rated"));
    }
    let (name, account) = seat_name(&state, &headers, req.name.as_deref(), rated).await?;
    let engine = match req.engine.as_deref() {
        None | Some(crate::engines::OWN) => None,
        Some(_) if mode != Mode::Engine => return Err(bad("engine: only for games against the engine")),
        Some(name) if state.analysis.engines.has(name) => Some(name.to_string()),
        Some(name) => {
            let names = state.analysis.engines.names().join(", ");
            return Err(bad(format!("engine {name:?}: not configured (the engines: {names})")));
        }
    };
    // Each engine game's search holds a core while it thinks: with the line of games waiting
    // for the engine as long as the games thinking, a new one would only wait, so it is
    // refused now, with a reason, rather than left to lose on time.
    let queue = state.engine_queue.load(std::sync::atomic::Ordering::Relaxed);
    if mode == Mode::Engine && engine.is_none() && queue >= 2 * state.engine_games {
        return Err(ApiError::busy(format!(
            "the engine is busy with {queue} games at once: try again in a minute, or play a friend"
        ))
        .with_code("engine_busy")
        .words("engine-busy", vec![("games", queue.into())]));
    }
    let open = req.open.unwrap_or(false);
    if open && mode == Mode::Engine {
        return Err(bad("open: a game against the engine has no seat to offer"));
    }
    let setup = req.cho_setup.is_some() || req.han_setup.is_some();
    let start = match &req.fen {
        Some(_) if setup => return Err(bad("give either a fen or janggi setups, not both")),
        Some(fen) if fen.len() > 200 => return Err(StartError::TooLong.to_api()),
        Some(fen) => Position::from_fen(variant, fen).map_err(|e| fen_error(&e, variant))?,
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
    // A position whose game is already over (the move-count rule spent, mate, bikjang…) has no
    // move to play: a game from it would refuse every move, and an engine game would ask the
    // engine again and again. Refused here, with the ruling in words.
    if let Some(outcome) = Game::new(start.clone(), Rules::for_variant(variant)).outcome() {
        return Err(bad(format!("fen: the game is already over in this position ({})", outcome.describe(variant)))
            .with_code("game_over")
            .worded(|lang| {
                server_words(lang, "fen-game-over", &[("ruling", outcome.localize(variant, lang).into())])
            }));
    }
    let id = random_hex(6).map_err(internal)?;
    let token = random_hex(16).map_err(internal)?;
    let mut tokens = BySide::new(None, None);
    tokens[side] = Some(token.clone());
    let mut names = BySide::new(None, None);
    names[side] = name;
    let mut accounts = BySide::new(None, None);
    accounts[side] = account.as_ref().map(|a| a.id);
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
        engine,
        accounts,
    };
    state.store.create(&g).await.map_err(internal)?;
    let mut room = Room::from_stored(&g, &[], None, Instant::now()).map_err(internal)?;
    room.ratings = state.seat_ratings(room.variant, room.speed, &room.accounts).await;
    room.seek = open;
    let live = state.insert(room);
    state.claim(&id).await;
    state.after_change(&live);
    Ok(Json(Created { url: format!("/game/{id}"), id, token, side: side.index() }))
}

/// The name a seat is taken under, and its account: a logged-in player's account name (a typed
/// name is ignored); a guest's typed name, which may not be an account's. A rated game needs
/// an account: ratings move only between accounts.
async fn seat_name(
    state: &AppState,
    headers: &HeaderMap,
    typed: Option<&str>,
    rated: bool,
) -> Result<(Option<String>, Option<Account>), ApiError> {
    if let Some(account) = logged_in(state, headers).await? {
        return Ok((Some(account.name.clone()), Some(account)));
    }
    if rated {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "rated games are for players with an account: log in or sign up",
        )
        .with_code("login_required"));
    }
    let name = rating::check_name(typed).map_err(|e| bad(e.to_string()))?;
    if let Some(n) = &name {
        if state.store.credentials(n).await.map_err(internal)?.is_some() {
            return Err(ApiError::conflict(format!("{n} is a registered player's name: log in to play as {n}"))
                .with_code("name_registered")
                .words("name-registered", vec![("name", n.as_str().into())]));
        }
    }
    Ok((name, None))
}

/// `POST /api/games/{id}/join`: takes the free seat of a friend game and answers its token.
/// Refused (409) when there is no free seat, so a late visitor watches instead.
pub async fn join(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Joined>, ApiError> {
    let req: JoinRequest = parse_json(&body)?;
    let live = state.get(&id).await?;
    let rated = live.lock().rated;
    let (name, account) = seat_name(&state, &headers, req.name.as_deref(), rated).await?;
    let writer = live.writer.lock().await;
    let (side, variant, setup) = {
        let room = live.lock();
        if room.mode != Mode::Friend {
            return Err(ApiError::conflict("this game is against the engine: there is no seat to join"));
        }
        let Some(side) = room.tokens.iter().find(|(_, t)| t.is_none()).map(|(s, _)| s) else {
            return Err(ApiError::conflict("both seats are taken: you can watch"));
        };
        if let (Some(mine), Some(theirs)) = (&name, &room.names[!side]) {
            if rating::same_name(mine, theirs) {
                return Err(ApiError::conflict(format!("{theirs} already plays the other side")));
            }
        }
        if account.is_some() && account.as_ref().map(|a| a.id) == room.accounts[!side] {
            return Err(ApiError::conflict("you already play the other side of this game"));
        }
        let setup = match &req.setup {
            Some(_) if room.variant != Variant::Janggi => return Err(bad("setup: formations are for janggi only")),
            Some(f) => {
                let formation: JanggiFormation = f.parse().map_err(|e| bad(format!("setup: {e}")))?;
                Some(room.formation_setup(side, formation).map_err(|e| ApiError::conflict(e.to_string()))?)
            }
            None => None,
        };
        (side, room.variant, setup)
    };
    // The writer lock is held: no move can be stored between the check above and these writes.
    if let Some(setup) = setup {
        state.store.set_start(&id, &setup.fen()).await.map_err(internal)?;
        live.lock().set_setup(setup);
    }
    let token = random_hex(16).map_err(internal)?;
    state.store.set_token(&id, side, &token, name.as_deref()).await.map_err(internal)?;
    let speed = live.lock().speed;
    let rating = match &account {
        Some(a) => {
            state.store.seat_account(&id, side, a).await.map_err(internal)?;
            state.rating_of(variant, speed, a.id).await
        }
        None => None,
    };
    {
        let mut room = live.lock();
        room.tokens[side] = Some(token.clone());
        room.ratings[side] = rating;
        room.names[side] = name;
        room.accounts[side] = account.map(|a| a.id);
    }
    drop(writer);
    state.after_change(&live);
    Ok(Json(Joined { id, token, side: side.index() }))
}

/// `GET /api/games/{id}[?notation=...]`: the game as a watcher sees it, for pages that are
/// not connected (the WebSocket sends the same state on every change).
pub async fn game_state(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    Query(q): Query<NotationQuery>,
) -> Result<Json<GameState>, ApiError> {
    let live = state.get(&id).await?;
    let room = live.lock();
    let notation = pick_notation(q.notation.as_deref(), room.variant)?;
    Ok(Json(room.state(None, notation, Instant::now())))
}

/// `GET /api/games/{id}/pgn[?notation=...]`: the game as a PGN file to download.
pub async fn pgn(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    Query(q): Query<NotationQuery>,
) -> Result<Response, ApiError> {
    let live = state.get(&id).await?;
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

/// `GET /api/archive`: the latest finished games, newest first, for the archive page.
pub async fn archive(State(state): State<Arc<AppState>>) -> Result<Json<Archive>, ApiError> {
    let games = state.store.archive(200).await.map_err(internal)?;
    let games = games
        .into_iter()
        .map(|g| ArchivedGame {
            id: g.id,
            variant: g.variant,
            mode: g.mode,
            created: g.created,
            plies: g.plies,
            result: g.end.result,
            reason: g.end.reason,
            reasons: g.end.reasons,
            names: pair(g.names),
        })
        .collect();
    Ok(Json(Archive { games }))
}

/// The query of `GET /api/ratings`.
#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct RatingsQuery {
    /// `xiangqi` (the default) or `janggi`: each game has its own ratings.
    variant: Option<String>,
    /// `bullet`, `blitz`, `rapid` or `classical` (the default): each speed too.
    speed: Option<String>,
}

/// `GET /api/ratings[?variant=janggi][&speed=blitz]`: the best-rated accounts in one pool.
pub async fn ratings(
    State(state): State<Arc<AppState>>,
    Query(q): Query<RatingsQuery>,
) -> Result<Json<Ratings>, ApiError> {
    let variant: Variant = match q.variant.as_deref() {
        None => Variant::Xiangqi,
        Some(v) => v.parse().map_err(|_| bad(format!("variant {v:?}: expected xiangqi or janggi")))?,
    };
    let speed = match q.speed.as_deref() {
        None => Speed::Classical,
        Some(s) => Speed::from_name(s)
            .ok_or_else(|| bad(format!("speed {s:?}: expected bullet, blitz, rapid or classical")))?,
    };
    let players = state.store.leaderboard(variant.name(), speed, 200).await.map_err(internal)?;
    let players = players
        .into_iter()
        .map(|(name, g)| RatedPlayer {
            rating: g.rating.round(),
            name,
            games: g.games,
            wins: g.wins,
            draws: g.draws,
            losses: g.losses,
            provisional: g.provisional(),
        })
        .collect();
    Ok(Json(Ratings { variant: variant.name(), speed: speed.name(), players }))
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
