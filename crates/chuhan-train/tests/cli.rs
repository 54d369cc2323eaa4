//! `chuhan-train` end to end: the help of every subcommand, a tiny run of each on a small input
//! (seconds, not minutes) whose output the libraries read back, and clear errors (not panics)
//! on bad arguments and files.

use chuhan_engine::nnue::data;
use chuhan_engine::nnue::Network;
use std::path::Path;
use std::process::{Command, Output};

fn chuhan_train(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chuhan-train")).args(args).output().expect("chuhan-train runs")
}

/// Runs and expects success; returns standard output.
fn ok(args: &[&str]) -> String {
    let out = chuhan_train(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "chuhan-train {args:?} failed: {stderr}");
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// Runs and expects failure with `code`; returns standard error.
fn fails(args: &[&str], code: i32) -> String {
    let out = chuhan_train(args);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(code), "chuhan-train {args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "chuhan-train {args:?} panicked: {stderr}");
    stderr
}

fn path(dir: &Path, name: &str) -> String {
    dir.join(name).to_str().expect("UTF-8 temporary path").to_string()
}

fn records(file: &str) -> Vec<data::Record> {
    data::read_all(&mut std::fs::File::open(file).expect("data file")).expect("data file reads")
}

#[test]
fn help_names_every_subcommand_and_every_option() {
    let top = ok(&["--help"]);
    for sub in ["gen", "train", "tune", "collection"] {
        assert!(top.contains(sub), "--help lacks {sub}: {top}");
    }
    let options: [(&str, &[&str]); 4] = [
        (
            "gen",
            &[
                "--out",
                "--variant",
                "--games",
                "--nodes",
                "--threads",
                "--seed",
                "--random-plies",
                "--openings",
                "--net",
            ],
        ),
        (
            "train",
            &[
                "--data",
                "--out",
                "--variant",
                "--epochs",
                "--batch",
                "--lr",
                "--lambda",
                "--seed",
                "--mirror",
                "--hidden",
                "--buckets",
                "--decay",
                "--init",
                "--threads",
            ],
        ),
        (
            "tune",
            &[
                "--xiangqi",
                "--janggi",
                "--iterations",
                "--rate",
                "--pull",
                "--adjudicate-nodes",
                "--label-out",
                "--write",
                "--positions-out",
                "--every",
                "--scores",
                "--blend",
            ],
        ),
        ("collection", &["--out", "--games", "--depth", "--nodes", "--threads", "--seed"]),
    ];
    for (sub, flags) in options {
        let help = ok(&[sub, "--help"]);
        for flag in flags {
            assert!(help.contains(flag), "{sub} --help lacks {flag}: {help}");
        }
        assert_eq!(ok(&["help", sub]), help, "`help {sub}` and `{sub} --help` differ");
    }
}

#[test]
fn gen_writes_whole_games_resumes_to_the_same_file_and_train_reads_them() {
    let dir = tempfile::tempdir().unwrap();
    let (resumed, fresh, net) =
        (path(dir.path(), "resumed.data"), path(dir.path(), "fresh.data"), path(dir.path(), "x.nnue"));
    let gen = |out: &str, games: &str, threads: &str| {
        ok(&["gen", "--out", out, "--games", games, "--nodes", "200", "--seed", "3", "--threads", threads]);
    };
    // Ten games, then two more by resuming: the same file as twelve at once (on other threads).
    gen(&resumed, "10", "1");
    let first = records(&resumed);
    assert!(!first.is_empty());
    let games: Vec<u32> = first.iter().map(|r| r.game).collect();
    assert!(games.windows(2).all(|w| w[0] <= w[1]), "games out of order");
    assert_eq!(games.last(), Some(&9), "ten games are 0 to 9");
    gen(&resumed, "12", "1");
    gen(&fresh, "12", "2");
    assert_eq!(std::fs::read(&resumed).unwrap(), std::fs::read(&fresh).unwrap(), "resuming changed the data");
    let all = records(&fresh);
    assert_eq!(all.iter().map(|r| r.game).max(), Some(11));
    assert!(all.iter().all(|r| r.result <= 2 && r.variant() == chuhan::Variant::Xiangqi));

    // Game 9 is held out, so there are validation positions; a 32-wide network for speed.
    let stdout = ok(&["train", "--data", &fresh, "--out", &net, "--epochs", "2", "--hidden", "32", "--threads", "1"]);
    assert!(stdout.contains("epoch 2: train loss"), "{stdout}");
    assert!(stdout.contains("keeping epoch"), "{stdout}");
    let network = Network::from_bytes(&std::fs::read(&net).unwrap()).expect("the network reads back");
    assert_eq!((network.variant(), network.hidden(), network.buckets()), (chuhan::Variant::Xiangqi, 32, 1));

    // Fine-tuning from it, and self-play data with it.
    ok(&["train", "--data", &fresh, "--out", &net, "--epochs", "1", "--init", &net, "--lr", "0.0005"]);
    let janggi = path(dir.path(), "janggi.data");
    ok(&["gen", "--out", &janggi, "--variant", "janggi", "--games", "2", "--nodes", "200"]);
    assert!(records(&janggi).iter().all(|r| r.variant() == chuhan::Variant::Janggi));
    let with_net = path(dir.path(), "net.data");
    ok(&["gen", "--out", &with_net, "--games", "1", "--nodes", "200", "--net", &net]);
    assert!(!records(&with_net).is_empty());
}

#[test]
fn collection_writes_games_the_database_imports_and_tune_fits() {
    let dir = tempfile::tempdir().unwrap();
    let (pgn, again, weights) = (path(dir.path(), "c.pgn"), path(dir.path(), "c2.pgn"), path(dir.path(), "w.rs"));
    ok(&["collection", "--out", &pgn, "--games", "12", "--threads", "2", "--seed", "5"]);
    ok(&["collection", "--out", &again, "--games", "12", "--seed", "5"]);
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text, std::fs::read_to_string(&again).unwrap(), "the collection depends on the threads");
    assert_eq!(text.matches("[Event ").count(), 12);

    let mut db = chuhan_db::Database::open(dir.path().join("games.db"), chuhan_db::Fold::Mirror).unwrap();
    let report = db.import(&[&pgn], &chuhan_db::ImportOptions::default(), |_| {}).unwrap();
    assert_eq!(report.games_read, 12);
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    assert_eq!(report.imported + report.duplicates, 12);
    let start = chuhan::Position::new(chuhan::Variant::Xiangqi);
    let explored = db.explore(&start, 8, chuhan_db::Lang::English).unwrap();
    assert_eq!(explored.games as usize, report.imported);

    ok(&["tune", "--xiangqi", &pgn, "--iterations", "3", "--write", &weights]);
    let rust = std::fs::read_to_string(&weights).unwrap();
    assert!(rust.contains("Written by the tuner (`chuhan-train tune`)"), "{rust}");
    assert!(rust.contains("//! Xiangqi: ") && rust.contains("positions from c.pgn; 3 iterations"), "{rust}");
    assert!(rust.contains("pub const XIANGQI: [[i16; 2]; COUNT]") && rust.contains("pub const JANGGI"), "{rust}");
}

