//! The answer: one sentence that opens every report (terminal, `summary.md`, `index.html`) and
//! is `answer` in `results.json`, so a script or a page shows the same words a reader sees.
//!
//! Who words it, in order: the run's rule system, when the question is one of its own (a best
//! play, a best split, an arsenal, a sequence of attacks: [`RuleSystem::answer`]); else the
//! generic analysis the run is (balance verdict, paired difference, duel outcome, a grid's best
//! cell, a sweep's thresholds, a single resolution's key event). A sentence gives a probability
//! exactly (with its fraction) when the cell was enumerated and with its 95 % interval when it
//! was sampled; where an exact figure and a sampled one both exist, the exact one is the answer
//! and the sampled one is named as its check, with its z.

use crate::analysis::RunResult;
use crate::analysis::scenario::Layout;
use crate::report::model::{EventReport, Report};
use crate::report::text::{event_title, metric_title};
use crate::report::titles::KeyFigure;
use crate::system::RuleSystem;
use crate::text::{count, pct, pct_ci};

/// The answer sentence of a finished run, in `system`'s words (every run has one), with the
/// figure it gives first as data where that figure is one event of one cell (a single
/// resolution's key event, a sampled duel's P(A wins)); `None` where the sentence leads with
/// something else (a verdict, a difference, a best cell, a system's own sentence).
pub fn answer(run: &RunResult, report: &Report, system: &dyn RuleSystem) -> (String, Option<KeyFigure>) {
    if let Some(s) = system.answer(run, report) {
        return (s, None);
    }
    let lead = || (lead_events(run, report, system, 0), lead_key(run, report, system, 0));
    if let Some(b) = &report.balance {
        return (b.verdict_text.clone(), None);
    }
    let generic = match &run.scenario.layout {
        Layout::Paired { a, b, measure } => paired(run, report, system, a, b, measure).map(|s| (s, None)),
        Layout::Duel { a, b } => duel(report, a, b).map(|s| {
            // Solved exactly, the answer leads with the exact outcome, not a cell's event.
            let key = if report.exact_duel.is_some() { None } else { key_event(report, system, 0, "a_wins") };
            (s, key)
        }),
        Layout::Single => Some(lead()),
        _ => super::tables::grid_answer(run, report, system).map(|s| (s, None)),
    };
    generic.unwrap_or_else(lead)
}

/// The key event [`lead_events`] opens with for cell `i`, as a [`KeyFigure`].
fn lead_key(run: &RunResult, report: &Report, system: &dyn RuleSystem, i: usize) -> Option<KeyFigure> {
    let cell = report.cells.get(i)?;
    let lead = run.scenario.cells[i].trial.key_events().into_iter().find(|k| cell.events.get(k).is_some())?;
    key_event(report, system, i, lead)
}

/// The key figure for event `name` of cell `cell`, if the cell has it.
fn key_event(report: &Report, system: &dyn RuleSystem, cell: usize, name: &str) -> Option<KeyFigure> {
    let e = report.cells.get(cell)?.events.get(name)?;
    Some(KeyFigure {
        cell,
        event: name.to_string(),
        title: event_title(system, name),
        p: e.p,
        ci95: e.ci95,
        exact: e.exact.clone(),
    })
}

/// A probability as an answer gives it: "75.27% (exact, 1099/1458)" for an enumerated one,
/// "75.27% [75.18, 75.35]" for a sampled one.
pub fn prob(e: &EventReport) -> String {
    match &e.exact {
        Some(f) if f.contains('/') => format!("{} (exact, {f})", pct(e.p)),
        _ if e.ci95[0] == e.ci95[1] => format!("{} (exact)", pct(e.p)),
        _ => pct_ci(e.p, e.ci95[0], e.ci95[1]),
    }
}

/// A proportion as an answer gives it (see [`prob`]).
pub fn proportion(p: &crate::stats::Proportion) -> String {
    if p.exact {
        let f = crate::stats::fraction(p.count, p.trials);
        return if f.contains('/') { format!("{} (exact, {f})", pct(p.p)) } else { format!("{} (exact)", pct(p.p)) };
    }
    pct_ci(p.p, p.lo, p.hi)
}

/// What a zero says: "impossible here (exact)" or "never happened in 20,000 trials (95 %
/// upper bound 0.019%)".
pub fn zero(report: &Report, e: &EventReport) -> String {
    if e.ci95[0] == e.ci95[1] {
        "impossible here (exact)".to_string()
    } else {
        format!("never happened in {} trials (95 % upper bound {})", count(report.trials), pct(e.ci95[1]))
    }
}

