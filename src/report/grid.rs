//! What the grids — `compare`, `sweep`, two-dimensional `sweep` — share (their own reports are
//! `compare.rs` and `sweep.rs`): the answer of a grid in one sentence, in the
//! words of the run's system, from its measure ([`GridMeasure`]: the config's `measure`, or the
//! outcome that decides games in that system): which loadout does most against each target and
//! by how much; where a sweep crosses the thresholds that matter; a grid's best cell and how much
//! of it reaches them. Also the measure's words and values the grids' tables and charts lead with.

use crate::analysis::RunResult;
use crate::analysis::cell::Cell;
use crate::analysis::scenario::GridMeasure;
use crate::report::charts::Est;
use crate::report::model::Report;
use crate::report::text;
use crate::stats;
use crate::system::RuleSystem;
use crate::text::{mean_ci, pct_ci};

/// The measure of cell `c` with its 95 % interval (zero width when exact); `None` if the cell
/// does not report it.
pub(crate) fn value(report: &Report, c: usize, m: &GridMeasure) -> Option<Est> {
    let cell = report.cells.get(c)?;
    if m.event {
        cell.events.get(&m.name).map(Est::from)
    } else {
        let z = stats::z_value();
        cell.metrics.get(&m.name).map(|r| Est { v: r.mean, lo: r.mean - z * r.stderr, hi: r.mean + z * r.stderr })
    }
}

/// Cell `c`'s measure as a table cell: a probability with its interval, or a mean ± its half-width.
pub(crate) fn cell_text(report: &Report, c: usize, m: &GridMeasure) -> String {
    let Some(e) = value(report, c, m) else { return "–".into() };
    if m.event {
        pct_ci(e.v, e.lo, e.hi)
    } else {
        let z = stats::z_value();
        mean_ci(e.v, (e.hi - e.v) / z, z)
    }
}

/// The measure as a column header or chart axis: "P(K.O. or casualty)", "mean damage (wounds)".
pub(crate) fn head(report: &Report, system: &dyn RuleSystem, m: &GridMeasure) -> String {
    if m.event {
        text::short(report, system, &m.name)
    } else {
        format!("mean {}", text::metric(report, system, &m.name))
    }
}

/// The measure as a grid's title: "P(K.O. or casualty)", "Expected damage (wounds)".
pub(crate) fn title(report: &Report, system: &dyn RuleSystem, m: &GridMeasure) -> String {
    if m.event {
        text::short(report, system, &m.name)
    } else {
        format!("Expected {}", text::metric(report, system, &m.name))
    }
}

/// The measure in a sentence: "out of action caused (K.O. or casualty)", "mean damage (wounds)".
pub(crate) fn words(report: &Report, system: &dyn RuleSystem, m: &GridMeasure) -> String {
    if m.event {
        text::event(report, system, &m.name)
    } else {
        format!("mean {}", text::metric(report, system, &m.name))
    }
}

/// Where the measure came from, under a grid it leads: the system's default (the outcome that
/// decides its games) or the config's `measure`, and how to choose another.
pub(crate) fn note(report: &Report, system: &dyn RuleSystem, m: &GridMeasure, section: &str, unit: &str) -> String {
    if m.default {
        format!(
            "Measure: {} per {unit}, the default for this game (the outcome that decides it); `measure = \"…\"` in [{section}] names another event or metric.",
            words(report, system, m)
        )
    } else {
        format!("Measure: {} per {unit} (`measure = \"{}\"` in [{section}]).", words(report, system, m), m.name)
    }
}

/// The headline metrics a grid shows as means beside its measure (the damage markers: hits, ★
/// and ♦ of a Batman attack), at most three, not the measure itself, not codes.
pub(crate) fn markers(trial: &Cell, m: &GridMeasure) -> Vec<&'static str> {
    trial.headline_metrics().iter().copied().filter(|n| *n != m.name && !trial.is_category(n)).take(3).collect()
}

/// `e` in a sentence: a probability with its interval, or a mean ± its half-width (exact: alone).
pub(crate) fn say(e: Est, m: &GridMeasure) -> String {
    if m.event {
        pct_ci(e.v, e.lo, e.hi)
    } else if e.lo == e.hi {
        format!("{:.3}", e.v)
    } else {
        format!("{:.3} ± {:.3}", e.v, e.hi - e.v)
    }
}

/// How the numbers were obtained, closing a sentence: " (exact)" or " (20,000 trials, 95 % intervals)".
pub(crate) fn basis(report: &Report) -> String {
    format!(" ({})", report.basis())
}

/// Whether cells `a` and `b` gave the very same results (every event's probability, every
/// metric's distribution): an exact grid whose swept value cannot change the numbers.
pub(crate) fn same_results(report: &Report, a: usize, b: usize) -> bool {
    let (a, b) = (&report.cells[a], &report.cells[b]);
    a.events == b.events && a.metrics == b.metrics
}

/// Which axes of a two-dimensional sweep change no number (cell `xi * ny + yi`): (x, y).
pub(crate) fn idle_axes(report: &Report, nx: usize, ny: usize) -> (bool, bool) {
    let x = nx > 1 && (0..ny).all(|yi| (1..nx).all(|xi| same_results(report, yi, xi * ny + yi)));
    let y = ny > 1 && (0..nx).all(|xi| (1..ny).all(|yi| same_results(report, xi * ny, xi * ny + yi)));
    (x, y)
}

/// Whether a one-dimensional sweep's values all gave the same results.
pub(crate) fn idle_sweep(report: &Report) -> bool {
    report.cells.len() > 1 && (1..report.cells.len()).all(|c| same_results(report, 0, c))
}

/// The note under a sweep's lead table when a swept parameter changes no number; none when the
/// scenario's notes already say it (its cells were the same trial, found when the config was read).
/// `title` is the field in words, as the notes name it.
pub(crate) fn idle_note(run: &RunResult, title: &str) -> Option<String> {
    (!run.scenario.notes.iter().any(|n| n.is_idle_sweep(title))).then(|| {
        format!("{} changes no number in this scenario: every value of it gives the same results.", capital(title))
    })
}

/// The indices of the highest and the lowest value (the first of equals).
pub(crate) fn extremes(vs: &[Est]) -> (usize, usize) {
    let mut hi = 0;
    let mut lo = 0;
    for (i, e) in vs.iter().enumerate() {
        if e.v > vs[hi].v {
            hi = i;
        }
        if e.v < vs[lo].v {
            lo = i;
        }
    }
    (hi, lo)
}

/// `s` with its first letter upper-case, to open a sentence.
pub(crate) fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// The probability of event `name` in cell `cell`, with its interval.
pub(crate) fn est_event(report: &Report, cell: usize, name: &str) -> Est {
    Est::from(report.cells[cell].events.get(name).expect("event exists"))
}

/// The mean of metric `name` in cell `cell`, with its 95 % interval.
pub(crate) fn est_mean(report: &Report, cell: usize, name: &str) -> Est {
    let z = stats::z_value();
    let m = report.cells[cell].metrics.get(name).expect("metric exists");
    Est { v: m.mean, lo: m.mean - z * m.stderr, hi: m.mean + z * m.stderr }
}
