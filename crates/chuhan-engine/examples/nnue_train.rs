//! Trains a network on data from `nnue_gen` and writes it quantized (`chuhan_engine::nnue::train`).
//!
//! ```text
//! cargo run --release -p chuhan-engine --example nnue_train -- --variant xiangqi \
//!     --data xiangqi.data --epochs 12 --out xiangqi.nnue
//! ```
//!
//! One game in ten (by the game index of the records) is held out for validation, so the
//! validation loss measures positions from games never trained on. Prints the train and
//! validation loss of every epoch (and, for reference, the hand-written evaluation's loss on the
//! validation positions); the learning rate is cut by 3 for the last third of the epochs, and
//! the epoch with the lowest validation loss is the one written.

use chuhan::Variant;
use chuhan_engine::eval::{Classic, Evaluate};
use chuhan_engine::nnue::data::{self, CAPTURE, IN_CHECK};
use chuhan_engine::nnue::train::{samples, Adam, FloatNet, Rng, MAX_SCORE};
use chuhan_engine::nnue::{Network, SCALE};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "\
usage: nnue_train --data FILE --out FILE [--variant xiangqi|janggi] [--epochs N] [--batch N]
                  [--lr X] [--lambda X] [--seed S] [--mirror] [--threads N] [--hidden N]
                  [--buckets 1|9] [--decay X] [--init FILE]

  --data FILE    training data from nnue_gen (records of other games are ignored)
  --out FILE     the network file to write
  --variant V    xiangqi (default) or janggi
  --epochs N     passes over the data (default 12)
  --batch N      positions per Adam step (default 1024)
  --lr X         Adam's learning rate (default 0.002)
  --lambda X     weight of the search score against the game result in the target (default 1:
                 the score only; with a few thousand games a result is mostly noise the
                 network learns by heart: at 0.7 a network lost 48 of 60 games, at 1 won 32)
  --seed S       initial weights and shuffling (default 1)
  --mirror       also train on every position mirrored left to right (both games' rules allow it)
  --hidden N     width of each view's accumulator: 32, 64, 128 or 256 (default 256, both
                 embedded networks; 256 overfits janggi below about 2 million positions)
  --buckets N    first-layer rows by where each view's general stands: 1 (none, default) or 9
                 (one set per palace point; a shared set is trained beside them and folded in;
                 2.5 million janggi positions were too few for 9: it overfitted)
  --decay X      decoupled weight decay (AdamW; default 0, plain Adam): every step each weight
                 also shrinks by lr × X of itself, against learning rare features by heart
  --init FILE    start from this network (its width and buckets) instead of random weights:
                 fine-tuning on new data, such as the network's own next round of games, with
                 a smaller --lr (0.0005, say); the epoch-0 line is its loss on this data, and
                 if no epoch beats it the network is written back unchanged
  --threads N    threads computing the gradients (default: every core; the network comes out
                 the same whatever N is)";

