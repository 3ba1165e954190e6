//! Tables and charts for duels, balance tests and paired (CRN) comparisons.

use super::charts::{Chart, Est};
use super::model::Report;
use super::table::Table;
use crate::analysis::RunResult;
use crate::analysis::balance::{self, DuelStats, duel_stats};
use crate::analysis::duel::{event, metric};
use crate::analysis::layout::BalanceLayout;
use crate::analysis::paired::Paired;
use crate::analysis::paired::{A_VALUE, B_VALUE, DIFF};
use crate::analysis::scenario::Layout;
use crate::stats::{self, Estimate};
use crate::system::RuleSystem;
use crate::text::{ci, count, mean_ci, pct, pct_ci};

fn est(e: &Estimate) -> String {
    format!("{} [{}, {}]", balance::fmt(e.value), balance::fmt(e.ci95[0]), balance::fmt(e.ci95[1]))
}

fn p_est(e: &Estimate) -> String {
    pct_ci(e.value, e.ci95[0], e.ci95[1])
}

fn stats_row(first: String, s: &DuelStats) -> Vec<String> {
    vec![
        first,
        p_est(&s.win),
        p_est(&s.draw),
        p_est(&s.loss),
        s.rounds_to_ko.as_ref().map(est).unwrap_or_else(|| "never".into()),
        est(&s.dealt_per_round),
        est(&s.taken_per_round),
    ]
}

/// The headers of a fighter's figures against one opponent; `out` is what the system calls going
/// out of the duel ("K.O.").
fn stats_headers(out: &str) -> [String; 6] {
    [
        "P(win)".into(),
        "P(draw: both standing or both down)".into(),
        "P(loss)".into(),
        format!("rounds to {out} (when it happens)"),
        "damage dealt per round".into(),
        "damage taken per round".into(),
    ]
}

/// Tables for the duel, balance and paired layouts.
pub fn tables(run: &RunResult, report: &Report, system: &dyn RuleSystem) -> Vec<Table> {
    match &run.scenario.layout {
        Layout::Duel { a, b } => duel_tables(run, report, system, a, b),
        Layout::Balance(l) => balance_tables(report, system, l),
        Layout::Paired { a, b, measure } => paired_tables(run, report, a, b, measure),
        _ => Vec::new(),
    }
}

/// A duel of fighters `a` and `b`: its outcome, the figures per duel, and the rounds played
/// (with the exact duel's tables when it was solved).
fn duel_tables(run: &RunResult, report: &Report, system: &dyn RuleSystem, a: &str, b: &str) -> Vec<Table> {
    let z = stats::z_value();
    let t = &run.output.tallies;
    let mut out = vec![duel_outcome(run, report, a, b), duel_figures(run, system, a, b)];
    let exact = report.exact_duel.as_ref();
    let mut headers = vec!["rounds", "P(= k)", "95 % interval"];
    if exact.is_some() {
        headers.push("exact");
    }
    let mut d = Table::new("Rounds played", &headers, false);
    let last = t[0].trimmed(metric::ROUNDS).len().max(exact.map_or(0, |x| x.rounds().len() + 1));
    for v in 1..last {
        let p = t[0].exactly(metric::ROUNDS, v, z);
        let mut row = vec![v.to_string(), pct(p.p), ci(p.lo, p.hi)];
        if let Some(x) = exact {
            row.push(pct(x.rounds().get(v - 1).copied().unwrap_or(0.0)));
        }
        d.rows.push(row);
    }
    out.push(d);
    if let Some(x) = exact {
        out.extend(x.tables.iter().cloned());
    }
    out
}

/// Who won, the casualties and who acted first.
fn duel_outcome(run: &RunResult, report: &Report, a: &str, b: &str) -> Table {
    let z = stats::z_value();
    let t = &run.output.tallies;
    let n = count(report.trials);
    let mut ev = Table::new(
        format!("Duel outcome ({n} duels, 95 % intervals)"),
        &["event", "probability", "95 % interval"],
        true,
    );
    for (i, name) in [
        (event::A_WINS, format!("{a} wins (the opponent is down or out, {a} is not)")),
        (event::B_WINS, format!("{b} wins")),
        (event::DRAW, "draw (both standing at the round limit, or both down)".to_string()),
        (event::B_CASUALTY, format!("{b} removed as a casualty")),
        (event::A_CASUALTY, format!("{a} removed as a casualty")),
        (event::A_INITIATIVE, format!("{a} acted first in round 1")),
    ] {
        let p = t[0].event(i, z);
        ev.rows.push(vec![name, pct(p.p), ci(p.lo, p.hi)]);
    }
    ev
}

