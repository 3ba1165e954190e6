//! The exact evaluator (`--exact`, and the default wherever it is cheaper) against oracles that
//! share none of its code: the face-by-face odometer `exact::enumerate`, the 2019 attack
//! convolution `bmg3e::rules::convolution::attack`, and fractions worked out by hand. Plus its command-line face:
//! errors, fractions in JSON and CSV, shards, and `check`.

use crate::common;

use crate::common::tmp;
use skirmish_odds::config::Overrides;
use skirmish_odds::dice::Dice;
use skirmish_odds::engine::{Outcome, Shape, Tally, Trial};
use skirmish_odds::exact::{self, Budget, Exact};
use skirmish_odds::registry;
use skirmish_odds::stats::fraction;
use skirmish_odds::systems::bichos::rules::{self as bichos, trial::TrialBichos};
use std::path::Path;

/// Exit code, stdout, stderr.
fn bin_run(cwd: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let o = common::bin_run(cwd, args);
    (o.status.code(), String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned())
}

fn load(path: &str) -> skirmish_odds::analysis::scenario::Scenario {
    registry::load(Path::new(path), &Overrides::default()).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// An exact tally and an oracle's distribution agree to the oracle's float rounding (it sums 6^-k
/// in f64), metric by metric and event by event.
fn agree(what: &str, t: &Tally, o: &Exact) {
    assert!(t.exact, "{what}: not exact");
    for (i, h) in o.metrics.iter().enumerate() {
        for (v, &p) in h.iter().enumerate() {
            let q = t.exactly(i, v, 0.0).p;
            assert!((p - q).abs() < 1e-9, "{what}: metric {i} = {v}: oracle {p}, evaluator {q}");
        }
    }
    for (i, &p) in o.events.iter().enumerate() {
        let q = t.event(i, 0.0).p;
        assert!((p - q).abs() < 1e-9, "{what}: event {i}: oracle {p}, evaluator {q}");
    }
}

/// Every bundled cell the evaluator answers and that rolls at most 7 dice is also walked face by
/// face (6^7 paths at most): the two must give the same distribution. Covers the bundled single
/// resolutions of both Batman editions, ¡Bichos!, Mordheim and the threat range. Wolsung's
/// bundled exact cells (shots, melee attacks and spells with a hero's hand, initiative bids,
/// leaving combat) draw cards or roll more than 7 dice, which the face-by-face oracle cannot
/// follow: `wolsung_kinds_equal_card_by_card_enumeration` walks small hands card by card instead,
/// and `skirmish-odds check` holds the bundled cells to the sampler in CI.
#[test]
fn the_evaluator_equals_face_by_face_enumeration_on_the_bundled_cells() {
    let mut compared = 0;
    let mut systems = std::collections::BTreeSet::new();
    for entry in walk(Path::new("configs")) {
        let Ok(sc) = registry::load(&entry, &Overrides::default()) else { continue };
        for c in &sc.cells {
            if c.trial.exact_offered().is_err() {
                continue;
            }
            let Ok(t) = c.trial.exact(Budget { leaves: 20_000, depth: 100 }) else { continue };
            let Some(o) = common::enumerate_cell(&c.trial, 7) else { continue };
            agree(&format!("{} / {}", entry.display(), c.label), &t, &o);
            compared += 1;
            systems.insert(sc.ruleset);
        }
    }
    assert!(compared >= 50, "only {compared} cells compared");
    // Every system of the registry whose cells are dice alone (Wolsung's deal cards: its own
    // card-by-card oracle is `wolsung_kinds_equal_card_by_card_enumeration`).
    let dice_systems = skirmish_odds::registry::SYSTEMS.iter().filter(|s| s.name() != "wolsung").count();
    assert_eq!(systems.len(), dice_systems, "{systems:?}");
}

/// Wolsung shots, melee attacks and spells with heroes' hands (the evaluator deals each hand as
/// counts per card class in one step) against `exact::enumerate_draws`, which deals every card
/// one at a time and rolls every die: hands small enough for that (52 · 51 · 50 sequences at
/// most), covering two hands from one deck, cards kept across two shots, Beginner's luck, every
/// policy, a spell's cost of one and two cards of the caster's suit, red and black.
#[test]
fn wolsung_kinds_equal_card_by_card_enumeration() {
    use skirmish_odds::systems::wolsung::rules::*;
    let shot = ShootingTurn {
        d: 1,
        dice_mod: 0,
        elevation: 0,
        movement_penalty: 0,
        rapid_move: false,
        floor: PenaltyFloor::Pool,
        actions: 1,
        rapid_fire: 1,
        target_dice: 1,
        reaction: Reaction::Stand,
        damage: 2,
        armour: 0,
        wounds: 3,
        hard_to_kill: false,
        fresh_target_each_shot: false,
        shooter_hand: 2,
        shooter_policy: Policy::FewestToWin,
        target_hand: 1,
        target_policy: Policy::AllIn,
        beginners_luck: false,
        target_luck: false,
    };
    // Two shots at one target, the hand kept between them, the shooter's luck once.
    let two_shots = ShootingTurn {
        actions: 2,
        shooter_hand: 2,
        target_hand: 0,
        shooter_policy: Policy::NumberCardsOnly,
        beginners_luck: true,
        ..shot.clone()
    };
    let melee = Melee {
        attacker_dice: 1,
        defender_dice: 1,
        guard: Guard::OnGuard,
        attacker_damage: 2,
        defender_damage: 3,
        attacker_armour: 0,
        defender_armour: 1,
        attacker_wounds: 3,
        defender_wounds: 3,
        hard_to_kill: (false, true),
        attacker_hand: 1,
        attacker_policy: Policy::AllIn,
        defender_hand: 1,
        defender_policy: Policy::FewestToWin,
        luck: (true, true),
        readings: Readings::default(),
    };
    // A ♦ caster (red, the missile's colour) paying two cards from three.
    let missile = Magic {
        magic_dice: 1,
        target_dice: Some(1),
        difficulty: 0,
        damage: 2,
        armour: 0,
        target_wounds: 3,
        target_hard_to_kill: false,
        target_luck: false,
        target_hand: 0,
        target_policy: Policy::Never,
        hand: 3,
        suit: 2,
        cost: 2,
        policy: Policy::FewestToWin,
    };
    // A ♥ caster's aura (black feats: its own suit cannot add), cost 1, against a target hero.
    let aura = Magic { target_dice: None, difficulty: 1, hand: 2, suit: 1, cost: 1, ..missile.clone() };
    let targeted =
        Magic { target_hand: 1, target_policy: Policy::AllIn, target_luck: true, hand: 2, cost: 1, ..missile.clone() };
    let cases = [
        ("two heroes shoot", TrialWolsung::Shooting(shot)),
        ("two shots, cards kept, luck", TrialWolsung::Shooting(two_shots)),
        ("melee, both lucky heroes", TrialWolsung::Melee(melee)),
        ("missile, cost 2", TrialWolsung::Magic(missile)),
        ("aura, cost 1", TrialWolsung::Magic(aura)),
        ("missile at a hero", TrialWolsung::Magic(targeted)),
    ];
    for (what, trial) in &cases {
        let t = exact::evaluate(trial, Budget::EXPLICIT).unwrap_or_else(|e| panic!("{what}: {e}"));
        let o = exact::enumerate_draws(trial, 12).unwrap_or_else(|| panic!("{what}: too long for the oracle"));
        agree(what, &t, &o);
        // Cards were really played: some outcome spends one.
        let spent = trial.shape().metrics.iter().position(|&(n, _)| n.ends_with("cards") || n == "cards_spent");
        assert!(spent.is_some_and(|i| o.metrics[i][0] < 1.0 - 1e-6), "{what}: no card spent");
    }
}

/// One shot by a hero with a hand of one card, by hand from the rulebook. One die against one
/// die, each succeeding on 4+ (½): the shot hits on s ≥ t (the active side wins ties). s = 1,
/// t = 0 (¼): hit with 1 critical. s = t (½): hit, no critical, and the shooter is not behind so
/// keeps the card. s = 0, t = 1 (¼): behind, `fewest_to_win` adds a red card if the one card is
/// red (26/52): a J, Q, K or A (8/52) adds 2 → 2 v 1, hit with 1 critical; a 2–10 (18/52) adds 1
/// → 1 v 1, hit. So P(hit) = ¾ + ¼ · ½ = 7/8, P(first-shot criticals = 1) = ¼ + ¼ · 8/52 = 15/52,
/// P(a card spent) = ¼ · ½ = 1/8; the card is held with P = 7/8 whatever happens.
#[test]
fn wolsung_hero_shot_with_one_card_by_hand() {
    use skirmish_odds::systems::wolsung::rules::*;
    let shot = ShootingTurn {
        d: 1,
        dice_mod: 0,
        elevation: 0,
        movement_penalty: 0,
        rapid_move: false,
        floor: PenaltyFloor::Pool,
        actions: 1,
        rapid_fire: 1,
        target_dice: 1,
        reaction: Reaction::Stand,
        damage: 2,
        armour: 0,
        wounds: 5,
        hard_to_kill: false,
        fresh_target_each_shot: false,
        shooter_hand: 1,
        shooter_policy: Policy::FewestToWin,
        target_hand: 0,
        target_policy: Policy::Never,
        beginners_luck: false,
        target_luck: false,
    };
    let t = exact::evaluate(&shot, Budget::EXPLICIT).unwrap();
    let is = |count: u128, num: u128, den: u128| count * den == num * t.trials;
    assert!(is(t.events[0], 7, 8), "P(first_hit) = {}/{}", t.events[0], t.trials);
    assert!(is(t.hists[2][1], 15, 52), "P(first_shot_crits = 1) = {}/{}", t.hists[2][1], t.trials);
    assert!(is(t.hists[4][1], 1, 8), "P(shooter_cards = 1) = {}/{}", t.hists[4][1], t.trials);
    // Over 4 dice outcomes × 52 cards, in lowest terms: every probability above is in 104ths.
    assert_eq!(t.trials, 104);
}

/// 2019 attacks with up to 12 attack dice and 6 block dice against the binomial convolution.
#[test]
fn the_evaluator_equals_the_attack_convolution() {
    for path in [
        "configs/bmg-3e/loadout-comparison.toml",
        "configs/bmg-3e/effort-table.toml",
        "configs/bmg-3e/defense-sweep.toml",
    ] {
        for c in &load(path).cells {
            use skirmish_odds::systems::bmg3e::rules::{Trial3e, convolution};
            let Some(Trial3e::Attack(a)) = c.trial.downcast() else { panic!("{path}: attacks only") };
            let t = exact::evaluate(a, Budget::EXPLICIT).unwrap();
            agree(&format!("{path} / {}", c.label), &t, &convolution::attack(a));
        }
    }
}

/// JSON and CSV of an exact run: fractions beside the floats, zero-width intervals, no counts;
/// the critical (a natural 6 on the Strength die) is 1/6 by hand.
#[test]
fn fractions_in_json_and_csv_are_the_hand_values() {
    let d = tmp("exact_answers", "fractions");
    let cfg = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-3e/batman-vs-thug.toml");
    let (code, out, err) = bin_run(&d, &["run", cfg.to_str().unwrap(), "--exact", "--json", "--out", "r"]);
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["exact_cells"], 1);
    assert_eq!(v["trials"], 0, "nothing sampled");
    let cell = &v["cells"][0];
    assert_eq!(cell["exact"], true);
    // Critical = the Strength die shows a natural 6.
    assert_eq!(cell["events"]["critical"]["exact"], "1/6");
    assert!(cell["events"]["critical"].get("count").is_none(), "no trial count for an exact cell");
    let ko = &cell["events"]["ko"];
    assert_eq!(ko["ci95"][0], ko["p"]);
    assert_eq!(ko["ci95"][1], ko["p"]);
    // The fraction and the float say the same.
    let (n, dd) = ko["exact"].as_str().unwrap().split_once('/').unwrap();
    let f = n.parse::<f64>().unwrap() / dd.parse::<f64>().unwrap();
    assert!((f - ko["p"].as_f64().unwrap()).abs() < 1e-15);
    let csv = std::fs::read_to_string(d.join("r/results.csv")).unwrap();
    assert!(csv.lines().next().unwrap().ends_with(",count,trials,exact"), "the CSV gains an `exact` column");
    assert!(csv.lines().any(|l| l.contains(",critical,p,") && l.ends_with(",,,1/6")), "{csv}");
    let summary = std::fs::read_to_string(d.join("r/summary.md")).unwrap();
    assert!(summary.contains("Method: exact"), "{summary}");
}

