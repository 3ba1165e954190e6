//! The report of one resolution (`Layout::Single`): its events, its means, the distribution of
//! each headline metric, as tables and charts. (Its answer, the key events of its one cell, is
//! `answer.rs`'s: every layout falls back to it.)

use crate::analysis::RunResult;
use crate::analysis::cell::Tail;
use crate::report::charts::{self, Chart, Est};
use crate::report::model::Report;
use crate::report::table::Table;
use crate::report::text::{self, sentence};
use crate::stats;
use crate::system::RuleSystem;
use crate::text::{ci, mean_ci, pct, pct_ci};

/// One cell: its events, its means, and the distribution of each headline metric.
pub(super) fn tables(run: &RunResult, report: &Report, system: &dyn RuleSystem) -> Vec<Table> {
    let mut out = vec![events(run, report, system)];
    if report.cells[0].metrics.0.is_empty() {
        return out;
    }
    out.extend(means(run, report, system));
    out.extend(distributions(run, report, system));
    out
}

/// One cell's events, with the ones that never happened named in a note under the table.
fn events(run: &RunResult, report: &Report, system: &dyn RuleSystem) -> Table {
    let cell = &report.cells[0];
    let t = &run.output.tallies[0];
    // An exact cell shows each probability as a fraction instead of an interval and count.
    let columns: &[&str] = if t.exact {
        &["event", "probability", "as a fraction"]
    } else {
        &["event", "probability", "95 % interval", "count"]
    };
    let mut ev = Table::new(format!("Events ({})", report.basis()), columns, true);
    // Events that cannot happen here (an outcome one attack cannot reach) are named in one
    // sentence under the table, not given rows of 0.00 %.
    let (never, happened): (Vec<_>, Vec<_>) = cell.events.0.iter().partition(|(_, e)| e.p == 0.0);
    let fold = !never.is_empty() && !happened.is_empty();
    if fold {
        let names: Vec<String> = never.iter().map(|(n, _)| text::event(report, system, n)).collect();
        let widest = never.iter().map(|(_, e)| e.ci95[1]).fold(0.0, f64::max);
        ev.notes.push(if t.exact {
            sentence(&format!("Impossible here (exact): {}", names.join("; ")))
        } else {
            sentence(&format!(
                "Never happened in {} trials (95 % upper bound {}): {}",
                crate::text::count(report.trials),
                pct(widest),
                names.join("; ")
            ))
        });
    }
    let shown = if fold { happened } else { cell.events.0.iter().collect() };
    for (name, e) in shown {
        let mut row = vec![text::event(report, system, name), pct(e.p)];
        match (&e.exact, e.count) {
            (Some(f), _) => row.push(f.clone()),
            (None, c) => row.extend([ci(e.ci95[0], e.ci95[1]), c.unwrap_or(0).to_string()]),
        }
        ev.rows.push(row);
    }
    ev
}

/// One cell's means (a yes/no measure as a probability; codes left out); none if no row.
fn means(run: &RunResult, report: &Report, system: &dyn RuleSystem) -> Option<Table> {
    let z = stats::z_value();
    let sc = &run.scenario;
    let (cell, t) = (&report.cells[0], &run.output.tallies[0]);
    let mean_head = if t.exact { "mean" } else { "mean ± 95 %" };
    let mut means = Table::new("Means", &["measure", mean_head, "sd"], true);
    let trial = &sc.cells[0].trial;
    for (i, (name, m)) in cell.metrics.0.iter().enumerate() {
        // Codes (a card's rank) have no mean worth reading: their distribution names them.
        if trial.is_category(name) {
            continue;
        }
        // A yes/no measure (0 or 1) reads as a probability, not a mean.
        let yes_no = system.yes_no_metric(name);
        means.rows.push(if yes_no {
            let p = t.exactly(i, 1, z);
            vec![format!("P({})", text::metric(report, system, name)), pct_ci(p.p, p.lo, p.hi), "–".into()]
        } else {
            vec![text::metric(report, system, name), mean_ci(m.mean, m.stderr, z), format!("{:.3}", m.sd)]
        });
    }
    (!means.rows.is_empty()).then_some(means)
}

