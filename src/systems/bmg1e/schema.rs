//! The Batman Miniature Game 2013 scenario file, exactly as users write it (read strictly:
//! every struct denies unknown fields, so a typo is an error with its line). The tables both
//! editions write (cards, weapons, `[attack]`, `[check]`) are in `systems::batman::schema`.

use super::rules::{self, BlindSix, HelplessTraits, KevlarDrops, LetsGoSix, ScratchMode};
use crate::systems::batman::schema::{Attack, Card, Check, Weapon};
use serde::Deserialize;
use std::collections::BTreeMap;

crate::scenario_file! {
    /// A bmg-1e scenario file.
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
        pub duel: Option<DuelSpec>,
        pub procedure: Option<Procedure>,
        pub exchange: Option<Exchange>,
        pub editions: Option<Editions>,
        pub gang: Option<GangSpec>,
    }
}

crate::systems::batman::batman_file!(File);

crate::duel_schema! {
    /// A bmg-1e fighter: a card with the melee weapon it fights with, its counter split and the
    /// markers it starts with (duels, gauntlets).
    #[serde(
        expecting = "a fighter: a table with card = \"NAME\" and optional label, weapon, effort, stun, wounds, cost"
    )]
    pub struct FighterSpec {
        /// The melee weapon it fights with (default `unarmed`).
        pub weapon: Option<String>,
        /// Its counter split (default `attack_first`).
        pub effort: Option<String>,
        /// Stun markers it starts with.
        pub stun: Option<i64>,
        /// Wound markers it starts with.
        pub wounds: Option<i64>,
    }
    /// A bmg-1e multi-round duel.
    #[serde(expecting = "a [duel] table with a, b, rounds")]
    pub struct DuelSpec {}
}

crate::readings_schema! {
    /// The bmg-1e `[readings]` switches (the spec's ambiguities; documented in
    /// `configs/README.md`): each switch's values, the default first, and the rules' value each
    /// reads as.
    pub struct Readings => rules::Readings {
        /// A natural 6 always blocks.
        block_natural_six: bool => bool as "a natural 6 always blocks" { false as "no" => false, true as "yes" => true },
        /// How many `★` *Scratch* adds.
        scratch_mode: String => ScratchMode as "Scratch adds its ★" {
            "per_impact" as "for every impact that reaches the damage roll" => ScratchMode::PerImpact,
            "per_failed_impact" as "for every impact whose damage die fails" => ScratchMode::PerFailedImpact,
            "per_attack" as "once for an attack that hits and does no damage" => ScratchMode::PerAttack,
        },
        /// A *Martial Artist* target denies *Mobster*'s free strike.
        martial_artist_vs_mobster: bool => bool as "a Martial Artist target denies Mobster's free strike" { false as "no" => false, true as "yes" => true },
        /// Special attacks (*Precise Blow*, *Devastating Blow*) also work with ranged weapons.
        special_attack_ranged: bool => bool as "special attacks (Precise Blow, Devastating Blow) work with ranged weapons" { true as "yes" => true, false as "no" => false },
        /// Which helpless targets lose their passive protective traits.
        helpless_passive_traits: String => HelplessTraits as "helpless targets and their passive protective traits" {
            "lose_when_paralyzed" as "a paralyzed target loses them" => HelplessTraits::LoseWhenParalyzed,
            "keep" as "every helpless target keeps them" => HelplessTraits::Keep,
            "lose" as "every helpless target loses them" => HelplessTraits::Lose,
        },
        /// A K.O. target lies on the ground and is attacked as a fallen model (impacted on 2+).
        ko_target_fallen: bool => bool as "a K.O. target is attacked as a fallen model (impacted on 2+)" { true as "yes" => true, false as "no" => false },
        /// Blink! modifiers also apply to the *Protective* weapon's extra Blink! roll.
        protective_blink_modifiers: bool => bool as "Blink! modifiers apply to a Protective weapon's extra Blink! roll" { true as "yes" => true, false as "no" => false },
        /// Which marker *Kevlar Vest* drops from a `★♦` damage.
        kevlar_drops: String => KevlarDrops as "Kevlar Vest, against a ★♦ damage, drops" {
            "wound" as "the ♦" => KevlarDrops::Wound,
            "stun" as "the ★" => KevlarDrops::Stun,
        },
        /// What a *Blind* character's impact and block rolls need ("a 6+ result", L1872).
        blind_six: String => BlindSix as "a Blind character's impact and block rolls succeed on" {
            "after_modifiers" as "6 or more after modifiers" => BlindSix::AfterModifiers,
            "natural" as "a natural 6 only" => BlindSix::Natural,
        },
        /// What *Let's Go!*'s "a result of 6 is always a success" is (L1466), under *Mob*'s +1.
        lets_go_six: String => LetsGoSix as "Let's Go!'s \"result of 6\" that always succeeds is" {
            "natural" as "a natural 6" => LetsGoSix::Natural,
            "after_mob" as "6 or more after Mob's +1" => LetsGoSix::AfterMob,
        },
    }
}

