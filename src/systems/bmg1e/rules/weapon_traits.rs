//! The 2013 weapon traits, declared once.
//!
//! Each trait is ONE entry of [`weapon_traits!`] below: its field (what the rules read, e.g.
//! `w.traits.sharp`), its other config names, which attacks it can change (for the notes on
//! traits that cannot change a scenario's numbers) and its line in the configs README. The
//! struct [`WeaponTraits`], the accepted names [`WEAPON_TRAITS`] (the error message's list),
//! [`WeaponTraits::set`], [`WeaponTraits::names`] and [`WEAPON_TRAIT_TABLE`] are all made from
//! it. Adding a trait is one entry here, its rule code in `Attack::new`/`resolve_from`, and a
//! test; the README test (`readme_lists_every_weapon_trait`) then tells you the README line.

/// Which attacks a weapon trait can change: as the attacker's weapon in a melee or ranged
/// attack, or as the target's (defender's) weapon in one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Acts {
    pub own_melee: bool,
    pub own_ranged: bool,
    pub defender_melee: bool,
    pub defender_ranged: bool,
}

impl Acts {
    const NONE: Acts = Acts { own_melee: false, own_ranged: false, defender_melee: false, defender_ranged: false };

    /// Whether the trait can change a melee (`ranged` false) or ranged attack, on the
    /// attacker's weapon (`own`) or the target's.
    pub fn changes(self, ranged: bool, own: bool) -> bool {
        match (own, ranged) {
            (true, false) => self.own_melee,
            (true, true) => self.own_ranged,
            (false, false) => self.defender_melee,
            (false, true) => self.defender_ranged,
        }
    }
}

/// One weapon trait as declared in [`weapon_traits!`].
#[derive(Clone, Copy, Debug)]
pub struct WeaponTrait {
    /// Its config name (also its field in [`WeaponTraits`]).
    pub name: &'static str,
    /// Other config names that set it (`tough` for `heavy`).
    pub aliases: &'static [&'static str],
    /// Its name as the rulebook prints it ("Remote Controlled", "Tough/Heavy"): what reports
    /// show for it and its aliases.
    pub title: &'static str,
    /// Which attacks it can change.
    pub acts: Acts,
    /// What it does, as the configs README says it (empty: the README gives the name only).
    pub doc: &'static str,
}

impl WeaponTrait {
    /// Its README text: "`heavy`/`tough` (+1 damage)".
    pub fn readme(&self) -> String {
        let names: Vec<String> =
            std::iter::once(self.name).chain(self.aliases.iter().copied()).map(|n| format!("`{n}`")).collect();
        if self.doc.is_empty() { names.join("/") } else { format!("{} ({})", names.join("/"), self.doc) }
    }
}

/// Declares the weapon traits: `field | "alias" as "Its Name" => [where it acts], "README text";` (see the
/// module doc).
macro_rules! weapon_traits {
    ($( $(#[$meta:meta])* $field:ident $(| $alias:literal)* as $title:literal => [$($acts:ident),*], $doc:literal; )*) => {
        /// Weapon traits with dice effects (config names in [`WEAPON_TRAITS`]).
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct WeaponTraits {
            $( $(#[$meta])* pub $field: bool, )*
        }

        /// Config names of weapon traits, aliases after their trait (`tough` is `heavy`).
        pub const WEAPON_TRAITS: &[&str] = &[$( stringify!($field), $($alias,)* )*];

        /// Every weapon trait, in declaration order.
        pub const WEAPON_TRAIT_TABLE: &[WeaponTrait] = &[$(
            WeaponTrait {
                name: stringify!($field),
                aliases: &[$($alias),*],
                title: $title,
                acts: Acts { $($acts: true,)* ..Acts::NONE },
                doc: $doc,
            },
        )*];

        impl WeaponTraits {
            /// Set a trait by config name; false if the name is unknown.
            pub fn set(&mut self, name: &str) -> bool {
                $( if name == stringify!($field) $(|| name == $alias)* {
                    self.$field = true;
                    return true;
                } )*
                false
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

weapon_traits! {
    /// Reroll failed impacts, melee or ranged.
    handy as "Handy" => [own_melee, own_ranged], "reroll failed impacts, melee or ranged";
    /// +1 block; an extra 4+ Blink! roll against shots (seed L1808).
    protective as "Protective" => [defender_melee, defender_ranged],
        "+1 block; an extra 4+ Blink! roll, one die per impact, changed by Expert Marksman / Big / Small under `protective_blink_modifiers`";
    /// Reroll failed blocks.
    defensive as "Defensive" => [defender_melee], "reroll failed blocks";
    /// Damage 2+ (4+ against a Bulletproof Vest).
    firearm as "Firearm" => [own_melee, own_ranged], "damage 2+; 4+ against a Bulletproof Vest";
    /// Damage 3+.
    mechanic as "Mechanic" => [own_melee, own_ranged], "damage 3+";
    /// +1 damage (`tough` is the same trait).
    heavy | "tough" as "Tough/Heavy" => [own_melee, own_ranged], "+1 damage";
    /// Reroll one failed damage die.
    sharp as "Sharp" => [own_melee, own_ranged], "reroll one failed damage die";
    /// Reroll a collateral die that did nothing.
    brutal as "Brutal" => [own_melee, own_ranged], "reroll a collateral die that did nothing";
    /// The *Precise Blow* special attack with this weapon.
    precise_blow as "Precise Blow" => [own_melee, own_ranged], "the *Precise Blow* special attack with this weapon";
    /// Its Rate of Fire does not drop after moving (seed L1838).
    throwing as "Throwing" => [own_ranged], "";
    /// +1 Rate of Fire (1 SC, seed L1568; also a character trait).
    rapid_fire as "Rapid Fire" => [own_ranged], "";
    /// May shoot a model within 5 cm, with Rate of Fire 1.
    light as "Light" => [own_ranged], "";
    /// Accepted only: Scratch is a basic rule of every distance weapon (seed L732–734).
    scratch as "Scratch" => [], "accepted; Scratch applies to every ranged weapon anyway, a note says so";
    /// Ignores all Blink! rolls (seed L1822).
    remote_controlled as "Remote Controlled" => [own_ranged], "";
    /// Ignores all Blink! rolls (seed L1826).
    scope as "Scope" => [own_ranged], "";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_sets_its_trait_and_reads_back() {
        for t in WEAPON_TRAIT_TABLE {
            for n in std::iter::once(t.name).chain(t.aliases.iter().copied()) {
                let mut w = WeaponTraits::default();
                assert!(w.set(n), "{n}");
                assert_eq!(w.names(), vec![t.name]);
            }
        }
        assert!(!WeaponTraits::default().set("aim"));
    }

    #[test]
    fn readme_lists_every_weapon_trait() {
        let readme = include_str!("../../../../configs/README.md");
        let line: Vec<String> = WEAPON_TRAIT_TABLE.iter().map(WeaponTrait::readme).collect();
        let line = format!("| `traits` | list | {} |", line.join(", "));
        assert!(readme.lines().any(|l| l == line), "configs/README.md should have the weapon traits line:\n{line}");
    }
}
