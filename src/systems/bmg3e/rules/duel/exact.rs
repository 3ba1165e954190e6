//! The 2019 duel, exactly: a Markov chain over a small state, solved by dynamic programming.
//!
//! Between two dice rolls a duel is fully described by the markers on each fighter, whether
//! they are in contact, who won Take the Lead and the Take the Lead modifiers carried into the
//! next round (last round's loser, an unused pass). Every roll in between (an attack, a
//! recovery check, Take the Lead) has an exact distribution, so the chance of every way the duel
//! can go is a finite sum. [`solve`] walks the states backwards from the round limit (each
//! state's value is the pair P(A wins), P(B wins) from there), memoised, visiting only states
//! that can be reached; then forwards once, to get the distributions the report shows.
//!
//! **Effort decisions.** At every attack the target declares its effort first, then the
//! attacker (seed lines 1615–1621). A side is either decided by its per-attack table (the
//! policies `none`, `max`, `optimal-…`: [`Decider::Table`]) or optimises
//! ([`Decider::Optimize`]): it picks the effort that maximises *its own chance to win the whole
//! duel* from that state, knowing how the other side decides (as target, it anticipates the
//! attacker's answer to each declaration). With both sides optimising this is backward
//! induction on the game, the subgame-perfect play; ties go to the smaller effort. The result is
//! a [`Plan`]: the effort pair at every decision point, which the sampled duel follows for
//! `optimal-win` fighters, so the Monte Carlo duel checks the dynamic programming.
//!
//! Probabilities are computed in double precision from the exact per-attack distributions
//! (products of dice probabilities over many rolls do not fit a 128-bit fraction): exact up to
//! rounding, about 1e-15.
//!
//! **Budget.** The solver's tables are dense (every marker pair, round, contact and Take the
//! Lead state) and their size is known from the cards, so [`estimate`] bounds the work before
//! anything is allocated; a solve over [`BUDGET`] is not started (the duel is sampled with a
//! note, or refused where exactness is demanded). A solve polls Ctrl-C as it goes.
//!
//! Pure: no I/O, no threads.

use super::plan::Space;
pub use super::plan::{Decider, Plan};
use super::{Duel, Mode};
use crate::exact::dists;
use crate::interrupt::{Interrupted, Poll};
use crate::systems::batman::markers::Markers;
use crate::systems::bmg3e::rules::damage::{apply_hits, effort_limit, is_ko};
use crate::systems::bmg3e::rules::readings::OneDie;

/// The most work an exact 2019 duel may take, in the units of [`estimate`] (decision points ×
/// the effort pairs tried at each × the hit counts of each attack, over the dense tables, plus
/// the round-start and Recount entries). Measured on this project's 2-core machine (release
/// build, other builds running): 0.8 to 3.1 ns per unit, so a solve within it takes ~3 s at
/// most. Cards at the top of every range (Willpower and Endurance 12, Attack 10) over 12
/// rounds estimate 1.4·10⁹ for the report's analysis and took 1.2 to 4.4 s (Defense 1 and ♦
/// damage the slowest), 6.7·10⁸ and at most 1.5 s for one solve (an `optimal-win` plan, so
/// every in-range plan fits); the bundled duel (Batman vs Bruiser, 4 rounds) estimates
/// 3.8·10⁷ for its analysis and takes 0.05 s. Over it, a duel is sampled (its exact-duel
/// tables left out, with a note saying why), `exact = true` and an `optimal-win` plan are
/// refused. The tables the estimate counts are allocated only within it (≈ 250 MB at the top
/// of the ranges).
pub const BUDGET: u64 = 1_000_000_000;

/// The most time a unit of [`estimate`] took (see [`BUDGET`]), in nanoseconds: a whole run's
/// estimate of its solves ([`crate::analysis::duel::SolveWork`]) is at most about this per unit.
pub const NS_PER_UNIT: f64 = 3.1;

/// The most memory a unit of [`estimate`] took, in bytes: a solve's tables are proportional to
/// its estimate. Measured as the growth of the peak resident memory over one solve (release
/// build, one thread, this project's machine) of two `optimal-win` cards at the top of every
/// range: 6.7·10⁸ units 204 MB, 3.3·10⁸ (6 rounds) 120 MB, 1.7·10⁸ (Willpower and Endurance 8)
/// 51 MB — 0.32, 0.38 and 0.31 bytes per unit; 0.45 holds them all.
pub const BYTES_PER_UNIT: f64 = 0.45;

/// What a unit of [`estimate`] counts, for messages.
const UNITS: &str = "decision points × effort pairs × hit counts";

