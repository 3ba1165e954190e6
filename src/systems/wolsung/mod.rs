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
use crate::system::{DuelDef, KindDef, RuleSystem};

/// The system's entry in the registry.
pub struct System;

impl RuleSystem for System {
    fn name(&self) -> &'static str {
        "wolsung"
    }
    fn title(&self) -> &'static str {
        "Wolsung SSG"
    }
    fn kinds(&self) -> &'static [KindDef] {
        kinds::KINDS
    }
    fn analysis_starters(&self) -> &'static [(&'static str, &'static str)] {
        kinds::ANALYSIS_STARTERS
    }
    fn fighter_fields(&self) -> &'static [&'static str] {
        schema::FighterSpec::FIELDS
    }
    fn duel_fields(&self) -> &'static [&'static str] {
        schema::DuelSpec::FIELDS
    }
    fn strict_error(&self, text: &str) -> Option<toml::de::Error> {
        toml::from_str::<schema::File>(text).err()
    }
    fn libraries(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("models", "[models.NAME] with m, c, f, d, r, h"),
            ("guns", "[guns.NAME] with f, bands"),
            ("fighters", "[fighters.NAME] with card = \"NAME\" and optional label, effort, guard, cost"),
        ]
    }
    fn duel(&self) -> Option<DuelDef> {
        Some(DuelDef {
            card_table: "models",
            cost_fields: &[],
            costs: &[Cost { key: "cost", name: "cost", unit: "point of cost", short: "point" }],
            damage: "wounds",
            out: "removal",
            extra: "heroic-feat cards spent, mean",
            fighter_weapon: None,
            builtin_weapons: &[],
        })
    }
    fn reading_docs(&self) -> &'static [crate::config::raw::ReadingDoc] {
        schema::Readings::DOCS
    }
    fn check_library(&self, ctx: &mut Ctx, file: &str) -> Result<(), InputError> {
        crate::config::library::read_file(ctx, file, &mut config::Library::default())
    }
    fn scenario_notes(&self, ctx: &Ctx, text: &str, cells: &[CellSpec], setup: &mut Vec<String>) {
        config::Wolsung { ctx, lib: Default::default() }.movement_notes(text, cells, setup);
    }
    fn vocabulary(&self) -> &'static crate::vocabulary::Vocabulary {
        &labels::VOCABULARY
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
