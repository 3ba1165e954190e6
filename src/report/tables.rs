//! Which result tables a run gets: the generic ones per layout here, the per-system ones from
//! their own files; each is a [`Table`](super::table::Table), rendered by that module.

use crate::analysis::RunResult;
use crate::analysis::scenario::Layout;
use crate::report::model::Report;
use crate::report::text::{event_short, event_title, metric_title, sentence};
use crate::stats;
use crate::system::RuleSystem;
use crate::text::{ci, mean_ci, pct, pct_ci};

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
        Layout::Compare { loadouts, targets } => compare(run, report, system, loadouts, targets),
        Layout::Sweep { parameter, .. } => sweep(run, report, system, parameter),
        Layout::Sweep2 { x, xs, y, ys } => sweep2(run, report, system, (x, xs), (y, ys)),
        Layout::Duel { .. } | Layout::Balance(_) | Layout::Paired { .. } => super::duels::tables(run, report, system),
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
        let columns: &[&str] = if t.exact {
            &["k", "P(= k)", "P(≥ k)"]
        } else {
            &["k", "P(= k)", "95 % interval", "P(≥ k)", "95 % interval"]
        };
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
            let a = t.at_least(i, v, z);
            let value = trial.value_label(name, v).unwrap_or_else(|| v.to_string());
            let (k, e) = if fold == Some(v) { (format!("≥ {value}"), a) } else { (value, e) };
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

/// Loadouts × targets: the expected headline metric, then each key event, one grid each.
fn compare(
    run: &RunResult,
    report: &Report,
    system: &dyn RuleSystem,
    loadouts: &[String],
    targets: &[String],
) -> Vec<Table> {
    let z = stats::z_value();
    let sc = &run.scenario;
    let mut out = Vec::new();
    let mut headers: Vec<&str> = vec!["loadout"];
    headers.extend(targets.iter().map(String::as_str));
    let metric = sc.cells[0].trial.headline_metrics().first().copied();
    let mut measures: Vec<(&str, bool)> = metric.into_iter().map(|m| (m, true)).collect();
    measures.extend(sc.cells[0].trial.key_events().into_iter().map(|e| (e, false)));
    for (i, (m, is_mean)) in measures.into_iter().enumerate() {
        let basis = report.basis();
        let title = if is_mean {
            format!("Expected {} ({basis})", metric_title(system, m))
        } else {
            format!("{} ({basis})", event_short(system, m))
        };
        let mut tab = Table::new(title, &headers, i < 2);
        for (li, l) in loadouts.iter().enumerate() {
            let mut row = vec![l.clone()];
            for ti in 0..targets.len() {
                let c = &report.cells[li * targets.len() + ti];
                row.push(if is_mean {
                    c.metrics.get(m).map(|mr| mean_ci(mr.mean, mr.stderr, z)).unwrap_or_else(|| "–".into())
                } else {
                    c.events.get(m).map(|e| pct_ci(e.p, e.ci95[0], e.ci95[1])).unwrap_or_else(|| "–".into())
                });
            }
            tab.rows.push(row);
        }
        out.push(tab);
    }
    out
}

/// One row per swept value: the mean headline metric and the key events.
fn sweep(run: &RunResult, report: &Report, system: &dyn RuleSystem, parameter: &str) -> Vec<Table> {
    let z = stats::z_value();
    let sc = &run.scenario;
    let metric = sc.cells[0].trial.headline_metrics().first().copied();
    let events = sc.cells[0].trial.key_events();
    let mean_head = metric.map(|m| format!("mean {}", metric_title(system, m)));
    let ev_heads: Vec<String> = events.iter().map(|e| event_short(system, e)).collect();
    let mut headers: Vec<&str> = vec![parameter];
    headers.extend(mean_head.as_deref());
    headers.extend(ev_heads.iter().map(String::as_str));
    let mut tab =
        Table::new(format!("Sweep over {parameter} ({})", report.per_cell("trials per value")), &headers, true);
    for (c, spec) in report.cells.iter().zip(&sc.cells) {
        let mut row = vec![spec.params[0].1.to_string()];
        if let Some(m) = metric {
            let h = c.metrics.get(m).expect("headline metric");
            row.push(mean_ci(h.mean, h.stderr, z));
        }
        for e in &events {
            let e = c.events.get(e).expect("key event");
            row.push(pct_ci(e.p, e.ci95[0], e.ci95[1]));
        }
        tab.rows.push(row);
    }
    vec![tab]
}

