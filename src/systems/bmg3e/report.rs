//! What a 2019 duel report adds beside the Monte Carlo duel: the exact duel
//! ([`crate::systems::bmg3e::rules::duel::exact`]) as configured, the whole-duel effort plan,
//! and what planning over the whole duel wins over making no effort and over deciding each
//! attack alone.

use super::effort;
use crate::analysis::RunResult;
use crate::analysis::duel::DuelOutcome;
use crate::analysis::scenario::Layout;
use crate::interrupt::Interrupted;
use crate::report::charts::{Chart, Est};
use crate::report::json::capture;
use crate::report::model::{self, Report, SystemExtras};
use crate::report::table::Table;
use crate::stats;
use crate::systems::bmg3e::rules::duel::Duel;
use crate::systems::bmg3e::rules::duel::exact::{self, Solution};
use crate::systems::bmg3e::rules::{Markers, Objective};
use crate::text::pct;
use crate::text::{mean_ci, pct_ci};
use serde::Serialize;

/// How the exact duel is computed, for reports.
pub const METHOD: &str = "dynamic programming over every reachable state of the duel (markers, contact, Take the Lead modifiers), from the exact distribution of each attack and check; exact up to double-precision rounding";

/// The exact duel in a report (JSON `exact_duel`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExactDuel {
    pub method: &'static str,
    /// The duel with the configured effort policies: the sampled duel estimates these.
    pub configured: Figures,
    /// Both sides planning their effort over the whole duel (`optimal-win`).
    pub optimal: Figures,
    /// What whole-duel planning is worth to A and to B.
    pub gains: [Gain; 2],
    /// The whole-duel plan at every decision point the duel can reach where a side has an
    /// effort choice, likeliest first.
    pub plan: Vec<PlanRow>,
}

/// Exact figures of one way of playing the duel: the outcome every exact duel has, and the
/// effort ★ each side took.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Figures {
    #[serde(flatten)]
    pub outcome: DuelOutcome,
    /// Expected effort ★ taken.
    pub a_effort: f64,
    pub b_effort: f64,
}

impl Figures {
    fn of(s: &Solution) -> Figures {
        Figures {
            outcome: DuelOutcome::new(s.win, s.draw, s.casualty, &s.rounds, &s.down_round, s.dealt),
            a_effort: s.effort[0],
            b_effort: s.effort[1],
        }
    }
}

/// One side's P(win) under whole-duel planning and without it (the other side always answering
/// with its whole-duel best).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Gain {
    /// Both sides plan over the whole duel.
    pub optimal: f64,
    /// This side makes no effort.
    pub no_effort: f64,
    /// This side decides each attack alone (`optimal-ko`).
    pub per_attack: f64,
}

/// The plan at one decision point.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlanRow {
    pub round: u8,
    /// `"a"` or `"b"`.
    pub attacker: &'static str,
    /// The attacker won Take the Lead and activates first.
    pub first: bool,
    pub a_stun: u8,
    pub a_wounds: u8,
    pub b_stun: u8,
    pub b_wounds: u8,
    pub contact: bool,
    /// P(the duel passes through this point) when both sides follow the plan.
    pub reach: f64,
    /// Effort ★ A and B make here under the plan.
    pub a_effort: u8,
    pub b_effort: u8,
    /// What deciding this attack alone (`optimal-ko` for both) would make.
    pub a_effort_per_attack: u8,
    pub b_effort_per_attack: u8,
    /// Most effort each may make here.
    pub a_limit: u8,
    pub b_limit: u8,
}

/// A 2019 effort table (in `Layout::Own`): one cell per allowed (target effort, attacker effort)
/// pair, judged by `objective`.
#[derive(Clone, Debug, PartialEq)]
pub struct EffortLayout {
    pub objective: Objective,
}

