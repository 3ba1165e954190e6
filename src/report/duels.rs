//! Tables and charts for duels, balance tests and paired (CRN) comparisons.

use super::charts::{Bars, Chart, Est, Highlight, Marked, Point};
use super::model::Report;
use super::table::Table;
use crate::analysis::RunResult;
use crate::analysis::balance::{self, BalanceSummary, DuelStats, duel_stats};
use crate::analysis::duel::{event, metric};
use crate::analysis::fair_cost::{Interval, Verdict};
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
        Layout::Paired { a, b, measure } => paired_tables(run, report, system, a, b, measure),
        _ => Vec::new(),
    }
}

/// A duel of fighters `a` and `b`: its outcome, the figures per duel, and the rounds played
/// (with the exact duel's tables when it was solved). A solved duel's exact figures lead; the
/// sampled ones are shown as a check of them, each with its z ([`z_score`]).
fn duel_tables(run: &RunResult, report: &Report, system: &dyn RuleSystem, a: &str, b: &str) -> Vec<Table> {
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

/// How far a sampled proportion `sampled` (of `n` trials) lies from the exact `p`, in standard
/// errors of such a sample (√(p(1 − p)/n)): "−1.3". Within about ±2 is what sampling gives
/// 19 times in 20; "0.0" when `p` is certain and the sample agrees.
pub fn z_score(sampled: f64, p: f64, n: u64) -> String {
    let se = (p * (1.0 - p) / n as f64).sqrt();
    z_text(sampled - p, se)
}

/// `diff / se` to one decimal with its sign ("+0.4", "−1.3"); "0.0" for no difference, "—"
/// for a difference where no spread is possible.
fn z_text(diff: f64, se: f64) -> String {
    if se == 0.0 {
        return if diff == 0.0 { "0.0".into() } else { "—".into() };
    }
    let z = diff / se;
    let s = format!("{:.1}", z.abs());
    if s == "0.0" {
        s
    } else if z < 0.0 {
        format!("−{s}")
    } else {
        format!("+{s}")
    }
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

/// A balance test: the fair cost and the verdict first, every fighter's rating and the
/// matchups it rests on, then the detail — the candidate against each opponent, every fighter
/// against the gauntlet per cost (with the per-cost flags), each other fighter against each
/// opponent.
fn balance_tables(report: &Report, system: &dyn RuleSystem, l: &BalanceLayout) -> Vec<Table> {
    let n = count(report.trials);
    let b = report.balance.as_ref().expect("balance summary");
    let mut out = vec![fair_cost_table(report, l, b), ratings_table(l, b), matchups_table(report, b)];
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
        per_first("rounds per damage taken"),
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
            if f.peer { "yes".into() } else { "no".into() },
            p_est(&f.overall.win),
            pr.map(|s| p_est(&s.win)).unwrap_or_else(dash),
            pr.map(|s| est(&s.dealt_per_round)).unwrap_or_else(dash),
            pr.and_then(|s| s.rounds_per_damage_taken.as_ref()).map(est).unwrap_or_else(dash),
        ];
        row.extend(f.per_cost[1..].iter().map(|s| s.as_ref().map(|s| p_est(&s.win)).unwrap_or_else(dash)));
        all.rows.push(row);
    }
    drop_empty_columns(&mut all, &dash());
    // The per-cost figures are detail beside the verdict: where the candidate ranks among the
    // fighters it is compared with, and each figure far from theirs.
    all.notes.push(format!(
        "Detail, not the verdict (the verdict is the fair {}): compared with the {}; {}.",
        first.name, b.reference_rule, b.position
    ));
    all.notes.extend(b.flags.iter().map(|f| f.text.clone()));
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

/// A cost with its 95 % interval: "52 [23, 115]".
fn cost_ci(c: &Interval) -> String {
    format!("{} [{}, {}]", balance::cost_fmt(c.estimate), balance::cost_fmt(c.ci95[0]), balance::cost_fmt(c.ci95[1]))
}

/// A half-width on the log scale as the relative change it allows either way: "−55 % / +123 %".
fn log_half(h: f64) -> String {
    let (down, up) = ((1.0 - (-h).exp()) * 100.0, h.exp_m1() * 100.0);
    let f = |x: f64| if x < 10.0 { format!("{x:.1}") } else { format!("{x:.0}") };
    format!("−{} % / +{} %", f(down), f(up))
}

/// A value with its interval, or the value alone when the interval has no width (exact).
fn value_ci(i: &Interval, digits: usize) -> String {
    if i.ci95[0] == i.ci95[1] {
        format!("{:.*}", digits, i.estimate)
    } else {
        format!("{:.*} [{:.*}, {:.*}]", digits, i.estimate, digits, i.ci95[0], digits, i.ci95[1])
    }
}

/// A signed relative difference: "+35 %", "−18 %".
fn signed_pct(r: f64) -> String {
    let s = format!("{:.0}", r.abs() * 100.0);
    if s == "0" {
        "0 %".into()
    } else if r < 0.0 {
        format!("−{s} %")
    } else {
        format!("+{s} %")
    }
}

/// The balance test's answer in figures: the stated and the fair cost, the verdict, the two
/// parts of the interval, and the curve the fair cost is read from (or why there is none).
fn fair_cost_table(report: &Report, l: &BalanceLayout, b: &BalanceSummary) -> Table {
    let cost = l.costs[0].name;
    let mut t = Table::new(format!("Fair {cost}"), &["figure", "value"], true);
    let stated = balance::cost_fmt(b.stated_cost);
    t.rows.push(vec![format!("stated {cost}"), stated.clone()]);
    let (Some(fair), Some(v), Some(fit)) = (&b.fair_cost, b.verdict, &b.curve.fit) else {
        let why = b.curve.why.clone().unwrap_or_else(|| "no cost curve".into());
        t.rows.push(vec![format!("fair {cost}"), format!("none: {why}")]);
        t.rows.push(vec!["verdict".into(), "none (no fair cost to compare with)".into()]);
        t.notes.push(b.curve.model.clone());
        return t;
    };
    t.rows.push(vec![format!("fair {cost} (95 % interval)"), cost_ci(fair)]);
    let place = match v {
        Verdict::UnderCosted => "below the interval: the card is stronger than its price",
        Verdict::PricedRight => "inside the interval",
        Verdict::OverCosted => "above the interval: the card is weaker than its price",
    };
    t.rows.push(vec!["verdict".into(), format!("{}: the stated {stated} is {place}", v.word())]);
    t.rows.push(vec!["interval, the curve's part (fit)".into(), log_half(b.curve.fit_half_width)]);
    let sampling = if b.exact {
        "none: exact duels (no sampling part)".to_string()
    } else {
        let per_pair = b.settling.as_ref().map_or(report.trials, |s| s.duels_per_pair);
        format!("{} ({} duels per pair)", log_half(b.curve.sampling_half_width), count(per_pair))
    };
    t.rows.push(vec!["interval, the sampling's part".into(), sampling]);
    if let Some(s) = &b.settling {
        t.rows.push(vec![
            "sampled until settled".into(),
            if s.reached {
                format!("yes: the sampling part is within ±{:.0} % or small beside the fit's", s.target * 100.0)
            } else {
                format!(
                    "no: the sampling part did not reach ±{:.0} % within the trial cap; more duels would narrow it",
                    s.target * 100.0
                )
            },
        ]);
    }
    t.rows.push(vec![
        "cost curve".into(),
        format!(
            "ln({cost}) = {:.3} {} {:.3} × rating, over {} reference fighters",
            fit.a,
            if fit.b < 0.0 { "−" } else { "+" },
            fit.b.abs(),
            fit.n
        ),
    ]);
    t.rows.push(vec!["curve fit, R²".into(), format!("{:.2}", fit.r2)]);
    t.rows.push(vec![
        "reference cards' scatter about the curve".into(),
        format!("{} (a reference card's {cost} against the curve's, typically)", log_half(fit.residual_sd)),
    ]);
    let side = sigma(b.curve.side_advantage);
    t.rows.push(vec![
        "side A's advantage".into(),
        format!("{:+.3} in rating: side A scores {} against an equal fighter", b.curve.side_advantage, pct(side)),
    ]);
    t.notes.push(format!(
        "{}. The interval's two parts add on the log scale (√(fit² + sampling²)); the fair {cost} does not depend on the stated one.",
        b.curve.model
    ));
    t
}

fn sigma(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Every fighter's rating and strength (strongest first), its cost, and what the cost curve
/// charges for its rating: the reference cards the curve calls over- or under-priced show here
/// by the same measure the verdict uses.
fn ratings_table(l: &BalanceLayout, b: &BalanceSummary) -> Table {
    let cost = l.costs[0].name;
    let curve_head = format!("the curve's {cost} for this rating");
    let against = format!("{cost} against the curve");
    let exact = if b.exact { " (exact duels)" } else { "" };
    let mut t = Table::new(
        format!("Ratings: every fighter's strength from the round robin{exact}"),
        &[
            "fighter",
            cost,
            "rating (log-odds, 95 %)",
            "strength: P(beats an average reference fighter)",
            &curve_head,
            &against,
        ],
        true,
    );
    let mut order: Vec<&balance::Rating> = b.ratings.iter().collect();
    order.sort_by(|x, y| y.rating.estimate.total_cmp(&x.rating.estimate));
    let dash = || "—".to_string();
    for r in order {
        let label = if r.candidate && !r.label.contains("(candidate)") {
            format!("{} (candidate)", r.label)
        } else {
            r.label.clone()
        };
        let s = &r.strength;
        t.rows.push(vec![
            label,
            r.cost.map(balance::cost_fmt).unwrap_or_else(dash),
            value_ci(&r.rating, 3),
            pct_ci(s.estimate, s.ci95[0], s.ci95[1]),
            r.curve_cost.map(balance::cost_fmt).unwrap_or_else(dash),
            match (r.cost, r.curve_cost) {
                (Some(c), Some(k)) if k > 0.0 => signed_pct(c / k - 1.0),
                _ => dash(),
            },
        ]);
    }
    t.notes.push(format!(
        "A rating is the log-odds of beating an average reference fighter on neutral sides (0: even); strength is the same as a chance. {}: above 0 the card costs more than the curve charges for its strength, below 0 less (the candidate's row: its stated {cost} against its fair one).",
        crate::text::capitalise(&against)
    ));
    t
}

/// Every fighter's score against every opponent, the candidate first, each with its interval
/// (exact duels: none, and the title says so).
fn matchups_table(report: &Report, b: &BalanceSummary) -> Table {
    let m = &b.matchups;
    let mut headers = vec!["fighter"];
    headers.extend(m.opponents.iter().map(String::as_str));
    let title = if b.exact { " (exact duels)" } else { "" };
    let mut t = Table::new(format!("Matchups: each fighter's score against each opponent{title}"), &headers, true);
    for (fi, (f, row)) in m.fighters.iter().zip(&m.score).enumerate() {
        let mut cells = vec![f.clone()];
        cells.extend(row.iter().enumerate().map(|(o, s)| match s {
            Some(s) => {
                let e = score_est(report, b, fi, o, *s);
                pct_ci(e.v, e.lo, e.hi)
            }
            None => "—".into(),
        }));
        t.rows.push(cells);
    }
    t.notes.push("Score = P(win) + ½ P(draw), the fighter on side A; — : a fighter does not meet itself.".into());
    // Fighters × opponents grows wide: the terminal shows it only when it fits side by side in
    // 100 columns (cut into column groups it would not read); summary.md and the page always do.
    t.terminal = t.fits_side_by_side(100);
    t
}

/// Remove every column (after the row labels) whose every cell is `empty` or blank: a cost no
/// fighter is given (the 2019 `$` beside Reputation) would otherwise be a column of dashes.
fn drop_empty_columns(t: &mut Table, empty: &str) {
    if t.rows.is_empty() {
        return;
    }
    for c in (1..t.headers.len()).rev() {
        if t.rows.iter().all(|r| r.get(c).is_none_or(|x| x == empty || x.trim().is_empty())) {
            t.headers.remove(c);
            for r in &mut t.rows {
                if c < r.len() {
                    r.remove(c);
                }
            }
        }
    }
}

/// Loadouts A and B on common random numbers: the means and their difference, who does more,
/// and what the common random numbers saved.
/// The measure is named in the system's words (`measure` is its identifier, kept in
/// results.json), per the unit the paired resolution counts ("shot", "attack").
fn paired_tables(
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
    let measure = &super::text::measure_title(system, measure);
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

fn e(x: &Estimate) -> Est {
    Est::from(*x)
}

/// Charts for the duel, balance and paired layouts.
pub fn charts(run: &RunResult, report: &Report, system: &dyn RuleSystem) -> Vec<(String, Chart)> {
    match &run.scenario.layout {
        Layout::Duel { a, b } => duel_charts(run, report, a, b),
        Layout::Balance(l) => balance_charts(run, report, l),
        Layout::Paired { a, b, measure } => paired_charts(run, report, system, a, b, measure),
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

/// A balance test: the cost curve with the candidate on it, the matchup heatmap, then P(win)
/// against each opponent for the candidate and up to seven reference fighters (more bars would
/// not read). The old chart of P(win) per unit of cost is gone: a ratio to the cost assumes
/// strength proportional to price, which the cost curve replaces (the per-cost figures stay in
/// their table as detail).
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
            // The candidate is the first fighter, so its colour's bars.
            highlight: Some(candidate(Bars::Series(0))),
        },
    );
    vec![
        ("balance-cost-curve".into(), cost_curve_chart(&sc.name, l, bs)),
        ("balance-matchups".into(), matchups_chart(&sc.name, report, bs)),
        by_opponent,
    ]
}

fn interval_est(i: &Interval) -> Est {
    Est { v: i.estimate, lo: i.ci95[0], hi: i.ci95[1] }
}

/// The cost curve: each priced reference fighter at (rating, cost), the fitted curve with its
/// 95 % band over the ratings shown, and the candidate at its stated cost and at its fair cost
/// (the interval as a whisker; its rating's interval across).
fn cost_curve_chart(name: &str, l: &BalanceLayout, bs: &BalanceSummary) -> Chart {
    let cost = l.costs[0].name;
    let cand = bs.ratings.iter().find(|r| r.candidate).expect("the candidate is rated");
    let points: Vec<Point> = bs
        .ratings
        .iter()
        .filter(|r| !r.candidate)
        .filter_map(|r| {
            let c = r.cost.filter(|c| *c > 0.0)?;
            Some(Point { label: r.label.clone(), x: interval_est(&r.rating), y: Est::exact(c) })
        })
        .collect();
    let x = interval_est(&cand.rating);
    let label = cand.label.trim_end_matches(" (candidate)");
    let mut marks = vec![(
        format!("candidate at its stated {cost}"),
        Point {
            label: format!("{label}: stated {}", balance::cost_fmt(bs.stated_cost)),
            x,
            y: Est::exact(bs.stated_cost),
        },
    )];
    if let Some(f) = &bs.fair_cost {
        marks.push((
            format!("candidate's fair {cost}, 95 % interval"),
            Point { label: format!("fair {}", cost_ci(f)), x: Est::exact(x.v), y: interval_est(f) },
        ));
    }
    // The curve over every rating shown, in 80 steps.
    let curve = match &bs.curve.fit {
        Some(fit) => {
            let xs = points.iter().map(|p| p.x).chain([x]);
            let (lo, hi) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), e| (a.min(e.lo), b.max(e.hi)));
            let pad = ((hi - lo) * 0.05).max(0.1);
            let (lo, hi) = (lo - pad, hi + pad);
            (0..=80)
                .map(|k| {
                    let r = lo + (hi - lo) * k as f64 / 80.0;
                    let [blo, bhi] = fit.band(r);
                    (r, Est { v: fit.cost(r), lo: blo, hi: bhi })
                })
                .collect()
        }
        None => Vec::new(),
    };
    let title = match &bs.curve.fit {
        Some(fit) => format!("{name}: {cost} against rating ({} reference fighters, R² {:.2})", fit.n, fit.r2),
        None => format!("{name}: {cost} against rating (no cost curve)"),
    };
    Chart::Fit {
        title,
        x_label: "rating (log-odds of beating an average reference fighter)".into(),
        y_label: cost.to_string(),
        curve,
        curve_name: "fitted curve, 95 % band".into(),
        points,
        points_name: "reference fighter".into(),
        marks,
    }
}

