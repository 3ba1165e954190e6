//! One character's Casualty Recount ([`recount`]), which the duel and a sequence of attacks
//! both run between rounds: a file of its own so the two read the same rule.

use super::attack::POWER_ARMOR_MARKERS;
use super::card::Card;
use super::procedures::{Check, CheckKind};
use crate::dice::{Dice, SuccessMask};
use crate::systems::batman::markers::Markers;

/// The Casualty Recount of one character carrying `m` markers, lying down when `fallen`, its
/// *Power Armor* having ignored `armor` markers, with `sc` Special counters unspent: a casualty
/// does nothing; a K.O. character makes an Endurance roll to remove one ★ (it stays lying down,
/// seed L802); a standing character whose Power Armor is used up repairs it with 2 SC instead of
/// its Recovery Roll (L1544; a fallen one cannot use a special ability, L1908); any other with ★
/// rolls one die plus one per unspent Special counter, each 4+ removing one ★.
pub fn recount<D: Dice>(card: &Card, m: &mut Markers, fallen: bool, armor: &mut u8, sc: &mut u8, dice: &mut D) {
    if m.wounds >= card.endurance {
        return;
    }
    if m.stun + m.wounds >= card.endurance {
        if m.stun == 0 {
            return;
        }
        let check = Check { kind: CheckKind::Endurance, value: card.endurance, reroll: card.traits.resilient };
        if check.resolve(dice).1 {
            // Recovers from K.O. but stays lying down (seed L802).
            m.stun -= 1;
        }
    } else if card.traits.power_armor && *armor >= POWER_ARMOR_MARKERS && *sc >= 2 && !fallen {
        // Repair instead of the Recovery Roll (seed L1544): a special ability paid with SC
        // (L364), which a model lying on the ground cannot use (L1908 "it cannot use any
        // Special Ability until it stands up"); it makes its Recovery Roll instead.
        *sc -= 2;
        *armor = 0;
    } else if m.stun > 0 {
        let removed = dice.count_hits(1 + *sc as u32, SuccessMask::at_least(4, 0, false, false));
        m.stun -= (removed as u8).min(m.stun);
    }
}
