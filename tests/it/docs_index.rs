//! Every bundled config is indexed, with the question it answers, in both the README and
//! configs/README.md (issue #26: ten bundled configs used to be mentioned in no doc at all, so
//! nobody found them).

use std::path::Path;

/// Every `configs/<system>/<file>.toml`, as `<system>/<file>.toml`.
fn bundled_files() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs");
    let mut out = Vec::new();
    for dir in std::fs::read_dir(&root).unwrap() {
        let dir = dir.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(&dir).unwrap() {
            let f = f.unwrap().path();
            if f.extension().is_some_and(|e| e == "toml") {
                let sys = dir.file_name().unwrap().to_string_lossy().into_owned();
                out.push(format!("{sys}/{}", f.file_name().unwrap().to_string_lossy()));
            }
        }
    }
    out.sort();
    assert!(out.len() > 50, "found only {} bundled configs", out.len());
    out
}

/// The index row of `file` in a Markdown text: a table row that names it in backticks and says
/// something in its last column.
fn indexed(text: &str, file: &str) -> bool {
    text.lines().any(|l| {
        l.starts_with(&format!("| `{file}` |")) && {
            let cols: Vec<&str> = l.trim_end_matches('|').split('|').collect();
            cols.last().is_some_and(|q| q.trim().len() > 10)
        }
    })
}

#[test]
fn every_bundled_config_is_indexed_with_its_question_in_both_readmes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let configs = std::fs::read_to_string(root.join("configs/README.md")).unwrap();
    let mut missing = Vec::new();
    for f in bundled_files() {
        if !indexed(&configs, &f) {
            missing.push(format!("configs/README.md lacks `{f}`"));
        }
        if !indexed(&readme, &format!("configs/{f}")) {
            missing.push(format!("README.md lacks `configs/{f}`"));
        }
    }
    assert!(missing.is_empty(), "index rows missing:\n{}", missing.join("\n"));
}
