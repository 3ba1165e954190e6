//! The exact 2019 duel (`bmg3e::rules::duel::exact`): against an independent reading of the
//! rulebook, against the Monte Carlo duel, and the whole-duel optimal effort policy.

use skirmish_odds::systems::bmg3e::rules::duel::exact::{Decider, solve};
use skirmish_odds::systems::bmg3e::rules::duel::{Duel, DuelSetup, EffortPolicy, Fighter};
use skirmish_odds::systems::bmg3e::rules::*;

fn card(a: u8, d: u8, s: u8, w: u8, e: u8, sp: u8) -> Profile {
    Profile { attack: a, defense: d, strength: s, willpower: w, endurance: e, special: sp, movement: 4 }
}

fn melee(stun: u8, wounds: u8, strength_bonus: i8) -> Weapon {
    Weapon { kind: WeaponKind::Melee { strength_bonus }, damage: Markers { stun, wounds }, crt: None }
}

fn fighter(profile: Profile, weapon: Weapon, effort: &str) -> Fighter {
    Fighter {
        profile,
        weapon,
        effort: EffortPolicy::parse(effort).unwrap(),
        start: Markers::default(),
        melee_weapon: Weapon::unarmed(),
    }
}

fn batman(effort: &str) -> Fighter {
    fighter(card(5, 4, 4, 8, 7, 4), melee(2, 0, 0), effort)
}
fn bruiser(effort: &str) -> Fighter {
    fighter(card(4, 3, 3, 6, 6, 2), melee(2, 0, 1), effort)
}
fn thug(effort: &str) -> Fighter {
    fighter(card(3, 3, 4, 5, 4, 2), melee(0, 1, 0), effort)
}

fn duel(a: Fighter, b: Fighter, rounds: u8) -> Duel {
    Duel::new(&DuelSetup { a, b, rounds, readings: Readings::default(), contact: true })
}

fn close(got: f64, want: f64, what: &str) {
    assert!((got - want).abs() < 6e-6, "{what}: {got} vs {want}");
}

/// Expected values from a second reading of the rulebook (seed lines 839–1113, 1454–1638,
/// 1843–1921, 2022–2043) by a reader who did not see this code: an exact dynamic programme in
/// Python with fractions over the same four scenarios, printed to 6 significant digits.
#[test]
fn agrees_with_an_independent_reading_of_the_rulebook() {
    struct Want {
        win: [f64; 2],
        draw: f64,
        casualty: [f64; 2],
        rounds: &'static [f64],
        dealt: [f64; 2],
    }
    let cases: [(&str, Duel, Want); 4] = [
        (
            "S1 Batman vs Bruiser, no effort",
            duel(batman("none"), bruiser("none"), 4),
            Want {
                win: [0.886509, 0.0259927],
                draw: 0.0874981,
                casualty: [0.0, 0.0],
                rounds: &[0.351571, 0.302361, 0.172950, 0.173118],
                dealt: [6.96445, 3.66968],
            },
        ),
        (
            "S2 Batman vs Bruiser, most effort allowed",
            duel(batman("max"), bruiser("max"), 4),
            Want {
                win: [0.816993, 0.0902370],
                draw: 0.0927695,
                casualty: [0.0, 0.0],
                rounds: &[0.505221, 0.229768, 0.107835, 0.157176],
                dealt: [2.35659, 1.96676],
            },
        ),
        (
            "S3 Thug vs Thug, 2 rounds",
            duel(thug("none"), thug("none"), 2),
            Want {
                win: [0.0915156, 0.0915156],
                draw: 0.816969,
                casualty: [0.0915156, 0.0915156],
                rounds: &[0.0109438, 0.989056],
                dealt: [1.79431, 1.79431],
            },
        ),
        (
            "S4 Batman (★★★♦) vs Thug (♦♦), 3 rounds",
            {
                let mut a = batman("none");
                a.start = Markers { stun: 3, wounds: 1 };
                let mut b = thug("none");
                b.start = Markers { stun: 0, wounds: 2 };
                duel(a, b, 3)
            },
            Want {
                win: [0.968239, 0.000153707],
                draw: 0.0316068,
                casualty: [0.000153707, 0.0],
                rounds: &[0.503988, 0.368374, 0.127638],
                dealt: [5.55722, 0.650511],
            },
        ),
    ];
    for (name, d, want) in cases {
        let s = solve(&d, [Decider::Table; 2]);
        close(s.win[0], want.win[0], &format!("{name}: P(A wins)"));
        close(s.win[1], want.win[1], &format!("{name}: P(B wins)"));
        close(s.draw, want.draw, &format!("{name}: P(draw)"));
        close(s.casualty[0], want.casualty[0], &format!("{name}: P(A casualty)"));
        close(s.casualty[1], want.casualty[1], &format!("{name}: P(B casualty)"));
        for (k, &p) in want.rounds.iter().enumerate() {
            close(s.rounds[k + 1], p, &format!("{name}: P(rounds = {})", k + 1));
        }
        close(s.dealt[0] / 10.0, want.dealt[0] / 10.0, &format!("{name}: E[A dealt] / 10"));
        close(s.dealt[1] / 10.0, want.dealt[1] / 10.0, &format!("{name}: E[B dealt] / 10"));
    }
    // S2's effort: 5.04538 ★ by Batman, 4.38928 by the Bruiser.
    let s = solve(&duel(batman("max"), bruiser("max"), 4), [Decider::Table; 2]);
    close(s.effort[0] / 10.0, 0.504538, "S2: E[A effort] / 10");
    close(s.effort[1] / 10.0, 0.438928, "S2: E[B effort] / 10");
}

