//! Match statistics: score, Elo with a 95% interval, and the GSPRT.
//!
//! Games are played in pairs (one opening, both colours), so the natural unit is the pair: its
//! score is 0, ½, 1, 1½ or 2 (the pentanomial). Pairs carry the opening's bias in both
//! directions and cancel it, so the pentanomial variance is the honest one; the trinomial
//! (per game) figures serve when games are unpaired. The formulas follow fastchess (MIT), which
//! follows Michel Van den Bergh's "Comments on Normalized Elo": the interval comes from the
//! normal approximation of the mean score, and the log-likelihood ratio from the maximum
//! likelihood distributions that have the score (logistic model) or the normalized t-value
//! (normalized model) of each hypothesis.

use std::fmt;
use std::str::FromStr;

/// z for a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;
/// 800 / ln 10: converts a normalized t-value to normalized Elo.
const NELO_SCALE: f64 = 800.0 / std::f64::consts::LN_10;

/// Results of one player against another: wins, draws, losses, and the pairs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Completed pairs by their score for this player: [0, ½, 1, 1½, 2] (LL, LD, WL+DD, WD, WW).
    pub penta: [u32; 5],
}

impl Score {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    pub fn pairs(&self) -> u32 {
        self.penta.iter().sum()
    }

    /// Adds one game; `points` is 1, ½ or 0 for this player.
    pub fn add_game(&mut self, points: f64) {
        if points > 0.75 {
            self.wins += 1;
        } else if points > 0.25 {
            self.draws += 1;
        } else {
            self.losses += 1;
        }
    }

    /// Adds a finished pair: this player's points in both games together (0 to 2).
    pub fn add_pair(&mut self, points: f64) {
        let i = (points * 2.0).round().clamp(0.0, 4.0) as usize;
        self.penta[i] += 1;
    }

    /// The same results seen from the opponent.
    pub fn reversed(&self) -> Score {
        let mut penta = self.penta;
        penta.reverse();
        Score { wins: self.losses, draws: self.draws, losses: self.wins, penta }
    }

    /// Elo with a 95% interval: from the pairs when there are any, else from the games.
    pub fn elo(&self) -> Option<Elo> {
        if self.pairs() > 0 {
            pentanomial_elo(&self.penta)
        } else {
            trinomial_elo(self.wins, self.draws, self.losses)
        }
    }

    /// The likelihood of superiority, from wins and losses (draws carry no information).
    pub fn los(&self) -> f64 {
        let (w, l) = (self.wins as f64, self.losses as f64);
        if w + l == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((w - l) / (2.0 * (w + l)).sqrt()))
    }
}

/// An Elo difference and the half width of its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    pub elo: f64,
    pub error: f64,
    /// Normalized Elo (the score's distance from ½ in standard deviations, scaled).
    pub nelo: f64,
}

impl fmt::Display for Elo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.2} +/- {:.2}", self.elo, self.error)
    }
}

/// The logistic Elo difference of an expected score.
pub fn score_to_elo(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The expected score of a logistic Elo difference.
pub fn elo_to_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Mean and variance of `scores` weighted by `counts`.
fn mean_var(scores: &[f64], counts: &[f64]) -> (f64, f64) {
    let n: f64 = counts.iter().sum();
    let mean = scores.iter().zip(counts).map(|(s, c)| s * c).sum::<f64>() / n;
    let var = scores.iter().zip(counts).map(|(s, c)| c * (s - mean).powi(2)).sum::<f64>() / n;
    (mean, var)
}

fn elo_of(scores: &[f64], counts: &[f64], nelo_sigma_factor: f64) -> Option<Elo> {
    let n: f64 = counts.iter().sum();
    if n == 0.0 {
        return None;
    }
    let (mean, var) = mean_var(scores, counts);
    if mean <= 0.0 || mean >= 1.0 {
        return None;
    }
    let sd = (var / n).sqrt();
    let lo = score_to_elo((mean - Z95 * sd).max(1e-9));
    let hi = score_to_elo((mean + Z95 * sd).min(1.0 - 1e-9));
    let nelo = if var > 0.0 { (mean - 0.5) / (nelo_sigma_factor * var).sqrt() * NELO_SCALE } else { 0.0 };
    Some(Elo { elo: score_to_elo(mean), error: (hi - lo) / 2.0, nelo })
}

/// Elo from wins, draws and losses, each game an independent trial.
pub fn trinomial_elo(wins: u32, draws: u32, losses: u32) -> Option<Elo> {
    elo_of(&[1.0, 0.5, 0.0], &[wins as f64, draws as f64, losses as f64], 1.0)
}

/// Elo from pairs of games: `penta[i]` pairs scored i/2 points of 2.
pub fn pentanomial_elo(penta: &[u32; 5]) -> Option<Elo> {
    let counts: Vec<f64> = penta.iter().map(|&c| c as f64).collect();
    elo_of(&[0.0, 0.25, 0.5, 0.75, 1.0], &counts, 2.0)
}

/// How the hypotheses of an SPRT are expressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EloModel {
    /// Logistic Elo: the hypotheses are expected scores.
    Logistic,
    /// Normalized Elo (fastchess's and fishtest's default): the hypotheses are t-values, so
    /// the test does not depend on the draw ratio.
    Normalized,
}

