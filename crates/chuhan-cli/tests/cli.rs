//! The `chuhan` binary as scripts use it: plain output, clear errors, exit codes.

use std::process::{Command, Output};

fn chuhan(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chuhan"))
        .args(args)
        .output()
        .expect("chuhan runs")
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
    let sum: u64 = lines[..44]
        .iter()
        .map(|l| l.split(": ").nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 1920);
    // Black has 45 replies to the central cannon (Fairy-Stockfish agrees).
    assert!(lines.contains(&"h2e2: 45"));
}

#[test]
fn perft_after_moves_and_from_fen() {
    let o = chuhan(&["perft", "--moves", "h2e2", "h9g7", "--depth", "1"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let fen = "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1";
    assert_eq!(
        stdout(&chuhan(&["perft", "--fen", fen, "--depth", "2"])),
        "424\n"
    );
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
    let o = chuhan(&[
        "moves",
        "--fen",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w",
    ]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("FEN field 1, rank 0: 10 files, expected 9"),
        "{err}"
    );
    assert!(stdout(&o).is_empty());

    let o = chuhan(&["perft", "--moves", "h2e3", "--depth", "1"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("move 1 (h2e3)") && err.contains("illegal move h2e3"),
        "{err}"
    );

    let o = chuhan(&["perft", "--moves", "zz", "--depth", "1"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("expected two squares"));

    let o = chuhan(&["perft", "--variant", "shogi", "--depth", "1"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("expected xiangqi or janggi"));
}
