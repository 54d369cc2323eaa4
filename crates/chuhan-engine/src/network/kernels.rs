//! The network's arithmetic on accumulator rows, compiled once for each instruction set the
//! engine may meet and chosen when the program runs.
//!
//! The kernels are plain loops over fixed-size arrays (one copy per width of [`WIDTHS`]): LLVM
//! vectorises them for whatever vector width the function is compiled for. The portable copy is
//! built for the crate's target (SSE4.2 on x86-64-v2, NEON on aarch64); on x86-64 the same
//! loops are compiled twice more inside functions that enable AVX2 and
//! AVX-512 (`#[target_feature]`), and [`Simd::best`] picks the widest the processor reports.
//! The arithmetic is integer and the same in every copy (wrapping `i16` sums, exact `i32` dot
//! products), so every level gives the same accumulators and the same score to the bit; the
//! tests compare them on this machine's levels.
//!
//! [`WIDTHS`]: super::WIDTHS

use super::{MAX_HIDDEN, QA};

/// The instruction sets the network's kernels run with: one of those this processor has.
///
/// Only [`Simd::best`] and [`Simd::available`] make one (and [`Simd::PORTABLE`], which every
/// processor runs), so a value of this type is a promise that the processor can run it: that is
/// what makes calling the AVX kernels sound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Simd(Level);

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Level {
    Portable,
    #[cfg(target_arch = "x86_64")]
    Avx2,
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

impl Simd {
    /// The loops compiled for the crate's own target, which every processor it builds for runs.
    pub const PORTABLE: Simd = Simd(Level::Portable);

    /// Every level this processor runs, narrowest first.
    pub fn available() -> Vec<Simd> {
        #[allow(unused_mut)]
        let mut levels = vec![Simd::PORTABLE];
        #[cfg(target_arch = "x86_64")]
        {
            if std::is_x86_feature_detected!("avx2") {
                levels.push(Simd(Level::Avx2));
            }
            if std::is_x86_feature_detected!("avx512f") && std::is_x86_feature_detected!("avx512bw") {
                levels.push(Simd(Level::Avx512));
            }
        }
        levels
    }

    /// The widest level this processor runs, or the one the environment variable `CHUHAN_SIMD`
    /// names (`portable`, `avx2`, `avx512`) when the processor runs it: a way to compare the
    /// levels' speed with one binary, or to step around a processor that misreports. Decided
    /// once per process.
    pub fn best() -> Simd {
        static BEST: std::sync::OnceLock<Simd> = std::sync::OnceLock::new();
        *BEST.get_or_init(|| {
            let levels = Simd::available();
            let asked = std::env::var("CHUHAN_SIMD").ok();
            asked
                .and_then(|name| levels.iter().copied().find(|s| s.name() == name.trim().to_ascii_lowercase()))
                .unwrap_or(*levels.last().expect("portable is always there"))
        })
    }

    /// The level's name, as `CHUHAN_SIMD` spells it and `bench` prints it.
    pub fn name(self) -> &'static str {
        match self.0 {
            Level::Portable => "portable",
            #[cfg(target_arch = "x86_64")]
            Level::Avx2 => "avx2",
            #[cfg(target_arch = "x86_64")]
            Level::Avx512 => "avx512",
        }
    }
}

/// One step of an accumulator row: `out = prev + add − sub − sub2` over the network's width
/// `n` (one of `WIDTHS`), `sub2` absent when nothing was captured. Reading the previous row
/// and writing the new one in one pass saves the copy a separate update would need.
#[inline]
#[allow(unsafe_code)] // the calls into the AVX copies; see each SAFETY note
pub(crate) fn step(
    simd: Simd,
    n: usize,
    out: &mut [i16; MAX_HIDDEN],
    prev: &[i16; MAX_HIDDEN],
    add: &[i16],
    sub: &[i16],
    sub2: Option<&[i16]>,
) {
    match simd.0 {
        Level::Portable => step_any(n, out, prev, add, sub, sub2),
        // SAFETY: a `Simd` of this level exists only where the processor reported AVX2.
        #[cfg(target_arch = "x86_64")]
        Level::Avx2 => unsafe { step_avx2(n, out, prev, add, sub, sub2) },
        // SAFETY: a `Simd` of this level exists only where the processor reported AVX-512 F and BW.
        #[cfg(target_arch = "x86_64")]
        Level::Avx512 => unsafe { step_avx512(n, out, prev, add, sub, sub2) },
    }
}

