//! CBR and CBL: the cchess samples (read from ../shared/testdata, never copied: they are GPL),
//! records built here, and broken input.

use chuhan::notation::Notation;
use chuhan_record::cbr::{self, CbrError};
use chuhan_record::tools::{self, Format};
use chuhan_record::{Game, Outcome};
use std::path::{Path, PathBuf};

fn shared(rel: &str) -> Option<PathBuf> {
    let p = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/testdata")).join(rel);
    if p.exists() {
        Some(p)
    } else {
        println!("skipped: {} is absent", p.display());
        None
    }
}

/// The main line in Chinese notation.
fn chinese(g: &Game) -> Vec<String> {
    let mut pos = g.start_position().unwrap();
    let mut out = Vec::new();
    for m in g.mainline_moves() {
        out.push(Notation::Chinese.format(&pos, m));
        pos.play(m);
    }
    out
}

#[test]
fn cbr_samples_load() {
    let Some(dir) = shared("records/cchess-tests") else { return };
    let g = cbr::read(&std::fs::read(dir.join("test.cbr")).unwrap()).unwrap();
    println!("{:?}", g.headers);
    println!("{} {} {:?}", g.ply_count(), g.node_count(), &chinese(&g)[..10]);
    let g = cbr::read(&std::fs::read(dir.join("test2.cbr")).unwrap()).unwrap();
    println!("{:?}", g.headers);
    println!("{} {} {:?} {:?}", g.ply_count(), g.node_count(), chinese(&g), g.main);
}

#[test]
fn cbl_samples_load() {
    let Some(dir) = shared("records/cchess-tests") else { return };
    for name in ["1956年全国象棋锦标赛93局.CBL", "1989年龙化杯象棋名师邀请赛35局.CBL"] {
        let lib = cbr::read_library(&std::fs::read(dir.join(name)).unwrap()).unwrap();
        println!("{:?} {} {}", lib.name, lib.games.len(), lib.deleted);
        for g in &lib.games {
            match g {
                Ok(g) => println!("{} {:?} {:?}", g.ply_count(), g.headers.get("Title"), g.outcome),
                Err(e) => println!("{e}"),
            }
        }
    }
}
