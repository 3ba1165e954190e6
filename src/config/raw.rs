//! The TOML schema exactly as written by users, before validation.
//!
//! Every struct denies unknown fields so a typo is an error with a line number, not a silently
//! ignored setting. Integers are read as `i64` so out-of-range values (negative trials,
//! Defense 0) get our own message with the allowed range rather than a type error.

use serde::Deserialize;

// Each system's own sections live in its folder (`src/systems/<name>/schema.rs`); the scenario
// file below names them, and the sections both Batman editions share are here.
pub use crate::systems::bichos::schema::{
    Arsenal, BichosProfile, BichosShot, EncounterSpec, PursuitSpec, ReactionTable, VariantsSpec,
};
pub use crate::systems::bmg1e::schema::{Editions, Exchange, ExchangeSide, Procedure};
pub use crate::systems::bmg3e::schema::{Check, Effort};
pub use crate::systems::mordheim::schema::MordheimSpec;
pub use crate::systems::threat::schema::{
    ThreatBichos, ThreatBmg1e, ThreatBmg3e, ThreatMordheim, ThreatSpec, ThreatWolsung,
};
pub use crate::systems::wolsung::schema::{WInitiative, WLeave, WMagic, WMelee, WShooting, WolsungGun, WolsungModel};
use std::collections::BTreeMap;

/// The fields every scenario file has, whatever its rule system: read leniently first (other
/// keys are the system's), so the loader can find the system and the kind before the system
/// reads the whole file strictly.
#[derive(Debug, Clone, Deserialize)]
pub struct Common {
    pub ruleset: String,
    pub kind: String,
    pub name: Option<String>,
    pub description: Option<String>,
    pub seed: Option<i64>,
    pub trials: Option<i64>,
    pub precision: Option<f64>,
    pub max_trials: Option<i64>,
    /// `true`: every cell exactly (an error where one cannot be); `false`: sample every cell;
    /// left out: each cell exactly where that is cheaper than sampling it.
    pub exact: Option<bool>,
    #[serde(default)]
    pub readings: toml::Table,
}

/// A scenario file of the built-in systems, read strictly (a typo anywhere is an error with its
/// line). The generic sections (`[compare]`, `[sweep]`, `[paired]`, `[balance]`) are read by
/// `config::generic` and only noted here.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    pub ruleset: String,
    pub kind: String,
    pub name: Option<String>,
    pub description: Option<String>,
    pub seed: Option<i64>,
    pub trials: Option<i64>,
    pub precision: Option<f64>,
    pub max_trials: Option<i64>,
    pub exact: Option<bool>,
    #[serde(default)]
    pub include: Vec<String>,
    #[serde(default)]
    pub readings: Readings,
    #[serde(default)]
    pub cards: BTreeMap<String, Card>,
    #[serde(default)]
    pub weapons: BTreeMap<String, Weapon>,
    pub attack: Option<Attack>,
    pub check: Option<Check>,
    pub effort: Option<Effort>,
    pub compare: Option<toml::Value>,
    pub sweep: Option<toml::Value>,
    #[serde(default)]
    pub fighters: BTreeMap<String, FighterRef>,
    pub duel: Option<Duel>,
    pub balance: Option<toml::Value>,
    pub paired: Option<toml::Value>,
    pub procedure: Option<Procedure>,
    pub exchange: Option<Exchange>,
    pub editions: Option<Editions>,
    #[serde(default)]
    pub profiles: BTreeMap<String, BichosProfile>,
    pub shot: Option<BichosShot>,
    pub sequence: Option<BichosShot>,
    pub arsenal: Option<Arsenal>,
    pub reaction: Option<ReactionTable>,
    pub encounter: Option<EncounterSpec>,
    pub pursuit: Option<PursuitSpec>,
    pub variants: Option<VariantsSpec>,
    #[serde(default)]
    pub models: BTreeMap<String, WolsungModel>,
    #[serde(default)]
    pub guns: BTreeMap<String, WolsungGun>,
    pub shooting: Option<WShooting>,
    pub melee: Option<WMelee>,
    pub magic: Option<WMagic>,
    pub initiative: Option<WInitiative>,
    pub leave: Option<WLeave>,
    pub movement: Option<MordheimSpec>,
    pub threat: Option<ThreatSpec>,
}