/// Fighter `f`'s score `s` against opponent `o` with its 95 % interval: none for exact duels;
/// sampled, the one the fair cost's sampling part uses — each duel scores 1, ½ or 0, so its
/// variance is (P(win) + ¼ P(draw) − score²) / duels.
fn score_est(report: &Report, bs: &BalanceSummary, f: usize, o: usize, s: f64) -> Est {
    let duels = bs.settling.as_ref().map_or(report.trials, |x| x.duels_per_pair) as f64;
    let Some(Some(d)) = bs.fighters.get(f).and_then(|x| x.per_opponent.get(o)) else { return Est::exact(s) };
    if bs.exact || duels <= 0.0 {
        return Est::exact(s);
    }
    // The model's own variance of a sampled score (a sampled 0 or 1 is not a certainty).
    let var = crate::analysis::fair_cost::Score::new(d.win.value, d.draw.value, Some(duels)).var;
    let h = stats::z_value() * var.sqrt();
    Est { v: s, lo: (s - h).max(0.0), hi: (s + h).min(1.0) }
}

/// Every fighter's score against every opponent as a heatmap, the candidate's row on top and
/// outlined.
fn matchups_chart(name: &str, report: &Report, bs: &BalanceSummary) -> Chart {
    let m = &bs.matchups;
    let score = |f: usize, o: usize, s: f64| score_est(report, bs, f, o, s);
    let basis = if bs.exact { "exact duels".to_string() } else { report.per_cell("duels per pair") };
    // The heatmap's first row is drawn at the bottom: the fighters reversed put the candidate
    // (the first fighter) on top.
    let rows: Vec<usize> = (0..m.fighters.len()).rev().collect();
    let top = rows.len().saturating_sub(1);
    Chart::Heatmap {
        title: format!("{name}: score against each opponent, P(win) + ½ P(draw)"),
        x_label: "opponent".into(),
        y_label: "fighter".into(),
        xs: m.opponents.clone(),
        ys: rows.iter().map(|&i| m.fighters[i].clone()).collect(),
        values: rows
            .iter()
            .map(|&i| m.score[i].iter().enumerate().map(|(o, s)| s.map(|s| score(i, o, s))).collect())
            .collect(),
        percent: true,
        basis,
        marked: Some(Marked { x: 0, y: top, note: "the candidate's row".into(), whole_row: true }),
    }
}

