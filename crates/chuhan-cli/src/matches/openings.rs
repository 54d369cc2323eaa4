//! Openings: where each pair of games starts.
//!
//! A file may be PGN (tags and movetext in any notation chuhan reads), an EPD/FEN list, or a
//! moves list (one opening a line, coordinates). Every opening is replayed through chuhan's
//! rules when loaded, so a bad line is reported with its place before any engine starts.

use super::Xorshift;
use anyhow::{bail, Context, Result};
use chuhan::game::{Game, Rules};
use chuhan::notation::Notation;
use chuhan::{Move, Position, Variant};
use std::path::Path;

/// A start position and the moves played from it before the engines take over.
#[derive(Clone, Debug, PartialEq)]
pub struct Opening {
    /// FEN of the start position.
    pub fen: String,
    pub moves: Vec<Move>,
}

impl Opening {
    pub fn start(variant: Variant) -> Opening {
        Opening { fen: variant.start_fen().to_string(), moves: Vec::new() }
    }
}

const XIANGQI: &str = include_str!("../../data/openings-xiangqi.txt");
const JANGGI: &str = include_str!("../../data/openings-janggi.txt");

/// The openings shipped with chuhan (see `scripts/make_openings.py`).
pub fn default_set(variant: Variant) -> Vec<Opening> {
    let text = match variant {
        Variant::Xiangqi => XIANGQI,
        Variant::Janggi => JANGGI,
    };
    parse(text, variant, "built-in openings").unwrap_or_else(|_| vec![Opening::start(variant)])
}

/// `count` openings for `count` pairs of games: `book`'s in turn, each followed by `plies` random
/// legal moves drawn from `seed` and the pair's number. A pass is never drawn, nor a move after
/// which the game is over by `rules`; an opening whose position offers no other move keeps the
/// plies drawn so far. An opening that cannot be replayed is kept as it is (its games report it).
pub fn with_random_plies(
    book: &[Opening],
    count: usize,
    plies: usize,
    seed: u64,
    variant: Variant,
    rules: Rules,
) -> Vec<Opening> {
    (0..count)
        .map(|pair| {
            let mut opening = book[pair % book.len()].clone();
            let mut rng = Xorshift::new(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ (pair as u64 + 1));
            let Ok(start) = Position::from_fen(variant, &opening.fen) else { return opening };
            let mut game = Game::new(start, rules);
            if opening.moves.iter().any(|&m| game.play(m).is_err()) || game.outcome().is_some() {
                return opening;
            }
            for _ in 0..plies {
                let mut candidates: Vec<Move> =
                    game.position().legal_moves().iter().copied().filter(|m| !m.is_pass()).collect();
                let mut played = false;
                while !candidates.is_empty() {
                    let m = candidates.swap_remove(rng.below(candidates.len()));
                    let mut next = game.clone();
                    if matches!(next.play(m), Ok(None)) {
                        game = next;
                        opening.moves.push(m);
                        played = true;
                        break;
                    }
                }
                if !played {
                    break;
                }
            }
            opening
        })
        .collect()
}

/// Reads an openings file.
pub fn load(path: &Path, variant: Variant) -> Result<Vec<Opening>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read --openings {}", path.display()))?;
    let openings = parse(&text, variant, &path.display().to_string())?;
    if openings.is_empty() {
        bail!("--openings {}: no openings found", path.display());
    }
    Ok(openings)
}

/// Reads openings from text: PGN when a line starts with `[`, otherwise one opening a line.
pub fn parse(text: &str, variant: Variant, source: &str) -> Result<Vec<Opening>> {
    if text.lines().any(|l| l.trim_start().starts_with('[')) {
        parse_pgn(text, variant, source)
    } else {
        let mut out = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') || line.starts_with(';') {
                continue;
            }
            let opening = parse_line(line, variant).with_context(|| format!("{source}, line {}", i + 1))?;
            out.push(opening);
        }
        Ok(out)
    }
}

