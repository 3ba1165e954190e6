//! ¡Bichos!: Monte Carlo against exact enumeration (fixed seeds, chi-square and 5-se tests),
//! the encounter probability against its closed form, and bad input.

use crate::common;

use skirmish_odds::dice::Dice;
use skirmish_odds::engine::{self, Outcome, Shape, Stop, Tally, Trial, progress::Progress};
use skirmish_odds::exact::{Exact, enumerate};
use skirmish_odds::stats::chi_square_gof;
use skirmish_odds::systems::bichos::rules::*;

fn profile(name: &str) -> Profile {
    PROFILES.iter().find(|(n, _, _)| *n == name).unwrap().2
}

fn simulate<T: Trial + Clone>(t: &T, seed: u64) -> Tally {
    engine::run_cells(std::slice::from_ref(t), seed, Stop::Trials(200_000), &Progress::hidden()).tallies.remove(0)
}

fn check(t: &Tally, ex: &Exact, name: &str) {
    let n = t.trials as f64;
    for (m, h) in t.hists.iter().enumerate() {
        let (_, _, p) = chi_square_gof(h, &ex.metrics[m]);
        assert!(p > 1e-4, "{name}: metric {m} rejected (p = {p})");
    }
    for (i, (&pe, &c)) in ex.events.iter().zip(&t.events).enumerate() {
        let se = (pe * (1.0 - pe) / n).sqrt().max(1e-9);
        let dev = ((c as f64 / n) - pe).abs() / se;
        assert!(dev < 5.0 || (pe == 0.0 && c == 0), "{name}: event {i} is {dev:.1} se off");
    }
}

/// The damage procedure of one attack alone (firing, impact and wound tables; no reaction
/// tests), small enough to enumerate exactly.
#[derive(Clone)]
struct Hit {
    hda: u8,
    dice: u8,
    pot: u8,
    target: Profile,
    situation: Situation,
    low: WoundLowFdv,
}

impl Trial for Hit {
    fn shape(&self) -> Shape {
        Shape::new(
            vec![("res_lost", self.target.res as usize + 40)],
            vec!["wounded", "critical_wound", "impact_h", "flees", "dead"],
        )
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let mut st = State::new(&self.target);
        let (f, r) = resolve(dice, self.hda, self.dice, self.pot, &self.target, &self.situation, &mut st, self.low);
        let mut o = Outcome::default();
        o.metrics[0] = r.res_lost as u16;
        o.flag(0, f != Fire::Miss);
        o.flag(1, r.critical);
        o.flag(2, r.impact_h);
        o.flag(3, st.fled());
        o.flag(4, st.dead);
        o
    }
}

#[test]
fn hits_match_exact_enumeration() {
    let soldier = profile("soldado");
    let small = profile("pequeno");
    let weak = Profile { res: 20, fdv: 12, bld: 0, ..soldier };
    let first = Situation { target_index: 1, ..Situation::default() };
    let cases = [
        (
            "pistol at a small bug, long range",
            Hit {
                hda: soldier.hda,
                dice: 1,
                pot: 5,
                target: small,
                situation: Situation { long_range: true, ..first },
                low: WoundLowFdv::Extend,
            },
        ),
        (
            "claws at a soldier (melee, own POT)",
            Hit {
                hda: small.hda,
                dice: 2,
                pot: small.pot,
                target: soldier,
                situation: first,
                low: WoundLowFdv::Extend,
            },
        ),
        (
            "pistol, 3rd target in cover, shooter moved",
            Hit {
                hda: 5,
                dice: 1,
                pot: 5,
                target: small,
                situation: Situation { cover: true, shooter_moved_far: true, target_index: 3, ..Situation::default() },
                low: WoundLowFdv::Extend,
            },
        ),
        (
            "rifle at RES 20 / FDV 12, wound table clamped",
            Hit { hda: 10, dice: 3, pot: 11, target: weak, situation: first, low: WoundLowFdv::Clamp },
        ),
    ];
    for (i, (name, hit)) in cases.into_iter().enumerate() {
        let ex = enumerate(&hit, 10).expect("small enough");
        let t = simulate(&hit, 700 + i as u64);
        check(&t, &ex, name);
        eprintln!("{name}: P(wounded) exact {:.4}, MC {:.4}", ex.events[0], t.events[0] as f64 / t.trials as f64);
    }
}

