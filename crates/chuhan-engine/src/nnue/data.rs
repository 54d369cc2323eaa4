//! Training data: positions with the search's score and the game's result, in fixed-size
//! binary records (`chuhan-train gen` writes them, [`super::train`] reads them).
//!
//! A file is the 8-byte header (`CHND`, version) and then [`RECORD`]-byte records:
//! the board as 90 nibbles (0 empty, 1 + role for the first player's pieces, 8 + role for the
//! second's), a flags byte ([`Record::flags`]), the score for the side to move (`i16`,
//! centipawns), the result for the side to move (0 loss, 1 draw, 2 win) and the index of the
//! game it comes from (`u32`, so an interrupted run can be resumed after its last whole game).

use chuhan::{Piece, Position, Role, Side, Square, Variant};
use std::io::{Read, Write};

/// Bytes per record.
pub const RECORD: usize = 45 + 1 + 2 + 1 + 4;
/// The file header: magic and version.
pub const HEADER: &[u8; 8] = b"CHND\x01\0\0\0";

/// Flag: the game is janggi (otherwise xiangqi).
pub const JANGGI: u8 = 1;
/// Flag: the second player is to move.
pub const SECOND_TO_MOVE: u8 = 2;
/// Flag: the side to move is in check (the score is not a quiet one; the trainer skips these).
pub const IN_CHECK: u8 = 4;
/// Flag: the search's best move captures (the position is not quiet).
pub const CAPTURE: u8 = 8;
/// Flag: near a rule ending (the position repeats one of the game, or the move-count rule is
/// close): the score reflects the rules more than the board.
pub const NEAR_RULE_END: u8 = 16;

/// Why a data file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    /// Reading failed.
    #[error("cannot read training data: {0}")]
    Io(#[from] std::io::Error),
    /// Not a training data file of this version.
    #[error("not a chuhan training data file (bad header)")]
    Header,
    /// A record with a nibble that is no piece.
    #[error("record {index}: bad piece code {code} on square {square}")]
    BadPiece {
        /// The record's index in the file.
        index: usize,
        /// The nibble.
        code: u8,
        /// The square's index (0–89).
        square: usize,
    },
    /// A record whose result byte is not 0, 1 or 2.
    #[error("record {index}: bad result byte {byte}")]
    BadResult {
        /// The record's index in the file.
        index: usize,
        /// The byte.
        byte: u8,
    },
}

/// One training position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Each square's piece, indexed by [`Square::index`].
    pub board: [Option<Piece>; 90],
    /// [`JANGGI`], [`SECOND_TO_MOVE`], [`IN_CHECK`], [`CAPTURE`], [`NEAR_RULE_END`].
    pub flags: u8,
    /// The search's score for the side to move, centipawns.
    pub score: i16,
    /// The game's result for the side to move: 0 loss, 1 draw, 2 win.
    pub result: u8,
    /// Which game of the run it comes from.
    pub game: u32,
}

impl Record {
    /// The record of `pos` (other flags than the game and side to move are the caller's).
    pub fn new(pos: &Position, flags: u8, score: i16, result: u8, game: u32) -> Record {
        let mut board = [None; 90];
        for (sq, p) in pos.piece_squares() {
            board[sq.index()] = Some(p);
        }
        let mut flags = flags & !(JANGGI | SECOND_TO_MOVE);
        if pos.variant() == Variant::Janggi {
            flags |= JANGGI;
        }
        if pos.turn() == Side::Second {
            flags |= SECOND_TO_MOVE;
        }
        Record { board, flags, score, result, game }
    }

    /// The game of the position.
    pub fn variant(&self) -> Variant {
        if self.flags & JANGGI != 0 {
            Variant::Janggi
        } else {
            Variant::Xiangqi
        }
    }

    /// The side to move.
    pub fn turn(&self) -> Side {
        if self.flags & SECOND_TO_MOVE != 0 {
            Side::Second
        } else {
            Side::First
        }
    }