/// A bmg-1e round procedure.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(
    expecting = "a [procedure] table with type, model, rounds, a_mastermind, a_perfect_plan, a_kaos_agent, b_mastermind, b_perfect_plan, …"
)]
pub struct Procedure {
    #[serde(rename = "type")]
    pub kind: String,
    pub model: Option<String>,
    // take-the-lead
    pub rounds: Option<i64>,
    pub a_mastermind: Option<bool>,
    pub a_perfect_plan: Option<bool>,
    pub a_kaos_agent: Option<bool>,
    pub b_mastermind: Option<bool>,
    pub b_perfect_plan: Option<bool>,
    pub b_kaos_agent: Option<bool>,
    // lets-go
    pub henchmen: Option<i64>,
    pub mob: Option<bool>,
    // movement
    pub movement_counters: Option<i64>,
    pub run: Option<bool>,
    pub target_cm: Option<i64>,
    // recovery
    pub stun: Option<i64>,
    pub unspent_special: Option<i64>,
    pub ko: Option<bool>,
    // riddle
    pub named: Option<i64>,
    // passing
    pub own_characters: Option<i64>,
    pub enemy_characters: Option<i64>,
    pub informer: Option<bool>,
    pub enemy_detective: Option<bool>,
    // bmg-1e: the cards whose traits act (take-the-lead: a_cards / b_cards; passing:
    // own_cards / enemy_cards; lets-go: cards), and the Sidekick's Let's Go! reroll.
    pub a_cards: Option<Vec<String>>,
    pub b_cards: Option<Vec<String>>,
    pub own_cards: Option<Vec<String>>,
    pub enemy_cards: Option<Vec<String>>,
    pub cards: Option<Vec<String>>,
    pub sidekick_reroll: Option<bool>,
}

/// A bmg-1e melee exchange with action-counter splits.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "an [exchange] table with a, b, objective")]
pub struct Exchange {
    pub a: ExchangeSide,
    pub b: ExchangeSide,
    pub objective: Option<String>,
}

/// One side of an exchange.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a side of the exchange: a table like [exchange.a] with card, weapon, stun, wounds, split")]
pub struct ExchangeSide {
    pub card: String,
    pub weapon: Option<String>,
    pub stun: Option<i64>,
    pub wounds: Option<i64>,
    /// `[attack counters, defense counters]`; omitted: every full split is tried.
    pub split: Option<Vec<i64>>,
}

/// One matchup under both BMG editions.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "an [editions] table with attacker, target, weapon, target_weapon")]
pub struct Editions {
    pub attacker: String,
    pub weapon: Option<String>,
    pub target: String,
    pub target_weapon: Option<String>,
}

/// Several models attacking one target in turn (`kind = "gang"`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(
    expecting = "a [gang] table with target, attackers, turns, goal, others_in_contact, target_knocked_down, defense_counters, target_armor_spent"
)]
pub struct GangSpec {
    /// The model attacked: a fighter (card, weapon for its blocks, stun, wounds).
    pub target: FighterSpec,
    /// The attackers, in the order listed (`[[gang.attackers]]`).
    pub attackers: Vec<GangAttackerSpec>,
    /// How many turns they attack (default 1).
    pub turns: Option<i64>,
    /// `out_of_action` (K.O. or casualty, default) or `casualty`.
    pub goal: Option<String>,
    /// The target's other enemies already in base contact with it, who do not attack (default 0).
    pub others_in_contact: Option<i64>,
    /// The target lies on the ground when the first attacker comes (default false).
    pub target_knocked_down: Option<bool>,
    /// The most Defense counters the target places each round (default: its Defense).
    pub defense_counters: Option<i64>,
    /// Markers the target's Power Armor has already ignored (default 0).
    pub target_armor_spent: Option<i64>,
}

/// One attacker of a `[gang]` (or `count` identical ones).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(
    expecting = "an attacker: a table with card = \"NAME\" and optional label, weapon, count, attack_counters, special_attack, in_contact, moved, obstacles"
)]
pub struct GangAttackerSpec {
    pub label: Option<String>,
    pub card: String,
    pub weapon: Option<String>,
    /// How many identical attackers this entry is (default 1).
    pub count: Option<i64>,
    /// Attack counters it strikes with (melee; default: as many as it may).
    pub attack_counters: Option<i64>,
    /// `none`, `precise_blow` or `devastating_blow` (default: the card's, when a counter is left).
    pub special_attack: Option<String>,
    /// In base contact with the target before the first attack (default false).
    pub in_contact: Option<bool>,
    /// A shooter moved earlier in its activation (Rate of Fire 1 unless Throwing).
    pub moved: Option<bool>,
    /// The obstacles between shooter and target, in order: Blink! difficulty 4, 5 or 6 each.
    pub obstacles: Option<Vec<i64>>,
}
