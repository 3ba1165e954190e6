//! The formulas against every printed cell, the firing table row by row, and worked examples.

use super::*;
use crate::dice::{Dice, ScriptedDice};
use crate::engine::{Outcome, Shape, Trial};
use crate::exact::enumerate;

/// "TABLA DE IMPACTOS - POTENCIA" as printed: rows 2D6 = 12 down to 2, columns POT 12 down to 2.
const IMPACT_TABLE: &str = "
12 | H | H | H | H | H | H | H | H | H | H | 10
11 | H | H | H | H | H | H | H | H | H | 10 | 9
10 | H | H | H | H | H | H | H | H | 10 | 9 | 8
9 | H | H | H | H | H | H | H | 10 | 9 | 8 | 7
8 | H | H | H | H | H | H | 10 | 9 | 8 | 7 | 6
7 | H | H | H | H | H | 10 | 9 | 8 | 7 | 6 | 5
6 | H | H | H | H | 10 | 9 | 8 | 7 | 6 | 5 | 4
5 | H | H | H | 10 | 9 | 8 | 7 | 6 | 5 | 4 | 3
4 | H | H | 10 | 9 | 8 | 7 | 6 | 5 | 4 | 3 | 2
3 | H | 10 | 9 | 8 | 7 | 6 | 5 | 4 | 3 | 2 | 1
2 | 10 | 9 | 8 | 7 | 6 | 5 | 4 | 3 | 2 | 1 | 0";

/// "TABLA DE HERIDAS - FUERZA DE VOLUNTAD" as printed: rows 2D6 = 12 down to 2, columns FDV 2..12.
const WOUND_TABLE: &str = "
12 | -1 | -1 | -1 | -1 | -1 | -1 | -1 | -1 | -1 | -1 | -1
11 | M | -1 | -1 | -1 | -1 | -1 | -1 | -1 | -1 | -1 | -1
10 | M | M | -1 | -1 | -1 | -1 | -1 | -1 | -1 | -1 | -1
9 | M | M | M | -1 | -1 | -1 | -1 | -1 | -1 | -1 | -1
8 | M | M | M | M | -1 | -1 | -1 | -1 | -1 | -1 | -1
7 | M | M | M | M | M | -1 | -1 | -1 | -1 | -1 | -1
6 | M | M | M | M | M | M | -1 | -1 | -1 | -1 | -1
5 | M | M | M | M | M | M | M | -1 | -1 | -1 | -1
4 | M | M | M | M | M | M | M | M | -1 | -1 | -1
3 | M | M | M | M | M | M | M | M | M | -1 | -1
2 | M | M | M | M | M | M | M | M | M | M | -1";

fn cells(table: &str) -> Vec<(u8, Vec<String>)> {
    table
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let mut parts = l.split('|').map(|c| c.trim().to_string());
            let roll: u8 = parts.next().unwrap().parse().unwrap();
            (roll, parts.collect())
        })
        .collect()
}

#[test]
fn impact_formula_matches_every_printed_cell() {
    let rows = cells(IMPACT_TABLE);
    assert_eq!(rows.len(), 11);
    let mut checked = 0;
    for (roll, row) in rows {
        assert_eq!(row.len(), 11);
        for (i, cell) in row.iter().enumerate() {
            let pot = 12 - i as u8;
            let expect = if cell == "H" { None } else { Some(cell.parse::<u8>().unwrap()) };
            assert_eq!(impact(roll, pot), expect, "roll {roll}, POT {pot}");
            checked += 1;
        }
    }
    assert_eq!(checked, 121);
}

#[test]
fn wound_formula_matches_every_printed_cell() {
    let mut checked = 0;
    for (roll, row) in cells(WOUND_TABLE) {
        for (i, cell) in row.iter().enumerate() {
            let fdv = 2 + i as u8;
            assert_eq!(wound_kills(roll, fdv), cell == "M", "roll {roll}, FDV {fdv}");
            checked += 1;
        }
    }
    assert_eq!(checked, 121);
}

