//! The balance layout's tables and charts: the fair cost and the verdict, the ratings, each
//! fighter's figures and matchups, the cost curve.

use super::charts::{Bars, Chart, Est, Highlight, Marked, Point};
use super::duels::{drop_empty_columns, e, est, p_est, stats_headers, stats_row};
use super::model::Report;
use super::table::Table;
use crate::analysis::RunResult;
use crate::analysis::balance::{self, BalanceSummary};
use crate::analysis::fair_cost::Interval;
use crate::analysis::layout::BalanceLayout;
use crate::analysis::verdict::{self, Verdict};
use crate::stats;
use crate::system::RuleSystem;
use crate::text::{count, pct, pct_ci};

/// A balance test: the fair cost and the verdict first, every fighter's rating and the
/// matchups it rests on, then the detail — the candidate against each opponent, every fighter
/// against the gauntlet per cost (with the per-cost flags), each other fighter against each
/// opponent.
pub(super) fn tables(report: &Report, system: &dyn RuleSystem, l: &BalanceLayout) -> Vec<Table> {
    let n = count(report.trials);
    let b = report.balance.as_ref().expect("balance summary");
    let mut out = vec![
        fair_cost_table(report, l, b),
        ratings_table(l, b),
        matchups_table(report, b),
        stat_table(l, b),
        strong_weak_table(l, b),
    ];
    let cand = &b.fighters[0];
    let stats_headers = stats_headers(system.duel().map_or("out", |d| d.out));
    let mut headers = vec!["opponent"];
    headers.extend(stats_headers.iter().map(String::as_str));
    let each = if report.trials == 0 && b.exact { "exact duels".to_string() } else { format!("{n} duels each") };
    let mut per = Table::new(format!("{} against each opponent ({each})", cand.label), &headers, true);
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

/// Where the candidate is strong and weak: each opponent, its score against the one its rating
/// predicts, and the fair cost that duel alone would give it — best against its rating first.
fn strong_weak_table(l: &BalanceLayout, b: &BalanceSummary) -> Table {
    let cost = l.costs[0].name;
    let label = b.fighters[0].label.trim_end_matches(" (candidate)");
    let alone = format!("fair {cost} from this duel alone");
    let mut t = Table::new(
        format!("Where {label} is strong and weak: each opponent against its rating"),
        &["opponent", "score: P(win) + ½ P(draw)", "its rating predicts", "difference", &alone],
        true,
    );
    let p = |i: &Interval| if b.exact { pct(i.estimate) } else { pct_ci(i.estimate, i.ci95[0], i.ci95[1]) };
    for m in &b.candidate_matchups {
        let d = (m.played.estimate - m.predicted.estimate) * 100.0;
        t.rows.push(vec![
            m.opponent.clone(),
            p(&m.played),
            p(&m.predicted),
            format!("{}{:.1} points", if d < 0.0 { "−" } else { "+" }, d.abs()),
            m.fair_cost.map(balance::cost_fmt).unwrap_or_else(|| "—".into()),
        ]);
    }
    t.notes.push(format!(
        "One rating per fighter predicts each score; a duel far above the prediction is a matchup the card is built for, far below one it struggles in. The last column reads that duel's score alone off the cost curve: the fair {cost} if every opponent were like this one."
    ));
    t
}

/// What each characteristic of the candidate's card is worth: its fair cost one step down and one
/// step up, with the change and its interval; the characteristics the duel does not read said so.
fn stat_table(l: &BalanceLayout, b: &BalanceSummary) -> Table {
    let cost = l.costs[0].name;
    let mut t = Table::new(
        format!("What each characteristic is worth: the fair {cost} one step worse and one step better"),
        &["characteristic", "on the card", "one step worse", "one step better"],
        true,
    );
    let signed = |x: f64| {
        let s = balance::cost_fmt(x.abs());
        if s.trim_start_matches(['0', '.']).is_empty() {
            "0".to_string()
        } else if x < 0.0 {
            format!("−{s}")
        } else {
            format!("+{s}")
        }
    };
    let say = |v: &crate::analysis::stat_value::StatValue| match (&v.refused, v.priced, &v.fair_cost, &v.change) {
        (Some(_), _, _, _) => format!("{}: beyond the card's limits", v.step.shown[1]),
        (None, false, _, _) => format!("{}: not priced by this duel", v.step.shown[1]),
        (None, true, Some(f), Some(c)) => format!(
            "{}: {} ({} [{}, {}])",
            v.step.shown[1],
            balance::cost_fmt(f.estimate),
            signed(c.estimate),
            signed(c.ci95[0]),
            signed(c.ci95[1])
        ),
        _ => format!("{}: no fair {cost}", v.step.shown[1]),
    };
    let mut unpriced: Vec<&str> = Vec::new();
    for pair in b.stat_values.chunks(2) {
        let v = &pair[0].step;
        let cell = |k: usize| pair.get(k).map(say).unwrap_or_else(|| "—".into());
        t.rows.push(vec![v.stat.clone(), v.shown[0].clone(), cell(0), cell(1)]);
        if pair.iter().all(|v| v.refused.is_some() || !v.priced) && pair.iter().any(|v| v.refused.is_none()) {
            unpriced.push(&v.stat);
        }
    }
    if let Some(why) = &b.stat_values_missing {
        t.rows.push(vec!["—".into(), "—".into(), format!("none: {why}"), "—".into()]);
    }
    t.notes.push(format!(
        "Each step changes that characteristic alone; the candidate's fair {cost} is the starting point, and the change's 95 % interval carries the cost curve's slope and the sampling."
    ));
    if !unpriced.is_empty() {
        t.notes.push(format!(
            "This duel does not price {}: changing it changes no duel, so the duel cannot say what it is worth — a {cost} spent on it pays for something the duel never sees.",
            unpriced.join(", ")
        ));
    }
    t
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
    let stated = balance::stated_fmt(b.stated_cost);
    t.rows.push(vec![format!("stated {cost}"), stated.clone()]);
    let (Some(fair), Some(v), Some(fit)) = (&b.fair_cost, b.verdict, &b.curve.fit) else {
        let why = b.curve.why.clone().unwrap_or_else(|| "no cost curve".into());
        t.rows.push(vec![format!("fair {cost}"), format!("none: {why}")]);
        t.rows.push(vec!["verdict".into(), "none (no fair cost to compare with)".into()]);
        t.notes.push(b.curve.model.clone());
        return t;
    };
    let [est, lo, hi] = verdict::printed(fair, b.stated_cost);
    t.rows.push(vec![format!("fair {cost} (95 % interval for a card of its strength)"), format!("{est} [{lo}, {hi}]")]);
    let place = match v {
        Verdict::UnderCosted => "below the interval: the card is stronger than its price".to_string(),
        Verdict::PricedRight => {
            format!(
                "inside the interval, which is narrow enough to act on (×{} or less)",
                balance::stated_fmt(b.cant_tell_width)
            )
        }
        Verdict::CantTell => format!(
            "inside the interval, but the interval is ×{:.1} wide (high ÷ low): wider than ×{}, so it cannot say whether the card is priced right",
            fair.ci95[1] / fair.ci95[0],
            balance::stated_fmt(b.cant_tell_width)
        ),
        Verdict::OverCosted => "above the interval: the card is weaker than its price".to_string(),
    };
    t.rows.push(vec!["verdict".into(), format!("{}: the stated {stated} is {place}", v.word())]);
    let c = &b.curve;
    t.rows.push(vec!["interval, the reference cards' scatter about the curve".into(), log_half(c.scatter_half_width)]);
    t.rows.push(vec!["interval, where the curve runs at this strength".into(), log_half(c.fit_half_width)]);
    t.rows.push(vec![
        "interval, the ratings' misfit".into(),
        format!(
            "{} (the ratings predict the duels to ±{:.1} points, root mean square)",
            log_half(c.misfit_half_width),
            c.misfit.rms * 100.0
        ),
    ]);
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
    if let Some(h) = &b.gauntlet_health {
        health_rows(&mut t, b, h, cost);
    }
    t.rows.push(vec![
        "reference cards' scatter about the curve".into(),
        format!("{} (a reference card's {cost} against the curve's, typically)", log_half(fit.residual_sd)),
    ]);
    let side = sigma(b.curve.side_advantage);
    t.rows.push(vec![
        "side A's advantage".into(),
        // Rounded before it is signed: an advantage of −0.00004 reads "+0.000", not "-0.000".
        format!(
            "{:+.3} in rating: side A scores {} against an equal fighter",
            (b.curve.side_advantage * 1000.0).round() / 1000.0 + 0.0,
            pct(side)
        ),
    ]);
    t.notes.push(format!(
        "{}. The interval's four parts add on the log scale (√(scatter² + curve² + misfit² + sampling²)): it is where a card of the candidate's strength should be priced, not only where the curve runs. The fair {cost} does not depend on the stated one.",
        b.curve.model
    ));
    t
}

/// Gauntlet health ([`crate::analysis::loo`]): the coverage of the interval over the reference
/// cards, the cards the others price furthest from their listing, the matchups the ratings
/// predict worst, the identical cards.
fn health_rows(t: &mut Table, b: &BalanceSummary, h: &crate::analysis::loo::Health, cost: &str) {
    // `ratings` lists the candidate first, then the reference fighters in order.
    let name = |i: usize| b.ratings.get(i + 1).map_or("?", |r| r.label.as_str());
    let priced = |c: &crate::analysis::loo::LooCard| {
        format!(
            "{} lists {}, the others price it {} [{}, {}]",
            name(c.reference),
            balance::stated_fmt(c.cost),
            balance::cost_fmt(c.estimate),
            balance::cost_fmt(c.ci95[0]),
            balance::cost_fmt(c.ci95[1])
        )
    };
    let outside: Vec<String> = h.cards.iter().filter(|c| !c.inside).map(priced).collect();
    t.rows.push(vec![
        "gauntlet health: each reference card priced from the others".into(),
        format!(
            "{} of {} listed {cost}s inside their 95 % interval ({:.0} %){}; median interval ×{:.2} (high ÷ low); each card rated from its own duels against the others and priced from their curve, as a candidate is",
            h.inside,
            h.priced,
            100.0 * h.inside as f64 / h.priced as f64,
            if outside.is_empty() { String::new() } else { format!("; outside: {}", outside.join("; ")) },
            h.median_width
        ),
    ]);
    let furthest: Vec<String> = h.furthest().into_iter().take(3).map(priced).collect();
    t.rows.push(vec!["gauntlet health: the cards priced furthest from the others' price".into(), furthest.join("; ")]);
    let worst: Vec<String> = h
        .worst_matchups
        .iter()
        .map(|m| {
            format!(
                "{} against {}: scores {}, its rating says {}",
                m.fighter.map_or("the candidate", name),
                name(m.opponent),
                pct(m.played),
                pct(m.predicted)
            )
        })
        .collect();
    if !worst.is_empty() {
        t.rows.push(vec!["gauntlet health: the duels the ratings predict worst".into(), worst.join("; ")]);
    }
    if !h.duplicates.is_empty() {
        let groups: Vec<String> =
            h.duplicates.iter().map(|g| g.iter().map(|&i| name(i)).collect::<Vec<_>>().join(" = ")).collect();
        t.rows.push(vec![
            "gauntlet health: identical reference cards (one point of the curve)".into(),
            groups.join("; "),
        ]);
    }
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
            r.cost.map(balance::stated_fmt).unwrap_or_else(dash),
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

/// A balance test: the cost curve with the candidate on it, the matchup heatmap, then P(win)
/// against each opponent for the candidate and up to seven reference fighters (more bars would
/// not read). The old chart of P(win) per unit of cost is gone: a ratio to the cost assumes
/// strength proportional to price, which the cost curve replaces (the per-cost figures stay in
/// their table as detail).
pub(super) fn charts(run: &RunResult, report: &Report, l: &BalanceLayout) -> Vec<(String, Chart)> {
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

/// The cost curve: each priced reference fighter at (rating, cost), the fitted curve with the
/// 95 % band a card of each rating should be priced in (its prediction band) over the ratings
/// shown, and the candidate at its stated cost and at its fair cost
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
            label: format!("{label}: stated {}", balance::stated_fmt(bs.stated_cost)),
            x,
            y: Est::exact(bs.stated_cost),
        },
    )];
    if let Some(f) = &bs.fair_cost {
        marks.push((
            format!("candidate's fair {cost}, 95 % interval"),
            Point {
                label: {
                    let [e, lo, hi] = verdict::printed(f, bs.stated_cost);
                    format!("fair {e} [{lo}, {hi}]")
                },
                x: Est::exact(x.v),
                y: interval_est(f),
            },
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
        curve_name: "fitted curve, 95 % band for a card".into(),
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
