//! The exact evaluator: walks every branch of a trial's dice, weighting each leaf exactly.
//!
//! A trial is plain rule code over [`Dice`]. [`evaluate`] runs it again and again with
//! [`ChoiceDice`], which answers every roll from a *path* of choices and extends the path the
//! first time a roll is asked for; after each run the last choice moves to its next outcome (an
//! odometer), so every reachable sequence of outcomes is run exactly once. An aggregate roll
//! (`count_hits` of 12 dice) is one choice over its exact distribution ([`super::dists`]), not
//! 6^12 paths, which keeps a whole attack to a few hundred leaves.
//!
//! Each leaf's probability is a product of integer weights over a product of totals; leaves add
//! into 128-bit numerators over one common denominator, so the result is an exact tally
//! (`Tally::exact`). Trials that loop without bound (a duel that runs until someone falls, a
//! roll repeated until it differs) have no finite tree: the walk stops at a leaf or depth budget
//! and says so, and never returns an approximation.

use super::dists::{self, Dist, TooFine};
use crate::dice::{Dice, Reroll, SuccessMask, SumSet};
use crate::engine::{Outcome, Shape, Tally, Trial};
use std::collections::HashMap;

/// Why a trial has no exact answer here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoExact {
    /// More than this many leaves (outcome sequences): sampling is cheaper.
    TooManyLeaves(u64),
    /// Some sequence makes more than this many choices: the trial can loop without bound.
    TooDeep(usize),
    /// The probabilities' common denominator would not fit in 128 bits.
    TooFine,
    /// One outcome sequence's probability would not fit in 128 bits: a roll repeated many times.
    TooLong,
    /// The kind has no exact evaluator (the reason, for the reader).
    NotOffered(&'static str),
}

impl std::fmt::Display for NoExact {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoExact::TooManyLeaves(n) => write!(f, "more than {n} outcome sequences to enumerate"),
            NoExact::TooDeep(d) => {
                write!(f, "some outcome sequence makes more than {d} rolls (the rules repeat rolls without a bound)")
            }
            NoExact::TooFine => write!(f, "its probabilities need a denominator beyond 128 bits"),
            NoExact::TooLong => {
                write!(f, "an outcome sequence repeats a roll too many times to weigh exactly (a roll-until loop)")
            }
            NoExact::NotOffered(why) => write!(f, "{why}"),
        }
    }
}

impl From<TooFine> for NoExact {
    fn from(_: TooFine) -> Self {
        NoExact::TooFine
    }
}

/// Limits of one evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Most leaves (complete runs of the trial).
    pub leaves: u64,
    /// Most choices along one path.
    pub depth: usize,
}

impl Budget {
    /// Generous limits for `--exact`: a few seconds of work at most.
    pub const EXPLICIT: Budget = Budget { leaves: 20_000_000, depth: 400 };

    /// Limits under which enumeration costs less than sampling `trials` (a leaf costs about one
    /// trial plus its bookkeeping, so a quarter of the trials leaves sampling the clear loser).
    pub fn cheaper_than(trials: u64) -> Budget {
        Budget { leaves: (trials / 4).clamp(1, Budget::EXPLICIT.leaves), depth: Budget::EXPLICIT.depth }
    }
}

/// Which aggregate roll a choice is (the key of the distribution cache).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Roll {
    D6,
    Hits(u32, SuccessMask),
    Successes(u32, SuccessMask, Reroll),
    Sum(u32),
    Uniform(u32),
    KeepTwo(u32, bool),
    SumsIn(u32, u32, SumSet),
    FirstSumIn(u32, u32, SumSet),
    RerollUntil(u32, u32, SumSet),
    Opposed(u8, u8, u32),
}

/// One choice on the current path: which distribution, and which outcome is taken.
#[derive(Clone, Copy, Debug)]
struct Choice {
    dist: usize,
    pos: usize,
}

/// Unwinds a run that went deeper than the budget (caught in [`evaluate`], never seen outside).
struct Abort;

/// Dice that replay a path of choices and extend it with each distribution's first outcome.
pub struct ChoiceDice {
    path: Vec<Choice>,
    depth: usize,
    max_depth: usize,
    dists: Vec<Dist>,
    index: HashMap<Roll, usize>,
    failed: Option<TooFine>,
}

impl ChoiceDice {
    fn new(max_depth: usize) -> Self {
        ChoiceDice {
            path: Vec::with_capacity(16),
            depth: 0,
            max_depth,
            dists: Vec::new(),
            index: HashMap::new(),
            failed: None,
        }
    }

    #[inline]
    fn choose(&mut self, roll: Roll) -> u32 {
        if self.depth < self.path.len() {
            let c = self.path[self.depth];
            self.depth += 1;
            return self.dists[c.dist].values[c.pos];
        }
        self.extend(roll)
    }

