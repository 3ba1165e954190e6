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
