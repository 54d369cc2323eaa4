//! The rules' hot calls: legal moves, play and undo, FEN, notations, perft.
//!
//! `cargo bench -p chuhan --bench rules` (add `-- --quick` for a short run).
#![allow(missing_docs)] // criterion's macros generate public functions without docs

use chuhan::notation::Notation;
use chuhan::{Move, Position, Variant};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use std::hint::black_box;

/// Opening moves played from the start to reach a middlegame.
const XIANGQI_MIDDLEGAME: &str = "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 b0c2 c6c5 g3g4 b7a7 b2b6 h7h3 c3c4 g6g5";
const JANGGI_MIDDLEGAME: &str = "b0c2 b9c7 h0g2 h9g7 c3d3 c6d6 g3f3 g6f6 b2e2 h7e7";

fn after(variant: Variant, moves: &str) -> Position {
    let mut pos = Position::new(variant);
    for m in moves.split_whitespace() {
        let m: Move = m.parse().expect("a move");
        pos.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    pos.with_history_cleared()
}

fn positions() -> Vec<(&'static str, Position)> {
    vec![
        ("xiangqi start", Position::new(Variant::Xiangqi)),
        ("xiangqi middlegame", after(Variant::Xiangqi, XIANGQI_MIDDLEGAME)),
        (
            "xiangqi ending",
            Position::from_fen(Variant::Xiangqi, "3ak4/4a4/4b4/9/2b6/9/4R4/4B4/4A4/3AK4 w - - 0 1").expect("FEN"),
        ),
        ("janggi start", Position::new(Variant::Janggi)),
        ("janggi middlegame", after(Variant::Janggi, JANGGI_MIDDLEGAME)),
    ]
}

fn legal_moves(c: &mut Criterion) {
    let mut g = c.benchmark_group("legal_moves");
    for (name, pos) in positions() {
        g.bench_function(name, |b| b.iter(|| black_box(&pos).legal_moves()));
    }
    g.finish();
}

fn play_undo(c: &mut Criterion) {
    let mut g = c.benchmark_group("play_undo");
    for (name, pos) in positions() {
        let moves = pos.legal_moves();
        g.bench_function(format!("{name}: unchecked, every move"), |b| {
            b.iter_batched_ref(
                || pos.clone(),
                |p| {
                    for &m in moves.iter() {
                        p.play_unchecked(m);
                        p.undo();
                    }
                },
                BatchSize::SmallInput,
            )
        });
        g.bench_function(format!("{name}: checked, every move"), |b| {
            b.iter_batched_ref(
                || pos.clone(),
                |p| {
                    for &m in moves.iter() {
                        p.play(m).expect("legal");
                        p.undo();
                    }
                },
                BatchSize::SmallInput,
            )
        });
    }
    g.finish();
}

fn fen(c: &mut Criterion) {
    let mut g = c.benchmark_group("fen");
    for (name, pos) in positions() {
        let text = pos.to_fen();
        let variant = pos.variant();
        g.bench_function(format!("{name}: read"), |b| b.iter(|| Position::from_fen(variant, black_box(&text))));
        g.bench_function(format!("{name}: write"), |b| b.iter(|| black_box(&pos).to_fen()));
    }
    g.finish();
}

fn notation(c: &mut Criterion) {
    let mut g = c.benchmark_group("notation");
    let pos = after(Variant::Xiangqi, XIANGQI_MIDDLEGAME);
    let moves = pos.legal_moves();
    for n in [Notation::Wxf, Notation::Chinese, Notation::Uci] {
        let texts: Vec<String> = moves.iter().map(|&m| n.format(&pos, m)).collect();
        g.bench_function(format!("{n}: write every move"), |b| {
            b.iter(|| moves.iter().map(|&m| n.format(black_box(&pos), m)).collect::<Vec<_>>())
        });
        g.bench_function(format!("{n}: read every move"), |b| {
            b.iter(|| texts.iter().map(|t| n.parse(black_box(&pos), t)).collect::<Vec<_>>())
        });
    }
    let pos = after(Variant::Janggi, JANGGI_MIDDLEGAME);
    let moves = pos.legal_moves();
    let texts: Vec<String> = moves.iter().map(|&m| Notation::Janggi.format(&pos, m)).collect();
    g.bench_function("janggi: write every move", |b| {
        b.iter(|| moves.iter().map(|&m| Notation::Janggi.format(black_box(&pos), m)).collect::<Vec<_>>())
    });
    g.bench_function("janggi: read every move", |b| {
        b.iter(|| texts.iter().map(|t| Notation::Janggi.parse(black_box(&pos), t)).collect::<Vec<_>>())
    });
    g.finish();
}

fn perft(c: &mut Criterion) {
    let mut g = c.benchmark_group("perft");
    g.sample_size(10);
    for variant in [Variant::Xiangqi, Variant::Janggi] {
        let pos = Position::new(variant);
        g.bench_function(format!("{variant} start, depth 3"), |b| {
            b.iter_batched_ref(|| pos.clone(), |p| chuhan::perft(p, 3), BatchSize::SmallInput)
        });
    }
    g.finish();
}

criterion_group!(benches, legal_moves, play_undo, fen, notation, perft);
criterion_main!(benches);
