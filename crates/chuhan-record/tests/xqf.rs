//! XQF: the xqbase and cchess samples (read from ../shared/testdata, never copied: they are
//! LGPL and GPL), round trips through version 0x0A, and broken input.

use chuhan::notation::Notation;
use chuhan_record::MoveRecordError;
use chuhan_record::{pgn, xqf, Record};
use std::path::Path;

mod common;
use common::shared;

fn read(path: &Path) -> Result<Record, xqf::XqfError> {
    xqf::read(&std::fs::read(path).unwrap())
}

#[test]
fn sample_xqf_gives_the_moves_of_sample_pgn() {
    let Some(dir) = shared("records/xqbase") else { return };
    let x = read(&dir.join("SAMPLE.XQF")).unwrap();
    let bytes = std::fs::read(dir.join("SAMPLE.PGN")).unwrap();
    let p = chuhan_record::PgnReader::new(&bytes[..]).next().unwrap().unwrap();
    assert_eq!(x.start_fen, p.start_fen);
    assert_eq!(x.mainline_moves(), p.mainline_moves());
    assert_eq!(x.ply_count(), 75);
    assert_eq!(x.outcome, p.outcome);
    for key in ["Event", "Date", "Site", "Red", "Black"] {
        assert_eq!(x.headers.get(key), p.headers.get(key), "{key}");
    }
    // The comments are the same text.
    let comments = |g: &Record| g.main.nodes.iter().map(|n| n.comment.clone()).collect::<Vec<_>>();
    assert_eq!(comments(&x), comments(&p));
    assert_eq!(x.main.comment, p.main.comment);
}

/// The `*_move.txt` files: a FEN with the side to move, then one Chinese move a line.
#[test]
fn cchess_samples_give_the_listed_moves() {
    let Some(dir) = shared("records/cchess-tests") else { return };
    for (xqf_name, list) in [("test1.xqf", "test1_move.txt"), ("ucci_test1.xqf", "ucci_test1_move.txt")] {
        let g = read(&dir.join(xqf_name)).unwrap_or_else(|e| panic!("{xqf_name}: {e}"));
        let text = std::fs::read_to_string(dir.join(list)).unwrap();
        let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
        let fen = lines.next().unwrap();
        let fields = |f: &str| f.split_whitespace().take(2).map(str::to_string).collect::<Vec<_>>();
        assert_eq!(fields(&g.start_fen), fields(fen), "{xqf_name}");
        // The last line may be the result (黑胜).
        let expected: Vec<&str> = lines.filter(|l| chuhan_record::Outcome::from_text(l).is_none()).collect();
        let mut pos = g.start_position().unwrap();
        let mut got = Vec::new();
        for m in g.mainline_moves() {
            got.push(Notation::Chinese.format(&pos, m));
            pos.play_unchecked(m);
        }
        assert_eq!(got, expected, "{xqf_name}");
    }
}

#[test]
fn every_sample_loads_or_fails_cleanly() {
    let Some(dir) = shared("records") else { return };
    let mut good = 0;
    let mut bad = Vec::new();
    for sub in ["cchess-tests", "xqbase"] {
        for entry in std::fs::read_dir(dir.join(sub)).unwrap() {
            let path = entry.unwrap().path();
            if !path.extension().is_some_and(|e| e.eq_ignore_ascii_case("xqf")) {
                continue;
            }
            match read(&path) {
                Ok(g) => {
                    good += 1;
                    // Round trip through version 0x0A.
                    let bytes = xqf::write(&g).unwrap();
                    let back = xqf::read(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                    assert_eq!(back.main, g.main, "{}", path.display());
                    assert_eq!(back.start_fen, g.start_fen, "{}", path.display());
                    assert_eq!(back.outcome, g.outcome);
                    // And through PGN in Chinese, variations and comments included.
                    let mut text = Vec::new();
                    pgn::write_game(&mut text, &g, Notation::Chinese).unwrap();
                    let p = chuhan_record::PgnReader::new(&text[..]).next().unwrap().unwrap();
                    assert_eq!(p.main, g.main, "{}", path.display());
                    // And through DhtmlXQ.
                    let d = chuhan_record::dhtmlxq::read(&chuhan_record::dhtmlxq::write(&g).unwrap()).unwrap();
                    assert_eq!(d.main, g.main, "{}", path.display());
                    assert_eq!(d.start_fen, g.start_fen, "{}", path.display());
                }
                Err(e) => bad.push(format!("{}: {e}", path.file_name().unwrap().to_string_lossy())),
            }
        }
    }
    // Two samples hold illegal moves: BadMoveTest3 in its main line, WildHouse in a variation.
    assert_eq!(bad.len(), 2, "{bad:?}");
    assert!(bad.iter().any(|b| b.starts_with("BadMoveTest3.xqf: ply 10: illegal move e1f0")), "{bad:?}");
    assert!(bad.iter().any(|b| b.starts_with("WildHouse.xqf: ply 74 (in a variation)")), "{bad:?}");
    assert_eq!(good, 22);
}

#[test]
fn broken_input_gives_errors() {
    assert_eq!(xqf::read(b""), Err(xqf::XqfError::NotXqf));
    assert_eq!(xqf::read(b"XQ\x0a"), Err(xqf::XqfError::ShortHeader(3)));
    let mut g = Record::new(chuhan::Variant::Xiangqi);
    g.main = pgn::read_all("1. h2e2 h9g7 2. h0g2").remove(0).unwrap().main;
    let bytes = xqf::write(&g).unwrap();
    // Every truncation and every single-byte change gives a game or an error, never a panic.
    for n in 0..bytes.len() {
        let _ = xqf::read(&bytes[..n]);
    }
    for i in 1024..bytes.len() {
        for v in [0u8, 0x0F, 0x18, 0x20, 0x7F, 0xF0, 0xFF] {
            let mut b = bytes.clone();
            b[i] = v;
            let _ = xqf::read(&b);
        }
    }
    assert!(matches!(xqf::read(&bytes[..1030]), Err(xqf::XqfError::MoveRecord(MoveRecordError::Truncated { .. }))));
}