/// How many solver steps (one decision point, round start or Recount valued) pass between two
/// looks at the interrupt flag: a step is at most 16 effort pairs × 15 hit counts, a few
/// microseconds in a release build, so a Ctrl-C is seen within milliseconds.
const POLL_EVERY: u32 = 1024;

/// A duel whose exact solve would be over [`BUDGET`] (the wording every exact duel shares).
pub use crate::analysis::duel::OverBudget;

/// Work of one [`solve`] with `deciders`, from the cards alone, before anything is solved or
/// allocated: every decision point of the dense tables (rounds × 2 activations × marker pairs ×
/// contact × who won Take the Lead) times, for its attacker, the effort pairs tried (each
/// optimising side tries every effort up to its largest limit, a side decided by its table one)
/// times the most hit counts one of its attacks has; plus the round-start and Recount entries.
/// An upper bound (only reachable points are valued); the table sizes are proportional to it.
pub fn estimate(duel: &Duel, deciders: [Decider; 2]) -> u64 {
    let space = Space::new([duel.profile(0), duel.profile(1)], duel.rounds);
    let per_attack = |s: usize| -> u64 {
        let o = 1 - s;
        let dir = &duel.dirs[s];
        let hits = [Some(&dir.melee), dir.shot.as_ref()]
            .into_iter()
            .flatten()
            .flat_map(|m| m.dists.iter().map(|d| d[0].len().max(d[1].len())))
            .max()
            .unwrap_or(1) as u64;
        let tries = |side: usize, most: u8| if deciders[side] == Decider::Optimize { most as u64 + 1 } else { 1 };
        let t = tries(o, dir.target_limit(Markers::default()));
        let a = tries(s, effort_limit(duel.profile(s), Markers::default()));
        t * a * hits
    };
    let pairs = space.pairs() as u64;
    let rounds = space.rounds as u64;
    // Each side attacks at half of the decision points (the first at stage 0, the other at 1).
    let acts = space.acts() as u64 / 2;
    let tables = rounds * pairs * (2 * 9 + 4 * 4);
    acts.saturating_mul(per_attack(0) + per_attack(1)).saturating_add(tables)
}

/// `Err` when the exact analysis of the duel ([`analyse`], up to six solves) would be over
/// [`BUDGET`].
pub fn within_budget(duel: &Duel) -> Result<(), OverBudget> {
    use Decider::{Optimize, Table};
    let configured = estimate(duel, duel.deciders());
    let optimal = if duel.deciders() == [Optimize; 2] { 0 } else { estimate(duel, [Optimize; 2]) };
    let against = 2 * (estimate(duel, [Table, Optimize]) + estimate(duel, [Optimize, Table]));
    over(configured + optimal + against)
}

/// `Err` when [`solve`] with `deciders` would be over [`BUDGET`].
pub fn solve_within_budget(duel: &Duel, deciders: [Decider; 2]) -> Result<(), OverBudget> {
    over(estimate(duel, deciders))
}

/// `Err` when the plan an `optimal-win` fighter follows (one [`solve`] as configured) would be
/// over [`BUDGET`]; `Ok` at once when no side plans.
pub fn plan_within_budget(duel: &Duel) -> Result<(), OverBudget> {
    if !duel.plans() {
        return Ok(());
    }
    solve_within_budget(duel, duel.deciders())
}

fn over(work: u64) -> Result<(), OverBudget> {
    if work > BUDGET { Err(OverBudget { work, budget: BUDGET, units: UNITS }) } else { Ok(()) }
}

// The duel's preparation lives here, beside the solver it calls: `mod.rs` holds the duel and
// its plan, and this file uses them, so the uses run one way.
impl Duel {
    /// Compute both sides' per-attack effort tables, and solve the whole-duel plan if a
    /// fighter plays `optimal-win` and it is not solved yet: the run does this before it
    /// samples (the loader has checked the plan fits [`BUDGET`]; the tables would
    /// otherwise be made by the first trial that needs them). Stopped by a signal at the next
    /// safe point.
    pub fn prepare(&self) -> Result<(), crate::interrupt::Interrupted> {
        for dir in &self.dirs {
            dir.policy();
        }
        if self.plans() && self.plan.get().is_none() {
            let plan = try_solve(self, self.deciders())?.plan;
            // Another thread may have set it meanwhile: the same plan either way.
            let _ = self.plan.set(std::sync::Arc::new(plan));
        }
        Ok(())
    }
}

/// Take the Lead modifiers carried into a round: who lost last round (`None` in round 1:
/// ties are re-rolled) and which side has +1 from an unused pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Lead {
    last_loser: Option<usize>,
    bonus: Option<usize>,
}

