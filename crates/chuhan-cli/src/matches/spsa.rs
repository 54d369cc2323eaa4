//! SPSA (simultaneous perturbation stochastic approximation) as fishtest runs it for
//! Stockfish: every step moves all parameters at once, each by ±c in a random direction, plays
//! the engine with θ + cΔ against the engine with θ − cΔ, and moves θ towards the side that
//! scored better.
//!
//! The schedule is fishtest's. For `N` game pairs in all and the user's `c_end` (the final
//! perturbation) and `r_end` (the final learning rate, as a fraction of `c_end²`) of each
//! parameter: `c_k = c_end · N^γ / k^γ`, `a_k = r_end · c_end² · (A + N)^α / (A + k)^α` with
//! `A = N / 10`, `α = 0.602`, `γ = 0.101`, and after a pair scoring `r` (θ+'s wins minus its
//! losses, −2 to 2) `θ ← θ + a_k / c_k · r · Δ`, kept within the parameter's range. A step may
//! play several pairs with the same Δ (one per worker): they count as that many pairs of the
//! schedule, and their results are summed.

use super::Xorshift;
use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};

const ALPHA: f64 = 0.602;
const GAMMA: f64 = 0.101;

/// One parameter being tuned.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Param {
    /// The engine's option name.
    pub name: String,
    /// Whether the engine takes a whole number (values are rounded for it).
    pub integer: bool,
    pub start: f64,
    pub min: f64,
    pub max: f64,
    /// The perturbation at the end of the run.
    pub c_end: f64,
    /// The learning rate at the end of the run, as a fraction of `c_end²`.
    pub r_end: f64,
    /// The current value.
    pub theta: f64,
}

impl Param {
    /// One line of a parameter file, fishtest's format: `NAME, int|float, START, MIN, MAX,
    /// C_END, R_END` (`int` may be left out: `NAME, START, MIN, MAX, C_END, R_END`).
    pub fn parse(line: &str) -> Result<Param> {
        let fields: Vec<&str> = line.split(',').map(str::trim).collect();
        let (name, integer, numbers) = match fields.as_slice() {
            [name, kind, rest @ ..] if rest.len() == 5 => match kind.to_ascii_lowercase().as_str() {
                "int" => (*name, true, rest),
                "float" => (*name, false, rest),
                other => bail!("{line:?}: the kind is {other:?}, expected int or float"),
            },
            [name, rest @ ..] if rest.len() == 5 => (*name, true, rest),
            _ => bail!("{line:?}: expected NAME, int|float, START, MIN, MAX, C_END, R_END"),
        };
        if name.is_empty() {
            bail!("{line:?}: the parameter has no name");
        }
        let mut v = [0.0f64; 5];
        for (slot, (text, what)) in v.iter_mut().zip(numbers.iter().zip(["START", "MIN", "MAX", "C_END", "R_END"])) {
            *slot = text.parse().with_context(|| format!("{line:?}: {what} {text:?} is not a number"))?;
            if !slot.is_finite() {
                bail!("{line:?}: {what} {text:?} is not a finite number");
            }
        }
        let [start, min, max, c_end, r_end] = v;
        if !(min <= start && start <= max) {
            bail!("{line:?}: START {start} is not within MIN {min} and MAX {max}");
        }
        if c_end <= 0.0 || r_end <= 0.0 {
            bail!("{line:?}: C_END and R_END must be positive");
        }
        if integer && c_end < 0.5 {
            bail!("{line:?}: C_END {c_end} is below 0.5: a whole-number parameter would not move (use 1 or more)");
        }
        Ok(Param { name: name.to_string(), integer, start, min, max, c_end, r_end, theta: start })
    }

    /// `value` as the engine gets it: within range, rounded for a whole-number parameter.
    pub fn engine_value(&self, value: f64) -> String {
        let v = value.clamp(self.min, self.max);
        if self.integer {
            format!("{}", v.round() as i64)
        } else {
            format!("{v}")
        }
    }

    /// Whether `other` is this parameter with another current value (for resuming a run).
    fn same_setup(&self, other: &Param) -> bool {
        Param { theta: other.theta, ..self.clone() } == *other
    }
}

/// A tuning run: its parameters and where it stands. Saved after every step, so a run stopped
/// (Ctrl-C, a lost machine) goes on from there.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Run {
    /// Game pairs in the whole run (`N` of the schedule).
    pub pairs_total: u64,
    /// Game pairs played so far.
    pub pairs_done: u64,
    /// Draws the directions (and with the step, the openings' random plies).
    pub seed: u64,
    pub params: Vec<Param>,
    /// θ+'s games: wins, draws, losses.
    pub wdl: [u64; 3],
    /// The values after each step: pairs played, then θ in the parameters' order.
    pub history: Vec<(u64, Vec<f64>)>,
}

/// What one step plays: the two sets of values and the direction drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// +1 or −1 per parameter.
    pub flips: Vec<f64>,
    /// The perturbation of each parameter at this step.
    pub c: Vec<f64>,
    /// θ + cΔ and θ − cΔ, within range.
    pub plus: Vec<f64>,
    pub minus: Vec<f64>,
}

