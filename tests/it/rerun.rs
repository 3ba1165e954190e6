//! A report carries its scenario and re-runs from `results.json` alone (issue #26): the
//! `resolved_scenario` block holds the config and its includes as read, the overrides, the seed,
//! stopping rule, readings and what each cell used; `run results.json` in a folder holding
//! nothing else gives byte-identical numbers; flags given to the re-run apply on top; an edited,
//! damaged or older report is refused (exit 2, naming the file); another version's report
//! re-runs with a note; a shard merge writes the same block as a single run.

use crate::common::{bin_run, tmp};
use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn ok(cwd: &Path, args: &[&str]) -> std::process::Output {
    let o = bin_run(cwd, args);
    assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    o
}

fn json(dir: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(dir.join("results.json")).unwrap()).unwrap()
}

/// Run `config` from the repository, copy only its results.json into an empty folder, re-run it
/// there (`threads` 1 then 2) and compare results.json and results.csv byte for byte.
fn reruns_identically(group: &str, config: &str, extra: &[&str]) -> PathBuf {
    let d = tmp("rerun", group);
    let first = d.join("first");
    let mut args = vec!["run", config, "-q", "--threads", "1", "--out", first.to_str().unwrap()];
    args.extend(extra);
    ok(&repo(), &args);
    let alone = d.join("alone");
    std::fs::create_dir_all(&alone).unwrap();
    std::fs::copy(first.join("results.json"), alone.join("results.json")).unwrap();
    ok(&alone, &["run", "results.json", "-q", "--threads", "2", "--out", "again"]);
    for f in ["results.json", "results.csv"] {
        assert_eq!(
            std::fs::read(first.join(f)).unwrap(),
            std::fs::read(alone.join("again").join(f)).unwrap(),
            "{config}: {f} of the re-run differs"
        );
    }
    d
}

#[test]
fn an_exact_scenario_reruns_from_results_json_alone() {
    let d = reruns_identically("exact", "configs/bmg-3e/batman-vs-thug.toml", &[]);
    let j = json(&d.join("first"));
    assert!(j["exact_cells"].as_u64().unwrap() > 0, "batman-vs-thug is exact");
    let r = &j["resolved_scenario"];
    assert_eq!(r["config"], "configs/bmg-3e/batman-vs-thug.toml");
    assert!(r["generator"].as_str().unwrap().starts_with("skirmish-odds "));
    let paths: Vec<&str> = r["sources"].as_array().unwrap().iter().map(|f| f["path"].as_str().unwrap()).collect();
    assert_eq!(paths, ["configs/bmg-3e/batman-vs-thug.toml", "configs/bmg-3e/cards.toml"]);
    assert_eq!(
        r["sources"][0]["text"].as_str().unwrap(),
        std::fs::read_to_string(repo().join("configs/bmg-3e/batman-vs-thug.toml")).unwrap()
    );
    // The cell's inputs carry their numbers: the attack's effort, the cards' characteristics.
    let keys: Vec<&str> = r["inputs"].as_array().unwrap().iter().map(|i| i["key"].as_str().unwrap()).collect();
    assert!(keys.contains(&"attack") && keys.contains(&"cards.batman"), "{keys:?}");
    let attack = r["inputs"].as_array().unwrap().iter().find(|i| i["key"] == "attack").unwrap();
    assert_eq!(attack["values"]["attacker_effort"], 1);
    // The block comes last, after every field results.json had.
    let text = std::fs::read_to_string(d.join("first/results.json")).unwrap();
    let (stopping, block) = (text.find("\n  \"stopping\"").unwrap(), text.find("\n  \"resolved_scenario\"").unwrap());
    assert!(stopping < block && j["scenario"] == "batman-vs-thug");
}

