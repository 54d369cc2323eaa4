//! CCBridge (象棋桥) records: CBR (one game) and CBL (a library of games), read.
//!
//! The format is undocumented; the layout below was established from the bytes of sample files
//! and from facts stated by public readers (the structure offsets, the flag bits), and the code
//! is written here from those facts. All numbers are little-endian; all text is UTF-16LE
//! (not GBK), NUL-terminated inside fixed-size fields whose tails hold uninitialised memory.
//!
//! # CBR: one record
//!
//! | offset | size | field |
//! |-------:|-----:|-------|
//! | 0      | 16   | `CCBridge Record\0` |
//! | 19     | 1    | record kind (2 in every sample) |
//! | 180    | 128  | title |
//! | 308    | 256  | opening / category (e.g. 飞相局) |
//! | 692    | 64   | event |
//! | 756    | 64   | round |
//! | 884    | 64   | date |
//! | 948    | 64   | site |
//! | 1012   | 64   | time control |
//! | 1076   | 64   | Red player, then 1140 Red team (64), 1204 Red time (64) |
//! | 1300   | 64   | Black player, then 1364 Black team (64), 1428 Black time (64) |
//! | 1652   | 64   | commentator |
//! | 1780   | 64   | creator |
//! | 2036   | 4    | ECCO code in ASCII (`C32\0`), when classified |
//! | 2076   | 1    | result: 0 unknown, 1 Red wins, 2 Black wins, 3 draw |
//! | 2116   | 2    | side to move: 1 Red, 2 Black |
//! | 2120   | 90   | the board, one byte a square, top row (Black's back rank) first, left to right |
//! | 2210   | 4    | (playback state, unused) |
//! | 2214   |      | the move stream |
//!
//! A board byte is 0 for an empty square, else colour in the high nibble (1 Red, 2 Black) and
//! piece in the low: 1 chariot, 2 horse, 3 elephant, 4 advisor, 5 general, 6 cannon, 7 soldier.
//!
//! The move stream opens with a record that carries only flags and the comment on the start
//! position, then one record per move: a flag byte, a byte of unknown use (0 or 1), the source
//! and the destination square (`row × 9 + file`, row 0 at the top, as on the board). Flag bits:
//! `0x01` the line ends here (no continuation), `0x02` an alternative to this move follows once
//! its continuation is done, `0x04` a comment follows: a `u32` byte length, then UTF-16LE text.
//! The records are in pre-order, as in XQF: a move, its continuation, then its alternatives;
//! the stream ends when a line ends with no alternative outstanding. An opening record with
//! flag `0x01`, or followed by four zero bytes (padding in a library slot) or by nothing, means
//! a game without moves. A record with an empty board and no moves is a heading in a library
//! (a title, a comment, no game): it reads as a game without moves from the standard start.
//!
//! # CBL: a library
//!
//! | offset | size | field |
//! |-------:|-----:|-------|
//! | 0      | 16   | `CCBridgeLibrary\0` |
//! | 52     | 4    | `0x7FFFFFFF` |
//! | 56     | 1    | 1 when some records are marked deleted |
//! | 60     | 4    | index slots `n` (128 in the samples; not the game count) |
//! | 64     | 512  | library name |
//! | 66624  | 276·n | the index: per record a `u32` state (`0x07` live, `0x05` deleted), a `u32` order, ..., the record's byte size at +12, its title at +100 (128) |
//! | 66624 + 276·n | | the records, each a CBR record starting on a 4,096-byte boundary |
//!
//! A record longer than 4,096 bytes runs on into the next slots, so the records are the slots
//! that start with the record signature, each running to the next one; the k-th record is
//! described by the k-th index entry. Records whose entry is marked deleted (state bit `0x02`
//! clear, in a library whose header says it has deleted records) are skipped: in the samples
//! such a record is a stale copy of the game before it.

