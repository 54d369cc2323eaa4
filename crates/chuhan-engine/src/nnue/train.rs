//! The trainer: fits a float copy of the network to [`super::data`] records, then quantizes it.
//!
//! The loss is the mean squared error between `sigmoid(output)` and a blend of the game's
//! result and the search's score as a win probability, `λ·sigmoid(score / SCALE) + (1 − λ)·result`
//! (result 0, ½ or 1), optimised with Adam over shuffled mini-batches. The input layer is
//! sparse: a sample touches only the rows of its (at most 32 per view) active features, in the
//! forward pass and the gradient alike. Positions in check, whose best move captures, or with
//! a score beyond ±[`MAX_SCORE`] are left out (their scores say little about the board).
//! A network with general-position buckets ([`super::PALACE_BUCKETS`]) is trained with one more
//! set of rows shared by every bucket: each piece feeds its bucket's row and the shared one, so
//! a bucket seldom seen (a general on a palace corner) still learns from every position; the
//! shared rows are added into each bucket's when the network is quantized.
//! `chuhan-train train` drives it from the command line.

use super::data::{Record, CAPTURE, IN_CHECK};
use super::{bucket, NetError, Network, INPUTS, MAX_HIDDEN, PALACE_BUCKETS, QA, QB, SCALE, WEIGHT_CLIP, WIDTHS};
use chuhan::{Side, Variant};

/// Scores beyond this (centipawns) are left out of training: won or lost positions.
pub const MAX_SCORE: i16 = 3000;

/// One training position, ready to use: each view's active features and the target.
#[derive(Clone, Debug)]
pub struct Sample {
    /// Features from the side to move's view.
    pub us: Vec<u16>,
    /// Features from the other side's view.
    pub them: Vec<u16>,
    /// The win probability to fit, for the side to move.
    pub target: f32,
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The feature of the same piece on the square mirrored left to right: both games' rules are
/// symmetric that way, so a mirrored position is another true training position.
pub fn mirror_feature(f: u16) -> u16 {
    let (kind, sq) = (f / 90, f % 90);
    kind * 90 + (sq / 9) * 9 + (8 - sq % 9)
}

/// A view's trainer inputs: each piece's feature in the bucket of the view's general and, with
/// buckets, in the shared rows after the last bucket.
fn inputs(base: &[u16], general: usize, buckets: usize) -> Vec<u16> {
    if buckets == 1 {
        return base.to_vec();
    }
    let own = (general * INPUTS) as u16;
    let shared = (buckets * INPUTS) as u16;
    base.iter().map(|&f| own + f).chain(base.iter().map(|&f| shared + f)).collect()
}

/// The samples of `records` for `variant`, blending score and result with `lambda` (1: the
/// score only), for a network with `buckets` general-position buckets (1 or
/// [`PALACE_BUCKETS`]); positions left out as the module says. Also returns how many were left
/// out. With `mirror`, every position is followed by its left-right mirror image (twice the data).
pub fn samples(
    records: &[Record],
    variant: Variant,
    lambda: f32,
    mirror: bool,
    buckets: usize,
) -> (Vec<Sample>, usize) {
    let mut out = Vec::new();
    let mut skipped = 0;
    let mut buf = Vec::with_capacity(40);
    for r in records.iter().filter(|r| r.variant() == variant) {
        let generals = (r.general(r.turn()), r.general(!r.turn()));
        let (Some(g_us), Some(g_them)) = generals else {
            skipped += 1;
            continue;
        };
        if r.flags & (IN_CHECK | CAPTURE) != 0 || r.score.abs() > MAX_SCORE {
            skipped += 1;
            continue;
        }
        let mut view = |side: Side| {
            buf.clear();
            r.features(side, &mut buf);
            buf.iter().map(|&f| f as u16).collect::<Vec<u16>>()
        };
        let (us, them) = (view(r.turn()), view(!r.turn()));
        let target = lambda * sigmoid(r.score as f32 / SCALE as f32) + (1.0 - lambda) * r.result as f32 / 2.0;
        let (b_us, b_them) = (bucket(r.turn(), g_us), bucket(!r.turn(), g_them));
        out.push(Sample { us: inputs(&us, b_us, buckets), them: inputs(&them, b_them, buckets), target });
        if mirror {
            let flip = |v: &[u16]| v.iter().map(|&f| mirror_feature(f)).collect::<Vec<u16>>();
            let (b_us, b_them) = (bucket(r.turn(), g_us.mirror()), bucket(!r.turn(), g_them.mirror()));
            let (us, them) = (inputs(&flip(&us), b_us, buckets), inputs(&flip(&them), b_them, buckets));
            out.push(Sample { us, them, target });
        }
    }
    (out, skipped)
}

/// A small deterministic generator (xorshift64*) for initial weights and shuffling.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value, 0 included).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// A float in [-1, 1).
    fn unit(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 23) as f32 - 1.0
    }
}

