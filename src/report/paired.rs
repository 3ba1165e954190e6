//! The paired (common random numbers) layout's tables, charts and answer: A − B with its interval and
//! what pairing saved.

use super::charts::{Chart, Est};
use super::model::Report;
use super::table::Table;
use crate::analysis::RunResult;
use crate::analysis::paired::{A_VALUE, B_VALUE, DIFF};
use crate::analysis::paired::{Measure, Paired};
use crate::stats;
use crate::system::RuleSystem;
use crate::text::{ci, count, pct};

/// Loadouts A and B on common random numbers: the means and their difference, who does more,
/// and what the common random numbers saved.
/// The measure is named in the system's words (`measure` is its identifier, kept in
/// results.json), per the unit the paired resolution counts ("shot", "attack").
pub(super) fn tables(
    run: &RunResult,
    report: &Report,
    system: &dyn RuleSystem,
    a: &str,
    b: &str,
    measure: &str,
) -> Vec<Table> {
    let z = stats::z_value();
    let t = &run.output.tallies;
    let n = count(report.trials);
    let mut out = Vec::new();
    let p = report.paired.as_ref().expect("paired summary");
    let unit = paired_unit(run);
    let measure = &super::text::measure(report, system, measure);
    let mut tb = Table::new(
        format!("{measure} per {unit}, A = {a}, B = {b} ({n} paired trials)"),
        &["figure", "value", "95 % interval"],
        true,
    );
    let ma = t[0].moments(A_VALUE);
    let mb = t[0].moments(B_VALUE);
    tb.rows.push(vec![format!("mean {measure}, A"), format!("{:.4}", ma.mean), format!("± {:.4}", z * ma.stderr)]);
    tb.rows.push(vec![format!("mean {measure}, B"), format!("{:.4}", mb.mean), format!("± {:.4}", z * mb.stderr)]);
    tb.rows.push(vec![
        "mean difference A − B".into(),
        format!("{:+.4}", p.mean_difference),
        format!("[{:+.4}, {:+.4}]", p.ci95[0], p.ci95[1]),
    ]);
    for (i, name) in [(0, "P(A does more than B)"), (1, "P(B does more than A)"), (2, "P(same)")] {
        let e = t[0].event(i, z);
        tb.rows.push(vec![name.into(), pct(e.p), ci(e.lo, e.hi)]);
    }
    out.push(tb);
    let mut crn = Table::new("What common random numbers saved", &["figure", "value"], true);
    crn.rows.push(vec!["variance of A − B: independent runs ÷ paired run".into(), format!("{:.2}×", p.trial_saving)]);
    crn.rows.push(vec![
        "trials per loadout two independent runs would need for this interval".into(),
        count(p.independent_trials_needed.round() as u64),
    ]);
    crn.rows.push(vec!["trials this paired run used".into(), count(report.trials)]);
    out.push(crn);
    out
}

/// What one side of a paired run resolves ("attack", "shot"): the unit of its A loadout.
fn paired_unit(run: &RunResult) -> &'static str {
    run.scenario.cells[0].trial.downcast::<Paired>().map_or("trial", |p| p.a.unit())
}

/// Loadouts A and B on common random numbers: both means, then the distribution of A − B on
/// the same dice (shifted back by the trial's offset so it reads as signed differences).
pub(super) fn charts(
    run: &RunResult,
    report: &Report,
    system: &dyn RuleSystem,
    a: &str,
    b: &str,
    measure: &str,
) -> Vec<(String, Chart)> {
    let z = stats::z_value();
    let sc = &run.scenario;
    let t = &run.output.tallies;
    let tail = report.basis();
    let Some(p) = sc.cells[0].trial.downcast::<Paired>() else { return Vec::new() };
    let unit = paired_unit(run);
    let measure = &super::text::measure(report, system, measure);
    let (ma, mb) = (t[0].moments(A_VALUE), t[0].moments(B_VALUE));
    let m = |x: stats::Moments| Est::mean(&x, z);
    let means = (
        "paired-means".into(),
        Chart::Grouped {
            title: format!("{}: mean {measure} per {unit} ({tail})", sc.name),
            x_label: "loadout".into(),
            y_label: format!("mean {measure}"),
            groups: vec![a.to_string(), b.to_string()],
            series: vec![(format!("mean {measure}"), vec![m(ma), m(mb)])],
            percent: false,
            highlight: None,
        },
    );
    let first = t[0].first(DIFF);
    let len = t[0].trimmed(DIFF).len();
    let pe = |q: stats::Proportion| Est::from(q);
    let difference = (
        "paired-difference".into(),
        Chart::Distribution {
            title: format!("{}: A − B on the same dice ({tail})", sc.name),
            x_label: format!("{measure}: A − B"),
            first: first as i64 - p.offset as i64,
            names: Vec::new(),
            exactly: (first..len).map(|v| pe(t[0].exactly(DIFF, v, z))).collect(),
            cumulative: (first..len).map(|v| pe(t[0].at_least(DIFF, v, z))).collect(),
            tail: super::charts::Tail::AtLeast,
            line_name: None,
            passes_from: None,
            rest: None,
        },
    );
    vec![means, difference]
}

