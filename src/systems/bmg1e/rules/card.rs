//! A 2013 character card ([`Card`]): the characteristics the dice read and its traits.
//!
//! A file of its own because the attack, the exchange, the procedures' builders and the duel all
//! read it; it uses only the traits it holds.

use super::char_traits::CharTraits;

/// A 2013 character card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    /// Action counters per round.
    pub willpower: u8,
    pub movement: u8,
    pub attack: u8,
    pub defense: u8,
    /// Strength `k+` of the damage roll.
    pub strength: u8,
    /// K.O. when markers ≥ Endurance; casualty when `♦` ≥ Endurance.
    pub endurance: u8,
    pub special: u8,
    pub traits: CharTraits,
}

impl Card {
    /// Most Special counters: the card's Special, or 4 with *Scientific* ("Special
    /// Characteristic is 4 instead of 3", seed L1596).
    pub fn special_counters(&self) -> u8 {
        if self.traits.scientific { 4 } else { self.special }
    }
}