/// The network in floats, as trained. Parameters are one flat vector: the first layer
/// (`INPUTS × hidden` for each bucket, then for the shared rows if there are buckets; row by
/// feature), its bias, the output weights (us, then them), the output bias, then the
/// piece-square weight of every row's feature (in logit units, added to the output as half the
/// difference of the two views' sums).
#[derive(Clone, Debug)]
pub struct FloatNet {
    /// The game it is for.
    pub variant: Variant,
    /// The accumulators' width (one of [`WIDTHS`]).
    pub hidden: usize,
    /// General-position buckets: 1 or [`PALACE_BUCKETS`].
    pub buckets: usize,
    /// All parameters, in the layout above.
    pub params: Vec<f32>,
}

/// Where each block of a `hidden`-wide network's parameters starts.
#[derive(Clone, Copy, Debug)]
struct Layout {
    ft_bias: usize,
    out: usize,
    out_bias: usize,
    psqt: usize,
    params: usize,
}

impl Layout {
    const fn of(hidden: usize, buckets: usize) -> Layout {
        let rows = rows(buckets);
        let ft_bias = rows * hidden;
        let out = ft_bias + hidden;
        let out_bias = out + 2 * hidden;
        let psqt = out_bias + 1;
        Layout { ft_bias, out, out_bias, psqt, params: psqt + rows }
    }
}

/// First-layer rows while training: each bucket's, and the shared ones if there are buckets.
const fn rows(buckets: usize) -> usize {
    if buckets == 1 {
        INPUTS
    } else {
        (buckets + 1) * INPUTS
    }
}

/// Number of parameters of a network `hidden` wide with `buckets` buckets, as trained (the
/// shared rows included).
pub const fn param_count(hidden: usize, buckets: usize) -> usize {
    Layout::of(hidden, buckets).params
}
/// Parts a training batch is cut into, one gradient each (and at most one thread each).
pub const BATCH_PARTS: usize = 8;

/// Adam's state and settings.
#[derive(Clone, Debug)]
pub struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
    /// The learning rate.
    pub lr: f32,
    /// Decoupled weight decay (AdamW): each step every weight also shrinks by `lr × decay` of
    /// itself, pulling the rows of rarely seen features towards zero instead of letting them
    /// learn a few games by heart. 0 (the default) is plain Adam.
    pub decay: f32,
}

impl Adam {
    /// Fresh moments (sized to the network at the first step), learning rate `lr`.
    pub fn new(lr: f32) -> Adam {
        Adam { m: Vec::new(), v: Vec::new(), t: 0, lr, decay: 0.0 }
    }
}

impl FloatNet {
    /// Small random weights from `seed`, accumulators `hidden` wide, `buckets` general-position
    /// buckets; an error where [`FloatNet::check_shape`] gives one.
    pub fn random(variant: Variant, hidden: usize, buckets: usize, seed: u64) -> Result<FloatNet, NetError> {
        FloatNet::check_shape(hidden, buckets)?;
        let l = Layout::of(hidden, buckets);
        let mut rng = Rng::new(seed);
        let mut params = vec![0.0; l.params];
        for p in &mut params[..l.ft_bias] {
            *p = 0.1 * rng.unit();
        }
        for p in &mut params[l.ft_bias..l.out] {
            *p = 0.3;
        }
        for p in &mut params[l.out..l.out_bias] {
            *p = rng.unit() / (2.0 * hidden as f32).sqrt();
        }
        // The piece-square weights start from the material values the search orders moves by
        // (own pieces positive, the opponent's negative), a rough start that training refines;
        // with buckets, in the shared rows only (the last `INPUTS`).
        let shared = l.psqt + rows(buckets) - INPUTS;
        for (f, p) in params[shared..].iter_mut().enumerate() {
            let (theirs, role) = (f / 90 / 7, f / 90 % 7);
            let value = crate::eval::piece_value(variant, chuhan::Role::ALL[role]) as f32 / (2 * SCALE) as f32;
            *p = if theirs == 0 { value } else { -value };
        }
        Ok(FloatNet { variant, hidden, buckets, params })
    }

