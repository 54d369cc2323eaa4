//! The `chuhan` binary as scripts use it: plain output, clear errors, exit codes.

use std::process::{Command, Output};

fn chuhan(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chuhan")).args(args).output().expect("chuhan runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn perft_prints_the_count_alone() {
    let o = chuhan(&["perft", "--depth", "3"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "79666\n");
    let o = chuhan(&["perft", "--variant", "janggi", "--depth", "2"]);
    assert_eq!(stdout(&o), "1024\n");
}

#[test]
fn perft_divide_lists_moves_then_total() {
    let o = chuhan(&["perft", "--depth", "2", "--divide"]);
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 45);
    assert_eq!(*lines.last().unwrap(), "1920");
    let sum: u64 = lines[..44].iter().map(|l| l.split(": ").nth(1).unwrap().parse::<u64>().unwrap()).sum();
    assert_eq!(sum, 1920);
    // Black has 45 replies to the central cannon (Fairy-Stockfish agrees).
    assert!(lines.contains(&"h2e2: 45"));
}

#[test]
fn perft_after_moves_and_from_fen() {
    let o = chuhan(&["perft", "--moves", "h2e2", "h9g7", "--depth", "1"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // Every command that takes a position reads its moves alike: coordinates or any notation.
    assert_eq!(stdout(&chuhan(&["perft", "--moves", "炮二平五", "马8进7", "--depth", "1"])), stdout(&o));
    let fen = "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1";
    assert_eq!(stdout(&chuhan(&["perft", "--fen", fen, "--depth", "2"])), "424\n");
}

#[test]
fn janggi_pass_is_written_as_the_general_square_twice() {
    let o = chuhan(&["moves", "--variant", "janggi"]);
    let text = stdout(&o);
    assert!(text.lines().any(|l| l == "e1e1"));
    assert_eq!(text.lines().count(), 32);
    // Two passes in a row end the game: nothing is legal afterwards.
    let o = chuhan(&["moves", "--variant", "janggi", "--moves", "e1e1", "e8e8"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "");
}

#[test]
fn moves_prints_only_coordinates() {
    let o = chuhan(&["moves"]);
    let text = stdout(&o);
    assert_eq!(text.lines().count(), 44);
    assert!(text.lines().all(|l| l.len() == 4));
}

#[test]
fn bad_input_gets_a_clear_error_and_failure_status() {
    let o = chuhan(&["moves", "--fen", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("FEN field 1, rank 0: 10 files, expected 9"), "{err}");
    assert!(stdout(&o).is_empty());

    let o = chuhan(&["perft", "--moves", "h2e3", "--depth", "1"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("move 1 (h2e3)") && err.contains("illegal move h2e3"), "{err}");

    let o = chuhan(&["perft", "--moves", "zz", "--depth", "1"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("expected two squares"));

    let o = chuhan(&["perft", "--variant", "shogi", "--depth", "1"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("expected xiangqi or janggi"));
}

#[test]
fn adjudicate_prints_verdict_reason_and_ply() {
    let o = chuhan(&[
        "adjudicate",
        "--fen",
        "4k4/9/9/9/9/9/9/9/9/3K1R3 w",
        "--moves",
        "f0e0",
        "e9f9",
        "e0f0",
        "f9e9",
        "f0e0",
        "e9f9",
        "e0f0",
        "f9e9",
    ]);
    assert!(o.status.success());
    assert_eq!(
        stdout(&o),
        "black wins\nBlack wins: Red repeated the position three times checking on every move (moves 1–4)\nply 8\n"
    );
    // With --repetitions 2 the same cycle is judged at its second occurrence.
    let o = chuhan(&[
        "adjudicate",
        "--repetitions",
        "2",
        "--fen",
        "4k4/9/9/9/9/9/9/9/9/3K1R3 w",
        "--moves",
        "f0e0",
        "e9f9",
        "e0f0",
        "f9e9",
    ]);
    assert_eq!(stdout(&o).lines().next(), Some("black wins"));
}

#[test]
fn adjudicate_ongoing_and_janggi() {
    let o = chuhan(&["adjudicate"]);
    assert_eq!(stdout(&o), "ongoing\nred to move\nply 0\n");
    let o = chuhan(&["adjudicate", "--variant", "janggi", "--moves", "e1e1", "e8e8"]);
    assert_eq!(stdout(&o), "han wins\nHan wins: both sides passed; counting 72 to 73.5\nply 2\n");
    let o = chuhan(&["adjudicate", "--variant", "janggi", "--rules", "traditional", "--moves", "e1e1", "e8e8"]);
    assert_eq!(stdout(&o).lines().next(), Some("draw"));
}

#[test]
fn adjudicate_rejects_bad_input() {
    let o = chuhan(&["adjudicate", "--rules", "wrong"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown xiangqi rule set \"wrong\""));
    let o = chuhan(&["adjudicate", "--variant", "janggi", "--moves", "e1e1", "e8e8", "e1e1"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("the game ended at ply 2"));
}

#[test]
fn convert_between_notations() {
    let o = chuhan(&["convert", "--to", "wxf", "炮二平五", "马８进７"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "C2.5 H8+7\n");
    let o = chuhan(&["convert", "--from", "uci", "--to", "chinese-traditional", "1. h2e2 h9g7 2. h0g2 1-0"]);
    assert_eq!(stdout(&o), "炮二平五 馬８進７ 傌二進三\n");
    let o = chuhan(&["convert", "--to", "all", "C2.5"]);
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "chinese\tchinese-traditional\twxf\ticcs\tuci\tuci1\talgebraic\tlan\tleventhal\tlau\txqdb\tvietnamese"
    );
    assert_eq!(lines[1], "炮二平五\t炮二平五\tC2.5\tH2-E2\th2e2\th3e3\tChe3\tCh3-e3\t炮(32)–35\tC2h5\tC2.5\tP2-5");
    let o = chuhan(&["convert", "--variant", "janggi", "--to", "all", "79兵78"]);
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "iccs\tuci\tuci1\talgebraic\tlan\tjanggi\tjanggi-fsf\tjanggi-hangul");
    assert_eq!(lines[1], "I3-H3\ti3h3\ti4h4\tih4\ti4-h4\t79卒78\tP79-78\t79졸78");
}

#[test]
fn convert_reads_standard_input() {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_chuhan"))
        .args(["convert", "--to", "uci", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all("1. 炮二平五 馬8進7\n2. 傌二進三 砲8平9\n".as_bytes()).unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(stdout(&o), "h2e2 h9g7 h0g2 h7i7\n");
}

#[test]
fn convert_errors_name_the_move_and_character() {
    let o = chuhan(&["convert", "--from", "chinese", "--to", "wxf", "炮二平五", "马８进十"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("move 2 (马８进十)"), "{err}");
    assert!(err.contains("十 is not a file (1–9)"), "{err}");
    let o = chuhan(&["convert", "--to", "klingon", "h2e2"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown notation \"klingon\""));
}

#[test]
fn record_check_and_convert() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("record-cli");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.pgn");
    std::fs::write(
        &good,
        "[Event \"t\"]\n[Format \"WXF\"]\n\n1. C2.5 H8+7 2. H2+3 1-0\n\n[Event \"u\"]\n\n1. h2e2 h9g7 *\n",
    )
    .unwrap();
    let o = chuhan(&["record", "check", good.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(stdout(&o).lines().last(), Some("2 games read: 2 good, 0 bad"));

    let bad = dir.join("bad.pgn");
    std::fs::write(&bad, "[Event \"t\"]\n\n1. h2e2 h9g7 2. h0h5 *\n\n[Event \"u\"]\n\n1. h2e2 *\n").unwrap();
    let o = chuhan(&["record", "check", bad.to_str().unwrap()]);
    assert!(!o.status.success());
    let text = stdout(&o);
    assert!(text.contains("bad.pgn: game 1, ply 3"), "{text}");
    assert_eq!(text.lines().last(), Some("2 games read: 1 good, 1 bad"));

    let o = chuhan(&["record", "convert", good.to_str().unwrap(), "--to", "pgn", "--notation", "chinese"]);
    assert!(o.status.success());
    let text = stdout(&o);
    assert!(text.contains("炮二平五") && text.contains("马８进７"), "{text}");
    let o = chuhan(&["record", "convert", good.to_str().unwrap(), "--to", "jpeg"]);
    assert!(!o.status.success());
}

#[test]
fn record_check_reads_a_tools_footer_and_refuses_endless_input() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("record-cli-hostile");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // XQ Wizard's footer after the result (issue 39): not moves.
    let footer = dir.join("footer.pgn");
    std::fs::write(&footer, "[Event \"a\"]\n\n1. h2e2 h9g7 *\n======\nhttp://www.xqbase.com/\n").unwrap();
    let o = chuhan(&["record", "check", footer.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stdout(&o));
    assert_eq!(stdout(&o).lines().last(), Some("1 games read: 1 good, 0 bad"));

    // /dev/zero: an error after a bounded read, in well under the time it took to fill memory.
    if std::path::Path::new("/dev/zero").exists() {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chuhan"))
            .args(["record", "check", "/dev/zero"])
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let start = std::time::Instant::now();
        while child.try_wait().unwrap().is_none() {
            if start.elapsed() > std::time::Duration::from_secs(30) {
                child.kill().unwrap();
                panic!("chuhan record check /dev/zero still runs after 30 s");
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        let o = child.wait_with_output().unwrap();
        assert!(!o.status.success());
        let text = stdout(&o);
        assert!(text.contains("/dev/zero: game 1: the game is longer than 16 MiB"), "{text}");
    }
}

#[test]
fn fixed_choices_are_listed_in_help_and_a_typo_is_refused_with_them() {
    let help = stdout(&chuhan(&["play", "-h"]));
    assert!(help.contains("[possible values: engine, human, watch]"), "{help}");
    assert!(help.contains("[possible values: red, black]"), "{help}");
    assert!(help.contains("[possible values: chinese, letters]"), "{help}");
    let o = chuhan(&["play", "--vs", "robot"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("invalid value 'robot' for '--vs <VS>'") && err.contains("engine, human, watch"), "{err}");
    let o = chuhan(&["record", "convert", "--to", "doc", "x.pgn"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("[possible values: pgn, xqf, dhtmlxq]"));
}

/// Rule-book diagrams 71–75 set up a black soldier on i7, behind its start line: a composed
/// position. Every command refuses it by default, with a hint, and reads it with --relaxed,
/// saying what it accepted.
#[test]
fn relaxed_reads_composed_positions() {
    let fen = "3a2b1r/4ak3/8p/7P1/9/9/9/B2NN3B/3K5/4p4 w - - 0 1";
    let o = chuhan(&["perft", "--fen", fen, "--depth", "1"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("black soldier on i7") && err.contains("--relaxed"), "{err}");

    let o = chuhan(&["perft", "--fen", fen, "--depth", "1", "--relaxed"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--relaxed: accepted a composed position: black soldier on i7"), "{err}");
    let count: u64 = stdout(&o).trim().parse().unwrap();
    let o = chuhan(&["moves", "--fen", fen, "--relaxed"]);
    assert_eq!(stdout(&o).lines().count() as u64, count);

    // The rule book rules the cycle a loss for Red, who checks on every move.
    let moves = ["d1e1", "e0d0", "e1d1", "d0e0", "d1e1", "e0d0", "e1d1", "d0e0"];
    let mut args = vec!["adjudicate", "--relaxed", "--fen", fen, "--moves"];
    args.extend(moves);
    let o = chuhan(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(stdout(&o).lines().next(), Some("black wins"), "{}", stdout(&o));

    let o = chuhan(&["convert", "--relaxed", "--fen", fen, "--to", "wxf", "d1e1"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));

    // --relaxed accepts only unreachable pieces: a position with two red generals stays refused.
    let o = chuhan(&["perft", "--relaxed", "--fen", "3k5/9/9/9/9/9/9/9/3K5/4K4 w", "--depth", "1"]);
    assert!(!o.status.success());
}

#[test]
fn another_engine_that_cannot_be_used_is_refused_before_anything_starts() {
    // `play`: a spec without a command, before the terminal is taken over.
    let o = chuhan(&["play", "--engine", "name=x"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--engine \"name=x\": no cmd=PATH"), "{err}");
    let o = chuhan(&["play", "--engine", "cmd=x", "--vs", "human"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("not in --vs human games"), "{o:?}");
    // `serve`: an engine that does not start, before the server listens.
    let dir = std::env::temp_dir().join(format!("chuhan-cli-serve-engine-{}", std::process::id()));
    let data = dir.to_string_lossy().into_owned();
    let o =
        chuhan(&["serve", "--addr", "127.0.0.1:0", "--data", &data, "--engine", "cmd=/nonexistent/pikafish,name=P"]);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("the engine does not start") && err.contains("P: cannot start \"/nonexistent/pikafish\""),
        "{err}"
    );
    assert!(stdout(&o).is_empty(), "the server did not start: {}", stdout(&o));
}
