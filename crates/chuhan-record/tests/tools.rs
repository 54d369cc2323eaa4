//! check and convert over files, as the command calls them.

use chuhan::notation::Notation;
use chuhan_record::tools::{self, Format};
use chuhan_record::{Outcome, TextEncoding};

fn temp(name: &str, bytes: &[u8]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("chuhan-record-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

const THREE: &str = "[Event \"one\"]\n\n1. h2e2 h9g7 1-0\n\n[Event \"two\"]\n\n1. h2e2 h9g7 2. h0h5 *\n\n\
                     [Event \"three\"]\n[Format \"Chinese\"]\n\n1. 炮二平五 马８进７ 2. 马二进三 0-1\n";

#[test]
fn check_counts_good_and_bad_and_names_the_place() {
    let p = temp("three.pgn", THREE.as_bytes());
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
    let a = temp("gbk.pgn", &gbk);
    let b = temp("big5.pgn", &big5);
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
    let p = temp("conv.pgn", THREE.as_bytes());
    let mut out = Vec::new();
    let s = tools::convert(&[&p], Format::DhtmlXq, Notation::Chinese, &mut out).unwrap();
    assert_eq!((s.good, s.bad), (2, 1));
    let d = temp("conv.htm", &out);
    let mut games = Vec::new();
    tools::for_each_game(&d, |g| games.push(g.unwrap()), |_| {}).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[1].outcome, Outcome::BlackWins);
    // XQF: one game.
    let one = temp("one.pgn", b"1. h2e2 h9g7 1-0\n");
    let mut x = Vec::new();
    tools::convert(&[&one], Format::Xqf, Notation::Chinese, &mut x).unwrap();
    let xp = temp("one.xqf", &x);
    assert_eq!(Format::sniff(&xp).unwrap(), Format::Xqf);
    let mut back = Vec::new();
    tools::convert(&[&xp], Format::Pgn, Notation::Wxf, &mut back).unwrap();
    let text = String::from_utf8(back).unwrap();
    assert!(text.contains("1. C2.5 H8+7 1-0"), "{text}");
    assert!(tools::convert(&[&p], Format::Xqf, Notation::Chinese, &mut Vec::new()).is_err());
}
