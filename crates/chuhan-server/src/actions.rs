//! Changes to a live game, in the order that keeps the players told only what is stored.
//!
//! A change takes the room's writer lock (an async mutex, held across the store's await, so
//! that the changes of one game are stored in order) and never holds the room's own mutex
//! across an await: readers (state frames, the HTTP state) are never kept waiting by the
//! database. A move is checked ([`crate::room::Room::prepare_move`]), stored ([`Store::add_move`]), and only
//! then played in memory ([`crate::room::Room::commit_move`]); a takeback deletes the moves from the store
//! before the room forgets them, and an offer (a draw, a takeback) is stored before it is shown,
//! so that players on other servers see it too. An end (mate, resignation, draw, time) is stored
//! right after the room knows it, before the players are told. If the store cannot take it (the
//! database is down), an end by resignation, draw, time or an engine's failure is undone in the
//! room (`Before`) and the action answered with the store's error, so nobody is told of an end
//! that a restart would lose (the flag timer tries again, see `AppState::after_change`); an end
//! by a move (mate, stalemate, a rule) stays, since its move is stored and the end is found
//! again from the moves, and the server logs it.
//!
//! This module knows rooms and the store, not who is told (see `AppState::apply` in
//! [`crate::state`]).

use crate::room::{Room, RoomError, Takeback};
use crate::state::Live;
use crate::store::{Conflict, Offers, Store, StoredEnd};
use chuhan::clock::Clocks;
use chuhan::{Game, Move, Side};
use std::time::Instant;

/// What a player, the engine or the clock does to a game.
#[derive(Clone, Debug)]
pub enum Action {
    /// `side` plays a move (a pass in janggi is the general moving onto itself).
    Move(Side, Move),
    /// `side` resigns.
    Resign(Side),
    /// `side` offers or accepts a draw.
    Draw(Side),
    /// `side` asks for, or agrees to, a takeback.
    Takeback(Side),
    /// The running clock may have run out: end the game on time if so.
    Flag,
    /// The engine's move for `side`, chosen in the position with this ply count and hash:
    /// played only if the game is still there.
    Engine(Side, Move, (usize, u64)),
    /// The other engine (`--engine`) playing `side` gave no legal move in the position with
    /// this ply count and hash (it crashed, hung or played an illegal move): it loses, with
    /// this reason. Done only if the game is still there.
    EngineForfeit(Side, String, (usize, u64)),
}

/// Does `action` to the room of `live` at time `now`, storing first. Answers whether the room
/// changed (its watchers must be told), and whether the action was done or why not; a refused
/// action can still have changed the room (a move that came after the mover's flag fell ends
/// the game on time).
pub async fn act(live: &Live, store: &dyn Store, action: Action, now: Instant) -> (bool, Result<(), RoomError>) {
    let _writer = live.writer.lock().await;
    match action {
        Action::Move(side, mv) => play(live, store, side, mv, now).await,
        Action::Engine(side, mv, key) => {
            if !still_at(live, key) {
                return (false, Err(RoomError::PositionChanged));
            }
            play(live, store, side, mv, now).await
        }
        Action::EngineForfeit(side, why, key) => {
            if !still_at(live, key) {
                return (false, Err(RoomError::PositionChanged));
            }
            let done = {
                let mut room = live.lock();
                let before = Before::of(&room);
                room.engine_forfeits(side, &why, now).map(|end| (end, room.game.ply(), before))
            };
            match done {
                Ok((end, plies, before)) => finish_or_undo(live, store, plies, end, before).await,
                Err(e) => (false, Err(e)),
            }
        }
        Action::Resign(side) => {
            let done = {
                let mut room = live.lock();
                let before = Before::of(&room);
                room.resign(side, now).map(|end| (end, room.game.ply(), before))
            };
            match done {
                Ok((end, plies, before)) => finish_or_undo(live, store, plies, end, before).await,
                Err(e) => (false, Err(e)),
            }
        }
        Action::Draw(side) => {
            let request = {
                let room = live.lock();
                room.draw_request(side).map(|offers| (offers, room.offers, room.game.ply()))
            };
            match request {
                Ok((Some(offers), seen, plies)) => offer(live, store, plies, seen, offers).await,
                Ok((None, _, plies)) => {
                    // The other side's offer is accepted: the game ends drawn.
                    let end = {
                        let mut room = live.lock();
                        let before = Before::of(&room);
                        room.draw(side, now).map(|end| (end, before))
                    };
                    match end {
                        Ok((end, before)) => finish_or_undo(live, store, plies, end, before).await,
                        Err(e) => (false, Err(e)),
                    }
                }
                Err(e) => (false, Err(e)),
            }
        }
        Action::Takeback(side) => {
            let request = {
                let room = live.lock();
                room.takeback(side).map(|t| (t, room.offers, room.game.ply()))
            };
            match request {
                Ok((Takeback::Ask(offers), seen, plies)) => offer(live, store, plies, seen, offers).await,
                Ok((Takeback::Undo(keep), _, plies)) => {
                    if let Err(e) = store.truncate(&live.id, plies, keep).await {
                        return (false, Err(refused(e)));
                    }
                    (true, live.lock().undo_to(keep, now))
                }
                Err(e) => (false, Err(e)),
            }
        }
        Action::Flag => flag(live, store, now).await,
    }
}

