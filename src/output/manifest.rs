//! The mark a report folder carries: `.skirmish-odds-report.json` lists every file the report
//! wrote with its size and SHA-256, so a later run replaces exactly those files and only while
//! they still hold what skirmish-odds wrote (a file the user edited is never deleted).
//!
//! Reports written before manifests existed carry no hashes, so nothing could tell a user's
//! edits in them from skirmish-odds' own files: they are refused like any unmarked folder.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// File name of the manifest inside a report folder.
pub const FILE: &str = ".skirmish-odds-report.json";
/// Schema identifier of the manifest.
pub const SCHEMA: &str = "skirmish-odds/report/v1";

/// What a report folder holds, as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    pub schema: String,
    /// Program and version that wrote the report.
    pub generator: String,
    /// Scenario name of the report.
    pub scenario: String,
    pub files: Vec<Entry>,
}

/// One file of a report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub name: String,
    pub bytes: u64,
    /// Lower-case hex SHA-256 of the contents: a file is removed only while it still matches.
    pub sha256: String,
}

impl Entry {
    /// The entry describing `contents` written as `name`.
    pub fn of(name: &str, contents: &[u8]) -> Entry {
        Entry { name: name.to_string(), bytes: contents.len() as u64, sha256: sha256_hex(contents) }
    }
}

impl Manifest {
    /// A manifest of the files of a report about `scenario`.
    pub fn new(scenario: &str, files: Vec<Entry>) -> Manifest {
        Manifest {
            schema: SCHEMA.into(),
            generator: format!("skirmish-odds {}", env!("CARGO_PKG_VERSION")),
            scenario: scenario.into(),
            files,
        }
    }

    /// Pretty JSON, newline-terminated (deterministic: no times, no paths).
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).expect("manifest serialises");
        s.push('\n');
        s
    }

    /// Parse a manifest's text; the error says what is wrong with it.
    pub fn parse(text: &str) -> Result<Manifest, String> {
        let m: Manifest = serde_json::from_str(text).map_err(|e| e.to_string())?;
        if m.schema != SCHEMA {
            return Err(format!("schema `{}` (expected `{SCHEMA}`)", m.schema));
        }
        if let Some(bad) = m.files.iter().find(|f| !is_plain_name(&f.name)) {
            return Err(format!("it lists `{}`, which is not a file name", bad.name));
        }
        if let Some(bad) =
            m.files.iter().find(|f| f.sha256.len() != 64 || !f.sha256.bytes().all(|b| b.is_ascii_hexdigit()))
        {
            return Err(format!("the hash of `{}` is not a SHA-256", bad.name));
        }
        Ok(m)
    }
}

/// Lower-case hex SHA-256.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// A name with no folder part, that cannot climb out of the report folder.
fn is_plain_name(name: &str) -> bool {
    !name.is_empty() && name != "." && name != ".." && !name.contains('/') && !name.contains('\\')
}

/// A file a report writer declares it writes: one name (`results.csv`), or every name that
/// ends a given way (a chart's `<stem>.svg`, a system's `<what>-plan.csv`). The writers
/// (`crate::report`) declare theirs and the run hands them to [`crate::output::ReportDir`], so
/// this layer tells a report's files apart with no list of names of its own (and without
/// importing the writers, which write through it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileName {
    /// Exactly this name.
    Is(&'static str),
    /// Any name ending so, after a stem its writer picks.
    EndsWith(&'static str),
}

impl FileName {
    /// Whether a file named `name` is this one.
    pub fn matches(self, name: &str) -> bool {
        match self {
            FileName::Is(n) => name == n,
            FileName::EndsWith(end) => name.ends_with(end),
        }
    }

    /// The name as declared: the whole name, or a shape's ending.
    pub const fn text(self) -> &'static str {
        match self {
            FileName::Is(n) | FileName::EndsWith(n) => n,
        }
    }
}

/// Names a report can write (the manifest, or a file its writers declare in `files`): a file
/// of this shape that the report does not list must not be carried over into a new report,
/// which could overwrite it.
pub fn is_report_name(name: &str, files: &[FileName]) -> bool {
    name == FILE || files.iter().any(|f| f.matches(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_rejects() {
        let m = Manifest::new("x", vec![Entry::of("summary.md", b"# x\n")]);
        assert_eq!(Manifest::parse(&m.to_json()).unwrap(), m);
        assert_eq!(m.files[0].bytes, 4);
        assert_eq!(m.files[0].sha256.len(), 64);
        let no_hash = m.to_json().replace(&m.files[0].sha256, "");
        assert!(Manifest::parse(&no_hash).unwrap_err().contains("SHA-256"));
        let missing = m.to_json().replace(&format!(",\n      \"sha256\": \"{}\"", m.files[0].sha256), "");
        assert_ne!(missing, m.to_json());
        assert!(Manifest::parse(&missing).is_err(), "an entry without a hash is refused");
        let bad = m.to_json().replace("summary.md", "../etc/passwd");
        assert!(Manifest::parse(&bad).unwrap_err().contains("not a file name"));
        let other = m.to_json().replace(SCHEMA, "something/else");
        assert!(Manifest::parse(&other).unwrap_err().contains("schema"));
        assert!(Manifest::parse("{").is_err());
    }

    #[test]
    fn sha256_of_known_text() {
        // FIPS 180-2 test vector.
        assert_eq!(sha256_hex(b"abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }

    #[test]
    fn report_names() {
        let files = [
            FileName::Is("summary.md"),
            FileName::Is("index.html"),
            FileName::EndsWith(".png"),
            FileName::EndsWith(".svg"),
            FileName::EndsWith("-plan.csv"),
        ];
        for n in ["summary.md", "hits.png", "hits.svg", "index.html", "effort-plan.csv", "split-plan.csv", FILE] {
            assert!(is_report_name(n, &files), "{n}");
        }
        for n in ["notes.md", ".DS_Store", "results.txt", "plan.csv"] {
            assert!(!is_report_name(n, &files), "{n}");
        }
        assert!(is_report_name(FILE, &[]), "the manifest is always the report's own");
    }
}