/// A library of cards and weapons pulled in with `include = [...]`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LibraryFile {
    pub ruleset: Option<String>,
    pub description: Option<String>,
    #[serde(default)]
    pub cards: BTreeMap<String, Card>,
    #[serde(default)]
    pub weapons: BTreeMap<String, Weapon>,
    #[serde(default)]
    pub fighters: BTreeMap<String, FighterRef>,
}

/// Ambiguity switches of every rule system (each system's are listed in
/// [`super::READINGS`]; a config may set only its own system's).
#[derive(Debug, Clone, Default, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a [readings] table of true/false or named choices (the switches of the file's rule system)")]
pub struct Readings {
    pub block_natural_six: Option<bool>,
    // bmg-1e
    pub scratch_mode: Option<String>,
    pub martial_artist_vs_mobster: Option<bool>,
    pub special_attack_ranged: Option<bool>,
    pub helpless_passive_traits: Option<String>,
    pub ko_target_fallen: Option<bool>,
    pub protective_blink_modifiers: Option<bool>,
    pub kevlar_drops: Option<String>,
    pub ko_bonus_within_attack: Option<bool>,
    pub check_with_one_die: Option<String>,
    /// bmg-3e only.
    pub ko_target_outnumbered: Option<bool>,
    // wolsung
    pub guard_backlash_crits: Option<bool>,
    pub movement_penalty_floor: Option<String>,
    pub deck_exhausted: Option<String>,
    pub sunnir_scope: Option<String>,
    pub knocked_down_vs_magic: Option<bool>,
    // mordheim
    pub detection_range: Option<String>,
    // bichos
    pub units: Option<String>,
    pub grenade_pot: Option<i64>,
    pub hole_doubles: Option<String>,
    pub wound_table_low_fdv: Option<String>,
    pub shot_wounded_tests: Option<String>,
    pub retreat_distance: Option<String>,
    pub pursuit_halving: Option<String>,
    pub hole_triples: Option<String>,
    pub flee_res: Option<String>,
    pub pursuit_test: Option<String>,
    pub ranged_in_contact: Option<String>,
    pub shot_test_order: Option<String>,
    pub ko_and_duck_activations: Option<String>,
}

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

/// The fields of a shared Batman table (`attack`, a card, a weapon) that the other edition
/// alone reads, for the declared `ruleset`: what a message about that table must not offer.
pub fn other_editions_fields(ruleset: &str, path: &[&str]) -> &'static [&'static str] {
    match (ruleset, path) {
        ("bmg-3e", ["attack", ..]) => &ATTACK_1E_ONLY,
        ("bmg-1e", ["attack", ..]) => &ATTACK_3E_ONLY,
        // `traits` are bmg-1e card and weapon traits (bmg-3e refuses them).
        ("bmg-3e", ["cards" | "weapons", _, ..]) => &["traits"],
        _ => &[],
    }
}

/// A card with the weapon it fights with and its effort policy (duels, gauntlets).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(
    expecting = "a fighter: a table with card = \"NAME\" and optional label, weapon, effort, stun, wounds, guard, melee_weapon, cost"
)]
pub struct FighterRef {
    pub label: Option<String>,
    pub card: String,
    pub weapon: Option<String>,
    /// bmg-3e: effort policy; bmg-1e: counter split; wolsung: card policy.
    pub effort: Option<String>,
    pub stun: Option<i64>,
    pub wounds: Option<i64>,
    /// wolsung: `on_guard` or `parry` when attacked.
    pub guard: Option<String>,
    /// bmg-3e: the melee weapon of a fighter whose `weapon` is ranged, used in contact.
    pub melee_weapon: Option<String>,
    /// What the fighter costs, for balance tests (else its card's cost fields, e.g. Reputation).
    pub cost: Option<f64>,
}

/// A multi-round duel.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a [duel] table with a, b, rounds, contact")]
pub struct Duel {
    pub rounds: Option<i64>,
    pub a: FighterRef,
    pub b: FighterRef,
    /// bmg-3e: the fighters start in base contact (default `true`).
    pub contact: Option<bool>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lists here are the ones the editions' validators refuse: every field bmg-3e refuses
    /// as "a bmg-1e attack field" is in [`ATTACK_1E_ONLY`], and no field is in both lists.
    #[test]
    fn edition_only_lists_match_the_validators() {
        for (f, _) in crate::systems::bmg1e::config::attack_fields_1e(&Attack::default()) {
            assert!(ATTACK_1E_ONLY.contains(&f), "{f}");
        }
        for f in ATTACK_3E_ONLY {
            assert!(!ATTACK_1E_ONLY.contains(&f), "{f}");
        }
    }
}
