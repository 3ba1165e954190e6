//! A report that carries its scenario and re-runs from `results.json` alone.
//!
//! Every `results.json` ends with `resolved_scenario`: the program version, the config path as
//! typed, the config and its includes as read ([`EmbeddedFile`], as a shard's partial result
//! carries them), the command line's overrides, the seed and stopping rule in force, the
//! readings, and what each cell was built from with its numbers (its section and the library
//! entries it names: see `config::inputs`). `skirmish-odds run results.json` rebuilds the
//! scenario from those copies with the recorded overrides (and any flags given now on top), so
//! a report mailed to someone else re-runs to the same numbers with no config file present.
//!
//! (The block is `resolved_scenario`, not `scenario`: `results.json` already has a top-level
//! `scenario`, the scenario's name, which scripts read.)
//!
//! The copies are sealed by a digest (SHA-256 of the config path, the files and the overrides):
//! a hand-edited or damaged copy is refused rather than silently run as a different scenario.
//! The program version is not sealed: a report of another version re-runs, with a note that
//! numbers may differ where the rules changed between the versions.

use crate::analysis::RunResult;
use crate::analysis::scenario::{CellSpec, Input, Note};
use crate::config::Overrides;
use crate::config::source::{EmbeddedFile, Source};
use crate::engine::Stop;
use crate::error::InputError;
use crate::interrupt::Interrupted;
use crate::report::json::capture;
use crate::report::{self, CellsUsed, Document, ScenarioPart, model::Report};
use crate::system::RuleSystem;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Largest `results.json` read back. The embedded files are at most 16 MiB together
/// (`config::source::MAX_TOTAL_BYTES`) and the numbers a few megabytes; anything this big is
/// not a report, and reading it whole could exhaust memory.
pub const MAX_REPORT_BYTES: u64 = 256 << 20;

/// This build's name and version, as reports and partials record it.
pub fn generator() -> String {
    format!("skirmish-odds {}", env!("CARGO_PKG_VERSION"))
}

/// Where a run's scenario came from: what a report needs to re-run it.
#[derive(Clone, Debug, PartialEq)]
pub struct Provenance {
    /// The config path as typed on the first run's command line.
    pub config: String,
    /// The config and its includes as read (the config first).
    pub sources: Vec<EmbeddedFile>,
    /// The command line's overrides.
    pub overrides: Overrides,
    /// The version that wrote the report this run was re-run from, when it is not this one.
    pub other_version: Option<String>,
}

impl Provenance {
    /// A run of `config` whose files were `sources`, with `overrides`.
    pub fn new(config: &Path, sources: &[Source], overrides: &Overrides) -> Provenance {
        Provenance {
            config: config.to_string_lossy().into_owned(),
            sources: sources.iter().map(EmbeddedFile::of).collect(),
            overrides: overrides.clone(),
            other_version: None,
        }
    }

    /// SHA-256 (hex) of what rebuilds the scenario: the config path, every file and the
    /// overrides, over an explicit length-prefixed text (not the JSON, whose spacing a tool may
    /// change). It has no key: it detects edits and damage, not a determined forger.
    pub fn digest(&self) -> String {
        use std::fmt::Write;
        let mut t = String::from("skirmish-odds scenario digest 1\n");
        let text = |t: &mut String, s: &str| {
            let _ = writeln!(t, "{}:{s}", s.len());
        };
        text(&mut t, &self.config);
        let _ = writeln!(t, "sources {}", self.sources.len());
        for f in &self.sources {
            text(&mut t, &f.path);
            text(&mut t, &f.text);
        }
        text(&mut t, &serde_json::to_string(&self.overrides).expect("overrides serialise"));
        crate::output::manifest::sha256_hex(t.as_bytes())
    }
}

/// The stopping rule in force, as the record states it.
#[derive(Serialize)]
#[serde(tag = "rule", rename_all = "snake_case")]
enum Stopping {
    Trials {
        trials: u64,
    },
    Precision {
        half_width: f64,
        max_trials: u64,
    },
    /// A balance test sampled until its verdict was settled.
    Settle {
        max_trials: u64,
    },
}

/// One distinct input of the scenario's cells.
#[derive(Serialize)]
struct InputOut<'a> {
    /// `attack` (a section) or `cards.thug` (a library entry).
    key: &'a str,
    /// The file it was read from; `null`: built into the program.
    file: Option<&'a str>,
    values: &'a toml::Table,
}

