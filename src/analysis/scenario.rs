//! A validated scenario: what to simulate (cells) and how to present it (layout).

use crate::analysis::cell::Cell;
use crate::engine::Stop;
use serde_json::Value;
use std::path::PathBuf;

/// A scenario kind, by its config name (`attack`, `compare`, `shot`, …). Each rule system lists the
/// kinds it builds ([`crate::system::SystemDef::kinds`]); the generic ones (`compare`, `sweep`,
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

pub use super::layout::{BalanceLayout, BalanceRow, Cost, GridMeasure, Layout, Own, Param, Variant};

/// One simulated cell: a label, the parameters that define it, and its trial.
#[derive(Clone, Debug, PartialEq)]
pub struct CellSpec {
    pub label: String,
    pub params: Vec<(String, Value)>,
    /// Any system's trial, behind the [`crate::analysis::cell::CellTrial`] trait.
    pub trial: Cell,
    /// What the cell was built from, with its numbers (its resolution section, the library
    /// entries that section names), for the report's scenario record. Filled by the loader,
    /// never read by the engine; not part of a shard's fingerprint (it names files).
    pub inputs: Vec<Input>,
}

/// One input of a cell as the config gives it: a section of the scenario (`attack`, with what a
/// comparison wrote into it) or a library entry a field names (`cards.thug`), with its values as
/// TOML. Recorded so that a report shows, and `results.json` carries, the numbers each cell used.
#[derive(Clone, Debug, PartialEq)]
pub struct Input {
    /// The TOML path: a section (`attack`) or `table.name` (`cards.thug`).
    pub key: String,
    /// The file it was read from, as the loader read it; `None`: built into the program (a
    /// system's built-in entry, [`crate::system::RuleSystem::builtin_entry`]).
    pub file: Option<String>,
    /// Its fields as written (a comparison's loadout or a sweep's value already applied).
    pub values: toml::Table,
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
    /// A limit of the whole run lowered what the run was told (a precision run's trial cap, so
    /// the run samples at most [`crate::config::RUN_TRIALS`] trials in all): the note says
    /// what was asked and what runs.
    Limited,
    /// The run re-ran a report written by another version of the program (`run results.json`):
    /// numbers may differ where the rules changed between the versions.
    Rerun,
}

/// One line a report must show beside its numbers (stderr warning, summary.md, results.json,
/// index.html), so nothing is silently skipped.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Note {
    pub kind: NoteKind,
    pub text: String,
    /// A note that lists one item under a shared head ([`Note::reading_item`]): the head's
    /// length in `text`, so notes of one head merge into one line when collected.
    #[serde(skip)]
    pub head: Option<usize>,
}

impl Note {
    /// A value that cannot matter in this scenario.
    pub fn ignored(text: impl Into<String>) -> Note {
        Note { kind: NoteKind::Ignored, text: text.into(), head: None }
    }

    /// An exact computation over its budget, sampled or left out instead.
    pub fn sampled(text: impl Into<String>) -> Note {
        Note { kind: NoteKind::Sampled, text: text.into(), head: None }
    }

    /// A reading switch in force that moves this scenario's numbers.
    pub fn reading(text: impl Into<String>) -> Note {
        Note { kind: NoteKind::Reading, text: text.into(), head: None }
    }

    /// One item of a reading note shared by several things (each fighter of a balance whose
    /// K.O. recovery rests on the same reading): "{head}: {item}". Collected notes of one head
    /// merge into "{head}: item; item; …" ([`Note::merge_item`]), so six fighters make one
    /// line, not six near-identical paragraphs.
    pub fn reading_item(head: &str, item: &str) -> Note {
        Note { kind: NoteKind::Reading, text: format!("{head}: {item}"), head: Some(head.len()) }
    }

    /// Add `other`'s items to this note when both list items under the same head; false (and
    /// nothing changed) otherwise. An item already listed is not listed twice (an item holds
    /// no "; ", which separates them).
    pub fn merge_item(&mut self, other: &Note) -> bool {
        let (Some(h), Some(oh)) = (self.head, other.head) else { return false };
        if self.kind != other.kind || h != oh || self.text[..h] != other.text[..oh] {
            return false;
        }
        // `other` may itself be merged already (a sub-plan's notes collected again).
        for item in other.text[oh + 2..].split("; ") {
            if !self.text[h + 2..].split("; ").any(|i| i == item) {
                self.text.push_str("; ");
                self.text.push_str(item);
            }
        }
        true
    }

    /// A limit of the whole run that lowered what was asked.
    pub fn limited(text: impl Into<String>) -> Note {
        Note { kind: NoteKind::Limited, text: text.into(), head: None }
    }

    /// A re-run of another version's report.
    pub fn rerun(text: impl Into<String>) -> Note {
        Note { kind: NoteKind::Rerun, text: text.into(), head: None }
    }

    /// A rule the scenario touches that is not modelled.
    pub fn not_modelled(text: impl Into<String>) -> Note {
        Note { kind: NoteKind::NotModelled, text: text.into(), head: None }
    }

    /// A `[readings]` switch set in the file that cannot change any number here, named by its
    /// title ("the reading “the retreat distance” cannot change any number in this scenario:
    /// …"). The generic analyses keep such a note only when no cell's numbers depend on the
    /// switch ([`Note::is_idle_reading`]).
    pub fn idle_reading(title: &str, why: &str) -> Note {
        Note::ignored(format!("the reading “{title}” cannot change any number in this scenario: {why}"))
    }

    /// Whether this is an [`Note::idle_reading`] note.
    pub fn is_idle_reading(&self) -> bool {
        self.kind == NoteKind::Ignored && self.text.starts_with("the reading “")
    }

    /// A swept field (named by its title) whose values all give the same trial; `why` says
    /// along what ("", or ": at every attacker's Effort, …").
    pub fn idle_sweep(title: &str, why: &str) -> Note {
        Note::ignored(format!("the swept {title} cannot change any number in this scenario{why}"))
    }

    /// Whether this is the [`Note::idle_sweep`] note of the field titled `title`.
    pub fn is_idle_sweep(&self, title: &str) -> bool {
        self.kind == NoteKind::Ignored && self.text.starts_with(&format!("the swept {title} cannot change any number"))
    }

    /// The line as printed: `ignored: …` / `not modelled: …`.
    pub fn line(&self) -> String {
        match self.kind {
            NoteKind::Ignored => format!("ignored: {}", self.text),
            NoteKind::NotModelled => format!("not modelled: {}", self.text),
            NoteKind::Sampled => format!("sampled: {}", self.text),
            NoteKind::Reading => format!("reading: {}", self.text),
            NoteKind::Rerun => format!("version: {}", self.text),
            NoteKind::Limited => format!("limited: {}", self.text),
        }
    }
}
