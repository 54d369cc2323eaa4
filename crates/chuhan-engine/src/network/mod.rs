//! The network itself: its weights, its file format, the embedded networks and the
//! accumulators the search updates move by move. [`crate::nnue`] re-exports all of it and
//! documents the design; this module holds no evaluator, so that the evaluation trait
//! ([`crate::eval::Evaluate::network`]) can name [`Network`] without depending on the evaluator
//! that implements it ([`crate::nnue::Nnue`]). The modules then form no cycle: `eval` uses
//! `network`, `nnue` uses both (issue 40).

mod kernels;
mod stack;

pub use kernels::Simd;
pub use stack::Accumulators;

use chuhan::{Move, Piece, Position, Side, Square, Variant};
use std::sync::Arc;

/// The widths a network's accumulators may have (the hidden layer has twice as many neurons).
pub const WIDTHS: [usize; 4] = [32, 64, 128, 256];
/// The widest accumulator: [`Accumulator`] has room for it whatever the network's width.
pub const MAX_HIDDEN: usize = 256;
/// Input features per view: own or theirs × 7 roles × 90 squares.
pub const INPUTS: usize = 2 * 7 * 90;
/// The general-position buckets a network may have: 1 (none), or one per palace point.
pub const PALACE_BUCKETS: usize = 9;
/// Scale of the first layer's weights and of the accumulators: 1.0 is stored as `QA`.
pub const QA: i32 = 255;
/// Scale of the output layer's weights.
pub const QB: i32 = 256;
/// Centipawns per unit of the network's output (its output is a win-probability logit, in units
/// of [`SCALE`] centipawns: the trainer fits `sigmoid(output)` to `sigmoid(score / SCALE)`).
pub const SCALE: i32 = 400;
/// The largest magnitude of a float weight, so that the quantized sums cannot overflow `i16`
/// (33 features of `1.98 × QA` stay below 32 767).
pub const WEIGHT_CLIP: f32 = 1.98;

const MAGIC: &[u8; 4] = b"CHNN";
/// Version 2 files have no buckets; version 3 adds the bucket count to the header. A network
/// without buckets is still written as version 2, byte for byte as before.
const VERSION: u32 = 3;
const HEADER_V2: usize = 4 + 4 + 1 + 4 + 4 + 2 + 2 + 2;
const HEADER_V3: usize = HEADER_V2 + 4;
const fn header(buckets: usize) -> usize {
    if buckets == 1 {
        HEADER_V2
    } else {
        HEADER_V3
    }
}
/// The file size of a network whose accumulators are `hidden` wide, with `buckets` sets of
/// first-layer rows (1 or [`PALACE_BUCKETS`]).
pub const fn file_size(hidden: usize, buckets: usize) -> usize {
    let rows = buckets * INPUTS;
    header(buckets) + 2 * (rows * hidden + hidden + 2 * hidden) + 4 + 4 * rows + 8
}

/// The bucket of a view whose own general stands on `general`: its palace point, counted from
/// the view's own side (ranks 0–2 and files d–f once the board is turned for the second
/// player), 0–8. A general outside the palace (only in a composed position) counts as the
/// nearest point.
#[inline]
pub fn bucket(view: Side, general: Square) -> usize {
    let g = if view == Side::First { general } else { general.rotate() };
    g.rank().min(2) as usize * 3 + (g.file().clamp(3, 5) - 3) as usize
}

