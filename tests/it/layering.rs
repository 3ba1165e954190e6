//! The layering CONTRIBUTING.md promises, checked on the source: the composition root
//! (`src/registry.rs`) is the only generic place that names the rule systems. Every other file
//! outside `src/systems/` — engine, exact evaluator, config loader, analyses, report, output —
//! knows systems only through the contract (`src/system.rs`) and is handed the systems it may use.
//!
//! Comments may name a system as an example; code may not: no `systems::<name>` path, no
//! system's `ruleset` string, and no reach for the registry below the command line.

use skirmish_odds::registry::SYSTEMS;
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The code of a Rust file with line comments, doc comments and the unit tests removed (a
/// `#[cfg(test)]` module may load a bundled config through the whole registry).
fn code_lines(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start() == "#[cfg(test)]" {
            break;
        }
        let code = match line.find("//") {
            Some(k) => &line[..k],
            None => line,
        };
        if !code.trim().is_empty() {
            out.push((i + 1, code.to_string()));
        }
    }
    out
}

/// Generic files, with the code that names a system or reaches for the registry.
fn offences() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let folders: Vec<String> = std::fs::read_dir(root.join("systems"))
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(folders.len() >= 6, "system folders: {folders:?}");
    let names: Vec<String> = SYSTEMS.iter().map(|s| format!("\"{}\"", s.name())).collect();
    // Above the generic layers: the root itself, the command line and the shard merger, which
    // load scenarios of any built-in system.
    let top = ["registry.rs", "cli.rs", "shard.rs", "main.rs", "lib.rs"];
    let mut bad = Vec::new();
    for f in files {
        let rel = f.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/");
        if rel.starts_with("systems/") || top.contains(&rel.as_str()) {
            continue;
        }
        let text = std::fs::read_to_string(&f).unwrap();
        bad.extend(offences_in(&format!("src/{rel}"), &text, &folders, &names));
    }
    bad
}

/// The lines of one file's code that name a system folder, a ruleset string or the registry.
fn offences_in(file: &str, text: &str, folders: &[String], names: &[String]) -> Vec<String> {
    let mut bad = Vec::new();
    for (n, code) in code_lines(text) {
        let mut why = Vec::new();
        for s in folders {
            if code.contains(&format!("systems::{s}")) {
                why.push(format!("names `systems::{s}`"));
            }
        }
        for s in names {
            if code.contains(s.as_str()) {
                why.push(format!("names the ruleset {s}"));
            }
        }
        if code.contains("registry::") {
            why.push("reaches for the registry".to_string());
        }
        for w in why {
            bad.push(format!("{file}:{n}: {w}: {}", code.trim()));
        }
    }
    bad
}

#[test]
fn no_generic_file_names_a_rule_system() {
    let bad = offences();
    assert!(bad.is_empty(), "generic code must know systems only through src/system.rs:\n{}", bad.join("\n"));
}

/// The check itself finds what it looks for: a line that imports a system, one that compares
/// a ruleset string, and one that looks a system up, are all caught; comments are not.
#[test]
fn the_layering_check_catches_each_kind_of_offence() {
    let sample = "use crate::systems::wolsung::rules;\nif ruleset == \"bichos\" {}\nlet s = crate::registry::find(x);\n/// `systems::bmg3e` in a doc comment\nlet k = 1; // \"bichos\" in a comment\n#[cfg(test)]\nmod tests { use crate::registry::SYSTEMS; }\n";
    let folders = vec!["wolsung".to_string(), "bmg3e".to_string()];
    let names = vec!["\"bichos\"".to_string()];
    let bad = offences_in("sample.rs", sample, &folders, &names);
    assert_eq!(bad.len(), 3, "{bad:#?}");
    assert!(bad[0].starts_with("sample.rs:1: names `systems::wolsung`"), "{}", bad[0]);
    assert!(bad[1].starts_with("sample.rs:2: names the ruleset \"bichos\""), "{}", bad[1]);
    assert!(bad[2].starts_with("sample.rs:3: reaches for the registry"), "{}", bad[2]);
}
