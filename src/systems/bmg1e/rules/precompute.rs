//! [`Attack::new`]: validate an [`AttackSetup`] and compute every constant of the attack once,
//! so that a trial only rolls. Each step of the attack (who the target is once it is helpless,
//! the impact and block dice, Blink!, damage) is one function below, in the order a trial
//! resolves them; the errors come in the order the steps run (markers, then counters).

use super::attack::{Attack, POWER_ARMOR_MARKERS};
use super::card::Card;
use super::readings::BlindSix;
use super::rule_error::RuleError;
use super::setup::{AttackSetup, SpecialAttack, defense_need, helpless, loses_passive_traits, target_ko};
use super::weapon::{Weapon, WeaponKind};
use crate::dice::SuccessMask;
use crate::systems::batman::markers::Markers;

impl Attack {
    /// Validate and precompute.
    pub fn new(s: &AttackSetup) -> Result<Attack, RuleError> {
        let a = &s.attacker;
        let w = &s.weapon;
        let (t, tw) = target_as_attacked(s);
        let (t, tw) = (&t, &tw);
        check_target_markers(s, t)?;
        let ranged = matches!(w.kind, WeaponKind::Ranged { .. });
        let cannot_defend = helpless(s) || target_ko(s);
        let special = if ranged && !s.readings.special_attack_ranged { SpecialAttack::None } else { s.special_attack };
        let impact = impact_mask(s, t, ranged, special);
        let (impact_dice, block_dice) = match w.kind {
            WeaponKind::Melee => melee_dice(s, t, cannot_defend)?,
            WeaponKind::Ranged { rate_of_fire } => (shot_dice(s, rate_of_fire)?, 0),
        };
        let block_mod = tw.traits.protective as i32 - t.traits.one_armed as i32;
        let block = blind_or(
            t.traits.blind.then_some(s.readings.blind_six),
            (a.attack as i32, block_mod, false, s.readings.block_natural_six),
        );
        let (blinks, extra_blink) = if ranged { blink_masks(s, t, tw) } else { (Vec::new(), None) };
        let unarmed_claws = w.unarmed && a.traits.retractable_claws;
        let sharp = (w.traits.sharp || unarmed_claws) && !(t.traits.football_gear || t.traits.hockey_gear);
        let can_dodge = !cannot_defend && !t.traits.blind;
        Ok(Attack {
            ranged,
            impact_dice,
            impact,
            // Handy: "When using these weapons, the wielder may reroll the Impact roll" (L1792);
            // Master Marksman when shooting (L1490). Each die is an Impact roll (L702): the failed ones.
            impact_reroll: w.traits.handy || (ranged && a.traits.master_marksman),
            block_dice,
            block,
            block_reroll: tw.traits.defensive,
            blinks,
            extra_blink,
            dodges: if ranged && can_dodge { s.ranged.dodge_counters as u32 } else { 0 },
            dodge: SuccessMask::at_most(t.movement as i32),
            dodge_reroll: t.traits.reflexes,
            armor: if t.traits.bat_armor_mk2 {
                Some(SuccessMask::at_least(6, 0, false, false))
            } else if t.traits.bat_armor_mk1 {
                Some(SuccessMask::at_least(5, 0, false, false))
            } else {
                None
            },
            damage: damage_mask(s, t, special),
            sharp,
            collateral_reroll: w.traits.brutal || special == SpecialAttack::PreciseBlow,
            can_knock_down: !t.traits.big || a.traits.big,
            scratch: if ranged { Some(s.readings.scratch_mode) } else { None },
            per_hit: per_hit(s),
            crit_stun: w.crt.is_none(),
            kevlar: if t.traits.kevlar_vest { Some(s.readings.kevlar_drops) } else { None },
            power_armor: t.traits.power_armor,
            armor_spent: s.target_armor_spent,
            endurance: t.endurance,
            start: s.target_markers,
        })
    }
}

