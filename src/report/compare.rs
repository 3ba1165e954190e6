//! The report of a loadout comparison (`Layout::Compare`): its grids, its charts and its answer.

use crate::analysis::RunResult;
use crate::analysis::scenario::{GridMeasure, Layout};
use crate::report::charts::{Chart, Est};
use crate::report::grid::{basis, capital, cell_text, est_mean, head, markers, note, say, title, value, words};
use crate::report::model::Report;
use crate::report::table::Table;
use crate::report::text;
use crate::stats;
use crate::system::RuleSystem;
use crate::text::{mean_ci, pct_ci};

/// Loadouts × targets: the measure first (with the best loadout against each target and where
/// the measure comes from), then the expected damage markers (the headline metrics' means), then
/// the other key events, one grid each.
pub(super) fn tables(
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
    let mut lead = grid(format!("{} ({basis})", title(report, system, m)), true, &|c| cell_text(report, c, m));
    lead.rows.push(best_row(report, loadouts, targets, m));
    lead.notes.push(note(report, system, m, "compare", trial.unit()));
    let mut out = vec![lead];
    for name in markers(trial, m) {
        out.push(grid(format!("Expected {} ({basis})", text::metric(report, system, name)), true, &|c| {
            report.cells[c].metrics.get(name).map(|mr| mean_ci(mr.mean, mr.stderr, z)).unwrap_or_else(|| "–".into())
        }));
    }
    for e in trial.key_events().into_iter().filter(|e| *e != m.name) {
        out.push(grid(format!("{} ({basis})", text::short(report, system, e)), false, &|c| {
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
        let vals: Vec<f64> =
            (0..loadouts.len()).map(|li| value(report, li * targets.len() + ti, m).map_or(f64::NAN, |e| e.v)).collect();
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

/// Loadouts × targets, one series per loadout: the measure first (what the grid ranks by), then
/// the expected damage markers (the headline metrics' means).
pub(super) fn charts(
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
    let head = head(report, system, m);
    out.push((
        format!("compare-{}", m.name),
        Chart::Grouped {
            title: format!("{}: {head} per {what} ({title_tail})", sc.name),
            x_label: "target".into(),
            y_label: head.clone(),
            groups: targets.to_vec(),
            series: series(&|c| value(report, c, m).unwrap_or(Est::ZERO)),
            percent: m.event,
            highlight: None,
        },
    ));
    for name in markers(&sc.cells[0].trial, m) {
        let title = text::metric(report, system, name);
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

/// Where the comparison's measure ties every loadout against target `ti`: the first of the
/// system's fallback measures ([`crate::system::SystemDef::fallback_measures`]) that tells them
/// apart, every loadout named in order ("by ★ + ♦ placed: Bruiser + bat 1.593, Bruiser + knife
/// 0.886"). A measure that sums metrics (`damage` = `stun` + `wounds`) sums their means, and
/// their 95 % half-widths (a bound on the sum's, whatever the metrics' correlation: it covers
/// at least 95 %). `None` when no fallback separates them.
fn fallback(
    report: &Report,
    system: &dyn RuleSystem,
    (loadouts, n_targets, ti): (&[String], usize, usize),
) -> Option<String> {
    let z = stats::z_value();
    for name in system.fallback_measures() {
        let parts: Vec<&str> = match system.measure_aliases().iter().find(|(n, _)| n == name) {
            Some((_, parts)) => parts.to_vec(),
            None => vec![*name],
        };
        let est = |c: usize| -> Option<Est> {
            let cell = report.cells.get(c)?;
            parts.iter().try_fold(Est { v: 0.0, lo: 0.0, hi: 0.0 }, |acc, p| {
                let m = cell.metrics.get(p)?;
                Some(Est { v: acc.v + m.mean, lo: acc.lo + m.mean - z * m.stderr, hi: acc.hi + m.mean + z * m.stderr })
            })
        };
        let Some(mut vals) = loadouts
            .iter()
            .enumerate()
            .map(|(li, l)| est(li * n_targets + ti).map(|e| (l, e)))
            .collect::<Option<Vec<_>>>()
        else {
            continue;
        };
        if vals.iter().all(|(_, e)| e.v == vals[0].1.v) {
            continue;
        }
        vals.sort_by(|a, b| b.1.v.partial_cmp(&a.1.v).unwrap_or(std::cmp::Ordering::Equal));
        let m = GridMeasure { name: name.to_string(), event: false, less_is_better: false, default: false };
        let listed: Vec<String> = vals.iter().map(|(l, e)| format!("{l} {}", say(*e, &m))).collect();
        return Some(format!("by mean {} instead: {}", text::measure(report, system, name), listed.join(", ")));
    }
    None
}

/// Loadouts × targets: against each target, every loadout from the best measure down, in one
/// sentence ("Out of action caused (K.O. or casualty) per attack: against Robin, Bruiser + bat
/// most often (12.63%), then Bruiser + knife 0.26%, Thug + pistol 0.00%; against …") — the
/// loadout in the middle is an answer too.
pub fn answer(run: &RunResult, report: &Report, system: &dyn RuleSystem) -> Option<String> {
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
        // The rest, in order, each with its figure: every loadout is named.
        let rest = |from: usize| -> String {
            let r: Vec<String> = ranked[from..].iter().map(|(l, e)| format!("{l} {}", say(*e, m))).collect();
            if r.is_empty() { String::new() } else { format!(", then {}", r.join(", ")) }
        };
        let part = match ranked.get(tied.len()) {
            None if ranked.len() > 1 => match fallback(report, system, (loadouts, targets.len(), ti)) {
                Some(f) => format!("against {t}, every loadout gives {}; {f}", say(top, m)),
                None => format!("against {t}, every loadout gives {}", say(top, m)),
            },
            None => format!("against {t}, {best}: {}", say(top, m)),
            _ if tied.len() > 1 => {
                format!("against {t}, {} tie at {}{}", tied.join(" and "), say(top, m), rest(tied.len()))
            }
            Some(&(_, second)) => {
                // Sampled: say so when the two intervals overlap (the order is not settled).
                let unresolved = top.lo != top.hi && top.lo <= second.hi && second.lo <= top.hi;
                format!(
                    "against {t}, {best} {} ({}){}{}",
                    match (m.event, m.less_is_better) {
                        (true, false) => "most often",
                        (true, true) => "least often",
                        (false, false) => "highest",
                        (false, true) => "lowest",
                    },
                    say(top, m),
                    rest(1),
                    if unresolved { " (the first two intervals overlap)" } else { "" }
                )
            }
        };
        parts.push(part);
    }
    if parts.is_empty() {
        return None;
    }
    let mut s = format!("{} per {unit}: {}", capital(&words(report, system, m)), parts.join("; "));
    s.push_str(&basis(report));
    s.push('.');
    Some(s)
}