/// The effort table's tables: the objective for each pair, and the attacker's best answers.
pub fn tables(run: &RunResult, report: &Report) -> Vec<Table> {
    let Some(EffortLayout { objective }) = run.scenario.layout.get() else { return Vec::new() };
    let z = stats::z_value();
    let sc = &run.scenario;
    let tallies = &run.output.tallies;
    let mut out = Vec::new();
    let best = report.part::<effort::Best>("best").expect("effort reports have a best choice");
    let max_a = sc.cells.iter().map(|c| c.params[1].1.as_u64().unwrap_or(0)).max().unwrap_or(0);
    let mut headers = vec!["target effort \\ attacker effort".to_string()];
    headers.extend((0..=max_a).map(|a| a.to_string()));
    let h: Vec<&str> = headers.iter().map(String::as_str).collect();
    let mut grid = Table::new(format!("{} for each (target effort, attacker effort)", objective.describe()), &h, true);
    for r in &best.responses {
        let mut row = vec![r.target_effort.to_string()];
        for a in 0..=max_a {
            let idx = sc
                .cells
                .iter()
                .position(|c| c.params[0].1.as_u64() == Some(r.target_effort) && c.params[1].1.as_u64() == Some(a));
            row.push(match idx {
                Some(i) => {
                    let e = effort::estimate(&sc.cells[i], &tallies[i], *objective, z);
                    fmt_objective(*objective, e.value, e.ci95)
                }
                None => "—".into(),
            });
        }
        grid.rows.push(row);
    }
    out.push(grid);
    let mut br = Table::new(
        "Attacker's best answer to each target effort",
        &[
            "target effort (★ paid)",
            "attacker's best effort (★ paid)",
            "objective",
            "mean hits",
            "P(K.O.)",
            "P(casualty)",
        ],
        true,
    );
    for r in &best.responses {
        let i = sc
            .cells
            .iter()
            .position(|c| {
                c.params[0].1.as_u64() == Some(r.target_effort) && c.params[1].1.as_u64() == Some(r.attacker_effort)
            })
            .expect("response is a cell");
        let c = &report.cells[i];
        let h = c.metrics.get("hits").expect("hits");
        let e = |n: &str| {
            let e = c.events.get(n).expect("event");
            pct_ci(e.p, e.ci95[0], e.ci95[1])
        };
        let mark = if r.target_effort == best.target_effort { " ← target's best" } else { "" };
        br.rows.push(vec![
            format!("{}{mark}", r.target_effort),
            r.attacker_effort.to_string(),
            fmt_objective(*objective, r.estimate.value, r.estimate.ci95),
            mean_ci(h.mean, h.stderr, z),
            e("ko"),
            e("casualty"),
        ]);
    }
    out.push(br);
    out
}

fn fmt_objective(o: super::rules::Objective, v: f64, c: [f64; 2]) -> String {
    if o.is_probability() { pct_ci(v, c[0], c[1]) } else { format!("{v:.3} [{:.3}, {:.3}]", c[0], c[1]) }
}

/// The effort table's charts: the objective as a heat map, the hits at the best efforts.
pub fn charts(run: &RunResult, report: &Report) -> Vec<(String, Chart)> {
    let Some(EffortLayout { objective }) = run.scenario.layout.get() else { return Vec::new() };
    let z = stats::z_value();
    let sc = &run.scenario;
    let t = &run.output.tallies;
    let title_tail = report.basis();
    let mut out = Vec::new();
    let best = report.part::<effort::Best>("best").expect("effort has best");
    let max_a = sc.cells.iter().filter_map(|c| c.params[1].1.as_u64()).max().unwrap_or(0);
    let ys: Vec<String> = best.responses.iter().map(|r| r.target_effort.to_string()).collect();
    let xs: Vec<String> = (0..=max_a).map(|a| a.to_string()).collect();
    let values = best
        .responses
        .iter()
        .map(|r| {
            (0..=max_a)
                .map(|a| {
                    sc.cells
                        .iter()
                        .position(|c| {
                            c.params[0].1.as_u64() == Some(r.target_effort) && c.params[1].1.as_u64() == Some(a)
                        })
                        .map(|i| Est::from(effort::estimate(&sc.cells[i], &t[i], *objective, z)))
                })
                .collect()
        })
        .collect();
    out.push((
        "effort".into(),
        Chart::Heatmap {
            title: format!("{}: {} by effort", sc.name, objective.describe()),
            x_label: "attacker effort (★ taken)".into(),
            y_label: "target effort (★ taken)".into(),
            xs,
            ys,
            values,
            percent: objective.is_probability(),
            basis: title_tail.clone(),
            marked: None,
        },
    ));
    let i = sc
        .cells
        .iter()
        .position(|c| {
            c.params[0].1.as_u64() == Some(best.target_effort) && c.params[1].1.as_u64() == Some(best.attacker_effort)
        })
        .expect("best is a cell");
    let hits = report.cells[i].metrics.0.iter().position(|(n, _)| n == "hits").expect("hits");
    out.push((
        "effort-best-hits".into(),
        crate::report::charts::distribution(
            &t[i],
            hits,
            &format!(
                "{}: hits at the best efforts (target {}, attacker {}) ({title_tail})",
                sc.name, best.target_effort, best.attacker_effort
            ),
            "hits",
            z,
        ),
    ));
    out
}

