//! `--set PATH=VALUE`: a value changed on the command line gives the numbers an edited file
//! gives, wherever the key is defined (the scenario, an included library, nowhere yet), and its
//! errors name the `--set` (exit 2, nothing written) while the file's own still name their line.

use crate::common::{bin_run, fails, tmp};
use std::path::Path;

/// Copy the bundled bmg-3e configs into a fresh folder.
fn bmg3e_copy(name: &str) -> std::path::PathBuf {
    let d = tmp("set_override", name);
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-3e");
    for e in std::fs::read_dir(src).unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, d.join(p.file_name().unwrap())).unwrap();
    }
    d
}

fn run_ok(d: &Path, args: &[&str]) -> String {
    let o = bin_run(d, args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A run's `results.json`.
/// A run's results.json without its `resolved_scenario` record (which says how the scenario was
/// given: files as written, the `--set`s, the flags), so runs reached by different routes
/// compare by their numbers.
fn results(d: &Path, out: &str) -> String {
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join(out).join("results.json")).unwrap()).unwrap();
    v.as_object_mut().unwrap().remove("resolved_scenario").expect("every report records its scenario");
    serde_json::to_string(&v).unwrap()
}

#[test]
fn a_set_gives_the_numbers_of_the_edited_file() {
    let d = bmg3e_copy("numbers");
    // Three kinds of key: the scenario's own value, a card of the included cards.toml, and a key
    // no file writes (added to the scenario's [attack]).
    let mut args = vec!["run", "batman-vs-thug.toml", "--trials", "3000", "--threads", "1", "-q", "--out", "set"];
    args.extend([
        "--set",
        "attack.attacker_effort=2",
        "--set",
        "cards.thug.defense=4",
        "--set",
        "attack.target_wounds=1",
    ]);
    run_ok(&d, &args);
    // The same three values by editing copies of the files.
    let edit = |file: &str, from: &str, to: &str| {
        let p = d.join(file);
        let text = std::fs::read_to_string(&p).unwrap();
        assert!(text.contains(from), "{file} has no `{from}`");
        std::fs::write(&p, text.replacen(from, to, 1)).unwrap();
    };
    edit("batman-vs-thug.toml", "attacker_effort = 1", "attacker_effort = 2\ntarget_wounds = 1");
    let cards = std::fs::read_to_string(d.join("cards.toml")).unwrap();
    let thug = cards.find("[cards.thug]").expect("cards.toml defines the thug");
    let def = thug + cards[thug..].find("defense = ").unwrap();
    let end = def + cards[def..].find('\n').unwrap();
    std::fs::write(d.join("cards.toml"), format!("{}defense = 4{}", &cards[..def], &cards[end..])).unwrap();
    run_ok(&d, &["run", "batman-vs-thug.toml", "--trials", "3000", "--threads", "1", "-q", "--out", "edited"]);
    assert_eq!(results(&d, "set"), results(&d, "edited"));
    // And the edit did change the numbers: without it they differ.
    let plain = bmg3e_copy("numbers-plain");
    run_ok(&plain, &["run", "batman-vs-thug.toml", "--trials", "3000", "--threads", "1", "-q", "--out", "plain"]);
    assert_ne!(results(&d, "set"), results(&plain, "plain"));
}

#[test]
fn validate_and_check_take_sets_too() {
    let d = bmg3e_copy("validate");
    let out = run_ok(&d, &["validate", "batman-vs-thug.toml", "--set", "cards.thug.defense=4"]);
    assert!(out.contains("ok"), "{out}");
    let o = bin_run(&d, &["validate", "batman-vs-thug.toml", "--set", "cards.thug.defense=9"]);
    assert_eq!(o.status.code(), Some(2));
    let o = bin_run(&d, &["check", "batman-vs-thug.toml", "--trials", "2000", "-q", "--set", "attack.weapon=pistol"]);
    let e = String::from_utf8_lossy(&o.stderr);
    // A pistol shot with the file's melee-only effort: the file's own line is named.
    assert_eq!(o.status.code(), Some(2), "{e}");
    assert!(e.contains("batman-vs-thug.toml:") && e.contains("attacker_effort"), "{e}");
}

