//! The 2013 character (card) traits, declared once.
//!
//! Each trait is ONE entry of [`char_traits!`] below: its doc, its field (what the rules read,
//! e.g. `card.traits.sturdy`, also its config name), where it acts in the rules with its seed
//! line (the words of the notes on traits that cannot change a scenario's numbers), and when it
//! can change an attack's numbers (as the attacker's or the target's trait) or a melee
//! exchange's / duel's. The struct [`CharTraits`], the accepted names [`CHARACTER_TRAITS`] (the
//! list of the "unknown trait" error and of the configs README), [`CharTraits::set`],
//! [`CharTraits::has`], [`CharTraits::names`] and [`CHAR_TRAIT_TABLE`] are all made from it.
//! Adding a trait is one entry here (at the end: the order is the error message's and the
//! README's), its rule code, and a test; the README test (`readme_lists_every_character_trait`)
//! then tells you the README line. The round procedures (movement, checks, Take-the-Lead, Let's
//! Go!, passing, recovery) name the few traits they read beside the code that reads them.

use super::mods::{MeleeMods, RangedMods};
use super::readings::Readings;
use super::weapon::{Weapon, WeaponKind};
use crate::systems::batman::markers::Markers;

/// What a trait's [`When`] reads of one attack: its setup (`AttackSetup`, in `setup.rs`) without
/// the two cards, for which the attacker's traits and whether the target loses its passive traits
/// stand in (made by `AttackSetup::view`).
///
/// A view rather than the setup itself: the setup holds the cards and the cards hold these
/// traits, so a table of traits that read the setup would make this file and the setup's use
/// each other. The view holds only what lies below this file (weapons, circumstances, readings).
#[derive(Clone, Copy, Debug)]
pub struct AttackView<'a> {
    pub weapon: &'a Weapon,
    /// The target's weapon (its *Protective* / *Defensive* traits help it defend).
    pub target_weapon: &'a Weapon,
    /// The attacker's character traits.
    pub attacker: &'a CharTraits,
    pub target_markers: Markers,
    pub melee: &'a MeleeMods,
    pub ranged: &'a RangedMods,
    pub readings: &'a Readings,
    /// The target loses its passive protective traits in this attack (`loses_passive_traits`).
    pub loses_passive_traits: bool,
}

/// Whether a trait can change the numbers of an attack (seen through its [`AttackView`], ranged
/// or not), on the attacker's card or on the target's (which of the two: the field of
/// [`CharTrait`]).
pub type When = fn(&AttackView, bool) -> bool;

/// In every attack.
const ALWAYS: When = |_, _| true;
/// In no attack.
const NEVER: When = |_, _| false;
/// In ranged attacks.
const RANGED: When = |_, ranged| ranged;
/// In melee attacks.
const MELEE: When = |_, ranged| !ranged;
/// In unarmed melee attacks.
const UNARMED_MELEE: When = |s, ranged| !ranged && s.weapon.unarmed;
/// When the special attack can be made: always in melee, with a ranged weapon under the reading
/// `special_attack_ranged`.
const SPECIAL_ATTACK: When = |s, ranged| !ranged || s.readings.special_attack_ranged;
/// When the target already has markers (the counters it loses to them).
const MARKED: When = |s, _| s.target_markers.stun + s.target_markers.wounds > 0;
/// When the target spends Movement counters on Dodge against a shot.
const DODGES: When = |s, ranged| ranged && s.ranged.dodge_counters > 0;

/// The shot makes Blink! rolls at all (not Remote Controlled, not Scope).
fn blink_rolls(s: &AttackView) -> bool {
    matches!(s.weapon.kind, WeaponKind::Ranged { .. }) && !(s.weapon.traits.remote_controlled || s.weapon.traits.scope)
}

/// The shot makes obstacle Blink! rolls (*Expert Marksman*, *Shooter*).
fn obstacle_blinks(s: &AttackView) -> bool {
    blink_rolls(s) && !s.ranged.obstacles.is_empty()
}

