//! Hand-computed rule steps for 2019 attacks: the source's worked examples, effort limits,
//! melee and ranged rolls, blocks, damage markers and checks.

use super::*;
use crate::dice::{ScriptedDice, SuccessMask};
use crate::engine::Trial;

fn card(a: u8, d: u8, s: u8, w: u8, e: u8, sp: u8) -> Profile {
    Profile { attack: a, defense: d, strength: s, willpower: w, endurance: e, special: sp, movement: 4 }
}

fn batman() -> Profile {
    card(5, 4, 4, 8, 6, 4)
}
fn thug() -> Profile {
    card(3, 3, 4, 5, 4, 2)
}

fn setup(weapon: Weapon) -> AttackSetup {
    AttackSetup {
        attacker: batman(),
        attacker_markers: Markers::default(),
        weapon,
        target: thug(),
        target_markers: Markers::default(),
        defense_mod: 0,
        melee: MeleeMods::default(),
        ranged: RangedMods::default(),
        readings: Readings::default(),
    }
}

#[test]
fn source_worked_example_effort_dice() {
    // Batman A5; target makes 3 effort, Batman 2 → 5 − 3 + 2 = 4 attack dice.
    let mut s = setup(Weapon::unarmed());
    s.target = card(5, 4, 4, 8, 6, 4);
    s.melee.target_effort = 3;
    s.melee.attacker_effort = 2;
    let a = Attack::new(&s).unwrap();
    assert_eq!(a.attack_dice, 4);
    assert!(a.strength_die);
}

#[test]
fn effort_limits() {
    let p = card(5, 4, 4, 6, 6, 4);
    assert_eq!(effort_limit(&p, Markers::default()), 3);
    assert_eq!(effort_limit(&p, Markers { stun: 0, wounds: 3 }), 2);
    assert_eq!(effort_limit(&p, Markers { stun: 0, wounds: 9 }), 0);
    // W6 with 4 ★: only one more ★ keeps it below 6.
    assert_eq!(effort_limit(&p, Markers { stun: 4, wounds: 0 }), 1);
    assert_eq!(effort_limit(&p, Markers { stun: 6, wounds: 0 }), 0);
    let mut s = setup(Weapon::unarmed());
    s.attacker_markers = Markers { stun: 0, wounds: 3 };
    s.melee.attacker_effort = 3;
    assert_eq!(Attack::new(&s).unwrap_err().field, "attacker_effort");
    // The target cannot remove more dice than the attacker's Attack.
    let mut s = setup(Weapon::unarmed());
    s.attacker.attack = 2;
    s.target.willpower = 9;
    s.melee.target_effort = 3;
    assert_eq!(Attack::new(&s).unwrap_err().field, "target_effort");
}

#[test]
fn melee_roll_step_by_step() {
    // Batman A5 S4+ vs thug D3: attack dice 5, strength die, then thug's 3 block dice need ≥ 5.
    let a = Attack::new(&setup(Weapon::unarmed())).unwrap();
    assert_eq!(a.block_dice, 3);
    // Attack: 1 (nat 1 fails), 3, 3, 6, 2 → 3 impacts; Strength die 4 → impact;
    // blocks: 5, 6, 4 → 2 blocks. Hits = 3 − 2 + 1 = 2.
    let mut d = ScriptedDice::new(&[1, 3, 3, 6, 2, 4, 5, 6, 4]);
    let o = a.run(&mut d);
    assert_eq!(d.used(), 9);
    assert_eq!(o.metrics[metric::IMPACTS], 4);
    assert_eq!(o.metrics[metric::BLOCKS], 2);
    assert_eq!(o.metrics[metric::HITS], 2);
    assert_eq!(o.metrics[metric::STUN], 2);
    assert!(!o.has(event::CRITICAL));
    assert!(!o.has(event::KO));
}

