//! Everything needed to set up one 2013 attack ([`AttackSetup`]), the special attack declared
//! ([`SpecialAttack`]), and what the setup says of the target: whether it is helpless, fallen or
//! K.O., loses its passive traits, and the impact roll it needs. Also which character traits can
//! change the attack's numbers ([`acting_in_attack`]), read through the setup's
//! [`AttackView`].

use super::card::Card;
use super::char_traits::{AttackView, CHAR_TRAIT_TABLE};
use super::mods::{MeleeMods, RangedMods};
use super::readings::{HelplessTraits, Readings};
use super::weapon::{Weapon, WeaponKind};
use crate::systems::batman::markers::Markers;

/// The special attack the attacker declares (seed L1716: at most one per activation, against
/// one enemy; it modifies all the strikes against that enemy).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SpecialAttack {
    #[default]
    None,
    /// +1 to the impact rolls, reroll the collateral die (1 SC, seed L1752).
    PreciseBlow,
    /// +1 Strength on the damage roll (1 SC, seed L1736).
    DevastatingBlow,
}

impl SpecialAttack {
    /// Config names.
    pub const ALL: [(&'static str, SpecialAttack); 3] = [
        ("none", SpecialAttack::None),
        ("precise_blow", SpecialAttack::PreciseBlow),
        ("devastating_blow", SpecialAttack::DevastatingBlow),
    ];

    /// Config name.
    pub fn name(self) -> &'static str {
        Self::ALL.iter().find(|(_, m)| *m == self).map(|(n, _)| *n).expect("listed")
    }

    /// The special attacks the attacker's card and weapon offer (card traits, or a weapon's
    /// `precise_blow`).
    pub fn available(attacker: &Card, weapon: &Weapon) -> Vec<SpecialAttack> {
        let mut v = Vec::new();
        if attacker.traits.precise_blow || weapon.traits.precise_blow {
            v.push(SpecialAttack::PreciseBlow);
        }
        if attacker.traits.devastating_blow {
            v.push(SpecialAttack::DevastatingBlow);
        }
        v
    }

    /// The one used when the config does not choose: the only one offered, or *Devastating
    /// Blow* when the card offers both (only one per activation, seed L1716).
    pub fn default_for(attacker: &Card, weapon: &Weapon) -> SpecialAttack {
        SpecialAttack::available(attacker, weapon).last().copied().unwrap_or(SpecialAttack::None)
    }
}

/// Everything needed to set up one 2013 attack.
#[derive(Clone, Debug, PartialEq)]
pub struct AttackSetup {
    pub attacker: Card,
    pub weapon: Weapon,
    pub target: Card,
    /// The target's weapon (its *Protective* / *Defensive* traits help it defend).
    pub target_weapon: Weapon,
    pub target_markers: Markers,
    /// The target is knocked down: impacted on 2+, cannot block or dodge (seed L1908).
    pub target_knocked_down: bool,
    /// *Power Armor*: markers it has already ignored (0..=3; 3 = used up until repaired).
    pub target_armor_spent: u8,
    /// The special attack declared for this attack.
    pub special_attack: SpecialAttack,
    pub melee: MeleeMods,
    pub ranged: RangedMods,
    pub readings: Readings,
}

/// The target cannot defend itself: no block dice, no Dodge, no Elusive (seed L1908 fallen,
/// L1914 paralyzed, L1872 Blind cannot spend MC, L754 K.O. has no counters).
pub(super) fn helpless(s: &AttackSetup) -> bool {
    fallen(s) || s.melee.paralyzed || s.ranged.paralyzed
}

/// Whether the target loses its passive protective traits in this attack (its armours, its gear,
/// *Martial Artist*, its weapon's *Protective* / *Defensive*): reading `helpless_passive_traits`.
/// Public so that the setup lines and notes of a scenario say what the numbers do (a Kevlar
/// or Protective line for a trait that is lost would contradict them).
pub fn loses_passive_traits(s: &AttackSetup) -> bool {
    let paralyzed = s.melee.paralyzed || s.ranged.paralyzed;
    loses_passive_traits_when(&s.readings, s.target_knocked_down, paralyzed, target_ko(s))
}

/// [`loses_passive_traits`] from its inputs, for a config that has no `AttackSetup` yet: a
/// fallen target is knocked down, or K.O. under `ko_target_fallen` (see [`fallen`]).
pub fn loses_passive_traits_when(r: &Readings, knocked_down: bool, paralyzed: bool, ko: bool) -> bool {
    let fallen = knocked_down || (r.ko_target_fallen && ko);
    match r.helpless_passive_traits {
        HelplessTraits::Keep => false,
        HelplessTraits::LoseWhenParalyzed => paralyzed,
        HelplessTraits::Lose => fallen || paralyzed,
    }
}

/// The target is K.O. at the start of the attack (markers ≥ Endurance, seed L752).
pub(super) fn target_ko(s: &AttackSetup) -> bool {
    s.target_markers.stun + s.target_markers.wounds >= s.target.endurance
}

/// The target lies on the ground: knocked down (seed L1908), or K.O. under the reading
/// `ko_target_fallen` ("the miniature gets laid on the ground", L754; it "remain[s] lying down"
/// after recovering, L802).
fn fallen(s: &AttackSetup) -> bool {
    s.target_knocked_down || (s.readings.ko_target_fallen && target_ko(s))
}

/// The impact target number against `t` (the target's card as it acts in this attack).
pub(super) fn defense_need(s: &AttackSetup, t: &Card, ranged: bool) -> i32 {
    if fallen(s) {
        // "A fallen figure will always be Impacted on a roll of 2+" (seed L1908).
        return 2;
    }
    let mut d = t.defense as i32;
    if ranged {
        // Elusive spends 1 MC (L1339): not when paralyzed (L1914), Blind (no MC, L1872) or K.O.
        // (no counters at all, L754).
        let elusive = s.ranged.elusive && !s.ranged.paralyzed && !t.traits.blind && !target_ko(s);
        d += elusive as i32 - 2 * s.ranged.paralyzed as i32;
    } else {
        let m = &s.melee;
        d += m.defensive_position as i32 - 2 * m.paralyzed as i32;
        // Numerical Inferiority is a penalty on the outnumbered model; a Martial Artist target
        // ignores it (seed L596, L1482) — unless a paralyzed one loses it under
        // `helpless_passive_traits = lose` (then `t` no longer has the trait).
        if m.numerical_inferiority && !t.traits.martial_artist {
            d -= 1;
        }
    }
    d.max(1)
}

impl AttackSetup {
    /// What the character traits' [`When`](super::char_traits::When) read of this attack.
    pub fn view(&self) -> AttackView<'_> {
        AttackView {
            weapon: &self.weapon,
            target_weapon: &self.target_weapon,
            attacker: &self.attacker.traits,
            target_markers: self.target_markers,
            melee: &self.melee,
            ranged: &self.ranged,
            readings: &self.readings,
            loses_passive_traits: loses_passive_traits(self),
        }
    }
}

/// Config names of the traits that can change the numbers of the attack `s` on the attacker's
/// card (`attacker`) or on the target's, in declaration order: a trait outside them is named in
/// a note.
pub fn acting_in_attack(s: &AttackSetup, attacker: bool) -> Vec<&'static str> {
    let ranged = matches!(s.weapon.kind, WeaponKind::Ranged { .. });
    let view = s.view();
    CHAR_TRAIT_TABLE
        .iter()
        .filter(|t| (if attacker { t.attacker } else { t.target })(&view, ranged))
        .map(|t| t.name)
        .collect()
}
