//! Batman Miniature Game, 2013 rules (`bmg-1e`), per `shared/rules/bmg-1e.md`.
//!
//! The 2013 edition spends **action counters**: Attack counters (AC) buy strikes, Defense
//! counters (DC) buy block dice. Impacts that survive blocks (and *Bat-armor*) roll damage dice
//! against the attacker's Strength together with one **Collateral** die that knocks the target
//! down when it matches a damage die and adds a critical `★` on a 6. Ranged impacts must survive
//! **Blink!** rolls for each obstacle. Markers go on `♦` first; total markers ≥ Endurance is K.O.
//!
//! As in `bmg3e`, every constant is computed once in the constructors; a trial only rolls.

pub mod counters;
pub mod duel;
pub mod procedures;

use crate::dice::{Dice, Reroll, SuccessMask, count_successes};
use crate::engine::{Outcome, Shape, Trial};
use crate::rules::bmg3e::Markers;

/// Character traits with dice effects (config names in [`CHARACTER_TRAITS`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CharTraits {
    pub insensitive: bool,
    pub sturdy: bool,
    pub weak: bool,
    pub combo: bool,
    pub sustained_defense: bool,
    pub martial_artist: bool,
    pub weapon_master: bool,
    pub masterfighter: bool,
    pub precise_blow: bool,
    pub blind: bool,
    pub one_armed: bool,
    pub bat_armor_mk1: bool,
    pub bat_armor_mk2: bool,
    pub tough_skin: bool,
    pub bulletproof_vest: bool,
    pub kevlar_vest: bool,
    pub power_armor: bool,
    pub devastating_blow: bool,
    pub obsessive: bool,
    pub reinforced_gloves: bool,
    pub big: bool,
    pub small: bool,
    pub expert_marksman: bool,
    pub master_marksman: bool,
    pub shooter: bool,
    pub elusive: bool,
    pub reflexes: bool,
    pub resilient: bool,
    pub leader: bool,
    pub fast: bool,
    pub acrobat: bool,
    pub scientific: bool,
    pub mastermind: bool,
    pub kaos_agent: bool,
    pub perfect_plan: bool,
    pub mob: bool,
    pub informer: bool,
    pub detective: bool,
}

/// Config names of character traits.
pub const CHARACTER_TRAITS: [&str; 38] = [
    "insensitive",
    "sturdy",
    "weak",
    "combo",
    "sustained_defense",
    "martial_artist",
    "weapon_master",
    "masterfighter",
    "precise_blow",
    "blind",
    "one_armed",
    "bat_armor_mk1",
    "bat_armor_mk2",
    "tough_skin",
    "bulletproof_vest",
    "kevlar_vest",
    "power_armor",
    "devastating_blow",
    "obsessive",
    "reinforced_gloves",
    "big",
    "small",
    "expert_marksman",
    "master_marksman",
    "shooter",
    "elusive",
    "reflexes",
    "resilient",
    "leader",
    "fast",
    "acrobat",
    "scientific",
    "mastermind",
    "kaos_agent",
    "perfect_plan",
    "mob",
    "informer",
    "detective",
];

impl CharTraits {
    /// Set a trait by config name; false if the name is unknown.
    pub fn set(&mut self, name: &str) -> bool {
        let f = match name {
            "insensitive" => &mut self.insensitive,
            "sturdy" => &mut self.sturdy,
            "weak" => &mut self.weak,
            "combo" => &mut self.combo,
            "sustained_defense" => &mut self.sustained_defense,
            "martial_artist" => &mut self.martial_artist,
            "weapon_master" => &mut self.weapon_master,
            "masterfighter" => &mut self.masterfighter,
            "precise_blow" => &mut self.precise_blow,
            "blind" => &mut self.blind,
            "one_armed" => &mut self.one_armed,
            "bat_armor_mk1" => &mut self.bat_armor_mk1,
            "bat_armor_mk2" => &mut self.bat_armor_mk2,
            "tough_skin" => &mut self.tough_skin,
            "bulletproof_vest" => &mut self.bulletproof_vest,
            "kevlar_vest" => &mut self.kevlar_vest,
            "power_armor" => &mut self.power_armor,
            "devastating_blow" => &mut self.devastating_blow,
            "obsessive" => &mut self.obsessive,
            "reinforced_gloves" => &mut self.reinforced_gloves,
            "big" => &mut self.big,
            "small" => &mut self.small,
            "expert_marksman" => &mut self.expert_marksman,
            "master_marksman" => &mut self.master_marksman,
            "shooter" => &mut self.shooter,
            "elusive" => &mut self.elusive,
            "reflexes" => &mut self.reflexes,
            "resilient" => &mut self.resilient,
            "leader" => &mut self.leader,
            "fast" => &mut self.fast,
            "acrobat" => &mut self.acrobat,
            "scientific" => &mut self.scientific,
            "mastermind" => &mut self.mastermind,
            "kaos_agent" => &mut self.kaos_agent,
            "perfect_plan" => &mut self.perfect_plan,
            "mob" => &mut self.mob,
            "informer" => &mut self.informer,
            "detective" => &mut self.detective,
            _ => return false,
        };
        *f = true;
        true
    }
}