const SCENARIO: &str = r#"ruleset = "bmg-3e"
kind = "attack"
include = ["cards.toml"]
trials = 1000

[attack]
attacker = "batman"
weapon = "batclaw-gauntlets"
target = "thug"
attacker_effort = 1
"#;

#[test]
fn a_misspelt_path_is_named_with_a_suggestion() {
    let libs = ["configs/bmg-3e/cards.toml"];
    fails(
        "set_override",
        "misspelt-field",
        SCENARIO,
        &libs,
        &["--set", "cards.thug.defnse=4"],
        &["--set cards.thug.defnse=4", "unknown field `defnse`", "did you mean `defense`", "allowed:"],
    );
    fails(
        "set_override",
        "misspelt-section",
        SCENARIO,
        &libs,
        &["--set", "atack.x=1"],
        &["--set atack.x=1", "unknown field `atack`", "did you mean `attack`"],
    );
}

#[test]
fn a_bad_value_names_the_set_with_what_is_allowed() {
    let libs = ["configs/bmg-3e/cards.toml"];
    let e = fails(
        "set_override",
        "out-of-range",
        SCENARIO,
        &libs,
        &["--set", "cards.thug.defense=9"],
        &["--set cards.thug.defense=9", "field `cards.thug.defense`", "allowed: 1..=6"],
    );
    assert!(!e.contains("cards.toml:"), "{e}");
    fails(
        "set_override",
        "wrong-type",
        SCENARIO,
        &libs,
        &["--set", "attack.attacker_effort=lots"],
        &["--set attack.attacker_effort=lots", "attack.attacker_effort"],
    );
}

#[test]
fn malformed_sets_name_the_flag() {
    let libs = ["configs/bmg-3e/cards.toml"];
    for (name, set, words) in [
        ("no-equals", "trials", "no `=`"),
        ("empty-path", "=3", "path before `=` is empty"),
        ("bad-key", "a..b=1", "not a TOML key path"),
        ("through-a-value", "attack.weapon.x=1", "is a value, not a table"),
        ("a-whole-table", "attack={ weapon = \"pistol\" }", "is a table: set its fields one at a time"),
    ] {
        fails(
            "set_override",
            name,
            SCENARIO,
            &libs,
            &["--set", set],
            &[&format!("--set {set}: "), words, "PATH=VALUE"],
        );
    }
    fails(
        "set_override",
        "missing-include",
        SCENARIO,
        &libs,
        &["--set", "include=[\"nowhere.toml\"]"],
        &["--set include=[\"nowhere.toml\"]: field `include`: cannot read included file", "nowhere.toml"],
    );
}

/// The file's own errors keep their line and column when a set adds a line above them.
#[test]
fn the_files_own_errors_keep_their_lines() {
    let libs = ["configs/bmg-3e/cards.toml"];
    let bad = SCENARIO.replace("attacker_effort = 1", "attacker_effort = 99");
    let plain = fails("set_override", "own-line-plain", &bad, &libs, &[], &["scenario.toml:10:19"]);
    let set = fails(
        "set_override",
        "own-line-set",
        &bad,
        &libs,
        &["--set", "attack.target_wounds=1", "--set", "seed=5"],
        &["scenario.toml:10:19"],
    );
    assert_eq!(plain.split("scenario.toml").nth(1), set.split("scenario.toml").nth(1));
}