/// The output layer's hidden part: Σ clamp(us, 0, QA) × w_us + Σ clamp(them, 0, QA) × w_them
/// over the width `n`.
#[inline]
#[allow(unsafe_code)] // as in `step`
pub(crate) fn dot(
    simd: Simd,
    n: usize,
    us: &[i16; MAX_HIDDEN],
    w_us: &[i16],
    them: &[i16; MAX_HIDDEN],
    w_them: &[i16],
) -> i32 {
    match simd.0 {
        Level::Portable => dot_any(n, us, w_us, them, w_them),
        // SAFETY: as in `step`.
        #[cfg(target_arch = "x86_64")]
        Level::Avx2 => unsafe { dot_avx2(n, us, w_us, them, w_them) },
        // SAFETY: as in `step`.
        #[cfg(target_arch = "x86_64")]
        Level::Avx512 => unsafe { dot_avx512(n, us, w_us, them, w_them) },
    }
}

/// Calls `$kernel::<N>` with the width `$n` as a constant, so each width's loops unroll.
macro_rules! by_width {
    ($n:expr, $kernel:ident($($arg:expr),*)) => {
        match $n {
            32 => $kernel::<32>($($arg),*),
            64 => $kernel::<64>($($arg),*),
            128 => $kernel::<128>($($arg),*),
            _ => $kernel::<MAX_HIDDEN>($($arg),*),
        }
    };
}

/// The kernels' entry points for one instruction set: the same bodies, compiled with its
/// features enabled (`$features` empty for the portable copy).
macro_rules! entry_points {
    ($step:ident, $dot:ident $(, $features:literal)?) => {
        $(#[target_feature(enable = $features)])?
        fn $step(
            n: usize,
            out: &mut [i16; MAX_HIDDEN],
            prev: &[i16; MAX_HIDDEN],
            add: &[i16],
            sub: &[i16],
            sub2: Option<&[i16]>,
        ) {
            by_width!(n, step_n(out, prev, add, sub, sub2))
        }

        $(#[target_feature(enable = $features)])?
        fn $dot(n: usize, us: &[i16; MAX_HIDDEN], w_us: &[i16], them: &[i16; MAX_HIDDEN], w_them: &[i16]) -> i32 {
            by_width!(n, dot_n(us, w_us, them, w_them))
        }
    };
}

entry_points!(step_any, dot_any);
#[cfg(target_arch = "x86_64")]
entry_points!(step_avx2, dot_avx2, "avx2");
#[cfg(target_arch = "x86_64")]
entry_points!(step_avx512, dot_avx512, "avx512f,avx512bw");

/// [`step`] for width `N`. Wrapping arithmetic: the sums are exact in range (the trainer clips
/// the weights so they are) and never panic.
#[inline(always)]
fn step_n<const N: usize>(
    out: &mut [i16; MAX_HIDDEN],
    prev: &[i16; MAX_HIDDEN],
    add: &[i16],
    sub: &[i16],
    sub2: Option<&[i16]>,
) {
    let out: &mut [i16; N] = out.first_chunk_mut().expect("N is at most MAX_HIDDEN");
    let prev: &[i16; N] = prev.first_chunk().expect("N is at most MAX_HIDDEN");
    let add: &[i16; N] = add.first_chunk().expect("a row of the network's width");
    let sub: &[i16; N] = sub.first_chunk().expect("a row of the network's width");
    match sub2 {
        Some(sub2) => {
            let sub2: &[i16; N] = sub2.first_chunk().expect("a row of the network's width");
            for i in 0..N {
                out[i] = prev[i].wrapping_add(add[i]).wrapping_sub(sub[i]).wrapping_sub(sub2[i]);
            }
        }
        None => {
            for i in 0..N {
                out[i] = prev[i].wrapping_add(add[i]).wrapping_sub(sub[i]);
            }
        }
    }
}

/// [`dot`] for width `N`.
#[inline(always)]
fn dot_n<const N: usize>(us: &[i16; MAX_HIDDEN], w_us: &[i16], them: &[i16; MAX_HIDDEN], w_them: &[i16]) -> i32 {
    dot_crelu::<N>(us, w_us) + dot_crelu::<N>(them, w_them)
}

/// Σ clamp(a, 0, QA) × w over the first `N` values. Written as sums of adjacent pairs into 16
/// lanes, the shape of x86's `pmaddwd` (two `i16` products added into one `i32`), which LLVM
/// then uses at every vector width; a plain product per lane compiles to element-by-element
/// shuffles with AVX2.
#[inline(always)]
fn dot_crelu<const N: usize>(a: &[i16; MAX_HIDDEN], w: &[i16]) -> i32 {
    let a: &[i16; N] = a.first_chunk().expect("N is at most MAX_HIDDEN");
    let w: &[i16; N] = w.first_chunk().expect("a row of the network's width");
    let mut lanes = [0i32; 16];
    for (ac, wc) in a.chunks_exact(32).zip(w.chunks_exact(32)) {
        for k in 0..16 {
            let (x, y) = (ac[2 * k].clamp(0, QA as i16) as i32, ac[2 * k + 1].clamp(0, QA as i16) as i32);
            lanes[k] += x * wc[2 * k] as i32 + y * wc[2 * k + 1] as i32;
        }
    }
    lanes.iter().sum()
}
