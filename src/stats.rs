//! Summaries, confidence intervals and goodness-of-fit helpers.
//!
//! Every probability the analyser prints comes with a 95 % Wilson score interval: it is
//! closed-form (cheap enough to evaluate after every batch of a `--precision` run), never
//! leaves `[0, 1]`, and behaves well for probabilities near 0 or 1 where the normal
//! approximation fails.

use statrs::distribution::{ChiSquared, ContinuousCDF, Normal};

/// Confidence level used throughout the reports.
pub const CONFIDENCE: f64 = 0.95;

/// The two-sided normal quantile for [`CONFIDENCE`] (≈ 1.959964).
pub fn z_value() -> f64 {
    // statrs gives the exact quantile; computed once per call site, never in a hot loop.
    Normal::new(0.0, 1.0).expect("standard normal is valid").inverse_cdf(1.0 - (1.0 - CONFIDENCE) / 2.0)
}

/// How far `count` successes in `n` trials are from a true probability `p`, as a z-score:
/// `(count/n − p) / √(p(1−p)/n)` when both expected counts are at least [`NORMAL_ENOUGH`];
/// otherwise the exact two-sided binomial test's p-value expressed as the z with the same
/// two-sided tail, signed by the side it falls on. The normal approximation fails for rare
/// events: one K.O. in 50,000 duels against an exact 10⁻⁶ is z = +4.2 by it, yet happens in 5 %
/// of samples (the exact test says z = +1.66). `None` when `p` is 0 or 1 (no spread: the sample
/// must match exactly) or there are no trials.
pub fn binomial_z(p: f64, count: u128, n: u128) -> Option<f64> {
    use statrs::distribution::{Binomial, DiscreteCDF};
    if n == 0 || p <= 0.0 || p >= 1.0 {
        return None;
    }
    let nf = n as f64;
    let mean = nf * p;
    if mean >= NORMAL_ENOUGH && nf - mean >= NORMAL_ENOUGH {
        return Some((count as f64 / nf - p) / (p * (1.0 - p) / nf).sqrt());
    }
    let b = Binomial::new(p, n as u64).ok()?;
    let c = count.min(n) as u64;
    let (tail, sign) = if c as f64 >= mean { (if c == 0 { 1.0 } else { b.sf(c - 1) }, 1.0) } else { (b.cdf(c), -1.0) };
    let two_sided = (2.0 * tail).clamp(f64::MIN_POSITIVE, 1.0);
    let normal = Normal::new(0.0, 1.0).expect("standard normal is valid");
    Some(sign * normal.inverse_cdf(two_sided / 2.0).abs())
}

/// Expected count (of successes and of failures) from which [`binomial_z`] uses the normal
/// approximation.
pub const NORMAL_ENOUGH: f64 = 25.0;

/// A proportion with its 95 % interval (of zero width when `exact`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Proportion {
    /// Successes out of `trials`; for an exact proportion, the numerator over the denominator.
    pub count: u128,
    pub trials: u128,
    pub p: f64,
    pub lo: f64,
    pub hi: f64,
    /// Enumerated, not sampled: `lo == p == hi`.
    pub exact: bool,
}

impl Proportion {
    /// Half the width of the interval: the `±` a reader sees.
    pub fn half_width(&self) -> f64 {
        (self.hi - self.lo) / 2.0
    }
}

/// What a proportion with no trials, or more successes than trials, reads as: nothing is known,
/// so the interval is all of `[0, 1]`. Only a damaged tally has such numbers (`merge` refuses
/// them with a message before any is reported); a library function answers rather than panics.
fn unknown(count: u128, trials: u128) -> Proportion {
    Proportion { count, trials, p: 0.0, lo: 0.0, hi: 1.0, exact: false }
}

/// An exact probability `count / trials` (a fraction, not a sample): zero-width interval.
pub fn exact(count: u128, trials: u128) -> Proportion {
    if trials == 0 || count > trials {
        return unknown(count, trials);
    }
    let p = ratio(count, trials);
    Proportion { count, trials, p, lo: p, hi: p, exact: true }
}

/// `a / b` as a float, correctly rounded even when both exceed 2^53 (exact denominators do).
pub fn ratio(a: u128, b: u128) -> f64 {
    if b < (1 << 53) {
        return a as f64 / b as f64;
    }
    // Split into quotient and remainder so neither conversion loses the ratio's leading digits.
    let q = a / b;
    let r = a % b;
    q as f64 + r as f64 / b as f64
}