impl Lead {
    fn index(self) -> usize {
        self.last_loser.map_or(2, |l| l) * 3 + self.bonus.map_or(0, |b| b + 1)
    }

    /// The inverse of [`Lead::index`].
    fn from_index(i: usize) -> Lead {
        let side = |x: usize| x.checked_sub(1);
        Lead { last_loser: (i / 3 != 2).then_some(i / 3), bonus: side(i % 3) }
    }
}

/// One decision point of a solved duel, for the policy table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Situation {
    pub round: u8,
    /// The side attacking (0 = A).
    pub attacker: usize,
    /// It activates first this round (it won Take the Lead).
    pub first: bool,
    /// Markers on A and B before effort.
    pub markers: [Markers; 2],
    pub contact: bool,
    /// Probability that the duel passes through this point.
    pub reach: f64,
    /// Largest effort the target and the attacker may make here.
    pub limits: (u8, u8),
    /// What the solution plays: (target's effort, attacker's effort).
    pub effort: (u8, u8),
    /// What the sides' per-attack tables would play here.
    pub table: (u8, u8),
}

/// Everything the exact duel gives.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// P(A wins), P(B wins).
    pub win: [f64; 2],
    pub draw: f64,
    /// P(A removed as a casualty), P(B removed as a casualty).
    pub casualty: [f64; 2],
    /// `rounds[k]`: P(the duel lasts exactly k rounds); index 0 unused.
    pub rounds: Vec<f64>,
    /// `down_round[s][k]`: P(side s first puts the other down in round k); index 0: never.
    pub down_round: [Vec<f64>; 2],
    /// Expected markers (★ + ♦) each side placed on the other.
    pub dealt: [f64; 2],
    /// Expected effort ★ each side took (attacking and defending).
    pub effort: [f64; 2],
    /// Every decision point the duel can reach, in decision-point order.
    pub situations: Vec<Situation>,
    pub plan: Plan,
}

impl Solution {
    /// Expected rounds played.
    pub fn mean_rounds(&self) -> f64 {
        self.rounds.iter().enumerate().map(|(k, p)| k as f64 * p).sum()
    }
}

/// The exact duel as a report shows it: the duel as configured, both sides playing the
/// whole-duel optimum, and what that optimum is worth to each side.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The configured policies (what the Monte Carlo duel simulates).
    pub configured: Solution,
    /// Both sides maximising their own chance to win over the whole duel (`optimal-win`).
    pub optimal: Solution,
    /// Side s's P(win) when it makes no effort at all and the other plays its whole-duel best
    /// answer to that.
    pub no_effort: [f64; 2],
    /// Side s's P(win) when it decides each attack alone (`optimal-ko`, the myopic best) and
    /// the other plays its whole-duel best answer.
    pub myopic: [f64; 2],
}

/// Solve the duel as configured, at the whole-duel optimum, and with each side in turn held to
/// no effort and to the per-attack (`optimal-ko`) policy against the other's best answer:
/// six dynamic programmes at most (the configured one is the optimum when both sides play
/// `optimal-win`). [`within_budget`] estimates them all. Stopped by a signal at the next safe
/// point.
pub fn analyse(duel: &Duel) -> Result<Analysis, Interrupted> {
    use super::EffortPolicy::{self, None as NoEffort, Optimal, Win};
    let with = |a: EffortPolicy, b: EffortPolicy| {
        let mut s = duel.setup().clone();
        s.a.effort = a;
        s.b.effort = b;
        Duel::tables(&s)
    };
    let configured = try_solve(duel, duel.deciders())?;
    let optimal = if duel.deciders() == [Decider::Optimize; 2] {
        configured.clone()
    } else {
        try_solve(&with(Win, Win), [Decider::Optimize; 2])?
    };
    let ko = Optimal(crate::systems::bmg3e::rules::objective::Objective::Ko);
    let against = |side: usize, p: EffortPolicy| -> Result<f64, Interrupted> {
        let (d, deciders) = if side == 0 {
            (with(p, Win), [Decider::Table, Decider::Optimize])
        } else {
            (with(Win, p), [Decider::Optimize, Decider::Table])
        };
        Ok(try_solve(&d, deciders)?.win[side])
    };
    Ok(Analysis {
        no_effort: [against(0, NoEffort)?, against(1, NoEffort)?],
        myopic: [against(0, ko)?, against(1, ko)?],
        configured,
        optimal,
    })
}

