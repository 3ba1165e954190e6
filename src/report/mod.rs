//! One report model → Markdown, CSV, JSON, charts, a self-contained HTML page and the terminal summary.
//! The numbers are the model ([`model::Report`], which is also `results.json`); the words,
//! tables and charts around them are one [`Document`], built once per run in the run's system's
//! words (the caller hands the writers that system: they never look one up). Writers only render
//! the two.
//!
//! A report folder is written to a hidden staging folder and swapped into place only when
//! every file is complete ([`crate::output`]), so a failure or an interrupt never leaves a
//! half-written report behind and never touches files skirmish-odds did not write.

pub mod answer;
pub mod answer_grid;
pub mod charts;
pub mod csv_out;
pub(crate) mod duels;
pub mod html;
pub mod json;
pub mod model;
pub mod ordered;
pub mod table;
pub mod tables;
pub mod text;
pub mod titles;

use crate::analysis::RunResult;
use crate::analysis::scenario::{GridMeasure, Layout};
use crate::error::Error;
use crate::interrupt::Interrupted;
use crate::output::manifest::FileName;
use crate::output::{self, ReportDir};
use crate::safe;
use crate::stats;
use crate::system::RuleSystem;
use charts::{Chart, Est};
use model::{ExactDuel, Report};
use std::path::PathBuf;
use table::Table;

/// The report model of a finished run, with what its rule system adds
/// ([`RuleSystem::report_extras`]). `Err` when a signal stopped the one costly step (a duel
/// solved exactly).
pub fn try_build(run: &RunResult, system: &dyn RuleSystem) -> Result<Report, Interrupted> {
    let mut report = Report::new(run, system.report_extras(run)?);
    // The answer is worded from the finished figures, so it is set last.
    let (answer, key) = answer::answer(run, &report, system);
    report.answer = answer;
    report.key_figure = key;
    report.titles = titles_of(&report, system, &reading_words(&run.scenario.readings, system));
    Ok(report)
}

/// [`try_build`] for callers that catch no signals (tests, benchmarks).
pub fn build(run: &RunResult, system: &dyn RuleSystem) -> Report {
    try_build(run, system).expect("no signal handler is installed outside the binary")
}

