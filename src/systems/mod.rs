//! One folder per rule system, each behind the same small contract
//! ([`crate::system::RuleSystem`]). A system folder holds everything that system knows: `rules/`
//! (pure functions of the dice: no I/O, no threads), `schema.rs` and `config.rs` (its file
//! schema and its scenario kinds, from TOML to trials), `labels.rs` (its words for metrics and
//! events) and, where it has kinds only it offers, `report.rs`.
//!
//! `batman/` is not a system: it holds what both Batman Miniature Game editions share in their
//! files (the card and weapon profile, the `[attack]` table and its edition-only fields).
//!
//! Which systems this build knows is the composition root's business (`crate::registry`).

pub mod batman;
pub mod bichos;
pub mod bmg1e;
pub mod bmg3e;
pub mod mordheim;
pub mod threat;
pub mod wolsung;