/// Repeated heavy-weapon attacks on a big bug, damage only (no reaction tests), state carried:
/// compared with the independent reading's exact Markov chain (`docs/rules/independent/bichos.md`,
/// `shots-to-kill-big-bug.toml`, "RES-only flight" column): P(dead by attack 1, 2, 3) = 0.0217,
/// 0.0482, 0.0792; the first is exactly 13/36 (critical) · 26/36 ("H" with POT 9) · 3/36 (wound
/// roll ≤ 3 at FDV 10) = 169/7776, as one attack cannot take 120 RES.
#[derive(Clone)]
struct DamageOnly {
    target: Profile,
    dice: u8,
    pot: u8,
}

impl Trial for DamageOnly {
    fn shape(&self) -> Shape {
        Shape::new(vec![("kill", 5)], vec![])
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let mut st = State::new(&self.target);
        let s = Situation { target_index: 1, ..Situation::default() };
        let mut o = Outcome::default();
        o.metrics[0] = 4;
        for k in 1..=3 {
            resolve(dice, 10, self.dice, self.pot, &self.target, &s, &mut st, WoundLowFdv::Extend);
            if st.dead {
                o.metrics[0] = k;
                break;
            }
        }
        o
    }
}

#[test]
fn damage_only_sequence_matches_the_independent_markov_chain() {
    // Heavy weapon (2D6, POT 9) at the big bug; then the rifle (3D6, POT 11) at the small bug,
    // whose P(dead within 3) the reading gives as 0.4251 (`weapons-vs-bugs.toml`, first cell).
    for (target, dice, pot, seed, want) in [
        ("grande", 2, 9, 21, vec![(1, 169.0 / 7776.0), (2, 0.0482), (3, 0.0792)]),
        ("pequeno", 3, 11, 22, vec![(1, 715.0 / 5184.0), (3, 0.4251)]),
    ] {
        let t = simulate(&DamageOnly { target: profile(target), dice, pot }, seed);
        let n = t.trials as f64;
        for (k, p) in want {
            let cum: f64 = t.hists[0][1..=k].iter().sum::<u128>() as f64 / n;
            let se = (p * (1.0 - p) / n).sqrt();
            assert!((cum - p).abs() < 5.0 * se + 5e-5, "{target}: P(dead by attack {k}) = {cum}, expected {p}");
        }
    }
}

#[test]
fn firing_table_probabilities_by_hand() {
    // First target, effective range, HDA 10, no cover: misses only on 4, 7, 10 (3 + 6 + 3 of 36).
    let s = Situation { target_index: 1, ..Situation::default() };
    let ways = |r: u8| (6 - (r as i32 - 7).abs()) as f64;
    let p = |want: &dyn Fn(Fire) -> bool| (2..=12u8).filter(|&r| want(fire(r, &s, 10))).map(ways).sum::<f64>() / 36.0;
    assert!((p(&|f| f != Fire::Miss) - 24.0 / 36.0).abs() < 1e-12);
    // Critical wounds on 2, 5, 8, 11, 12: 1 + 4 + 5 + 2 + 1 = 13 of 36.
    assert!((p(&|f| f == Fire::Critical) - 13.0 / 36.0).abs() < 1e-12);
}

#[test]
fn encounter_and_reaction_match_closed_forms() {
    let p2d6_le = |k: i32| (2..=12).filter(|s| *s <= k).map(|s| (6 - (s - 7i32).abs()) as f64 / 36.0).sum::<f64>();
    let e = Encounter { number: 8, humans: 3, readings: Readings::default() };
    let t = simulate(&e, 11);
    let p = p2d6_le(8);
    let got = t.events[0] as f64 / t.trials as f64;
    assert!((got - p).abs() < 5.0 * (p * (1.0 - p) / t.trials as f64).sqrt(), "{got} vs {p}");
    // Given a hole: opens at once with P(1D6 ≤ 4) = 2/3.
    let now = t.events[1] as f64 / t.events[0] as f64;
    assert!((now - 2.0 / 3.0).abs() < 0.01);
    let r = Reaction { modified_fdv: 7 };
    let ex = enumerate(&r, 4).unwrap();
    check(&simulate(&r, 12), &ex, "reaction FDV 7");
}

