//! Monte Carlo against exact values, with fixed seeds and tests that can fail.
//!
//! Each scenario is checked three ways: the binomial convolution against a brute-force walk of
//! every dice sequence the rule code can consume (both exact, so they must agree to 1e-12);
//! the simulated hit distribution against the exact one by a chi-square test; and every event
//! probability against its exact value within 5 standard errors. A deliberately biased die run
//! through the same checks must be rejected, which proves the checks have power.

use crate::common::*;
use skirmish_odds::dice::{D6Stream, Dice};
use skirmish_odds::engine::{self, Stop, Tally, Trial, progress::Progress};
use skirmish_odds::exact::{self, Exact};
use skirmish_odds::stats::chi_square_gof;
use skirmish_odds::systems::bmg3e::rules::*;

const TRIALS: u64 = 200_000;

fn simulate<T: Trial>(t: T, seed: u64) -> Tally {
    let out = engine::run_cells(&[t], seed, Stop::Trials(TRIALS), &Progress::hidden());
    out.tallies.into_iter().next().unwrap()
}

/// Chi-square p-value of metric `m` and the largest event deviation in standard errors.
fn compare(t: &Tally, ex: &Exact, m: usize) -> (f64, f64) {
    let (_, _, p) = chi_square_gof(&t.hists[m], &ex.metrics[m]);
    let n = t.trials as f64;
    let worst = ex
        .events
        .iter()
        .zip(&t.events)
        .map(|(&pe, &c)| {
            let se = (pe * (1.0 - pe) / n).sqrt().max(1e-12);
            ((c as f64 / n) - pe).abs() / se
        })
        .fold(0.0, f64::max);
    (p, worst)
}

fn assert_exacts_agree(a: &Exact, b: &Exact) {
    for (x, y) in a.metrics.iter().zip(&b.metrics) {
        let len = x.len().max(y.len());
        for v in 0..len {
            let (px, py) = (x.get(v).copied().unwrap_or(0.0), y.get(v).copied().unwrap_or(0.0));
            // Enumeration sums millions of 6^-k weights: 1e-9 is its rounding, not a tolerance.
            assert!((px - py).abs() < 1e-9, "metric value {v}: {px} vs {py}");
        }
    }
    for (x, y) in a.events.iter().zip(&b.events) {
        assert!((x - y).abs() < 1e-9, "event {x} vs {y}");
    }
}

fn scenarios() -> Vec<(&'static str, AttackSetup)> {
    let batman = card(5, 4, 4, 8, 7, 4);
    let thug = card(3, 3, 4, 5, 4, 2);
    let mut v = vec![
        ("melee unarmed", setup(batman.clone(), melee(0, 1, 0), thug.clone())),
        ("melee heavy ★★", setup(card(4, 4, 4, 6, 5, 3), melee(1, 2, 0), thug.clone())),
    ];
    let mut s = setup(batman.clone(), melee(0, 2, 0), card(4, 3, 3, 6, 6, 2));
    s.melee.attacker_effort = 2;
    s.melee.target_effort = 1;
    s.target_markers = Markers { stun: 2, wounds: 0 };
    v.push(("melee with effort both sides", s));
    let mut s = setup(card(3, 3, 4, 5, 4, 2), melee(0, 1, 1), card(4, 5, 4, 6, 4, 3));
    s.melee.enemies_in_contact = 3;
    v.push(("numerical inferiority ★♦", s));
    let mut s = setup(card(7, 4, 4, 8, 7, 4), melee(0, 1, 0), card(4, 4, 4, 6, 5, 3));
    s.readings.block_natural_six = true;
    v.push(("A7 with block_natural_six", s));
    let mut s = setup(batman.clone(), melee(0, 1, 0), thug.clone());
    s.target_markers = Markers { stun: 5, wounds: 1 };
    v.push(("against a K.O. target", s));
    let mut s = setup(batman.clone(), melee(0, 1, 0), thug.clone());
    s.target_markers = Markers { stun: 3, wounds: 0 };
    s.readings.ko_bonus_within_attack = true;
    v.push(("ko_bonus_within_attack", s));
    v.push(("ranged pistol", setup(thug.clone(), ranged(3, 4, 0, 1), card(4, 4, 4, 6, 5, 3))));
    let mut s = setup(thug.clone(), ranged(3, 4, 1, 1), card(4, 4, 4, 6, 5, 3));
    s.ranged.cover = true;
    s.ranged.moved = true;
    v.push(("ranged, moved and cover", s));
    let mut s = setup(thug.clone(), ranged(0, 3, 0, 2), card(4, 4, 4, 6, 5, 3));
    s.ranged.cover = true;
    v.push(("template weapon in cover", s));
    v
}

