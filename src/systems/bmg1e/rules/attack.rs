//! The 2013 attack, ready to roll ([`Attack`]: made once from its setup by [`Attack::new`], in
//! `precompute.rs`), its metrics and events, and one attack resolved ([`Attack::resolve_from`]):
//! impacts, blocks, Blink!, Dodge, armour, the damage roll and the markers placed.

use super::damage::{Damage, DamageRoll};
use super::markers::{Applied, apply_markers};
use super::readings::{KevlarDrops, ScratchMode};
use crate::dice::{Dice, Reroll, SuccessMask, count_successes};
use crate::engine::{Outcome, Shape, Trial};
use crate::systems::batman::markers::Markers;

/// Metric names of a 2013 attack.
pub const ATTACK_METRICS: [&str; 8] =
    ["impact_dice", "impacts", "blocks", "blinked", "hits", "damage_successes", "stun", "wounds"];
/// Event names of a 2013 attack.
/// `out_of_action` (K.O. caused or casualty) is the one a loadout comparison leads with: a
/// knife's ♦ never K.O., a bat's ★ never make a casualty.
pub const ATTACK_EVENTS: [&str; 7] =
    ["any_damage", "knocked_down", "critical", "ko", "casualty", "any_impact", "out_of_action"];

/// Metric indices.
pub mod metric {
    pub const IMPACT_DICE: usize = 0;
    pub const IMPACTS: usize = 1;
    pub const BLOCKS: usize = 2;
    pub const BLINKED: usize = 3;
    pub const HITS: usize = 4;
    pub const DAMAGE: usize = 5;
    pub const STUN: usize = 6;
    pub const WOUNDS: usize = 7;
}
/// Event indices.
pub mod event {
    pub const ANY_DAMAGE: usize = 0;
    pub const KNOCKED_DOWN: usize = 1;
    pub const CRITICAL: usize = 2;
    pub const KO: usize = 3;
    pub const CASUALTY: usize = 4;
    pub const ANY_IMPACT: usize = 5;
    pub const OUT_OF_ACTION: usize = 6;
}

/// Markers *Power Armor* ignores before it must be repaired (seed L1544).
pub const POWER_ARMOR_MARKERS: u8 = 3;

/// A ready-to-roll 2013 attack.
#[derive(Clone, Debug, PartialEq)]
pub struct Attack {
    pub ranged: bool,
    /// Impact dice rolled.
    pub impact_dice: u32,
    pub impact: SuccessMask,
    pub impact_reroll: bool,
    /// Block dice (melee) and their faces; rerolled on a miss with a *Defensive* weapon.
    /// Zero when the target cannot defend itself (knocked down, paralyzed; K.O. at roll time).
    pub block_dice: u32,
    pub block: SuccessMask,
    pub block_reroll: bool,
    /// Blink rolls in order: success faces per obstacle (none with *Remote Controlled*/*Scope*).
    pub blinks: Vec<SuccessMask>,
    /// One more Blink! roll after the others, one die per impact left (*Protective* weapon on a
    /// ranged target, seed L1808): 4+, with the Blink! modifiers under the reading
    /// `protective_blink_modifiers`.
    pub extra_blink: Option<SuccessMask>,
    /// Dodge: Agility rolls (D6 ≤ Movement), each pass cancels an impact; *Reflexes* rerolls a
    /// failed one (Dodge rolls are Agility rolls, seed L1327, L1572).
    pub dodges: u32,
    pub dodge: SuccessMask,
    pub dodge_reroll: bool,
    /// *Bat-armor*: an impact is ignored on these faces.
    pub armor: Option<SuccessMask>,
    pub damage: SuccessMask,
    /// *Sharp*: reroll one failed damage die.
    pub sharp: bool,
    /// *Brutal* / *Precise Blow*: reroll the collateral die when it did nothing.
    pub collateral_reroll: bool,
    /// The target can be knocked down (not *Big*, or a *Big* attacker).
    pub can_knock_down: bool,
    /// *Scratch* (every ranged weapon, seed L734): how its `★` are counted; `None` in melee.
    pub scratch: Option<ScratchMode>,
    pub per_hit: Markers,
    /// The critical's extra `★` (absent when the weapon's CRT effect replaces it).
    pub crit_stun: bool,
    /// *Kevlar Vest*: −1 marker per damage success (minimum 1), dropping the kind given when the
    /// weapon inflicts both.
    pub kevlar: Option<KevlarDrops>,
    pub power_armor: bool,
    /// Markers the target's *Power Armor* has already ignored at the start.
    pub armor_spent: u8,
    pub endurance: u8,
    pub start: Markers,
}

