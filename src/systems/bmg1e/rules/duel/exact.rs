//! The 2013 duel, exactly: a Markov chain over the state between two rounds, solved by dynamic
//! programming, with each side's counter split chosen to win the whole duel.
//!
//! Between two rounds a 2013 duel is fully described by the Take-the-Lead counters left in the
//! bag (which also tells the round), the markers on each fighter, who lies down and how much of
//! a *Power Armor* is used ([`Pos`]). A round is: the bag draw, both sides raising their plan,
//! the leader's activation, the other's, the Casualty Recount. Each of those steps is the
//! sampled duel's own code ([`Duel::raise_plan`], [`Duel::activate`], [`Duel::recount`]) run under
//! the exact evaluator ([`crate::exact::outcomes`]), which gives the joint law of the state after
//! it; nothing of the rules is written twice. [`solve`] computes each state's pair P(A wins),
//! P(B wins) backwards from the end (memoised, visiting only reachable states), then walks
//! forwards once for the distributions the report shows.
//!
//! **Counter splits.** A side either splits by a fixed policy (`attack_first`, `balanced`,
//! `defend_first`: [`Decider::Fixed`]) or chooses, every round and in every situation, the split
//! that maximises *its own chance to win the duel* ([`Decider::Optimize`]), among the full splits
//! (every counter the card's Attack and Defense allow goes on them, as every fixed policy does;
//! leaving counters for Special is not considered). The player who raises the plan first also
//! activates first (seed L380), and the second planner sees the first's counters (L318–324); the
//! lead player chooses who that is (L314), and here — as in the sampled duel, a stated policy —
//! the leader always starts. So the leader picks its split knowing the other's best answer to
//! each. That is backward induction on the game: subgame-perfect play; ties go to the earlier
//! split in [`full_splits`] order (fewest Attack counters first).
//!
//! Probabilities are in double precision from exact per-step distributions: exact up to
//! rounding (about 1e-15). Pure: no I/O, no threads.

use super::super::POWER_ARMOR_MARKERS;
use super::super::counters::{available, full_splits};
use super::{Duel, Policy, Round, Split};
use crate::exact::{Budget, NoExact, outcomes};
use crate::interrupt::{Interrupted, Poll};
use crate::systems::batman::markers::Markers;
use rustc_hash::FxHashMap as HashMap;
use std::rc::Rc;

/// The most work an exact 2013 duel may take, in the units of [`estimate`] (rounds valued ×
/// outcome sequences of the largest activation). Measured on this project's 2-core machine
/// (release build, other builds running): 1 to 4 ns per unit, so the budget is a few seconds
/// at most; the bundled duel (Batman vs Bruiser, 6 rounds) estimates 3.1·10⁸ and its whole
/// analysis takes 0.4 s; Willpower 12, Attack/Defense 10, Endurance 8 over 2 rounds estimates
/// 4.6·10⁹ and took 14 s, Endurance 15 3.0·10¹⁰ and 43 s. Over it, a duel is sampled (its
/// exact-duel tables left out, with a note saying why), an `optimal-win` fighter (whose plan
/// is this solve) and `exact = true` are refused.
pub const BUDGET: u64 = 1_500_000_000;

/// How many solver steps pass between two looks at the interrupt flag.
const POLL_EVERY: u32 = 256;

/// A duel whose exact solve would be over [`BUDGET`] (the wording every exact duel shares).
pub use crate::analysis::duel::OverBudget;

/// What a unit of [`estimate`] counts, for messages.
const UNITS: &str = "states valued × dice sequences per activation";

/// `Err` when the exact analysis of the duel ([`analyse`]) would be over [`BUDGET`].
pub fn within_budget(duel: &Duel) -> Result<(), OverBudget> {
    solve_within_budget(duel, [Decider::Optimize; 2])
}

