//! Changes to a live game, in the order that keeps the players told only what is stored:
//! the room decides, the store keeps, the room applies ([`crate::room::Event`]).
//!
//! A change takes the room's writer lock (an async mutex, held across the store's await, so
//! that the changes of one game are stored in order and the room does not change between its
//! decision and its application) and never holds the room's own mutex across an await:
//! readers (state frames, the HTTP state) are never kept waiting by the database. A move is
//! stored ([`Store::add_move`]) before it is played in memory; a takeback deletes the moves
//! from the store before the room forgets them; an offer (a draw, a takeback) is stored before
//! it is shown, so that players on other servers see it too; an end without a move
//! (resignation, draw, time, an engine's failure) is stored before the room ends. If the store
//! cannot take an event (the database is down), it is never applied and the action is answered
//! with the store's error, so nobody is told of what a restart would lose (the flag timer tries
//! again, see `AppState::after_change`). An end brought by a move (mate, stalemate, a rule) is
//! stored right after the move; if that fails, the end stays, since its move is stored and the
//! end is found again from the moves, and the server logs it.
//!
//! This module knows rooms and the store, not who is told (see `AppState::apply` in
//! [`crate::state`]).

use crate::live::Live;
pub use crate::room::Action;
use crate::room::{Event, RoomError};
use crate::store::{Conflict, Store, StoredEnd};
use std::time::Instant;

/// Does `action` to the room of `live` at time `now`, storing first. Answers whether the room
/// changed (its watchers must be told), and whether the action was done or why not; a refused
/// action can still have changed the room (a move that came after the mover's flag fell ends
/// the game on time).
pub async fn act(live: &Live, store: &dyn Store, action: Action, now: Instant) -> (bool, Result<(), RoomError>) {
    let _writer = live.writer.lock().await;
    let decided = live.lock().decide(&action, now);
    match decided {
        Ok(event) => commit(live, store, event).await,
        // The mover's flag fell before the move came: the game ends on time instead.
        Err(RoomError::TimeUp) => {
            let flagged = live.lock().decide(&Action::Flag, now);
            match flagged {
                Ok(event) => {
                    let (changed, result) = commit(live, store, event).await;
                    (changed, result.and(Err(RoomError::TimeUp)))
                }
                Err(_) => (false, Err(RoomError::TimeUp)),
            }
        }
        // The flag timer woke with no clock run out: nothing to do.
        Err(RoomError::ClockRunning) => (false, Ok(())),
        Err(e) => (false, Err(e)),
    }
}

/// Stores `event`, then applies it to the room, then stores the end it brought (if any).
async fn commit(live: &Live, store: &dyn Store, mut event: Event) -> (bool, Result<(), RoomError>) {
    let id = &live.id;
    let stored = match &mut event {
        Event::Move { ply, stored, .. } => store.add_move(id, *ply, stored).await.map_err(not_stored),
        Event::End { end, plies, .. } => match store.finish(id, *plies, end).await {
            Ok(change) => {
                end.rating = change;
                Ok(())
            }
            Err(e) => Err(match e.downcast::<Conflict>() {
                Ok(c) => RoomError::Behind(c),
                Err(e) => RoomError::Store(e.context("the end of the game could not be saved, so the game goes on")),
            }),
        },
        Event::Offers { plies, seen, offers } => store.set_offers(id, *plies, *seen, *offers).await.map_err(refused),
        Event::Takeback { plies, keep, .. } => store.truncate(id, *plies, *keep).await.map_err(refused),
    };
    if let Err(e) = stored {
        return (false, Err(e));
    }
    let applied = live.lock().apply(&event);
    match applied {
        Ok(Some(end)) => {
            let plies = live.lock().game.ply();
            (true, finish(live, store, plies, &end).await)
        }
        Ok(None) => (true, Ok(())),
        // Stored, but the room could not follow: only a reload can make them agree.
        Err(e) => (true, Err(e)),
    }
}

/// Stores the end that the move of ply `plies` brought. If the store fails, the end stays
/// (its move is stored, and the rules find the end again from the moves) and the server logs
/// it.
async fn finish(live: &Live, store: &dyn Store, plies: usize, end: &StoredEnd) -> Result<(), RoomError> {
    match store.finish(&live.id, plies, end).await {
        Ok(change) => {
            live.lock().rate(change);
            Ok(())
        }
        Err(e) => match e.downcast::<Conflict>() {
            Ok(c) => Err(RoomError::Behind(c)),
            Err(e) => {
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