#[test]
fn sequences_carry_state_until_death() {
    let s = Sequence {
        shooter_hda: 10,
        damage_dice: 3,
        pot: 11,
        shooting: true,
        rules: HitRules::default(),
        target: profile("pequeno"),
        situation: Situation { target_index: 1, ..Situation::default() },
        cap: 200,
    };
    let t = simulate(&s, 13);
    // Every sequence ends in death within the cap; fleeing never comes after death.
    assert_eq!(t.events[6], t.trials);
    let (flee, kill) = (t.moments(0).mean, t.moments(1).mean);
    assert!(flee <= kill && kill > 1.0, "flee {flee}, kill {kill}");
}

fn fails(name: &str, config: &str, expect: &[&str]) {
    common::fails("bichos_errors", name, config, &[], &[], expect);
}

#[test]
fn bad_input_in_bichos_configs() {
    let head = "ruleset = \"bichos\"\ntrials = 1000\n";
    fails(
        "units",
        &format!("{head}kind = \"terrain\"\n[readings]\nunits = \"furlongs\"\n"),
        &["field `readings.units`", "`cm` (default), `inches`"],
    );
    fails(
        "grenade-pot",
        &format!("{head}kind = \"terrain\"\n[readings]\ngrenade_pot = 10\n"),
        &["field `readings.grenade_pot`", "11 (the weapon tables, default) or 9"],
    );
    fails(
        "unknown-weapon",
        &format!("{head}kind = \"shot\"\n[shot]\nshooter = \"soldado\"\nweapon = \"laser\"\ntargets = [\"pequeno\"]\n"),
        &["scenario.toml:6:", "field `shot.weapon`", "`assault_rifle`"],
    );
    fails(
        "too-many-targets",
        &format!(
            "{head}kind = \"shot\"\n[shot]\nshooter = \"soldado\"\nweapon = \"pistol\"\ntargets = [\"pequeno\", \"pequeno\"]\n"
        ),
        &["field `shot.targets`", "allowed: 1..=1"],
    );
    fails(
        "grenade-long",
        &format!(
            "{head}kind = \"shot\"\n[shot]\nshooter = \"soldado\"\nweapon = \"grenade\"\ntargets = [\"pequeno\"]\nlong_range = true\n"
        ),
        &["field `shot.long_range`", "no long range"],
    );
    fails(
        "terrain",
        &format!("{head}kind = \"encounter\"\n[encounter]\nterrain = \"desert\"\n"),
        &["field `encounter.terrain`", "`jungle_swamp`"],
    );
    fails(
        "profile-range",
        &format!(
            "{head}kind = \"pursuit\"\n[profiles.x]\nhda = 5\npot = 5\nfdv = 5\nres = 0\nbld = 0\nmov_cm = 20\nmov_in = 8\n[pursuit]\nprofile = \"x\"\n"
        ),
        &["field `profiles.x.res`", "allowed: 1..=500"],
    );
    fails(
        "shot-test-order",
        &format!("{head}kind = \"terrain\"\n[readings]\nshot_test_order = \"together\"\n"),
        &["scenario.toml:5:19", "field `readings.shot_test_order`", "`herido_first` (default), `bajo_fuego_first`"],
    );
    fails(
        "ko-and-duck",
        &format!("{head}kind = \"terrain\"\n[readings]\nko_and_duck_activations = \"three\"\n"),
        &["scenario.toml:5:27", "field `readings.ko_and_duck_activations`", "`one` (default), `two`"],
    );
    fails(
        "bmg-reading",
        &format!("{head}kind = \"terrain\"\n[readings]\nblock_natural_six = true\n"),
        &["field `readings.block_natural_six`", "bichos readings"],
    );
    fails(
        "cards",
        &format!(
            "{head}kind = \"terrain\"\n[cards.x]\nattack = 1\ndefense = 1\nstrength = 4\nwillpower = 4\nendurance = 4\nspecial = 1\n"
        ),
        &["field `cards.x`", "[profiles.NAME]"],
    );
    fails(
        "modifiers-without-profile",
        &format!("{head}kind = \"reaction\"\n[reaction]\nin_cover = true\n"),
        &["field `reaction`", "need the `profile`"],
    );
    fails(
        "bmg-kind",
        &format!("{head}kind = \"effort\"\n"),
        &["field `kind`", "for bichos", "`shot`, `sequence`, `arsenal`"],
    );
}