/// `Err` when [`solve`] with `deciders` would be over [`BUDGET`].
pub fn solve_within_budget(duel: &Duel, deciders: [Decider; 2]) -> Result<(), OverBudget> {
    let work = estimate(duel, deciders);
    if work > BUDGET { Err(OverBudget { work, budget: BUDGET, units: UNITS }) } else { Ok(()) }
}

/// `Err` when the split plan an `optimal-win` fighter follows ([`plan`]) would be over
/// [`BUDGET`]; `Ok` at once when no side plans.
pub fn plan_within_budget(duel: &Duel) -> Result<(), OverBudget> {
    if !duel.plans() {
        return Ok(());
    }
    solve_within_budget(duel, duel.deciders())
}

/// How one side splits its counters in [`solve`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decider {
    /// By this fixed policy every round.
    Fixed(Split),
    /// To maximise its own chance to win the duel, looking ahead over the whole duel.
    Optimize,
}

/// The duel between two rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Pos {
    /// Take-the-Lead counters of A and B left in the bag.
    bag: [u8; 2],
    m: [Markers; 2],
    fallen: [bool; 2],
    armor: [u8; 2],
}

/// One state after an activation: the round so far and the markers the activating side placed.
type Step = (Round, u8);
/// One state after the Recount: markers and *Power Armor* used.
type Recounted = ([Markers; 2], [u8; 2]);
/// The law of an activation: each state after it, the Attack counters struck with, P.
type Activation = Rc<[(Step, u8, f64)]>;

/// The chosen splits at a decision point: (A's (AC, DC), B's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Choice {
    split: [(u8, u8); 2],
}

/// A decision point of the solved duel, as the report shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Situation {
    pub round: u8,
    /// The side that took the lead (activates first).
    pub leader: usize,
    pub markers: [Markers; 2],
    pub fallen: [bool; 2],
    /// P(the duel passes through this point, with this leader).
    pub reach: f64,
    /// (AC, DC) of A and B under the solved play.
    pub split: [(u8, u8); 2],
    /// (AC, DC) each side's configured policy would place here.
    pub policy: [(u8, u8); 2],
    /// Full splits each side could choose from here.
    pub options: [usize; 2],
}

/// The solved duel.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    pub win: [f64; 2],
    pub draw: f64,
    pub casualty: [f64; 2],
    /// `rounds[k]` = P(the duel lasts exactly k rounds); `rounds[0]` = P(no round can start).
    pub rounds: Vec<f64>,
    /// Expected markers (★ + ♦) each side places on the other.
    pub dealt: [f64; 2],
    /// Expected Attack counters each side strikes with.
    pub strikes: [f64; 2],
    /// Every decision point the duel can reach, in the order first reached.
    pub situations: Vec<Situation>,
    /// Distinct states between rounds that were valued.
    pub states: usize,
}

impl Solution {
    pub fn mean_rounds(&self) -> f64 {
        self.rounds.iter().enumerate().map(|(k, p)| k as f64 * p).sum()
    }
}

/// The exact law of each step of a round from each state met: the same whoever decides the
/// splits, so one cache serves every solve of a duel.
#[derive(Default)]
pub struct Steps {
    /// Activation of side `s` from a round state: the states after it and the strikes made.
    act: HashMap<(usize, Round), Activation>,
    recount: HashMap<Round, Rc<[(Recounted, f64)]>>,
}

struct Solver<'a> {
    duel: &'a Duel,
    deciders: [Decider; 2],
    bag0: u8,
    limit: u8,
    steps: &'a mut Steps,
    value: HashMap<Pos, [f64; 2]>,
    /// Value after the leader's activation, keyed by the bag after the draw and the other side.
    after_first: HashMap<([u8; 2], usize, Round), [f64; 2]>,
    after_both: HashMap<([u8; 2], Round), [f64; 2]>,
    choice: HashMap<(Pos, usize), Choice>,
    /// The look at the interrupt flag every [`POLL_EVERY`] steps. Once a signal is seen, every
    /// step returns at once with a meaningless value, nothing more is cached in [`Steps`], and
    /// the caller gets `Err`.
    poll: Poll,
}