#[test]
fn convolution_matches_brute_force_enumeration() {
    for (name, s) in scenarios() {
        let a = Attack::new(&s).unwrap();
        let dice = a.attack_dice + a.strength_die as u32 + a.block_dice;
        if dice > 9 {
            continue; // 6^10 paths: too slow for a debug build, covered by the MC test.
        }
        let brute = exact::enumerate(&a, 12).expect("small enough");
        assert_exacts_agree(&skirmish_odds::systems::bmg3e::rules::convolution::attack(&a), &brute);
        assert!((brute.metrics[metric::HITS].iter().sum::<f64>() - 1.0).abs() < 1e-9);
        eprintln!("{name}: convolution == enumeration over {dice} dice");
    }
}

#[test]
fn monte_carlo_matches_exact_attacks() {
    for (i, (name, s)) in scenarios().into_iter().enumerate() {
        let a = Attack::new(&s).unwrap();
        let ex = skirmish_odds::systems::bmg3e::rules::convolution::attack(&a);
        let t = simulate(a, 1000 + i as u64);
        let (p, worst) = compare(&t, &ex, metric::HITS);
        eprintln!("{name}: chi-square p = {p:.4}, worst event deviation {worst:.2} se");
        assert!(p > 1e-4, "{name}: hits distribution rejected (p = {p})");
        assert!(worst < 5.0, "{name}: an event is {worst:.1} standard errors off");
        let (p, _) = compare(&t, &ex, metric::STUN);
        assert!(p > 1e-4, "{name}: ★ distribution rejected (p = {p})");
        let (p, _) = compare(&t, &ex, metric::WOUNDS);
        assert!(p > 1e-4, "{name}: ♦ distribution rejected (p = {p})");
    }
}

#[test]
fn monte_carlo_matches_exact_checks() {
    for (i, kind) in [CheckKind::Own, CheckKind::Opposed].into_iter().enumerate() {
        for special in 1..=5u8 {
            for one_die in [OneDie::Plain2d6, OneDie::SingleDie] {
                let c = Check::new(&CheckSetup {
                    kind,
                    special,
                    ko: false,
                    enemy_effort: 0,
                    value: 7,
                    readings: Readings { check_with_one_die: one_die, ..Readings::default() },
                });
                let ex = exact::enumerate(&c, 8).unwrap();
                let t = simulate(c, 50 + i as u64 * 10 + special as u64);
                let (p, worst) = compare(&t, &ex, 1);
                assert!(p > 1e-4, "{kind:?} Sp{special} {one_die:?}: sum rejected (p = {p})");
                assert!(worst < 5.0, "{kind:?} Sp{special}: pass {worst:.1} se off");
            }
        }
    }
}

