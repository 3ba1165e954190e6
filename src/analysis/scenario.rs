//! A validated scenario: what to simulate (cells) and how to present it (layout).

use crate::dice::Dice;
use crate::engine::{Outcome, Shape, Stop, Trial};
use crate::rules::bmg3e::{Attack, Check};
use serde_json::Value;
use std::path::PathBuf;

/// The scenario kinds a config can ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Attack,
    Check,
    Effort,
    Compare,
    Sweep,
}

impl Kind {
    /// All kinds with their config names.
    pub const ALL: [(&'static str, Kind); 5] = [
        ("attack", Kind::Attack),
        ("check", Kind::Check),
        ("effort", Kind::Effort),
        ("compare", Kind::Compare),
        ("sweep", Kind::Sweep),
    ];

    /// The config / JSON name.
    pub fn name(self) -> &'static str {
        Kind::ALL.iter().find(|(_, k)| *k == self).map(|(n, _)| *n).expect("every kind is listed")
    }
}

pub use crate::rules::bmg3e::Objective;

/// Any trial a scenario cell can hold. An enum (not a trait object) keeps dispatch static.
#[derive(Clone, Debug, PartialEq)]
pub enum AnyTrial {
    Attack(Attack),
    Check(Check),
}

impl Trial for AnyTrial {
    fn shape(&self) -> Shape {
        match self {
            AnyTrial::Attack(a) => a.shape(),
            AnyTrial::Check(c) => c.shape(),
        }
    }

    #[inline]
    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        match self {
            AnyTrial::Attack(a) => a.run(dice),
            AnyTrial::Check(c) => c.run(dice),
        }
    }
}

/// One simulated cell: a label, the parameters that define it, and its trial.
#[derive(Clone, Debug, PartialEq)]
pub struct CellSpec {
    pub label: String,
    pub params: Vec<(String, Value)>,
    pub trial: AnyTrial,
}

/// How the cells are arranged, which decides the report's tables and charts.
#[derive(Clone, Debug, PartialEq)]
pub enum Layout {
    /// One cell.
    Single,
    /// One cell per allowed (target effort, attacker effort) pair.
    Effort { objective: Objective },
    /// `loadouts.len() × targets.len()` cells, loadout-major.
    Compare { loadouts: Vec<String>, targets: Vec<String> },
    /// One cell per value of `parameter`.
    Sweep { parameter: String, values: Vec<i64> },
}

/// A validated scenario, ready to run.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    pub name: String,
    pub description: Option<String>,
    pub ruleset: &'static str,
    pub kind: Kind,
    pub seed: u64,
    pub stop: Stop,
    /// Ambiguity switches in force, by name.
    pub readings: Vec<(&'static str, String)>,
    /// Human-readable setup lines (cards, weapons, circumstances) for the summary.
    pub setup: Vec<String>,
    pub source: PathBuf,
    pub cells: Vec<CellSpec>,
    pub layout: Layout,
}
