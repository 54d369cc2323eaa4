//! CBR and CBL: the cchess samples (read from ../shared/testdata, never copied: they are GPL),
//! records built here byte by byte, and broken input.

use chuhan::notation::Notation;
use chuhan_record::cbr::{self, CbrError};
use chuhan_record::tools::{self, ConvertError, Format};
use chuhan_record::MoveRecordError;
use chuhan_record::{pgn, Record, RecordResult, TreeError};
use std::path::PathBuf;

mod common;
use common::{shared, temp};

/// The main line in Chinese notation.
fn chinese(g: &Record) -> Vec<String> {
    let mut pos = g.start_position().unwrap();
    let mut out = Vec::new();
    for m in g.mainline_moves() {
        out.push(Notation::Chinese.format(&pos, m));
        pos.play_unchecked(m);
    }
    out
}

/// Every move of the tree survives a round trip through PGN (so every one is legal where it
/// stands: the PGN reader checks them again).
fn assert_pgn_round_trip(g: &Record, what: &str) {
    let mut text = Vec::new();
    pgn::write_game(&mut text, g, Notation::Chinese).unwrap();
    let back = chuhan_record::PgnReader::new(&text[..]).next().unwrap().unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(back.main, g.main, "{what}");
    assert_eq!(back.start_fen, g.start_fen, "{what}");
}

// ---- Records built here: the layout of the module documentation. ----

/// A square byte: row from the top × 9 + file.
fn sq(name: &str) -> u8 {
    let b = name.as_bytes();
    (9 - (b[1] - b'0')) * 9 + (b[0] - b'a')
}

fn utf16(text: &str) -> Vec<u8> {
    text.encode_utf16().flat_map(u16::to_le_bytes).collect()
}

/// A record from the standard start: header strings, then (flags, from, to, comment) records.
fn record(title: &str, opening_comment: Option<&str>, moves: &[(u8, &str, &str, Option<&str>)]) -> Vec<u8> {
    let mut d = vec![0u8; 2214];
    d[..16].copy_from_slice(b"CCBridge Record\0");
    d[19] = 2;
    let t = utf16(title);
    d[180..180 + t.len()].copy_from_slice(&t);
    let red = utf16("红方");
    d[1076..1076 + red.len()].copy_from_slice(&red);
    d[2036..2040].copy_from_slice(b"A00\0");
    d[2076] = 1;
    d[2116] = 1;
    let back = [1u8, 2, 3, 4, 5, 4, 3, 2, 1];
    for f in 0..9 {
        d[2120 + f] = 0x20 | back[f];
        d[2120 + 81 + f] = 0x10 | back[f];
    }
    for f in [1, 7] {
        d[2120 + 18 + f] = 0x26;
        d[2120 + 63 + f] = 0x16;
    }
    for f in [0, 2, 4, 6, 8] {
        d[2120 + 27 + f] = 0x27;
        d[2120 + 54 + f] = 0x17;
    }
    let push_comment = |d: &mut Vec<u8>, c: &str| {
        let c = utf16(c);
        d.extend_from_slice(&(c.len() as u32).to_le_bytes());
        d.extend_from_slice(&c);
    };
    match opening_comment {
        Some(c) => {
            d.extend_from_slice(&[4, 0, 0, 0]);
            push_comment(&mut d, c);
        }
        None => d.extend_from_slice(&[0, 0, 0, 0]),
    }
    for &(flags, from, to, comment) in moves {
        let flags = flags | if comment.is_some() { 4 } else { 0 };
        d.extend_from_slice(&[flags, 0, sq(from), sq(to)]);
        if let Some(c) = comment {
            push_comment(&mut d, c);
        }
    }
    d
}

/// Where the moves of [`small`] start: the header, then the opening record with its comment.
const MOVES: usize = 2214 + 12;

/// 1. h2e2 (1. b2e2 {alternative}) h9g7 2. h0g2 {end}.
fn small() -> Vec<u8> {
    record(
        "小局",
        Some("开局"),
        &[(2, "h2", "e2", None), (0, "h9", "g7", None), (1, "h0", "g2", Some("完")), (1, "b2", "e2", Some("另一"))],
    )
}

