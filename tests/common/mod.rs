//! Shared builders for the integration tests.
#![allow(dead_code)]

use skirmish_odds::rules::bmg3e::*;

pub fn card(a: u8, d: u8, s: u8, w: u8, e: u8, sp: u8) -> Profile {
    Profile { attack: a, defense: d, strength: s, willpower: w, endurance: e, special: sp, movement: 4 }
}

pub fn melee(bonus: i8, stun: u8, wounds: u8) -> Weapon {
    Weapon { kind: WeaponKind::Melee { strength_bonus: bonus }, damage: Markers { stun, wounds }, crt: None }
}

pub fn ranged(rof: u8, strength: u8, stun: u8, wounds: u8) -> Weapon {
    Weapon { kind: WeaponKind::Ranged { rate_of_fire: rof, strength }, damage: Markers { stun, wounds }, crt: None }
}

pub fn setup(attacker: Profile, weapon: Weapon, target: Profile) -> AttackSetup {
    AttackSetup {
        attacker,
        attacker_markers: Markers::default(),
        weapon,
        target,
        target_markers: Markers::default(),
        defense_mod: 0,
        melee: MeleeMods::default(),
        ranged: RangedMods::default(),
        readings: Readings::default(),
    }
}
