//! A sequence of attacks as a scenario cell ([`GangTrial`]): the listed order, solved once —
//! its exact tally where 128-bit fractions hold it, the figures of every order a report compares
//! — and sampled on the rules' own dice code with the same choices, so a Monte Carlo run checks
//! the dynamic programming.

use super::contract::{GangRules, MAX_TURNS};
use super::figures::{GangFigures, METHOD, OrderFigures};
use super::search::{self, Plan};
use super::tables::Tables;
use super::walk::{self, ExactWalk};
use crate::analysis::cell::{Tail, TrialInfo};
use crate::dice::Dice;
use crate::engine::{Outcome, Shape, Tally, Trial};
use crate::exact::{Budget, NoExact};
use crate::interrupt::Interrupted;
use std::sync::{Arc, OnceLock};

/// The event names of P(out by the end of turn k).
const BY_TURN: [&str; MAX_TURNS as usize] =
    ["target_out_turn_1", "target_out_turn_2", "target_out_turn_3", "target_out_turn_4"];

/// A sequence solved once (or why it could not be), shared by the cell's clones.
type Solution<R> = Result<Arc<Solved<<R as GangRules>::State, <R as GangRules>::Roll>>, NoExact>;

/// The tables of a sequence built once (or why they could not be), shared by the cell's clones.
type Built<S> = Result<Arc<Tables<S>>, NoExact>;

/// A system's attackers against one target, as a cell.
#[derive(Clone)]
pub struct GangTrial<R: GangRules> {
    pub rules: R,
    tables: Arc<OnceLock<Built<R::State>>>,
    solved: Arc<OnceLock<Solution<R>>>,
}

struct Solved<S, Roll> {
    tables: Arc<Tables<S>>,
    listed: Plan,
    /// The listed order's attack at each position from each state it can be in, ready to roll
    /// (`None`: out); from a state waiting in the middle of an attack, that step of it.
    rolls: Vec<Vec<Option<Roll>>>,
    figures: GangFigures,
    exact: Result<ExactWalk, NoExact>,
}

impl<R: GangRules> GangTrial<R> {
    pub fn new(rules: R) -> GangTrial<R> {
        GangTrial { rules, tables: Arc::new(OnceLock::new()), solved: Arc::new(OnceLock::new()) }
    }

    /// The target's states and laws, built once.
    fn tables(&self) -> &Built<R::State> {
        self.tables.get_or_init(|| Tables::build(&self.rules, &mut R::Scratch::default()).map(Arc::new))
    }

    /// `Err` (why, in words) when the sequence cannot be solved within its budgets: its laws
    /// have no exact answer, its states, their laws and the search would hold more than
    /// [`MEMORY_BUDGET`](super::memory::MEMORY_BUDGET), or the search would visit more than
    /// [`WORK_BUDGET`](super::budget::WORK_BUDGET) law items. Every system's reader asks it when the
    /// scenario is read, so a run never starts what it cannot finish; the tables built here are
    /// the solve's (the build stops as soon as it is over the budget).
    pub fn within_budget(&self) -> Result<(), String> {
        match self.tables() {
            Ok(t) => {
                let counts: Vec<usize> = t.members.iter().map(Vec::len).collect();
                let work = super::budget::solve_work(t.items, t.plays.len(), &counts, t.turns);
                if work > super::budget::WORK_BUDGET {
                    return Err(super::budget::over_work(work));
                }
                Ok(())
            }
            Err(NoExact::Interrupted(_)) => Ok(()),
            Err(e) => Err(e.to_string()),
        }
    }

    fn positions(&self) -> usize {
        self.rules.attackers() * self.rules.turns() as usize
    }

    /// Solve once: the tables, the listed order's plan, the search over orders, the walks.
    fn solved(&self) -> &Solution<R> {
        self.solved.get_or_init(|| self.solve().map(Arc::new))
    }

    fn solve(&self) -> Result<Solved<R::State, R::Roll>, NoExact> {
        let r = &self.rules;
        let tables = self.tables().clone()?;
        let listed_order: Vec<usize> = (0..r.attackers()).collect();
        let listed = search::plan(r, &tables, &listed_order).map_err(NoExact::Interrupted)?;
        let orders = search::search(r, &tables).map_err(NoExact::Interrupted)?;
        let adaptive = search::adaptive(r, &tables).map_err(NoExact::Interrupted)?;
        let ways = r.ways().len();
        let figures_of = |order: &[usize]| -> Result<OrderFigures, NoExact> {
            let p = search::plan(r, &tables, order).map_err(NoExact::Interrupted)?;
            Ok(walk::walk(&tables, &p, ways).figures(order.to_vec()))
        };
        let figures = GangFigures {
            method: METHOD,
            attackers: (0..r.attackers()).map(|i| r.label(i)).collect(),
            goal: r.goal(),
            between: r.between(),
            turns: r.turns(),
            ways: r.ways().to_vec(),
            states: tables.len(),
            orders: orders.orders,
            listed: walk::walk(&tables, &listed, ways).figures(listed_order.clone()),
            best: figures_of(&orders.best.1)?,
            worst: figures_of(&orders.worst.1)?,
            adaptive: walk::walk_adaptive(&tables, &adaptive, ways).figures(Vec::new()),
        };
        let exact = walk::walk_exact(&tables, &listed, ways, r.max_damage() as usize);
        let rolls = (0..listed.slots.len())
            .map(|p| {
                (0..tables.len())
                    .map(|s| {
                        let st = tables.states[s];
                        r.out(st)
                            .is_none()
                            .then(|| r.roll(listed.order[p % r.attackers()], listed.ctxs[p], st, listed.policy[p][s]))
                    })
                    .collect()
            })
            .collect();
        Ok(Solved { tables, listed, rolls, figures, exact })
    }

