//! Which result tables a run gets: the generic ones per layout here, the per-system ones from
//! their own files; each is a [`Table`](super::table::Table), rendered by that module.

use crate::analysis::RunResult;
use crate::analysis::cell::Tail;
use crate::analysis::scenario::{GridMeasure, Layout, Param};
use crate::report::model::Report;
use crate::report::text::{event_short, event_title, metric_title, sentence};
use crate::stats;
use crate::system::RuleSystem;
use crate::text::{ci, mean_ci, pct, pct_ci};

use super::answer_grid;
use super::table::Table;

/// Every table for this run, walls of zeros folded into sentences ([`Table::fold_zeros`]).
pub fn tables(run: &RunResult, report: &Report, system: &dyn RuleSystem) -> Vec<Table> {
    let mut out = build(run, report, system);
    for t in &mut out {
        t.fold_zeros();
    }
    out
}

fn build(run: &RunResult, report: &Report, system: &dyn RuleSystem) -> Vec<Table> {
    match &run.scenario.layout {
        Layout::Single => single(run, report, system),
        Layout::Compare { loadouts, targets, measure } => compare(run, report, system, (loadouts, targets), measure),
        Layout::Sweep { parameter, measure, .. } => sweep(run, report, system, parameter, measure),
        Layout::Sweep2 { x, xs, y, ys, measure } => sweep2(run, report, system, (x, xs), (y, ys), measure),
        Layout::Duel { a, b } => super::duel::tables(run, report, system, a, b),
        Layout::Balance(l) => super::balance::tables(report, system, l),
        Layout::Paired { a, b, measure } => super::paired::tables(run, report, system, a, b, measure),
        Layout::Own(_) => system.report_tables(run, report),
    }
}

/// One cell: its events, its means, and the distribution of each headline metric.
fn single(run: &RunResult, report: &Report, system: &dyn RuleSystem) -> Vec<Table> {
    let mut out = vec![single_events(run, report, system)];
    if report.cells[0].metrics.0.is_empty() {
        return out;
    }
    out.extend(single_means(run, report, system));
    out.extend(single_distributions(run, report, system));
    out
}

/// One cell's events, with the ones that never happened named in a note under the table.
fn single_events(run: &RunResult, report: &Report, system: &dyn RuleSystem) -> Table {
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
        let names: Vec<String> = never.iter().map(|(n, _)| event_title(system, n)).collect();
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
        let mut row = vec![event_title(system, name), pct(e.p)];
        match (&e.exact, e.count) {
            (Some(f), _) => row.push(f.clone()),
            (None, c) => row.extend([ci(e.ci95[0], e.ci95[1]), c.unwrap_or(0).to_string()]),
        }
        ev.rows.push(row);
    }
    ev
}

/// One cell's means (a yes/no measure as a probability; codes left out); none if no row.
fn single_means(run: &RunResult, report: &Report, system: &dyn RuleSystem) -> Option<Table> {
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
            vec![format!("P({})", metric_title(system, name)), pct_ci(p.p, p.lo, p.hi), "–".into()]
        } else {
            vec![metric_title(system, name), mean_ci(m.mean, m.stderr, z), format!("{:.3}", m.sd)]
        });
    }
    (!means.rows.is_empty()).then_some(means)
}

