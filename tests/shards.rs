//! Shards are portable (issue #9, case 4): a partial result identifies its scenario by content,
//! seed and trial count, never by the path typed; `merge` needs no config file and works from
//! any directory; a mismatch names what differs. The README's batch-scheduler recipe is run end
//! to end from two different working directories.

mod common;

use common::{bin_path, tmp};
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
