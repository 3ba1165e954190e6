//! The ¡Bichos! scenario file, exactly as users write it (read strictly: every struct denies
//! unknown fields, so a typo is an error with its line).

use crate::config::raw::{Duel, FighterRef, ScenarioSchema};
use serde::Deserialize;
use std::collections::BTreeMap;

crate::scenario_file! {
    /// A ¡Bichos! scenario file.
    pub struct File {
        #[serde(default)]
        pub readings: Readings,
        #[serde(default)]
        pub profiles: BTreeMap<String, BichosProfile>,
        #[serde(default)]
        pub fighters: BTreeMap<String, FighterRef>,
        pub duel: Option<Duel>,
        pub shot: Option<BichosShot>,
        pub sequence: Option<BichosShot>,
        pub arsenal: Option<Arsenal>,
        pub reaction: Option<ReactionTable>,
        pub encounter: Option<EncounterSpec>,
        pub pursuit: Option<PursuitSpec>,
        pub variants: Option<VariantsSpec>,
    }
}

impl ScenarioSchema for File {
    fn include(&self) -> &[String] {
        &self.include
    }
    fn fighters(&self) -> Option<&BTreeMap<String, FighterRef>> {
        Some(&self.fighters)
    }
    fn duel(&self) -> Option<&Duel> {
        self.duel.as_ref()
    }
}

/// The sections each ¡Bichos! kind reads (`terrain` reads none).
pub const SECTIONS: &[(&str, &[&str])] = &[
    ("shot", &["shot"]),
    ("sequence", &["sequence"]),
    ("arsenal", &["arsenal"]),
    ("reaction", &["reaction"]),
    ("encounter", &["encounter"]),
    ("pursuit", &["pursuit"]),
    ("terrain", &[]),
    ("variants", &["variants"]),
    ("duel", &["duel"]),
];

crate::readings_schema! {
    /// The ¡Bichos! `[readings]` switches, as written (their meaning and defaults are on the
    /// rules' `Readings`; `NAMES` is the system's list of switches).
    pub struct Readings {
        units: String,
        grenade_pot: i64,
        hole_doubles: String,
        hole_triples: String,
        wound_table_low_fdv: String,
        shot_wounded_tests: String,
        flee_res: String,
        retreat_distance: String,
        pursuit_halving: String,
        pursuit_test: String,
        ranged_in_contact: String,
        shot_test_order: String,
        ko_and_duck_activations: String,
    }
}

/// A ¡Bichos! figure profile.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a table like [profiles.NAME] with hda, pot, fdv, res, bld, mov_cm, mov_in, name")]
pub struct BichosProfile {
    pub name: Option<String>,
    pub hda: i64,
    pub pot: i64,
    pub fdv: i64,
    pub res: i64,
    pub bld: i64,
    pub mov_cm: i64,
    pub mov_in: i64,
}

/// One ¡Bichos! attack (`[shot]`) or repeated attacks on one target (`[sequence]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(
    expecting = "a [shot] or [sequence] table with shooter, weapon, targets, target, long_range, shooter_moved_far, target_moved_far, cover, …"
)]
pub struct BichosShot {
    pub shooter: String,
    pub weapon: String,
    /// `[shot]`: one to three targets; `[sequence]`: exactly one.
    pub targets: Option<Vec<String>>,
    pub target: Option<String>,
    pub long_range: Option<bool>,
    pub shooter_moved_far: Option<bool>,
    pub target_moved_far: Option<bool>,
    pub cover: Option<bool>,
    pub cap: Option<i64>,
}

/// Every weapon against every target profile in every situation.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "an [arsenal] table with shooter, weapons, targets, ranges, cover, cap")]
pub struct Arsenal {
    pub shooter: String,
    pub weapons: Vec<String>,
    pub targets: Vec<String>,
    pub ranges: Option<Vec<String>>,
    pub cover: Option<Vec<bool>>,
    pub cap: Option<i64>,
}

/// The reaction test table and the opposed "¿Ahora qué?" roll.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(
    expecting = "a [reaction] table with fdv_from, fdv_to, opposed, profile, leader, leader_near, friends_near, higher_than_enemies, …"
)]
pub struct ReactionTable {
    pub fdv_from: Option<i64>,
    pub fdv_to: Option<i64>,
    pub opposed: Option<Vec<i64>>,
    /// A figure whose modified FDV is computed from the spec's modifiers.
    pub profile: Option<String>,
    pub leader: Option<bool>,
    pub leader_near: Option<bool>,
    pub friends_near: Option<i64>,
    pub higher_than_enemies: Option<bool>,
    pub in_cover: Option<bool>,
    pub attacking_from_behind: Option<bool>,
    pub attacked_from_behind: Option<bool>,
}

/// An encounter check.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "an [encounter] table with terrain, holes, soldiers, humans")]
pub struct EncounterSpec {
    pub terrain: Option<String>,
    pub holes: Option<i64>,
    pub soldiers: Option<i64>,
    pub humans: Option<i64>,
}

/// A pursuit.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a [pursuit] table with profile")]
pub struct PursuitSpec {
    pub profile: String,
}

/// The same encounter and pursuit under the cm and the inches variant.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a [variants] table with profile, terrain, holes, soldiers, humans")]
pub struct VariantsSpec {
    pub profile: String,
    pub terrain: Option<String>,
    pub holes: Option<i64>,
    pub soldiers: Option<i64>,
    pub humans: Option<i64>,
}
