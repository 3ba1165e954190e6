//! The charts of each generic layout (a single resolution, a comparison, a one- and a
//! two-dimensional sweep), as chart models in the run's system's words; a system's own layouts
//! bring theirs (`RuleSystem::report_charts`). The drawing is `charts`.

use super::charts::{self, Chart, Est};
use super::model::Report;
use super::{answer_grid, text};
use crate::analysis::RunResult;
use crate::analysis::scenario::{GridMeasure, Layout};
use crate::stats;
use crate::system::RuleSystem;

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
        Layout::Duel { a, b } => super::duel::charts(run, report, a, b),
        Layout::Balance(l) => super::balance::charts(run, report, l),
        Layout::Paired { a, b, measure } => super::paired::charts(run, report, system, a, b, measure),
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
