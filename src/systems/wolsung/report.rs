//! Tables and charts for Wolsung shooting grids and melee tables.

use crate::analysis::RunResult;
use crate::analysis::scenario::{CellSpec, Scenario};
use crate::engine::Tally;
use crate::report::charts::{Chart, Est};
use crate::report::model::Report;
use crate::report::table::Table;
use crate::stats;
use crate::systems::wolsung::labels;
use crate::text::{mean_ci, pct_ci};

/// The layouts only Wolsung draws (in `Layout::Own`).
#[derive(Clone, Debug, PartialEq)]
pub enum WolsungLayout {
    /// Shooting: `index[row][col]`, rows = gun × policy, cols = distance × reaction × cover.
    ShootingGrid { rows: Vec<String>, cols: Vec<String>, index: Vec<Vec<Option<usize>>> },
    /// Melee: one cell per attacker policy × defender choice.
    MeleeTable,
}

fn ev(t: &Tally, i: usize, z: f64) -> String {
    let p = t.event(i, z);
    pct_ci(p.p, p.lo, p.hi)
}

fn mean(t: &Tally, i: usize, z: f64) -> String {
    let m = t.moments(i);
    mean_ci(m.mean, m.stderr, z)
}

/// A melee cell's row in words ("fewest cards to win, defender on guard"), from its `policy`
/// and `guard` (its label, kept in results.json, uses the config's names).
fn melee_row(c: &CellSpec) -> String {
    let param = |k: &str| c.params.iter().find(|(n, _)| n == k).and_then(|(_, v)| v.as_str());
    match (param("policy"), param("guard")) {
        (Some(p), Some(g)) => format!("{}, defender {}", labels::policy(p), labels::guard(g)),
        _ => c.label.clone(),
    }
}

/// Whether `metric` cannot be above 0 in any cell (its range is 0: a side that holds no cards).
fn never_above_zero(sc: &Scenario, metric: &str) -> bool {
    sc.cells.iter().all(|c| c.trial.shape().metrics.iter().any(|(n, max)| *n == metric && *max == 0))
}

/// The sentence that replaces a "cards spent" figure that is 0 by construction.
fn no_cards(who: &str) -> String {
    format!("The {who} is not a hero: it holds no cards, so it spends none (only heroes hold a hand of cards here).")
}

