//! The threat-range comparison's kinds, each declared once (see `crate::system::KindDef`): one,
//! threat.

use super::config;
use crate::system::KindDef;

/// Every kind the threat-range comparison builds.
pub const KINDS: &[KindDef] = &[KindDef {
    name: "threat",
    title: "reaching base contact this turn",
    sections: &["threat"],
    varies: None,
    starter: include_str!("starters/threat.toml"),
    build: config::build,
}];
