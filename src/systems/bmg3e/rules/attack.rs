//! The 2019 attack, melee or ranged: its setup ([`AttackSetup`]), validated and turned once into
//! dice counts, success masks and the damage of each number of hits ([`Attack::new`]), then rolled
//! ([`Attack::run`]) and scored ([`Attack::score`]).

use super::card::{Profile, Weapon, WeaponKind};
use super::damage::{DamageDone, apply_hits, effort_limit, is_ko};
use super::readings::{OutnumberedBlocks, Readings};
use super::rule_error::RuleError;
use crate::dice::{Dice, SuccessMask, count_hits};
use crate::engine::{Outcome, Shape, Trial};
use crate::systems::batman::markers::Markers;

/// Ranged modifiers that remove dice (cumulative).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RangedMods {
    /// Moved before shooting: −2.
    pub moved: bool,
    /// Beyond the weapon's optimal range: −1.
    pub beyond_optimal_range: bool,
    /// Target in cover: −1.
    pub cover: bool,
    /// Blind fire beyond the 12" night limit: −2.
    pub blind_fire: bool,
    /// "Storm" event: −1.
    pub storm: bool,
    /// Dodge rules of the target ("Esquivar", "Acróbata", seed lines 1751–1756): −k. Special
    /// rules, so never for a K.O. target ([`Attack::new`] refuses it, seed lines 1859–1860).
    pub dodge: u8,
}

impl RangedMods {
    /// Total dice removed.
    pub fn removed(&self) -> u32 {
        2 * self.moved as u32
            + self.beyond_optimal_range as u32
            + self.cover as u32
            + 2 * self.blind_fire as u32
            + self.storm as u32
            + self.dodge as u32
    }
}

/// Melee-only circumstances.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MeleeMods {
    /// `★` the attacker takes for +1 attack die each.
    pub attacker_effort: u8,
    /// `★` the target takes to remove one attack die each.
    pub target_effort: u8,
    /// Enemy models in contact with the target (numerical inferiority from 2).
    pub enemies_in_contact: u8,
}

impl Default for MeleeMods {
    fn default() -> Self {
        MeleeMods { attacker_effort: 0, target_effort: 0, enemies_in_contact: 1 }
    }
}

/// Everything needed to set up one attack.
#[derive(Clone, Debug, PartialEq)]
pub struct AttackSetup {
    pub attacker: Profile,
    pub attacker_markers: Markers,
    pub weapon: Weapon,
    pub target: Profile,
    pub target_markers: Markers,
    /// Extra Defense modifier on the target (cards, terrain, scenario rules).
    pub defense_mod: i8,
    pub melee: MeleeMods,
    pub ranged: RangedMods,
    pub readings: Readings,
}

/// Metric indices of an attack outcome.
pub mod metric {
    pub const ATTACK_DICE: usize = 0;
    pub const IMPACTS: usize = 1;
    pub const BLOCKS: usize = 2;
    pub const HITS: usize = 3;
    pub const STUN: usize = 4;
    pub const WOUNDS: usize = 5;
}
/// Event indices of an attack outcome.
pub mod event {
    pub const ANY_HIT: usize = 0;
    pub const CRITICAL: usize = 1;
    pub const KO: usize = 2;
    pub const CASUALTY: usize = 3;
    /// A critical left the target knocked down: it was neither K.O. before the attack, nor
    /// K.O. nor a casualty after it (seed lines 1869–1875), and knock-down was chosen over any
    /// `CRT:` effect.
    pub const KNOCKED_DOWN: usize = 4;
    /// K.O. caused or casualty caused: the target is out of action because of this attack.
    pub const OUT_OF_ACTION: usize = 5;
}

/// Metric names of an attack, in index order (JSON schema v1).
pub const ATTACK_METRICS: [&str; 6] = ["attack_dice", "impacts", "blocks", "hits", "stun", "wounds"];
/// Event names of an attack, in index order (JSON schema v1).
pub const ATTACK_EVENTS: [&str; 6] = ["any_hit", "critical", "ko", "casualty", "knocked_down", "out_of_action"];

/// A ready-to-roll attack (melee or ranged).
#[derive(Clone, Debug, PartialEq)]
pub struct Attack {
    /// Ordinary attack dice rolled.
    pub attack_dice: u32,
    /// Faces that make an attack die an impact.
    pub impact: SuccessMask,
    /// Whether the Strength die is rolled.
    pub strength_die: bool,
    /// Faces that make the Strength die an impact.
    pub strength: SuccessMask,
    /// Block dice the target rolls (0 for ranged attacks and K.O. targets).
    pub block_dice: u32,
    /// Faces that make a block die cancel an impact.
    pub block: SuccessMask,
    /// `damage[h]` = what `h` hits do.
    pub damage: Vec<DamageDone>,
    /// Effort actually spent (reported).
    pub attacker_effort: u8,
    pub target_effort: u8,
    /// Whether this is a ranged attack.
    pub ranged: bool,
    /// The target was K.O. when the attack started (Defense −1, no block roll, +1 ♦ per hit,
    /// cannot be knocked down).
    pub target_ko: bool,
}