/// A library of `records`, each on its own 4,096-byte slots, with an index of 128 entries.
fn library(records: &[Vec<u8>], deleted: &[usize]) -> Vec<u8> {
    let mut d = vec![0u8; 66624 + 128 * 276];
    d[..16].copy_from_slice(b"CCBridgeLibrary\0");
    d[52..56].copy_from_slice(&0x7FFF_FFFFu32.to_le_bytes());
    d[56] = u8::from(!deleted.is_empty());
    d[60..64].copy_from_slice(&128u32.to_le_bytes());
    let name = utf16("测试库");
    d[64..64 + name.len()].copy_from_slice(&name);
    for (k, r) in records.iter().enumerate() {
        let e = 66624 + k * 276;
        let state: u32 = if deleted.contains(&k) { 5 } else { 7 };
        d[e..e + 4].copy_from_slice(&state.to_le_bytes());
        d[e + 4..e + 8].copy_from_slice(&(k as u32).to_le_bytes());
        d[e + 12..e + 16].copy_from_slice(&(r.len() as u32).to_le_bytes());
        let mut slot = r.clone();
        slot.resize(r.len().div_ceil(4096) * 4096, 0);
        d.extend_from_slice(&slot);
    }
    d
}

#[test]
fn built_record_reads_with_variation_and_comments() {
    let g = cbr::read(&small()).unwrap();
    assert_eq!(g.mainline_moves().iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["h2e2", "h9g7", "h0g2"]);
    assert!(g.has_standard_start());
    assert_eq!(g.main.comment.as_deref(), Some("开局"));
    assert_eq!(g.main.nodes[2].comment.as_deref(), Some("完"));
    let v = &g.main.nodes[0].variations;
    assert_eq!(v.len(), 1);
    assert_eq!(v[0].nodes[0].mv.to_string(), "b2e2");
    assert_eq!(v[0].nodes[0].comment.as_deref(), Some("另一"));
    assert_eq!(g.headers.get("Title"), Some("小局"));
    assert_eq!(g.headers.get("Event"), Some("小局"));
    assert_eq!(g.headers.get("Red"), Some("红方"));
    assert_eq!(g.headers.get("ECCO"), Some("A00"));
    assert_eq!(g.outcome, RecordResult::RedWins);
    assert_pgn_round_trip(&g, "built");
}

#[test]
fn built_library_reads_skipping_deleted_records() {
    let comment = "长".repeat(2000);
    let long = [(0, "h0", "g2", None), (0, "h9", "g7", None), (0, "g2", "h0", Some(&*comment)), (1, "g7", "h9", None)];
    let records = [small(), record("长局", None, &long), record("删除", None, &[(1, "h2", "e2", None)]), small()];
    assert!(records[1].len() > 4096, "the second record spans two slots");
    let lib = cbr::read_library(&library(&records, &[2])).unwrap();
    assert_eq!(lib.name.as_deref(), Some("测试库"));
    assert_eq!(lib.deleted, 1);
    let games: Vec<Record> = lib.games.into_iter().map(Result::unwrap).collect();
    assert_eq!(games.iter().map(|g| g.headers.get("Title").unwrap()).collect::<Vec<_>>(), ["小局", "长局", "小局"]);
    assert_eq!(games[1].ply_count(), 4);
    assert_eq!(games[1].main.nodes[2].comment.as_ref().map(|c| c.chars().count()), Some(2000));
}

#[test]
fn a_broken_game_in_a_library_is_an_error_for_that_game_only() {
    let mut bad = small();
    bad[MOVES + 4 + 2] = sq("a5"); // the second move now starts from an empty square
    let lib = library(&[small(), bad, small()], &[]);
    let (_dir, p) = temp("broken.cbl", &lib);
    assert_eq!(Format::of_file(&p).unwrap(), Format::Cbl);
    let s = tools::check(&[&p], |_| {});
    assert_eq!((s.games, s.good, s.bad), (3, 2, 1), "{:?}", s.errors);
    let e = s.errors[0].to_string();
    assert!(e.contains("broken.cbl") && e.contains("game 2, ply 2") && e.contains("a5"), "{e}");
    // A library whose header is cut is one error.
    let (_dir, p) = temp("cut.cbl", &lib[..1000]);
    let s = tools::check(&[&p], |_| {});
    assert_eq!((s.games, s.bad), (1, 1));
    assert!(s.errors[0].to_string().contains("library: the library is too short"), "{:?}", s.errors);
}

