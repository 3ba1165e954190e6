//! The 2019 duel's unit tests: scripted dice through whole rounds, effort choices, recovery.

use super::*;
use crate::dice::{D6Stream, ScriptedDice};
use crate::engine::Trial;

fn card(a: u8, d: u8, s: u8, w: u8, e: u8, sp: u8) -> Profile {
    Profile { attack: a, defense: d, strength: s, willpower: w, endurance: e, special: sp, movement: 4 }
}

fn fighter(p: Profile, stun: u8, policy: EffortPolicy) -> Fighter {
    Fighter {
        profile: p,
        weapon: Weapon {
            kind: WeaponKind::Melee { strength_bonus: 0 },
            damage: Markers { stun, wounds: 0 },
            crt: None,
        },
        effort: policy,
        start: Markers::default(),
        melee_weapon: Weapon::unarmed(),
    }
}

fn setup(a: EffortPolicy, b: EffortPolicy) -> DuelSetup {
    DuelSetup {
        a: fighter(card(5, 4, 4, 6, 5, 3), 2, a),
        b: fighter(card(3, 3, 4, 5, 4, 2), 1, b),
        rounds: 4,
        readings: Readings::default(),
        contact: true,
    }
}

#[test]
fn scripted_round_one_ko_ends_the_duel() {
    let d = Duel::new(&setup(EffortPolicy::None, EffortPolicy::None)).die_by_die();
    // Take the Lead: A 6, B 1 → A first. A rolls 5 attack dice vs D3: 6,6,6,1,2 → 3 impacts;
    // Strength die 6 → impact; B blocks with 3 dice needing 5+: 1,1,1. 4 hits of ★★ on W5 → K.O.
    // B is K.O. so does not attack. Recount: A sheds nothing (no ★); B (Sp2 → 1 die, plain 2d6)
    // rolls 6,6 = 12 > E4: stays K.O. → duel over, A wins in round 1.
    let mut dice = ScriptedDice::new(&[6, 1, 6, 6, 6, 1, 2, 6, 1, 1, 1, 6, 6]);
    let o = d.run(&mut dice);
    assert_eq!(dice.used(), 13);
    assert_eq!(o.metrics[metric::ROUNDS], 1);
    assert_eq!(o.metrics[metric::A_DEALT], 5, "★ beyond Willpower 5 are discarded");
    assert_eq!(o.metrics[metric::A_KO_ROUND], 1);
    assert!(o.has(event::A_WINS) && !o.has(event::DRAW) && o.has(event::A_INITIATIVE));
}

#[test]
fn recovery_check_removes_a_stun_marker() {
    let d = Duel::new(&setup(EffortPolicy::None, EffortPolicy::None)).die_by_die();
    // Same round one, but B recovers with 1,2 = 3 ≤ E4 and goes on; round 2 TtL tie 3,3:
    // last round's loser (B) wins the lead.
    let mut dice = ScriptedDice::new(&[6, 1, 6, 6, 6, 1, 2, 6, 1, 1, 1, 1, 2, 3, 3]);
    // After these faces the script runs out inside round 2: catch the panic to prove that
    // the duel went on to round 2 and consumed exactly the recovery dice first.
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| d.run(&mut dice)));
    assert!(r.is_err(), "round 2 needs more dice than scripted");
}

