//! ¡Bichos! (THW "Bugs!"), per `shared/rules/bichos.md`: 2D6 firing table, damage with the
//! impact and wound tables, reaction tests, bug encounters — in the cm and inches variants.
//!
//! Everything random is a pure function of the dice; the tables are formulas (checked against
//! every printed cell in the tests).
//!
//! One concept per file, each using only the files below it: the readings ([`readings`]), the
//! profiles and weapons ([`profile`], [`weapons`]), the printed tables ([`tables`]), one attack's
//! damage ([`damage`]) and the reaction tests it forces ([`react`]); then one file per trial —
//! the shot, the sequence of attacks, the reaction test, the opposed roll, the encounter, the
//! pursuit, the terrain roll, the duel — and [`trial`], which names them all. This file only
//! declares them and re-exports their names, so that the rest of the crate says `rules::Shot`
//! wherever a name lives.

mod damage;
pub mod duel;
mod encounter;
pub mod gang;
mod info;
mod opposed;
mod profile;
mod pursuit;
mod react;
mod reaction;
mod readings;
mod sequence;
mod shot;
mod tables;
mod terrain;
#[cfg(test)]
mod tests;
pub mod trial;
mod weapons;

pub use damage::*;
pub use encounter::*;
pub use opposed::*;
pub use profile::*;
pub use pursuit::*;
pub use react::*;
pub use reaction::*;
pub use readings::*;
pub use sequence::*;
pub use shot::*;
pub use tables::*;
pub use terrain::*;
pub use weapons::*;