impl Run {
    /// A new run of `pairs_total` game pairs.
    pub fn new(params: Vec<Param>, pairs_total: u64, seed: u64) -> Result<Run> {
        if params.is_empty() {
            bail!("no parameter to tune: give --param or --params");
        }
        if pairs_total == 0 {
            bail!("--pairs must be at least 1");
        }
        let mut names: Vec<_> = params.iter().map(|p| p.name.to_ascii_lowercase()).collect();
        names.sort();
        if let Some(w) = names.windows(2).find(|w| w[0] == w[1]) {
            bail!("the parameter {:?} is given twice", w[0]);
        }
        Ok(Run { pairs_total, pairs_done: 0, seed, params, wdl: [0; 3], history: Vec::new() })
    }

    /// Whether a saved run is this one (same parameters, schedule and seed), so it may go on.
    pub fn check_resumes(&self, fresh: &Run) -> Result<()> {
        let same = self.pairs_total == fresh.pairs_total
            && self.seed == fresh.seed
            && self.params.len() == fresh.params.len()
            && self.params.iter().zip(&fresh.params).all(|(a, b)| b.same_setup(a));
        if !same {
            bail!(
                "the saved run was started with other parameters, pairs or seed; \
                 give the same ones, or another --state file for a new run"
            );
        }
        Ok(())
    }

    pub fn finished(&self) -> bool {
        self.pairs_done >= self.pairs_total
    }

    /// The `k`-th pair's schedule (1-based): the perturbation and the learning rate of `p`.
    fn schedule(&self, p: &Param, k: u64) -> (f64, f64) {
        let n = self.pairs_total as f64;
        let a_big = n / 10.0;
        let k = k as f64;
        let c = p.c_end * n.powf(GAMMA) / k.powf(GAMMA);
        let a = p.r_end * p.c_end * p.c_end * (a_big + n).powf(ALPHA) / (a_big + k).powf(ALPHA);
        (c, a)
    }

    /// The next step: a direction drawn from the seed and the pairs played so far.
    pub fn step(&self) -> Step {
        let mut rng = Xorshift::new(mix(self.seed ^ mix(self.pairs_done + 1)));
        let k = self.pairs_done + 1;
        let mut step = Step { flips: Vec::new(), c: Vec::new(), plus: Vec::new(), minus: Vec::new() };
        for p in &self.params {
            let flip = if rng.below(2) == 0 { -1.0 } else { 1.0 };
            let (c, _) = self.schedule(p, k);
            step.flips.push(flip);
            step.c.push(c);
            step.plus.push((p.theta + c * flip).clamp(p.min, p.max));
            step.minus.push((p.theta - c * flip).clamp(p.min, p.max));
        }
        step
    }

    /// After `step` was played for `pairs` pairs: θ+ won `wins`, drew `draws` and lost `losses`
    /// games in all.
    pub fn update(&mut self, step: &Step, pairs: u64, wins: u64, draws: u64, losses: u64) {
        let k = self.pairs_done + 1;
        let result = wins as f64 - losses as f64;
        let schedules: Vec<_> = self.params.iter().map(|p| self.schedule(p, k)).collect();
        for ((p, &(c, a)), &flip) in self.params.iter_mut().zip(&schedules).zip(&step.flips) {
            p.theta = (p.theta + a / c * result * flip).clamp(p.min, p.max);
        }
        self.pairs_done += pairs;
        self.wdl[0] += wins;
        self.wdl[1] += draws;
        self.wdl[2] += losses;
        self.history.push((self.pairs_done, self.params.iter().map(|p| p.theta).collect()));
    }

    /// Writes the run to `path` (through a temporary file, so a crash leaves the old one).
    pub fn save(&self, path: &std::path::Path) -> Result<()> {
        let text = serde_json::to_string_pretty(self).context("cannot encode the run")?;
        let tmp = path.with_extension("tmp");
        std::fs::write(&tmp, text).with_context(|| format!("cannot write {}", tmp.display()))?;
        std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))?;
        Ok(())
    }

    /// Reads a run saved by [`Run::save`].
    pub fn load(path: &std::path::Path) -> Result<Run> {
        let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
        serde_json::from_str(&text).with_context(|| format!("{} is not a saved tuning run", path.display()))
    }
}