/// A single resolution's answer from cell `i`: its key event — the question its kind asks —
/// with the next key event that can happen when the first cannot ("K.O. caused: impossible
/// here (exact); at least one hit: 50.00% (exact, 1/2) per attack.").
pub fn lead_events(run: &RunResult, report: &Report, system: &dyn RuleSystem, i: usize) -> String {
    let (sc, cell) = (&run.scenario, &report.cells[i]);
    let trial = &sc.cells[i].trial;
    let keys: Vec<&str> = trial.key_events().into_iter().filter(|k| cell.events.get(k).is_some()).collect();
    let basis = |e: &EventReport| {
        if e.ci95[0] == e.ci95[1] { String::new() } else { format!(" ({})", report.basis()) }
    };
    let Some(&lead) = keys.first() else {
        // No event to lead with: the first measure's mean.
        return match cell.metrics.0.first() {
            Some((name, m)) => {
                format!("{}: {:.3} on average per {}.", metric_title(system, name), m.mean, trial.unit())
            }
            None => format!("{} cells, {}.", report.cells.len(), report.basis()),
        };
    };
    let e = cell.events.get(lead).expect("a key event the cell has");
    // A certain event says little on its own: the first headline measure says how much.
    let how_much = match trial.headline_metrics().first().and_then(|m| cell.metrics.get(m).map(|r| (m, r))) {
        Some((m, r)) if e.p == 1.0 && r.sd == 0.0 => format!("; {}: always {}", metric_title(system, m), r.mean),
        Some((m, r)) if e.p == 1.0 => format!("; {}: {:.3} on average", metric_title(system, m), r.mean),
        _ => String::new(),
    };
    if e.p > 0.0 {
        return format!("{}: {}{how_much} per {}{}.", event_title(system, lead), prob(e), trial.unit(), basis(e));
    }
    let first = format!("{}: {}", event_title(system, lead), zero(report, e));
    match keys.iter().find(|k| cell.events.get(k).is_some_and(|e| e.p > 0.0)) {
        Some(next) => {
            let n = cell.events.get(next).expect("a key event the cell has");
            format!("{first}; {}: {} per {}{}.", event_title(system, next), prob(n), trial.unit(), basis(n))
        }
        None => format!("{first} per {}.", trial.unit()),
    }
}

/// A duel: who wins how often. Solved exactly, the exact outcome is the answer and the sampled
/// duel its check (with z = (sampled − exact) / its standard error under the exact value).
fn duel(report: &Report, a: &str, b: &str) -> Option<String> {
    let cell = report.cells.first()?;
    let ev = |n: &str| cell.events.get(n);
    let (aw, bw, dr) = (ev("a_wins")?, ev("b_wins")?, ev("draw")?);
    let Some(x) = &report.exact_duel else {
        return Some(format!(
            "{a} wins {}, {b} wins {}, draw {} ({}).",
            pct_ci(aw.p, aw.ci95[0], aw.ci95[1]),
            pct_ci(bw.p, bw.ci95[0], bw.ci95[1]),
            pct_ci(dr.p, dr.ci95[0], dr.ci95[1]),
            report.per_cell("duels")
        ));
    };
    let [w, d, l] = x.outcome();
    let z = |sampled: f64, exact: f64| format!("z = {}", super::duels::z_score(sampled, exact, report.trials));
    Some(format!(
        "{a} wins {} of duels, {b} wins {}, draw {} (solved exactly with the configured play); sampled check over {} duels: {a} wins {}, {}.",
        pct(w),
        pct(l),
        pct(d),
        count(report.trials),
        pct_ci(aw.p, aw.ci95[0], aw.ci95[1]),
        z(aw.p, w)
    ))
}

/// A paired comparison: which side does more of the measure, by how much, in the measure's
/// words ("Bruiser + bat does more than Bruiser + knife: damage per attack 1.593 vs 0.886, a
/// difference of +0.7073 [+0.6945, +0.7202] …"); the side that does more leads.
fn paired(
    run: &RunResult,
    report: &Report,
    system: &dyn RuleSystem,
    a: &str,
    b: &str,
    measure: &str,
) -> Option<String> {
    use crate::analysis::paired::{A_VALUE, B_VALUE};
    let p = report.paired.as_ref()?;
    let cell = report.cells.first()?;
    let (ma, mb) = (cell.metrics.0.get(A_VALUE)?.1.mean, cell.metrics.0.get(B_VALUE)?.1.mean);
    // The unit of the resolutions compared ("attack"), not of the paired trial itself.
    let unit = match run.scenario.cells[0].trial.downcast::<crate::analysis::paired::Paired>() {
        Some(p) => p.a.unit(),
        None => run.scenario.cells[0].trial.unit(),
    };
    let what = format!("{} per {unit}", metric_title(system, measure));
    // The side that does more leads, with its own mean first and the difference taken its way.
    let (d, lo, hi) = (p.mean_difference, p.ci95[0], p.ci95[1]);
    let lead = if lo > 0.0 {
        format!("{a} does more than {b}: {what} {ma:.3} vs {mb:.3}, a difference of {d:+.4} [{lo:+.4}, {hi:+.4}]")
    } else if hi < 0.0 {
        format!(
            "{b} does more than {a}: {what} {mb:.3} vs {ma:.3}, a difference of {:+.4} [{:+.4}, {:+.4}]",
            -d, -hi, -lo
        )
    } else {
        format!(
            "{a} and {b} cannot be told apart at 95 %: {what} {ma:.3} vs {mb:.3}, A − B = {d:+.4} [{lo:+.4}, {hi:+.4}]"
        )
    };
    let saving = if p.trial_saving >= 1.1 {
        format!("common random numbers made this {:.1}× cheaper than two independent runs", p.trial_saving)
    } else {
        "common random numbers saved nothing here".to_string()
    };
    Some(format!("{lead} ({} paired trials, 95 % interval; {saving}).", count(report.trials)))
}