/// The target's card and weapon as they act in this attack. A fallen or paralyzed target may
/// lose its passive protective traits (reading `helpless_passive_traits`: L1908 "cannot use any
/// Special Ability", L1914 "cannot … follow special rules"): its armours, its gear against
/// Tough / Sharp, Martial Artist, and its weapon's Protective / Defensive rules. Every later
/// step reads this target, never `s.target`, so a lost trait acts nowhere.
fn target_as_attacked(s: &AttackSetup) -> (Card, Weapon) {
    let mut t = s.target.clone();
    let mut target_weapon = s.target_weapon.clone();
    if loses_passive_traits(s) {
        t.traits = t.traits.without_passive();
        target_weapon.traits.protective = false;
        target_weapon.traits.defensive = false;
    }
    (t, target_weapon)
}

/// The target's starting markers must describe a model still on the table: not a casualty,
/// no markers beyond Endurance, Power Armor not past what it can ignore.
fn check_target_markers(s: &AttackSetup, t: &Card) -> Result<(), RuleError> {
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
    if s.target_armor_spent > POWER_ARMOR_MARKERS {
        return Err(RuleError {
            field: "target_armor_spent",
            message: format!("Power Armor ignores {POWER_ARMOR_MARKERS} markers before it needs repair"),
            allowed: format!("0..={POWER_ARMOR_MARKERS}"),
        });
    }
    Ok(())
}

/// A roll's mask from its (need, modifier, natural 1 fails, natural 6 succeeds); for a Blind
/// roller (`blind` is its reading) "only … on a 6+ result" (seed L1872): the need becomes 6,
/// after the roll's modifiers ([`BlindSix::AfterModifiers`]) or on the bare face
/// ([`BlindSix::Natural`]).
fn blind_or(blind: Option<BlindSix>, (need, bonus, one_fails, six_succeeds): (i32, i32, bool, bool)) -> SuccessMask {
    match blind {
        None => SuccessMask::at_least(need, bonus, one_fails, six_succeeds),
        Some(BlindSix::AfterModifiers) => SuccessMask::at_least(6, bonus, one_fails, six_succeeds),
        Some(BlindSix::Natural) => SuccessMask::at_least(6, 0, true, true),
    }
}

/// The impact roll's faces: the target's Defense (as this attack sees it) with the attacker's
/// modifiers — Weapon Master +1 "when it is not Unarmed" (seed L1704), ranged weapons included;
/// Masterfighter +1 unarmed (L1486); Precise Blow +1 (L1752).
fn impact_mask(s: &AttackSetup, t: &Card, ranged: bool, special: SpecialAttack) -> SuccessMask {
    let (a, w) = (&s.attacker, &s.weapon);
    let roll_mod = (a.traits.weapon_master && !w.unarmed) as i32
        + (a.traits.masterfighter && w.unarmed) as i32
        + (special == SpecialAttack::PreciseBlow) as i32;
    blind_or(a.traits.blind.then_some(s.readings.blind_six), (defense_need(s, t, ranged), roll_mod, true, true))
}

/// Melee strikes and block dice from the counters spent: each side can spend at most its
/// Attack / Defense in those counters; Combo and Sustained Defense add half again, Mobster a free
/// strike; a target that cannot defend itself rolls no block dice.
fn melee_dice(s: &AttackSetup, t: &Card, cannot_defend: bool) -> Result<(u32, u32), RuleError> {
    let a = &s.attacker;
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
    let mut strikes = if a.traits.combo { ac + ac / 2 } else { ac };
    // Mobster: a free extra strike against an outnumbered target (seed L1502).
    let outnumbered =
        s.melee.numerical_inferiority && !(s.readings.martial_artist_vs_mobster && t.traits.martial_artist);
    if a.traits.mobster && outnumbered {
        strikes += 1;
    }
    let blocks = if cannot_defend {
        0
    } else if t.traits.sustained_defense {
        dc + dc / 2
    } else {
        dc
    };
    Ok((strikes, blocks))
}