/// Solve `duel` with each side decided by `deciders` (A, B). For callers that catch no signals
/// (tests, benches); the analyser uses [`try_solve`], after checking [`solve_within_budget`].
pub fn solve(duel: &Duel, deciders: [Decider; 2]) -> Solution {
    try_solve(duel, deciders).expect("no signal handler is installed outside the binary")
}

/// [`solve`], stopped by SIGINT/SIGTERM/SIGHUP at the next safe point. Allocates the dense
/// tables [`estimate`] counts: check the budget first.
pub fn try_solve(duel: &Duel, deciders: [Decider; 2]) -> Result<Solution, Interrupted> {
    let mut s = Solver::new(duel, deciders);
    let start = duel.start;
    s.round_start(1, start, duel.contact, Lead { last_loser: None, bonus: None });
    s.poll.finished()?;
    s.forward()
}

const UNSET: [f64; 2] = [f64::NAN, f64::NAN];

struct Solver<'a> {
    duel: &'a Duel,
    deciders: [Decider; 2],
    space: Space,
    /// P(A wins Take the Lead) by [`Lead::index`].
    lead: [f64; 9],
    /// P(the Endurance check while K.O. passes), per side.
    recover: [f64; 2],
    /// Values at the start of a round: ((r − 1) · pairs + pair) · 2 + contact, then · 9 + lead.
    start: Vec<[f64; 2]>,
    /// Values at each decision point ([`Space::act`]).
    acts: Vec<[f64; 2]>,
    /// Values before the Recount: ((r − 1) · pairs + pair) · 4 + contact · 2 + first.
    recount: Vec<[f64; 2]>,
    decisions: Vec<(u8, u8)>,
    /// The look at the interrupt flag every [`POLL_EVERY`] steps. Once a signal is seen every
    /// step returns at once with a meaningless value and the caller gets `Err`.
    poll: Poll,
    /// Work done so far in [`estimate`]'s units (what its tests hold it to).
    work: u64,
}

impl<'a> Solver<'a> {
    fn new(duel: &'a Duel, deciders: [Decider; 2]) -> Self {
        let space = Space::new([duel.profile(0), duel.profile(1)], duel.rounds);
        let mut lead = [0.0; 9];
        for ll in [None, Some(0), Some(1)] {
            for bonus in [None, Some(0), Some(1)] {
                let l = Lead { last_loser: ll, bonus };
                lead[l.index()] = match ll {
                    None => 0.5, // round 1: no pass yet, ties re-rolled
                    Some(loser) => {
                        let b = [(bonus == Some(0)) as u8, (bonus == Some(1)) as u8];
                        let mut wins = 0u32;
                        for x in 1..=6u8 {
                            for y in 1..=6u8 {
                                let (x, y) = (x + b[0], y + b[1]);
                                wins += (x > y || (x == y && loser == 0)) as u32;
                            }
                        }
                        wins as f64 / 36.0
                    }
                };
            }
        }
        let recover = [0, 1].map(|s| recovery_probability(duel, s));
        let rounds = space.rounds;
        Solver {
            duel,
            deciders,
            space,
            lead,
            recover,
            start: vec![UNSET; rounds * space.pairs() * 2 * 9],
            acts: vec![UNSET; space.acts()],
            recount: vec![UNSET; rounds * space.pairs() * 4],
            decisions: vec![Plan::UNSEEN; space.acts()],
            poll: Poll::every(POLL_EVERY),
            work: 0,
        }
    }

    fn round_start(&mut self, r: usize, m: [Markers; 2], contact: bool, lead: Lead) -> [f64; 2] {
        let i = (((r - 1) * self.space.pairs() + self.space.pair(m)) * 2 + contact as usize) * 9 + lead.index();
        if !self.start[i][0].is_nan() {
            return self.start[i];
        }
        self.work += 1;
        let p = self.lead[lead.index()];
        let a = self.activation(r, 0, m, contact, 0);
        let b = self.activation(r, 0, m, contact, 1);
        let v = [p * a[0] + (1.0 - p) * b[0], p * a[1] + (1.0 - p) * b[1]];
        self.start[i] = v;
        v
    }

