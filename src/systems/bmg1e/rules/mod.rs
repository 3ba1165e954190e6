//! Batman Miniature Game, 2013 rules (`bmg-1e`), per `shared/rules/bmg-1e.md`.
//!
//! The 2013 edition spends **action counters**: Attack counters (AC) buy strikes, Defense
//! counters (DC) buy block dice. Impacts that survive blocks (and *Bat-armor*) roll damage dice
//! against the attacker's Strength together with one **Collateral** die that knocks the target
//! down when it matches a damage die and adds a critical `★` on a 6. Ranged impacts must survive
//! **Blink!** rolls for each obstacle. Markers go on `♦` first; total markers ≥ Endurance is K.O.
//!
//! As in `bmg3e`, every constant is computed once in the constructors; a trial only rolls.
//!
//! One concept per file, each using only the files below it: the readings ([`readings`]), the
//! weapon traits and the weapon ([`weapon_traits`], [`weapon`]), an attack's circumstances
//! ([`mods`]), the character traits ([`char_traits`]: what each can change, read through an
//! [`AttackView`]), the card ([`card`]), what markers do ([`markers`]), an attack's setup
//! ([`setup`]), a rule violation ([`rule_error`]), the damage roll ([`damage`]), the attack
//! ([`attack`], made by [`precompute`]); then the procedures, the Casualty Recount
//! ([`recount`]), the exchange, the duel, a sequence of attackers against one target ([`gang`]),
//! and [`trial`], which names them all. This file only declares them and re-exports their names, so
//! that the rest of the crate says `rules::Attack` wherever a name lives.

mod attack;
mod card;
mod char_traits;
pub mod counters;
pub mod damage;
pub mod duel;
pub mod gang;
mod info;
mod markers;
mod mods;
mod precompute;
pub mod procedures;
mod readings;
pub mod recount;
mod rule_error;
mod setup;
mod trial;
mod weapon;
mod weapon_traits;

pub use attack::*;
pub use card::*;
pub use char_traits::{
    AttackView, CHAR_TRAIT_TABLE, CHARACTER_TRAITS, CharTrait, CharTraits, Melee, PASSIVE_TRAITS, When, acting_in_melee,
};
pub use markers::*;
pub use mods::*;
pub use readings::*;
pub use rule_error::*;
pub use setup::*;
pub use trial::*;
pub use weapon::*;
pub use weapon_traits::{Acts, WEAPON_TRAIT_TABLE, WEAPON_TRAITS, WeaponTrait, WeaponTraits};

#[cfg(test)]
mod tests;