/// One line: `FEN [moves m1 m2 ...]`, an EPD (4 fields and operations), or moves alone.
fn parse_line(line: &str, variant: Variant) -> Result<Opening> {
    let (head, tail) = match line.find(" moves ") {
        Some(i) => (&line[..i], Some(&line[i + 7..])),
        None => (line, None),
    };
    if head.contains('/') {
        let fields: Vec<&str> = head.split(';').next().unwrap_or(head).split_whitespace().collect();
        if fields.len() < 2 {
            bail!("{head:?}: a FEN needs at least the board and the side to move");
        }
        // FEN: 6 fields; EPD: 4 fields followed by operations, which are dropped.
        let clocks = match (fields.get(4), fields.get(5)) {
            (Some(h), Some(f)) if h.parse::<u32>().is_ok() && f.parse::<u32>().is_ok() => format!("{h} {f}"),
            _ => "0 1".to_string(),
        };
        let fen = format!("{} {} - - {clocks}", fields[0], fields[1]);
        let pos = Position::from_fen(variant, &fen).with_context(|| format!("FEN {fen:?}"))?;
        let moves = match tail {
            Some(t) => read_moves(&pos, &t.split_whitespace().collect::<Vec<_>>())?,
            None => Vec::new(),
        };
        Ok(Opening { fen: pos.to_fen(), moves })
    } else {
        let words: Vec<&str> = head.split_whitespace().collect();
        let pos = Position::new(variant);
        Ok(Opening { fen: variant.start_fen().to_string(), moves: read_moves(&pos, &words)? })
    }
}

/// Reads movetext words (move numbers and results skipped) in whatever notation fits them all.
fn read_moves(start: &Position, words: &[&str]) -> Result<Vec<Move>> {
    let moves: Vec<&str> = words.iter().copied().filter(|w| !is_number_or_result(w)).collect();
    if moves.is_empty() {
        return Ok(Vec::new());
    }
    let notation = Notation::detect(start, &moves).with_context(|| {
        format!("moves {:?} are not legal in one notation from {}", moves.join(" "), start.to_fen())
    })?;
    let mut pos = start.clone();
    let mut out = Vec::new();
    for text in moves {
        let m = notation.parse(&pos, text).with_context(|| format!("move {text:?}"))?;
        pos.play_unchecked(m);
        out.push(m);
    }
    Ok(out)
}

fn is_number_or_result(word: &str) -> bool {
    chuhan_record::RecordResult::from_pgn(word).is_some()
        || (word.ends_with('.') && word.trim_end_matches('.').chars().all(|c| c.is_ascii_digit()))
}

fn parse_pgn(text: &str, variant: Variant, source: &str) -> Result<Vec<Opening>> {
    let mut out = Vec::new();
    let mut fen: Option<String> = None;
    let mut movetext = String::new();
    let mut game_line = 0;
    let mut in_movetext = false;
    let mut flush = |fen: &mut Option<String>, movetext: &mut String, line: usize| -> Result<()> {
        let start = match fen.take() {
            Some(f) => {
                Position::from_fen(variant, &f).with_context(|| format!("{source}, game at line {line}: FEN"))?
            }
            None => Position::new(variant),
        };
        let cleaned = strip_comments(movetext);
        let words: Vec<&str> = cleaned.split_whitespace().flat_map(split_number).collect();
        let moves = read_moves(&start, &words).with_context(|| format!("{source}, game at line {line}"))?;
        out.push(Opening { fen: start.to_fen(), moves });
        movetext.clear();
        Ok(())
    };
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.starts_with('[') {
            if in_movetext {
                flush(&mut fen, &mut movetext, game_line)?;
                in_movetext = false;
            }
            if !in_movetext && fen.is_none() && movetext.is_empty() && game_line == 0 {
                game_line = i + 1;
            }
            if let Some(value) = t.strip_prefix("[FEN \"").and_then(|r| r.strip_suffix("\"]")) {
                fen = Some(value.to_string());
            }
        } else if !t.is_empty() {
            if !in_movetext {
                game_line = game_line.max(1);
            }
            in_movetext = true;
            movetext.push_str(t);
            movetext.push(' ');
        }
    }
    if in_movetext || fen.is_some() {
        flush(&mut fen, &mut movetext, game_line)?;
    }
    Ok(out)
}

/// `1.h2e2` → `1.` and `h2e2`.
fn split_number(word: &str) -> Vec<&str> {
    match word.find('.') {
        Some(i) if i > 0 && word[..i].chars().all(|c| c.is_ascii_digit()) && i + 1 < word.len() => {
            let rest = word[i..].trim_start_matches('.');
            vec![&word[..=i], rest]
        }
        _ => vec![word],
    }
}

