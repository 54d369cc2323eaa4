//! FEN: reading and writing positions as text.
//!
//! `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`: the board from rank
//! 9 down to rank 0, the side to move (`w` or `r` for the first mover, `b` for the second), two
//! unused fields (`-`), the plies since the last capture and the move number. Only the board is
//! required; missing fields take the values above. Reading rejects positions that no game can
//! reach and says where: `FEN field 1, rank 3: 10 files, expected 9`.

use crate::piece::{Piece, Side};
use crate::position::Position;
use crate::setup::{PositionError, Problem, Setup};
use crate::variant::Variant;
use std::fmt;

/// Why a FEN was rejected, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenError {
    /// The field, 1 (board) to 6 (move number); 7 for an extra field.
    pub field: u8,
    /// The board rank (0–9, counted from the first mover's side) for board errors.
    pub rank: Option<u8>,
    /// What is wrong.
    pub kind: FenErrorKind,
}

/// What is wrong with a FEN.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FenErrorKind {
    /// Nothing but white space.
    #[error("empty FEN")]
    Empty,
    /// The board does not have ten ranks.
    #[error("{0} ranks, expected 10")]
    RankCount(usize),
    /// A rank does not have nine files.
    #[error("{0} files, expected 9")]
    FileCount(usize),
    /// A character that is neither a piece letter nor a digit 1–9.
    #[error("unexpected character {0:?}: expected a piece letter (KABNRCP, also H and E) or a digit 1–9")]
    BadChar(char),
    /// The side to move is not `w`, `r` or `b`.
    #[error("side to move {0:?}: expected w, r or b")]
    BadSide(String),
    /// Fields 3 and 4 (chess's castling and en passant) must be `-`.
    #[error("{0:?}: expected -")]
    ExpectedDash(String),
    /// A move counter that is not a number.
    #[error("{0:?}: expected a number")]
    BadNumber(String),
    /// More than six fields.
    #[error("unexpected extra field {0:?}")]
    ExtraField(String),
    /// The FEN is well formed but no game has that position.
    #[error("{0}")]
    Position(PositionError),
}

impl FenError {
    /// The position error, when the FEN was well formed but the position is not one of the
    /// game (so that a caller may choose to [ignore](PositionError::ignore_unreachable) it).
    pub fn position_error(&self) -> Option<&PositionError> {
        match &self.kind {
            FenErrorKind::Position(e) => Some(e),
            _ => None,
        }
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.rank {
            Some(r) => write!(f, "FEN field {}, rank {}: {}", self.field, r, self.kind),
            None => write!(f, "FEN field {}: {}", self.field, self.kind),
        }
    }
}

impl std::error::Error for FenError {}

impl From<PositionError> for FenError {
    /// Places a position error in the FEN: the board field (and the rank of the piece it is
    /// about), or the side-to-move field for a side left in check.
    fn from(e: PositionError) -> FenError {
        let first = e.problems().first().copied();
        let field = if matches!(first, Some(Problem::OppositeCheck(_))) { 2 } else { 1 };
        let rank = first.and_then(Problem::square).map(|sq| sq.rank());
        FenError { field, rank, kind: FenErrorKind::Position(e) }
    }
}

fn err(field: u8, rank: Option<u8>, kind: FenErrorKind) -> FenError {
    FenError { field, rank, kind }
}

fn parse_board(text: &str) -> Result<[Option<Piece>; 90], FenError> {
    // Fairy-Stockfish writes empty holdings as `[]` after the board.
    let text = text.strip_suffix("[]").unwrap_or(text);
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 10 {
        return Err(err(1, None, FenErrorKind::RankCount(rows.len())));
    }
    let mut board = [None; 90];
    for (i, row) in rows.iter().enumerate() {
        let rank = 9 - i as u8;
        let mut file = 0usize;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=9).contains(d)) {
                file += d as usize;
            } else if let Some(piece) = Piece::from_letter(c) {
                if file < 9 {
                    board[rank as usize * 9 + file] = Some(piece);
                }
                file += 1;
            } else {
                return Err(err(1, Some(rank), FenErrorKind::BadChar(c)));
            }
        }
        if file != 9 {
            return Err(err(1, Some(rank), FenErrorKind::FileCount(file)));
        }
    }
    Ok(board)
}