    /// The float network a quantized one stands for, every weight divided by its scale: a
    /// start for training further on new data (fine-tuning) instead of random weights, so a
    /// round of self-play needs only its own positions, not every earlier round's. With buckets
    /// the shared rows start at zero (the file holds them folded into every bucket's).
    /// [`FloatNet::quantize`] gives the same network back.
    pub fn from_network(net: &Network) -> FloatNet {
        let (h, buckets) = (net.hidden, net.buckets);
        let l = Layout::of(h, buckets);
        let mut params = vec![0.0f32; l.params];
        let (qa, qb, units) = (QA as f32, QB as f32, (QA * QB) as f32);
        let mut fill = |start: usize, weights: &mut dyn Iterator<Item = f32>, scale: f32| {
            for (p, w) in params[start..].iter_mut().zip(weights) {
                *p = w / scale;
            }
        };
        fill(0, &mut net.ft.iter().map(|&w| f32::from(w)), qa);
        fill(l.ft_bias, &mut net.ft_bias.iter().map(|&w| f32::from(w)), qa);
        fill(l.out, &mut net.out.iter().map(|&w| f32::from(w)), qb);
        fill(l.out_bias, &mut std::iter::once(net.out_bias as f32), units);
        fill(l.psqt, &mut net.psqt.iter().map(|&w| w as f32), units);
        FloatNet { variant: net.variant, hidden: h, buckets, params }
    }

    /// Whether the engine can run a network `hidden` wide with `buckets` sets of first-layer
    /// rows: [`NetError::Width`] unless `hidden` is one of [`WIDTHS`] (the engine has no kernel
    /// for another width), [`NetError::Buckets`] unless `buckets` is 1 or [`PALACE_BUCKETS`].
    /// The trainer asks before it reads its data, so a wrong size fails at once.
    pub fn check_shape(hidden: usize, buckets: usize) -> Result<(), NetError> {
        if !WIDTHS.contains(&hidden) {
            return Err(NetError::Width(hidden));
        }
        if buckets != 1 && buckets != PALACE_BUCKETS {
            return Err(NetError::Buckets(buckets.min(u32::MAX as usize) as u32));
        }
        Ok(())
    }

    fn layout(&self) -> Layout {
        Layout::of(self.hidden, self.buckets)
    }

    /// Fills `acc` with the accumulator of `features` (before the clipping).
    fn accumulate(&self, features: &[u16], acc: &mut [f32]) {
        let l = self.layout();
        acc.copy_from_slice(&self.params[l.ft_bias..l.out]);
        for &f in features {
            let row = &self.params[f as usize * self.hidden..][..self.hidden];
            for (a, w) in acc.iter_mut().zip(row) {
                *a += w;
            }
        }
    }

    /// The output (a logit: `SCALE` centipawns a unit) and both views' accumulators.
    fn forward(&self, s: &Sample, us: &mut [f32; MAX_HIDDEN], them: &mut [f32; MAX_HIDDEN]) -> f32 {
        let (l, h) = (self.layout(), self.hidden);
        self.accumulate(&s.us, &mut us[..h]);
        self.accumulate(&s.them, &mut them[..h]);
        let w = &self.params[l.out..l.out_bias];
        let psqt = &self.params[l.psqt..];
        let view_sum = |feats: &[u16]| feats.iter().map(|&f| psqt[f as usize]).sum::<f32>();
        let mut out = self.params[l.out_bias] + 0.5 * (view_sum(&s.us) - view_sum(&s.them));
        for i in 0..h {
            out += us[i].clamp(0.0, 1.0) * w[i] + them[i].clamp(0.0, 1.0) * w[h + i];
        }
        out
    }

    /// The score of a sample in centipawns for the side to move (before quantization).
    pub fn score(&self, s: &Sample) -> f32 {
        let (mut us, mut them) = ([0.0; MAX_HIDDEN], [0.0; MAX_HIDDEN]);
        self.forward(s, &mut us, &mut them) * SCALE as f32
    }

