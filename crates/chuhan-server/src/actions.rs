//! Changes to a live game, in the order that keeps the players told only what is stored.
//!
//! A change takes the room's writer lock (an async mutex, held across the store's await, so
//! that the changes of one game are stored in order) and never holds the room's own mutex
//! across an await: readers (state frames, the HTTP state) are never kept waiting by the
//! database. A move is checked ([`crate::room::Room::prepare_move`]), stored ([`Store::add_move`]), and only
//! then played in memory ([`crate::room::Room::commit_move`]); a takeback deletes the moves from the store
//! before the room forgets them, and an offer (a draw, a takeback) is stored before it is shown,
//! so that players on other servers see it too. An end (mate, resignation, draw, time) is stored right after
//! the room knows it, before the players are told; if the store refuses it, the server logs it
//! (the moves are stored, so a restart finds the mates and stalemates again).
//!
//! This module knows rooms and the store, not who is told (see `AppState::apply` in
//! [`crate::state`]).

use crate::room::{RoomError, Takeback};
use crate::state::Live;
use crate::store::{Conflict, Offers, Store, StoredEnd};
use chuhan::{Move, Side};
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
                room.engine_forfeits(side, &why, now).map(|end| (end, room.game.ply()))
            };
            match done {
                Ok((end, plies)) => (true, finish(live, store, plies, end).await),
                Err(e) => (false, Err(e)),
            }
        }
        Action::Resign(side) => {
            let done = {
                let mut room = live.lock();
                room.resign(side, now).map(|end| (end, room.game.ply()))
            };
            match done {
                Ok((end, plies)) => (true, finish(live, store, plies, end).await),
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
                    let end = live.lock().draw(side, now);
                    match end {
                        Ok(end) => (true, finish(live, store, plies, end).await),
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
        room.flag(now).map(|end| (end, room.game.ply()))
    };
    match end {
        Some((end, plies)) => (true, finish(live, store, plies, Some(end)).await),
        None => (false, Ok(())),
    }
}

/// Stores the end of the game after `plies` moves, and its rating change in the room.
async fn finish(live: &Live, store: &dyn Store, plies: usize, end: Option<StoredEnd>) -> Result<(), RoomError> {
    let Some(end) = end else { return Ok(()) };
    match store.finish(&live.id, plies, &end).await {
        Ok(change) => {
            if let Some(e) = &mut live.lock().end {
                e.rating = change;
            }
            Ok(())
        }
        Err(e) => match e.downcast::<Conflict>() {
            Ok(c) => Err(RoomError::Behind(c)),
            Err(e) => {
                // The moves are stored; the end is found again from them after a restart,
                // except for resignations and the like.
                eprintln!("chuhan serve: {e:#}");
                Ok(())
            }
        },
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