/// Damage dealt, its rate, the round the opponent goes down, the extra count and the rounds.
fn duel_figures(run: &RunResult, system: &dyn RuleSystem, a: &str, b: &str) -> Table {
    let z = stats::z_value();
    let t = &run.output.tallies;
    let s = duel_stats(&t[0], z);
    let mut f = Table::new("Per duel", &["figure", a, b], true);
    let m = |i: usize| {
        let mm = t[0].moments(i);
        mean_ci(mm.mean, mm.stderr, z)
    };
    let unit = system.duel().map_or("damage", |d| d.damage);
    f.rows.push(vec![format!("damage dealt to the opponent, {unit}, mean"), m(metric::A_DEALT), m(metric::B_DEALT)]);
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
    f.rows.push(vec!["rounds played, mean".into(), m(metric::ROUNDS), String::new()]);
    f
}

/// A balance test: the candidate against each opponent, every fighter against the gauntlet
/// per cost, then each other fighter against each opponent.
fn balance_tables(report: &Report, system: &dyn RuleSystem, l: &BalanceLayout) -> Vec<Table> {
    let n = count(report.trials);
    let mut out = Vec::new();
    let b = report.balance.as_ref().expect("balance summary");
    let cand = &b.fighters[0];
    let stats_headers = stats_headers(system.duel().map_or("out", |d| d.out));
    let mut headers = vec!["opponent"];
    headers.extend(stats_headers.iter().map(String::as_str));
    let mut per = Table::new(format!("{} against each opponent ({n} duels each)", cand.label), &headers, true);
    for (o, s) in l.opponents.iter().zip(&cand.per_opponent) {
        if let Some(s) = s {
            per.rows.push(stats_row(o.clone(), s));
        }
    }
    per.rows.push(stats_row("overall (average)".into(), &cand.overall));
    out.push(per);
    let (first, rest) = (&l.costs[0], &l.costs[1..]);
    let per_first = |what: &str| format!("{what} per {}", first.short);
    let mut headers = vec![
        "fighter".to_string(),
        first.name.to_string(),
        "peer".into(),
        "P(win)".into(),
        per_first("P(win)"),
        per_first("dealt/round"),
        per_first("taken/round"),
    ];
    headers.extend(rest.iter().map(|c| format!("P(win) per {}", c.short)));
    let heads: Vec<&str> = headers.iter().map(String::as_str).collect();
    let mut all =
        Table::new(format!("Every fighter against the gauntlet: overall and per {}", first.unit), &heads, true);
    let dash = || "—".to_string();
    for f in &b.fighters {
        let pr = f.per_first();
        let mut row = vec![
            f.label.clone(),
            f.costs[0].map(|r| format!("{r}")).unwrap_or_else(dash),
            if f.peer { "yes".into() } else { String::new() },
            p_est(&f.overall.win),
            pr.map(|s| p_est(&s.win)).unwrap_or_else(dash),
            pr.map(|s| est(&s.dealt_per_round)).unwrap_or_else(dash),
            pr.map(|s| est(&s.taken_per_round)).unwrap_or_else(dash),
        ];
        row.extend(f.per_cost[1..].iter().map(|s| s.as_ref().map(|s| p_est(&s.win)).unwrap_or_else(dash)));
        all.rows.push(row);
    }
    out.push(all);
    for f in b.fighters.iter().skip(1) {
        let mut headers = vec!["opponent"];
        headers.extend(stats_headers.iter().map(String::as_str));
        let mut tb = Table::new(format!("{} against each opponent", f.label), &headers, false);
        for (o, s) in l.opponents.iter().zip(&f.per_opponent) {
            if let Some(s) = s {
                tb.rows.push(stats_row(o.clone(), s));
            }
        }
        tb.rows.push(stats_row("overall (average)".into(), &f.overall));
        out.push(tb);
    }
    out
}

