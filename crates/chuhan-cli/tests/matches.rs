//! `chuhan match` against scripted fake engines (tests/fake_engine.py, run with python3):
//! every way an engine can lose besides the board, the repetition rulings through real engine
//! I/O, both protocols and both coordinate dialects, SPRT stopping, round-robins and Ctrl-C.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

const CHUHAN: &str = env!("CARGO_BIN_EXE_chuhan");

fn fake_script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("fake_engine.py")
}

/// An `--engine` spec for the fake engine with extra arguments.
fn fake(name: &str, args: &str) -> String {
    format!("cmd=python3,name={name},arg={} --chuhan {CHUHAN} --name {name} {args}", fake_script().display())
}

/// A fresh directory for one test's files.
fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("matches").join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run(args: &[&str]) -> Output {
    Command::new(CHUHAN).arg("match").args(args).output().expect("chuhan runs")
}

fn text(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

fn ok(o: &Output) -> String {
    assert!(o.status.success(), "chuhan match failed:\n{}", text(o));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn games_in(pgn: &str) -> usize {
    pgn.matches("[Event ").count()
}

#[test]
fn illegal_moves_lose_both_colours() {
    let dir = scratch("illegal");
    let pgn = dir.join("g.pgn");
    let o = run(&[
        "--engine",
        &fake("Good", "--mode first"),
        "--engine",
        &fake("Bad", "--mode illegal"),
        "--nodes",
        "100",
        "--games",
        "2",
        "--no-openings",
        "--pgnout",
        pgn.to_str().unwrap(),
    ]);
    let out = ok(&o);
    assert!(out.contains("Wins: 2, Draws: 0, Losses: 0"), "{out}");
    let pgn = std::fs::read_to_string(pgn).unwrap();
    assert_eq!(games_in(&pgn), 2);
    // Game 1: Bad is Black and answers h2e2... with an illegal move; game 2: Bad is Red.
    assert!(pgn.contains("[Red \"Good\"]\n[Black \"Bad\"]\n[Result \"1-0\"]"), "{pgn}");
    // The end reason ends the last move's comment (`{+0.12/1 0.009s, Red wins: ...}`, as
    // cutechess writes it), or stands alone when no move was played.
    assert!(pgn.contains(", Red wins: Bad played an illegal move i9i0"), "{pgn}");
    assert!(pgn.contains("[Red \"Bad\"]\n[Black \"Good\"]\n[Result \"0-1\"]"), "{pgn}");
    assert!(pgn.contains("{Black wins: Bad played an illegal move a0a9"), "{pgn}");
    assert!(pgn.contains("[Termination \"rules infraction\"]"));
    assert!(!pgn.contains("[FEN"), "standard start: no FEN tag\n{pgn}");
}

#[test]
fn garbage_loses() {
    let o = run(&[
        "--engine",
        &fake("Good", "--mode first"),
        "--engine",
        &fake("Noisy", "--mode garbage --after 1"),
        "--movetime",
        "1000",
        "--games",
        "1",
        "--no-openings",
    ]);
    let out = ok(&o);
    assert!(out.contains("1-0 {Red wins: Noisy sent garbage: bestmove \"xyzzy\"}"), "{out}");
}

#[test]
fn time_losses_and_hangs() {
    // With a clock, silence is a loss on time: 1.5 s + 0.1 s margin. (The well-behaved fake
    // engine must answer within the same clock, so the clock leaves room for a loaded machine.)
    let dir = scratch("timeout");
    let pgn = dir.join("g.pgn");
    let o = run(&[
        "--engine",
        &fake("Slow", "--mode timeout --after 1"),
        "--engine",
        &fake("Good", "--mode first"),
        "--tc",
        "1.5+0",
        "--games",
        "1",
        "--no-openings",
        "--pgnout",
        pgn.to_str().unwrap(),
    ]);
    let out = ok(&o);
    assert!(out.contains("0-1 {Black wins: Slow lost on time"), "{out}");
    let pgn = std::fs::read_to_string(pgn).unwrap();
    assert!(pgn.contains("[Termination \"time forfeit\"]"), "{pgn}");
    assert!(pgn.contains("1. a0a1 {+0.12/1"), "Slow's first move is kept\n{pgn}");

    // Without a clock, the hang timeout decides.
    let o = run(&[
        "--engine",
        &fake("Good", "--mode first"),
        "--engine",
        &fake("Stuck", "--mode timeout"),
        "--nodes",
        "1000",
        "--hang-timeout",
        "3",
        "--games",
        "1",
        "--no-openings",
    ]);
    let out = ok(&o);
    assert!(out.contains("1-0 {Red wins: Stuck hung (no move within 3s)}"), "{out}");
}

#[test]
fn crashes_lose_and_the_engine_is_restarted() {
    let o = run(&[
        "--engine",
        &fake("Good", "--mode first"),
        "--engine",
        &fake("Fragile", "--mode crash --after 2"),
        "--nodes",
        "100",
        "--games",
        "3",
        "--no-openings",
    ]);
    let out = ok(&o);
    // Every game reaches Fragile's third move, so the restarted engine played each game.
    assert_eq!(out.matches("Fragile crashed (its output ended while waiting for bestmove").count(), 3, "{out}");
    assert!(out.contains("Wins: 3, Draws: 0, Losses: 0"), "{out}");
}

#[test]
fn resigning_engine_loses() {
    let o = run(&[
        "--engine",
        &fake("Quitter", "--mode resign"),
        "--engine",
        &fake("Good", "--mode first"),
        "--nodes",
        "10",
        "--games",
        "1",
        "--no-openings",
    ]);
    assert!(ok(&o).contains("0-1 {Black wins: Quitter resigned (no best move)}"), "{}", text(&o));
}

/// Plays the repetition case `moves` from `fen`, both engines following the script
/// (`engine_args` go to the fake engines, `extra` to `chuhan match`).
fn scripted_game(
    dir: &Path,
    fen: &str,
    moves: &str,
    proto: &str,
    engine_args: &str,
    extra: &[&str],
) -> (String, String) {
    let book = dir.join("book.epd");
    std::fs::write(&book, format!("{fen}\n")).unwrap();
    let pgn = dir.join("g.pgn");
    let args = format!("--mode script --proto {proto} {engine_args} --script {moves}");
    let spec = |name: &str| {
        let mut s = fake(name, &args);
        if proto == "ucci" {
            s.push_str(",proto=ucci");
        }
        s
    };
    let mut all = vec![
        "--engine".to_string(),
        spec("P1"),
        "--engine".to_string(),
        spec("P2"),
        "--games".into(),
        "1".into(),
        "--openings".into(),
        book.to_str().unwrap().into(),
        "--pgnout".into(),
        pgn.to_str().unwrap().into(),
    ];
    all.extend(extra.iter().map(|s| s.to_string()));
    let refs: Vec<&str> = all.iter().map(String::as_str).collect();
    let o = run(&refs);
    let out = ok(&o);
    (out, std::fs::read_to_string(pgn).unwrap())
}

#[test]
fn perpetual_checker_loses() {
    // "Perpetual check vs. intermittent checks" (shared/testdata/repetition/chase-cases.json):
    // Black checks on every move and loses.
    let fen = "9/3kc4/3a5/3P5/9/4p4/9/4K4/9/3C5 w - - 0 1";
    let moves = "d6e6 e4d4 e6d6 d4e4 d6e6 e4d4 e6d6 d4e4 d6e6 e4d4";
    let (out, pgn) = scripted_game(&scratch("check"), fen, moves, "uci", "", &["--nodes", "10"]);
    assert!(out.contains("1-0 {Red wins: Black repeated the position three times checking on every move"), "{out}");
    assert!(pgn.contains(&format!("[FEN \"{fen}\"]")), "{pgn}");
    assert!(pgn.contains("[PlyCount \"8\"]"), "{pgn}");
    assert!(pgn.contains("[Termination \"normal\"]"), "{pgn}");
    let flat = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("Red wins: Black repeated the position three times checking on every move (moves 1–4)} 1-0"),
        "{pgn}"
    );
}

#[test]
fn perpetual_chaser_loses_over_ucci() {
    // "Direct chase by cannon" (chase-cases.json): Red chases and loses. Both engines speak
    // UCCI here, so this also checks UCCI's position and go commands.
    let fen = "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1";
    let moves = "c2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7 b2a2 a7b7";
    let dir = scratch("chase");
    let log = dir.join("engine.log");
    let (out, pgn) = scripted_game(&dir, fen, moves, "ucci", &format!("--log {}", log.display()), &["--tc", "5+0.1"]);
    assert!(out.contains("0-1 {Black wins: Red repeated the position three times with its cannon chasing the chariot on a7 on every move"), "{out}");
    assert!(pgn.contains("[Result \"0-1\"]") && pgn.contains("[PlyCount \"9\"]"), "{pgn}");
    let log = std::fs::read_to_string(log).unwrap();
    assert!(log.starts_with("ucci\n"), "{log}");
    assert!(log.contains("setoption usemillisec true"), "{log}");
    assert!(log.contains(&format!("position fen {fen} moves c2a2 a7b7")), "{log}");
    assert!(!log.contains("startpos"), "UCCI has no startpos\n{log}");
    assert!(log.contains("go time 5000 increment 100 opptime 5000 oppincrement 100"), "{log}");
}

#[test]
fn fairy_stockfish_dialect_is_detected() {
    // An engine calling itself Fairy-Stockfish gets and gives ranks 1–10.
    let dir = scratch("fairy");
    let log = dir.join("engine.log");
    let fen = "9/3kc4/3a5/3P5/9/4p4/9/4K4/9/3C5 w - - 0 1";
    let moves = "d6e6 e4d4 e6d6 d4e4 d6e6 e4d4 e6d6 d4e4 d6e6 e4d4";
    let args = format!("--mode script --coords uci1 --log {} --script {moves}", log.display());
    let spec = |name: &str| fake(name, &args).replace(&format!("--name {name}"), "--name Fairy-Stockfish");
    let book = dir.join("book.epd");
    std::fs::write(&book, format!("{fen}\n")).unwrap();
    let o = run(&[
        "--engine",
        &spec("F1"),
        "--engine",
        &spec("F2"),
        "--games",
        "1",
        "--movetime",
        "500",
        "--openings",
        book.to_str().unwrap(),
    ]);
    let out = ok(&o);
    assert!(out.contains("1-0 {Red wins: Black repeated the position three times checking"), "{out}");
    let log = std::fs::read_to_string(log).unwrap();
    assert!(log.contains("setoption name UCI_Variant value xiangqi"), "{log}");
    assert!(log.contains(&format!("position fen {fen} moves d7e7 e5d5")), "{log}");
    assert!(log.contains("go movetime 500"), "{log}");
}

#[test]
fn sprt_stops_when_decided() {
    // All pairs won: normalized GSPRT [0, 200] crosses ln(0.95/0.05) = 2.944 at the 7th pair
    // (LLR 2.936 after 6, by the Python check in stats.rs's method).
    let o = run(&[
        "--engine",
        &fake("Good", "--mode first"),
        "--engine",
        &fake("Bad", "--mode illegal"),
        "--nodes",
        "10",
        "--games",
        "100",
        "--no-openings",
        "--sprt",
        "elo0=0,elo1=200,alpha=0.05,beta=0.05",
    ]);
    let out = ok(&o);
    assert!(out.contains("Games: 14, Wins: 14"), "{out}");
    assert!(out.contains("SPRT: H1 accepted (Good is stronger)"), "{out}");
    assert!(out.contains("Ptnml(0-2): [0, 0, 0, 0, 7]"), "{out}");
}

#[test]
fn round_robin_in_parallel_janggi() {
    let dir = scratch("rr");
    let pgn = dir.join("g.pgn");
    let o = run(&[
        "--variant",
        "janggi",
        "--engine",
        &fake("A", "--mode first --variant janggi"),
        "--engine",
        &fake("B", "--mode illegal --variant janggi"),
        "--engine",
        &fake("C", "--mode resign --variant janggi"),
        "--nodes",
        "10",
        "--games",
        "2",
        "--concurrency",
        "2",
        "--pgnout",
        pgn.to_str().unwrap(),
    ]);
    let out = ok(&o);
    assert!(out.contains("Results of A vs B"), "{out}");
    assert!(out.contains("Results of A vs C"), "{out}");
    assert!(out.contains("Results of B vs C"), "{out}");
    assert!(out.contains("Standings:"), "{out}");
    assert!(out.contains("  1. A"), "{out}");
    let pgn = std::fs::read_to_string(pgn).unwrap();
    assert_eq!(games_in(&pgn), 6);
    assert!(pgn.contains("[Variant \"janggi\"]"));
    // The built-in janggi openings start from formations: the FEN is written.
    assert!(pgn.contains("[FEN \""), "{pgn}");
}

#[test]
fn bad_engine_command_is_a_usage_error() {
    let o = run(&["--engine", "cmd=/nonexistent/engine", "--engine", "cmd=/nonexistent/other", "--nodes", "1"]);
    assert!(!o.status.success());
    assert!(
        text(&o).contains("engine \"engine\" cannot take part: engine: cannot start \"/nonexistent/engine\""),
        "{}",
        text(&o)
    );
    let o = run(&["--engine", &fake("A", ""), "--engine", &fake("B", "")]);
    assert!(!o.status.success());
    assert!(text(&o).contains("give a time control"), "{}", text(&o));
}

#[test]
fn ctrl_c_keeps_finished_games() {
    let dir = scratch("ctrlc");
    let pgn = dir.join("g.pgn");
    let mut child = Command::new(CHUHAN)
        .args([
            "match",
            "--engine",
            &fake("A", "--mode random"),
            "--engine",
            &fake("B", "--mode random"),
            "--nodes",
            "10",
            "--games",
            "1000",
            "--pgnout",
            pgn.to_str().unwrap(),
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(2500));
    let status = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(status.success());
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        assert!(start.elapsed() < Duration::from_secs(20), "chuhan match did not stop after Ctrl-C");
        std::thread::sleep(Duration::from_millis(50));
    }
    let o = child.wait_with_output().unwrap();
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(o.status.success(), "{out}");
    let finished: usize = out
        .lines()
        .find_map(|l| l.strip_prefix("Interrupted: "))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no Interrupted line:\n{out}"));
    let pgn = std::fs::read_to_string(pgn).unwrap_or_default();
    assert_eq!(games_in(&pgn), finished, "{out}");
    assert!(finished < 1000);
}

/// chuhan's own engine (`chuhan engine`) against itself at a fixed node count, both games: the
/// match finishes with every game decided by the rules and no engine fault.
#[test]
fn chuhan_engine_against_itself() {
    for variant in ["xiangqi", "janggi"] {
        let dir = scratch(&format!("self-{variant}"));
        let pgn = dir.join("games.pgn");
        let engine = |name: &str| format!("cmd={CHUHAN},arg=engine,name={name}");
        let o = run(&[
            "--engine",
            &engine("one"),
            "--engine",
            &engine("two"),
            "--variant",
            variant,
            "--nodes",
            "3000",
            "--games",
            "4",
            "--concurrency",
            "2",
            "--pgnout",
            pgn.to_str().unwrap(),
        ]);
        let out = ok(&o);
        assert!(out.contains("Games: 4,"), "{out}");
        let games = std::fs::read_to_string(&pgn).unwrap();
        assert_eq!(games_in(&games), 4);
        for fault in ["illegal", "crash", "out of time", "hang", "garbage", "no move", "forfeit"] {
            assert!(!games.to_lowercase().contains(fault), "{variant}: {fault} in\n{games}");
        }
    }
}

/// `--random-plies`: each pair of games starts from the opening plus its own random moves (the
/// same for both colours), and the same seed draws the same moves again.
#[test]
fn random_plies_give_each_pair_its_own_start() {
    let dir = scratch("random-plies");
    let book_moves = |seed: &str, name: &str| -> Vec<String> {
        let pgn = dir.join(name);
        let o = run(&[
            "--engine",
            &fake("A", "--mode resign"),
            "--engine",
            &fake("B", "--mode resign"),
            "--no-openings",
            "--random-plies",
            "3",
            "--seed",
            seed,
            "--nodes",
            "10",
            "--games",
            "6",
            "--pgnout",
            pgn.to_str().unwrap(),
        ]);
        ok(&o);
        let text = std::fs::read_to_string(pgn).unwrap();
        // Each game's moves up to the `{book...}` comment that ends the opening (the engines
        // resign at once: the games are the openings).
        text.split("[Event ")
            .skip(1)
            .map(|game| {
                let moves = game.split("\n\n").nth(1).expect("movetext");
                moves.split("{book").next().expect("book comment").trim().to_string()
            })
            .collect()
    };
    let first = book_moves("4", "a.pgn");
    assert_eq!(first.len(), 6);
    for pair in first.chunks(2) {
        assert_eq!(pair[0], pair[1], "both colours start alike");
        assert_eq!(pair[0].split_whitespace().filter(|w| !w.ends_with('.')).count(), 3, "{pair:?}");
    }
    assert!(first[0] != first[2] && first[2] != first[4] && first[0] != first[4], "{first:?}");
    assert_eq!(book_moves("4", "b.pgn"), first, "the same seed, the same starts");
    assert_ne!(book_moves("5", "c.pgn"), first, "another seed, other starts");
}
