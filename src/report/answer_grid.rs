//! The answer of a grid — `compare`, `sweep`, two-dimensional `sweep` — in one sentence, in the
//! words of the run's system, from its measure ([`GridMeasure`]: the config's `measure`, or the
//! outcome that decides games in that system): which loadout does most against each target and
//! by how much; where a sweep crosses the thresholds that matter; a grid's best cell and how much
//! of it reaches them. Also the measure's words and values the grids' tables and charts lead with.

use crate::analysis::RunResult;
use crate::analysis::cell::Cell;
use crate::analysis::scenario::{GridMeasure, Layout};
use crate::report::charts::Est;
use crate::report::model::Report;
use crate::report::text::{event_short, event_title, metric_title};
use crate::stats;
use crate::system::RuleSystem;
use crate::text::{mean_ci, pct_ci};

/// The probabilities a sweep's answer says it reaches (or drops below).
const THRESHOLDS: [f64; 2] = [0.5, 0.9];

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
pub(crate) fn head(system: &dyn RuleSystem, m: &GridMeasure) -> String {
    if m.event { event_short(system, &m.name) } else { format!("mean {}", metric_title(system, &m.name)) }
}

/// The measure as a grid's title: "P(K.O. or casualty)", "Expected damage (wounds)".
pub(crate) fn title(system: &dyn RuleSystem, m: &GridMeasure) -> String {
    if m.event { event_short(system, &m.name) } else { format!("Expected {}", metric_title(system, &m.name)) }
}

/// The measure in a sentence: "out of action caused (K.O. or casualty)", "mean damage (wounds)".
pub(crate) fn words(system: &dyn RuleSystem, m: &GridMeasure) -> String {
    if m.event { event_title(system, &m.name) } else { format!("mean {}", metric_title(system, &m.name)) }
}

/// Where the measure came from, under a grid it leads: the system's default (the outcome that
/// decides its games) or the config's `measure`, and how to choose another.
pub(crate) fn note(system: &dyn RuleSystem, m: &GridMeasure, section: &str, unit: &str) -> String {
    if m.default {
        format!(
            "Measure: {} per {unit}, the default for this game (the outcome that decides it); `measure = \"…\"` in [{section}] names another event or metric.",
            words(system, m)
        )
    } else {
        format!("Measure: {} per {unit} (`measure = \"{}\"` in [{section}]).", words(system, m), m.name)
    }
}

/// The headline metrics a grid shows as means beside its measure (the damage markers: hits, ★
/// and ♦ of a Batman attack), at most three, not the measure itself, not codes.
pub(crate) fn markers(trial: &Cell, m: &GridMeasure) -> Vec<&'static str> {
    trial.headline_metrics().iter().copied().filter(|n| *n != m.name && !trial.is_category(n)).take(3).collect()
}

/// `e` in a sentence: a probability with its interval, or a mean ± its half-width (exact: alone).
fn say(e: Est, m: &GridMeasure) -> String {
    if m.event {
        pct_ci(e.v, e.lo, e.hi)
    } else if e.lo == e.hi {
        format!("{:.3}", e.v)
    } else {
        format!("{:.3} ± {:.3}", e.v, e.hi - e.v)
    }
}

/// How the numbers were obtained, closing a sentence: " (exact)" or " (20,000 trials, 95 % intervals)".
fn basis(report: &Report) -> String {
    format!(" ({})", report.basis())
}

