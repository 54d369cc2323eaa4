//! Two `chuhan serve` processes on one PostgreSQL database (the cluster named by
//! `CHUHAN_TEST_POSTGRES_URL`, a database of its own; skipped with a message without it, failed
//! under CI=true): the server that runs a timed game's clock is killed with SIGKILL mid-game;
//! the other takes the game over, the players reconnect to it and find every move they saw,
//! and the flag still falls on time.

mod common;

use common::{friend_game, next_frame, postgres_url, send_move, serve, state_at, ws};
use std::time::{Duration, Instant};

#[tokio::test]
async fn the_other_server_takes_the_clock_over_when_the_owner_is_killed() {
    let Some(url) = postgres_url("the takeover test") else { return };
    let name = format!("chuhan_kill_{}", chuhan_server::random_hex(4).unwrap());
    let db = chuhan_server::store::pg::create_database(&url, &name).await.unwrap();
    let (mut owner, other) = (serve(&db), serve(&db));
    let (a, b) = (owner.addr.clone(), other.addr.clone());
    let http = reqwest::Client::new();
    // Four seconds each; created on A, which so runs its clock.
    let (id, red, black) = friend_game(&http, &a, 4).await;
    let (mut r, mut k) = (ws(&a, &id, &red).await, ws(&a, &id, &black).await);
    for (i, mv) in ["h2e2", "h9g7", "h0g2"].iter().enumerate() {
        let s = if i % 2 == 0 { &mut r } else { &mut k };
        send_move(s, mv).await;
        state_at(s, i + 1).await;
    }
    // Red's third move is acknowledged: Black's clock runs, on A. A dies.
    let black_from = Instant::now();
    owner.proc.kill();
    drop((r, k));
    // Both players reconnect to B: every move they saw is there, Black's clock runs.
    let mut r = ws(&b, &id, &red).await;
    let mut k = ws(&b, &id, &black).await;
    let s = state_at(&mut k, 3).await;
    assert_eq!(s["clock"]["running"], 1, "{s}");
    state_at(&mut r, 3).await;
    // Black does not move: B has taken the game over and flags Black about four seconds after
    // Red's move, not four seconds after the takeover.
    let end = loop {
        let v = next_frame(&mut r, 10).await;
        if !v["end"].is_null() {
            break v;
        }
    };
    let after = black_from.elapsed();
    assert_eq!(end["end"]["result"], "1-0", "{end}");
    assert!(end["end"]["reason"].as_str().unwrap().contains("time"), "{end}");
    assert!(after < Duration::from_millis(5500), "the flag fell {after:?} after Black's clock started");
    assert!(after > Duration::from_millis(3500), "the flag fell early: {after:?}");
    drop(other);
}
