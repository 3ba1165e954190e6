//! skirmish-odds only ever creates, replaces or deletes what it wrote itself (issue #9):
//! `--out` on a folder that is not an earlier report, an edited report, a read-only location,
//! shard paths, file values hidden by command-line overrides, `--seed` limits and `--quiet`.
//! Each of these failed on the main branch before the fix.

use crate::common;

use crate::common::{bin_run, snapshot, tmp};
use std::path::Path;
use std::process::Command;

const CONFIG: &str = "configs/bmg-3e/batman-vs-thug.toml";

fn config() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(CONFIG)
}

/// Runs in `cwd`: (exit code, stderr).
fn run(cwd: &Path, args: &[&str]) -> (Option<i32>, String) {
    let o = bin_run(cwd, args);
    (o.status.code(), String::from_utf8_lossy(&o.stderr).into_owned())
}

fn one_line_exit_2(code: Option<i32>, err: &str, expect: &[&str]) {
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(!err.contains("panicked"), "{err}");
    for x in expect {
        assert!(err.contains(x), "expected `{x}` in: {err}");
    }
}

#[test]
fn out_dot_in_a_folder_with_files_touches_nothing() {
    let d = tmp("safe_output", "dot");
    std::fs::write(d.join("thesis.txt"), "my only copy").unwrap();
    std::fs::create_dir(d.join("photos")).unwrap();
    std::fs::write(d.join("photos/cat.png"), "meow").unwrap();
    let before = snapshot(&d);
    let cfg = config();
    let (code, err) = run(&d, &["run", cfg.to_str().unwrap(), "--trials", "1000", "-q", "--out", "."]);
    one_line_exit_2(code, &err, &["--out", "not a skirmish-odds report", "thesis.txt"]);
    assert!(err.starts_with("error: .:"), "names the path as typed: {err}");
    assert_eq!(snapshot(&d), before, "the folder changed");
}

#[test]
fn foreign_folder_is_refused_and_untouched() {
    let d = tmp("safe_output", "foreign");
    std::fs::create_dir(d.join("mine")).unwrap();
    std::fs::write(d.join("mine/results.json"), "{\"mine\": true}").unwrap();
    let before = snapshot(&d);
    let cfg = config();
    let (code, err) = run(&d, &["run", cfg.to_str().unwrap(), "--trials", "1000", "-q", "--out", "mine"]);
    one_line_exit_2(code, &err, &["mine", "not a skirmish-odds report"]);
    assert_eq!(snapshot(&d), before);
    // A file where a folder should be.
    std::fs::write(d.join("plain"), "x").unwrap();
    let (code, err) = run(&d, &["run", cfg.to_str().unwrap(), "--trials", "1000", "-q", "--out", "plain"]);
    one_line_exit_2(code, &err, &["plain", "not a folder"]);
    assert_eq!(std::fs::read(d.join("plain")).unwrap(), b"x");
}

#[test]
fn replacing_a_report_removes_only_its_own_files() {
    let d = tmp("safe_output", "replace");
    let cfg = config();
    let c = cfg.to_str().unwrap();
    let (code, err) = run(&d, &["run", c, "--trials", "2000", "--seed", "1", "-q", "--out", "r"]);
    assert_eq!(code, Some(0), "{err}");
    let first = snapshot(&d.join("r"));
    assert!(first.contains_key(".skirmish-odds-report.json"), "the report is marked");
    std::fs::write(d.join("r/notes.md"), "why I ran this").unwrap();
    let (code, err) = run(&d, &["run", c, "--trials", "2000", "--seed", "2", "-q", "--out", "r"]);
    assert_eq!(code, Some(0), "{err}");
    let second = snapshot(&d.join("r"));
    assert_eq!(second.get("notes.md").map(Vec::as_slice), Some(&b"why I ran this"[..]), "the user's file survives");
    assert_ne!(second["results.json"], first["results.json"], "the report was replaced");
    let names: Vec<_> = std::fs::read_dir(&d).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names, vec!["r"], "nothing else left beside the report: {names:?}");
    // A report file the user edited is not deleted: refused, untouched.
    std::fs::write(d.join("r/summary.md"), "my edits").unwrap();
    let before = snapshot(&d);
    let (code, err) = run(&d, &["run", c, "--trials", "2000", "-q", "--out", "r"]);
    one_line_exit_2(code, &err, &["summary.md was changed"]);
    assert_eq!(snapshot(&d), before);
    // A folder the user put inside a report is refused too.
    std::fs::remove_file(d.join("r/summary.md")).unwrap();
    std::fs::create_dir(d.join("r/drafts")).unwrap();
    let before = snapshot(&d);
    let (code, err) = run(&d, &["run", c, "--trials", "2000", "-q", "--out", "r"]);
    one_line_exit_2(code, &err, &["drafts"]);
    assert_eq!(snapshot(&d), before);
}

