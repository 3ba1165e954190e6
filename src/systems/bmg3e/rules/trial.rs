//! Every 2019 trial a scenario cell can hold, and what the reports and the run need to know about
//! each ([`TrialInfo`]): the 2019 edition's entry point into the generic cell layer.

use super::attack::Attack;
use super::check::{Check, CheckKind};
use super::duel::Duel;
use crate::analysis::cell::{Tail, TrialInfo};
use crate::analysis::duel::{DuelOutcome, ExactFigures};
use crate::dice::Dice;
use crate::engine::{Outcome, Shape, Trial};

/// A 2019 trial (static dispatch inside; one dynamic call per chunk from the engine).
// A cell holds one of these behind an `Arc`, so the duel's size costs nothing; boxing it would
// add a pointer chase to every sampled duel.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum Trial3e {
    Attack(Attack),
    Check(Check),
    Duel(Duel),
}

impl Trial for Trial3e {
    fn shape(&self) -> Shape {
        match self {
            Trial3e::Attack(a) => a.shape(),
            Trial3e::Check(c) => c.shape(),
            Trial3e::Duel(d) => d.shape(),
        }
    }

    #[inline]
    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        match self {
            Trial3e::Attack(a) => a.run(dice),
            Trial3e::Check(c) => c.run(dice),
            Trial3e::Duel(d) => d.run(dice),
        }
    }
}

impl TrialInfo for Trial3e {
    /// An attack is measured by whether it puts its target out of action (K.O. or casualty:
    /// what removes a model in the 2019 game), a check by whether it passes.
    fn default_measure(&self) -> Option<&'static str> {
        match self {
            Trial3e::Attack(_) => Some("out_of_action"),
            Trial3e::Check(_) => Some("pass"),
            Trial3e::Duel(_) => None,
        }
    }

    fn unit(&self) -> &'static str {
        match self {
            Trial3e::Attack(_) => "attack",
            Trial3e::Check(_) => "check",
            Trial3e::Duel(_) => "duel",
        }
    }

    fn headline_metrics(&self) -> &'static [&'static str] {
        match self {
            Trial3e::Attack(_) => &["hits", "stun", "wounds", "impacts", "blocks"],
            Trial3e::Check(_) => &["sum"],
            Trial3e::Duel(_) => &[],
        }
    }

    fn key_events(&self) -> Vec<&'static str> {
        match self {
            // Attacks lead with "out of action" (K.O. or casualty): the one number that answers
            // "does this put the target down" for a ★ weapon and a ♦ weapon alike.
            Trial3e::Attack(_) => vec!["out_of_action", "ko", "casualty", "any_hit", "critical"],
            Trial3e::Check(_) => vec!["pass"],
            Trial3e::Duel(d) => d.shape().events.into_iter().take(4).collect(),
        }
    }

    /// An own check passes on a kept sum ≤ the characteristic, an opposed one on a sum above it.
    fn tail(&self, metric: &str) -> Tail {
        match self {
            Trial3e::Check(c) if metric == "sum" && c.kind == CheckKind::Own => Tail::AtMost,
            _ => Tail::AtLeast,
        }
    }

    fn passes_from(&self, metric: &str) -> Option<usize> {
        match self {
            Trial3e::Check(c) if metric == "sum" => Some(match c.kind {
                CheckKind::Own => c.value as usize,
                CheckKind::Opposed => c.value as usize + 1,
            }),
            _ => None,
        }
    }

    fn exact_offered(&self) -> Result<(), &'static str> {
        match self {
            Trial3e::Duel(_) => Err(
                "a duel's full distributions are sampled; its P(win), P(draw), rounds, expected markers and effort, and the whole-duel effort plan, are computed exactly in every 2019 duel report (the exact-duel tables and `exact_duel` in results.json)",
            ),
            _ => Ok(()),
        }
    }

    fn exact_duel(&self) -> Option<Result<ExactFigures, String>> {
        let Trial3e::Duel(d) = self else { return None };
        use super::duel::exact;
        if let Err(over) = exact::solve_within_budget(d, d.deciders()) {
            return Some(Err(over.to_string()));
        }
        let outcome = match exact::try_solve(d, d.deciders()) {
            Ok(s) => DuelOutcome::new(s.win, s.draw, s.casualty, &s.rounds, &s.down_round, s.dealt),
            Err(i) => return Some(Err(format!("stopped by {}", crate::interrupt::signal_name(i.0)))),
        };
        Some(Ok(outcome.check_figures()))
    }

    fn exact_duel_work(&self) -> Option<crate::analysis::duel::SolveWork> {
        let Trial3e::Duel(d) = self else { return None };
        use super::duel::exact;
        Some(crate::analysis::duel::SolveWork {
            units: exact::estimate(d, d.deciders()),
            budget: exact::BUDGET,
            ns_per_unit: exact::NS_PER_UNIT,
            plans: d.plans(),
            bytes_per_unit: exact::BYTES_PER_UNIT,
        })
    }

    fn exact_duel_over_budget(&self) -> Option<String> {
        match self {
            Trial3e::Duel(d) => super::duel::exact::within_budget(d).err().map(|o| o.to_string()),
            _ => None,
        }
    }

    fn prepare(&self) -> Result<(), crate::interrupt::Interrupted> {
        match self {
            Trial3e::Duel(d) => d.prepare(),
            _ => Ok(()),
        }
    }
}