#[test]
fn sharded_runs_with_sets_merge_to_the_single_run() {
    let d = bmg3e_copy("shards");
    let sets = ["--set", "cards.thug.attack=4", "--set", "attack.target_wounds=1"];
    for i in ["1/2", "2/2"] {
        let out = format!("p{}.json", &i[..1]);
        let mut args = vec!["run", "loadout-comparison.toml", "--trials", "3000", "-q", "--shard", i, "--out", &out];
        args.extend(sets);
        run_ok(&d, &args);
    }
    run_ok(&d, &["merge", "p1.json", "p2.json", "-q", "--out", "merged"]);
    let mut args = vec!["run", "loadout-comparison.toml", "--trials", "3000", "-q", "--out", "single"];
    args.extend(sets);
    run_ok(&d, &args);
    assert_eq!(results(&d, "merged"), results(&d, "single"));
    // A shard run without the sets is another run.
    run_ok(&d, &["run", "loadout-comparison.toml", "--trials", "3000", "-q", "--shard", "2/2", "--out", "q2.json"]);
    let o = bin_run(&d, &["merge", "p1.json", "q2.json", "-q", "--out", "mixed"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no --set"));
}

// ---- Booleans swept: `values = [false, true]` over a yes/no field ------------------------------

const COVER_SWEEP: &str = r#"ruleset = "bmg-3e"
kind = "sweep"
include = ["cards.toml"]

[attack]
attacker = "thug"
weapon = "pistol"
target = "robin"

[sweep]
parameter = "cover"
values = [false, true]
"#;

/// Each cell of a sweep over `[false, true]` is labelled in words and has the numbers of the
/// single attack with that value (exact, so equal to the digit).
#[test]
fn a_yes_no_field_sweeps_over_false_and_true() {
    let d = bmg3e_copy("bool-sweep");
    std::fs::write(d.join("cover.toml"), COVER_SWEEP).unwrap();
    let single = COVER_SWEEP.replace("kind = \"sweep\"", "kind = \"attack\"");
    std::fs::write(d.join("single.toml"), &single[..single.find("[sweep]").unwrap()]).unwrap();
    run_ok(&d, &["run", "cover.toml", "-q", "--out", "sweep"]);
    let sweep: serde_json::Value = serde_json::from_str(&results(&d, "sweep")).unwrap();
    let labels: Vec<&str> = sweep["cells"].as_array().unwrap().iter().map(|c| c["label"].as_str().unwrap()).collect();
    assert_eq!(labels, ["no cover", "target in cover"]);
    let summary = std::fs::read_to_string(d.join("sweep/summary.md")).unwrap();
    assert!(summary.contains("| yes |") && summary.contains("| no |"), "{summary}");
    for (i, cover) in ["false", "true"].iter().enumerate() {
        let set = format!("attack.cover={cover}");
        let out = format!("one-{cover}");
        run_ok(&d, &["run", "single.toml", "-q", "--out", &out, "--set", &set]);
        let one: serde_json::Value = serde_json::from_str(&results(&d, &out)).unwrap();
        assert_eq!(one["cells"][0]["events"], sweep["cells"][i]["events"], "cover = {cover}");
    }
    // Cover changes the shot: the two cells differ.
    assert_ne!(sweep["cells"][0]["events"], sweep["cells"][1]["events"]);
}

#[test]
fn a_sweep_of_the_wrong_kind_of_value_names_the_field_and_what_it_takes() {
    let libs = ["configs/bmg-3e/cards.toml"];
    let cover_numbers = COVER_SWEEP.replace("[false, true]", "[0, 1]");
    fails(
        "set_override",
        "bool-field-numbers",
        &cover_numbers,
        &libs,
        &[],
        &["scenario.toml:12:11", "sweep parameter `cover` is true or false, not a number", "values = [false, true]"],
    );
    let dodge_bools = COVER_SWEEP.replace("\"cover\"", "\"dodge\"");
    fails(
        "set_override",
        "number-field-bools",
        &dodge_bools,
        &libs,
        &[],
        &["scenario.toml:12:11", "sweep parameter `dodge` is a number, not true or false", "whole numbers"],
    );
    let mixed = COVER_SWEEP.replace("[false, true]", "[0, true]");
    fails("set_override", "bool-mixed", &mixed, &libs, &[], &["scenario.toml:12:10", "mix numbers and true / false"]);
}

// ---- Compare defaults never block a comparison of melee and ranged loadouts --------------------

const MIXED: &str = r#"ruleset = "bmg-3e"
kind = "compare"
include = ["cards.toml"]
trials = 4000

[compare]
loadouts = [
  { label = "Bruiser + bat", attacker = "bruiser", weapon = "baseball-bat" },
  { label = "Thug + pistol", attacker = "thug", weapon = "pistol" },
]
targets = ["robin"]
"#;

fn events(d: &Path, out: &str) -> Vec<serde_json::Value> {
    let r: serde_json::Value = serde_json::from_str(&results(d, out)).unwrap();
    r["cells"].as_array().unwrap().iter().map(|c| c["events"].clone()).collect()
}

/// A shared melee-only value (its default, or another) does not stop the ranged loadout: that
/// loadout's cell is the one it gives without it, and a value that would matter is noted.
#[test]
fn a_shared_melee_value_does_not_block_a_ranged_loadout() {
    let d = bmg3e_copy("mixed");
    std::fs::write(d.join("plain.toml"), MIXED).unwrap();
    std::fs::write(d.join("default.toml"), format!("{MIXED}\n[attack]\nenemies_in_contact = 1\n")).unwrap();
    std::fs::write(d.join("two.toml"), format!("{MIXED}\n[attack]\nenemies_in_contact = 2\n")).unwrap();
    std::fs::write(d.join("cover.toml"), format!("{MIXED}\n[attack]\ncover = true\n")).unwrap();
    run_ok(&d, &["run", "plain.toml", "-q", "--out", "plain"]);
    run_ok(&d, &["run", "default.toml", "-q", "--out", "default"]);
    let out = run_ok(&d, &["validate", "two.toml"]);
    assert!(
        out.contains("[attack] `enemies_in_contact = 2` applies to melee attacks only: the ranged loadouts of this comparison ignore it"),
        "{out}"
    );
    let out = run_ok(&d, &["validate", "cover.toml"]);
    assert!(out.contains("[attack] `cover = true` applies to ranged attacks only"), "{out}");
    assert!(!run_ok(&d, &["validate", "default.toml"]).contains("ignore it"));
    run_ok(&d, &["run", "two.toml", "-q", "--out", "two"]);
    run_ok(&d, &["run", "cover.toml", "-q", "--out", "cover"]);
    let (plain, default, two, cover) =
        (events(&d, "plain"), events(&d, "default"), events(&d, "two"), events(&d, "cover"));
    assert_eq!(plain, default);
    // Two enemies in contact change the bat's attack; the pistol's shot is the one without them.
    assert_ne!(plain[0], two[0]);
    assert_eq!(plain[1], two[1]);
    // Cover changes the shot; the bat's strike is the one without it.
    assert_eq!(plain[0], cover[0]);
    assert_ne!(plain[1], cover[1]);
    let notes = std::fs::read_to_string(d.join("two/summary.md")).unwrap();
    assert!(notes.contains("ignore it"), "{notes}");
}

/// Set by a loadout itself, a field its weapon cannot use is still an error at that loadout.
#[test]
fn a_loadouts_own_field_of_the_other_kind_is_still_an_error() {
    let own = MIXED.replace("weapon = \"pistol\" }", "weapon = \"pistol\", enemies_in_contact = 2 }");
    fails(
        "set_override",
        "mixed-own-field",
        &own,
        &["configs/bmg-3e/cards.toml"],
        &[],
        &["scenario.toml:9:", "field `compare.loadouts[1].enemies_in_contact`", "applies to melee attacks only"],
    );
}

/// The 2013 edition's melee-only and ranged-only fields behave the same way.
#[test]
fn a_2013_comparison_mixes_melee_and_ranged_with_shared_values() {
    let d = tmp("set_override", "mixed-1e");
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-1e");
    for f in ["cards.toml", "loadout-comparison.toml"] {
        std::fs::copy(src.join(f), d.join(f)).unwrap();
    }
    let out = run_ok(
        &d,
        &[
            "validate",
            "loadout-comparison.toml",
            "--set",
            "attack.numerical_inferiority=true",
            "--set",
            "attack.cover=true",
        ],
    );
    assert!(out.contains("[attack] `numerical_inferiority = true` applies to melee attacks only"), "{out}");
    assert!(out.contains("[attack] `cover = true` applies to ranged attacks only"), "{out}");
}

// ---- Whole numbers written with an exponent ---------------------------------------------------

/// `trials = 2e3` in a file (TOML's decimal number 2000.0) is 2000 trials, as `--trials 2e3` and
/// `--set trials=2e3` are; a fraction is refused as before.
#[test]
fn trials_written_with_an_exponent_are_whole_numbers() {
    let d = bmg3e_copy("exponent");
    let sample = SCENARIO.replace("trials = 1000", "trials = 2000\nexact = false\nname = \"same\"");
    std::fs::write(d.join("plain.toml"), &sample).unwrap();
    std::fs::write(d.join("exp.toml"), sample.replace("trials = 2000", "trials = 2e3")).unwrap();
    run_ok(&d, &["run", "plain.toml", "-q", "--out", "plain"]);
    run_ok(&d, &["run", "exp.toml", "-q", "--out", "exp"]);
    run_ok(&d, &["run", "plain.toml", "-q", "--out", "flag", "--trials", "2e3"]);
    run_ok(&d, &["run", "plain.toml", "-q", "--out", "set", "--trials", "1_000", "--set", "trials=2.0e3"]);
    let plain = results(&d, "plain");
    assert!(plain.contains("\"trials\":2000") || plain.contains("\"trials\": 2000"), "{plain}");
    for other in ["exp", "flag"] {
        assert_eq!(plain, results(&d, other), "{other}");
    }
    // `--trials` overrides the file, whatever `--set` wrote into it.
    assert_ne!(plain, results(&d, "set"));
    let libs = ["configs/bmg-3e/cards.toml"];
    let frac = SCENARIO.replace("trials = 1000", "trials = 1.5e3\nmax_trials = 2.5");
    fails(
        "set_override",
        "trials-fraction",
        &frac,
        &libs,
        &[],
        &["scenario.toml:5:", "max_trials", "expected an integer"],
    );
    fails(
        "set_override",
        "trials-flag-fraction",
        SCENARIO,
        &libs,
        &["--trials", "1e-3"],
        &["--trials", "not a whole number"],
    );
}

/// A report of a run with `--set`s records them and re-runs with them from its results.json
/// alone (no config, no library in the folder): the same numbers, and the sets are not lost
/// (without them the numbers would be the file's own).
#[test]
fn a_report_of_a_set_run_re_runs_with_its_sets() {
    let d = bmg3e_copy("rerun-set");
    let args = ["run", "batman-vs-thug.toml", "-q", "--out", "set", "--set", "cards.thug.defense=5"];
    run_ok(&d, &args);
    run_ok(&d, &["run", "batman-vs-thug.toml", "-q", "--out", "plain"]);
    assert_ne!(results(&d, "set"), results(&d, "plain"), "the set changes the numbers");
    let alone = tmp("set_override", "rerun-set-alone");
    std::fs::copy(d.join("set/results.json"), alone.join("results.json")).unwrap();
    run_ok(&alone, &["run", "results.json", "-q", "--out", "again"]);
    assert_eq!(results(&d, "set"), results(&alone, "again"));
    let json = std::fs::read_to_string(alone.join("again/results.json")).unwrap();
    assert!(json.contains("cards.thug.defense=5"), "the re-run records the set again");
    assert_eq!(
        std::fs::read(d.join("set/results.csv")).unwrap(),
        std::fs::read(alone.join("again/results.csv")).unwrap()
    );
}

/// Lists that leave nothing to resolve (a Wolsung distance beyond every band, an empty list of
/// guards, a ¡Bichos! grenade at long range only) are one error at the section, exit 2, nothing
/// written: they used to pass `validate` as "0 cell(s)" and panic in `run` (an adversarial test's
/// finding, issue #26).
#[test]
fn a_scenario_with_no_cells_is_refused_not_a_crash() {
    let cases: [(&str, &str, &[&str], &[&str]); 3] = [
        (
            "wolsung/pistol-vs-rifle.toml",
            "shooting",
            &["configs/wolsung/models.toml"],
            &["--set", "shooting.distances=[37]"],
        ),
        ("wolsung/melee-guard-or-parry.toml", "melee", &["configs/wolsung/models.toml"], &["--set", "melee.guards=[]"]),
        (
            "bichos/weapons-vs-bugs.toml",
            "arsenal",
            &[],
            &["--set", "arsenal.weapons=[\"grenade\"]", "--set", "arsenal.ranges=[\"long\"]"],
        ),
    ];
    for (cfg, section, libs, args) in cases {
        let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("configs").join(cfg)).unwrap();
        fails(
            "set_override",
            &format!("no-cells-{section}"),
            &text,
            libs,
            args,
            &[&format!("field `{section}`"), "no cells"],
        );
    }
}

/// A compare's labels are the user's text: the summary's "Method" line (which names the exact
/// cells when some are sampled) escapes them as every other line does.
#[test]
fn the_method_line_escapes_cell_labels() {
    let d = bmg3e_copy("method-line");
    let loadouts = r#"compare.loadouts=[{label="k", attacker="batman", weapon="knife"},{label="<img src=x>**b**", attacker="batman", weapon="pistol"}]"#;
    run_ok(&d, &["run", "loadout-comparison.toml", "-q", "--trials", "200", "--out", "m", "--set", loadouts]);
    let md = std::fs::read_to_string(d.join("m/summary.md")).unwrap();
    let method = md.lines().find(|l| l.starts_with("- Method:")).expect("a Method line");
    assert!(method.contains("exact") && !method.contains("<img") && !method.contains("**b**"), "{method}");
}

/// More than `MAX_SETS` flags are refused up front (each set re-reads the files as the earlier
/// ones left them, so thousands would take minutes); a thousand still run.
#[test]
fn too_many_sets_are_refused_up_front() {
    let d = bmg3e_copy("many-sets");
    let flags = |n: usize| (1..=n).flat_map(|i| ["--set".to_string(), format!("seed={i}")]).collect::<Vec<_>>();
    let mut args: Vec<String> = vec!["validate".into(), "batman-vs-thug.toml".into()];
    args.extend(flags(skirmish_odds::config::set::MAX_SETS));
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    run_ok(&d, &refs);
    args.extend(["--set".to_string(), "seed=7".to_string()]);
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = bin_run(&d, &refs);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("at most 1000 --set flags"), "{err}");
}

