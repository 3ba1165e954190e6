//! Wolsung SSG (`wolsung`): dice pools and playing cards.

pub mod answer;
pub mod config;
pub mod kinds;
pub mod labels;
pub mod report;
pub mod rules;
pub mod schema;

use crate::analysis::RunResult;
use crate::analysis::scenario::{CellSpec, Cost};
use crate::config::ctx::Ctx;
use crate::error::InputError;
use crate::report::charts::Chart;
use crate::report::model::Report;
use crate::report::table::Table;
use crate::system::{DuelDef, RuleSystem, Stat, SystemDef, strict_error_of};

/// Wolsung SSG, declared once.
pub const DEF: SystemDef = SystemDef {
    name: "wolsung",
    title: "Wolsung SSG",
    fallback_measures: &["damage", "hits"],
    kinds: kinds::KINDS,
    analysis_starters: kinds::ANALYSIS_STARTERS,
    libraries: &[
        ("models", "[models.NAME] with m, c, f, d, r, h"),
        ("guns", "[guns.NAME] with f, bands"),
        ("fighters", "[fighters.NAME] with card = \"NAME\" and optional label, effort, guard, cost"),
    ],
    fighter_fields: schema::FighterSpec::FIELDS,
    duel_fields: schema::DuelSpec::FIELDS,
    duel: Some(DuelDef {
        card_table: "models",
        cost_fields: &[],
        costs: &[Cost { key: "cost", name: "cost", unit: "point of cost", short: "point" }],
        damage: "wounds",
        out: "removal",
        extra: "heroic-feat cards spent, mean",
        fighter_weapon: None,
        builtin_weapons: &[],
        // Absent A, armour and melee bonus read as 2, 0 and 0 (`config.rs`, `model`).
        stats: &[
            Stat::new("a").absent(2),
            Stat::new("m"),
            Stat::new("c"),
            Stat::new("f"),
            Stat::new("d"),
            Stat::new("r"),
            Stat::new("h"),
            Stat::new("armour").absent(0),
            Stat::new("melee_bonus").absent(0),
        ],
    }),
    reading_docs: schema::Readings::DOCS,
    vocabulary: &labels::VOCABULARY,
    strict: Some(strict_error_of::<schema::File>),
    ..SystemDef::NONE
};

/// The system's entry in the registry.
pub struct System;

impl RuleSystem for System {
    fn def(&self) -> &'static SystemDef {
        &DEF
    }
    fn check_library(&self, ctx: &mut Ctx, file: &str) -> Result<(), InputError> {
        crate::config::library::read_file(ctx, file, &mut config::Library::default())
    }
    fn scenario_notes(&self, ctx: &Ctx, text: &str, cells: &[CellSpec], setup: &mut Vec<String>) {
        config::Wolsung { ctx, lib: Default::default() }.movement_notes(text, cells, setup);
    }
    fn answer(&self, run: &RunResult, report: &Report) -> Option<String> {
        answer::answer(run, report)
    }
    fn report_tables(&self, run: &RunResult, report: &Report) -> Vec<Table> {
        report::tables(run, report)
    }
    fn report_charts(&self, run: &RunResult, report: &Report) -> Vec<(String, Chart)> {
        report::charts(run, report)
    }
}
