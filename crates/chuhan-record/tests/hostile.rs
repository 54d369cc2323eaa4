//! Records as real tools write them and as nobody should: XQ Wizard's footer after the result,
//! UTF-16 and byte order marks, and inputs without end (`/dev/zero`) that must be refused
//! after a bounded read rather than held in memory.

use chuhan_record::pgn::{self, PgnErrorKind, MAX_GAME_BYTES};
use chuhan_record::tools::{self, MAX_FILE_BYTES};
use chuhan_record::{PgnReader, Record, RecordResult, TextEncoding};
use std::io::{BufReader, Read};

mod common;
use common::{shared, temp};

fn read_bytes(bytes: &[u8]) -> Vec<Record> {
    PgnReader::new(bytes).map(|g| g.unwrap_or_else(|e| panic!("{e}"))).collect()
}

#[test]
fn a_result_ends_the_game_and_a_footer_after_it_is_not_moves() {
    // The case: XQ Wizard's rule after the result.
    let games: Vec<_> = pgn::read_all("[Event \"a\"]\n\n1. h2e2 h9g7 *\n======\n").into_iter().collect();
    assert_eq!(games.len(), 1);
    let g = games[0].as_ref().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((g.ply_count(), g.outcome), (2, RecordResult::Unknown));

    // A footer of several lines (a greeting in GBK, a web address) between games, and a footer
    // with a brace, which must not swallow the next game's tags as a comment.
    let text = "[Event \"a\"]\n\n1. 炮二平五 马８进７ 1-0\n======================\n欢迎访问象棋百科全书网\n\
                http://www.xqbase.com/\n\n[Event \"b\"]\n\n1. h2e2 h9g7 2. h0g2 0-1\n==== { ====\n\n\
                [Event \"c\"]\n\n1. h2e2 (1. b2e2 *) h9g7 1/2-1/2 trailing words\n";
    let games = read_bytes(&TextEncoding::Gbk.encode(text));
    let got: Vec<_> = games.iter().map(|g| (g.headers.get("Event").unwrap(), g.ply_count(), g.outcome)).collect();
    assert_eq!(
        got,
        [("a", 2, RecordResult::RedWins), ("b", 3, RecordResult::BlackWins), ("c", 2, RecordResult::Draw)],
        "the footers are skipped, a result inside a variation does not end the game"
    );
    assert_eq!(games[2].main.nodes[0].variations.len(), 1);
}

#[test]
fn xq_wizard_exports_read() {
    for name in ["test.pgn", "endgame_test.pgn", "中炮对列炮黑先平士角炮.pgn"] {
        let Some(p) = shared(&format!("records/cchess-tests/{name}")) else { return };
        let s = tools::check(&[&p], |_| {});
        assert_eq!((s.games, s.good, s.bad), (1, 1, 0), "{name}: {:?}", s.errors);
        assert!(s.plies > 20, "{name}: {} plies", s.plies);
    }
}

#[test]
fn a_utf8_byte_order_mark_is_no_game() {
    let games = read_bytes(b"\xEF\xBB\xBF[Event \"a\"]\n[Red \"r\"]\n\n1. h2e2 h9g7 *\n");
    assert_eq!(games.len(), 1);
    assert_eq!((games[0].headers.get("Event"), games[0].ply_count()), (Some("a"), 2));
    // The same through a &str (JavaScript and Python hand text over so).
    let games = pgn::read_all("\u{feff}[Event \"a\"]\n[Red \"r\"]\n\n1. h2e2 h9g7 *\n");
    assert_eq!(games.len(), 1);
}

