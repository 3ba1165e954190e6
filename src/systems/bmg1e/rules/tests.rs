//! Hand-computed rule steps for 2013 attacks.

use super::*;
use crate::dice::ScriptedDice;
use crate::engine::Trial;
use crate::exact::enumerate;
use crate::systems::batman::markers::Markers;

pub(crate) fn card(w: u8, a: u8, d: u8, s: u8, e: u8) -> Card {
    Card {
        willpower: w,
        movement: 3,
        attack: a,
        defense: d,
        strength: s,
        endurance: e,
        special: 3,
        traits: CharTraits::default(),
    }
}

fn batman() -> Card {
    // The rulebook card: Attack 5, Defense 5, Strength 3+, Endurance 8, Special 3, Movement 3.
    Card {
        willpower: 6,
        movement: 3,
        attack: 5,
        defense: 5,
        strength: 3,
        endurance: 8,
        special: 3,
        traits: CharTraits::default(),
    }
}

fn henchman() -> Card {
    card(4, 3, 3, 4, 5)
}

fn melee(a: Card, t: Card, ac: u8, dc: u8) -> AttackSetup {
    AttackSetup {
        attacker: a,
        weapon: Weapon::unarmed(),
        target: t,
        target_weapon: Weapon::unarmed(),
        target_markers: Markers::default(),
        target_knocked_down: false,
        target_armor_spent: 0,
        special_attack: SpecialAttack::None,
        melee: MeleeMods { attack_counters: ac, defense_counters: dc, ..MeleeMods::default() },
        ranged: RangedMods::default(),
        readings: Readings::default(),
    }
}

fn rotarang() -> Weapon {
    let traits = WeaponTraits { throwing: true, remote_controlled: true, ..Default::default() };
    Weapon {
        kind: WeaponKind::Ranged { rate_of_fire: 2 },
        damage: Markers { stun: 2, wounds: 0 },
        traits,
        crt: None,
        unarmed: false,
    }
}

#[test]
fn melee_step_by_step() {
    // Batman 3 AC vs henchman D3 with 1 DC (needs ≥ A5 to block).
    let a = Attack::new(&melee(batman(), henchman(), 3, 1)).unwrap();
    // Impacts: 3, 1, 5 → 2 (natural 1 fails). Block: 5 → cancels one. 1 hit.
    // Damage die 4 ≥ S3 → success; collateral 4 equals the damage die → knock-down. ★ per hit.
    let mut d = ScriptedDice::new(&[3, 1, 5, 5, 4, 4]);
    let o = a.run(&mut d);
    assert_eq!(d.used(), 6);
    assert_eq!((o.metrics[metric::IMPACTS], o.metrics[metric::BLOCKS], o.metrics[metric::HITS]), (2, 1, 1));
    assert_eq!((o.metrics[metric::DAMAGE], o.metrics[metric::STUN]), (1, 1));
    assert!(o.has(event::KNOCKED_DOWN) && !o.has(event::CRITICAL));
}

#[test]
fn collateral_rules() {
    let a = Attack::new(&melee(batman(), henchman(), 2, 0)).unwrap();
    // Impacts 6, 6; damage 1 (fail), 6 (success); collateral 6 → critical (+★) and matches 6 → knock-down.
    let mut d = ScriptedDice::new(&[6, 6, 1, 6, 6]);
    let o = a.run(&mut d);
    assert!(o.has(event::CRITICAL) && o.has(event::KNOCKED_DOWN));
    assert_eq!(o.metrics[metric::STUN], 2);
    // Collateral 1 matching a damage die of 1 never knocks down.
    let mut d = ScriptedDice::new(&[6, 6, 1, 3, 1]);
    let o = a.run(&mut d);
    assert!(!o.has(event::KNOCKED_DOWN) && !o.has(event::CRITICAL));
    // A collateral 6 with no damage success is no critical.
    let mut d = ScriptedDice::new(&[6, 6, 1, 2, 6]);
    assert!(!a.run(&mut d).has(event::CRITICAL));
    // Big targets are knocked down only by Big attackers.
    let mut big = henchman();
    big.traits.big = true;
    let a = Attack::new(&melee(batman(), big, 2, 0)).unwrap();
    let mut d = ScriptedDice::new(&[6, 6, 4, 3, 4]);
    assert!(!a.run(&mut d).has(event::KNOCKED_DOWN));
}