/// Weapon traits with dice effects (config names in [`WEAPON_TRAITS`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WeaponTraits {
    pub handy: bool,
    pub protective: bool,
    pub defensive: bool,
    pub firearm: bool,
    pub mechanic: bool,
    pub heavy: bool,
    pub sharp: bool,
    pub brutal: bool,
    pub precise_blow: bool,
    pub throwing: bool,
    pub rapid_fire: bool,
    pub light: bool,
    pub scratch: bool,
    pub remote_controlled: bool,
    pub scope: bool,
}

/// Config names of weapon traits (`tough` is a synonym of `heavy`).
pub const WEAPON_TRAITS: [&str; 16] = [
    "handy",
    "protective",
    "defensive",
    "firearm",
    "mechanic",
    "heavy",
    "tough",
    "sharp",
    "brutal",
    "precise_blow",
    "throwing",
    "rapid_fire",
    "light",
    "scratch",
    "remote_controlled",
    "scope",
];

impl WeaponTraits {
    /// Set a trait by config name; false if the name is unknown.
    pub fn set(&mut self, name: &str) -> bool {
        let f = match name {
            "handy" => &mut self.handy,
            "protective" => &mut self.protective,
            "defensive" => &mut self.defensive,
            "firearm" => &mut self.firearm,
            "mechanic" => &mut self.mechanic,
            "heavy" | "tough" => &mut self.heavy,
            "sharp" => &mut self.sharp,
            "brutal" => &mut self.brutal,
            "precise_blow" => &mut self.precise_blow,
            "throwing" => &mut self.throwing,
            "rapid_fire" => &mut self.rapid_fire,
            "light" => &mut self.light,
            "scratch" => &mut self.scratch,
            "remote_controlled" => &mut self.remote_controlled,
            "scope" => &mut self.scope,
            _ => return false,
        };
        *f = true;
        true
    }
}

/// A 2013 character card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    /// Action counters per round.
    pub willpower: u8,
    pub movement: u8,
    pub attack: u8,
    pub defense: u8,
    /// Strength `k+` of the damage roll.
    pub strength: u8,
    /// K.O. when markers ≥ Endurance; casualty when `♦` ≥ Endurance.
    pub endurance: u8,
    pub special: u8,
    pub traits: CharTraits,
}

/// How a weapon attacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WeaponKind {
    Melee,
    Ranged { rate_of_fire: u8 },
}

/// A 2013 weapon (or bare hands).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weapon {
    pub kind: WeaponKind,
    pub damage: Markers,
    pub traits: WeaponTraits,
    /// `CRT:` effect that replaces the critical's extra `★` (reported, not simulated).
    pub crt: Option<String>,
    /// Bare hands (for *Masterfighter* and *Reinforced Gloves*).
    pub unarmed: bool,
}

impl Weapon {
    /// Bare hands: melee, `★` per damage (`★★` with *Reinforced Gloves*).
    pub fn unarmed() -> Self {
        Weapon {
            kind: WeaponKind::Melee,
            damage: Markers { stun: 1, wounds: 0 },
            traits: WeaponTraits::default(),
            crt: None,
            unarmed: true,
        }
    }
}

/// The spec's ambiguity switches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Readings {
    /// A natural 6 always blocks (default `false`).
    pub block_natural_six: bool,
}

impl Readings {
    /// Switch names and values as printed in reports.
    pub fn list(&self) -> Vec<(&'static str, String)> {
        vec![("block_natural_six", self.block_natural_six.to_string())]
    }
}

