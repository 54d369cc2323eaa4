//! PGN: the 2,516 master games, the parallel-notation files, round trips in every notation.

use chuhan::notation::Notation;
use chuhan_record::{pgn, PgnReader, Record};
use std::fs::File;
use std::io::BufReader;
use std::path::Path;

mod common;
use common::shared;

fn read_file(path: &Path) -> Vec<Record> {
    let r = PgnReader::new(BufReader::new(File::open(path).unwrap())).with_name(path.display().to_string());
    r.map(|g| g.unwrap_or_else(|e| panic!("{e}"))).collect()
}

#[test]
fn all_master_games_replay() {
    let Some(dir) = shared("games") else { return };
    let mut games = 0;
    let mut plies = 0;
    for name in ["Hu_Ronghua_1391_UCI_games.pgn", "Liu_Dahua_1125_UCI_games.pgn"] {
        for g in read_file(&dir.join(name)) {
            games += 1;
            plies += g.ply_count();
        }
    }
    assert_eq!(games, 2516);
    assert_eq!(plies, 221_678);
}

#[test]
fn parallel_notation_files_agree() {
    let Some(dir) = shared("games/parallel-notation") else { return };
    let coords = read_file(&dir.join("bulk_games_uci.pgn"));
    let chinese = read_file(&dir.join("xqdb_traditional.pgn"));
    let wxf = read_file(&dir.join("xqdb_international.pgn"));
    assert_eq!((coords.len(), chinese.len(), wxf.len()), (15, 15, 15));
    // Game 1 (index 1), ply 70 (index 70): the Chinese and WXF files name the rear soldier
    // where the coordinates move the front one; see crates/chuhan/tests/notation.rs.
    const SLIP: (usize, usize) = (1, 70);
    for i in 0..15 {
        let expected = coords[i].mainline_moves();
        for (name, g) in [("Chinese", &chinese[i]), ("WXF", &wxf[i])] {
            let got = g.mainline_moves();
            assert_eq!(got.len(), expected.len(), "{name} game {i}");
            for j in 0..got.len() {
                if (i, j) == SLIP {
                    assert_eq!((got[j].to_string(), expected[j].to_string()), ("e3e4".into(), "e5e6".into()));
                } else {
                    assert_eq!(got[j], expected[j], "{name} game {i} ply {j}");
                }
            }
        }
    }
}

const TREE: &str = r#"[Game "Chinese Chess"]
[Event "Test"]
[Red "A"]
[Black "B"]

{Opening comment} 1. h2e2 {centre cannon} h9g7 $1 (1... b9c7 {other} 2. h0g2 (2. b0c2 c6c5) g6g5) (1... h7e7) 2. h0g2 i9h9 3. i0h0 1-0
"#;

#[test]
fn round_trip_in_every_notation() {
    let games = pgn::read_all(TREE);
    let g = games[0].as_ref().unwrap().clone();
    assert_eq!(g.main.comment.as_deref(), Some("Opening comment"));
    assert_eq!(g.main.nodes[1].variations.len(), 2);
    assert_eq!(g.main.nodes[1].nags, vec![1]);
    assert_eq!(g.outcome, chuhan_record::RecordResult::RedWins);
    for n in Notation::ALL {
        let mut out = Vec::new();
        pgn::write_game(&mut out, &g, n).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(pgn::game_text(&g, n).unwrap(), text, "{n}: the text and the writer agree");
        let back = pgn::read_all(&text).remove(0).unwrap_or_else(|e| panic!("{n}: {e}\n{text}"));
        assert_eq!(back.main, g.main, "{n}\n{text}");
        assert_eq!(back.outcome, g.outcome);
        assert_eq!(back.start_fen, g.start_fen);
        assert_eq!(back.headers.get("Event"), Some("Test"));
    }
}

/// A game whose start position does not read: neither writer writes anything of it.
#[test]
fn a_game_with_a_broken_start_is_not_written_at_all() {
    let mut g = pgn::read_all(TREE).remove(0).unwrap();
    g.start_fen = "rnbakabnr/9/9 w".to_string();
    let mut out = Vec::new();
    let e = pgn::write_game(&mut out, &g, Notation::Wxf).unwrap_err();
    assert_eq!(e.kind(), std::io::ErrorKind::InvalidData);
    assert!(out.is_empty(), "{}", String::from_utf8_lossy(&out));
    assert!(pgn::game_text(&g, Notation::Wxf).is_err());
}

/// A 50,000-game PGN produced on the fly: the reader streams it (the input is never held
/// whole anywhere) and reads every game.
#[test]
fn streams_fifty_thousand_games() {
    struct Games {
        left: usize,
        buf: Vec<u8>,
        at: usize,
    }
    impl std::io::Read for Games {
        fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
            if self.at == self.buf.len() {
                if self.left == 0 {
                    return Ok(0);
                }
                self.left -= 1;
                self.at = 0;
            }
            let n = out.len().min(self.buf.len() - self.at);
            out[..n].copy_from_slice(&self.buf[self.at..self.at + n]);
            self.at += n;
            Ok(n)
        }
    }
    let game = b"[Event \"x\"]\n[Red \"r\"]\n\n1. h2e2 h9g7 2. h0g2 {c} i9h9 1/2-1/2\n\n".to_vec();
    let src = Games { left: 50_000, at: game.len(), buf: game };
    let mut n = 0;
    for g in PgnReader::new(BufReader::new(src)) {
        assert_eq!(g.unwrap().ply_count(), 4);
        n += 1;
    }
    assert_eq!(n, 50_000);
}
