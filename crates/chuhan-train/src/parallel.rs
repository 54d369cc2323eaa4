//! Self-play shared by `gen` and `collection`: games played on several threads and handed over
//! in order, so that a file written from them is the same for a seed whichever thread finishes
//! first, and the rule that ends a game long decided.

use anyhow::Result;
use chuhan::game::GameResult;
use chuhan::Side;
use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};

/// Plays game `g` for every `g` in `games` with `play` on `threads` threads, and gives each
/// result to `take` in the order of `g`. A result waits while an earlier game is still being
/// played; at most 1,024 finished results are in flight. An error from `take` stops the
/// threads (each ends with the game it is playing) and is answered.
pub fn in_order<T: Send>(
    threads: usize,
    games: Range<u64>,
    play: impl Fn(u64) -> T + Sync,
    mut take: impl FnMut(u64, T) -> Result<()>,
) -> Result<()> {
    let next = AtomicU64::new(games.start);
    let (tx, rx) = std::sync::mpsc::sync_channel::<(u64, T)>(1024);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            let tx = tx.clone();
            let (next, play, end) = (&next, &play, games.end);
            scope.spawn(move || loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                // A closed channel: the taker stopped on an error.
                if g >= end || tx.send((g, play(g))).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        let (mut pending, mut wanted) = (BTreeMap::new(), games.start);
        for (g, result) in rx {
            pending.insert(g, result);
            while let Some(result) = pending.remove(&wanted) {
                take(wanted, result)?;
                wanted += 1;
            }
        }
        Ok(())
    })
}

/// Self-play's adjudication, the same for `gen` and `collection`: once the search's score has
/// been decisive (±2,500 or more) for eight plies in a row, the side it favours wins, so games
/// long decided are not played out to mate.
#[derive(Default)]
pub struct Decisive {
    run: u32,
}

impl Decisive {
    /// The result, once the score `raw` (from the view of `turn`, the side to move) makes the
    /// eighth decisive ply in a row.
    pub fn after(&mut self, raw: i32, turn: Side) -> Option<GameResult> {
        self.run = if raw.abs() >= 2500 { self.run + 1 } else { 0 };
        (self.run >= 8).then(|| GameResult::Win(if raw > 0 { turn } else { !turn }))
    }

    /// Starts the count again (a random move played instead of the search's).
    pub fn reset(&mut self) {
        self.run = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_order_whatever_thread_finishes_first() {
        let mut seen = Vec::new();
        in_order(
            4,
            3..40,
            |g| {
                // Later games finish first.
                std::thread::sleep(std::time::Duration::from_micros(40 - g));
                g * 10
            },
            |g, r| {
                seen.push((g, r));
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(seen, (3..40).map(|g| (g, g * 10)).collect::<Vec<_>>());
    }

    #[test]
    fn an_error_from_the_taker_stops_the_threads() {
        let mut taken = 0;
        let take = |g, _| {
            if g == 5 {
                anyhow::bail!("full disk");
            }
            taken += 1;
            Ok(())
        };
        let r = in_order(2, 0..1_000_000, |g| g, take);
        assert_eq!((r.unwrap_err().to_string(), taken), ("full disk".to_string(), 5));
    }
}
