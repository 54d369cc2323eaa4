//! Attack tables, built at compile time (at first use in WebAssembly: see `table!`).
//!
//! Sliding pieces (chariots, xiangqi cannons) look up a rank table and a file table indexed by
//! the occupancy of the line's inner points. A rank's occupancy is a shift away; a file's is
//! gathered with one multiplication, because the 8 inner points of a file sit 9 bits apart — the
//! same spacing as the a1–h8 diagonal of a chess bitboard. Steppers (horse, elephant) store, per
//! square, the blocking point and the targets it guards.

use crate::bitboard::Bitboard;
use crate::piece::Side;
use crate::square::Square;

/// A lookup table, written `table! { static NAME: TYPE = INIT; }` with a `const` INIT: computed at
/// compile time and stored in the binary natively, where a table is one load from memory. In
/// the WebAssembly build it is built at first use instead (`LazyLock`), on the heap: the tables
/// are mostly zero bits, 125 KB of a package every page downloads, and a `LazyLock` holding
/// them in place would still be stored whole (its state is not zero, so it is not `.bss`).
macro_rules! table {
    ($(#[$meta:meta])* $vis:vis static $name:ident: $ty:ty = $init:expr;) => {
        $(#[$meta])*
        #[cfg(not(target_arch = "wasm32"))]
        $vis static $name: $ty = $init;
        $(#[$meta])*
        #[cfg(target_arch = "wasm32")]
        $vis static $name: std::sync::LazyLock<Box<$ty>> = std::sync::LazyLock::new(|| Box::new($init));
    };
}

const fn bit(file: i32, rank: i32) -> u128 {
    if file < 0 || file > 8 || rank < 0 || rank > 9 {
        0
    } else {
        1u128 << (rank * 9 + file)
    }
}

const fn in_palace(file: i32, rank: i32) -> bool {
    file >= 3 && file <= 5 && (rank <= 2 || rank >= 7) && rank >= 0 && rank <= 9
}

/// The two palaces: files d–f, ranks 0–2 and 7–9.
pub const PALACES: Bitboard = {
    let mut m = 0u128;
    let mut sq = 0;
    while sq < 90 {
        if in_palace(sq % 9, sq / 9) {
            m |= 1u128 << sq;
        }
        sq += 1;
    }
    Bitboard(m)
};

/// One side's palace.
pub const fn palace(side: Side) -> Bitboard {
    match side {
        Side::First => Bitboard(PALACES.0 & ((1u128 << 27) - 1)),
        Side::Second => Bitboard(PALACES.0 & !((1u128 << 63) - 1)),
    }
}

/// One side's half of the xiangqi board (ranks 0–4 or 5–9): where its elephants stay.
pub const fn own_half(side: Side) -> Bitboard {
    match side {
        Side::First => Bitboard((1u128 << 45) - 1),
        Side::Second => Bitboard(((1u128 << 90) - 1) & !((1u128 << 45) - 1)),
    }
}

/// The points of the palace diagonals: corners and centres.
pub const PALACE_DIAGONAL_POINTS: Bitboard = Bitboard(
    bit(3, 0)
        | bit(5, 0)
        | bit(4, 1)
        | bit(3, 2)
        | bit(5, 2)
        | bit(3, 7)
        | bit(5, 7)
        | bit(4, 8)
        | bit(3, 9)
        | bit(5, 9),
);

table! {
    /// Orthogonal neighbours inside a palace: the general's steps in xiangqi.
    pub(crate) static PALACE_ORTHOGONAL: [Bitboard; 90] = {
        let mut t = [Bitboard(0); 90];
        let mut sq = 0;
        while sq < 90 {
            let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
            if in_palace(f, r) {
                let m = bit(f + 1, r) | bit(f - 1, r) | bit(f, r + 1) | bit(f, r - 1);
                t[sq] = Bitboard(m & PALACES.0);
            }
            sq += 1;
        }
        t
    };
}

table! {
    /// Steps along the palace diagonals: xiangqi advisors; with [`PALACE_ORTHOGONAL`], janggi
    /// generals and guards.
    pub(crate) static PALACE_DIAGONAL: [Bitboard; 90] = {
        let mut t = [Bitboard(0); 90];
        let mut sq = 0;
        while sq < 90 {
            let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
            if PALACE_DIAGONAL_POINTS.0 >> sq & 1 != 0 {
                let m = bit(f + 1, r + 1) | bit(f - 1, r + 1) | bit(f + 1, r - 1) | bit(f - 1, r - 1);
                t[sq] = Bitboard(m & PALACE_DIAGONAL_POINTS.0 & palace_of(r));
            }
            sq += 1;
        }
        t
    };
}

const fn palace_of(rank: i32) -> u128 {
    if rank <= 4 {
        PALACES.0 & ((1u128 << 27) - 1)
    } else {
        PALACES.0 & !((1u128 << 63) - 1)
    }
}

/// A blocking point and the targets a piece reaches through it while it is empty.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Gate {
    pub block: u128,
    pub targets: u128,
}

const NO_GATE: Gate = Gate { block: 0, targets: 0 };
const ORTHO: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

table! {
    /// Horse moves: for each orthogonal leg, the two points beyond it.
    pub(crate) static HORSE: [[Gate; 4]; 90] = {
        let mut t = [[NO_GATE; 4]; 90];
        let mut sq = 0;
        while sq < 90 {
            let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
            let mut i = 0;
            while i < 4 {
                let (df, dr) = ORTHO[i];
                let leg = bit(f + df, r + dr);
                if leg != 0 {
                    // Two steps along the leg's direction, one step to either side.
                    let targets = bit(f + 2 * df + dr, r + 2 * dr + df) | bit(f + 2 * df - dr, r + 2 * dr - df);
                    t[sq][i] = Gate { block: leg, targets };
                }
                i += 1;
            }
            sq += 1;
        }
        t
    };
}

table! {
    /// Horses that attack a point: for each diagonal neighbour (the attacking horse's leg), the
    /// two points from which a horse reaches the square through it.
    pub(crate) static HORSE_ATTACKERS: [[Gate; 4]; 90] = {
        let mut t = [[NO_GATE; 4]; 90];
        let mut sq = 0;
        while sq < 90 {
            let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
            let mut i = 0;
            while i < 4 {
                let (df, dr) = DIAG[i];
                let leg = bit(f + df, r + dr);
                if leg != 0 {
                    let targets = bit(f + 2 * df, r + dr) | bit(f + df, r + 2 * dr);
                    t[sq][i] = Gate { block: leg, targets };
                }
                i += 1;
            }
            sq += 1;
        }
        t
    };
}

table! {
    /// Xiangqi elephant moves: the eye and the point two steps diagonally beyond, never across
    /// the river.
    pub(crate) static XIANGQI_ELEPHANT: [[Gate; 4]; 90] = {
        let mut t = [[NO_GATE; 4]; 90];
        let mut sq = 0;
        while sq < 90 {
            let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
            let mut i = 0;
            while i < 4 {
                let (df, dr) = DIAG[i];
                let target = bit(f + 2 * df, r + 2 * dr);
                let same_half = (r <= 4) == (r + 2 * dr <= 4);
                if target != 0 && same_half {
                    t[sq][i] = Gate { block: bit(f + df, r + dr), targets: target };
                }
                i += 1;
            }
            sq += 1;
        }
        t
    };
}

table! {
    /// Janggi elephant moves: one step orthogonally, then two diagonally outward; both
    /// intermediate points must be empty. Eight gates per square, `block` holding both points.
    pub(crate) static JANGGI_ELEPHANT: [[Gate; 8]; 90] = {
        let mut t = [[NO_GATE; 8]; 90];
        let mut sq = 0;
        while sq < 90 {
            let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
            let mut i = 0;
            while i < 8 {
                let (of, or) = ORTHO[i / 2];
                // The two diagonals that continue outward from the orthogonal step.
                let (sf, sr) = if i % 2 == 0 { (or, of) } else { (-or, -of) };
                let (df, dr) = (of + sf, or + sr);
                let p1 = bit(f + of, r + or);
                let p2 = bit(f + of + df, r + or + dr);
                let target = bit(f + of + 2 * df, r + or + 2 * dr);
                if p1 != 0 && p2 != 0 && target != 0 {
                    t[sq][i] = Gate { block: p1 | p2, targets: target };
                }
                i += 1;
            }
            sq += 1;
        }
        t
    };
}

table! {
    /// Janggi elephants that attack a point: the reverse of [`JANGGI_ELEPHANT`].
    pub(crate) static JANGGI_ELEPHANT_ATTACKERS: [[Gate; 8]; 90] = {
        let mut t = [[NO_GATE; 8]; 90];
        let mut from = 0;
        while from < 90 {
            let mut i = 0;
            while i < 8 {
                let g = JANGGI_ELEPHANT[from][i];
                if g.targets != 0 {
                    let to = g.targets.trailing_zeros() as usize;
                    t[to][i] = Gate { block: g.block, targets: 1u128 << from };
                }
                i += 1;
            }
            from += 1;
        }
        t
    };
}

table! {
    /// Soldier steps for each side: forward, and sideways once across the river (xiangqi).
    pub(crate) static XIANGQI_SOLDIER: [[Bitboard; 90]; 2] = {
        let mut t = [[Bitboard(0); 90]; 2];
        let mut s = 0;
        while s < 2 {
            let fwd: i32 = if s == 0 { 1 } else { -1 };
            let mut sq = 0;
            while sq < 90 {
                let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
                let crossed = if s == 0 { r >= 5 } else { r <= 4 };
                let mut m = bit(f, r + fwd);
                if crossed {
                    m |= bit(f + 1, r) | bit(f - 1, r);
                }
                t[s][sq] = Bitboard(m);
                sq += 1;
            }
            s += 1;
        }
        t
    };
}

table! {
    /// Janggi soldier steps: forward or sideways from the start, and diagonally forward along the
    /// lines of the enemy palace.
    pub(crate) static JANGGI_SOLDIER: [[Bitboard; 90]; 2] = {
        let mut t = [[Bitboard(0); 90]; 2];
        let mut s = 0;
        while s < 2 {
            let fwd: i32 = if s == 0 { 1 } else { -1 };
            let mut sq = 0;
            while sq < 90 {
                let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
                let mut m = bit(f, r + fwd) | bit(f + 1, r) | bit(f - 1, r);
                let diag = PALACE_DIAGONAL[sq].0;
                let ahead = if s == 0 { !((1u128 << ((r + 1) * 9)) - 1) } else { (1u128 << (r * 9)) - 1 };
                m |= diag & ahead;
                t[s][sq] = Bitboard(m);
                sq += 1;
            }
            s += 1;
        }
        t
    };
}

const fn invert(moves: &[[Bitboard; 90]; 2]) -> [[Bitboard; 90]; 2] {
    let mut t = [[Bitboard(0); 90]; 2];
    let mut s = 0;
    while s < 2 {
        let mut from = 0;
        while from < 90 {
            let mut m = moves[s][from].0;
            while m != 0 {
                let to = m.trailing_zeros() as usize;
                t[s][to].0 |= 1u128 << from;
                m &= m - 1;
            }
            from += 1;
        }
        s += 1;
    }
    t
}

table! {
    /// Points from which a soldier of side `s` attacks a square: `XIANGQI_SOLDIER_ATTACKERS[s][sq]`.
    pub(crate) static XIANGQI_SOLDIER_ATTACKERS: [[Bitboard; 90]; 2] = invert(&XIANGQI_SOLDIER);
}
table! {
    /// Points from which a janggi soldier of side `s` attacks a square.
    pub(crate) static JANGGI_SOLDIER_ATTACKERS: [[Bitboard; 90]; 2] = invert(&JANGGI_SOLDIER);
}

// ---- sliding pieces -------------------------------------------------------------------------

/// Squares a slider on `pos` of a line of `len` points reaches, given the occupancy of the
/// line's inner points (bit i = point i + 1). `screens` = 0 for a chariot (empty points and the
/// first piece), 1 for a xiangqi cannon's capture (the first piece beyond one screen), 2 for a
/// janggi cannon's jump (the empty points beyond one screen and the first piece after them).
const fn line_attacks(pos: i32, inner_occ: u32, len: i32, screens: i32) -> u16 {
    let occ = (inner_occ << 1) as i32;
    let mut out = 0u16;
    let mut dir = -1;
    while dir <= 1 {
        let mut p = pos + dir;
        let mut seen = 0;
        while p >= 0 && p < len {
            let occupied = occ >> p & 1 != 0;
            // A chariot reaches empty points and the first piece; a cannon only the piece. The
            // index leaves out the edge points (they never block), so an edge point beyond the
            // screen is kept for the cannon and the caller masks it with the occupancy.
            let edge = p == 0 || p == len - 1;
            let wanted = if screens == 2 { 1 } else { screens };
            if seen == wanted && (screens != 1 || occupied || edge) {
                out |= 1 << p;
            }
            if occupied {
                if seen == wanted {
                    break;
                }
                seen += 1;
            }
            p += dir;
        }
        dir += 2;
    }
    out
}

const fn rank_table(screens: i32) -> [[u16; 128]; 9] {
    let mut t = [[0u16; 128]; 9];
    let mut f = 0;
    while f < 9 {
        let mut o = 0;
        while o < 128 {
            t[f][o] = line_attacks(f as i32, o as u32, 9, screens);
            o += 1;
        }
        f += 1;
    }
    t
}

const fn file_table(screens: i32) -> [[u16; 256]; 10] {
    let mut t = [[0u16; 256]; 10];
    let mut r = 0;
    while r < 10 {
        let mut o = 0;
        while o < 256 {
            t[r][o] = line_attacks(r as i32, o as u32, 10, screens);
            o += 1;
        }
        r += 1;
    }
    t
}

table! {
    static ROOK_RANK: [[u16; 128]; 9] = rank_table(0);
}
table! {
    static ROOK_FILE: [[u16; 256]; 10] = file_table(0);
}
table! {
    static CANNON_RANK: [[u16; 128]; 9] = rank_table(1);
}
table! {
    static CANNON_FILE: [[u16; 256]; 10] = file_table(1);
}
table! {
    static JUMP_RANK: [[u16; 128]; 9] = rank_table(2);
}
table! {
    static JUMP_FILE: [[u16; 256]; 10] = file_table(2);
}

const DIAG_BITS: u64 = 0x8040_2010_0804_0201;
const BYTE_SPREAD: u64 = 0x0101_0101_0101_0101;

#[inline(always)]
fn rank_occupancy(occ: u128, sq: Square) -> usize {
    ((occ >> (sq.rank() as u32 * 9 + 1)) & 0x7f) as usize
}

#[inline(always)]
fn file_occupancy(occ: u128, sq: Square) -> usize {
    let x = (occ >> (sq.file() as u32 + 9)) as u64 & DIAG_BITS;
    (x.wrapping_mul(BYTE_SPREAD) >> 56) as usize
}

/// A 10-bit set of ranks laid onto file a.
#[inline(always)]
fn file_bits(ranks: u16) -> u128 {
    let low = ((ranks as u64 & 0xff).wrapping_mul(BYTE_SPREAD) & DIAG_BITS) as u128;
    low | ((ranks as u128 >> 8) & 1) << 72 | ((ranks as u128 >> 9) & 1) << 81
}

#[inline(always)]
fn slide(rank_t: &[[u16; 128]; 9], file_t: &[[u16; 256]; 10], sq: Square, occ: Bitboard) -> Bitboard {
    let (f, r) = (sq.file() as u32, sq.rank() as u32);
    let on_rank = (rank_t[f as usize][rank_occupancy(occ.0, sq)] as u128) << (r * 9);
    let on_file = file_bits(file_t[r as usize][file_occupancy(occ.0, sq)]) << f;
    Bitboard(on_rank | on_file)
}

/// Points a chariot on `sq` reaches along ranks and files: the empty points up to and
/// including the first piece each way.
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    slide(&ROOK_RANK, &ROOK_FILE, sq, occupied)
}

/// Points a xiangqi cannon on `sq` captures on: the first piece beyond exactly one screen each
/// way (whoever owns it).
#[inline]
pub fn cannon_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    slide(&CANNON_RANK, &CANNON_FILE, sq, occupied) & occupied
}