impl<'a> Solver<'a> {
    fn new(duel: &'a Duel, deciders: [Decider; 2], steps: &'a mut Steps) -> Self {
        Solver {
            duel,
            deciders,
            bag0: duel.bag[0] + duel.bag[1],
            limit: duel.rounds,
            steps,
            value: HashMap::default(),
            after_first: HashMap::default(),
            after_both: HashMap::default(),
            choice: HashMap::default(),
            poll: Poll::every(POLL_EVERY),
        }
    }

    /// Whether a signal stopped the solve. Looks at the flag every [`POLL_EVERY`] steps (an
    /// atomic load; a step is at most one activation law, a fraction of a millisecond), so a
    /// Ctrl-C is honoured well within half a second.
    fn halted(&mut self) -> bool {
        self.poll.halted()
    }

    /// `Err` when a signal stopped the solve (its values are then meaningless).
    fn finished(&self) -> Result<(), Interrupted> {
        self.poll.finished()
    }

    fn activation(&mut self, s: usize, r: Round) -> Activation {
        if let Some(d) = self.steps.act.get(&(s, r)) {
            return d.clone();
        }
        if self.halted() {
            return Rc::from([]);
        }
        let duel = self.duel;
        let law = outcomes(
            |dice| {
                let mut x = r;
                let (strikes, dealt, _) = duel.activate(s, &mut x, dice);
                ((x, dealt), strikes)
            },
            Budget::EXPLICIT,
        );
        let law = match law {
            Ok(law) => law,
            Err(NoExact::Interrupted(i)) => {
                self.poll.stop(i);
                return Rc::from([]);
            }
            Err(e) => panic!("one attack has a few hundred outcome sequences: {e}"),
        };
        let d: Activation = law.into_iter().map(|((step, strikes), p)| (step, strikes, p)).collect();
        self.steps.act.insert((s, r), d.clone());
        d
    }

    fn recounted(&mut self, r: Round) -> Rc<[(Recounted, f64)]> {
        if let Some(d) = self.steps.recount.get(&r) {
            return d.clone();
        }
        if self.halted() {
            return Rc::from([]);
        }
        let duel = self.duel;
        let law = outcomes(
            |dice| {
                let mut x = r;
                duel.recount(&mut x, dice);
                (x.m, x.armor)
            },
            Budget::EXPLICIT,
        );
        let d: Rc<[(Recounted, f64)]> = match law {
            Ok(law) => law.into(),
            Err(NoExact::Interrupted(i)) => {
                self.poll.stop(i);
                return Rc::from([]);
            }
            Err(e) => panic!("a Recount rolls a few dice: {e}"),
        };
        self.steps.recount.insert(r, d.clone());
        d
    }

    /// Rounds played once the bag holds `bag`.
    fn played(&self, bag: [u8; 2]) -> u8 {
        self.bag0 - bag[0] - bag[1]
    }

    /// A round can start: counters in the bag and the limit not reached (seed L316).
    fn live(&self, bag: [u8; 2]) -> bool {
        bag[0] + bag[1] > 0 && self.played(bag) < self.limit
    }

    fn over(&self, m: [Markers; 2]) -> bool {
        self.duel.ko(0, m[0]) || self.duel.ko(1, m[1])
    }

    fn terminal(&self, m: [Markers; 2]) -> [f64; 2] {
        let (a, b) = (self.duel.ko(0, m[0]), self.duel.ko(1, m[1]));
        [(b && !a) as u8 as f64, (a && !b) as u8 as f64]
    }

