//! The duel layout's tables, charts and answer: who wins how often, the figures per duel, the rounds
//! played, and a solved duel's exact figures beside the sampled check (each with its z).

use super::charts::{Chart, Est};
use super::duels::{e, est, z_score, z_text};
use super::model::Report;
use super::table::Table;
use crate::analysis::RunResult;
use crate::analysis::balance::{self, duel_stats};
use crate::analysis::duel::{event, metric};
use crate::stats;
use crate::system::RuleSystem;
use crate::text::{ci, count, mean_ci, pct, pct_ci};

/// A duel of fighters `a` and `b`: its outcome, the figures per duel, and the rounds played
/// (with the exact duel's tables when it was solved). A solved duel's exact figures lead; the
/// sampled ones are shown as a check of them, each with its z ([`z_score`]).
pub(super) fn tables(run: &RunResult, report: &Report, system: &dyn RuleSystem, a: &str, b: &str) -> Vec<Table> {
    let z = stats::z_value();
    let t = &run.output.tallies;
    let exact = report.exact_duel.as_ref();
    let mut out = vec![duel_outcome(run, report, a, b), duel_figures(run, report, system, a, b)];
    let mut d = match exact {
        None => Table::new("Rounds played", &["rounds", "P(= k)", "95 % interval"], false),
        Some(_) => Table::new(
            "Rounds played: exact, with the sampled duels as a check",
            &["rounds", "P(= k), exact", "sampled check", "95 % interval", "z"],
            false,
        ),
    };
    let last = t[0].trimmed(metric::ROUNDS).len().max(exact.map_or(0, |x| x.rounds().len() + 1));
    for v in 1..last {
        let p = t[0].exactly(metric::ROUNDS, v, z);
        d.rows.push(match exact {
            None => vec![v.to_string(), pct(p.p), ci(p.lo, p.hi)],
            Some(x) => {
                let e = x.rounds().get(v - 1).copied().unwrap_or(0.0);
                vec![v.to_string(), pct(e), pct(p.p), ci(p.lo, p.hi), z_score(p.p, e, report.trials)]
            }
        });
    }
    out.push(d);
    if let Some(x) = exact {
        out.extend(x.tables.iter().cloned());
    }
    out
}

/// Who won and the casualties (and who acted first): sampled, or, when the duel was solved,
/// exact with the sampled figure beside it as a check.
fn duel_outcome(run: &RunResult, report: &Report, a: &str, b: &str) -> Table {
    let z = stats::z_value();
    let t = &run.output.tallies;
    let n = count(report.trials);
    let exact = report.exact_duel.as_ref().map(|x| &x.configured);
    let rows = [
        (event::A_WINS, format!("{a} wins (the opponent is down or out, {a} is not)"), exact.map(|c| c.a_wins)),
        (event::B_WINS, format!("{b} wins"), exact.map(|c| c.b_wins)),
        (event::DRAW, "draw (both standing at the round limit, or both down)".to_string(), exact.map(|c| c.draw)),
        (event::B_CASUALTY, format!("{b} removed as a casualty"), exact.map(|c| c.b_casualty)),
        (event::A_CASUALTY, format!("{a} removed as a casualty"), exact.map(|c| c.a_casualty)),
    ];
    let first = (event::A_INITIATIVE, format!("{a} acted first in round 1"));
    let Some(_) = exact else {
        let mut ev = Table::new(
            format!("Duel outcome ({n} duels, 95 % intervals)"),
            &["event", "probability", "95 % interval"],
            true,
        );
        for (i, name) in rows.into_iter().map(|(i, name, _)| (i, name)).chain([first]) {
            let p = t[0].event(i, z);
            ev.rows.push(vec![name, pct(p.p), ci(p.lo, p.hi)]);
        }
        return ev;
    };
    let mut ev = Table::new(
        format!("Duel outcome: exact (every state enumerated), with {n} sampled duels as a check (95 % intervals)"),
        &["event", "exact", "sampled check", "z"],
        true,
    );
    for (i, name, x) in rows {
        let (p, x) = (t[0].event(i, z), x.expect("exact outcome"));
        ev.rows.push(vec![name, pct(x), pct_ci(p.p, p.lo, p.hi), z_score(p.p, x, report.trials)]);
    }
    let p = t[0].event(first.0, z);
    ev.notes.push(format!("{} in {} of the sampled duels (not enumerated).", first.1, pct_ci(p.p, p.lo, p.hi)));
    ev.notes.push(
        "z: the sampled figure's distance from the exact one in standard errors; within ±2 is \
         what sampling gives 19 times in 20."
            .into(),
    );
    ev
}

