//! Fair turns at the engine: a few searches at once over all clients, at most one of them a
//! given client's, and everyone else waiting in line rather than being turned away.
//!
//! Each search holds a core. With a plain semaphore one client that sends two requests at once
//! takes every slot of a two-slot server and everybody else is refused. Here a request first
//! takes its client's own turn (one per address, IPv6 by its /64 as the rate limits count),
//! then a slot from the shared, first-come-first-served semaphore (Tokio's is fair); each wait
//! is bounded, and a request that waited too long is answered "busy" (503) as before.

use crate::limit::address_key;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Search slots shared by all clients, one at a time per client.
pub struct Turns {
    slots: Arc<Semaphore>,
    clients: Arc<Mutex<HashMap<IpAddr, Arc<Semaphore>>>>,
}

/// A search's right to run: its client's turn and a shared slot, both given back on drop.
pub struct Turn {
    _slot: OwnedSemaphorePermit,
    _mine: Option<ClientTurn>,
}

/// A client's one turn; when nobody of that client waits or runs any more, its entry goes.
struct ClientTurn {
    permit: Option<OwnedSemaphorePermit>,
    key: IpAddr,
    clients: Arc<Mutex<HashMap<IpAddr, Arc<Semaphore>>>>,
}

impl Drop for ClientTurn {
    fn drop(&mut self) {
        let mut clients = self.clients.lock().unwrap_or_else(|e| e.into_inner());
        drop(self.permit.take());
        // Only the map's own handle left: no request of this client runs or waits.
        if clients.get(&self.key).is_some_and(|s| Arc::strong_count(s) == 1) {
            clients.remove(&self.key);
        }
    }
}

impl Turns {
    /// `slots` searches at once (at least one).
    pub fn new(slots: usize) -> Turns {
        Turns { slots: Arc::new(Semaphore::new(slots.max(1))), clients: Arc::default() }
    }

    /// Waits, at most `wait` in all, for `client`'s turn and a free slot; `None` when the wait
    /// ran out. A request without a known client (a router driven in a test) waits for a slot
    /// only.
    pub async fn take(&self, client: Option<IpAddr>, wait: Duration) -> Option<Turn> {
        let deadline = tokio::time::Instant::now() + wait;
        let mine = match client {
            None => None,
            Some(ip) => {
                let key = address_key(ip);
                let sem = {
                    let mut clients = self.clients.lock().unwrap_or_else(|e| e.into_inner());
                    clients.entry(key).or_insert_with(|| Arc::new(Semaphore::new(1))).clone()
                };
                // The permit holds the semaphore's handle; a wait that runs out drops it.
                let permit = tokio::time::timeout_at(deadline, sem.acquire_owned()).await.ok().and_then(Result::ok);
                let turn = ClientTurn { permit, key, clients: self.clients.clone() };
                // Timed out: `turn`'s drop tidies the map.
                turn.permit.as_ref()?;
                Some(turn)
            }
        };
        let slot = tokio::time::timeout_at(deadline, self.slots.clone().acquire_owned()).await.ok()?.ok()?;
        Some(Turn { _slot: slot, _mine: mine })
    }

    /// The slots free now.
    #[cfg(test)]
    pub fn available(&self) -> usize {
        self.slots.available_permits()
    }

    /// Clients with a search running or waiting.
    #[cfg(test)]
    pub fn clients(&self) -> usize {
        self.clients.lock().unwrap_or_else(|e| e.into_inner()).len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn one_client_cannot_take_every_slot() {
        let turns = Turns::new(2);
        let greedy: IpAddr = "192.0.2.1".parse().unwrap();
        let other: IpAddr = "192.0.2.2".parse().unwrap();
        let first = turns.take(Some(greedy), Duration::from_millis(50)).await.expect("a first search");
        // The same client's second search waits for its first, and gives up after the wait.
        assert!(turns.take(Some(greedy), Duration::from_millis(50)).await.is_none());
        assert_eq!(turns.available(), 1, "the second slot is still free");
        let second = turns.take(Some(other), Duration::from_millis(50)).await.expect("another client gets the slot");
        drop(first);
        assert!(turns.take(Some(greedy), Duration::from_millis(50)).await.is_some(), "its turn came back");
        drop(second);
        assert_eq!(turns.clients(), 0, "no entry is left behind");
        assert_eq!(turns.available(), 2);
    }

    #[tokio::test]
    async fn a_waiting_request_runs_when_a_slot_frees() {
        let turns = Arc::new(Turns::new(1));
        let a = turns.take(Some("192.0.2.1".parse().unwrap()), Duration::from_secs(1)).await.unwrap();
        let t = turns.clone();
        let waiter =
            tokio::spawn(
                async move { t.take(Some("192.0.2.2".parse().unwrap()), Duration::from_secs(5)).await.is_some() },
            );
        tokio::time::sleep(Duration::from_millis(50)).await;
        drop(a);
        assert!(waiter.await.unwrap(), "it waited in line instead of being refused");
    }
}
