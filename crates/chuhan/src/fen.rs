//! FEN: reading and writing positions as text.
//!
//! `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`: the board from rank
//! 9 down to rank 0, the side to move (`w` or `r` for the first mover, `b` for the second), two
//! unused fields (`-`), the plies since the last capture and the move number. Only the board is
//! required; missing fields take the values above. Reading rejects positions that no game can
//! reach and says where: `FEN field 1, rank 3: 10 files, expected 9`.

use crate::attacks::{palace, PALACE_DIAGONAL_POINTS};
use crate::bitboard::Bitboard;
use crate::piece::{Piece, Role, Side};
use crate::position::Position;
use crate::square::Square;
use crate::variant::Variant;
use std::fmt;

/// Why a FEN was rejected, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenError {
    /// The field, 1 (board) to 6 (move number).
    pub field: u8,
    /// The board rank (0–9, counted from the first mover's side) for board errors.
    pub rank: Option<u8>,
    /// What is wrong.
    pub kind: FenErrorKind,
}

/// What is wrong with a FEN.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenErrorKind {
    #[error("empty FEN")]
    Empty,
    #[error("{0} ranks, expected 10")]
    RankCount(usize),
    #[error("{0} files, expected 9")]
    FileCount(usize),
    #[error("unexpected character {0:?}: expected a piece letter (KABNRCP, also H and E) or a digit 1–9")]
    BadChar(char),
    #[error("side to move {0:?}: expected w, r or b")]
    BadSide(String),
    #[error("{0:?}: expected -")]
    ExpectedDash(String),
    #[error("{0:?}: expected a number")]
    BadNumber(String),
    #[error("unexpected extra field {0:?}")]
    ExtraField(String),
    #[error("{side} has no general")]
    NoGeneral { side: &'static str },
    #[error("{side} has {count} {role}s, the set holds {max}")]
    TooManyOfRole { side: &'static str, role: &'static str, count: u32, max: u8 },
    #[error("{side} has {count} pieces, at most 16")]
    TooManyPieces { side: &'static str, count: u32 },
    #[error("{side} {role} on {square} is outside its palace")]
    OutsidePalace { side: &'static str, role: &'static str, square: Square },
    #[error("{side} {role} on {square}: a point it can never reach")]
    Unreachable { side: &'static str, role: &'static str, square: Square },
    #[error("the generals face each other on file {file} with nothing between them")]
    GeneralsFace { file: char },
    #[error("{side} is in check but it is not {side}'s move")]
    SideNotToMoveInCheck { side: &'static str },
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

fn err(field: u8, rank: Option<u8>, kind: FenErrorKind) -> FenError {
    FenError { field, rank, kind }
}

/// Xiangqi elephant points of the first mover.
const XIANGQI_ELEPHANT_POINTS: [(u8, u8); 7] = [(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)];

fn points(list: &[(u8, u8)], side: Side) -> Bitboard {
    list.iter()
        .filter_map(|&(f, r)| Square::new(f, r))
        .map(|sq| if side == Side::First { sq } else { sq.rotate() })
        .collect()
}

/// Whether `piece` may stand on `sq` in `variant` at all; `Err` names the reason.
fn placement_error(variant: Variant, piece: Piece, sq: Square) -> Option<FenErrorKind> {
    let side = piece.side.name(variant);
    let role = piece.role.name();
    let forward_rank = if piece.side == Side::First { sq.rank() } else { 9 - sq.rank() };
    match piece.role {
        Role::General | Role::Advisor if !palace(piece.side).contains(sq) => {
            Some(FenErrorKind::OutsidePalace { side, role, square: sq })
        }
        Role::Advisor if variant == Variant::Xiangqi && !(PALACE_DIAGONAL_POINTS & palace(piece.side)).contains(sq) => {
            Some(FenErrorKind::Unreachable { side, role, square: sq })
        }
        Role::Elephant if variant == Variant::Xiangqi && !points(&XIANGQI_ELEPHANT_POINTS, piece.side).contains(sq) => {
            Some(FenErrorKind::Unreachable { side, role, square: sq })
        }
        Role::Soldier => {
            // Soldiers never step back; xiangqi soldiers step sideways only past the river.
            let behind_start = forward_rank < 3;
            let sidestepped = variant == Variant::Xiangqi && forward_rank <= 4 && sq.file() % 2 == 1;
            (behind_start || sidestepped).then_some(FenErrorKind::Unreachable { side, role, square: sq })
        }
        _ => None,
    }
}

fn parse_board(variant: Variant, text: &str, strict: bool) -> Result<[Option<Piece>; 90], FenError> {
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
                    let sq = Square::new(file as u8, rank).expect("file and rank on the board");
                    if let Some(kind) = placement_error(variant, piece, sq) {
                        if strict || !matches!(kind, FenErrorKind::Unreachable { .. }) {
                            return Err(err(1, Some(rank), kind));
                        }
                    }
                    board[sq.index()] = Some(piece);
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

fn check_material(variant: Variant, board: &[Option<Piece>; 90]) -> Result<(), FenError> {
    for side in Side::BOTH {
        let mut total = 0;
        for role in Role::ALL {
            let count = board.iter().filter(|p| **p == Some(Piece::new(side, role))).count() as u32;
            total += count;
            if count > role.set_count() as u32 {
                return Err(err(
                    1,
                    None,
                    FenErrorKind::TooManyOfRole {
                        side: side.name(variant),
                        role: role.name(),
                        count,
                        max: role.set_count(),
                    },
                ));
            }
            if role == Role::General && count == 0 {
                return Err(err(1, None, FenErrorKind::NoGeneral { side: side.name(variant) }));
            }
        }
        if total > 16 {
            return Err(err(1, None, FenErrorKind::TooManyPieces { side: side.name(variant), count: total }));
        }
    }
    Ok(())
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

impl Position {
    /// Reads a FEN (see the [module documentation](crate::fen)).
    pub fn from_fen(variant: Variant, fen: &str) -> Result<Position, FenError> {
        Position::read_fen(variant, fen, true)
    }

    /// Reads a FEN like [`Position::from_fen`] but lets advisors, elephants and soldiers stand
    /// on points they could never reach in a game (a soldier behind its start, an elephant
    /// across the river): composed problems and transcribed diagrams sometimes do. Everything
    /// else is still checked, and the moves of such pieces follow the usual rules.
    pub fn from_fen_relaxed(variant: Variant, fen: &str) -> Result<Position, FenError> {
        Position::read_fen(variant, fen, false)
    }

    fn read_fen(variant: Variant, fen: &str, strict: bool) -> Result<Position, FenError> {
        let mut fields = fen.split_whitespace();
        let board_text = fields.next().ok_or(err(1, None, FenErrorKind::Empty))?;
        let board = parse_board(variant, board_text, strict)?;
        check_material(variant, &board)?;

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
        let halfmove = fields.next().map(|t| parse_number(5, t)).transpose()?.unwrap_or(0);
        let fullmove = fields.next().map(|t| parse_number(6, t)).transpose()?.unwrap_or(1).max(1);
        if let Some(extra) = fields.next() {
            return Err(err(7, None, FenErrorKind::ExtraField(extra.to_string())));
        }

        let pos = Position::from_parts(variant, board, turn, halfmove, fullmove);
        if variant == Variant::Xiangqi && pos.generals_face() {
            let file = pos.general(Side::First).file_char();
            return Err(err(1, None, FenErrorKind::GeneralsFace { file }));
        }
        // The side that just moved may not have left its general attacked — except in janggi
        // by passing in bikjang, which is allowed even in check and ends the game.
        let mut flipped = pos.clone();
        flipped.turn = !pos.turn;
        let bikjang_pass = variant == Variant::Janggi && pos.generals_face();
        if flipped.is_check() && !bikjang_pass {
            return Err(err(2, None, FenErrorKind::SideNotToMoveInCheck { side: (!pos.turn).name(variant) }));
        }
        Ok(pos)
    }

    /// Writes the position as FEN, with `w` for the first mover and `b` for the second.
    pub fn to_fen(&self) -> String {
        let side = if self.turn == Side::First { 'w' } else { 'b' };
        format!("{} {side} - - {} {}", board_fen(&self.board), self.halfmove_clock, self.fullmove_number)
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
