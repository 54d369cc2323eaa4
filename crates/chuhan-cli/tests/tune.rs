//! `chuhan tune` with the real engine (`chuhan engine --tune`): a short run at a few hundred
//! nodes a move that finishes, saves and resumes, and the mistakes it refuses before playing.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const CHUHAN: &str = env!("CARGO_BIN_EXE_chuhan");

fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tune").join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn tune(args: &[&str]) -> Output {
    Command::new(CHUHAN).arg("tune").args(args).output().expect("chuhan runs")
}

fn text(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

#[test]
fn a_short_run_finishes_saves_and_resumes() {
    let dir = scratch("short");
    let state = dir.join("run.json");
    let engine = format!("cmd={CHUHAN},arg=engine,arg=--tune");
    let args = [
        "--engine",
        &engine,
        "--param",
        "RfpMargin, int, 90, 20, 300, 10, 0.002",
        "--param",
        "LmrDivisor, int, 200, 100, 500, 15, 0.002",
        "--pairs",
        "4",
        "--nodes",
        "300",
        "--concurrency",
        "2",
        "--state",
        state.to_str().unwrap(),
    ];
    let o = tune(&args);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("pairs 2/4") && out.contains("pairs 4/4"), "one line per step of two pairs: {out}");
    assert!(out.contains("Finished 4 pairs"), "{out}");
    assert!(out.contains("For chuhan match: --engine ") && out.contains("option.RfpMargin="), "{out}");
    let saved: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&state).unwrap()).unwrap();
    assert_eq!(saved["pairs_done"], 4);
    assert_eq!(saved["history"].as_array().unwrap().len(), 2);
    let [w, d, l] = [0, 1, 2].map(|i| saved["wdl"][i].as_u64().unwrap());
    assert_eq!(w + d + l, 8, "eight games");
    // The same command again: the run is already finished, nothing more is played.
    let again = tune(&args);
    let out = text(&again);
    assert!(again.status.success() && out.contains("Resuming") && out.contains("at pair 4 of 4"), "{out}");
    assert!(!out.contains("pairs 4/4"), "{out}");
    // Another setup against the saved run is refused.
    let mut other = args.to_vec();
    other[7] = "8";
    let refused = tune(&other);
    assert!(!refused.status.success() && text(&refused).contains("another --state"), "{}", text(&refused));
}

#[test]
fn mistakes_are_refused_before_any_game() {
    let dir = scratch("mistakes");
    let state = dir.join("run.json");
    let run = |engine: &str, param: &str| {
        let o = tune(&["--engine", engine, "--param", param, "--nodes", "100", "--state", state.to_str().unwrap()]);
        assert!(!o.status.success());
        assert!(!state.exists(), "nothing saved");
        text(&o)
    };
    let tuning = format!("cmd={CHUHAN},arg=engine,arg=--tune");
    let plain = format!("cmd={CHUHAN},arg=engine");
    let good = "RfpMargin, int, 90, 20, 300, 10, 0.002";
    assert!(run(&tuning, "RfpMargn, int, 90, 20, 300, 10, 0.002").contains("\"RfpMargn\""));
    assert!(run(&plain, good).contains("arg=--tune"));
    assert!(run(&tuning, "RfpMargin, int, 90, 20").contains("expected NAME"));
    let o = tune(&["--engine", &tuning, "--param", good, "--state", state.to_str().unwrap()]);
    assert!(text(&o).contains("give a time control"), "{}", text(&o));
}