fn parse_number(field: u8, text: &str) -> Result<u32, FenError> {
    text.parse::<u32>().map_err(|_| err(field, None, FenErrorKind::BadNumber(text.to_string())))
}

/// The board field of a FEN (rank 9 first) for a placement indexed by square. Record readers
/// use it to turn a stored piece table into a position.
pub fn board_fen(board: &[Option<Piece>; 90]) -> String {
    let mut s = String::with_capacity(64);
    for rank in (0..10).rev() {
        let mut empty = 0;
        for file in 0..9 {
            match board[rank * 9 + file] {
                Some(p) => {
                    if empty > 0 {
                        s.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    s.push(p.letter());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s
}

/// Reads a FEN's syntax into a [`Setup`] (what `str::parse::<Setup>` does).
pub(crate) fn parse_setup(fen: &str) -> Result<Setup, FenError> {
    let mut fields = fen.split_whitespace();
    let board_text = fields.next().ok_or(err(1, None, FenErrorKind::Empty))?;
    let board = parse_board(board_text)?;
    let turn = match fields.next() {
        None | Some("w") | Some("r") | Some("W") | Some("R") => Side::First,
        Some("b") | Some("B") => Side::Second,
        Some(other) => return Err(err(2, None, FenErrorKind::BadSide(other.to_string()))),
    };
    for field in [3u8, 4] {
        match fields.next() {
            None | Some("-") => {}
            Some(other) => return Err(err(field, None, FenErrorKind::ExpectedDash(other.to_string()))),
        }
    }
    let halfmove_clock = fields.next().map(|t| parse_number(5, t)).transpose()?.unwrap_or(0);
    let fullmove_number = fields.next().map(|t| parse_number(6, t)).transpose()?.unwrap_or(1).max(1);
    if let Some(extra) = fields.next() {
        return Err(err(7, None, FenErrorKind::ExtraField(extra.to_string())));
    }
    Ok(Setup { board, turn, halfmove_clock, fullmove_number })
}

// Setup's text form lives here, with the rest of FEN, so that `setup` (the board checked
// against the rules) needs nothing of the text and the two modules do not depend on each other.
impl std::str::FromStr for Setup {
    type Err = FenError;

    /// Reads a FEN's syntax (see [`crate::fen`]); nothing about either game's rules is checked.
    fn from_str(fen: &str) -> Result<Setup, FenError> {
        parse_setup(fen)
    }
}

impl fmt::Display for Setup {
    /// The FEN, with `w` for the first mover and `b` for the second.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = if self.turn == Side::First { 'w' } else { 'b' };
        write!(f, "{} {side} - - {} {}", board_fen(&self.board), self.halfmove_clock, self.fullmove_number)
    }
}

impl Position {
    /// Reads a FEN (see the [module documentation](crate::fen)) and checks the position against
    /// `variant`'s rules: `text.parse::<Setup>()?.position(variant)` with the position's
    /// problems placed in the FEN. For composed positions see [`Setup`].
    pub fn from_fen(variant: Variant, fen: &str) -> Result<Position, FenError> {
        Ok(parse_setup(fen)?.position(variant)?)
    }

    /// The board, side to move and counters as a [`Setup`] (to edit, or to write).
    pub fn to_setup(&self) -> Setup {
        Setup::from(self)
    }

    /// Writes the position as FEN, with `w` for the first mover and `b` for the second.
    pub fn to_fen(&self) -> String {
        self.to_setup().to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fen_err(variant: Variant, fen: &str) -> String {
        Position::from_fen(variant, fen).unwrap_err().to_string()
    }

    #[test]
    fn start_positions_round_trip() {
        for v in [Variant::Xiangqi, Variant::Janggi] {
            let pos = Position::from_fen(v, v.start_fen()).unwrap();
            assert_eq!(pos.to_fen(), v.start_fen());
        }
    }

    #[test]
    fn accepts_aliases_and_short_forms() {
        let pos = Position::from_fen(Variant::Xiangqi, "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r")
            .unwrap();
        assert_eq!(pos.to_fen(), Variant::Xiangqi.start_fen());
    }

    #[test]
    fn errors_name_field_rank_and_reason() {
        assert_eq!(
            fen_err(Variant::Xiangqi, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w"),
            "FEN field 1, rank 0: 10 files, expected 9"
        );
        assert_eq!(
            fen_err(Variant::Xiangqi, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w"),
            "FEN field 1: 9 ranks, expected 10"
        );
        assert_eq!(
            fen_err(Variant::Xiangqi, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x"),
            "FEN field 2: side to move \"x\": expected w, r or b"
        );
        assert_eq!(
            fen_err(Variant::Xiangqi, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w"),
            "FEN field 1, rank 0: unexpected character 'X': expected a piece letter (KABNRCP, also H and E) or a digit 1–9"
        );
    }

    #[test]
    fn rejects_impossible_positions() {
        let cases = [
            ("4k4/9/9/9/9/9/9/9/9/3K1K3 w", "red has 2 generals, the set holds 1"),
            ("4k4/9/9/9/9/9/9/9/9/9 w", "red has no general"),
            ("4k4/9/9/9/9/9/9/9/K8/9 w", "rank 1: red general on a1 is outside its palace"),
            ("3k5/9/9/9/9/9/9/9/3A5/4K4 w", "rank 1: red advisor on d1: a point it can never reach"),
            ("3k5/9/9/9/9/B8/9/9/9/4K4 w", "rank 4: red elephant on a4: a point it can never reach"),
            ("3k5/9/9/9/9/9/9/9/P8/4K4 w", "rank 1: red soldier on a1"),
            ("3k5/9/9/9/9/9/1P7/9/9/4K4 w", "rank 3: red soldier on b3"),
            ("4k4/9/9/9/9/9/9/9/9/4K4 w", "the generals face each other on file e"),
            ("3k5/9/9/9/9/9/9/9/9/3RK4 w", "black is in check but it is not black's move"),
            ("3k5/9/9/9/9/9/9/9/9/RRR1K4 w", "red has 3 chariots, the set holds 2"),
        ];
        for (fen, expected) in cases {
            let msg = fen_err(Variant::Xiangqi, fen);
            assert!(msg.contains(expected), "{fen}: {msg}");
        }
        // Janggi: facing generals are bikjang, a legal position; soldiers move sideways at once.
        assert!(Position::from_fen(Variant::Janggi, "4k4/9/9/9/9/9/9/9/9/4K4 w").is_ok());
        assert!(Position::from_fen(Variant::Janggi, "4k4/9/9/9/9/9/1P7/9/9/4K4 w").is_ok());
        assert!(Position::from_fen(Variant::Janggi, "4k4/9/9/9/9/9/9/9/4A4/3K5 w").is_ok());
        assert!(
            fen_err(Variant::Janggi, "4k4/9/9/9/9/9/9/9/9/A2K5 w").contains("cho advisor on a0 is outside its palace")
        );
    }

    #[test]
    fn never_panics_on_garbage() {
        for fen in [
            "",
            " ",
            "/////////",
            "9/9/9/9/9/9/9/9/9/9/9",
            "99999999/9",
            "k",
            "4k4/9/9/9/9/9/9/9/9/4K4 w - - x",
            "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1 extra",
            "ÿ",
        ] {
            let _ = Position::from_fen(Variant::Xiangqi, fen);
            let _ = Position::from_fen(Variant::Janggi, fen);
        }
    }
}