/// Stores new offers (a draw offered, a takeback asked for) after `plies` moves, where the
/// player saw `seen`, and then shows them.
async fn offer(
    live: &Live,
    store: &dyn Store,
    plies: usize,
    seen: Offers,
    offers: Offers,
) -> (bool, Result<(), RoomError>) {
    if let Err(e) = store.set_offers(&live.id, plies, seen, offers).await {
        return (false, Err(refused(e)));
    }
    live.lock().offers = offers;
    (true, Ok(()))
}

/// Whether the game of `live` is still in the position with this ply count and hash.
fn still_at(live: &Live, key: (usize, u64)) -> bool {
    let room = live.lock();
    (room.game.ply(), room.game.position().hash()) == key
}

/// A move: checked, stored, played, and the end stored if it ended the game.
async fn play(live: &Live, store: &dyn Store, side: Side, mv: Move, now: Instant) -> (bool, Result<(), RoomError>) {
    let prepared = live.lock().prepare_move(side, mv, now);
    let p = match prepared {
        Ok(p) => p,
        Err(RoomError::TimeUp) => {
            let (changed, result) = flag(live, store, now).await;
            return (changed, result.and(Err(RoomError::TimeUp)));
        }
        Err(e) => return (false, Err(e)),
    };
    if let Err(e) = store.add_move(&live.id, p.ply, &p.stored).await {
        return (false, Err(not_stored(e)));
    }
    let plies = p.ply + 1;
    let end = live.lock().commit_move(p, now);
    match end {
        Ok(Some(end)) => (true, finish(live, store, plies, Some(end)).await),
        Ok(None) => (true, Ok(())),
        // The move is stored but the game refused it: only a reload can make them agree.
        Err(e) => (true, Err(e)),
    }
}

/// Ends the game on time if the running clock has run out.
async fn flag(live: &Live, store: &dyn Store, now: Instant) -> (bool, Result<(), RoomError>) {
    let end = {
        let mut room = live.lock();
        let before = Before::of(&room);
        room.flag(now).map(|end| (end, room.game.ply(), before))
    };
    match end {
        Some((end, plies, before)) => finish_or_undo(live, store, plies, Some(end), before).await,
        None => (false, Ok(())),
    }
}

/// What ending a game without a move changes in its room, kept to be put back when the store
/// cannot take the end.
struct Before {
    game: Game,
    clocks: Option<Clocks>,
    offers: Offers,
}

impl Before {
    fn of(room: &Room) -> Before {
        Before { game: room.game.clone(), clocks: room.clocks.clone(), offers: room.offers }
    }
}

/// [`finish`], and if the store could not take the end, the room as it was `before` (it had
/// no end then) and the store's error: the room changed only if the end was stored.
async fn finish_or_undo(
    live: &Live,
    store: &dyn Store,
    plies: usize,
    end: Option<StoredEnd>,
    before: Before,
) -> (bool, Result<(), RoomError>) {
    let Some(end) = end else { return (true, Ok(())) };
    match store_end(live, store, plies, &end).await {
        Err(Stored::Failed(e)) => {
            let mut room = live.lock();
            room.game = before.game;
            room.clocks = before.clocks;
            room.offers = before.offers;
            room.end = None;
            (false, Err(RoomError::Store(e.context("the end of the game could not be saved, so the game goes on"))))
        }
        Err(Stored::Behind(c)) => (true, Err(RoomError::Behind(c))),
        Ok(()) => (true, Ok(())),
    }
}

/// Why an end was not stored.
enum Stored {
    /// The game changed elsewhere first.
    Behind(Conflict),
    /// The store failed (the database is down, say).
    Failed(anyhow::Error),
}

/// Stores the end of the game after `plies` moves, and its rating change in the room.
async fn store_end(live: &Live, store: &dyn Store, plies: usize, end: &StoredEnd) -> Result<(), Stored> {
    match store.finish(&live.id, plies, end).await {
        Ok(change) => {
            if let Some(e) = &mut live.lock().end {
                e.rating = change;
            }
            Ok(())
        }
        Err(e) => Err(match e.downcast::<Conflict>() {
            Ok(c) => Stored::Behind(c),
            Err(e) => Stored::Failed(e),
        }),
    }
}

/// Stores the end that the move of ply `plies` made, if it made one. If the store fails, the
/// end stays (its move is stored, and the rules find the end again from the moves) and the
/// server logs it.
async fn finish(live: &Live, store: &dyn Store, plies: usize, end: Option<StoredEnd>) -> Result<(), RoomError> {
    let Some(end) = end else { return Ok(()) };
    match store_end(live, store, plies, &end).await {
        Ok(()) => Ok(()),
        Err(Stored::Behind(c)) => Err(RoomError::Behind(c)),
        Err(Stored::Failed(e)) => {
            eprintln!("chuhan serve: {e:#}");
            Ok(())
        }
    }
}

/// The room's error for a move the store refused.
fn not_stored(e: anyhow::Error) -> RoomError {
    match e.downcast::<Conflict>() {
        Ok(c) => RoomError::Behind(c),
        Err(e) => RoomError::NotSaved(e),
    }
}

/// The room's error for another change (an offer, a takeback) the store refused.
fn refused(e: anyhow::Error) -> RoomError {
    match e.downcast::<Conflict>() {
        Ok(c) => RoomError::Behind(c),
        Err(e) => RoomError::Store(e),
    }
}
