//! Shards are portable (issue #9, case 4): a partial result identifies its scenario by content,
//! seed and trial count, never by the path typed; `merge` needs no config file and works from
//! any directory; a mismatch names what differs. The README's batch-scheduler recipe is run end
//! to end from two different working directories.

use crate::common::{bin_path, tmp};
use std::path::{Path, PathBuf};
use std::process::Command;

/// A private copy of a bundled scenario and its card library, so the test can move and delete them.
fn copy_config(dir: &Path) -> PathBuf {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-3e");
    std::fs::create_dir_all(dir).unwrap();
    for f in ["paired-bat-vs-knife.toml", "cards.toml"] {
        std::fs::copy(src.join(f), dir.join(f)).unwrap();
    }
    dir.join("paired-bat-vs-knife.toml")
}

fn run_in(cwd: &Path, args: &[&str]) -> (Option<i32>, String) {
    let o = Command::new(bin_path()).current_dir(cwd).args(args).output().unwrap();
    (o.status.code(), String::from_utf8_lossy(&o.stderr).into_owned())
}

fn ok(cwd: &Path, args: &[&str]) {
    let (code, err) = run_in(cwd, args);
    assert_eq!(code, Some(0), "{args:?} in {}: {err}", cwd.display());
}

#[test]
fn the_batch_recipe_works_from_two_working_directories_with_no_config_at_merge() {
    let root = tmp("shards", "recipe");
    let node_a = root.join("node-a");
    let node_b = root.join("node-b/deeper");
    std::fs::create_dir_all(&node_a).unwrap();
    std::fs::create_dir_all(&node_b).unwrap();
    let cfg = copy_config(&root.join("cfg"));
    let shards = root.join("shards");
    // The single run the shards must reproduce (its summary names the config as shard 1 typed it).
    let single = root.join("single");
    let typed_a = "../cfg/paired-bat-vs-knife.toml";
    ok(&node_a, &["run", typed_a, "-q", "--trials", "60000", "--out", single.to_str().unwrap()]);
    // Shards 1 and 3 from node A, typed one way; 2 and 4 from node B, typed another.
    for i in 1..=4 {
        let (cwd, path) =
            if i % 2 == 1 { (&node_a, typed_a.to_string()) } else { (&node_b, cfg.to_string_lossy().into_owned()) };
        let part = shards.join(format!("part-{i}.json"));
        let shard = format!("{i}/4");
        ok(cwd, &["run", &path, "-q", "--trials", "60000", "--shard", &shard, "--out", part.to_str().unwrap()]);
    }
    // The config is gone by the time the merge runs, somewhere else entirely.
    std::fs::remove_dir_all(root.join("cfg")).unwrap();
    let merger = root.join("elsewhere");
    std::fs::create_dir_all(&merger).unwrap();
    let parts: Vec<String> = (1..=4).map(|i| format!("../shards/part-{i}.json")).collect();
    let mut args = vec!["merge"];
    args.extend(parts.iter().map(String::as_str));
    args.extend(["-q", "--out", "merged"]);
    ok(&merger, &args);
    for f in ["results.json", "results.csv", "summary.md"] {
        assert_eq!(
            std::fs::read_to_string(single.join(f)).unwrap(),
            std::fs::read_to_string(merger.join("merged").join(f)).unwrap(),
            "merged {f} differs from the single run"
        );
    }
}

#[test]
fn the_same_config_typed_two_ways_is_the_same_scenario() {
    let d = tmp("shards", "typed");
    copy_config(&d);
    ok(&d, &["run", "paired-bat-vs-knife.toml", "-q", "--trials", "20000", "--shard", "1/2", "--out", "a.json"]);
    ok(&d, &["run", "./paired-bat-vs-knife.toml", "-q", "--trials", "20000", "--shard", "2/2", "--out", "b.json"]);
    ok(&d, &["merge", "a.json", "b.json", "-q", "--out", "m"]);
}

