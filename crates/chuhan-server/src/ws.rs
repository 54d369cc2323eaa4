//! The WebSocket of a game: the state goes out after every change, moves come in.
//!
//! A connection with a seat's token plays that seat; one without a token watches. Every frame
//! the client sends is answered: a change is answered by the new state (to everyone), anything
//! wrong by `{"type":"error","message":...}` to the sender alone.

use crate::account_http::logged_in;
use crate::actions::Action;
use crate::error::ApiError;
use crate::live::Live;
use crate::params::pick_notation;
use crate::room::RoomError;
use crate::state::AppState;
use crate::talk::TalkRefused;
use crate::wire::{frame_text, ClientMessage, ErrorFrame};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::Response;
use chuhan::notation::Notation;
use chuhan::{Move, Side, Variant};
use chuhan_i18n::{try_tr, Domain, FluentArgs, Lang, Localize};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The largest frame accepted from a client: a move is about 30 bytes.
const MAX_FRAME: usize = 4096;
/// The read buffer of a connection. Tungstenite's default, 128 KiB, made a connection cost about
/// 135 KiB of server memory (examples/load.rs); a move is tiny and a frame at most MAX_FRAME.
const READ_BUFFER: usize = 4096;
/// The most frames a client may send in one second.
const MAX_PER_SECOND: u32 = 20;
/// How many pings may go unanswered (nothing at all heard from the client) before the
/// connection is closed: a page whose computer slept or whose network went away.
const MISSED_PINGS: u32 = 2;

