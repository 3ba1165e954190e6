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
use crate::system::{KindDef, RuleSystem};

/// The threat-range comparison's entry in the registry.
pub struct System;

impl RuleSystem for System {
    fn name(&self) -> &'static str {
        "all"
    }
    fn title(&self) -> &'static str {
        "threat range across the rule systems"
    }
    fn kinds(&self) -> &'static [KindDef] {
        kinds::KINDS
    }
    fn strict_error(&self, text: &str) -> Option<toml::de::Error> {
        toml::from_str::<schema::File>(text).err()
    }
    fn name_in_messages(&self) -> &'static str {
        "threat-range (`all`)"
    }
    fn check_library(&self, ctx: &mut Ctx, file: &str) -> Result<(), InputError> {
        ctx.check_plain_library::<schema::File>(file)
    }
    fn vocabulary(&self) -> &'static crate::vocabulary::Vocabulary {
        &labels::VOCABULARY
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
