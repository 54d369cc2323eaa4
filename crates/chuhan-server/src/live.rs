//! A game in memory as the server shares it: its room, the lock its changes take, and the
//! channel that tells its pages it changed.

use crate::room::Room;
use std::sync::Mutex;
use tokio::sync::watch;

/// A room with the channel that tells its WebSocket connections it changed.
///
/// The room sits behind a plain mutex (held for microseconds, never across an `.await`); the
/// changes to it also hold `writer`, an async mutex held across the store's writes (see
/// [`crate::actions`]). The watch channel carries only a counter, so a slow connection skips
/// states instead of queueing them and always sends the newest.
pub struct Live {
    /// The game's id (also in the room, here without a lock).
    pub id: String,
    /// The game; lock it with [`Live::lock`].
    pub room: Mutex<Room>,
    /// Held by whoever changes the room, from the check to the store's answer.
    pub writer: tokio::sync::Mutex<()>,
    /// Bumped after every change; each connection subscribes and sends the state anew.
    pub changed: watch::Sender<u64>,
}

impl Live {
    /// A room not yet shared.
    pub fn new(room: Room) -> Live {
        Live {
            id: room.id.clone(),
            room: Mutex::new(room),
            writer: tokio::sync::Mutex::new(()),
            changed: watch::channel(0).0,
        }
    }

    /// Locks the room; a panic elsewhere while it was locked does not make it unusable.
    pub fn lock(&self) -> std::sync::MutexGuard<'_, Room> {
        self.room.lock().unwrap_or_else(|e| e.into_inner())
    }
}