/// `--exact` where a kind has no exact evaluator: exit 2, one line naming the flag or the config
/// line, the cell and why; nothing written.
#[test]
fn exact_is_refused_where_it_cannot_be_done() {
    let d = tmp("exact_answers", "refused");
    let cfg = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-3e/duel-batman-vs-bruiser.toml");
    let (code, _, err) = bin_run(&d, &["run", cfg.to_str().unwrap(), "--exact", "--out", "r"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--exact") && err.contains("cannot be evaluated exactly") && err.contains("duel"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(!d.join("r").exists(), "nothing written");
    // In a config: the error points at the `exact` line.
    let text = std::fs::read_to_string(&cfg).unwrap().replace("kind = \"duel\"", "kind = \"duel\"\nexact = true");
    std::fs::write(d.join("duel.toml"), text).unwrap();
    let cards = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-3e/cards.toml");
    std::fs::copy(cards, d.join("cards.toml")).unwrap();
    let (code, _, err) = bin_run(&d, &["validate", "duel.toml"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("duel.toml:") && err.contains("field `exact`"), "{err}");
    // Beyond 128 bits: 200 shots of a heavy weapon, refused with the reason.
    let seq = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bichos/res-sweep.toml");
    let (code, _, err) = bin_run(&d, &["run", seq.to_str().unwrap(), "--exact", "--out", "r2"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("cannot be evaluated exactly") && err.contains("sequence") && err.contains("128 bits"),
        "{err}"
    );
    assert!(!d.join("r2").exists());
}

/// Every bundled scenario of every rule system runs with `--exact` — every cell exact, nothing
/// sampled — except those refused by design, each with its reason: duels and balance tests
/// (fights until a side falls; a 2019 duel's report carries its exact figures anyway), paired
/// comparisons (shared dice) and ¡Bichos! sequences of attacks (denominators beyond 128 bits).
/// The 2013 counter splits (`counters-exchange`, `counters-grid`) were refused before the damage
/// dice and the Collateral die became one aggregate roll.
#[test]
fn every_bundled_single_resolution_config_runs_exact() {
    let d = tmp("exact_answers", "all_exact");
    let sequences = ["big-bug-grid", "res-sweep", "shots-to-kill-big-bug", "weapons-vs-bugs"];
    let (mut exact, mut refused) = (Vec::new(), 0);
    for cfg in walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join("configs")) {
        let text = std::fs::read_to_string(&cfg).unwrap();
        // A scenario states its `kind` before its first section; a library of cards does not.
        let top = text.lines().take_while(|l| !l.starts_with('['));
        let Some(kind) = top.into_iter().find_map(|l| l.strip_prefix("kind = \"")).map(|k| k.trim_end_matches('"'))
        else {
            continue;
        };
        let system = cfg.parent().unwrap().file_name().unwrap().to_str().unwrap().to_string();
        let name = format!("{system}-{}", cfg.file_stem().unwrap().to_str().unwrap());
        let why = match kind {
            "duel" | "balance" => Some("duel"),
            "paired" => Some("paired"),
            _ if sequences.iter().any(|s| name == format!("bichos-{s}")) => Some("sequence"),
            // Four shots' RES-lost distribution needs a common denominator beyond 128 bits (its
            // P(out) alone would fit): solved by dynamic programming, the cell sampled as its check.
            _ if name == "bichos-squad-vs-big-bug" => Some("128 bits"),
            _ => None,
        };
        let (code, _, err) = bin_run(&d, &["run", cfg.to_str().unwrap(), "--exact", "--quiet", "--out", &name]);
        match why {
            Some(why) => {
                assert_eq!(code, Some(2), "{name}: {err}");
                assert!(err.contains("cannot be evaluated exactly") && err.contains(why), "{name}: {err}");
                refused += 1;
            }
            None => {
                assert_eq!(code, Some(0), "{name}: {err}");
                let json = std::fs::read_to_string(d.join(&name).join("results.json")).unwrap();
                let v: serde_json::Value = serde_json::from_str(&json).unwrap();
                assert_eq!(v["exact_cells"].as_u64(), v["cells"].as_array().map(|c| c.len() as u64), "{name}");
                assert_eq!(v["trials"], 0, "{name}: nothing sampled");
                exact.push(name);
            }
        }
    }
    for name in [
        "bmg-1e-counters-exchange",
        "bmg-1e-counters-grid",
        "bmg-3e-batman-vs-thug",
        "bichos-encounter",
        "wolsung-pistol-vs-rifle",
        "mordheim-warrior-movement",
        "all-threat-range",
    ] {
        assert!(exact.contains(&name.to_string()), "{name} not run exactly: {exact:?}");
    }
    // Every bundled scenario was either run exactly or refused for its reason: none slipped
    // through (the counts follow the bundled configs, not a number kept here by hand).
    assert_eq!(exact.len() + refused, common::bundled_scenarios().len(), "{exact:?}");
    assert!(refused > 0 && exact.len() > refused, "{} exact, {refused} refused", exact.len());
}

/// A trial walked whole: `Trial::parts` left at its default, so the evaluator enumerates the
/// joint outcome sequences of all its parts — the oracle for the side-by-side walk.
struct Whole<T>(T);

impl<T: Trial> Trial for Whole<T> {
    fn shape(&self) -> Shape {
        self.0.shape()
    }
    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        self.0.run(dice)
    }
}

/// A shot at two figures walked target by target equals the walk over every joint outcome
/// sequence, fraction for fraction (a POT of 2 never gives "H", which keeps the joint walk to a
/// few million sequences, against a few thousand target by target); and the rifle at three small bugs after a 30 cm move hits each
/// as the firing table says (seed 568–580, HDA 10, no cover, effective range): the first on 2,
/// 3, 5, 6, 8, 9, 11, 12 — 24/36 = 2/3; the second misses the 5 as well ("moved ≥ 30 cm, 2nd
/// and 3rd target"): 20/36 = 5/9; the third the 8 too ("3rd target"): 15/36 = 5/12. Criticals:
/// 2, 5, 8, 11, 12 = 13/36; without the 5, 9/36 = 1/4; without the 8 as well, 4/36 = 1/9.
#[test]
fn a_shot_at_several_figures_is_its_targets_side_by_side() {
    let small = bichos::PROFILES[3].2;
    let at = |i: u8, moved: bool| bichos::Situation { target_index: i, shooter_moved_far: moved, ..Default::default() };
    let shot = bichos::Shot {
        shooter_hda: 7,
        damage_dice: 1,
        pot: 2,
        shooting: true,
        rules: bichos::HitRules::default(),
        targets: vec![(small, at(1, false)), (small, at(2, true))],
    };
    let split = exact::evaluate(&shot, Budget::EXPLICIT).unwrap();
    let joint = exact::evaluate(&Whole(shot), Budget::EXPLICIT).unwrap();
    assert!(split.exact && joint.exact);
    assert_eq!((split.trials, &split.hists, &split.events), (joint.trials, &joint.hists, &joint.events));
    assert_ne!(split.events[0], split.events[5], "the two targets differ, so a mix-up would show");

    let cfg = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bichos/rifle-three-targets.toml");
    let d = tmp("exact_answers", "three_targets");
    let (code, out, err) = bin_run(&d, &["run", cfg.to_str().unwrap(), "--exact", "--json", "--quiet", "--out", "r"]);
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let events = &v["cells"][0]["events"];
    for (event, p) in [
        ("wounded_t1", "2/3"),
        ("wounded_t2", "5/9"),
        ("wounded_t3", "5/12"),
        ("critical_wound_t1", "13/36"),
        ("critical_wound_t2", "1/4"),
        ("critical_wound_t3", "1/9"),
    ] {
        assert_eq!(events[event]["exact"], p, "{event}");
    }
}

/// "¿Ahora qué?" FDV 9 against 7 (seed 307–315: 1D6 + FDV each, higher first, ties re-rolled),
/// by hand: A's die a, B's b; a tie is b = a + 2 (4 of 36 pairs, 1/9), B higher is b ≥ a + 3 (6
/// pairs), A higher the other 26. A acts first with 26/36 · Σ (1/9)^k = 26/32 = 13/16; the
/// roll-off takes k rolls with (1/9)^(k−1) · 8/9 = 8/9^k, and 20 or more (reported as 20) with
/// (1/9)^19 — exactly, though the re-rolls have no end.
#[test]
fn the_opposed_roll_is_a_geometric_series_summed_exactly() {
    let sc = load("configs/bichos/reaction-tests.toml");
    let cell = sc.cells.iter().find(|c| c.label.contains("Ahora")).expect("the ¿Ahora qué? cell");
    assert!(matches!(cell.trial.downcast(), Some(TrialBichos::Opposed(_))));
    let t = cell.trial.exact(Budget::EXPLICIT).unwrap();
    assert_eq!(fraction(t.events[0], t.trials), "13/16");
    for k in 1..20u32 {
        assert_eq!(fraction(t.hists[0][k as usize], t.trials), format!("8/{}", 9u128.pow(k)), "{k} rolls");
    }
    assert_eq!(fraction(t.hists[0][20], t.trials), format!("1/{}", 9u128.pow(19)), "20 rolls or more");
    assert_eq!(t.hists[0][0], 0);
}

/// encounter.toml by hand (seed 519–546): number 9 + 2 (jungle) + 1 (a hole) − 2 (soldiers) =
/// 10, a hole opens on 2D6 ≤ 10: 33/36 = 11/12. Direction 1D6: 1–4 a direction, 5–6 tremors and a
/// re-roll next turn, in successive turns until it opens (seed l. 535, no limit): k tremor turns
/// (1/3)^k · 2/3 = 2/3^(k+1) for k < 30, "30 or more" with 3^−30; it opens this turn with
/// 11/12 · 2/3 = 11/18; in front with 11/12 · 1/6 · Σ_k 3^−k = 11/12 · 1/4 = 11/48 (issue #39:
/// the re-rolling stopped after 30 turns, giving 11/12 · (1 − 3^−30)/4). Distance 3D6 × 5 cm. Bugs: 4 humans +
/// 1D6; each big on 2D6 of 2, 3, 10, 11, 12 (9/36 = 1/4): j big with
/// Σ_t 1/6 · C(t, j) (1/4)^j (3/4)^(t−j), t = 5..10; the first is big with 1/4.
#[test]
fn the_encounter_equals_its_closed_forms() {
    let sc = load("configs/bichos/encounter.toml");
    let t = sc.cells[0].trial.exact(Budget::EXPLICIT).unwrap();
    let p = |c: u128| fraction(c, t.trials);
    let f = |n: u128, d: u128| fraction(n, d);
    let three30 = 3u128.pow(30);
    assert_eq!(p(t.events[0]), "11/12");
    assert_eq!(p(t.events[1]), "11/18");
    for e in 2..6 {
        assert_eq!(p(t.events[e]), "11/48", "direction {}", e - 1);
    }
    for k in 0..30u32 {
        assert_eq!(p(t.hists[0][k as usize]), f(2, 3u128.pow(k + 1)), "{k} tremor turns");
    }
    assert_eq!(p(t.hists[0][30]), f(1, three30));
    let mut ways = [0u128; 19];
    for (a, b, c) in (1..=6).flat_map(|a| (1..=6).flat_map(move |b| (1..=6).map(move |c| (a, b, c)))) {
        ways[a + b + c] += 1;
    }
    for (s, &w) in ways.iter().enumerate() {
        assert_eq!(p(t.hists[1][5 * s]), f(w, 216), "distance {} cm", 5 * s);
    }
    for n in 5..=10 {
        assert_eq!(p(t.hists[2][n]), "1/6", "{n} bugs");
    }
    let choose = |n: u128, k: u128| (0..k).fold(1u128, |c, i| c * (n - i) / (i + 1));
    for j in 0..=10u128 {
        // Over 6 · 4^10: t bugs, j big: C(t, j) 3^(t−j) · 4^(10−t).
        let w: u128 = (5..=10u128)
            .filter(|&n| n >= j)
            .map(|n| choose(n, j) * 3u128.pow((n - j) as u32) * 4u128.pow((10 - n) as u32))
            .sum();
        assert_eq!(p(t.hists[3][j as usize]), f(w, 6 * 4u128.pow(10)), "{j} big bugs");
    }
    assert_eq!(p(t.hists[4][1]), "1/4");
}

/// Shards: exact cells are carried whole by every shard and taken once by `merge`; the merged
/// report equals the single run's.
#[test]
fn shards_carry_exact_cells_and_merge_to_the_single_run() {
    let d = tmp("exact_answers", "shards");
    // A 2013 comparison: every cell is exact at these trials, so shards only carry tallies.
    let cfg = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-1e/loadout-comparison.toml");
    let c = cfg.to_str().unwrap();
    let (code, single, err) = bin_run(&d, &["run", c, "--json", "--trials", "20000", "--out", "one"]);
    assert_eq!(code, Some(0), "{err}");
    for i in 1..=2 {
        let (code, _, err) = bin_run(
            &d,
            &["run", c, "-q", "--trials", "20000", "--shard", &format!("{i}/2"), "--out", &format!("p{i}.json")],
        );
        assert_eq!(code, Some(0), "{err}");
    }
    let (code, merged, err) = bin_run(&d, &["merge", "p1.json", "p2.json", "--json", "--out", "m"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(merged, single, "merged shards equal the single run");
    let v: serde_json::Value = serde_json::from_str(&merged).unwrap();
    assert!(v["exact_cells"].as_u64().unwrap() > 0);
}

/// `check` passes on a bundled attack, in 100 columns (its failing side is unit-tested in
/// `analysis::check` on a deliberately wrong sample).
#[test]
fn check_passes_on_a_bundled_attack() {
    let d = tmp("exact_answers", "check");
    let cfg = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-3e/batman-vs-thug.toml");
    let (code, out, err) = bin_run(&d, &["check", cfg.to_str().unwrap(), "--trials", "100000"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("P(ko)") && out.contains("check passed"), "{out}");
    for line in out.lines() {
        assert!(line.chars().count() <= 100, "check output fits 100 columns: {line}");
    }
}

fn walk(d: &Path) -> Vec<std::path::PathBuf> {
    let mut v = Vec::new();
    for e in std::fs::read_dir(d).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            v.extend(walk(&p));
        } else if p.extension().is_some_and(|x| x == "toml") {
            v.push(p);
        }
    }
    v.sort();
    v
}
