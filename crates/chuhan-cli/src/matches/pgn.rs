//! Finished games as PGN, written by chuhan-record's writer.
//!
//! Xiangqi PGN as the xqbase and wukong tools write it: `Game "Chinese Chess"`, the standard
//! seven tags with `Red` and `Black` for the players (janggi keeps the same tag names, Red
//! meaning Cho, the first mover, as Fairy-Stockfish does), `FEN` and `SetUp` when the game did
//! not start from the standard position, `Variant`, `Format`, and the moves in the chosen
//! notation. Comments follow fastchess and cutechess: `{book}` after the last opening move,
//! `{-0.35/7 0.120s}` (the mover's score, depth and time) after each engine move, and the end
//! reason after the last move (`{+1.20/9 0.100s, Red wins: ...}`), so a reader sees why a game
//! ended without replaying it.

use super::referee::GameRecord;
use chuhan::notation::Notation;
use chuhan::Variant;
use chuhan_record::{Node, Record, RecordResult};

/// What the PGN header needs besides the game.
pub struct PgnHeader<'a> {
    pub event: &'a str,
    pub site: &'a str,
    pub date: &'a str,
    pub round: u32,
    pub variant: Variant,
    pub time_control: &'a str,
}

/// One finished game as a record: the tags, the moves, and the comments described above.
pub fn to_record(h: &PgnHeader, g: &GameRecord) -> Record {
    let mut r = Record::new(h.variant);
    r.start_fen = g.start_fen.clone();
    r.outcome = RecordResult::from(g.result);
    let standard = r.has_standard_start();
    let tags = &mut r.headers;
    tags.set("Event", h.event);
    tags.set("Site", h.site);
    tags.set("Date", h.date);
    tags.set("Round", h.round.to_string());
    tags.set("Red", g.red.as_str());
    tags.set("Black", g.black.as_str());
    tags.set("Result", r.outcome.pgn());
    if !standard {
        tags.set("FEN", g.start_fen.as_str());
        tags.set("SetUp", "1");
    }
    tags.set("Variant", h.variant.name());
    tags.set("TimeControl", h.time_control);
    tags.set("PlyCount", g.moves.len().to_string());
    tags.set("Termination", g.termination);
    r.main.nodes = g
        .moves
        .iter()
        .enumerate()
        .map(|(i, &m)| {
            let mut node = Node::new(m);
            node.comment = if i + 1 == g.book_plies {
                Some("book".to_string())
            } else {
                i.checked_sub(g.book_plies).and_then(|k| g.evals.get(k)).map(|e| e.comment())
            };
            node
        })
        .collect();
    let slot = match r.main.nodes.last_mut() {
        Some(last) => &mut last.comment,
        None => &mut r.main.comment,
    };
    *slot = Some(match slot.take() {
        Some(c) => format!("{c}, {}", g.reason),
        None => g.reason.clone(),
    });
    r
}

/// One game as PGN text, ending with a blank line. Fails only when the start position does not
/// read (the referee played from it, so it does).
pub fn write_game(h: &PgnHeader, g: &GameRecord, notation: Notation) -> std::io::Result<String> {
    let mut out = Vec::new();
    chuhan_record::pgn::write_game(&mut out, &to_record(h, g), notation)?;
    String::from_utf8(out).map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::referee::MoveEval;
    use chuhan::{GameResult, Side};
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
        let text = write_game(&h, &g, Notation::Uci).unwrap();
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(text.contains("[Black \"B \\\"q\\\"\"]"), "{text}");
        assert!(!text.contains("[FEN"));
        // After a comment, a Black move takes its number again (`1...`), as PGN's export
        // format asks and chuhan-record's writer does.
        assert!(
            flat.contains(
                "1. h2e2 {book} 1... h9g7 {-0.35/7 0.120s} 2. h0g2 {Red wins: B played an illegal move a0a9} 1-0"
            ),
            "{text}"
        );
        assert!(text.starts_with("[Game \"Chinese Chess\"]\n[Event \"e\"]\n"), "{text}");
        assert!(text.contains("[Result \"1-0\"]") && text.contains("[Variant \"xiangqi\"]"), "{text}");
        let text = write_game(&h, &g, Notation::Wxf).unwrap();
        assert!(text.contains("1. C2.5 {book} 1... H8+7 {-0.35/7 0.120s} 2. H2+3"), "{text}");
        // The end reason joins the last move's own comment, as cutechess writes it; the PGN
        // reads back with the same moves and result.
        let mut g2 = g.clone();
        g2.evals.push(MoveEval { score: Some(Score::mate_in_plies(3)), depth: Some(9), millis: 5 });
        let text = write_game(&h, &g2, Notation::Uci).unwrap();
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains("2. h0g2 {+M2/9 0.005s, Red wins: B played an illegal move a0a9} 1-0"), "{text}");
        let back = chuhan_record::pgn::read_all(&text).remove(0).unwrap();
        assert_eq!((back.mainline_moves(), back.outcome), (g2.moves.clone(), RecordResult::RedWins));
    }
}