#[test]
fn a_sampled_scenario_reruns_from_results_json_alone() {
    let d = reruns_identically("sampled", "configs/wolsung/pistol-vs-rifle.toml", &["--trials", "3000", "--sample"]);
    let j = json(&d.join("first"));
    assert_eq!(j["exact_cells"], 0);
    assert_eq!(j["resolved_scenario"]["overrides"]["exact"], false);
    assert_eq!(j["resolved_scenario"]["overrides"]["trials"], 3000);
    assert_eq!(j["resolved_scenario"]["stopping"], serde_json::json!({"rule": "trials", "trials": 3000}));
}

#[test]
fn a_comparison_reruns_from_results_json_alone() {
    let d = reruns_identically("compare", "configs/bmg-3e/loadout-comparison.toml", &["--trials", "2000"]);
    let j = json(&d.join("first"));
    let r = &j["resolved_scenario"];
    assert_eq!(r["cells"].as_array().unwrap().len(), j["cells"].as_array().unwrap().len());
    // Each cell names its section as the comparison wrote it and the weapon it used.
    for c in r["cells"].as_array().unwrap() {
        let keys: Vec<&str> = c["inputs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|k| r["inputs"][k.as_u64().unwrap() as usize]["key"].as_str().unwrap())
            .collect();
        assert!(keys.contains(&"attack") && keys.iter().any(|k| k.starts_with("weapons.")), "{keys:?}");
    }
    let summary = std::fs::read_to_string(d.join("first/summary.md")).unwrap();
    let html = std::fs::read_to_string(d.join("first/index.html")).unwrap();
    assert!(summary.contains("## Scenario") && summary.contains("`skirmish-odds run results.json`"), "{summary}");
    assert!(html.contains("<details class=\"scenario\">") && html.contains("[weapons.baseball-bat]"));
}

#[test]
fn flags_given_to_a_rerun_apply_on_top() {
    let d = reruns_identically("flags", "configs/bmg-3e/loadout-comparison.toml", &["--trials", "2000"]);
    let alone = d.join("alone");
    ok(&alone, &["run", "results.json", "-q", "--trials", "1000", "--seed", "3", "--sample", "--out", "more"]);
    let j = json(&alone.join("more"));
    assert_eq!(j["trials"], 1000);
    assert_eq!(j["seed"], 3);
    assert_eq!(j["resolved_scenario"]["overrides"]["trials"], 1000);
    // A precision run replaces the recorded trial count instead of clashing with it.
    ok(&alone, &["run", "results.json", "-q", "--precision", "0.05", "--out", "precise"]);
    assert_eq!(json(&alone.join("precise"))["stopping"]["rule"], "precision");
    // `validate` and `check` read the report as they read a config.
    let o = ok(&alone, &["validate", "results.json"]);
    assert!(String::from_utf8_lossy(&o.stdout).contains("ok"));
}

#[test]
fn an_effort_a_loadout_spends_is_in_the_report() {
    let d = tmp("rerun", "effort");
    let lib = repo().join("configs/bmg-3e/cards.toml");
    std::fs::copy(&lib, d.join("cards.toml")).unwrap();
    std::fs::write(
        d.join("efforts.toml"),
        "ruleset = \"bmg-3e\"\nkind = \"compare\"\ninclude = [\"cards.toml\"]\ntrials = 2000\n\
         [attack]\nattacker = \"batman\"\n\
         [compare]\nloadouts = [\n  { label = \"no effort\", weapon = \"batclaw-gauntlets\" },\n  { label = \"two effort\", weapon = \"batclaw-gauntlets\", attacker_effort = 2 },\n]\ntargets = [\"thug\"]\n",
    )
    .unwrap();
    ok(&d, &["run", "efforts.toml", "-q", "--out", "r"]);
    for f in ["summary.md", "index.html"] {
        let text = std::fs::read_to_string(d.join("r").join(f)).unwrap();
        assert!(text.contains("attacker_effort = 2"), "{f} does not show the effort spent");
    }
}

/// A re-run's refusal: exit 2, one line naming the file, nothing written.
fn refused(dir: &Path, expect: &[&str]) {
    let o = bin_run(dir, &["run", "results.json", "--out", "never"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("results.json"), "{err}");
    for x in expect {
        assert!(err.contains(x), "expected `{x}` in {err}");
    }
    assert!(!dir.join("never").exists());
}

#[test]
fn an_edited_damaged_or_older_report_is_refused_and_another_version_is_noted() {
    let d = reruns_identically("edited", "configs/bmg-3e/batman-vs-thug.toml", &[]);
    let text = std::fs::read_to_string(d.join("first/results.json")).unwrap();
    let case = |name: &str, contents: &str| {
        let dir = d.join(name);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("results.json"), contents).unwrap();
        dir
    };
    // A card's number changed in the embedded library.
    let mut j: serde_json::Value = serde_json::from_str(&text).unwrap();
    let lib = j["resolved_scenario"]["sources"][1]["text"].as_str().unwrap().replacen("defense = 3", "defense = 4", 1);
    j["resolved_scenario"]["sources"][1]["text"] = lib.into();
    refused(&case("source", &serde_json::to_string(&j).unwrap()), &["edited or damaged", "skirmish-odds run CONFIG"]);
    // An override changed.
    let mut j: serde_json::Value = serde_json::from_str(&text).unwrap();
    j["resolved_scenario"]["overrides"]["seed"] = 5.into();
    refused(&case("override", &serde_json::to_string(&j).unwrap()), &["edited or damaged"]);
    // A report of an older version: no block.
    let mut j: serde_json::Value = serde_json::from_str(&text).unwrap();
    j.as_object_mut().unwrap().remove("resolved_scenario");
    refused(&case("older", &serde_json::to_string(&j).unwrap()), &["older skirmish-odds", "did not record"]);
    // Truncated, and not a report at all.
    refused(&case("truncated", &text[..text.len() / 2]), &["not a skirmish-odds results.json"]);
    refused(&case("other", "{\"schema\": \"something/else\"}"), &["not a skirmish-odds results.json"]);
    // Another version's report re-runs, and says so on stderr and in the report.
    let mut j: serde_json::Value = serde_json::from_str(&text).unwrap();
    j["resolved_scenario"]["generator"] = "skirmish-odds 0.0.1".into();
    let dir = case("version", &serde_json::to_string(&j).unwrap());
    let o = ok(&dir, &["run", "results.json", "--out", "again"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("skirmish-odds 0.0.1") && err.contains("numbers may differ"), "{err}");
    let again = json(&dir.join("again"));
    assert!(again["notes"].as_array().unwrap().iter().any(|n| n["kind"] == "rerun"), "{again}");
    assert_eq!(again["cells"], json(&d.join("first"))["cells"], "the numbers are this version's, the same here");
}

#[test]
fn a_shard_merge_carries_the_same_block_as_a_single_run() {
    let d = tmp("rerun", "shards");
    let c = "configs/bmg-3e/paired-bat-vs-knife.toml";
    let (single, p1, p2) = (d.join("single"), d.join("p1.json"), d.join("p2.json"));
    ok(&repo(), &["run", c, "-q", "--trials", "4000", "--out", single.to_str().unwrap()]);
    ok(&repo(), &["run", c, "-q", "--trials", "4000", "--shard", "1/2", "--out", p1.to_str().unwrap()]);
    ok(&repo(), &["run", c, "-q", "--trials", "4000", "--shard", "2/2", "--out", p2.to_str().unwrap()]);
    ok(&d, &["merge", "p1.json", "p2.json", "-q", "--out", "merged"]);
    assert_eq!(json(&single)["resolved_scenario"], json(&d.join("merged"))["resolved_scenario"]);
    // And the merged report re-runs to the single run's numbers.
    let alone = d.join("alone");
    std::fs::create_dir_all(&alone).unwrap();
    std::fs::copy(d.join("merged/results.json"), alone.join("results.json")).unwrap();
    ok(&alone, &["run", "results.json", "-q", "--out", "again"]);
    assert_eq!(
        std::fs::read(single.join("results.json")).unwrap(),
        std::fs::read(alone.join("again/results.json")).unwrap()
    );
}