/// Counters lost to damage: one per 2 markers (*Insensitive* none, *Sturdy* per 3, *Weak* per 1).
pub fn counters_lost(c: &Card, markers: u8) -> u8 {
    if c.traits.insensitive {
        0
    } else if c.traits.weak {
        markers
    } else if c.traits.sturdy {
        markers / 3
    } else {
        markers / 2
    }
}

/// Result of applying damage.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Applied {
    pub markers: Markers,
    /// Markers actually added (★, ♦); a ★ replaced by a ♦ counts as a ♦ added and a ★ removed.
    pub stun_added: u8,
    pub wounds_added: u8,
    pub ko: bool,
    pub casualty: bool,
}

/// Apply `wounds` ♦ then `stun` ★ to a model with `start` markers and Endurance `e`.
///
/// Total markers ≥ E is K.O.; once K.O., further ★ are ignored and each further ♦ replaces a ★;
/// ♦ ≥ E is a casualty.
pub fn apply_markers(e: u8, start: Markers, stun: u32, wounds: u32) -> Applied {
    let (mut s, mut w) = (start.stun, start.wounds);
    let (mut s_added, mut w_added) = (0u8, 0u8);
    for _ in 0..wounds {
        if w >= e {
            break;
        }
        if s + w < e {
            w += 1;
            w_added += 1;
        } else if s > 0 {
            s -= 1;
            w += 1;
            w_added += 1;
        }
    }
    for _ in 0..stun {
        if s + w < e {
            s += 1;
            s_added += 1;
        }
    }
    let m = Markers { stun: s, wounds: w };
    Applied { markers: m, stun_added: s_added, wounds_added: w_added, ko: s + w >= e, casualty: w >= e }
}

/// Circumstances of a melee attack.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MeleeMods {
    /// Attack counters spent (one strike each; *Combo*: 3 per 2).
    pub attack_counters: u8,
    /// Defense counters the target spends on blocks (one die each; *Sustained Defense*: 3 per 2).
    pub defense_counters: u8,
    /// Target fighting ≥ 2 enemies: −1 Defense (ignored by a *Martial Artist* attacker).
    pub numerical_inferiority: bool,
    /// +1 Defense.
    pub defensive_position: bool,
    /// −2 Defense.
    pub paralyzed: bool,
}

/// Circumstances of a ranged attack.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RangedMods {
    /// The shooter moved earlier this activation (Rate of Fire 1 unless *Throwing*).
    pub moved: bool,
    /// Obstacles between shooter and target, in order: blink difficulty 4, 5 or 6 each.
    pub obstacles: Vec<u8>,
    /// The target is in cover behind the last obstacle (+1 on that blink).
    pub cover: bool,
    /// Movement counters the target spends on *Dodge* (one Agility roll each).
    pub dodge_counters: u8,
    /// The target spends 1 MC on *Elusive* (+1 Defense).
    pub elusive: bool,
    /// −2 Defense.
    pub paralyzed: bool,
    /// The target is within 5 cm: only a *Light* weapon may shoot, with Rate of Fire 1.
    pub within_5cm: bool,
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
    /// The target is knocked down (impacted on 2+).
    pub target_knocked_down: bool,
    pub melee: MeleeMods,
    pub ranged: RangedMods,
    pub readings: Readings,
}

/// A rule violation in a setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError {
    pub field: &'static str,
    pub message: String,
    pub allowed: String,
}

/// Metric names of a 2013 attack.
pub const ATTACK_METRICS: [&str; 8] =
    ["impact_dice", "impacts", "blocks", "blinked", "hits", "damage_successes", "stun", "wounds"];
/// Event names of a 2013 attack.
pub const ATTACK_EVENTS: [&str; 6] = ["any_damage", "knocked_down", "critical", "ko", "casualty", "any_impact"];

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
}