/// The distribution of each headline metric of one cell that takes more than one value.
fn single_distributions(run: &RunResult, report: &Report, system: &dyn RuleSystem) -> Vec<Table> {
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
        let mut title = format!("Distribution of {}", metric_title(system, name));
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

/// Loadouts × targets: the measure first (with the best loadout against each target and where
/// the measure comes from), then the expected damage markers (the headline metrics' means), then
/// the other key events, one grid each.
fn compare(
    run: &RunResult,
    report: &Report,
    system: &dyn RuleSystem,
    (loadouts, targets): (&[String], &[String]),
    m: &GridMeasure,
) -> Vec<Table> {
    let z = stats::z_value();
    let sc = &run.scenario;
    let trial = &sc.cells[0].trial;
    let basis = report.basis();
    let mut headers: Vec<&str> = vec!["loadout"];
    headers.extend(targets.iter().map(String::as_str));
    let grid = |title: String, terminal: bool, f: &dyn Fn(usize) -> String| {
        let mut tab = Table::new(title, &headers, terminal);
        for (li, l) in loadouts.iter().enumerate() {
            let mut row = vec![l.clone()];
            row.extend((0..targets.len()).map(|ti| f(li * targets.len() + ti)));
            tab.rows.push(row);
        }
        tab
    };
    let mut lead =
        grid(format!("{} ({basis})", answer_grid::title(system, m)), true, &|c| answer_grid::cell_text(report, c, m));
    lead.rows.push(best_row(report, loadouts, targets, m));
    lead.notes.push(answer_grid::note(system, m, "compare", trial.unit()));
    let mut out = vec![lead];
    for name in answer_grid::markers(trial, m) {
        out.push(grid(format!("Expected {} ({basis})", metric_title(system, name)), true, &|c| {
            report.cells[c].metrics.get(name).map(|mr| mean_ci(mr.mean, mr.stderr, z)).unwrap_or_else(|| "–".into())
        }));
    }
    for e in trial.key_events().into_iter().filter(|e| *e != m.name) {
        out.push(grid(format!("{} ({basis})", event_short(system, e)), false, &|c| {
            report.cells[c].events.get(e).map(|e| pct_ci(e.p, e.ci95[0], e.ci95[1])).unwrap_or_else(|| "–".into())
        }));
    }
    out
}

/// The last row of a compare's lead grid: the loadout with the best measure against each target
/// ("–" where every loadout gives the same).
fn best_row(report: &Report, loadouts: &[String], targets: &[String], m: &GridMeasure) -> Vec<String> {
    let label = match (m.event, m.less_is_better) {
        (true, false) => "most often",
        (true, true) => "least often",
        (false, false) => "highest",
        (false, true) => "lowest",
    };
    let mut row = vec![label.to_string()];
    for ti in 0..targets.len() {
        let vals: Vec<f64> = (0..loadouts.len())
            .map(|li| answer_grid::value(report, li * targets.len() + ti, m).map_or(f64::NAN, |e| e.v))
            .collect();
        let best = vals.iter().copied().filter(|v| !v.is_nan()).fold(None, |acc: Option<f64>, v| match acc {
            Some(b) if (m.less_is_better && b <= v) || (!m.less_is_better && b >= v) => Some(b),
            _ => Some(v),
        });
        let winners: Vec<&str> =
            loadouts.iter().zip(&vals).filter(|(_, v)| Some(**v) == best).map(|(l, _)| l.as_str()).collect();
        row.push(if winners.is_empty() || winners.len() == loadouts.len() { "–".into() } else { winners.join(", ") });
    }
    row
}

/// One row per swept value: the measure (the terminal's table), then the damage markers' means
/// (in the terminal too when they fit 100 columns), then the other key events.
fn sweep(run: &RunResult, report: &Report, system: &dyn RuleSystem, param: &Param, m: &GridMeasure) -> Vec<Table> {
    let parameter = param.title.as_str();
    let z = stats::z_value();
    let sc = &run.scenario;
    let trial = &sc.cells[0].trial;
    let per = report.per_cell("trials per value");
    let metrics = answer_grid::markers(trial, m);
    let events: Vec<&str> = trial.key_events().into_iter().filter(|e| *e != m.name).collect();
    // A table with one row per swept value (cell `i`) and one column per head (`k`).
    let by = |title: String, heads: Vec<String>, cell: &dyn Fn(usize, usize) -> String| {
        let mut t = Table::new(title, &[], false);
        for (i, spec) in sc.cells.iter().enumerate() {
            let mut row = vec![spec.params[0].1.to_string()];
            row.extend((0..heads.len()).map(|k| cell(i, k)));
            t.rows.push(row);
        }
        t.headers = std::iter::once(parameter.to_string()).chain(heads).collect();
        t
    };
    let mut lead = by(format!("Sweep over {parameter} ({per})"), vec![answer_grid::head(system, m)], &|i, _| {
        answer_grid::cell_text(report, i, m)
    });
    lead.terminal = true;
    lead.notes.push(answer_grid::note(system, m, "sweep", trial.unit()));
    if answer_grid::idle_sweep(report) {
        lead.notes.extend(answer_grid::idle_note(run, parameter));
    }
    let mut out = vec![lead];
    if !metrics.is_empty() {
        let heads = metrics.iter().map(|n| format!("mean {}", metric_title(system, n))).collect();
        let mut means = by(format!("Means by {parameter} ({per})"), heads, &|i, k| {
            let h = report.cells[i].metrics.get(metrics[k]).expect("headline metric");
            mean_ci(h.mean, h.stderr, z)
        });
        means.terminal = fits(&means, 100);
        out.push(means);
    }
    if !events.is_empty() {
        let heads = events.iter().map(|e| event_short(system, e)).collect();
        out.push(by(format!("Other events by {parameter} ({per})"), heads, &|i, k| {
            let e = report.cells[i].events.get(events[k]).expect("key event");
            pct_ci(e.p, e.ci95[0], e.ci95[1])
        }));
    }
    out
}

/// Whether `t` prints in one piece within `width` terminal columns (two spaces between columns).
fn fits(t: &Table, width: usize) -> bool {
    let cols = (0..t.headers.len()).map(|c| {
        std::iter::once(&t.headers[c]).chain(t.rows.iter().filter_map(|r| r.get(c))).map(|s| s.chars().count()).max()
    });
    cols.map(|w| w.unwrap_or(0) + 2).sum::<usize>() <= width + 2
}

/// Two swept values: a y × x grid of the measure, then one of each damage marker's mean.
fn sweep2(
    run: &RunResult,
    report: &Report,
    system: &dyn RuleSystem,
    (xp, xs): (&Param, &[i64]),
    (yp, ys): (&Param, &[i64]),
    m: &GridMeasure,
) -> Vec<Table> {
    let (x, y) = (&xp.title, &yp.title);
    let z = stats::z_value();
    let sc = &run.scenario;
    let trial = &sc.cells[0].trial;
    let mut out = Vec::new();
    let corner = format!("{y} \\ {x}");
    let mut headers: Vec<String> = vec![corner];
    let (x_words, y_words) = (answer_grid::axis_words(run, xs, 0, ys.len()), answer_grid::axis_words(run, ys, 1, 1));
    headers.extend(x_words.iter().cloned());
    let heads: Vec<&str> = headers.iter().map(String::as_str).collect();
    let mut grid = |title: String, terminal: bool, f: &dyn Fn(usize) -> String| {
        let mut tab = Table::new(title, &heads, terminal);
        for (yi, yv) in y_words.iter().enumerate() {
            let mut row = vec![yv.clone()];
            row.extend((0..xs.len()).map(|xi| f(xi * ys.len() + yi)));
            tab.rows.push(row);
        }
        out.push(tab);
    };
    let basis = if m.event { report.basis() } else { report.per_cell("trials per cell") };
    grid(format!("{} ({basis})", answer_grid::title(system, m)), true, &|c| answer_grid::cell_text(report, c, m));
    for (i, n) in answer_grid::markers(trial, m).into_iter().enumerate() {
        grid(format!("Expected {} ({})", metric_title(system, n), report.per_cell("trials per cell")), i == 0, &|c| {
            let h = report.cells[c].metrics.get(n).expect("headline metric");
            mean_ci(h.mean, h.stderr, z)
        });
    }
    out[0].notes.push(answer_grid::note(system, m, "sweep", trial.unit()));
    let (idle_x, idle_y) = answer_grid::idle_axes(report, xs.len(), ys.len());
    for (idle, p) in [(idle_x, xp), (idle_y, yp)] {
        if idle {
            out[0].notes.extend(answer_grid::idle_note(run, &p.title));
        }
    }
    out
}

/// A distribution table longer than this folds its upper tail ...
const FOLD_ROWS: usize = 20;
/// ... from the first value with P(≥ k) below this.
const FOLD_BELOW: f64 = 0.005;

/// The answer of a grid (compare, sweep, two-way sweep); see [`super::answer`] and
/// [`super::answer_grid`].
pub fn grid_answer(run: &RunResult, report: &Report, system: &dyn RuleSystem) -> Option<String> {
    match &run.scenario.layout {
        Layout::Compare { .. } => super::answer_grid::compare_answer(run, report, system),
        Layout::Sweep { .. } => super::answer_grid::sweep_answer(run, report, system),
        Layout::Sweep2 { .. } => super::answer_grid::sweep2_answer(run, report, system),
        _ => None,
    }
}
