//! The Batman Miniature Game 2019 scenario file, exactly as users write it (read strictly:
//! every struct denies unknown fields, so a typo is an error with its line). The tables both
//! editions write (cards, weapons, `[attack]`, `[check]`) are in `systems::batman::schema`.

use super::rules::{self, OneDie, OutnumberedBlocks};
use crate::systems::batman::schema::{Attack, Card, Check, Weapon};
use serde::Deserialize;
use std::collections::BTreeMap;

crate::scenario_file! {
    /// A bmg-3e scenario file.
    pub struct File {
        #[serde(default)]
        pub readings: Readings,
        #[serde(default)]
        pub cards: BTreeMap<String, Card>,
        #[serde(default)]
        pub weapons: BTreeMap<String, Weapon>,
        #[serde(default)]
        pub fighters: BTreeMap<String, FighterSpec>,
        pub attack: Option<Attack>,
        pub check: Option<Check>,
        pub effort: Option<Effort>,
        pub duel: Option<DuelSpec>,
        pub gang: Option<GangSpec>,
    }
}

crate::systems::batman::batman_file!(File);

crate::duel_schema! {
    /// A bmg-3e fighter: a card with the weapon it fights with, its effort policy and the
    /// markers it starts with (duels, gauntlets).
    #[serde(
        expecting = "a fighter: a table with card = \"NAME\" and optional label, weapon, effort, stun, wounds, melee_weapon, cost"
    )]
    pub struct FighterSpec {
        /// The weapon it fights with (default `unarmed`).
        pub weapon: Option<String>,
        /// Its effort policy (default `optimal-ko`).
        pub effort: Option<String>,
        /// Stun markers (★) it starts with.
        pub stun: Option<i64>,
        /// Wound markers (♦) it starts with.
        pub wounds: Option<i64>,
        /// The melee weapon of a fighter whose `weapon` is ranged, used in contact.
        pub melee_weapon: Option<String>,
    }
    /// A bmg-3e multi-round duel.
    #[serde(expecting = "a [duel] table with a, b, rounds, contact")]
    pub struct DuelSpec {
        /// Whether the fighters start in base contact (default `true`).
        pub contact: Option<bool>,
    }
}

crate::readings_schema! {
    /// The bmg-3e `[readings]` switches (the spec's ambiguities; documented in
    /// `configs/README.md`): each switch's values, the default first, and the rules' value each
    /// reads as.
    pub struct Readings => rules::Readings {
        /// A natural 6 always blocks (else a block needs face ≥ the attacker's Attack).
        block_natural_six: bool => bool as "a natural 6 always blocks" { false as "no" => false, true as "yes" => true },
        /// Hits after the one that causes K.O. in the same attack already add the extra `♦`.
        ko_bonus_within_attack: bool => bool as "hits after the K.O. in the same attack already add the extra ♦" { false as "no" => false, true as "yes" => true },
        /// Checks reduced to one die: roll a second die, or compare the one die alone.
        check_with_one_die: String => OneDie as "a check reduced to one die" {
            "plain_2d6" as "rolls a second die" => OneDie::Plain2d6,
            "single_die" as "compares the one die alone" => OneDie::SingleDie,
        },
        /// A K.O. *target* still suffers numerical inferiority.
        ko_target_outnumbered: bool => bool as "a K.O. target still suffers numerical inferiority" { true as "yes" => true, false as "no" => false },
        /// How many block dice an outnumbered target rolls: its Defense after the penalty (at
        /// least 1), or one die fewer per other enemy (possibly none).
        outnumbered_block_dice: String => OutnumberedBlocks as "an outnumbered target's block dice" {
            "defense" as "as many as its Defense after the penalty, at least 1" => OutnumberedBlocks::Defense,
            "fewer_dice" as "one fewer per other enemy in contact, possibly none" => OutnumberedBlocks::FewerDice,
        },
    }
}

/// Effort table settings (the matchup itself is in `[attack]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "an [effort] table with objective")]
pub struct Effort {
    pub objective: Option<String>,
}

/// Several models attacking one target in turn (`kind = "gang"`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a [gang] table with target, attackers, turns, goal, others_in_contact")]
pub struct GangSpec {
    /// The model attacked: a fighter (card, effort, stun, wounds); its weapon plays no part.
    pub target: FighterSpec,
    /// The attackers, in the order listed (`[[gang.attackers]]`).
    pub attackers: Vec<GangAttackerSpec>,
    /// How many turns they attack (default 1).
    pub turns: Option<i64>,
    /// `out_of_action` (K.O. or casualty, default) or `casualty`.
    pub goal: Option<String>,
    /// The target's other enemies already in base contact with it, who do not attack (default 0).
    pub others_in_contact: Option<i64>,
}

/// One attacker of a `[gang]` (or `count` identical ones): a fighter with what a sequence adds.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(
    expecting = "an attacker: a table with card = \"NAME\" and optional label, weapon, effort, stun, wounds, count, in_contact, moved, beyond_optimal_range, cover"
)]
pub struct GangAttackerSpec {
    pub label: Option<String>,
    pub card: String,
    pub weapon: Option<String>,
    /// `none`, `max` or `optimal-win` (default: at its best for the sequence).
    pub effort: Option<String>,
    pub stun: Option<i64>,
    pub wounds: Option<i64>,
    /// How many identical attackers this entry is (default 1).
    pub count: Option<i64>,
    /// In base contact with the target before the first attack (default false: a melee attacker
    /// comes into contact when it attacks).
    pub in_contact: Option<bool>,
    /// A ranged attacker moved before shooting (−2 dice).
    pub moved: Option<bool>,
    /// Beyond the weapon's optimal range (−1 die).
    pub beyond_optimal_range: Option<bool>,
    /// The target in cover (−1 die).
    pub cover: Option<bool>,
}
