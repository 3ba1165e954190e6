//! The answer sentences of ¡Bichos! reports whose question the generic layer cannot word: a
//! shot (who is out of the fight, dead or fled), a sequence of attacks (dead within how many),
//! the arsenal (which weapon does most where), the reaction test and the cm/inches variants.

use super::report::{BichosLayout, CM_PER_INCH, ENC_DISTANCE, median};
use super::rules::trial::TrialBichos as B;
use crate::analysis::RunResult;
use crate::analysis::scenario::Layout;
use crate::report::answer::proportion;
use crate::report::model::Report;
use crate::stats;
use crate::text::{count, mean_ci};

/// The answer of a ¡Bichos! run, when it is one of the questions above.
pub fn answer(run: &RunResult, report: &Report) -> Option<String> {
    let sc = &run.scenario;
    match (&sc.layout, sc.layout.get::<BichosLayout>()) {
        (Layout::Single, _) => match sc.cells[0].trial.downcast::<B>()? {
            B::Shot(s) => Some(shot(run, report, s.targets.len())),
            B::Sequence(s) => Some(sequence(run, report, s.cap)),
            B::Pursuit(p) => pursuit(run, report, p.units),
            B::Encounter(e) => encounter(run, report, e),
            _ => None,
        },
        (_, Some(BichosLayout::Arsenal { weapons, situations, index })) => {
            arsenal(run, report, weapons, situations, index)
        }
        (_, Some(BichosLayout::Reaction { fdvs, figure, opposed })) => reaction(run, fdvs, figure.as_ref(), *opposed),
        (_, Some(BichosLayout::Variants)) => Some(variants(run)),
        _ => None,
    }
}

/// Index of event `name` in cell 0 (the tally's order is the report's).
fn event_index(report: &Report, name: &str) -> Option<usize> {
    report.cells[0].events.0.iter().position(|(n, _)| n == name)
}

fn metric_index(report: &Report, name: &str) -> Option<usize> {
    report.cells[0].metrics.0.iter().position(|(n, _)| n == name)
}

/// "Target 1 is out of the fight 8.83% [..] (dead 5.81%, fled alive 3.02%)" per target ("the
/// target" when it is the only one): "dead" and "fled, alive" never overlap, so their counts add
/// up to the chance it is out.
fn shot(run: &RunResult, report: &Report, targets: usize) -> String {
    let (t, z) = (&run.output.tallies[0], stats::z_value());
    let parts: Vec<String> = (1..=targets)
        .filter_map(|k| {
            let (dead, fled) =
                (event_index(report, &format!("dead_t{k}"))?, event_index(report, &format!("fled_alive_t{k}"))?);
            let out = t.proportion(t.events[dead] + t.events[fled], z);
            // "Target 1" only where there are others to tell it from.
            let who = if targets == 1 { "the target".to_string() } else { format!("target {k}") };
            Some(format!(
                "{who} is out of the fight {} (dead {}, fled alive {})",
                proportion(&out),
                proportion(&t.event(dead, z)),
                proportion(&t.event(fled, z))
            ))
        })
        .collect();
    format!("After one attack {}{}.", parts.join("; "), basis(report, "attacks"))
}

/// A distance's unit after its number, in the variant's units (" cm", "″").
fn unit_mark(units: super::rules::Units) -> &'static str {
    match units {
        super::rules::Units::Cm => " cm",
        super::rules::Units::Inches => "″",
    }
}

/// Cell 0's mean of metric `name` with its 95 % half-width (alone when exact).
fn mean_of(run: &RunResult, report: &Report, name: &str) -> Option<String> {
    let m = run.output.tallies[0].moments(metric_index(report, name)?);
    Some(mean_ci(m.mean, m.stderr, stats::z_value()))
}