    /// Value at a decision point; the attacker is `first` at stage 0, the other at stage 1.
    fn activation(&mut self, r: usize, stage: usize, m: [Markers; 2], contact: bool, first: usize) -> [f64; 2] {
        let i = self.space.act(r, stage, self.space.pair(m), contact, first);
        if !self.acts[i][0].is_nan() {
            return self.acts[i];
        }
        if self.poll.halted() {
            return [0.0; 2];
        }
        let duel = self.duel;
        let s = if stage == 0 { first } else { 1 - first };
        let o = 1 - s;
        let v = if duel.down(s, m[s]) || duel.casualty(o, m[o]) {
            self.next(r, stage, m, contact, first)
        } else {
            let (mode, after_contact) = duel.mode_for(s, m, contact);
            let table = duel.dirs[s].choice(mode, duel.dirs[s].index(m[s], m[o]));
            let effort_possible = !mode.ranged;
            let t_lim = if effort_possible { duel.dirs[s].target_limit(m[o]) } else { 0 };
            let a_lim = if effort_possible { effort_limit(duel.profile(s), m[s]) } else { 0 };
            let ts: Vec<u8> = match self.deciders[o] {
                Decider::Optimize => (0..=t_lim).collect(),
                Decider::Table => vec![table.t],
            };
            let mut best: Option<((u8, u8), [f64; 2])> = None;
            for t in ts {
                let a_options: Vec<u8> = match self.deciders[s] {
                    Decider::Optimize => (0..=a_lim).collect(),
                    Decider::Table => vec![table.answer[t as usize]],
                };
                // The attacker's best answer to `t` (its own chance to win; ties: less effort).
                let mut answer: Option<(u8, [f64; 2])> = None;
                for a in a_options {
                    let v = self.outcome(r, stage, s, mode, (t, a), m, after_contact, first);
                    if answer.is_none_or(|(_, w)| v[s] > w[s] + 1e-12) {
                        answer = Some((a, v));
                    }
                }
                let (a, v) = answer.expect("at least one answer");
                if best.is_none_or(|(_, w)| v[o] > w[o] + 1e-12) {
                    best = Some(((t, a), v));
                }
            }
            let (d, v) = best.expect("at least one declaration");
            self.decisions[i] = d;
            v
        };
        self.acts[i] = v;
        v
    }

    /// Value after side `s` attacks in `mode` with effort `(t, a)`, over the hits it may roll.
    #[allow(clippy::too_many_arguments)]
    fn outcome(
        &mut self,
        r: usize,
        stage: usize,
        s: usize,
        mode: &Mode,
        (t, a): (u8, u8),
        m: [Markers; 2],
        contact: bool,
        first: usize,
    ) -> [f64; 2] {
        let o = 1 - s;
        let duel = self.duel;
        let mut ms = m[s];
        ms.stun += a;
        let tm = Markers { stun: m[o].stun + t, wounds: m[o].wounds };
        let ko = is_ko(duel.profile(o), tm);
        let n = (mode.base_dice + a as u32).saturating_sub(t as u32);
        let mut v = [0.0; 2];
        let dist = &mode.dists[n as usize][ko as usize];
        self.work += dist.len() as u64;
        for (h, &p) in dist.iter().enumerate() {
            if p == 0.0 {
                continue;
            }
            let d = apply_hits(duel.profile(o), tm, mode.per_hit, h as u32, &duel.readings);
            let mut next = m;
            next[s] = ms;
            next[o] = Markers { stun: tm.stun + d.stun, wounds: tm.wounds + d.wounds };
            let w = self.next(r, stage, next, contact, first);
            v[0] += p * w[0];
            v[1] += p * w[1];
        }
        v
    }

    /// Value after activation `stage`: the second activation, or the Recount.
    fn next(&mut self, r: usize, stage: usize, m: [Markers; 2], contact: bool, first: usize) -> [f64; 2] {
        if stage == 0 { self.activation(r, 1, m, contact, first) } else { self.recount(r, m, contact, first) }
    }

    fn recount(&mut self, r: usize, m: [Markers; 2], contact: bool, first: usize) -> [f64; 2] {
        let i = ((r - 1) * self.space.pairs() + self.space.pair(m)) * 4 + contact as usize * 2 + first;
        if !self.recount[i][0].is_nan() {
            return self.recount[i];
        }
        if self.poll.halted() {
            return [0.0; 2];
        }
        self.work += 1;
        let mut v = [0.0; 2];
        for (p, after, lead) in self.recount_outcomes(m, first) {
            let w = self.end_of_round(r, after, contact, lead);
            v[0] += p * w[0];
            v[1] += p * w[1];
        }
        self.recount[i] = v;
        v
    }