/// The target's Defense for this attack (seed line 504: never below 1):
/// its card, `defense_mod`, −1 if it is K.O. (seed lines 1862–1863, "Sufre una penalización de
/// -1 a su ataque, defensa y especial"), and in melee −1 per enemy in contact beyond the
/// attacker (numerical inferiority, seed lines 1503–1515; for a K.O. target only under the
/// reading `ko_target_outnumbered`).
pub fn defense_after(setup: &AttackSetup, melee: bool) -> u8 {
    let (before, penalty) = defense_and_penalty(setup, melee);
    (before - penalty).max(1) as u8
}

/// The target's Defense before numerical inferiority (card, `defense_mod`, K.O.; at least 1,
/// seed line 504) and the inferiority penalty (see [`defense_after`]).
fn defense_and_penalty(setup: &AttackSetup, melee: bool) -> (i32, i32) {
    let target_ko = is_ko(&setup.target, setup.target_markers);
    let d = (setup.target.defense as i32 + setup.defense_mod as i32 - target_ko as i32).max(1);
    let outnumbered = !target_ko || setup.readings.ko_target_outnumbered;
    let penalty = if melee && outnumbered && setup.melee.enemies_in_contact >= 2 {
        setup.melee.enemies_in_contact as i32 - 1
    } else {
        0
    };
    (d, penalty)
}

/// How many block dice the target of a melee attack rolls: none when it is K.O. (1859); else
/// "tantos dados como su atributo de Defensa" (1535–1538), its Defense after the penalty and
/// so at least 1 — or, under the reading `outnumbered_block_dice = "fewer_dice"`, its Defense
/// before the penalty less one die per other enemy, "tirará 2 dados menos" (1514) read
/// literally, which leaves none once the penalty reaches its Defense.
pub fn block_dice(setup: &AttackSetup) -> u32 {
    if is_ko(&setup.target, setup.target_markers) {
        return 0;
    }
    let (before, penalty) = defense_and_penalty(setup, true);
    match setup.readings.outnumbered_block_dice {
        OutnumberedBlocks::Defense => (before - penalty).max(1) as u32,
        OutnumberedBlocks::FewerDice => (before - penalty).max(0) as u32,
    }
}

impl Attack {
    /// Validate the setup against the rules and precompute the roll.
    pub fn new(setup: &AttackSetup) -> Result<Attack, RuleError> {
        let t = &setup.target;
        if setup.target_markers.wounds >= t.endurance {
            return Err(RuleError {
                field: "target_wounds",
                message: format!(
                    "the target already has {} ♦, a casualty cannot be attacked",
                    setup.target_markers.wounds
                ),
                allowed: format!("0..={}", t.endurance - 1),
            });
        }
        if setup.target_markers.stun > t.willpower {
            return Err(RuleError {
                field: "target_stun",
                message: format!("markers beyond Willpower {} are discarded", t.willpower),
                allowed: format!("0..={}", t.willpower),
            });
        }
        let ko_start_markers = setup.target_markers;
        match setup.weapon.kind {
            WeaponKind::Melee { strength_bonus } => Self::melee(setup, strength_bonus, ko_start_markers),
            WeaponKind::Ranged { rate_of_fire, strength } => Self::ranged(setup, rate_of_fire, strength),
        }
    }

    fn melee(setup: &AttackSetup, strength_bonus: i8, start: Markers) -> Result<Attack, RuleError> {
        let m = setup.melee;
        let a_limit = effort_limit(&setup.attacker, setup.attacker_markers);
        if m.attacker_effort > a_limit {
            return Err(RuleError {
                field: "attacker_effort",
                message: format!(
                    "the attacker's effort limit is {a_limit} (3 − floor(♦/3), and ★ + effort must stay below Willpower)"
                ),
                allowed: format!("0..={a_limit}"),
            });
        }
        let target_ko = is_ko(&setup.target, start);
        let t_limit = if target_ko { 0 } else { effort_limit(&setup.target, start).min(setup.attacker.attack) };
        if m.target_effort > t_limit {
            return Err(RuleError {
                field: "target_effort",
                message: format!(
                    "the target's effort limit here is {t_limit} (3 − floor(♦/3), ★ + effort below Willpower, no more than the attacker's Attack, none while K.O.)"
                ),
                allowed: format!("0..={t_limit}"),
            });
        }
        let defense = defense_after(setup, true);
        let attack_dice =
            (setup.attacker.attack as i32 + m.attacker_effort as i32 - m.target_effort as i32).max(0) as u32;
        // The target's own effort ★ are on it before any hit lands.
        let start = Markers { stun: start.stun + m.target_effort, wounds: start.wounds };
        let max_hits = attack_dice + 1;
        Ok(Attack {
            attack_dice,
            impact: SuccessMask::at_least(defense as i32, 0, true, true),
            strength_die: true,
            strength: SuccessMask::at_least(setup.attacker.strength as i32, strength_bonus as i32, true, true),
            block_dice: block_dice(setup),
            block: SuccessMask::at_least(setup.attacker.attack as i32, 0, false, setup.readings.block_natural_six),
            damage: damage_table(setup, start, max_hits),
            attacker_effort: m.attacker_effort,
            target_effort: m.target_effort,
            ranged: false,
            target_ko,
        })
    }