/// A cell and the inputs it used (indices into `inputs`).
#[derive(Serialize)]
struct CellOut<'a> {
    label: &'a str,
    inputs: Vec<usize>,
}

/// `results.json`'s `resolved_scenario`.
#[derive(Serialize)]
struct Record<'a> {
    generator: String,
    config: &'a str,
    sources: &'a [EmbeddedFile],
    overrides: &'a Overrides,
    seed: u64,
    stopping: Stopping,
    readings: &'a crate::report::model::Ordered<serde_json::Value>,
    inputs: Vec<InputOut<'a>>,
    cells: Vec<CellOut<'a>>,
    digest: String,
}

/// The distinct inputs of the scenario's cells, in order of first use, and each cell's indices.
fn distinct(run: &RunResult) -> (Vec<&Input>, Vec<Vec<usize>>) {
    let mut all: Vec<&Input> = Vec::new();
    let cells = run
        .scenario
        .cells
        .iter()
        .map(|c| {
            c.inputs
                .iter()
                .map(|i| match all.iter().position(|x| *x == i) {
                    Some(k) => k,
                    None => {
                        all.push(i);
                        all.len() - 1
                    }
                })
                .collect()
        })
        .collect();
    (all, cells)
}

/// A finished run's report model and document in `system`'s words, the scenario record
/// attached to both: what every view of a run starts from (`run`'s report folder and terminal,
/// the local page's answers and its downloaded report), built here once so that no view can
/// leave the record out or attach it differently. `Err` when a signal stopped the model's one
/// costly step ([`report::try_build`]).
pub fn report(run: &RunResult, system: &dyn RuleSystem, prov: &Provenance) -> Result<(Report, Document), Interrupted> {
    let mut report = report::try_build(run, system)?;
    let mut doc = Document::build(run, &report, system);
    attach(run, &mut report, &mut doc, prov);
    Ok((report, doc))
}

/// Add the scenario record to `report` (results.json) and its part to `doc` (summary.md,
/// index.html, the terminal).
fn attach(run: &RunResult, report: &mut Report, doc: &mut Document, prov: &Provenance) {
    let sc = &run.scenario;
    let (inputs, cells) = distinct(run);
    let record = Record {
        generator: generator(),
        config: &prov.config,
        sources: &prov.sources,
        overrides: &prov.overrides,
        seed: sc.seed,
        stopping: match sc.stop {
            Stop::Trials(trials) => Stopping::Trials { trials },
            Stop::Precision { half_width, max_trials } => Stopping::Precision { half_width, max_trials },
            Stop::Settle { max_trials } => Stopping::Settle { max_trials },
        },
        readings: &report.readings,
        inputs: inputs.iter().map(|i| InputOut { key: &i.key, file: i.file.as_deref(), values: &i.values }).collect(),
        cells: sc.cells.iter().zip(&cells).map(|(c, k)| CellOut { label: &c.label, inputs: k.clone() }).collect(),
        digest: prov.digest(),
    };
    report.resolved_scenario = Some(capture(&record));
    doc.scenario = Some(part(prov, &sc.cells, &inputs, cells));
}