    #[cold]
    fn extend(&mut self, roll: Roll) -> u32 {
        if self.depth >= self.max_depth {
            std::panic::resume_unwind(Box::new(Abort));
        }
        let dist = match self.index.get(&roll) {
            Some(&i) => i,
            None => {
                let d = match roll {
                    Roll::D6 => Ok(dists::d6()),
                    Roll::Hits(n, m) => dists::hits(n, m),
                    Roll::Successes(n, m, r) => dists::successes(n, m, r),
                    Roll::Sum(n) => dists::sum(n),
                    Roll::Uniform(n) => Ok(dists::uniform(n)),
                    Roll::KeepTwo(n, low) => dists::keep_two(n, low),
                    Roll::SumsIn(n, dice, set) => dists::sums_in(n, dice, set),
                    Roll::FirstSumIn(n, dice, set) => dists::first_sum_in(n, dice, set),
                    Roll::RerollUntil(n, dice, set) => dists::reroll_until(n, dice, set),
                    Roll::Opposed(a, b, cap) => dists::roll_off(a, b, cap),
                };
                let d = d.unwrap_or_else(|e| {
                    self.failed = Some(e);
                    std::panic::resume_unwind(Box::new(Abort))
                });
                self.dists.push(d);
                self.index.insert(roll, self.dists.len() - 1);
                self.dists.len() - 1
            }
        };
        self.path.push(Choice { dist, pos: 0 });
        self.depth += 1;
        self.dists[dist].values[0]
    }

    /// The current leaf's weight as (numerator, denominator).
    fn weight(&self) -> Result<(u128, u128), TooFine> {
        let (mut num, mut den) = (1u128, 1u128);
        for c in &self.path {
            let d = &self.dists[c.dist];
            num = num.checked_mul(d.weights[c.pos]).ok_or(TooFine)?;
            den = den.checked_mul(d.total).ok_or(TooFine)?;
        }
        Ok((num, den))
    }

    /// Move to the next leaf; false when every leaf has been visited.
    fn advance(&mut self) -> bool {
        while let Some(c) = self.path.last_mut() {
            c.pos += 1;
            if c.pos < self.dists[c.dist].values.len() {
                return true;
            }
            self.path.pop();
        }
        false
    }
}

impl Dice for ChoiceDice {
    #[inline]
    fn d6(&mut self) -> u8 {
        self.choose(Roll::D6) as u8
    }
    #[inline]
    fn count_hits(&mut self, n: u32, mask: SuccessMask) -> u32 {
        if n == 0 { 0 } else { self.choose(Roll::Hits(n, mask)) }
    }
    #[inline]
    fn count_successes(&mut self, n: u32, mask: SuccessMask, reroll: Reroll) -> u32 {
        if n == 0 { 0 } else { self.choose(Roll::Successes(n, mask, reroll)) }
    }
    #[inline]
    fn sum_d6(&mut self, n: u32) -> u32 {
        if n == 0 { 0 } else { self.choose(Roll::Sum(n)) }
    }
    #[inline]
    fn uniform_below(&mut self, n: u32) -> u32 {
        assert!((1..=216).contains(&n), "uniform_below supports 1..=216, got {n}");
        if n == 1 { 0 } else { self.choose(Roll::Uniform(n)) }
    }
    #[inline]
    fn keep_two_lowest(&mut self, n: u32) -> u32 {
        self.choose(Roll::KeepTwo(n, true))
    }
    #[inline]
    fn keep_two_highest(&mut self, n: u32) -> u32 {
        self.choose(Roll::KeepTwo(n, false))
    }
    #[inline]
    fn count_sums_in(&mut self, rolls: u32, dice: u32, set: SumSet) -> u32 {
        if rolls == 0 { 0 } else { self.choose(Roll::SumsIn(rolls, dice, set)) }
    }
    #[inline]
    fn first_sum_in(&mut self, max_rolls: u32, dice: u32, set: SumSet) -> u32 {
        if max_rolls == 0 { 0 } else { self.choose(Roll::FirstSumIn(max_rolls, dice, set)) }
    }
    #[inline]
    fn reroll_until(&mut self, max_rolls: u32, dice: u32, set: SumSet) -> (u32, u32) {
        if max_rolls == 0 {
            return (0, 0);
        }
        let v = self.choose(Roll::RerollUntil(max_rolls, dice, set));
        (v / dists::REROLL_PACK, v % dists::REROLL_PACK)
    }
    #[inline]
    fn roll_off(&mut self, a: u8, b: u8, cap: u32) -> (bool, u32) {
        let v = self.choose(Roll::Opposed(a, b, cap));
        (v % 2 == 1, v / 2)
    }
}

/// Numerators over one common denominator, rescaled when a leaf needs a finer one.
struct Sums {
    den: u128,
    hists: Vec<Vec<u128>>,
    events: Vec<u128>,
    /// The last leaf denominator seen and the factor that brings it to `den`.
    last: (u128, u128),
}

impl Sums {
    fn new(shape: &Shape) -> Self {
        Sums {
            den: 0,
            hists: shape.metrics.iter().map(|&(_, m)| vec![0; m + 1]).collect(),
            events: vec![0; shape.events.len()],
            last: (0, 0),
        }
    }

