//! Threat range across rule systems (`ruleset = "all"`): how far each game's model reaches.

pub mod answer;
pub mod config;
pub mod labels;
pub mod report;
pub mod rules;
pub mod schema;

use crate::analysis::RunResult;
use crate::analysis::scenario::Kind;
use crate::config::Doc;
use crate::config::ctx::{Built, Ctx};
use crate::error::InputError;
use crate::report::charts::Chart;
use crate::report::model::Report;
use crate::report::table::Table;
use crate::system::RuleSystem;

/// The threat-range comparison's entry in the registry.
pub struct System;

impl RuleSystem for System {
    fn name(&self) -> &'static str {
        "all"
    }
    fn title(&self) -> &'static str {
        "threat range across the rule systems"
    }
    fn kinds(&self) -> &'static [&'static str] {
        &["threat"]
    }
    fn readings(&self) -> &'static [&'static str] {
        crate::config::raw::NoReadings::NAMES
    }
    fn sections(&self) -> &'static [(&'static str, &'static [&'static str])] {
        schema::SECTIONS
    }
    fn strict_error(&self, text: &str) -> Option<toml::de::Error> {
        toml::from_str::<schema::File>(text).err()
    }
    fn name_in_messages(&self) -> &'static str {
        "threat-range (`all`)"
    }
    fn starter(&self, kind: &str) -> Option<&'static str> {
        Some(match kind {
            "threat" => include_str!("starters/threat.toml"),
            _ => return None,
        })
    }
    fn check_library(&self, ctx: &mut Ctx, file: &str) -> Result<(), InputError> {
        ctx.check_plain_library::<schema::File>(file)
    }
    fn build(&self, ctx: &mut Ctx, kind: Kind, doc: Doc<'_>, setup: &mut Vec<String>) -> Result<Built, InputError> {
        config::build(ctx, kind, doc, setup)
    }
    fn event_title(&self, name: &str) -> Option<&'static str> {
        labels::event(name)
    }
    fn metric_title(&self, name: &str) -> Option<&'static str> {
        labels::metric(name)
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
