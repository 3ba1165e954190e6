//! Mergeable, streaming tallies: integer histograms and event counters that add.
//!
//! A tally's memory depends only on the metric ranges, never on the trial count, and two
//! tallies of the same shape merge by adding counts, so chunks (or shards on other machines)
//! can be combined in any order with an identical result.

use crate::stats::{self, Moments, Proportion};
use serde::{Deserialize, Serialize};

/// Most metrics one trial can report: the 2013 attack's eight, and room for the sums a grid's
/// measure alias adds ([`crate::analysis::summed`]). Ten keep an [`Outcome`] at 24 bytes.
pub const MAX_METRICS: usize = 10;
/// Most events one trial can report.
pub const MAX_EVENTS: usize = 32;

/// What one trial produced: small integer metrics and yes/no events, on the stack.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    pub metrics: [u16; MAX_METRICS],
    /// Bit `i` set ⇔ event `i` happened.
    pub events: u32,
}

impl Outcome {
    /// Set event `i` when `happened`.
    #[inline(always)]
    pub fn flag(&mut self, i: usize, happened: bool) {
        self.events |= (happened as u32) << i;
    }

    /// Whether event `i` happened.
    pub fn has(&self, i: usize) -> bool {
        (self.events >> i) & 1 == 1
    }
}

/// Names and value ranges of what a simulation records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Metric names with the largest value each can take.
    pub metrics: Vec<(&'static str, usize)>,
    pub events: Vec<&'static str>,
    /// Metric pairs `(x, y)` whose cross sum Σ x·y is kept, so the ratio of means x̄ / ȳ
    /// (e.g. damage per round) gets a delta-method interval.
    pub ratios: Vec<(usize, usize)>,
}

impl Shape {
    /// A shape with no ratio pairs.
    pub fn new(metrics: Vec<(&'static str, usize)>, events: Vec<&'static str>) -> Self {
        Shape { metrics, events, ratios: Vec::new() }
    }
}

/// A count in a [`Tally`]. 128 bits because an exact tally ([`Tally::exact`]) holds
/// probabilities as numerators over one common denominator, and dice denominators grow fast
/// (36^19 for an opposed roll that may tie 19 times); sampled tallies never come near 2^64.
pub type Count = u128;

/// Counts for one cell: a histogram per metric and a counter per event.
///
/// A sampled tally counts trials. An *exact* tally (`exact == true`, built by
/// [`crate::exact::evaluate`]) holds every probability as `count / trials` exactly: `trials` is
/// the common denominator of the outcome probabilities, not a number of trials, and every
/// interval derived from it has zero width.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub trials: Count,
    pub hists: Vec<Vec<Count>>,
    pub events: Vec<Count>,
    /// The ratio pairs of the shape, and Σ x·y for each.
    pub ratios: Vec<(usize, usize)>,
    /// Σ x·y of each ratio pair (for an exact tally: Σ x·y·count, so the ratio's mean is exact too).
    pub cross: Vec<u128>,
    /// Probabilities enumerated, not sampled: intervals have zero width.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub exact: bool,
}

impl Tally {
    /// An empty tally sized for `shape`.
    pub fn new(shape: &Shape) -> Self {
        assert!(shape.metrics.len() <= MAX_METRICS && shape.events.len() <= MAX_EVENTS);
        Tally {
            trials: 0,
            hists: shape.metrics.iter().map(|&(_, max)| vec![0; max + 1]).collect(),
            events: vec![0; shape.events.len()],
            ratios: shape.ratios.clone(),
            cross: vec![0; shape.ratios.len()],
            exact: false,
        }
    }

