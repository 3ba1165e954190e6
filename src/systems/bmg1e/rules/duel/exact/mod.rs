//! The 2013 duel, exactly: a Markov chain over the state between two rounds, solved by dynamic
//! programming, with each side's counter split chosen to win the whole duel.
//!
//! Between two rounds a 2013 duel is fully described by the Take-the-Lead counters left in the
//! bag (which also tells the round), the markers on each fighter, who lies down and how much of
//! a *Power Armor* is used ([`Pos`]). A round is: the bag draw, both sides raising their plan,
//! the leader's activation, the other's, the Casualty Recount. Each of those steps is the
//! sampled duel's own code ([`Duel::raise_plan`], [`Duel::activate`], [`Duel::recount`]) run under
//! the exact evaluator ([`crate::exact::outcomes`]), which gives the joint law of the state after
//! it; nothing of the rules is written twice. The steps met from the start, with every split
//! the sides may place, form a graph built once, round by round on every core (each law walked
//! once per thread, each attack's dice once for every round that makes it); [`solve`] computes
//! each state's pair P(A wins), P(B wins) backwards from the end over it (memoised, visiting only
//! the states its splits reach), then walks forwards once for the distributions the report shows. [`analyse`] runs its eight
//! dynamic programmes over one graph, in parallel: each sums the same terms in the same order
//! whatever the thread count, so its figures are the same to the last bit.
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
//! rounding (about 1e-15). Pure: no I/O; threads only through rayon, deterministically.
//!
//! The solver is four files: the law of each step ([`laws`]), the graph of every state and step
//! ([`graph`]), one dynamic programme over it ([`dp`]) and what a solve gives ([`solution`]);
//! this one holds the budget and the entry points ([`solve`], [`plan`], [`analyse`]). What the
//! solver and the sampled duel share (the [`Decider`], the [`SplitPlan`]) is in `duel/plan.rs`.

mod dp;
mod graph;
mod laws;
mod solution;

use super::Duel;
use super::plan::Split;
use crate::exact::{Budget, NoExact, outcomes};
use crate::interrupt::Interrupted;
use crate::systems::batman::markers::Markers;
use crate::systems::bmg1e::rules::attack::POWER_ARMOR_MARKERS;
use crate::systems::bmg1e::rules::counters::{available, full_splits};
use dp::Dp;
use graph::build;

pub use super::plan::{Decider, SplitPlan};
pub use solution::{Situation, Solution};

/// The most work an exact 2013 duel may take, in the units of [`estimate`] (rounds valued ×
/// outcome sequences of the largest activation). Set when the solver took 1 to 4 ns per unit
/// on this project's 2-core machine (release build, other builds running): the bundled duel
/// (Batman vs Bruiser, 6 rounds) estimates 3.1·10⁸ and its whole analysis took 0.4 s;
/// Willpower 12, Attack/Defense 10, Endurance 8 over 2 rounds estimated 4.6·10⁹ and took 14 s,
/// Endurance 15 3.0·10¹⁰ and 43 s. Since the analysis builds one graph of the duel's steps
/// for all its dynamic programmes and rolls each attack once, a unit costs 0.05 to 0.2 ns
/// (same machine, same load): the bundled duel's analysis takes 55 ms, and duels of 1.2·10⁹,
/// 5.6·10⁹ and 1.3·10¹⁰ units (both fighters Willpower 12, Attack/Defense 10, Endurance 8,
/// 12 and 15, over 2 rounds) 0.21, 0.55 and 0.69 s. The budget is kept as it was: it decides
/// which duels are refused, so every duel accepted before is accepted now, and now solves
/// in well under a second. Over it, a duel is sampled (its exact-duel tables left out, with a
/// note saying why), an `optimal-win` fighter (whose plan is this solve) and `exact = true`
/// are refused.
pub const BUDGET: u64 = 1_500_000_000;

/// The most time a unit of [`estimate`] takes (see [`BUDGET`]), in nanoseconds: a whole run's
/// estimate of its solves ([`crate::analysis::duel::SolveWork`]) is at most about this per
/// unit. The estimate bounds the states loosely for large cards (1.2·10⁹ units solve in
/// ~0.11 s, 0.1 ns a unit) and closely for the bundled-size ones (4·10⁷ to 7·10⁸ units at
/// 0.21–0.25 ns a unit once the ~2 ms every solve costs is taken off): the 680 solves of
/// `benches/balance/twenty-fighters-2013.toml` estimate 3.7·10¹⁰ units and took 14.4 s one
/// after another (release, one thread, 2026-11-30), and 9.6–10.1 s on two threads, which share
/// the machine's memory (the graph's look-ups wait on it). 0.2 said "at most about 4.8 s" on
/// two threads; 0.55 says 11.3 s, an upper bound on both counts.
pub const NS_PER_UNIT: f64 = 0.55;

/// The most memory a unit of [`estimate`] took, in bytes (the graph of a solve is not
/// proportional to its estimate, which bounds the states loosely for large cards: this is the
/// largest ratio measured, with room). Growth of the peak resident memory over one solve
/// (release build, one thread, this project's machine): two `optimal-win` cards of Willpower
/// 12, Attack and Defense 10, Endurance 8 over 2 rounds, 1.2·10⁹ units, 28 MB (0.024 bytes per
/// unit); the largest solve of the twenty bundled-size fighters of
/// `benches/balance/twenty-fighters-2013.toml`, 3.6·10⁸ units, 15 MB (0.044).
pub const BYTES_PER_UNIT: f64 = 0.06;

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

