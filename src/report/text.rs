//! Shared wording of every report: how the numbers were obtained, and what a metric or an event
//! is called (in the words of the report's rule system). Number formatting is in [`crate::text`].

use crate::report::model::Report;
use crate::system::RuleSystem;
use crate::text::count;

/// How a run's numbers were obtained, short: "200,000 trials per cell", "exact (every cell
/// enumerated)", "200,000 trials per sampled cell, 3 of 5 cells exact".
pub fn method_short(report: &Report) -> String {
    let n = count(report.trials);
    match report.exact_cells {
        0 => format!("{n} trials per cell"),
        k if k == report.cells.len() => "exact (every cell enumerated, no sampling)".to_string(),
        k => format!("{n} trials per sampled cell, {k} of {} cells exact", report.cells.len()),
    }
}

/// The summary.md line on how the numbers were obtained, naming the exact cells.
pub fn method_line(report: &Report) -> String {
    let n = count(report.trials);
    let exact: Vec<&str> = report.cells.iter().filter(|c| c.exact).map(|c| c.label.as_str()).collect();
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

/// What an event name means, for people, in `system`'s words (`_t1`.. `_t3` suffixes name the
/// target). The words live with each system (`src/systems/<name>/labels.rs`), so a 2019 report
/// never explains the 2013 rules, and the reverse; names every system shares (duels) are here.
pub fn event_title(system: &dyn RuleSystem, name: &str) -> String {
    if let Some((base, t)) = target_suffix(name) {
        return format!("{} (target {t})", event_title(system, base));
    }
    if let Some(t) = system.event_title(name) {
        return t.to_string();
    }
    match name {
        "a_wins" => "A wins".to_string(),
        "b_wins" => "B wins".to_string(),
        "draw" => "draw".to_string(),
        other => other.replace('_', " "),
    }
}

fn target_suffix(name: &str) -> Option<(&str, char)> {
    let (base, t) = name.rsplit_once("_t")?;
    let c = t.chars().next()?;
    (t.len() == 1 && ('1'..='3').contains(&c)).then_some((base, c))
}

/// Short event label for table headers and legends.
pub fn event_short(system: &dyn RuleSystem, name: &str) -> String {
    if let Some(s) = system.event_short(name) {
        return s.to_string();
    }
    format!("P({})", name.replace('_', " "))
}

/// What a metric name means, for people, in `system`'s words (see [`event_title`]).
pub fn metric_title(system: &dyn RuleSystem, name: &str) -> String {
    if let Some((base, t)) = target_suffix(name) {
        return format!("{} (target {t})", metric_title(system, base));
    }
    if let Some(t) = system.metric_title(name) {
        return t.to_string();
    }
    match name {
        "rounds" => "rounds played".to_string(),
        "a_dealt" => "damage A deals".to_string(),
        "b_dealt" => "damage B deals".to_string(),
        other => other.replace('_', " "),
    }
}