/// Why a frame from a client was refused: answered to that client alone, as
/// `{"type":"error","message":...}`; nothing changed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum WsError {
    /// The frame is not one of the messages a client may send.
    #[error("message not understood ({0}); expected e.g. {{\"type\":\"move\",\"move\":\"h2e2\"}}")]
    NotUnderstood(serde_json::Error),
    /// A watcher (no seat) tried what only players may do; `what` is the action, as in
    /// "only the players move".
    #[error("you are watching: only the players {what}")]
    Watching {
        /// The action refused, in words.
        what: &'static str,
    },
    /// A pass in xiangqi.
    #[error("only janggi allows passing")]
    NoPassing,
    /// A notation that is none.
    #[error("{0}")]
    Notation(ApiError),
    /// More frames a second than the limit (`MAX_PER_SECOND`): a client gone wild, or a flood.
    #[error("too many messages: at most {MAX_PER_SECOND} a second")]
    TooMany,
    /// A binary frame: the protocol is JSON text.
    #[error("binary frames are not understood: send JSON text")]
    Binary,
    /// The room refused the move or request.
    #[error(transparent)]
    Room(#[from] RoomError),
    /// A chat line or a rematch was refused.
    #[error(transparent)]
    Talk(#[from] crate::talk::TalkRefused),
}

/// The subprotocol every client offers, and the server picks.
pub const PROTOCOL: &str = "chuhan";
/// The prefix of the subprotocol that carries a seat's token: `token.<hex>`.
pub const TOKEN_PREFIX: &str = "token.";

/// The `Sec-WebSocket-Protocol` value a client sends to open a game's WebSocket: `chuhan`,
/// and for a player `token.<the seat's token>` beside it (the page's script and every Rust
/// client build it alike).
pub fn subprotocols(token: Option<&str>) -> String {
    match token {
        Some(t) => format!("{PROTOCOL}, {TOKEN_PREFIX}{t}"),
        None => PROTOCOL.to_string(),
    }
}

/// The seat token a client offered among its subprotocols (`Sec-WebSocket-Protocol:
/// chuhan, token.<hex>`), if any. The token travels in a header rather than the address,
/// since proxies and servers log addresses.
fn offered_token(headers: &HeaderMap) -> Option<&str> {
    headers
        .get_all(header::SEC_WEBSOCKET_PROTOCOL)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .find_map(|p| p.trim().strip_prefix(TOKEN_PREFIX))
}

/// `GET /api/games/{id}/ws[?notation=...]` with the subprotocols `chuhan` and, for a player,
/// `token.<the seat's token>`: opens the game's WebSocket, as the seat the token holds or as
/// a watcher without one. A wrong token is refused before the upgrade (403), so a client never
/// believes it plays when it only watches. A token in the address is refused (400): it would
/// be in every proxy's log.
pub async fn upgrade(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    if q.contains_key("token") {
        return Err(ApiError::bad(
            "token: send the seat's token as the subprotocol token.<token> (Sec-WebSocket-Protocol), not in the address",
        ));
    }
    let live = state.get(&id).await?;
    let token = offered_token(&headers).filter(|t| !t.is_empty());
    let mut seat = token.and_then(|t| live.lock().seat_of(t));
    // Among several servers, a seat taken on another one reaches this one by notification: a
    // room read before that (a sweep's claim) may not know the token yet. One read from the
    // store settles it before the token is refused.
    if token.is_some() && seat.is_none() && state.cluster.is_some() {
        state.reload(&live).await.map_err(crate::error::internal)?;
        seat = token.and_then(|t| live.lock().seat_of(t));
    }
    if token.is_some() && seat.is_none() {
        return Err(ApiError::new(StatusCode::FORBIDDEN, "this token has no seat in this game"));
    }
    let variant = live.lock().variant;
    let notation = pick_notation(q.get("notation").map(String::as_str), variant)?;
    // The language refusals are worded in, for the connection's life.
    let lang = crate::lang::of_request(&headers);
    // A spectator's account signs their chat lines; a page of another site gets no account
    // from the cookie (crate::origin's rule, on the upgrade too).
    let viewer = match seat {
        None if !crate::origin::is_foreign(&headers) => logged_in(&state, &headers).await?.map(|a| a.name),
        _ => None,
    };
    Ok(ws
        .protocols([PROTOCOL])
        .max_message_size(MAX_FRAME)
        .max_frame_size(MAX_FRAME)
        .read_buffer_size(READ_BUFFER)
        .on_upgrade(move |socket| connection(socket, state, live, seat, viewer, notation, lang)))
}

/// Counts a seat's connection in [`crate::room::Room::present`] while it is open: a player
/// whose last page closed has left (their open challenge is no longer listed).
struct Presence {
    live: Arc<Live>,
    side: Side,
}

impl Presence {
    fn new(live: Arc<Live>, side: Side) -> Presence {
        live.lock().present[side] += 1;
        Presence { live, side }
    }
}

impl Drop for Presence {
    fn drop(&mut self) {
        let mut room = self.live.lock();
        room.present[self.side] = room.present[self.side].saturating_sub(1);
    }
}

fn error(e: &WsError, variant: Variant, lang: Lang) -> Message {
    Message::Text(frame_text(&ErrorFrame::new(words(e, variant, lang))).into())
}

/// A refusal in the player's language: `e` worded from chuhan-i18n's `server.ftl` (`ws-*`,
/// `room-*`, `talk-*`) in `lang`, the language of the connection's upgrade request, for a game
/// of `variant`. English is the errors' own words; the details only English has (a store's
/// failure, another engine's words) are left out of the other languages, which say what was
/// refused without them.
fn words(e: &WsError, variant: Variant, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    let mut args = FluentArgs::new();
    let id = match e {
        WsError::NotUnderstood(_) => "ws-not-understood",
        WsError::Watching { .. } => "ws-watching",
        WsError::NoPassing => "ws-no-passing",
        WsError::Notation(api) => return api.message_in(lang),
        WsError::TooMany => {
            args.set("limit", MAX_PER_SECOND);
            "ws-too-many"
        }
        WsError::Binary => "ws-binary",
        WsError::Room(r) => room(r, variant, lang, &mut args),
        WsError::Talk(t) => talk(t, &mut args),
    };
    try_tr(lang, Domain::Server, id, Some(&args)).unwrap_or_else(|_| e.to_string())
}

fn room(e: &RoomError, variant: Variant, lang: Lang, args: &mut FluentArgs) -> &'static str {
    match e {
        RoomError::Over { .. } | RoomError::AlreadyOver => "room-over",
        RoomError::NotYourTurn { turn, .. } => {
            args.set("side", turn.localize(variant, lang));
            "room-not-your-turn"
        }
        RoomError::Illegal { error, .. } => {
            args.set("move", error.mv.to_string());
            "room-illegal"
        }
        RoomError::Game { mv, .. } => {
            args.set("move", mv.to_string());
            "room-illegal"
        }
        RoomError::TimeUp => "room-time-up",
        RoomError::NotSaved(_) | RoomError::Store(_) | RoomError::Replay { .. } => "room-not-saved",
        RoomError::ClockRunning | RoomError::Behind(_) | RoomError::PositionChanged => "room-behind",
        RoomError::EngineDeclinesDraws => "room-engine-declines-draws",
        RoomError::DrawAlreadyOffered => "room-draw-already-offered",
        RoomError::TakebackAlreadyAsked => "room-takeback-already-asked",
        RoomError::FormationFixed => "room-formation-fixed",
        RoomError::NothingToTakeBack => "room-nothing-to-take-back",
        RoomError::NothingToDecline => "room-nothing-to-decline",
    }
}

fn talk(e: &TalkRefused, args: &mut FluentArgs) -> &'static str {
    match e {
        TalkRefused::EngineGame("rematch") => "talk-engine-rematch",
        TalkRefused::EngineGame(_) => "talk-engine-chat",
        TalkRefused::Anonymous => "talk-anonymous",
        TalkRefused::Empty => "talk-empty",
        TalkRefused::TooLong(n) => {
            args.set("limit", crate::store::talk::MAX_CHAT_CHARS);
            args.set("given", *n);
            "talk-too-long"
        }
        TalkRefused::Control => "talk-control",
        TalkRefused::TooFast => "talk-too-fast",
        TalkRefused::NotOver => "talk-not-over",
        TalkRefused::NoOpponent => "talk-no-opponent",
        TalkRefused::Store(_) => "room-not-saved",
    }
}

