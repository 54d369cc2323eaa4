//! Reading PGN: games written in the bench itself (random legal games, so the crate needs no
//! data files), then read back by the streaming reader and by `pgn::read_all`.
//!
//! `cargo bench -p chuhan-record --bench pgn` (add `-- --quick` for a short run).
#![allow(missing_docs)] // criterion's macros generate public functions without docs

use chuhan::notation::Notation;
use chuhan::{Position, Variant};
use chuhan_record::tree::Node;
use chuhan_record::{pgn, PgnReader, Record, RecordResult};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

/// A legal game of up to `plies` moves chosen by a small random generator from `seed`.
fn random_game(variant: Variant, seed: u64, plies: usize) -> Record {
    let mut state = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    let mut pos = Position::new(variant);
    let mut game = Record::new(variant);
    game.headers.set("Event", format!("bench game {seed}"));
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let m = moves[(state >> 33) as usize % moves.len()];
        pos.play_unchecked(m);
        game.main.nodes.push(Node::new(m));
    }
    game.outcome = RecordResult::Unknown;
    game
}

/// `games` xiangqi games written as one PGN text with moves in `notation`.
fn pgn_text(games: u64, notation: Notation) -> String {
    let mut out = Vec::new();
    for seed in 0..games {
        pgn::write_game(&mut out, &random_game(Variant::Xiangqi, seed, 100), notation).expect("written");
    }
    String::from_utf8(out).expect("PGN is UTF-8")
}

fn read(c: &mut Criterion) {
    let mut g = c.benchmark_group("pgn");
    for notation in [Notation::Wxf, Notation::Chinese, Notation::Iccs] {
        let text = pgn_text(50, notation);
        g.throughput(Throughput::Bytes(text.len() as u64));
        g.bench_function(format!("read 50 games ({notation})"), |b| {
            b.iter(|| {
                let mut reader = PgnReader::new(black_box(text.as_bytes()));
                let mut plies = 0;
                while let Some(game) = reader.next_game() {
                    plies += game.expect("a legal game").ply_count();
                }
                plies
            })
        });
    }
    let text = pgn_text(50, Notation::Wxf);
    g.throughput(Throughput::Bytes(text.len() as u64));
    g.bench_function("read_all 50 games (wxf)", |b| b.iter(|| pgn::read_all(black_box(&text))));
    let games: Vec<Record> = (0..50).map(|s| random_game(Variant::Xiangqi, s, 100)).collect();
    g.throughput(Throughput::Bytes(pgn_text(50, Notation::Chinese).len() as u64));
    g.bench_function("write 50 games (chinese)", |b| {
        b.iter(|| {
            let mut out = Vec::new();
            for game in &games {
                pgn::write_game(&mut out, black_box(game), Notation::Chinese).expect("written");
            }
            out
        })
    });
    g.finish();
}

criterion_group!(benches, read);
criterion_main!(benches);
