//! XQF, the files of XQStudio (象棋演播室): read every version, write version 0x0A.
//!
//! A file is a 1,024-byte header (the signature `XQ`, the version, key bytes, a 32-byte piece
//! table, the result, length-prefixed strings for title, event, date, site, players...) followed
//! by move records in pre-order: a root record, then each move as source, destination, a tag
//! byte saying whether a continuation (child) and an alternative (sibling) follow, and a comment.
//! Squares are one byte, file × 10 + rank (from Red's bottom left).
//!
//! From version 0x0B the piece table, move squares and records are scrambled with keys taken
//! from header bytes 3 and 8–15 (offsets from the formula `(54·x² + 221)·y mod 256` and a 32-byte
//! key stream masked by the string `[(C) Copyright Mr. Dong Shiwei.]`); from 0x0C the piece
//! table is also rotated. Facts from the published XQF 1.0 description and from reading how
//! public converters interpret later versions; the code is written here from those facts.

use crate::encoding::{self, TextEncoding};
use crate::raw::{MoveRecordError, RawNode, RawTree, TreeError, SLOTS};
use crate::tree::{Outcome, Record};
use chuhan::{FenError, Piece, Position, Side, Square, Variant};

/// Why an XQF file could not be read or written.
///
/// Offsets are bytes from the start of the file and records count from 0 (the root record), so
/// that a damaged file can be looked at with a hex viewer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum XqfError {
    /// The file does not start with `XQ`.
    #[error("not an XQF file (no 'XQ' signature)")]
    NotXqf,
    /// The file is shorter than the 1,024-byte header; its length.
    #[error("the file is too short for its header ({0} bytes, 1024 needed)")]
    ShortHeader(usize),
    /// A move record is cut short or holds an impossible value.
    #[error("{0}")]
    MoveRecord(#[from] MoveRecordError),
    /// The piece table puts two pieces on one square (in a set-up position).
    #[error("piece table: two pieces on {square}")]
    TwoPieces {
        /// The square.
        square: Square,
    },
    /// The start position is not a legal xiangqi position.
    #[error("start position: {0}")]
    Position(FenError),
    /// A move of the tree is not legal where it stands.
    #[error("{0}")]
    Tree(#[from] TreeError),
    /// Only xiangqi can be written: the format has no janggi pieces.
    #[error("XQF holds xiangqi only, not janggi")]
    Janggi,
}

const KEY_MASK: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";

/// Header string fields: (offset, size, tag name).
const STRINGS: [(usize, usize, &str); 11] = [
    (0x50, 64, "Title"),
    (0xD0, 64, "Event"),
    (0x110, 16, "Date"),
    (0x120, 16, "Site"),
    (0x130, 16, "Red"),
    (0x140, 16, "Black"),
    (0x150, 64, "TimeControl"),
    (0x190, 16, "RedTime"),
    (0x1A0, 16, "BlackTime"),
    (0x1D0, 16, "Annotator"),
    (0x1E0, 16, "Author"),
];

fn f(x: u8) -> u8 {
    (u32::from(x) * u32::from(x) * 54 + 221) as u8
}

/// Decryption state: offsets and the key stream (all zero before version 0x0B).
struct Keys {
    piece: u8,
    src: u8,
    dst: u8,
    comment: i64,
    stream: [u8; 32],
    index: usize,
}

impl Keys {
    fn new(h: &[u8]) -> Keys {
        let version = h[2];
        if version < 0x0B {
            return Keys { piece: 0, src: 0, dst: 0, comment: 0, stream: [0; 32], index: 0 };
        }
        let piece = f(h[13]).wrapping_mul(h[13]);
        let src = f(h[14]).wrapping_mul(piece);
        let dst = f(h[15]).wrapping_mul(src);
        let comment = (i64::from(h[12]) * 256 + i64::from(h[13])) % 32000 + 767;
        let mask = h[3];
        let args: [u8; 4] = std::array::from_fn(|i| h[8 + i] | (h[12 + i] & mask));
        let stream = std::array::from_fn(|i| args[i % 4] & KEY_MASK[i]);
        Keys { piece, src, dst, comment, stream, index: 0 }
    }

    fn decrypt(&mut self, bytes: &mut [u8]) {
        for b in bytes {
            *b = b.wrapping_sub(self.stream[self.index]);
            self.index = (self.index + 1) % 32;
        }
    }
}

struct Cursor<'a> {
    data: &'a [u8],
    at: usize,
    record: usize,
}

impl Cursor<'_> {
    fn take(&mut self, n: usize) -> Result<Vec<u8>, XqfError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.data.len());
        let Some(end) = end else {
            return Err(MoveRecordError::Truncated { record: self.record, offset: self.at }.into());
        };
        let v = self.data[self.at..end].to_vec();
        self.at = end;
        Ok(v)
    }
}