#[test]
fn a_report_without_a_manifest_is_refused_untouched() {
    // A report of an earlier version (no manifest), or a folder of the user's that looks like
    // one: nothing can tell the user's edits from skirmish-odds' files, so nothing is deleted.
    let d = tmp("safe_output", "legacy");
    let c = config();
    let (code, err) = run(&d, &["run", c.to_str().unwrap(), "--trials", "2000", "-q", "--out", "old"]);
    assert_eq!(code, Some(0), "{err}");
    std::fs::remove_file(d.join("old/.skirmish-odds-report.json")).unwrap();
    std::fs::write(d.join("old/summary.md"), "# My own analysis, written over the old summary\n").unwrap();
    std::fs::write(d.join("old/notes.txt"), "keep").unwrap();
    let before = snapshot(&d);
    let (code, err) = run(&d, &["run", c.to_str().unwrap(), "--trials", "2000", "-q", "--out", "old"]);
    one_line_exit_2(code, &err, &["old", "earlier skirmish-odds", "without a manifest"]);
    assert_eq!(snapshot(&d), before);
}

#[test]
fn a_manifest_entry_without_a_hash_deletes_nothing() {
    let d = tmp("safe_output", "no-hash");
    let c = config();
    let (code, err) = run(&d, &["run", c.to_str().unwrap(), "--trials", "2000", "-q", "--out", "r"]);
    assert_eq!(code, Some(0), "{err}");
    std::fs::write(d.join("r/notes.txt"), "a user's file").unwrap();
    let m = d.join("r/.skirmish-odds-report.json");
    let text = std::fs::read_to_string(&m).unwrap();
    let forged = text.replacen("\"files\": [", "\"files\": [\n    {\"name\": \"notes.txt\", \"bytes\": 13},", 1);
    assert_ne!(forged, text);
    std::fs::write(&m, forged).unwrap();
    let before = snapshot(&d);
    let (code, err) = run(&d, &["run", c.to_str().unwrap(), "--trials", "2000", "-q", "--out", "r"]);
    one_line_exit_2(code, &err, &["manifest", "damaged"]);
    assert_eq!(snapshot(&d), before);
}