#[test]
fn bad_arguments_and_files_are_errors_not_panics() {
    let dir = tempfile::tempdir().unwrap();
    let out = path(dir.path(), "out");
    // Usage errors: clap's message, status 2.
    assert!(fails(&["gen"], 2).contains("--out"));
    assert!(fails(&["gen", "--out", &out, "--variant", "chess"], 2).contains("chess"));
    assert!(fails(&["gen", "--out", &out, "--games", "many"], 2).contains("many"));
    assert!(fails(&["tune", "--iterations", "3"], 2).contains("--xiangqi"));
    assert!(fails(&["bogus"], 2).contains("bogus"));
    // Values and files found wrong once read: the reason, status 1.
    let missing = path(dir.path(), "missing.data");
    assert!(fails(&["train", "--data", &missing, "--out", &out], 1).contains("--data"));
    assert!(fails(&["train", "--data", &missing, "--out", &out, "--lambda", "2"], 1).contains("--lambda"));
    assert!(fails(&["train", "--data", &missing, "--out", &out, "--hidden", "33"], 1).contains("--hidden"));
    std::fs::write(&out, b"not a network").unwrap();
    assert!(fails(&["gen", "--out", &path(dir.path(), "g.data"), "--net", &out], 1).contains("--net"));
    assert!(fails(&["gen", "--out", &path(dir.path(), "g.data"), "--openings", &missing], 1).contains("--openings"));
    std::fs::write(&out, "h2e2 z9z9\n").unwrap();
    assert!(fails(&["gen", "--out", &path(dir.path(), "g.data"), "--openings", &out], 1).contains("line 1"));
}
