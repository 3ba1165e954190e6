//! Tables and charts of the threat range: P(base contact this turn) by distance, per system.

use crate::analysis::RunResult;
use crate::engine::Tally;
use crate::report::charts::{Chart, Est};
use crate::report::model::Report;
use crate::report::table::Table;
use crate::stats;
use crate::text::pct_ci;

/// The threat range's layout (in `Layout::Own`): one mover cell per rule system, plotted from
/// `from_in` to `to_in` inches.
#[derive(Clone, Debug, PartialEq)]
pub struct ThreatLayout {
    pub systems: Vec<String>,
    pub from_in: u16,
    pub to_in: u16,
}

/// P(reach ≥ d inches) from a reach histogram in tenths of an inch.
fn reach_at_least(t: &Tally, d: u16, z: f64) -> stats::Proportion {
    t.at_least(0, 10 * d as usize, z)
}

/// The threat range's table: one row per even distance, one column per system.
pub fn tables(run: &RunResult, report: &Report) -> Vec<Table> {
    let z = stats::z_value();
    let t = &run.output.tallies;
    let Some(ThreatLayout { systems, from_in, to_in }) = run.scenario.layout.get() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut headers = vec!["distance (inches)".to_string()];
    headers.extend(systems.iter().cloned());
    let h: Vec<&str> = headers.iter().map(String::as_str).collect();
    let mut tab = Table::new(
        format!("P(base contact this turn) by distance ({})", report.per_cell("trials per system")),
        &h,
        true,
    );
    for d in (*from_in..=*to_in).step_by(2) {
        let mut row = vec![d.to_string()];
        for tally in t {
            // Every probability with its interval ("exact" cells print the value alone).
            let p = reach_at_least(tally, d, z);
            row.push(pct_ci(p.p, p.lo, p.hi));
        }
        tab.rows.push(row);
    }
    out.push(tab);
    out
}

/// The threat range's chart: one step function per system. P(reach ≥ d) changes only at the
/// reaches the model gives (tenths of an inch), so each is drawn across then down, never as a
/// slant from one whole inch to the next.
pub fn charts(run: &RunResult, report: &Report) -> Vec<(String, Chart)> {
    let z = stats::z_value();
    let sc = &run.scenario;
    let t = &run.output.tallies;
    let tail = report.basis();
    let Some(ThreatLayout { systems, from_in, to_in }) = sc.layout.get() else {
        return Vec::new();
    };
    let (from, to) = (10 * *from_in as usize, 10 * *to_in as usize);
    let steps = |tally: &Tally| {
        // P(reach ≥ d) at `from`, then a new point wherever it drops: just past each reach r
        // the model gives (in tenths), P(≥ d) falls from P(≥ r) to P(≥ r + 1).
        let at = |d: usize| Est::from(tally.at_least(0, d, z));
        let mut pts = vec![(f64::from(*from_in), at(from))];
        for r in from..to {
            if tally.hists[0].get(r).is_some_and(|&c| c > 0) {
                pts.push((r as f64 / 10.0, at(r + 1)));
            }
        }
        pts
    };
    vec![(
        "threat-range".into(),
        Chart::Steps {
            title: format!("{}: P(base contact this turn) by distance ({tail})", sc.name),
            x_label: "distance to the target (inches)".into(),
            y_label: "P(reaches base contact)".into(),
            series: systems.iter().zip(t).map(|(s, tally)| (s.clone(), steps(tally))).collect(),
            end: f64::from(*to_in),
            percent: true,
        },
    )]
}