/// Points a janggi cannon on `sq` jumps to over one screen each way, whatever the screen: the
/// empty points beyond it and the first piece after them, whoever owns it (the janggi move
/// generator takes out the lines screened by a cannon).
#[inline]
pub fn cannon_jumps(sq: Square, occupied: Bitboard) -> Bitboard {
    slide(&JUMP_RANK, &JUMP_FILE, sq, occupied)
}

table! {
    /// For each palace corner, its palace's centre and the opposite corner (as bits): the long
    /// palace diagonal a janggi chariot or cannon runs along. Zero elsewhere.
    static PALACE_LINES: [(u128, u128); 90] = {
        let mut t = [(0u128, 0u128); 90];
        let mut sq = 0;
        while sq < 90 {
            let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
            if (f == 3 || f == 5) && (r == 0 || r == 2 || r == 7 || r == 9) {
                let centre_rank = if r <= 2 { 1 } else { 8 };
                t[sq] = (bit(4, centre_rank), bit(8 - f, 2 * centre_rank - r));
            }
            sq += 1;
        }
        t
    };
}

table! {
    /// The four rays from each point along its rank and file (the point itself left out).
    static RAYS: [[u128; 4]; 90] = {
        let mut t = [[0u128; 4]; 90];
        let mut sq: usize = 0;
        while sq < 90 {
            let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
            let mut d = 0;
            while d < 4 {
                let (df, dr) = ORTHO[d];
                let mut k = 1;
                while bit(f + k * df, r + k * dr) != 0 {
                    t[sq][d] |= bit(f + k * df, r + k * dr);
                    k += 1;
                }
                d += 1;
            }
            sq += 1;
        }
        t
    };
}

