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
use crate::dice::{Aggregate, DEAL_CLASSES, Dice, Reroll, SuccessMask, SumSet};
use crate::engine::{Outcome, Shape, Tally, Trial};
use crate::interrupt::{Interrupted, Poll};
use rustc_hash::FxHashMap as HashMap;

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
    /// A signal (Ctrl-C, SIGTERM, SIGHUP) stopped the walk: the run ends, nothing is sampled.
    Interrupted(Interrupted),
    /// What the solve would hold is over its memory budget (what, in words).
    OverBudget(String),
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
            NoExact::Interrupted(i) => write!(f, "stopped by {}", crate::interrupt::signal_name(i.0)),
            NoExact::OverBudget(what) => write!(f, "{what}"),
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

/// How many leaves (complete runs of a trial) a walk makes between two looks at the interrupt
/// flag. A leaf is one run of rule code, a few microseconds at most even in a debug build, so a
/// Ctrl-C is seen within a few milliseconds, far under half a second; the look itself is one
/// atomic load, nothing beside a leaf.
const POLL_EVERY: u32 = 4096;

/// Which aggregate roll a choice is (the key of the distribution cache).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Roll {
    D6,
    Hits(u32, SuccessMask),
    Successes(u32, SuccessMask, Reroll),
    Sum(u32),
    Uniform(u32),
    KeepTwo(u32, bool),
    /// A precomputed [`crate::dice::Table`], by address: the trial owns its tables and is
    /// borrowed for the whole evaluation, so an address stands for one table throughout.
    Table(usize),
    /// Cards left of each class, cards dealt.
    Deal([u8; DEAL_CLASSES], u32),
    SumsIn(u32, u32, SumSet),
    FirstSumIn(u32, u32, SumSet),
    RerollUntil(u32, u32, SumSet),
    Opposed(u8, u8, u32),
    /// A rule system's own [`Aggregate`]: its type and key.
    Custom(std::any::TypeId, u64),
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
            index: HashMap::default(),
            failed: None,
        }
    }

    /// The outcome of the next roll when replaying the path so far.
    #[inline]
    fn replayed(&mut self) -> Option<u32> {
        let c = *self.path.get(self.depth)?;
        self.depth += 1;
        Some(self.dists[c.dist].values[c.pos])
    }

    #[inline]
    fn choose(&mut self, roll: Roll) -> u32 {
        match self.replayed() {
            Some(v) => v,
            None => self.extend(roll),
        }
    }

    #[cold]
    fn extend(&mut self, roll: Roll) -> u32 {
        self.extend_with(roll, None)
    }

    /// [`ChoiceDice::extend`] for a roll whose distribution is not found by its key alone.
    #[cold]
    fn extend_with(&mut self, roll: Roll, table: Option<&crate::dice::Table>) -> u32 {
        self.extend_by(roll, |roll| match roll {
            Roll::Table(_) => Ok(dists::table(table.expect("a table roll brings its table"))),
            _ => unreachable!("only tables and custom rolls bring their own distribution"),
        })
    }

    /// [`ChoiceDice::extend`] for a rule system's own roll: its distribution from its weights.
    #[cold]
    fn extend_custom<A: Aggregate>(&mut self, roll: &A) -> u32 {
        let key = Roll::Custom(std::any::TypeId::of::<A>(), roll.key());
        self.extend_by(key, |_| dists::custom(roll))
    }

    /// Push the next choice on the path: the cached distribution of `roll`, else the one the
    /// usual dists give, or `special` for the rolls that bring their own.
    fn extend_by(&mut self, roll: Roll, special: impl FnOnce(Roll) -> Result<Dist, TooFine>) -> u32 {
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
                    Roll::Table(_) | Roll::Custom(..) => special(roll),
                    Roll::Deal(pool, n) => dists::deal(pool, n),
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
    fn draw(&mut self, table: &crate::dice::Table) -> u32 {
        match self.replayed() {
            Some(v) => v,
            None => self.extend_with(Roll::Table(table as *const _ as usize), Some(table)),
        }
    }
    /// One choice over the hand's counts per class; the pool is then rewritten as the cards
    /// left (in class order) followed by those dealt, which is all a later deal can see.
    fn deal(&mut self, pool: &mut [u8], left: &mut u32, n: u32, counts: &mut [u8]) {
        let n = n.min(*left);
        if n == 0 {
            return;
        }
        let live = &mut pool[..*left as usize];
        let mut have = [0u8; DEAL_CLASSES];
        for &c in live.iter() {
            have[c as usize] += 1;
        }
        let dealt = dists::unpack_deal(self.choose(Roll::Deal(have, n)));
        let mut at = 0;
        for (c, (&h, &k)) in have.iter().zip(&dealt).enumerate() {
            live[at..at + (h - k) as usize].fill(c as u8);
            at += (h - k) as usize;
            counts[c] += k;
        }
        for (c, &k) in dealt.iter().enumerate() {
            live[at..at + k as usize].fill(c as u8);
            at += k as usize;
        }
        *left -= n;
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
    fn reroll_until(&mut self, cap: u32, dice: u32, set: SumSet) -> (u32, u32) {
        let v = self.choose(Roll::RerollUntil(cap, dice, set));
        (v / dists::REROLL_PACK, v % dists::REROLL_PACK)
    }
    #[inline]
    fn roll_off(&mut self, a: u8, b: u8, cap: u32) -> (bool, u32) {
        let v = self.choose(Roll::Opposed(a, b, cap));
        (v % 2 == 1, v / 2)
    }
    #[inline]
    fn aggregate<A: Aggregate>(&mut self, roll: &A) -> u32 {
        match self.replayed() {
            Some(v) => v,
            None => self.extend_custom(roll),
        }
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
    let mut poll = Poll::every(POLL_EVERY);
    loop {
        leaves += 1;
        if leaves > leaves_left {
            return Err(NoExact::TooManyLeaves(budget.leaves));
        }
        poll.tick().map_err(NoExact::Interrupted)?;
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

/// The exact distribution of whatever `f` makes of the dice, as (value, probability) pairs: the
/// joint law of several results where a [`Tally`] keeps only each one's own (a duel solver needs
/// the whole state after an attack, not its markers and knock-down apart). Every outcome
/// sequence is walked as in [`evaluate`], within `budget`; each value's probability is the sum of
/// its sequences' exact weights, rounded once per sequence to double precision. Values come out
/// in the order first met.
pub fn outcomes<K: Eq + std::hash::Hash + Clone>(
    f: impl FnMut(&mut ChoiceDice) -> K,
    budget: Budget,
) -> Result<Vec<(K, f64)>, NoExact> {
    outcomes_with(&mut Rolls::default(), f, budget)
}

/// The distributions of the rolls earlier walks met, for [`outcomes_with`]: a solver that walks
/// thousands of small laws of the same rule code (one per state) builds each roll's
/// distribution once instead of once per law. A distribution depends only on its roll, so the
/// laws are the same to the last bit with or without the cache. A precomputed table's roll is
/// known by its address: keep the cache no longer than the rule code whose tables it saw.
#[derive(Default)]
pub struct Rolls {
    dists: Vec<Dist>,
    index: HashMap<Roll, usize>,
}

/// [`outcomes`], with the roll distributions kept in `rolls` across calls.
pub fn outcomes_with<K: Eq + std::hash::Hash + Clone>(
    rolls: &mut Rolls,
    mut f: impl FnMut(&mut ChoiceDice) -> K,
    budget: Budget,
) -> Result<Vec<(K, f64)>, NoExact> {
    let mut at: HashMap<K, usize> = HashMap::default();
    let mut out: Vec<(K, f64)> = Vec::new();
    walk_leaves(rolls, &mut f, budget, |k, p| match at.get(&k) {
        Some(&i) => out[i].1 += p,
        None => {
            at.insert(k.clone(), out.len());
            out.push((k, p));
        }
    })?;
    Ok(out)
}

/// The exact law of whatever `f` makes of the dice: each value's probability as a numerator
/// over one common denominator, in lowest terms, values in the order first met. What
/// [`outcomes_with`] gives rounded, kept exact: a solver that composes many laws (many attackers
/// one after another) keeps its figures exact as far as 128 bits allow. `Err(TooFine)` when the
/// common denominator would not fit.
pub fn outcomes_exact<K: Eq + std::hash::Hash + Clone>(
    rolls: &mut Rolls,
    mut f: impl FnMut(&mut ChoiceDice) -> K,
    budget: Budget,
) -> Result<(Vec<(K, u128)>, u128), NoExact> {
    let mut dice = ChoiceDice::new(budget.depth);
    std::mem::swap(&mut dice.dists, &mut rolls.dists);
    std::mem::swap(&mut dice.index, &mut rolls.index);
    let walked = exact_leaves_in(&mut dice, &mut f, budget);
    std::mem::swap(&mut dice.dists, &mut rolls.dists);
    std::mem::swap(&mut dice.index, &mut rolls.index);
    let (leaves, den) = walked?;
    let mut at: HashMap<K, usize> = HashMap::default();
    let mut out: Vec<(K, u128)> = Vec::new();
    for (k, num) in leaves {
        match at.get(&k) {
            Some(&i) => out[i].1 += num,
            None => {
                at.insert(k.clone(), out.len());
                out.push((k, num));
            }
        }
    }
    let g = out.iter().fold(den, |g, &(_, n)| crate::stats::gcd(g, n)).max(1);
    for (_, n) in &mut out {
        *n /= g;
    }
    Ok((out, den / g))
}

/// Every outcome sequence's value and numerator over the returned common denominator.
fn exact_leaves_in<K>(
    dice: &mut ChoiceDice,
    f: &mut impl FnMut(&mut ChoiceDice) -> K,
    budget: Budget,
) -> Result<(Vec<(K, u128)>, u128), NoExact> {
    let mut leaves: Vec<(K, u128, u128)> = Vec::new();
    let mut den = 1u128;
    walk_leaves_in_exact(dice, f, budget, |k, num, d| {
        if !den.is_multiple_of(d) {
            den = den.checked_mul(d / crate::stats::gcd(den, d)).ok_or(NoExact::TooFine)?;
        }
        leaves.push((k, num, d));
        Ok(())
    })?;
    let out = leaves.into_iter().map(|(k, num, d)| (k, num * (den / d))).collect();
    Ok((out, den))
}

/// [`walk_leaves_in`], each leaf's weight as its exact (numerator, denominator).
fn walk_leaves_in_exact<K>(
    dice: &mut ChoiceDice,
    f: &mut impl FnMut(&mut ChoiceDice) -> K,
    budget: Budget,
    mut leaf: impl FnMut(K, u128, u128) -> Result<(), NoExact>,
) -> Result<(), NoExact> {
    let mut leaves = 0u64;
    let mut poll = Poll::every(POLL_EVERY);
    loop {
        leaves += 1;
        if leaves > budget.leaves {
            return Err(NoExact::TooManyLeaves(budget.leaves));
        }
        poll.tick().map_err(NoExact::Interrupted)?;
        dice.depth = 0;
        let k = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(dice))) {
            Ok(k) => k,
            Err(payload) if payload.is::<Abort>() => {
                return Err(match dice.failed {
                    Some(e) => e.into(),
                    None => NoExact::TooDeep(budget.depth),
                });
            }
            Err(payload) => std::panic::resume_unwind(payload),
        };
        let (num, den) = dice.weight().map_err(|_| NoExact::TooLong)?;
        leaf(k, num, den)?;
        if !dice.advance() {
            return Ok(());
        }
    }
}

/// Every outcome sequence of `f` on its own, in the order [`outcomes`] walks them: what `f`
/// made of it and its probability, as [`outcomes`] adds it into its value's. Folding these in
/// order into values is [`outcomes`] to the last bit; a solver that finishes the same dice in
/// many ways walks them once.
pub fn leaves_with<K>(
    rolls: &mut Rolls,
    mut f: impl FnMut(&mut ChoiceDice) -> K,
    budget: Budget,
) -> Result<Vec<(K, f64)>, NoExact> {
    let mut out = Vec::new();
    walk_leaves(rolls, &mut f, budget, |k, p| out.push((k, p)))?;
    Ok(out)
}

/// Walk every outcome sequence of `f` within `budget`, the distributions from `rolls`, and
/// hand each one's value and probability to `leaf`.
fn walk_leaves<K>(
    rolls: &mut Rolls,
    f: &mut impl FnMut(&mut ChoiceDice) -> K,
    budget: Budget,
    leaf: impl FnMut(K, f64),
) -> Result<(), NoExact> {
    let mut dice = ChoiceDice::new(budget.depth);
    std::mem::swap(&mut dice.dists, &mut rolls.dists);
    std::mem::swap(&mut dice.index, &mut rolls.index);
    let walked = walk_leaves_in(&mut dice, f, budget, leaf);
    std::mem::swap(&mut dice.dists, &mut rolls.dists);
    std::mem::swap(&mut dice.index, &mut rolls.index);
    walked
}

fn walk_leaves_in<K>(
    dice: &mut ChoiceDice,
    f: &mut impl FnMut(&mut ChoiceDice) -> K,
    budget: Budget,
    mut leaf: impl FnMut(K, f64),
) -> Result<(), NoExact> {
    walk_leaves_in_exact(dice, f, budget, |k, num, den| {
        leaf(k, num as f64 / den as f64);
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two hands dealt one after the other from a pool of 7 cards in 3 classes, then a die if
    /// the first hand holds a class-2 card: each hand's counts and the die as metrics.
    struct TwoHands;
    const POOL: [u8; 7] = [2, 0, 1, 2, 2, 0, 1];
    fn code(k: &[u8]) -> u16 {
        (k[0] * 16 + k[1] * 4 + k[2]) as u16
    }
    impl Trial for TwoHands {
        fn shape(&self) -> Shape {
            Shape::new(vec![("first", 63), ("second", 63), ("die", 6)], vec!["die_high_and_second_has_class_0"])
        }
        fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
            let (mut pool, mut left) = (POOL, 7u32);
            let (mut a, mut b) = ([0u8; DEAL_CLASSES], [0u8; DEAL_CLASSES]);
            dice.deal(&mut pool, &mut left, 2, &mut a);
            dice.deal(&mut pool, &mut left, 3, &mut b);
            let mut o = Outcome::default();
            o.metrics[0] = code(&a);
            o.metrics[1] = code(&b);
            if a[2] > 0 {
                o.metrics[2] = dice.d6() as u16;
            }
            o.flag(0, o.metrics[2] >= 5 && b[0] > 0);
            o
        }
    }

    /// Card by card: every draw sequence (7 · 6 · 5 · 4 · 3) and every die face, in f64.
    struct Path {
        choices: Vec<(u32, u32)>,
        pos: usize,
    }
    impl Dice for Path {
        fn d6(&mut self) -> u8 {
            self.uniform_below(6) as u8 + 1
        }
        fn uniform_below(&mut self, n: u32) -> u32 {
            if self.pos == self.choices.len() {
                self.choices.push((0, n));
            }
            self.pos += 1;
            self.choices[self.pos - 1].0
        }
    }

    #[test]
    fn successive_deals_equal_card_by_card_draws() {
        let t = evaluate(&TwoHands, Budget::EXPLICIT).unwrap();
        let shape = TwoHands.shape();
        let mut hists: Vec<Vec<f64>> = shape.metrics.iter().map(|&(_, m)| vec![0.0; m + 1]).collect();
        let mut event = 0.0;
        let mut d = Path { choices: Vec::new(), pos: 0 };
        loop {
            d.pos = 0;
            let o = TwoHands.run(&mut d);
            let p: f64 = d.choices.iter().map(|&(_, n)| 1.0 / n as f64).product();
            for (h, &v) in hists.iter_mut().zip(o.metrics.iter()) {
                h[v as usize] += p;
            }
            if o.has(0) {
                event += p;
            }
            while d.choices.last().is_some_and(|&(i, n)| i + 1 == n) {
                d.choices.pop();
            }
            match d.choices.last_mut() {
                Some(c) => c.0 += 1,
                None => break,
            }
        }
        for (i, h) in hists.iter().enumerate() {
            for (v, &p) in h.iter().enumerate() {
                assert!((t.exactly(i, v, 0.0).p - p).abs() < 1e-12, "metric {i} = {v}: {p}");
            }
        }
        assert!((t.event(0, 0.0).p - event).abs() < 1e-12);
        assert!(event > 0.0 && t.hists[1].iter().filter(|&&x| x > 0).count() > 3);
    }
}