use crate::raw::{MoveRecordError, RawNode, RawTree, TreeError};
use crate::tree::{Outcome, Record};
use chuhan::{FenError, Piece, Role, Side, Square, Variant};
use encoding_rs::UTF_16LE;

/// The first 15 bytes of a CBR record.
pub const RECORD_MAGIC: &[u8; 15] = b"CCBridge Record";
/// The first 15 bytes of a CBL library.
pub const LIBRARY_MAGIC: &[u8; 15] = b"CCBridgeLibrary";

/// The size of a record's header; the move stream starts here.
const HEADER: usize = 2214;
const BOARD: usize = 2120;
const SIDE: usize = 2116;
const RESULT: usize = 2076;
const ECCO: usize = 2036;
/// Where a library's index starts, and the size of an entry.
const INDEX: usize = 66624;
const ENTRY: usize = 276;
const SLOT: usize = 4096;

/// Header string fields: (offset, size in bytes, tag name).
const STRINGS: [(usize, usize, &str); 14] = [
    (180, 128, "Title"),
    (308, 256, "Opening"),
    (692, 64, "Event"),
    (756, 64, "Round"),
    (884, 64, "Date"),
    (948, 64, "Site"),
    (1012, 64, "TimeControl"),
    (1076, 64, "Red"),
    (1140, 64, "RedTeam"),
    (1204, 64, "RedTime"),
    (1300, 64, "Black"),
    (1364, 64, "BlackTeam"),
    (1428, 64, "BlackTime"),
    (1652, 64, "Annotator"),
];

/// Why a CBR record or a CBL library could not be read. Offsets are from the start of the file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CbrError {
    /// The data does not start with [`RECORD_MAGIC`].
    #[error("not a CBR file (no 'CCBridge Record' signature)")]
    NotCbr,
    /// The data does not start with [`LIBRARY_MAGIC`].
    #[error("not a CBL file (no 'CCBridgeLibrary' signature)")]
    NotCbl,
    /// A record shorter than its header; its length.
    #[error("the record is too short for its header ({0} bytes, 2214 needed)")]
    ShortHeader(usize),
    /// A library shorter than its header and the index its header announces.
    #[error("the library is too short for its header and index ({len} bytes, {needed} needed)")]
    ShortLibrary {
        /// The library's length.
        len: usize,
        /// The length its header and index need.
        needed: u64,
    },
    /// A board byte that is no piece.
    #[error("board byte {index} (byte {offset}): piece code {value:#04x} is unknown")]
    BadPiece {
        /// The square's index on the board (0–89, top row first).
        index: usize,
        /// The byte's offset.
        offset: usize,
        /// The byte.
        value: u8,
    },
    /// The start position is not a legal xiangqi position.
    #[error("start position: {0}")]
    Position(FenError),
    /// A move record is cut short or holds an impossible value.
    #[error("{0}")]
    MoveRecord(#[from] MoveRecordError),
    /// A move of the tree is not legal where it stands.
    #[error("{0}")]
    Tree(#[from] TreeError),
}

/// A library's games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Library {
    /// The library's name, if it has one.
    pub name: Option<String>,
    /// The games in order, each read or the error that stopped it (a broken game does not stop
    /// the others).
    pub games: Vec<Result<Record, CbrError>>,
    /// Records skipped because the index marks them deleted.
    pub deleted: usize,
}

/// Reads a CBR file (or one record cut from a library).
pub fn read(data: &[u8]) -> Result<Record, CbrError> {
    read_record(data, 0)
}