    /// The position (without its history: repetitions are not known), through its FEN.
    pub fn position(&self) -> Result<Position, chuhan::FenError> {
        let mut board = String::new();
        for rank in (0..10).rev() {
            let mut empty = 0;
            for file in 0..9 {
                match self.board[rank * 9 + file] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            board.push_str(&empty.to_string());
                            empty = 0;
                        }
                        board.push(p.letter());
                    }
                }
            }
            if empty > 0 {
                board.push_str(&empty.to_string());
            }
            if rank > 0 {
                board.push('/');
            }
        }
        let side = if self.turn() == Side::First { "w" } else { "b" };
        Position::from_fen(self.variant(), &format!("{board} {side} - - 0 1"))
    }

    /// Where `side`'s general stands (`None` only in a damaged record).
    pub fn general(&self, side: Side) -> Option<Square> {
        let i = self.board.iter().position(|p| p.is_some_and(|p| p.side == side && p.role == chuhan::Role::General))?;
        Square::from_index(i as u8)
    }

    /// The active input features from `view`'s side (see [`super::feature`]).
    pub fn features(&self, view: Side, out: &mut Vec<usize>) {
        for (i, p) in self.board.iter().enumerate() {
            if let Some(p) = p {
                let sq = Square::from_index(i as u8).expect("90 squares");
                out.push(super::feature(view, *p, sq));
            }
        }
    }

    /// Appends the record's bytes to `out`.
    pub fn write_to(&self, out: &mut Vec<u8>) {
        let code = |p: Option<Piece>| match p {
            None => 0u8,
            Some(p) => 1 + p.role as u8 + 7 * p.side as u8,
        };
        for pair in self.board.chunks_exact(2) {
            out.push(code(pair[0]) | code(pair[1]) << 4);
        }
        out.push(self.flags);
        out.extend_from_slice(&self.score.to_le_bytes());
        out.push(self.result);
        out.extend_from_slice(&self.game.to_le_bytes());
    }

    /// Reads one record from its [`RECORD`] bytes; `index` names it in errors.
    pub fn read(bytes: &[u8], index: usize) -> Result<Record, DataError> {
        let mut board = [None; 90];
        for (square, slot) in board.iter_mut().enumerate() {
            let code = (bytes[square / 2] >> (4 * (square % 2))) & 15;
            *slot = match code {
                0 => None,
                1..=14 => Some(Piece {
                    side: if code <= 7 { Side::First } else { Side::Second },
                    role: Role::ALL[((code - 1) % 7) as usize],
                }),
                _ => return Err(DataError::BadPiece { index, code, square }),
            };
        }
        let result = bytes[48];
        if result > 2 {
            return Err(DataError::BadResult { index, byte: result });
        }
        Ok(Record {
            board,
            flags: bytes[45],
            score: i16::from_le_bytes([bytes[46], bytes[47]]),
            result,
            game: u32::from_le_bytes([bytes[49], bytes[50], bytes[51], bytes[52]]),
        })
    }
}

/// Writes a whole data file: the header and the records.
pub fn write_all(out: &mut impl Write, records: &[Record]) -> std::io::Result<()> {
    let mut buf = HEADER.to_vec();
    for r in records {
        r.write_to(&mut buf);
    }
    out.write_all(&buf)
}

/// Reads a whole data file. A partial record at the end (an interrupted run) is left out.
pub fn read_all(input: &mut impl Read) -> Result<Vec<Record>, DataError> {
    let mut bytes = Vec::new();
    input.read_to_end(&mut bytes)?;
    if bytes.len() < HEADER.len() || &bytes[..HEADER.len()] != HEADER {
        return Err(DataError::Header);
    }
    bytes[HEADER.len()..].chunks_exact(RECORD).enumerate().map(|(i, c)| Record::read(c, i)).collect()
}
