//! Accuracy: how close a side's moves came to the engine's, 0–100.
//!
//! The formulas are lichess's, as published on <https://lichess.org/page/accuracy> (the
//! constants are theirs; the code is our own):
//!
//! - **A move's accuracy** from the drop `d` of the mover's win probability, in percentage
//!   points (0–100): `103.1668 · e^(−0.04354·d) − 3.1669`, plus 1 for the imperfection of the
//!   analysis, clamped to 0–100; a move that does not lower the win probability is 100.
//! - **A side's accuracy** over a game: the mean of two means of its moves' accuracies, a
//!   weighted mean and a harmonic mean. A move's weight is how volatile the game was around it:
//!   the standard deviation of the win probabilities (first mover's view, in percent) of a
//!   window of `w = clamp(moves / 10, 2, 8)` consecutive positions ending just after the move
//!   (the first windows all start at the game's start), clamped to 0.5–12, so that moves in
//!   sharp positions count more than moves in dead ones. The harmonic mean punishes a single
//!   collapse; each accuracy enters it as at least 1, so that one lost move does not make it 0.

/// A move's accuracy (0–100) from the mover's win probability before and after it (each 0–1).
///
/// ```
/// use chuhan_engine::review::move_accuracy;
/// assert_eq!(move_accuracy(0.6, 0.7), 100.0);
/// assert_eq!(move_accuracy(0.5, 0.5), 100.0);
/// assert!((move_accuracy(0.5, 0.4) - 64.6).abs() < 0.1);
/// assert_eq!(move_accuracy(1.0, 0.0), 0.0);
/// ```
pub fn move_accuracy(before: f64, after: f64) -> f64 {
    if after >= before {
        return 100.0;
    }
    let drop = 100.0 * (before - after);
    (103.1668 * (-0.04354 * drop).exp() - 3.1669 + 1.0).clamp(0.0, 100.0)
}

/// The standard deviation of `xs` (of the population; 0 for an empty slice).
fn std_dev(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    (xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n).sqrt()
}

/// Each move's weight in the weighted mean: the volatility of the win probabilities around it.
/// `wins[i]` is the first mover's win probability (0–1) after `i` plies (`wins.len()` = moves + 1).
pub fn volatility_weights(wins: &[f64]) -> Vec<f64> {
    let moves = wins.len().saturating_sub(1);
    let w = (moves / 10).clamp(2, 8).min(wins.len().max(1));
    let percent: Vec<f64> = wins.iter().map(|p| 100.0 * p).collect();
    (0..moves)
        .map(|i| {
            let start = (i + 2).saturating_sub(w).min(percent.len().saturating_sub(w));
            std_dev(&percent[start..start + w]).clamp(0.5, 12.0)
        })
        .collect()
}

/// A side's accuracy from its moves' accuracies and weights: the mean of the weighted mean and
/// the harmonic mean (each accuracy at least 1 in it); `None` when the side made no move.
///
/// ```
/// use chuhan_engine::review::side_accuracy;
/// assert_eq!(side_accuracy(&[(100.0, 1.0), (100.0, 3.0)]), Some(100.0));
/// assert_eq!(side_accuracy(&[]), None);
/// // One collapse among good moves costs more than the arithmetic mean says.
/// let a = side_accuracy(&[(100.0, 1.0), (100.0, 1.0), (100.0, 1.0), (10.0, 1.0)]).unwrap();
/// assert!(a < 77.5);
/// ```
pub fn side_accuracy(moves: &[(f64, f64)]) -> Option<f64> {
    if moves.is_empty() {
        return None;
    }
    let weight: f64 = moves.iter().map(|&(_, w)| w).sum();
    let weighted = moves.iter().map(|&(a, w)| a * w).sum::<f64>() / weight;
    let harmonic = moves.len() as f64 / moves.iter().map(|&(a, _)| 1.0 / a.max(1.0)).sum::<f64>();
    Some((weighted + harmonic) / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_accuracy_follows_lichess_curve() {
        // lichess's curve at a few drops (percentage points), with its +1 bonus.
        for (drop, want) in [(0.0, 100.0), (5.0, 80.8), (10.0, 64.6), (20.0, 41.0), (40.0, 15.9), (100.0, 0.0)] {
            let got = move_accuracy(0.9, 0.9 - drop / 100.0);
            assert!((got - want).abs() < 0.1, "drop {drop}: {got} against {want}");
        }
        // Monotone: a bigger drop is never more accurate.
        let mut last = 101.0;
        for d in 0..=100 {
            let a = move_accuracy(1.0, 1.0 - d as f64 / 100.0);
            assert!(a <= last);
            last = a;
        }
    }

    #[test]
    fn weights_follow_volatility() {
        // A quiet game: every weight at the floor.
        let quiet = vec![0.5; 41];
        assert!(volatility_weights(&quiet).iter().all(|&w| w == 0.5));
        // A swing: the moves around it weigh more than those far from it.
        let mut swing = vec![0.5; 41];
        for p in swing.iter_mut().skip(20) {
            *p = 0.9;
        }
        let w = volatility_weights(&swing);
        assert_eq!(w.len(), 40);
        assert!(w[19] > 10.0 && w[19] <= 12.0, "{}", w[19]);
        assert_eq!(w[2], 0.5);
        assert_eq!(w[39], 0.5);
        // Short games and empty ones do not panic.
        assert_eq!(volatility_weights(&[0.5]).len(), 0);
        assert_eq!(volatility_weights(&[]).len(), 0);
        assert_eq!(volatility_weights(&[0.5, 0.1]).len(), 1);
    }

    #[test]
    fn side_accuracy_means() {
        // Equal weights: (arithmetic + harmonic) / 2.
        let a = side_accuracy(&[(50.0, 1.0), (100.0, 1.0)]).unwrap();
        let harmonic = 2.0 / (1.0 / 50.0 + 1.0 / 100.0);
        assert!((a - (75.0 + harmonic) / 2.0).abs() < 1e-9);
        // A zero counts as 1 in the harmonic mean.
        let z = side_accuracy(&[(0.0, 1.0), (100.0, 1.0)]).unwrap();
        assert!((z - (50.0 + 2.0 / (1.0 + 0.01)) / 2.0).abs() < 1e-9);
        // Weights move the weighted mean toward the heavy move.
        let heavy = side_accuracy(&[(50.0, 10.0), (100.0, 1.0)]).unwrap();
        let light = side_accuracy(&[(50.0, 1.0), (100.0, 10.0)]).unwrap();
        assert!(heavy < light);
    }
}