/// A sequential probability ratio test between elo0 (H0) and elo1 (H1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    pub model: EloModel,
}

/// What an SPRT says after the games so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    /// LLR at or above the upper bound: H1 (the gain is at least elo1) accepted.
    AcceptH1,
    /// LLR at or below the lower bound: H0 (the gain is at most elo0) accepted.
    AcceptH0,
    Continue,
}

impl Sprt {
    /// (lower, upper) bounds of the LLR: ln(β/(1−α)) and ln((1−β)/α).
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    pub fn decide(&self, llr: f64) -> SprtDecision {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtDecision::AcceptH1
        } else if llr <= lower {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        }
    }

    /// The log-likelihood ratio of the pairs (pentanomial).
    pub fn llr_pentanomial(&self, penta: &[u32; 5]) -> f64 {
        if penta.iter().sum::<u32>() == 0 {
            return 0.0;
        }
        // WL and DD share the score 1 and are already counted together in `penta[2]`.
        let counts: Vec<f64> = penta.iter().map(|&c| regularize(c)).collect();
        let t_scale = std::f64::consts::SQRT_2;
        self.llr(&[0.0, 0.25, 0.5, 0.75, 1.0], &counts, t_scale)
    }

    /// The log-likelihood ratio of single games (trinomial).
    pub fn llr_trinomial(&self, wins: u32, draws: u32, losses: u32) -> f64 {
        if wins + draws + losses == 0 {
            return 0.0;
        }
        let counts = [regularize(losses), regularize(draws), regularize(wins)];
        self.llr(&[0.0, 0.5, 1.0], &counts, 1.0)
    }

    fn llr(&self, scores: &[f64], counts: &[f64], t_scale: f64) -> f64 {
        let total: f64 = counts.iter().sum();
        let probs: Vec<f64> = counts.iter().map(|c| c / total).collect();
        let (p0, p1) = match self.model {
            EloModel::Logistic => (
                mle_with_score(scores, &probs, elo_to_score(self.elo0)),
                mle_with_score(scores, &probs, elo_to_score(self.elo1)),
            ),
            EloModel::Normalized => (
                mle_with_t(scores, &probs, t_scale * self.elo0 / NELO_SCALE),
                mle_with_t(scores, &probs, t_scale * self.elo1 / NELO_SCALE),
            ),
        };
        total * probs.iter().zip(p0.iter().zip(&p1)).map(|(p, (a, b))| p * (b.ln() - a.ln())).sum::<f64>()
    }
}

/// An empty cell would make the likelihoods degenerate; count it as a thousandth of a result.
fn regularize(count: u32) -> f64 {
    if count == 0 {
        1e-3
    } else {
        count as f64
    }
}

/// The root of an increasing-or-decreasing `f` on (a, b) by bisection (60 halvings reach
/// double precision on any interval we use).
fn bisect(f: impl Fn(f64) -> f64, mut a: f64, mut b: f64) -> f64 {
    let fa_neg = f(a) < 0.0;
    for _ in 0..200 {
        let m = 0.5 * (a + b);
        if (f(m) < 0.0) == fa_neg {
            a = m;
        } else {
            b = m;
        }
        if (b - a).abs() < 1e-15 {
            break;
        }
    }
    0.5 * (a + b)
}

