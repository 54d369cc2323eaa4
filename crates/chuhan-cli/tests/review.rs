//! `chuhan review`: the JSON scripts read, the annotated PGN, the summary, and bad input.

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Output};

fn chuhan(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chuhan")).args(args).output().expect("chuhan runs")
}

/// A PGN file of two games: a xiangqi game where Red leaves a chariot where a soldier and a
/// horse take it, and a janggi game with a pass.
fn games() -> tempfile::NamedTempFile {
    let mut f = tempfile::Builder::new().suffix(".pgn").tempfile().unwrap();
    let fen = "3aka2r/9/1n5n1/p1p1p1p1p/9/9/2P1P1P1P/9/9/R2AKA2R w - - 0 1";
    write!(
        f,
        "[Event \"planted\"]\n[Red \"R\"]\n[Black \"B\"]\n[FEN \"{fen}\"]\n[Result \"0-1\"]\n\n1. a0a5 b7a5 2. i0h0 0-1\n\n\
         [Event \"pass\"]\n[Variant \"janggi\"]\n[Result \"*\"]\n\n1. a3a4 a6a5 2. e1e1 i6i5 *\n"
    )
    .unwrap();
    f
}

#[test]
fn json_has_accuracy_and_a_move_object_a_ply() {
    let f = games();
    let o = chuhan(&["review", f.path().to_str().unwrap(), "--nodes", "3000", "--json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    let games = v.as_array().unwrap();
    assert_eq!(games.len(), 2);
    let x = &games[0];
    assert_eq!(x["variant"], "xiangqi");
    for side in ["red", "black"] {
        let a = x["accuracy"][side].as_f64().unwrap();
        assert!((0.0..=100.0).contains(&a), "{a}");
        assert!(x["sides"][side]["blunders"].is_u64());
    }
    let moves = x["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3);
    for (i, m) in moves.iter().enumerate() {
        assert_eq!(m["ply"], i + 1);
        for key in ["move", "mark", "best", "loss", "win_before", "win_after", "line"] {
            assert!(m.get(key).is_some(), "{key} missing in {m}");
        }
        let mark = &m["mark"];
        assert!(mark.is_null() || ["??", "?", "?!"].contains(&mark.as_str().unwrap()), "{mark}");
        assert!(m["loss"].as_f64().unwrap() >= 0.0);
    }
    assert_eq!(moves[0]["move"], "a0a5");
    assert_eq!(moves[0]["mark"], "??");
    assert!(["a6a5", "b7a5"].contains(&moves[1]["best"].as_str().unwrap()));
    assert_eq!(x["sides"]["red"]["blunders"], 1);

    let j = &games[1];
    assert_eq!(j["variant"], "janggi");
    assert!(j["accuracy"]["cho"].is_number() && j["accuracy"]["han"].is_number());
    assert_eq!(j["moves"][2]["move"], "e1e1");
}

#[test]
fn pgn_carries_nags_comments_and_the_better_line() {
    let f = games();
    let o = chuhan(&["review", f.path().to_str().unwrap(), "--nodes", "3000", "--pgn", "--notation", "uci"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.contains("a0a5 $4 {Blunder: loses "), "{text}");
    assert!(text.contains("— better "), "{text}");
    assert!(text.contains("(1. "), "the better line as a variation: {text}");
    assert!(text.contains("[Annotator \"chuhan review, 3000 nodes a position\"]"), "{text}");
    // What was written reads back.
    let mut back = tempfile::Builder::new().suffix(".pgn").tempfile().unwrap();
    back.write_all(text.as_bytes()).unwrap();
    let o = chuhan(&["record", "check", back.path().to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stdout));
}

#[test]
fn the_summary_names_the_blunder() {
    let f = games();
    let o = chuhan(&["review", f.path().to_str().unwrap(), "--depth", "3"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.contains("Red    accuracy"), "{text}");
    assert!(text.contains("1. 车九进五??  Blunder: loses"), "{text}");
    assert!(text.contains("Cho    accuracy"), "{text}");
}

#[test]
fn bad_input_fails_clearly() {
    let f = games();
    let path = f.path().to_str().unwrap();
    let o = chuhan(&["review", path, "--depth", "3", "--nodes", "100"]);
    assert!(!o.status.success());
    let o = chuhan(&["review", path, "--json", "--pgn"]);
    assert!(!o.status.success());
    let o = chuhan(&["review", path, "--depth", "0"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("depth 0"));
    let o = chuhan(&["review", "/nonexistent.pgn"]);
    assert!(!o.status.success());
}