/// Reads a CBL file: its header and index, then every record (see the module documentation).
pub fn read_library(data: &[u8]) -> Result<Library, CbrError> {
    if data.len() < 15 || &data[..15] != LIBRARY_MAGIC {
        return Err(CbrError::NotCbl);
    }
    if data.len() < 576 {
        return Err(CbrError::ShortLibrary { len: data.len(), needed: 576 });
    }
    let slots = u64::from(u32::from_le_bytes([data[60], data[61], data[62], data[63]]));
    let first = INDEX as u64 + slots * ENTRY as u64;
    if first > data.len() as u64 {
        return Err(CbrError::ShortLibrary { len: data.len(), needed: first });
    }
    let first = first as usize;
    let has_deleted = data[56] != 0;
    let name = utf16_field(&data[64..576]);

    let starts: Vec<usize> =
        (first..data.len()).step_by(SLOT).filter(|&o| data[o..].starts_with(RECORD_MAGIC)).collect();
    let mut games = Vec::with_capacity(starts.len());
    let mut deleted = 0;
    for (k, &start) in starts.iter().enumerate() {
        let end = starts.get(k + 1).copied().unwrap_or(data.len());
        if has_deleted && (k as u64) < slots {
            let e = INDEX + k * ENTRY;
            let state = u32::from_le_bytes([data[e], data[e + 1], data[e + 2], data[e + 3]]);
            if state != 0 && state & 0x02 == 0 {
                deleted += 1;
                continue;
            }
        }
        games.push(read_record(&data[start..end], start));
    }
    Ok(Library { name: (!name.is_empty()).then_some(name), games, deleted })
}

/// A NUL-terminated UTF-16LE field: the text before the first NUL, without characters that do
/// not decode, trimmed.
fn utf16_field(bytes: &[u8]) -> String {
    let end = bytes.chunks_exact(2).position(|c| c == [0, 0]).map_or(bytes.len() & !1, |i| 2 * i);
    decode(&bytes[..end])
}

fn decode(bytes: &[u8]) -> String {
    let (text, _) = UTF_16LE.decode_without_bom_handling(bytes);
    text.replace(['\u{fffd}', '\0'], "").trim().to_string()
}

