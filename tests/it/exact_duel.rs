//! The exact 2019 duel (`bmg3e::rules::duel::exact`): against an independent reading of the
//! rulebook, against the Monte Carlo duel, and the whole-duel optimal effort policy.

use crate::common;

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

/// A duel ready to sample: an `optimal-win` fighter's plan solved (what a run does first).
fn duel(a: Fighter, b: Fighter, rounds: u8) -> Duel {
    let d = Duel::new(&DuelSetup { a, b, rounds, readings: Readings::default(), contact: true });
    d.prepare().expect("no signal handler in tests");
    d
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

/// The sampled duel draws each attack's hits from its exact table; rolled die by die as the
/// rulebook describes (the tables' oracle) it must agree with the exact duel just the same.
#[test]
fn the_duel_rolled_die_by_die_agrees_too() {
    agrees_with_monte_carlo(
        "Batman (optimal-ko) vs Bruiser (max), die by die",
        duel(batman("optimal-ko"), bruiser("max"), 4).die_by_die(),
        200_000,
        9,
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

/// Against a fixed opponent the whole-duel plan is a one-player problem, so it must win at least
/// as often as every per-attack policy the fighter could play instead (each of which the
/// dynamic programme also evaluates exactly).
#[test]
fn the_plan_beats_every_per_attack_policy_against_a_fixed_opponent() {
    let policies = EffortPolicy::NAMES.iter().filter(|&&n| n != "optimal-win");
    for (name, a, b) in [
        ("Batman vs Bruiser", batman as fn(&str) -> Fighter, bruiser as fn(&str) -> Fighter),
        ("Thug vs Bruiser", thug, bruiser),
    ] {
        for opp in ["none", "max", "optimal-ko", "optimal-hits-net"] {
            let planned = solve(&duel(a("optimal-win"), b(opp), 4), [Decider::Optimize, Decider::Table]);
            for p in policies.clone() {
                let fixed = solve(&duel(a(p), b(opp), 4), [Decider::Table; 2]);
                assert!(
                    planned.win[0] >= fixed.win[0] - 1e-12,
                    "{name}, B {opp}: A's plan {} < A's `{p}` {}",
                    planned.win[0],
                    fixed.win[0]
                );
            }
            // And as B.
            let planned = solve(&duel(a(opp), b("optimal-win"), 4), [Decider::Table, Decider::Optimize]);
            for p in policies.clone() {
                let fixed = solve(&duel(a(opp), b(p), 4), [Decider::Table; 2]);
                assert!(planned.win[1] >= fixed.win[1] - 1e-12, "{name}, A {opp}: B's plan loses to `{p}`");
            }
        }
    }
    // It strictly gains somewhere: Batman's plan against a maximal Bruiser beats his best
    // per-attack policy (effort ★ carried into the next round are worth weighing).
    let planned = solve(&duel(batman("optimal-win"), bruiser("max"), 4), [Decider::Optimize, Decider::Table]);
    let best_fixed =
        policies.map(|p| solve(&duel(batman(p), bruiser("max"), 4), [Decider::Table; 2]).win[0]).fold(0.0, f64::max);
    assert!(planned.win[0] > best_fixed + 0.01, "plan {} vs best per-attack {best_fixed}", planned.win[0]);
}

/// The plan respects the effort limits and the declaration order's consequences: no effort
/// against a shot, none by a K.O. target, never more than the limits.
#[test]
fn the_plan_respects_the_limits() {
    let s = solve(&duel(batman("optimal-win"), bruiser("optimal-win"), 4), [Decider::Optimize; 2]);
    assert!(!s.situations.is_empty());
    for x in &s.situations {
        let (t, a) = x.effort;
        assert!(t <= x.limits.0 && a <= x.limits.1, "{x:?}");
    }
    let total: f64 = s.win.iter().sum::<f64>() + s.draw;
    assert!((total - 1.0).abs() < 1e-12, "outcomes sum to {total}");
    let rounds: f64 = s.rounds.iter().sum();
    assert!((rounds - 1.0).abs() < 1e-12);
}

/// The configuration path: `effort = "optimal-win"` in a bundled-style duel, the report's
/// exact section, its chart and `effort-plan.csv`; a misspelt policy names the allowed ones.
#[test]
fn a_duel_report_carries_the_exact_duel_and_the_plan() {
    let d = common::tmp("exact_duel", "report");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::copy(root.join("configs/bmg-3e/cards.toml"), d.join("cards.toml")).unwrap();
    let config = std::fs::read_to_string(root.join("configs/bmg-3e/duel-batman-vs-bruiser.toml"))
        .unwrap()
        .replace("effort = \"optimal-ko\"", "effort = \"optimal-win\"");
    assert!(config.contains("optimal-win"));
    std::fs::write(d.join("duel.toml"), &config).unwrap();
    let out = common::bin_run(&d, &["run", "duel.toml", "--trials", "20000", "--out", "out", "--quiet"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("out/results.json")).unwrap()).unwrap();
    let x = &json["exact_duel"];
    let p = x["configured"]["a_wins"].as_f64().unwrap();
    // Batman plans, the Bruiser makes the most effort: the sampled P(A wins) agrees.
    let sampled = &json["cells"][0]["events"]["a_wins"];
    let (lo, hi) = (sampled["ci95"][0].as_f64().unwrap(), sampled["ci95"][1].as_f64().unwrap());
    let slack = (hi - lo) / 2.0; // a 95 % interval misses 1 time in 20: allow 2 half-widths
    assert!(lo - slack <= p && p <= hi + slack, "exact {p} vs sampled [{lo}, {hi}]");
    assert!(x["gains"][0]["optimal"].as_f64().unwrap() > x["gains"][0]["per_attack"].as_f64().unwrap());
    let plan = std::fs::read_to_string(d.join("out/effort-plan.csv")).unwrap();
    assert!(plan.starts_with("round,attacker,first,a_stun,a_wounds,b_stun,b_wounds,contact,reach,"));
    assert_eq!(plan.lines().count() - 1, x["plan"].as_array().unwrap().len());
    assert!(d.join("out/duel-effort-plan.png").exists());
    let md = std::fs::read_to_string(d.join("out/summary.md")).unwrap();
    assert!(md.contains("Planning effort over the whole duel (exact)") && md.contains("Whole-duel effort plan"));
    // A misspelt policy: one line naming the file, the field and every policy.
    std::fs::write(d.join("bad.toml"), config.replace("optimal-win", "optimal-wins")).unwrap();
    let out = common::bin_run(&d, &["run", "bad.toml", "--out", "bad"]);
    assert_eq!(out.status.code(), Some(2));
    let e = String::from_utf8_lossy(&out.stderr);
    assert!(e.contains("bad.toml:") && e.contains("duel.a.effort") && e.contains("`optimal-win`"), "{e}");
    assert!(!d.join("bad").exists());
}

/// The 2013 duel: its report carries the exact duel (configured splits, planning against each
/// fixed policy, the plan in `split-plan.csv` and a chart), and an `optimal-win` fighter's
/// sampled duel — which follows the solved plan — agrees with the exact figures; a misspelt
/// split names every policy.
#[test]
fn a_2013_duel_report_carries_the_exact_duel_and_the_split_plan() {
    let d = common::tmp("exact_duel", "report_1e");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::copy(root.join("configs/bmg-1e/cards.toml"), d.join("cards.toml")).unwrap();
    let config = std::fs::read_to_string(root.join("configs/bmg-1e/duel-batman-vs-bruiser.toml"))
        .unwrap()
        .replace("effort = \"attack_first\"", "effort = \"optimal-win\"");
    assert!(config.contains("optimal-win"));
    std::fs::write(d.join("duel.toml"), &config).unwrap();
    let out = common::bin_run(&d, &["run", "duel.toml", "--trials", "100000", "--out", "out", "--quiet"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("out/results.json")).unwrap()).unwrap();
    let x = &json["exact_duel"];
    for (event, exact) in [("a_wins", "a_wins"), ("b_wins", "b_wins"), ("draw", "draw")] {
        let q = x["configured"][exact].as_f64().unwrap();
        let p = json["cells"][0]["events"][event]["p"].as_f64().unwrap();
        let z = (p - q) / (q * (1.0 - q) / 100_000.0).sqrt();
        assert!(z.abs() <= 4.0, "{event}: sampled {p}, exact {q}, z = {z:.2}");
    }
    // Batman plans: his P(win) against the Bruiser's best answer is at least every fixed policy's.
    let g = &x["gains"][0];
    assert_eq!(g["configured"], "optimal-win");
    for k in ["attack_first", "balanced", "defend_first"] {
        assert!(g["optimal"].as_f64().unwrap() >= g[k].as_f64().unwrap() - 1e-12, "{k}: {g}");
    }
    let plan = std::fs::read_to_string(d.join("out/split-plan.csv")).unwrap();
    assert!(plan.starts_with("round,leader,a_stun,a_wounds,a_down,b_stun,b_wounds,b_down,reach,a_attack,"));
    assert_eq!(plan.lines().count() - 1, x["plan"].as_array().unwrap().len());
    assert!(d.join("out/duel-split-plan.png").exists());
    let md = std::fs::read_to_string(d.join("out/summary.md")).unwrap();
    assert!(md.contains("Planning the counter split over the whole duel (exact)") && md.contains("Counter-split plan"));
    // Rerunning over the report replaces it (split-plan.csv is the report's own file).
    let again = common::bin_run(&d, &["run", "duel.toml", "--trials", "1000", "--out", "out", "--quiet"]);
    assert!(again.status.success(), "{}", String::from_utf8_lossy(&again.stderr));
    std::fs::write(d.join("bad.toml"), config.replace("optimal-win", "optimal-wins")).unwrap();
    let out = common::bin_run(&d, &["run", "bad.toml", "--out", "bad"]);
    assert_eq!(out.status.code(), Some(2));
    let e = String::from_utf8_lossy(&out.stderr);
    assert!(e.contains("bad.toml:") && e.contains("duel.a.effort") && e.contains("`optimal-win`"), "{e}");
    assert!(!d.join("bad").exists());
}

/// `skirmish-odds check` holds both editions' bundled duels to their exact solution: P(win),
/// P(draw), casualties, every P(rounds = k) and the mean damage, each with its z.
#[test]
fn check_holds_the_sampled_duels_to_the_exact_duels() {
    let d = common::tmp("exact_duel", "check");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for cfg in ["configs/bmg-3e/duel-batman-vs-bruiser.toml", "configs/bmg-1e/duel-batman-vs-bruiser.toml"] {
        let path = root.join(cfg);
        let out = common::bin_run(&d, &["check", path.to_str().unwrap(), "--trials", "50000"]);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{cfg}: {text}{}", String::from_utf8_lossy(&out.stderr));
        // The heading names the config's path and is wrapped to the terminal width, so where it
        // breaks depends on where the repository lives (CI's clone has a longer path).
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains("1 of 1 cells have an exact answer"), "{cfg}: {text}");
        for q in ["P(a_wins)", "P(b_wins)", "P(draw)", "P(rounds = 1)", "mean a_dealt"] {
            assert!(text.contains(q), "{cfg}: {q} missing in {text}");
        }
        assert!(text.contains("check passed"), "{cfg}: {text}");
    }
}

/// A solved duel's outcome table leads with the exact figure; the sampled one stands beside it
/// as a check, with its z = (sampled − exact) / √(p(1 − p)/n) — in the terminal and in
/// summary.md (issue #25: not a second answer).
#[test]
fn a_solved_duel_leads_with_the_exact_outcome_and_checks_it_by_sampling() {
    for config in ["configs/bmg-1e/duel-batman-vs-bruiser.toml", "configs/bmg-3e/duel-batman-vs-bruiser.toml"] {
        let d = common::tmp("exact_duel", &format!("leads_{}", config.split('/').nth(1).unwrap()));
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let path = root.join(config);
        let out = common::bin_run(&d, &["run", path.to_str().unwrap(), "--trials", "20000", "--out", "out"]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let term = String::from_utf8(out.stdout).unwrap();
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(d.join("out/results.json")).unwrap()).unwrap();
        let q = json["exact_duel"]["configured"]["a_wins"].as_f64().unwrap();
        let e = &json["cells"][0]["events"]["a_wins"];
        let p = e["p"].as_f64().unwrap();
        let z = (p - q) / (q * (1.0 - q) / 20_000.0).sqrt();
        let z = format!("{:.1}", z.abs());
        let z = if z == "0.0" {
            z
        } else if p < q {
            format!("−{z}")
        } else {
            format!("+{z}")
        };
        let sampled = skirmish_odds::text::pct_ci(p, e["ci95"][0].as_f64().unwrap(), e["ci95"][1].as_f64().unwrap());
        let (exact, md) = (skirmish_odds::text::pct(q), std::fs::read_to_string(d.join("out/summary.md")).unwrap());
        assert!(md.contains("| event | exact | sampled check | z |"), "{config}:\n{md}");
        assert!(
            md.contains(&format!("is not) | {exact} | {sampled} | {z} |")),
            "{config}: {exact} {sampled} {z}\n{md}"
        );
        assert!(term.contains("Duel outcome: exact (every state enumerated)"), "{config}:\n{term}");
        let row = term.lines().find(|l| l.contains(" wins (the opponent")).expect("the A wins row");
        let cells: Vec<&str> = row.split("  ").map(str::trim).filter(|c| !c.is_empty()).collect();
        assert_eq!(cells[1..], [exact.as_str(), sampled.as_str(), z.as_str()], "{config}: exact first:\n{term}");
    }
}
