//! Differential tests against Fairy-Stockfish.
//!
//! `tests/data/{xiangqi,janggi}-legal.txt` were written by `scripts/gen_legal_fixtures.py` with
//! Fairy-Stockfish's Python binding (pyffish): one position a line, `FEN<TAB>legal moves`,
//! the moves sorted and converted from pyffish's ranks 1–10 to ours (0–9). Each position's moves
//! were asked for without history, so every line stands alone. The positions come from random
//! and capture- or check-seeking playouts, master-game openings, every janggi setup, bikjang
//! and positions after a pass; a large share is in check, some are mate or stalemate.

use chuhan::{Move, Position, Side, Square, Variant};

/// Whether the side that just moved left its general attacked: the same FEN with the other
/// side to move is in check.
fn side_not_to_move_in_check(pos: &Position) -> bool {
    let (now, other) = if pos.turn() == Side::First { (" w ", " b ") } else { (" b ", " w ") };
    let flipped = pos.to_fen().replacen(now, other, 1);
    Position::from_fen(pos.variant(), &flipped).is_ok_and(|p| p.is_check())
}

/// Whether the generals stand on one file with nothing between them, read from the FEN text.
fn bikjang_on_board(fen: &str) -> bool {
    let board = fen.split_whitespace().next().unwrap();
    let mut cells = Vec::new();
    for row in board.split('/') {
        let mut line = Vec::new();
        for c in row.chars() {
            match c.to_digit(10) {
                Some(d) => line.extend(std::iter::repeat_n('.', d as usize)),
                None => line.push(c),
            }
        }
        cells.push(line);
    }
    let find = |g: char| cells.iter().enumerate().find_map(|(r, l)| l.iter().position(|&c| c == g).map(|f| (r, f)));
    let (Some((r1, f1)), Some((r2, f2))) = (find('k'), find('K')) else {
        return false;
    };
    f1 == f2 && (r1 + 1..r2).all(|r| cells[r][f1] == '.')
}

fn check_file(variant: Variant, text: &str) {
    let mut checked = 0;
    let mut ended_by_bikjang_pass = 0;
    let mut failures = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let (fen, moves) = line.split_once('\t').unwrap_or_else(|| panic!("line {}: no tab", n + 1));
        let pos = Position::from_fen(variant, fen).unwrap_or_else(|e| panic!("line {}: {e}", n + 1));
        // Where chuhan and Fairy-Stockfish part: in janggi a side in check may still pass when
        // the generals face (bikjang), which ends the game. Asked without history,
        // Fairy-Stockfish lists moves for the position after such a pass — the capture of the
        // general among them; chuhan knows the game is over and lists none.
        if variant == Variant::Janggi && bikjang_on_board(fen) && side_not_to_move_in_check(&pos) {
            assert!(pos.legal_moves().is_empty(), "line {}", n + 1);
            ended_by_bikjang_pass += 1;
            continue;
        }
        let mut ours: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
        ours.sort();
        let mut theirs: Vec<&str> = moves.split_whitespace().collect();
        theirs.sort();
        // `is_legal` (which in xiangqi tests the one move, not the generator) agrees with
        // Fairy-Stockfish on every move of every piece of the side to move.
        for from in Square::ALL.into_iter().filter(|&sq| pos.piece_at(sq).is_some_and(|p| p.side == pos.turn())) {
            for to in Square::ALL {
                let m = Move::new(from, to);
                if pos.is_legal(m) != theirs.contains(&m.to_string().as_str()) {
                    failures.push(format!("line {}: {fen}: is_legal({m}) is {}", n + 1, pos.is_legal(m)));
                }
            }
        }
        if ours != theirs {
            let extra: Vec<&String> = ours.iter().filter(|m| !theirs.contains(&m.as_str())).collect();
            let missing: Vec<&&str> = theirs.iter().filter(|m| !ours.iter().any(|o| o == **m)).collect();
            failures.push(format!("line {}: {fen}\n  extra {extra:?}\n  missing {missing:?}", n + 1));
        }
        checked += 1;
    }
    assert!(checked >= 20_000, "only {checked} {variant} positions");
    assert!(ended_by_bikjang_pass <= 50, "{ended_by_bikjang_pass} lines rejected");
    assert!(
        failures.is_empty(),
        "{} of {checked} {variant} positions differ from Fairy-Stockfish:\n{}",
        failures.len(),
        failures.iter().take(20).cloned().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn xiangqi_legal_moves_match_fairy_stockfish() {
    check_file(Variant::Xiangqi, include_str!("data/xiangqi-legal.txt"));
}

#[test]
fn janggi_legal_moves_match_fairy_stockfish() {
    check_file(Variant::Janggi, include_str!("data/janggi-legal.txt"));
}