/// A paired comparison: which side does more of the measure, by how much, in the measure's
/// words ("Bruiser + bat does more than Bruiser + knife: damage per attack 1.593 vs 0.886, a
/// difference of +0.7073 [+0.6945, +0.7202] …"); the side that does more leads.
pub(super) fn answer(
    run: &RunResult,
    report: &Report,
    system: &dyn RuleSystem,
    a: &str,
    b: &str,
    measure: &str,
) -> Option<String> {
    let p = report.paired.as_ref()?;
    let cell = report.cells.first()?;
    let (ma, mb) = (cell.metrics.0.get(A_VALUE)?.1.mean, cell.metrics.0.get(B_VALUE)?.1.mean);
    // The unit of the resolutions compared ("attack"), not of the paired trial itself.
    let unit = paired_unit(run);
    // An event (0/1 per trial) is compared as a probability, its difference in points.
    let event =
        run.scenario.cells[0].trial.downcast::<Paired>().is_some_and(|p| matches!(p.measure, Measure::Event(_)));
    let what = format!("{} per {unit}", super::text::measure(report, system, measure));
    let v = |x: f64| if event { pct(x) } else { format!("{x:.3}") };
    let diff = |d: f64, lo: f64, hi: f64| {
        if event {
            format!("{:+.2} percentage points [{:+.2}, {:+.2}]", d * 100.0, lo * 100.0, hi * 100.0)
        } else {
            format!("{d:+.4} [{lo:+.4}, {hi:+.4}]")
        }
    };
    // A measure of which less is better (the attacks a kill takes) is worded the other way: the
    // side that needs fewer leads.
    let paired = run.scenario.cells[0].trial.downcast::<Paired>();
    let less = paired.is_some_and(|p| p.a.less_is_better(measure));
    let more = match (event, less) {
        (true, _) => "more often than",
        (false, false) => "does more than",
        (false, true) => "needs fewer than",
    };
    // The side that does more (or needs fewer) leads, with its own mean first and the difference
    // taken its way.
    let (d, lo, hi) = (p.mean_difference, p.ci95[0], p.ci95[1]);
    // Taken so that a positive difference favours A: B − A when less is better.
    let (d, lo, hi) = if less { (-d, -hi, -lo) } else { (d, lo, hi) };
    let lead = if lo > 0.0 {
        format!("{a} {more} {b}: {what} {} vs {}, a difference of {}", v(ma), v(mb), diff(d, lo, hi))
    } else if hi < 0.0 {
        format!("{b} {more} {a}: {what} {} vs {}, a difference of {}", v(mb), v(ma), diff(-d, -hi, -lo))
    } else {
        format!(
            "{a} and {b} cannot be told apart at 95 %: {what} {} vs {}, a difference of {}",
            v(ma),
            v(mb),
            diff(d, lo, hi)
        )
    };
    let saving = if p.trial_saving >= 1.1 {
        format!("common random numbers made this {:.1}× cheaper than two independent runs", p.trial_saving)
    } else {
        "common random numbers saved nothing here".to_string()
    };
    Some(format!("{lead} ({} paired trials, 95 % interval; {saving}).", count(report.trials)))
}
