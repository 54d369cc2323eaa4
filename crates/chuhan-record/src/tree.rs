//! The game tree every format reads into and writes from: headers, a start position, a main
//! line of moves with comments, NAGs and nested variations, and a result.
//!
//! A [`Line`] is a sequence of moves from one position; each [`Node`] may carry variations,
//! which are alternatives to that node's move (lines that start from the position before it).
//! This is the shape PGN writes, and XQF's and DhtmlXQ's first-child/next-sibling trees map onto
//! it without loss: the siblings of a move become its variations.

use chuhan::{FenError, GameResult, Move, Position, Side, Variant};
use std::fmt;

/// The tag names a record carries, in the order read. A list rather than a map because PGN
/// writes them back in that order, and tools that diff records expect it kept.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Headers(Vec<(String, String)>);

impl Headers {
    /// No headers.
    pub fn new() -> Headers {
        Headers(Vec::new())
    }

    /// The value of `key` (case-sensitive, as PGN tags are), if present.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// Sets `key` to `value`, replacing an earlier value in place or appending.
    pub fn set(&mut self, key: impl Into<String>, value: impl Into<String>) {
        let (key, value) = (key.into(), value.into());
        match self.0.iter_mut().find(|(k, _)| *k == key) {
            Some(slot) => slot.1 = value,
            None => self.0.push((key, value)),
        }
    }

    /// Removes `key`; returns its value if it was present.
    pub fn remove(&mut self, key: &str) -> Option<String> {
        let i = self.0.iter().position(|(k, _)| k == key)?;
        Some(self.0.remove(i).1)
    }

    /// The pairs in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// How many headers there are.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The result a record states (the PGN `Result` tag, XQF's and CCBridge's result fields):
/// who won, as records write it. Not to be confused with [`chuhan::Outcome`], how the rules
/// ended a game and why.
///
/// This is the one place the workspace turns a result into PGN's token (`1-0`, `0-1`,
/// `1/2-1/2`, `*`) and back: [`RecordResult::pgn`] and [`RecordResult::from_pgn`]. A rules result
/// ([`chuhan::GameResult`]) converts with `RecordResult::from`, so code that ends games never writes
/// the tokens itself.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum RecordResult {
    /// Red (janggi: Cho) won: `1-0`.
    RedWins,
    /// Black (janggi: Han) won: `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// Not known or not finished: `*`.
    #[default]
    Unknown,
}

/// The old name of [`RecordResult`], kept for one release.
#[deprecated(note = "renamed RecordResult (chuhan::Outcome is how a game ended by the rules)")]
pub type Outcome = RecordResult;

impl RecordResult {
    /// The PGN result token: `1-0`, `0-1`, `1/2-1/2` or `*`. Also what `Display` writes.
    pub const fn pgn(self) -> &'static str {
        match self {
            RecordResult::RedWins => "1-0",
            RecordResult::BlackWins => "0-1",
            RecordResult::Draw => "1/2-1/2",
            RecordResult::Unknown => "*",
        }
    }

    /// Reads a PGN result token as it stands in movetext: the four of [`RecordResult::pgn`] and `½-½`.
    /// `None` for anything else, so that a tokenizer can tell results from moves.
    pub fn from_pgn(token: &str) -> Option<RecordResult> {
        Some(match token {
            "1-0" => RecordResult::RedWins,
            "0-1" => RecordResult::BlackWins,
            "1/2-1/2" | "½-½" => RecordResult::Draw,
            "*" => RecordResult::Unknown,
            _ => return None,
        })
    }

    /// Reads a result as headers write it: a PGN token ([`RecordResult::from_pgn`]), `0.5-0.5`, or
    /// the Chinese words records use (红胜, 黑胜, 和棋...); surrounding spaces are ignored and an
    /// empty text is [`RecordResult::Unknown`].
    pub fn from_text(text: &str) -> Option<RecordResult> {
        let t = text.trim();
        if let Some(o) = RecordResult::from_pgn(t) {
            return Some(o);
        }
        Some(match t {
            "红胜" | "紅勝" | "红方胜" | "紅方勝" | "先胜" | "先勝" => RecordResult::RedWins,
            "黑胜" | "黑勝" | "黑方胜" | "黑方勝" | "先负" | "先負" => RecordResult::BlackWins,
            "0.5-0.5" | "和棋" | "和" | "先和" | "和局" => RecordResult::Draw,
            "" | "未知" => RecordResult::Unknown,
            _ => return None,
        })
    }

    /// The winner, if any.
    pub const fn winner(self) -> Option<Side> {
        match self {
            RecordResult::RedWins => Some(Side::First),
            RecordResult::BlackWins => Some(Side::Second),
            _ => None,
        }
    }

    /// The first mover's points: 1, ½ or 0; `None` when the result is not known. What ratings
    /// and match scores count.
    pub const fn red_points(self) -> Option<f64> {
        match self {
            RecordResult::RedWins => Some(1.0),
            RecordResult::BlackWins => Some(0.0),
            RecordResult::Draw => Some(0.5),
            RecordResult::Unknown => None,
        }
    }
}

