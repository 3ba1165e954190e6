//! Balance lab: sharded runs merge byte for byte; common random numbers measurably reduce the
//! variance of a paired difference; bad input in the new kinds fails cleanly.

use crate::common;

use crate::common::*;
use skirmish_odds::analysis::cell::{Cell, CellTrial};
use skirmish_odds::analysis::paired::{DIFF, Measure, Paired};
use skirmish_odds::engine::{self, Stop, progress::Progress};
use skirmish_odds::systems::bmg3e::rules::{Attack, Trial3e, metric};
use std::path::PathBuf;
use std::process::Command;

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_skirmish-odds"));
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

fn tmp(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("balance_lab").join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn sharded_runs_merge_into_the_single_run_byte_for_byte() {
    let d = tmp("shards");
    // An exact balance (the shards sample nothing; merge solves its duels again), a
    // sampled one, and a comparison.
    for config in [
        "configs/bmg-3e/balance-new-henchman.toml",
        "configs/wolsung/balance-new-hero.toml",
        "configs/bmg-3e/loadout-comparison.toml",
    ] {
        let stem = std::path::Path::new(config).file_stem().unwrap().to_string_lossy().to_string();
        let full = d.join(format!("{stem}-full"));
        let o = bin().args(["run", config, "-q", "--trials", "40000", "--out"]).arg(&full).output().unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let mut parts = Vec::new();
        for i in 1..=3 {
            let p = d.join(format!("{stem}-{i}.json"));
            let o = bin()
                .args(["run", config, "-q", "--trials", "40000", "--shard", &format!("{i}/3"), "--out"])
                .arg(&p)
                .output()
                .unwrap();
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
            parts.push(p);
        }
        parts.reverse(); // order does not matter
        let merged = d.join(format!("{stem}-merged"));
        let o = bin().arg("merge").args(&parts).args(["-q", "--out"]).arg(&merged).output().unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        for f in ["results.json", "results.csv", "summary.md"] {
            let (a, b) = (std::fs::read(full.join(f)).unwrap(), std::fs::read(merged.join(f)).unwrap());
            // The first differing line, not two whole files, when they differ.
            let first = a.split(|&c| c == b'\n').zip(b.split(|&c| c == b'\n')).position(|(x, y)| x != y);
            assert!(a == b, "{stem}: merged {f} differs from the single run (first at line {first:?})");
        }
        // A missing shard is refused.
        let o = bin().arg("merge").args(&parts[..2]).args(["--out"]).arg(d.join("x")).output().unwrap();
        assert_eq!(o.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&o.stderr).contains("missing shard(s)"));
        assert!(!d.join("x").exists());
    }
}

#[test]
fn merge_refuses_shards_of_different_runs() {
    let d = tmp("mismatch");
    let c = "configs/bmg-3e/paired-bat-vs-knife.toml";
    let a = d.join("a.json");
    let b = d.join("b.json");
    assert!(
        bin().args(["run", c, "-q", "--trials", "5000", "--shard", "1/2", "--out"]).arg(&a).status().unwrap().success()
    );
    assert!(
        bin()
            .args(["run", c, "-q", "--trials", "5000", "--seed", "9", "--shard", "2/2", "--out"])
            .arg(&b)
            .status()
            .unwrap()
            .success()
    );
    let o = bin().arg("merge").arg(&a).arg(&b).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(e.contains("b.json") && e.contains("different"), "{e}");
    std::fs::write(d.join("junk.json"), "{not json").unwrap();
    let o = bin().arg("merge").arg(d.join("junk.json")).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("junk.json:1:"));
}