    /// Add one trial's outcome.
    #[inline(always)]
    pub fn record(&mut self, o: &Outcome) {
        self.trials += 1;
        for (h, &v) in self.hists.iter_mut().zip(o.metrics.iter()) {
            let v = v as usize;
            if v >= h.len() {
                // Only reachable if a shape under-states a bound; grows once, never per trial.
                h.resize(v + 1, 0);
            }
            h[v] += 1;
        }
        for (c, &(x, y)) in self.cross.iter_mut().zip(&self.ratios) {
            *c += o.metrics[x] as u128 * o.metrics[y] as u128;
        }
        let mut bits = o.events;
        let mut i = 0;
        while bits != 0 {
            if bits & 1 == 1 {
                self.events[i] += 1;
            }
            bits >>= 1;
            i += 1;
        }
    }

    /// Same metrics, events and ratio pairs (histogram lengths may differ: they grow on merge).
    pub fn same_shape(&self, other: &Tally) -> bool {
        self.hists.len() == other.hists.len()
            && self.events.len() == other.events.len()
            && self.ratios == other.ratios
            && self.cross.len() == other.cross.len()
    }

    /// Add another tally of the same shape into this one (sampled tallies only: exact ones
    /// are distributions, not counts of trials, and do not add).
    ///
    /// Panics if either tally is exact: that is the caller's mistake, never the data's (`merge`
    /// refuses a partial whose cell is exact in one shard and sampled in another before adding).
    /// Sums saturate: real counts stay far below 2^128, and a damaged partial's absurd counts,
    /// which `merge` refuses anyway, must not overflow.
    pub fn merge(&mut self, other: &Tally) {
        assert!(!self.exact && !other.exact, "exact tallies do not merge");
        self.trials = self.trials.saturating_add(other.trials);
        for (a, b) in self.hists.iter_mut().zip(&other.hists) {
            if b.len() > a.len() {
                a.resize(b.len(), 0);
            }
            for (x, y) in a.iter_mut().zip(b) {
                *x = x.saturating_add(*y);
            }
        }
        for (a, b) in self.events.iter_mut().zip(&other.events) {
            *a = a.saturating_add(*b);
        }
        for (a, b) in self.cross.iter_mut().zip(&other.cross) {
            *a = a.saturating_add(*b);
        }
    }

    /// Ratio of means x̄ / ȳ of ratio pair `k`, with its delta-method 95 % interval.
    pub fn ratio(&self, k: usize, z: f64) -> (f64, f64, f64) {
        let (x, y) = self.ratios[k];
        let n = self.trials as f64;
        let (mx, my) = (self.moments(x), self.moments(y));
        if my.mean == 0.0 || self.trials < 2 {
            return (0.0, 0.0, 0.0);
        }
        let r = mx.mean / my.mean;
        if self.exact {
            return (r, r, r);
        }
        let sxy = (self.cross[k] as f64 - n * mx.mean * my.mean) / (n - 1.0);
        let var = (mx.sd.powi(2) - 2.0 * r * sxy + r * r * my.sd.powi(2)).max(0.0) / (n * my.mean * my.mean);
        let half = z * var.sqrt();
        (r, r - half, r + half)
    }

    /// The histogram of metric `i` with trailing zero bins trimmed (at least one bin kept).
    pub fn trimmed(&self, i: usize) -> &[Count] {
        let h = &self.hists[i];
        let last = h.iter().rposition(|&c| c > 0).unwrap_or(0);
        // `min`: a histogram read from a damaged file may have no bin at all.
        &h[..(last + 1).min(h.len())]
    }

    /// The smallest value metric `i` took (0 if none was recorded).
    pub fn first(&self, i: usize) -> usize {
        self.hists[i].iter().position(|&c| c > 0).unwrap_or(0)
    }

    /// Event `i` as a proportion with its interval.
    pub fn event(&self, i: usize, z: f64) -> Proportion {
        self.proportion(self.events[i], z)
    }

    /// `count` out of this tally's trials: a Wilson interval, or exact.
    pub fn proportion(&self, count: Count, z: f64) -> Proportion {
        if self.exact { stats::exact(count, self.trials) } else { stats::wilson(count, self.trials, z) }
    }

    /// `count` out of `given` (a conditional probability): a Wilson interval, or exact.
    pub fn conditional(&self, count: Count, given: Count, z: f64) -> Proportion {
        let given = given.max(1);
        if self.exact { stats::exact(count, given) } else { stats::wilson(count, given, z) }
    }

