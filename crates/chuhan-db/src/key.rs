//! The position index's key: a 64-bit hash of where the pieces stand and who moves, blind to the
//! move counters and folded over the left-right mirror (and, when the database asks for it,
//! over the colours), so that a position is found whatever move order or wing it came from.
//!
//! The fold takes the smallest of the hashes of the position's images; the image it took
//! (its [`Frame`]) turns the moves played from the position into that same frame before they
//! are stored, and back into the asker's frame when they are read.

use chuhan::{zobrist, Move, Piece, Position, Side, Square, Variant};

/// Which images of a position share one key.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Fold {
    /// A position and its left-right mirror (the default: the two wings are the same opening).
    #[default]
    Mirror,
    /// Also the colour-swapped position (Black's pieces as Red's, turned to the other side of
    /// the board, the other side to move): a line is then found whichever colour played it.
    MirrorAndColours,
}

impl Fold {
    /// The name stored in the database: `mirror` or `colours`.
    pub const fn name(self) -> &'static str {
        match self {
            Fold::Mirror => "mirror",
            Fold::MirrorAndColours => "colours",
        }
    }

    /// The fold named `name` ([`Fold::name`]).
    pub fn from_name(name: &str) -> Option<Fold> {
        match name {
            "mirror" => Some(Fold::Mirror),
            "colours" | "colors" => Some(Fold::MirrorAndColours),
            _ => None,
        }
    }
}

/// An image of the board: mirrored left to right, colour-swapped, both or neither.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Frame {
    /// Files reversed (a ↔ i).
    pub mirror: bool,
    /// Sides swapped and ranks reversed (0 ↔ 9).
    pub colours: bool,
}

impl Frame {
    /// `sq` in this frame.
    pub fn square(self, sq: Square) -> Square {
        let sq = if self.mirror { sq.mirror() } else { sq };
        if self.colours {
            Square::new(sq.file(), 9 - sq.rank()).expect("a rank of 0-9 reversed is a rank of 0-9")
        } else {
            sq
        }
    }

    /// `m` in this frame. Every frame is its own inverse, so this also turns a stored move back.
    pub fn apply(self, m: Move) -> Move {
        Move::new(self.square(m.from), self.square(m.to))
    }

    fn piece(self, p: Piece) -> Piece {
        if self.colours {
            Piece::new(!p.side, p.role)
        } else {
            p
        }
    }

    fn side(self, s: Side) -> Side {
        if self.colours {
            !s
        } else {
            s
        }
    }
}

/// A salt per variant: the two games' boards share squares and pieces, never positions.
fn variant_salt(variant: Variant) -> u64 {
    match variant {
        Variant::Xiangqi => 0,
        Variant::Janggi => 0x4a61_6e67_6769_0000,
    }
}

/// The hash of `pos` seen in `frame`.
fn hash_in(pos: &Position, frame: Frame) -> u64 {
    let mut h = variant_salt(pos.variant()) ^ zobrist::side_key(frame.side(pos.turn()));
    for (sq, p) in pos.piece_squares() {
        h ^= zobrist::piece_key(frame.piece(p), frame.square(sq));
    }
    h
}

/// The frames `fold` folds together, in the order that breaks ties.
fn frames(fold: Fold) -> &'static [Frame] {
    match fold {
        Fold::Mirror => &[Frame { mirror: false, colours: false }, Frame { mirror: true, colours: false }],
        Fold::MirrorAndColours => &[
            Frame { mirror: false, colours: false },
            Frame { mirror: true, colours: false },
            Frame { mirror: false, colours: true },
            Frame { mirror: true, colours: true },
        ],
    }
}

/// [`position_key`] along a game, updated move by move instead of hashing the whole board at
/// every ply (an import computes one key a position: this halves its cost). The hash is the XOR
/// of a key per piece and point and one for the side to move, so a move changes it by the
/// mover's two keys, the captured piece's and the two sides'; the keys are the same numbers
/// [`position_key`] gives.
#[derive(Clone, Debug)]
pub struct KeyTracker {
    frames: &'static [Frame],
    hashes: [u64; 4],
}

impl KeyTracker {
    /// The keys of `pos`.
    pub fn new(pos: &Position, fold: Fold) -> KeyTracker {
        let frames = frames(fold);
        let mut hashes = [0; 4];
        for (h, &f) in hashes.iter_mut().zip(frames) {
            *h = hash_in(pos, f);
        }
        KeyTracker { frames, hashes }
    }

    /// The key and frame of the position, as [`position_key`].
    pub fn key(&self) -> (u64, Frame) {
        let mut best = (self.hashes[0], self.frames[0]);
        for (&h, &f) in self.hashes.iter().zip(self.frames).skip(1) {
            if h < best.0 {
                best = (h, f);
            }
        }
        best
    }

    /// Follows `m`, played from `pos` (the position before it; the move must be legal there).
    pub fn play(&mut self, pos: &Position, m: Move) {
        let turn = pos.turn();
        let moving = if m.is_pass() { None } else { pos.piece_at(m.from) };
        let captured = if m.is_pass() { None } else { pos.piece_at(m.to) };
        for (h, &f) in self.hashes.iter_mut().zip(self.frames) {
            *h ^= zobrist::side_key(f.side(turn)) ^ zobrist::side_key(f.side(!turn));
            if let Some(p) = moving {
                let p = f.piece(p);
                *h ^= zobrist::piece_key(p, f.square(m.from)) ^ zobrist::piece_key(p, f.square(m.to));
            }
            if let Some(c) = captured {
                *h ^= zobrist::piece_key(f.piece(c), f.square(m.to));
            }
        }
    }
}