    /// The mean loss over `samples` (0 for none).
    pub fn loss(&self, samples: &[Sample]) -> f32 {
        let (mut us, mut them) = ([0.0; MAX_HIDDEN], [0.0; MAX_HIDDEN]);
        let total: f64 = samples
            .iter()
            .map(|s| {
                let d = sigmoid(self.forward(s, &mut us, &mut them)) - s.target;
                (d * d) as f64
            })
            .sum();
        (total / samples.len().max(1) as f64) as f32
    }

    /// Adds `weight` × the gradient of `(sigmoid(output) − target)²` for `s` to `grad`, and
    /// returns that squared error. The forward pass is redone here; `us` and `them` are scratch.
    fn add_gradient(
        &self,
        s: &Sample,
        weight: f32,
        grad: &mut [f32],
        us: &mut [f32; MAX_HIDDEN],
        them: &mut [f32; MAX_HIDDEN],
    ) -> f32 {
        let (l, h) = (self.layout(), self.hidden);
        let out = self.forward(s, us, them);
        let p = sigmoid(out);
        let d = p - s.target;
        let g = 2.0 * d * p * (1.0 - p) * weight;
        let w = &self.params[l.out..l.out_bias];
        grad[l.out_bias] += g;
        for &f in &s.us {
            grad[l.psqt + f as usize] += 0.5 * g;
        }
        for &f in &s.them {
            grad[l.psqt + f as usize] -= 0.5 * g;
        }
        for (view, feats, half) in [(&*us, &s.us, 0), (&*them, &s.them, h)] {
            let mut d_acc = [0.0f32; MAX_HIDDEN];
            for k in 0..h {
                let a = view[k];
                grad[l.out + half + k] += g * a.clamp(0.0, 1.0);
                d_acc[k] = if a > 0.0 && a < 1.0 { g * w[half + k] } else { 0.0 };
            }
            let d_acc = &d_acc[..h];
            for (gb, d) in grad[l.ft_bias..l.out].iter_mut().zip(d_acc) {
                *gb += d;
            }
            for &f in feats.iter() {
                for (gw, d) in grad[f as usize * h..][..h].iter_mut().zip(d_acc) {
                    *gw += d;
                }
            }
        }
        d * d
    }

    /// The gradient of the mean loss over `samples` (what [`FloatNet::epoch`] steps along; the
    /// tests compare it with finite differences).
    pub fn gradient(&self, samples: &[Sample]) -> Vec<f32> {
        let mut grad = vec![0.0f32; self.params.len()];
        let (mut us, mut them) = ([0.0; MAX_HIDDEN], [0.0; MAX_HIDDEN]);
        for s in samples {
            self.add_gradient(s, 1.0 / samples.len() as f32, &mut grad, &mut us, &mut them);
        }
        grad
    }

    /// One pass over `samples` in a random order (from `rng`), in batches of `batch`, the
    /// gradients computed on `threads` threads; returns the mean training loss seen during the pass.
    ///
    /// Each batch is cut into [`BATCH_PARTS`] parts whose gradients are summed in order, so the
    /// result does not depend on `threads` (only on the seed and the data).
    pub fn epoch(&mut self, samples: &[Sample], adam: &mut Adam, batch: usize, threads: usize, rng: &mut Rng) -> f32 {
        let mut order: Vec<usize> = (0..samples.len()).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        let threads = threads.clamp(1, BATCH_PARTS);
        let mut parts = vec![vec![0.0f32; self.params.len()]; BATCH_PARTS];
        let mut grad = vec![0.0f32; self.params.len()];
        let mut total = 0.0f64;
        for chunk in order.chunks(batch.max(1)) {
            let weight = 1.0 / chunk.len() as f32;
            let per_part = chunk.len().div_ceil(BATCH_PARTS);
            let net = &*self;
            // Thread t sums parts t, t + threads, ...; each part is the same whatever `threads` is.
            let work = |bufs: &mut [(usize, &mut Vec<f32>)]| -> Vec<(usize, f64)> {
                let (mut us, mut them) = ([0.0; MAX_HIDDEN], [0.0; MAX_HIDDEN]);
                bufs.iter_mut()
                    .map(|(p, g)| {
                        g.iter_mut().for_each(|x| *x = 0.0);
                        let part = chunk.chunks(per_part).nth(*p).unwrap_or(&[]);
                        let loss: f64 = part
                            .iter()
                            .map(|&i| net.add_gradient(&samples[i], weight, g, &mut us, &mut them) as f64)
                            .sum();
                        (*p, loss)
                    })
                    .collect()
            };
            let work = &work;
            let mut lanes: Vec<Vec<(usize, &mut Vec<f32>)>> = (0..threads).map(|_| Vec::new()).collect();
            for (p, g) in parts.iter_mut().enumerate() {
                lanes[p % threads].push((p, g));
            }
            let mut losses = [0.0f64; BATCH_PARTS];
            if threads == 1 {
                for (p, l) in work(&mut lanes[0]) {
                    losses[p] = l;
                }
            } else {
                std::thread::scope(|scope| {
                    let handles: Vec<_> = lanes.iter_mut().map(|lane| scope.spawn(move || work(lane))).collect();
                    for h in handles {
                        for (p, l) in h.join().expect("a training thread panicked") {
                            losses[p] = l;
                        }
                    }
                });
            }
            grad.copy_from_slice(&parts[0]);
            for part in &parts[1..] {
                grad.iter_mut().zip(part).for_each(|(g, x)| *g += x);
            }
            total += losses.iter().sum::<f64>();
            self.step(&grad, adam);
        }
        (total / samples.len().max(1) as f64) as f32
    }