    /// P(A wins), P(B wins) from a state between rounds.
    fn value(&mut self, pos: Pos) -> [f64; 2] {
        if !self.live(pos.bag) || self.over(pos.m) {
            return self.terminal(pos.m);
        }
        if let Some(&v) = self.value.get(&pos) {
            return v;
        }
        if self.halted() {
            return [0.0; 2];
        }
        let total = (pos.bag[0] + pos.bag[1]) as f64;
        let mut v = [0.0; 2];
        for leader in 0..2 {
            if pos.bag[leader] == 0 {
                continue;
            }
            let p = pos.bag[leader] as f64 / total;
            let (_, w) = self.decide(pos, leader);
            v[0] += p * w[0];
            v[1] += p * w[1];
        }
        self.value.insert(pos, v);
        v
    }

    /// The splits each side may place at `pos`.
    fn options(&self, pos: Pos, s: usize) -> Vec<(u8, u8)> {
        let card = &self.duel.f[s].card;
        let n = self.duel.to_split(s, pos.m[s], pos.fallen[s]);
        match self.deciders[s] {
            Decider::Fixed(split) => vec![split.split(card, n)],
            Decider::Optimize => full_splits(card, n),
        }
    }

    /// The splits both sides place after `leader` took the lead at `pos`, and the value then.
    fn decide(&mut self, pos: Pos, leader: usize) -> (Choice, [f64; 2]) {
        let mut bag = pos.bag;
        bag[leader] -= 1;
        let xs = [self.options(pos, 0), self.options(pos, 1)];
        let mut q = vec![vec![[0.0; 2]; xs[1].len()]; xs[0].len()];
        for (i, &a) in xs[0].iter().enumerate() {
            for (j, &b) in xs[1].iter().enumerate() {
                q[i][j] = self.round_value(pos, bag, leader, [a, b]);
            }
        }
        // `first` plans, `second` sees it and answers with its best.
        let lead_then_answer = |first: usize| -> ((usize, usize), [f64; 2]) {
            let second = 1 - first;
            let pick = |x: usize| -> ((usize, usize), [f64; 2]) {
                let mut best: Option<((usize, usize), [f64; 2])> = None;
                for y in 0..xs[second].len() {
                    let ij = if first == 0 { (x, y) } else { (y, x) };
                    let v = q[ij.0][ij.1];
                    if best.is_none_or(|(_, b)| v[second] > b[second]) {
                        best = Some((ij, v));
                    }
                }
                best.expect("a side always has a split")
            };
            let mut best: Option<((usize, usize), [f64; 2])> = None;
            for x in 0..xs[first].len() {
                let (ij, v) = pick(x);
                if best.is_none_or(|(_, b)| v[first] > b[first]) {
                    best = Some((ij, v));
                }
            }
            best.expect("a side always has a split")
        };
        // The leader starts: it raises its plan first and activates first (seed L380; that the
        // leader always starts is the sampled duel's stated policy too).
        let ((i, j), v) = lead_then_answer(leader);
        let c = Choice { split: [xs[0][i], xs[1][j]] };
        self.choice.insert((pos, leader), c);
        (c, v)
    }

    /// The value of a round with the leader and both splits fixed.
    fn round_value(&mut self, pos: Pos, bag: [u8; 2], leader: usize, split: [(u8, u8); 2]) -> [f64; 2] {
        let r = self.duel.raise_plan(pos.m, pos.fallen, pos.armor, split);
        let mut v = [0.0; 2];
        for &((r1, _), _, p) in self.activation(leader, r).iter() {
            let w = self.after_first(bag, 1 - leader, r1);
            v[0] += p * w[0];
            v[1] += p * w[1];
        }
        v
    }

    fn after_first(&mut self, bag: [u8; 2], s: usize, r: Round) -> [f64; 2] {
        if let Some(&v) = self.after_first.get(&(bag, s, r)) {
            return v;
        }
        if self.halted() {
            return [0.0; 2];
        }
        let mut v = [0.0; 2];
        for &((r2, _), _, p) in self.activation(s, r).iter() {
            let w = self.after_both(bag, r2);
            v[0] += p * w[0];
            v[1] += p * w[1];
        }
        self.after_first.insert((bag, s, r), v);
        v
    }

