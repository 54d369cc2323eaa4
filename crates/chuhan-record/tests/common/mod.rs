//! Helpers shared by the record tests (each test file uses some of them).
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// A file of `../shared/testdata` (or of `$CHUHAN_SHARED/testdata`, for a checkout elsewhere such
/// as a git worktree), or `None` (with a `skipped:` line) when the shared samples are absent:
/// they are read in place, never copied into the repository (several are GPL/LGPL).
pub fn shared(rel: &str) -> Option<PathBuf> {
    let base = match std::env::var_os("CHUHAN_SHARED") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared")).to_path_buf(),
    };
    let p = base.join("testdata").join(rel);
    if p.exists() {
        Some(p)
    } else {
        println!("skipped: {} is absent", p.display());
        None
    }
}

/// Writes `bytes` to a file called `name` in a fresh directory, removed when the returned
/// guard is dropped (at the end of the test that holds it).
pub fn temp(name: &str, bytes: &[u8]) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::Builder::new().prefix("chuhan-record-test-").tempdir().unwrap();
    let p = dir.path().join(name);
    std::fs::write(&p, bytes).unwrap();
    (dir, p)
}