/// Tables for the Wolsung layouts.
pub fn tables(run: &RunResult, report: &Report) -> Vec<Table> {
    let z = stats::z_value();
    let sc = &run.scenario;
    let t = &run.output.tallies;
    let mut out = Vec::new();
    match sc.layout.get::<WolsungLayout>() {
        Some(WolsungLayout::ShootingGrid { rows, cols, index }) => {
            type Measure = (&'static str, bool, fn(&Tally, f64) -> String);
            let measures: [Measure; 6] = [
                ("P(first shot hits)", true, |t, z| ev(t, 0, z)),
                ("damage per turn (mean)", true, |t, z| mean(t, 1, z)),
                ("critical hits on the first shot (mean)", false, |t, z| mean(t, 2, z)),
                ("P(target down this turn)", false, |t, z| ev(t, 2, z)),
                ("cards the shooter spent (mean)", false, |t, z| mean(t, 4, z)),
                ("cards the target spent (mean)", false, |t, z| mean(t, 5, z)),
            ];
            for (title, terminal, f) in measures {
                // A side that is not a hero holds no cards: its "cards spent" is 0 by
                // construction, said in one sentence instead of a grid of zeros.
                let side = match title {
                    "cards the shooter spent (mean)" => Some(("shooter_cards", "shooter")),
                    "cards the target spent (mean)" => Some(("target_cards", "target")),
                    _ => None,
                };
                if let Some((_, who)) = side.filter(|(m, _)| never_above_zero(sc, m)) {
                    let mut tab = Table::new(title, &[], terminal);
                    tab.notes.push(no_cards(who));
                    out.push(tab);
                    continue;
                }
                let mut headers = vec!["gun — policy".to_string()];
                headers.extend(cols.iter().cloned());
                let h: Vec<&str> = headers.iter().map(String::as_str).collect();
                let mut tab = Table::new(format!("{title} ({})", report.per_cell("turns per cell")), &h, terminal);
                for (r, row) in rows.iter().zip(index) {
                    let mut cells = vec![r.clone()];
                    cells.extend(row.iter().map(|c| c.map(|i| f(&t[i], z)).unwrap_or_else(|| "out of range".into())));
                    tab.rows.push(cells);
                }
                out.push(tab);
            }
        }
        Some(WolsungLayout::MeleeTable) => {
            let mut tab = Table::new(
                format!("Melee: attacker's card policy × defender's choice ({})", report.per_cell("attacks each")),
                &[
                    "attacker policy, defender choice",
                    "P(hit)",
                    "damage to the defender",
                    "P(backlash)",
                    "backlash to the attacker",
                    "P(defender down)",
                    "P(attacker down)",
                    "attacker cards",
                    "defender cards",
                ],
                true,
            );
            for (c, tally) in sc.cells.iter().zip(t) {
                tab.rows.push(vec![
                    melee_row(c),
                    ev(tally, 0, z),
                    mean(tally, 0, z),
                    ev(tally, 1, z),
                    mean(tally, 1, z),
                    ev(tally, 2, z),
                    ev(tally, 3, z),
                    format!("{:.2}", tally.moments(3).mean),
                    format!("{:.2}", tally.moments(4).mean),
                ]);
            }
            // A card column that is 0 by construction (the side is not a hero) is left out and
            // said once under the table.
            for (col, metric, who) in [(8, "defender_cards", "defender"), (7, "attacker_cards", "attacker")] {
                if never_above_zero(sc, metric) {
                    tab.headers.remove(col);
                    for r in &mut tab.rows {
                        r.remove(col);
                    }
                    tab.notes.push(no_cards(who));
                }
            }
            out.push(tab);
        }
        _ => {}
    }
    out
}

/// Charts for the Wolsung layouts.
pub fn charts(run: &RunResult, report: &Report) -> Vec<(String, Chart)> {
    let z = stats::z_value();
    let sc = &run.scenario;
    let t = &run.output.tallies;
    let tail = report.basis();
    let mut out = Vec::new();
    let est = |p: stats::Proportion| Est::from(p);
    match sc.layout.get::<WolsungLayout>() {
        Some(WolsungLayout::ShootingGrid { rows, cols, index }) => {
            let na = Est::NA;
            out.push((
                "shooting-p-hit".into(),
                Chart::Grouped {
                    title: format!("{}: P(first shot hits) ({tail})", sc.name),
                    x_label: "distance, reaction, cover".into(),
                    y_label: "P(hit)".into(),
                    groups: cols.clone(),
                    series: rows
                        .iter()
                        .zip(index)
                        .take(8)
                        .map(|(r, row)| {
                            (r.clone(), row.iter().map(|c| c.map(|i| est(t[i].event(0, z))).unwrap_or(na)).collect())
                        })
                        .collect(),
                    percent: true,
                    highlight: None,
                },
            ));
            if let Some(Some(first)) = index.first().and_then(|r| r.first()) {
                let title = |what: &str| format!("{}: {what}, {} at {} ({tail})", sc.name, rows[0], cols[0]);
                out.push((
                    "shooting-damage".into(),
                    crate::report::charts::distribution(&t[*first], 1, &title("damage per turn"), "damage (wounds)", z),
                ));
                out.push((
                    "shooting-crits".into(),
                    crate::report::charts::distribution(
                        &t[*first],
                        2,
                        &title("critical hits, first shot"),
                        "critical hits",
                        z,
                    ),
                ));
            }
        }
        Some(WolsungLayout::MeleeTable) => {
            out.push((
                "melee".into(),
                Chart::Grouped {
                    title: format!("{}: P(hit) and P(backlash) ({tail})", sc.name),
                    x_label: "attacker policy, defender choice".into(),
                    y_label: "probability".into(),
                    groups: sc.cells.iter().map(melee_row).collect(),
                    series: vec![
                        ("P(hit)".into(), t.iter().map(|x| est(x.event(0, z))).collect()),
                        ("P(backlash)".into(), t.iter().map(|x| est(x.event(1, z))).collect()),
                    ],
                    percent: true,
                    highlight: None,
                },
            ));
        }
        _ => {}
    }
    out
}