/// Every point a janggi chariot or cannon could reach `sq` from on an empty board: its rank,
/// its file and, from a palace corner, the far corner. A quick test before the exact one.
#[inline]
pub(crate) fn janggi_lines(sq: Square) -> Bitboard {
    let [a, b, c, d] = RAYS[sq.index()];
    Bitboard(a | b | c | d | PALACE_LINES[sq.index()].1)
}

/// Points a janggi chariot on `sq` reaches: along ranks and files, and along the palace
/// diagonals (the next diagonal point, and the far corner past an empty centre).
#[inline]
pub fn janggi_chariot_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | palace_slide(sq, occupied)
}

/// A janggi chariot's moves along the palace diagonals from `sq`.
#[inline]
pub(crate) fn palace_slide(sq: Square, occupied: Bitboard) -> Bitboard {
    let mut m = PALACE_DIAGONAL[sq.index()];
    let (centre, far) = PALACE_LINES[sq.index()];
    if far != 0 && occupied.0 & centre == 0 {
        m.0 |= far;
    }
    m
}

/// Points a janggi cannon on `sq` reaches — the empty points beyond exactly one screen and the
/// first piece after them, whoever owns it — where no cannon (on `cannons`) may be the screen.
/// The caller removes its own pieces and the cannons, which a cannon may not take.
#[inline]
pub fn janggi_cannon_attacks(sq: Square, occupied: Bitboard, cannons: Bitboard) -> Bitboard {
    janggi_cannon_beyond(sq, occupied, cannons, rook_attacks(sq, occupied))
}

