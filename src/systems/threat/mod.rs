//! Threat range across rule systems (`ruleset = "all"`): how far each game's model reaches.

pub mod answer;
pub mod config;
pub mod kinds;
pub mod labels;
pub mod report;
pub mod rules;
pub mod schema;

use crate::analysis::RunResult;
use crate::config::ctx::Ctx;
use crate::error::InputError;
use crate::report::charts::Chart;
use crate::report::model::Report;
use crate::report::table::Table;
use crate::system::{RuleSystem, SystemDef, strict_error_of};

/// The threat-range comparison across the systems, declared once.
pub const DEF: SystemDef = SystemDef {
    name: "all",
    title: "threat range across the rule systems",
    name_in_messages: Some("threat-range (`all`)"),
    kinds: kinds::KINDS,
    vocabulary: &labels::VOCABULARY,
    strict: Some(strict_error_of::<schema::File>),
    ..SystemDef::NONE
};

/// The threat-range comparison's entry in the registry.
pub struct System;

impl RuleSystem for System {
    fn def(&self) -> &'static SystemDef {
        &DEF
    }
    fn check_library(&self, ctx: &mut Ctx, file: &str) -> Result<(), InputError> {
        ctx.check_plain_library::<schema::File>(file)
    }
    fn answer(&self, run: &RunResult, _report: &Report) -> Option<String> {
        answer::answer(run)
    }
    fn report_tables(&self, run: &RunResult, report: &Report) -> Vec<Table> {
        report::tables(run, report)
    }
    fn report_charts(&self, run: &RunResult, report: &Report) -> Vec<(String, Chart)> {
        report::charts(run, report)
    }
}
