//! What the reports and the run need to know about each 2013 trial ([`TrialInfo`]): the 2013
//! edition's entry point into the generic cell layer.

use super::trial::Trial1e as T;
use crate::analysis::cell::{Tail, TrialInfo};
use crate::analysis::duel::{DuelOutcome, ExactFigures};
use crate::engine::Trial;

impl TrialInfo for T {
    /// An attack is measured by whether it puts its target out of action (K.O. or casualty:
    /// what removes a model in the 2013 game).
    fn default_measure(&self) -> Option<&'static str> {
        match self {
            T::Attack(_) => Some("out_of_action"),
            _ => None,
        }
    }

    fn unit(&self) -> &'static str {
        match self {
            T::Attack(_) => "attack",
            T::Check(_) => "check",
            T::Recovery(_) => "recovery roll",
            T::TakeTheLead(_) => "game",
            T::LetsGo(_) => "Let's Go! chain",
            T::Movement(_) => "move",
            T::Riddle(_) => "riddle",
            T::Exchange(_) => "exchange",
            T::Passing(_) => "turn",
            T::Duel(_) => "duel",
        }
    }

    fn headline_metrics(&self) -> &'static [&'static str] {
        match self {
            T::Attack(_) => &["damage_successes", "stun", "wounds", "impacts", "hits"],
            T::Check(_) => &["roll"],
            T::Recovery(_) => &["stun_removed"],
            T::TakeTheLead(_) => &["a_leads", "a_longest_streak", "rounds"],
            T::LetsGo(_) => &["chain"],
            T::Movement(_) => &["distance_cm"],
            T::Riddle(_) => &["vp"],
            T::Passing(_) => &["passes"],
            T::Duel(_) => &[],
            T::Exchange(_) => &["a_dealt", "b_dealt"],
        }
    }

    fn key_events(&self) -> Vec<&'static str> {
        match self {
            T::Attack(_) => vec!["out_of_action", "ko", "casualty", "any_damage", "knocked_down"],
            other => other.shape().events.into_iter().take(4).collect(),
        }
    }

    /// A check passes on a roll ≤ its characteristic (Agility D6 ≤ Movement, 2D6 ≤ Endurance
    /// or Willpower).
    fn tail(&self, metric: &str) -> Tail {
        match self {
            T::Check(_) if metric == "roll" => Tail::AtMost,
            _ => Tail::AtLeast,
        }
    }

    fn passes_from(&self, metric: &str) -> Option<usize> {
        match self {
            T::Check(c) if metric == "roll" => Some(c.value as usize),
            _ => None,
        }
    }

    fn exact_offered(&self) -> Result<(), &'static str> {
        match self {
            T::Duel(_) => Err(
                "a duel's full distributions are sampled; its P(win), P(draw), rounds, expected markers and strikes, and the whole-duel counter-split plan, are computed exactly in every 2013 duel report within the exact solver's budget (the exact-duel tables and `exact_duel` in results.json)",
            ),
            _ => Ok(()),
        }
    }

    fn exact_duel(&self) -> Option<Result<ExactFigures, String>> {
        let T::Duel(d) = self else { return None };
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
        let T::Duel(d) = self else { return None };
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
            T::Duel(d) => super::duel::exact::within_budget(d).err().map(|o| o.to_string()),
            _ => None,
        }
    }

    fn prepare(&self) -> Result<(), crate::interrupt::Interrupted> {
        match self {
            T::Duel(d) => d.prepare(),
            _ => Ok(()),
        }
    }
}