impl From<GameResult> for RecordResult {
    /// The record's view of a finished game: a win for the first mover is `1-0`.
    fn from(r: GameResult) -> RecordResult {
        match r {
            GameResult::Win(Side::First) => RecordResult::RedWins,
            GameResult::Win(Side::Second) => RecordResult::BlackWins,
            GameResult::Draw => RecordResult::Draw,
        }
    }
}

impl From<Option<GameResult>> for RecordResult {
    /// A game that may not be over: [`RecordResult::Unknown`] (`*`) while it goes on.
    fn from(r: Option<GameResult>) -> RecordResult {
        r.map_or(RecordResult::Unknown, RecordResult::from)
    }
}

impl fmt::Display for RecordResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.pgn())
    }
}

/// One move of a line with what is written after it. The move is a checked [`Move`] rather than
/// its text, so that a record read in one notation can be written in any other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The move, legal in the position before it (checked when the record is read).
    pub mv: Move,
    /// Numeric annotation glyphs (`$1` = good move...), in order.
    pub nags: Vec<u8>,
    /// The comment after the move.
    pub comment: Option<String>,
    /// Alternatives to this move: each starts from the position before it.
    pub variations: Vec<Line>,
}

impl Node {
    /// A bare move.
    pub fn new(mv: Move) -> Node {
        Node { mv, nags: Vec::new(), comment: None, variations: Vec::new() }
    }
}

/// A sequence of moves from one position, with an optional comment before the first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// The comment before the first move (for the main line: the game's opening comment).
    pub comment: Option<String>,
    /// The moves in order.
    pub nodes: Vec<Node>,
}

/// A game record: what a file says about one game (headers, start, moves with comments and
/// variations, result). Named `Record`, not `Game`, because `chuhan::Game` is the rules' game
/// over time (clocks, repetitions, endings); a record is only what was written down.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Tags, in the order read. `FEN`, `Variant`, `Result` and `Format` are kept in step with
    /// the fields below by the writers, not here.
    pub headers: Headers,
    /// Which game.
    pub variant: Variant,
    /// The start position as FEN (with the side to move).
    pub start_fen: String,
    /// The main line with its variations.
    pub main: Line,
    /// The result.
    pub outcome: RecordResult,
}

impl Record {
    /// An empty record of `variant` from its standard start, to fill in (headers, moves,
    /// outcome) before writing it.
    pub fn new(variant: Variant) -> Record {
        Record {
            headers: Headers::new(),
            variant,
            start_fen: variant.start_fen().to_string(),
            main: Line::default(),
            outcome: RecordResult::Unknown,
        }
    }

    /// The start position. The FEN was checked when the game was built, so this fails only for
    /// games assembled by hand with a bad FEN.
    pub fn start_position(&self) -> Result<Position, FenError> {
        crate::composed_position(self.variant, &self.start_fen)
    }

    /// Whether the start is the standard one for the variant (ignoring the move counters).
    pub fn has_standard_start(&self) -> bool {
        let fields = |s: &str| s.split_whitespace().take(2).map(str::to_string).collect::<Vec<_>>();
        fields(&self.start_fen) == fields(self.variant.start_fen())
    }

    /// The moves of the main line.
    pub fn mainline_moves(&self) -> Vec<Move> {
        self.main.nodes.iter().map(|n| n.mv).collect()
    }

    /// The number of moves in the main line.
    pub fn ply_count(&self) -> usize {
        self.main.nodes.len()
    }

    /// Walks the whole tree depth first, main line moves before their variations.
    pub fn visit<V: Visitor>(&self, visitor: &mut V) -> Result<(), FenError> {
        let mut pos = self.start_position()?;
        visitor.begin_game(self, &pos);
        visit_line(&self.main, &mut pos, visitor, 0);
        visitor.end_game(self);
        Ok(())
    }