/// [`janggi_cannon_attacks`] given `near`, what a chariot on `sq` reaches along ranks and files
/// (for a caller that has it already).
#[inline]
pub(crate) fn janggi_cannon_beyond(sq: Square, occupied: Bitboard, cannons: Bitboard, near: Bitboard) -> Bitboard {
    let mut reach = cannon_jumps(sq, occupied);
    // A cannon is no screen: nothing beyond it along its ray.
    for screen in near & occupied & cannons {
        for ray in &RAYS[sq.index()] {
            if ray & (1u128 << screen.index()) != 0 {
                reach.0 &= !ray;
            }
        }
    }
    let (centre, far) = PALACE_LINES[sq.index()];
    if far != 0 && occupied.0 & centre != 0 && cannons.0 & centre == 0 {
        reach.0 |= far;
    }
    reach
}

/// The points of one rank.
#[inline]
pub(crate) fn rank_mask(rank: u8) -> Bitboard {
    Bitboard(0x1ff << (rank as u32 * 9))
}

/// The points of one file.
#[inline]
pub(crate) fn file_mask(file: u8) -> Bitboard {
    // Bits 0, 9, …, 81: file a.
    const FILE_A: u128 = {
        let mut m = 0u128;
        let mut r = 0;
        while r < 10 {
            m |= 1 << (r * 9);
            r += 1;
        }
        m
    };
    Bitboard(FILE_A << file)
}

