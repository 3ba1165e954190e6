//! The ¡Bichos! scenario file, exactly as users write it (read strictly: every struct denies
//! unknown fields, so a typo is an error with its line).

use super::rules::{
    self, FleeRes, HoleDoubles, HoleTriples, KoAndDuck, PursuitHalving, PursuitTest, RangedInContact, RetreatDistance,
    ShotTestOrder, Units, WoundLowFdv, WoundedTests,
};
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
        pub weapons: BTreeMap<String, BichosWeapon>,
        #[serde(default)]
        pub fighters: BTreeMap<String, FighterSpec>,
        pub duel: Option<DuelSpec>,
        pub shot: Option<BichosShot>,
        pub sequence: Option<BichosShot>,
        pub arsenal: Option<Arsenal>,
        pub reaction: Option<ReactionTable>,
        pub encounter: Option<EncounterSpec>,
        pub pursuit: Option<PursuitSpec>,
        pub variants: Option<VariantsSpec>,
        pub gang: Option<GangSpec>,
    }
}

crate::duel_schema! {
    /// A ¡Bichos! figure in a duel: a profile with the weapon it fights with (duels, gauntlets).
    #[serde(expecting = "a fighter: a table with card = \"NAME\" and optional label, weapon, cost")]
    pub struct FighterSpec {
        /// The weapon it fights with (default `fists`).
        pub weapon: Option<String>,
    }
    /// A ¡Bichos! multi-turn duel.
    #[serde(expecting = "a [duel] table with a, b, rounds")]
    pub struct DuelSpec {}
}

crate::readings_schema! {
    /// The ¡Bichos! `[readings]` switches (the spec's variants and ambiguities; documented in
    /// `configs/README.md`): each switch's values, the default first, and the rules' value each
    /// reads as.
    pub struct Readings => rules::Readings {
        /// The translation's centimetres or the original's inches (movement, pursuit, holes).
        units: String => Units as "distances" {
            "cm" as "in centimetres (the translation)" => Units::Cm,
            "inches" as "in inches (the original)" => Units::Inches,
        }
        unknown = |v| format!("unknown units `{v}`"),
        /// Grenade POT: 11 (both weapon tables) or 9 (the profiles' "2D6 (P9)").
        grenade_pot: i64 => u8 as "grenade POT" { 11 as "11 (the weapon tables)" => 11, 9 as "9 (the profiles)" => 9 }
        unknown = |v| format!("grenade POT {v}");
        allowed = "11 (the weapon tables, default) or 9 (the profiles)",
        /// Inches variant: whether equal hole dice are added, multiplied or read as one die.
        hole_doubles: String => HoleDoubles as "equal hole dice (inches)" {
            "sum" as "are added" => HoleDoubles::Sum,
            "multiply" as "are multiplied" => HoleDoubles::Multiply,
            "one_die" as "count as one die" => HoleDoubles::OneDie,
        },
        /// FDV 0–1, off the printed wound table: the formula, or the FDV 2 column.
        wound_table_low_fdv: String => WoundLowFdv as "the wound table below FDV 2" {
            "extend" as "follows its formula" => WoundLowFdv::Extend,
            "clamp" as "uses the FDV 2 column" => WoundLowFdv::Clamp,
        },
        /// Which tests a figure wounded by a shot takes ("Herido", then "Bajo fuego").
        shot_wounded_tests: String => WoundedTests as "a figure wounded by a shot tests" {
            "both" as "\"Herido\", then \"Bajo fuego\"" => WoundedTests::Both,
            "herido_only" as "\"Herido\" only" => WoundedTests::HeridoOnly,
        },
        /// The retreat distance's wording: the table's 2 cm or the summary's 5 cm.
        retreat_distance: String => RetreatDistance as "the retreat distance" {
            "table" as "the table's 2 cm" => RetreatDistance::Table,
            "summary" as "the summary's 5 cm" => RetreatDistance::Summary,
        },
        /// Whether a pursuit's halved MOV rounds down or keeps fractions.
        pursuit_halving: String => PursuitHalving as "a pursuit's halved MOV" {
            "round_down" as "rounds down" => PursuitHalving::RoundDown,
            "fractional" as "keeps fractions" => PursuitHalving::Fractional,
        },
        /// Cm variant: three equal hole dice multiplied by 5 cm as always, or their sum.
        hole_triples: String => HoleTriples as "three equal hole dice (cm)" {
            "multiply" as "are multiplied by 5 cm as always" => HoleTriples::Multiply,
            "sum" as "give their sum in cm" => HoleTriples::Sum,
        },
        /// Whether fleeing sets RES to 0 or keeps it.
        flee_res: String => FleeRes as "fleeing" {
            "zero" as "sets RES to 0" => FleeRes::Zero,
            "keep" as "keeps RES" => FleeRes::Keep,
        },
        /// What stops a pursuit: one 2D6 ≤ FDV, or a full reaction test.
        pursuit_test: String => PursuitTest as "a pursuit stops on" {
            "single" as "one 2D6 ≤ FDV" => PursuitTest::Single,
            "reaction" as "a full reaction test" => PursuitTest::Reaction,
        },
        /// Duels: whether a gun against a melee fighter in contact fights in melee or shoots.
        ranged_in_contact: String => RangedInContact as "in a duel, a gun in contact with a melee fighter" {
            "melee" as "fights in melee" => RangedInContact::Melee,
            "shot" as "shoots" => RangedInContact::Shot,
        },
        /// Which test a figure wounded by a shot takes first.
        shot_test_order: String => ShotTestOrder as "a figure wounded by a shot tests first" {
            "herido_first" as "\"Herido\"" => ShotTestOrder::HeridoFirst,
            "bajo_fuego_first" as "\"Bajo fuego\"" => ShotTestOrder::BajoFuegoFirst,
        },
        /// Duels: the activations a figure knocked down and ducking back loses.
        ko_and_duck_activations: String => KoAndDuck as "in a duel, a figure knocked down and ducking back loses" {
            "one" as "one activation" => KoAndDuck::One,
            "two" as "two activations" => KoAndDuck::Two,
        },
    }
}