    fn after_both(&mut self, bag: [u8; 2], r: Round) -> [f64; 2] {
        if let Some(&v) = self.after_both.get(&(bag, r)) {
            return v;
        }
        if self.halted() {
            return [0.0; 2];
        }
        let mut v = [0.0; 2];
        for &((m, armor), p) in self.recounted(r).iter() {
            let w = self.value(Pos { bag, m, fallen: r.fallen, armor });
            v[0] += p * w[0];
            v[1] += p * w[1];
        }
        self.after_both.insert((bag, r), v);
        v
    }

    /// Walk forwards from the start under the chosen splits: the distributions.
    fn forward(&mut self, start: Pos) -> Solution {
        let mut sol = Solution {
            win: [0.0; 2],
            draw: 0.0,
            casualty: [0.0; 2],
            rounds: vec![0.0; self.limit as usize + 1],
            dealt: [0.0; 2],
            strikes: [0.0; 2],
            situations: Vec::new(),
            states: self.value.len(),
        };
        let mut layer: Vec<(Pos, f64)> = vec![(start, 1.0)];
        while !layer.is_empty() {
            let mut next: HashMap<Pos, f64> = HashMap::default();
            let mut order: Vec<Pos> = Vec::new();
            for (pos, reach) in layer {
                let played = self.played(pos.bag);
                if !self.live(pos.bag) || self.over(pos.m) {
                    self.end(&mut sol, pos.m, played, reach);
                    continue;
                }
                let total = (pos.bag[0] + pos.bag[1]) as f64;
                for leader in 0..2 {
                    if pos.bag[leader] == 0 {
                        continue;
                    }
                    let pl = reach * pos.bag[leader] as f64 / total;
                    let c = self.choice[&(pos, leader)];
                    sol.situations.push(Situation {
                        round: played + 1,
                        leader,
                        markers: pos.m,
                        fallen: pos.fallen,
                        reach: pl,
                        split: c.split,
                        policy: [0, 1].map(|s| match self.duel.f[s].split {
                            Policy::Fixed(split) => {
                                split.split(&self.duel.f[s].card, self.duel.to_split(s, pos.m[s], pos.fallen[s]))
                            }
                            Policy::OptimalWin => c.split[s],
                        }),
                        options: [0, 1].map(|s| {
                            full_splits(&self.duel.f[s].card, self.duel.to_split(s, pos.m[s], pos.fallen[s])).len()
                        }),
                    });
                    let mut bag = pos.bag;
                    bag[leader] -= 1;
                    let r = self.duel.raise_plan(pos.m, pos.fallen, pos.armor, c.split);
                    for &((r1, d1), k1, p1) in self.activation(leader, r).iter() {
                        sol.dealt[leader] += pl * p1 * d1 as f64;
                        sol.strikes[leader] += pl * p1 * k1 as f64;
                        for &((r2, d2), k2, p2) in self.activation(1 - leader, r1).iter() {
                            let q = pl * p1 * p2;
                            sol.dealt[1 - leader] += q * d2 as f64;
                            sol.strikes[1 - leader] += q * k2 as f64;
                            for &((m, armor), p3) in self.recounted(r2).iter() {
                                let to = Pos { bag, m, fallen: r2.fallen, armor };
                                let e = next.entry(to).or_insert(0.0);
                                if *e == 0.0 {
                                    order.push(to);
                                }
                                *e += q * p3;
                            }
                        }
                    }
                }
            }
            // States after a round: the duel ends there or plays on.
            layer = Vec::new();
            for pos in order {
                let p = next[&pos];
                if !self.live(pos.bag) || self.over(pos.m) {
                    self.end(&mut sol, pos.m, self.played(pos.bag), p);
                } else {
                    layer.push((pos, p));
                }
            }
        }
        sol
    }

