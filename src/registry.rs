//! The composition root: the only generic place that names the rule systems. It holds the
//! registry of systems this build knows; everything below it (config loader, analyses, report,
//! output) is handed `&dyn RuleSystem` and never names a system (as ripgrep's binary crate alone
//! knows its concrete matchers and printers).
//!
//! Adding a system: one folder under `src/systems/` (declared in `src/systems/mod.rs`) and one
//! line in [`SYSTEMS`]; see CONTRIBUTING.md.

use crate::analysis::scenario::Scenario;
use crate::config::source::Source;
use crate::config::{self, Overrides};
use crate::error::InputError;
use crate::system::RuleSystem;
use crate::systems;
use std::path::Path;

/// Every rule system this build knows, in the order listings show them.
pub static SYSTEMS: &[&dyn RuleSystem] = &[
    &systems::bmg3e::System,
    &systems::bmg1e::System,
    &systems::bichos::System,
    &systems::wolsung::System,
    &systems::mordheim::System,
    &systems::threat::System,
];

/// The system called `name`.
pub fn find(name: &str) -> Option<&'static dyn RuleSystem> {
    SYSTEMS.iter().copied().find(|s| s.name() == name)
}

/// Read, parse and validate a scenario file of any built-in system.
pub fn load(path: &Path, overrides: &Overrides) -> Result<Scenario, InputError> {
    load_with_sources(path, overrides, None).map(|(sc, _)| sc)
}

/// [`load`], from disk or (with `embedded`) from the copies of its files a shard's partial
/// result carries, so `merge` needs no config file; returns the files read too (the scenario
/// first, then its includes).
pub fn load_with_sources(
    path: &Path,
    overrides: &Overrides,
    embedded: Option<&[Source]>,
) -> Result<(Scenario, Vec<Source>), InputError> {
    config::load_in(SYSTEMS, path, overrides, embedded)
}
