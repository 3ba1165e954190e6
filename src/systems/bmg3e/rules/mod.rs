//! Batman Miniature Game, 2019 rules (`bmg-3e`), per `shared/rules/bmg-3e.md`.
//!
//! Setup (validation, effort limits, dice counts, success masks, the damage each number of
//! hits does) happens once in the constructors; [`Attack::run`] then only rolls dice and
//! looks things up, so a melee resolution costs little more than its dice.
//! [`duel`] runs the round structure (Take the Lead, activations, Recount) for two fighters.
//!
//! One concept per file, each using only the files below it: the card ([`card`]), the readings
//! ([`readings`]), what markers do ([`damage`]), what an effort choice optimises
//! ([`objective`]), a rule violation ([`rule_error`]); then the attack, the check and the duel,
//! and [`trial`], which names them all. This file only declares them and re-exports their names,
//! so that the rest of the crate says `rules::Attack` wherever a name lives.

mod attack;
mod card;
mod check;
pub mod convolution;
mod damage;
pub mod duel;
pub mod gang;
mod objective;
mod readings;
mod rule_error;
mod trial;

pub use attack::*;
pub use card::*;
pub use check::*;
pub use damage::*;
pub use objective::*;
pub use readings::*;
pub use rule_error::*;
pub use trial::Trial3e;

/// The markers both editions share (`src/systems/batman/markers.rs`): part of these rules' types
/// (a weapon's damage, a model's markers), so they are named here too.
pub use crate::systems::batman::markers::{Markers, parse_damage};

#[cfg(test)]
mod tests;