#[test]
fn combo_and_sustained_defense_and_limits() {
    let mut b = batman();
    b.traits.combo = true;
    let mut t = henchman();
    t.traits.sustained_defense = true;
    let a = Attack::new(&melee(b, t, 4, 2)).unwrap();
    assert_eq!((a.impact_dice, a.block_dice), (6, 3));
    assert_eq!(Attack::new(&melee(batman(), henchman(), 6, 0)).unwrap_err().field, "attack_counters");
    assert_eq!(Attack::new(&melee(batman(), henchman(), 2, 4)).unwrap_err().field, "defense_counters");
}

#[test]
fn impact_modifiers() {
    let mut s = melee(batman(), henchman(), 1, 0);
    s.target_knocked_down = true;
    assert_eq!(Attack::new(&s).unwrap().impact.faces(), 5, "knocked down: 2+");
    let mut s = melee(batman(), card(4, 3, 5, 4, 5), 1, 0);
    s.melee.numerical_inferiority = true;
    assert_eq!(Attack::new(&s).unwrap().impact.faces(), 3, "D5 − 1 → 4+");
    s.attacker.traits.martial_artist = true;
    assert_eq!(Attack::new(&s).unwrap().impact.faces(), 3, "an attacker's Martial Artist changes nothing");
    s.attacker.traits.martial_artist = false;
    s.target.traits.martial_artist = true;
    assert_eq!(Attack::new(&s).unwrap().impact.faces(), 2, "a Martial Artist target ignores it: 5+");
    s.attacker.traits.masterfighter = true;
    assert_eq!(Attack::new(&s).unwrap().impact.faces(), 3, "+1 unarmed");
    s.attacker.traits.blind = true;
    assert_eq!(Attack::new(&s).unwrap().impact.faces(), 2, "Blind: a 6+ result, the +1 still added: 5+");
    s.readings.blind_six = super::BlindSix::Natural;
    assert_eq!(Attack::new(&s).unwrap().impact.faces(), 1, "Blind, reading `natural`: a natural 6 only");
}

#[test]
fn damage_modifiers() {
    let mut s = melee(batman(), henchman(), 1, 0);
    s.weapon =
        Weapon { traits: WeaponTraits { firearm: true, ..Default::default() }, unarmed: false, ..Weapon::unarmed() };
    assert_eq!(Attack::new(&s).unwrap().damage.faces(), 5, "Firearm 2+");
    s.target.traits.bulletproof_vest = true;
    assert_eq!(Attack::new(&s).unwrap().damage.faces(), 3, "Bulletproof Vest: 4+");
    let mut s = melee(batman(), henchman(), 1, 0);
    s.weapon.traits.heavy = true;
    s.target.traits.tough_skin = true;
    assert_eq!(Attack::new(&s).unwrap().damage.faces(), 4, "S3 +1 −1 = 3+");
}

#[test]
fn markers_wounds_first_and_ko_replacement() {
    // E5 with 3 ★: ♦♦ → 5 markers: K.O. (3★ 2♦).
    let r = apply_markers(5, Markers { stun: 3, wounds: 0 }, 0, 2);
    assert_eq!((r.markers, r.ko, r.casualty), (Markers { stun: 3, wounds: 2 }, true, false));
    // Already K.O. at 3★ 2♦: ♦♦ replace two ★; ★ ignored.
    let r = apply_markers(5, Markers { stun: 3, wounds: 2 }, 4, 2);
    assert_eq!(r.markers, Markers { stun: 1, wounds: 4 });
    assert_eq!((r.stun_added, r.wounds_added), (0, 2));
    // Enough ♦ make a casualty.
    let r = apply_markers(5, Markers { stun: 0, wounds: 4 }, 0, 3);
    assert!(r.casualty && r.ko);
    // Application order: ♦ first, so ♦♦ + ★★★★ on E4 keeps both ♦.
    let r = apply_markers(4, Markers::default(), 4, 2);
    assert_eq!(r.markers, Markers { stun: 2, wounds: 2 });
}