/// Why a network file was refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum NetError {
    /// Not a chuhan network file.
    #[error("not a chuhan network (bad magic bytes)")]
    BadMagic,
    /// A format version this build does not read.
    #[error("network format version {0}, this engine reads versions 2 and {VERSION}")]
    Version(u32),
    /// A game byte that is neither xiangqi nor janggi.
    #[error("network for an unknown game (byte {0})")]
    UnknownVariant(u8),
    /// Sizes or scales other than this build's.
    #[error("network sizes {inputs}x{hidden} (scales {qa}/{qb}/{scale}): this engine reads {INPUTS} inputs, widths {WIDTHS:?} (scales {QA}/{QB}/{SCALE})")]
    Shape {
        /// Inputs in the file.
        inputs: u32,
        /// Accumulator width in the file.
        hidden: u32,
        /// First-layer scale in the file.
        qa: u16,
        /// Output scale in the file.
        qb: u16,
        /// Centipawn scale in the file.
        scale: u16,
    },
    /// A number of general-position buckets other than [`PALACE_BUCKETS`] in a version 3 file
    /// (a network without buckets is a version 2 file), or asked of the trainer.
    #[error(
        "network with {0} general-position buckets: this engine reads {PALACE_BUCKETS} (or none, in a version 2 file)"
    )]
    Buckets(u32),
    /// An accumulator width this build has no kernel for (a trainer asked for it).
    #[error("width {0} is not one of the widths {WIDTHS:?}")]
    Width(usize),
    /// The file is not as long as its header says.
    #[error("network file is {found} bytes, {expected} expected")]
    Size {
        /// Bytes read.
        found: usize,
        /// Bytes a network of the header's sizes takes.
        expected: usize,
    },
    /// The checksum does not match the contents: a damaged file.
    #[error("network checksum mismatch (file says {stored:016x}, contents give {computed:016x})")]
    Checksum {
        /// The checksum written in the file.
        stored: u64,
        /// The checksum of the bytes read.
        computed: u64,
    },
}

/// One game's network, quantized.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    // The fields are the crate's, not only this module's: the trainer (`nnue::train`) reads a
    // network back into floats to fine-tune it (`FloatNet::from_network`).
    pub(crate) variant: Variant,
    /// The accumulators' width (one of [`WIDTHS`]).
    pub(crate) hidden: usize,
    /// Sets of first-layer rows, one per general position (1 or [`PALACE_BUCKETS`]).
    pub(crate) buckets: usize,
    /// First layer: one row of `hidden` weights per input feature, row after row, bucket after
    /// bucket.
    pub(crate) ft: Vec<i16>,
    pub(crate) ft_bias: Vec<i16>,
    /// Output weights: the side to move's `hidden`, then the other side's.
    pub(crate) out: Vec<i16>,
    pub(crate) out_bias: i32,
    /// The piece-square weight of every input feature of every bucket, in output units
    /// (`QA × QB` a logit unit).
    pub(crate) psqt: Vec<i32>,
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Network({:?}, {}x{INPUTS}x{}, checksum {:016x})",
            self.variant,
            self.buckets,
            self.hidden,
            checksum(&self.body())
        )
    }
}

/// FNV-1a, 64 bits: enough to catch a damaged or truncated file.
pub fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3))
}

/// The feature of `piece` on `sq` seen by `view`.
#[inline(always)]
pub fn feature(view: Side, piece: Piece, sq: Square) -> usize {
    let sq = if view == Side::First { sq } else { sq.rotate() };
    let theirs = (piece.side != view) as usize;
    (theirs * 7 + piece.role as usize) * 90 + sq.index()
}

/// The active features of `pos` from `view`'s side, appended to `out`.
pub fn features(pos: &Position, view: Side, out: &mut Vec<usize>) {
    out.extend(pos.piece_squares().map(|(sq, p)| feature(view, p, sq)));
}

/// The two views' sums of one position, each indexed `[first player's view, second player's]`:
/// the hidden layer's accumulators and the piece-square sums.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accumulator {
    /// The first layer's sums (before the clipping): the network's width of each row is used,
    /// the rest stays 0.
    pub hidden: [[i16; MAX_HIDDEN]; 2],
    /// The piece-square weights of the view's features, summed.
    pub psqt: [i32; 2],
}

