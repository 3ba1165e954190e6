//! Build script: embeds every bundled config (`configs/*/*.toml`) in the binary, for the local
//! page (`skirmish-odds serve`), which offers them as examples and libraries without reading
//! the repository at run time. Generates `$OUT_DIR/bundled.rs`: a sorted list of
//! (path as in the repository, text).

use std::fmt::Write;
use std::path::Path;

fn main() {
    println!("cargo::rerun-if-changed=configs");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    let dirs = std::fs::read_dir(root.join("configs")).expect("the configs folder");
    for dir in dirs.flatten().filter(|d| d.path().is_dir()) {
        for f in std::fs::read_dir(dir.path()).expect("a configs subfolder").flatten() {
            let p = f.path();
            if p.extension().is_some_and(|e| e == "toml") {
                let rel = p.strip_prefix(root).expect("under the manifest folder").to_string_lossy().replace('\\', "/");
                files.push((rel, p.canonicalize().expect("a config's absolute path")));
            }
        }
    }
    files.sort();
    let mut out = String::from(
        "/// Every bundled config: (path as in the repository, text).\npub static BUNDLED: &[(&str, &str)] = &[\n",
    );
    for (rel, abs) in &files {
        let _ = writeln!(out, "    ({rel:?}, include_str!({:?})),", abs.to_string_lossy());
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("bundled.rs");
    std::fs::write(dest, out).expect("writing bundled.rs");
}
