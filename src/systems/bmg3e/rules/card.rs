//! What a 2019 character card says that the dice read: its characteristics ([`Profile`]) and its
//! weapons ([`Weapon`]).
//!
//! A file of its own because the attack, the damage, the duel and its exact solver all read it.

use crate::systems::batman::markers::Markers;

/// A character card's dice-relevant characteristics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Profile {
    pub attack: u8,
    pub defense: u8,
    /// Strength `k+`: target number of the Strength die.
    pub strength: u8,
    pub willpower: u8,
    pub endurance: u8,
    pub special: u8,
    pub movement: u8,
}

/// How a weapon attacks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeaponKind {
    /// Adds `strength_bonus` to the wielder's Strength die (e.g. *Heavy* +1).
    Melee { strength_bonus: i8 },
    /// Rolls `rate_of_fire` attack dice and a Strength die of the weapon's own `strength`.
    Ranged { rate_of_fire: u8, strength: u8 },
}

/// A weapon as written on the card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weapon {
    pub kind: WeaponKind,
    /// Markers per hit.
    pub damage: Markers,
    /// `CRT:` effect that may replace knock-down on a critical (reported, not simulated).
    pub crt: Option<String>,
}

impl Weapon {
    /// Bare hands: melee, `★` per hit.
    pub fn unarmed() -> Self {
        Weapon { kind: WeaponKind::Melee { strength_bonus: 0 }, damage: Markers { stun: 1, wounds: 0 }, crt: None }
    }
}
