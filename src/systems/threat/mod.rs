//! Threat range across rule systems (the `all` ruleset).

pub mod config;
pub mod rules;