/// Two swept values: a y × x grid of the expected headline metric, and one of the first key
/// event.
fn sweep2(
    run: &RunResult,
    report: &Report,
    system: &dyn RuleSystem,
    (x, xs): (&str, &[i64]),
    (y, ys): (&str, &[i64]),
) -> Vec<Table> {
    let z = stats::z_value();
    let sc = &run.scenario;
    let mut out = Vec::new();
    let metric = sc.cells[0].trial.headline_metrics().first().copied();
    let event = sc.cells[0].trial.key_events().first().copied();
    let corner = format!("{y} \\ {x}");
    let mut headers: Vec<String> = vec![corner];
    headers.extend(xs.iter().map(|v| v.to_string()));
    let heads: Vec<&str> = headers.iter().map(String::as_str).collect();
    let mut grid = |title: String, f: &dyn Fn(usize) -> String| {
        let mut tab = Table::new(title, &heads, true);
        for (yi, yv) in ys.iter().enumerate() {
            let mut row = vec![yv.to_string()];
            row.extend((0..xs.len()).map(|xi| f(xi * ys.len() + yi)));
            tab.rows.push(row);
        }
        out.push(tab);
    };
    if let Some(m) = metric {
        grid(format!("Expected {} ({})", metric_title(system, m), report.per_cell("trials per cell")), &|c| {
            let h = report.cells[c].metrics.get(m).expect("headline metric");
            mean_ci(h.mean, h.stderr, z)
        });
    }
    if let Some(e) = event {
        grid(format!("{} ({})", event_short(system, e), report.basis()), &|c| {
            let p = report.cells[c].events.get(e).expect("key event");
            pct_ci(p.p, p.ci95[0], p.ci95[1])
        });
    }
    out
}

/// A distribution table longer than this folds its upper tail ...
const FOLD_ROWS: usize = 20;
/// ... from the first value with P(≥ k) below this.
const FOLD_BELOW: f64 = 0.005;

/// The answer in one sentence, for the top of `summary.md` and `index.html`: the verdict of an
/// analysis that has one (balance, paired, exchange, best cell), a duel's outcome, or a single
/// resolution's key event ("K.O. caused: 75.27% per attack (exact)").
pub fn answer(run: &RunResult, report: &Report, system: &dyn RuleSystem) -> Option<String> {
    if let Some(v) = verdict(report, system) {
        return Some(v);
    }
    let sc = &run.scenario;
    let cell = report.cells.first()?;
    let how = |e: &crate::report::model::EventReport| {
        if e.ci95[0] == e.ci95[1] { format!("{} (exact)", pct(e.p)) } else { pct_ci(e.p, e.ci95[0], e.ci95[1]) }
    };
    match &sc.layout {
        Layout::Duel { a, b } => {
            let ev = |n: &str| cell.events.get(n).map(how);
            let exact = report.exact_duel.as_ref().map(|x| {
                let [w, d, l] = x.outcome();
                format!(" Solved exactly: {a} wins {}, {b} wins {}, draw {}.", pct(w), pct(l), pct(d))
            });
            Some(format!(
                "{a} wins {}, {b} wins {}, draw {} ({}).{}",
                ev("a_wins")?,
                ev("b_wins")?,
                ev("draw")?,
                report.per_cell("duels"),
                exact.unwrap_or_default()
            ))
        }
        Layout::Single => {
            // The most important event that can happen here: an attack that cannot reach the
            // answers with the next one, not with "0.00 %".
            let keys: Vec<&str> =
                sc.cells[0].trial.key_events().into_iter().filter(|k| cell.events.get(k).is_some()).collect();
            let key = keys.iter().find(|k| cell.events.get(k).is_some_and(|e| e.p > 0.0)).or(keys.first())?;
            let e = cell.events.get(key)?;
            Some(format!(
                "{}: {} per {}{}.",
                event_title(system, key),
                how(e),
                sc.cells[0].trial.unit(),
                if e.ci95[0] == e.ci95[1] { String::new() } else { format!(" ({})", report.basis()) }
            ))
        }
        _ => None,
    }
}

/// The headline sentence of balance and paired reports, or the system's own
/// ([`RuleSystem::verdict`]: a best play, a best split).
pub fn verdict(report: &Report, system: &dyn RuleSystem) -> Option<String> {
    if let Some(b) = &report.balance {
        return Some(format!("{} Position: {}.", b.verdict, b.position));
    }
    if let Some(p) = &report.paired {
        let resolved = if p.ci95[0] > 0.0 {
            "A does more than B"
        } else if p.ci95[1] < 0.0 {
            "B does more than A"
        } else {
            "the difference is not resolved at 95 %"
        };
        return Some(format!(
            "Mean difference A − B = {:+.4} [{:+.4}, {:+.4}]: {resolved}. Common random numbers made this {:.1}× cheaper than two independent runs.",
            p.mean_difference, p.ci95[0], p.ci95[1], p.trial_saving
        ));
    }
    system.verdict(report)
}