/// splitmix64's finalizer: nearby seeds and step numbers give unrelated generators (xorshift's
/// first numbers from two seeds that differ in a few bits share most of their bits).
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameter_lines_read_as_fishtest_writes_them() {
        let p = Param::parse("RfpMargin, int, 90, 20, 300, 10, 0.0020").unwrap();
        assert_eq!(
            (p.name.as_str(), p.integer, p.start, p.min, p.max, p.c_end, p.r_end),
            ("RfpMargin", true, 90.0, 20.0, 300.0, 10.0, 0.002)
        );
        assert_eq!(p.theta, 90.0);
        let p = Param::parse("Scale,float,1.5,0.5,3,0.1,0.002").unwrap();
        assert!(!p.integer);
        assert_eq!(p.engine_value(1.234), "1.234");
        assert!(Param::parse("RfpMargin, 90, 20, 300, 10, 0.002").unwrap().integer);
        for (bad, says) in [
            ("RfpMargin, int, 90, 20", "expected NAME"),
            ("RfpMargin, long, 90, 20, 300, 10, 0.002", "\"long\""),
            ("RfpMargin, int, 400, 20, 300, 10, 0.002", "not within"),
            ("RfpMargin, int, 90, 20, 300, 0, 0.002", "positive"),
            ("RfpMargin, int, 90, 20, 300, 0.2, 0.002", "would not move"),
            ("RfpMargin, int, ninety, 20, 300, 10, 0.002", "START \"ninety\""),
            (", int, 90, 20, 300, 10, 0.002", "no name"),
            ("RfpMargin, int, NaN, 20, 300, 10, 0.002", "finite"),
        ] {
            let e = Param::parse(bad).unwrap_err().to_string();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }

    #[test]
    fn values_for_the_engine_stay_in_range_and_whole() {
        let p = Param::parse("X, int, 5, 0, 10, 2, 0.002").unwrap();
        assert_eq!(p.engine_value(3.6), "4");
        assert_eq!(p.engine_value(-7.0), "0");
        assert_eq!(p.engine_value(12.2), "10");
    }

    #[test]
    fn the_schedule_ends_at_c_end_and_r_end() {
        let run = Run::new(vec![Param::parse("X, int, 50, 0, 100, 4, 0.002").unwrap()], 1000, 1).unwrap();
        let p = &run.params[0];
        let (c, a) = run.schedule(p, 1000);
        assert!((c - 4.0).abs() < 1e-9, "{c}");
        assert!((a / (c * c) - 0.002).abs() < 1e-12, "{a}");
        let (c1, a1) = run.schedule(p, 1);
        assert!(c1 > c && a1 > a, "both shrink along the run");
    }

    /// A simulated engine whose strength peaks at known values: SPSA finds them. The score of a
    /// pair is drawn from the Elo difference a quadratic gives, so the test exercises the
    /// noise the real runs have.
    #[test]
    fn spsa_climbs_to_a_known_optimum() {
        let params = vec![
            Param::parse("A, int, 40, 0, 200, 6, 0.02").unwrap(),
            Param::parse("B, int, 160, 0, 200, 6, 0.02").unwrap(),
        ];
        let best = [100.0, 70.0];
        let elo = |v: &[f64]| -((v[0] - best[0]).powi(2) + (v[1] - best[1]).powi(2)) / 40.0;
        let mut run = Run::new(params, 6000, 7).unwrap();
        let mut rng = Xorshift::new(99);
        let mut uniform = || (rng.below(1 << 30) as f64) / (1u64 << 30) as f64;
        while !run.finished() {
            let step = run.step();
            let diff = elo(&step.plus) - elo(&step.minus);
            let expected = 1.0 / (1.0 + 10f64.powf(-diff / 400.0));
            let (mut w, mut d, mut l) = (0, 0, 0);
            for _ in 0..2 {
                let u = uniform();
                // A third of the games drawn, the rest decided by the expected score.
                if u < 0.33 {
                    d += 1;
                } else if uniform() < expected {
                    w += 1;
                } else {
                    l += 1;
                }
            }
            run.update(&step, 1, w, d, l);
        }
        let theta: Vec<f64> = run.params.iter().map(|p| p.theta).collect();
        // From 60 and 90 away to within 20 of the peak (the last steps are small: SPSA slows
        // where the slope is gentle).
        assert!((theta[0] - best[0]).abs() < 20.0 && (theta[1] - best[1]).abs() < 20.0, "ended at {theta:?}");
        eprintln!("ended at {theta:?}");
        assert_eq!(run.history.len(), 6000);
        assert_eq!(run.wdl.iter().sum::<u64>(), 12_000);
    }

    #[test]
    fn a_run_saves_and_resumes_only_as_itself() {
        let params = vec![Param::parse("X, int, 50, 0, 100, 4, 0.002").unwrap()];
        let mut run = Run::new(params.clone(), 100, 3).unwrap();
        let step = run.step();
        run.update(&step, 2, 3, 1, 0);
        assert_eq!(run.pairs_done, 2);
        assert!(run.params[0].theta != 50.0, "three wins move θ");
        let dir = std::env::temp_dir().join(format!("chuhan-spsa-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("run.json");
        run.save(&path).unwrap();
        let back = Run::load(&path).unwrap();
        assert_eq!(back, run);
        back.check_resumes(&Run::new(params.clone(), 100, 3).unwrap()).unwrap();
        assert!(back.check_resumes(&Run::new(params.clone(), 100, 4).unwrap()).is_err());
        let other = vec![Param::parse("X, int, 50, 0, 120, 4, 0.002").unwrap()];
        assert!(back.check_resumes(&Run::new(other, 100, 3).unwrap()).is_err());
        std::fs::write(&path, "{").unwrap();
        assert!(Run::load(&path).unwrap_err().to_string().contains("not a saved tuning run"));
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(Run::new(vec![], 10, 1).is_err());
        assert!(Run::new(vec![params[0].clone(), params[0].clone()], 10, 1).unwrap_err().to_string().contains("twice"));
    }
}