/// Impact dice of a shot: the Rate of Fire, 1 within 5 cm (Light weapons only) or after moving
/// (unless Throwing), +1 for Rapid Fire; none for a Blind shooter.
fn shot_dice(s: &AttackSetup, rate_of_fire: u8) -> Result<u32, RuleError> {
    let (a, w) = (&s.attacker, &s.weapon);
    if s.ranged.within_5cm && !w.traits.light {
        return Err(RuleError {
            field: "within_5cm",
            message: "no ranged attack against a target within 5 cm unless the weapon is Light".into(),
            allowed: "a Light weapon".into(),
        });
    }
    let base = if s.ranged.within_5cm || (s.ranged.moved && !w.traits.throwing) { 1 } else { rate_of_fire as u32 };
    // A Blind character "cannot attack with a distance weapon" (seed L1872).
    Ok(if a.traits.blind { 0 } else { base + (w.traits.rapid_fire || a.traits.rapid_fire) as u32 })
}

/// A shot's Blink! rolls, one per obstacle in order (cover on the last), and the Protective
/// weapon's extra roll. Modifiers: Expert Marksman −1 (L1343), Big −1 (L1450), Small +1 (L1614).
/// None with a Remote Controlled or Scope weapon.
fn blink_masks(s: &AttackSetup, t: &Card, tw: &Weapon) -> (Vec<SuccessMask>, Option<SuccessMask>) {
    let (a, w) = (&s.attacker, &s.weapon);
    if w.traits.remote_controlled || w.traits.scope {
        return (Vec::new(), None);
    }
    let blink_mod = -(a.traits.expert_marksman as i32) - t.traits.big as i32 + t.traits.small as i32;
    let n = s.ranged.obstacles.len();
    let masks: Vec<SuccessMask> = s
        .ranged
        .obstacles
        .iter()
        .enumerate()
        .map(|(i, &d)| {
            let m = (s.ranged.cover && i + 1 == n) as i32 + blink_mod;
            SuccessMask::at_least(d as i32, m, false, false)
        })
        .collect();
    // *Shooter* ignores one obstacle (seed L1606): the one the target blinks on most
    // easily (most success faces, first of equals).
    let ignored = if a.traits.shooter && n > 0 {
        let best = masks.iter().map(|m| m.faces()).max().expect("n > 0");
        masks.iter().position(|m| m.faces() == best)
    } else {
        None
    };
    let blinks = masks.into_iter().enumerate().filter(|&(i, _)| Some(i) != ignored).map(|(_, m)| m).collect();
    // "an extra Blink! roll … This last Blink! Roll will succeed on a 4+ result" (L1808);
    // Expert Marksman, Big and Small modify "Blink! Rolls" (reading).
    let extra_blink = tw.traits.protective.then(|| {
        let m = if s.readings.protective_blink_modifiers { blink_mod } else { 0 };
        SuccessMask::at_least(4, m, false, false)
    });
    (blinks, extra_blink)
}

/// The damage roll's faces: the weapon's fixed need (Firearm 2+, 4+ against a Bulletproof
/// Vest; Mechanic 3+) or the attacker's Strength, with Tough, Devastating Blow, Obsessive and the
/// target's Tough Skin.
fn damage_mask(s: &AttackSetup, t: &Card, special: SpecialAttack) -> SuccessMask {
    let (a, w) = (&s.attacker, &s.weapon);
    let damage_need = if w.traits.firearm {
        if t.traits.bulletproof_vest { 4 } else { 2 }
    } else if w.traits.mechanic {
        3
    } else {
        a.strength as i32
    };
    // Tough/Heavy +1 (L1842); a Big attacker has Tough (L1450), not cumulative with a
    // Tough weapon; Catcher / Football Gear ignore Tough (L1265, L1372).
    let tough = (w.traits.heavy || a.traits.big) && !(t.traits.catcher_gear || t.traits.football_gear);
    let damage_mod = tough as i32 + (special == SpecialAttack::DevastatingBlow) as i32 + a.traits.obsessive as i32
        - t.traits.tough_skin as i32;
    SuccessMask::at_least(damage_need, damage_mod, true, true)
}

/// Markers per damage success: the weapon's, or `★★` unarmed with Reinforced Gloves (L1576) or
/// Retractable Claws (L1584).
fn per_hit(s: &AttackSetup) -> Markers {
    let (a, w) = (&s.attacker, &s.weapon);
    if w.unarmed && (a.traits.reinforced_gloves || a.traits.retractable_claws) {
        Markers { stun: 2, wounds: 0 }
    } else {
        w.damage
    }
}