/// Seed lines 1002–1003: "Cuando uno de tus modelos, que aún no se haya activado, sufra un
/// K.O. o sea retirado como baja, gana un contador de pase inmediatamente"; 1013–1015: each
/// unused pass adds +1 to that player's next Take the Lead roll; 900–906: ties go to the
/// player who lost Take the Lead last round.
#[test]
fn pass_counter_from_a_ko_before_activating_adds_one_to_take_the_lead() {
    let d = Duel::new(&setup(EffortPolicy::None, EffortPolicy::None)).die_by_die();
    let script = [
        6, 1, // round 1 Take the Lead: A 6, B 1 → A first
        6, 6, 6, 1, 2, 6, 1, 1,
        1, // A: 3 impacts + Strength 6, no blocks → 4 hits ★★: B K.O., not yet activated → B gains a pass
        1, 2, // Recount: B (Special 2 → 1 die, plain 2d6) 3 ≤ E4 recovers, 5 → 4 ★
        4, 3, // round 2 Take the Lead: A 4, B 3 + 1 (unused pass) = 4: tie → B, last round's loser
        1, 1, 1, 1, // B acts first: 3 attack dice and the Strength die, nothing
        6, 1, 1, 1, 1, 1, 1, 1, 1, // A: 1 impact, no Strength, no blocks → ★★ on 4 ★: B K.O. again
        6, 6, // Recount: B fails (12 > 4) → the duel ends, A wins
    ];
    let mut dice = ScriptedDice::new(&script);
    let o = d.run(&mut dice);
    assert_eq!(dice.used(), script.len());
    assert_eq!(o.metrics[metric::ROUNDS], 2);
    assert_eq!(o.metrics[metric::B_DEALT], 0, "B acted first in round 2 and missed");
    assert!(o.has(event::A_WINS));
    // Without the pass A would win round 2's roll (4 > 3) and attack first: A's 5 attack
    // dice would be 1, 1, 1, 1, 6 and the duel would take another course.
}

/// A model K.O.'d *after* it has activated gives no pass: B acts first, then A K.O.s it;
/// in round 2 A's 4 beats B's 3 with no bonus, so A acts first.
#[test]
fn no_pass_for_a_model_that_already_activated() {
    let d = Duel::new(&setup(EffortPolicy::None, EffortPolicy::None)).die_by_die();
    let script = [
        1, 6, // round 1: B first
        1, 1, 1, 1, // B misses
        6, 6, 6, 1, 2, 6, 1, 1, 1, // A K.O.s B (B already activated: no pass)
        1, 2, // B recovers
        4, 3, // round 2: A 4 > B 3 → A first
        6, 1, 1, 1, 1, 1, 1, 1, 1, // A: 1 hit of ★★ on 4 ★ → B K.O.; B cannot act
        6, 6, // B fails its recovery
    ];
    let mut dice = ScriptedDice::new(&script);
    let o = d.run(&mut dice);
    assert_eq!(dice.used(), script.len());
    assert_eq!(o.metrics[metric::ROUNDS], 2);
    assert!(o.has(event::A_WINS) && !o.has(event::A_INITIATIVE));
}

/// Take the Lead with a +1 from an unused pass (seed 1013–1015) and the tie rule (900–906):
/// P(D6 + 1 > D6) = 21/36; ties (5/36) go to last round's loser. So the side with the +1
/// that lost last round wins 26/36 = 13/18; with the +1 but having won last round, 7/12;
/// no bonus, lost last round: 15/36 + 6/36 = 7/12; round 1 (ties re-rolled): 1/2.
#[test]
fn take_the_lead_with_pass_bonus() {
    let mut dice = D6Stream::from_seed(1013);
    let n = 400_000;
    for (bonus, last_loser, exact) in [
        ([0, 1], Some(1), 13.0 / 18.0),
        ([0, 1], Some(0), 7.0 / 12.0),
        ([0, 0], Some(1), 7.0 / 12.0),
        ([0, 0], None, 0.5),
    ] {
        let wins = (0..n).filter(|_| Duel::take_the_lead(&mut dice, bonus, last_loser) == 1).count();
        let p = wins as f64 / n as f64;
        let tol = 4.0 * (exact * (1.0 - exact) / n as f64).sqrt();
        assert!((p - exact).abs() < tol, "bonus {bonus:?}, last loser {last_loser:?}: {p} vs {exact}");
    }
}