/// `--set` values that were told in the wrong words (issue #39): NaN "cannot be written into
/// FILE" (NaN is not equal to itself, so the check that the set landed failed), a seed past
/// 2⁶³ − 1 was "invalid type: string", a long value was echoed whole in the message.
#[test]
fn a_sets_bad_number_is_told_as_the_file_would_tell_it() {
    let d = bmg3e_copy("bad-numbers");
    let cfg = "batman-vs-thug.toml";
    let cases: [(&str, &[&str]); 4] = [
        ("precision=nan", &["field `precision`", "precision NaN is out of range", "0.00001 to 0.25"]),
        (
            "seed=9223372036854775808",
            &["field `seed`", "`9223372036854775808` is too large a number", "0..=9223372036854775807"],
        ),
        (
            "attack.target_effort=99999999999999999999",
            &[
                "`99999999999999999999` is too large a number",
                "a whole number from -9223372036854775808 to 9223372036854775807",
            ],
        ),
        ("seed=1_000", &[]),
    ];
    for (set, expect) in cases {
        let o = bin_run(&d, &["validate", cfg, "--set", set]);
        let err = String::from_utf8_lossy(&o.stderr);
        if expect.is_empty() {
            assert!(o.status.success(), "{set}: {err}");
            continue;
        }
        assert_eq!(o.status.code(), Some(2), "{set}: {err}");
        assert_eq!(err.lines().count(), 1, "{set}: {err}");
        assert!(!err.contains("cannot be written") && !err.contains("invalid type"), "{set}: {err}");
        for x in expect {
            assert!(err.contains(x), "{set}: expected `{x}` in {err}");
        }
    }
    let long = format!("name=\"{}\"", "a".repeat(3_000));
    let o = bin_run(&d, &["validate", cfg, "--set", &long]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("a text of 3,000 characters") && err.contains("at most 2,000 characters"), "{err}");
    assert!(err.len() < 400 && err.contains("(3,007 characters)"), "the value is shown by its start: {err}");
}