/// Sample `duel` with the engine and compare every figure the exact duel gives: each
/// probability and mean must lie within 4 standard errors (the `check` rule), and the exact
/// value inside the sampled 99.99 % interval is what "agrees within its intervals" means here.
fn agrees_with_monte_carlo(name: &str, duel: Duel, trials: u64, seed: u64) {
    use skirmish_odds::analysis::duel::event;
    use skirmish_odds::engine::{self, Stop, progress::Progress};
    use skirmish_odds::systems::bmg3e::rules::duel::metric;
    let exact = solve(&duel, duel.deciders());
    let out = engine::run_cells(&[duel], seed, Stop::Trials(trials), &Progress::hidden());
    let t = &out.tallies[0];
    let n = t.trials as f64;
    let z_of = |sampled: f64, exact: f64, sd: f64| if sd == 0.0 { 0.0 } else { (sampled - exact) / (sd / n.sqrt()) };
    let mut worst = (0.0f64, String::new());
    let mut see = |what: String, sampled: f64, exact: f64, sd: f64| {
        if sd == 0.0 {
            assert!((sampled - exact).abs() < 1e-12, "{name}: {what}: sampled {sampled}, exact {exact} (impossible)");
        }
        let z = z_of(sampled, exact, sd);
        if z.abs() > worst.0.abs() {
            worst = (z, what.clone());
        }
        assert!(z.abs() <= 4.0, "{name}: {what}: sampled {sampled} vs exact {exact}, z = {z:.2}");
    };
    let prob = |i: usize| t.events[i] as f64 / n;
    let p_sd = |p: f64| (p * (1.0 - p)).sqrt();
    for (what, i, p) in [
        ("P(A wins)", event::A_WINS, exact.win[0]),
        ("P(B wins)", event::B_WINS, exact.win[1]),
        ("P(draw)", event::DRAW, exact.draw),
        ("P(A casualty)", event::A_CASUALTY, exact.casualty[0]),
        ("P(B casualty)", event::B_CASUALTY, exact.casualty[1]),
        ("P(A first in round 1)", event::A_INITIATIVE, 0.5),
    ] {
        see(what.into(), prob(i), p, p_sd(p));
    }
    let hist = |m: usize, k: usize| t.hists[m].get(k).copied().unwrap_or(0) as f64 / n;
    for k in 1..exact.rounds.len() {
        let p = exact.rounds[k];
        see(format!("P(rounds = {k})"), hist(metric::ROUNDS, k), p, p_sd(p));
        for s in 0..2 {
            let p = exact.down_round[s][k];
            let m = if s == 0 { metric::A_KO_ROUND } else { metric::B_KO_ROUND };
            see(format!("P(side {s} first puts the other down in round {k})"), hist(m, k), p, p_sd(p));
        }
    }
    // Means: the sampled standard deviation stands in for the exact one.
    for (what, m, mean) in [
        ("E[A dealt]", metric::A_DEALT, exact.dealt[0]),
        ("E[B dealt]", metric::B_DEALT, exact.dealt[1]),
        ("E[A effort]", metric::A_EFFORT, exact.effort[0]),
        ("E[B effort]", metric::B_EFFORT, exact.effort[1]),
        ("E[rounds]", metric::ROUNDS, exact.mean_rounds()),
    ] {
        let mo = t.moments(m);
        see(what.into(), mo.mean, mean, mo.stderr * n.sqrt());
    }
    eprintln!("{name}: {trials} duels, largest |z| {:.2} ({})", worst.0, worst.1);
}