#[test]
fn strength_impact_cannot_be_blocked_and_six_is_critical() {
    let a = Attack::new(&setup(Weapon::unarmed())).unwrap();
    // No attack impacts, Strength die natural 6; block dice are not even needed.
    let mut d = ScriptedDice::new(&[1, 1, 2, 1, 2, 6]);
    let o = a.run(&mut d);
    assert_eq!(o.metrics[metric::HITS], 1);
    assert!(o.has(event::CRITICAL) && o.has(event::ANY_HIT));
    // Strength 4+ with a natural 1 fails even with a large bonus.
    let mut w = Weapon::unarmed();
    w.kind = WeaponKind::Melee { strength_bonus: 5 };
    let a = Attack::new(&setup(w)).unwrap();
    let mut d = ScriptedDice::new(&[1, 1, 1, 1, 1, 1]);
    assert_eq!(a.run(&mut d).metrics[metric::HITS], 0);
    let mut d = ScriptedDice::new(&[1, 1, 1, 1, 1, 2]);
    assert_eq!(a.run(&mut d).metrics[metric::HITS], 1);
}

#[test]
fn block_needs_attack_value_and_the_switch() {
    let mut s = setup(Weapon::unarmed());
    s.attacker.attack = 7;
    s.target.willpower = 9;
    let a = Attack::new(&s).unwrap();
    assert_eq!(a.block.faces(), 0, "A7 cannot be blocked by default");
    s.readings.block_natural_six = true;
    let a = Attack::new(&s).unwrap();
    assert_eq!(a.block.faces(), 1);
    assert!(a.block.test(6));
}

#[test]
fn numerical_inferiority_lowers_defense_and_block_dice() {
    let mut s = setup(Weapon::unarmed());
    s.target.defense = 4;
    s.melee.enemies_in_contact = 3;
    let a = Attack::new(&s).unwrap();
    assert_eq!(a.block_dice, 2);
    assert_eq!(a.impact, SuccessMask::at_least(2, 0, true, true));
    s.target.defense = 1;
    let a = Attack::new(&s).unwrap();
    assert_eq!(a.block_dice, 1, "Defense never drops below 1");
}

#[test]
fn damage_markers_ko_and_casualty() {
    let t = thug(); // W5 E4
    let r = Readings::default();
    let star2 = Markers { stun: 2, wounds: 0 };
    // 3 hits of ★★ = 6 ★, capped at W5: 5 placed, K.O.
    let d = apply_hits(&t, Markers::default(), star2, 3, &r);
    assert_eq!((d.stun, d.wounds, d.ko, d.casualty), (5, 0, true, false));
    // Against a K.O. target each hit adds an extra ♦: 2 hits of ★ → 2 ♦, ★ stays at 5.
    let ko = Markers { stun: 5, wounds: 0 };
    let d = apply_hits(&t, ko, Markers { stun: 1, wounds: 0 }, 2, &r);
    assert_eq!((d.stun, d.wounds, d.ko, d.casualty), (0, 2, false, false));
    // ★♦ ×4 on E4: casualty after 4 ♦; further hits do nothing.
    let d = apply_hits(&t, Markers::default(), Markers { stun: 1, wounds: 1 }, 6, &r);
    assert_eq!((d.stun, d.wounds, d.casualty), (4, 4, true));
    // ko_bonus_within_attack: W5 with 4 ★; ★ hits: 1st K.O.s, 2nd and 3rd add ♦ only if switched.
    let start = Markers { stun: 4, wounds: 0 };
    let d = apply_hits(&t, start, Markers { stun: 1, wounds: 0 }, 3, &r);
    assert_eq!((d.stun, d.wounds, d.ko), (1, 0, true));
    let on = Readings { ko_bonus_within_attack: true, ..r };
    let d = apply_hits(&t, start, Markers { stun: 1, wounds: 0 }, 3, &on);
    assert_eq!((d.stun, d.wounds, d.ko), (1, 2, true));
}

