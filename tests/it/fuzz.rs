//! Mutation fuzzing of every bundled config: bad input never crashes, hangs or leaks.
//!
//! Each bundled scenario (and, through it, the card and weapon libraries it includes) is
//! copied into a scratch folder and mutated one edit at a time — numbers pushed out of range,
//! values of the wrong type, lines deleted or duplicated, keys and sections misspelt, kinds and
//! rule systems swapped, hostile strings (formulas, HTML, terminal escapes, megabyte values),
//! invalid UTF-8, truncation — and run with `run --trials 100` under a memory limit and a time
//! limit. Every mutant must end in exit 0 with a whole report, or exit 2 with exactly one error
//! line and nothing written; a panic (101), an abort (134, e.g. an allocation that failed), a
//! signal, a hang, a second line on stderr, or a raw control character in a message fails.
//!
//! The mutants are drawn from a fixed seed, so a failure reproduces: the test prints the
//! mutant's text. `cargo test` runs a quick campaign (`FUZZ_CASES` mutants per config, 2 by
//! default); CI runs a longer one against the release binary:
//! `FUZZ_CASES=12 FUZZ_BIN=target/release/skirmish-odds cargo test --test it fuzz::`.

use crate::common;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The binary under test: `FUZZ_BIN` (CI points it at the release build) or this build's.
fn bin() -> PathBuf {
    // Absolute, since each mutant runs in its own folder.
    std::env::var_os("FUZZ_BIN")
        .map(|p| std::fs::canonicalize(&p).unwrap_or_else(|e| panic!("FUZZ_BIN={}: {e}", PathBuf::from(&p).display())))
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_skirmish-odds")))
}

fn cases_per_config() -> u64 {
    std::env::var("FUZZ_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(2)
}

/// SplitMix64: a tiny deterministic generator, so every campaign is reproducible.
pub(crate) struct Rng(pub(crate) u64);
impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    pub(crate) fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len())]
    }
}

/// Values a user could type in place of any value.
pub(crate) fn hostile_values() -> Vec<String> {
    let mut v: Vec<String> = [
        "9223372036854775807",
        "-9223372036854775808",
        "2147483648",
        "4294967296",
        "400000000",
        "65536",
        "256",
        "255",
        "100",
        "13",
        "12",
        "0",
        "-1",
        "-129",
        "1e300",
        "-1e300",
        "nan",
        "inf",
        "0.00001",
        "2.5",
        "true",
        "\"\"",
        "\"x\"",
        "[]",
        "[1, 2, 3]",
        "[\"a\", \"a\"]",
        "{}",
        "{ x = 1 }",
        "\"=HYPERLINK(\\\"http://x\\\",\\\"click\\\")\"",
        "\"+1+1\"",
        "\"@SUM(1)\"",
        "\"<script>alert(1)</script>\"",
        "\"<img src=x onerror=alert(1)>\"",
        "\"a|b\\n# heading\"",
        "\"\\u001b]0;pwned\\u0007\\u001b[2J\"",
        "\"\\u202eevil\"",
        "\"\\u200fmark\\u2028line\\ufeff\\u0000\\u007f\\u009b\"",
        "\"../../etc/passwd\"",
        "1979-05-27T07:32:00Z",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    v.push(format!("\"{}\"", "a".repeat(100_000)));
    v.push(format!("[{}]", vec!["1"; 5000].join(", ")));
    v
}

/// Kinds to swap in, so a file meets every builder: every kind of every system in the
/// registry (each system's own and the generic analyses it offers), in registry order, so a new
/// system's kinds are fuzzed with no edit here.
fn kinds() -> &'static [&'static str] {
    static KINDS: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    KINDS.get_or_init(|| {
        let mut out: Vec<&'static str> = Vec::new();
        for s in skirmish_odds::registry::SYSTEMS {
            for k in skirmish_odds::system::all_kinds(*s) {
                if !out.contains(&k) {
                    out.push(k);
                }
            }
        }
        out
    })
}

/// Rule systems to swap in: every one in the registry, and a name none has.
fn systems() -> &'static [&'static str] {
    static NAMES: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        skirmish_odds::registry::SYSTEMS.iter().map(|s| s.name()).chain(std::iter::once("tiny")).collect()
    })
}

