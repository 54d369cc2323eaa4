//! DhtmlXQ, the UBB blocks web pages (dpxq.com and many forums) embed games in:
//! `[DhtmlXQ] ... [/DhtmlXQ]` holding `[DhtmlXQ_key]value[/DhtmlXQ_key]` fields.
//!
//! - `binit`: the start position, 64 digits, two per piece (x then y) for 32 pieces in the order
//!   chariot, horse, elephant, advisor, general, advisor, elephant, horse, chariot, cannon,
//!   cannon, five soldiers — Red's 16 then Black's 16; x is the file from Red's left (0–8), y the
//!   row from Black's side (0–9, so y = 9 − rank); `99` is a captured piece.
//! - `movelist`: four digits a move, x y of the source then of the destination.
//! - `move_A_B_C`: branch C, an alternative to branch A's move at ply B (from 1), holding the
//!   moves from that ply on; branch 0 is the main line.
//! - `commentN` (main line, after ply N; `comment0` before the first move) and `commentC_N`
//!   (branch C), with `||` for line breaks.
//! - `title`, `event`, `date`, `place`, `round`, `red`, `redteam`, `black`, `blackteam`,
//!   `result`, `open`, `ecco`: the headers.

use crate::raw::{RawNode, RawTree, TreeError, SLOTS};
use crate::tree::{Line, Record, RecordResult};
use chuhan::{FenError, Piece, Position, Side, Square, Variant};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Why a DhtmlXQ block could not be read or written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DhtmlXqError {
    /// The text holds no `[DhtmlXQ]` block.
    #[error("no [DhtmlXQ] block")]
    NoBlock,
    /// The `binit` field (the start position) is not 64 digits; its text.
    #[error("binit {0:?}: expected 64 digits")]
    BadBinit(String),
    /// The `binit` field puts two pieces on one square.
    #[error("binit: two pieces on {0}")]
    TwoPieces(Square),
    /// A move field holds something other than groups of four digits.
    #[error("{field}: {text:?} is not a move (four digits x y x y)")]
    BadMove {
        /// The field's name (`movelist`, `move_1_5_2`...).
        field: String,
        /// The start of its text.
        text: String,
    },
    /// A branch that starts past the end of its parent line.
    #[error("{field}: branch {branch} starts at ply {ply}, where its parent has no move")]
    BadBranch {
        /// The field's name.
        field: String,
        /// The branch's number.
        branch: u32,
        /// The ply it starts at, from 1.
        ply: usize,
    },
    /// A branch whose parent branch is not in the block; the field's name.
    #[error("{0}: its parent branch is missing")]
    Orphan(String),
    /// The start position is not a legal xiangqi position.
    #[error("start position: {0}")]
    Position(FenError),
    /// A move of the tree is not legal where it stands.
    #[error("{0}")]
    Tree(#[from] TreeError),
    /// Only xiangqi can be written: the format has no janggi pieces.
    #[error("DhtmlXQ holds xiangqi only, not janggi")]
    Janggi,
}

const HEADERS: [(&str, &str); 12] = [
    ("title", "Title"),
    ("event", "Event"),
    ("date", "Date"),
    ("place", "Site"),
    ("round", "Round"),
    ("red", "Red"),
    ("redteam", "RedTeam"),
    ("black", "Black"),
    ("blackteam", "BlackTeam"),
    ("result", "Result"),
    ("open", "Opening"),
    ("ecco", "ECCO"),
];

/// Every `[DhtmlXQ]` block of `text` (a web page, a forum post), each read as a game.
pub fn read_all(text: &str) -> Vec<Result<Record, DhtmlXqError>> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("[DhtmlXQ]") {
        let body = &rest[start + 9..];
        let end = body.find("[/DhtmlXQ]").unwrap_or(body.len());
        out.push(read_block(&body[..end]));
        rest = &body[end..];
    }
    out
}

