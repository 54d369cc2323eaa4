//! check and convert over files, as the command calls them.

use chuhan::notation::Notation;
use chuhan_record::tools::{self, Format};
use chuhan_record::{RecordResult, TextEncoding};

mod common;
use common::temp;

const THREE: &str = "[Event \"one\"]\n\n1. h2e2 h9g7 1-0\n\n[Event \"two\"]\n\n1. h2e2 h9g7 2. h0h5 *\n\n\
                     [Event \"three\"]\n[Format \"Chinese\"]\n\n1. 炮二平五 马８进７ 2. 马二进三 0-1\n";

#[test]
fn check_counts_good_and_bad_and_names_the_place() {
    let (_dir, p) = temp("three.pgn", THREE.as_bytes());
    let s = tools::check(&[&p], |_| {});
    assert_eq!((s.games, s.good, s.bad), (3, 2, 1));
    assert_eq!(s.line(), "3 games read: 2 good, 1 bad");
    let e = s.errors[0].to_string();
    assert!(e.contains("three.pgn") && e.contains("game 2, ply 3") && e.contains("h0h5"), "{e}");
}

#[test]
fn check_reads_gbk_and_big5() {
    let gbk = TextEncoding::Gbk.encode("[Event \"中国\"]\n\n1. 炮二平五 {中炮} 马８进７ 1-0\n");
    let big5 = TextEncoding::Big5.encode("[Event \"象棋\"]\n\n1. 炮二平五 {當頭炮} 馬８進７ 1-0\n");
    let (_dir, a) = temp("gbk.pgn", &gbk);
    let (_dir, b) = temp("big5.pgn", &big5);
    let s = tools::check(&[&a, &b], |_| {});
    assert_eq!((s.games, s.good), (2, 2), "{:?}", s.errors);
    let mut comments = Vec::new();
    for p in [&a, &b] {
        tools::for_each_game(p, |g| comments.push(g.unwrap().main.nodes[0].comment.clone().unwrap()), |_| {}).unwrap();
    }
    assert_eq!(comments, ["中炮", "當頭炮"]);
}

#[test]
fn convert_between_formats() {
    let (_dir, p) = temp("conv.pgn", THREE.as_bytes());
    let mut out = Vec::new();
    let s = tools::convert(&[&p], Format::DhtmlXq, Notation::Chinese, &mut out).unwrap();
    assert_eq!((s.good, s.bad), (2, 1));
    let (_dir, d) = temp("conv.htm", &out);
    let mut games = Vec::new();
    tools::for_each_game(&d, |g| games.push(g.unwrap()), |_| {}).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[1].outcome, RecordResult::BlackWins);
    // XQF: one game.
    let (_dir, one) = temp("one.pgn", b"1. h2e2 h9g7 1-0\n");
    let mut x = Vec::new();
    tools::convert(&[&one], Format::Xqf, Notation::Chinese, &mut x).unwrap();
    let (_dir, xp) = temp("one.xqf", &x);
    assert_eq!(Format::of_file(&xp).unwrap(), Format::Xqf);
    let mut back = Vec::new();
    tools::convert(&[&xp], Format::Pgn, Notation::Wxf, &mut back).unwrap();
    let text = String::from_utf8(back).unwrap();
    assert!(text.contains("1. C2.5 H8+7 1-0"), "{text}");
    assert!(tools::convert(&[&p], Format::Xqf, Notation::Chinese, &mut Vec::new()).is_err());
}

#[test]
fn one_sniffer_for_bytes_and_files() {
    use std::path::Path;
    assert_eq!(Format::sniff(b"XQ\x0a\x00", None), Format::Xqf);
    assert_eq!(Format::sniff(b"CCBridge Record\0...", None), Format::Cbr);
    assert_eq!(Format::sniff(b"CCBridgeLibrary\0...", None), Format::Cbl);
    assert_eq!(Format::sniff(b"<p>[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]", None), Format::DhtmlXq);
    assert_eq!(Format::sniff(b"[DhtmlXQ_binit]...", None), Format::DhtmlXq, "a field without its block");
    assert_eq!(Format::sniff(b"[Event \"x\"]", None), Format::Pgn);
    assert_eq!(Format::sniff(b"\x01\x02", Some(Path::new("broken.CBL"))), Format::Cbl, "damaged: by the name");
    assert_eq!(Format::sniff(b"[Event \"x\"]", Some(Path::new("a.xqf"))), Format::Pgn, "content first");
    for f in [Format::Pgn, Format::Xqf, Format::DhtmlXq, Format::Cbr, Format::Cbl] {
        assert_eq!(f.name().parse::<Format>().unwrap(), f);
        assert_eq!(f.to_string(), f.name());
    }
    let (_dir, p) = temp("sniffed.txt", b"[DhtmlXQ][/DhtmlXQ]");
    assert_eq!(Format::of_file(&p).unwrap(), Format::DhtmlXq);
}

#[test]
fn read_first_sniffs_and_reads() {
    let (g, f) = tools::read_first(THREE.as_bytes(), None).unwrap();
    assert_eq!((f, g.ply_count(), g.outcome), (Format::Pgn, 2, RecordResult::RedWins));
    let xqf = tools::write_game(&g, Format::Xqf, Notation::Iccs).unwrap();
    let (back, f) = tools::read_first(&xqf, None).unwrap();
    assert_eq!((f, back.mainline_moves()), (Format::Xqf, g.mainline_moves()));
    let e = tools::read_first(b"XQ not really", None).unwrap_err();
    assert!(matches!(e, tools::ReadError::Xqf(_)) && e.to_string().starts_with("XQF: "), "{e}");
    assert_eq!(tools::read_first(b"  \n", None).unwrap_err(), tools::ReadError::NoGame);
}

#[test]
fn one_result_token() {
    use chuhan::{GameResult, Side};
    for (r, token) in
        [(GameResult::Win(Side::First), "1-0"), (GameResult::Win(Side::Second), "0-1"), (GameResult::Draw, "1/2-1/2")]
    {
        let o = RecordResult::from(r);
        assert_eq!((o.pgn(), o.to_string()), (token, token.to_string()));
        assert_eq!(RecordResult::from_pgn(token), Some(o));
        assert_eq!(RecordResult::from_text(&format!(" {token} ")), Some(o));
    }
    assert_eq!(RecordResult::from(None::<GameResult>).pgn(), "*");
    assert_eq!(RecordResult::from_pgn("½-½"), Some(RecordResult::Draw));
    assert_eq!(RecordResult::from_pgn("红胜"), None, "movetext tokens only");
    assert_eq!(RecordResult::from_text("红胜"), Some(RecordResult::RedWins));
    assert_eq!(RecordResult::Draw.red_points(), Some(0.5));
    assert_eq!(RecordResult::Unknown.red_points(), None);
}