#[test]
fn firing_table_every_row() {
    let plain = Situation { target_index: 1, ..Situation::default() };
    let long = Situation { long_range: true, ..plain };
    use Fire::*;
    assert_eq!(fire(2, &long, 5), Critical);
    assert_eq!((fire(3, &plain, 7), fire(3, &long, 7)), (Light, Miss));
    for r in [4, 7, 10] {
        assert_eq!(fire(r, &plain, 12), Miss);
    }
    let moved = Situation { shooter_moved_far: true, ..plain };
    assert_eq!(fire(5, &moved, 7), Critical, "first target still hit");
    assert_eq!(fire(5, &Situation { target_index: 2, ..moved }, 7), Miss);
    assert_eq!(fire(5, &Situation { target_index: 3, ..moved }, 7), Miss);
    assert_eq!(fire(5, &Situation { target_index: 2, ..plain }, 7), Critical);
    assert_eq!((fire(6, &plain, 5), fire(6, &plain, 6)), (Miss, Light), "HDA 5 or less misses");
    assert_eq!(fire(8, &plain, 7), Critical);
    assert_eq!(fire(8, &Situation { cover: true, ..plain }, 7), Miss);
    assert_eq!(fire(8, &Situation { target_index: 3, ..plain }, 7), Miss);
    assert_eq!(fire(8, &Situation { target_index: 2, ..plain }, 7), Critical);
    assert_eq!(fire(9, &plain, 7), Light);
    assert_eq!(fire(9, &Situation { target_moved_far: true, ..plain }, 7), Miss);
    assert_eq!(fire(9, &long, 7), Miss);
    assert_eq!((fire(11, &plain, 9), fire(11, &plain, 8)), (Critical, Light));
    assert_eq!((fire(12, &plain, 7), fire(12, &long, 7)), (Critical, Miss));
}

#[test]
fn damage_step_by_step() {
    let soldier = PROFILES[2].2;
    let small = PROFILES[3].2;
    let s = Situation { target_index: 1, ..Situation::default() };
    // Roll 2 → critical; rifle 3D6 = 6+5+4 = 15; HDA 10 + 15 − BLD 8 = 17; impact 2D6 = 6+6 → 12 + 11 − 4 = 19: H →
    // +10, knocked down; wound 2D6 = 1+1 = 2, 2 + FDV 7 ≤ 13 → dead.
    let mut d = ScriptedDice::new(&[1, 1, 6, 5, 4, 6, 6, 1, 1]);
    let mut st = State::new(&small);
    let (f, r) = resolve(&mut d, soldier.hda, 3, 11, &small, &s, &mut st, WoundLowFdv::Extend);
    assert_eq!(f, Fire::Critical);
    assert_eq!(r.res_lost, 27);
    assert!(r.impact_h && st.knocked_down && st.dead);
    // Light wound: roll 3 (1+2), pistol 1D6 = 1: 10 + 1 − 8 = 3.
    let mut d = ScriptedDice::new(&[1, 2, 1]);
    let mut st = State::new(&small);
    let (f, r) = resolve(&mut d, soldier.hda, 1, 5, &small, &s, &mut st, WoundLowFdv::Extend);
    assert_eq!((f, r.res_lost, st.res), (Fire::Light, 3, 46));
    // RES ≤ 0 → FDV 0 and flees; RES ≤ −start → dead.
    let mut st = State { res: 2, fdv: 7, knocked_down: false, dead: false, fled_test: false };
    let mut d = ScriptedDice::new(&[1, 2, 6]);
    resolve(&mut d, soldier.hda, 1, 5, &small, &s, &mut st, WoundLowFdv::Extend);
    assert!(st.fled() && st.fdv == 0 && !st.dead);
    // Light wound of 10 + 1 − 8 = 3 at RES −40: −43 > −49, not dead.
    let mut st = State { res: -40, fdv: 0, knocked_down: false, dead: false, fled_test: false };
    let mut d = ScriptedDice::new(&[1, 2, 1]);
    resolve(&mut d, soldier.hda, 1, 5, &small, &s, &mut st, WoundLowFdv::Extend);
    assert!(!st.dead && st.res == -43);
    // Light wound of 10 + 6 − 8 = 8 at RES −45: −53 ≤ −49, dead.
    let mut st = State { res: -45, fdv: 0, knocked_down: false, dead: false, fled_test: false };
    let mut d = ScriptedDice::new(&[1, 2, 6]);
    resolve(&mut d, soldier.hda, 1, 5, &small, &s, &mut st, WoundLowFdv::Extend);
    assert!(st.dead && st.res == -53);
}