/// The report's "Scenario" part: the cells grouped by what they used, each group with the
/// sections it resolved as TOML and the library entries it names in words; each entry that
/// only one version of exists shown once after the groups (an entry a sweep varies, with a
/// version per cell, stays in its cells' TOML); then the files.
fn part(prov: &Provenance, cells: &[CellSpec], inputs: &[&Input], used: Vec<Vec<usize>>) -> ScenarioPart {
    let versions = |key: &str| inputs.iter().filter(|i| i.key == key).count();
    let shared = |i: &Input| i.key.contains('.') && versions(&i.key) == 1;
    let toml_of = |i: &Input| {
        // `cards.thug` as a `[cards.thug]` table, `attack` as `[attack]`; B's section of a paired
        // comparison (`attack (B)`) as `[attack]` under a comment saying whose it is.
        let (path, whose) = i.key.split_once(" (").map_or((i.key.as_str(), ""), |(p, w)| (p, w));
        let mut t = i.values.clone();
        for part in path.rsplit('.') {
            let mut outer = toml::Table::new();
            outer.insert(part.to_string(), toml::Value::Table(t));
            t = outer;
        }
        let from = match &i.file {
            Some(f) if *f == prov.config => "from the config".to_string(),
            Some(f) => format!("from {f}"),
            None => "built into skirmish-odds".to_string(),
        };
        let whose = whose.strip_suffix(')').map(|w| format!(", loadout {w}")).unwrap_or_default();
        format!("# {from}{whose}\n{}", toml::to_string(&t).unwrap_or_default())
    };
    // An entry in words: its `name`, else its key.
    let words = |i: &Input| match i.values.get("name").and_then(toml::Value::as_str) {
        Some(n) => n.to_string(),
        None => i.key.split_once('.').map_or(i.key.as_str(), |(_, k)| k).to_string(),
    };
    let mut groups: Vec<CellsUsed> = Vec::new();
    for (c, k) in cells.iter().zip(&used) {
        let sections: Vec<String> = k.iter().filter(|&&i| !shared(inputs[i])).map(|&i| toml_of(inputs[i])).collect();
        let entries: Vec<String> = k.iter().filter(|&&i| shared(inputs[i])).map(|&i| words(inputs[i])).collect();
        let toml = sections.join("\n");
        match groups.iter_mut().find(|g| g.toml == toml && g.entries == entries) {
            Some(g) => g.labels.push(c.label.clone()),
            None => groups.push(CellsUsed { labels: vec![c.label.clone()], toml, entries }),
        }
    }
    ScenarioPart {
        config: prov.config.clone(),
        generator: generator(),
        command_line: overrides_words(&prov.overrides),
        cells: groups,
        entries: inputs.iter().filter(|i| shared(i)).map(|i| toml_of(i)).collect::<Vec<_>>().join("\n"),
        sources: prov.sources.iter().map(|f| (f.path.clone(), f.text.clone())).collect(),
    }
}

/// The note of a re-run of another version's report.
fn version_note(other: &str) -> Note {
    Note::rerun(format!(
        "re-run of a report written by {other}, with {}: numbers may differ where the rules changed between the versions",
        generator()
    ))
}

/// The command line's overrides as flags (`--trials 20000 --exact`), empty if none.
fn overrides_words(o: &Overrides) -> String {
    let mut w = Vec::new();
    if let Some(s) = o.seed {
        w.push(format!("--seed {s}"));
    }
    if let Some(t) = o.trials {
        w.push(format!("--trials {t}"));
    }
    if let Some(p) = o.precision {
        w.push(format!("--precision {p}"));
    }
    if let Some(m) = o.max_trials {
        w.push(format!("--max-trials {m}"));
    }
    match o.exact {
        Some(true) => w.push("--exact".into()),
        Some(false) => w.push("--sample".into()),
        None => {}
    }
    for s in &o.sets {
        w.push(format!("--set {s}"));
    }
    w.join(" ")
}

/// What `run results.json` reads back.
#[derive(Deserialize)]
struct RecordIn {
    generator: String,
    config: String,
    sources: Vec<EmbeddedFile>,
    overrides: Overrides,
    digest: String,
}

#[derive(Deserialize)]
struct ReportIn {
    schema: Option<String>,
    resolved_scenario: Option<RecordIn>,
}

/// Whether `path` names a report to re-run rather than a config (a `.json` file).
pub fn is_report(path: &Path) -> bool {
    path.extension().is_some_and(|e| e.eq_ignore_ascii_case("json"))
}

/// An input error about the report at `path`.
fn at(path: &Path, msg: impl Into<String>) -> InputError {
    let mut e = InputError::msg(msg);
    e.file = Some(path.to_path_buf());
    e
}

/// What every refusal tells the user to do.
const REDO: &str = "run the scenario from its config instead (`skirmish-odds run CONFIG.toml`)";

