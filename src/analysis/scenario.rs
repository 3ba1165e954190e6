//! A validated scenario: what to simulate (cells) and how to present it (layout).

use crate::analysis::cell::Cell;
use crate::engine::Stop;
use serde_json::Value;
use std::path::PathBuf;

/// A scenario kind, by its config name (`attack`, `compare`, `shot`, …). Each rule system lists the
/// kinds it builds ([`crate::system::RuleSystem::kinds`]); the generic ones (`compare`, `sweep`,
/// `paired`, `balance`) are offered by every system that has what they need. A name, not a
/// central enum, so a new system brings its own kinds without editing this file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Kind(pub &'static str);

impl Kind {
    /// The config / JSON name.
    pub fn name(self) -> &'static str {
        self.0
    }
}

pub use crate::systems::bmg3e::rules::Objective;

/// One simulated cell: a label, the parameters that define it, and its trial.
#[derive(Clone, Debug, PartialEq)]
pub struct CellSpec {
    pub label: String,
    pub params: Vec<(String, Value)>,
    /// Any system's trial, behind the [`crate::analysis::cell::CellTrial`] trait.
    pub trial: Cell,
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
    /// One multi-round duel between fighters A and B.
    Duel { a: String, b: String },
    /// A candidate card and reference fighters, each against a gauntlet.
    Balance(BalanceLayout),
    /// Loadout A against loadout B on common random numbers.
    Paired { a: String, b: String, measure: String },
    /// One cell per (x, y) pair, x-major: cell `xi * ys.len() + yi`.
    Sweep2 { x: String, xs: Vec<i64>, y: String, ys: Vec<i64> },
    /// A 2013 melee exchange: one cell per (A split, B split), A-major.
    Exchange { a_splits: Vec<(u8, u8)>, b_splits: Vec<(u8, u8)>, objective: &'static str },
    /// One matchup under each edition: cell 0 is `bmg-1e`, cell 1 is `bmg-3e`.
    Editions,
    /// ¡Bichos!: one sequence cell per (weapon, situation); `index[weapon][situation]`.
    Arsenal { weapons: Vec<String>, situations: Vec<String>, index: Vec<Vec<Option<usize>>> },
    /// ¡Bichos!: one reaction cell per modified FDV, then optionally one opposed roll.
    Reaction { fdvs: Vec<i64>, figure: Option<(String, i64)>, opposed: Option<(u8, u8)> },
    /// ¡Bichos!: encounter and pursuit under cm (cells 0, 2) and inches (cells 1, 3).
    Variants,
    /// Wolsung shooting: `index[row][col]`, rows = gun × policy, cols = distance × reaction × cover.
    ShootingGrid { rows: Vec<String>, cols: Vec<String>, index: Vec<Vec<Option<usize>>> },
    /// Wolsung melee: one cell per attacker policy × defender choice.
    MeleeTable,
    /// Threat range: one mover cell per rule system, plotted from `from_in` to `to_in` inches.
    Threat { systems: Vec<String>, from_in: u16, to_in: u16 },
}

/// One row of a balance test: a fighter that met the gauntlet.
#[derive(Clone, Debug, PartialEq)]
pub struct BalanceRow {
    pub label: String,
    pub reputation: Option<f64>,
    pub funding: Option<f64>,
    /// Costs within the peer band of the candidate's (row 0 is the candidate itself).
    pub peer: bool,
}

/// How a balance test's cells are arranged.
#[derive(Clone, Debug, PartialEq)]
pub struct BalanceLayout {
    /// Row 0 is the candidate; the rest are the gauntlet's fighters.
    pub rows: Vec<BalanceRow>,
    pub opponents: Vec<String>,
    /// `cells[row][opponent]`: the cell index of that duel (`None` for a fighter against itself).
    pub cells: Vec<Vec<Option<usize>>>,
    /// Reputation within ± this fraction of the candidate's counts as similar cost.
    pub peer_band: f64,
    /// Relative difference from the peers' mean that flags an outlier.
    pub outlier_threshold: f64,
    /// What the cost is called in this system ("Reputation", "points").
    pub cost_name: &'static str,
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
    /// What the reader must know about this scenario's rules: values that cannot matter here and
    /// rules it touches that the analyser does not model. Printed in every output (see [`Note`]).
    pub notes: Vec<Note>,
    pub source: PathBuf,
    pub cells: Vec<CellSpec>,
    pub layout: Layout,
    /// Which cells are evaluated exactly rather than sampled.
    pub exact: ExactMode,
}

/// Whether cells are enumerated exactly ([`crate::exact`]) or sampled.
#[derive(Clone, Debug, PartialEq)]
pub enum ExactMode {
    /// Each cell exactly where enumerating it costs less than sampling it (the default).
    Auto,
    /// Every cell exactly (`--exact`, `exact = true`); the error to give, located at the flag or
    /// the config line, if a cell cannot be.
    Always(crate::error::InputError),
    /// Every cell sampled (`--sample`, `exact = false`).
    Never,
}

/// Why a [`Note`] is attached to a scenario.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NoteKind {
    /// A value the config sets that cannot change any number in this scenario (e.g. a melee-only
    /// field with a ranged weapon). A warning, not an error: existing configs keep working.
    Ignored,
    /// A rule the scenario touches that the analyser does not model (with the reason). The numbers
    /// are right for the rules that are modelled; the note says what they leave out.
    NotModelled,
    /// Something the analyser would compute exactly is over its budget and is sampled (or left
    /// out) instead; the note gives the estimate and the budget.
    Sampled,
    /// A reading switch (a point the rulebook leaves open) decides these numbers: the note says
    /// which value is in force and what the other would change.
    Reading,
}

/// One line a report must show beside its numbers (stderr warning, summary.md, results.json,
/// index.html), so nothing is silently skipped.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Note {
    pub kind: NoteKind,
    pub text: String,
}

impl Note {
    /// A value that cannot matter in this scenario.
    pub fn ignored(text: impl Into<String>) -> Note {
        Note { kind: NoteKind::Ignored, text: text.into() }
    }

    /// An exact computation over its budget, sampled or left out instead.
    pub fn sampled(text: impl Into<String>) -> Note {
        Note { kind: NoteKind::Sampled, text: text.into() }
    }

    /// A reading switch in force that moves this scenario's numbers.
    pub fn reading(text: impl Into<String>) -> Note {
        Note { kind: NoteKind::Reading, text: text.into() }
    }

    /// A rule the scenario touches that is not modelled.
    pub fn not_modelled(text: impl Into<String>) -> Note {
        Note { kind: NoteKind::NotModelled, text: text.into() }
    }

    /// The line as printed: `ignored: …` / `not modelled: …`.
    pub fn line(&self) -> String {
        match self.kind {
            NoteKind::Ignored => format!("ignored: {}", self.text),
            NoteKind::NotModelled => format!("not modelled: {}", self.text),
            NoteKind::Sampled => format!("sampled: {}", self.text),
            NoteKind::Reading => format!("reading: {}", self.text),
        }
    }
}
