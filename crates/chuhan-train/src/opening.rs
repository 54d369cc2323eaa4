//! Opening lines: the files `gen --openings` reads and the book `collection` plays from.

use anyhow::{anyhow, Context, Result};
use chuhan::{Move, Position, Variant};
use std::path::Path;

/// Reads an openings file: one opening a line, coordinate moves from the start or
/// `FEN [moves ...]`; empty lines and `#` comments are skipped.
pub fn read_file(path: &Path, variant: Variant) -> Result<Vec<(Position, Vec<Move>)>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("--openings {}", path.display()))?;
    let mut openings = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let opening = parse(line, variant).map_err(|e| anyhow!("{}, line {}: {e}", path.display(), i + 1))?;
        openings.push(opening);
    }
    Ok(openings)
}

/// One line of an openings file: coordinate moves from the start, or `FEN [moves ...]`.
pub fn parse(line: &str, variant: Variant) -> Result<(Position, Vec<Move>), String> {
    let (pos, moves) = match line.split_once(" moves ") {
        Some((fen, moves)) if fen.contains('/') => {
            (Position::from_fen(variant, fen).map_err(|e| e.to_string())?, moves)
        }
        None if line.contains('/') => (Position::from_fen(variant, line).map_err(|e| e.to_string())?, ""),
        _ => (Position::new(variant), line),
    };
    let mut p = pos.clone();
    let mut list = Vec::new();
    for w in moves.split_whitespace() {
        let m: Move = w.parse().map_err(|_| format!("{w:?} is not a move"))?;
        if !p.is_legal(m) {
            return Err(format!("{w} is not legal here"));
        }
        p.play_unchecked(m);
        list.push(m);
    }
    Ok((pos, list))
}

/// A book of xiangqi lines from the start (chuhan-cli's `data/openings-xiangqi.txt`, which
/// has no FEN lines), each checked move by move.
pub fn book(text: &str) -> Result<Vec<Vec<Move>>> {
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (_, moves) = parse(line, Variant::Xiangqi).map_err(|e| anyhow!("openings line {}: {e}", i + 1))?;
        lines.push(moves);
    }
    Ok(lines)
}
