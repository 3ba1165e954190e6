//! The layering CONTRIBUTING.md promises, checked on the source.
//!
//! **Systems.** The composition root (`src/registry.rs`) is the only generic place that names
//! the rule systems. Every other file outside `src/systems/` — engine, exact evaluator, config
//! loader, analyses, report, output — knows systems only through the contract (`src/system.rs`)
//! and is handed the systems it may use. Comments may name a system as an example; code may
//! not: no `systems::<name>` path, no system's `ruleset` string, and no reach for the registry
//! below the command line.
//!
//! **No circles.** No two files under `src/` use each other, directly or through others
//! ([`no_two_files_import_each_other_in_a_circle`]): the last circles were taken apart in
//! issue #38, and any new one fails with its files and the names that tie them.

use skirmish_odds::registry::SYSTEMS;
use std::collections::{BTreeMap, BTreeSet, HashMap};
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

// ---------------------------------------------------------------------------------------------
// No import circles between files.
//
// Each file under src/ is a node (main.rs, the binary's own root, aside). An edge runs from a
// file to every file whose names it *uses*: a `use` (of `crate::`, `super::`, `self::` or a name
// in scope: a child module, a module imported before), a path in the code (`crate::a::b::f`,
// `super::X`, `config::number::whole` after `use crate::config`), and `crate::m!` of a macro
// another file exports. A `mod child;` line is no edge: a `mod.rs` that only declares its
// children does not depend on them, and a child using its parent's items is no circle until
// the parent uses the child's. A path is resolved to the file that holds it by going down its
// segments as far as files exist (`src/a/b.rs` or `src/a/b/mod.rs`; an inline `mod x { .. }`
// is part of its file), so a name used through a re-export is an edge to the file that
// re-exports it. Comments, strings and characters are blanked first. Not read: test code
// (`#[cfg(test)]` items, and the files only they declare) and, inside a `macro_rules!` body,
// the paths that resolve where the macro is called (all but `$crate::`).
// ---------------------------------------------------------------------------------------------

