//! Finished games as PGN.
//!
//! Xiangqi PGN as the xqbase and wukong tools write it: the standard seven tags with `Red` and
//! `Black` for the players (janggi keeps the same tag names, Red meaning Cho, the first mover,
//! as Fairy-Stockfish does), `FEN` when the game did not start from the standard position,
//! `Variant`, and the moves as coordinates (ranks 0–9) or WXF. The end reason is the last
//! comment, so a reader sees why a game ended without replaying it.

use super::referee::GameRecord;
use chuhan::notation::Notation;
use chuhan::{GameResult, Position, Side, Variant};
use std::fmt::Write as _;

/// What the PGN header needs besides the game.
pub struct PgnHeader<'a> {
    pub event: &'a str,
    pub site: &'a str,
    pub date: &'a str,
    pub round: u32,
    pub variant: Variant,
    pub time_control: &'a str,
}

/// PGN's result token.
pub fn result_token(result: GameResult) -> &'static str {
    match result {
        GameResult::Win(Side::First) => "1-0",
        GameResult::Win(Side::Second) => "0-1",
        GameResult::Draw => "1/2-1/2",
    }
}

/// One game as PGN text, ending with a blank line.
pub fn write_game(h: &PgnHeader, g: &GameRecord, notation: Notation) -> String {
    let mut s = String::new();
    let tag = |s: &mut String, k: &str, v: &str| {
        let v = v.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = writeln!(s, "[{k} \"{v}\"]");
    };
    tag(&mut s, "Event", h.event);
    tag(&mut s, "Site", h.site);
    tag(&mut s, "Date", h.date);
    tag(&mut s, "Round", &h.round.to_string());
    tag(&mut s, "Red", &g.red);
    tag(&mut s, "Black", &g.black);
    tag(&mut s, "Result", result_token(g.result));
    if g.start_fen != h.variant.start_fen() {
        tag(&mut s, "FEN", &g.start_fen);
        tag(&mut s, "SetUp", "1");
    }
    tag(&mut s, "Variant", h.variant.name());
    tag(&mut s, "TimeControl", h.time_control);
    tag(&mut s, "PlyCount", &g.moves.len().to_string());
    tag(&mut s, "Termination", g.termination);
    s.push('\n');

    let Ok(mut pos) = Position::from_fen(h.variant, &g.start_fen) else {
        return s;
    };
    let mut words: Vec<String> = Vec::new();
    let first_number = pos.fullmove_number();
    let first_turn = pos.turn();
    for (i, &m) in g.moves.iter().enumerate() {
        let white = pos.turn() == Side::First;
        let number = first_number as usize + (i + usize::from(first_turn == Side::Second)) / 2;
        if white {
            words.push(format!("{number}."));
        } else if i == 0 {
            words.push(format!("{number}..."));
        }
        words.push(notation.format(&pos, m));
        if i + 1 == g.book_plies {
            words.push("{book}".to_string());
        } else if let Some(e) = i.checked_sub(g.book_plies).and_then(|k| g.evals.get(k)) {
            words.push(format!("{{{}}}", e.comment()));
        }
        pos.play_unchecked(m);
    }
    words.push(format!("{{{}}}", g.reason.replace('}', ")")));
    words.push(result_token(g.result).to_string());
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 80 {
            s.push_str(&line);
            s.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    s.push_str(&line);
    s.push_str("\n\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::referee::MoveEval;
    use chuhan_engine::Score;

    #[test]
    fn a_short_game() {
        let g = GameRecord {
            red: "A".into(),
            black: "B \"q\"".into(),
            start_fen: Variant::Xiangqi.start_fen().into(),
            book_plies: 1,
            moves: vec!["h2e2".parse().unwrap(), "h9g7".parse().unwrap(), "h0g2".parse().unwrap()],
            result: GameResult::Win(Side::First),
            termination: "rules infraction",
            reason: "Red wins: B played an illegal move a0a9".into(),
            evals: vec![MoveEval { score: Some(Score::cp(-35)), depth: Some(7), millis: 120 }],
        };
        let h = PgnHeader {
            event: "e",
            site: "s",
            date: "2025.01.01",
            round: 3,
            variant: Variant::Xiangqi,
            time_control: "10+0.1",
        };
        let text = write_game(&h, &g, Notation::Uci);
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(text.contains("[Black \"B \\\"q\\\"\"]"), "{text}");
        assert!(!text.contains("[FEN"));
        assert!(
            flat.contains("1. h2e2 {book} h9g7 {-0.35/7 0.120s} 2. h0g2 {Red wins: B played an illegal move a0a9} 1-0"),
            "{text}"
        );
        let text = write_game(&h, &g, Notation::Wxf);
        assert!(text.contains("1. C2.5 {book} H8+7 {-0.35/7 0.120s} 2. H2+3"), "{text}");
    }
}