    /// A cursor at the start of the main line.
    pub fn cursor(&self) -> Result<Cursor<'_>, FenError> {
        Ok(Cursor { game: self, pos: self.start_position()?, path: Vec::new() })
    }

    /// Counts every move of the tree, variations included.
    pub fn node_count(&self) -> usize {
        fn count(line: &Line) -> usize {
            line.nodes.iter().map(|n| 1 + n.variations.iter().map(count).sum::<usize>()).sum()
        }
        count(&self.main)
    }
}

fn visit_line<V: Visitor>(line: &Line, pos: &mut Position, visitor: &mut V, depth: usize) {
    if let Some(c) = &line.comment {
        visitor.line_comment(c, depth);
    }
    let mut played = 0;
    for node in &line.nodes {
        visitor.mv(pos, node, depth);
        pos.play_unchecked(node.mv);
        played += 1;
        visitor.after_move(pos, node, depth);
        if !node.variations.is_empty() {
            pos.undo();
            for v in &node.variations {
                visitor.begin_variation(depth + 1);
                visit_line(v, pos, visitor, depth + 1);
                visitor.end_variation(depth + 1);
            }
            pos.play_unchecked(node.mv);
        }
    }
    for _ in 0..played {
        pos.undo();
    }
}

/// Callbacks for [`Record::visit`]; every method has an empty default.
pub trait Visitor {
    /// Before anything else, with the start position.
    fn begin_game(&mut self, _game: &Record, _start: &Position) {}
    /// The comment before a line's first move; `depth` 0 is the main line.
    fn line_comment(&mut self, _comment: &str, _depth: usize) {}
    /// A move, with the position before it.
    fn mv(&mut self, _before: &Position, _node: &Node, _depth: usize) {}
    /// The same move, with the position after it.
    fn after_move(&mut self, _after: &Position, _node: &Node, _depth: usize) {}
    /// A variation begins (alternatives to the move just visited).
    fn begin_variation(&mut self, _depth: usize) {}
    /// A variation ends.
    fn end_variation(&mut self, _depth: usize) {}
    /// After everything.
    fn end_game(&mut self, _game: &Record) {}
}

/// A place in a game's tree with the position there: step forward into the main line or a
/// variation, step back, look at the moves available.
#[derive(Clone, Debug)]
pub struct Cursor<'a> {
    game: &'a Record,
    pos: Position,
    /// Per step: (the line stepped in, the index of the node played in it).
    path: Vec<(&'a Line, usize)>,
}

impl<'a> Cursor<'a> {
    /// The position at the cursor.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The node last played, if any.
    pub fn node(&self) -> Option<&'a Node> {
        self.path.last().map(|&(line, i)| &line.nodes[i])
    }

    /// Plies from the start.
    pub fn ply(&self) -> usize {
        self.path.len()
    }

    /// The line the next main continuation comes from and its index there.
    fn next_slot(&self) -> (&'a Line, usize) {
        match self.path.last() {
            Some(&(line, i)) => (line, i + 1),
            None => (&self.game.main, 0),
        }
    }

    /// The moves that may follow: the continuation first, then its variations' first moves.
    pub fn choices(&self) -> Vec<Move> {
        let (line, i) = self.next_slot();
        match line.nodes.get(i) {
            None => Vec::new(),
            Some(n) => {
                std::iter::once(n.mv).chain(n.variations.iter().filter_map(|v| v.nodes.first().map(|f| f.mv))).collect()
            }
        }
    }

    /// Steps into choice `k` of [`Cursor::choices`] (0 = the continuation); false if none.
    pub fn forward(&mut self, k: usize) -> bool {
        let (line, i) = self.next_slot();
        let Some(n) = line.nodes.get(i) else { return false };
        let (line, i) = if k == 0 {
            (line, i)
        } else {
            match n.variations.get(k - 1) {
                Some(v) if !v.nodes.is_empty() => (v, 0),
                _ => return false,
            }
        };
        self.pos.play_unchecked(line.nodes[i].mv);
        self.path.push((line, i));
        true
    }

    /// Steps back one move; false at the start.
    pub fn back(&mut self) -> bool {
        if self.path.pop().is_some() {
            self.pos.undo();
            true
        } else {
            false
        }
    }
}
