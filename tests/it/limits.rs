//! Every number is checked against its limit before anything is allocated from it, and every
//! write that fails is an error (issue #22). Each case here crashed, aborted, took seconds and
//! gigabytes, or lost output silently before.

use crate::common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn sweep(to: &str) -> String {
    format!(
        "ruleset = \"bmg-3e\"\nkind = \"sweep\"\ninclude = [\"cards.toml\"]\ntrials = 1000\n\n\
         [attack]\nattacker = \"robin\"\nweapon = \"baseball-bat\"\ntarget = \"thug\"\n\n\
         [sweep]\nparameter = \"target.defense\"\nfrom = 2\nto = {to}\n"
    )
}

#[test]
fn a_sweep_range_is_counted_before_it_is_built() {
    // 2^63 − 1 panicked ("capacity overflow"), 2^31 aborted (16 GiB allocation), 4·10^8 took
    // 9 s and 3 GB before the "at most 50 values" error.
    for (k, to) in ["9223372036854775807", "2147483648", "400000000", "52"].iter().enumerate() {
        let start = Instant::now();
        let e = common::fails(
            "limits",
            &format!("sweep-{k}"),
            &sweep(to),
            &["configs/bmg-3e/cards.toml"],
            &[],
            &["scenario.toml:14:6", "field `sweep.to`", "at most 50 values"],
        );
        assert!(start.elapsed() < Duration::from_secs(5), "{to}: took {:?}: {e}", start.elapsed());
    }
    // The count takes `step` into account: 2..=400000000 in steps of 10^8 is five values, so the
    // error is about the values themselves (Defense is 1..=6), not their number.
    let e = common::fails(
        "limits",
        "sweep-step",
        &sweep("400000000\nstep = 100000000"),
        &["configs/bmg-3e/cards.toml"],
        &[],
        &["out of range"],
    );
    assert!(!e.contains("at most 50 values"), "{e}");
}

#[test]
fn an_oversized_include_is_refused_before_it_is_read() {
    // A 200 MB include took 575 MB of memory and aborted under a memory limit; 5 MiB shows the
    // limit without writing a big file.
    let d = common::tmp("limits", "include");
    let mut big = String::from("[cards.x]\nattack = 3\n# ");
    big.push_str(&"a".repeat(5 << 20));
    big.push('\n');
    std::fs::write(d.join("big.toml"), big).unwrap();
    std::fs::write(
        d.join("s.toml"),
        "ruleset = \"bmg-3e\"\nkind = \"attack\"\ninclude = [\"big.toml\"]\n\n[attack]\nattacker = \"x\"\n\
         target = \"x\"\nweapon = \"fists\"\n",
    )
    .unwrap();
    let o = common::bin_run(&d, &["validate", "s.toml"]);
    let e = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{e}");
    assert!(e.contains("s.toml:3:11") && e.contains("field `include`") && e.contains("at most 4,194,304 bytes"), "{e}");
    assert_eq!(e.lines().count(), 1, "{e}");
}

#[test]
fn too_many_includes_are_refused() {
    let d = common::tmp("limits", "includes");
    std::fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-3e/cards.toml"), d.join("cards.toml"))
        .unwrap();
    for k in 0..70 {
        std::fs::write(d.join(format!("w{k}.toml")), format!("[weapons.w{k}]\nkind = \"melee\"\ndamage = \"★\"\n"))
            .unwrap();
    }
    let list: Vec<String> =
        std::iter::once("\"cards.toml\"".to_string()).chain((0..70).map(|k| format!("\"w{k}.toml\""))).collect();
    std::fs::write(
        d.join("s.toml"),
        format!(
            "ruleset = \"bmg-3e\"\nkind = \"attack\"\ninclude = [{}]\n\n[attack]\nattacker = \"robin\"\n\
             target = \"thug\"\nweapon = \"baseball-bat\"\n",
            list.join(", ")
        ),
    )
    .unwrap();
    let o = common::bin_run(&d, &["validate", "s.toml"]);
    let e = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{e}");
    assert!(e.contains("field `include`") && e.contains("at most 64"), "{e}");
}