/// The first `[DhtmlXQ]` block of `text`.
pub fn read(text: &str) -> Result<Record, DhtmlXqError> {
    read_all(text).into_iter().next().unwrap_or(Err(DhtmlXqError::NoBlock))
}

/// The `[DhtmlXQ_key]value[/DhtmlXQ_key]` fields of a block body.
fn fields(body: &str) -> Vec<(&str, &str)> {
    let mut out = Vec::new();
    let mut rest = body;
    while let Some(open) = rest.find("[DhtmlXQ_") {
        let after = &rest[open + 9..];
        let Some(close) = after.find(']') else { break };
        let key = &after[..close];
        let value_start = &after[close + 1..];
        let end_tag = format!("[/DhtmlXQ_{key}]");
        match value_start.find(&end_tag) {
            Some(e) => {
                out.push((key, &value_start[..e]));
                rest = &value_start[e + end_tag.len()..];
            }
            None => rest = value_start,
        }
    }
    out
}

fn digit_square(x: u8, y: u8) -> Option<Square> {
    if x > 8 || y > 9 {
        return None;
    }
    Square::new(x, 9 - y)
}

fn parse_moves(field: &str, text: &str) -> Result<Vec<(Square, Square)>, DhtmlXqError> {
    let t: Vec<u8> = text.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    let bad = || DhtmlXqError::BadMove { field: field.to_string(), text: text.chars().take(40).collect() };
    if t.len() % 4 != 0 || !t.iter().all(u8::is_ascii_digit) {
        return Err(bad());
    }
    t.chunks(4)
        .map(|c| {
            let d: Vec<u8> = c.iter().map(|b| b - b'0').collect();
            Ok((digit_square(d[0], d[1]).ok_or_else(bad)?, digit_square(d[2], d[3]).ok_or_else(bad)?))
        })
        .collect()
}