/// Paired vs independent estimates of the same difference, each over many seeds: the spread of
/// the paired estimates must be several times smaller. This measures what CRN buys directly.
#[test]
fn common_random_numbers_reduce_the_variance_of_a_difference() {
    let bruiser = card(4, 3, 3, 6, 6, 2);
    let thug = card(3, 3, 4, 5, 4, 2);
    let a = Attack::new(&setup(bruiser.clone(), melee(1, 2, 0), thug.clone())).unwrap();
    let b = Attack::new(&setup(bruiser, melee(0, 0, 1), thug)).unwrap();
    let paired = Paired::new(
        Cell::new(Trial3e::Attack(a.clone())),
        Cell::new(Trial3e::Attack(b.clone())),
        Measure::Metric(metric::HITS),
        "hits".into(),
    );
    let n = 4_000u64;
    let p = Progress::hidden();
    let (mut paired_means, mut indep_means) = (Vec::new(), Vec::new());
    for seed in 0..40u64 {
        let t = engine::run_cells(&[Cell::new(paired.clone())], seed, Stop::Trials(n), &p).tallies.remove(0);
        paired_means.push(t.moments(DIFF).mean - paired.offset as f64);
        let ta = engine::run_cells(std::slice::from_ref(&a), 1000 + seed, Stop::Trials(n), &p).tallies.remove(0);
        let tb = engine::run_cells(std::slice::from_ref(&b), 2000 + seed, Stop::Trials(n), &p).tallies.remove(0);
        indep_means.push(ta.moments(metric::HITS).mean - tb.moments(metric::HITS).mean);
    }
    let var = |v: &[f64]| {
        let m = v.iter().sum::<f64>() / v.len() as f64;
        v.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (v.len() - 1) as f64
    };
    let (vp, vi) = (var(&paired_means), var(&indep_means));
    eprintln!("variance of the difference over 40 seeds: paired {vp:.3e}, independent {vi:.3e}, ratio {:.1}", vi / vp);
    assert!(vi > 4.0 * vp, "CRN should cut the variance several-fold (paired {vp}, independent {vi})");
    // Both estimate the same thing: their averages agree within a few standard errors.
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let se = (vi / 40.0).sqrt() + (vp / 40.0).sqrt();
    assert!((mean(&paired_means) - mean(&indep_means)).abs() < 4.0 * se);
    // The shape of a paired trial: A − B is stored with B's maximum as offset.
    assert_eq!(paired.shape().metrics[DIFF].1, (a.max_hits() + b.max_hits()) as usize);
}

fn fails(name: &str, config: &str, args: &[&str], expect: &[&str]) {
    common::fails(
        "balance_lab",
        name,
        config,
        &["configs/bmg-3e/cards.toml", "configs/bmg-3e/gauntlet.toml"],
        args,
        expect,
    );
}

const HEAD: &str = "ruleset = \"bmg-3e\"\ninclude = [\"cards.toml\", \"gauntlet.toml\"]\ntrials = 1000\n";

#[test]
fn bad_input_in_the_new_kinds() {
    fails(
        "bad-policy",
        &format!(
            "{HEAD}kind = \"duel\"\n[duel]\na = {{ card = \"batman\", effort = \"sometimes\" }}\nb = {{ card = \"thug\" }}\n"
        ),
        &[],
        &[
            "scenario.toml:6:33:",
            "field `duel.a.effort`",
            "`none`, `max`, `optimal-hits`, `optimal-hits-net`, `optimal-ko`, `optimal-out-of-action`, `optimal-casualty`",
        ],
    );
    fails(
        "bad-rounds",
        &format!("{HEAD}kind = \"duel\"\n[duel]\nrounds = 0\na = {{ card = \"batman\" }}\nb = {{ card = \"thug\" }}\n"),
        &[],
        &["field `duel.rounds`", "allowed: 1..=12"],
    );
    fails(
        "no-reputation",
        &format!(
            "{HEAD}kind = \"balance\"\n[cards.nameless]\nattack = 3\ndefense = 3\nstrength = 4\nwillpower = 5\nendurance = 4\nspecial = 2\n[balance]\ncandidate = {{ card = \"nameless\" }}\n"
        ),
        &[],
        &["field `balance.candidate.card`", "no `reputation`"],
    );
    fails(
        "unknown-fighter",
        &format!(
            "{HEAD}kind = \"balance\"\n[balance]\ncandidate = {{ card = \"veteran\" }}\ngauntlet = [\"thug-bat\", \"nobody\"]\n"
        ),
        &[],
        &["field `balance.gauntlet`", "unknown fighter `nobody`", "`thug-bat`"],
    );
    fails(
        "peer-band",
        &format!("{HEAD}kind = \"balance\"\n[balance]\ncandidate = {{ card = \"veteran\" }}\npeer_band = -1.0\n"),
        &[],
        &["field `balance.peer_band`"],
    );
    fails(
        "measure",
        &format!(
            "{HEAD}kind = \"paired\"\n[paired]\na = {{ attacker = \"thug\" }}\nb = {{ attacker = \"bruiser\" }}\ntarget = \"robin\"\nmeasure = \"style\"\n"
        ),
        &[],
        &["field `paired.measure`", "`hits`, `stun`, `wounds`", "`ko`, `casualty`", "`damage`"],
    );
    fails(
        "shard-syntax",
        &format!("{HEAD}kind = \"duel\"\n[duel]\na = {{ card = \"batman\" }}\nb = {{ card = \"thug\" }}\n"),
        &["--shard", "4/3"],
        &["field `--shard`", "1 ≤ i ≤ n"],
    );
}