/// The distribution closest (in likelihood) to `probs` whose mean score is `s`:
/// p_i = p̂_i / (1 + θ (a_i − s)) with θ solving Σ p̂_i (a_i − s) / (1 + θ (a_i − s)) = 0.
fn mle_with_score(scores: &[f64], probs: &[f64], s: f64) -> Vec<f64> {
    let last = scores[scores.len() - 1];
    let eps = 1e-12;
    let lo = -1.0 / (last - s) + eps;
    let hi = -1.0 / (scores[0] - s) - eps;
    let theta = bisect(|x| scores.iter().zip(probs).map(|(a, p)| p * (a - s) / (1.0 + x * (a - s))).sum(), lo, hi);
    scores.iter().zip(probs).map(|(a, p)| p / (1.0 + theta * (a - s))).collect()
}

/// The distribution closest to `probs` whose normalized value (μ − ½)/σ is `t`, by the fixed
/// point iteration of Van den Bergh's section 4.1, starting from the uniform distribution.
fn mle_with_t(scores: &[f64], probs: &[f64], t: f64) -> Vec<f64> {
    let n = scores.len();
    let mut p = vec![1.0 / n as f64; n];
    for _ in 0..10_000 {
        let (mu, var) = mean_var(scores, &p);
        let sigma = var.sqrt();
        let phi: Vec<f64> =
            scores.iter().map(|a| a - 0.5 - 0.5 * t * sigma * (1.0 + ((a - mu) / sigma).powi(2))).collect();
        let u = phi.iter().cloned().fold(f64::INFINITY, f64::min);
        let v = phi.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        let eps = 1e-12;
        let theta = bisect(
            |x| probs.iter().zip(&phi).map(|(p, f)| p * f / (1.0 + x * f)).sum(),
            -1.0 / v + eps,
            -1.0 / u - eps,
        );
        let mut diff: f64 = 0.0;
        for i in 0..n {
            let new = probs[i] / (1.0 + theta * phi[i]);
            diff = diff.max((new - p[i]).abs());
            p[i] = new;
        }
        if diff < 1e-10 {
            break;
        }
    }
    p
}

/// The error function (Abramowitz and Stegun 7.1.26, absolute error below 1.5e-7).
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let y = 1.0
        - (((((1.061_405_429 * t - 1.453_152_027) * t) + 1.421_413_741) * t - 0.284_496_736) * t + 0.254_829_592)
            * t
            * (-x * x).exp();
    if x >= 0.0 {
        y
    } else {
        -y
    }
}

/// Parse error for `--sprt`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseSprtError(pub String);

impl fmt::Display for ParseSprtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "--sprt: {}", self.0)
    }
}

impl std::error::Error for ParseSprtError {}

impl FromStr for Sprt {
    type Err = ParseSprtError;

