//! BMG 2013 attacks: Monte Carlo against exact enumeration of every dice sequence, with fixed
//! seeds, a chi-square test on each distribution and a 5-standard-error test on each event.
//! Setups cover the collateral die (knock-down, critical, Brutal reroll), blocks, Bat-armor,
//! Sharp, Blink! with cover, Dodge, Protective, Scratch and Kevlar.

use skirmish_odds::engine::{self, Stop, Tally, progress::Progress};
use skirmish_odds::exact::{Exact, enumerate};
use skirmish_odds::stats::chi_square_gof;
use skirmish_odds::systems::batman::markers::Markers;
use skirmish_odds::systems::bmg1e::rules::*;

use crate::common::card_1e as card;

fn base(weapon: Weapon) -> AttackSetup {
    AttackSetup {
        attacker: card(6, 3, 5, 5, 3, 8),
        weapon,
        target: card(3, 3, 3, 3, 4, 5),
        target_weapon: Weapon::unarmed(),
        target_markers: Markers::default(),
        target_knocked_down: false,
        target_armor_spent: 0,
        special_attack: SpecialAttack::None,
        melee: MeleeMods { attack_counters: 2, defense_counters: 1, ..MeleeMods::default() },
        ranged: RangedMods::default(),
        readings: Readings::default(),
    }
}

fn melee_weapon(damage: Markers, traits: WeaponTraits) -> Weapon {
    Weapon { kind: WeaponKind::Melee, damage, traits, crt: None, unarmed: false }
}

fn ranged_weapon(rof: u8, damage: Markers, traits: WeaponTraits) -> Weapon {
    Weapon { kind: WeaponKind::Ranged { rate_of_fire: rof }, damage, traits, crt: None, unarmed: false }
}

fn scenarios() -> Vec<(&'static str, AttackSetup)> {
    let mut v = Vec::new();
    let mut s = base(Weapon::unarmed());
    s.attacker.traits.reinforced_gloves = true;
    s.target_markers = Markers { stun: 3, wounds: 0 };
    v.push(("melee, gloves, target near K.O.", s));
    let mut s = base(melee_weapon(
        Markers { stun: 1, wounds: 1 },
        WeaponTraits { brutal: true, heavy: true, ..Default::default() },
    ));
    s.target.traits.tough_skin = true;
    v.push(("melee, Brutal heavy ★♦ vs Tough Skin", s));
    let mut s = base(melee_weapon(Markers { stun: 0, wounds: 1 }, WeaponTraits { sharp: true, ..Default::default() }));
    s.target.traits.bat_armor_mk1 = true;
    s.melee.defense_counters = 0;
    v.push(("melee, Sharp vs Bat-armor MK1", s));
    let mut s = base(Weapon::unarmed());
    s.target.traits.kevlar_vest = true;
    s.target_weapon =
        melee_weapon(Markers { stun: 1, wounds: 0 }, WeaponTraits { protective: true, ..Default::default() });
    s.target_markers = Markers { stun: 2, wounds: 2 };
    v.push(("melee vs Protective + Kevlar, K.O. ♦ replacement", s));
    let mut s =
        base(ranged_weapon(2, Markers { stun: 0, wounds: 1 }, WeaponTraits { scratch: true, ..Default::default() }));
    s.melee = MeleeMods::default();
    s.ranged.obstacles = vec![5, 6];
    s.ranged.cover = true;
    v.push(("ranged, two obstacles with cover, Scratch", s));
    let mut s = base(ranged_weapon(2, Markers { stun: 2, wounds: 0 }, WeaponTraits::default()));
    s.melee = MeleeMods::default();
    s.ranged.obstacles = vec![4];
    s.ranged.dodge_counters = 1;
    s.target_weapon =
        melee_weapon(Markers { stun: 1, wounds: 0 }, WeaponTraits { protective: true, ..Default::default() });
    v.push(("ranged, blink + Protective extra blink + Dodge", s));
    let mut s =
        base(ranged_weapon(1, Markers { stun: 0, wounds: 2 }, WeaponTraits { firearm: true, ..Default::default() }));
    s.melee = MeleeMods::default();
    s.target.traits.bulletproof_vest = true;
    s.target.traits.big = true;
    s.weapon.crt = Some("Bleed".into());
    v.push(("ranged Firearm vs Bulletproof Vest, Big target, CRT", s));
    v
}

fn compare(t: &Tally, ex: &Exact, name: &str) {
    let n = t.trials as f64;
    for (m, label) in
        [(metric::DAMAGE, "damage successes"), (metric::STUN, "★"), (metric::WOUNDS, "♦"), (metric::HITS, "hits")]
    {
        let (_, _, p) = chi_square_gof(&t.hists[m], &ex.metrics[m]);
        assert!(p > 1e-4, "{name}: {label} distribution rejected (p = {p})");
    }
    for (i, (&pe, &c)) in ex.events.iter().zip(&t.events).enumerate() {
        let se = (pe * (1.0 - pe) / n).sqrt().max(1e-9);
        let dev = ((c as f64 / n) - pe).abs() / se;
        assert!(
            dev < 5.0 || (pe == 0.0 && c == 0),
            "{name}: event {} is {dev:.1} se off ({} vs {pe})",
            ATTACK_EVENTS[i],
            c as f64 / n
        );
    }
}

#[test]
fn monte_carlo_matches_exact_enumeration() {
    for (i, (name, s)) in scenarios().into_iter().enumerate() {
        let a = Attack::new(&s).unwrap();
        let ex = enumerate(&a, 14).expect("small enough to enumerate");
        assert!((ex.metrics[metric::HITS].iter().sum::<f64>() - 1.0).abs() < 1e-9);
        let t = engine::run_cells(std::slice::from_ref(&a), 300 + i as u64, Stop::Trials(200_000), &Progress::hidden())
            .tallies
            .remove(0);
        compare(&t, &ex, name);
        eprintln!(
            "{name}: P(knock-down) exact {:.4} MC {:.4}; P(K.O.) exact {:.4} MC {:.4}",
            ex.events[event::KNOCKED_DOWN],
            t.events[event::KNOCKED_DOWN] as f64 / t.trials as f64,
            ex.events[event::KO],
            t.events[event::KO] as f64 / t.trials as f64
        );
    }
}

#[test]
fn hand_computed_values() {
    // One strike vs D3 (4/6 impacts... natural 1 fails: faces 3-6 → 4/6), no blocks, damage S3
    // (faces 3-6 → 4/6). P(at least one damage success) = 4/6 × 4/6 = 4/9.
    let mut s = base(melee_weapon(Markers { stun: 1, wounds: 0 }, WeaponTraits::default()));
    s.melee = MeleeMods { attack_counters: 1, defense_counters: 0, ..MeleeMods::default() };
    let ex = enumerate(&Attack::new(&s).unwrap(), 6).unwrap();
    assert!((ex.events[event::ANY_DAMAGE] - 4.0 / 9.0).abs() < 1e-12);
    // Knock-down with one damage die: the collateral die equals it (1/6), except 1 on 1 (1/36):
    // 4/6 impact × (1/6 − 1/36) = 4/6 × 5/36.
    assert!((ex.events[event::KNOCKED_DOWN] - 4.0 / 6.0 * 5.0 / 36.0).abs() < 1e-12);
    // Critical: impact × damage success × collateral 6 = 4/6 × 4/6 × 1/6.
    assert!((ex.events[event::CRITICAL] - 4.0 / 6.0 * 4.0 / 6.0 / 6.0).abs() < 1e-12);
}