/// A ready-to-roll 2013 attack.
#[derive(Clone, Debug, PartialEq)]
pub struct Attack {
    pub ranged: bool,
    /// Impact dice rolled.
    pub impact_dice: u32,
    pub impact: SuccessMask,
    pub impact_reroll: bool,
    /// Block dice (melee) and their faces; rerolled on a miss with a *Defensive* weapon.
    pub block_dice: u32,
    pub block: SuccessMask,
    pub block_reroll: bool,
    /// Blink rolls in order: success faces per obstacle (none with *Remote Controlled*/*Scope*).
    pub blinks: Vec<SuccessMask>,
    /// One extra blink on 4+ after the others (*Protective* weapon on a ranged target).
    pub extra_blink: bool,
    /// Dodge: Agility rolls (D6 ≤ Movement), each pass cancels an impact.
    pub dodges: u32,
    pub dodge: SuccessMask,
    /// *Bat-armor*: an impact is ignored on these faces.
    pub armor: Option<SuccessMask>,
    pub damage: SuccessMask,
    /// *Sharp*: reroll one failed damage die.
    pub sharp: bool,
    /// *Brutal* / *Precise Blow*: reroll the collateral die when it did nothing.
    pub collateral_reroll: bool,
    /// The target can be knocked down (not *Big*, or a *Big* attacker).
    pub can_knock_down: bool,
    /// *Scratch*: each failed ranged damage die still inflicts `★`.
    pub scratch: bool,
    pub per_hit: Markers,
    /// The critical's extra `★` (absent when the weapon's CRT effect replaces it).
    pub crit_stun: bool,
    pub kevlar: bool,
    pub power_armor: bool,
    pub endurance: u8,
    pub start: Markers,
}

fn defense_need(s: &AttackSetup, ranged: bool) -> i32 {
    if s.target_knocked_down {
        return 2;
    }
    let mut d = s.target.defense as i32;
    if ranged {
        d += s.ranged.elusive as i32 - 2 * s.ranged.paralyzed as i32;
    } else {
        let m = &s.melee;
        d += m.defensive_position as i32 - 2 * m.paralyzed as i32;
        if m.numerical_inferiority && !s.attacker.traits.martial_artist {
            d -= 1;
        }
    }
    d.max(1)
}