    /// The Recount's outcomes (probability, markers after, next round's Take the Lead
    /// modifiers): non-K.O. fighters shed a ★, K.O. ones recover (shed a ★) or stay K.O.
    fn recount_outcomes(
        &self,
        m: [Markers; 2],
        first: usize,
    ) -> impl Iterator<Item = (f64, [Markers; 2], Lead)> + use<'a> {
        let duel = self.duel;
        let second = 1 - first;
        // The second side was down after the first activation (nothing else puts it down before
        // the Recount): a pass it could not use, +1 next round.
        let lead = Lead { last_loser: Some(second), bonus: duel.down(second, m[second]).then_some(second) };
        let ko = [0, 1].map(|s| !duel.casualty(s, m[s]) && is_ko(duel.profile(s), m[s]));
        let mut base = m;
        for s in 0..2 {
            if !duel.casualty(s, m[s]) && !ko[s] {
                base[s].stun = base[s].stun.saturating_sub(1);
            }
        }
        let recover = self.recover;
        (0..4usize).filter_map(move |k| {
            let mut p = 1.0;
            let mut after = base;
            for s in 0..2 {
                let recovers = (k >> s) & 1 == 1;
                if !ko[s] {
                    if recovers {
                        return None; // only K.O. fighters roll
                    }
                    continue;
                }
                p *= if recovers { recover[s] } else { 1.0 - recover[s] };
                if recovers {
                    after[s].stun -= 1;
                }
            }
            (p > 0.0).then_some((p, after, lead))
        })
    }

    /// After the Recount: the duel is over (a side is out, or the round limit), or goes on.
    fn end_of_round(&mut self, r: usize, m: [Markers; 2], contact: bool, lead: Lead) -> [f64; 2] {
        let out = [self.duel.down(0, m[0]), self.duel.down(1, m[1])];
        if out[0] || out[1] || r == self.space.rounds {
            [(out[1] && !out[0]) as u8 as f64, (out[0] && !out[1]) as u8 as f64]
        } else {
            self.round_start(r + 1, m, contact, lead)
        }
    }

    /// Walk the solved duel forwards from its start, once, collecting the distributions; stopped
    /// by a signal like the solve (it walks as many entries).
    // One walk, kept whole: the round start, the two activations and the Recount share the
    // index closures over the dense tables and the solution being filled in; cut into pieces,
    // each would take and hand back all of them.
    fn forward(self) -> Result<Solution, Interrupted> {
        let mut poll = Poll::every(POLL_EVERY);
        let duel = self.duel;
        let sp = self.space;
        let rounds = sp.rounds;
        let mut sol = Solution {
            win: [0.0; 2],
            draw: 0.0,
            casualty: [0.0; 2],
            rounds: vec![0.0; rounds + 1],
            down_round: [vec![0.0; rounds + 1], vec![0.0; rounds + 1]],
            dealt: [0.0; 2],
            effort: [0.0; 2],
            situations: Vec::new(),
            plan: Plan { space: sp, deciders: self.deciders, decisions: Vec::new() },
        };
        let mut reach = vec![0.0; sp.acts()];
        // Probability mass over (markers pair, contact, Take the Lead modifiers, which sides have
        // already put the other down: 2 bits), at the start of a round.
        let flags = 4;
        let start_index =
            |pair: usize, c: bool, lead: Lead, fl: usize| ((pair * 2 + c as usize) * 9 + lead.index()) * flags + fl;
        let mut start = vec![0.0; sp.pairs() * 2 * 9 * flags];
        start[start_index(sp.pair(duel.start), duel.contact, Lead { last_loser: None, bonus: None }, 0)] = 1.0;
        // Within a round: (decision point of the stage, down flags).
        let stage_index =
            |pair: usize, c: bool, first: usize, fl: usize| ((pair * 4) + c as usize * 2 + first) * flags + fl;
        let stage_len = sp.pairs() * 4 * flags;
        let ko_round_flag = |s: usize| 1usize << s;
        for r in 1..=rounds {
            let mut stage = vec![0.0; stage_len];
            for (i, &p) in start.iter().enumerate() {
                if p == 0.0 {
                    continue;
                }
                let fl = i % flags;
                let rest = i / flags;
                let lead = Lead::from_index(rest % 9);
                let (pair, c) = (rest / 9 / 2, rest / 9 % 2 == 1);
                let pa = self.lead[lead.index()];
                stage[stage_index(pair, c, 0, fl)] += p * pa;
                stage[stage_index(pair, c, 1, fl)] += p * (1.0 - pa);
            }
            for st in 0..2 {
                let mut next = vec![0.0; stage_len];
                for (i, &p) in stage.iter().enumerate() {
                    if p == 0.0 {
                        continue;
                    }
                    poll.tick()?;
                    let fl = i % flags;
                    let rest = i / flags;
                    let (pair, c, first) = (rest / 4, (rest % 4) / 2 == 1, rest % 2);
                    let m = sp.unpair(pair);
                    let s = if st == 0 { first } else { 1 - first };
                    let o = 1 - s;
                    if duel.down(s, m[s]) || duel.casualty(o, m[o]) {
                        next[i] += p;
                        continue;
                    }
                    let ai = sp.act(r, st, pair, c, first);
                    reach[ai] += p;
                    let (t, a) = self.decisions[ai];
                    let (mode, c2) = duel.mode_for(s, m, c);
                    sol.effort[s] += p * a as f64;
                    sol.effort[o] += p * t as f64;
                    let tm = Markers { stun: m[o].stun + t, wounds: m[o].wounds };
                    let ko = is_ko(duel.profile(o), tm);
                    let n = (mode.base_dice + a as u32).saturating_sub(t as u32);
                    for (h, &q) in mode.dists[n as usize][ko as usize].iter().enumerate() {
                        if q == 0.0 {
                            continue;
                        }
                        let d = apply_hits(duel.profile(o), tm, mode.per_hit, h as u32, &duel.readings);
                        let mut after = m;
                        after[s].stun += a;
                        after[o] = Markers { stun: tm.stun + d.stun, wounds: tm.wounds + d.wounds };
                        sol.dealt[s] += p * q * (d.stun + d.wounds) as f64;
                        let mut fl2 = fl;
                        if duel.down(o, after[o]) && fl & ko_round_flag(s) == 0 {
                            sol.down_round[s][r] += p * q;
                            fl2 |= ko_round_flag(s);
                        }
                        next[stage_index(sp.pair(after), c2, first, fl2)] += p * q;
                    }
                }
                stage = next;
            }
            let mut following = vec![0.0; start.len()];
            for (i, &p) in stage.iter().enumerate() {
                if p == 0.0 {
                    continue;
                }
                let fl = i % flags;
                let rest = i / flags;
                let (pair, c, first) = (rest / 4, (rest % 4) / 2 == 1, rest % 2);
                for (q, after, lead) in self.recount_outcomes(sp.unpair(pair), first) {
                    let out = [duel.down(0, after[0]), duel.down(1, after[1])];
                    if out[0] || out[1] || r == rounds {
                        let pq = p * q;
                        sol.rounds[r] += pq;
                        match out {
                            [false, true] => sol.win[0] += pq,
                            [true, false] => sol.win[1] += pq,
                            _ => sol.draw += pq,
                        }
                        for (s, &ms) in after.iter().enumerate() {
                            if duel.casualty(s, ms) {
                                sol.casualty[s] += pq;
                            }
                            if fl & ko_round_flag(s) == 0 {
                                sol.down_round[s][0] += pq;
                            }
                        }
                    } else {
                        following[start_index(sp.pair(after), c, lead, fl)] += p * q;
                    }
                }
            }
            start = following;
        }
        for (i, &p) in reach.iter().enumerate() {
            if p == 0.0 {
                continue;
            }
            let (round, stage, pair, contact, first) = sp.unact(i);
            let m = sp.unpair(pair);
            let s = if stage == 0 { first } else { 1 - first };
            let (mode, _) = duel.mode_for(s, m, contact);
            let ranged = mode.ranged;
            let table = duel.dirs[s].choice(mode, duel.dirs[s].index(m[s], m[1 - s]));
            sol.situations.push(Situation {
                round: round as u8,
                attacker: s,
                first: stage == 0,
                markers: m,
                contact,
                reach: p,
                limits: if ranged {
                    (0, 0)
                } else {
                    (duel.dirs[s].target_limit(m[1 - s]), effort_limit(duel.profile(s), m[s]))
                },
                effort: self.decisions[i],
                table: (table.t, table.answer[table.t as usize]),
            });
        }
        sol.plan.decisions = self.decisions;
        Ok(sol)
    }
}