/// The balance charts' highlight: the candidate's bars, outlined, named "candidate" in the legend.
fn candidate(bars: Bars) -> Highlight {
    Highlight { bars, name: "candidate".into() }
}

/// Loadouts A and B on common random numbers: both means, then the distribution of A − B on
/// the same dice (shifted back by the trial's offset so it reads as signed differences).
fn paired_charts(
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
    let measure = &super::text::measure_title(system, measure);
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
    // A draw and the rounds played belong to the duel, not to one side: one sentence under the
    // table rather than rows with an empty cell under B.
    fig.notes.push(format!(
        "The duel as a whole: P(draw) {}; rounds it lasted, mean {}.",
        pct(c.draw),
        mean(c.mean_rounds)
    ));
    fig
}

#[cfg(test)]
mod tests {
    use super::*;

    /// z in standard errors of the sampled proportion around the exact one (the 2013 duel at
    /// 20,000 duels: exact 85.28 %, sampled 85.11 %), signed with a true minus.
    #[test]
    fn z_is_the_distance_in_standard_errors_of_the_sample() {
        assert_eq!(z_score(0.8511, 0.8528, 20_000), "−0.7");
        assert_eq!(z_score(0.8546, 0.8528, 1_000_000), "+5.1");
        assert_eq!(z_score(0.0, 0.0, 20_000), "0.0", "certain and matched");
        assert_eq!(z_score(0.01, 0.0, 20_000), "—", "no spread is possible around a certainty");
        assert_eq!(z_text(0.0001, 0.1), "0.0");
    }
}