impl Attack {
    /// Largest number of damage dice.
    pub fn max_hits(&self) -> u32 {
        self.impact_dice
    }
}

impl Trial for Attack {
    fn shape(&self) -> Shape {
        let n = self.impact_dice as usize;
        let e = self.endurance as usize;
        Shape::new(
            vec![
                ("impact_dice", n),
                ("impacts", n),
                ("blocks", n),
                ("blinked", n),
                ("hits", n),
                ("damage_successes", n),
                ("stun", e),
                ("wounds", e),
            ],
            ATTACK_EVENTS.to_vec(),
        )
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        self.resolve(dice).0
    }
}

/// Result of one attack for a caller that keeps state between attacks (duels, exchanges).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Resolved {
    pub applied: Applied,
    /// The collateral die knocked the target down.
    pub knocked_down: bool,
    /// *Power Armor* markers ignored so far (start + this attack), 0..=3.
    pub armor_spent: u8,
}

/// A roll's rerolls: every failed die once, or none.
fn reroll(r: bool) -> Reroll {
    if r { Reroll::Failures(u8::MAX) } else { Reroll::None }
}

impl Attack {
    /// Resolve one attack from the setup's own target state: the outcome, and the markers the
    /// target ends with.
    pub fn resolve<D: Dice>(&self, dice: &mut D) -> (Outcome, Applied) {
        let (o, r) = self.resolve_from(dice, self.start, self.armor_spent);
        (o, r.applied)
    }

    /// Resolve one attack against a target that carries `start` markers and whose *Power
    /// Armor* has already ignored `armor_spent` markers. A K.O. target cannot block or dodge.
    // One function, in the order the rulebook resolves an attack (impacts, blocks, Blink!, Dodge,
    // armour, damage, markers): each step narrows `left`, the impacts still standing, and adds to
    // the counts the outcome reports; cut into pieces, each would take and hand back all of them.
    pub fn resolve_from<D: Dice>(&self, dice: &mut D, start: Markers, armor_spent: u8) -> (Outcome, Resolved) {
        let was_ko = start.stun + start.wounds >= self.endurance;
        let impacts = self.roll_impacts(dice);
        self.resolve_impacts(dice, impacts, if was_ko { 0 } else { self.block_dice }, start, armor_spent)
    }

    /// The impact roll: how many of the attack's impact dice succeed (the first step of
    /// [`Attack::resolve_from`]).
    pub fn roll_impacts<D: Dice>(&self, dice: &mut D) -> u32 {
        count_successes(dice, self.impact_dice, self.impact, reroll(self.impact_reroll))
    }