fn read_block(body: &str) -> Result<Record, DhtmlXqError> {
    let fields = fields(body);
    let mut game = Record::new(Variant::Xiangqi);
    let get = |k: &str| fields.iter().find(|(key, _)| *key == k).map(|(_, v)| v.trim());
    for (key, tag) in HEADERS {
        if let Some(v) = get(key).filter(|v| !v.is_empty()) {
            game.headers.set(tag, v);
        }
    }
    if let Some(r) = get("result").and_then(RecordResult::from_text) {
        game.outcome = r;
        game.headers.set("Result", r.pgn());
    }

    // Branches into a first-child/next-sibling tree.
    let mut tree = RawTree::new(None);
    // Branch number -> (its first ply, its nodes).
    let mut branches: BTreeMap<u32, (usize, Vec<usize>)> = BTreeMap::new();
    let main = parse_moves("movelist", get("movelist").unwrap_or(""))?;
    let mut prev = 0;
    let mut nodes = Vec::new();
    for (k, mv) in main.into_iter().enumerate() {
        let idx = tree.nodes.len();
        tree.nodes.push(RawNode { mv: Some(mv), ..RawNode::default() });
        if k == 0 {
            tree.nodes[0].child = Some(idx);
        } else {
            tree.nodes[prev].child = Some(idx);
        }
        prev = idx;
        nodes.push(idx);
    }
    branches.insert(0, (1, nodes));
    let mut todo: Vec<(String, u32, usize, u32, &str)> = Vec::new();
    for (key, value) in &fields {
        if let Some(spec) = key.strip_prefix("move_") {
            let nums: Vec<Option<u64>> = spec.split('_').map(|n| n.parse().ok()).collect();
            if let [Some(a), Some(b), Some(c)] = nums[..] {
                if (1..100_000).contains(&b) && a < u64::from(u32::MAX) && c < u64::from(u32::MAX) {
                    todo.push((key.to_string(), a as u32, b as usize, c as u32, value));
                }
            }
        }
    }
    todo.sort_by_key(|t| t.3);
    while !todo.is_empty() {
        let before = todo.len();
        let mut left = Vec::new();
        for (field, parent, ply, id, value) in todo {
            let Some((pstart, pnodes)) = branches.get(&parent) else {
                left.push((field, parent, ply, id, value));
                continue;
            };
            let moves = parse_moves(&field, value)?;
            if moves.is_empty() || branches.contains_key(&id) {
                continue;
            }
            let Some(target) = ply.checked_sub(*pstart).and_then(|k| pnodes.get(k).copied()) else {
                return Err(DhtmlXqError::BadBranch { field, branch: id, ply });
            };
            let mut last = target;
            while let Some(s) = tree.nodes[last].sibling {
                last = s;
            }
            let mut nodes = Vec::new();
            for (k, mv) in moves.into_iter().enumerate() {
                let idx = tree.nodes.len();
                tree.nodes.push(RawNode { mv: Some(mv), ..RawNode::default() });
                if k == 0 {
                    tree.nodes[last].sibling = Some(idx);
                } else {
                    tree.nodes[last].child = Some(idx);
                }
                last = idx;
                nodes.push(idx);
            }
            branches.insert(id, (ply, nodes));
        }
        if left.len() == before {
            return Err(DhtmlXqError::Orphan(format!("DhtmlXQ_{}", left[0].0)));
        }
        todo = left;
    }
    // Comments.
    for (key, value) in &fields {
        let Some(spec) = key.strip_prefix("comment") else { continue };
        let (branch, ply) = match spec.split_once('_') {
            Some((c, n)) => (c.parse::<u32>().ok(), n.parse::<usize>().ok()),
            None => (Some(0), spec.parse::<usize>().ok()),
        };
        let (Some(branch), Some(ply)) = (branch, ply) else { continue };
        let text = value.trim().replace("||", "\n");
        if text.is_empty() {
            continue;
        }
        let node = if branch == 0 && ply == 0 {
            Some(0)
        } else {
            branches.get(&branch).and_then(|(start, nodes)| ply.checked_sub(*start).and_then(|k| nodes.get(k).copied()))
        };
        if let Some(n) = node {
            tree.nodes[n].comment = Some(text);
        }
    }

    // The start position.
    let first_from = tree.nodes[0].child.and_then(|c| tree.nodes[c].mv).map(|m| m.0);
    let mut pos = match get("binit").filter(|b| !b.is_empty()) {
        None => Position::new(Variant::Xiangqi),
        Some(b) => binit_position(b, first_from)?,
    };
    game.start_fen = pos.to_fen();
    if !game.has_standard_start() {
        game.headers.set("FEN", game.start_fen.as_str());
    }
    game.main = tree.to_line(&mut pos)?;
    Ok(game)
}

fn binit_position(b: &str, first_from: Option<Square>) -> Result<Position, DhtmlXqError> {
    let d: Vec<u8> = b.bytes().collect();
    if d.len() != 64 || !d.iter().all(u8::is_ascii_digit) {
        return Err(DhtmlXqError::BadBinit(b.chars().take(80).collect()));
    }
    let mut board: [Option<Piece>; 90] = [None; 90];
    for i in 0..32 {
        let (x, y) = (d[2 * i] - b'0', d[2 * i + 1] - b'0');
        let Some(sq) = digit_square(x, y) else { continue };
        if board[sq.index()].is_some() {
            return Err(DhtmlXqError::TwoPieces(sq));
        }
        let side = if i < 16 { Side::First } else { Side::Second };
        board[sq.index()] = Some(Piece::new(side, SLOTS[i % 16]));
    }
    let side = first_from.and_then(|s| board[s.index()]).map(|p| p.side).unwrap_or(Side::First);
    let fen = crate::xqf::board_fen(&board, side);
    crate::composed_position(Variant::Xiangqi, &fen).map_err(DhtmlXqError::Position)
}