/// One edit of a TOML text. Returns the new bytes and a one-line description. (The server's
/// adversary tests, `serve_adversary`, post the same mutants.)
pub(crate) fn mutate(text: &str, rng: &mut Rng, values: &[String]) -> (Vec<u8>, String) {
    let lines: Vec<&str> = text.lines().collect();
    let assigns: Vec<usize> = (0..lines.len())
        .filter(|&i| {
            let l = lines[i].trim_start();
            !l.starts_with('#') && !l.starts_with('[') && l.contains('=')
        })
        .collect();
    let headers: Vec<usize> = (0..lines.len()).filter(|&i| lines[i].trim_start().starts_with('[')).collect();
    let join = |ls: &[String]| ls.join("\n") + "\n";
    let owned: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
    let op = rng.below(15);
    match op {
        // Replace a value (the most common edit: 6 of 15 mutants).
        0..=5 if !assigns.is_empty() => {
            let i = *rng.pick(&assigns);
            let (key, _) = lines[i].split_once('=').unwrap();
            let v = rng.pick(values);
            let mut ls = owned.clone();
            ls[i] = format!("{}= {v}", key);
            let shown: String = v.chars().take(60).collect();
            (join(&ls).into_bytes(), format!("line {}: {}= {shown}", i + 1, key.trim_end()))
        }
        6 if !lines.is_empty() => {
            let i = rng.below(lines.len());
            let mut ls = owned.clone();
            ls.remove(i);
            (join(&ls).into_bytes(), format!("deleted line {}: {}", i + 1, lines[i]))
        }
        7 if !assigns.is_empty() => {
            // Misspell a key: drop or swap a character.
            let i = *rng.pick(&assigns);
            let (key, rest) = lines[i].split_once('=').unwrap();
            let mut k: Vec<char> = key.trim().chars().collect();
            if k.len() > 2 {
                let j = rng.below(k.len() - 1);
                if rng.below(2) == 0 {
                    k.swap(j, j + 1);
                } else {
                    k.remove(j);
                }
            } else {
                k.push('s');
            }
            let mut ls = owned.clone();
            ls[i] = format!("{} ={rest}", k.iter().collect::<String>());
            (join(&ls).into_bytes(), format!("misspelt key on line {}", i + 1))
        }
        8 if !headers.is_empty() => {
            let i = *rng.pick(&headers);
            let mut ls = owned.clone();
            ls[i] = match rng.below(3) {
                0 => lines[i].replacen('[', "[x", 1),
                1 => lines[i].replace(']', "s]"),
                _ => lines[i].to_string() + "\n" + lines[i],
            };
            (join(&ls).into_bytes(), format!("header edited on line {}: {}", i + 1, ls[i]))
        }
        9 if !lines.is_empty() => {
            let i = rng.below(lines.len());
            let mut ls = owned.clone();
            ls.insert(i, lines[i].to_string());
            (join(&ls).into_bytes(), format!("duplicated line {}", i + 1))
        }
        10 => {
            let mut ls = owned.clone();
            let (field, v) = if rng.below(2) == 0 {
                ("kind", format!("\"{}\"", rng.pick(kinds())))
            } else {
                ("ruleset", format!("\"{}\"", rng.pick(systems())))
            };
            match ls.iter().position(|l| l.trim_start().starts_with(field)) {
                Some(i) => ls[i] = format!("{field} = {v}"),
                None => ls.insert(0, format!("{field} = {v}")),
            }
            (join(&ls).into_bytes(), format!("{field} = {v}"))
        }
        11 => {
            // Demand exact answers: every exact evaluator and solver must keep to its budget.
            (format!("exact = true\n{text}").into_bytes(), "exact = true".into())
        }
        12 => {
            let inc =
                *rng.pick(&["\"/dev/zero\"", "\".\"", "\"missing.toml\"", "\"scenario.toml\"", "\"/etc/passwd\""]);
            let mut ls = owned.clone();
            match ls.iter().position(|l| l.trim_start().starts_with("include")) {
                Some(i) => ls[i] = format!("include = [{inc}]"),
                None => ls.insert(0, format!("include = [{inc}]")),
            }
            (join(&ls).into_bytes(), format!("include = [{inc}]"))
        }
        13 if !assigns.is_empty() => {
            // Scale a number: large but plausible values (a card of Attack 60, 400 trials × 1000).
            let i = *rng.pick(&assigns);
            let (key, v) = lines[i].split_once('=').unwrap();
            let v = v.trim().replace('_', "");
            let Ok(n) = v.parse::<i64>() else { return (text.as_bytes().to_vec(), "unchanged".into()) };
            let f = *rng.pick(&[2i64, 3, 10, 1000, -1]);
            let mut ls = owned.clone();
            ls[i] = format!("{}= {}", key, n.saturating_mul(f));
            (join(&ls).into_bytes(), format!("line {}: {}= {n} × {f}", i + 1, key.trim_end()))
        }
        _ => {
            // Byte-level damage: invalid UTF-8 or a truncated file.
            let mut b = text.as_bytes().to_vec();
            let at = rng.below(b.len().max(1));
            if rng.below(2) == 0 {
                b.splice(at..at, [0xff, 0xfe, 0xc3]);
                (b, format!("invalid UTF-8 at byte {at}"))
            } else {
                b.truncate(at);
                (b, format!("truncated at byte {at}"))
            }
        }
    }
}