/// A ¡Bichos! library file (pulled in with `include = [...]`): profiles, weapons and gauntlet
/// fighters, each name resolved across the scenario and all its includes (a name defined twice
/// is refused; an entry may take a built-in profile's or weapon's name, and replaces it).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LibraryFile {
    pub ruleset: Option<String>,
    pub description: Option<String>,
    #[serde(default)]
    pub profiles: BTreeMap<String, BichosProfile>,
    #[serde(default)]
    pub weapons: BTreeMap<String, BichosWeapon>,
    #[serde(default)]
    pub fighters: BTreeMap<String, FighterSpec>,
}

impl crate::config::raw::LibrarySchema for LibraryFile {
    fn ruleset(&self) -> Option<&str> {
        self.ruleset.as_deref()
    }
    fn fighter_names(&self) -> Vec<String> {
        self.fighters.keys().cloned().collect()
    }
}

/// A ¡Bichos! weapon as the rulebook's weapon table writes one (seed lines 376–391: effective
/// range, maximum range, targets, damage, POT). A weapon with `pot` is a ranged weapon and needs
/// its effective range; one without is a melee weapon (the attacker's own POT, contact only).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(
    expecting = "a table like [weapons.NAME] with damage and optional name, pot, targets, effective_cm, max_cm, effective_in, max_in"
)]
pub struct BichosWeapon {
    /// How reports name it (else its key).
    pub name: Option<String>,
    /// Damage: the number of D6 rolled and summed ("Daño 3D6" is `damage = 3`).
    pub damage: i64,
    /// POT ("Potencia"), the impact table's column; left out: a melee weapon (the attacker's POT).
    pub pot: Option<i64>,
    /// Figures one attack can hit: 1, 3 (within 5 cm [2"] of each other) or "template" (every
    /// figure under the 7 cm [3"] radius template). Default 1.
    pub targets: Option<toml::Value>,
    /// Effective range in cm (farther is long range) and in inches.
    pub effective_cm: Option<i64>,
    pub effective_in: Option<i64>,
    /// Maximum range in cm and in inches; left out: no long range (the grenade's "NA").
    pub max_cm: Option<i64>,
    pub max_in: Option<i64>,
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

/// Several attackers, one after another, against one figure (`kind = "gang"`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a [gang] table with target, attackers, turns, goal, cover, target_moved_far")]
pub struct GangSpec {
    /// The profile attacked.
    pub target: String,
    /// The attackers, in the order listed (`[[gang.attackers]]`).
    pub attackers: Vec<GangAttackerSpec>,
    /// How many turns they attack (default 1).
    pub turns: Option<i64>,
    /// `out` (fled or dead, default) or `dead`.
    pub goal: Option<String>,
    /// The target in cover at the start of each turn (default false).
    pub cover: Option<bool>,
    /// The target moved ≥ 30 cm [12"] this turn (default false).
    pub target_moved_far: Option<bool>,
}

/// One attacker of a `[gang]` (or `count` identical ones).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(
    expecting = "an attacker: a table with shooter = \"PROFILE\", weapon = \"WEAPON\" and optional count, label, long_range, shooter_moved_far"
)]
pub struct GangAttackerSpec {
    pub label: Option<String>,
    pub shooter: String,
    pub weapon: String,
    /// How many identical attackers this entry is (default 1).
    pub count: Option<i64>,
    pub long_range: Option<bool>,
    pub shooter_moved_far: Option<bool>,
}
