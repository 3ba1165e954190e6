//! Mordheim movement (`mordheim`).

pub mod answer;
pub mod config;
pub mod labels;
pub mod rules;
pub mod schema;

use crate::analysis::RunResult;
use crate::analysis::scenario::Kind;
use crate::config::Doc;
use crate::config::ctx::{Built, Ctx};
use crate::error::InputError;
use crate::report::model::Report;
use crate::system::RuleSystem;

/// The system's entry in the registry.
pub struct System;

impl RuleSystem for System {
    fn name(&self) -> &'static str {
        "mordheim"
    }
    fn title(&self) -> &'static str {
        "Mordheim (movement)"
    }
    fn kinds(&self) -> &'static [&'static str] {
        &["movement"]
    }
    fn readings(&self) -> &'static [&'static str] {
        schema::Readings::NAMES
    }
    fn sections(&self) -> &'static [(&'static str, &'static [&'static str])] {
        schema::SECTIONS
    }
    fn strict_error(&self, text: &str) -> Option<toml::de::Error> {
        toml::from_str::<schema::File>(text).err()
    }
    fn starter(&self, kind: &str) -> Option<&'static str> {
        Some(match kind {
            "movement" => include_str!("starters/movement.toml"),
            _ => return None,
        })
    }
    fn reading_docs(&self) -> &'static [crate::config::raw::ReadingDoc] {
        schema::Readings::DOCS
    }
    fn check_library(&self, ctx: &mut Ctx, file: &str) -> Result<(), InputError> {
        ctx.check_plain_library::<schema::File>(file)
    }
    fn build(&self, ctx: &mut Ctx, kind: Kind, doc: Doc<'_>, setup: &mut Vec<String>) -> Result<Built, InputError> {
        config::build(ctx, kind, doc, setup)
    }
    fn answer(&self, run: &RunResult, _report: &Report) -> Option<String> {
        answer::answer(run)
    }
    fn event_title(&self, name: &str) -> Option<&'static str> {
        labels::event(name)
    }
    fn metric_title(&self, name: &str) -> Option<&'static str> {
        labels::metric(name)
    }
}
