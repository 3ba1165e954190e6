//! The tables both Batman editions write, exactly as users write them (read strictly: every
//! struct denies unknown fields, so a typo is an error with its line). Fields only one edition
//! reads are marked; the other edition refuses them (see [`super::Batman`]).

use crate::config::raw::LibrarySchema;
use serde::Deserialize;
use std::collections::BTreeMap;

/// A character card.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(
    expecting = "a table like [cards.NAME] with attack, defense, strength, willpower, endurance, special, name, movement, …"
)]
pub struct Card {
    pub name: Option<String>,
    pub attack: i64,
    pub defense: i64,
    pub strength: i64,
    pub willpower: i64,
    pub endurance: i64,
    pub special: i64,
    pub movement: Option<i64>,
    pub reputation: Option<i64>,
    pub funding: Option<i64>,
    /// bmg-1e only: character traits (e.g. `["combo", "bat_armor_mk1"]`).
    pub traits: Option<Vec<String>>,
}

/// A weapon.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(
    expecting = "a table like [weapons.NAME] with kind, damage, name, strength_bonus, rate_of_fire, strength, crt, traits"
)]
pub struct Weapon {
    pub name: Option<String>,
    pub kind: String,
    pub damage: String,
    pub strength_bonus: Option<i64>,
    pub rate_of_fire: Option<i64>,
    pub strength: Option<i64>,
    pub crt: Option<String>,
    /// bmg-1e only: weapon traits (e.g. `["handy", "heavy"]`).
    pub traits: Option<Vec<String>>,
}

/// One attack (also the base of compare and sweep scenarios).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(
    expecting = "an [attack] table with attacker, weapon, target, attacker_effort, target_effort, enemies_in_contact, attacker_stun, attacker_wounds, …"
)]
pub struct Attack {
    pub attacker: Option<String>,
    pub weapon: Option<String>,
    pub target: Option<String>,
    pub attacker_effort: Option<i64>,
    pub target_effort: Option<i64>,
    pub enemies_in_contact: Option<i64>,
    pub attacker_stun: Option<i64>,
    pub attacker_wounds: Option<i64>,
    pub target_stun: Option<i64>,
    pub target_wounds: Option<i64>,
    pub defense_mod: Option<i64>,
    pub moved: Option<bool>,
    pub beyond_optimal_range: Option<bool>,
    pub cover: Option<bool>,
    pub blind_fire: Option<bool>,
    pub storm: Option<bool>,
    pub dodge: Option<i64>,
    // bmg-1e fields.
    pub attack_counters: Option<i64>,
    pub defense_counters: Option<i64>,
    pub numerical_inferiority: Option<bool>,
    pub defensive_position: Option<bool>,
    pub paralyzed: Option<bool>,
    pub target_knocked_down: Option<bool>,
    pub target_weapon: Option<String>,
    pub obstacles: Option<Vec<i64>>,
    pub dodge_counters: Option<i64>,
    pub elusive: Option<bool>,
    pub within_5cm: Option<bool>,
    pub special_attack: Option<String>,
    pub target_armor_spent: Option<i64>,
}

/// Fields of the shared [`Attack`] that only bmg-1e reads: bmg-3e refuses them ("a bmg-1e
/// attack field"), so a bmg-3e typo is never pointed at one of them.
pub const ATTACK_1E_ONLY: [&str; 13] = [
    "attack_counters",
    "defense_counters",
    "numerical_inferiority",
    "defensive_position",
    "paralyzed",
    "target_knocked_down",
    "target_weapon",
    "obstacles",
    "dodge_counters",
    "elusive",
    "within_5cm",
    "special_attack",
    "target_armor_spent",
];

/// Fields of the shared [`Attack`] that only bmg-3e reads (bmg-1e refuses them).
pub const ATTACK_3E_ONLY: [&str; 10] = [
    "attacker_effort",
    "target_effort",
    "enemies_in_contact",
    "attacker_stun",
    "attacker_wounds",
    "defense_mod",
    "beyond_optimal_range",
    "blind_fire",
    "storm",
    "dodge",
];

/// One check.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a [check] table with model, type, characteristic, against, value, ko, enemy_effort")]
pub struct Check {
    pub model: Option<String>,
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub characteristic: Option<String>,
    pub against: Option<String>,
    pub value: Option<i64>,
    pub ko: Option<bool>,
    pub enemy_effort: Option<i64>,
}

/// A library of cards, weapons and fighters pulled in with `include = [...]`, its fighters read
/// as the edition's `F`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(bound = "F: serde::de::DeserializeOwned")]
pub struct LibraryFile<F> {
    pub ruleset: Option<String>,
    pub description: Option<String>,
    #[serde(default)]
    pub cards: BTreeMap<String, Card>,
    #[serde(default)]
    pub weapons: BTreeMap<String, Weapon>,
    #[serde(default = "BTreeMap::new")]
    pub fighters: BTreeMap<String, F>,
}

impl<F: serde::de::DeserializeOwned> LibrarySchema for LibraryFile<F> {
    fn ruleset(&self) -> Option<&str> {
        self.ruleset.as_deref()
    }
    fn fighter_names(&self) -> Vec<String> {
        self.fighters.keys().cloned().collect()
    }
}