/// The points strictly between two squares on one rank or file; empty otherwise.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    if a.file() != b.file() && a.rank() != b.rank() {
        return Bitboard::EMPTY;
    }
    rook_attacks(a, Bitboard::from_square(b)) & rook_attacks(b, Bitboard::from_square(a))
}

/// Horse moves from `sq` given the occupancy (targets of any colour).
#[inline]
pub fn horse_moves(sq: Square, occupied: Bitboard) -> Bitboard {
    gated(&HORSE[sq.index()], occupied)
}

/// Points holding a horse that would attack `sq` (masked by the caller to enemy horses).
#[inline]
pub fn horse_attackers(sq: Square, occupied: Bitboard) -> Bitboard {
    gated(&HORSE_ATTACKERS[sq.index()], occupied)
}

/// Janggi elephant moves from `sq` given the occupancy (targets of any colour): one step
/// straight and two diagonally outwards, every point on the way empty.
#[inline]
pub fn janggi_elephant_moves(sq: Square, occupied: Bitboard) -> Bitboard {
    gated(&JANGGI_ELEPHANT[sq.index()], occupied)
}

/// Points holding a janggi elephant that would attack `sq` (masked by the caller).
#[inline]
pub fn janggi_elephant_attackers(sq: Square, occupied: Bitboard) -> Bitboard {
    gated(&JANGGI_ELEPHANT_ATTACKERS[sq.index()], occupied)
}