    fn end(&self, sol: &mut Solution, m: [Markers; 2], played: u8, p: f64) {
        let w = self.terminal(m);
        sol.win[0] += p * w[0];
        sol.win[1] += p * w[1];
        sol.draw += p * (1.0 - w[0] - w[1]);
        for (s, &ms) in m.iter().enumerate() {
            if self.duel.casualty(s, ms) {
                sol.casualty[s] += p;
            }
        }
        sol.rounds[played as usize] += p;
    }
}

/// The most markers one activation of side `s` can place on the other, and how many outcome
/// sequences the largest such activation walks (its whole Attack against no Defense, the other
/// standing or down, with or without its special attack): from the exact law of one attack.
fn largest_activation(duel: &Duel, s: usize) -> (u64, u64) {
    let card = &duel.f[s].card;
    let (mut most, mut leaves) = (0u64, 0u64);
    for down in [false, true] {
        for special in [false, true] {
            let attack = duel.tables[s].get(card.attack, 0, down, special);
            let mut walked = 0u64;
            let law = outcomes(
                |dice| {
                    walked += 1;
                    let (_, res) = attack.resolve_from(dice, Markers::default(), 0);
                    res.applied.stun_added + res.applied.wounds_added
                },
                Budget::EXPLICIT,
            );
            let dealt = match law {
                Ok(l) => l.iter().map(|&(m, _)| m as u64).max().unwrap_or(0),
                // A signal: the run stops at its next look at the flag, whatever this says.
                Err(NoExact::Interrupted(_)) => 0,
                // An attack too large to list: no bound smaller than the whole card.
                Err(_) => u64::MAX,
            };
            most = most.max(dealt);
            leaves = leaves.max(walked);
        }
    }
    (most, leaves)
}

/// Work of one [`solve`] with `deciders`, estimated before anything is solved: an upper
/// bound on the rounds valued (decision point × the split pair of each side), each of which
/// costs an exact activation law. Decision points after `k` rounds are bounded by the bag
/// states a `k`-th draw can leave, times the markers each side can carry by then (its start
/// plus `k` times the most one activation places, below K.O.), times who lies down (4) and
/// each *Power Armor*'s use (0–3). Cheap: eight one-attack laws and arithmetic.
pub fn estimate(duel: &Duel, deciders: [Decider; 2]) -> u64 {
    let act = [largest_activation(duel, 0), largest_activation(duel, 1)];
    let gain = [act[1].0, act[0].0];
    let leaves = act[0].1 + act[1].1;
    let bag = [duel.bag[0] as u64, duel.bag[1] as u64];
    let playable = (duel.rounds as u64).min(bag[0] + bag[1]);
    let splits = |s: usize| -> u64 {
        let card = &duel.f[s].card;
        match deciders[s] {
            Decider::Fixed(_) => 1,
            Decider::Optimize => {
                let most = available(card, duel.f[s].start);
                (0..=most).map(|n| full_splits(card, n).len() as u64).max().unwrap_or(1)
            }
        }
    };
    let pairs = splits(0) * splits(1);
    let mut total: u64 = 0;
    for k in 0..playable {
        let bags = (k.min(bag[0]) + 1).saturating_sub(k.saturating_sub(bag[1]));
        let mut points = 2 * bags;
        if k > 0 {
            points *= 4;
            for (f, &g) in duel.f.iter().zip(&gain) {
                let (card, start) = (&f.card, f.start);
                let t = (start.stun as u64 + start.wounds as u64).saturating_add(k.saturating_mul(g));
                let t = t.min(card.endurance as u64 - 1);
                points = points.saturating_mul((t + 1) * (t + 2) / 2);
                if card.traits.power_armor {
                    points = points.saturating_mul(POWER_ARMOR_MARKERS as u64 + 1);
                }
            }
        }
        total = total.saturating_add(points.saturating_mul(pairs));
    }
    total.saturating_mul(leaves)
}