#[test]
fn tools_read_and_refuse_to_write_cbr() {
    let (_dir, p) = temp("small.cbr", &small());
    assert_eq!(Format::of_file(&p).unwrap(), Format::Cbr);
    // A damaged file named .cbr is read as CBR (and fails as one), not as PGN.
    let (_dir, junk) = temp("junk.cbr", b"not a record at all");
    assert_eq!(Format::of_file(&junk).unwrap(), Format::Cbr);
    let s = tools::check(&[&p, &junk], |_| {});
    assert_eq!((s.games, s.good, s.bad), (2, 1, 1));
    assert!(s.errors[0].to_string().contains("junk.cbr: game 1: not a CBR file"), "{:?}", s.errors);
    assert_eq!("cbr".parse::<Format>().unwrap(), Format::Cbr);
    assert_eq!("CBL".parse::<Format>().unwrap(), Format::Cbl);
    let mut out = Vec::new();
    assert!(matches!(tools::convert(&[&p], Format::Cbr, Notation::Chinese, &mut out), Err(ConvertError::ReadOnly(_))));
    let g = cbr::read(&small()).unwrap();
    let e = tools::write_game(&g, Format::Cbl, Notation::Chinese).unwrap_err();
    assert!(e.to_string().contains("read only"), "{e}");
    // And converts to PGN.
    tools::convert(&[&p], Format::Pgn, Notation::Iccs, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("H2-E2") && text.contains("[Title \"小局\"]"), "{text}");
}

#[test]
fn broken_input_gives_errors_not_panics() {
    assert_eq!(cbr::read(b""), Err(CbrError::NotCbr));
    assert_eq!(cbr::read(b"CCBridge Record\0\0\0"), Err(CbrError::ShortHeader(18)));
    assert_eq!(cbr::read_library(b"CCBridge Record\0"), Err(CbrError::NotCbl));
    let bytes = small();
    // Every truncation and every single-byte change gives a game or an error, never a panic.
    for n in 0..bytes.len() {
        let _ = cbr::read(&bytes[..n]);
    }
    for i in 2036..bytes.len() {
        for v in [0u8, 1, 2, 4, 7, 0x11, 0x27, 0x59, 0x5A, 0x7F, 0xFF] {
            let mut b = bytes.clone();
            b[i] = v;
            let _ = cbr::read(&b);
        }
    }
    // Cut inside the moves.
    assert!(matches!(
        cbr::read(&bytes[..MOVES + 4 + 2]),
        Err(CbrError::MoveRecord(MoveRecordError::Truncated { record: 2, .. }))
    ));
    // A square off the board, a piece code that does not exist, a comment longer than the file.
    let mut b = bytes.clone();
    b[MOVES + 2] = 90;
    assert!(matches!(
        cbr::read(&b),
        Err(CbrError::MoveRecord(MoveRecordError::BadSquare { record: 1, value: 90, .. }))
    ));
    let mut b = bytes.clone();
    b[2120 + 40] = 0x18;
    assert!(matches!(cbr::read(&b), Err(CbrError::BadPiece { index: 40, value: 0x18, .. })));
    let mut b = bytes.clone();
    b[2214 + 4] = 0xFF;
    assert!(matches!(cbr::read(&b), Err(CbrError::MoveRecord(MoveRecordError::BadCommentLength { record: 0, .. }))));
    // An illegal move names the ply and the move.
    let b = record("x", None, &[(1, "h2", "h8", None)]);
    let e = cbr::read(&b).unwrap_err();
    assert!(matches!(e, CbrError::Tree(TreeError::Illegal { ply: 1, .. })), "{e}");
    assert!(e.to_string().starts_with("ply 1: illegal move h2h8"), "{e}");
    // Libraries: an index that claims more than the file holds, and every truncation.
    let lib = library(&[small(), small()], &[]);
    let mut b = lib.clone();
    b[60..64].copy_from_slice(&u32::MAX.to_le_bytes());
    assert!(matches!(cbr::read_library(&b), Err(CbrError::ShortLibrary { .. })));
    for n in (0..lib.len()).step_by(97).chain(lib.len() - 4096..lib.len()) {
        if let Ok(l) = cbr::read_library(&lib[..n]) {
            assert!(l.games.len() <= 2);
        }
    }
}

// ---- The cchess samples. ----

#[test]
fn cbr_samples_load() {
    let Some(dir) = shared("records/cchess-tests") else { return };
    let g = cbr::read(&std::fs::read(dir.join("test.cbr")).unwrap()).unwrap();
    assert_eq!(g.headers.get("Title"), Some("黄丹青讲座004-破解新式弃马局的攻防要领"));
    assert_eq!(g.headers.get("ECCO"), Some("C32"));
    assert!(g.has_standard_start());
    assert_eq!(g.ply_count(), 28);
    assert_eq!(g.node_count(), 102);
    assert_eq!(chinese(&g)[..6], ["炮二平五", "马８进７", "马二进三", "车９平８", "车一平二", "卒７进１"]);
    assert_eq!(g.main.nodes[10].comment.as_deref(), Some("不急用平车压马，黑有炮8平9，马3退5变化。"));
    assert_eq!(g.main.nodes[20].variations.len(), 1);
    assert_eq!(g.outcome, RecordResult::Unknown);
    assert_pgn_round_trip(&g, "test.cbr");

    let g = cbr::read(&std::fs::read(dir.join("test2.cbr")).unwrap()).unwrap();
    assert_eq!(g.headers.get("Title"), Some("Test"));
    assert_eq!(chinese(&g), ["炮二平五", "炮８平５"]);
    assert_eq!(g.main.comment.as_deref(), Some("李1"));
    let comments: Vec<_> = g.main.nodes.iter().map(|n| n.comment.as_deref()).collect();
    assert_eq!(comments, [Some("李2"), Some("李3")]);
}