/// `count / trials` in lowest terms, as text: `"3/4"`, `"0"`, `"1"`.
pub fn fraction(count: u128, trials: u128) -> String {
    let g = gcd(count, trials).max(1);
    let (n, d) = (count / g, trials / g);
    if d == 1 { n.to_string() } else { format!("{n}/{d}") }
}

/// Greatest common divisor (binary; `gcd(0, x) = x`).
pub fn gcd(mut a: u128, mut b: u128) -> u128 {
    if a == 0 || b == 0 {
        return a | b;
    }
    let shift = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            std::mem::swap(&mut a, &mut b);
        }
        b -= a;
        if b == 0 {
            return a << shift;
        }
    }
}

/// Wilson score interval for `count` successes in `trials`.
pub fn wilson(count: u128, trials: u128, z: f64) -> Proportion {
    if trials == 0 || count > trials {
        return unknown(count, trials);
    }
    let n = trials as f64;
    let p = count as f64 / n;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let spread = z * ((p * (1.0 - p) / n) + z2 / (4.0 * n * n)).sqrt() / denom;
    Proportion { count, trials, p, lo: (centre - spread).max(0.0), hi: (centre + spread).min(1.0), exact: false }
}

/// A reported figure — probability, mean or ratio — with its 95 % interval. Serialises as
/// `{"value": x, "ci95": [lo, hi]}`.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Estimate {
    pub value: f64,
    pub ci95: [f64; 2],
}

impl Estimate {
    /// Half the interval's width.
    pub fn half(&self) -> f64 {
        (self.ci95[1] - self.ci95[0]) / 2.0
    }

    /// The figure and its interval multiplied by `k` (e.g. per Reputation point).
    pub fn scaled(&self, k: f64) -> Estimate {
        Estimate { value: self.value * k, ci95: [self.ci95[0] * k, self.ci95[1] * k] }
    }

    /// A mean ± z standard errors.
    pub fn mean(m: &Moments, z: f64) -> Estimate {
        Estimate { value: m.mean, ci95: [m.mean - z * m.stderr, m.mean + z * m.stderr] }
    }
}

impl From<Proportion> for Estimate {
    fn from(p: Proportion) -> Self {
        Estimate { value: p.p, ci95: [p.lo, p.hi] }
    }
}

/// Mean, standard deviation and standard error of the mean of a histogram
/// (`hist[v]` = how many trials produced value `v`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Moments {
    pub mean: f64,
    pub sd: f64,
    pub stderr: f64,
    /// From an exact distribution: `sd` is the distribution's own, `stderr` is zero.
    pub exact: bool,
}

/// Moments of an exact distribution given as numerators `weights[v]` over `total`.
pub fn exact_moments(weights: &[u128], total: u128) -> Moments {
    let p = |c: u128| ratio(c, total);
    let mean: f64 = weights.iter().enumerate().map(|(v, &c)| v as f64 * p(c)).sum();
    let var: f64 = weights.iter().enumerate().map(|(v, &c)| (v as f64 - mean).powi(2) * p(c)).sum();
    Moments { mean, sd: var.max(0.0).sqrt(), stderr: 0.0, exact: true }
}

/// Moments of an integer histogram.
pub fn moments(hist: &[u128]) -> Moments {
    let n: u128 = hist.iter().sum();
    if n == 0 {
        return Moments { mean: 0.0, sd: 0.0, stderr: 0.0, exact: false };
    }
    let nf = n as f64;
    let mean = hist.iter().enumerate().map(|(v, &c)| v as f64 * c as f64).sum::<f64>() / nf;
    let var = if n > 1 {
        hist.iter().enumerate().map(|(v, &c)| (v as f64 - mean).powi(2) * c as f64).sum::<f64>() / (nf - 1.0)
    } else {
        0.0
    };
    let sd = var.sqrt();
    Moments { mean, sd, stderr: sd / nf.sqrt(), exact: false }
}