/// The *Protective* extra Blink! roll takes *Expert Marksman* (`protective_blink_modifiers`),
/// unless the target lost its weapon's rule (issue #23 review, finding 3).
fn protective_blink(s: &AttackView) -> bool {
    blink_rolls(s)
        && s.target_weapon.traits.protective
        && s.readings.protective_blink_modifiers
        && !s.loses_passive_traits
}

/// Whether a trait can change a melee exchange's or a duel's numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Melee {
    /// An exchange's and a duel's (it acts in the strikes, blocks, damage or counters).
    Exchange,
    /// A duel's only (Take-the-Lead, recovery between rounds).
    Duel,
    /// Neither.
    No,
}

/// One character trait as declared in [`char_traits!`].
#[derive(Clone, Copy, Debug)]
pub struct CharTrait {
    /// Its config name (also its field in [`CharTraits`]).
    pub name: &'static str,
    /// Its name as the rulebook prints it ("Martial Artist"): what reports show.
    pub title: &'static str,
    /// What of the rules it changes, with its seed line ("action counters lost to damage,
    /// L1638"): said in the notes when it cannot change a scenario's numbers.
    pub acts_on: &'static str,
    /// Whether it can change an attack's numbers on the attacker's card.
    pub attacker: When,
    /// Whether it can change an attack's numbers on the target's card.
    pub target: When,
    /// Whether it can change a melee exchange's or a duel's numbers.
    pub melee: Melee,
}

