//! The Mordheim kinds, each declared once (see `crate::system::KindDef`): one, movement.

use super::config;
use crate::system::KindDef;

/// Every kind Mordheim builds itself.
pub const KINDS: &[KindDef] = &[KindDef {
    name: "movement",
    title: "a move, a run or a charge",
    sections: &["movement"],
    varies: None,
    starter: include_str!("starters/movement.toml"),
    build: config::build,
}];