/// Pearson chi-square goodness-of-fit of observed counts against exact probabilities.
/// Cells with expected count below 5 are pooled into their neighbour so the chi-square
/// approximation holds. Returns `(statistic, degrees of freedom, p-value)`.
pub fn chi_square_gof<C: Copy + Into<u128>>(observed: &[C], expected_p: &[f64]) -> (f64, usize, f64) {
    let n: u128 = observed.iter().map(|&c| c.into()).sum();
    let len = observed.len().max(expected_p.len());
    let nf = n as f64;
    let mut pooled: Vec<(f64, f64)> = Vec::new(); // (observed, expected)
    let mut acc = (0.0, 0.0);
    for i in 0..len {
        acc.0 += observed.get(i).map_or(0, |&c| c.into()) as f64;
        acc.1 += expected_p.get(i).copied().unwrap_or(0.0) * nf;
        if acc.1 >= 5.0 {
            pooled.push(acc);
            acc = (0.0, 0.0);
        }
    }
    if acc.0 > 0.0 || acc.1 > 0.0 {
        match pooled.last_mut() {
            Some(last) => {
                last.0 += acc.0;
                last.1 += acc.1;
            }
            None => pooled.push(acc),
        }
    }
    let stat: f64 = pooled
        .iter()
        .map(|&(o, e)| {
            if e > 0.0 {
                (o - e).powi(2) / e
            } else if o > 0.0 {
                f64::INFINITY
            } else {
                0.0
            }
        })
        .sum();
    let df = pooled.len().saturating_sub(1);
    let p = if df == 0 { 1.0 } else { ChiSquared::new(df as f64).expect("df > 0").sf(stat) };
    (stat, df, p)
}

#[cfg(test)]
mod tests {

    /// The normal z where both expected counts are large; the exact binomial test's for rare
    /// events, where one K.O. in 50,000 duels against 10⁻⁶ is ordinary and three are not.
    #[test]
    fn binomial_z_is_exact_for_rare_events() {
        let z = binomial_z(0.5, 5_100, 10_000).unwrap();
        assert!((z - 2.0).abs() < 1e-12, "{z}");
        let one = binomial_z(1e-6, 1, 50_000).unwrap();
        // P(X ≥ 1) = 1 − (1 − 10⁻⁶)^50,000 = 0.04877; two-sided 0.0975: z = 1.657.
        assert!((one - 1.657).abs() < 0.002, "{one}");
        assert!(binomial_z(1e-6, 0, 50_000).unwrap().abs() < 1e-9);
        let three = binomial_z(1e-6, 3, 50_000).unwrap();
        assert!(three > 4.0, "{three}");
        // Too few on the rare side: P(X ≤ 0) for an expected 20 is 2·10⁻⁹.
        assert!(binomial_z(0.002, 0, 10_000).unwrap() < -5.0);
        assert_eq!(binomial_z(0.0, 0, 10), None);
        assert_eq!(binomial_z(1.0, 10, 10), None);
        assert_eq!(binomial_z(0.3, 0, 0), None);
    }

    use super::*;

    #[test]
    fn z_is_the_usual_value() {
        assert!((z_value() - 1.959964).abs() < 1e-5);
    }

    #[test]
    fn wilson_matches_a_textbook_value() {
        // 81 successes in 263 trials (Wilson 1927 style example): ~ [0.2553, 0.3662].
        let p = wilson(81, 263, z_value());
        assert!((p.lo - 0.2553).abs() < 5e-4, "{p:?}");
        assert!((p.hi - 0.3662).abs() < 5e-4, "{p:?}");
        let zero = wilson(0, 100, z_value());
        assert_eq!(zero.lo, 0.0);
        assert!(zero.hi > 0.03 && zero.hi < 0.04);
    }

    #[test]
    fn impossible_counts_answer_unknown_instead_of_panicking() {
        for p in [wilson(1, 0, z_value()), wilson(1_001, 1_000, z_value()), exact(3, 0), exact(5, 4)] {
            assert_eq!((p.p, p.lo, p.hi, p.exact), (0.0, 0.0, 1.0, false), "{p:?}");
        }
    }

    #[test]
    fn moments_of_a_die() {
        let m = moments(&[0, 1, 1, 1, 1, 1, 1]);
        assert!((m.mean - 3.5).abs() < 1e-12);
        assert!((m.sd - 1.8708).abs() < 1e-4);
    }

    #[test]
    fn chi_square_accepts_fair_and_rejects_loaded() {
        let fair = [0u64, 1000, 1000, 1000, 1000, 1000, 1000];
        let probs = [0.0, 1.0 / 6.0, 1.0 / 6.0, 1.0 / 6.0, 1.0 / 6.0, 1.0 / 6.0, 1.0 / 6.0];
        let (_, df, p) = chi_square_gof(&fair, &probs);
        assert_eq!(df, 5);
        assert!(p > 0.99);
        let loaded = [0u64, 900, 1000, 1000, 1000, 1000, 1100];
        assert!(chi_square_gof(&loaded, &probs).2 < 0.01);
    }
}
