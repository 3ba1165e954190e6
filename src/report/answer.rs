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
use crate::report::text;
use crate::report::titles::KeyFigure;
use crate::system::RuleSystem;
use crate::text::{count, pct, pct_ci};

/// The answer sentence of a finished run, in `system`'s words (every run has one), with the
/// figure it gives first as data where that figure is one event of one cell (a single
/// resolution's key event, a sampled duel's P(A wins)); `None` where the sentence leads with
/// something else (a verdict, a difference, a best cell, a system's own sentence that does not
/// give the key event's figure).
pub fn answer(run: &RunResult, report: &Report, system: &dyn RuleSystem) -> (String, Option<KeyFigure>) {
    if let Some(s) = system.answer(run, report) {
        // A system's sentence about one resolution whose first percentage is the cell's key
        // event (Take the Lead's round 1, the encounter's hole, the Let's Go! chain's first link)
        // keeps it as the key figure; one that leads with another figure has none.
        let key = matches!(run.scenario.layout, Layout::Single)
            .then(|| lead_key(run, report, system, 0))
            .flatten()
            .filter(|k| s.find(&pct(k.p)).is_some_and(|i| !s[..i].contains('%')));
        return (s, key);
    }
    let lead = || (lead_events(run, report, system, 0), lead_key(run, report, system, 0));
    if let Some(b) = &report.balance {
        return (b.verdict_text.clone(), None);
    }
    let generic = match &run.scenario.layout {
        Layout::Paired { a, b, measure } => {
            super::paired::answer(run, report, system, a, b, measure).map(|s| (s, None))
        }
        Layout::Duel { a, b } => super::duel::answer(report, a, b).map(|s| {
            // Solved exactly, the answer leads with the exact outcome, not a cell's event.
            let key = if report.exact_duel.is_some() { None } else { key_event(report, system, 0, "a_wins") };
            (s, key)
        }),
        Layout::Single => Some(lead()),
        Layout::Compare { .. } => super::compare::answer(run, report, system).map(|s| (s, None)),
        Layout::Sweep { .. } => super::sweep::answer(run, report, system).map(|s| (s, None)),
        Layout::Sweep2 { .. } => super::sweep::answer2(run, report, system).map(|s| (s, None)),
        Layout::Gang => report.gang.as_ref().map(|g| (super::gang::answer(report, g), None)),
        Layout::Balance(_) | Layout::Own(_) => None,
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
        title: text::event(report, system, name),
        p: e.p,
        ci95: e.ci95,
        exact: e.exact.clone(),
    })
}

pub use super::text::prob;

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
                format!("{}: {:.3} on average per {}.", text::metric(report, system, name), m.mean, trial.unit())
            }
            None => format!("{} cells, {}.", report.cells.len(), report.basis()),
        };
    };
    let e = cell.events.get(lead).expect("a key event the cell has");
    // A certain event says little on its own: the first headline measure says how much.
    let how_much = match trial.headline_metrics().first().and_then(|m| cell.metrics.get(m).map(|r| (m, r))) {
        Some((m, r)) if e.p == 1.0 && r.sd == 0.0 => {
            format!("; {}: always {}", text::metric(report, system, m), r.mean)
        }
        Some((m, r)) if e.p == 1.0 => format!("; {}: {:.3} on average", text::metric(report, system, m), r.mean),
        _ => String::new(),
    };
    if e.p > 0.0 {
        return format!(
            "{}: {}{how_much} per {}{}.",
            text::event(report, system, lead),
            prob(e),
            trial.unit(),
            basis(e)
        );
    }
    let first = format!("{}: {}", text::event(report, system, lead), zero(report, e));
    match keys.iter().find(|k| cell.events.get(k).is_some_and(|e| e.p > 0.0)) {
        Some(next) => {
            let n = cell.events.get(next).expect("a key event the cell has");
            format!("{first}; {}: {} per {}{}.", text::event(report, system, next), prob(n), trial.unit(), basis(n))
        }
        None => format!("{first} per {}.", trial.unit()),
    }
}