#[test]
fn reaction_test_exact() {
    for f in 2..=12i8 {
        let ex = enumerate(&Reaction { modified_fdv: f }, 4).unwrap();
        let p: f64 = (2..=12).filter(|s| *s <= f).map(|s| (6 - (s - 7i8).abs()) as f64 / 36.0).sum();
        assert!((ex.events[0] - p).abs() < 1e-12);
        assert!((ex.events[1] - (1.0 - p) * p).abs() < 1e-12);
        assert!((ex.events[2] - (1.0 - p) * (1.0 - p)).abs() < 1e-12);
    }
}

#[test]
fn hole_distance_worked_examples_and_readings() {
    let cm = Readings::default();
    let mut d = ScriptedDice::new(&[4, 1, 1]);
    assert_eq!(hole_distance(&mut d, &cm), 30, "4, 1, 1 → 6 → 30 cm");
    let inches = Readings { units: Units::Inches, ..cm };
    let mut d = ScriptedDice::new(&[6, 2]);
    assert_eq!(hole_distance(&mut d, &inches), 12, "6 and 2 → 12\"");
    for (rule, expect) in [(HoleDoubles::Multiply, 16), (HoleDoubles::Sum, 8), (HoleDoubles::OneDie, 4)] {
        let mut d = ScriptedDice::new(&[4, 4]);
        assert_eq!(hole_distance(&mut d, &Readings { hole_doubles: rule, ..inches }), expect);
    }
    assert_eq!(encounter_number(2, 1, 8), 6, "jungle +2, one hole +1, soldiers capped at 6");
}

#[test]
fn terrain_and_bug_type_probabilities() {
    let ex = enumerate(&TerrainRoll, 2).unwrap();
    assert!((ex.events[0] - 20.0 / 36.0).abs() < 1e-12, "5–8 open");
    assert!((ex.events[3] - 4.0 / 36.0).abs() < 1e-12, "2, 11, 12 mountain");
    struct Big;
    impl Trial for Big {
        fn shape(&self) -> Shape {
            Shape::new(vec![], vec!["big"])
        }
        fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
            let mut o = Outcome::default();
            o.flag(0, big_bug(dice));
            o
        }
    }
    assert!((enumerate(&Big, 2).unwrap().events[0] - 9.0 / 36.0).abs() < 1e-12);
}

#[test]
fn pursuit_distances_per_variant() {
    let p =
        Pursuit { mov: 30, fdv: 12, units: Units::Cm, halving: PursuitHalving::RoundDown, test: PursuitTest::Single };
    let mut d = ScriptedDice::new(&[1, 3, 3]);
    assert_eq!(p.run(&mut d).metrics[0], 32, "½D6 = 1 → 2 cm");
    let mut d = ScriptedDice::new(&[6, 3, 3]);
    assert_eq!(p.run(&mut d).metrics[0], 37, "½D6 = 3 → 7 cm");
    let p = Pursuit {
        mov: 12,
        fdv: 12,
        units: Units::Inches,
        halving: PursuitHalving::RoundDown,
        test: PursuitTest::Single,
    };
    let mut d = ScriptedDice::new(&[4, 3, 3]);
    assert_eq!(p.run(&mut d).metrics[0], 14, "½D6 = 2 → 2\"");
    // A failed FDV test (2D6 > FDV) pursues again at half MOV.
    let p = Pursuit {
        mov: 12,
        fdv: 5,
        units: Units::Inches,
        halving: PursuitHalving::RoundDown,
        test: PursuitTest::Single,
    };
    let mut d = ScriptedDice::new(&[1, 6, 6, 1, 1]);
    let o = p.run(&mut d);
    assert_eq!((o.metrics[1], o.metrics[2]), (13 + 6, 2));
}