/// Declares the character traits: `field as "Its Name" => "where it acts, seed line", attacker: When,
/// target: When, melee: Melee;` (see the module doc).
macro_rules! char_traits {
    ($( $(#[$meta:meta])* $field:ident as $title:literal => $acts_on:literal,
        attacker: $attacker:expr, target: $target:expr, melee: $melee:ident; )*) => {
        /// Character traits with dice effects (config names in [`CHARACTER_TRAITS`]).
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct CharTraits {
            $( $(#[$meta])* pub $field: bool, )*
        }

        /// Config names of character traits, in declaration order.
        pub const CHARACTER_TRAITS: &[&str] = &[$( stringify!($field), )*];

        /// Every character trait, in declaration order.
        pub const CHAR_TRAIT_TABLE: &[CharTrait] = &[$(
            CharTrait {
                name: stringify!($field),
                title: $title,
                acts_on: $acts_on,
                attacker: $attacker,
                target: $target,
                melee: Melee::$melee,
            },
        )*];
        impl CharTraits {
            /// Set a trait by config name; false if the name is unknown.
            pub fn set(&mut self, name: &str) -> bool {
                $( if name == stringify!($field) {
                    self.$field = true;
                    return true;
                } )*
                false
            }

            /// Whether the trait of that config name is set (false for an unknown name).
            pub fn has(&self, name: &str) -> bool {
                $( if name == stringify!($field) {
                    return self.$field;
                } )*
                false
            }

            /// Clear a trait by config name (no effect for an unknown name).
            pub fn clear(&mut self, name: &str) {
                $( if name == stringify!($field) {
                    self.$field = false;
                } )*
            }

            /// Config names of the traits set, in declaration order.
            pub fn names(&self) -> Vec<&'static str> {
                let mut v = Vec::new();
                $( if self.$field { v.push(stringify!($field)); } )*
                v
            }
        }
    };
}

char_traits! {
    /// Loses no action counters to damage.
    insensitive as "Insensitive" => "action counters lost to damage, L1416",
        attacker: NEVER, target: MARKED, melee: Exchange;
    /// Loses one action counter per 3 markers instead of 2.
    sturdy as "Sturdy" => "action counters lost to damage, L1638",
        attacker: NEVER, target: MARKED, melee: Exchange;
    /// Loses one action counter per marker instead of per 2.
    weak as "Weak" => "action counters lost to damage, L1700",
        attacker: NEVER, target: MARKED, melee: Exchange;
    /// Every 2 Attack counters buy a third strike in melee.
    combo as "Combo" => "melee strikes, L1283",
        attacker: MELEE, target: NEVER, melee: Exchange;
    /// Every 2 Defense counters buy a third block die.
    sustained_defense as "Sustained Defense" => "block dice, L1646",
        attacker: NEVER, target: |s, r| !r && s.melee.defense_counters > 0, melee: Exchange;
    /// Ignores the −1 of Numerical Inferiority when it is the outnumbered model.
    martial_artist as "Martial Artist" => "Numerical Inferiority when it is the outnumbered model, L1482",
        attacker: NEVER, target: |s, r| !r && s.melee.numerical_inferiority, melee: No;
    /// +1 to impact rolls with any weapon (not unarmed).
    weapon_master as "Weapon Master" => "impact rolls with a weapon, L1704",
        attacker: |s, _| !s.weapon.unarmed, target: NEVER, melee: Exchange;
    /// +1 to unarmed impact rolls.
    masterfighter as "Masterfighter" => "unarmed impact rolls, L1486",
        attacker: UNARMED_MELEE, target: NEVER, melee: Exchange;
    /// The *Precise Blow* special attack (+1 impact, collateral reroll; 1 SC).
    precise_blow as "Precise Blow" => "a special attack, L1752",
        attacker: SPECIAL_ATTACK, target: NEVER, melee: Exchange;
    /// Impacts and blocks only on a 6; cannot shoot, dodge or spend Movement counters.
    blind as "Blind" => "impact and block rolls, Dodge, L1872",
        attacker: ALWAYS, target: |s, r| if r { s.ranged.dodge_counters > 0 || s.ranged.elusive } else { s.melee.defense_counters > 0 }, melee: Exchange;
    /// −1 to its block rolls.
    one_armed as "One-Armed" => "block rolls, L1516",
        attacker: NEVER, target: |s, r| !r && s.melee.defense_counters > 0, melee: Exchange;
    /// Each impact it suffers is stopped on a 5+.
    bat_armor_mk1 as "Bat-Armor Mk1" => "impacts it suffers, L1216–1220",
        attacker: NEVER, target: ALWAYS, melee: Exchange;
    /// Each impact it suffers is stopped on a 6.
    bat_armor_mk2 as "Bat-Armor Mk2" => "impacts it suffers, L1216–1220",
        attacker: NEVER, target: ALWAYS, melee: Exchange;
    /// −1 to damage rolls against it.
    tough_skin as "Tough Skin" => "damage rolls against it, L1676",
        attacker: NEVER, target: ALWAYS, melee: Exchange;
    /// Firearm damage against it needs 4+ instead of 2+.
    bulletproof_vest as "Bulletproof Vest" => "Firearm damage rolls against it, L1257",
        attacker: NEVER, target: |s, _| s.weapon.traits.firearm, melee: Exchange;
    /// Drops one marker of a `★♦` damage (which one: reading `kevlar_drops`).
    kevlar_vest as "Kevlar Vest" => "damage markers it receives, L1434",
        attacker: NEVER, target: ALWAYS, melee: Exchange;
    /// Ignores damage markers until it needs repair.
    power_armor as "Power Armor" => "damage markers it receives, L1544",
        attacker: NEVER, target: ALWAYS, melee: Exchange;
    /// The *Devastating Blow* special attack (+1 damage; 1 SC).
    devastating_blow as "Devastating Blow" => "a special attack, L1736",
        attacker: SPECIAL_ATTACK, target: NEVER, melee: Exchange;
    /// +1 to its damage rolls.
    obsessive as "Obsessive" => "its damage rolls, L1512",
        attacker: ALWAYS, target: NEVER, melee: Exchange;
    /// Unarmed attacks inflict `★★`.
    reinforced_gloves as "Reinforced Gloves" => "unarmed damage, L1576",
        attacker: UNARMED_MELEE, target: NEVER, melee: Exchange;
    /// Knocked down only by a Big attacker; has Tough; −1 to Blink! rolls against it; basic move 12.
    big as "Big" => "knock-down, Tough, Blink!, basic move, L1450",
        attacker: ALWAYS, target: ALWAYS, melee: Exchange;
    /// +1 to Blink! rolls against it; basic move 8.
    small as "Small" => "Blink! rolls, basic move, L1614",
        attacker: NEVER, target: RANGED, melee: No;
    /// −1 to its targets' Blink! rolls.
    expert_marksman as "Expert Marksman" => "its targets' Blink! rolls, L1343",
        attacker: |s, _| obstacle_blinks(s) || protective_blink(s), target: NEVER, melee: No;
    /// Rerolls failed ranged impacts.
    master_marksman as "Master Marksman" => "ranged impact rolls, L1490",
        attacker: RANGED, target: NEVER, melee: No;
    /// Ignores one obstacle of its shots.
    shooter as "Shooter" => "Blink! obstacles of its shots, L1606",
        attacker: |s, _| obstacle_blinks(s), target: NEVER, melee: No;
    /// +1 Defense against ranged attacks for 1 MC.
    elusive as "Elusive" => "Defense against ranged attacks, L1339",
        attacker: NEVER, target: |s, r| r && s.ranged.elusive, melee: No;
    /// Rerolls a failed Agility roll (Dodge included).
    reflexes as "Reflexes" => "Agility rolls (Dodge included), L1572",
        attacker: NEVER, target: DODGES, melee: No;
    /// Rerolls a failed Endurance roll.
    resilient as "Resilient" => "Endurance rolls, L1580",
        attacker: NEVER, target: NEVER, melee: Duel;
    /// Rerolls a failed Willpower roll.
    leader as "Leader" => "Willpower rolls, L1460",
        attacker: NEVER, target: NEVER, melee: No;
    /// Rerolls its movement dice once when short.
    fast as "Fast" => "movement dice, L1355",
        attacker: NEVER, target: NEVER, melee: No;
    /// Basic move 12, stands up for free, and has Dodge.
    acrobat as "Acrobat" => "basic move, standing up, Dodge, L1188",
        attacker: NEVER, target: DODGES, melee: Exchange;
    /// Special Characteristic 4 instead of 3 (seed L1596).
    scientific as "Scientific" => "Special counters (4) for recovery, L1596",
        attacker: NEVER, target: NEVER, melee: Duel;
    /// +1 counter of its side in the Take-the-Lead bag.
    mastermind as "Mastermind" => "the Take-the-Lead bag, L1494",
        attacker: NEVER, target: NEVER, melee: Duel;
    /// −1 counter of the enemy's in the Take-the-Lead bag.
    kaos_agent as "Kaos Agent" => "the enemy's Take-the-Lead counters, L1430",
        attacker: NEVER, target: NEVER, melee: Duel;
    /// Its side chose the *Perfect Plan* strategy (a band strategy in the rulebook).
    perfect_plan as "Perfect Plan" => "the Take-the-Lead bag (a strategy, L1040)",
        attacker: NEVER, target: NEVER, melee: Duel;
    /// +1 to Let's Go! rolls.
    mob as "Mob" => "Let's Go! rolls, L1498",
        attacker: NEVER, target: NEVER, melee: No;
    /// +1 to its band's passes.
    informer as "Informer" => "Passing, L1412",
        attacker: NEVER, target: NEVER, melee: No;
    /// −1 to the passes of the band it faces.
    detective as "Detective" => "the enemy's Passing, L1307",
        attacker: NEVER, target: NEVER, melee: No;
    /// Free extra strike against an outnumbered target (seed L1502).
    mobster as "Mobster" => "strikes against an outnumbered target, L1502",
        attacker: |s, r| !r && s.melee.numerical_inferiority, target: NEVER, melee: No;
    /// May spend MC on Dodge rolls against ranged impacts (seed L1327; *Acrobat* has it, L1188).
    dodge as "Dodge" => "ranged impacts, L1327",
        attacker: NEVER, target: DODGES, melee: No;
    /// Ignores *Tough* when attacked (seed L1265).
    catcher_gear as "Catcher Gear" => "Tough against it, L1265",
        attacker: NEVER, target: ALWAYS, melee: Exchange;
    /// Ignores *Sharp* and *Tough* when attacked (seed L1372).
    football_gear as "Football Gear" => "Tough and Sharp against it, L1372",
        attacker: NEVER, target: ALWAYS, melee: Exchange;
    /// Ignores *Sharp* when attacked (seed L1404).
    hockey_gear as "Hockey Gear" => "Sharp against it, L1404",
        attacker: NEVER, target: |s, _| s.weapon.traits.sharp || (s.weapon.unarmed && s.attacker.retractable_claws), melee: Exchange;
    /// Unarmed attacks inflict `★★` and are *Sharp* (seed L1584).
    retractable_claws as "Retractable Claws" => "unarmed damage, L1584",
        attacker: UNARMED_MELEE, target: NEVER, melee: Exchange;
    /// +1 Rate of Fire with a ranged weapon, even after moving (1 SC, seed L1568; a character
    /// trait in the seed, also accepted as a weapon trait).
    rapid_fire as "Rapid Fire" => "Rate of Fire of its ranged weapons, L1568",
        attacker: RANGED, target: NEVER, melee: No;
}

/// Config names of the traits that can change a melee exchange's numbers, or (`duel`) a duel's.
pub fn acting_in_melee(duel: bool) -> Vec<&'static str> {
    CHAR_TRAIT_TABLE
        .iter()
        .filter(|t| t.melee == Melee::Exchange || (duel && t.melee == Melee::Duel))
        .map(|t| t.name)
        .collect()
}

/// The passive protective traits a helpless target loses under the reading
/// `helpless_passive_traits` (L1908 "cannot use any Special Ability", L1914 "cannot … follow
/// special rules"): its armours, its gear against Tough / Sharp, and Martial Artist. In the
/// order the setup line names them.
pub const PASSIVE_TRAITS: &[&str] = &[
    "bat_armor_mk1",
    "bat_armor_mk2",
    "kevlar_vest",
    "power_armor",
    "tough_skin",
    "bulletproof_vest",
    "catcher_gear",
    "football_gear",
    "hockey_gear",
    "martial_artist",
];

impl CharTraits {
    /// These traits without the passive protective ones ([`PASSIVE_TRAITS`]).
    pub fn without_passive(mut self) -> CharTraits {
        for n in PASSIVE_TRAITS {
            self.clear(n);
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::batman::markers::Markers;
    use crate::systems::bmg1e::rules::{AttackSetup, SpecialAttack, WeaponTraits, acting_in_attack};

    #[test]
    fn every_name_sets_its_trait_and_reads_back() {
        for t in CHAR_TRAIT_TABLE {
            let mut c = CharTraits::default();
            assert!(c.set(t.name), "{}", t.name);
            assert!(c.has(t.name));
            assert_eq!(c.names(), vec![t.name]);
            c.clear(t.name);
            assert_eq!(c, CharTraits::default());
            assert!(!t.acts_on.is_empty(), "{}: where does it act?", t.name);
        }
        assert!(!CharTraits::default().set("aim"));
        assert!(!CharTraits::default().has("aim"));
    }

    #[test]
    fn passive_traits_are_traits_and_are_cleared() {
        let mut c = CharTraits::default();
        for n in PASSIVE_TRAITS {
            assert!(c.set(n), "{n}");
        }
        c.sturdy = true;
        assert_eq!(c.without_passive().names(), vec!["sturdy"]);
    }

    fn sorted(mut v: Vec<&'static str>) -> Vec<&'static str> {
        v.sort_unstable();
        v
    }

    /// The lists the notes used before the traits were declared here (issue #24), as sets.
    #[test]
    fn melee_traits_are_the_exchange_and_duel_lists() {
        let exchange = vec![
            "combo",
            "weapon_master",
            "masterfighter",
            "reinforced_gloves",
            "retractable_claws",
            "precise_blow",
            "devastating_blow",
            "blind",
            "obsessive",
            "big",
            "bat_armor_mk1",
            "bat_armor_mk2",
            "tough_skin",
            "kevlar_vest",
            "power_armor",
            "catcher_gear",
            "football_gear",
            "hockey_gear",
            "bulletproof_vest",
            "sustained_defense",
            "one_armed",
            "insensitive",
            "sturdy",
            "weak",
            "acrobat",
        ];
        assert_eq!(sorted(acting_in_melee(false)), sorted(exchange.clone()));
        let mut duel = exchange;
        duel.extend(["resilient", "scientific", "mastermind", "kaos_agent", "perfect_plan"]);
        assert_eq!(sorted(acting_in_melee(true)), sorted(duel));
    }

    fn setup(weapon: Weapon) -> AttackSetup {
        let c = crate::systems::bmg1e::rules::tests::card(3, 3, 3, 3, 6);
        AttackSetup {
            attacker: c.clone(),
            weapon,
            target: c,
            target_weapon: Weapon::unarmed(),
            target_markers: Markers { stun: 1, wounds: 0 },
            target_knocked_down: false,
            target_armor_spent: 0,
            special_attack: SpecialAttack::None,
            melee: MeleeMods {
                attack_counters: 2,
                defense_counters: 1,
                numerical_inferiority: true,
                ..Default::default()
            },
            ranged: RangedMods::default(),
            readings: Readings::default(),
        }
    }

    #[test]
    fn unarmed_melee_attack_traits() {
        let s = setup(Weapon::unarmed());
        let attacker = vec![
            "blind",
            "obsessive",
            "big",
            "precise_blow",
            "devastating_blow",
            "combo",
            "masterfighter",
            "reinforced_gloves",
            "retractable_claws",
            "mobster",
        ];
        assert_eq!(sorted(acting_in_attack(&s, true)), sorted(attacker));
        let target = vec![
            "bat_armor_mk1",
            "bat_armor_mk2",
            "tough_skin",
            "kevlar_vest",
            "power_armor",
            "big",
            "catcher_gear",
            "football_gear",
            "insensitive",
            "sturdy",
            "weak",
            "sustained_defense",
            "one_armed",
            "blind",
            "martial_artist",
        ];
        assert_eq!(sorted(acting_in_attack(&s, false)), sorted(target));
    }

    #[test]
    fn ranged_attack_traits() {
        let traits = WeaponTraits { sharp: true, ..Default::default() };
        let gun = Weapon { kind: WeaponKind::Ranged { rate_of_fire: 2 }, traits, unarmed: false, ..Weapon::unarmed() };
        let mut s = setup(gun);
        s.ranged = RangedMods { obstacles: vec![4], dodge_counters: 1, elusive: true, ..Default::default() };
        let attacker = vec![
            "blind",
            "obsessive",
            "big",
            "weapon_master",
            "precise_blow",
            "devastating_blow",
            "master_marksman",
            "rapid_fire",
            "expert_marksman",
            "shooter",
        ];
        assert_eq!(sorted(acting_in_attack(&s, true)), sorted(attacker));
        let target = vec![
            "bat_armor_mk1",
            "bat_armor_mk2",
            "tough_skin",
            "kevlar_vest",
            "power_armor",
            "big",
            "catcher_gear",
            "football_gear",
            "hockey_gear",
            "insensitive",
            "sturdy",
            "weak",
            "small",
            "dodge",
            "acrobat",
            "reflexes",
            "blind",
            "elusive",
        ];
        assert_eq!(sorted(acting_in_attack(&s, false)), sorted(target));
    }

    #[test]
    fn readme_lists_every_character_trait() {
        let readme = include_str!("../../../../configs/README.md");
        let names: Vec<String> = CHARACTER_TRAITS.iter().map(|n| format!("`{n}`")).collect();
        let start = format!("| `traits` | list | {}. ", names.join(", "));
        assert!(
            readme.lines().any(|l| l.starts_with(&start)),
            "configs/README.md should have the character traits line starting:\n{start}"
        );
    }
}