fn u32_at(data: &[u8], at: usize) -> Option<u32> {
    let b = data.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// A square byte: `row × 9 + file`, row 0 at the top (Black's back rank).
fn square(value: u8) -> Option<Square> {
    if value >= 90 {
        return None;
    }
    Square::new(value % 9, 9 - value / 9)
}

/// Reads one record; `base` is its offset in the file, for error messages.
fn read_record(data: &[u8], base: usize) -> Result<Record, CbrError> {
    if data.len() < 15 || &data[..15] != RECORD_MAGIC {
        return Err(CbrError::NotCbr);
    }
    if data.len() < HEADER {
        return Err(CbrError::ShortHeader(data.len()));
    }

    // The board.
    let mut board: [Option<Piece>; 90] = [None; 90];
    for (index, &value) in data[BOARD..BOARD + 90].iter().enumerate() {
        if value == 0 {
            continue;
        }
        let side = match value >> 4 {
            1 => Side::First,
            2 => Side::Second,
            _ => return Err(CbrError::BadPiece { index, offset: base + BOARD + index, value }),
        };
        let role = match value & 0x0F {
            1 => Role::Chariot,
            2 => Role::Horse,
            3 => Role::Elephant,
            4 => Role::Advisor,
            5 => Role::General,
            6 => Role::Cannon,
            7 => Role::Soldier,
            _ => return Err(CbrError::BadPiece { index, offset: base + BOARD + index, value }),
        };
        let Some(sq) = square(index as u8) else { continue };
        board[sq.index()] = Some(Piece::new(side, role));
    }

    // The move stream, in pre-order, into a first-child/next-sibling tree.
    let mut at = HEADER;
    let truncated = |record: usize, at: usize| CbrError::from(MoveRecordError::Truncated { record, offset: base + at });
    let mut tree = RawTree::new(None);
    let mut comments: Vec<(usize, &[u8])> = Vec::new();
    let mut pending: Vec<usize> = Vec::new();
    // Where the next record goes: (node, as its child?), else as its sibling.
    let mut attach: Option<(usize, bool)> = None;
    let mut record = 0;
    loop {
        let offset = at;
        let Some(rec) = data.get(at..at + 4) else {
            // A record that is only a header has no moves.
            if record == 0 && at == data.len() {
                break;
            }
            return Err(truncated(record, at));
        };
        if rec == [0, 0, 0, 0] && record > 0 {
            if record == 1 {
                // Zero padding after the opening record: a game without moves.
                break;
            }
            // Zero padding where a move should be: the record was cut short.
            return Err(truncated(record, at));
        }
        at += 4;
        let flags = rec[0];
        let idx = match attach {
            None => 0,
            Some((parent, as_child)) => {
                let from = square(rec[2]).ok_or(MoveRecordError::BadSquare {
                    record,
                    offset: base + offset + 2,
                    value: rec[2],
                })?;
                let to = square(rec[3]).ok_or(MoveRecordError::BadSquare {
                    record,
                    offset: base + offset + 3,
                    value: rec[3],
                })?;
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
        if flags & 0x04 != 0 {
            let len = u32_at(data, at).ok_or_else(|| truncated(record, at))?;
            at += 4;
            let end = at.checked_add(len as usize).filter(|&e| e <= data.len());
            let Some(end) = end else {
                return Err(
                    MoveRecordError::BadCommentLength { record, offset: base + offset, len: i64::from(len) }.into()
                );
            };
            comments.push((idx, &data[at..end]));
            at = end;
        }
        if idx == 0 {
            // The opening record: the moves follow, unless it ends the line or the record.
            if flags & 0x01 != 0 || at == data.len() {
                break;
            }
            attach = Some((0, true));
            record += 1;
            continue;
        }
        if flags & 0x02 != 0 {
            pending.push(idx);
        }
        if flags & 0x01 == 0 {
            attach = Some((idx, true));
        } else {
            match pending.pop() {
                Some(p) => attach = Some((p, false)),
                None => break,
            }
        }
        record += 1;
    }
    for (idx, bytes) in comments {
        let c = decode(bytes).replace("\r\n", "\n");
        if !c.is_empty() {
            tree.nodes[idx].comment = Some(c);
        }
    }

    let mut game = Record::new(Variant::Xiangqi);
    for &(off, size, name) in &STRINGS {
        let v = utf16_field(&data[off..off + size]);
        if !v.is_empty() {
            game.headers.set(name, v);
        }
    }
    if game.headers.get("Event").is_none() {
        if let Some(t) = game.headers.get("Title").map(str::to_string) {
            game.headers.set("Event", t);
        }
    }
    let ecco = &data[ECCO..ECCO + 4];
    if ecco[0].is_ascii_uppercase() && ecco[1].is_ascii_digit() && ecco[2].is_ascii_digit() && ecco[3] == 0 {
        game.headers.set("ECCO", String::from_utf8_lossy(&ecco[..3]));
    }
    game.outcome = match data[RESULT] {
        1 => Outcome::RedWins,
        2 => Outcome::BlackWins,
        3 => Outcome::Draw,
        _ => Outcome::Unknown,
    };
    game.headers.set("Result", game.outcome.pgn());

    // The side to move: the header's, unless the first move is the other side's piece.
    let mut side = if u16::from_le_bytes([data[SIDE], data[SIDE + 1]]) == 2 { Side::Second } else { Side::First };
    let first_from = tree.nodes[0].child.and_then(|c| tree.nodes[c].mv).map(|m| m.0);
    if let Some(p) = first_from.and_then(|s| board[s.index()]) {
        side = p.side;
    }
    if tree.nodes[0].child.is_none() && board.iter().all(Option::is_none) {
        // A heading in a library: a title and a comment, no game.
        game.main = tree.to_line(&mut game.start_position().map_err(CbrError::Position)?)?;
        return Ok(game);
    }
    let fen = crate::xqf::board_fen(&board, side);
    let mut pos = crate::composed_position(Variant::Xiangqi, &fen).map_err(CbrError::Position)?;
    game.start_fen = pos.to_fen();
    if !game.has_standard_start() {
        game.headers.set("FEN", game.start_fen.as_str());
    }
    game.main = tree.to_line(&mut pos)?;
    Ok(game)
}