/// The key of `pos` under `fold` and the frame it was taken in. Ties (a symmetric position)
/// take the first frame of identity, mirror, colours, both.
pub fn position_key(pos: &Position, fold: Fold) -> (u64, Frame) {
    let frames = frames(fold);
    let mut best = (hash_in(pos, frames[0]), frames[0]);
    for &f in &frames[1..] {
        let h = hash_in(pos, f);
        if h < best.0 {
            best = (h, f);
        }
    }
    best
}

/// A move as a number below 8,100 (from × 90 + to), the way the index stores it.
pub fn move_code(m: Move) -> u16 {
    (m.from.index() * 90 + m.to.index()) as u16
}

/// The move of [`move_code`]; `None` for a number that is no move.
pub fn move_from_code(code: u16) -> Option<Move> {
    let from = Square::from_index(u8::try_from(code / 90).ok()?)?;
    let to = Square::from_index((code % 90) as u8)?;
    Some(Move::new(from, to))
}

/// A game's moves in two bytes each (from, to), as the games table stores them.
pub fn encode_moves(moves: &[Move]) -> Vec<u8> {
    moves.iter().flat_map(|m| [m.from.index() as u8, m.to.index() as u8]).collect()
}

/// The moves of [`encode_moves`]; `None` if the bytes are not such a list.
pub fn decode_moves(bytes: &[u8]) -> Option<Vec<Move>> {
    if bytes.len() % 2 != 0 {
        return None;
    }
    bytes.chunks(2).map(|c| Some(Move::new(Square::from_index(c[0])?, Square::from_index(c[1])?))).collect()
}

/// FNV-1a, 64 bits: the duplicate check's hash of a game's start and moves. Written here because
/// it must stay the same across builds and platforms (std's hasher does not promise that).
pub fn fnv1a(parts: &[&[u8]]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for &b in *part {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        // A separator, so that ("ab", "c") and ("a", "bc") differ.
        h ^= 0xff;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(moves: &[&str]) -> Position {
        let mut pos = Position::new(Variant::Xiangqi);
        for m in moves {
            pos.play(m.parse().unwrap()).unwrap();
        }
        pos
    }

    /// The tracker gives [`position_key`]'s key at every ply of random games of both variants
    /// (captures, janggi passes), under both folds.
    #[test]
    fn the_tracker_follows_position_key() {
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        for variant in [Variant::Xiangqi, Variant::Janggi] {
            for fold in [Fold::Mirror, Fold::MirrorAndColours] {
                for _ in 0..20 {
                    let mut pos = Position::new(variant);
                    let mut keys = KeyTracker::new(&pos, fold);
                    for _ in 0..150 {
                        assert_eq!(keys.key(), position_key(&pos, fold), "{}", pos.to_fen());
                        let moves = pos.legal_moves();
                        if moves.is_empty() {
                            break;
                        }
                        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                        let m = moves[(seed >> 33) as usize % moves.len()];
                        keys.play(&pos, m);
                        pos.play_unchecked(m);
                    }
                }
            }
        }
    }

    #[test]
    fn mirror_positions_share_a_key_and_moves_map_back() {
        let (a, fa) = position_key(&play(&["h2e2"]), Fold::Mirror);
        let (b, fb) = position_key(&play(&["b2e2"]), Fold::Mirror);
        assert_eq!(a, b);
        assert_ne!(fa, fb);
        // The reply h9g7 from one wing is b9c7 from the other once both are in the key's frame.
        let m: Move = "h9g7".parse().unwrap();
        let n: Move = "b9c7".parse().unwrap();
        assert_eq!(fa.apply(m), fb.apply(n));
        assert_ne!(position_key(&play(&["h2e2"]), Fold::Mirror).0, position_key(&play(&["h2d2"]), Fold::Mirror).0);
    }

    #[test]
    fn counters_are_ignored_and_colours_fold_only_when_asked() {
        let a = play(&["h0g2", "h9g7", "g2h0", "g7h9"]);
        let b = Position::new(Variant::Xiangqi);
        assert_ne!(a.fullmove_number(), b.fullmove_number());
        assert_eq!(position_key(&a, Fold::Mirror).0, position_key(&b, Fold::Mirror).0);
        // Red's h2e2 and Black's h7e7 (after a waiting move pair) are colour images of each other
        // only up to the side to move, so compare a position with its exact colour image.
        let red = play(&["h2e2"]);
        let flipped: Position = Position::from_fen(
            Variant::Xiangqi,
            "rnbakabnr/9/1c2c4/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        )
        .unwrap();
        assert_ne!(position_key(&red, Fold::Mirror).0, position_key(&flipped, Fold::Mirror).0);
        assert_eq!(position_key(&red, Fold::MirrorAndColours).0, position_key(&flipped, Fold::MirrorAndColours).0);
    }

    #[test]
    fn moves_round_trip() {
        let moves: Vec<Move> = ["h2e2", "h9g7", "a0a1", "i9i8"].iter().map(|m| m.parse().unwrap()).collect();
        assert_eq!(decode_moves(&encode_moves(&moves)).unwrap(), moves);
        for m in &moves {
            assert_eq!(move_from_code(move_code(*m)), Some(*m));
        }
        assert_eq!(decode_moves(&[1, 2, 3]), None);
        assert_eq!(move_from_code(8100), None);
    }
}