/// P(an Endurance check while K.O. passes): Special − 1 dice (at least one), the two lowest
/// (or the one-die reading), at most Endurance — from the same distributions the exact
/// evaluator uses, checked die by die in `exact::dists`.
fn recovery_probability(duel: &Duel, s: usize) -> f64 {
    let p = duel.profile(s);
    let n = (p.special as u32).saturating_sub(1).max(1);
    let dist = if n == 1 {
        match duel.readings.check_with_one_die {
            OneDie::Plain2d6 => dists::sum(2),
            OneDie::SingleDie => Ok(dists::d6()),
        }
    } else {
        dists::keep_two(n, true)
    }
    .expect("a handful of dice fits");
    let pass: u128 =
        dist.values.iter().zip(&dist.weights).filter(|&(&v, _)| v <= p.endurance as u32).map(|(_, &w)| w).sum();
    pass as f64 / dist.total as f64
}

#[cfg(test)]
mod tests {
    use super::super::{DuelSetup, EffortPolicy, Fighter};
    use super::*;
    use crate::systems::bmg3e::rules::{Objective, Profile, Readings, Weapon};

    /// Two equal cards (Attack `a`, Defense `d`, Willpower and Endurance `we`) with ★♦ weapons.
    fn duel(rounds: u8, (a, d, we): (u8, u8, u8), effort: [EffortPolicy; 2]) -> Duel {
        let profile =
            Profile { attack: a, defense: d, strength: 2, willpower: we, endurance: we, special: 8, movement: 4 };
        let mut weapon = Weapon::unarmed();
        weapon.damage = Markers { stun: 1, wounds: 1 };
        let f = |effort| Fighter {
            profile: profile.clone(),
            weapon: weapon.clone(),
            effort,
            start: Markers::default(),
            melee_weapon: Weapon::unarmed(),
        };
        Duel::new(&DuelSetup { a: f(effort[0]), b: f(effort[1]), rounds, readings: Readings::default(), contact: true })
    }

