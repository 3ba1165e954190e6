//! The exact evaluator (`--exact`, and the default wherever it is cheaper) against oracles that
//! share none of its code: the face-by-face odometer `exact::enumerate`, the 2019 attack
//! convolution `exact::attack`, and fractions worked out by hand. Plus its command-line face:
//! errors, fractions in JSON and CSV, shards, and `check`.

mod common;

use common::tmp;
use skirmish_odds::analysis::scenario::AnyTrial;
use skirmish_odds::config::{self, Overrides};
use skirmish_odds::engine::Tally;
use skirmish_odds::exact::{self, Budget, Exact};
use std::path::Path;

/// Exit code, stdout, stderr.
fn bin_run(cwd: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let o = common::bin_run(cwd, args);
    (o.status.code(), String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned())
}

fn load(path: &str) -> skirmish_odds::analysis::scenario::Scenario {
    config::load(Path::new(path), &Overrides::default()).unwrap_or_else(|e| panic!("{path}: {e}"))
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
/// bundled exact cells (initiative bids, leaving combat) draw cards or roll more than 7 dice,
/// which the face-by-face oracle cannot follow; `skirmish-odds check` holds them to the sampler
/// in CI instead.
#[test]
fn the_evaluator_equals_face_by_face_enumeration_on_the_bundled_cells() {
    let mut compared = 0;
    let mut systems = std::collections::BTreeSet::new();
    for entry in walk(Path::new("configs")) {
        let Ok(sc) = config::load(&entry, &Overrides::default()) else { continue };
        for c in &sc.cells {
            if c.trial.exact_offered().is_err() {
                continue;
            }
            let Ok(t) = exact::evaluate(&c.trial, Budget { leaves: 20_000, depth: 100 }) else { continue };
            let Some(o) = exact::enumerate(&c.trial, 7) else { continue };
            agree(&format!("{} / {}", entry.display(), c.label), &t, &o);
            compared += 1;
            systems.insert(sc.ruleset);
        }
    }
    assert!(compared >= 50, "only {compared} cells compared");
    assert_eq!(systems.len(), 5, "both editions, ¡Bichos!, Mordheim and the threat range: {systems:?}");
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
            let AnyTrial::Attack(a) = &c.trial else { panic!("{path}: attacks only") };
            let t = exact::evaluate(a, Budget::EXPLICIT).unwrap();
            agree(&format!("{path} / {}", c.label), &t, &exact::attack(a));
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