/// Each library loads whole: game counts, headers, every move legal.
#[test]
fn cbl_samples_load() {
    let Some(dir) = shared("records/cchess-tests") else { return };
    let read = |name: &str| cbr::read_library(&std::fs::read(dir.join(name)).unwrap()).unwrap();

    let lib = read("1956年全国象棋锦标赛93局.CBL");
    assert_eq!(lib.name.as_deref(), Some("1956年全国象棋锦标赛93局"));
    assert_eq!((lib.games.len(), lib.deleted), (93, 0));
    let games: Vec<Record> = lib.games.into_iter().map(|g| g.unwrap()).collect();
    let g = &games[0];
    assert_eq!(g.headers.get("Title"), Some("初赛 保定邓裕如(红先负)哈尔滨王嘉良"));
    assert_eq!(g.headers.get("Event"), Some("1956年全国象棋锦标赛（初赛）"));
    assert_eq!(g.headers.get("Date"), Some("1956年12月17日"));
    assert_eq!(g.headers.get("Site"), Some("北京市"));
    assert_eq!(g.headers.get("Red"), Some("保定邓裕如"));
    assert_eq!(g.headers.get("Black"), Some("哈尔滨王嘉良"));
    assert_eq!(g.outcome, RecordResult::BlackWins);
    assert_eq!(g.ply_count(), 82);
    // The titles say who won (红先胜/负/和); the result bytes agree but for one game whose
    // title says 红先负 and whose result says a draw.
    let mut disagree = Vec::new();
    for (i, g) in games.iter().enumerate() {
        assert!(g.ply_count() > 0);
        assert_pgn_round_trip(g, &format!("1956 game {}", i + 1));
        let title = g.headers.get("Title").unwrap();
        let said = ["红先胜", "红先负", "红先和"].iter().position(|w| title.contains(w));
        let got =
            [RecordResult::RedWins, RecordResult::BlackWins, RecordResult::Draw].iter().position(|o| *o == g.outcome);
        if said != got {
            disagree.push(i + 1);
        }
    }
    assert_eq!(disagree, [30]);
    assert_eq!(games.iter().map(Record::ply_count).sum::<usize>(), 7313);

    // 38 records: one marked deleted in the index (a stale copy of the last game), two headings
    // without a board or moves (男子组20局, 女子组15局), and the 35 games of the title.
    let lib = read("1989年龙化杯象棋名师邀请赛35局.CBL");
    assert_eq!((lib.games.len(), lib.deleted), (37, 1));
    let games: Vec<Record> = lib.games.into_iter().map(|g| g.unwrap()).collect();
    let headings: Vec<_> =
        games.iter().filter(|g| g.ply_count() == 0).map(|g| g.headers.get("Title").unwrap()).collect();
    assert_eq!(headings, ["龙化杯象棋名师邀请赛对局（男子组20局）", "龙化杯象棋名师邀请赛对局（女子组15局）"]);
    let g = &games[1];
    assert_eq!(g.headers.get("Red"), Some("徐天红"));
    assert_eq!(g.headers.get("Event"), Some("1989年龙化杯象棋名师邀请赛"));
    assert_eq!(g.outcome, RecordResult::Draw);
    assert_eq!(g.ply_count(), 60);
    for (i, g) in games.iter().enumerate() {
        assert_pgn_round_trip(g, &format!("1989 game {}", i + 1));
    }
    assert_eq!(games[5].headers.get("Opening"), Some("飞相局"));
    assert_eq!(games[5].headers.get("RedTeam"), Some("江苏"));
}

/// `chuhan record check` over the samples: every game good.
#[test]
fn check_reads_every_sample() {
    let Some(dir) = shared("records/cchess-tests") else { return };
    let names = ["test.cbr", "test2.cbr", "1956年全国象棋锦标赛93局.CBL", "1989年龙化杯象棋名师邀请赛35局.CBL"];
    let paths: Vec<PathBuf> = names.iter().map(|n| dir.join(n)).collect();
    let s = tools::check(&paths, |_| {});
    assert_eq!((s.games, s.good, s.bad), (2 + 93 + 37, 132, 0), "{:?}", s.errors);
}
