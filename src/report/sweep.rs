//! The report of a sweep, over one swept value (`Layout::Sweep`) or two (`Layout::Sweep2`): its
//! tables, its charts and its answer.

use crate::analysis::RunResult;
use crate::analysis::scenario::{GridMeasure, Layout, Param};
use crate::report::charts::{Chart, Est};
use crate::report::grid::{
    basis, capital, cell_text, est_event, est_mean, extremes, head, idle_axes, idle_note, idle_sweep, markers, note,
    say, title, value, words,
};
use crate::report::model::Report;
use crate::report::table::Table;
use crate::report::text;
use crate::stats;
use crate::system::RuleSystem;
use crate::text::{mean_ci, pct_ci};

/// The probabilities a sweep's answer says it reaches (or drops below).
pub(super) const THRESHOLDS: [f64; 2] = [0.5, 0.9];

/// One row per swept value: the measure (the terminal's table), then the damage markers' means
/// (in the terminal too when they fit 100 columns), then the other key events.
pub(super) fn tables(
    run: &RunResult,
    report: &Report,
    system: &dyn RuleSystem,
    param: &Param,
    m: &GridMeasure,
) -> Vec<Table> {
    let parameter = param.title.as_str();
    let z = stats::z_value();
    let sc = &run.scenario;
    let trial = &sc.cells[0].trial;
    let per = report.per_cell("trials per value");
    let metrics = markers(trial, m);
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
    let mut lead =
        by(format!("Sweep over {parameter} ({per})"), vec![head(report, system, m)], &|i, _| cell_text(report, i, m));
    lead.terminal = true;
    lead.notes.push(note(report, system, m, "sweep", trial.unit()));
    if idle_sweep(report) {
        lead.notes.extend(idle_note(run, parameter));
    }
    let mut out = vec![lead];
    if !metrics.is_empty() {
        let heads = metrics.iter().map(|n| format!("mean {}", text::metric(report, system, n))).collect();
        let mut means = by(format!("Means by {parameter} ({per})"), heads, &|i, k| {
            let h = report.cells[i].metrics.get(metrics[k]).expect("headline metric");
            mean_ci(h.mean, h.stderr, z)
        });
        means.terminal = fits(&means, 100);
        out.push(means);
    }
    if !events.is_empty() {
        let heads = events.iter().map(|e| text::short(report, system, e)).collect();
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
pub(super) fn tables2(
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
    let (x_words, y_words) = (axis_words(run, xs, 0, ys.len()), axis_words(run, ys, 1, 1));
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
    grid(format!("{} ({basis})", title(report, system, m)), true, &|c| cell_text(report, c, m));
    for (i, n) in markers(trial, m).into_iter().enumerate() {
        grid(
            format!("Expected {} ({})", text::metric(report, system, n), report.per_cell("trials per cell")),
            i == 0,
            &|c| {
                let h = report.cells[c].metrics.get(n).expect("headline metric");
                mean_ci(h.mean, h.stderr, z)
            },
        );
    }
    out[0].notes.push(note(report, system, m, "sweep", trial.unit()));
    let (idle_x, idle_y) = idle_axes(report, xs.len(), ys.len());
    for (idle, p) in [(idle_x, xp), (idle_y, yp)] {
        if idle {
            out[0].notes.extend(idle_note(run, &p.title));
        }
    }
    out
}

/// One swept value, as lines: the chart of the measure's kind first (probabilities for an
/// event, means for a metric), the measure its first series.
pub(super) fn charts(
    run: &RunResult,
    report: &Report,
    system: &dyn RuleSystem,
    (parameter, values): (&str, &[i64]),
    m: &GridMeasure,
) -> Vec<(String, Chart)> {
    let sc = &run.scenario;
    let title_tail = report.basis();
    // A yes/no field is drawn at 0 and 1: the axis says which is which.
    let x_label = if yes_no_axis(run, 0) { format!("{parameter} (0 = no, 1 = yes)") } else { parameter.to_string() };
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
                .map(|e| (text::short(report, system, e), (0..n).map(|c| est_event(report, c, e)).collect()))
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
                        format!("mean {}", text::metric(report, system, m)),
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
pub(super) fn charts2(
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
    let x_labels = axis_words(run, xs, 0, ys.len());
    let y_labels = axis_words(run, ys, 1, 1);
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
    let mut out = vec![heat(&m.name, head(report, system, m), m.event, &|c| value(report, c, m).unwrap_or(Est::ZERO))];
    if let Some(name) = markers(&sc.cells[0].trial, m).first().copied() {
        out.push(heat(name, format!("mean {}", text::metric(report, system, name)), false, &|c| {
            est_mean(report, c, name)
        }));
    }
    out
}

/// The swept values of one axis as the cells say them (`axis` 0 is x, 1 is y; cell `i * stride`
/// holds the axis's value `i`): numbers as written, a yes/no field's `false` / `true` as "no" / "yes",
/// which the layout holds as 0 and 1 for the charts' axes.
pub fn axis_words(run: &RunResult, values: &[i64], axis: usize, stride: usize) -> Vec<String> {
    let cells = &run.scenario.cells;
    values
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let param = cells.get(i * stride).and_then(|c| c.params.get(axis)).map(|(_, p)| p);
            match param {
                Some(serde_json::Value::Bool(b)) => (if *b { "yes" } else { "no" }).to_string(),
                Some(p) => p.to_string(),
                None => v.to_string(),
            }
        })
        .collect()
}

/// Cell `c`'s value on `axis` in full, as its [`Param`] says it ("target's Defense 3", "no
/// cover"); cells of a 1-D sweep are its values in order (`stride` 1).
fn said(run: &RunResult, param: &Param, c: usize, axis: usize, stride: usize) -> String {
    match run.scenario.cells.get(c * stride).and_then(|cell| cell.params.get(axis)) {
        Some((_, v)) => param.say(v),
        None => param.title.clone(),
    }
}

/// Whether an axis swept a yes/no field (its values are `false` / `true`, drawn as 0 and 1).
pub fn yes_no_axis(run: &RunResult, axis: usize) -> bool {
    run.scenario.cells.first().and_then(|c| c.params.get(axis)).is_some_and(|(_, p)| p.is_boolean())
}

/// One swept value: the measure's range, and where it reaches (or drops below) 50 % and 90 %
/// and where it becomes 0 ("Out of action caused per attack goes from 36.42% at target.defense =
/// 3 to 0.00% at 8; below 50% from 4; 0 from 7 on (exact).").
pub fn answer(run: &RunResult, report: &Report, system: &dyn RuleSystem) -> Option<String> {
    let Layout::Sweep { parameter: param, values, measure: m } = &run.scenario.layout else { return None };
    let p = &param.title;
    // A value in full ("target's Defense 3", "no cover") and, after the first, alone ("6"),
    // unless it is a yes/no, which only reads in full.
    let full = |i: usize| said(run, param, i, 0, 1);
    let values: &Vec<String> =
        &if yes_no_axis(run, 0) { (0..values.len()).map(full).collect() } else { axis_words(run, values, 0, 1) };
    let unit = run.scenario.cells.first()?.trial.unit();
    let vs: Vec<Est> = (0..values.len()).map(|c| value(report, c, m)).collect::<Option<_>>()?;
    let (first, last) = (vs.first()?, vs.last()?);
    if idle_sweep(report) {
        return Some(format!(
            "{} per {unit} is {} at every {p}: {p} changes no number here{}.",
            capital(&words(report, system, m)),
            say(vs[0], m),
            basis(report)
        ));
    }
    let mut s = format!(
        "{} per {unit} goes from {} at {} to {} at {}",
        capital(&words(report, system, m)),
        say(*first, m),
        full(0),
        say(*last, m),
        values[values.len() - 1]
    );
    let (hi, lo) = extremes(&vs);
    if hi != 0 && hi != vs.len() - 1 {
        s.push_str(&format!(" (highest {} at {})", say(vs[hi], m), values[hi]));
    } else if lo != 0 && lo != vs.len() - 1 {
        s.push_str(&format!(" (lowest {} at {})", say(vs[lo], m), values[lo]));
    }
    if m.event {
        let mut marks = Vec::new();
        for t in THRESHOLDS {
            let above: Vec<bool> = vs.iter().map(|e| e.v >= t).collect();
            match above.iter().position(|&a| a != above[0]) {
                Some(i) if above[i] => marks.push(format!("{} or more from {}", share(t), full(i))),
                Some(i) => marks.push(format!("below {} from {}", share(t), full(i))),
                None => {}
            }
        }
        if let Some(i) = (0..vs.len()).find(|&i| vs[i..].iter().all(|e| e.v == 0.0))
            && i > 0
        {
            marks.push(format!("0 from {} on", full(i)));
        }
        if !marks.is_empty() {
            s.push_str(&format!("; {}", marks.join("; ")));
        }
    }
    s.push_str(&basis(report));
    s.push('.');
    Some(s)
}

/// Two swept values: the best cell and the worst, and how many cells reach 50 % and 90 % (with
/// the least `x` that does at each `y`, the frontier).
pub fn answer2(run: &RunResult, report: &Report, system: &dyn RuleSystem) -> Option<String> {
    let Layout::Sweep2 { x: xp, xs, y: yp, ys, measure: m } = &run.scenario.layout else { return None };
    let (x, y) = (&xp.title, &yp.title);
    let n_y = ys.len();
    // Cell c's x and y values in full ("attacker's Effort 3", "no cover").
    let (x_at, y_at) = (|c: usize| said(run, xp, c, 0, 1), |c: usize| said(run, yp, c, 1, 1));
    let (xs, ys) = (&axis_words(run, xs, 0, ys.len()), &axis_words(run, ys, 1, 1));
    let unit = run.scenario.cells.first()?.trial.unit();
    let vs: Vec<Est> = (0..xs.len() * ys.len()).map(|c| value(report, c, m)).collect::<Option<_>>()?;
    let (idle_x, idle_y) = idle_axes(report, xs.len(), ys.len());
    let at = |c: usize| match (idle_x, idle_y) {
        (true, false) => y_at(c),
        (false, true) => x_at(c),
        _ => format!("{}, {}", x_at(c), y_at(c)),
    };
    let (hi, lo) = extremes(&vs);
    let (best, worst) = if m.less_is_better { (lo, hi) } else { (hi, lo) };
    let mut s = if vs[best].v == vs[worst].v {
        format!("{} per {unit} is {} in every cell", capital(&words(report, system, m)), say(vs[best], m))
    } else {
        format!(
            "{} per {unit} is best at {} ({}) and worst at {} ({})",
            capital(&words(report, system, m)),
            at(best),
            say(vs[best], m),
            at(worst),
            say(vs[worst], m)
        )
    };
    for (idle, p) in [(idle_x, x), (idle_y, y)] {
        if idle {
            s.push_str(&format!(", whatever the {p} (it changes no number here)"));
        }
    }
    if m.event && vs[best].v != vs[worst].v {
        for t in THRESHOLDS {
            if THRESHOLDS.iter().any(|&u| u > t && vs.iter().all(|e| e.v >= u)) {
                continue; // every cell 90 % or more says 50 % too
            }
            let n = vs.iter().filter(|e| e.v >= t).count();
            if n == 0 {
                // Never 50 %: never 90 % either.
                s.push_str(&format!("; never {} or more", share(t)));
                break;
            }
            if n == vs.len() {
                s.push_str(&format!("; {} or more in every cell", share(t)));
                continue;
            }
            let frontier: Vec<String> = ys
                .iter()
                .enumerate()
                .filter_map(|(yi, _)| {
                    (0..xs.len())
                        .find(|&xi| vs[xi * n_y + yi].v >= t)
                        .map(|xi| format!("at {} from {}", y_at(xi * n_y + yi), x_at(xi * n_y + yi)))
                })
                .collect();
            s.push_str(&format!("; {} or more in {n} of {} cells ({})", share(t), vs.len(), frontier.join(", ")));
        }
    }
    s.push_str(&basis(report));
    s.push('.');
    Some(s)
}

/// A threshold as a sentence writes it: "50%".
fn share(t: f64) -> String {
    format!("{:.0}%", t * 100.0)
}