    fn ranged(setup: &AttackSetup, rate_of_fire: u8, strength: u8) -> Result<Attack, RuleError> {
        let target_ko = is_ko(&setup.target, setup.target_markers);
        if target_ko && setup.ranged.dodge > 0 {
            // Dodging is a special rule of the target ("Esquivar", "Acróbata"), and a K.O. model
            // can neither defend itself nor use special abilities: refused, as `target_effort` is.
            return Err(RuleError {
                field: "dodge",
                message: "the target is K.O. and cannot dodge: a K.O. model \"No puede defenderse o usar habilidades especiales\" (seed lines 1859–1860), and dodging comes from special rules such as \"Esquivar\" or \"Acróbata\" (1751–1756)".into(),
                allowed: "0 against a K.O. target".into(),
            });
        }
        let removed = setup.ranged.removed();
        let mut attack_dice = rate_of_fire as u32;
        let mut strength_die = true;
        if removed > 0 {
            // In ranged attacks the Strength die goes first.
            strength_die = false;
            attack_dice = attack_dice.saturating_sub(removed - 1);
            if rate_of_fire == 0 {
                // A template weapon that loses its only die rolls one ordinary attack die.
                attack_dice = 1;
            }
        }
        let defense = defense_after(setup, false);
        let max_hits = attack_dice + strength_die as u32;
        Ok(Attack {
            attack_dice,
            impact: SuccessMask::at_least(defense as i32, 0, true, true),
            strength_die,
            strength: SuccessMask::at_least(strength as i32, 0, true, true),
            block_dice: 0,
            block: SuccessMask::at_least(7, 0, false, false),
            damage: damage_table(setup, setup.target_markers, max_hits),
            attacker_effort: 0,
            target_effort: 0,
            ranged: true,
            target_ko,
        })
    }

    /// Largest number of hits this attack can score.
    pub fn max_hits(&self) -> u32 {
        self.attack_dice + self.strength_die as u32
    }

    /// Score one roll given its parts: the common last step of every attack.
    #[inline(always)]
    pub fn score(&self, impacts: u32, block_successes: u32, strength_face: Option<u8>) -> Outcome {
        let blocks = block_successes.min(impacts);
        let s_hit = strength_face.is_some_and(|f| self.strength.test(f));
        let hits = impacts - blocks + s_hit as u32;
        let d = self.damage[hits as usize];
        let mut o = Outcome::default();
        o.metrics[metric::ATTACK_DICE] = self.attack_dice as u16;
        o.metrics[metric::IMPACTS] = (impacts + s_hit as u32) as u16;
        o.metrics[metric::BLOCKS] = blocks as u16;
        o.metrics[metric::HITS] = hits as u16;
        o.metrics[metric::STUN] = d.stun as u16;
        o.metrics[metric::WOUNDS] = d.wounds as u16;
        let critical = strength_face == Some(6);
        o.flag(event::ANY_HIT, hits > 0);
        o.flag(event::CRITICAL, critical);
        o.flag(event::KO, d.ko);
        o.flag(event::CASUALTY, d.casualty);
        o.flag(event::KNOCKED_DOWN, critical && !self.target_ko && !d.ko && !d.casualty);
        o.flag(event::OUT_OF_ACTION, d.ko || d.casualty);
        o
    }
}

fn damage_table(setup: &AttackSetup, start: Markers, max_hits: u32) -> Vec<DamageDone> {
    (0..=max_hits).map(|h| apply_hits(&setup.target, start, setup.weapon.damage, h, &setup.readings)).collect()
}

impl Trial for Attack {
    fn shape(&self) -> Shape {
        let max = self.max_hits() as usize;
        let per_hit = self.damage.last().map(|d| (d.stun as usize, d.wounds as usize)).unwrap_or((0, 0));
        Shape {
            metrics: vec![
                ("attack_dice", self.attack_dice as usize),
                ("impacts", max),
                ("blocks", self.attack_dice as usize),
                ("hits", max),
                ("stun", per_hit.0.max(1)),
                ("wounds", per_hit.1.max(1)),
            ],
            events: ATTACK_EVENTS.to_vec(),
            ratios: Vec::new(),
        }
    }

    #[inline]
    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let impacts = count_hits(dice, self.attack_dice, self.impact);
        let strength_face = if self.strength_die { Some(dice.d6()) } else { None };
        let blocks = if impacts > 0 {
            count_hits(dice, self.block_dice, self.block)
        } else {
            // With nothing to cancel the block roll cannot change the outcome: skip it.
            0
        };
        self.score(impacts, blocks, strength_face)
    }
}
