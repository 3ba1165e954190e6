//! The best action-counter split in a 2013 melee exchange.
//!
//! Counters are split secretly before the round, so neither side sees the other's split: A
//! picks the split whose worst case over B's splits is best (maximin), and the report shows
//! B's best answer to it. Ties go to the split with more Attack counters listed first.

use crate::analysis::scenario::CellSpec;
use crate::engine::Tally;
use crate::stats::Estimate;
use serde::Serialize;

/// Objective value of one exchange cell.
pub fn value(t: &Tally, objective: &str, offset: u16, z: f64) -> Estimate {
    match objective {
        "net" => {
            let m = t.moments(3);
            let v = m.mean - offset as f64;
            Estimate { value: v, ci95: [v - z * m.stderr, v + z * m.stderr] }
        }
        other => t.event(if other == "b_down" { 0 } else { 2 }, z).into(),
    }
}

/// The maximin split for A and B's best answer.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExchangeBest {
    pub objective: String,
    pub a_split: [u8; 2],
    pub b_answer: [u8; 2],
    #[serde(flatten)]
    pub value: Estimate,
    /// For each A split, B's best answer and the value it leaves A.
    pub worst_cases: Vec<WorstCase>,
}

/// A's value for one split when B answers best.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WorstCase {
    pub a_split: [u8; 2],
    pub b_answer: [u8; 2],
    #[serde(flatten)]
    pub value: Estimate,
}

fn split(c: &CellSpec, ac: &str, dc: &str) -> [u8; 2] {
    let get = |k: &str| c.params.iter().find(|(n, _)| n == k).and_then(|(_, v)| v.as_u64()).unwrap_or(0) as u8;
    [get(ac), get(dc)]
}

/// Compute the maximin split.
pub fn best(cells: &[CellSpec], tallies: &[Tally], objective: &str, offset: u16, z: f64) -> ExchangeBest {
    let mut worst: Vec<WorstCase> = Vec::new();
    for (c, t) in cells.iter().zip(tallies) {
        let a = split(c, "a_ac", "a_dc");
        let b = split(c, "b_ac", "b_dc");
        let v = value(t, objective, offset, z);
        match worst.iter_mut().find(|w| w.a_split == a) {
            Some(w) if v.value < w.value.value => {
                w.b_answer = b;
                w.value = v;
            }
            Some(_) => {}
            None => worst.push(WorstCase { a_split: a, b_answer: b, value: v }),
        }
    }
    let pick = worst
        .iter()
        .fold(None::<&WorstCase>, |acc, w| match acc {
            Some(a) if a.value.value >= w.value.value => Some(a),
            _ => Some(w),
        })
        .expect("at least one cell")
        .clone();
    ExchangeBest {
        objective: objective.to_string(),
        a_split: pick.a_split,
        b_answer: pick.b_answer,
        value: pick.value,
        worst_cases: worst,
    }
}