/// The headline of an effort table: the best play and what it is worth.
pub fn answer(_run: &RunResult, report: &Report) -> Option<String> {
    let b = report.part::<effort::Best>("best")?;
    let value = if b.probability {
        pct_ci(b.estimate.value, b.estimate.ci95[0], b.estimate.ci95[1])
    } else {
        format!("{:.3} [{:.3}, {:.3}]", b.estimate.value, b.estimate.ci95[0], b.estimate.ci95[1])
    };
    let caveat = if b.not_resolved_from.is_empty() {
        String::new()
    } else {
        format!(
            " Not resolved at 95 % from target effort {}: the intervals overlap, run more trials to separate them.",
            b.not_resolved_from.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
        )
    };
    Some(format!(
        "Best play for {}: the target declares {} effort (pays {} ★), the attacker answers with {} effort (pays {} ★), for {} {}.{caveat} The objective counts {}.",
        b.measure,
        b.target_effort,
        b.stun_paid.target,
        b.attacker_effort,
        b.stun_paid.attacker,
        b.measure,
        value,
        b.counts
    ))
}

/// What a 2019 run adds to its report model: an effort table's best play, or for a duel the exact duel with its tables, the chart of what effort
/// planning wins, and the whole plan as a file. Nothing for other layouts, or when the solve is
/// over budget; `Err` when a signal stopped it.
pub fn extras(run: &RunResult) -> Result<SystemExtras, Interrupted> {
    let sc = &run.scenario;
    if let Some(EffortLayout { objective }) = sc.layout.get() {
        let best = effort::best(&sc.cells, &run.output.tallies, *objective, stats::z_value());
        return Ok(SystemExtras { parts: vec![("best".into(), model::Part::new(best))], ..SystemExtras::default() });
    }
    let (Layout::Duel { a, b }, Some(super::rules::Trial3e::Duel(duel))) =
        (&sc.layout, sc.cells[0].trial.downcast::<super::rules::Trial3e>())
    else {
        return Ok(SystemExtras::default());
    };
    let Some(x) = exact_duel(duel)? else { return Ok(SystemExtras::default()) };
    let setup = duel.setup();
    let [ga, gb] = &x.gains;
    let e = Est::exact;
    let chart = Chart::Grouped {
        title: format!("{}: P(win) by how each fighter decides its effort (exact)", sc.name),
        x_label: "fighter (the opponent answering at its best)".into(),
        y_label: "P(win)".into(),
        groups: vec![a.clone(), b.clone()],
        series: vec![
            ("plans the whole duel".into(), vec![e(ga.optimal), e(gb.optimal)]),
            ("each attack alone".into(), vec![e(ga.per_attack), e(gb.per_attack)]),
            ("no effort".into(), vec![e(ga.no_effort), e(gb.no_effort)]),
        ],
        percent: true,
        highlight: None,
    };
    Ok(SystemExtras {
        exact_duel: Some(model::ExactDuel {
            configured: x.configured.outcome.clone(),
            json: capture(&x),
            plan_file: (PLAN_FILE, plan_csv(&x)),
            tables: duel_tables(&x, a, b, [setup.a.effort.words(), setup.b.effort.words()]),
            charts: vec![("duel-effort-plan".into(), chart)],
        }),
        ..SystemExtras::default()
    })
}

