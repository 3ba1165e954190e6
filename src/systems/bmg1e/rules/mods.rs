//! The circumstances of one 2013 attack: melee ([`MeleeMods`]) and ranged ([`RangedMods`]).
//!
//! A file of its own, below the character traits: a trait's [`When`](super::char_traits::When)
//! reads them, and the attack's setup holds them with the cards that hold the traits.

/// Circumstances of a melee attack.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MeleeMods {
    /// Attack counters spent (one strike each; *Combo*: 3 per 2).
    pub attack_counters: u8,
    /// Defense counters the target spends on blocks (one die each; *Sustained Defense*: 3 per 2).
    pub defense_counters: u8,
    /// Target fighting ≥ 2 enemies: −1 Defense (a *Martial Artist* target ignores it, seed L1482).
    pub numerical_inferiority: bool,
    /// +1 Defense.
    pub defensive_position: bool,
    /// −2 Defense.
    pub paralyzed: bool,
}

/// Circumstances of a ranged attack.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RangedMods {
    /// The shooter moved earlier this activation (Rate of Fire 1 unless *Throwing*).
    pub moved: bool,
    /// Obstacles between shooter and target, in order: blink difficulty 4, 5 or 6 each.
    pub obstacles: Vec<u8>,
    /// The target is in cover behind the last obstacle (+1 on that blink).
    pub cover: bool,
    /// Movement counters the target spends on *Dodge* (one Agility roll each).
    pub dodge_counters: u8,
    /// The target spends 1 MC on *Elusive* (+1 Defense).
    pub elusive: bool,
    /// −2 Defense.
    pub paralyzed: bool,
    /// The target is within 5 cm: only a *Light* weapon may shoot, with Rate of Fire 1.
    pub within_5cm: bool,
}