/// Damage dealt, its rate, the round the opponent goes down, the extra count and the rounds,
/// sampled; when the duel was solved, the means it has exactly carry their z against them and
/// the table is left to summary.md.
fn duel_figures(run: &RunResult, report: &Report, system: &dyn RuleSystem, a: &str, b: &str) -> Table {
    let z = stats::z_value();
    let t = &run.output.tallies;
    let s = duel_stats(&t[0], z);
    let exact = report.exact_duel.as_ref().map(|x| &x.configured);
    let title = match exact {
        None => "Per duel".to_string(),
        Some(_) => format!(
            "Per duel, sampled ({} duels): a check of the exact duel's means (z against them)",
            count(report.trials)
        ),
    };
    // Solved, the terminal shows the exact figures (the system's table) and leaves this check
    // to summary.md: two sets of means side by side would read as two answers.
    let mut f = Table::new(title, &["figure", a, b], exact.is_none());
    let m = |i: usize| {
        let mm = t[0].moments(i);
        mean_ci(mm.mean, mm.stderr, z)
    };
    // A sampled mean with its z against the exact mean, when there is one.
    let checked = |i: usize, x: Option<f64>| match x {
        None => m(i),
        Some(x) => {
            let mm = t[0].moments(i);
            format!("{}, z = {}", m(i), z_text(mm.mean - x, mm.stderr))
        }
    };
    let unit = system.duel().map_or("damage", |d| d.damage);
    f.rows.push(vec![
        format!("damage dealt to the opponent, {unit}, mean"),
        checked(metric::A_DEALT, exact.map(|c| c.a_dealt)),
        checked(metric::B_DEALT, exact.map(|c| c.b_dealt)),
    ]);
    let (ra, rb) = (t[0].ratio(0, z), t[0].ratio(1, z));
    f.rows.push(vec![
        format!("{unit} dealt per round played"),
        format!("{:.3} [{:.3}, {:.3}]", ra.0, ra.1, ra.2),
        format!("{:.3} [{:.3}, {:.3}]", rb.0, rb.1, rb.2),
    ]);
    let ko_b = balance::conditional_round(&t[0].hists[metric::B_KO_ROUND], t[0].exact, z);
    f.rows.push(vec![
        "round the opponent first goes down (when it does)".into(),
        s.rounds_to_ko.as_ref().map(est).unwrap_or_else(|| "never".into()),
        ko_b.map(|e| est(&e)).unwrap_or_else(|| "never".into()),
    ]);
    let extra_title = system.duel().map_or("other, mean", |d| d.extra);
    f.rows.push(vec![extra_title.into(), m(metric::A_EXTRA), m(metric::B_EXTRA)]);
    // The rounds are the duel's, not one fighter's: a sentence under the table (with its check
    // against the exact duel where there is one), not a row with an empty cell under B.
    f.notes.push(format!("Rounds the duel lasted, mean: {}.", checked(metric::ROUNDS, exact.map(|c| c.mean_rounds))));
    f
}

/// A duel of fighters `a` and `b`: the outcome sampled (and exact, when the duel was solved),
/// the exact duel's own charts, then the distribution of rounds played.
pub(super) fn charts(run: &RunResult, report: &Report, a: &str, b: &str) -> Vec<(String, Chart)> {
    let z = stats::z_value();
    let sc = &run.scenario;
    let t = &run.output.tallies;
    let tail = report.basis();
    let s = duel_stats(&t[0], z);
    let sampled = vec![e(&s.win), e(&s.draw), e(&s.loss)];
    // Solved exactly, the exact outcome is the answer and the sampled one its check (issue #25):
    // the legend says so, exact first.
    let series = match &report.exact_duel {
        Some(x) => vec![
            ("exact (the answer)".into(), x.outcome().map(Est::exact).to_vec()),
            ("sampled (its check)".into(), sampled),
        ],
        None => vec![("sampled".into(), sampled)],
    };
    let mut out = vec![(
        "duel-outcome".into(),
        Chart::Grouped {
            title: match &report.exact_duel {
                Some(_) => {
                    format!("{}: duel outcome (exact; {} sampled duels as its check)", sc.name, count(report.trials))
                }
                None => format!("{}: duel outcome ({tail})", sc.name),
            },
            x_label: "outcome".into(),
            y_label: "probability".into(),
            groups: vec![format!("{a} wins"), "draw".into(), format!("{b} wins")],
            series,
            percent: true,
            highlight: None,
        },
    )];
    if let Some(x) = &report.exact_duel {
        out.extend(x.charts.iter().cloned());
    }
    out.push((
        "duel-rounds".into(),
        super::charts::distribution(
            &t[0],
            metric::ROUNDS,
            &format!("{}: rounds played ({tail})", sc.name),
            "rounds played",
            z,
        ),
    ));
    out
}

/// A duel: who wins how often. Solved exactly, the exact outcome is the answer and the sampled
/// duel its check: how many standard errors (under the exact value) the sample lies from it.
pub(super) fn answer(report: &Report, a: &str, b: &str) -> Option<String> {
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
    // How far the sampled check lies from the exact figure, in standard errors (a z-score worded
    // for a player: "0.5 standard errors below the exact figure").
    let z = |sampled: f64, exact: f64| {
        let zs = z_score(sampled, exact, report.trials);
        match zs.strip_prefix('−') {
            _ if zs == "0.0" => "on the exact figure".to_string(),
            _ if zs == "—" => "against an exact figure that cannot vary".to_string(),
            Some(m) => format!("{m} standard errors below the exact figure"),
            None => format!("{} standard errors above the exact figure", zs.trim_start_matches('+')),
        }
    };
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
