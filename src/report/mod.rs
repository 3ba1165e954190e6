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
mod balance;
pub mod charts;
mod compare;
pub mod csv_out;
pub mod document;
mod duel;
pub(crate) mod duels;
mod gang;
mod grid;
pub mod html;
pub mod json;
pub mod layout_charts;
pub mod model;
pub mod ordered;
mod paired;
mod single;
mod sweep;
pub mod table;
pub mod tables;
pub mod text;
pub mod titles;

use crate::analysis::RunResult;
use crate::error::Error;
use crate::interrupt::Interrupted;
use crate::output::manifest::FileName;
use crate::output::{self, ReportDir};
use crate::safe;
use crate::system::RuleSystem;
use model::{ExactDuel, Report};
use std::path::PathBuf;

pub use document::{CellsUsed, Document, RERUN, ScenarioPart, how_to_read};
pub use layout_charts::chart_specs;

/// The report model of a finished run, with what its rule system adds
/// ([`RuleSystem::report_extras`]). `Err` when a signal stopped the one costly step (a duel
/// solved exactly).
pub fn try_build(run: &RunResult, system: &dyn RuleSystem) -> Result<Report, Interrupted> {
    let mut report = Report::new(run, system.report_extras(run)?);
    report.titles.targets = targets(run);
    // The answer is worded from the finished figures, so it is set last.
    let (answer, key) = answer::answer(run, &report, system);
    report.answer = answer;
    report.key_figure = key;
    report.titles = titles::Titles {
        targets: report.titles.targets,
        ..titles_of(&report, system, &document::reading_words(&run.scenario.readings, system))
    };
    Ok(report)
}

/// Whether the run is about one target: from every event and metric name of its cells (a
/// paired comparison's, of its two sides).
fn targets(run: &RunResult) -> crate::vocabulary::Targets {
    let mut names = Vec::new();
    for c in &run.scenario.cells {
        let shapes = match c.trial.downcast::<crate::analysis::paired::Paired>() {
            Some(p) => vec![p.a.shape(), p.b.shape()],
            None => vec![c.trial.shape()],
        };
        for s in shapes {
            names.extend(s.events.iter().copied().chain(s.metrics.iter().map(|(m, _)| *m)));
        }
    }
    crate::words::targets_of(names)
}

/// [`try_build`] for callers that catch no signals (tests, benchmarks).
pub fn build(run: &RunResult, system: &dyn RuleSystem) -> Report {
    try_build(run, system).expect("no signal handler is installed outside the binary")
}

/// The words for every event, metric and reading `report` names (`titles` in results.json),
/// from `system`'s vocabulary; the readings' words are the Document's.
fn titles_of(report: &Report, system: &dyn RuleSystem, readings: &[(String, String)]) -> titles::Titles {
    use titles::{EventTitle, ReadingTitle};
    let mut t = titles::Titles::default();
    for c in &report.cells {
        for (name, _) in &c.events.0 {
            if t.events.get(name).is_none() {
                let (title, short) = (text::event(report, system, name), text::short(report, system, name));
                t.events.0.push((name.clone(), EventTitle { title, short }));
            }
        }
        for (name, _) in &c.metrics.0 {
            if t.metrics.get(name).is_none() {
                t.metrics.0.push((name.clone(), text::metric(report, system, name)));
            }
        }
    }
    for ((name, _), (title, value)) in report.readings.0.iter().zip(readings) {
        t.readings.0.push((name.clone(), ReadingTitle { title: title.clone(), value: value.clone() }));
    }
    t
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
    // A section with nothing to say is left out (a system without `[readings]`, a builder that
    // writes no setup line).
    if !sc.setup.is_empty() {
        s.push_str("\n## Setup\n\n");
        for l in &sc.setup {
            s.push_str(&format!("- {}\n", safe::md_line(l)));
        }
    }
    if !doc.readings.is_empty() {
        s.push_str("\n## Readings in force\n\nAmbiguities of the source, with the reading used (see `configs/README.md`).\n\n| reading | in force |\n|---|---|\n");
        for (k, v) in &doc.readings {
            s.push_str(&format!("| {} | {} |\n", safe::md_cell(k), safe::md_cell(v)));
        }
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
/// ([`safe::terminal_line`]): a card name cannot drive the terminal; and a word longer than
/// [`safe::TERMINAL_WORD`] characters is cut ([`safe::terminal_words`]), so no line is wider
/// than [`TERMINAL_WIDTH`].
pub fn terminal(run: &RunResult, report: &Report, doc: &Document) -> String {
    let sc = &run.scenario;
    let w = TERMINAL_WIDTH;
    // The answer first: a player who reads one line has it.
    let mut s = crate::text::wrap(&safe::terminal_words(&doc.answer), w, "", "");
    s.push('\n');
    s.push_str(&crate::text::wrap(
        &format!(
            "{} — {} — seed {}, {}",
            safe::terminal_words(&sc.name),
            doc.about,
            report.seed,
            text::method_short(report)
        ),
        w,
        "",
        "  ",
    ));
    for l in &sc.setup {
        s.push_str(&crate::text::wrap(&safe::terminal_words(l), w, "  ", "    "));
    }
    if !doc.readings.is_empty() {
        let readings = doc.readings.iter().map(|(k, v)| format!("{k}: {v}")).collect::<Vec<_>>().join("; ");
        s.push_str(&crate::text::wrap(&safe::terminal_words(&format!("Readings: {readings}")), w, "  ", "    "));
    }
    s.push('\n');
    if !sc.notes.is_empty() {
        for n in &sc.notes {
            s.push_str(&crate::text::wrap(&safe::terminal_words(&n.line()), w, "  ", "    "));
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