/// What a pursuit asks, how far and for how long: the mean distance over all its turns (and in
/// the first), the mean number of turns, and how often it goes on past the first.
fn pursuit(run: &RunResult, report: &Report, units: super::rules::Units) -> Option<String> {
    let (t, z) = (&run.output.tallies[0], stats::z_value());
    let unit = unit_mark(units);
    let mean = |name: &str| mean_of(run, report, name);
    let again = t.event(event_index(report, "pursues_a_second_turn")?, z);
    Some(format!(
        "A pursuit covers {}{unit} on average ({}{unit} in its first turn) over {} turns, and goes on past its first turn {}{}.",
        mean("total")?,
        mean("first_turn")?,
        mean("turns")?,
        proportion(&again),
        basis(report, "pursuits")
    ))
}

/// What an encounter roll brings (issue #39: the answer gave only "a bug hole opens"): whether
/// a hole opens and when, then — given it opens — how far away, how many bugs come out, how many
/// of them big, and whether the first is; each direction is a quarter of the chance it opens
/// (the 5–6 of tremors is re-rolled without limit, seed l. 535).
fn encounter(run: &RunResult, report: &Report, e: &super::rules::Encounter) -> Option<String> {
    let (t, z) = (&run.output.tallies[0], stats::z_value());
    let unit = unit_mark(e.readings.units);
    let mean = |name: &str| mean_of(run, report, name);
    let opens = t.event(event_index(report, "hole_opens")?, z);
    let now = t.event(event_index(report, "opens_this_turn")?, z);
    // A 0/1 metric: its count of 1s is the count of encounters whose first bug is big.
    let big_first = t.proportion(t.hists[metric_index(report, "first_bug_big")?].get(1).copied().unwrap_or(0), z);
    Some(format!(
        "A bug hole opens {} per encounter roll ({} this turn, the rest after tremors), a quarter of that in each direction; once open it is {}{unit} away on average and {} bugs come out ({} humans + 1D6), {} of them big, the first one big {}{}.",
        proportion(&opens),
        proportion(&now),
        mean("distance")?,
        mean("total_bugs")?,
        e.humans,
        mean("big_bugs")?,
        proportion(&big_first),
        basis(report, "encounter rolls")
    ))
}

/// P(dead within k attacks) where it first reaches one half and nine in ten, with the median
/// number of attacks until the target is out of the fight.
fn sequence(run: &RunResult, report: &Report, cap: u16) -> String {
    let (t, z) = (&run.output.tallies[0], stats::z_value());
    let (Some(kill), Some(flee)) = (metric_index(report, "shots_to_kill"), metric_index(report, "shots_to_flee"))
    else {
        return String::new();
    };
    let within = |k: usize| t.proportion(t.hists[kill].iter().take(k + 1).sum(), z);
    let reach = |share: f64| (1..=cap as usize).find(|&k| within(k).p >= share);
    let mut parts = Vec::new();
    for share in [0.5, 0.9] {
        match reach(share) {
            Some(k) => parts.push(format!(
                "dead within {} {}",
                crate::text::plural(k as i64, "attack", "attacks"),
                proportion(&within(k))
            )),
            None => parts.push(format!("not dead within {cap} attacks as often as {:.0} %", share * 100.0)),
        }
    }
    let out_median = median(t, flee);
    format!(
        "The target is {}; out of the fight (fled or dead) after {} at the median{}.",
        parts.join(", "),
        crate::text::plural(out_median as i64, "attack", "attacks"),
        basis(report, "sequences")
    )
}

fn basis(report: &Report, unit: &str) -> String {
    if report.all_exact() { String::new() } else { format!(" ({} {unit}, 95 % intervals)", count(report.trials)) }
}