#[test]
fn exact_check_values_by_hand() {
    // Own check, 2 dice, pass if the sum ≤ 7: 21/36.
    let c = Check::new(&CheckSetup {
        kind: CheckKind::Own,
        special: 2,
        ko: false,
        enemy_effort: 0,
        value: 7,
        readings: Readings::default(),
    });
    let ex = exact::enumerate(&c, 8).unwrap();
    assert!((ex.events[0] - 21.0 / 36.0).abs() < 1e-12);
    // Opposed with 3 dice, keep two highest, pass if > 10: sums 11 or 12.
    // Of 216 outcomes: at least two 6s: 3 × 5 + 1 = 16; exactly one 6 (3 places) with at least
    // one 5 among the other two dice, which show no 6: 3 × (25 − 16) = 27. Total 43.
    let c = Check::new(&CheckSetup {
        kind: CheckKind::Opposed,
        special: 3,
        ko: false,
        enemy_effort: 0,
        value: 10,
        readings: Readings::default(),
    });
    let ex = exact::enumerate(&c, 8).unwrap();
    let mut count = 0;
    for a in 1..=6 {
        for b in 1..=6 {
            for d in 1..=6 {
                let mut v = [a, b, d];
                v.sort();
                if v[1] + v[2] > 10 {
                    count += 1;
                }
            }
        }
    }
    assert_eq!(count, 43);
    assert!((ex.events[0] - count as f64 / 216.0).abs() < 1e-12);
}

#[test]
fn exact_attack_values_by_hand() {
    // One attack die vs Defense 4 (1/2), Strength die 4+ (1/2), no block dice (ranged):
    // P(0 hits) = 1/4, P(1) = 1/2, P(2) = 1/4; P(critical) = 1/6.
    let s = setup(card(3, 3, 4, 5, 4, 2), ranged(1, 4, 1, 0), card(3, 4, 4, 5, 4, 2));
    let a = Attack::new(&s).unwrap();
    let ex = skirmish_odds::systems::bmg3e::rules::convolution::attack(&a);
    let h = &ex.metrics[metric::HITS];
    assert!((h[0] - 0.25).abs() < 1e-12 && (h[1] - 0.5).abs() < 1e-12 && (h[2] - 0.25).abs() < 1e-12);
    assert!((ex.events[event::CRITICAL] - 1.0 / 6.0).abs() < 1e-12);
    assert!((ex.mean(metric::HITS) - 1.0).abs() < 1e-12);
}

/// A die that turns one in six natural 1s into 6s: P(1) = 5/36, P(6) = 7/36.
struct LoadedDie(D6Stream);
impl Dice for LoadedDie {
    fn d6(&mut self) -> u8 {
        let f = self.0.d6();
        if f == 1 && self.0.d6() == 1 { 6 } else { f }
    }
}

#[test]
fn the_checks_reject_a_biased_die() {
    let (_, s) = &scenarios()[0];
    let a = Attack::new(s).unwrap();
    let ex = skirmish_odds::systems::bmg3e::rules::convolution::attack(&a);
    let mut t = Tally::new(&a.shape());
    let mut die = LoadedDie(D6Stream::from_seed(1));
    for _ in 0..TRIALS {
        t.record(&a.run(&mut die));
    }
    let (p, worst) = compare(&t, &ex, metric::HITS);
    eprintln!("loaded die: chi-square p = {p:e}, worst event deviation {worst:.1} se");
    assert!(p < 1e-6 && worst > 5.0, "a loaded die must be rejected (p = {p}, worst = {worst})");
    // The same test passes the fair stream with the same seed and trial count.
    let mut t = Tally::new(&a.shape());
    let mut fair = D6Stream::from_seed(1);
    for _ in 0..TRIALS {
        t.record(&a.run(&mut fair));
    }
    assert!(compare(&t, &ex, metric::HITS).0 > 1e-4);
}

#[test]
fn raw_dice_are_uniform() {
    let mut d = D6Stream::from_seed(2026);
    let mut counts = [0u64; 7];
    for _ in 0..6_000_000 {
        counts[d.d6() as usize] += 1;
    }
    let probs = [0.0, 1.0 / 6.0, 1.0 / 6.0, 1.0 / 6.0, 1.0 / 6.0, 1.0 / 6.0, 1.0 / 6.0];
    let (stat, df, p) = chi_square_gof(&counts, &probs);
    eprintln!("6M dice: chi-square {stat:.2} on {df} df, p = {p:.4}");
    assert!(p > 1e-4);
}