/// What a run's report shows beyond the model's numbers, built once per run in its system's
/// words; every writer (Markdown, HTML, terminal) only renders it.
#[derive(Clone, Debug, PartialEq)]
pub struct Document {
    /// What the report is about, in words: the game and the kind of question ("Batman
    /// Miniature Game (2019): an attack"), under the scenario's name in every view's heading
    /// (`ruleset` and `kind` stay identifiers in results.json).
    pub about: String,
    /// The answer in one sentence ([`answer`]): the first line of the terminal summary and the
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

/// The words for every event, metric and reading `report` names (`titles` in results.json),
/// from `system`'s vocabulary; the readings' words are the Document's.
fn titles_of(report: &Report, system: &dyn RuleSystem, readings: &[(String, String)]) -> titles::Titles {
    use titles::{EventTitle, ReadingTitle};
    let mut t = titles::Titles::default();
    for c in &report.cells {
        for (name, _) in &c.events.0 {
            if t.events.get(name).is_none() {
                let (title, short) = (text::event_title(system, name), text::event_short(system, name));
                t.events.0.push((name.clone(), EventTitle { title, short }));
            }
        }
        for (name, _) in &c.metrics.0 {
            if t.metrics.get(name).is_none() {
                t.metrics.0.push((name.clone(), text::metric_title(system, name)));
            }
        }
    }
    for ((name, _), (title, value)) in report.readings.0.iter().zip(readings) {
        t.readings.0.push((name.clone(), ReadingTitle { title: title.clone(), value: value.clone() }));
    }
    t
}

/// The readings in force in `system`'s words (its `readings_schema!` titles and value words). A
/// fixed value a system records beside its readings without a switch (the threat range's
/// `cm_per_inch`) takes its title from the system's vocabulary of fields. A name declared in
/// neither keeps its name, which the bundled-report test catches (`tests/it/report_words.rs`).
fn reading_words(readings: &[(&'static str, String)], system: &dyn RuleSystem) -> Vec<(String, String)> {
    readings
        .iter()
        .map(|(name, value)| match system.reading_docs().iter().find(|d| d.name == *name) {
            Some(d) => (d.title.to_string(), d.value_words(value).unwrap_or(value).to_string()),
            None => (system.vocabulary().field(name).map_or(*name, |t| t.title).to_string(), value.clone()),
        })
        .collect()
}

/// Charts for this run as (file stem, chart), in `system`'s words.
pub fn chart_specs(run: &RunResult, report: &Report, system: &dyn RuleSystem) -> Vec<(String, Chart)> {
    let mut out = match &run.scenario.layout {
        Layout::Single => single_charts(run, report, system),
        Layout::Compare { loadouts, targets, measure } => {
            compare_charts(run, report, system, (loadouts, targets), measure)
        }
        Layout::Sweep { parameter, values, measure } => {
            sweep_charts(run, report, system, (&parameter.title, values), measure)
        }
        Layout::Sweep2 { x, xs, y, ys, measure } => {
            sweep2_charts(run, report, system, (&x.title, xs), (&y.title, ys), measure)
        }
        Layout::Duel { .. } | Layout::Balance(_) | Layout::Paired { .. } => duels::charts(run, report, system),
        Layout::Own(_) => system.report_charts(run, report),
    };
    // A chart of a constant (a ★-only weapon's ♦ distribution: one bar at 0, 100 %) says
    // nothing the tables do not; leave it out.
    out.retain(|(_, c)| !c.is_constant());
    out
}

/// The probability of event `name` in cell `cell`, with its interval.
fn est_event(report: &Report, cell: usize, name: &str) -> Est {
    Est::from(report.cells[cell].events.get(name).expect("event exists"))
}

/// The mean of metric `name` in cell `cell`, with its 95 % interval.
fn est_mean(report: &Report, cell: usize, name: &str) -> Est {
    let z = stats::z_value();
    let m = report.cells[cell].metrics.get(name).expect("metric exists");
    Est { v: m.mean, lo: m.mean - z * m.stderr, hi: m.mean + z * m.stderr }
}

/// One cell: the distribution of each of its first three headline metrics that varies, or its
/// event probabilities when it has no headline metric.
fn single_charts(run: &RunResult, report: &Report, system: &dyn RuleSystem) -> Vec<(String, Chart)> {
    let z = stats::z_value();
    let t = &run.output.tallies;
    let sc = &run.scenario;
    let title_tail = report.basis();
    let mut out = Vec::new();
    let names: Vec<&str> = sc.cells[0].trial.headline_metrics().iter().take(3).copied().collect();
    if names.is_empty() {
        // Nothing to draw as a distribution: chart the event probabilities instead.
        let events = &report.cells[0].events.0;
        out.push((
            "events".into(),
            Chart::Grouped {
                title: format!("{}: probabilities ({title_tail})", sc.name),
                x_label: "event".into(),
                y_label: "probability".into(),
                groups: events.iter().map(|(n, _)| text::event_title(system, n)).collect(),
                series: vec![("probability".into(), events.iter().map(|(_, e)| Est::from(e)).collect())],
                percent: true,
                highlight: None,
            },
        ));
    }
    let mut dists = Vec::new();
    for &name in &names {
        let i = report.cells[0].metrics.0.iter().position(|(n, _)| n == name).expect("metric exists");
        let trial = &sc.cells[0].trial;
        // Read the way the question runs: P(≤ k) of a roll-under check (its threshold marked),
        // P(dead within k) of a sequence of attacks.
        let mut chart = charts::distribution_read(
            &t[0],
            i,
            &format!("{}: {} ({title_tail})", sc.name, text::metric_title(system, name)),
            &text::metric_title(system, name),
            z,
            trial.tail(name),
            trial.passes_from(name),
        )
        .with_line_name(trial.tail_name(name));
        let values = 0..t[0].trimmed(i).len();
        if values.clone().any(|v| trial.value_label(name, v).is_some()) {
            let names: Vec<String> =
                values.map(|v| trial.value_label(name, v).unwrap_or_else(|| v.to_string())).collect();
            chart = chart.with_value_names(names);
        }
        dists.push((name.to_string(), chart));
    }
    // A metric that is a fixed number (Mordheim's move, run and charge) gets no chart: a bar
    // of a constant answers nothing the Means table does not say in figures (and
    // `chart_specs` drops its one-bar distribution).
    out.extend(dists);
    out
}

/// Loadouts × targets, one series per loadout: the measure first (what the grid ranks by), then
/// the expected damage markers (the headline metrics' means).
fn compare_charts(
    run: &RunResult,
    report: &Report,
    system: &dyn RuleSystem,
    (loadouts, targets): (&[String], &[String]),
    m: &GridMeasure,
) -> Vec<(String, Chart)> {
    let sc = &run.scenario;
    let title_tail = report.basis();
    let mut out = Vec::new();
    let series = |f: &dyn Fn(usize) -> Est| -> Vec<(String, Vec<Est>)> {
        loadouts
            .iter()
            .enumerate()
            .map(|(li, l)| (l.clone(), (0..targets.len()).map(|ti| f(li * targets.len() + ti)).collect()))
            .collect()
    };
    let what = sc.cells[0].trial.unit();
    let head = answer_grid::head(system, m);
    out.push((
        format!("compare-{}", m.name),
        Chart::Grouped {
            title: format!("{}: {head} per {what} ({title_tail})", sc.name),
            x_label: "target".into(),
            y_label: head.clone(),
            groups: targets.to_vec(),
            series: series(&|c| answer_grid::value(report, c, m).unwrap_or(Est::ZERO)),
            percent: m.event,
            highlight: None,
        },
    ));
    for name in answer_grid::markers(&sc.cells[0].trial, m) {
        let title = text::metric_title(system, name);
        out.push((
            format!("compare-{name}"),
            Chart::Grouped {
                title: format!("{}: expected {title} per {what} ({title_tail})", sc.name),
                x_label: "target".into(),
                y_label: format!("expected {title}"),
                groups: targets.to_vec(),
                series: series(&|c| est_mean(report, c, name)),
                percent: false,
                highlight: None,
            },
        ));
    }
    out
}

/// One swept value, as lines: the chart of the measure's kind first (probabilities for an
/// event, means for a metric), the measure its first series.
fn sweep_charts(
    run: &RunResult,
    report: &Report,
    system: &dyn RuleSystem,
    (parameter, values): (&str, &[i64]),
    m: &GridMeasure,
) -> Vec<(String, Chart)> {
    let sc = &run.scenario;
    let title_tail = report.basis();
    // A yes/no field is drawn at 0 and 1: the axis says which is which.
    let x_label =
        if answer_grid::yes_no_axis(run, 0) { format!("{parameter} (0 = no, 1 = yes)") } else { parameter.to_string() };
    let n = sc.cells.len();
    let trial = &sc.cells[0].trial;
    let mut events: Vec<&str> = trial.key_events().into_iter().filter(|e| *e != m.name).collect();
    let mut metrics: Vec<&str> = trial.headline_metrics().iter().copied().filter(|e| *e != m.name).take(3).collect();
    if m.event {
        events.insert(0, &m.name);
    } else {
        metrics.insert(0, &m.name);
        metrics.truncate(3);
    }
    let probabilities = (
        "sweep-events".to_string(),
        Chart::Lines {
            title: format!("{}: probabilities by {parameter} ({title_tail})", sc.name),
            x_label: x_label.clone(),
            y_label: "probability".into(),
            xs: values.to_vec(),
            series: events
                .iter()
                .map(|e| (text::event_short(system, e), (0..n).map(|c| est_event(report, c, e)).collect()))
                .collect(),
            percent: true,
        },
    );
    let means = (
        "sweep-means".to_string(),
        Chart::Lines {
            title: format!("{}: means by {parameter} ({title_tail})", sc.name),
            x_label: x_label.clone(),
            y_label: "mean".into(),
            xs: values.to_vec(),
            series: metrics
                .iter()
                .map(|m| {
                    (
                        format!("mean {}", text::metric_title(system, m)),
                        (0..n).map(|c| est_mean(report, c, m)).collect(),
                    )
                })
                .collect(),
            percent: false,
        },
    );
    if m.event { vec![probabilities, means] } else { vec![means, probabilities] }
}

/// Two swept values: heat maps of the measure and of the first damage marker's mean.
fn sweep2_charts(
    run: &RunResult,
    report: &Report,
    system: &dyn RuleSystem,
    (x, xs): (&str, &[i64]),
    (y, ys): (&str, &[i64]),
    m: &GridMeasure,
) -> Vec<(String, Chart)> {
    let sc = &run.scenario;
    let title_tail = report.basis();
    let grid = |f: &dyn Fn(usize) -> Est| -> Vec<Vec<Option<Est>>> {
        ys.iter().enumerate().map(|(yi, _)| (0..xs.len()).map(|xi| Some(f(xi * ys.len() + yi))).collect()).collect()
    };
    let x_labels = answer_grid::axis_words(run, xs, 0, ys.len());
    let y_labels = answer_grid::axis_words(run, ys, 1, 1);
    let heat = |name: &str, what: String, percent: bool, f: &dyn Fn(usize) -> Est| {
        (
            format!("sweep-{name}"),
            Chart::Heatmap {
                title: format!("{}: {what} by {x} and {y}", sc.name),
                x_label: x.to_string(),
                y_label: y.to_string(),
                xs: x_labels.clone(),
                ys: y_labels.clone(),
                values: grid(f),
                percent,
                basis: title_tail.clone(),
                marked: None,
            },
        )
    };
    let mut out = vec![heat(&m.name, answer_grid::head(system, m), m.event, &|c| {
        answer_grid::value(report, c, m).unwrap_or(Est::ZERO)
    })];
    if let Some(name) = answer_grid::markers(&sc.cells[0].trial, m).first().copied() {
        out.push(heat(name, format!("mean {}", text::metric_title(system, name)), false, &|c| {
            est_mean(report, c, name)
        }));
    }
    out
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

/// The Markdown summary.
pub fn markdown(run: &RunResult, report: &Report, doc: &Document) -> String {
    let sc = &run.scenario;
    let st = &report.stopping;
    let mut s = format!("# {} — {}\n\n", safe::md_line(&sc.name), safe::md_line(&doc.about));
    s.push_str(&format!("**{}**\n\n", safe::md_inline(&doc.answer)));
    if let Some(d) = &sc.description {
        s.push_str(&format!("{}\n\n", safe::md_paragraph(d)));
    }
    s.push_str(&format!(
        "- Config: {}\n- Seed: {} (same config + seed ⇒ identical numbers for any thread count)\n- {}\n",
        safe::md_code(&sc.source.display().to_string()),
        report.seed,
        text::method_line(report)
    ));
    match st.target_half_width {
        // An all-exact report has no sampling error: no stopping rule to state.
        _ if report.exact_cells == report.cells.len() => {}
        _ if st.rule == "settle" => s.push_str(&format!(
            "- Stopping rule: sampled until the balance verdict is settled (the fair cost's sampling part within ±{:.0} %, or too small to widen its interval); {} — widest 95 % half-width: ±{:.5}\n",
            crate::analysis::SETTLE_TARGET * 100.0,
            if st.reached { "settled" } else { "**trial cap hit before it settled**" },
            st.worst_half_width
        )),
        Some(target) => s.push_str(&format!(
            "- Stopping rule: precision ±{} (95 %); widest interval half-width reached: ±{:.5} — {}\n",
            target,
            st.worst_half_width,
            if st.reached { "target met" } else { "**trial cap hit before the target was met**" }
        )),
        None => s.push_str(&format!(
            "- Stopping rule: fixed trial count; widest 95 % half-width: ±{:.5}\n",
            st.worst_half_width
        )),
    }
    s.push_str("\n## Setup\n\n");
    for l in &sc.setup {
        s.push_str(&format!("- {}\n", safe::md_line(l)));
    }
    s.push_str("\n## Readings in force\n\nAmbiguities of the source, with the reading used (see `configs/README.md`).\n\n| reading | in force |\n|---|---|\n");
    for (k, v) in &doc.readings {
        s.push_str(&format!("| {} | {} |\n", safe::md_cell(k), safe::md_cell(v)));
    }
    if !sc.notes.is_empty() {
        s.push_str("\n## Notes\n\nWhat these numbers leave out, the readings of the rulebook they rest on, and values of the config that cannot change them.\n\n");
        for n in &sc.notes {
            s.push_str(&format!("- {}\n", safe::md_line(&n.line())));
        }
    }
    s.push_str("\n## Results\n\n");
    for t in &doc.tables {
        s.push_str(&t.markdown());
        s.push('\n');
    }
    if !doc.charts.is_empty() {
        s.push_str("## Charts\n\n");
    }
    for (stem, chart) in &doc.charts {
        let (alt, title) = (safe::md_link_text(chart.title()), safe::md_inline(chart.title()));
        s.push_str(&format!("![{alt}]({stem}.png)\n\n*{title}* ([SVG]({stem}.svg))\n\n"));
    }
    s.push_str("## How to read these numbers\n\n");
    s.push_str(how_to_read(report));
    s.push_str(" `P(≥ k)` is the chance of at least k.");
    if doc.tables.iter().any(|t| t.headers.iter().any(|h| h == "P(≤ k)")) {
        // A roll-under check or a count of attacks reads the lower tail.
        s.push_str(" `P(≤ k)` is the chance of at most k.");
    }
    if let Some(more) = doc.reading_note {
        s.push(' ');
        s.push_str(more);
    }
    s.push('\n');
    if let Some(part) = &doc.scenario {
        s.push_str(&scenario_markdown(part));
    }
    s
}

/// summary.md's last section: what each cell used, the files, and the re-run command.
fn scenario_markdown(part: &ScenarioPart) -> String {
    let mut s = format!(
        "\n## Scenario\n\nThis report carries its scenario: `results.json` holds the config and its included files as they were read. In this folder, `{RERUN}` runs it again to the same numbers, with no config file present.\n\n- Config: {}\n- Program: {}\n",
        safe::md_code(&part.config),
        safe::md_inline(&part.generator)
    );
    if !part.command_line.is_empty() {
        s.push_str(&format!("- Command line: {}\n", safe::md_code(&part.command_line)));
    }
    s.push_str("\n### What each cell used\n\nEach cell's section as it resolved it, as TOML, and the library entries it names (their numbers follow).\n\n");
    for g in &part.cells {
        s.push_str(&format!("**{}**", safe::md_inline(&g.labels.join("; "))));
        if !g.entries.is_empty() {
            s.push_str(&format!(" — uses {}", safe::md_inline(&g.entries.join(", "))));
        }
        s.push_str("\n\n");
        s.push_str(&safe::md_code_block(&g.toml, "toml"));
        s.push('\n');
    }
    if !part.entries.is_empty() {
        s.push_str("### Cards, weapons, models and profiles used\n\n");
        s.push_str(&safe::md_code_block(&part.entries, "toml"));
        s.push('\n');
    }
    s.push_str("### Files\n\n");
    for (path, text) in &part.sources {
        s.push_str(&format!("{}\n\n", safe::md_code(path)));
        s.push_str(&safe::md_code_block(text, "toml"));
        s.push('\n');
    }
    s
}

/// The file [`markdown`] is written to.
pub const SUMMARY: FileName = FileName::Is("summary.md");

/// Every file a report can hold, as its writers declare them (the Markdown summary, CSV, JSON,
/// each chart's PNG and SVG, the page, a system's exact-duel plan): `crate::output` knows a
/// report folder's own files by these alone ([`ReportDir::prepare`]), so it needs no list of
/// names, and a new writer is one more entry here.
pub const FILES: &[FileName] =
    &[SUMMARY, csv_out::FILE, Report::FILE, charts::FILES[0], charts::FILES[1], html::FILE, ExactDuel::PLAN];

/// Write every report file into `dir`'s staging folder and swap it into place (see
/// [`crate::output`]). Returns the files written, under the path as the user typed it.
pub fn write_all(run: &RunResult, report: &Report, doc: &Document, mut dir: ReportDir) -> Result<Vec<PathBuf>, Error> {
    dir.write(SUMMARY.text(), markdown(run, report, doc).as_bytes())?;
    dir.write(csv_out::FILE.text(), csv_out::render(run, report).as_bytes())?;
    dir.write(Report::FILE.text(), report.to_json().as_bytes())?;
    if let Some(x) = &report.exact_duel {
        let (name, csv) = &x.plan_file;
        // Only names of this shape are known as report files when a later run cleans up.
        assert!(ExactDuel::PLAN.matches(name), "a system's plan file {name} ends in {}", ExactDuel::PLAN.text());
        dir.write(name, csv.as_bytes())?;
    }
    let mut svgs = Vec::new();
    for (stem, chart) in &doc.charts {
        output::check_interrupt()?;
        // Chart errors name the file under --out, not the hidden staging folder.
        charts::render(chart, dir.staging(), stem).map_err(|e| match e {
            Error::Chart { path, message } => {
                Error::Chart { path: dir.shown().join(path.file_name().unwrap_or_default()), message }
            }
            Error::Output { path, source } => {
                Error::Output { path: dir.shown().join(path.file_name().unwrap_or_default()), source }
            }
            other => other,
        })?;
        dir.adopt(&format!("{stem}.png"))?;
        let svg = dir.adopt(&format!("{stem}.svg"))?;
        svgs.push((stem.clone(), chart.title().to_string(), String::from_utf8_lossy(&svg).into_owned()));
    }
    dir.write(html::FILE.text(), html::render(run, report, doc, &svgs).as_bytes())?;
    dir.commit(&run.scenario.name)
}

/// The terminal summary printed after a run. Every line that can hold user text (names,
/// setup, notes, the verdict) and every table cell shows hidden controls escaped
/// ([`safe::terminal_line`]): a card name cannot drive the terminal.
pub fn terminal(run: &RunResult, report: &Report, doc: &Document) -> String {
    let sc = &run.scenario;
    let w = TERMINAL_WIDTH;
    // The answer first: a player who reads one line has it.
    let mut s = crate::text::wrap(&safe::terminal_line(&doc.answer), w, "", "");
    s.push('\n');
    s.push_str(&crate::text::wrap(
        &format!(
            "{} — {} — seed {}, {}",
            safe::terminal_line(&sc.name),
            doc.about,
            report.seed,
            text::method_short(report)
        ),
        w,
        "",
        "  ",
    ));
    for l in &sc.setup {
        s.push_str(&crate::text::wrap(&safe::terminal_line(l), w, "  ", "    "));
    }
    let readings = doc.readings.iter().map(|(k, v)| format!("{k}: {v}")).collect::<Vec<_>>().join("; ");
    s.push_str(&crate::text::wrap(&safe::terminal_line(&format!("Readings: {readings}")), w, "  ", "    "));
    s.push('\n');
    if !sc.notes.is_empty() {
        for n in &sc.notes {
            s.push_str(&crate::text::wrap(&safe::terminal_line(&n.line()), w, "  ", "    "));
        }
        s.push('\n');
    }
    for t in doc.tables.iter().filter(|t| t.terminal) {
        s.push_str(&t.plain_fit(w));
        s.push('\n');
    }
    if let (Some(target), false) = (report.stopping.target_half_width, report.stopping.reached) {
        s.push_str(&crate::text::wrap(
            &format!(
                "warning: precision ±{target} not reached within the trial cap; widest half-width ±{:.5}",
                report.stopping.worst_half_width
            ),
            w,
            "",
            "  ",
        ));
    }
    s
}

/// The terminal summary's width: the full tables are in summary.md and the CSV.
pub const TERMINAL_WIDTH: usize = 100;

#[cfg(test)]
mod tests {
    use super::*;

    /// The writers' declarations cover every file a report has held (the names and shapes the
    /// output layer once listed itself), and no other.
    #[test]
    fn report_files_are_the_writers_declarations() {
        for n in ["summary.md", "results.csv", "results.json", "index.html", "hits.png", "hits.svg", "effort-plan.csv"]
        {
            assert!(output::manifest::is_report_name(n, FILES), "{n}");
        }
        for n in ["notes.md", ".DS_Store", "results.txt", "plan.csv", "summary.txt"] {
            assert!(!output::manifest::is_report_name(n, FILES), "{n}");
        }
    }
}
