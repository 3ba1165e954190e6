//! The effort decision for a 2019 melee matchup (the `effort` kind's analysis, 2019 only).
//!
//! The target declares first, then the attacker answers. So for each target effort `t` the
//! attacker picks the effort that maximises the objective (its *best response*), and the target
//! picks the `t` whose best response is smallest. Ties go to the cheaper effort, because every
//! effort costs the model a `★`.
//!
//! Effort `★` are real markers (seed lines 1604–1607). Every objective says what it counts
//! ([`Objective::counts`], printed with the recommendation): the target's own effort `★` always
//! count toward its K.O.; `hits` is gross (the `★` paid are reported beside it, not subtracted);
//! `hits_net` subtracts each side's effort `★` from its own side of the ledger.

use crate::analysis::scenario::CellSpec;
use crate::engine::Tally;
use crate::stats::Estimate;
use crate::systems::bmg3e::rules::Objective;
use crate::systems::bmg3e::rules::event;
use crate::systems::bmg3e::rules::metric;
use serde::Serialize;

/// Objective value of one cell (its efforts are read from the cell's parameters).
pub fn estimate(c: &CellSpec, t: &Tally, objective: Objective, z: f64) -> Estimate {
    match objective {
        Objective::Hits => Estimate::mean(&t.moments(metric::HITS), z),
        Objective::HitsNet => {
            // The efforts are constants of the cell: the interval shifts with the mean.
            let shift = param(c, "target_effort") as f64 - param(c, "attacker_effort") as f64;
            let e = Estimate::mean(&t.moments(metric::HITS), z);
            Estimate { value: e.value + shift, ci95: [e.ci95[0] + shift, e.ci95[1] + shift] }
        }
        Objective::Ko | Objective::OutOfAction => t.event(event::OUT_OF_ACTION, z).into(),
        Objective::Casualty => t.event(event::CASUALTY, z).into(),
    }
}

/// The attacker's best answer to one target effort.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Response {
    pub target_effort: u64,
    pub attacker_effort: u64,
    #[serde(flatten)]
    pub estimate: Estimate,
}

/// What each side should do.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Best {
    pub objective: &'static str,
    /// The objective's short name in reports, e.g. "P(K.O. or casualty)".
    pub measure: &'static str,
    /// What the objective counts (effort ★ included or not), in words.
    pub counts: &'static str,
    /// The objective is a probability (else an expectation in hits).
    pub probability: bool,
    pub rule: &'static str,
    pub target_effort: u64,
    pub attacker_effort: u64,
    #[serde(flatten)]
    pub estimate: Estimate,
    /// `★` each side takes on itself for that choice.
    pub stun_paid: StunPaid,
    /// The attacker's best answer to every target effort.
    pub responses: Vec<Response>,
    /// Other target efforts whose best-answer interval overlaps the chosen one: at this trial
    /// count the choice between them is not statistically resolved.
    pub not_resolved_from: Vec<u64>,
}

/// Effort `★` paid by each side.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StunPaid {
    pub target: u64,
    pub attacker: u64,
}

fn param(c: &CellSpec, name: &str) -> u64 {
    c.params.iter().find(|(n, _)| n == name).and_then(|(_, v)| v.as_u64()).expect("effort cells carry both efforts")
}

/// Best responses and the target's optimal declaration.
pub fn best(cells: &[CellSpec], tallies: &[Tally], objective: Objective, z: f64) -> Best {
    let mut responses: Vec<Response> = Vec::new();
    for (c, t) in cells.iter().zip(tallies) {
        let te = param(c, "target_effort");
        let ae = param(c, "attacker_effort");
        let est = estimate(c, t, objective, z);
        match responses.iter_mut().find(|r| r.target_effort == te) {
            Some(r) if est.value > r.estimate.value => {
                r.attacker_effort = ae;
                r.estimate = est;
            }
            Some(_) => {}
            None => responses.push(Response { target_effort: te, attacker_effort: ae, estimate: est }),
        }
    }
    let choice = responses
        .iter()
        .fold(None::<&Response>, |acc, r| match acc {
            Some(a) if a.estimate.value <= r.estimate.value => Some(a),
            _ => Some(r),
        })
        .expect("at least one cell")
        .clone();
    let not_resolved_from = responses
        .iter()
        .filter(|r| r.target_effort != choice.target_effort && r.estimate.ci95[0] <= choice.estimate.ci95[1])
        .map(|r| r.target_effort)
        .collect();
    Best {
        not_resolved_from,
        objective: objective.name(),
        measure: objective.describe(),
        counts: objective.counts(),
        probability: objective.is_probability(),
        rule: "the target declares first; the attacker answers to maximise the objective; the target minimises the attacker's best answer; ties go to less effort",
        target_effort: choice.target_effort,
        attacker_effort: choice.attacker_effort,
        estimate: choice.estimate,
        stun_paid: StunPaid { target: choice.target_effort, attacker: choice.attacker_effort },
        responses,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::cell::Cell;
    use crate::engine::{Shape, Trial};
    use crate::systems::bmg3e::rules::{ATTACK_EVENTS, Check, CheckKind, CheckSetup, Readings, Trial3e};
    use serde_json::json;

    fn cell(t: u64, a: u64) -> CellSpec {
        let dummy = Check::new(&CheckSetup {
            kind: CheckKind::Own,
            special: 2,
            ko: false,
            enemy_effort: 0,
            value: 7,
            readings: Readings::default(),
        });
        assert!(dummy.shape().events.len() == 1);
        CellSpec {
            label: format!("{t}/{a}"),
            params: vec![("target_effort".into(), json!(t)), ("attacker_effort".into(), json!(a))],
            trial: Cell::new(Trial3e::Check(dummy)),
            inputs: Vec::new(),
        }
    }

    fn tally(ko: u64) -> Tally {
        let shape = Shape::new(vec![("hits", 3)], ATTACK_EVENTS.to_vec());
        let mut t = Tally::new(&shape);
        t.trials = 1_000_000;
        t.hists[0][0] = t.trials;
        t.events[event::OUT_OF_ACTION] = ko as u128;
        t
    }

    #[test]
    fn target_minimises_the_attackers_best_answer() {
        // P(K.O.) per (target, attacker): the attacker's best answers are 0.6 (t=0) and 0.5 (t=1),
        // so the target declares 1 and the attacker answers 1 (not 2: ties go to less effort).
        let grid =
            [(0, 0, 400_000), (0, 1, 600_000), (0, 2, 550_000), (1, 0, 300_000), (1, 1, 500_000), (1, 2, 500_000)];
        let cells: Vec<CellSpec> = grid.iter().map(|&(t, a, _)| cell(t, a)).collect();
        let tallies: Vec<Tally> = grid.iter().map(|&(_, _, k)| tally(k)).collect();
        let b = best(&cells, &tallies, Objective::Ko, 1.96);
        assert_eq!((b.target_effort, b.attacker_effort), (1, 1));
        assert_eq!(b.responses[0].attacker_effort, 1);
        assert!((b.estimate.value - 0.5).abs() < 1e-12);
        assert_eq!(b.stun_paid, StunPaid { target: 1, attacker: 1 });
        assert!(b.not_resolved_from.is_empty(), "0.6 vs 0.5 at 1M trials is resolved");
    }
}
