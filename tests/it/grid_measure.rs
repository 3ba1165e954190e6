//! `measure = "…"` of `[compare]` and `[sweep]` (issue #25): every dice system's grids take any
//! event or metric of their resolution, lead with it and say where it came from; unset, the
//! outcome that decides the game leads (out of action for a Batman attack), so the 2019
//! loadout grid no longer ranks the pistol that never puts anyone out of action first; a bad
//! name is one clear error with the allowed names.

use crate::common;
use std::path::Path;

/// Run bundled config `cfg` with `measure = "…"` (if given) added to its `[section]`, at a few
/// trials; its summary.md.
fn run(cfg: &str, section: &str, measure: Option<&str>, name: &str) -> String {
    let d = common::tmp("grid_measure", name);
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join(cfg);
    // The included libraries sit beside the config.
    for f in std::fs::read_dir(src.parent().unwrap()).unwrap() {
        let f = f.unwrap().path();
        std::fs::copy(&f, d.join(f.file_name().unwrap())).unwrap();
    }
    let mut text = std::fs::read_to_string(&src).unwrap();
    if let Some(m) = measure {
        let head = format!("[{section}]\n");
        assert!(text.contains(&head), "{cfg} has no {head}");
        text = text.replacen(&head, &format!("{head}measure = \"{m}\"\n"), 1);
    }
    std::fs::write(d.join("scenario.toml"), text).unwrap();
    let o = common::bin_run(&d, &["run", "scenario.toml", "--trials", "2000", "--out", "out", "--quiet"]);
    assert!(o.status.success(), "{cfg} with measure {measure:?}: {}", String::from_utf8_lossy(&o.stderr));
    std::fs::read_to_string(d.join("out/summary.md")).unwrap()
}

/// The first table of the results: the grid's lead.
fn lead(md: &str) -> &str {
    let results = &md[md.find("## Results").expect("results")..];
    let start = results.find("### ").expect("a table");
    let rest = &results[start..];
    &rest[..rest[4..].find("### ").map_or(rest.len(), |i| i + 4)]
}

#[test]
fn every_dice_system_s_grids_take_a_measure() {
    // (config, section, a measure other than the default, what the lead grid's head says)
    let cases = [
        ("configs/bmg-3e/loadout-comparison.toml", "compare", "stun", "Expected ★"),
        ("configs/bmg-3e/defense-sweep.toml", "sweep", "ko", "| P(K.O.) |"),
        ("configs/bmg-1e/loadout-comparison.toml", "compare", "damage_successes", "Expected damage successes"),
        ("configs/bmg-1e/defense-sweep.toml", "sweep", "wounds", "mean ♦"),
        ("configs/bichos/weapons-compare.toml", "compare", "flees_t1", "P(flees, dead or alive)"),
        ("configs/bichos/res-sweep.toml", "sweep", "shots_to_flee", "flees or dies"),
        ("configs/wolsung/guns-compare.toml", "compare", "hits", "Expected hits"),
        ("configs/wolsung/rifle-sweep.toml", "sweep", "damage", "Expected damage"),
    ];
    for (i, (cfg, section, measure, head)) in cases.into_iter().enumerate() {
        let md = run(cfg, section, Some(measure), &format!("named-{i}"));
        let lead = lead(&md);
        // Its title (a grid) or its column (a one-parameter sweep's table).
        let top: String = lead.lines().take(5).collect::<Vec<_>>().join("\n");
        assert!(top.contains(head), "{cfg}: lead is not `{measure}`:\n{lead}");
        assert!(lead.contains(&format!("(`measure = \"{measure}\"` in [{section}])")), "{cfg}:\n{lead}");
    }
}

#[test]
fn the_default_measure_is_the_outcome_that_decides_the_game_and_is_stated() {
    let md = run("configs/bmg-3e/loadout-comparison.toml", "compare", None, "default-3e");
    let top = lead(&md);
    // The 2019 grid leads with out of action, not expected hits (where the pistol ranks first).
    assert!(top.starts_with("### P(K.O. or casualty)"), "{top}");
    assert!(top.contains("the default for this game"), "{top}");
    let best = top.lines().find(|l| l.starts_with("| most often")).expect("the best row");
    assert!(!best.contains("Thug + pistol") && best.contains("Bruiser + bat"), "{best}");
    let answer = md.lines().find(|l| l.contains("against Robin")).expect("the answer names each target");
    assert!(answer.contains("against Robin, Bruiser + bat most often"), "{answer}");
    assert!(!answer.contains("Thug + pistol most often"), "{answer}");
    // The damage markers are in the grid too (before: only in results.csv).
    assert!(md.contains("### Expected ★") && md.contains("### Expected ♦"), "{md}");
    // The charts lead with the measure.
    let chart = md.lines().find(|l| l.starts_with("![")).expect("a chart");
    assert!(chart.contains("compare-out_of_action"), "{chart}");

    // Each system states its own default.
    for (i, (cfg, section, words)) in [
        ("configs/bmg-1e/loadout-comparison.toml", "compare", "out of action"),
        ("configs/bichos/weapons-compare.toml", "compare", "dead"),
        ("configs/wolsung/guns-compare.toml", "compare", "target down"),
    ]
    .into_iter()
    .enumerate()
    {
        let md = run(cfg, section, None, &format!("default-{i}"));
        let lead = lead(&md);
        assert!(
            lead.contains(&format!("Measure: {words}")) && lead.contains("the default for this game"),
            "{cfg}:\n{lead}"
        );
    }
}

