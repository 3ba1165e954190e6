//! The rule coverage tables (`docs/rules/<system>.md`) stay honest: one per rule system, every clause
//! row has a status, and every test a row names as its proof exists in the code. A table that cites a
//! renamed or deleted test fails here instead of silently claiming coverage.

use std::collections::BTreeSet;
use std::path::Path;

/// Systems with no rulebook of their own: the threat range's (`ruleset = "all"`) movers are rows
/// of each game's table (e.g. `docs/rules/bmg-3e.md`, "Movement"). Every other system in the
/// registry needs a table, so a new system is held to it without editing this file.
const IN_OTHER_TABLES: [&str; 1] = ["all"];

/// Every `fn name` in the crate's sources and tests.
fn function_names() -> BTreeSet<String> {
    fn walk(dir: &Path, out: &mut BTreeSet<String>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let text = std::fs::read_to_string(&p).unwrap();
                for part in text.split("fn ").skip(1) {
                    let name: String = part.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                    if !name.is_empty() {
                        out.insert(name);
                    }
                }
            }
        }
    }
    let mut out = BTreeSet::new();
    walk(Path::new("src"), &mut out);
    walk(Path::new("tests"), &mut out);
    out
}

fn cells(line: &str) -> Vec<String> {
    let t = line.trim();
    let t = t.strip_prefix('|').unwrap_or(t);
    let t = t.strip_suffix('|').unwrap_or(t);
    t.split('|').map(|c| c.trim().to_string()).collect()
}

/// Identifiers in backticks that look like test names: `a_b_c` or `module::path::a_b`; `…` abbreviations
/// (e.g. "`…_a_charger_does_not`") are matched as suffixes.
fn cited_tests(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(|s| s.rsplit("::").next().unwrap_or(s).to_string())
        .filter(|s| s.contains('_') && s.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '…'))
        .collect()
}

#[test]
fn every_system_has_a_coverage_table_and_every_clause_is_accounted_for() {
    let fns = function_names();
    let mut problems = Vec::new();
    let systems = skirmish_odds::registry::SYSTEMS.iter().map(|s| s.name()).filter(|n| !IN_OTHER_TABLES.contains(n));
    for system in systems {
        let path = format!("docs/rules/{system}.md");
        let Ok(text) = std::fs::read_to_string(&path) else {
            problems.push(format!("{path}: missing"));
            continue;
        };
        let mut rows = 0;
        let mut header: Option<(usize, usize)> = None;
        for (i, line) in text.lines().enumerate() {
            if !line.trim_start().starts_with('|') {
                header = None;
                continue;
            }
            let c = cells(line);
            if c.iter().all(|x| x.chars().all(|ch| ch == '-' || ch == ':' || ch == ' ')) {
                continue;
            }
            let lower: Vec<String> = c.iter().map(|x| x.to_lowercase()).collect();
            if header.is_none() {
                let status = lower.iter().position(|x| x == "status");
                let test = lower.iter().position(|x| x == "test" || x == "tests");
                header = status.zip(test);
                continue;
            }
            let Some((si, ti)) = header else { continue };
            rows += 1;
            let status = lower.get(si).map(|s| s.trim_start_matches(['*', '`', ' '])).unwrap_or("");
            let at = format!("{path}:{}", i + 1);
            // `reading NAME` / `reading switch NAME`: an ambiguity switch; `no dice`: a number no analysis
            // can use (table size, base size), listed so that nothing is unaccounted for.
            let switch = status.starts_with("reading");
            if !(status.starts_with("modelled")
                || switch
                || status.starts_with("not modelled")
                || status.starts_with("no dice"))
            {
                problems.push(format!(
                    "{at}: status `{}` is not modelled / reading NAME / not modelled / no dice",
                    c.get(si).map(String::as_str).unwrap_or("")
                ));
            }
            let tests = c.get(ti).map(String::as_str).unwrap_or("");
            let cited = cited_tests(tests);
            if (status.starts_with("modelled") || switch) && cited.is_empty() {
                problems.push(format!("{at}: a modelled clause names no test"));
            }
            for t in cited {
                let found = if let Some(suffix) = t.strip_prefix('…') {
                    fns.iter().any(|f| f.ends_with(suffix))
                } else {
                    fns.contains(&t)
                };
                if !found {
                    problems.push(format!("{at}: cites test `{t}`, which does not exist"));
                }
            }
        }
        if rows == 0 {
            problems.push(format!("{path}: no clause table (a table with `test` and `status` columns)"));
        }
    }
    assert!(problems.is_empty(), "coverage tables:\n{}", problems.join("\n"));
}