/// Seed line 339 ("Herido" at once after a wound; failed both: "Huir") and summary D5 ("RES y FDV
/// = 0"); line 303 ("A cubierto +1"). A light wound (1+2 = 3) of 10 + 1 − 8 = 3: RES 46; Herido
/// 6+6 > 7 + 1, 6+6 again: flees, RES 0 and FDV 0 — no Bajo fuego after fleeing. In the open a
/// 4+4 = 8 fails at FDV 7 but passes at 7 + 1 in cover.
#[test]
fn failed_herido_flees_with_res_and_fdv_zero() {
    let small = PROFILES[3].2;
    let cover = Situation { target_index: 1, cover: true, ..Situation::default() };
    let mut d = ScriptedDice::new(&[1, 2, 1, 6, 6, 6, 6]);
    let mut st = State::new(&small);
    let (f, _) = resolve(&mut d, 10, 1, 5, &small, &cover, &mut st, WoundLowFdv::Extend);
    let r = react(&mut d, &mut st, f != Fire::Miss, true, situation_modifier(&cover), &HitRules::default());
    assert_eq!((r.herido, r.bajo_fuego, r.flees), (Some(2), None, true));
    assert_eq!((st.res, st.fdv, st.fled()), (0, 0, true));
    assert_eq!(d.used(), 7);
    // Missed (4 = 1+3): only Bajo fuego; 4+4 = 8 > 7 in the open, then 6+6: flees.
    let mut st = State::new(&small);
    let mut d = ScriptedDice::new(&[1, 3, 4, 4, 6, 6]);
    let open = Situation { cover: false, ..cover };
    let (f, _) = resolve(&mut d, 10, 1, 5, &small, &open, &mut st, WoundLowFdv::Extend);
    let r = react(&mut d, &mut st, f != Fire::Miss, true, situation_modifier(&open), &HitRules::default());
    assert_eq!((f, r.herido, r.bajo_fuego, r.flees), (Fire::Miss, None, Some(2), true));
    // The same 4+4 in cover: 8 ≤ 7 + 1 passes at the first roll.
    let mut st = State::new(&small);
    let mut d = ScriptedDice::new(&[1, 3, 4, 4]);
    let (f, _) = resolve(&mut d, 10, 1, 5, &small, &cover, &mut st, WoundLowFdv::Extend);
    let r = react(&mut d, &mut st, f != Fire::Miss, true, situation_modifier(&cover), &HitRules::default());
    assert_eq!((r.bajo_fuego, r.flees, st.res), (Some(0), false, 49));
}

/// `shot_wounded_tests`: a wounded figure under fire takes Herido then Bajo fuego (`both`, the FDV
/// −1 of a Herido passed 2nd counting: 7 → 6, so 7 = 3+4 fails Bajo fuego, 6+6 again: flees), or
/// Herido only (`herido_only`: passed 2nd, ducks back, nothing more).
#[test]
fn wounded_under_fire_takes_both_tests_by_default() {
    let small = PROFILES[3].2;
    let s = Situation { target_index: 1, ..Situation::default() };
    for (tests, script, flees, ducks) in [
        (WoundedTests::Both, &[1, 2, 1, 6, 6, 1, 1, 3, 4, 6, 6][..], true, false),
        (WoundedTests::HeridoOnly, &[1, 2, 1, 6, 6, 1, 1][..], false, true),
    ] {
        let mut d = ScriptedDice::new(script);
        let mut st = State::new(&small);
        let (f, _) = resolve(&mut d, 10, 1, 5, &small, &s, &mut st, WoundLowFdv::Extend);
        let r =
            react(&mut d, &mut st, f != Fire::Miss, true, 0, &HitRules { wounded_tests: tests, ..HitRules::default() });
        assert_eq!((r.herido, r.flees, r.ducks), (Some(1), flees, ducks), "{tests:?}");
        assert_eq!(d.used(), script.len());
    }
}

/// `shot_test_order` (issue #23): the same dice under both orders. Seed line 339 "de inmediato"
/// (Herido first, the default): Herido 6+6 then 1+1 passes 2nd (FDV 7 → 6, ducks), Bajo fuego at
/// FDV 6: 3+4 and 6+6 fail: it flees. Bajo fuego first: at FDV 7, 6+6 then 1+1 passes 2nd (ducks);
/// Herido at FDV 7: 3+4 = 7 passes 1st; FDV stays 7 and two dice are left.
#[test]
fn shot_test_order_decides_which_fdv_the_second_test_sees() {
    let small = PROFILES[3].2;
    let s = Situation { target_index: 1, ..Situation::default() };
    let script = [1, 2, 1, 6, 6, 1, 1, 3, 4, 6, 6];
    for (order, herido, bajo_fuego, flees, fdv, used) in [
        (ShotTestOrder::HeridoFirst, Some(1), Some(2), true, 0, 11),
        (ShotTestOrder::BajoFuegoFirst, Some(0), Some(1), false, 7, 9),
    ] {
        let mut d = ScriptedDice::new(&script);
        let mut st = State::new(&small);
        let (f, _) = resolve(&mut d, 10, 1, 5, &small, &s, &mut st, WoundLowFdv::Extend);
        let r =
            react(&mut d, &mut st, f != Fire::Miss, true, 0, &HitRules { test_order: order, ..HitRules::default() });
        assert_eq!(
            (r.herido, r.bajo_fuego, r.flees, r.ducks, st.fdv),
            (herido, bajo_fuego, flees, !flees, fdv),
            "{order:?}"
        );
        assert_eq!(d.used(), used, "{order:?}");
    }
}

