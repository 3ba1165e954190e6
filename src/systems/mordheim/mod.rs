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
use crate::system::{RuleSystem, SystemDef, strict_error_of};

/// Mordheim movement, declared once.
pub const DEF: SystemDef = SystemDef {
    name: "mordheim",
    title: "Mordheim (movement)",
    kinds: kinds::KINDS,
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
        ctx.check_plain_library::<schema::File>(file)
    }
    fn answer(&self, run: &RunResult, _report: &Report) -> Option<String> {
        answer::answer(run)
    }
}