    /// Where the budget sits, from the estimate alone (nothing is solved): the report's
    /// analysis of cards at the top of every range over 12 rounds is over it (1.4·10⁹); one
    /// solve of them, an `optimal-win` plan, fits (6.7·10⁸), so no in-range plan is refused;
    /// the same cards with Willpower and Endurance 20 (out of range, only reachable from the
    /// library) are over it for the plan too. Small duels are far inside.
    #[test]
    fn the_budget_admits_every_in_range_plan_and_not_the_largest_analyses() {
        let win = [EffortPolicy::Win; 2];
        let top = duel(12, (10, 1, 12), win);
        // 12 rounds × 2 activations × 169² marker pairs × 4 (contact, first) / 2 per attacker,
        // × 2 sides × 4 × 4 effort pairs × 15 hit counts (13 dice with +3 effort, + Strength
        // die, + none); + 12 × 169² × 34 round-start and Recount entries.
        assert_eq!(estimate(&top, [Decider::Optimize; 2]), 1_370_928 * 480 + 11_652_888);
        assert!(plan_within_budget(&top).is_ok());
        let over = within_budget(&top).expect_err("the analysis of the top cards is over the budget");
        assert_eq!(over.budget, BUDGET);
        assert!(over.to_string().contains("over the budget of 1.0e9"), "{over}");
        assert!(plan_within_budget(&duel(12, (10, 1, 20), win)).is_err());
        let ko = EffortPolicy::Optimal(Objective::Ko);
        let small = duel(4, (5, 4, 8), [ko, EffortPolicy::Max]);
        assert!(within_budget(&small).is_ok() && plan_within_budget(&small).is_ok());
        assert!(estimate(&small, [Decider::Optimize; 2]) < BUDGET / 20);
    }

    /// The bundled duel (Batman vs Bruiser, 4 rounds) is far inside the budget: its report
    /// keeps its exact figures (and its numbers), with room to spare.
    #[test]
    fn the_bundled_duel_is_far_inside_the_budget() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-3e/duel-batman-vs-bruiser.toml");
        let (sc, _) = crate::config::load_in(&[&crate::systems::bmg3e::System], &path, &Default::default(), None)
            .expect("bundled");
        let Some(crate::systems::bmg3e::rules::Trial3e::Duel(d)) = sc.cells[0].trial.downcast() else {
            panic!("a 2019 duel")
        };
        let analysis = estimate(d, d.deciders())
            + 2 * (estimate(d, [Decider::Table, Decider::Optimize]) + estimate(d, [Decider::Optimize, Decider::Table]))
            + estimate(d, [Decider::Optimize; 2]);
        assert!(within_budget(d).is_ok() && analysis < BUDGET / 10, "{analysis}");
    }

    /// The estimate bounds the work the solver does: the hit counts it really evaluates (every
    /// `outcome` call's loop) and the round-start and Recount entries it values, counted as it
    /// solves small duels with each pair of deciders.
    #[test]
    fn the_estimate_bounds_the_solvers_work() {
        for d in
            [duel(3, (4, 3, 5), [EffortPolicy::Win, EffortPolicy::Max]), duel(6, (10, 1, 6), [EffortPolicy::Win; 2])]
        {
            for deciders in [[Decider::Optimize; 2], [Decider::Table, Decider::Optimize], [Decider::Table; 2]] {
                let mut s = Solver::new(&d, deciders);
                s.round_start(1, d.start, d.contact, Lead { last_loser: None, bonus: None });
                let bound = estimate(&d, deciders);
                assert!(s.work <= bound, "{deciders:?}: {} over the estimate {bound}", s.work);
            }
        }
    }
}
