//! A rule violation in a scenario ([`RuleError`]).
//!
//! A file of its own because every constructor of the rules (the attack, the duel) refuses a
//! setup the rules forbid with it, and the loader turns it into a config error.

/// A rule violation in a scenario (reported to the user as a config error).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError {
    /// The scenario field at fault (e.g. `attacker_effort`).
    pub field: &'static str,
    pub message: String,
    pub allowed: String,
}