/// Files `include = [...]` names in `text`, relative to its folder.
fn includes(text: &str) -> Vec<String> {
    let Ok(doc) = text.parse::<toml::Table>() else { return Vec::new() };
    doc.get("include")
        .and_then(|v| v.as_array())
        .map(|a| a.iter().filter_map(|v| v.as_str().map(String::from)).collect())
        .unwrap_or_default()
}

/// Bundled scenarios (files with a top-level `kind`), sorted.
fn scenarios() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs");
    let mut out = Vec::new();
    for sys in std::fs::read_dir(&root).unwrap() {
        let sys = sys.unwrap().path();
        if !sys.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(&sys).unwrap() {
            let f = f.unwrap().path();
            if f.extension().is_some_and(|e| e == "toml")
                && std::fs::read_to_string(&f).unwrap().parse::<toml::Table>().is_ok_and(|d| d.contains_key("kind"))
            {
                out.push(f);
            }
        }
    }
    out.sort();
    out
}

/// What went wrong with one mutant, if anything.
/// `Ok(true)` for a whole report (exit 0), `Ok(false)` for a clean refusal (exit 2).
fn judge(program: &Path, dir: &Path, scenario: &Path, out: &Path, limit: Duration) -> Result<bool, String> {
    // The memory limit is the shell's `ulimit -v` (virtual KiB): an allocation sized from a
    // bad number fails here as it would on a small machine, and must never be attempted.
    let mut child = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 3000000; exec \"$0\" \"$@\"")
        .arg(program)
        .arg("run")
        .arg(scenario)
        .args(["--trials", "100", "--threads", "1", "--out"])
        .arg(out)
        .current_dir(dir)
        .stdin(Stdio::null())
        // The terminal summary, checked for its width (a file: see stderr).
        .stdout(std::fs::File::create(dir.join("stdout.txt")).unwrap())
        // A file, not a pipe: a megabyte message must not block the child on a full pipe.
        .stderr(std::fs::File::create(dir.join("stderr.txt")).unwrap())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("still running after {limit:?} (hang or no budget)"));
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let err = String::from_utf8_lossy(&std::fs::read(dir.join("stderr.txt")).unwrap()).into_owned();
    if err.contains("panicked") || err.contains("memory allocation") || err.contains("RUST_BACKTRACE") {
        return Err(format!("crashed: {err}"));
    }
    if let Some(c) = err.chars().find(|&c| common::hidden_control(c) && c != '\n') {
        return Err(format!("raw control character U+{:04X} on stderr: {err:?}", c as u32));
    }
    if err.len() > 4000 {
        return Err(format!("a {}-byte error message", err.len()));
    }
    match status.code() {
        Some(0) if out.join("results.json").is_file() => {
            raw_control_in_report(out)?;
            wide_terminal_line(&std::fs::read_to_string(dir.join("stdout.txt")).unwrap_or_default()).map(|()| true)
        }
        Some(0) => Err("exit 0 but no results.json".into()),
        Some(2) if err.lines().count() == 1 && err.starts_with("error: ") && !out.exists() => Ok(false),
        Some(2) if out.exists() => Err(format!("exit 2 but a report was written: {err}")),
        Some(2) => Err(format!("exit 2 without exactly one error line: {err}")),
        Some(c) => Err(format!("exit {c}: {err}")),
        None => Err(format!("killed by a signal ({status}): {err}")),
    }
}

/// A terminal summary line wider than 100 columns, but for the "Report written to" lines, which
/// hold the report's path whole: a megabyte name must be cut, not printed (issue #39).
fn wide_terminal_line(stdout: &str) -> Result<(), String> {
    let mut lines = stdout.lines();
    while let Some(l) = lines.next() {
        if l.starts_with("Report written to") {
            lines.next();
            continue;
        }
        if l.chars().count() > 100 {
            return Err(format!("a {}-column line on the terminal: {l:.200}", l.chars().count()));
        }
    }
    Ok(())
}

/// The first raw control character in a written report's text files (results.csv, summary.md,
/// index.html, the SVG charts), layout newlines, tabs and carriage returns allowed: a hostile
/// name must reach every output escaped (issue #39).
fn raw_control_in_report(out: &Path) -> Result<(), String> {
    for entry in std::fs::read_dir(out).map_err(|e| e.to_string())? {
        let path = entry.map_err(|e| e.to_string())?.path();
        let name = path.file_name().unwrap_or_default().to_string_lossy().into_owned();
        if !(name.ends_with(".csv") || name.ends_with(".md") || name.ends_with(".html") || name.ends_with(".svg")) {
            continue;
        }
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{name}: {e}"))?;
        if let Some(c) = text.chars().find(|&c| common::hidden_control(c) && !matches!(c, '\n' | '\t' | '\r')) {
            return Err(format!("raw control character U+{:04X} in {name}", c as u32));
        }
    }
    Ok(())
}

