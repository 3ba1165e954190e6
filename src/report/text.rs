//! Shared wording of every report: how the numbers were obtained, and what a metric or an event
//! is called (in the words of the report's rule system: [`crate::words`], re-exported here).
//! Number formatting is in [`crate::text`].

pub use crate::words::{event_short, event_title, measure_title, metric_title};

use crate::report::model::Report;
use crate::system::RuleSystem;
use crate::text::{count, pct, pct_ci};

/// How a run's numbers were obtained, short: "200,000 trials per cell", "exact (every cell
/// enumerated)", "200,000 trials per sampled cell, 3 of 5 cells exact".
pub fn method_short(report: &Report) -> String {
    let n = count(report.trials);
    if report.balance.as_ref().is_some_and(|b| b.exact) {
        if report.trials == 0 {
            return "Method: every duel solved exactly — every figure below, the rounds until out too, uses no sampling (each duel's whole damage and effort distributions are sampled only when the balance asks for them)".to_string();
        }
        return format!("exact duels ({n} sampled per pair for the rounds until out only)");
    }
    match report.exact_cells {
        0 => format!("{n} trials per cell"),
        k if k == report.cells.len() => "exact (every cell enumerated, no sampling)".to_string(),
        k => format!("{n} trials per sampled cell, {k} of {} cells exact", report.cells.len()),
    }
}

/// The summary.md line on how the numbers were obtained, naming the exact cells (their labels
/// are the user's text: made safe Markdown here, as every other line of summary.md makes them).
pub fn method_line(report: &Report) -> String {
    let n = count(report.trials);
    let exact: Vec<String> =
        report.cells.iter().filter(|c| c.exact).map(|c| crate::safe::md_inline(&c.label)).collect();
    // A balance whose every duel is solved exactly answers from the solutions: its verdict,
    // ratings, matchups and characteristic values use none of the sampled trials (issue #40).
    if report.balance.as_ref().is_some_and(|b| b.exact) {
        if report.trials == 0 {
            return "Method: every duel solved exactly — every figure below, the rounds until out too, uses no sampling (each duel's whole damage and effort distributions are sampled only when the balance asks for them)".to_string();
        }
        return format!(
            "Method: every duel solved exactly — the fair cost, the ratings, the matchups and what each characteristic is worth use no sampling; the {n} trials sampled per pair give only the rounds until out"
        );
    }
    match exact.len() {
        0 => format!("Trials per cell: {n}"),
        k if k == report.cells.len() => {
            "Method: exact — every outcome of the dice enumerated, probabilities are fractions (no sampling, no intervals)"
                .to_string()
        }
        k => format!(
            "Method: {k} of {} cells exact (every outcome enumerated: {}); the others sampled, {n} trials each",
            report.cells.len(),
            exact.join(", ")
        ),
    }
}

/// `s` closed by one full stop: a title that already ends in one ("recovered from K.O.") is not
/// given a second ("K.O..").
pub fn sentence(s: &str) -> String {
    if s.ends_with('.') { s.to_string() } else { format!("{s}.") }
}

/// An event's title in `report`'s run ([`crate::words::event_title_in`]: "target 1" only where
/// there is a target 2). Every view asks here, so one run's words agree everywhere.
pub fn event(report: &Report, system: &dyn RuleSystem, name: &str) -> String {
    crate::words::event_title_in(system, name, report.titles.targets)
}

/// An event's short label in `report`'s run (see [`event`]).
pub fn short(report: &Report, system: &dyn RuleSystem, name: &str) -> String {
    crate::words::event_short_in(system, name, report.titles.targets)
}

/// A metric's title in `report`'s run (see [`event`]).
pub fn metric(report: &Report, system: &dyn RuleSystem, name: &str) -> String {
    crate::words::metric_title_in(system, name, report.titles.targets)
}

/// A measure's title in `report`'s run (see [`event`]).
pub fn measure(report: &Report, system: &dyn RuleSystem, name: &str) -> String {
    crate::words::measure_title_in(system, name, report.titles.targets)
}

/// A probability as an answer gives it: "75.27% (exact, 1099/1458)" for an enumerated one,
/// "75.27% [75.18, 75.35]" for a sampled one.
pub fn prob(e: &crate::report::model::EventReport) -> String {
    match &e.exact {
        Some(f) if f.contains('/') => format!("{} (exact, {f})", pct(e.p)),
        _ if e.ci95[0] == e.ci95[1] => format!("{} (exact)", pct(e.p)),
        _ => pct_ci(e.p, e.ci95[0], e.ci95[1]),
    }
}