/// Loadouts A and B on common random numbers: the means and their difference, who does more,
/// and what the common random numbers saved.
fn paired_tables(run: &RunResult, report: &Report, a: &str, b: &str, measure: &str) -> Vec<Table> {
    let z = stats::z_value();
    let t = &run.output.tallies;
    let n = count(report.trials);
    let mut out = Vec::new();
    let p = report.paired.as_ref().expect("paired summary");
    let mut tb = Table::new(
        format!("{measure} per attack, A = {a}, B = {b} ({n} paired trials)"),
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

fn e(x: &Estimate) -> Est {
    Est::from(*x)
}

/// Charts for the duel, balance and paired layouts.
pub fn charts(run: &RunResult, report: &Report) -> Vec<(String, Chart)> {
    match &run.scenario.layout {
        Layout::Duel { a, b } => duel_charts(run, report, a, b),
        Layout::Balance(l) => balance_charts(run, report, l),
        Layout::Paired { a, b, measure } => paired_charts(run, report, a, b, measure),
        _ => Vec::new(),
    }
}

/// A duel of fighters `a` and `b`: the outcome sampled (and exact, when the duel was solved),
/// the exact duel's own charts, then the distribution of rounds played.
fn duel_charts(run: &RunResult, report: &Report, a: &str, b: &str) -> Vec<(String, Chart)> {
    let z = stats::z_value();
    let sc = &run.scenario;
    let t = &run.output.tallies;
    let tail = report.basis();
    let s = duel_stats(&t[0], z);
    let mut series = vec![("sampled".into(), vec![e(&s.win), e(&s.draw), e(&s.loss)])];
    if let Some(x) = &report.exact_duel {
        series.push(("exact".into(), x.outcome().map(Est::exact).to_vec()));
    }
    let mut out = vec![(
        "duel-outcome".into(),
        Chart::Grouped {
            title: format!("{}: duel outcome ({tail})", sc.name),
            x_label: "outcome".into(),
            y_label: "probability".into(),
            groups: vec![format!("{a} wins"), "draw".into(), format!("{b} wins")],
            series,
            percent: true,
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

/// A balance test: P(win) against each opponent for the candidate and up to seven reference
/// fighters (more bars would not read), then every priced fighter's P(win) per its first cost.
fn balance_charts(run: &RunResult, report: &Report, l: &BalanceLayout) -> Vec<(String, Chart)> {
    let sc = &run.scenario;
    let tail = report.basis();
    let bs = report.balance.as_ref().expect("balance summary");
    let shown: Vec<&balance::FighterSummary> = std::iter::once(&bs.fighters[0])
        .chain(bs.fighters.iter().skip(1).filter(|f| bs.reference.contains(&f.label)))
        .take(8)
        .collect();
    let by_opponent = (
        "balance-win-by-opponent".into(),
        Chart::Grouped {
            title: format!("{}: P(win) against each opponent ({tail})", sc.name),
            x_label: "opponent".into(),
            y_label: "P(win)".into(),
            groups: l.opponents.clone(),
            series: shown
                .iter()
                .map(|f| {
                    let wins = f.per_opponent.iter().map(|s| s.as_ref().map(|s| e(&s.win)).unwrap_or(Est::NA));
                    (f.label.clone(), wins.collect())
                })
                .collect(),
            percent: true,
        },
    );
    let cost = l.costs[0];
    let priced: Vec<&balance::FighterSummary> = bs.fighters.iter().filter(|f| f.per_first().is_some()).collect();
    let per_cost = (
        format!("balance-per-{}", cost.key),
        Chart::Grouped {
            title: format!("{}: overall P(win) per {}", sc.name, cost.unit),
            x_label: "fighter".into(),
            y_label: format!("P(win) per {}", cost.unit),
            groups: priced.iter().map(|f| f.label.clone()).collect(),
            series: vec![(
                format!("P(win) / {}", cost.name),
                priced.iter().map(|f| e(&f.per_first().expect("priced").win)).collect(),
            )],
            percent: true,
        },
    );
    vec![by_opponent, per_cost]
}

/// Loadouts A and B on common random numbers: both means, then the distribution of A − B on
/// the same dice (shifted back by the trial's offset so it reads as signed differences).
fn paired_charts(run: &RunResult, report: &Report, a: &str, b: &str, measure: &str) -> Vec<(String, Chart)> {
    let z = stats::z_value();
    let sc = &run.scenario;
    let t = &run.output.tallies;
    let tail = report.basis();
    let Some(p) = sc.cells[0].trial.downcast::<Paired>() else { return Vec::new() };
    let (ma, mb) = (t[0].moments(A_VALUE), t[0].moments(B_VALUE));
    let m = |x: stats::Moments| Est::mean(&x, z);
    let means = (
        "paired-means".into(),
        Chart::Grouped {
            title: format!("{}: mean {measure} per attack ({tail})", sc.name),
            x_label: "loadout".into(),
            y_label: format!("mean {measure}"),
            groups: vec![a.to_string(), b.to_string()],
            series: vec![(format!("mean {measure}"), vec![m(ma), m(mb)])],
            percent: false,
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
            passes_from: None,
            rest: None,
        },
    );
    vec![means, difference]
}

/// The first table of an exact duel, the same in every system that solves its duel: both sides'
/// P(win), P(casualty), damage dealt (in the system's `damage` unit) and what each spends
/// (`spent`: the system's own measure, e.g. effort taken), then P(draw) and the mean rounds.
pub fn exact_figures(
    c: &crate::analysis::duel::DuelOutcome,
    policies: [&str; 2],
    names: [&str; 2],
    damage: &str,
    spent: (&str, [f64; 2]),
) -> Table {
    let mut fig = Table::new(
        format!("Exact duel as configured ({} vs {}; every state enumerated, no sampling)", policies[0], policies[1]),
        &["figure", names[0], names[1]],
        true,
    );
    let mean = |v: f64| format!("{v:.4}");
    for (label, va, vb) in [
        ("P(win)".to_string(), pct(c.a_wins), pct(c.b_wins)),
        ("P(removed as a casualty)".to_string(), pct(c.a_casualty), pct(c.b_casualty)),
        (format!("{damage} dealt to the opponent, mean"), mean(c.a_dealt), mean(c.b_dealt)),
        (spent.0.to_string(), mean(spent.1[0]), mean(spent.1[1])),
    ] {
        fig.rows.push(vec![label, va, vb]);
    }
    fig.rows.push(vec!["P(draw)".into(), pct(c.draw), String::new()]);
    fig.rows.push(vec!["rounds played, mean".into(), mean(c.mean_rounds), String::new()]);
    fig
}