    /// The rest of the attack once `impacts` are rolled, the target rolling `block_dice` block
    /// dice (the 2013 target spends its Defense counters after seeing the impacts, seed digest
    /// step 3; none when it cannot block): blocks, Blink!, Dodge, armour, damage, markers.
    pub fn resolve_impacts<D: Dice>(
        &self,
        dice: &mut D,
        impacts: u32,
        block_dice: u32,
        start: Markers,
        armor_spent: u8,
    ) -> (Outcome, Resolved) {
        let was_ko = start.stun + start.wounds >= self.endurance;
        let mut left = impacts;
        let mut blocks = 0;
        if left > 0 && block_dice > 0 {
            blocks = count_successes(dice, block_dice, self.block, reroll(self.block_reroll)).min(left);
            left -= blocks;
        }
        let mut blinked = 0;
        for m in &self.blinks {
            if left == 0 {
                break;
            }
            let b = count_successes(dice, left, *m, Reroll::None);
            blinked += b;
            left -= b;
        }
        if let Some(m) = self.extra_blink
            && left > 0
        {
            let b = count_successes(dice, left, m, Reroll::None);
            blinked += b;
            left -= b;
        }
        let dodges = if was_ko { 0 } else { self.dodges };
        for _ in 0..dodges {
            if left == 0 {
                break;
            }
            let mut ok = self.dodge.test(dice.d6());
            if !ok && self.dodge_reroll {
                ok = self.dodge.test(dice.d6());
            }
            if ok {
                blinked += 1;
                left -= 1;
            }
        }
        if let Some(armor) = self.armor {
            let ignored = count_successes(dice, left, armor, Reroll::None);
            left -= ignored;
        }
        let hits = left;
        // Damage dice plus the Collateral die, read together (knock-down, critical).
        let Damage { successes, knocked, critical } = Damage::unpack(dice.aggregate(&DamageRoll {
            hits,
            damage: self.damage,
            sharp: self.sharp,
            can_knock_down: self.can_knock_down,
            collateral_reroll: self.collateral_reroll,
        }));
        let failures = hits - successes;
        // Markers: per success the weapon's markers (Kevlar −1 per damage success, minimum 1),
        // the critical's ★, Scratch ★ for ranged impacts, then Power Armor ignores what it has left.
        let (mut stun, mut wounds) = (0u32, 0u32);
        for _ in 0..successes {
            let (mut s, mut w) = (self.per_hit.stun as u32, self.per_hit.wounds as u32);
            if let Some(drop) = self.kevlar
                && s + w > 1
            {
                // Both kinds: the reading says which goes; otherwise the only kind there is.
                if (drop == KevlarDrops::Wound && w > 0) || s == 0 {
                    w -= 1;
                } else {
                    s -= 1;
                }
            }
            stun += s;
            wounds += w;
        }
        if critical && self.crit_stun {
            stun += 1;
        }
        match self.scratch {
            None => {}
            Some(ScratchMode::PerImpact) => stun += hits,
            Some(ScratchMode::PerFailedImpact) => stun += failures,
            Some(ScratchMode::PerAttack) => stun += (hits > 0 && successes == 0) as u32,
        }
        let mut spent = armor_spent;
        if self.power_armor {
            // "ignores the first 3 Damage Markers inflicted on him" — in total, ♦ first (L736).
            let mut absorb = (POWER_ARMOR_MARKERS - armor_spent.min(POWER_ARMOR_MARKERS)) as u32;
            let dw = wounds.min(absorb);
            wounds -= dw;
            absorb -= dw;
            let ds = stun.min(absorb);
            stun -= ds;
            spent += (dw + ds) as u8;
        }
        let applied = apply_markers(self.endurance, start, stun, wounds);
        let mut o = Outcome::default();
        o.metrics[metric::IMPACT_DICE] = self.impact_dice as u16;
        o.metrics[metric::IMPACTS] = impacts as u16;
        o.metrics[metric::BLOCKS] = blocks as u16;
        o.metrics[metric::BLINKED] = blinked as u16;
        o.metrics[metric::HITS] = hits as u16;
        o.metrics[metric::DAMAGE] = successes as u16;
        o.metrics[metric::STUN] = applied.stun_added as u16;
        o.metrics[metric::WOUNDS] = applied.wounds_added as u16;
        o.flag(event::ANY_DAMAGE, applied.stun_added + applied.wounds_added > 0);
        o.flag(event::KNOCKED_DOWN, knocked);
        o.flag(event::CRITICAL, critical);
        o.flag(event::KO, applied.ko && !was_ko);
        o.flag(event::CASUALTY, applied.casualty);
        o.flag(event::ANY_IMPACT, impacts > 0);
        o.flag(event::OUT_OF_ACTION, (applied.ko && !was_ko) || applied.casualty);
        (o, Resolved { applied, knocked_down: knocked, armor_spent: spent })
    }
}