#[test]
fn a_mismatch_names_what_differs() {
    let d = tmp("shards", "mismatch");
    copy_config(&d);
    let c = "paired-bat-vs-knife.toml";
    let shard = |out: &str, i: &str, extra: &[&str]| {
        let mut a = vec!["run", c, "-q", "--shard", i, "--out", out];
        a.extend(if extra.is_empty() { &["--trials", "20000"][..] } else { extra });
        ok(&d, &a);
    };
    shard("base.json", "1/2", &[]);
    shard("seed.json", "2/2", &["--trials", "20000", "--seed", "9"]);
    shard("trials.json", "2/2", &["--trials", "30000"]);
    shard("count.json", "2/3", &[]);
    shard("again.json", "1/2", &[]);
    // Another scenario: the same file with one card value changed.
    let text = std::fs::read_to_string(d.join(c)).unwrap();
    std::fs::create_dir(d.join("other")).unwrap();
    std::fs::copy(d.join("cards.toml"), d.join("other/cards.toml")).unwrap();
    std::fs::write(d.join("other").join(c), text).unwrap();
    let edited = std::fs::read_to_string(d.join("other/cards.toml")).unwrap().replacen("defense = 3", "defense = 4", 1);
    std::fs::write(d.join("other/cards.toml"), edited).unwrap();
    let o = Command::new(bin_path())
        .current_dir(d.join("other"))
        .args(["run", c, "-q", "--trials", "20000", "--shard", "2/2", "--out", "../other.json"])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for (second, expect) in [
        ("seed.json", vec!["seed.json", "seed 9", "base.json has 8"]),
        ("trials.json", vec!["trial count 30000", "20000"]),
        ("count.json", vec!["shard count 3", "has 2"]),
        ("again.json", vec!["shard 1/2 is given twice"]),
        ("other.json", vec!["other.json", "different scenario"]),
    ] {
        let (code, err) = run_in(&d, &["merge", "base.json", second, "--out", "m"]);
        assert_eq!(code, Some(2), "{second}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        for x in expect {
            assert!(err.contains(x), "{second}: expected `{x}` in {err}");
        }
        assert!(!d.join("m").exists());
    }
    let (code, err) = run_in(&d, &["merge", "base.json", "--out", "m"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("missing shard(s) 2/2"), "{err}");
}

// ---- Issue #22: `merge` verifies every partial before adding it. ----
//
// Each case edits one partial of a real 3-shard run of the bundled 2019 duel (100,000 trials:
// seven chunks, so shard 1 runs 34,464 trials per cell and shards 2 and 3 run 32,768 each) the
// way the reliability campaign did, and checks the contract: exit code 2, one line naming the
// edited file and what is wrong, no panic, no report. Cases a digest alone would catch are
// also *resealed* where a forger could do so (the digest recomputed with the library), to show
// that the checks on trials and sums refuse them on their own.

use serde_json::Value;
use std::sync::OnceLock;

/// Shards 1–3 of the duel, run once for all the cases below.
fn duel_parts() -> &'static [PathBuf; 3] {
    static PARTS: OnceLock<[PathBuf; 3]> = OnceLock::new();
    PARTS.get_or_init(|| {
        let d = tmp("shards", "duel-parts");
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-3e");
        for f in ["duel-batman-vs-bruiser.toml", "cards.toml"] {
            std::fs::copy(src.join(f), d.join(f)).unwrap();
        }
        std::array::from_fn(|k| {
            let out = d.join(format!("part-{}.json", k + 1));
            let shard = format!("{}/3", k + 1);
            let args = ["run", "duel-batman-vs-bruiser.toml", "-q", "--trials", "100000", "--shard", &shard, "--out"];
            ok(&d, &[&args[..], &[out.to_str().unwrap()]].concat());
            out
        })
    })
}

/// Write `part` edited by `edit` to `<dir>/bad.json`; with `reseal`, recompute its digest as a
/// forger could (files of a schema without a digest are left as edited).
fn tampered(dir: &Path, part: &Path, reseal: bool, edit: impl FnOnce(&mut Value)) -> PathBuf {
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(part).unwrap()).unwrap();
    edit(&mut v);
    if reseal && v.get("digest").is_some() {
        let mut p: skirmish_odds::shard::Partial = serde_json::from_value(v).unwrap();
        p.seal();
        v = serde_json::to_value(&p).unwrap();
    }
    let bad = dir.join("bad.json");
    std::fs::write(&bad, serde_json::to_string(&v).unwrap()).unwrap();
    bad
}

