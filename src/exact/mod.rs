//! Exact answers: every probability of a trial as a fraction, never by sampling.
//!
//! [`evaluate`] (in `tree.rs`) is what the analyser runs: it walks every branch of a trial's
//! rolls, branching once per *aggregate* roll (a pool's successes, a sum) on its exact
//! distribution (`dists.rs`), and returns an exact [`crate::engine::Tally`].
//!
//! The rest of this module are test oracles that share no code with it: [`enumerate`] walks
//! every sequence of single faces a trial can consume (exact for *any* rule code, but 6^dice),
//! [`enumerate_draws`] the same with every card drawn one at a time, and [`binomial`] is the
//! building block of the closed forms a system may keep as its own oracle (the 2019 attack's
//! convolution lives with the 2019 rules, in that system's folder).

pub mod dists;
pub mod tree;

pub use tree::{Budget, NoExact, Rolls, evaluate, leaves_with, outcomes, outcomes_exact, outcomes_with};

use crate::dice::Dice;
use crate::engine::{Shape, Trial};

/// Exact probabilities in the same layout as a [`crate::engine::Tally`].
#[derive(Clone, Debug, PartialEq)]
pub struct Exact {
    /// `metrics[i][v]` = P(metric i = v).
    pub metrics: Vec<Vec<f64>>,
    /// `events[i]` = P(event i).
    pub events: Vec<f64>,
}

impl Exact {
    /// All zeros in `shape`'s layout.
    pub fn new(shape: &Shape) -> Self {
        Exact {
            metrics: shape.metrics.iter().map(|&(_, m)| vec![0.0; m + 1]).collect(),
            events: vec![0.0; shape.events.len()],
        }
    }

    /// Add outcome `o` with probability `w`.
    pub fn add(&mut self, o: &crate::engine::Outcome, w: f64) {
        for (h, &v) in self.metrics.iter_mut().zip(o.metrics.iter()) {
            let v = v as usize;
            if v >= h.len() {
                h.resize(v + 1, 0.0);
            }
            h[v] += w;
        }
        for (i, e) in self.events.iter_mut().enumerate() {
            if o.has(i) {
                *e += w;
            }
        }
    }

    /// Mean of metric `i`.
    pub fn mean(&self, i: usize) -> f64 {
        self.metrics[i].iter().enumerate().map(|(v, p)| v as f64 * p).sum()
    }
}

/// Dice that replay a path and extend it with 1s; the odometer advances the path.
struct PathDice {
    path: Vec<u8>,
    pos: usize,
}

impl Dice for PathDice {
    fn d6(&mut self) -> u8 {
        if self.pos == self.path.len() {
            self.path.push(1);
        }
        let f = self.path[self.pos];
        self.pos += 1;
        f
    }
}

/// Exact distribution of any trial by enumerating every dice sequence it can consume.
/// Returns `None` if some sequence is longer than `max_dice` (too costly to enumerate).
pub fn enumerate<T: Trial>(trial: &T, max_dice: usize) -> Option<Exact> {
    let mut out = Exact::new(&trial.shape());
    let mut dice = PathDice { path: Vec::with_capacity(max_dice + 1), pos: 0 };
    loop {
        dice.pos = 0;
        let o = trial.run(&mut dice);
        if dice.pos > max_dice {
            return None;
        }
        dice.path.truncate(dice.pos);
        out.add(&o, 6f64.powi(-(dice.pos as i32)));
        // Advance the odometer: drop trailing sixes, bump the last face.
        while dice.path.last() == Some(&6) {
            dice.path.pop();
        }
        match dice.path.last_mut() {
            Some(f) => *f += 1,
            None => return Some(out),
        }
    }
}

/// Dice that replay a path of (choice, out of) and extend it with 0s: a die is one of 6 faces,
/// a uniform draw (a card) one of `n`, whatever the aggregate's default body asks for.
struct DrawPathDice {
    path: Vec<(u32, u32)>,
    pos: usize,
}

impl DrawPathDice {
    fn next(&mut self, n: u32) -> u32 {
        if self.pos == self.path.len() {
            self.path.push((0, n));
        }
        debug_assert_eq!(self.path[self.pos].1, n, "a trial must make the same draws for the same outcomes");
        self.pos += 1;
        self.path[self.pos - 1].0
    }
}

impl Dice for DrawPathDice {
    fn d6(&mut self) -> u8 {
        self.next(6) as u8 + 1
    }
    fn uniform_below(&mut self, n: u32) -> u32 {
        self.next(n)
    }
}

/// [`enumerate`] for trials that deal cards: every sequence of single faces *and single cards*
/// (a [`Dice::uniform_below`] draw is one choice of `n`, not dice with rejection, which have no
/// finite tree), each weighted by the product of 1/6 and 1/n. Returns `None` if some sequence
/// makes more than `max_draws` draws. A hand of four is 52·51·50·49 sequences here: only small
/// hands are affordable, which is what the oracle is for.
pub fn enumerate_draws<T: Trial>(trial: &T, max_draws: usize) -> Option<Exact> {
    let mut out = Exact::new(&trial.shape());
    let mut dice = DrawPathDice { path: Vec::with_capacity(max_draws + 1), pos: 0 };
    loop {
        dice.pos = 0;
        let o = trial.run(&mut dice);
        if dice.pos > max_draws {
            return None;
        }
        dice.path.truncate(dice.pos);
        out.add(&o, dice.path.iter().map(|&(_, n)| 1.0 / n as f64).product());
        while dice.path.last().is_some_and(|&(i, n)| i + 1 == n) {
            dice.path.pop();
        }
        match dice.path.last_mut() {
            Some(c) => c.0 += 1,
            None => return Some(out),
        }
    }
}

/// Binomial probabilities P(X = k), k = 0..=n, for success probability p.
pub fn binomial(n: u32, p: f64) -> Vec<f64> {
    let mut dist = vec![0.0; n as usize + 1];
    dist[0] = 1.0;
    for _ in 0..n {
        for k in (0..dist.len()).rev() {
            let stay = dist[k] * (1.0 - p);
            let up = if k > 0 { dist[k - 1] * p } else { 0.0 };
            dist[k] = stay + up;
        }
    }
    dist
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomial_sums_to_one_and_matches_closed_form() {
        let d = binomial(4, 0.5);
        assert_eq!(d, vec![1.0 / 16.0, 4.0 / 16.0, 6.0 / 16.0, 4.0 / 16.0, 1.0 / 16.0]);
        assert!((binomial(12, 1.0 / 3.0).iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }
}
