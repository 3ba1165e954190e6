//! Mordheim movement (`mordheim`).

pub mod answer;
pub mod config;
pub mod kinds;
pub mod labels;
pub mod rules;
pub mod schema;

use crate::analysis::RunResult;
use crate::config::ctx::Ctx;
use crate::error::InputError;
use crate::report::model::Report;
use crate::system::{KindDef, RuleSystem};

/// The system's entry in the registry.
pub struct System;

impl RuleSystem for System {
    fn name(&self) -> &'static str {
        "mordheim"
    }
    fn title(&self) -> &'static str {
        "Mordheim (movement)"
    }
    fn kinds(&self) -> &'static [KindDef] {
        kinds::KINDS
    }
    fn strict_error(&self, text: &str) -> Option<toml::de::Error> {
        toml::from_str::<schema::File>(text).err()
    }
    fn reading_docs(&self) -> &'static [crate::config::raw::ReadingDoc] {
        schema::Readings::DOCS
    }
    fn check_library(&self, ctx: &mut Ctx, file: &str) -> Result<(), InputError> {
        ctx.check_plain_library::<schema::File>(file)
    }
    fn answer(&self, run: &RunResult, _report: &Report) -> Option<String> {
        answer::answer(run)
    }
    fn vocabulary(&self) -> &'static crate::vocabulary::Vocabulary {
        &labels::VOCABULARY
    }
}
