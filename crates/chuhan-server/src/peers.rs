//! What a server does with the others on the same PostgreSQL database (see [`crate::cluster`]
//! for how they share it): it hears their changes to the games it holds, and takes over the
//! games nobody runs.

use crate::cluster::{Cluster, SWEEP};
use crate::state::AppState;
use anyhow::Result;
use std::collections::HashSet;
use std::sync::{Arc, Weak};
use std::time::Duration;

/// Starts this server's cluster tasks: the LISTEN connection and the sweep.
pub fn start(state: &Arc<AppState>, cluster: Arc<Cluster>) {
    tokio::spawn(listen(Arc::downgrade(state), cluster.clone()));
    tokio::spawn(sweep(Arc::downgrade(state), cluster));
}

/// Claims the unfinished games that nobody owns and lets go of the finished ones, every
/// [`SWEEP`], for as long as the server lives.
async fn sweep(state: Weak<AppState>, cluster: Arc<Cluster>) {
    loop {
        let Some(state) = state.upgrade() else { return };
        if cluster.lease_lost().await {
            cluster.owned().clear();
        }
        if let Err(e) = sweep_once(&state, &cluster).await {
            eprintln!("chuhan serve: {e:#}");
        }
        drop(state);
        tokio::time::sleep(SWEEP).await;
    }
}

async fn sweep_once(state: &Arc<AppState>, cluster: &Cluster) -> Result<()> {
    let unfinished: HashSet<String> = state.store.unfinished().await?.into_iter().collect();
    let done: Vec<String> = cluster.owned().iter().filter(|id| !unfinished.contains(*id)).cloned().collect();
    for id in done {
        cluster.release(&id).await?;
    }
    for id in &unfinished {
        if cluster.owns(id) || !cluster.claim(id).await? {
            continue;
        }
        // Taken over (or new to this server): read it as the store has it, clocks charged
        // since the last move, and arm its timer and engine here.
        match state.in_memory(id) {
            Some(live) => state.reload(&live).await?,
            None => {
                if let Ok(live) = state.get(id).await {
                    state.after_change(&live);
                }
            }
        }
    }
    Ok(())
}

/// Listens for the other servers' changes, for as long as the server lives, reconnecting
/// after a second when the connection breaks.
async fn listen(state: Weak<AppState>, cluster: Arc<Cluster>) {
    loop {
        if let Err(e) = listen_once(&state, &cluster).await {
            eprintln!("chuhan serve: LISTEN connection: {e:#}");
        }
        if state.strong_count() == 0 {
            return;
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

async fn listen_once(state: &Weak<AppState>, cluster: &Cluster) -> Result<()> {
    let mut listener = cluster.listen().await?;
    // Whatever changed while this connection was not listening.
    if let Some(state) = state.upgrade() {
        for live in state.all_in_memory() {
            let state = state.clone();
            tokio::spawn(async move { state.reload(&live).await });
        }
    }
    while let Some(notice) = listener.next().await? {
        let Some(state) = state.upgrade() else { break };
        if notice.origin == cluster.origin {
            continue;
        }
        if let Some(live) = state.in_memory(&notice.id) {
            tokio::spawn(async move {
                if let Err(e) = state.heard(&live, notice.change).await {
                    eprintln!("chuhan serve: game {} not reloaded: {e:#}", live.id);
                }
            });
        }
    }
    Ok(())
}
