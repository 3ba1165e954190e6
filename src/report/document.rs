//! One run's report as every view shows it: the [`Document`] (the answer, tables, charts and
//! readings in the run's system's words, and the scenario record), built once from the model,
//! and what each view says about how its numbers were obtained. Markdown, HTML and the terminal
//! only render it. A file of its own below the views, so the HTML writer and the report's
//! folder writer (`mod.rs`) both use it without using each other.

use super::charts::{self, Chart};
use super::layout_charts::chart_specs;
use super::model::Report;
use super::table::Table;
use super::tables;
use crate::analysis::RunResult;
use crate::error::Error;
use crate::system::RuleSystem;

/// What a run's report shows beyond the model's numbers, built once per run in its system's
/// words; every writer (Markdown, HTML, terminal) only renders it.
#[derive(Clone, Debug, PartialEq)]
pub struct Document {
    /// What the report is about, in words: the game and the kind of question ("Batman
    /// Miniature Game (2019): an attack"), under the scenario's name in every view's heading
    /// (`ruleset` and `kind` stay identifiers in results.json).
    pub about: String,
    /// The answer in one sentence ([`crate::report::answer`]): the first line of the terminal summary and the
    /// first paragraph of `summary.md` and `index.html`, as `answer` is in `results.json`.
    pub answer: String,
    /// Every table, walls of zeros folded.
    pub tables: Vec<Table>,
    /// Every chart as (file stem, chart).
    pub charts: Vec<(String, Chart)>,
    /// The readings in force in the system's words, as every view's "Readings in force" lists
    /// them: (what the switch decides, the value in force) — "a natural 6 always blocks", "no".
    /// results.json keeps the switches' names and values for scripts.
    pub readings: Vec<(String, String)>,
    /// What the system adds to "how to read these numbers" (Markdown).
    pub reading_note: Option<&'static str>,
    /// The unit of cost the system prices fighters in ("Reputation point"), for ratio intervals.
    pub cost_unit: Option<&'static str>,
    /// The scenario as run and how to run it again (`crate::rerun` adds it to every report the
    /// program writes): rendered last in summary.md and index.html, as one line on the terminal.
    pub scenario: Option<ScenarioPart>,
}

/// The "Scenario" part of a report: what each cell used, with its numbers, the files as read,
/// and the command that re-runs it from `results.json`.
#[derive(Clone, Debug, PartialEq)]
pub struct ScenarioPart {
    /// The config path as typed on the first run's command line.
    pub config: String,
    /// The program and version that ran it.
    pub generator: String,
    /// The command line's overrides as flags (`--trials 20000`), empty if none.
    pub command_line: String,
    /// The cells, grouped by what they used.
    pub cells: Vec<CellsUsed>,
    /// The library entries the cells name (cards, weapons, models, profiles, fighters), each once,
    /// as TOML under a comment naming its file; empty if none.
    pub entries: String,
    /// The config and its includes as read: (path, text).
    pub sources: Vec<(String, String)>,
}

/// Cells that used the same sections and library entries.
#[derive(Clone, Debug, PartialEq)]
pub struct CellsUsed {
    /// The cells' labels.
    pub labels: Vec<String>,
    /// Their sections as TOML (a comparison's loadout written in), under comments naming the
    /// file, with any library entry the analysis varies between cells (a swept card).
    pub toml: String,
    /// The library entries they name, in words (each entry's `name`), shown in [`ScenarioPart::entries`].
    pub entries: Vec<String>,
}

/// The command that re-runs a report from its folder.
pub const RERUN: &str = "skirmish-odds run results.json";

impl Document {
    /// The document of a finished run, in `system`'s words.
    pub fn build(run: &RunResult, report: &Report, system: &dyn RuleSystem) -> Document {
        let kind = run.scenario.kind.name();
        let about = match crate::system::kind_title(system, kind) {
            Some(t) => format!("{}: {t}", system.title()),
            None => system.title().to_string(),
        };
        Document {
            about,
            answer: report.answer.clone(),
            tables: tables::tables(run, report, system),
            charts: chart_specs(run, report, system),
            readings: reading_words(&run.scenario.readings, system),
            reading_note: system.how_to_read(),
            cost_unit: system.duel().map(|d| d.costs[0].unit),
            scenario: None,
        }
    }

    /// Each chart drawn as SVG text in memory, as (file stem, title, SVG): what the HTML
    /// writers inline. The local page has no report folder to read `<stem>.svg` back from, so
    /// it draws them here, with the same drawing as the files ([`charts::svg`]).
    pub fn svgs(&self) -> Result<Vec<(String, String, String)>, Error> {
        let mut svgs = Vec::new();
        for (stem, chart) in &self.charts {
            svgs.push((stem.clone(), chart.title().to_string(), charts::svg(chart)?));
        }
        Ok(svgs)
    }
}

/// The readings in force in `system`'s words (its `readings_schema!` titles and value words). A
/// fixed value a system records beside its readings without a switch (the threat range's
/// `cm_per_inch`) takes its title from the system's vocabulary of fields. A name declared in
/// neither keeps its name, which the bundled-report test catches (`tests/it/report_words.rs`).
pub(crate) fn reading_words(readings: &[(&'static str, String)], system: &dyn RuleSystem) -> Vec<(String, String)> {
    readings
        .iter()
        .map(|(name, value)| match system.reading_docs().iter().find(|d| d.name == *name) {
            Some(d) => (d.title.to_string(), d.value_words(value).unwrap_or(value).to_string()),
            None => (system.vocabulary().field(name).map_or(*name, |t| t.title).to_string(), value.clone()),
        })
        .collect()
}

/// How the report's probabilities were obtained, in one sentence for its readers.
pub fn how_to_read(report: &Report) -> &'static str {
    if report.all_exact() {
        "Every probability here is exact: every outcome of the dice was enumerated, nothing was \
         sampled, so there are no intervals (the fractions are in `results.json` and `results.csv`)."
    } else if report.exact_cells > 0 {
        "Cells marked exact were enumerated (no interval); every other probability is a Monte Carlo \
         estimate with its 95 % Wilson score interval, and means are given ± 1.96 standard errors."
    } else {
        "Every probability is a Monte Carlo estimate with its 95 % Wilson score interval; means are \
         given ± 1.96 standard errors."
    }
}