#[test]
fn out_of_action_is_a_ko_caused_or_a_casualty() {
    // Batman, 1 AC, on a henchman (E5): impact 6, damage 5 ≥ S3, collateral 1 — one success.
    let roll = |markers: Markers, weapon: Markers| {
        let mut s = melee(batman(), henchman(), 1, 0);
        s.target_markers = markers;
        s.weapon.damage = weapon;
        let o = Attack::new(&s).unwrap().run(&mut ScriptedDice::new(&[6, 5, 1]));
        (o.has(event::KO), o.has(event::CASUALTY), o.has(event::OUT_OF_ACTION))
    };
    let stun = Markers { stun: 1, wounds: 0 };
    let wound = Markers { stun: 0, wounds: 1 };
    // 4 ★ + ★: K.O. caused, no casualty.
    assert_eq!(roll(Markers { stun: 4, wounds: 0 }, stun), (true, false, true));
    // Already K.O. (5 ★): the ★ is lost, nothing caused.
    assert_eq!(roll(Markers { stun: 5, wounds: 0 }, stun), (false, false, false));
    // 4 ♦ + ♦: a casualty (which is also 5 markers).
    assert_eq!(roll(Markers { stun: 0, wounds: 4 }, wound), (true, true, true));
    // K.O. at 1 ★ 4 ♦, then ♦: the ♦ replaces the ★ — a casualty of a model already K.O.
    assert_eq!(roll(Markers { stun: 1, wounds: 4 }, wound), (false, true, true));
    // Fresh target, one ★: nothing.
    assert_eq!(roll(Markers::default(), stun), (false, false, false));
}

#[test]
fn armour_and_vests() {
    let mut t = henchman();
    t.traits.bat_armor_mk1 = true;
    let a = Attack::new(&melee(batman(), t, 1, 0)).unwrap();
    // Impact 6, armour die 5 → ignored: no damage roll, no collateral.
    let mut d = ScriptedDice::new(&[6, 5]);
    let o = a.run(&mut d);
    assert_eq!(d.used(), 2);
    assert_eq!(o.metrics[metric::HITS], 0);
    let mut t = henchman();
    t.traits.kevlar_vest = true;
    let mut s = melee(batman(), t, 1, 0);
    s.weapon.damage = Markers { stun: 1, wounds: 1 };
    let a = Attack::new(&s).unwrap();
    let mut d = ScriptedDice::new(&[6, 5, 2]);
    let o = a.run(&mut d);
    // Reading `kevlar_drops`: the wearer drops the ♦ (default), or the ★.
    assert_eq!((o.metrics[metric::STUN], o.metrics[metric::WOUNDS]), (1, 0), "Kevlar: ★♦ → ★");
    s.readings.kevlar_drops = super::KevlarDrops::Stun;
    let mut d = ScriptedDice::new(&[6, 5, 2]);
    let o = Attack::new(&s).unwrap().run(&mut d);
    assert_eq!((o.metrics[metric::STUN], o.metrics[metric::WOUNDS]), (0, 1), "Kevlar, kevlar_drops = stun: ★♦ → ♦");
    let mut t = henchman();
    t.traits.power_armor = true;
    let mut s = melee(batman(), t, 3, 0);
    s.weapon.damage = Markers { stun: 2, wounds: 0 };
    let a = Attack::new(&s).unwrap();
    // Three impacts, three damage successes (6 ★), collateral 1: Power Armor absorbs 3 → 3 ★.
    let mut d = ScriptedDice::new(&[6, 6, 6, 5, 5, 5, 1]);
    assert_eq!(a.run(&mut d).metrics[metric::STUN], 3);
    // Already used up (3 ignored before): nothing absorbed.
    let mut used = s.clone();
    used.target_armor_spent = 3;
    let a = Attack::new(&used).unwrap();
    let mut d = ScriptedDice::new(&[6, 6, 6, 5, 5, 5, 1]);
    assert_eq!(a.run(&mut d).metrics[metric::STUN], 5, "6 ★ capped at Endurance 5");
}

