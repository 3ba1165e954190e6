//! Same config + seed ⇒ byte-identical JSON and CSV for any thread count, through the real binary.

use std::path::{Path, PathBuf};
use std::process::Command;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_skirmish-odds")
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn run(config: &str, threads: u32, out: &Path, extra: &[&str]) -> Vec<u8> {
    let o = Command::new(bin())
        .current_dir(root())
        // Sampled: the point is the sampling engine's determinism (exact cells need no threads).
        .args(["run", config, "--quiet", "--sample", "--threads", &threads.to_string(), "--out"])
        .arg(out)
        .args(extra)
        .output()
        .expect("binary runs");
    assert!(o.status.success(), "{config}: {}", String::from_utf8_lossy(&o.stderr));
    std::fs::read(out.join("results.json")).expect("results.json written")
}

#[test]
fn json_and_csv_identical_for_one_and_two_threads() {
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("determinism");
    let cases: [(&str, &[&str]); 12] = [
        ("configs/bmg-1e/duel-batman-vs-bruiser.toml", &["--trials", "20000"]),
        ("configs/wolsung/duel-duelist-vs-troll.toml", &["--trials", "20000"]),
        ("configs/wolsung/pistol-vs-rifle.toml", &["--trials", "2000"]),
        ("configs/all/threat-range.toml", &["--trials", "20000"]),
        ("configs/bichos/weapons-vs-bugs.toml", &["--trials", "3000"]),
        ("configs/bichos/cm-vs-inches.toml", &["--trials", "40000"]),
        ("configs/bmg-1e/counters-exchange.toml", &["--trials", "30000"]),
        ("configs/bmg-1e/editions-batman-brawl.toml", &["--trials", "50000"]),
        ("configs/bmg-3e/batman-vs-thug.toml", &["--trials", "300001"]),
        ("configs/bmg-3e/loadout-comparison.toml", &["--trials", "50000"]),
        ("configs/bmg-3e/effort-table.toml", &["--trials", "40000", "--seed", "77"]),
        ("configs/bmg-3e/willpower-check.toml", &["--precision", "0.002"]),
    ];
    for (config, extra) in cases {
        let stem = Path::new(config).file_stem().unwrap().to_string_lossy().to_string();
        let a = tmp.join(format!("{stem}-t1"));
        let b = tmp.join(format!("{stem}-t2"));
        let ja = run(config, 1, &a, extra);
        let jb = run(config, 2, &b, extra);
        assert_eq!(ja, jb, "{config}: JSON differs between 1 and 2 threads");
        let ca = std::fs::read(a.join("results.csv")).unwrap();
        let cb = std::fs::read(b.join("results.csv")).unwrap();
        assert_eq!(ca, cb, "{config}: CSV differs between 1 and 2 threads");
        let v: serde_json::Value = serde_json::from_slice(&ja).unwrap();
        assert_eq!(v["schema"], "skirmish-odds/result/v1");
        assert_eq!(v["ruleset"], config.split('/').nth(1).unwrap());
    }
}

#[test]
fn different_seeds_differ_and_json_flag_prints_the_same_json() {
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("seeds");
    let a = run("configs/bmg-3e/batman-vs-thug.toml", 2, &tmp.join("s1"), &["--trials", "20000", "--seed", "1"]);
    let b = run("configs/bmg-3e/batman-vs-thug.toml", 2, &tmp.join("s2"), &["--trials", "20000", "--seed", "2"]);
    assert_ne!(a, b);
    let o = Command::new(bin())
        .current_dir(root())
        .args([
            "run",
            "configs/bmg-3e/batman-vs-thug.toml",
            "--sample",
            "--json",
            "--trials",
            "20000",
            "--seed",
            "1",
            "--out",
        ])
        .arg(tmp.join("s3"))
        .output()
        .unwrap();
    assert!(o.status.success());
    assert_eq!(o.stdout, a, "--json prints exactly results.json");
    assert!(o.stderr.is_empty(), "nothing on stderr when it is not a terminal");
}
