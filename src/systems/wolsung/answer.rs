//! The answer sentences of Wolsung reports whose question the generic layer cannot word: a
//! spell (does the target go down), the shooting grid (which gun and card policy takes the
//! target down most often, where) and the melee table (on guard or parry).

use super::report::WolsungLayout;
use super::rules::TrialWolsung as W;
use crate::analysis::RunResult;
use crate::analysis::scenario::Layout;
use crate::report::answer::proportion;
use crate::report::model::Report;
use crate::stats;
use crate::text::mean_ci;

/// Event index of "target down this turn" in a shooting cell (the grid's table reads it there).
const SHOT_DOWN: usize = 2;
/// Metric index of the damage to the defender in a melee cell.
const MELEE_DAMAGE: usize = 0;
/// Event index of "defender down" in a melee cell.
const MELEE_DEFENDER_DOWN: usize = 2;

/// The answer of a Wolsung run, when it is one of the questions above.
pub fn answer(run: &RunResult, report: &Report) -> Option<String> {
    let sc = &run.scenario;
    match (&sc.layout, sc.layout.get::<WolsungLayout>()) {
        (Layout::Single, _) => match sc.cells[0].trial.downcast::<W>()? {
            W::Magic(_) => magic(report),
            _ => None,
        },
        (_, Some(WolsungLayout::ShootingGrid { rows, cols, index })) => shooting(run, report, rows, cols, index),
        (_, Some(WolsungLayout::MeleeTable)) => melee(run, report),
        _ => None,
    }
}

/// A spell is cast to take its target down: that is the answer, the casting its condition.
fn magic(report: &Report) -> Option<String> {
    let c = &report.cells[0];
    let (down, cast) = (c.events.get("target_down")?, c.events.get("cast")?);
    Some(format!(
        "The target goes down {} per spell; the spell is cast (its cards paid) {}.",
        crate::report::answer::prob(down),
        crate::report::answer::prob(cast)
    ))
}

/// Which row (gun — card policy) takes the target down most often in each column (distance,
/// reaction, cover), grouped by row: "Rifle — fewest_to_win in 12 of 18 situations (…)".
fn shooting(
    run: &RunResult,
    report: &Report,
    rows: &[String],
    cols: &[String],
    index: &[Vec<Option<usize>>],
) -> Option<String> {
    let (t, z) = (&run.output.tallies, stats::z_value());
    let mut groups: Vec<(usize, Vec<usize>)> = Vec::new();
    for (c, _) in cols.iter().enumerate() {
        let best = (0..rows.len())
            .filter_map(|r| index[r][c].map(|i| (r, t[i].event(SHOT_DOWN, z).p)))
            .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)))?;
        match groups.iter_mut().find(|g| g.0 == best.0) {
            Some(g) => g.1.push(c),
            None => groups.push((best.0, vec![c])),
        }
    }
    let parts: Vec<String> = groups
        .iter()
        .map(|(r, cs)| {
            let first = cs[0];
            let p = t[index[*r][first]?].event(SHOT_DOWN, z);
            Some(format!(
                "{} in {} of {} situations ({} at {})",
                rows[*r],
                cs.len(),
                cols.len(),
                proportion(&p),
                cols[first]
            ))
        })
        .collect::<Option<_>>()?;
    Some(format!(
        "Most often takes the target down this turn: {}{}.",
        parts.join("; "),
        if report.all_exact() { String::new() } else { format!(" ({})", report.per_cell("turns")) }
    ))
}

/// Per attacker policy, the defender's better answer: the one that leaves it down least often,
/// then with the least damage.
fn melee(run: &RunResult, report: &Report) -> Option<String> {
    let (t, z) = (&run.output.tallies, stats::z_value());
    let param = |i: usize, k: &str| report.cells[i].params.get(k).and_then(|v| v.as_str()).map(str::to_string);
    let mut policies: Vec<String> = Vec::new();
    for i in 0..report.cells.len() {
        let p = param(i, "policy")?;
        if !policies.contains(&p) {
            policies.push(p);
        }
    }
    let mut verdicts = Vec::new();
    for p in &policies {
        let cells: Vec<usize> = (0..report.cells.len()).filter(|&i| param(i, "policy").as_deref() == Some(p)).collect();
        let key = |i: usize| (t[i].event(MELEE_DEFENDER_DOWN, z).p, t[i].moments(MELEE_DAMAGE).mean);
        let best = *cells.iter().min_by(|&&a, &&b| key(a).partial_cmp(&key(b)).unwrap_or(std::cmp::Ordering::Equal))?;
        let others: Vec<String> = cells
            .iter()
            .filter(|&&i| i != best)
            .map(|&i| {
                let m = t[i].moments(MELEE_DAMAGE);
                format!(
                    "{} {}",
                    super::labels::guard(&param(i, "guard").unwrap_or_default()),
                    mean_ci(m.mean, m.stderr, z)
                )
            })
            .collect();
        let m = t[best].moments(MELEE_DAMAGE);
        let guard = super::labels::guard(&param(best, "guard").unwrap_or_default()).to_string();
        let vs = if others.is_empty() { String::new() } else { format!(" vs {}", others.join(", ")) };
        verdicts
            .push((guard, format!("{}: {} damage taken{vs}", super::labels::policy(p), mean_ci(m.mean, m.stderr, z))));
    }
    let first = verdicts.first()?.0.clone();
    if verdicts.iter().all(|v| v.0 == first) {
        let detail: Vec<String> = verdicts.into_iter().map(|v| v.1).collect();
        return Some(format!(
            "{} is the defender's better answer against every attacker card policy ({}).",
            crate::text::capitalise(&first),
            detail.join("; ")
        ));
    }
    let detail: Vec<String> = verdicts.into_iter().map(|(g, d)| format!("{g} against {d}")).collect();
    Some(format!("The defender's better answer depends on the attacker's card policy: {}.", detail.join("; ")))
}