/// Summary D8 (seed line 82) with `pursuit_halving`: MOV 20 cm halves 20 → 10 → 5 → 2 (whole cm,
/// the first MOV ≤ 2 cm is the last) or 20 → 10 → 5 → 2.5 → 1.25 (exact halves; the total 20 + 2
/// + 18.75 = 40.75 is reported as 41). FDV 2: every test fails (2D6 > 2 except 1+1).
#[test]
fn pursuit_halving_readings() {
    for (halving, total, turns, dice) in
        [(PursuitHalving::RoundDown, 22 + 17, 4, 7), (PursuitHalving::Fractional, 41, 5, 9)]
    {
        let p = Pursuit { mov: 20, fdv: 2, units: Units::Cm, halving, test: PursuitTest::Single };
        let mut d = ScriptedDice::new(&[1, 6, 6, 6, 6, 6, 6, 6, 6]);
        let o = p.run(&mut d);
        assert_eq!((o.metrics[0], o.metrics[1], o.metrics[2]), (22, total, turns), "{halving:?}");
        assert_eq!(d.used(), dice);
    }
}

/// The profiles (seed lines 206–294, again 726–813) and the weapon table (lines 376–382, again
/// 561–566) as printed: HDA, POT, FDV, RES, BLD, MOV cm [inches]; dice, POT, targets.
#[test]
fn profiles_and_weapons_as_printed() {
    let p = |n: &str| PROFILES.iter().find(|(k, _, _)| *k == n).unwrap().2;
    let row = |x: Profile| (x.hda, x.pot, x.fdv, x.res, x.bld, x.mov_cm, x.mov_in);
    assert_eq!(row(p("ciudadano")), (5, 6, 7, 42, 0, 20, 8));
    assert_eq!(row(p("colono")), (7, 7, 9, 63, 0, 20, 8));
    assert_eq!(row(p("soldado")), (10, 9, 9, 81, 8, 20, 8));
    assert_eq!(row(p("pequeno")), (5, 7, 7, 49, 8, 30, 12));
    assert_eq!(row(p("grande")), (12, 12, 10, 120, 12, 15, 6));
    let w = |n: &str| WEAPONS.iter().find(|(k, _, _)| *k == n).unwrap().2;
    let wr = |x: Weapon| (x.dice, x.pot, x.targets, x.has_long_range);
    assert_eq!(wr(w("pistol")), (1, Some(5), Targets::One, true));
    assert_eq!(wr(w("assault_rifle")), (3, Some(11), Targets::Three, true));
    assert_eq!(wr(w("grenade")), (2, Some(11), Targets::Template, false), "POT 11 by the table; 9 by `grenade_pot`");
    assert_eq!(wr(w("heavy_weapon")), (2, Some(9), Targets::Template, true));
    assert_eq!(wr(w("fists")), (1, None, Targets::One, false), "Puños 1D6, melee: the character's POT");
    assert_eq!(wr(w("small_claws")), (2, None, Targets::One, false));
    assert_eq!(wr(w("big_claws")), (3, None, Targets::One, false));
}

/// Encounter modifiers (seed lines 519–531, summary L): +2 jungle or swamp, +1 open, −1 rocky, −2
/// mountain, −2 city; +1 per hole; −1 per soldier, at most 6. Worked example (line 546): three
/// soldiers escorting two citizens in the open: 9 − 3 + 1 = 7.
#[test]
fn encounter_modifiers_and_worked_example() {
    let m = |n: &str| TERRAIN.iter().find(|(k, _)| *k == n).unwrap().1;
    assert_eq!([m("jungle_swamp"), m("open"), m("rocky"), m("mountain"), m("city")], [2, 1, -1, -2, -2]);
    assert_eq!(encounter_number(m("open"), 0, 3), 7);
    assert_eq!(encounter_number(m("rocky"), 2, 9), 9 - 1 + 2 - 6);
}