/// Loadouts × targets: against each target, the loadout with the best measure and the runner-up,
/// in one sentence ("Out of action caused (K.O. or casualty) per attack: against Robin, Bruiser +
/// bat does best, 12.63% vs 0.26% for Bruiser + knife; against …").
pub fn compare_answer(run: &RunResult, report: &Report, system: &dyn RuleSystem) -> Option<String> {
    let Layout::Compare { loadouts, targets, measure: m } = &run.scenario.layout else { return None };
    let unit = run.scenario.cells.first()?.trial.unit();
    let mut parts = Vec::new();
    for (ti, t) in targets.iter().enumerate() {
        let mut ranked: Vec<(&String, Est)> = loadouts
            .iter()
            .enumerate()
            .filter_map(|(li, l)| value(report, li * targets.len() + ti, m).map(|e| (l, e)))
            .collect();
        ranked.sort_by(|a, b| {
            let o = a.1.v.partial_cmp(&b.1.v).unwrap_or(std::cmp::Ordering::Equal);
            if m.less_is_better { o } else { o.reverse() }
        });
        let Some(&(best, top)) = ranked.first() else { continue };
        let tied: Vec<&str> = ranked.iter().filter(|(_, e)| e.v == top.v).map(|(l, _)| l.as_str()).collect();
        let part = match ranked.iter().find(|(_, e)| e.v != top.v) {
            _ if tied.len() == ranked.len() => format!("against {t}, every loadout gives {}", say(top, m)),
            _ if tied.len() > 1 => format!("against {t}, {} tie at {}", tied.join(" and "), say(top, m)),
            None => format!("against {t}, {best}: {}", say(top, m)),
            Some(&(next, second)) => {
                // Sampled: say so when the two intervals overlap (the order is not settled).
                let unresolved = top.lo != top.hi && top.lo <= second.hi && second.lo <= top.hi;
                format!(
                    "against {t}, {best} {}, {} vs {} for {next}{}",
                    match (m.event, m.less_is_better) {
                        (true, false) => "most often",
                        (true, true) => "least often",
                        (false, false) => "highest",
                        (false, true) => "lowest",
                    },
                    say(top, m),
                    say(second, m),
                    if unresolved { " (their intervals overlap)" } else { "" }
                )
            }
        };
        parts.push(part);
    }
    if parts.is_empty() {
        return None;
    }
    let mut s = format!("{} per {unit}: {}", capital(&words(system, m)), parts.join("; "));
    s.push_str(&basis(report));
    s.push('.');
    Some(s)
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

/// Whether an axis swept a yes/no field (its values are `false` / `true`, drawn as 0 and 1).
pub fn yes_no_axis(run: &RunResult, axis: usize) -> bool {
    run.scenario.cells.first().and_then(|c| c.params.get(axis)).is_some_and(|(_, p)| p.is_boolean())
}

/// One swept value: the measure's range, and where it reaches (or drops below) 50 % and 90 %
/// and where it becomes 0 ("Out of action caused per attack goes from 36.42% at target.defense =
/// 3 to 0.00% at 8; below 50% from 4; 0 from 7 on (exact).").
pub fn sweep_answer(run: &RunResult, report: &Report, system: &dyn RuleSystem) -> Option<String> {
    let Layout::Sweep { parameter: p, values, measure: m } = &run.scenario.layout else { return None };
    let p = &p.title;
    let values = &axis_words(run, values, 0, 1);
    let unit = run.scenario.cells.first()?.trial.unit();
    let vs: Vec<Est> = (0..values.len()).map(|c| value(report, c, m)).collect::<Option<_>>()?;
    let (first, last) = (vs.first()?, vs.last()?);
    if idle_sweep(report) {
        return Some(format!(
            "{} per {unit} is {} at every {p}: {p} changes no number here{}.",
            capital(&words(system, m)),
            say(vs[0], m),
            basis(report)
        ));
    }
    let mut s = format!(
        "{} per {unit} goes from {} at {p} = {} to {} at {}",
        capital(&words(system, m)),
        say(*first, m),
        values[0],
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
                Some(i) if above[i] => marks.push(format!("{} or more from {p} = {}", share(t), values[i])),
                Some(i) => marks.push(format!("below {} from {p} = {}", share(t), values[i])),
                None => {}
            }
        }
        if let Some(i) = (0..vs.len()).find(|&i| vs[i..].iter().all(|e| e.v == 0.0))
            && i > 0
        {
            marks.push(format!("0 from {p} = {} on", values[i]));
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
pub fn sweep2_answer(run: &RunResult, report: &Report, system: &dyn RuleSystem) -> Option<String> {
    let Layout::Sweep2 { x, xs, y, ys, measure: m } = &run.scenario.layout else { return None };
    let (x, y) = (&x.title, &y.title);
    let (xs, ys) = (&axis_words(run, xs, 0, ys.len()), &axis_words(run, ys, 1, 1));
    let unit = run.scenario.cells.first()?.trial.unit();
    let vs: Vec<Est> = (0..xs.len() * ys.len()).map(|c| value(report, c, m)).collect::<Option<_>>()?;
    let (idle_x, idle_y) = idle_axes(report, xs.len(), ys.len());
    let at = |c: usize| match (idle_x, idle_y) {
        (true, false) => format!("{y} = {}", ys[c % ys.len()]),
        (false, true) => format!("{x} = {}", xs[c / ys.len()]),
        _ => format!("{x} = {}, {y} = {}", xs[c / ys.len()], ys[c % ys.len()]),
    };
    let (hi, lo) = extremes(&vs);
    let (best, worst) = if m.less_is_better { (lo, hi) } else { (hi, lo) };
    let mut s = if vs[best].v == vs[worst].v {
        format!("{} per {unit} is {} in every cell", capital(&words(system, m)), say(vs[best], m))
    } else {
        format!(
            "{} per {unit} is best at {} ({}) and worst at {} ({})",
            capital(&words(system, m)),
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
                .filter_map(|(yi, yv)| {
                    (0..xs.len())
                        .find(|&xi| vs[xi * ys.len() + yi].v >= t)
                        .map(|xi| format!("at {y} = {yv} from {x} = {}", xs[xi]))
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

/// Whether cells `a` and `b` gave the very same results (every event's probability, every
/// metric's distribution): an exact grid whose swept value cannot change the numbers.
fn same_results(report: &Report, a: usize, b: usize) -> bool {
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
fn extremes(vs: &[Est]) -> (usize, usize) {
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
fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