/// Solve the duel and build its report section: `None` when the solve is over
/// [`exact::BUDGET`] (the loader has put a note in the scenario saying so), `Err` when a
/// signal stopped it.
fn exact_duel(duel: &Duel) -> Result<Option<ExactDuel>, Interrupted> {
    if exact::within_budget(duel).is_err() {
        return Ok(None);
    }
    let an = exact::analyse(duel)?;
    let gain = |s: usize| Gain { optimal: an.optimal.win[s], no_effort: an.no_effort[s], per_attack: an.myopic[s] };
    let mut plan: Vec<PlanRow> = an
        .optimal
        .situations
        .iter()
        .filter(|x| x.limits != (0, 0))
        .map(|x| {
            // (target, attacker) pairs as (A, B).
            let ab = |(t, a): (u8, u8)| if x.attacker == 0 { (a, t) } else { (t, a) };
            let (a_effort, b_effort) = ab(x.effort);
            let (a_table, b_table) = ab(x.table);
            let (a_limit, b_limit) = ab(x.limits);
            PlanRow {
                round: x.round,
                attacker: if x.attacker == 0 { "a" } else { "b" },
                first: x.first,
                a_stun: x.markers[0].stun,
                a_wounds: x.markers[0].wounds,
                b_stun: x.markers[1].stun,
                b_wounds: x.markers[1].wounds,
                contact: x.contact,
                reach: x.reach,
                a_effort,
                b_effort,
                a_effort_per_attack: a_table,
                b_effort_per_attack: b_table,
                a_limit,
                b_limit,
            }
        })
        .collect();
    // Likeliest first; ties in a fixed order (the solver's decision-point order is stable).
    plan.sort_by(|x, y| y.reach.total_cmp(&x.reach));
    Ok(Some(ExactDuel {
        method: METHOD,
        configured: Figures::of(&an.configured),
        optimal: Figures::of(&an.optimal),
        gains: [gain(0), gain(1)],
        plan,
    }))
}

fn markers(stun: u8, wounds: u8) -> String {
    let m = Markers { stun, wounds }.to_string();
    if m.is_empty() { "none".into() } else { m }
}

/// Percentage points, signed.
fn points(x: f64) -> String {
    format!("{:+.2} pts", x * 100.0)
}

/// The file that holds the whole plan.
pub const PLAN_FILE: &str = "effort-plan.csv";

/// How many plan rows the terminal and summary show (the CSV has them all).
pub const PLAN_ROWS: usize = 12;

/// The report tables: the exact duel as configured, what whole-duel planning wins, the plan.
fn duel_tables(x: &ExactDuel, a: &str, b: &str, policies: [&str; 2]) -> Vec<Table> {
    let c = &x.configured;
    let fig = crate::report::duels::exact_figures(
        &c.outcome,
        policies,
        [a, b],
        "markers (★ + ♦)",
        ("effort ★ taken, mean", [c.a_effort, c.b_effort]),
    );
    let [ga, gb] = &x.gains;
    let mut gains = Table::new(
        "Planning effort over the whole duel (exact): P(win), the opponent always answering at its best",
        &["how this fighter decides its effort", a, b],
        true,
    );
    for (name, f) in [
        ("plans the whole duel", &(|g: &Gain| pct(g.optimal)) as &dyn Fn(&Gain) -> String),
        ("decides each attack alone (for the best chance of a K.O.)", &|g: &Gain| pct(g.per_attack)),
        ("makes no effort", &|g: &Gain| pct(g.no_effort)),
        ("gain of planning over each attack alone", &|g: &Gain| points(g.optimal - g.per_attack)),
        ("gain of planning over no effort", &|g: &Gain| points(g.optimal - g.no_effort)),
    ] {
        gains.rows.push(vec![name.to_string(), f(ga), f(gb)]);
    }
    let mut plan = Table::new(
        format!(
            "Whole-duel effort plan (exact): the {} likeliest situations with an effort choice (A = {a}, B = {b}; all of them in {PLAN_FILE})",
            PLAN_ROWS.min(x.plan.len())
        ),
        &["round", "attacks", "on A", "on B", "reached", "A's effort", "B's effort", "each attack alone"],
        true,
    );
    for r in x.plan.iter().take(PLAN_ROWS) {
        let differs = (r.a_effort, r.b_effort) != (r.a_effort_per_attack, r.b_effort_per_attack);
        plan.rows.push(vec![
            r.round.to_string(),
            format!("{} {}", r.attacker.to_uppercase(), if r.first { "first" } else { "second" }),
            markers(r.a_stun, r.a_wounds),
            markers(r.b_stun, r.b_wounds),
            pct(r.reach),
            format!("{} ★", r.a_effort),
            format!("{} ★", r.b_effort),
            format!(
                "A {} ★, B {} ★{}",
                r.a_effort_per_attack,
                r.b_effort_per_attack,
                if differs { " (differs)" } else { "" }
            ),
        ]);
    }
    vec![fig, gains, plan]
}

/// `effort-plan.csv`: the whole-duel plan at every reachable decision point with a choice.
fn plan_csv(x: &ExactDuel) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    for r in &x.plan {
        w.serialize(r).expect("in-memory write");
    }
    String::from_utf8(w.into_inner().expect("in-memory")).expect("UTF-8")
}