    /// Moments of metric `i`.
    pub fn moments(&self, i: usize) -> Moments {
        if self.exact { stats::exact_moments(&self.hists[i], self.trials) } else { stats::moments(&self.hists[i]) }
    }

    /// The exact mean of metric `i` as a fraction in lowest terms (`None` for a sampled tally,
    /// or if Σ value × numerator would not fit in 128 bits).
    pub fn mean_fraction(&self, i: usize) -> Option<String> {
        if !self.exact {
            return None;
        }
        let mut sum: u128 = 0;
        for (v, &c) in self.hists[i].iter().enumerate() {
            sum = sum.checked_add((v as u128).checked_mul(c)?)?;
        }
        Some(stats::fraction(sum, self.trials))
    }

    /// P(metric i = v) with interval.
    pub fn exactly(&self, i: usize, v: usize, z: f64) -> Proportion {
        self.proportion(*self.hists[i].get(v).unwrap_or(&0), z)
    }

    /// P(metric i ≥ v) with interval.
    pub fn at_least(&self, i: usize, v: usize, z: f64) -> Proportion {
        let c: Count = self.hists[i].iter().skip(v).sum();
        self.proportion(c, z)
    }

    /// The widest 95 % half-width among every probability a report prints for this tally:
    /// each event, each P(= v) and each P(≥ v). Drives the `--precision` stopping rule.
    pub fn worst_half_width(&self, z: f64) -> f64 {
        // Exact first: a cell solved elsewhere is an exact tally of no trials.
        if self.exact {
            return 0.0;
        }
        if self.trials == 0 {
            return f64::INFINITY;
        }
        let mut worst: f64 = 0.0;
        for i in 0..self.events.len() {
            worst = worst.max(self.event(i, z).half_width());
        }
        for i in 0..self.hists.len() {
            let len = self.trimmed(i).len();
            for v in 0..len {
                worst = worst.max(self.exactly(i, v, z).half_width());
                worst = worst.max(self.at_least(i, v, z).half_width());
            }
        }
        worst
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape() -> Shape {
        Shape::new(vec![("a", 3)], vec!["e0", "e1"])
    }

    #[test]
    fn record_and_merge_add_up() {
        let s = shape();
        let mut t1 = Tally::new(&s);
        let mut t2 = Tally::new(&s);
        let mut o = Outcome::default();
        o.metrics[0] = 2;
        o.flag(1, true);
        t1.record(&o);
        o.metrics[0] = 5; // beyond the stated bound: grows once
        o.events = 0;
        o.flag(0, true);
        t2.record(&o);
        t1.merge(&t2);
        assert_eq!(t1.trials, 2);
        assert_eq!(t1.hists[0], vec![0, 0, 1, 0, 0, 1]);
        assert_eq!(t1.events, vec![1, 1]);
        assert_eq!(t1.trimmed(0).len(), 6);
        assert_eq!(t1.at_least(0, 3, 1.96).count, 1);
    }

    #[test]
    fn ratio_of_means_with_interval() {
        // y is always 2 and x is 0 or 4 equally often: x̄/ȳ = 1 with a known variance.
        let shape = Shape { metrics: vec![("x", 4), ("y", 2)], events: vec![], ratios: vec![(0, 1)] };
        let mut t = Tally::new(&shape);
        for i in 0..10_000u32 {
            let mut o = Outcome::default();
            o.metrics[0] = if i % 2 == 0 { 0 } else { 4 };
            o.metrics[1] = 2;
            t.record(&o);
        }
        let (r, lo, hi) = t.ratio(0, 1.96);
        assert!((r - 1.0).abs() < 1e-12);
        // sd(x) ≈ 2, so sd(x/2) ≈ 1 and the half-width is 1.96 / sqrt(10000) ≈ 0.0196.
        assert!(((hi - lo) / 2.0 - 0.0196).abs() < 2e-4, "{lo} {hi}");
    }
}
