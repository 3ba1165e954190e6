//! The TOML schema exactly as written by users, before validation.
//!
//! Every struct denies unknown fields so a typo is an error with a line number, not a silently
//! ignored setting. Integers are read as `i64` so out-of-range values (negative trials,
//! Defense 0) get our own message with the allowed range rather than a type error.

use serde::Deserialize;
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
pub struct Readings {
    pub block_natural_six: Option<bool>,
    // bmg-1e
    pub scratch_mode: Option<String>,
    pub martial_artist_vs_mobster: Option<bool>,
    pub special_attack_ranged: Option<bool>,
    pub helpless_passive_traits: Option<String>,
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
}

/// A character card.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
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

/// One check.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
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

/// Effort table settings (the matchup itself is in `[attack]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Effort {
    pub objective: Option<String>,
}

/// Loadouts × targets grid (shared settings in `[attack]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Compare {
    pub loadouts: Vec<Loadout>,
    pub targets: Vec<String>,
}

/// One attacker loadout in a comparison.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Loadout {
    pub label: Option<String>,
    pub attacker: String,
    pub weapon: Option<String>,
}

/// One parameter over a range (base scenario in `[attack]` or `[check]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sweep {
    pub parameter: String,
    pub values: Option<Vec<i64>>,
    pub from: Option<i64>,
    pub to: Option<i64>,
    pub step: Option<i64>,
}

/// A card with the weapon it fights with and its effort policy (duels, gauntlets).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
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
pub struct Duel {
    pub rounds: Option<i64>,
    pub a: FighterRef,
    pub b: FighterRef,
    /// bmg-3e: the fighters start in base contact (default `true`).
    pub contact: Option<bool>,
}

/// A card against a gauntlet of reference fighters.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Balance {
    pub candidate: FighterRef,
    pub gauntlet: Option<Vec<String>>,
    pub rounds: Option<i64>,
    pub peer_band: Option<f64>,
    pub outlier_threshold: Option<f64>,
}

/// Loadout A against loadout B on common random numbers (circumstances in `[attack]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Paired {
    pub a: Loadout,
    pub b: Loadout,
    pub target: String,
    pub measure: Option<String>,
}

/// A bmg-1e round procedure.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
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
pub struct Exchange {
    pub a: ExchangeSide,
    pub b: ExchangeSide,
    pub objective: Option<String>,
}

/// One side of an exchange.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
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
pub struct Editions {
    pub attacker: String,
    pub weapon: Option<String>,
    pub target: String,
    pub target_weapon: Option<String>,
}

/// A ¡Bichos! figure profile.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
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
pub struct EncounterSpec {
    pub terrain: Option<String>,
    pub holes: Option<i64>,
    pub soldiers: Option<i64>,
    pub humans: Option<i64>,
}

/// A pursuit.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PursuitSpec {
    pub profile: String,
}

/// The same encounter and pursuit under the cm and the inches variant.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantsSpec {
    pub profile: String,
    pub terrain: Option<String>,
    pub holes: Option<i64>,
    pub soldiers: Option<i64>,
    pub humans: Option<i64>,
}

/// A Wolsung model.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
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
pub struct WInitiative {
    pub hand: Vec<String>,
    pub opponent_cards: Option<i64>,
}

/// Wolsung leaving combat.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WLeave {
    pub model: String,
    pub enemy: String,
}

/// Mordheim movement.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MordheimSpec {
    pub m: i64,
    pub initiative: Option<i64>,
    pub visible_enemy: Option<i64>,
}

/// Threat range across rule systems.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThreatSpec {
    pub from_in: Option<i64>,
    pub to_in: Option<i64>,
    #[serde(rename = "bmg-1e")]
    pub bmg_1e: Option<ThreatBmg1e>,
    #[serde(rename = "bmg-3e")]
    pub bmg_3e: Option<ThreatBmg3e>,
    pub bichos: Option<ThreatBichos>,
    pub wolsung: Option<ThreatWolsung>,
    pub mordheim: Option<ThreatMordheim>,
}

/// BMG 2013 mover.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThreatBmg1e {
    pub basic_cm: Option<i64>,
    pub movement_counters: i64,
    pub fast: Option<bool>,
}

/// BMG 2019 mover.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThreatBmg3e {
    pub movement_in: i64,
}

/// ¡Bichos! mover.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThreatBichos {
    pub mov_cm: i64,
    pub mov_in: i64,
    pub units: Option<String>,
    /// The charger's (modified) FDV for its "Cargando" test; default 9 (Soldado, Colono), with a note.
    pub fdv: Option<i64>,
}

/// Wolsung mover.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThreatWolsung {
    pub actions: Option<i64>,
    pub move_in: i64,
}

/// Mordheim mover.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThreatMordheim {
    pub m: i64,
}