#[test]
fn ranged_blinks_and_rate_of_fire() {
    let mut s = melee(batman(), henchman(), 0, 0);
    s.weapon = Weapon { traits: WeaponTraits::default(), ..rotarang() };
    s.ranged.obstacles = vec![4, 6];
    s.ranged.cover = true;
    let a = Attack::new(&s).unwrap();
    assert_eq!(a.impact_dice, 2);
    assert_eq!(a.blinks.len(), 2);
    assert_eq!(a.blinks[0].faces(), 3, "4+");
    assert_eq!(a.blinks[1].faces(), 2, "6+ with cover +1 → 5+");
    s.ranged.moved = true;
    assert_eq!(Attack::new(&s).unwrap().impact_dice, 1, "moved: Rate of Fire 1");
    s.weapon.traits.throwing = true;
    assert_eq!(Attack::new(&s).unwrap().impact_dice, 2, "Throwing ignores the move");
    s.weapon.traits.remote_controlled = true;
    assert!(Attack::new(&s).unwrap().blinks.is_empty(), "Remote Controlled: no blinks");
    let mut close = s.clone();
    close.ranged.within_5cm = true;
    assert_eq!(Attack::new(&close).unwrap_err().field, "within_5cm");
    close.weapon.traits.light = true;
    assert_eq!(Attack::new(&close).unwrap().impact_dice, 1, "Light weapon within 5 cm: Rate of Fire 1");
    // Shooter ignores the hardest obstacle (4+).
    let mut s2 = s.clone();
    s2.weapon.traits.remote_controlled = false;
    s2.attacker.traits.shooter = true;
    let a = Attack::new(&s2).unwrap();
    assert_eq!(a.blinks.len(), 1);
    assert_eq!(a.blinks[0].faces(), 2);
}

#[test]
fn scratch_stun_per_reading() {
    // Scratch is a basic rule of every distance weapon (seed L734): no weapon trait needed.
    let mut s = melee(batman(), henchman(), 0, 0);
    let mut w = rotarang();
    w.damage = Markers { stun: 0, wounds: 1 };
    s.weapon = w;
    // Impacts 6, 6; damage 1 (fail), 4 (♦); collateral 2.
    for (mode, stun) in [(ScratchMode::PerImpact, 2), (ScratchMode::PerFailedImpact, 1), (ScratchMode::PerAttack, 0)] {
        s.readings.scratch_mode = mode;
        let a = Attack::new(&s).unwrap();
        let mut d = ScriptedDice::new(&[6, 6, 1, 4, 2]);
        let o = a.run(&mut d);
        assert_eq!((o.metrics[metric::STUN], o.metrics[metric::WOUNDS]), (stun, 1), "{mode:?}");
    }
    // Melee weapons never scratch.
    let a = Attack::new(&melee(batman(), henchman(), 1, 0)).unwrap();
    assert_eq!(a.scratch, None);
}

#[test]
fn exact_enumeration_is_a_distribution() {
    let mut s = melee(batman(), henchman(), 2, 1);
    s.weapon.traits.brutal = true;
    let ex = enumerate(&Attack::new(&s).unwrap(), 12).unwrap();
    let total: f64 = ex.metrics[metric::HITS].iter().sum();
    assert!((total - 1.0).abs() < 1e-9);
}