/// A manifest entry naming a file no report writer writes — a user's `notes.txt`, listed with its
/// true size and SHA-256 by a forged manifest — does not make it ours: the next run keeps it
/// (issue #39: it was deleted, exit 0). Only names the writers declare are ever removed.
#[test]
fn a_forged_manifest_entry_for_a_users_file_deletes_nothing() {
    let d = tmp("safe_output", "forged-entry");
    let c = config();
    let (code, err) = run(&d, &["run", c.to_str().unwrap(), "--trials", "2000", "-q", "--out", "r"]);
    assert_eq!(code, Some(0), "{err}");
    let notes = b"my notes, not a report file";
    std::fs::write(d.join("r/notes.txt"), notes).unwrap();
    let m = d.join("r/.skirmish-odds-report.json");
    let text = std::fs::read_to_string(&m).unwrap();
    let entry = format!(
        "{{\"name\": \"notes.txt\", \"bytes\": {}, \"sha256\": \"{}\"}},",
        notes.len(),
        skirmish_odds::output::manifest::sha256_hex(notes)
    );
    let forged = text.replacen("\"files\": [", &format!("\"files\": [\n    {entry}"), 1);
    assert_ne!(forged, text);
    std::fs::write(&m, forged).unwrap();
    let (code, err) = run(&d, &["run", c.to_str().unwrap(), "--trials", "2000", "-q", "--out", "r"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(std::fs::read(d.join("r/notes.txt")).ok().as_deref(), Some(&notes[..]), "the user's file survives");
}

#[test]
fn broken_symlinks_named_with_a_trailing_slash_are_refused_before_running() {
    let d = tmp("safe_output", "dangling");
    std::os::unix::fs::symlink("nowhere", d.join("dl")).unwrap();
    let c = config();
    let c = c.to_str().unwrap();
    for extra in [&["--trials", "10000000000"][..], &["--trials", "20000", "--shard", "1/2"][..]] {
        for out in ["dl", "dl/"] {
            let started = std::time::Instant::now();
            let (code, err) = run(&d, &[&["run", c, "-q", "--out", out][..], extra].concat());
            one_line_exit_2(code, &err, &["symbolic link to nothing"]);
            assert!(started.elapsed().as_secs() < 20);
            assert_eq!(std::fs::read_link(d.join("dl")).unwrap(), Path::new("nowhere"), "the link is kept");
        }
    }
    assert_eq!(std::fs::read_dir(&d).unwrap().count(), 1);
}

#[test]
fn named_pipes_are_refused_not_opened() {
    let d = tmp("safe_output", "fifo");
    let fifo = d.join("fifo");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let c = config();
    let c = c.to_str().unwrap();
    for args in [
        vec!["run", c, "-q", "--trials", "20000", "--shard", "1/2", "--out", "fifo"],
        vec!["merge", "fifo", "--out", "m"],
        vec!["run", "fifo", "-q"],
        vec!["run", c, "-q", "--trials", "2000", "--out", "fifo"],
    ] {
        // A run that blocks on the pipe would never end: give it 20 s, then fail.
        let mut child = Command::new(common::bin_path())
            .current_dir(&d)
            .args(&args)
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let started = std::time::Instant::now();
        let status = loop {
            if let Some(s) = child.try_wait().unwrap() {
                break s;
            }
            if started.elapsed().as_secs() > 20 {
                child.kill().unwrap();
                panic!("{args:?} blocked on a named pipe");
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        let mut err = String::new();
        std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
        one_line_exit_2(status.code(), &err, &["fifo"]);
    }
}

#[test]
fn an_empty_folder_keeps_its_permissions_and_group() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let d = tmp("safe_output", "modes");
    std::fs::create_dir(d.join("shared")).unwrap();
    common::chmod(&d.join("shared"), 0o2770);
    let c = config();
    let (code, err) = run(&d, &["run", c.to_str().unwrap(), "--trials", "2000", "-q", "--out", "shared"]);
    assert_eq!(code, Some(0), "{err}");
    let m = std::fs::metadata(d.join("shared")).unwrap();
    assert_eq!(m.permissions().mode() & 0o7777, 0o2770, "the folder's mode is kept");
    // A second run replaces the report and keeps the mode too.
    let (code, err) = run(&d, &["run", c.to_str().unwrap(), "--trials", "2000", "-q", "--out", "shared"]);
    assert_eq!(code, Some(0), "{err}");
    let m2 = std::fs::metadata(d.join("shared")).unwrap();
    assert_eq!((m2.permissions().mode() & 0o7777, m2.gid()), (0o2770, m.gid()));
}

#[test]
fn a_long_folder_name_works() {
    let d = tmp("safe_output", "long");
    let name = "r".repeat(240);
    let c = config();
    let (code, err) = run(&d, &["run", c.to_str().unwrap(), "--trials", "2000", "-q", "--out", &name]);
    assert_eq!(code, Some(0), "{err}");
    let (code, err) = run(&d, &["run", c.to_str().unwrap(), "--trials", "2000", "-q", "--out", &name]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(std::fs::read_dir(&d).unwrap().count(), 1);
}

#[test]
fn folders_this_user_may_not_change_are_refused_before_running() {
    if !common::is_root() || !common::can_drop_privileges() {
        eprintln!("skipped: needs root and setpriv to act as another user");
        return;
    }
    let d = tmp("safe_output", "others");
    common::chmod(&d, 0o755);
    let c = config();
    let c = c.to_str().unwrap();
    let long = ["run", c, "--trials", "10000000000", "-q", "--out"];
    let nobody = |out: &str| {
        let started = std::time::Instant::now();
        let o = common::bin_run_as_nobody(&d, &[&long[..], &[out]].concat());
        assert!(started.elapsed().as_secs() < 20, "{out}: refused only after the run");
        (o.status.code(), String::from_utf8_lossy(&o.stderr).into_owned())
    };
    // A report of root's in a folder nobody may write: read-only for nobody.
    let (code, err) = run(&d, &["run", c, "--trials", "2000", "-q", "--out", "rootrep"]);
    assert_eq!(code, Some(0), "{err}");
    let before = snapshot(&d);
    let (code, err) = nobody("rootrep");
    one_line_exit_2(code, &err, &["rootrep"]);
    assert_eq!(snapshot(&d), before);
    // A shared sticky folder (like /tmp): root's report in it is not nobody's to replace.
    std::fs::create_dir(d.join("sticky")).unwrap();
    common::chmod(&d.join("sticky"), 0o1777);
    let (code, err) = run(&d, &["run", c, "--trials", "2000", "-q", "--out", "sticky/rootrep"]);
    assert_eq!(code, Some(0), "{err}");
    common::chmod(&d.join("sticky/rootrep"), 0o777);
    let before = snapshot(&d);
    let (code, err) = nobody("sticky/rootrep");
    one_line_exit_2(code, &err, &["sticky/rootrep", "another user"]);
    assert_eq!(snapshot(&d), before);
    // nobody's own report holding root's private file, which nobody may not link.
    std::fs::create_dir(d.join("mine")).unwrap();
    std::os::unix::fs::chown(d.join("mine"), Some(65534), Some(65534)).unwrap();
    let o = common::bin_run_as_nobody(&d.join("mine"), &["run", c, "--trials", "2000", "-q", "--out", "rep"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    std::fs::write(d.join("mine/rep/secret.txt"), "root's").unwrap();
    common::chmod(&d.join("mine/rep/secret.txt"), 0o600);
    let before = snapshot(&d);
    let (code, err) = nobody("mine/rep");
    one_line_exit_2(code, &err, &["secret.txt"]);
    assert_eq!(snapshot(&d), before);
    let leftovers: Vec<_> = std::fs::read_dir(d.join("mine")).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(leftovers, vec!["rep"]);
}

#[test]
fn unwritable_location_fails_at_once_naming_the_typed_path() {
    let d = tmp("safe_output", "readonly");
    std::fs::create_dir(d.join("locked")).unwrap();
    let c = config();
    // 10¹⁰ trials would take minutes: the refusal must come before the simulation.
    let args = ["run", c.to_str().unwrap(), "--trials", "10000000000", "-q", "--out", "locked/report"];
    let started = std::time::Instant::now();
    let (code, err) = if common::is_root() {
        // root ignores permission bits: run as `nobody` if the system can, else use a path
        // that even root cannot create folders in.
        if common::can_drop_privileges() {
            common::chmod(&d, 0o755);
            common::chmod(&d.join("locked"), 0o555);
            let o = common::bin_run_as_nobody(&d, &args);
            (o.status.code(), String::from_utf8_lossy(&o.stderr).into_owned())
        } else {
            let args = ["run", c.to_str().unwrap(), "--trials", "10000000000", "-q", "--out", "/proc/locked/report"];
            run(&d, &args)
        }
    } else {
        common::chmod(&d.join("locked"), 0o555);
        run(&d, &args)
    };
    // Permission denied (as nobody or a normal user), or no such place (/proc, as root).
    one_line_exit_2(code, &err, &["locked/report", "--out", "cannot"]);
    assert!(!err.contains("skirmish-odds-"), "names no temporary folder: {err}");
    assert!(started.elapsed().as_secs() < 20, "refused only after {:?}", started.elapsed());
    common::chmod(&d.join("locked"), 0o755);
    assert_eq!(std::fs::read_dir(d.join("locked")).unwrap().count(), 0);
}

#[test]
fn shard_output_replaces_only_a_partial_result() {
    let d = tmp("safe_output", "shard-out");
    std::fs::write(d.join("notes.json"), "{\"mine\": 1}").unwrap();
    let c = config();
    let args = ["run", c.to_str().unwrap(), "--trials", "20000", "--shard", "1/2", "-q", "--out"];
    let (code, err) = run(&d, &[&args[..], &["notes.json"]].concat());
    one_line_exit_2(code, &err, &["notes.json", "not a skirmish-odds partial result"]);
    assert_eq!(std::fs::read(d.join("notes.json")).unwrap(), b"{\"mine\": 1}");
    // A partial result is replaced; nothing is left beside it.
    for _ in 0..2 {
        let (code, err) = run(&d, &[&args[..], &["part.json"]].concat());
        assert_eq!(code, Some(0), "{err}");
    }
    let mut names: Vec<_> = std::fs::read_dir(&d).unwrap().map(|e| e.unwrap().file_name()).collect();
    names.sort();
    assert_eq!(names, vec!["notes.json", "part.json"]);
}

/// Case 5: a command-line override does not hide an invalid value in the file.
#[test]
fn overrides_never_hide_an_invalid_file() {
    let base = std::fs::read_to_string(config()).unwrap();
    for (name, from, to, args, expect) in [
        ("trials", "trials = 1_000_000", "trials = -7", vec!["--trials", "1000"], "field `trials`"),
        ("precision", "trials = 1_000_000", "precision = 1e3", vec!["--trials", "1000"], "field `precision`"),
        ("both", "trials = 1_000_000", "trials = 5\nprecision = 0.01", vec!["--precision", "0.01"], "not both"),
        ("seed", "seed = 2019", "seed = -4", vec!["--seed", "3"], "field `seed`"),
        ("max", "trials = 1_000_000", "trials = 9\nmax_trials = 100", vec!["--trials", "1000"], "max_trials"),
    ] {
        let text = base.replace(from, to);
        assert_ne!(text, base, "{name}: the test edit applies");
        let e = common::fails("overrides", name, &text, &["configs/bmg-3e/cards.toml"], &args, &[expect]);
        assert!(e.contains(":"), "{name}: {e}");
        // `validate` rejects the same file with the same message.
        let p = Path::new(env!("CARGO_TARGET_TMPDIR")).join("overrides").join(name).join("scenario.toml");
        let o = std::process::Command::new(common::bin_path()).arg("validate").arg(&p).output().unwrap();
        assert_eq!(o.status.code(), Some(2), "{name}");
        assert_eq!(String::from_utf8_lossy(&o.stderr), e, "{name}: run and validate agree");
    }
}

/// Case 6: `--seed` limits, and `--quiet` silences the precision-cap warning.
#[test]
fn seed_limits_and_quiet() {
    let d = tmp("safe_output", "seed");
    let c = config();
    let c = c.to_str().unwrap();
    for (seed, expect) in [("-1", "seed -1 is negative"), ("9223372036854775808", "too large"), ("x7", "not a whole")] {
        let (code, err) = run(&d, &["run", c, "--trials", "1000", "-q", "--seed", seed, "--out", "r"]);
        one_line_exit_2(code, &err, &["--seed", expect, "0..=9223372036854775807"]);
        assert!(!err.contains("-- -1"), "no clap tip: {err}");
    }
    assert!(!d.join("r").exists());
    let (code, err) = run(&d, &["run", c, "--trials", "1000", "-q", "--seed", "9223372036854775807", "--out", "r"]);
    assert_eq!(code, Some(0), "{err}");
    // A precision target that 1,000 trials cannot reach.
    // Sampled on purpose (this attack could be exact, which needs no trials at all).
    let cap = ["run", c, "--sample", "--precision", "0.0001", "--max-trials", "1000", "--out", "r"];
    let (code, err) = run(&d, &[&cap[..], &["-q"]].concat());
    assert_eq!((code, err.as_str()), (Some(0), ""), "--quiet prints nothing on stderr");
    let (code, err) = run(&d, &cap);
    assert_eq!(code, Some(0));
    assert!(err.contains("warning: precision target not reached"), "{err}");
    let summary = std::fs::read_to_string(d.join("r/summary.md")).unwrap();
    assert!(summary.contains("trial cap hit before the target was met"), "the report keeps the warning");
}

// ---------------------------------------------------------------------------------------------
// Issue #22: output is safe for whatever opens it. Names, labels and descriptions come from
// config files — here through an included library too — and may hold a spreadsheet formula,
// HTML, Markdown table separators and headings, terminal escape sequences and bidi overrides.

/// A card name, a fighter label and loadout labels that attack every kind of reader.
const HOSTILE_CARD: &str = r#"=HYPERLINK(\"http://x\",\"click\") <script>alert(1)</script> | \u001b]0;title\u0007\u001b[2J \u0000\u007f\u009b\u200f\u2028\ufeff \u202eevil"#;
const HOSTILE_FIGHTER: &str = r#"@SUM(1) | <img src=x onerror=alert(1)>\n# fighter heading \u001b[31m"#;
const HOSTILE_DESCRIPTION: &str = r#"Intro.\n# injected heading\n<script>alert(2)</script>\n- injected item"#;

/// The hostile library (a card and two fighters) and two scenarios that include it: a `compare`
/// whose loadouts have formula-like labels, and a `balance` against the hostile fighter.
fn hostile_configs(d: &Path) -> (std::path::PathBuf, std::path::PathBuf) {
    let cards = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-3e/cards.toml");
    std::fs::write(
        d.join("shared-lib.toml"),
        format!(
            r#"ruleset = "bmg-3e"
[cards.evil]
name = "{HOSTILE_CARD}"
attack = 3
defense = 3
strength = 4
willpower = 5
endurance = 4
special = 2
movement = 4
reputation = 20
[fighters.evil-bat]
label = "{HOSTILE_FIGHTER}"
card = "evil"
weapon = "baseball-bat"
effort = "max"
[fighters.thug-bat]
label = "Thug + bat"
card = "thug"
weapon = "baseball-bat"
effort = "max"
"#
        ),
    )
    .unwrap();
    let include = format!("include = [{:?}, \"shared-lib.toml\"]", cards.to_str().unwrap());
    let compare = d.join("compare.toml");
    std::fs::write(
        &compare,
        format!(
            r#"ruleset = "bmg-3e"
kind = "compare"
name = "hostile-compare"
description = "{HOSTILE_DESCRIPTION}"
{include}
seed = 7
trials = 3000
[compare]
loadouts = [
  {{ label = "+1+1 | a\nb <b>x</b>", attacker = "evil", weapon = "baseball-bat" }},
  {{ label = "-2+3", attacker = "bruiser", weapon = "knife" }},
  {{ label = "@SUM(1)", attacker = "thug", weapon = "pistol" }},
  {{ label = "=1+2", attacker = "thug", weapon = "baseball-bat" }},
]
targets = ["robin", "evil"]
[attack]
target_wounds = 0
"#
        ),
    )
    .unwrap();
    let balance = d.join("balance.toml");
    std::fs::write(
        &balance,
        format!(
            r#"ruleset = "bmg-3e"
kind = "balance"
name = "hostile-balance"
description = "{HOSTILE_DESCRIPTION}"
{include}
seed = 3
trials = 2000
[balance]
candidate = {{ card = "bruiser", weapon = "knife", effort = "max" }}
rounds = 2
"#
        ),
    )
    .unwrap();
    (compare, balance)
}

/// Runs a hostile scenario into `out`: (stdout, stderr), asserting success.
fn run_hostile(d: &Path, config: &Path, out: &str, extra: &[&str]) -> (String, String) {
    let o = bin_run(d, &[&["run", config.to_str().unwrap(), "--out", out][..], extra].concat());
    let (stdout, stderr) =
        (String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned());
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    (stdout, stderr)
}

/// The first character that must never reach a terminal raw: a C0 control (newline allowed
/// where `newlines`), DEL, a C1 control, or a bidi embedding/override/isolate.
fn raw_control(s: &str, newlines: bool) -> Option<(usize, char)> {
    s.char_indices().find(|&(_, c)| common::hidden_control(c) && !(newlines && c == '\n'))
}

/// `|` characters that end a Markdown table cell (not escaped by an odd run of backslashes).
fn separators(line: &str) -> usize {
    let b = line.as_bytes();
    (0..b.len()).filter(|&i| b[i] == b'|' && b[..i].iter().rev().take_while(|&&c| c == b'\\').count() % 2 == 0).count()
}

#[test]
fn results_csv_neutralises_formulas_and_keeps_numbers() {
    let d = tmp("safe_output", "csv-formulas");
    let (compare, _) = hostile_configs(&d);
    run_hostile(&d, &compare, "r", &["--sample", "-q"]);
    // A bundled balance whose sampled interval of a rare K.O. round reaches below 0 (seed 7,
    // 3,000 trials): numbers that start with `-`, which must stay numbers.
    let balance = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-1e/balance-new-henchman.toml");
    run_hostile(&d, &balance, "n", &["--trials", "3000", "--seed", "7", "-q"]);
    let text = std::fs::read_to_string(d.join("r/results.csv")).unwrap();
    // No control character raw (issue #39: ESC, BEL, NUL, DEL, C1 and bidi marks reached it);
    // newlines stay, inside RFC 4180 quotes.
    assert_eq!(raw_control(&text, true), None, "a raw control character in results.csv");
    let both = text.clone() + &std::fs::read_to_string(d.join("n/results.csv")).unwrap();
    let mut rows = csv::ReaderBuilder::new().has_headers(false).from_reader(both.as_bytes());
    let headers: Vec<String> = text.lines().next().unwrap().split(',').map(String::from).collect();
    let (mut labels, mut negatives) = (std::collections::BTreeSet::new(), 0);
    for row in rows.records().map(Result::unwrap).filter(|r| &r[0] != "cell") {
        assert_eq!(row.len(), headers.len(), "RFC 4180 quoting keeps every row whole: {row:?}");
        for (h, cell) in headers.iter().map(String::as_str).zip(row.iter()) {
            let number = cell.parse::<f64>().is_ok();
            if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) {
                assert!(number, "column {h}: a spreadsheet would run {cell:?} as a formula");
            }
            if ["value", "ci95_lo", "ci95_hi", "count", "trials"].contains(&h) && !cell.is_empty() {
                assert!(number, "column {h}: {cell:?} is no longer a number");
                negatives += usize::from(cell.starts_with('-'));
            }
        }
        labels.insert(row[1].split(" vs ").next().unwrap().to_string());
    }
    assert!(negatives > 0, "the test must see negative numbers stay numbers");
    for l in ["'+1+1 | a\nb <b>x</b>", "'-2+3", "'@SUM(1)", "'=1+2"] {
        assert!(labels.contains(l), "label {l:?} neutralised, as text: {labels:?}");
    }
}

/// `md` without its fenced code blocks: an opening fence line of three or more backticks (and
/// an info string) up to the next line that is exactly that fence.
fn outside_code_blocks(md: &str) -> String {
    let mut out = String::new();
    let mut fence: Option<String> = None;
    for l in md.lines() {
        match &fence {
            Some(f) if l == f => fence = None,
            Some(_) => {}
            None if l.starts_with("```") => fence = Some(l.chars().take_while(|&c| c == '`').collect()),
            None => {
                out.push_str(l);
                out.push('\n');
            }
        }
    }
    assert!(fence.is_none(), "a code block is never closed");
    out
}

#[test]
fn summary_md_shows_hostile_names_as_text() {
    let d = tmp("safe_output", "markdown");
    let (compare, balance) = hostile_configs(&d);
    for (config, out) in [(&compare, "c"), (&balance, "b")] {
        run_hostile(&d, config, out, &["-q"]);
        let whole = std::fs::read_to_string(d.join(out).join("summary.md")).unwrap();
        assert_eq!(raw_control(&whole, true), None, "{out}: a raw control character in summary.md");
        // The scenario's files are shown as written, in fenced code blocks (Markdown renders
        // their text as text); the fence is longer than any backtick run inside, so no line of
        // the file can close it early. What is outside them must hold no markup.
        let md = outside_code_blocks(&whole);
        assert!(md.len() < whole.len() && whole.contains("<script"), "{out}: the config is shown as written");
        for raw in ["<script", "<img", "<b>", "<b "] {
            assert!(!md.contains(raw), "{out}: raw HTML {raw:?} in summary.md:\n{md}");
        }
        assert_eq!(raw_control(&md, true), None, "{out}: a raw control character in summary.md");
        // Only the program's own headings and list items open lines.
        for l in md.lines() {
            let text = l.trim_start_matches('#').trim_start();
            let injected = text.starts_with("injected heading") || text.starts_with("fighter heading");
            assert!(!(l.starts_with('#') && injected), "{out}: injected heading {l:?}");
            assert!(!l.starts_with("- injected"), "{out}: injected list item {l:?}");
        }
        // Every table row has as many cell separators as its header and delimiter row.
        let lines: Vec<&str> = md.lines().collect();
        let mut tables = 0;
        for i in 1..lines.len() {
            if !lines[i].starts_with("|---") {
                continue;
            }
            tables += 1;
            let n = separators(lines[i - 1]);
            assert_eq!(separators(lines[i]), n, "{out}: header {:?} against {:?}", lines[i - 1], lines[i]);
            for row in lines[i + 1..].iter().take_while(|l| !l.is_empty()) {
                assert!(row.starts_with('|') && row.ends_with('|'), "{out}: a table row broken over lines: {row:?}");
                assert_eq!(separators(row), n, "{out}: row {row:?} under header {:?}", lines[i - 1]);
            }
        }
        assert!(tables >= 3, "{out}: the tables were checked");
        // The names are still there, readable.
        assert!(md.contains("&lt;script"), "{out}: {md}");
        // index.html was already safe and stays so.
        let html = std::fs::read_to_string(d.join(out).join("index.html")).unwrap();
        assert!(!html.contains("<script>alert") && !html.contains("<img src=x"), "{out}: index.html");
    }
}

#[test]
fn hostile_names_reach_the_terminal_escaped() {
    let d = tmp("safe_output", "terminal");
    let (compare, balance) = hostile_configs(&d);
    for (config, out) in [(&compare, "c"), (&balance, "b")] {
        let (stdout, stderr) = run_hostile(&d, config, out, &[]);
        assert_eq!(raw_control(&stdout, true), None, "{out}: terminal summary:\n{stdout}");
        assert_eq!(raw_control(&stderr, true), None, "{out}: stderr:\n{stderr}");
        assert!(stdout.contains("\\u{1b}]0;title\\u{7}") || stdout.contains("\\u{1b}[31m"), "{out}: shown escaped");
        // A name's line break does not break a table row apart on screen.
        assert!(!stdout.lines().any(|l| l.starts_with("b <b>x</b>") || l.starts_with("# fighter")), "{stdout}");
    }
    // A note naming a card (a trait that cannot matter), from an included 2013 library: on the
    // terminal summary, and on stderr as `note:` lines when stdout holds the JSON.
    std::fs::write(
        d.join("lib-1e.toml"),
        format!(
            r#"ruleset = "bmg-1e"
[cards.evil]
name = "{HOSTILE_CARD}"
willpower = 6
movement = 3
attack = 5
defense = 5
strength = 3
endurance = 8
special = 3
reputation = 130
traits = ["detective"]
"#
        ),
    )
    .unwrap();
    let mv = d.join("movement.toml");
    std::fs::write(
        &mv,
        "ruleset = \"bmg-1e\"\nkind = \"procedure\"\nname = \"mv\"\ninclude = [\"lib-1e.toml\"]\n\
         [procedure]\ntype = \"movement\"\nmodel = \"evil\"\nmovement_counters = 3\ntarget_cm = 22\n",
    )
    .unwrap();
    let (stdout, stderr) = run_hostile(&d, &mv, "m", &["--json"]);
    assert!(stderr.contains("note: ignored: =HYPERLINK"), "{stderr}");
    assert_eq!(raw_control(&stderr, true), None, "note lines:\n{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).expect("stdout is still JSON");
    assert!(json.to_string().contains("\\u001b]0;title"), "JSON keeps the name as it is, serde-escaped");
    let (stdout, _) = run_hostile(&d, &mv, "m", &[]);
    assert!(stdout.contains("ignored: =HYPERLINK"), "{stdout}");
    assert_eq!(raw_control(&stdout, true), None, "{stdout}");
    let o = bin_run(&d, &["validate", mv.to_str().unwrap()]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("ignored: =HYPERLINK") && raw_control(&out, true).is_none(), "validate: {out}");
}

#[test]
fn errors_show_hostile_values_escaped_on_one_line() {
    let d = tmp("safe_output", "error-controls");
    let cards = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-3e/cards.toml");
    // A shared library whose card key holds escapes, with a bad value: the field path quotes it.
    std::fs::write(
        d.join("lib.toml"),
        "ruleset = \"bmg-3e\"\n[cards.\"x\\u001b[2J\\u202e\\u0007\"]\nname = \"y\"\nattack = 99\ndefense = 3\n\
         strength = 4\nwillpower = 5\nendurance = 4\nspecial = 2\nmovement = 4\nreputation = 15\n",
    )
    .unwrap();
    let sc = |attacker: &str| {
        format!(
            "ruleset = \"bmg-3e\"\nkind = \"attack\"\ninclude = [{:?}, \"lib.toml\"]\n[attack]\n\
             attacker = \"{attacker}\"\nweapon = \"knife\"\ntarget = \"thug\"\n",
            cards.to_str().unwrap()
        )
    };
    std::fs::write(d.join("a.toml"), sc("thug")).unwrap();
    let (code, err) = run(&d, &["run", "a.toml", "-q", "--out", "r"]);
    one_line_exit_2(code, &err, &["lib.toml:4:", "attack", "\\u{1b}[2J\\u{202e}\\u{7}"]);
    assert_eq!(raw_control(&err, true), None, "{err}");
    // An unknown name with escapes and a line break: quoted escaped, on one line, and the
    // library's hostile key in the list of known cards too.
    std::fs::write(d.join("lib.toml"), std::fs::read_to_string(d.join("lib.toml")).unwrap().replace("99", "3"))
        .unwrap();
    std::fs::write(d.join("b.toml"), sc(r"evil\u001b]0;pwned\u0007\nsecond line\u009b31m")).unwrap();
    for cmd in ["run", "validate"] {
        let (code, err) = run(&d, &[cmd, "b.toml", "--out", "r"][..if cmd == "run" { 4 } else { 2 }]);
        one_line_exit_2(code, &err, &["unknown card `evil\\u{1b}]0;pwned\\u{7}\\u{a}second line\\u{9b}31m`"]);
        assert_eq!(raw_control(&err, true), None, "{cmd}: {err}");
    }
    assert!(!d.join("r").exists());
}

/// A long value quoted in a message is shown by its start and its length. (A text over 2,000
/// characters or a key over 200 is refused by its length first, also in one short line: see
/// `limits.rs`; a 1 MB value is shortened the same way there.)
#[test]
fn a_long_value_in_an_error_is_shortened() {
    let d = tmp("safe_output", "error-long");
    let big = "a".repeat(1_900);
    std::fs::write(
        d.join("big.toml"),
        format!("ruleset = \"bmg-3e\"\nkind = \"attack\"\n[attack]\nattacker = \"{big}\"\nweapon = \"knife\"\ntarget = \"thug\"\n"),
    )
    .unwrap();
    let (code, err) = run(&d, &["run", "big.toml", "-q", "--out", "r"]);
    let quoted = format!("unknown card `{}…` (1,900 characters)", "a".repeat(80));
    one_line_exit_2(code, &err, &["big.toml:4:12", &quoted]);
    assert!(err.len() < 1_000, "{} bytes of error message", err.len());
    // A long key in a field path too.
    let key = "a".repeat(150);
    std::fs::write(
        d.join("key.toml"),
        format!(
            "ruleset = \"bmg-3e\"\nkind = \"attack\"\n[cards.{key}]\nattack = 99\ndefense = 3\nstrength = 4\n\
             willpower = 5\nendurance = 4\nspecial = 2\nmovement = 4\nreputation = 15\n"
        ),
    )
    .unwrap();
    let (code, err) = run(&d, &["validate", "key.toml"]);
    one_line_exit_2(code, &err, &[&format!("field `cards.{}….attack` (150 characters)", "a".repeat(80))]);
    assert!(err.len() < 1_000, "{} bytes of error message", err.len());
    // A megabyte value: refused by its length, still one short line.
    let mega = "a".repeat(1 << 20);
    std::fs::write(
        d.join("mega.toml"),
        format!("ruleset = \"bmg-3e\"\nkind = \"attack\"\n[attack]\nattacker = \"{mega}\"\n"),
    )
    .unwrap();
    let (code, err) = run(&d, &["validate", "mega.toml"]);
    one_line_exit_2(code, &err, &["mega.toml:4:12", "a text of 1,048,576 characters"]);
    assert!(err.len() < 1_000, "{} bytes of error message", err.len());
}

#[test]
fn charts_and_the_page_hold_no_raw_control_characters() {
    // A loadout label with ESC, NUL or backspace went raw into the SVG charts (which an XML
    // parser then refused: "not well-formed (invalid token)") and into index.html.
    let d = tmp("safe_output", "svg-controls");
    let cards = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-3e/cards.toml");
    let config = d.join("c.toml");
    std::fs::write(
        &config,
        format!(
            r#"ruleset = "bmg-3e"
kind = "compare"
include = [{:?}]
trials = 2000
[attack]
weapon = "baseball-bat"
[compare]
loadouts = [ {{ label = "A\u001bB\u0000C\u0008", attacker = "batman" }}, {{ label = "R\u202eob\u200fi\u2028n\ufeff", attacker = "robin" }} ]
targets = ["thug"]
"#,
            cards.to_str().unwrap()
        ),
    )
    .unwrap();
    run_hostile(&d, &config, "r", &["-q", "--sample"]);
    let mut svgs = 0;
    for entry in std::fs::read_dir(d.join("r")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !(name.ends_with(".svg") || name == "index.html") {
            continue;
        }
        svgs += usize::from(name.ends_with(".svg"));
        let text = std::fs::read_to_string(&path).unwrap();
        // Newlines and tabs are layout in both formats; nothing else hidden may appear.
        let bad = text.char_indices().find(|&(_, c)| common::hidden_control(c) && !matches!(c, '\n' | '\t' | '\r'));
        assert_eq!(bad, None, "{name} holds a raw control character");
        assert!(text.contains("A\\u{1b}B\\u{0}C\\u{8}"), "{name} shows the label's controls escaped");
    }
    assert!(svgs > 0, "the compare drew charts");
}
