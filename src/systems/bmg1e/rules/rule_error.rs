//! A rule violation in a setup ([`RuleError`]).
//!
//! A file of its own because every constructor of the rules (the attack, the exchange, the duel)
//! refuses a setup the rules forbid with it, and the loader turns it into a config error.

/// A rule violation in a setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError {
    pub field: &'static str,
    pub message: String,
    pub allowed: String,
}