fn square(value: u8, record: usize, offset: usize) -> Result<Square, XqfError> {
    Square::new(value / 10, value % 10)
        .filter(|_| value < 90)
        .ok_or(MoveRecordError::BadSquare { record, offset, value }.into())
}

/// Reads an XQF file.
pub fn read(data: &[u8]) -> Result<Record, XqfError> {
    if data.len() < 2 || &data[..2] != b"XQ" {
        return Err(XqfError::NotXqf);
    }
    if data.len() < 1024 {
        return Err(XqfError::ShortHeader(data.len()));
    }
    let h = &data[..1024];
    let version = h[2];
    let mut keys = Keys::new(h);

    // The piece table.
    let mut table = [0u8; 32];
    for (i, &b) in h[0x10..0x30].iter().enumerate() {
        let v = b.wrapping_sub(keys.piece);
        if version >= 0x0C {
            table[(usize::from(keys.piece) + 1 + i) % 32] = v;
        } else {
            table[i] = v;
        }
    }

    // The move records, in pre-order, into a first-child/next-sibling tree.
    let mut cur = Cursor { data, at: 1024, record: 0 };
    let mut raw_comments: Vec<(usize, Vec<u8>)> = Vec::new();
    let mut tree = RawTree::new(None);
    let mut pending: Vec<usize> = Vec::new();
    // Where the next record goes: (node, as its child?) — else as its sibling.
    let mut attach: Option<(usize, bool)> = None;
    loop {
        let offset = cur.at;
        let mut rec = cur.take(4)?;
        keys.decrypt(&mut rec);
        let tag = rec[2];
        let (has_next, has_var, has_comment) = if version < 0x0B {
            (tag & 0xF0 != 0, tag & 0x0F != 0, true)
        } else {
            (tag & 0x80 != 0, tag & 0x40 != 0, tag & 0x20 != 0)
        };
        let mut comment_len = 0i64;
        if has_comment {
            let mut len = cur.take(4)?;
            keys.decrypt(&mut len);
            comment_len = i64::from(i32::from_le_bytes([len[0], len[1], len[2], len[3]])) - keys.comment;
            if comment_len < 0 || comment_len as usize > data.len() {
                return Err(MoveRecordError::BadCommentLength { record: cur.record, offset, len: comment_len }.into());
            }
        }
        let idx = match attach {
            None => 0,
            Some((parent, as_child)) => {
                let from = square(rec[0].wrapping_sub(24).wrapping_sub(keys.src), cur.record, offset)?;
                let to = square(rec[1].wrapping_sub(32).wrapping_sub(keys.dst), cur.record, offset + 1)?;
                let idx = tree.nodes.len();
                tree.nodes.push(RawNode { mv: Some((from, to)), ..RawNode::default() });
                if as_child {
                    tree.nodes[parent].child = Some(idx);
                } else {
                    tree.nodes[parent].sibling = Some(idx);
                }
                idx
            }
        };
        if comment_len > 0 {
            let mut text = cur.take(comment_len as usize)?;
            keys.decrypt(&mut text);
            raw_comments.push((idx, text));
        }
        if has_var && idx != 0 {
            pending.push(idx);
        }
        if has_next {
            attach = Some((idx, true));
        } else {
            match pending.pop() {
                Some(p) => attach = Some((p, false)),
                None => break,
            }
        }
        cur.record += 1;
    }

    // Text: one encoding for the whole file, guessed from all its strings.
    let strings: Vec<(&str, &[u8])> = STRINGS
        .iter()
        .map(|&(off, size, name)| {
            let len = usize::from(h[off]).min(size - 1);
            (name, &h[off + 1..off + 1 + len])
        })
        .collect();
    let mut all: Vec<u8> = Vec::new();
    for (_, s) in &strings {
        all.extend_from_slice(s);
        all.push(b' ');
    }
    for (_, c) in &raw_comments {
        all.extend_from_slice(c);
        all.push(b' ');
    }
    let enc = encoding::detect(&all);
    // Bytes that do not decode (strings cut in the middle of a character, which old tools did)
    // are dropped rather than kept as U+FFFD, which GBK could not write back.
    let clean = |b: &[u8]| enc.decode(b).replace(['\u{fffd}', '\0'], "").trim().to_string();
    for (idx, text) in &raw_comments {
        // Windows line ends become '\n', as every other format writes them.
        let c = clean(text).replace("\r\n", "\n");
        if !c.is_empty() {
            tree.nodes[*idx].comment = Some(c);
        }
    }

    let mut game = Record::new(Variant::Xiangqi);
    for (name, bytes) in &strings {
        let v = clean(bytes);
        if !v.is_empty() {
            game.headers.set(*name, v);
        }
    }
    if game.headers.get("Event").is_none() {
        if let Some(t) = game.headers.get("Title").map(str::to_string) {
            game.headers.set("Event", t);
        }
    }
    game.outcome = match h[0x33] {
        1 => Outcome::RedWins,
        2 => Outcome::BlackWins,
        3 | 4 => Outcome::Draw,
        _ => Outcome::Unknown,
    };
    game.headers.set("Result", game.outcome.pgn());

    // The start position, with the side of the first move's piece to move.
    let first_from = tree.nodes[0].child.and_then(|c| tree.nodes[c].mv).map(|m| m.0);
    let mut pos = start_position(&table, h[0x40], first_from)?;
    game.start_fen = pos.to_fen();
    if !game.has_standard_start() {
        game.headers.set("FEN", game.start_fen.as_str());
    }
    game.main = tree.to_line(&mut pos)?;
    Ok(game)
}

