//! The composition root: the only generic place that names the rule systems. It holds the
//! registry of systems this build knows; everything below it (config loader, analyses, report,
//! output) is handed `&dyn RuleSystem` and never names a system (as ripgrep's binary crate alone
//! knows its concrete matchers and printers).
//!
//! Adding a system: one folder under `src/systems/`, one line in [`SYSTEMS`]; see CONTRIBUTING.md.

use crate::system::RuleSystem;
use crate::systems::{bichos, bmg1e, bmg3e, mordheim, threat, wolsung};

/// Every rule system this build knows, in the order listings show them.
pub static SYSTEMS: [&dyn RuleSystem; 6] =
    [&bmg3e::System, &bmg1e::System, &bichos::System, &wolsung::System, &mordheim::System, &threat::System];

/// The system called `name`.
pub fn find(name: &str) -> Option<&'static dyn RuleSystem> {
    SYSTEMS.iter().copied().find(|s| s.name() == name)
}