/// In contact with a non-K.O. enemy a ranged fighter fights in melee with its melee weapon
/// (seed 1668–1669), here a ★★ club: the scripted faces are consumed as a melee attack
/// (Attack dice, Strength die, block dice), not as a shot (Rate of Fire dice, no blocks).
#[test]
fn ranged_fighter_in_contact_attacks_in_melee_with_its_melee_weapon() {
    let mut s = setup(EffortPolicy::None, EffortPolicy::None);
    s.rounds = 1;
    s.a.weapon = Weapon {
        kind: WeaponKind::Ranged { rate_of_fire: 1, strength: 4 },
        damage: Markers { stun: 0, wounds: 2 },
        crt: None,
    };
    s.a.melee_weapon =
        Weapon { kind: WeaponKind::Melee { strength_bonus: 0 }, damage: Markers { stun: 2, wounds: 0 }, crt: None };
    let d = Duel::new(&s).die_by_die();
    // A first; A (A5) vs B's D3: 6, 1, 1, 1, 1 → 1 impact; Strength 1; B blocks 1, 1, 1 → 1 hit
    // of ★★. B: 1, 1, 1 and Strength 1 → nothing. Recount: B sheds one ★ (2 → 1).
    let mut dice = ScriptedDice::new(&[6, 1, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    let o = d.run(&mut dice);
    assert_eq!(dice.used(), 15);
    assert_eq!(o.metrics[metric::A_DEALT], 2, "★★ from the club, not ♦♦ from the gun");
    // Apart, A shoots: 1 attack die and the Strength die, no block roll.
    let d = Duel::new(&DuelSetup { contact: false, ..s.clone() }).die_by_die();
    let mut dice = ScriptedDice::new(&[6, 1, 6, 1, 1, 1, 1, 1]);
    let o = d.run(&mut dice);
    assert_eq!(dice.used(), 8, "Take the Lead 2; shot 2 dice; B moves in and attacks: 4 dice; no recovery");
    assert_eq!(o.metrics[metric::A_DEALT], 2, "♦♦ from the gun");
}

/// Every hit table equals the attack rolled die by die, exactly: the exact evaluator walks
/// `hits_by_dice` (branching on each pool's distribution) and the weights must match as
/// fractions, for every dice count effort can make, against a target K.O. or not, in melee
/// and for a shot.
#[test]
fn hit_tables_equal_the_dice_rolled_one_by_one() {
    struct ByDice<'a>(&'a Mode, u32, bool);
    impl Trial for ByDice<'_> {
        fn shape(&self) -> crate::engine::Shape {
            crate::engine::Shape::new(vec![("hits", self.1 as usize + 1)], vec![])
        }
        fn run<D: Dice>(&self, dice: &mut D) -> crate::engine::Outcome {
            let mut o = crate::engine::Outcome::default();
            o.metrics[0] = self.0.hits_by_dice(dice, self.1, self.2) as u16;
            o
        }
    }
    let mut s = setup(EffortPolicy::None, EffortPolicy::None);
    s.b.weapon = Weapon {
        kind: WeaponKind::Ranged { rate_of_fire: 2, strength: 5 },
        damage: Markers { stun: 0, wounds: 1 },
        crt: None,
    };
    let d = Duel::new(&s);
    let modes = [&d.dirs[0].melee, &d.dirs[1].melee, d.dirs[1].shot.as_ref().unwrap()];
    let mut checked = 0;
    for mode in modes {
        for n in 0..mode.tables.len() as u32 {
            for ko in [false, true] {
                let t = crate::exact::evaluate(&ByDice(mode, n, ko), crate::exact::Budget::EXPLICIT).unwrap();
                let table = &mode.tables[n as usize][ko as usize];
                for (h, w) in table.weights().enumerate() {
                    let c = t.hists[0].get(h).copied().unwrap_or(0);
                    assert_eq!(c * table.total() as u128, w as u128 * t.trials, "n {n}, ko {ko}, hits {h}");
                }
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 2 * (9 + 7 + 6), "A attacks with 5 dice, B with 3, B shoots with 2; up to +3");
}

/// A table draw from the fast stream is unbiased: a chi-square goodness of fit of 600,000
/// draws of a 9-dice table against its exact weights (the test fails at p < 0.001).
#[test]
fn table_draws_follow_the_table() {
    let d = Duel::new(&setup(EffortPolicy::None, EffortPolicy::None));
    let table = &d.dirs[0].melee.tables[5][0];
    let mut dice = D6Stream::from_seed(77);
    let mut seen = vec![0u64; table.weights().count()];
    for _ in 0..600_000 {
        seen[dice.draw(table) as usize] += 1;
    }
    let total = table.total() as f64;
    let expected: Vec<f64> = table.weights().map(|w| w as f64 / total * 600_000.0).collect();
    let (stat, df) = seen
        .iter()
        .zip(&expected)
        .filter(|&(_, &e)| e > 5.0)
        .fold((0.0, 0), |(s, k), (&o, &e)| (s + (o as f64 - e).powi(2) / e, k + 1));
    let p = 1.0
        - statrs::distribution::ContinuousCDF::cdf(
            &statrs::distribution::ChiSquared::new((df - 1) as f64).unwrap(),
            stat,
        );
    assert!(p > 0.001, "chi-square {stat:.1} on {} df, p = {p:.2e}", df - 1);
}

#[test]
fn invariants_hold_over_many_duels() {
    for (pa, pb) in [
        (EffortPolicy::None, EffortPolicy::None),
        (EffortPolicy::Max, EffortPolicy::Max),
        (EffortPolicy::Optimal(Objective::Ko), EffortPolicy::Optimal(Objective::Ko)),
    ] {
        let d = Duel::new(&setup(pa, pb));
        let mut dice = D6Stream::from_seed(5);
        for _ in 0..20_000 {
            let o = d.run(&mut dice);
            let wins = o.has(event::A_WINS) as u8 + o.has(event::B_WINS) as u8 + o.has(event::DRAW) as u8;
            assert_eq!(wins, 1, "exactly one of win / loss / draw");
            let r = o.metrics[metric::ROUNDS];
            assert!((1..=4).contains(&r));
            assert!(o.metrics[metric::A_KO_ROUND] <= r && o.metrics[metric::B_KO_ROUND] <= r);
            if o.has(event::A_WINS) {
                assert!(o.metrics[metric::A_KO_ROUND] >= 1, "a win needs the opponent put down");
            }
            if pa == EffortPolicy::None {
                assert_eq!(o.metrics[metric::A_EFFORT], 0);
            }
            if o.has(event::B_CASUALTY) {
                assert!(o.has(event::A_WINS) || o.has(event::DRAW));
            }
        }
    }
}

#[test]
fn optimal_policy_respects_limits() {
    let d = Duel::new(&setup(EffortPolicy::Optimal(Objective::Ko), EffortPolicy::Optimal(Objective::Ko)));
    let dir = &d.dirs[0];
    for s_a in 0..=6u8 {
        for w_a in 0..5u8 {
            for s_t in 0..=5u8 {
                for w_t in 0..4u8 {
                    let (am, tm) = (Markers { stun: s_a, wounds: w_a }, Markers { stun: s_t, wounds: w_t });
                    let c = dir.policy()[dir.index(am, tm)];
                    let (t, a) = (c.t, c.answer[c.t as usize]);
                    assert!(a <= effort_limit(&dir.attacker, am));
                    assert!(t <= effort_limit(&dir.target, tm).min(dir.attacker.attack));
                }
            }
        }
    }
    // Max policy: at full health both sides spend the limit (3).
    let d = Duel::new(&setup(EffortPolicy::Max, EffortPolicy::Max));
    let c = d.dirs[0].policy()[d.dirs[0].index(Markers::default(), Markers::default())];
    assert_eq!((c.t, c.answer[3]), (3, 3));
}