    fn scale_all(&mut self, f: u128) -> Result<(), TooFine> {
        for x in self.hists.iter_mut().flatten().chain(self.events.iter_mut()) {
            *x = x.checked_mul(f).ok_or(TooFine)?;
        }
        self.den = self.den.checked_mul(f).ok_or(TooFine)?;
        Ok(())
    }

    fn add(&mut self, o: &Outcome, num: u128, den: u128) -> Result<(), TooFine> {
        if den != self.last.0 {
            if self.den == 0 {
                self.den = den;
            } else if !self.den.is_multiple_of(den) {
                let g = crate::stats::gcd(self.den, den);
                self.scale_all(den / g)?;
            }
            self.last = (den, self.den / den);
        }
        let w = num.checked_mul(self.last.1).ok_or(TooFine)?;
        for (h, &v) in self.hists.iter_mut().zip(o.metrics.iter()) {
            let v = v as usize;
            if v >= h.len() {
                h.resize(v + 1, 0);
            }
            h[v] += w;
        }
        let mut bits = o.events;
        let mut i = 0;
        while bits != 0 {
            if bits & 1 == 1 {
                self.events[i] += w;
            }
            bits >>= 1;
            i += 1;
        }
        Ok(())
    }

    /// The exact tally, in lowest terms.
    fn finish(mut self, shape: &Shape) -> Tally {
        let mut g = self.den;
        for &x in self.hists.iter().flatten().chain(self.events.iter()) {
            g = crate::stats::gcd(g, x);
        }
        let g = g.max(1);
        for x in self.hists.iter_mut().flatten().chain(self.events.iter_mut()) {
            *x /= g;
        }
        let mut t = Tally::new(shape);
        t.trials = self.den / g;
        t.hists = self.hists;
        t.events = self.events;
        t.exact = true;
        t
    }
}

/// The exact distribution of every metric and event of `trial`, as an exact [`Tally`]. A trial
/// made of independent parts ([`Trial::parts`]) is walked one part at a time, within one budget.
pub fn evaluate<T: Trial>(trial: &T, budget: Budget) -> Result<Tally, NoExact> {
    match trial.parts() {
        Some(parts) => side_by_side(trial, &parts, budget),
        None => walk(trial, budget.leaves, budget).map(|(t, _)| t),
    }
}

/// The parts' exact tallies laid side by side over their least common denominator. Each part's
/// tally is in lowest terms, so the result is too: a prime power of the common denominator comes
/// from some part, whose numerators are not all divisible by that prime.
fn side_by_side<T: Trial>(whole: &T, parts: &[T], budget: Budget) -> Result<Tally, NoExact> {
    let shape = whole.shape();
    let mut left = budget.leaves;
    let mut tallies = Vec::with_capacity(parts.len());
    for p in parts {
        // Every part draws on what the earlier ones left; running out is the whole's overrun.
        let (t, used) = walk(p, left, budget).map_err(|e| match e {
            NoExact::TooManyLeaves(_) => NoExact::TooManyLeaves(budget.leaves),
            e => e,
        })?;
        left -= used;
        tallies.push(t);
    }
    let mut den = 1u128;
    for t in &tallies {
        den = (den / crate::stats::gcd(den, t.trials)).checked_mul(t.trials).ok_or(NoExact::TooFine)?;
    }
    let mut out = Tally::new(&shape);
    out.trials = den;
    out.exact = true;
    let (mut m, mut e) = (0, 0);
    for t in tallies {
        let f = den / t.trials;
        let scale = |x: &u128| x.checked_mul(f).ok_or(NoExact::TooFine);
        for h in &t.hists {
            out.hists[m] = h.iter().map(scale).collect::<Result<_, _>>()?;
            m += 1;
        }
        for x in &t.events {
            out.events[e] = scale(x)?;
            e += 1;
        }
    }
    assert!(
        m == shape.metrics.len() && e == shape.events.len(),
        "a trial's parts must lay out its metrics and events exactly"
    );
    Ok(out)
}

/// Walk every outcome sequence of `trial`, at most `leaves` of them: the exact tally and how
/// many sequences there were.
fn walk<T: Trial>(trial: &T, leaves_left: u64, budget: Budget) -> Result<(Tally, u64), NoExact> {
    let shape = trial.shape();
    let mut sums = Sums::new(&shape);
    let mut dice = ChoiceDice::new(budget.depth);
    let mut leaves = 0u64;
    loop {
        leaves += 1;
        if leaves > leaves_left {
            return Err(NoExact::TooManyLeaves(budget.leaves));
        }
        dice.depth = 0;
        let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| trial.run(&mut dice)));
        let o = match run {
            Ok(o) => o,
            Err(payload) if payload.is::<Abort>() => {
                return Err(match dice.failed {
                    Some(e) => e.into(),
                    None => NoExact::TooDeep(budget.depth),
                });
            }
            Err(payload) => std::panic::resume_unwind(payload),
        };
        debug_assert_eq!(dice.depth, dice.path.len(), "a trial must make the same rolls for the same outcomes");
        let (num, den) = dice.weight().map_err(|_| NoExact::TooLong)?;
        sums.add(&o, num, den)?;
        if !dice.advance() {
            return Ok((sums.finish(&shape), leaves));
        }
    }
}