/// The distribution of each headline metric of one cell that takes more than one value.
fn distributions(run: &RunResult, report: &Report, system: &dyn RuleSystem) -> Vec<Table> {
    let z = stats::z_value();
    let sc = &run.scenario;
    let (cell, t) = (&report.cells[0], &run.output.tallies[0]);
    let trial = &sc.cells[0].trial;
    let mut out = Vec::new();
    let shown = sc.cells[0].trial.headline_metrics();
    for (i, (name, _)) in cell.metrics.0.iter().enumerate() {
        if !shown.contains(&name.as_str()) {
            continue;
        }
        let terminal = shown.first() == Some(&name.as_str());
        // The cumulative column reads the way the question runs, as the chart's line does:
        // P(≤ k) for a roll-under check's roll or the attacks a kill takes, P(≥ k) otherwise.
        let tail = trial.tail(name);
        let cum_head = match tail {
            Tail::AtLeast => "P(≥ k)",
            Tail::AtMost => "P(≤ k)",
        };
        let columns: &[&str] = if t.exact {
            &["k", "P(= k)", cum_head]
        } else {
            &["k", "P(= k)", "95 % interval", cum_head, "95 % interval"]
        };
        let cumulative = |v: usize| match tail {
            Tail::AtLeast => t.at_least(i, v, z),
            Tail::AtMost => t.proportion(t.hists[i].iter().take(v + 1).sum(), z),
        };
        // A check's threshold row says so: "6 ← passes on ≤ 6".
        let pass = trial.passes_from(name);
        let sign = if tail == Tail::AtMost { "≤" } else { "≥" };
        // Values that never occur are left out (an encounter's distance is a multiple of
        // 5: 76 rows at 20,000 trials, most of them 0.00 %), and a long upper tail is folded into one
        // "≥ k" row once P(≥ k) drops below 0.5 %.
        let (lo, hi) = (t.first(i), t.trimmed(i).len());
        let present: Vec<usize> = (lo..hi).filter(|&v| t.hists[i].get(v).is_some_and(|&c| c > 0)).collect();
        if present.len() <= 1 {
            // A fixed number (6 rounds played; a Mordheim move): the means table says
            // it, a one-row "100 %" table adds nothing (as no chart of a constant).
            continue;
        }
        let fold = (present.len() > FOLD_ROWS)
            .then(|| present.iter().copied().find(|&v| t.at_least(i, v, z).p < FOLD_BELOW))
            .flatten();
        let shown_to = fold.unwrap_or(hi);
        let skipped = present.iter().filter(|&&v| v < shown_to).count() < shown_to - lo;
        let mut title = format!("Distribution of {}", text::metric(report, system, name));
        if skipped {
            title.push_str(if t.exact { " (impossible values left out)" } else { " (values never seen left out)" });
        }
        let mut d = Table::new(title, columns, terminal);
        for &v in &present {
            let e = t.exactly(i, v, z);
            // A folded row holds every value from v up: P(≤ k) there is all of them.
            let a = if fold == Some(v) && tail == Tail::AtMost { cumulative(hi - 1) } else { cumulative(v) };
            let value = trial.value_label(name, v).unwrap_or_else(|| v.to_string());
            let (k, e) = if fold == Some(v) {
                (format!("≥ {value}"), t.at_least(i, v, z))
            } else if pass == Some(v) {
                (format!("{value} ← passes on {sign} {value}"), e)
            } else {
                (value, e)
            };
            d.rows.push(if t.exact {
                vec![k, pct(e.p), pct(a.p)]
            } else {
                vec![k, pct(e.p), ci(e.lo, e.hi), pct(a.p), ci(a.lo, a.hi)]
            });
            if fold == Some(v) {
                break;
            }
        }
        out.push(d);
    }
    out
}

/// A distribution table longer than this folds its upper tail ...
pub(super) const FOLD_ROWS: usize = 20;
/// ... from the first value with P(≥ k) below this.
pub(super) const FOLD_BELOW: f64 = 0.005;

/// One cell: the distribution of each of its first three headline metrics that varies, or its
/// event probabilities when it has no headline metric.
pub(super) fn charts(run: &RunResult, report: &Report, system: &dyn RuleSystem) -> Vec<(String, Chart)> {
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
                groups: events.iter().map(|(n, _)| text::event(report, system, n)).collect(),
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
            &format!("{}: {} ({title_tail})", sc.name, text::metric(report, system, name)),
            &text::metric(report, system, name),
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
