//! Wolsung Steampunk Skirmish Game, per `shared/rules/wolsung.md`: opposed pools of D6 where
//! 4+ is a success, and heroic feats paid with real playing cards.
//!
//! Cards come from one 52-card deck shuffled with the same unbiased dice source (no jokers),
//! dealt into hands of 3 + heroes and spent by a stated policy, without replacement across a
//! turn's actions. A duel holds real cards ([`Hand`]: bids and discards look at ranks and suits);
//! a single shot, melee attack or spell holds only counts of the card classes it can tell apart
//! ([`ClassHand`]), which the exact evaluator deals in one step.
//!
//! One concept per file, each using only the files below it: the readings ([`readings`]), the
//! opposed roll ([`roll`]), the cards ([`cards`]), heroic feats ([`feats`]), the card classes of
//! one resolution ([`class_hand`]); then one file per trial — the shooting turn, the melee attack,
//! the spell, the initiative bid, leaving melee, the duel — and [`trial`], which names them all.
//! This file only declares them and re-exports their names, so that the rest of the crate says
//! `rules::Melee` wherever a name lives.

mod bid;
mod cards;
mod class_hand;
pub mod duel;
mod feats;
pub mod gang;
mod info;
mod leave;
mod magic;
mod melee;
mod readings;
mod roll;
mod shooting;
#[cfg(test)]
mod tests;
mod trial;

pub use bid::*;
pub use cards::*;
pub use class_hand::*;
pub use feats::*;
pub use leave::*;
pub use magic::*;
pub use melee::*;
pub use readings::*;
pub use roll::*;
pub use shooting::*;
pub use trial::*;