fn digits(s: Square) -> String {
    format!("{}{}", s.file(), 9 - s.rank())
}

/// Writes `game` as one `[DhtmlXQ]` block.
pub fn write(game: &Record) -> Result<String, DhtmlXqError> {
    if game.variant != Variant::Xiangqi {
        return Err(DhtmlXqError::Janggi);
    }
    let pos = game.start_position().map_err(DhtmlXqError::Position)?;
    let mut out = String::from("[DhtmlXQ]\n[DhtmlXQ_ver]www_dpxq_com[/DhtmlXQ_ver]\n");
    let field = |out: &mut String, k: &str, v: &str| {
        let _ = writeln!(out, "[DhtmlXQ_{k}]{v}[/DhtmlXQ_{k}]");
    };
    for (key, tag) in HEADERS {
        let v = match tag {
            "Result" => match game.outcome {
                RecordResult::RedWins => Some("红胜"),
                RecordResult::BlackWins => Some("黑胜"),
                RecordResult::Draw => Some("和棋"),
                RecordResult::Unknown => None,
            },
            _ => game.headers.get(tag),
        };
        if let Some(v) = v {
            field(&mut out, key, &neutralise(v));
        }
    }
    let mut slots = [[99u8; 2]; 32];
    for (sq, p) in pos.piece_squares() {
        let base = if p.side == Side::First { 0 } else { 16 };
        if let Some(k) = (0..16).find(|&k| SLOTS[k] == p.role && slots[base + k] == [99, 99]) {
            slots[base + k] = [sq.file(), 9 - sq.rank()];
        }
    }
    let binit: String =
        slots.iter().map(|[x, y]| if *x == 99 { "99".to_string() } else { format!("{x}{y}") }).collect();
    field(&mut out, "binit", &binit);

    let mut w = Branches { lists: Vec::new(), comments: Vec::new(), next: 1 };
    w.lists.push((String::from("movelist"), String::new()));
    if let Some(c) = &game.main.comment {
        w.comments.push(("comment0".to_string(), c.clone()));
    }
    let mut pos = pos;
    w.line(&game.main, 0, 0, 1, &mut pos);
    for (k, v) in &w.lists {
        field(&mut out, k, v);
    }
    for (k, v) in &w.comments {
        field(&mut out, k, &neutralise(&v.replace("\r\n", "||").replace('\n', "||")));
    }
    out.push_str("[/DhtmlXQ]\n");
    Ok(out)
}

/// A value with any `[DhtmlXQ` or `[/DhtmlXQ` in it, which would end the field or the block
/// early, given a full-width bracket; other brackets stay.
fn neutralise(v: &str) -> String {
    v.replace("[/DhtmlXQ", "［/DhtmlXQ").replace("[DhtmlXQ", "［DhtmlXQ")
}

struct Branches {
    /// (field name, moves) in the order written.
    lists: Vec<(String, String)>,
    comments: Vec<(String, String)>,
    next: u32,
}

impl Branches {
    fn line(&mut self, line: &Line, id: u32, list: usize, first_ply: usize, pos: &mut Position) {
        let mut played = 0;
        for (k, node) in line.nodes.iter().enumerate() {
            let ply = first_ply + k;
            let text = format!("{}{}", digits(node.mv.from), digits(node.mv.to));
            self.lists[list].1.push_str(&text);
            if let Some(c) = &node.comment {
                let key = if id == 0 { format!("comment{ply}") } else { format!("comment{id}_{ply}") };
                self.comments.push((key, c.clone()));
            }
            for v in &node.variations {
                let vid = self.next;
                self.next += 1;
                self.lists.push((format!("move_{id}_{ply}_{vid}"), String::new()));
                let vlist = self.lists.len() - 1;
                self.line(v, vid, vlist, ply, pos);
            }
            pos.play_unchecked(node.mv);
            played += 1;
        }
        for _ in 0..played {
            pos.undo();
        }
    }
}