/// Every `.rs` file under `src/` but `main.rs` (the binary: its `crate::` is another crate), as
/// (path under `src/`, text).
fn source_files() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    files
        .into_iter()
        .map(|f| (f.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/"), f))
        .filter(|(rel, _)| rel != "main.rs")
        .map(|(rel, f)| (rel, std::fs::read_to_string(f).unwrap()))
        .collect()
}

#[test]
fn no_two_files_import_each_other_in_a_circle() {
    let found = circles(&source_files());
    let all: Vec<&str> = found.iter().map(|(_, t)| t.as_str()).collect();
    assert!(
        all.is_empty(),
        "files under src/ that use each other in a circle (move what they share into a file below them, \
         which they both use):\n\n{}\n\n(every circle found: {})",
        all.join("\n\n"),
        found.len()
    );
}

/// The check itself: a `use` and a path in code make edges, through an imported module name
/// too, and a re-export with a child's use of its parent is a circle; a `mod` line, comments,
/// strings, test code and a function named as a module beside it make none.
#[test]
fn the_circle_check_sees_uses_and_only_uses() {
    let files: Vec<(String, String)> = [
        ("lib.rs", "pub mod a;\npub mod b;\npub mod c;\npub mod d;\npub mod e;\npub mod f;\npub mod p;\npub mod q;\npub mod r;\n"),
        // a and b: a `use` one way, a path in code the other.
        ("a.rs", "use crate::b::B;\n// crate::c::C\npub struct A;\n"),
        ("b.rs", "pub struct B;\nfn f() {\n    let _ = crate::a::A;\n}\n"),
        // c and d: only comments, strings and test code name each other.
        ("c.rs", "/// [`crate::d::D`]\npub struct C;\n#[cfg(test)]\nmod tests {\n    use crate::d::D;\n}\n"),
        ("d.rs", "pub struct D;\nconst S: &str = \"crate::c::C\";\nconst R: &str = r#\"use crate::c::C;\"#;\n/* crate::c::C */\n"),
        // e and f: `f::g` after `use crate::f;` is a use of f.
        ("e.rs", "use crate::f;\npub fn x() {}\nfn y() {\n    f::g();\n}\n"),
        ("f.rs", "pub fn g() {\n    crate::e::x();\n}\n"),
        // p only declares its children; child uses p's item and its sibling's.
        ("p/mod.rs", "pub mod child;\npub mod other;\npub struct P;\n"),
        ("p/child.rs", "use super::P;\nfn f() {\n    super::other::z();\n}\n"),
        ("p/other.rs", "pub fn z() {}\n"),
        // q re-exports its child's item, and the child uses q's: a circle.
        ("q/mod.rs", "mod k;\npub use k::K;\npub struct Q;\n"),
        ("q/k.rs", "pub struct K(pub super::Q);\n"),
        // r's call of its own function `s`, beside its child `mod s`, is no use of the child.
        ("r/mod.rs", "mod s;\npub struct R;\npub fn s() {}\nfn t() {\n    self::s();\n}\n"),
        ("r/s.rs", "use super::R;\n"),
    ]
    .iter()
    .map(|(f, t)| (f.to_string(), t.to_string()))
    .collect();
    let found = circles(&files);
    let sets: Vec<&Vec<String>> = found.iter().map(|(f, _)| f).collect();
    assert_eq!(
        sets,
        [
            &vec!["a.rs".to_string(), "b.rs".into()],
            &vec!["e.rs".to_string(), "f.rs".into()],
            &vec!["q/k.rs".to_string(), "q/mod.rs".into()]
        ],
        "{found:#?}"
    );
    let ab = &found[0].1;
    assert!(ab.contains("src/a.rs -> src/b.rs: use crate::b::B (line 1)"), "{ab}");
    assert!(ab.contains("src/b.rs -> src/a.rs: crate::a::A (line 3)"), "{ab}");
    assert!(found[1].1.contains("src/e.rs -> src/f.rs: f::g (line 4)"), "{}", found[1].1);
    assert!(found[2].1.contains("src/q/mod.rs -> src/q/k.rs: use k::K (line 2)"), "{}", found[2].1);
}

/// `text` with comments, string and character literals blanked (each line kept, for line
/// numbers). Lifetimes stay.
fn blank_comments_and_literals(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |out: &mut String, ch: char| out.push(if ch == '\n' { '\n' } else { ' ' });
    let ident = |ch: char| ch.is_alphanumeric() || ch == '_';
    let mut i = 0;
    while i < c.len() {
        let next = c.get(i + 1).copied();
        if c[i] == '/' && next == Some('/') {
            while i < c.len() && c[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c[i] == '/' && next == Some('*') {
            // Block comments nest.
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    blank(&mut out, c[i]);
                    i += 1;
                }
            }
        } else if let Some((start, hashes)) = raw_string_at(&c, i) {
            // r"…", r#"…"#, br"…", cr"…": no escapes, ends at `"` and as many `#`.
            let body = start + hashes + 1;
            let mut j = body;
            while j < c.len() && !(c[j] == '"' && (1..=hashes).all(|k| c.get(j + k) == Some(&'#'))) {
                j += 1;
            }
            let end = (j + 1 + hashes).min(c.len());
            for &ch in &c[i..end] {
                blank(&mut out, ch);
            }
            i = end;
        } else if c[i] == '"' {
            let mut j = i + 1;
            while j < c.len() && c[j] != '"' {
                j += if c[j] == '\\' { 2 } else { 1 };
            }
            let end = (j + 1).min(c.len());
            for &ch in &c[i..end] {
                blank(&mut out, ch);
            }
            i = end;
        } else if c[i] == '\'' && (next == Some('\\') || (c.get(i + 2) == Some(&'\'') && next != Some('\''))) {
            // A character literal ('x', '\n', '\u{2605}', '\''); a lifetime ('a) is left as is.
            let mut j = if next == Some('\\') { i + 3 } else { i + 2 };
            while j < c.len() && c[j] != '\'' {
                j += 1;
            }
            let end = (j + 1).min(c.len());
            for &ch in &c[i..end] {
                blank(&mut out, ch);
            }
            i = end;
        } else {
            // An identifier as a whole, so that the `r` of `bar"` is not read as a raw string.
            if ident(c[i]) {
                while i < c.len() && ident(c[i]) {
                    out.push(c[i]);
                    i += 1;
                }
                continue;
            }
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

/// Where a raw string literal starting at `i` opens (the index of its `r`) and its `#` count.
fn raw_string_at(c: &[char], i: usize) -> Option<(usize, usize)> {
    let r = match c[i] {
        'r' => i,
        'b' | 'c' if c.get(i + 1) == Some(&'r') => i + 1,
        _ => return None,
    };
    if i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_') {
        return None;
    }
    let hashes = c[r + 1..].iter().take_while(|ch| **ch == '#').count();
    (c.get(r + 1 + hashes) == Some(&'"')).then_some((r, hashes))
}

/// Tokens with their line: identifiers (`$x` for a macro variable, `$crate` among them), `::`,
/// and every other character on its own.
fn tokens(code: &str) -> Vec<(String, usize)> {
    let c: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    let ident = |ch: char| ch.is_alphanumeric() || ch == '_';
    while i < c.len() {
        if c[i] == '\n' {
            line += 1;
            i += 1;
        } else if c[i].is_whitespace() {
            i += 1;
        } else if c[i] == ':' && c.get(i + 1) == Some(&':') {
            out.push(("::".to_string(), line));
            i += 2;
        } else if ident(c[i]) || (c[i] == '$' && c.get(i + 1).is_some_and(|ch| ident(*ch))) {
            let start = i;
            i += 1;
            while i < c.len() && ident(c[i]) {
                i += 1;
            }
            let mut word: String = c[start..i].iter().collect();
            // A raw identifier, `r#type`, is the identifier.
            if word == "r" && c.get(i) == Some(&'#') && c.get(i + 1).is_some_and(|ch| ident(*ch)) {
                let s = i + 1;
                i = s;
                while i < c.len() && ident(c[i]) {
                    i += 1;
                }
                word = c[s..i].iter().collect();
            }
            out.push((word, line));
        } else {
            out.push((c[i].to_string(), line));
            i += 1;
        }
    }
    out
}

/// The index just past the group that opens at `open` (`(`, `[` or `{`), or the end.
fn group_end(t: &[(String, usize)], open: usize) -> usize {
    let mut depth = 0i32;
    for (k, (s, _)) in t.iter().enumerate().skip(open) {
        match s.as_str() {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => {
                depth -= 1;
                if depth == 0 {
                    return k + 1;
                }
            }
            _ => {}
        }
    }
    t.len()
}

/// One path a file names: its segments as written, the module it is written in (inline
/// modules included), whether it is a `use` and whether it sits in a macro body.
#[derive(Debug, Clone)]
struct Named {
    segs: Vec<String>,
    module: Vec<String>,
    line: usize,
    in_use: bool,
    in_macro: bool,
    /// For a `use` leaf: the name it binds (`None` for a glob or `as _`).
    binds: Option<String>,
}

/// What one file's code says: the paths it names, its `mod x;` children (and which of them are
/// test-only), and the macros it defines.
#[derive(Debug, Default)]
struct FileScan {
    named: Vec<Named>,
    children: Vec<String>,
    test_children: Vec<String>,
    macros: Vec<String>,
}

fn scan_file(text: &str, module: &[String]) -> FileScan {
    let t = tokens(&blank_comments_and_literals(text));
    let is = |k: usize, s: &str| t.get(k).is_some_and(|(x, _)| x == s);
    // A name, `$crate` among them (any other `$x` is a macro's variable: no name we can read).
    let word = |k: usize| {
        t.get(k).is_some_and(|(x, _)| x == "$crate" || x.starts_with(|ch: char| ch.is_alphanumeric() || ch == '_'))
    };
    let mut scan = FileScan::default();
    // Inline modules open: (name, the brace depth inside it).
    let mut inline: Vec<(String, i32)> = Vec::new();
    let mut depth = 0i32;
    let mut macro_end = 0usize;
    let mut i = 0;
    while i < t.len() {
        let here = |inline: &Vec<(String, i32)>| -> Vec<String> {
            module.iter().cloned().chain(inline.iter().map(|(n, _)| n.clone())).collect()
        };
        let s = t[i].0.as_str();
        // `#[cfg(test)]` (or `#![cfg(test)]`, the whole file): the item it marks is skipped.
        if s == "#" {
            let inner = is(i + 1, "!");
            let a = if inner { i + 2 } else { i + 1 };
            let attr = ["[", "cfg", "(", "test", ")", "]"];
            if attr.iter().enumerate().all(|(k, w)| is(a + k, w)) {
                if inner {
                    return FileScan::default();
                }
                let mut k = a + attr.len();
                while is(k, "#") && is(k + 1, "[") {
                    k = group_end(&t, k + 1);
                }
                // `mod name;`: the file it declares is test code too.
                let mut m = k;
                if is(m, "pub") {
                    m += 1;
                    if is(m, "(") {
                        m = group_end(&t, m);
                    }
                }
                if is(m, "mod") && word(m + 1) && is(m + 2, ";") {
                    scan.test_children.push(t[m + 1].0.clone());
                }
                while k < t.len() && !is(k, ";") && !is(k, "{") {
                    k = if is(k, "(") || is(k, "[") { group_end(&t, k) } else { k + 1 };
                }
                i = if is(k, "{") { group_end(&t, k) } else { k + 1 };
                continue;
            }
        }
        let in_macro = i < macro_end;
        match s {
            "{" => depth += 1,
            "}" => {
                depth -= 1;
                while inline.last().is_some_and(|(_, d)| depth < *d) {
                    inline.pop();
                }
            }
            "macro_rules" if is(i + 1, "!") && word(i + 2) => {
                scan.macros.push(t[i + 2].0.clone());
                macro_end = macro_end.max(group_end(&t, i + 3));
                i += 3;
                continue;
            }
            "mod" if word(i + 1) && is(i + 2, ";") && !in_macro => scan.children.push(t[i + 1].0.clone()),
            "mod" if word(i + 1) && is(i + 2, "{") && !in_macro => {
                inline.push((t[i + 1].0.clone(), depth + 1));
                depth += 1;
                i += 3;
                continue;
            }
            "use" => {
                let mut k = i + 1;
                let mut leaves = Vec::new();
                use_tree(&t, &mut k, Vec::new(), &mut leaves);
                let m = here(&inline);
                for (segs, binds) in leaves {
                    scan.named.push(Named { segs, module: m.clone(), line: t[i].1, in_use: true, in_macro, binds });
                }
                i = k;
                continue;
            }
            _ => {}
        }
        // A path: a word followed by `::`, not itself after `::`.
        if word(i) && is(i + 1, "::") && !(i > 0 && is(i - 1, "::")) {
            let mut segs = vec![t[i].0.clone()];
            let mut k = i + 1;
            while is(k, "::") && word(k + 1) {
                segs.push(t[k + 1].0.clone());
                k += 2;
            }
            // `$crate::$then!`: nothing past the root is known.
            if segs.len() > 1 {
                scan.named.push(Named {
                    segs,
                    module: here(&inline),
                    line: t[i].1,
                    in_use: false,
                    in_macro,
                    binds: None,
                });
            }
            i = k;
            continue;
        }
        // `crate::m!` is caught above; a bare `$crate::` is too. `self` alone, `super` alone
        // (`pub(super)`) are not paths.
        i += 1;
    }
    scan
}

/// The leaves of the use tree starting at `*k`, each as (full path, the name it binds); `*k`
/// ends past the tree (and the `;` of a whole `use`).
fn use_tree(t: &[(String, usize)], k: &mut usize, prefix: Vec<String>, out: &mut Vec<(Vec<String>, Option<String>)>) {
    let is = |k: usize, s: &str| t.get(k).is_some_and(|(x, _)| x == s);
    let mut path = prefix;
    if is(*k, "::") {
        *k += 1;
    }
    loop {
        let Some((w, _)) = t.get(*k) else { return };
        match w.as_str() {
            "{" => {
                *k += 1;
                while *k < t.len() && !is(*k, "}") {
                    use_tree(t, k, path.clone(), out);
                    if is(*k, ",") {
                        *k += 1;
                    }
                }
                *k += 1;
                break;
            }
            "*" => {
                out.push((path.clone(), None));
                *k += 1;
                break;
            }
            "self" if !path.is_empty() => {
                *k += 1;
                let binds = if is(*k, "as") {
                    *k += 2;
                    t.get(*k - 1).map(|(x, _)| x.clone()).filter(|x| x != "_")
                } else {
                    path.last().cloned()
                };
                out.push((path.clone(), binds));
                break;
            }
            _ => {
                path.push(w.clone());
                *k += 1;
                if is(*k, "::") {
                    *k += 1;
                    continue;
                }
                let binds = if is(*k, "as") {
                    *k += 2;
                    t.get(*k - 1).map(|(x, _)| x.clone()).filter(|x| x != "_")
                } else {
                    path.last().cloned()
                };
                out.push((path.clone(), binds));
                break;
            }
        }
    }
    if is(*k, ";") {
        *k += 1;
    }
}

/// The module path of a file under src/ (`a/b.rs` and `a/b/mod.rs` are `[a, b]`; `lib.rs` is
/// the root).
fn module_of(rel: &str) -> Vec<String> {
    let stem = rel.strip_suffix(".rs").unwrap_or(rel);
    let stem = stem.strip_suffix("/mod").or(stem.strip_suffix("mod")).unwrap_or(stem);
    if stem.is_empty() || stem == "lib" {
        return Vec::new();
    }
    stem.split('/').map(str::to_string).collect()
}

/// Which file uses which, among `files` (path under src/, text): for each file, the files it
/// uses, each with the names (and lines) that make the edge.
type Edges = BTreeMap<String, BTreeMap<String, BTreeSet<String>>>;

fn file_edges(files: &[(String, String)]) -> (Vec<String>, Edges) {
    let mut scans: BTreeMap<String, FileScan> = BTreeMap::new();
    for (rel, text) in files {
        scans.insert(rel.clone(), scan_file(text, &module_of(rel)));
    }
    // Files only test code declares are test code.
    let mut test_only: Vec<Vec<String>> = Vec::new();
    for (rel, s) in &scans {
        for c in &s.test_children {
            test_only.push(module_of(rel).into_iter().chain([c.clone()]).collect());
        }
    }
    scans.retain(|rel, _| {
        let m = module_of(rel);
        !test_only.iter().any(|t| m.starts_with(t))
    });
    let modules: HashMap<Vec<String>, String> = scans.keys().map(|rel| (module_of(rel), rel.clone())).collect();
    let mut macros: HashMap<String, String> = HashMap::new();
    for (rel, s) in &scans {
        for m in &s.macros {
            macros.insert(m.clone(), rel.clone());
        }
    }
    // The file an absolute path lands in, and whether the whole path is a module (with a file).
    let locate = |abs: &[String]| -> Option<(String, bool)> {
        let mut file = modules.get(&Vec::new())?.clone();
        let mut n = 0;
        while n < abs.len() {
            match modules.get(&abs[..=n]) {
                Some(f) => file = f.clone(),
                None => break,
            }
            n += 1;
        }
        // `crate::m!` of a `#[macro_export]` macro, which lives at the root: the file defining it.
        if n == 0
            && let Some(f) = abs.first().and_then(|m| macros.get(m))
        {
            return Some((f.clone(), false));
        }
        Some((file, n == abs.len()))
    };
    // Edges, each with the names (and lines) that make it.
    let mut edges = Edges::new();
    for (rel, s) in &scans {
        let own = module_of(rel);
        let mut alias: HashMap<String, Vec<String>> = HashMap::new();
        for c in &s.children {
            alias.insert(c.clone(), own.iter().cloned().chain([c.clone()]).collect());
        }
        let absolute = |n: &Named, alias: &HashMap<String, Vec<String>>| -> Option<Vec<String>> {
            let first = n.segs[0].as_str();
            let (mut base, mut rest) = match first {
                "crate" | "$crate" => (Vec::new(), &n.segs[1..]),
                // In a macro body, only `$crate::` means where the macro is written.
                _ if n.in_macro => return None,
                "self" => (n.module.clone(), &n.segs[1..]),
                "super" => (n.module.clone(), &n.segs[..]),
                _ => (alias.get(first)?.clone(), &n.segs[1..]),
            };
            while rest.first().is_some_and(|x| x == "super") {
                base.pop()?;
                rest = &rest[1..];
            }
            base.extend(rest.iter().cloned());
            Some(base)
        };
        // Module names brought in by `use` are known once their own path resolves: repeat.
        let mut resolved: Vec<Option<Vec<String>>> = vec![None; s.named.len()];
        loop {
            let mut changed = false;
            for (k, n) in s.named.iter().enumerate() {
                if resolved[k].is_some() || !n.in_use {
                    continue;
                }
                if let Some(abs) = absolute(n, &alias) {
                    if let (Some(b), Some((_, true))) = (&n.binds, locate(&abs)) {
                        alias.insert(b.clone(), abs.clone());
                    }
                    resolved[k] = Some(abs);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for (k, n) in s.named.iter().enumerate() {
            let abs = if n.in_use { resolved[k].clone() } else { absolute(n, &alias) };
            let Some(abs) = abs else { continue };
            let Some((mut to, whole_module)) = locate(&abs) else { continue };
            // A path in code that ends on a module's name names a function or macro beside it
            // (`analyses::plan(..)` beside `mod plan`): its file is the one above.
            if !n.in_use && whole_module {
                match locate(&abs[..abs.len().saturating_sub(1)]) {
                    Some((f, _)) => to = f,
                    None => continue,
                }
            }
            // `use crate::a::b;` of a module is a name for it, used by the paths that follow;
            // a glob takes everything the module holds.
            if n.in_use && whole_module && n.binds.is_some() {
                continue;
            }
            if &to != rel {
                let what = format!("{}{} (line {})", if n.in_use { "use " } else { "" }, n.segs.join("::"), n.line);
                edges.entry(rel.clone()).or_default().entry(to).or_default().insert(what);
            }
        }
    }
    (scans.into_keys().collect(), edges)
}

/// The circles among `files` (path under src/, text): each strongly connected component of
/// more than one file, as its files and, for each edge inside it, the names that make it.
fn circles(files: &[(String, String)]) -> Vec<(Vec<String>, String)> {
    let (nodes, edges) = file_edges(files);
    let index_of: HashMap<&String, usize> = nodes.iter().enumerate().map(|(k, n)| (n, k)).collect();
    let succ: Vec<Vec<usize>> = nodes
        .iter()
        .map(|n| edges.get(n).map(|m| m.keys().map(|t| index_of[t]).collect()).unwrap_or_default())
        .collect();
    let mut out = Vec::new();
    for comp in strongly_connected(&succ).into_iter().filter(|c| c.len() > 1) {
        let set: BTreeSet<&String> = comp.iter().map(|k| &nodes[*k]).collect();
        let mut text = format!(
            "circle of {} files: {}",
            set.len(),
            set.iter().map(|f| format!("src/{f}")).collect::<Vec<_>>().join(", ")
        );
        for from in &set {
            for (to, names) in edges.get(*from).into_iter().flatten() {
                if set.contains(to) {
                    let names: Vec<&str> = names.iter().map(String::as_str).collect();
                    text.push_str(&format!("\n  src/{from} -> src/{to}: {}", names.join(", ")));
                }
            }
        }
        out.push((set.into_iter().cloned().collect(), text));
    }
    out.sort();
    out
}

/// The strongly connected components of a graph given by successor lists (Tarjan, iterative).
fn strongly_connected(succ: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let n = succ.len();
    let (mut index, mut low, mut on) = (vec![usize::MAX; n], vec![0; n], vec![false; n]);
    let (mut stack, mut comps, mut next) = (Vec::new(), Vec::new(), 0);
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        // (node, next successor to look at)
        let mut work = vec![(root, 0usize)];
        index[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on[root] = true;
        while let Some((v, k)) = work.pop() {
            if k < succ[v].len() {
                work.push((v, k + 1));
                let w = succ[v][k];
                if index[w] == usize::MAX {
                    index[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on[w] = true;
                    work.push((w, 0));
                } else if on[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            if low[v] == index[v] {
                let mut comp = Vec::new();
                while let Some(w) = stack.pop() {
                    on[w] = false;
                    comp.push(w);
                    if w == v {
                        break;
                    }
                }
                comps.push(comp);
            }
            if let Some((u, _)) = work.last() {
                low[*u] = low[*u].min(low[v]);
            }
        }
    }
    comps
}
