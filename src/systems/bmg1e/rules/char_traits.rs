//! The 2013 character (card) traits, declared once.
//!
//! Each trait is ONE entry of [`char_traits!`] below: its doc, its field (what the rules read,
//! e.g. `card.traits.sturdy`, also its config name) and where it acts in the rules with its
//! seed line (the words of the notes on traits that cannot change a scenario's numbers). The
//! struct [`CharTraits`], the accepted names [`CHARACTER_TRAITS`] (the list of the "unknown
//! trait" error and of the configs README), [`CharTraits::set`], [`CharTraits::has`],
//! [`CharTraits::names`] and [`CHAR_TRAIT_TABLE`] are all made from it. Adding a trait is one
//! entry here (at the end: the order is the error message's and the README's), its rule code,
//! the kinds whose notes it must not appear in (`attacker_traits` / `target_traits` in
//! `config/attack.rs`, the procedures' `used` lists), and a test; the README test
//! (`readme_lists_every_character_trait`) then tells you the README line.

/// One character trait as declared in [`char_traits!`].
#[derive(Clone, Copy, Debug)]
pub struct CharTrait {
    /// Its config name (also its field in [`CharTraits`]).
    pub name: &'static str,
    /// What of the rules it changes, with its seed line ("action counters lost to damage,
    /// L1638"): said in the notes when it cannot change a scenario's numbers.
    pub acts_on: &'static str,
}

/// Declares the character traits: `field => "where it acts, seed line";` (see the module doc).
macro_rules! char_traits {
    ($( $(#[$meta:meta])* $field:ident => $acts_on:literal; )*) => {
        /// Character traits with dice effects (config names in [`CHARACTER_TRAITS`]).
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct CharTraits {
            $( $(#[$meta])* pub $field: bool, )*
        }

        /// Config names of character traits, in declaration order.
        pub const CHARACTER_TRAITS: &[&str] = &[$( stringify!($field), )*];

        /// Every character trait, in declaration order.
        pub const CHAR_TRAIT_TABLE: &[CharTrait] = &[$(
            CharTrait { name: stringify!($field), acts_on: $acts_on },
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
    insensitive => "action counters lost to damage, L1416";
    /// Loses one action counter per 3 markers instead of 2.
    sturdy => "action counters lost to damage, L1638";
    /// Loses one action counter per marker instead of per 2.
    weak => "action counters lost to damage, L1700";
    /// Every 2 Attack counters buy a third strike in melee.
    combo => "melee strikes, L1283";
    /// Every 2 Defense counters buy a third block die.
    sustained_defense => "block dice, L1646";
    /// Ignores the −1 of Numerical Inferiority when it is the outnumbered model.
    martial_artist => "Numerical Inferiority when it is the outnumbered model, L1482";
    /// +1 to impact rolls with any weapon (not unarmed).
    weapon_master => "impact rolls with a weapon, L1704";
    /// +1 to unarmed impact rolls.
    masterfighter => "unarmed impact rolls, L1486";
    /// The *Precise Blow* special attack (+1 impact, collateral reroll; 1 SC).
    precise_blow => "a special attack, L1752";
    /// Impacts and blocks only on a 6; cannot shoot, dodge or spend Movement counters.
    blind => "impact and block rolls, Dodge, L1872";
    /// −1 to its block rolls.
    one_armed => "block rolls, L1516";
    /// Each impact it suffers is stopped on a 5+.
    bat_armor_mk1 => "impacts it suffers, L1216–1220";
    /// Each impact it suffers is stopped on a 6.
    bat_armor_mk2 => "impacts it suffers, L1216–1220";
    /// −1 to damage rolls against it.
    tough_skin => "damage rolls against it, L1676";
    /// Firearm damage against it needs 4+ instead of 2+.
    bulletproof_vest => "Firearm damage rolls against it, L1257";
    /// Drops one marker of a `★♦` damage (which one: reading `kevlar_drops`).
    kevlar_vest => "damage markers it receives, L1434";
    /// Ignores damage markers until it needs repair.
    power_armor => "damage markers it receives, L1544";
    /// The *Devastating Blow* special attack (+1 damage; 1 SC).
    devastating_blow => "a special attack, L1736";
    /// +1 to its damage rolls.
    obsessive => "its damage rolls, L1512";
    /// Unarmed attacks inflict `★★`.
    reinforced_gloves => "unarmed damage, L1576";
    /// Knocked down only by a Big attacker; has Tough; −1 to Blink! rolls against it; basic move 12.
    big => "knock-down, Tough, Blink!, basic move, L1450";
    /// +1 to Blink! rolls against it; basic move 8.
    small => "Blink! rolls, basic move, L1614";
    /// −1 to its targets' Blink! rolls.
    expert_marksman => "its targets' Blink! rolls, L1343";
    /// Rerolls failed ranged impacts.
    master_marksman => "ranged impact rolls, L1490";
    /// Ignores one obstacle of its shots.
    shooter => "Blink! obstacles of its shots, L1606";
    /// +1 Defense against ranged attacks for 1 MC.
    elusive => "Defense against ranged attacks, L1339";
    /// Rerolls a failed Agility roll (Dodge included).
    reflexes => "Agility rolls (Dodge included), L1572";
    /// Rerolls a failed Endurance roll.
    resilient => "Endurance rolls, L1580";
    /// Rerolls a failed Willpower roll.
    leader => "Willpower rolls, L1460";
    /// Rerolls its movement dice once when short.
    fast => "movement dice, L1355";
    /// Basic move 12, stands up for free, and has Dodge.
    acrobat => "basic move, standing up, Dodge, L1188";
    /// Special Characteristic 4 instead of 3 (seed L1596).
    scientific => "Special counters (4) for recovery, L1596";
    /// +1 counter of its side in the Take-the-Lead bag.
    mastermind => "the Take-the-Lead bag, L1494";
    /// −1 counter of the enemy's in the Take-the-Lead bag.
    kaos_agent => "the enemy's Take-the-Lead counters, L1430";
    /// Its side chose the *Perfect Plan* strategy (a band strategy in the rulebook).
    perfect_plan => "the Take-the-Lead bag (a strategy, L1040)";
    /// +1 to Let's Go! rolls.
    mob => "Let's Go! rolls, L1498";
    /// +1 to its band's passes.
    informer => "Passing, L1412";
    /// −1 to the passes of the band it faces.
    detective => "the enemy's Passing, L1307";
    /// Free extra strike against an outnumbered target (seed L1502).
    mobster => "strikes against an outnumbered target, L1502";
    /// May spend MC on Dodge rolls against ranged impacts (seed L1327; *Acrobat* has it, L1188).
    dodge => "ranged impacts, L1327";
    /// Ignores *Tough* when attacked (seed L1265).
    catcher_gear => "Tough against it, L1265";
    /// Ignores *Sharp* and *Tough* when attacked (seed L1372).
    football_gear => "Tough and Sharp against it, L1372";
    /// Ignores *Sharp* when attacked (seed L1404).
    hockey_gear => "Sharp against it, L1404";
    /// Unarmed attacks inflict `★★` and are *Sharp* (seed L1584).
    retractable_claws => "unarmed damage, L1584";
    /// +1 Rate of Fire with a ranged weapon, even after moving (1 SC, seed L1568; a character
    /// trait in the seed, also accepted as a weapon trait).
    rapid_fire => "Rate of Fire of its ranged weapons, L1568";
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