/// `merge` of `parts` in `dir` is refused by the rules of bad input, naming `bad.json` and
/// every fragment of `expect`.
fn refused(dir: &Path, parts: &[&Path], expect: &[&str]) -> String {
    let mut args = vec!["merge".to_string()];
    args.extend(parts.iter().map(|p| p.to_string_lossy().into_owned()));
    args.extend(["-q", "--out", "merged"].map(String::from));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, err) = run_in(dir, &args);
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(err.contains("bad.json"), "names the file: {err}");
    for x in expect {
        assert!(err.contains(x), "expected `{x}` in: {err}");
    }
    assert!(!dir.join("merged").exists(), "a report was written");
    err
}

/// Shard 2 of the duel edited by `edit` (resealed or not), merged with the real shards 1 and 3.
fn shard_2_edited(name: &str, reseal: bool, edit: impl FnOnce(&mut Value), expect: &[&str]) -> String {
    let d = tmp("shards", name);
    let [p1, p2, p3] = duel_parts();
    let bad = tampered(&d, p2, reseal, edit);
    refused(&d, &[p1, &bad, p3], expect)
}

const DIGEST: &str =
    "do not match the digest the shard wrote with them: the file was edited or damaged; re-run this shard";
const CELL: &str = "cell 0 (`Batman + Gauntlets vs Bruiser + Baseball bat (Heavy)`)";

#[test]
fn an_event_count_plus_1000_is_refused() {
    // 27,127 + 1,000 is still below the 32,768 trials: only the digest can see it.
    shard_2_edited("count-plus-1000", false, |v| bump(&mut v["tallies"][0]["events"][0], 1000), &[DIGEST]);
}

#[test]
fn a_zeroed_event_count_is_refused() {
    shard_2_edited("count-zeroed", false, |v| v["tallies"][0]["events"][0] = 0.into(), &[DIGEST]);
}

#[test]
fn swapped_histogram_bins_are_refused() {
    shard_2_edited(
        "bins-swapped",
        false,
        |v| v["tallies"][0]["hists"][0].as_array_mut().unwrap().swap(1, 2),
        &[DIGEST],
    );
}

#[test]
fn a_doubled_trial_count_is_refused_even_with_a_recomputed_digest() {
    for reseal in [false, true] {
        shard_2_edited(
            "trials-doubled",
            reseal,
            |v| bump(&mut v["tallies"][0]["trials"], 32_768),
            &[CELL, "the tally ran 65,536 trials, but shard 2/3 of a 100,000-trial run runs 32,768 per cell"],
        );
    }
}

#[test]
fn zero_trials_are_refused_even_with_a_recomputed_digest() {
    for reseal in [false, true] {
        shard_2_edited(
            "trials-zero",
            reseal,
            |v| v["tallies"][0]["trials"] = 0.into(),
            &[CELL, "the tally ran 0 trials, but shard 2/3"],
        );
    }
}

#[test]
fn a_histogram_bin_plus_1_is_refused_even_with_a_recomputed_digest() {
    for reseal in [false, true] {
        let err = shard_2_edited(
            "bin-plus-1",
            reseal,
            |v| bump(&mut v["tallies"][0]["hists"][1][3], 1),
            &[
                CELL,
                "histogram of `a_dealt` sums to 32,769 but the tally ran 32,768 trials: the file was edited or damaged; re-run this shard",
            ],
        );
        assert!(err.starts_with("error: ") && err.contains("bad.json: cell 0"), "{err}");
    }
}