impl Network {
    /// A network from its quantized parts (the trainer's output): the first layer row after
    /// row, its bias (whose length is the width, one of [`WIDTHS`]), the output weights (the side
    /// to move's, then the other's), the output bias and the piece-square weights, the rows and
    /// piece-square weights of every bucket in turn (their number, 1 or [`PALACE_BUCKETS`], is
    /// `psqt.len() / INPUTS`). The weights must respect [`WEIGHT_CLIP`] for sums to stay exact.
    pub fn from_parts(
        variant: Variant,
        ft: Vec<i16>,
        ft_bias: Vec<i16>,
        out: Vec<i16>,
        out_bias: i32,
        psqt: Vec<i32>,
    ) -> Network {
        let hidden = ft_bias.len();
        assert!(WIDTHS.contains(&hidden), "width {hidden} is not one of {WIDTHS:?}");
        let buckets = psqt.len() / INPUTS;
        assert!(
            psqt.len().is_multiple_of(INPUTS) && (buckets == 1 || buckets == PALACE_BUCKETS),
            "one piece-square weight per input of each bucket"
        );
        assert_eq!(ft.len(), buckets * INPUTS * hidden, "one first-layer row per input of each bucket");
        assert_eq!(out.len(), 2 * hidden, "two output halves");
        Network { variant, hidden, buckets, ft, ft_bias, out, out_bias, psqt }
    }

    /// Sets of first-layer rows: 1, or [`PALACE_BUCKETS`] (one per point of the view's palace
    /// where its general stands).
    pub fn buckets(&self) -> usize {
        self.buckets
    }

