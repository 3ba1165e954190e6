//! Every run kind's `index.html` renders in headless Chromium with every chart and table laid out
//! and visible (the page's own load-time check writes `data-render-check` on `<body>`), and the
//! page is self-contained: no script, stylesheet or image is fetched from anywhere.
//!
//! Chromium comes from Debian's `chromium` package, which `.ci/run` installs. Under CI (or with
//! `SKIRMISH_REQUIRE_BROWSER=1`) a missing browser fails the test; elsewhere it is reported and
//! skipped so `cargo test` works on a machine without a browser.

use std::path::{Path, PathBuf};
use std::process::Command;

/// One way to find the browser for every browser test.
use crate::cdp::find_browser;

fn required() -> bool {
    let ci = std::env::var("CI").map(|v| !v.is_empty() && v != "false" && v != "0").unwrap_or(false);
    ci || std::env::var_os("SKIRMISH_REQUIRE_BROWSER").is_some()
}

fn run_config(config: &str, out: &Path) {
    let o = Command::new(env!("CARGO_BIN_EXE_skirmish-odds"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["run", config, "--quiet", "--trials", "3000", "--out"])
        .arg(out)
        .output()
        .expect("binary runs");
    assert!(o.status.success(), "{config}: {}", String::from_utf8_lossy(&o.stderr));
}

fn dump_dom(browser: &Path, page: &Path, profile: &Path) -> String {
    let url = format!("file://{}", page.canonicalize().unwrap().display());
    let o = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--virtual-time-budget=5000",
            "--window-size=1280,2000",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("--dump-dom")
        .arg(&url)
        .output()
        .expect("chromium runs");
    assert!(o.status.success(), "chromium failed on {url}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn every_kind_renders_in_headless_chromium() {
    let Some(browser) = find_browser() else {
        assert!(!required(), "headless Chromium is required here: install Debian's `chromium` package (.ci/run does)");
        eprintln!("SKIPPED: no chromium on PATH (set CI=1 to make this a failure); .ci/run installs it");
        return;
    };
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("html");
    let _ = std::fs::remove_dir_all(&tmp);
    for (config, min_tables) in [
        ("configs/bmg-3e/batman-vs-thug.toml", 4),
        ("configs/bmg-3e/willpower-check.toml", 3),
        ("configs/bmg-3e/effort-table.toml", 3),
        ("configs/bmg-3e/loadout-comparison.toml", 4),
        ("configs/bmg-3e/defense-sweep.toml", 2),
        ("configs/bmg-3e/duel-batman-vs-bruiser.toml", 3),
        ("configs/bmg-3e/balance-new-henchman.toml", 3),
        ("configs/bmg-3e/paired-bat-vs-knife.toml", 3),
        ("configs/bmg-1e/batman-rotarang.toml", 4),
        ("configs/bmg-1e/counters-exchange.toml", 3),
        ("configs/bmg-1e/editions-batman-brawl.toml", 3),
        ("configs/bmg-1e/take-the-lead.toml", 3),
        ("configs/bichos/weapons-vs-bugs.toml", 8),
        ("configs/bichos/reaction-tests.toml", 3),
        ("configs/bichos/cm-vs-inches.toml", 2),
        ("configs/bichos/rifle-three-targets.toml", 4),
        // Six grids but one a sentence: the target, a henchman, holds no cards to spend.
        ("configs/wolsung/pistol-vs-rifle.toml", 6),
        ("configs/wolsung/melee-guard-or-parry.toml", 2),
        ("configs/mordheim/warrior-movement.toml", 3),
        ("configs/all/threat-range.toml", 2),
        ("configs/bmg-1e/duel-batman-vs-bruiser.toml", 3),
        ("configs/bichos/duel-soldier-vs-big-bug.toml", 3),
        ("configs/wolsung/duel-duelist-vs-troll.toml", 3),
    ] {
        let stem = Path::new(config).file_stem().unwrap().to_string_lossy().to_string();
        let out = tmp.join(&stem);
        run_config(config, &out);
        let page = out.join("index.html");
        let source = std::fs::read_to_string(&page).expect("index.html written");
        for external in ["<link", " src=", "url(http", "@import"] {
            assert!(!source.contains(external), "{stem}: page loads something external ({external})");
        }
        let svgs = std::fs::read_dir(&out)
            .unwrap()
            .filter(|e| e.as_ref().unwrap().path().extension().is_some_and(|x| x == "svg"))
            .count();
        let dom = dump_dom(&browser, &page, &tmp.join(format!("profile-{stem}")));
        let check = dom
            .split("data-render-check=\"")
            .nth(1)
            .and_then(|s| s.split('"').next())
            .unwrap_or_else(|| panic!("{stem}: the page's render check did not run"));
        eprintln!("{stem}: {check}");
        let num = |key: &str| -> usize {
            check.split_whitespace().find_map(|kv| kv.strip_prefix(key)).and_then(|v| v.parse().ok()).unwrap()
        };
        assert!(check.ends_with("visible=ok"), "{stem}: {check}");
        assert_eq!(num("charts="), svgs, "{stem}: every chart file is on the page");
        // Mordheim's movement is three fixed numbers: the tables give them, no chart does.
        assert!(svgs >= 1 || stem == "warrior-movement", "{stem}: at least one chart");
        assert!(num("tables=") >= min_tables, "{stem}: {check}");
    }
}

/// The page renders the same document as summary.md: the system's own "how to read" note is on
/// both (the page left it out).
#[test]
fn the_page_carries_the_systems_reading_note_as_summary_md_does() {
    let out = crate::common::tmp("html_report", "reading-note");
    run_config("configs/bmg-3e/batman-vs-thug.toml", &out.join("r"));
    let note = "Events count what this one attack (or check) causes";
    for file in ["summary.md", "index.html"] {
        let text = std::fs::read_to_string(out.join("r").join(file)).unwrap();
        assert!(text.contains(note), "{file} lacks the system's note");
    }
}