#[test]
fn a_relabelled_shard_is_refused() {
    let d = tmp("shards", "relabelled");
    let [p1, p2, _] = duel_parts();
    // Shard 2 passed off as 3/3 beside the real 2/3: the same trial count, so only the digest sees it.
    let bad = tampered(&d, p2, false, |v| v["shard"] = serde_json::json!([3, 3]));
    refused(&d, &[p1, p2, &bad], &[DIGEST]);
    // Shard 1 passed off as 3/3 by a forger: it ran 34,464 trials, which shard 3 never does.
    let bad = tampered(&d, p1, true, |v| v["shard"] = serde_json::json!([3, 3]));
    refused(
        &d,
        &[p1, p2, &bad],
        &[CELL, "the tally ran 34,464 trials, but shard 3/3 of a 100,000-trial run runs 32,768"],
    );
}

#[test]
fn a_partial_claiming_10_to_the_15_shards_is_refused_before_allocating() {
    let d = tmp("shards", "huge-n");
    let [p1, p2, p3] = duel_parts();
    let bad = tampered(&d, p1, true, |v| v["shard"] = serde_json::json!([1, 1_000_000_000_000_000u64]));
    refused(&d, &[&bad, p2, p3], &["shard 1 of 1,000,000,000,000,000, but a run has 1 to 100,000 shards"]);
}

#[test]
fn a_consistent_edit_is_refused_by_the_digest() {
    // One duel moved from "A wins" to "draw" everywhere it shows: every sum still adds up.
    let err = shard_2_edited(
        "consistent-edit",
        false,
        |v| {
            let t = &mut v["tallies"][0];
            bump(&mut t["events"][0], -1);
            bump(&mut t["events"][2], 1);
        },
        &[DIGEST],
    );
    assert!(err.contains("error: ") && err.contains("bad.json: this partial's numbers"), "{err}");
}

#[test]
fn an_edited_exact_tally_is_refused() {
    // The 2019 single attack is solved exactly: every shard carries the same exact tally.
    let d = tmp("shards", "exact-edit");
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-3e");
    for f in ["batman-vs-thug.toml", "cards.toml"] {
        std::fs::copy(src.join(f), d.join(f)).unwrap();
    }
    for i in 1..=2 {
        let (shard, out) = (format!("{i}/2"), format!("p{i}.json"));
        ok(&d, &["run", "batman-vs-thug.toml", "-q", "--trials", "20000", "--shard", &shard, "--out", &out]);
    }
    // One outcome moved to the next bin: still a distribution over the same denominator.
    tampered(&d, &d.join("p2.json"), true, |v| {
        bump(&mut v["tallies"][0]["hists"][1][3], 1);
        bump(&mut v["tallies"][0]["hists"][1][4], -1);
    });
    refused(
        &d,
        &[Path::new("p1.json"), Path::new("bad.json")],
        &["cell 0 (`attack`): its exact result differs from the one in p1.json"],
    );
    tampered(&d, &d.join("p2.json"), true, |v| v["tallies"][0]["trials"] = 0.into());
    refused(&d, &[Path::new("p1.json"), Path::new("bad.json")], &["exact distribution has a denominator of 0"]);
}

#[test]
fn a_partial_of_the_previous_schema_asks_for_a_re_run() {
    let [p1, p2, p3] = duel_parts();
    let d = tmp("shards", "schema-v2");
    let bad = tampered(&d, p2, false, |v| v["schema"] = "skirmish-odds/partial/v2".into());
    refused(&d, &[p1, &bad, p3], &["made by an older skirmish-odds", "re-run the shard"]);
}

#[test]
fn an_absurdly_large_file_is_refused_unread() {
    let d = tmp("shards", "huge-file");
    let bad = d.join("bad.json");
    // Sparse: 300 MiB that take no disk space (and would be NUL bytes if read).
    std::fs::File::create(&bad).unwrap().set_len(300 << 20).unwrap();
    refused(&d, &[&bad], &["300 MiB", "at most 256 MiB"]);
}

/// Add `by` to the JSON integer `v`.
fn bump(v: &mut Value, by: i64) {
    *v = (v.as_i64().unwrap() + by).into();
}

