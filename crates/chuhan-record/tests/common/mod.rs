//! Helpers shared by the record tests.

use std::path::{Path, PathBuf};

/// A file of `../shared/testdata`, or `None` (with a `skipped:` line) when the shared samples are
/// absent: they are read in place, never copied into the repository (several are GPL/LGPL).
pub fn shared(rel: &str) -> Option<PathBuf> {
    let p = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/testdata")).join(rel);
    if p.exists() {
        Some(p)
    } else {
        println!("skipped: {} is absent", p.display());
        None
    }
}