/// Read the scenario a report at `path` carries: its provenance, with `cli`'s overrides on top.
/// Bounded ([`MAX_REPORT_BYTES`]); a report without the record (an older version's), or whose
/// copies do not match their digest, is an input error naming the file.
pub fn read(path: &Path, cli: &Overrides) -> Result<Provenance, InputError> {
    use std::io::Read;
    let meta = std::fs::metadata(path).map_err(|e| at(path, format!("cannot read report: {e}")))?;
    if !meta.is_file() {
        return Err(at(path, "cannot read report: not a regular file"));
    }
    let too_big = |size: u64| {
        at(
            path,
            format!(
                "this file is {} MiB, larger than any skirmish-odds results.json (at most {} MiB): is it one?",
                size.div_ceil(1 << 20),
                MAX_REPORT_BYTES >> 20
            ),
        )
    };
    if meta.len() > MAX_REPORT_BYTES {
        return Err(too_big(meta.len()));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_REPORT_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| at(path, format!("cannot read report: {e}")))?;
    if bytes.len() as u64 > MAX_REPORT_BYTES {
        return Err(too_big(bytes.len() as u64));
    }
    let text = String::from_utf8(bytes).map_err(|_| at(path, "not a skirmish-odds results.json: not UTF-8 text"))?;
    let report: ReportIn = serde_json::from_str(&text).map_err(|e| {
        let msg = e.to_string();
        let msg = msg.rsplit_once(" at line ").map_or(msg.as_str(), |(m, _)| m);
        let mut err = at(
            path,
            format!(
                "not a skirmish-odds results.json with a scenario: {}; {REDO}",
                crate::config::source::user_words(msg)
            ),
        );
        err.line = Some(e.line());
        err.column = Some(e.column());
        err
    })?;
    if report.schema.as_deref() != Some(crate::report::model::SCHEMA) {
        return Err(at(
            path,
            format!("not a skirmish-odds results.json (no `schema` \"{}\")", crate::report::model::SCHEMA),
        )
        .field("schema", format!("`{}`", crate::report::model::SCHEMA)));
    }
    let Some(r) = report.resolved_scenario else {
        return Err(at(
            path,
            format!(
                "this report was written by an older skirmish-odds, which did not record its scenario (no `resolved_scenario`): it cannot be re-run; {REDO}"
            ),
        ));
    };
    let prov = Provenance {
        config: r.config,
        sources: r.sources,
        overrides: r.overrides,
        other_version: (r.generator != generator()).then_some(r.generator),
    };
    if prov.sources.is_empty() || prov.digest() != r.digest {
        return Err(at(
            path,
            format!(
                "the scenario this report carries does not match the digest it was written with: the file was edited or damaged; {REDO}"
            ),
        )
        .field("resolved_scenario", "the block as skirmish-odds wrote it"));
    }
    let total: usize = prov.sources.iter().map(|f| f.text.len()).sum();
    if total > crate::config::source::MAX_TOTAL_BYTES {
        return Err(at(path, format!("the files this report carries hold {total} bytes, more than a scenario may")));
    }
    Ok(Provenance { overrides: prov.overrides.clone().then(cli), ..prov })
}

impl Provenance {
    /// The files to load instead of the disk.
    pub fn embedded(&self) -> Vec<Source> {
        self.sources.iter().map(EmbeddedFile::source).collect()
    }

    /// The config path the loader reads (from the copies).
    pub fn config_path(&self) -> PathBuf {
        PathBuf::from(&self.config)
    }

    /// The note of a re-run of another version's report (in the report, and on stderr).
    pub fn version_note(&self) -> Option<Note> {
        self.other_version.as_deref().map(version_note)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_of_a_rerun_go_on_top_of_the_recorded_ones() {
        let recorded =
            Overrides { trials: Some(2000), seed: Some(4), sets: vec!["a.b=1".into()], ..Overrides::default() };
        let cli = Overrides { precision: Some(0.01), sets: vec!["a.b=2".into()], ..Overrides::default() };
        let o = recorded.clone().then(&cli);
        // A stopping rule replaces the recorded one whole; the seed stays; --set comes after.
        assert_eq!((o.trials, o.precision, o.seed), (None, Some(0.01), Some(4)));
        assert_eq!(o.sets, ["a.b=1", "a.b=2"]);
        let o = recorded.clone().then(&Overrides { exact: Some(false), ..Overrides::default() });
        assert_eq!((o.trials, o.exact), (Some(2000), Some(false)));
        assert_eq!(recorded.clone().then(&Overrides::default()), recorded);
    }

    #[test]
    fn the_digest_covers_the_files_and_overrides_not_the_version() {
        let p = Provenance {
            config: "a.toml".into(),
            sources: vec![EmbeddedFile { path: "a.toml".into(), text: "x = 1\n".into() }],
            overrides: Overrides::default(),
            other_version: None,
        };
        let d = p.digest();
        let mut q = p.clone();
        q.sources[0].text.push(' ');
        assert_ne!(q.digest(), d);
        let mut q = p.clone();
        q.overrides.sets.push("x=2".into());
        assert_ne!(q.digest(), d);
        let q = Provenance { other_version: Some("skirmish-odds 0.0.1".into()), ..p.clone() };
        assert_eq!(q.digest(), d);
        assert!(is_report(Path::new("r/results.JSON")) && !is_report(Path::new("a.toml")));
    }
}