    /// `elo0=0,elo1=5,alpha=0.05,beta=0.05[,model=normalized|logistic]`.
    fn from_str(s: &str) -> Result<Sprt, ParseSprtError> {
        let mut sprt = Sprt { elo0: 0.0, elo1: 5.0, alpha: 0.05, beta: 0.05, model: EloModel::Normalized };
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) =
                part.split_once('=').ok_or_else(|| ParseSprtError(format!("{part:?} is not key=value")))?;
            let number =
                || value.parse::<f64>().map_err(|_| ParseSprtError(format!("{key}={value:?} is not a number")));
            match key {
                "elo0" => sprt.elo0 = number()?,
                "elo1" => sprt.elo1 = number()?,
                "alpha" => sprt.alpha = number()?,
                "beta" => sprt.beta = number()?,
                "model" => {
                    sprt.model = match value {
                        "normalized" => EloModel::Normalized,
                        "logistic" => EloModel::Logistic,
                        _ => return Err(ParseSprtError(format!("model={value:?}: expected normalized or logistic"))),
                    }
                }
                _ => return Err(ParseSprtError(format!("unknown key {key:?} (elo0, elo1, alpha, beta, model)"))),
            }
        }
        if sprt.elo0 >= sprt.elo1 {
            return Err(ParseSprtError("elo0 must be less than elo1".into()));
        }
        let in_unit = |x: f64| x > 0.0 && x < 1.0;
        if !in_unit(sprt.alpha) || !in_unit(sprt.beta) || sprt.alpha + sprt.beta >= 1.0 {
            return Err(ParseSprtError("alpha and beta must lie in (0, 1) and add up to less than 1".into()));
        }
        Ok(sprt)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    // Two fastchess reports published in the dev log of the eschec engine
    // (KSaiAkshit/eschec, docs/dev_log.md), 200 games each, SPRT [0, 10] normalized:
    //   Ptnml(0-2): [1, 11, 47, 25, 16]  Elo: 77.71 +/- 33.03, nElo: 117.50  LLR: 1.71
    //   Ptnml(0-2): [1, 15, 25, 33, 26]  Elo: 123.02 +/- 40.58, nElo: 159.46 LLR: 2.19
    // An independent Python computation (bisection, written for this test) gives
    // 1.706024 and 2.191830 for those LLRs.
    #[test]
    fn matches_fastchess_reports() {
        let e = pentanomial_elo(&[1, 11, 47, 25, 16]).unwrap();
        assert!(close(e.elo, 77.71, 0.005) && close(e.error, 33.03, 0.005) && close(e.nelo, 117.50, 0.005), "{e:?}");
        let e = pentanomial_elo(&[1, 15, 25, 33, 26]).unwrap();
        assert!(close(e.elo, 123.02, 0.005) && close(e.error, 40.58, 0.005) && close(e.nelo, 159.46, 0.005), "{e:?}");
        let sprt: Sprt = "elo0=0,elo1=10,alpha=0.05,beta=0.05".parse().unwrap();
        assert!(close(sprt.llr_pentanomial(&[1, 11, 47, 25, 16]), 1.706024, 1e-4));
        assert!(close(sprt.llr_pentanomial(&[1, 15, 25, 33, 26]), 2.191830, 1e-4));
    }

    // Worked by hand and with the same Python script (logistic model = fastchess's
    // getLLR_logistic): [3, 20, 50, 22, 5] with [0, 5]: normalized 0.121624, logistic 0.178380;
    // 120 wins, 60 draws, 80 losses with [0, 5]: normalized 0.629459, logistic 0.713640.
    #[test]
    fn llr_worked_examples() {
        let mut sprt: Sprt = "elo0=0,elo1=5".parse().unwrap();
        assert!(close(sprt.llr_pentanomial(&[3, 20, 50, 22, 5]), 0.121624, 1e-4));
        assert!(close(sprt.llr_trinomial(120, 60, 80), 0.629459, 1e-4));
        sprt.model = EloModel::Logistic;
        assert!(close(sprt.llr_pentanomial(&[3, 20, 50, 22, 5]), 0.178380, 1e-4));
        assert!(close(sprt.llr_trinomial(120, 60, 80), 0.713640, 1e-4));
        let (lo, hi) = sprt.bounds();
        assert!(close(lo, -2.944439, 1e-6) && close(hi, 2.944439, 1e-6));
        assert_eq!(sprt.decide(3.0), SprtDecision::AcceptH1);
        assert_eq!(sprt.decide(-3.0), SprtDecision::AcceptH0);
        assert_eq!(sprt.decide(0.0), SprtDecision::Continue);
    }

    // 120-60-80 (computed with Python for this test): score 150/260 = 0.576923,
    // Elo = -400 log10(1/0.576923 - 1) = 53.88; per-game variance 0.186391, sd of the mean
    // 0.026775, interval [elo(0.524446), elo(0.629401)] = [17.00, 92.01], half width 37.50.
    #[test]
    fn trinomial_worked_example() {
        let e = trinomial_elo(120, 60, 80).unwrap();
        assert!(close(e.elo, 53.88, 0.01), "{e:?}");
        assert!(close(e.error, 37.50, 0.01), "{e:?}");
        assert!(trinomial_elo(3, 0, 0).is_none());
        assert!(close(elo_to_score(score_to_elo(0.3)), 0.3, 1e-12));
    }

    #[test]
    fn score_bookkeeping() {
        let mut s = Score::default();
        s.add_game(1.0);
        s.add_game(0.5);
        s.add_pair(1.5);
        assert_eq!((s.wins, s.draws, s.losses, s.penta), (1, 1, 0, [0, 0, 0, 1, 0]));
        let r = s.reversed();
        assert_eq!((r.wins, r.losses, r.penta), (0, 1, [0, 1, 0, 0, 0]));
        assert!(s.los() > 0.5);
        assert!("elo0=5,elo1=0".parse::<Sprt>().is_err());
        assert!("elo0=0,elo1=5,model=bayes".parse::<Sprt>().is_err());
    }
}