/// A swept value that cannot change anything (the rifle's F against a thug every hit downs) is
/// said, in the grid and in the answer. (The bundled example shoots a steam golem, whose 7
/// wounds make F matter: issue #39 found it sweeping the idle value; here it is the thug again.)
#[test]
fn a_sweep_axis_that_changes_nothing_is_said() {
    let md = run("configs/wolsung/rifle-sweep.toml", "sweep", None, "rifle-sweep-golem");
    assert!(!md.contains("changes no number"), "the bundled example sweeps a value that matters: {md}");
    let d = common::tmp("grid_measure", "idle-axis");
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/wolsung");
    std::fs::copy(src.join("models.toml"), d.join("models.toml")).unwrap();
    let text = std::fs::read_to_string(src.join("rifle-sweep.toml")).unwrap();
    assert!(text.contains("target = \"golem\""));
    std::fs::write(d.join("scenario.toml"), text.replacen("target = \"golem\"", "target = \"thug\"", 1)).unwrap();
    let o = common::bin_run(&d, &["run", "scenario.toml", "--trials", "2000", "--out", "out", "--quiet"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let md = std::fs::read_to_string(d.join("out/summary.md")).unwrap();
    assert!(lead(&md).contains("Guns' F changes no number in this scenario"), "{md}");
    assert!(md.contains("whatever the guns' F (it changes no number here)"), "{md}");
    assert!(!md.contains("Distance (inches) changes no number"), "{md}");
}

#[test]
fn an_unknown_measure_is_one_error_with_the_allowed_names() {
    let cards = "configs/bmg-3e/cards.toml";
    let head = "ruleset = \"bmg-3e\"\ninclude = [\"cards.toml\"]\ntrials = 1000\n";
    common::fails(
        "grid_measure",
        "compare",
        &format!(
            "{head}kind = \"compare\"\n[compare]\nloadouts = [{{ attacker = \"thug\" }}]\ntargets = [\"robin\"]\nmeasure = \"style\"\n[attack]\nweapon = \"knife\"\n"
        ),
        &[cards],
        &[],
        &["scenario.toml:8:11:", "field `compare.measure`", "unknown measure `style`", "`out_of_action`", "`stun`"],
    );
    common::fails(
        "grid_measure",
        "sweep",
        &format!(
            "{head}kind = \"sweep\"\n[attack]\nattacker = \"thug\"\nweapon = \"knife\"\ntarget = \"robin\"\n[sweep]\nparameter = \"target.defense\"\nvalues = [2, 3]\nmeasure = \"K.O.\"\n"
        ),
        &[cards],
        &[],
        &["scenario.toml:12:11:", "field `sweep.measure`", "unknown measure `K.O.`", "`ko`", "`hits`"],
    );
}

/// Every measure `list` offers works in every grid (issue #39: `measure = "damage"`, offered as
/// "damage = stun + wounds", was refused by compare and sweep though paired took it). The sum
/// is a metric of each cell, recorded trial by trial: its mean is the sum of the two means, and
/// where a weapon places no ♦ its distribution is the ★ distribution itself.
#[test]
fn a_sum_measure_works_in_compare_and_sweep() {
    let cases = [
        ("configs/bmg-3e/loadout-comparison.toml", "compare"),
        ("configs/bmg-3e/defense-sweep.toml", "sweep"),
        ("configs/bmg-1e/loadout-comparison.toml", "compare"),
        ("configs/bmg-1e/defense-sweep.toml", "sweep"),
    ];
    for (i, (cfg, section)) in cases.into_iter().enumerate() {
        let md = run(cfg, section, Some("damage"), &format!("sum-{i}"));
        let lead = lead(&md);
        assert!(lead.contains("★ and ♦ placed on the target"), "{cfg}:\n{lead}");
        assert!(lead.contains(&format!("(`measure = \"damage\"` in [{section}])")), "{cfg}:\n{lead}");
        // `run`'s folder (`common::tmp` would empty it).
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("grid_measure").join(format!("sum-{i}"));
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join("out/results.json")).unwrap()).unwrap();
        let mut only_stun = 0;
        for c in json["cells"].as_array().unwrap() {
            let m = &c["metrics"];
            let (d, s, w) = (&m["damage"], &m["stun"], &m["wounds"]);
            let sum = s["mean"].as_f64().unwrap() + w["mean"].as_f64().unwrap();
            assert!((d["mean"].as_f64().unwrap() - sum).abs() < 1e-9, "{cfg} {}: {d} vs {sum}", c["label"]);
            if w["mean"].as_f64() == Some(0.0) {
                assert_eq!(d["dist"], s["dist"], "{cfg} {}", c["label"]);
                only_stun += 1;
            }
        }
        assert!(only_stun > 0, "{cfg}: no cell without ♦ to hold the distribution to");
    }
}