/// Solve the duel with each side deciding as `deciders` say. For callers that catch no
/// signals (tests, benches); the analyser uses [`try_solve`].
pub fn solve(duel: &Duel, deciders: [Decider; 2]) -> Solution {
    try_solve(duel, deciders).expect("no signal handler is installed outside the binary")
}

/// [`solve`], stopped by SIGINT/SIGTERM/SIGHUP at the next safe point.
pub fn try_solve(duel: &Duel, deciders: [Decider; 2]) -> Result<Solution, Interrupted> {
    try_solve_with(duel, deciders, &mut Steps::default())
}

/// [`try_solve`] with a cache of step laws kept from earlier solves of the same duel.
fn try_solve_with(duel: &Duel, deciders: [Decider; 2], steps: &mut Steps) -> Result<Solution, Interrupted> {
    let mut s = Solver::new(duel, deciders, steps);
    let start = Pos { bag: duel.bag, m: [duel.f[0].start, duel.f[1].start], fallen: [false; 2], armor: [0; 2] };
    s.value(start);
    s.finished()?;
    Ok(s.forward(start))
}

/// The splits both sides place in every situation the duel can reach (after the Take-the-Lead
/// draw), as solved: what the sampled duel follows for an `optimal-win` fighter.
#[derive(Clone, Debug, PartialEq)]
pub struct SplitPlan(HashMap<(Pos, usize), [(u8, u8); 2]>);

impl SplitPlan {
    /// The splits when `leader` was drawn from a bag holding `bag` (before the draw).
    pub fn get(
        &self,
        bag: [u32; 2],
        m: [Markers; 2],
        fallen: [bool; 2],
        armor: [u8; 2],
        leader: usize,
    ) -> [(u8, u8); 2] {
        let pos = Pos { bag: bag.map(|b| b as u8), m, fallen, armor };
        self.0.get(&(pos, leader)).copied().expect("the plan covers every situation the duel can reach")
    }
}

/// Solve the duel with `deciders` and keep the splits chosen in every situation; stopped by a
/// signal at the next safe point.
pub fn plan(duel: &Duel, deciders: [Decider; 2]) -> Result<SplitPlan, Interrupted> {
    let steps = &mut Steps::default();
    let mut s = Solver::new(duel, deciders, steps);
    let start = Pos { bag: duel.bag, m: [duel.f[0].start, duel.f[1].start], fallen: [false; 2], armor: [0; 2] };
    s.value(start);
    s.finished()?;
    Ok(SplitPlan(s.choice.into_iter().map(|(k, c)| (k, c.split)).collect()))
}

/// Everything a report shows of the exact 2013 duel.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// Both sides split by their configured policies: the sampled duel estimates this.
    pub configured: Solution,
    /// Both sides choose their split every round to win the duel.
    pub optimal: Solution,
    /// `fixed[s][k]` = side `s`'s P(win) splitting by `Split::ALL[k]` every round, the other
    /// side answering with its whole-duel best.
    pub fixed: [[f64; 3]; 2],
}