#[inline(always)]
pub(crate) fn gated<const N: usize>(gates: &[Gate; N], occupied: Bitboard) -> Bitboard {
    let mut m = 0;
    for g in gates {
        if g.block & occupied.0 == 0 {
            m |= g.targets;
        }
    }
    Bitboard(m)
}

/// The points a general or advisor on `sq` steps to along the palace's lines: straight steps
/// (the xiangqi general's, and janggi's everywhere in the palace), and with `diagonals` the
/// steps along the palace's diagonals (the xiangqi advisor's; janggi's general and guards take
/// both). Empty outside the palaces.
#[inline]
pub fn palace_steps(sq: Square, diagonals: bool) -> Bitboard {
    let straight = PALACE_ORTHOGONAL[sq.index()];
    if diagonals {
        straight | PALACE_DIAGONAL[sq.index()]
    } else {
        straight
    }
}

/// The points a soldier of `side` on `sq` steps to in `variant` (forward, and sideways across
/// the river in xiangqi, anywhere in janggi, with janggi's palace diagonals).
#[inline]
pub fn soldier_steps(variant: crate::variant::Variant, side: Side, sq: Square) -> Bitboard {
    match variant {
        crate::variant::Variant::Xiangqi => XIANGQI_SOLDIER[side.index()][sq.index()],
        crate::variant::Variant::Janggi => JANGGI_SOLDIER[side.index()][sq.index()],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn set(squares: &[&str]) -> Bitboard {
        squares.iter().map(|s| sq(s)).collect()
    }

    #[test]
    fn chariot_on_empty_board_sees_17_points() {
        for s in Square::ALL {
            assert_eq!(rook_attacks(s, Bitboard::EMPTY).count(), 17, "{s}");
        }
    }

    #[test]
    fn chariot_stops_at_first_piece() {
        let occ = set(&["e6", "e2", "b4", "h4"]);
        assert_eq!(rook_attacks(sq("e4"), occ), set(&["e5", "e6", "e3", "e2", "d4", "c4", "b4", "f4", "g4", "h4"]));
    }

    #[test]
    fn cannon_captures_beyond_one_screen() {
        let occ = set(&["e6", "e8", "e9", "e2", "b4", "h4", "i4"]);
        assert_eq!(cannon_attacks(sq("e4"), occ), set(&["e8", "i4"]));
        assert_eq!(cannon_attacks(sq("a0"), set(&["a5", "a9"])), set(&["a9"]));
        assert_eq!(cannon_attacks(sq("i9"), set(&["i0", "i1", "a9", "b9"])), set(&["i0", "a9"]));
    }

    #[test]
    fn janggi_cannon_jumps_any_screen() {
        let occ = set(&["e6", "e8", "e9", "e2", "b4", "h4", "i4"]);
        // Up: over e6 to e7 and e8; down: over e2 to e1 and e0; left: over b4 to a4; right:
        // over h4 to i4 (a piece: the first after the screen).
        assert_eq!(cannon_jumps(sq("e4"), occ), set(&["e7", "e8", "e1", "e0", "a4", "i4"]));
        // No screen, no jump; the screen next to the cannon still counts.
        assert_eq!(cannon_jumps(sq("a0"), Bitboard::EMPTY), Bitboard::EMPTY);
        assert_eq!(cannon_jumps(sq("a0"), set(&["a1"])), set(&["a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9"]));
    }

    #[test]
    fn between_points() {
        assert_eq!(between(sq("e0"), sq("e9")).count(), 8);
        assert_eq!(between(sq("a3"), sq("d3")), set(&["b3", "c3"]));
        assert!(between(sq("a3"), sq("b4")).is_empty());
    }

    #[test]
    fn horse_and_its_leg() {
        assert_eq!(horse_moves(sq("b0"), Bitboard::EMPTY), set(&["a2", "c2", "d1"]));
        assert_eq!(horse_moves(sq("b0"), set(&["b1"])), set(&["d1"]));
        // The horse on c2 attacks e1 unless d2 (its leg) is filled.
        assert!(horse_attackers(sq("e1"), Bitboard::EMPTY).contains(sq("c2")));
        assert!(!horse_attackers(sq("e1"), set(&["d2"])).contains(sq("c2")));
        for s in Square::ALL {
            for t in Square::ALL {
                let occ = set(&["e4", "d5", "c6", "f3"]);
                assert_eq!(horse_moves(s, occ).contains(t), horse_attackers(t, occ).contains(s), "{s}->{t}");
            }
        }
    }

    #[test]
    fn palace_steps() {
        assert_eq!(PALACE_DIAGONAL[sq("e1").index()], set(&["d0", "f0", "d2", "f2"]));
        assert_eq!(PALACE_DIAGONAL[sq("d9").index()], set(&["e8"]));
        assert!(PALACE_DIAGONAL[sq("e0").index()].is_empty());
        assert_eq!(PALACE_ORTHOGONAL[sq("d0").index()], set(&["e0", "d1"]));
    }

    #[test]
    fn janggi_elephant() {
        let from = sq("e4");
        let all: Bitboard = JANGGI_ELEPHANT[from.index()].iter().fold(Bitboard::EMPTY, |a, g| a | Bitboard(g.targets));
        assert_eq!(all, set(&["b6", "h6", "b2", "h2", "c7", "g7", "c1", "g1"]));
        for s in Square::ALL {
            for g in JANGGI_ELEPHANT[s.index()] {
                if g.targets != 0 {
                    let to = Bitboard(g.targets).first().unwrap();
                    assert!(JANGGI_ELEPHANT_ATTACKERS[to.index()]
                        .iter()
                        .any(|a| a.targets == 1u128 << s.index() && a.block == g.block));
                }
            }
        }
    }

    #[test]
    fn soldiers() {
        assert_eq!(XIANGQI_SOLDIER[0][sq("e3").index()], set(&["e4"]));
        assert_eq!(XIANGQI_SOLDIER[0][sq("e5").index()], set(&["e6", "d5", "f5"]));
        assert_eq!(XIANGQI_SOLDIER[1][sq("e4").index()], set(&["e3", "d4", "f4"]));
        assert_eq!(JANGGI_SOLDIER[0][sq("d7").index()], set(&["d8", "c7", "e7", "e8"]));
        assert_eq!(JANGGI_SOLDIER[0][sq("e8").index()], set(&["e9", "d8", "f8", "d9", "f9"]));
        assert_eq!(JANGGI_SOLDIER[1][sq("f2").index()], set(&["f1", "e2", "g2", "e1"]));
    }
}