#[test]
fn a_histogram_stretched_to_65536_bins_is_refused_even_with_a_recomputed_digest() {
    // Every count moved into bin 65,535 keeps the sums; with the digest recomputed, `merge` took
    // 79 s and 1.1 GB laying out 65,536 bars. A histogram has exactly its metric's bins.
    let err = shard_2_edited(
        "stretched",
        true,
        |v| {
            let h = v["tallies"][0]["hists"][1].as_array_mut().unwrap();
            let total: u64 = h.iter().map(|c| c.as_u64().unwrap()).sum();
            let mut stretched = vec![serde_json::json!(0); 65_536];
            stretched[65_535] = serde_json::json!(total);
            *h = stretched;
        },
        &[CELL, "histogram of `a_dealt` has 65,536 bins, but this scenario's has"],
    );
    assert!(err.starts_with("error: ") && err.contains("bad.json: cell 0"), "{err}");
}

#[test]
fn a_malformed_partial_is_described_in_the_files_words() {
    // serde's words leaked: "expected struct Partial", "expected u64", "a tuple of size 2".
    let d = tmp("shards", "words");
    let [_, p2, _] = duel_parts();
    for (what, edit, expect) in [
        ("null", None, "invalid type: null, expected a JSON object"),
        ("seed", Some(("\"seed\":", "\"seed\":-1,\"x\":")), "expected a whole number ≥ 0"),
    ] {
        let text = match edit {
            None => "null".to_string(),
            Some((from, to)) => std::fs::read_to_string(p2).unwrap().replacen(from, to, 1),
        };
        std::fs::write(d.join("bad.json"), text).unwrap();
        let err = refused(&d, &[&d.join("bad.json")], &[expect]);
        for rust in ["struct", "u64", "tuple", "at line"] {
            assert!(!err.contains(rust), "{what}: `{rust}` in {err}");
        }
    }
}

/// Whether a missing tool fails a test rather than skipping it: under CI, which installs it.
fn required() -> bool {
    std::env::var("CI").map(|v| !v.is_empty() && v != "false" && v != "0").unwrap_or(false)
}

/// The shards of a sampled balance run through GNU parallel (issue #40) — in its `--sshlogin`
/// form, with `:` the local machine as a login (`2/:`: two jobs at a time on it), the same
/// form that spreads them over several hosts — and `merge` gives the single run's report byte
/// for byte. .ci/run installs Debian's `parallel`; without it the test is skipped outside CI.
#[test]
fn shards_through_gnu_parallel_merge_to_the_single_run() {
    if Command::new("parallel").arg("--version").output().is_err() {
        assert!(!required(), "GNU parallel is not on PATH (.ci/run installs Debian's `parallel`)");
        eprintln!("SKIPPED shards_through_gnu_parallel_merge_to_the_single_run: no GNU parallel on PATH");
        return;
    }
    let d = tmp("shards", "gnu-parallel");
    let config = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/wolsung/balance-new-hero.toml");
    let config = config.to_str().unwrap();
    let bin = bin_path();
    let bin = bin.to_str().unwrap();
    ok(&d, &["run", config, "-q", "--trials", "4000", "--threads", "1", "--out", "full"]);
    let o = Command::new("parallel")
        .current_dir(&d)
        .args(["--will-cite", "--halt", "now,fail=1", "--sshlogin", "2/:"])
        .args([
            bin,
            "run",
            config,
            "-q",
            "--trials",
            "4000",
            "--threads",
            "1",
            "--shard",
            "{}/4",
            "--out",
            "part-{}.json",
        ])
        .args([":::", "1", "2", "3", "4"])
        .output()
        .unwrap();
    assert!(o.status.success(), "parallel: {}", String::from_utf8_lossy(&o.stderr));
    let parts: Vec<String> = (1..=4).map(|i| format!("part-{i}.json")).collect();
    let mut args = vec!["merge"];
    args.extend(parts.iter().map(String::as_str));
    args.extend(["-q", "--out", "merged"]);
    ok(&d, &args);
    for f in ["results.json", "results.csv", "summary.md"] {
        let (a, b) = (std::fs::read(d.join("full").join(f)).unwrap(), std::fs::read(d.join("merged").join(f)).unwrap());
        assert!(a == b, "merged {f} differs from the single run");
    }
}