/// Solve the duel as configured, with both sides planning, and with each side held to each fixed
/// policy against the other's best answer.
/// Stopped by a signal at the next safe point. Its largest solve, both sides planning, is
/// what [`within_budget`] estimates.
pub fn analyse(duel: &Duel) -> Result<Analysis, Interrupted> {
    let steps = &mut Steps::default();
    let configured = try_solve_with(duel, duel.deciders(), steps)?;
    let optimal = try_solve_with(duel, [Decider::Optimize; 2], steps)?;
    let mut fixed = [[0.0; 3]; 2];
    for s in 0..2 {
        for (k, &(_, split)) in Split::ALL.iter().enumerate() {
            let mut d = [Decider::Optimize; 2];
            d[s] = Decider::Fixed(split);
            fixed[s][k] = try_solve_with(duel, d, steps)?.win[s];
        }
    }
    Ok(Analysis { configured, optimal, fixed })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bundled duel (configs/bmg-1e/duel-batman-vs-bruiser.toml).
    fn bundled() -> Duel {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-1e/duel-batman-vs-bruiser.toml");
        let sc = crate::registry::load(&path, &crate::config::Overrides::default()).expect("bundled");
        match sc.cells[0].trial.downcast() {
            Some(crate::systems::bmg1e::rules::Trial1e::Duel(d)) => d.clone(),
            _ => unreachable!("a bmg-1e duel"),
        }
    }

    fn close(what: &str, got: f64, want: f64) {
        assert!((got - want).abs() <= 1e-12, "{what}: got {got:?}, pinned {want:?}");
    }

    /// The bundled duel's exact figures as the solver gave them before it was made faster
    /// (pinned to 1e-12; the solver is deterministic, so any change to the order of its sums
    /// would show here first): the configured duel, both sides planning, and each side held to
    /// each fixed split against the other's best answer.
    #[test]
    fn the_bundled_duel_keeps_its_exact_figures() {
        let an = analyse(&bundled()).expect("no signal");
        let c = &an.configured;
        close("configured P(A wins)", c.win[0], 0.8528201746911578);
        close("configured P(B wins)", c.win[1], 0.009684763694179754);
        close("configured P(draw)", c.draw, 0.1374950616146628);
        let rounds = [
            0.0,
            0.03705855887245034,
            0.21256708627679188,
            0.23142155098202027,
            0.1792309451160309,
            0.1225846126005062,
            0.21713724615220084,
        ];
        assert_eq!(c.rounds.len(), rounds.len());
        for (k, (&got, &want)) in c.rounds.iter().zip(&rounds).enumerate() {
            close(&format!("configured P(rounds = {k})"), got, want);
        }
        close("configured A's markers", c.dealt[0], 8.718142817813137);
        close("configured B's markers", c.dealt[1], 1.477204707049364);
        close("configured A's strikes", c.strikes[0], 17.67701679989306);
        close("configured B's strikes", c.strikes[1], 3.7900740173453045);
        assert_eq!((c.states, c.situations.len()), (2068, 3170));
        let s = &c.situations[4];
        assert_eq!((s.round, s.leader, s.markers[0].stun, s.split), (2, 0, 2, [(5, 0), (2, 2)]));
        close("configured reach of a round-2 situation", s.reach, 0.0024966800349064656);

        let o = &an.optimal;
        close("optimal P(A wins)", o.win[0], 0.834371277482288);
        close("optimal P(B wins)", o.win[1], 0.03330292384947848);
        close("optimal P(draw)", o.draw, 0.13232579866823385);
        close("optimal A's markers", o.dealt[0], 8.586625892063672);
        close("optimal B's strikes", o.strikes[1], 6.370671240454604);
        assert_eq!((o.states, o.situations.len()), (2156, 3262));
        let s = o.situations.iter().find(|s| s.round == 3).expect("a third round");
        assert_eq!((s.leader, s.split, s.policy), (0, [(5, 1), (4, 0)], [(5, 1), (2, 2)]));
        close("optimal reach of the first round-3 situation", s.reach, 5.380479272563215e-5);

        let fixed = [
            [0.8183393961543716, 0.6982893348733824, 0.05848769409088479],
            [0.03315458025658641, 0.007874106833318156, 0.00016325796210677547],
        ];
        for s in 0..2 {
            for k in 0..3 {
                close(&format!("side {s} held to split {k}"), an.fixed[s][k], fixed[s][k]);
            }
        }
        // One configured solve (what a balance test runs per pair) is the analysis' first.
        assert_eq!(&solve(&bundled(), bundled().deciders()), c);
    }
}