    /// The game this network evaluates.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The width of each view's accumulator.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// Reads a network file, checking its header, size and checksum.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        if bytes.len() < HEADER_V2 || &bytes[..4] != MAGIC {
            return Err(NetError::BadMagic);
        }
        let u32_at = |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
        let u16_at = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]);
        let version = u32_at(4);
        let buckets = match version {
            2 => 1,
            // One encoding per network: a bucketless one is always version 2.
            3 if bytes.len() >= HEADER_V3 => match u32_at(HEADER_V2) {
                b if b == PALACE_BUCKETS as u32 => b as usize,
                b => return Err(NetError::Buckets(b)),
            },
            3 => return Err(NetError::Size { found: bytes.len(), expected: HEADER_V3 }),
            _ => return Err(NetError::Version(version)),
        };
        let variant = match bytes[8] {
            0 => Variant::Xiangqi,
            1 => Variant::Janggi,
            other => return Err(NetError::UnknownVariant(other)),
        };
        let (inputs, hidden, qa, qb, scale) = (u32_at(9), u32_at(13), u16_at(17), u16_at(19), u16_at(21));
        let width_ok = WIDTHS.iter().any(|&w| w as u32 == hidden);
        if inputs != INPUTS as u32 || !width_ok || (qa as i32, qb as i32, scale as i32) != (QA, QB, SCALE) {
            return Err(NetError::Shape { inputs, hidden, qa, qb, scale });
        }
        let hidden = hidden as usize;
        let size = file_size(hidden, buckets);
        let rows = buckets * INPUTS;
        let start = if version == 2 { HEADER_V2 } else { HEADER_V3 };
        if bytes.len() != size {
            return Err(NetError::Size { found: bytes.len(), expected: size });
        }
        let body = &bytes[..size - 8];
        let stored = u64::from_le_bytes(bytes[size - 8..].try_into().expect("8 bytes"));
        let computed = checksum(body);
        if stored != computed {
            return Err(NetError::Checksum { stored, computed });
        }
        let words: Vec<i16> = body[start..start + 2 * (rows * hidden + 3 * hidden)]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect();
        let (ft, rest) = words.split_at(rows * hidden);
        let (ft_bias, out) = rest.split_at(hidden);
        let rest = &body[start + 2 * words.len()..];
        let mut dwords = rest.chunks_exact(4).map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]));
        let out_bias = dwords.next().expect("size checked");
        let psqt: Vec<i32> = dwords.collect();
        let (ft, ft_bias, out) = (ft.to_vec(), ft_bias.to_vec(), out.to_vec());
        Ok(Network { variant, hidden, buckets, ft, ft_bias, out, out_bias, psqt })
    }

    /// Everything but the checksum.
    fn body(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(file_size(self.hidden, self.buckets));
        b.extend_from_slice(MAGIC);
        let version: u32 = if self.buckets == 1 { 2 } else { VERSION };
        b.extend_from_slice(&version.to_le_bytes());
        b.push(match self.variant {
            Variant::Xiangqi => 0,
            Variant::Janggi => 1,
        });
        b.extend_from_slice(&(INPUTS as u32).to_le_bytes());
        b.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        for s in [QA, QB, SCALE] {
            b.extend_from_slice(&(s as u16).to_le_bytes());
        }
        if self.buckets > 1 {
            b.extend_from_slice(&(self.buckets as u32).to_le_bytes());
        }
        for w in self.ft.iter().chain(&self.ft_bias).chain(&self.out) {
            b.extend_from_slice(&w.to_le_bytes());
        }
        b.extend_from_slice(&self.out_bias.to_le_bytes());
        for w in &self.psqt {
            b.extend_from_slice(&w.to_le_bytes());
        }
        b
    }

    /// The network as a file ([`Network::from_bytes`] reads it back).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = self.body();
        let sum = checksum(&b);
        b.extend_from_slice(&sum.to_le_bytes());
        b
    }

    /// The first-layer weights of feature `f`.
    #[inline(always)]
    fn row(&self, f: usize) -> &[i16] {
        &self.ft[f * self.hidden..][..self.hidden]
    }

    /// Where `view`'s rows start when its general stands on `general`.
    #[inline(always)]
    fn offset(&self, view: Side, general: Square) -> usize {
        if self.buckets == 1 {
            0
        } else {
            bucket(view, general) * INPUTS
        }
    }

    /// Both views' accumulators of `pos`, from scratch.
    pub fn refresh(&self, pos: &Position) -> Accumulator {
        let mut acc = Accumulator { hidden: [[0; MAX_HIDDEN]; 2], psqt: [0; 2] };
        for view in Side::BOTH {
            self.refresh_view(&mut acc, view, pos.general(view), pos.piece_squares());
        }
        acc
    }

    /// `view`'s accumulator from scratch, from the pieces on the board and where its general
    /// stands.
    pub(crate) fn refresh_view(
        &self,
        acc: &mut Accumulator,
        view: Side,
        general: Square,
        pieces: impl Iterator<Item = (Square, Piece)>,
    ) {
        let (a, p) = (&mut acc.hidden[view as usize][..self.hidden], &mut acc.psqt[view as usize]);
        a.copy_from_slice(&self.ft_bias);
        *p = 0;
        let offset = self.offset(view, general);
        for (sq, piece) in pieces {
            let f = offset + feature(view, piece, sq);
            a.iter_mut().zip(self.row(f)).for_each(|(x, w)| *x = x.wrapping_add(*w));
            *p += self.psqt[f];
        }
    }

    /// Updates `acc`, the accumulators of `pos`, to those of the position after `m` (played
    /// from `pos`, which is not yet changed): the moved piece leaves its square for the
    /// target, a captured piece goes. A pass changes nothing. With buckets, a general's move
    /// computes its own view again (its rows are another bucket's now). The search does not
    /// call this: its [`Accumulators`] stack makes the same steps, later and only when a
    /// position is evaluated.
    pub fn update(&self, acc: &mut Accumulator, pos: &Position, m: Move) {
        for view in Side::BOTH {
            match self.change(pos, m, view) {
                Change::Same => {}
                Change::Refresh => {
                    let after = pos.piece_squares().filter(|&(sq, _)| sq != m.to).map(|(sq, p)| {
                        if sq == m.from {
                            (m.to, p)
                        } else {
                            (sq, p)
                        }
                    });
                    self.refresh_view(acc, view, m.to, after);
                }
                change => {
                    let before = *acc;
                    self.apply(Simd::best(), view, &before, acc, change);
                }
            }
        }
    }

    /// What `m`, played from `pos`, does to `view`'s accumulator.
    #[inline]
    pub(crate) fn change(&self, pos: &Position, m: Move, view: Side) -> Change {
        if m.is_pass() {
            return Change::Same;
        }
        let Some(piece) = pos.piece_at(m.from) else { return Change::Same };
        if self.buckets > 1 && piece.role == chuhan::Role::General && piece.side == view {
            return Change::Refresh;
        }
        let offset = self.offset(view, pos.general(view));
        let (from, to) = (offset + feature(view, piece, m.from), offset + feature(view, piece, m.to));
        let gone = pos.piece_at(m.to).map_or(Change::NONE, |c| (offset + feature(view, c, m.to)) as u16);
        Change::Step { add: to as u16, sub: from as u16, sub2: gone }
    }

    /// `view`'s half of `out` from `prev`'s after `change` (not [`Change::Refresh`], which needs
    /// the board).
    #[inline]
    pub(crate) fn apply(&self, simd: Simd, view: Side, prev: &Accumulator, out: &mut Accumulator, change: Change) {
        let v = view as usize;
        match change {
            Change::Step { add, sub, sub2 } => {
                let (add, sub) = (add as usize, sub as usize);
                let gone = (sub2 != Change::NONE).then_some(sub2 as usize);
                kernels::step(
                    simd,
                    self.hidden,
                    &mut out.hidden[v],
                    &prev.hidden[v],
                    self.row(add),
                    self.row(sub),
                    gone.map(|g| self.row(g)),
                );
                out.psqt[v] = prev.psqt[v] + self.psqt[add] - self.psqt[sub] - gone.map_or(0, |g| self.psqt[g]);
            }
            Change::Same | Change::Refresh => {
                out.hidden[v][..self.hidden].copy_from_slice(&prev.hidden[v][..self.hidden]);
                out.psqt[v] = prev.psqt[v];
            }
        }
    }

    /// The score for `to_move` from the accumulators, in centipawns.
    pub fn output(&self, acc: &Accumulator, to_move: Side) -> i32 {
        self.output_with(Simd::best(), acc, to_move)
    }

    /// [`Network::output`] with the kernels of `simd` (every level gives the same score).
    pub fn output_with(&self, simd: Simd, acc: &Accumulator, to_move: Side) -> i32 {
        let (us, them) = (&acc.hidden[to_move as usize], &acc.hidden[(!to_move) as usize]);
        let (w_us, w_them) = self.out.split_at(self.hidden);
        let hidden = kernels::dot(simd, self.hidden, us, w_us, them, w_them);
        // Each view's piece-square sum sees the board from its side: half of their difference.
        let psqt = (acc.psqt[to_move as usize] - acc.psqt[(!to_move) as usize]) / 2;
        let sum = hidden + self.out_bias + psqt;
        (sum as i64 * SCALE as i64 / (QA * QB) as i64).clamp(-15_000, 15_000) as i32
    }

    /// The score of `pos` for the side to move, from scratch.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        self.output(&self.refresh(pos), pos.turn())
    }
}