#[test]
fn a_failed_write_to_standard_output_is_an_error() {
    // `run --json > /dev/full` exited 0 with the JSON lost.
    if !Path::new("/dev/full").exists() {
        return;
    }
    let d = common::tmp("limits", "dev-full");
    let cfg = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-3e/batman-vs-thug.toml");
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let o = Command::new(common::bin_path())
        .current_dir(&d)
        .arg("run")
        .arg(&cfg)
        .args(["--trials", "1000", "--json", "--out", "r"])
        .stdout(Stdio::from(full))
        .output()
        .unwrap();
    let e = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{e}");
    assert!(e.contains("cannot write standard output") && e.contains("No space left"), "{e}");
    // Help and version text too (clap printed them itself and exited 0 whatever happened).
    for args in [&["--help"][..], &["--version"], &["run", "--help"]] {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let o = Command::new(common::bin_path()).args(args).stdout(Stdio::from(full)).output().unwrap();
        let e = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {e}");
        assert!(e.contains("cannot write standard output"), "{args:?}: {e}");
    }
    // A reader that stops early (`| head`) is not an error.
    let mut child = Command::new(common::bin_path())
        .current_dir(&d)
        .arg("run")
        .arg(&cfg)
        .args(["--trials", "1000", "--json", "--out", "r2"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
}

/// A bundled config with one line replaced, written to a fresh folder; returns (folder, stderr, exit).
fn with_line(name: &str, config: &str, from: &str, to: &str) -> (std::path::PathBuf, String, Option<i32>) {
    let d = common::tmp("limits", name);
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(config)).unwrap();
    assert!(text.contains(from), "{config} has no `{from}`");
    std::fs::write(d.join("s.toml"), text.replacen(from, to, 1)).unwrap();
    // The bundled libraries the config includes by name.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(config).parent().unwrap().to_path_buf();
    for lib in ["cards.toml", "models.toml", "gauntlet.toml", "weapons.toml"] {
        if dir.join(lib).exists() {
            std::fs::copy(dir.join(lib), d.join(lib)).unwrap();
        }
    }
    let start = Instant::now();
    let o = common::bin_run(&d, &["validate", "s.toml"]);
    assert!(start.elapsed() < Duration::from_secs(10), "{name}: took {:?}", start.elapsed());
    (d, String::from_utf8_lossy(&o.stderr).into_owned(), o.status.code())
}

#[test]
fn a_grid_of_cells_is_counted_before_it_is_built() {
    // 400,000 Wolsung distances aborted after 3 GB ("memory allocation of 280 bytes failed",
    // exit 134); 400,000 ¡Bichos! cover flags asked for 3.9 GB at once. The product of the lists
    // is checked first.
    let many = |v: &str| format!("[{}]", vec![v; 400_000].join(", "));
    let (_, e, code) = with_line(
        "wolsung-distances",
        "configs/wolsung/pistol-vs-rifle.toml",
        "distances = [4, 12, 20]",
        &format!("distances = {}", many("4")),
    );
    assert_eq!(code, Some(2), "{e}");
    assert!(
        e.contains("field `shooting.distances`") && e.contains("400,000 distances") && e.contains("at most 400 cells"),
        "{e}"
    );
    assert!(e.contains("s.toml:19:"), "{e}");
    let (_, e, code) = with_line(
        "bichos-cover",
        "configs/bichos/weapons-vs-bugs.toml",
        "cover = [false, true]",
        &format!("cover = {}", many("false")),
    );
    assert_eq!(code, Some(2), "{e}");
    assert!(e.contains("field `arsenal.cover`") && e.contains("at most 400 cells"), "{e}");
}

#[test]
fn the_scenario_and_its_includes_hold_at_most_16_mib_together() {
    // 64 includes of 4 MiB each used to pass, and `run --shard` then wrote a 505 MiB partial
    // that `merge` refused.
    let d = common::tmp("limits", "total");
    std::fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-3e/cards.toml"), d.join("cards.toml"))
        .unwrap();
    let pad = format!("ruleset = \"bmg-3e\"\n# {}\n", "\t".repeat(4_000_000));
    let mut names = vec!["\"cards.toml\"".to_string()];
    for k in 0..5 {
        std::fs::write(d.join(format!("pad{k}.toml")), &pad).unwrap();
        names.push(format!("\"pad{k}.toml\""));
    }
    std::fs::write(
        d.join("s.toml"),
        format!(
            "ruleset = \"bmg-3e\"\nkind = \"attack\"\ninclude = [{}]\n\n[attack]\nattacker = \"robin\"\n\
             target = \"thug\"\nweapon = \"baseball-bat\"\n",
            names.join(", ")
        ),
    )
    .unwrap();
    let o = common::bin_run(&d, &["validate", "s.toml"]);
    let e = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{e}");
    assert!(e.contains("field `include`") && e.contains("16 MiB") && e.contains("pad4.toml"), "{e}");
}

#[test]
fn a_config_named_dot_dot_toml_writes_its_report_into_a_folder_of_its_own() {
    // `..toml` has the stem `.`: its report went straight into `reports/`, beside the others.
    let d = common::tmp("limits", "dotdot");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::copy(root.join("configs/bmg-3e/cards.toml"), d.join("cards.toml")).unwrap();
    let text = std::fs::read_to_string(root.join("configs/bmg-3e/batman-vs-thug.toml")).unwrap();
    let text: String = text.lines().filter(|l| !l.starts_with("name")).map(|l| format!("{l}\n")).collect();
    std::fs::write(d.join("..toml"), text).unwrap();
    let o = common::bin_run(&d, &["run", "..toml", "--trials", "100", "-q"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let names: Vec<String> = std::fs::read_dir(d.join("reports"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, vec!["scenario".to_string()]);
}

/// A text value over 2,000 characters or a key over 200 is refused where it is written (issue
/// #39): a 1 MB card name made a 1.4 GB results.csv, 1.5 GB of memory and a 13 s run that
/// Ctrl-C could not stop while the file was written; a 1 MB unknown `measure` spent 5 s in the
/// "did you mean" search. Exit 2 at once, one line, the file:line:col and the limit.
#[test]
fn a_megabyte_name_or_key_is_refused_where_it_is_written() {
    let cards = ["configs/bmg-3e/cards.toml"];
    let attack = |extra: &str| {
        format!(
            "ruleset = \"bmg-3e\"\nkind = \"attack\"\ninclude = [\"cards.toml\"]\ntrials = 1000\n{extra}\n\
             [attack]\nattacker = \"batman\"\nweapon = \"knife\"\ntarget = \"thug\"\n"
        )
    };
    let compare = |measure: &str, extra: &str| {
        format!(
            "ruleset = \"bmg-3e\"\nkind = \"compare\"\ninclude = [\"cards.toml\"]\ntrials = 1000\n{extra}[attack]\n\
             [compare]\ntargets = [\"thug\"]\nloadouts = [{{ attacker = \"batman\", weapon = \"knife\" }}, \
             {{ attacker = \"robin\", weapon = \"knife\" }}]\nmeasure = \"{measure}\"\n"
        )
    };
    let mega = "N".repeat(1 << 20);
    let cases = [
        (
            "name",
            attack(&format!(
                "[cards.hero]\nname = \"{mega}\"\nattack = 4\ndefense = 4\nstrength = 4\nwillpower = 6\nendurance = 5\nspecial = 2\n"
            )),
            vec![
                "scenario.toml:6:8",
                "field `cards.hero.name`",
                "a text of 1,048,576 characters",
                "at most 2,000 characters",
            ],
        ),
        (
            "description",
            attack(&format!("description = \"\"\"\n{}\"\"\"", "a paragraph of words\n".repeat(200))),
            vec!["scenario.toml:5:15", "field `description`", "a text of 4,200 characters"],
        ),
        (
            "key",
            attack(&format!("[cards.{}]\nattack = 4", "k".repeat(10_000))),
            vec!["scenario.toml:5:8", "a key of 10,000 characters", "at most 200 characters"],
        ),
        (
            "measure",
            compare(&mega, ""),
            vec!["scenario.toml:9:11", "field `compare.measure`", "a text of 1,048,576 characters"],
        ),
        (
            "at-the-limit",
            compare(&"m".repeat(2_000), &format!("description = \"{}\"\n", "d".repeat(2_000))),
            vec!["field `compare.measure`", "unknown measure"],
        ),
    ];
    for (name, config, expect) in cases {
        let start = Instant::now();
        common::fails("limits", &format!("text-{name}"), &config, &cards, &["-q"], &expect);
        assert!(start.elapsed() < Duration::from_secs(2), "{name}: {:?}", start.elapsed());
    }
}

/// A run samples at most 10¹⁰ trials in all (issue #39): 390 cells × 10¹⁰ trials was accepted
/// (years of work), and Ctrl-C then took over a second, walking the chunks it skipped. A fixed
/// count over the limit is refused, naming the field (or flag) and the most per cell; a
/// precision run's cap is lowered to fit, with a note.
#[test]
fn a_sweep_over_the_whole_run_limit_is_refused_or_its_cap_lowered() {
    let cards = ["configs/bmg-3e/cards.toml"];
    let e = common::fails(
        "limits",
        "run-trials-file",
        &sweep("6").replace("trials = 1000", "trials = 10_000_000_000"),
        &cards,
        &[],
        &[
            "scenario.toml:4:10",
            "field `trials`",
            "5 cells × 10,000,000,000 trials is 50,000,000,000 trials in all, over the whole-run limit of 10,000,000,000",
            "at most 2,000,000,000 trials per cell with 5 cells",
        ],
    );
    assert!(!e.contains("--trials"), "{e}");
    common::fails(
        "limits",
        "run-trials-flag",
        &sweep("6"),
        &cards,
        &["--trials", "1e10"],
        &["field `--trials`", "at most 2,000,000,000 trials per cell with 5 cells"],
    );
    // At the limit: accepted (validate builds the scenario without running it).
    let d = common::tmp("limits", "run-trials-at-limit");
    std::fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join(cards[0]), d.join("cards.toml")).unwrap();
    std::fs::write(d.join("s.toml"), sweep("6").replace("trials = 1000", "trials = 2_000_000_000")).unwrap();
    let o = common::bin_run(&d, &["validate", "s.toml"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // A precision run: its cap lowered, said in the report.
    let o =
        common::bin_run(&d, &["run", "s.toml", "--precision", "0.2", "--max-trials", "1e10", "--sample", "--out", "r"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    let note = "the precision run stops at 2,000,000,000 trials per cell, not 10,000,000,000: 5 cells may sample 10,000,000,000 trials in all";
    let summary = std::fs::read_to_string(d.join("r/summary.md")).unwrap();
    assert!(summary.contains(note), "{summary}");
    let json = std::fs::read_to_string(d.join("r/results.json")).unwrap();
    assert!(json.contains("\"limited\"") && json.contains(note), "the note is in results.json");
}