/// Whether every attack either side can make lists its outcome law exactly (a fighter with many
/// dice and rerolls — Robin's bo staff against a Defense split — can need a denominator beyond
/// 128 bits): checked once per duel before a solve, so the solve never meets one. Markers and
/// armour do not change an attack's dice, so they are walked unmarked.
fn enumerable(duel: &Duel) -> bool {
    let mut rolls = crate::exact::Rolls::default();
    for attack in duel.tables.iter().flat_map(|t| t.all()) {
        let law = crate::exact::outcomes_with(
            &mut rolls,
            |dice| attack.resolve_from(dice, Markers::default(), 0).1.applied.stun_added,
            Budget::EXPLICIT,
        );
        match law {
            Ok(_) => {}
            // A signal: the run stops at its next look at the flag; walk no further.
            Err(NoExact::Interrupted(_)) => return true,
            Err(_) => return false,
        }
    }
    true
}

/// Work of one [`solve`] with `deciders`, estimated before anything is solved: an upper
/// bound on the rounds valued (decision point × the split pair of each side), each of which
/// costs an exact activation law. Decision points after `k` rounds are bounded by the bag
/// states a `k`-th draw can leave, times the markers each side can carry by then (its start
/// plus `k` times the most one activation places, below K.O.), times who lies down (4) and
/// each *Power Armor*'s use (0–3). Cheap: eight one-attack laws and arithmetic.
pub fn estimate(duel: &Duel, deciders: [Decider; 2]) -> u64 {
    if !enumerable(duel) {
        // Refused as over any budget (its message says why): the solve would meet an attack
        // whose law cannot be listed.
        return u64::MAX;
    }
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
    let g = build(duel, deciders)?;
    Dp::new(duel, &g, deciders).with_first_downs().solve()
}

/// Solve the duel with `deciders` and keep the splits chosen in every situation; stopped by a
/// signal at the next safe point.
pub fn plan(duel: &Duel, deciders: [Decider; 2]) -> Result<SplitPlan, Interrupted> {
    let g = build(duel, deciders)?;
    let mut dp = Dp::new(duel, &g, deciders);
    dp.value(g.root);
    dp.poll.finished()?;
    Ok(dp.plan())
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
/// policy against the other's best answer: eight dynamic programmes over one graph (built for
/// both sides planning, which holds every split the others place), run in parallel; each is
/// the same computation whatever the thread count.
/// Stopped by a signal at the next safe point. Its largest solve, both sides planning, is
/// what [`within_budget`] estimates.
pub fn analyse(duel: &Duel) -> Result<Analysis, Interrupted> {
    use rayon::prelude::*;
    let g = build(duel, [Decider::Optimize; 2])?;
    let mut runs = vec![duel.deciders(), [Decider::Optimize; 2]];
    for s in 0..2 {
        for &(_, split) in &Split::ALL {
            let mut d = [Decider::Optimize; 2];
            d[s] = Decider::Fixed(split);
            runs.push(d);
        }
    }
    // The configured programme (the first) also gives the rounds of the first K.O., as a
    // solve does.
    let solved: Vec<Result<Solution, Interrupted>> = runs
        .par_iter()
        .enumerate()
        .map(|(i, &d)| if i == 0 { Dp::new(duel, &g, d).with_first_downs() } else { Dp::new(duel, &g, d) }.solve())
        .collect();
    let mut solved = solved.into_iter();
    let mut next = || solved.next().expect("one solution per run");
    let configured = next()?;
    let optimal = next()?;
    let mut fixed = [[0.0; 3]; 2];
    for (s, side) in fixed.iter_mut().enumerate() {
        for f in side.iter_mut() {
            *f = next()?.win[s];
        }
    }
    Ok(Analysis { configured, optimal, fixed })
}

// The duel's preparation lives here, beside the solver it calls: `duel/mod.rs` holds the duel
// and its plan, and the solver uses them, so the uses run one way.
impl Duel {
    /// Solve the whole-duel split plan if a side plays `optimal-win` and it is not solved yet:
    /// the run does this before it samples (the loader has checked it fits [`BUDGET`]). Stopped
    /// by a signal at the next safe point.
    pub fn prepare(&self) -> Result<(), Interrupted> {
        if self.plans() && self.plan.get().is_none() {
            let plan = plan(self, self.deciders())?;
            // Another thread may have set it meanwhile: the same plan either way.
            let _ = self.plan.set(std::sync::Arc::new(plan));
        }
        Ok(())
    }
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
        for (s, (got, want)) in an.fixed.iter().zip(&fixed).enumerate() {
            for (k, (&got, &want)) in got.iter().zip(want).enumerate() {
                close(&format!("side {s} held to split {k}"), got, want);
            }
        }
        // The round each side first puts the other down: a distribution over "never" and
        // rounds 1..=6, and a winner must have put the loser down at some point.
        for side in 0..2 {
            let d = &c.down_round[side];
            assert_eq!(d.len(), rounds.len());
            close(&format!("side {side}'s first-K.O. rounds sum"), d.iter().sum(), 1.0);
            assert!(d[1..].iter().sum::<f64>() >= c.win[side] - 1e-12, "side {side}: {d:?}");
        }
        // One configured solve (what a balance test runs per pair) is the analysis' first.
        assert_eq!(&solve(&bundled(), bundled().deciders()), c);
    }

    /// The analysis runs its dynamic programmes in parallel: the same figures, to the last bit,
    /// on one thread and on two.
    #[test]
    fn the_analysis_is_the_same_on_any_number_of_threads() {
        let d = bundled();
        let on = |threads: usize| {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("a pool");
            pool.install(|| analyse(&d).expect("no signal"))
        };
        assert_eq!(on(1), on(2));
    }
}