impl Attack {
    /// Validate and precompute.
    pub fn new(s: &AttackSetup) -> Result<Attack, RuleError> {
        let a = &s.attacker;
        let t = &s.target;
        let w = &s.weapon;
        if s.target_markers.wounds >= t.endurance {
            return Err(RuleError {
                field: "target_wounds",
                message: "the target is already a casualty".into(),
                allowed: format!("0..={}", t.endurance - 1),
            });
        }
        if s.target_markers.stun + s.target_markers.wounds > t.endurance {
            return Err(RuleError {
                field: "target_stun",
                message: format!("markers beyond Endurance {} are ignored", t.endurance),
                allowed: format!("stun + wounds ≤ {}", t.endurance),
            });
        }
        let ranged = matches!(w.kind, WeaponKind::Ranged { .. });
        let target_ko = s.target_markers.stun + s.target_markers.wounds >= t.endurance;
        let blind_or = |blind: bool, m: SuccessMask| if blind { SuccessMask::at_least(6, 0, true, true) } else { m };
        let roll_mod = if ranged {
            0
        } else {
            (a.traits.weapon_master && !w.unarmed) as i32
                + (a.traits.masterfighter && w.unarmed) as i32
                + (a.traits.precise_blow || w.traits.precise_blow) as i32
        };
        let impact = blind_or(a.traits.blind, SuccessMask::at_least(defense_need(s, ranged), roll_mod, true, true));
        let (impact_dice, block_dice) = match w.kind {
            WeaponKind::Melee => {
                let ac = s.melee.attack_counters as u32;
                let dc = s.melee.defense_counters as u32;
                if ac > a.attack as u32 {
                    return Err(RuleError {
                        field: "attack_counters",
                        message: format!("at most Attack {} counters can be Attack counters", a.attack),
                        allowed: format!("0..={}", a.attack.min(a.willpower)),
                    });
                }
                if dc > t.defense as u32 {
                    return Err(RuleError {
                        field: "defense_counters",
                        message: format!("at most the target's Defense {} counters can be Defense counters", t.defense),
                        allowed: format!("0..={}", t.defense.min(t.willpower)),
                    });
                }
                let strikes = if a.traits.combo { ac + ac / 2 } else { ac };
                let blocks = if target_ko {
                    0
                } else if t.traits.sustained_defense {
                    dc + dc / 2
                } else {
                    dc
                };
                (strikes, blocks)
            }
            WeaponKind::Ranged { rate_of_fire } => {
                if s.ranged.within_5cm && !w.traits.light {
                    return Err(RuleError {
                        field: "within_5cm",
                        message: "no ranged attack against a target within 5 cm unless the weapon is Light".into(),
                        allowed: "a Light weapon".into(),
                    });
                }
                let base =
                    if s.ranged.within_5cm || (s.ranged.moved && !w.traits.throwing) { 1 } else { rate_of_fire as u32 };
                (base + w.traits.rapid_fire as u32, 0)
            }
        };
        let block_mod = s.target_weapon.traits.protective as i32 - t.traits.one_armed as i32;
        let block = blind_or(
            t.traits.blind,
            SuccessMask::at_least(a.attack as i32, block_mod, false, s.readings.block_natural_six),
        );
        let mut blinks = Vec::new();
        let mut extra_blink = false;
        if ranged && !(w.traits.remote_controlled || w.traits.scope) {
            let mut obstacles = s.ranged.obstacles.clone();
            let n = obstacles.len();
            // *Shooter* ignores one obstacle: the hardest for it to shoot through (lowest difficulty).
            let ignored = if a.traits.shooter && n > 0 {
                obstacles.iter().enumerate().min_by_key(|(_, d)| **d).map(|(i, _)| i)
            } else {
                None
            };
            for (i, d) in obstacles.drain(..).enumerate() {
                if Some(i) == ignored {
                    continue;
                }
                let m = (s.ranged.cover && i + 1 == n) as i32 - a.traits.expert_marksman as i32 - t.traits.big as i32
                    + t.traits.small as i32;
                blinks.push(SuccessMask::at_least(d as i32, m, false, false));
            }
            extra_blink = s.target_weapon.traits.protective;
        }
        let damage_need = if w.traits.firearm {
            if t.traits.bulletproof_vest { 4 } else { 2 }
        } else if w.traits.mechanic {
            3
        } else {
            a.strength as i32
        };
        let damage_mod = w.traits.heavy as i32 + a.traits.devastating_blow as i32 + a.traits.obsessive as i32
            - t.traits.tough_skin as i32;
        let per_hit = if w.unarmed && a.traits.reinforced_gloves { Markers { stun: 2, wounds: 0 } } else { w.damage };
        Ok(Attack {
            ranged,
            impact_dice,
            impact,
            impact_reroll: (!ranged && w.traits.handy) || (ranged && a.traits.master_marksman),
            block_dice,
            block,
            block_reroll: s.target_weapon.traits.defensive,
            blinks,
            extra_blink,
            dodges: if ranged { s.ranged.dodge_counters as u32 } else { 0 },
            dodge: SuccessMask::at_most(t.movement as i32),
            armor: if t.traits.bat_armor_mk2 {
                Some(SuccessMask::at_least(6, 0, false, false))
            } else if t.traits.bat_armor_mk1 {
                Some(SuccessMask::at_least(5, 0, false, false))
            } else {
                None
            },
            damage: SuccessMask::at_least(damage_need, damage_mod, true, true),
            sharp: w.traits.sharp,
            collateral_reroll: w.traits.brutal || w.traits.precise_blow || a.traits.precise_blow,
            can_knock_down: !t.traits.big || a.traits.big,
            scratch: ranged && w.traits.scratch,
            per_hit,
            crit_stun: w.crt.is_none(),
            kevlar: t.traits.kevlar_vest,
            power_armor: t.traits.power_armor,
            endurance: t.endurance,
            start: s.target_markers,
        })
    }

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

impl Attack {
    /// Resolve one attack: the outcome, and the markers the target ends with.
    pub fn resolve<D: Dice>(&self, dice: &mut D) -> (Outcome, Applied) {
        let reroll = |r: bool| if r { Reroll::Failures(u8::MAX) } else { Reroll::None };
        let impacts = count_successes(dice, self.impact_dice, self.impact, reroll(self.impact_reroll));
        let mut left = impacts;
        let mut blocks = 0;
        if left > 0 && self.block_dice > 0 {
            blocks = count_successes(dice, self.block_dice, self.block, reroll(self.block_reroll)).min(left);
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
        if self.extra_blink && left > 0 && dice.d6() >= 4 {
            blinked += 1;
            left -= 1;
        }
        for _ in 0..self.dodges {
            if left == 0 {
                break;
            }
            if self.dodge.test(dice.d6()) {
                blinked += 1;
                left -= 1;
            }
        }
        if let Some(armor) = self.armor {
            let ignored = count_successes(dice, left, armor, Reroll::None);
            left -= ignored;
        }
        let hits = left;
        // Damage dice plus the collateral die; remember which faces appeared for the knock-down.
        let mut faces_seen = 0u8;
        let mut successes = 0u32;
        let mut failures = 0u32;
        let mut sharp_left = self.sharp;
        for _ in 0..hits {
            let mut f = dice.d6();
            if !self.damage.test(f) && sharp_left {
                sharp_left = false;
                f = dice.d6();
            }
            faces_seen |= 1 << f;
            if self.damage.test(f) {
                successes += 1;
            } else {
                failures += 1;
            }
        }
        let collateral_effect = |c: u8| -> (bool, bool) {
            let knock = self.can_knock_down && c != 1 && (faces_seen >> c) & 1 == 1;
            let crit = successes > 0 && c == 6;
            (knock, crit)
        };
        // No impact left means no damage roll, so no collateral die either.
        let (mut knocked, mut critical) = (false, false);
        if hits > 0 {
            (knocked, critical) = collateral_effect(dice.d6());
            if self.collateral_reroll && !knocked && !critical {
                (knocked, critical) = collateral_effect(dice.d6());
            }
        }
        // Markers: per success the weapon's markers (Kevlar −1 per instance, minimum 1),
        // the critical's ★, Scratch ★ for failed ranged damage dice, Power Armor absorbs 3.
        let (mut stun, mut wounds) = (0u32, 0u32);
        for _ in 0..successes {
            let (mut s, mut w) = (self.per_hit.stun as u32, self.per_hit.wounds as u32);
            if self.kevlar && s + w > 1 {
                if s > 0 {
                    s -= 1;
                } else {
                    w -= 1;
                }
            }
            stun += s;
            wounds += w;
        }
        if critical && self.crit_stun {
            stun += 1;
        }
        if self.scratch {
            stun += failures;
        }
        if self.power_armor {
            let mut absorb = 3u32;
            let dw = wounds.min(absorb);
            wounds -= dw;
            absorb -= dw;
            stun -= stun.min(absorb);
        }
        let applied = apply_markers(self.endurance, self.start, stun, wounds);
        let was_ko = self.start.stun + self.start.wounds >= self.endurance;
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
        (o, applied)
    }
}

#[cfg(test)]
mod tests;

/// Every 2013 trial a scenario cell can hold (static dispatch, no trait objects).
#[derive(Clone, Debug, PartialEq)]
pub enum Trial1e {
    Attack(Attack),
    Check(procedures::Check),
    Recovery(procedures::Recovery),
    TakeTheLead(procedures::TakeTheLead),
    LetsGo(procedures::LetsGo),
    Movement(procedures::Movement),
    Riddle(procedures::Riddle),
    Exchange(counters::Exchange),
    /// Pass chances: a deterministic count (every trial gives the same value, no dice).
    Passing(u8),
    Duel(duel::Duel),
}

impl Trial for Trial1e {
    fn shape(&self) -> Shape {
        match self {
            Trial1e::Attack(t) => t.shape(),
            Trial1e::Check(t) => t.shape(),
            Trial1e::Recovery(t) => t.shape(),
            Trial1e::TakeTheLead(t) => t.shape(),
            Trial1e::LetsGo(t) => t.shape(),
            Trial1e::Movement(t) => t.shape(),
            Trial1e::Riddle(t) => t.shape(),
            Trial1e::Exchange(t) => t.shape(),
            Trial1e::Passing(n) => Shape::new(vec![("passes", *n as usize)], vec!["any_pass"]),
            Trial1e::Duel(t) => t.shape(),
        }
    }

    #[inline]
    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        match self {
            Trial1e::Attack(t) => t.run(dice),
            Trial1e::Check(t) => t.run(dice),
            Trial1e::Recovery(t) => t.run(dice),
            Trial1e::TakeTheLead(t) => t.run(dice),
            Trial1e::LetsGo(t) => t.run(dice),
            Trial1e::Movement(t) => t.run(dice),
            Trial1e::Riddle(t) => t.run(dice),
            Trial1e::Exchange(t) => t.run(dice),
            Trial1e::Duel(t) => t.run(dice),
            Trial1e::Passing(n) => {
                let mut o = Outcome::default();
                o.metrics[0] = *n as u16;
                o.flag(0, *n > 0);
                o
            }
        }
    }
}
