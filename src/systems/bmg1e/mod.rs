//! Batman Miniature Game, 2013 rules (`bmg-1e`).

pub mod config;
pub mod exchange;
pub mod kinds;
pub mod labels;
mod procedure_answers;
pub mod report;
pub mod rules;
pub mod schema;

use crate::analysis::RunResult;
use crate::config::ctx::Ctx;
use crate::error::InputError;
use crate::interrupt::Interrupted;
use crate::report::charts::Chart;
use crate::report::model::Report;
use crate::report::model::SystemExtras;
use crate::report::table::Table;
use crate::system::{DuelDef, RuleSystem, SystemDef, strict_error_of};
use crate::systems::batman;

/// Batman Miniature Game 2013, declared once.
pub const DEF: SystemDef = SystemDef {
    name: "bmg-1e",
    title: "Batman Miniature Game (2013)",
    kinds: kinds::KINDS,
    analysis_starters: kinds::ANALYSIS_STARTERS,
    libraries: &[
        batman::CARDS,
        batman::WEAPONS,
        ("fighters", "[fighters.NAME] with card = \"NAME\" and optional label, weapon, effort, stun, wounds, cost"),
    ],
    fighter_fields: schema::FighterSpec::FIELDS,
    duel_fields: schema::DuelSpec::FIELDS,
    duel: Some(DuelDef { extra: "Attack counters (strikes) used, mean", ..batman::DUEL }),
    reading_docs: schema::Readings::DOCS,
    vocabulary: &labels::VOCABULARY,
    measure_aliases: batman::MEASURE_ALIASES,
    fallback_measures: &["damage", "hits"],
    how_to_read: Some(batman::HOW_TO_READ),
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
        config::check_library(ctx, file)
    }
    fn report_extras(&self, run: &RunResult) -> Result<SystemExtras, Interrupted> {
        report::extras(run)
    }
    fn answer(&self, run: &RunResult, report: &Report) -> Option<String> {
        report::answer(run, report)
    }
    fn report_tables(&self, run: &RunResult, report: &Report) -> Vec<Table> {
        report::tables(run, report)
    }
    fn report_charts(&self, run: &RunResult, report: &Report) -> Vec<(String, Chart)> {
        report::charts(run, report)
    }
}
