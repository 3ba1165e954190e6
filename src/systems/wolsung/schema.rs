//! The Wolsung scenario file, exactly as users write it (read strictly: every struct denies
//! unknown fields, so a typo is an error with its line).

use super::rules::{self, DeckExhausted, PenaltyFloor, SunnirScope};
use serde::Deserialize;
use std::collections::BTreeMap;

crate::scenario_file! {
    /// A Wolsung scenario file.
    pub struct File {
        #[serde(default)]
        pub readings: Readings,
        #[serde(default)]
        pub models: BTreeMap<String, WolsungModel>,
        #[serde(default)]
        pub guns: BTreeMap<String, WolsungGun>,
        #[serde(default)]
        pub fighters: BTreeMap<String, FighterSpec>,
        pub duel: Option<DuelSpec>,
        pub shooting: Option<WShooting>,
        pub melee: Option<WMelee>,
        pub magic: Option<WMagic>,
        pub initiative: Option<WInitiative>,
        pub leave: Option<WLeave>,
        pub gang: Option<GangSpec>,
    }
}

crate::duel_schema! {
    /// A Wolsung fighter: a model with its card policy and how it meets an attack (duels,
    /// gauntlets).
    #[serde(expecting = "a fighter: a table with card = \"NAME\" and optional label, effort, guard, cost")]
    pub struct FighterSpec {
        /// Its card policy (default `fewest_to_win`).
        pub effort: Option<String>,
        /// How it meets an attack: `on_guard` (default) or `parry`.
        pub guard: Option<String>,
    }
    /// A Wolsung multi-turn duel.
    #[serde(expecting = "a [duel] table with a, b, rounds")]
    pub struct DuelSpec {}
}

crate::readings_schema! {
    /// The Wolsung `[readings]` switches (`shared/rules/wolsung.md`'s ambiguities; documented in
    /// `configs/README.md`): each switch's values, the default first, and the rules' value each
    /// reads as.
    pub struct Readings => rules::Readings {
        /// A parried-over-guard attacker also suffers the defender's excess successes as criticals.
        guard_backlash_crits: bool => bool as "an attacker parried over a guard also suffers the defender's excess successes as criticals" { true as "yes" => true, false as "no" => false },
        /// Where *Movement penalty [x]*'s "to a minimum of 1" applies (seed l. 999–1003).
        movement_penalty_floor: String => PenaltyFloor as "Movement penalty's \"minimum of 1\" applies" {
            "listed" as "in the order the text lists the modifiers" => PenaltyFloor::Listed,
            "pool" as "to the whole pool" => PenaltyFloor::Pool,
            "attribute" as "to the attribute alone" => PenaltyFloor::Attribute,
        },
        /// What happens when a draw finds the shared deck empty (the seed never says).
        deck_exhausted: String => DeckExhausted as "when the shared deck runs out" {
            "reshuffle_discards" as "the discards are reshuffled" => DeckExhausted::ReshuffleDiscards,
            "no_more_draws" as "no more cards are drawn" => DeckExhausted::NoMoreDraws,
        },
        /// What *Técnicas de los maestros de Sunnir*' "Protección Mágica [+1R]" protects against.
        sunnir_scope: String => SunnirScope as "Técnicas de los maestros de Sunnir's +1 R protects against" {
            "magic" as "magic" => SunnirScope::Magic,
            "magic_and_shooting" as "magic and shooting" => SunnirScope::MagicAndShooting,
            "shooting" as "shooting" => SunnirScope::Shooting,
        },
        /// Whether the knocked-down +2 R ("contra ataques a distancia") also counts against magic.
        knocked_down_vs_magic: bool => bool as "the knocked-down +2 R also counts against magic" { false as "no" => false, true as "yes" => true },
    }
}

/// A Wolsung library file (pulled in with `include = [...]`): models, guns and gauntlet
/// fighters, each name resolved across the scenario and all its includes (a name defined twice
/// is refused).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LibraryFile {
    pub ruleset: Option<String>,
    pub description: Option<String>,
    #[serde(default)]
    pub models: BTreeMap<String, WolsungModel>,
    #[serde(default)]
    pub guns: BTreeMap<String, WolsungGun>,
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

/// A Wolsung model.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a table like [models.NAME] with m, c, f, d, r, h, name, a, …")]
pub struct WolsungModel {
    pub name: Option<String>,
    pub a: Option<i64>,
    pub m: i64,
    pub c: i64,
    pub f: i64,
    pub d: i64,
    pub r: i64,
    pub h: i64,
    pub armour: Option<i64>,
    pub hero: Option<bool>,
    pub suit: Option<String>,
    pub magic: Option<i64>,
    pub melee_bonus: Option<i64>,
    pub hard_to_kill: Option<bool>,
    pub sunnir: Option<bool>,
    pub beginners_luck: Option<bool>,
}