    /// One Adam step (after the weight decay, if any), then the first layer clipped to ±[`WEIGHT_CLIP`] (so the quantized sums stay exact).
    fn step(&mut self, grad: &[f32], adam: &mut Adam) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        if adam.m.len() != self.params.len() {
            adam.m = vec![0.0; self.params.len()];
            adam.v = vec![0.0; self.params.len()];
        }
        adam.t += 1;
        let c1 = 1.0 - B1.powi(adam.t);
        let c2 = 1.0 - B2.powi(adam.t);
        if adam.decay > 0.0 {
            let keep = 1.0 - adam.lr * adam.decay;
            self.params.iter_mut().for_each(|p| *p *= keep);
        }
        for (((p, g), m), v) in self.params.iter_mut().zip(grad).zip(adam.m.iter_mut()).zip(adam.v.iter_mut()) {
            *m = B1 * *m + (1.0 - B1) * g;
            *v = B2 * *v + (1.0 - B2) * g * g;
            *p -= adam.lr * (*m / c1) / ((*v / c2).sqrt() + 1e-8);
        }
        let first_layer = self.layout().out;
        for p in &mut self.params[..first_layer] {
            *p = p.clamp(-WEIGHT_CLIP, WEIGHT_CLIP);
        }
    }

    /// The quantized network: first layer × [`QA`], output weights × [`QB`], output bias and
    /// piece-square weights × QA·QB. With buckets, the shared rows are added into every
    /// bucket's first (each sum clipped to ±[`WEIGHT_CLIP`] again, so the engine's sums stay exact).
    pub fn quantize(&self) -> Network {
        let q = |x: f32, s: i32| (x * s as f32).round().clamp(-32767.0, 32767.0) as i16;
        let (l, h) = (self.layout(), self.hidden);
        let row = |slice: &[f32], s: i32| slice.iter().map(|&x| q(x, s)).collect::<Vec<i16>>();
        let out_units = |x: f32| (x * (QA * QB) as f32).round() as i32;
        let (first, psqt) = (&self.params[..l.ft_bias], &self.params[l.psqt..]);
        let (ft, psqt) = if self.buckets == 1 {
            (row(first, QA), psqt.iter().map(|&x| out_units(x)).collect())
        } else {
            let (shared_ft, shared_psqt) = (&first[self.buckets * INPUTS * h..], &psqt[self.buckets * INPUTS..]);
            let ft = first[..self.buckets * INPUTS * h]
                .chunks_exact(INPUTS * h)
                .flat_map(|b| b.iter().zip(shared_ft).map(|(x, y)| q((x + y).clamp(-WEIGHT_CLIP, WEIGHT_CLIP), QA)))
                .collect();
            let psqt = psqt[..self.buckets * INPUTS]
                .chunks_exact(INPUTS)
                .flat_map(|b| b.iter().zip(shared_psqt).map(|(x, y)| out_units(x + y)))
                .collect();
            (ft, psqt)
        };
        let ft_bias = row(&self.params[l.ft_bias..l.out], QA);
        let out = row(&self.params[l.out..l.out_bias], QB);
        let out_bias = out_units(self.params[l.out_bias]);
        Network::from_parts(self.variant, ft, ft_bias, out, out_bias, psqt)
    }
}