fn run() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let (mut data_path, mut out, mut variant) = (String::new(), String::new(), Variant::Xiangqi);
    let (mut epochs, mut batch, mut lr, mut lambda, mut seed) = (12usize, 1024usize, 0.002f32, 1.0f32, 1u64);
    let mut mirror = false;
    let mut hidden = None;
    let mut buckets = None;
    let mut init: Option<(String, Network)> = None;
    let mut decay = 0.0f32;
    let mut threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag} needs a value"));
        let bad = |v: &str| format!("{flag}: {v:?} is not a valid number");
        match flag.as_str() {
            "--data" => data_path = value()?,
            "--out" => out = value()?,
            "--variant" => {
                variant = match value()?.as_str() {
                    "xiangqi" => Variant::Xiangqi,
                    "janggi" => Variant::Janggi,
                    v => return Err(format!("--variant: {v:?} is neither xiangqi nor janggi")),
                }
            }
            "--epochs" => epochs = value().and_then(|v| v.parse().map_err(|_| bad(&v)))?,
            "--batch" => batch = value().and_then(|v| v.parse().map_err(|_| bad(&v)))?,
            "--lr" => lr = value().and_then(|v| v.parse().map_err(|_| bad(&v)))?,
            "--lambda" => lambda = value().and_then(|v| v.parse().map_err(|_| bad(&v)))?,
            "--seed" => seed = value().and_then(|v| v.parse().map_err(|_| bad(&v)))?,
            "--mirror" => mirror = true,
            "--hidden" => {
                let h = value().and_then(|v| v.parse().map_err(|_| bad(&v)))?;
                FloatNet::check_shape(h, 1).map_err(|e| format!("--hidden: {e}"))?;
                hidden = Some(h);
            }
            "--buckets" => {
                let b = value().and_then(|v| v.parse().map_err(|_| bad(&v)))?;
                FloatNet::check_shape(32, b).map_err(|e| format!("--buckets: {e}"))?;
                buckets = Some(b);
            }
            "--init" => {
                let path = value()?;
                let bytes = std::fs::read(&path).map_err(|e| format!("--init {path}: {e}"))?;
                let net = Network::from_bytes(&bytes).map_err(|e| format!("--init {path}: {e}"))?;
                init = Some((path, net));
            }
            "--decay" => decay = value().and_then(|v| v.parse().map_err(|_| bad(&v)))?,
            "--threads" => threads = value().and_then(|v| v.parse().map_err(|_| bad(&v)))?,
            "--help" | "-h" => return Err(String::new()),
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    if data_path.is_empty() || out.is_empty() {
        return Err("--data and --out are required".into());
    }
    if !(decay.is_finite() && decay >= 0.0 && lr * decay < 1.0) {
        return Err(format!("--decay {decay}: must be at least 0, and lr × decay below 1"));
    }
    if !(0.0..=1.0).contains(&lambda) {
        return Err(format!("--lambda {lambda}: must be between 0 and 1"));
    }
    // A starting network decides the shape; --hidden and --buckets may only repeat it.
    if let Some((path, net)) = &init {
        if net.variant() != variant {
            return Err(format!("--init {path}: a {} network, --variant is {variant}", net.variant()));
        }
        for (flag, asked, has) in [("--hidden", hidden, net.hidden()), ("--buckets", buckets, net.buckets())] {
            if let Some(a) = asked.filter(|&a| a != has) {
                return Err(format!("--init {path}: the network has {flag} {has}, not {a}"));
            }
        }
    }
    let hidden = init.as_ref().map_or(hidden.unwrap_or(256), |(_, n)| n.hidden());
    let buckets = init.as_ref().map_or(buckets.unwrap_or(1), |(_, n)| n.buckets());
    let start = Instant::now();
    let mut file = std::fs::File::open(&data_path).map_err(|e| format!("--data {data_path}: {e}"))?;
    let records = data::read_all(&mut file).map_err(|e| format!("--data {data_path}: {e}"))?;
    let (valid_records, train_records): (Vec<_>, Vec<_>) = records.into_iter().partition(|r| r.game % 10 == 9);
    let (train, skipped) = samples(&train_records, variant, lambda, mirror, buckets);
    let (valid, _) = samples(&valid_records, variant, lambda, false, buckets);
    if train.is_empty() {
        return Err(format!("--data {data_path}: no {variant:?} positions to train on"));
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
        None => FloatNet::random(variant, hidden, buckets, seed).map_err(|e| e.to_string())?,
    };
    let mut adam = Adam::new(lr);
    adam.decay = decay;
    let mut rng = Rng::new(seed);
    let start_loss = net.loss(&valid);
    println!("epoch 0: validation loss {start_loss:.6}");
    // A random start is never kept; a network to fine-tune is, unless an epoch beats it.
    let mut best = (if init.is_some() { start_loss } else { f32::INFINITY }, 0, net.clone());
    for epoch in 1..=epochs {
        if epoch > epochs * 2 / 3 {
            adam.lr = lr / 3.0;
        }
        let t = Instant::now();
        let train_loss = net.epoch(&train, &mut adam, batch, threads, &mut rng);
        let valid_loss = net.loss(&valid);
        println!(
            "epoch {epoch}: train loss {train_loss:.6}  validation loss {valid_loss:.6}  ({:.1} s)",
            t.elapsed().as_secs_f64()
        );
        if valid_loss < best.0 || valid.is_empty() {
            best = (valid_loss, epoch, net.clone());
        }
    }
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
    std::fs::write(&out, quantized.to_bytes()).map_err(|e| format!("--out {out}: {e}"))?;
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

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.is_empty() => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("nnue_train: {e}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}
