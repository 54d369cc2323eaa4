//! Perft counts from ../shared/testdata/perft/perft.json (copied to tests/data; the counts are
//! facts reproduced by Pikafish and Fairy-Stockfish).
//!
//! The default run checks every position up to the depths that fit in a few seconds; the
//! ignored test checks every count in the file (`cargo test --release -- --ignored`).

use chuhan::{perft, Position, Variant};
use serde_json::Value;

struct Case {
    variant: Variant,
    fen: String,
    counts: Vec<u64>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/perft.json");
    let json: Value = serde_json::from_str(text).expect("perft.json parses");
    json.as_array()
        .expect("array")
        .iter()
        .map(|c| Case {
            variant: c["variant"].as_str().unwrap().parse().unwrap(),
            fen: c["fen"].as_str().unwrap().to_string(),
            counts: c["perft"].as_array().unwrap().iter().map(|n| n.as_u64().unwrap()).collect(),
        })
        .collect()
}

/// Checks every depth whose count is at most `max_nodes`.
fn check(max_nodes: u64) {
    let mut failures = Vec::new();
    for case in cases() {
        let mut pos = Position::from_fen(case.variant, &case.fen).expect("valid FEN");
        for (i, &expected) in case.counts.iter().enumerate() {
            if expected > max_nodes {
                continue;
            }
            let depth = i as u32 + 1;
            let got = perft(&mut pos, depth);
            if got != expected {
                failures.push(format!("{} {} depth {depth}: got {got}, expected {expected}", case.variant, case.fen));
            }
        }
    }
    assert!(failures.is_empty(), "perft mismatches:\n{}", failures.join("\n"));
}

#[test]
fn perft_counts_up_to_five_million() {
    check(5_000_000);
}

#[test]
#[ignore = "minutes: every count in perft.json, up to 5.4 billion nodes; run with --release -- --ignored"]
fn perft_counts_all() {
    check(u64::MAX);
}