#[test]
fn mutants_of_every_bundled_config_exit_0_or_2_and_never_crash() {
    let n = cases_per_config();
    let values = hostile_values();
    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("fuzz");
    let _ = std::fs::remove_dir_all(&scratch);
    let release = std::env::var_os("FUZZ_BIN").is_some();
    let limit = Duration::from_secs(if release { 30 } else { 90 });
    let mut jobs = Vec::new();
    for (ci, cfg) in scenarios().into_iter().enumerate() {
        for k in 0..n {
            jobs.push((ci, cfg.clone(), k));
        }
    }
    let program = bin();
    let failures = std::sync::Mutex::new(Vec::new());
    // How many mutants still ran to a report, and how many were refused: a campaign in which
    // every mutant is refused at the parser would test little beyond it.
    let ran_or_refused = [std::sync::atomic::AtomicUsize::new(0), std::sync::atomic::AtomicUsize::new(0)];
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                loop {
                    let j = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some((ci, cfg, k)) = jobs.get(j) else { break };
                    let mut rng = Rng(0x5EED_0000 + (*ci as u64) * 1000 + k);
                    let dir = scratch.join(format!("{ci}-{k}"));
                    std::fs::create_dir_all(&dir).unwrap();
                    let text = std::fs::read_to_string(cfg).unwrap();
                    let incs = includes(&text);
                    for inc in &incs {
                        let from = cfg.parent().unwrap().join(inc);
                        if from.is_file() && !inc.contains("..") {
                            std::fs::copy(&from, dir.join(inc)).unwrap();
                        }
                    }
                    // One mutant in four edits an included library instead of the scenario.
                    let (target, original) = match incs.first() {
                        Some(inc) if rng.below(4) == 0 && dir.join(inc).is_file() => {
                            (dir.join(inc), std::fs::read_to_string(dir.join(inc)).unwrap())
                        }
                        _ => (dir.join("scenario.toml"), text.clone()),
                    };
                    std::fs::write(dir.join("scenario.toml"), &text).unwrap();
                    let (bytes, what) = mutate(&original, &mut rng, &values);
                    std::fs::write(&target, &bytes).unwrap();
                    let out = dir.join("out");
                    let verdict = judge(&program, &dir, &dir.join("scenario.toml"), &out, limit);
                    if let Ok(ran) = verdict {
                        ran_or_refused[usize::from(!ran)].fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    }
                    if let Err(why) = verdict {
                        let shown: String = String::from_utf8_lossy(&bytes).chars().take(3000).collect();
                        failures.lock().unwrap().push(format!(
                            "{} mutant {k} ({what}, in {}): {why}\n--- mutant ---\n{shown}",
                            cfg.display(),
                            target.file_name().unwrap().to_string_lossy()
                        ));
                    } else {
                        let _ = std::fs::remove_dir_all(&dir);
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    let [ran, refused] = ran_or_refused.map(|a| a.into_inner());
    eprintln!("fuzz: {} mutants: {ran} ran to a report, {refused} refused with one message", jobs.len());
    assert!(ran > 0 && refused > 0, "a campaign should see both outcomes ({ran} ran, {refused} refused)");
    assert!(failures.is_empty(), "{} of {} mutants failed:\n\n{}", failures.len(), jobs.len(), failures.join("\n\n"));
}

#[test]
fn the_judge_fails_a_crash_a_second_line_and_a_hang() {
    // The fuzz test is only worth something if its judge can fail: a script standing in for
    // the binary shows each kind of failure it must catch.
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("fuzz-judge");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let cases = [
        ("panic", "echo \"thread 'main' panicked at src/x.rs:1:1\" >&2; exit 101", "crashed"),
        ("two-lines", "echo 'error: a' >&2; echo 'error: b' >&2; exit 2", "exactly one"),
        ("escape", "printf 'error: \\033[2J\\n' >&2; exit 2", "control character"),
        ("abort", "kill -ABRT $$", "signal"),
        ("hang", "sleep 5", "still running"),
        (
            "wide",
            "for a; do o=$a; done; mkdir -p \"$o\"; echo '{}' > \"$o/results.json\"; printf '%0150d\\n' 0",
            "150-column line",
        ),
    ];
    for (name, script, expect) in cases {
        let fake = dir.join(name);
        std::fs::write(&fake, format!("#!/bin/sh\n{script}\n")).unwrap();
        let mut perms = std::fs::metadata(&fake).unwrap().permissions();
        std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
        std::fs::set_permissions(&fake, perms).unwrap();
        let got = judge(&fake, &dir, &dir.join("s.toml"), &dir.join("out"), Duration::from_millis(800));
        let why = got.expect_err(name);
        assert!(why.contains(expect), "{name}: {why}");
    }
}
