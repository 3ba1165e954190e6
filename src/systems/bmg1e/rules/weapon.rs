//! A 2013 weapon ([`Weapon`]): how it attacks, its damage markers and its traits.
//!
//! A file of its own, below the character traits: a trait's [`When`](super::char_traits::When)
//! reads the weapons of an attack, and the cards hold the traits.

use super::weapon_traits::WeaponTraits;
use crate::systems::batman::markers::Markers;

/// How a weapon attacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WeaponKind {
    Melee,
    Ranged { rate_of_fire: u8 },
}

/// A 2013 weapon (or bare hands).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weapon {
    pub kind: WeaponKind,
    pub damage: Markers,
    pub traits: WeaponTraits,
    /// `CRT:` effect that replaces the critical's extra `★` (reported, not simulated).
    pub crt: Option<String>,
    /// Bare hands (for *Masterfighter* and *Reinforced Gloves*).
    pub unarmed: bool,
}

impl Weapon {
    /// Bare hands: melee, `★` per damage (`★★` with *Reinforced Gloves*).
    pub fn unarmed() -> Self {
        Weapon {
            kind: WeaponKind::Melee,
            damage: Markers { stun: 1, wounds: 0 },
            traits: WeaponTraits::default(),
            crt: None,
            unarmed: true,
        }
    }
}