fn start_position(table: &[u8; 32], setup: u8, first_from: Option<Square>) -> Result<Position, XqfError> {
    let mut board: [Option<Piece>; 90] = [None; 90];
    for (i, &v) in table.iter().enumerate() {
        if v >= 90 {
            continue;
        }
        let Some(sq) = Square::new(v / 10, v % 10) else { continue };
        let side = if i < 16 { Side::First } else { Side::Second };
        if board[sq.index()].is_some() {
            if setup < 2 {
                return Ok(Position::new(Variant::Xiangqi));
            }
            return Err(XqfError::TwoPieces { square: sq });
        }
        board[sq.index()] = Some(Piece::new(side, SLOTS[i % 16]));
    }
    let side = match first_from.and_then(|s| board[s.index()]) {
        Some(p) => p.side,
        None => Side::First,
    };
    let fen = board_fen(&board, side);
    match crate::composed_position(Variant::Xiangqi, &fen) {
        Ok(p) => Ok(p),
        Err(_) if setup < 2 => Ok(Position::new(Variant::Xiangqi)),
        Err(e) => Err(XqfError::Position(e)),
    }
}

pub(crate) fn board_fen(board: &[Option<Piece>; 90], side: Side) -> String {
    let side = if side == Side::First { 'w' } else { 'b' };
    format!("{} {side} - - 0 1", chuhan::fen::board_fen(board))
}

/// Writes `game` as an XQF file of version 0x0A (unencrypted), strings and comments in GBK.
pub fn write(game: &Record) -> Result<Vec<u8>, XqfError> {
    if game.variant != Variant::Xiangqi {
        return Err(XqfError::Janggi);
    }
    let pos = game.start_position().map_err(XqfError::Position)?;
    let mut out = vec![0u8; 1024];
    out[0] = b'X';
    out[1] = b'Q';
    out[2] = 0x0A;
    // Piece table: each piece in a free slot of its role.
    let mut table = [0xFFu8; 32];
    for (sq, p) in pos.piece_squares() {
        let base = if p.side == Side::First { 0 } else { 16 };
        if let Some(k) = (0..16).find(|&k| SLOTS[k] == p.role && table[base + k] == 0xFF) {
            table[base + k] = sq.file() * 10 + sq.rank();
        }
    }
    out[0x10..0x30].copy_from_slice(&table);
    out[0x33] = match game.outcome {
        Outcome::RedWins => 1,
        Outcome::BlackWins => 2,
        Outcome::Draw => 3,
        Outcome::Unknown => 0,
    };
    out[0x40] = if game.has_standard_start() { 0 } else { 2 };
    for &(off, size, name) in &STRINGS {
        let value = match name {
            "Title" => game.headers.get("Title").or(game.headers.get("Event")),
            _ => game.headers.get(name),
        };
        if let Some(v) = value {
            let bytes = truncate_gbk(v, size - 1);
            out[off] = bytes.len() as u8;
            out[off + 1..off + 1 + bytes.len()].copy_from_slice(&bytes);
        }
    }
    let tree = RawTree::from_line(&game.main);
    for i in tree.preorder() {
        let n = &tree.nodes[i];
        let (a, b) = match n.mv {
            Some((from, to)) => (from.file() * 10 + from.rank() + 24, to.file() * 10 + to.rank() + 32),
            None => (0x18, 0x20),
        };
        let tag = if n.child.is_some() { 0xF0 } else { 0 } | if n.sibling.is_some() { 0x0F } else { 0 };
        out.extend_from_slice(&[a, b, tag, if n.mv.is_none() { 0xFF } else { 0 }]);
        let text = n.comment.as_deref().map(|c| TextEncoding::Gbk.encode(c)).unwrap_or_default();
        out.extend_from_slice(&(text.len() as u32).to_le_bytes());
        out.extend_from_slice(&text);
    }
    Ok(out)
}

/// `text` in GBK, cut at a character boundary to at most `max` bytes.
fn truncate_gbk(text: &str, max: usize) -> Vec<u8> {
    let mut end = text.len();
    loop {
        let bytes = TextEncoding::Gbk.encode(&text[..end]);
        if bytes.len() <= max {
            return bytes;
        }
        end = text[..end].char_indices().next_back().map(|(i, _)| i).unwrap_or(0);
    }
}
