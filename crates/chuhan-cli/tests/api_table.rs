//! docs/api.md's Rust column: every path named there is used below, so that a renamed or removed
//! item fails to compile, and the test fails when the table and this list differ (a name added
//! to the table must be added here, where it is compiled). The Python and JavaScript columns
//! are checked by `crates/chuhan-py/tests/test_api.py` and `crates/chuhan-wasm/tests/api.test.mjs`.

use std::collections::BTreeSet;

/// A type: named, so it must exist.
macro_rules! ty {
    ($p:path) => {{
        let _ = std::any::type_name::<$p>();
        stringify!($p)
    }};
}

/// A function or method that is not generic: taken as a value, so it must exist.
macro_rules! func {
    ($p:path) => {{
        let _ = $p;
        stringify!($p)
    }};
}

/// Every Rust path of the table, each compiled.
fn compiled() -> Vec<String> {
    use chuhan::notation::Notation;
    use chuhan_engine::eval::Evaluate;
    use chuhan_engine::search::{Limits, Shared};
    let names = vec![
        ty!(chuhan::Position),
        ty!(chuhan::Variant),
        func!(chuhan::Position::from_fen),
        func!(chuhan::Position::to_fen),
        ty!(chuhan::Move),
        ty!(chuhan::Square),
        ty!(chuhan::Piece),
        ty!(chuhan::Role),
        func!(chuhan::Position::piece_at),
        ty!(chuhan::Side),
        func!(chuhan::Position::turn),
        func!(chuhan::Position::legal_moves),
        func!(chuhan::Position::is_legal),
        func!(chuhan::Position::play),
        func!(chuhan::Position::undo),
        func!(chuhan::Position::play_notation),
        ty!(chuhan::notation::Notation),
        func!(chuhan::Position::history),
        func!(chuhan::Position::is_check),
        ty!(chuhan::Outcome),
        func!(chuhan::Game::ending_at),
        ty!(chuhan::Game),
        func!(chuhan::Game::play),
        func!(chuhan::Game::outcome),
        ty!(chuhan::Rules),
        func!(chuhan_record::RecordResult::pgn),
        func!(chuhan::EndReason::code),
        func!(chuhan::Outcome::describe),
        func!(chuhan::Outcome::verdict),
        ty!(chuhan::GameResult),
        ty!(chuhan_record::Record),
        {
            let _ = std::any::type_name::<chuhan_record::PgnReader<&[u8]>>();
            "chuhan_record::PgnReader"
        },
        {
            let _: fn(&mut Vec<u8>, &chuhan_record::Record, Notation) -> std::io::Result<()> =
                chuhan_record::pgn::write_game;
            "chuhan_record::pgn::write_game"
        },
        {
            let _ = |p: &chuhan::Position, s: &Shared, e: &dyn Evaluate, l: &Limits| {
                chuhan_engine::search::search(p, s, e, l, 1, |_| {})
            };
            "chuhan_engine::search::search"
        },
        ty!(chuhan_engine::search::Report),
        ty!(chuhan_db::Database),
    ];
    names.into_iter().map(|n| n.replace(' ', "")).collect()
}

/// The Rust names of docs/api.md's table: backticked paths (with `::`) of its second column.
fn table() -> Vec<String> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/api.md")).expect("docs/api.md");
    let mut names = Vec::new();
    for line in text.lines() {
        if !line.starts_with("| ") || line.starts_with("| concept") || line.starts_with("| ---") {
            continue;
        }
        let cells: Vec<&str> = line.trim().trim_matches('|').split('|').map(str::trim).collect();
        assert_eq!(cells.len(), 4, "{line}");
        for (i, token) in cells[1].split('`').enumerate() {
            if i % 2 == 1 && token.contains("::") {
                names.push(token.to_string());
            }
        }
    }
    names
}

#[test]
fn every_rust_name_of_the_api_table_exists() {
    let table: BTreeSet<String> = table().into_iter().collect();
    let compiled: BTreeSet<String> = compiled().into_iter().collect();
    assert!(table.len() >= 30, "{} names", table.len());
    let missing: Vec<_> = table.difference(&compiled).collect();
    let extra: Vec<_> = compiled.difference(&table).collect();
    assert!(missing.is_empty(), "named in docs/api.md but not compiled here: {missing:?}");
    assert!(extra.is_empty(), "compiled here but not in docs/api.md: {extra:?}");
}