    /// The figures a report shows; `Err` says why there are none.
    pub fn figures(&self) -> Result<&GangFigures, String> {
        match self.solved() {
            Ok(s) => Ok(&s.figures),
            Err(e) => Err(e.to_string()),
        }
    }

    fn tally(&self, e: &ExactWalk) -> Tally {
        let shape = self.shape();
        let mut t = Tally::new(&shape);
        let n = self.positions();
        let out: u128 = e.out_at.iter().sum();
        for (p, &x) in e.out_at.iter().enumerate() {
            t.hists[0][p + 1] = x;
        }
        t.hists[0][n + 1] = e.den - out;
        for (v, &x) in e.damage.iter().enumerate() {
            if v < t.hists[1].len() {
                t.hists[1][v] = x;
            }
        }
        t.events[0] = out;
        let ways = self.rules.ways().len();
        for (w, &x) in e.ways.iter().enumerate() {
            t.events[1 + w] = x;
        }
        let a = self.rules.attackers();
        for k in 0..self.rules.turns() as usize {
            t.events[1 + ways + k] = e.out_at[..(k + 1) * a].iter().sum();
        }
        t.trials = e.den;
        t.exact = true;
        t
    }
}

impl<R: GangRules> PartialEq for GangTrial<R> {
    fn eq(&self, other: &Self) -> bool {
        self.rules == other.rules
    }
}

/// The rules alone: a shard's fingerprint is built from it.
impl<R: GangRules> std::fmt::Debug for GangTrial<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GangTrial").field("rules", &self.rules).finish()
    }
}

impl<R: GangRules> Trial for GangTrial<R> {
    fn shape(&self) -> Shape {
        let mut events = vec!["target_out"];
        events.extend_from_slice(self.rules.ways());
        events.extend_from_slice(&BY_TURN[..self.rules.turns() as usize]);
        Shape::new(
            vec![("attackers_to_out", self.positions() + 1), ("damage_taken", self.rules.max_damage() as usize)],
            events,
        )
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let Ok(sol) = self.solved() else { unreachable!("a sequence is solved before it is sampled (`prepare`)") };
        let r = &self.rules;
        let n = r.attackers();
        let ways = r.ways().len();
        let mut o = Outcome::default();
        let mut s = r.sample_start(dice);
        let plan = &sol.listed;
        for p in 0..plan.slots.len() {
            if r.out(s).is_some() {
                break;
            }
            if p > 0 && p % n == 0 {
                s = r.sample_between_turns(s, dice);
            }
            for k in 0..sol.tables.stages {
                if r.stage(s) == k
                    && let Some(roll) = &sol.rolls[p][sol.tables.number(s) as usize]
                {
                    s = r.sample(roll, s, dice);
                }
            }
            if let Some(w) = r.out(s) {
                o.metrics[0] = (p + 1) as u16;
                o.flag(0, true);
                o.flag(1 + w, true);
                for k in p / n..r.turns() as usize {
                    o.flag(1 + ways + k, true);
                }
                o.metrics[1] = r.damage(s);
                return o;
            }
        }
        o.metrics[0] = (self.positions() + 1) as u16;
        o.metrics[1] = r.damage(s);
        o
    }
}

impl<R: GangRules> TrialInfo for GangTrial<R> {
    fn unit(&self) -> &'static str {
        "sequence of attacks"
    }
    fn headline_metrics(&self) -> &'static [&'static str] {
        &["attackers_to_out", "damage_taken"]
    }
    fn key_events(&self) -> Vec<&'static str> {
        let mut e = vec!["target_out"];
        e.extend_from_slice(self.rules.ways());
        e
    }
    fn default_measure(&self) -> Option<&'static str> {
        Some("target_out")
    }
    fn value_label(&self, metric: &str, v: usize) -> Option<String> {
        (metric == "attackers_to_out" && v == self.positions() + 1).then(|| "not out".to_string())
    }
    fn tail(&self, metric: &str) -> Tail {
        if metric == "attackers_to_out" { Tail::AtMost } else { Tail::AtLeast }
    }
    fn tail_name(&self, metric: &str) -> Option<String> {
        (metric == "attackers_to_out").then(|| "P(out within k attacks)".to_string())
    }
    fn own_exact(&self, _budget: Budget) -> Option<Result<Tally, NoExact>> {
        Some(match self.solved() {
            Ok(s) => s.exact.as_ref().map(|e| self.tally(e)).map_err(Clone::clone),
            Err(e) => Err(e.clone()),
        })
    }
    fn prepare(&self) -> Result<(), Interrupted> {
        match self.solved() {
            Err(NoExact::Interrupted(i)) => Err(*i),
            _ => Ok(()),
        }
    }
    fn gang(&self) -> Option<Result<&GangFigures, String>> {
        Some(self.figures())
    }
}