#[test]
fn ko_target_does_not_block() {
    let mut s = setup(Weapon::unarmed());
    s.target_markers = Markers { stun: 5, wounds: 0 };
    let a = Attack::new(&s).unwrap();
    assert_eq!(a.block_dice, 0);
    s.melee.target_effort = 1;
    assert_eq!(Attack::new(&s).unwrap_err().field, "target_effort");
}

#[test]
fn target_effort_stun_counts_towards_ko() {
    let mut s = setup(Weapon::unarmed());
    s.target_markers = Markers { stun: 2, wounds: 0 }; // W5, 2 ★ → limit 2
    s.melee.target_effort = 2;
    let a = Attack::new(&s).unwrap();
    assert_eq!(a.attack_dice, 3);
    // One hit of ★ on 4 ★ → K.O.
    assert!(a.damage[1].ko);
}

fn pistol(rof: u8) -> Weapon {
    Weapon {
        kind: WeaponKind::Ranged { rate_of_fire: rof, strength: 4 },
        damage: Markers { stun: 0, wounds: 1 },
        crt: None,
    }
}

#[test]
fn ranged_dice_removal_strength_die_first() {
    let mut s = setup(pistol(3));
    let a = Attack::new(&s).unwrap();
    assert_eq!((a.attack_dice, a.strength_die, a.block_dice), (3, true, 0));
    s.ranged.cover = true;
    let a = Attack::new(&s).unwrap();
    assert_eq!((a.attack_dice, a.strength_die), (3, false));
    s.ranged.moved = true; // −3 in all
    let a = Attack::new(&s).unwrap();
    assert_eq!((a.attack_dice, a.strength_die), (1, false));
    s.ranged.dodge = 4;
    let a = Attack::new(&s).unwrap();
    assert_eq!((a.attack_dice, a.strength_die), (0, false));
}

#[test]
fn template_weapon_losing_strength_die_rolls_one_attack_die() {
    // Shotgun (CdF 0) against a target in cover: one ordinary attack die.
    let mut s = setup(pistol(0));
    let a = Attack::new(&s).unwrap();
    assert_eq!((a.attack_dice, a.strength_die), (0, true));
    s.ranged.cover = true;
    let a = Attack::new(&s).unwrap();
    assert_eq!((a.attack_dice, a.strength_die), (1, false));
    let mut d = ScriptedDice::new(&[6]);
    let o = a.run(&mut d);
    assert_eq!(o.metrics[metric::HITS], 1);
    assert!(!o.has(event::CRITICAL), "a natural 6 on an attack die is not a critical");
}

#[test]
fn checks_keep_two() {
    let base = CheckSetup {
        kind: CheckKind::Own,
        special: 4,
        ko: false,
        enemy_effort: 0,
        value: 5,
        readings: Readings::default(),
    };
    let c = Check::new(&base);
    assert_eq!(c.dice, 4);
    let mut d = ScriptedDice::new(&[6, 2, 5, 3]);
    let o = c.run(&mut d);
    assert_eq!(o.metrics[1], 5);
    assert!(o.has(0));
    // Opposed: keep two highest 6+5 = 11 > 10 passes.
    let c = Check::new(&CheckSetup { kind: CheckKind::Opposed, value: 10, ..base.clone() });
    let mut d = ScriptedDice::new(&[6, 2, 5, 3]);
    assert!(c.run(&mut d).has(0));
    // K.O. and enemy effort remove dice, minimum 1.
    let c = Check::new(&CheckSetup { ko: true, enemy_effort: 5, ..base.clone() });
    assert_eq!(c.dice, 1);
    let mut d = ScriptedDice::new(&[3, 4]);
    assert_eq!(c.run(&mut d).metrics[1], 7);
    let single = Readings { check_with_one_die: OneDie::SingleDie, ..Readings::default() };
    let c = Check::new(&CheckSetup { ko: true, enemy_effort: 5, readings: single, ..base });
    let mut d = ScriptedDice::new(&[3]);
    let o = c.run(&mut d);
    assert_eq!(o.metrics[1], 3);
    assert!(o.has(0));
}
