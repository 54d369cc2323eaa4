//! `chuhan-train train`: trains a network on `gen`'s data and writes it quantized
//! (`chuhan_engine::nnue::train`).

use crate::{progress, Game};
use anyhow::{anyhow, bail, Context, Result};
use chuhan::Variant;
use chuhan_engine::eval::{Classic, Evaluate};
use chuhan_engine::nnue::data::{self, CAPTURE, IN_CHECK};
use chuhan_engine::nnue::train::{samples, Adam, FloatNet, Rng, MAX_SCORE};
use chuhan_engine::nnue::{Network, SCALE};
use std::path::PathBuf;
use std::time::Instant;

/// `train --help`.
pub const ABOUT: &str = "\
Trains a network on data from `chuhan-train gen` and writes it quantized
(chuhan_engine::nnue::train).

One game in ten (by the game index of the records) is held out for validation, so the validation
loss measures positions from games never trained on. Prints the train and validation loss of
every epoch on standard output (and, for reference, the hand-written evaluation's loss on the
validation positions); the learning rate is cut by 3 for the last third of the epochs, and the
epoch with the lowest validation loss is the one written.";

#[derive(clap::Args)]
pub struct Args {
    /// Training data from `gen` (records of the other game are ignored)
    #[arg(long, value_name = "FILE")]
    data: PathBuf,
    /// The network file to write
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// The game
    #[arg(long, value_enum, default_value_t = Game::Xiangqi)]
    variant: Game,
    /// Passes over the data
    #[arg(long, default_value_t = 12)]
    epochs: usize,
    /// Positions per Adam step
    #[arg(long, default_value_t = 1024)]
    batch: usize,
    /// Adam's learning rate
    #[arg(long, value_name = "X", default_value_t = 0.002)]
    lr: f32,
    /// Weight of the search score against the game result in the target, 0 to 1 (1: the score
    /// only; with a few thousand games a result is mostly noise the network learns by heart: at
    /// 0.7 a network lost 48 of 60 games, at 1 won 32)
    #[arg(long, value_name = "X", default_value_t = 1.0)]
    lambda: f32,
    /// Initial weights and shuffling
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Also train on every position mirrored left to right (both games' rules allow it)
    #[arg(long)]
    mirror: bool,
    /// Width of each view's accumulator: 32, 64, 128 or 256 [default: 256, both embedded
    /// networks; 256 overfits janggi below about 2 million positions]
    #[arg(long, value_name = "N")]
    hidden: Option<usize>,
    /// First-layer rows by where each view's general stands: 1 (none) or 9 (one set per palace
    /// point; a shared set is trained beside them and folded in; 2.5 million janggi positions
    /// were too few for 9: it overfitted) [default: 1]
    #[arg(long, value_name = "N")]
    buckets: Option<usize>,
    /// Decoupled weight decay (AdamW; 0 is plain Adam): every step each weight also shrinks by
    /// lr × X of itself, against learning rare features by heart
    #[arg(long, value_name = "X", default_value_t = 0.0)]
    decay: f32,
    /// Start from this network (its width and buckets) instead of random weights: fine-tuning
    /// on new data, such as the network's own next round of games, with a smaller --lr (0.0005,
    /// say); the epoch-0 line is its loss on this data, and if no epoch beats it the network is
    /// written back unchanged
    #[arg(long, value_name = "FILE")]
    init: Option<PathBuf>,
    /// Threads computing the gradients (the network comes out the same whatever N is)
    /// [default: every core]
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
}

pub fn run(a: Args) -> Result<()> {
    let variant = Variant::from(a.variant);
    let (lr, decay, lambda) = (a.lr, a.decay, a.lambda);
    if !(decay.is_finite() && decay >= 0.0 && lr * decay < 1.0) {
        bail!("--decay {decay}: must be at least 0, and lr × decay below 1");
    }
    if !(0.0..=1.0).contains(&lambda) {
        bail!("--lambda {lambda}: must be between 0 and 1");
    }
    if let Some(h) = a.hidden {
        FloatNet::check_shape(h, 1).map_err(|e| anyhow!("--hidden: {e}"))?;
    }
    if let Some(b) = a.buckets {
        FloatNet::check_shape(32, b).map_err(|e| anyhow!("--buckets: {e}"))?;
    }
    let threads = a.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let init = match &a.init {
        Some(path) => {
            let name = path.display();
            let bytes = std::fs::read(path).with_context(|| format!("--init {name}"))?;
            Some((name.to_string(), Network::from_bytes(&bytes).with_context(|| format!("--init {name}"))?))
        }
        None => None,
    };
    // A starting network decides the shape; --hidden and --buckets may only repeat it.
    if let Some((path, net)) = &init {
        if net.variant() != variant {
            bail!("--init {path}: a {} network, --variant is {variant}", net.variant());
        }
        for (flag, asked, has) in [("--hidden", a.hidden, net.hidden()), ("--buckets", a.buckets, net.buckets())] {
            if let Some(asked) = asked.filter(|&asked| asked != has) {
                bail!("--init {path}: the network has {flag} {has}, not {asked}");
            }
        }
    }
    let hidden = init.as_ref().map_or(a.hidden.unwrap_or(256), |(_, n)| n.hidden());
    let buckets = init.as_ref().map_or(a.buckets.unwrap_or(1), |(_, n)| n.buckets());
    let start = Instant::now();
    let data_name = a.data.display();
    let mut file = std::fs::File::open(&a.data).with_context(|| format!("--data {data_name}"))?;
    let records = data::read_all(&mut file).map_err(|e| anyhow!("--data {data_name}: {e}"))?;
    let (valid_records, train_records): (Vec<_>, Vec<_>) = records.into_iter().partition(|r| r.game % 10 == 9);
    let (train, skipped) = samples(&train_records, variant, lambda, a.mirror, buckets);
    let (valid, _) = samples(&valid_records, variant, lambda, false, buckets);
    if train.is_empty() {
        bail!("--data {data_name}: no {variant:?} positions to train on");
    }
    println!(
        "{} training and {} validation positions ({skipped} left out: in check, captures, decided), loaded in {:.1} s",
        train.len(),
        valid.len(),
        start.elapsed().as_secs_f64()
    );
    // The hand-written evaluation's loss on the same validation positions, for reference.
    // (A record whose position does not read counts 0, as it does in `samples`.)
    let kept: Vec<(Option<chuhan::Position>, f32)> = valid_records
        .iter()
        .filter(|r| r.variant() == variant && r.flags & (IN_CHECK | CAPTURE) == 0 && r.score.abs() <= MAX_SCORE)
        .filter(|r| r.general(chuhan::Side::First).is_some() && r.general(chuhan::Side::Second).is_some())
        .map(|r| (r.position().ok(), f32::from(r.score)))
        .collect();
    let classic: Vec<f32> = kept.iter().map(|(p, _)| p.as_ref().map_or(0.0, |p| Classic.evaluate(p) as f32)).collect();
    let classic_loss = classic
        .iter()
        .zip(&valid)
        .map(|(&cp, s)| (1.0 / (1.0 + (-cp / SCALE as f32).exp()) - s.target).powi(2))
        .sum::<f32>()
        / valid.len().max(1) as f32;
    println!("hand-written evaluation's validation loss {classic_loss:.6}");
    let mut net = match &init {
        Some((_, start)) => FloatNet::from_network(start),
        None => FloatNet::random(variant, hidden, buckets, a.seed).map_err(|e| anyhow!("{e}"))?,
    };
    let mut adam = Adam::new(lr);
    adam.decay = decay;
    let mut rng = Rng::new(a.seed);
    let start_loss = net.loss(&valid);
    println!("epoch 0: validation loss {start_loss:.6}");
    // A random start is never kept; a network to fine-tune is, unless an epoch beats it.
    let mut best = (if init.is_some() { start_loss } else { f32::INFINITY }, 0, net.clone());
    let bar = progress::bar(a.epochs as u64, "{bar:30} epoch {pos}/{len}  {msg}  [{elapsed_precise}, {eta} left]");
    for epoch in 1..=a.epochs {
        if epoch > a.epochs * 2 / 3 {
            adam.lr = lr / 3.0;
        }
        let t = Instant::now();
        let train_loss = net.epoch(&train, &mut adam, a.batch, threads, &mut rng);
        let valid_loss = net.loss(&valid);
        // The losses are the command's output (standard output), printed above the bar.
        bar.suspend(|| {
            println!(
                "epoch {epoch}: train loss {train_loss:.6}  validation loss {valid_loss:.6}  ({:.1} s)",
                t.elapsed().as_secs_f64()
            )
        });
        if valid_loss < best.0 || valid.is_empty() {
            best = (valid_loss, epoch, net.clone());
        }
        bar.set_position(epoch as u64);
        bar.set_message(format!("best validation loss {:.6} (epoch {})", best.0, best.1));
    }
    bar.finish_and_clear();
    // Early stopping: the epoch with the lowest validation loss is written.
    let (loss, epoch, net) = best;
    println!("keeping epoch {epoch} (validation loss {loss:.6})");
    let quantized = net.quantize();
    // How each evaluation's scale matches the search's: the search's margins (futility, razoring,
    // null move) were tuned on the hand-written evaluation, so a network whose scores are
    // compressed or stretched against the search scores prunes differently.
    let scores: Vec<f32> = kept.iter().map(|&(_, s)| s).collect();
    let network: Vec<f32> =
        kept.iter().map(|(p, _)| p.as_ref().map_or(0.0, |p| quantized.evaluate(p) as f32)).collect();
    for (name, evals) in [("hand-written", &classic), ("network", &network)] {
        let (slope, r) = calibration(evals, &scores);
        println!("{name}: search score ≈ {slope:.2} × evaluation (correlation {r:.3}) on the validation positions");
    }
    let out = a.out.display();
    std::fs::write(&a.out, quantized.to_bytes()).with_context(|| format!("--out {out}"))?;
    println!("wrote {out} in {:.1} s in all", start.elapsed().as_secs_f64());
    Ok(())
}

/// The least-squares slope of `y` on `x` through the origin, and their correlation.
fn calibration(x: &[f32], y: &[f32]) -> (f64, f64) {
    let n = x.len().max(1) as f64;
    let (mut sx, mut sy, mut sxx, mut syy, mut sxy) = (0.0f64, 0.0, 0.0, 0.0, 0.0);
    for (&a, &b) in x.iter().zip(y) {
        let (a, b) = (f64::from(a), f64::from(b));
        sx += a;
        sy += b;
        sxx += a * a;
        syy += b * b;
        sxy += a * b;
    }
    let slope = if sxx > 0.0 { sxy / sxx } else { 0.0 };
    let cov = sxy / n - sx / n * sy / n;
    let var = |s2: f64, s: f64| (s2 / n - (s / n) * (s / n)).max(0.0).sqrt();
    let r = cov / (var(sxx, sx) * var(syy, sy)).max(f64::MIN_POSITIVE);
    (slope, r)
}