/// The engine's embedded network for `variant`, checked (header, size, checksum) the first
/// time it is asked for. `None` if the embedded file were damaged, which the tests rule out.
pub fn embedded(variant: Variant) -> Option<Arc<Network>> {
    static NETS: std::sync::OnceLock<[Option<Arc<Network>>; 2]> = std::sync::OnceLock::new();
    let nets = NETS
        .get_or_init(|| [EMBEDDED_XIANGQI, EMBEDDED_JANGGI].map(|bytes| Network::from_bytes(bytes).ok().map(Arc::new)));
    nets[variant as usize].clone()
}

/// The embedded networks' files (see `BENCHMARKS.md`, "NNUE", for how they were made).
pub const EMBEDDED_XIANGQI: &[u8] = include_bytes!("../../nets/xiangqi.nnue");
/// See [`EMBEDDED_XIANGQI`].
pub const EMBEDDED_JANGGI: &[u8] = include_bytes!("../../nets/janggi.nnue");

/// What one move does to one view's accumulator: kept by the [`Accumulators`] stack until the
/// position is evaluated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Change {
    /// Nothing (a pass or a null move).
    Same,
    /// One feature (row of the first layer, bucket included) added and one or two taken away:
    /// the moved piece's new and old squares, and a captured piece (or [`Change::NONE`]).
    Step { add: u16, sub: u16, sub2: u16 },
    /// The view's own general moved to another bucket: computed again from the board.
    Refresh,
}

impl Change {
    /// No captured piece in [`Change::Step`] (features stop at 9 × 1260).
    pub(crate) const NONE: u16 = u16::MAX;
}
