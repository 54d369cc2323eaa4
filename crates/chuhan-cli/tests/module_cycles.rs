//! No module of a crate may depend, through other modules, on itself (issue 40): the modules of
//! each crate form a graph without cycles, so that each can be read, tested and moved after
//! those it uses. The graph is read from the sources: an edge from module `a` (a file `a.rs` or
//! a directory `a/` under `src/`) to module `b` for every `crate::b` path in `a`'s code
//! (comments left out; `use crate::{b, c::d}` counts `b` and `c`).
//!
//! The cycles that are still there are listed in [`KNOWN`], crate by crate: the test fails when
//! a cycle appears that is not listed (a new one) and when a listed one is gone (remove it from
//! the list, so it cannot come back unnoticed).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The cycles left, each as its modules in order (issue 40 removes them one by one).
const KNOWN: &[(&str, &[&str])] = &[("chuhan-server", &["gamedb", "params", "records", "room", "tree"])];

/// The top-level module of a source file: its first path component under `src/`.
fn module_of(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).unwrap();
    let first = rel.components().next().unwrap().as_os_str().to_string_lossy().to_string();
    first.strip_suffix(".rs").unwrap_or(&first).to_string()
}

/// The code of `text` without its comments (line comments; block comments are not used for
/// code-like text in this workspace).
fn code(text: &str) -> String {
    text.lines().map(|l| l.find("//").map_or(l, |i| &l[..i])).collect::<Vec<_>>().join("\n")
}

fn ident(s: &str) -> &str {
    let end = s.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(s.len());
    &s[..end]
}

/// The modules a piece of code names through `crate::`.
fn targets(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = code;
    while let Some(i) = rest.find("crate::") {
        rest = &rest[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // The first segment of each item at depth 0 of the braces.
            let (mut depth, mut at_item) = (0usize, true);
            for (j, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        rest = &group[j..];
                        break;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => at_item = true,
                    c if at_item && depth == 0 && (c.is_ascii_alphabetic() || c == '_') => {
                        out.insert(ident(&group[j..]).to_string());
                        at_item = false;
                    }
                    _ => {}
                }
            }
        } else {
            let name = ident(rest);
            if !name.is_empty() {
                out.insert(name.to_string());
            }
        }
    }
    out
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let p = entry.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// The module graph of the crate whose sources are in `src`.
fn graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let m = module_of(src, &file);
        if m == "lib" || m == "main" {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap();
        let entry = edges.entry(m.clone()).or_default();
        entry.extend(targets(&code(&text)).into_iter().filter(|t| *t != m));
    }
    edges
}

/// The strongly connected components of more than one module (Tarjan), each sorted.
fn cycles(edges: &BTreeMap<String, BTreeSet<String>>) -> BTreeSet<Vec<String>> {
    struct Walk<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        found: BTreeSet<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a str) {
            let i = self.index.len();
            self.index.insert(v, i);
            self.low.insert(v, i);
            self.stack.push(v);
            for w in self.edges.get(v).into_iter().flatten() {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let lw = self.low[w];
                    let lv = self.low.get_mut(v).unwrap();
                    *lv = (*lv).min(lw);
                } else if self.stack.contains(&w) {
                    let iw = self.index[w];
                    let lv = self.low.get_mut(v).unwrap();
                    *lv = (*lv).min(iw);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = Vec::new();
                while let Some(w) = self.stack.pop() {
                    component.push(w.to_string());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.found.insert(component);
                }
            }
        }
    }
    let mut walk =
        Walk { edges, index: BTreeMap::new(), low: BTreeMap::new(), stack: Vec::new(), found: BTreeSet::new() };
    for v in edges.keys() {
        if !walk.index.contains_key(v.as_str()) {
            walk.visit(v);
        }
    }
    walk.found
}

#[test]
fn the_reader_of_crate_paths_sees_groups_and_nesting() {
    let code = code("use crate::a::X; // crate::comment\nuse crate::{\n    b,\n    c::{d, e},\n    f::G,\n};\nlet x = crate::h::y();");
    let found: Vec<String> = targets(&code).into_iter().collect();
    assert_eq!(found, ["a", "b", "c", "f", "h"]);
    let edges: BTreeMap<String, BTreeSet<String>> =
        [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")].iter().fold(BTreeMap::new(), |mut m, (x, y)| {
            m.entry(x.to_string()).or_default().insert(y.to_string());
            m
        });
    assert_eq!(cycles(&edges), BTreeSet::from([vec!["a".to_string(), "b".into(), "c".into()]]));
}

#[test]
fn no_module_depends_on_itself_beyond_the_known_cycles() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut found: BTreeMap<String, BTreeSet<Vec<String>>> = BTreeMap::new();
    for entry in std::fs::read_dir(&crates).unwrap().flatten() {
        let src = entry.path().join("src");
        if src.is_dir() {
            let c = cycles(&graph(&src));
            if !c.is_empty() {
                found.insert(entry.file_name().to_string_lossy().to_string(), c);
            }
        }
    }
    let mut known: BTreeMap<String, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (krate, modules) in KNOWN {
        known.entry(krate.to_string()).or_default().insert(modules.iter().map(|m| m.to_string()).collect());
    }
    assert_eq!(
        found, known,
        "the module cycles found (left) are not the known ones (right): a new cycle, or a fixed one to take off KNOWN"
    );
}