async fn connection(
    mut socket: WebSocket,
    state: Arc<AppState>,
    live: Arc<Live>,
    seat: Option<Side>,
    viewer: Option<String>,
    mut notation: Notation,
    lang: Lang,
) {
    let variant = live.lock().variant;
    let mut last_chat: Option<Instant> = None;
    let _present = seat.map(|side| Presence::new(live.clone(), side));
    let mut changed = live.changed.subscribe();
    changed.mark_changed();
    let mut window = (Instant::now(), 0u32);
    // Pings keep proxies and the server's idle timeout from closing a quiet game's page, and
    // tell a page that answers nothing from one that is only quiet.
    let every = state.ws_ping;
    let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
    let mut heard = Instant::now();
    loop {
        tokio::select! {
            _ = ping.tick() => {
                if heard.elapsed() > every * MISSED_PINGS {
                    break;
                }
                if socket.send(Message::Ping(Default::default())).await.is_err() {
                    break;
                }
            }
            r = changed.changed() => {
                if r.is_err() {
                    break;
                }
                let text = frame_text(&live.lock().state(seat, notation, Instant::now()));
                if socket.send(Message::Text(text.into())).await.is_err() {
                    break;
                }
            }
            msg = socket.recv() => {
                let Some(Ok(msg)) = msg else { break };
                heard = Instant::now();
                let text = match msg {
                    Message::Text(t) => t,
                    Message::Binary(_) => {
                        if socket.send(error(&WsError::Binary, variant, lang)).await.is_err() {
                            break;
                        }
                        continue;
                    }
                    Message::Close(_) => break,
                    Message::Ping(_) | Message::Pong(_) => continue,
                };
                let now = Instant::now();
                if now.duration_since(window.0) >= Duration::from_secs(1) {
                    window = (now, 0);
                }
                window.1 += 1;
                let reply = if window.1 > MAX_PER_SECOND {
                    Err(WsError::TooMany)
                } else {
                    let who = Who { seat, viewer: viewer.as_deref() };
                    handle(&state, &live, who, &mut notation, &mut last_chat, text.as_str()).await
                };
                match reply {
                    Ok(true) => changed.mark_changed(),
                    Ok(false) => {}
                    Err(e) => {
                        if socket.send(error(&e, variant, lang)).await.is_err() {
                            break;
                        }
                    }
                }
            }
        }
    }
}

/// Who is at the other end of a connection: a seat's player, or a spectator (logged in as
/// `viewer`, or not).
#[derive(Clone, Copy)]
struct Who<'a> {
    seat: Option<Side>,
    viewer: Option<&'a str>,
}

/// The least time between two chat lines from one connection.
const CHAT_EVERY: Duration = Duration::from_secs(1);

/// Handles one text frame; `Ok(true)` when only this connection needs the state again.
async fn handle(
    state: &Arc<AppState>,
    live: &Arc<Live>,
    who: Who<'_>,
    notation: &mut Notation,
    last_chat: &mut Option<Instant>,
    text: &str,
) -> Result<bool, WsError> {
    let seat = who.seat;
    let msg: ClientMessage = serde_json::from_str(text).map_err(WsError::NotUnderstood)?;
    let player = |what: &'static str| seat.ok_or(WsError::Watching { what });
    let action = match msg {
        ClientMessage::State => return Ok(true),
        ClientMessage::Notation { notation: n } => {
            let variant = live.lock().variant;
            *notation = pick_notation(Some(&n), variant).map_err(WsError::Notation)?;
            return Ok(true);
        }
        ClientMessage::Move { mv } => Action::Move(player("move")?, mv),
        ClientMessage::Pass => {
            let side = player("pass")?;
            let room = live.lock();
            if room.variant != Variant::Janggi {
                return Err(WsError::NoPassing);
            }
            let g = room.game.position().general(room.game.position().turn());
            Action::Move(side, Move::new(g, g))
        }
        ClientMessage::Resign => Action::Resign(player("resign")?),
        ClientMessage::Takeback => Action::Takeback(player("take back moves")?),
        ClientMessage::Draw => Action::Draw(player("offer draws")?),
        ClientMessage::Decline => Action::Decline(player("decline offers")?),
        ClientMessage::Chat { text } => {
            let now = Instant::now();
            if last_chat.is_some_and(|t| now.duration_since(t) < CHAT_EVERY) {
                return Err(crate::talk::TalkRefused::TooFast.into());
            }
            *last_chat = Some(now);
            crate::talk::chat(state, live, seat, who.viewer, &text).await?;
            return Ok(false);
        }
        ClientMessage::Rematch => {
            crate::talk::rematch(state, live, player("ask for a rematch")?).await?;
            return Ok(false);
        }
    };
    state.apply(live, action).await?;
    Ok(false)
}