#[test]
fn utf16_files_are_decoded() {
    let text = "[Event \"中国\"]\r\n[Red \"胡荣华\"]\r\n\r\n1. 炮二平五 {中炮} 马８进７ 1-0\r\n\r\n[Event \"b\"]\r\n\r\n1. h2e2 *\r\n";
    for enc in [TextEncoding::Utf16Le, TextEncoding::Utf16Be] {
        let bytes = enc.encode(text);
        // A small buffer, so that characters and line ends are split across reads.
        let games: Vec<_> = PgnReader::new(BufReader::with_capacity(7, bytes.as_slice()))
            .map(|g| g.unwrap_or_else(|e| panic!("{enc:?}: {e}")))
            .collect();
        assert_eq!(games.len(), 2, "{enc:?}");
        assert_eq!(games[0].headers.get("Red"), Some("胡荣华"));
        assert_eq!(games[0].main.nodes[0].comment.as_deref(), Some("中炮"));
        assert_eq!((games[0].ply_count(), games[1].ply_count()), (2, 1));
        // Progress counts the file's bytes, not the UTF-8 made of them.
        let mut reader = PgnReader::new(bytes.as_slice());
        while reader.next_game().is_some() {}
        assert_eq!(reader.bytes_read(), bytes.len() as u64);
        // A file, and a record held in memory.
        let (_dir, p) = temp(&format!("utf16-{enc:?}.pgn"), &bytes);
        let s = tools::check(&[&p], |_| {});
        assert_eq!((s.games, s.good), (2, 2), "{:?}", s.errors);
        let (g, _) = tools::read_first(&bytes, None).unwrap();
        assert_eq!(g.headers.get("Event"), Some("中国"));
    }
}

#[test]
fn a_game_without_end_is_refused_after_a_bounded_read() {
    // Zero bytes and no line end, as /dev/zero gives them: refused once the bound is passed,
    // and nothing more is read.
    let mut reader = PgnReader::new(BufReader::new(std::io::repeat(0).take(1 << 40))).with_name("zeros");
    let e = reader.next_game().unwrap().unwrap_err();
    assert_eq!((e.game, &e.kind), (1, &PgnErrorKind::TooLong), "{e}");
    assert!(e.to_string().starts_with("zeros: game 1: the game is longer than 16 MiB"), "{e}");
    assert!(reader.next_game().is_none());
    assert!(reader.bytes_read() <= MAX_GAME_BYTES as u64 + (1 << 16), "{}", reader.bytes_read());

    // Lines, but a game that never ends: the game that does end before it still reads.
    let good = b"[Event \"a\"]\n\n1. h2e2 h9g7 *\n\n[Event \"b\"]\n\n".to_vec();
    let endless = std::io::repeat(b'\n').take(1 << 40);
    let reader = PgnReader::new(BufReader::new(good.as_slice().chain(endless)));
    let games: Vec<_> = reader.collect();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].as_ref().unwrap().ply_count(), 2);
    assert_eq!(games[1].as_ref().unwrap_err().kind, PgnErrorKind::TooLong);
}

#[cfg(unix)]
#[test]
fn dev_zero_is_refused_in_every_format() {
    let zero = std::path::Path::new("/dev/zero");
    if !zero.exists() {
        println!("skipped: no /dev/zero");
        return;
    }
    let start = std::time::Instant::now();
    // As PGN (what its content sniffs as).
    let s = tools::check(&[zero], |_| {});
    assert_eq!((s.games, s.bad), (1, 1));
    let e = s.errors[0].to_string();
    assert!(e.starts_with("/dev/zero: game 1: the game is longer than"), "{e}");
    // As a format read whole (named by the extension of a link to it).
    let dir = tempfile::Builder::new().prefix("chuhan-record-zero-").tempdir().unwrap();
    let link = dir.path().join("zero.cbl");
    std::os::unix::fs::symlink(zero, &link).unwrap();
    let err = tools::read_whole(&link).unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::InvalidData);
    assert!(err.to_string().contains("larger than 128 MiB"), "{err}");
    let s = tools::check(&[&link], |_| {});
    assert_eq!((s.games, s.bad), (1, 1));
    assert!(s.errors[0].to_string().contains("zero.cbl: the file is larger than 128 MiB"), "{}", s.errors[0]);
    assert_eq!(MAX_FILE_BYTES, 128 << 20);
    assert!(start.elapsed().as_secs() < 20, "{:?}", start.elapsed());
}