#[test]
fn the_bundled_duel_agrees_with_monte_carlo() {
    // configs/bmg-3e/duel-batman-vs-bruiser.toml: optimal-ko against max.
    agrees_with_monte_carlo(
        "Batman (optimal-ko) vs Bruiser (max)",
        duel(batman("optimal-ko"), bruiser("max"), 4),
        200_000,
        4,
    );
}

#[test]
fn the_whole_duel_optimum_agrees_with_monte_carlo_following_its_plan() {
    // Both sides `optimal-win`: the sampled duel plays the plan the dynamic programme made.
    agrees_with_monte_carlo(
        "Batman vs Bruiser, both optimal-win",
        duel(batman("optimal-win"), bruiser("optimal-win"), 4),
        200_000,
        5,
    );
    // One side optimising against a per-attack policy.
    agrees_with_monte_carlo(
        "Thug (optimal-win) vs Bruiser (optimal-hits-net), 3 rounds",
        duel(thug("optimal-win"), bruiser("optimal-hits-net"), 3),
        200_000,
        6,
    );
}

#[test]
fn wounds_casualties_and_a_shooter_agree_with_monte_carlo() {
    // Knives: ♦ damage, casualties, starting markers, effort limited by wounds (♦ / 3).
    let mut a = thug("max");
    a.start = Markers { stun: 1, wounds: 3 };
    let mut b = fighter(card(4, 3, 4, 6, 5, 3), melee(1, 1, 0), "optimal-casualty");
    b.start = Markers { stun: 0, wounds: 1 };
    agrees_with_monte_carlo("knife vs ★♦ blade, wounded", duel(a, b, 4), 200_000, 7);
    // A gunman starting apart: shoots (no effort, no blocks) until the melee fighter closes
    // in, then fights in melee with its club; shoots again at a K.O. enemy in contact.
    let mut gunman = fighter(
        card(3, 3, 4, 5, 4, 2),
        Weapon {
            kind: WeaponKind::Ranged { rate_of_fire: 2, strength: 4 },
            damage: Markers { stun: 0, wounds: 1 },
            crt: None,
        },
        "optimal-ko",
    );
    gunman.melee_weapon = melee(2, 0, 1);
    let d = Duel::new(&DuelSetup {
        a: gunman,
        b: bruiser("max"),
        rounds: 4,
        readings: Readings::default(),
        contact: false,
    });
    agrees_with_monte_carlo("gunman apart vs Bruiser", d, 200_000, 8);
}