/// Which weapon takes the most RES with one attack in each situation, grouped: "Rifle de asalto
/// does most in all 8 situations: …".
fn arsenal(
    run: &RunResult,
    report: &Report,
    weapons: &[String],
    situations: &[String],
    index: &[Vec<Option<usize>>],
) -> Option<String> {
    let z = stats::z_value();
    let m = metric_index(report, "res_lost_first_shot")?;
    let t = &run.output.tallies;
    // Per situation: (best weapon, its moments, runner-up and its moments).
    let mut best = Vec::new();
    for (s, name) in situations.iter().enumerate() {
        let mut ranked: Vec<(usize, stats::Moments)> =
            index.iter().enumerate().filter_map(|(w, row)| row[s].map(|i| (w, t[i].moments(m)))).collect();
        ranked.sort_by(|a, b| b.1.mean.total_cmp(&a.1.mean));
        if let Some(first) = ranked.first() {
            best.push((name, first.0, first.1, ranked.get(1).copied()));
        }
    }
    let winner = best.first()?.1;
    let all = best.iter().all(|b| b.1 == winner);
    let show = |b: &(&String, usize, stats::Moments, Option<(usize, stats::Moments)>), name_it: bool| {
        let (sit, w, mo, next) = b;
        let who = if name_it { format!("{} ", weapons[*w]) } else { String::new() };
        let vs = next
            .map(|(nw, nm)| format!(" (next best {} {})", weapons[nw], mean_ci(nm.mean, nm.stderr, z)))
            .unwrap_or_default();
        format!("{who}{} against {sit}{vs}", mean_ci(mo.mean, mo.stderr, z))
    };
    let (first, last) = (best.first()?, best.last()?);
    let (lead, detail) = if all {
        (
            format!("{} takes the most RES with one attack in all {} situations", weapons[winner], best.len()),
            format!("{} down to {}", show(first, false), show(last, false)),
        )
    } else {
        (
            "The weapon that takes the most RES with one attack depends on the situation".to_string(),
            best.iter().map(|b| show(b, true)).collect::<Vec<_>>().join("; "),
        )
    };
    Some(format!("{lead}: {detail} (mean RES lost, {}).", report.per_cell("sequences per cell")))
}

/// The configured figure's test (or the range of modified FDVs), and the ¿Ahora qué? roll.
fn reaction(
    run: &RunResult,
    fdvs: &[i64],
    figure: Option<&(String, i64)>,
    opposed: Option<(u8, u8)>,
) -> Option<String> {
    let (t, z) = (&run.output.tallies, stats::z_value());
    let test = |k: usize| {
        format!(
            "passes the first roll {}, the second {}, fails both {}",
            proportion(&t[k].event(0, z)),
            proportion(&t[k].event(1, z)),
            proportion(&t[k].event(2, z))
        )
    };
    let mut s = match figure {
        Some((label, fdv)) => format!("{label} (modified FDV {fdv}) {}", test(fdvs.len())),
        None => {
            let (lo, hi) = (fdvs.first()?, fdvs.last()?);
            format!(
                "A figure fails both rolls {} at modified FDV {lo} and {} at FDV {hi}",
                proportion(&t[0].event(2, z)),
                proportion(&t[fdvs.len() - 1].event(2, z))
            )
        }
    };
    if let Some((a, b)) = opposed {
        let p = t[fdvs.len() + figure.is_some() as usize].event(0, z);
        s.push_str(&format!("; in ¿Ahora qué? the figure with FDV {a} acts first against FDV {b} {}", proportion(&p)));
    }
    s.push('.');
    Some(s)
}

/// How far the inches variant (converted to cm) moves the hole and the pursuit from the cm one.
fn variants(run: &RunResult) -> String {
    let z = stats::z_value();
    let t = &run.output.tallies;
    let pair = |cm: stats::Moments, inch: stats::Moments| {
        let (a, b) = (cm.mean, inch.mean * CM_PER_INCH);
        let rel = if a != 0.0 { (b - a) / a * 100.0 } else { 0.0 };
        format!(
            "{} cm under the cm variant and {} cm under inches ({rel:+.1} %)",
            mean_ci(a, cm.stderr, z),
            mean_ci(b, inch.stderr * CM_PER_INCH, z)
        )
    };
    format!(
        "A bug hole opens on average {} away; a pursuit covers {} in all its turns (inches converted at 2.5 cm).",
        pair(t[0].moments(ENC_DISTANCE), t[1].moments(ENC_DISTANCE)),
        pair(t[2].moments(1), t[3].moments(1))
    )
}