/// Drops `{...}` comments, `;` comments and `(...)` variations.
fn strip_comments(text: &str) -> String {
    let mut out = String::new();
    let mut brace = false;
    let mut paren = 0;
    for line in text.split('\n') {
        let mut semicolon = false;
        for c in line.chars() {
            match c {
                _ if semicolon => {}
                '{' => brace = true,
                '}' => brace = false,
                _ if brace => {}
                '(' => paren += 1,
                ')' => paren = (paren - 1).max(0),
                ';' if paren == 0 => semicolon = true,
                _ if paren > 0 => {}
                c => out.push(c),
            }
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_lists_fens_and_epd() {
        let text = "# comment\nh2e2 h9g7\n1. h2e2 h7e7 2. h0g2\n\
                    rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves b2e2\n\
                    rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - ; id \"x\"\n\
                    C2.5 H8+7\n";
        let o = parse(text, Variant::Xiangqi, "t").unwrap();
        assert_eq!(o.len(), 5);
        assert_eq!(o[0].moves.len(), 2);
        assert_eq!(o[1].moves.len(), 3);
        assert_eq!(o[2].moves, vec!["b2e2".parse().unwrap()]);
        assert!(o[3].moves.is_empty());
        assert_eq!(o[4].moves, o[0].moves);
    }

    #[test]
    fn bad_lines_name_their_place() {
        let e = parse("h2e2\nh2e9\n", Variant::Xiangqi, "book.txt").unwrap_err();
        assert!(format!("{e:#}").contains("book.txt, line 2"), "{e:#}");
    }

    #[test]
    fn pgn_games() {
        let text = "[Event \"a\"]\n[Red \"x\"]\n\n1. h2e2 {centre} h9g7 2. h0g2 *\n\n\
                    [Event \"b\"]\n[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\"]\n\n\
                    1.c3c4 (1. g3g4) 1-0\n";
        let o = parse(text, Variant::Xiangqi, "t").unwrap();
        assert_eq!(o.len(), 2);
        assert_eq!(o[0].moves.len(), 3);
        assert_eq!(o[1].moves, vec!["c3c4".parse().unwrap()]);
    }

    #[test]
    fn random_plies_make_every_pair_its_own_game() {
        for variant in [Variant::Xiangqi, Variant::Janggi] {
            let rules = Rules::for_variant(variant);
            let book = default_set(variant)[..3].to_vec();
            let out = with_random_plies(&book, 40, 3, 9, variant, rules);
            assert_eq!(out.len(), 40);
            let mut seen = std::collections::HashSet::new();
            for (i, o) in out.iter().enumerate() {
                let base = &book[i % book.len()];
                assert_eq!(o.fen, base.fen);
                assert_eq!(&o.moves[..base.moves.len()], &base.moves[..], "{variant}: the opening comes first");
                assert_eq!(o.moves.len(), base.moves.len() + 3);
                let mut game = Game::new(Position::from_fen(variant, &o.fen).unwrap(), rules);
                for &m in &o.moves {
                    assert!(!m.is_pass());
                    assert_eq!(game.play(m).map(|end| end.is_none()), Ok(true), "{variant}: {m} is legal, no end");
                }
                seen.insert(o.moves.clone());
            }
            assert!(seen.len() >= 38, "{variant}: only {} distinct openings of 40", seen.len());
            // The same seed gives the same openings; another seed others.
            assert_eq!(with_random_plies(&book, 40, 3, 9, variant, rules), out);
            assert_ne!(with_random_plies(&book, 40, 3, 10, variant, rules), out);
        }
    }

    #[test]
    fn random_plies_stop_where_no_move_is_left() {
        // Red to move, mated already: nothing can be added, the opening stays as it is.
        let rules = Rules::for_variant(Variant::Xiangqi);
        let fen = "3k5/9/9/9/3rrr3/9/9/9/9/4K4 w - - 0 1";
        let book = vec![Opening { fen: fen.into(), moves: Vec::new() }];
        let out = with_random_plies(&book, 2, 4, 1, Variant::Xiangqi, rules);
        assert_eq!(out, [book[0].clone(), book[0].clone()]);
    }

    #[test]
    fn shipped_openings_replay() {
        for v in [Variant::Xiangqi, Variant::Janggi] {
            let text = match v {
                Variant::Xiangqi => XIANGQI,
                Variant::Janggi => JANGGI,
            };
            let o = parse(text, v, "built-in").unwrap();
            assert!(o.len() >= 16, "{v}: {} openings", o.len());
            let mut seen = std::collections::HashSet::new();
            for op in &o {
                assert!(seen.insert((op.fen.clone(), op.moves.clone())), "duplicate {op:?}");
            }
        }
    }
}