/// A Wolsung ranged weapon.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(
    expecting = "a table like [guns.NAME] with f, bands, name, rapid, rapid_fire, movement_penalty, armour_penetration"
)]
pub struct WolsungGun {
    pub name: Option<String>,
    pub f: i64,
    /// `[[up to inches, dice modifier], ...]` in increasing range.
    pub bands: Vec<Vec<i64>>,
    pub rapid: Option<bool>,
    pub rapid_fire: Option<i64>,
    pub movement_penalty: Option<i64>,
    pub armour_penetration: Option<i64>,
}

/// Wolsung shooting grid.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(
    expecting = "a [shooting] table with shooter, target, guns, distances, reactions, cover, policies, target_policy, …"
)]
pub struct WShooting {
    pub shooter: String,
    pub target: String,
    pub guns: Vec<String>,
    pub distances: Vec<i64>,
    pub reactions: Option<Vec<String>>,
    pub cover: Option<Vec<String>>,
    pub policies: Option<Vec<String>>,
    pub target_policy: Option<String>,
    pub heroes: Option<i64>,
    pub actions: Option<i64>,
    pub moved: Option<bool>,
    pub target_lower: Option<bool>,
    pub shooter_lower: Option<bool>,
    pub move_and_shoot: Option<bool>,
}

/// Wolsung melee table.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(
    expecting = "a [melee] table with attacker, defender, guards, attacker_support, defender_support, attacker_higher, defender_higher, charge_from_above, …"
)]
pub struct WMelee {
    pub attacker: String,
    pub defender: String,
    pub guards: Option<Vec<String>>,
    pub attacker_support: Option<i64>,
    pub defender_support: Option<i64>,
    pub attacker_higher: Option<bool>,
    pub defender_higher: Option<bool>,
    pub charge_from_above: Option<bool>,
    pub defender_knocked_down: Option<bool>,
    pub hypnotic_aura: Option<bool>,
    pub policies: Option<Vec<String>>,
    pub defender_policy: Option<String>,
    pub heroes: Option<i64>,
}

/// Wolsung magic.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(
    expecting = "a [magic] table with caster, target, spell_f, difficulty, cost, policy, heroes, target_knocked_down, …"
)]
pub struct WMagic {
    pub caster: String,
    pub target: Option<String>,
    pub spell_f: Option<i64>,
    pub difficulty: Option<i64>,
    pub cost: Option<i64>,
    pub policy: Option<String>,
    pub heroes: Option<i64>,
    /// The missile's target is knocked down (+2 R only under `knocked_down_vs_magic`).
    pub target_knocked_down: Option<bool>,
    /// A hero target's card policy (red cards added to its R roll).
    pub target_policy: Option<String>,
}

/// Wolsung initiative bid.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "an [initiative] table with hand, opponent_cards")]
pub struct WInitiative {
    pub hand: Vec<String>,
    pub opponent_cards: Option<i64>,
}

/// Wolsung leaving combat.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a [leave] table with model, enemy")]
pub struct WLeave {
    pub model: String,
    pub enemy: String,
}

/// Several henchmen attacking one model in turn (`kind = "gang"`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a [gang] table with target, attackers, heroes, target_knocked_down")]
pub struct GangSpec {
    /// The model attacked (a `[models]` entry).
    pub target: String,
    /// The attackers, in the order listed (`[[gang.attackers]]`).
    pub attackers: Vec<GangAttackerSpec>,
    /// Heroes agreed for the game: a hero target holds 3 + heroes cards (default 1).
    pub heroes: Option<i64>,
    /// The target is knocked down before the first attack (default false).
    pub target_knocked_down: Option<bool>,
}

/// One attacker of a `[gang]` (or `count` identical ones).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "an attacker: a table with model = \"NAME\" and optional label, gun, distance, count, in_contact")]
pub struct GangAttackerSpec {
    pub label: Option<String>,
    pub model: String,
    /// A gun to shoot with (else it fights in melee).
    pub gun: Option<String>,
    /// The shot's distance in inches (with a gun; default 6).
    pub distance: Option<i64>,
    /// How many identical attackers this entry is (default 1).
    pub count: Option<i64>,
    /// In base contact with the target before the first attack (melee; default false).
    pub in_contact: Option<bool>,
}
