//! Tables and charts for 2013 counter exchanges and the side-by-side edition comparison.

use super::exchange;
use crate::analysis::RunResult;
use crate::analysis::scenario::Layout;
use crate::engine::Tally;
use crate::interrupt::Interrupted;
use crate::report::charts::{Chart, Est, Marked};
use crate::report::model::{Part, Report, SystemExtras};
use crate::report::table::Table;
use crate::stats::{self, Estimate};
use crate::systems::bmg1e::rules::Trial1e;
use crate::text::{ci, mean_ci, pct, pct_ci};

/// One side's counter split: (Attack counters, Defense counters).
type Split = (u8, u8);

/// The layouts only the 2013 game draws (in `Layout::Own`).
#[derive(Clone, Debug, PartialEq)]
pub enum Layout1e {
    /// A 2013 melee exchange: one cell per (A split, B split), A-major; `names` are A's and B's
    /// fighters as the report calls them ("Batman", "Bruiser"), never "A" and "B".
    Exchange { a_splits: Vec<(u8, u8)>, b_splits: Vec<(u8, u8)>, objective: &'static str, names: [String; 2] },
    /// One matchup under each edition: cell 0 is `bmg-1e`, cell 1 is `bmg-3e`.
    Editions,
}

/// What a 2013 run adds to its report model: an exchange's best counter split, or a duel solved
/// exactly (see [`duel::extras`]). `Err` when a signal stopped the duel's solve.
pub fn extras(run: &RunResult) -> Result<SystemExtras, Interrupted> {
    let sc = &run.scenario;
    if let (Some(Layout1e::Exchange { objective, .. }), Some(Trial1e::Exchange(x))) =
        (sc.layout.get(), sc.cells[0].trial.downcast::<Trial1e>())
    {
        return Ok(SystemExtras {
            parts: vec![(
                "exchange".into(),
                Part::new(exchange::best(&sc.cells, &run.output.tallies, objective, x.offset, stats::z_value())),
            )],
            ..SystemExtras::default()
        });
    }
    match (&sc.layout, sc.cells[0].trial.downcast::<Trial1e>()) {
        (Layout::Duel { a, b }, Some(Trial1e::Duel(d))) => {
            Ok(SystemExtras { exact_duel: duel::extras(&sc.name, a, b, d)?, ..SystemExtras::default() })
        }
        _ => Ok(SystemExtras::default()),
    }
}

/// The headline of an exchange report (A's best split and B's answer), of the editions
/// comparison, of a Take-the-Lead bag (round by round) and of a Let's Go! chain (how long).
pub fn answer(run: &RunResult, report: &Report) -> Option<String> {
    if let Some(Layout1e::Editions) = run.scenario.layout.get::<Layout1e>() {
        return editions_answer(report);
    }
    match (&run.scenario.layout, run.scenario.cells[0].trial.downcast::<Trial1e>()) {
        (Layout::Single, Some(Trial1e::TakeTheLead(t))) => return super::procedure_answers::answer(t, report),
        (Layout::Single, Some(Trial1e::LetsGo(go))) => return super::procedure_answers::lets_go(go, run, report),
        _ => {}
    }
    let x = report.part::<exchange::ExchangeBest>("exchange")?;
    let Some(Layout1e::Exchange { names: [a, b], .. }) = run.scenario.layout.get::<Layout1e>() else { return None };
    let v = if x.objective == "net" {
        format!("{:+.3} [{:+.3}, {:+.3}] markers net", x.value.value, x.value.ci95[0], x.value.ci95[1])
    } else {
        pct_ci(x.value.value, x.value.ci95[0], x.value.ci95[1])
    };
    Some(format!(
        "Best split for {a} (maximin: best worst case for {}): {} Attack / {} Defense counters; {b}'s best answer is {} Attack / {} Defense, leaving {a} {v}.",
        objective_title(&x.objective, a, b),
        x.a_split[0],
        x.a_split[1],
        x.b_answer[0],
        x.b_answer[1]
    ))
}

/// The editions side by side: out of action (the question an attack answers in both) and the
/// damage markers placed, 2013 against 2019.
fn editions_answer(report: &Report) -> Option<String> {
    use crate::report::answer::prob;
    let (old, new) = (report.cells.first()?, report.cells.get(1)?);
    let (o, n) = (old.events.get("out_of_action")?, new.events.get("out_of_action")?);
    let stun = |c: &crate::report::model::CellReport| c.metrics.get("stun").map(|m| m.mean).unwrap_or(0.0);
    let wounds = |c: &crate::report::model::CellReport| c.metrics.get("wounds").map(|m| m.mean).unwrap_or(0.0);
    let more = if n.p > o.p { "the 2019 rules" } else { "the 2013 rules" };
    // ♦ only where a side can place them (a ★-only weapon on both sides places none).
    let markers = |c: &crate::report::model::CellReport| {
        if wounds(old) == 0.0 && wounds(new) == 0.0 {
            format!("{:.3} ★", stun(c))
        } else {
            format!("{:.3} ★ and {:.3} ♦", stun(c), wounds(c))
        }
    };
    Some(format!(
        "The attack puts the target out of action (K.O. or casualty) more often under {more}: {} under 2019 against {} under 2013, placing {} against {} per attack.",
        prob(n),
        prob(o),
        markers(new),
        markers(old)
    ))
}

/// (row title, 2013 name, 2019 name, is an event)
const EDITION_ROWS: [(&str, &str, &str, bool); 8] = [
    ("hits that deal damage (2013: damage successes; 2019: hits after blocks)", "damage_successes", "hits", false),
    ("★ placed", "stun", "stun", false),
    ("♦ placed", "wounds", "wounds", false),
    ("P(at least one hit)", "any_damage", "any_hit", true),
    ("P(knocked down)", "knocked_down", "knocked_down", true),
    ("P(critical)", "critical", "critical", true),
    ("P(K.O. caused)", "ko", "ko", true),
    ("P(casualty caused)", "casualty", "casualty", true),
];

fn metric_index(report: &Report, cell: usize, name: &str) -> Option<usize> {
    report.cells[cell].metrics.0.iter().position(|(n, _)| n == name)
}

fn exchange_offset(run: &RunResult) -> u16 {
    match run.scenario.cells[0].trial.downcast::<Trial1e>() {
        Some(Trial1e::Exchange(x)) => x.offset,
        _ => 0,
    }
}

fn value_text(objective: &str, v: &Estimate) -> String {
    if objective == "net" {
        format!("{:+.3} [{:+.3}, {:+.3}]", v.value, v.ci95[0], v.ci95[1])
    } else {
        pct_ci(v.value, v.ci95[0], v.ci95[1])
    }
}

fn objective_title(o: &str, a: &str, b: &str) -> String {
    match o {
        "b_down" => format!("P({b} K.O. or removed)"),
        "net" => format!("markers {a} dealt − markers {b} dealt"),
        _ => format!("P({b} down and {a} standing)"),
    }
}

/// Tables for the exchange and editions layouts.
pub fn tables(run: &RunResult, report: &Report) -> Vec<Table> {
    match run.scenario.layout.get::<Layout1e>() {
        Some(Layout1e::Exchange { a_splits, b_splits, objective, names }) => {
            exchange_tables(run, report, (a_splits, b_splits), objective, names)
        }
        Some(Layout1e::Editions) => editions_tables(run, report),
        _ => Vec::new(),
    }
}

/// An exchange's tables: the value of every pair of splits, A's worst case per split (the
/// maximin marked), and the figures at the maximin splits.
fn exchange_tables(
    run: &RunResult,
    report: &Report,
    (a_splits, b_splits): (&[Split], &[Split]),
    objective: &str,
    [a, b]: &[String; 2],
) -> Vec<Table> {
    let z = stats::z_value();
    let sc = &run.scenario;
    let t = &run.output.tallies;
    let mut out = Vec::new();
    let offset = exchange_offset(run);
    let mut headers = vec![format!("{a}'s split (AC/DC) \\ {b}'s split")];
    headers.extend(b_splits.iter().map(|(ac, dc)| format!("{b} {ac}/{dc}")));
    let h: Vec<&str> = headers.iter().map(String::as_str).collect();
    let mut grid = Table::new(
        format!("{} for each pair of splits ({})", objective_title(objective, a, b), report.per_cell("trials each")),
        &h,
        true,
    );
    for (ai, (aa, ad)) in a_splits.iter().enumerate() {
        let mut row = vec![format!("{a} {aa}/{ad}")];
        for bi in 0..b_splits.len() {
            let v = exchange::value(&t[ai * b_splits.len() + bi], objective, offset, z);
            row.push(value_text(objective, &v));
        }
        grid.rows.push(row);
    }
    out.push(grid);
    let best = report.part::<exchange::ExchangeBest>("exchange").expect("exchange summary");
    let (split, answer, value) = (format!("{a}'s split"), format!("{b}'s best answer"), format!("value for {a}"));
    let mut wc = Table::new(
        format!("{a}'s worst case for each split ({b} answers best)"),
        &[split.as_str(), answer.as_str(), value.as_str()],
        true,
    );
    for w in &best.worst_cases {
        let mark = if w.a_split == best.a_split { " ← maximin" } else { "" };
        wc.rows.push(vec![
            format!("{}/{}{mark}", w.a_split[0], w.a_split[1]),
            format!("{}/{}", w.b_answer[0], w.b_answer[1]),
            value_text(objective, &w.value),
        ]);
    }
    out.push(wc);
    let i = sc
        .cells
        .iter()
        .position(|c| {
            let g = |k: &str| c.params.iter().find(|(n, _)| n == k).and_then(|(_, v)| v.as_u64()).unwrap_or(99) as u8;
            [g("a_ac"), g("a_dc")] == best.a_split && [g("b_ac"), g("b_dc")] == best.b_answer
        })
        .expect("best is a cell");
    let mut detail = Table::new("At the maximin splits", &["figure", "value"], false);
    let ev = |k: usize| {
        let p = t[i].event(k, z);
        pct_ci(p.p, p.lo, p.hi)
    };
    let m = |k: usize| {
        let mm = t[i].moments(k);
        mean_ci(mm.mean, mm.stderr, z)
    };
    detail.rows.push(vec![format!("markers {a} deals"), m(0)]);
    detail.rows.push(vec![format!("markers {b} deals back"), m(1)]);
    detail.rows.push(vec![format!("{b}'s strikes left after {a}'s attack"), m(2)]);
    detail.rows.push(vec![format!("P({b} K.O. or removed)"), ev(0)]);
    detail.rows.push(vec![format!("P({a} K.O. or removed)"), ev(1)]);
    detail.rows.push(vec![format!("P({b} strikes back)"), ev(3)]);
    detail.rows.push(vec![format!("P({b} knocked down, not K.O.)"), ev(5)]);
    out.push(detail);
    out
}

/// One matchup under both editions: the measures side by side, then the distributions of the
/// first three.
fn editions_tables(run: &RunResult, report: &Report) -> Vec<Table> {
    let z = stats::z_value();
    let t = &run.output.tallies;
    let mut out = Vec::new();
    let mut tab = Table::new(
        format!("One matchup under both editions ({})", report.per_cell("trials each")),
        &["measure", "bmg-1e (2013)", "bmg-3e (2019)"],
        true,
    );
    for (title, n1, n3, is_event) in EDITION_ROWS {
        let cell_text = |cell: usize, name: &str| -> String {
            if is_event {
                match report.cells[cell].events.get(name) {
                    Some(e) => pct_ci(e.p, e.ci95[0], e.ci95[1]),
                    None => "—".into(),
                }
            } else {
                match report.cells[cell].metrics.get(name) {
                    Some(m) => mean_ci(m.mean, m.stderr, z),
                    None => "—".into(),
                }
            }
        };
        tab.rows.push(vec![title.to_string(), cell_text(0, n1), cell_text(1, n3)]);
    }
    out.push(tab);
    for (title, n1, n3, is_event) in EDITION_ROWS.iter().take(3) {
        let _ = is_event;
        let (i1, i3) = (metric_index(report, 0, n1), metric_index(report, 1, n3));
        let (Some(i1), Some(i3)) = (i1, i3) else { continue };
        let len = t[0].trimmed(i1).len().max(t[1].trimmed(i3).len());
        let mut d = Table::new(
            format!("Distribution of {title}"),
            &["k", "bmg-1e P(= k)", "bmg-1e P(≥ k)", "bmg-3e P(= k)", "bmg-3e P(≥ k)"],
            false,
        );
        for v in 0..len {
            let f = |tally: &Tally, i: usize| {
                let e = tally.exactly(i, v, z);
                let a = tally.at_least(i, v, z);
                (format!("{} {}", pct(e.p), ci(e.lo, e.hi)), format!("{} {}", pct(a.p), ci(a.lo, a.hi)))
            };
            let (e1, a1) = f(&t[0], i1);
            let (e3, a3) = f(&t[1], i3);
            d.rows.push(vec![v.to_string(), e1, a1, e3, a3]);
        }
        out.push(d);
    }
    out
}

/// The exchange heatmap's answer: A's maximin split (a row) against B's best answer to it (a
/// column), outlined.
fn maximin_cell(report: &Report, (a_splits, b_splits): (&[Split], &[Split]), [a, b]: &[String; 2]) -> Option<Marked> {
    let x = report.part::<exchange::ExchangeBest>("exchange")?;
    let find = |splits: &[(u8, u8)], s: [u8; 2]| splits.iter().position(|&(a, d)| [a, d] == s);
    Some(Marked {
        x: find(b_splits, x.b_answer)?,
        y: find(a_splits, x.a_split)?,
        note: format!(
            "{a}'s maximin {}/{}, {b}'s answer {}/{}",
            x.a_split[0], x.a_split[1], x.b_answer[0], x.b_answer[1]
        ),
        whole_row: false,
    })
}

/// Charts for the exchange and editions layouts.
pub fn charts(run: &RunResult, report: &Report) -> Vec<(String, Chart)> {
    let z = stats::z_value();
    let sc = &run.scenario;
    let t = &run.output.tallies;
    let tail = report.basis();
    let mut out = Vec::new();
    match sc.layout.get::<Layout1e>() {
        Some(Layout1e::Exchange { a_splits, b_splits, objective, names }) => {
            let offset = exchange_offset(run);
            let [a, b] = names;
            out.push((
                "exchange".into(),
                Chart::Heatmap {
                    title: format!("{}: {} by counter split", sc.name, objective_title(objective, a, b)),
                    x_label: format!("{b}'s split (AC/DC)"),
                    y_label: format!("{a}'s split (AC/DC)"),
                    xs: b_splits.iter().map(|(a, d)| format!("{a}/{d}")).collect(),
                    ys: a_splits.iter().map(|(a, d)| format!("{a}/{d}")).collect(),
                    values: (0..a_splits.len())
                        .map(|ai| {
                            (0..b_splits.len())
                                .map(|bi| {
                                    Some(exchange::value(&t[ai * b_splits.len() + bi], objective, offset, z).into())
                                })
                                .collect()
                        })
                        .collect(),
                    percent: *objective != "net",
                    basis: tail.clone(),
                    marked: maximin_cell(report, (a_splits, b_splits), names),
                },
            ));
        }
        Some(Layout1e::Editions) => {
            for (stem, (title, n1, n3, _)) in
                ["editions-hits", "editions-stun", "editions-wounds"].iter().zip(EDITION_ROWS.iter())
            {
                let (Some(i1), Some(i3)) = (metric_index(report, 0, n1), metric_index(report, 1, n3)) else { continue };
                let len = t[0].trimmed(i1).len().max(t[1].trimmed(i3).len());
                let series = |tally: &Tally, i: usize| {
                    (0..len)
                        .map(|v| {
                            let p = tally.exactly(i, v, z);
                            Est::from(p)
                        })
                        .collect::<Vec<_>>()
                };
                out.push((
                    stem.to_string(),
                    Chart::Grouped {
                        title: format!("{}: {title} ({tail})", sc.name),
                        x_label: "k".into(),
                        y_label: "P(= k)".into(),
                        groups: (0..len).map(|v| v.to_string()).collect(),
                        series: vec![
                            ("bmg-1e (2013)".into(), series(&t[0], i1)),
                            ("bmg-3e (2019)".into(), series(&t[1], i3)),
                        ],
                        percent: true,
                        highlight: None,
                    },
                ));
            }
            let events: Vec<&(&str, &str, &str, bool)> = EDITION_ROWS.iter().filter(|r| r.3).collect();
            let ev = |cell: usize, name: &str| report.cells[cell].events.get(name).map(Est::from).unwrap_or(Est::NA);
            out.push((
                "editions-events".into(),
                Chart::Grouped {
                    title: format!("{}: events per attack ({tail})", sc.name),
                    x_label: "event".into(),
                    y_label: "probability".into(),
                    groups: events
                        .iter()
                        .map(|r| r.0.trim_start_matches("P(").trim_end_matches(')').to_string())
                        .collect(),
                    series: vec![
                        ("bmg-1e (2013)".into(), events.iter().map(|r| ev(0, r.1)).collect()),
                        ("bmg-3e (2019)".into(), events.iter().map(|r| ev(1, r.2)).collect()),
                    ],
                    percent: true,
                    highlight: None,
                },
            ));
        }
        _ => {}
    }
    out
}

/// The exact 2013 duel in a report (JSON `exact_duel`): the duel as configured, both sides
/// choosing their counter split every round to win the duel, and what that planning is worth
/// against each fixed split policy ([`crate::systems::bmg1e::rules::duel::exact`]).
pub mod duel {
    use crate::analysis::duel::DuelOutcome;
    use crate::interrupt::Interrupted;
    use crate::report::charts::{Chart, Est};
    use crate::report::json::capture;
    use crate::report::model;
    use crate::report::table::Table;
    use crate::systems::batman::markers::Markers;
    use crate::systems::bmg1e::rules::duel::exact::{self, Solution};
    use crate::systems::bmg1e::rules::duel::{Duel, Split};
    use crate::text::pct;
    use serde::Serialize;

    /// How the exact duel is computed, for reports.
    pub const METHOD: &str = "dynamic programming over every reachable state between rounds (Take-the-Lead bag, markers, who lies down, Power Armor used), from the exact law of each activation and Casualty Recount; exact up to double-precision rounding";

    /// The file that holds the whole counter-split plan.
    pub const PLAN_FILE: &str = "split-plan.csv";

    /// How many plan rows the terminal and summary show (the CSV has them all).
    pub const PLAN_ROWS: usize = 12;

    #[derive(Clone, Debug, PartialEq, Serialize)]
    pub struct ExactDuel {
        pub method: &'static str,
        /// The duel with the configured split policies: the sampled duel estimates these.
        pub configured: Figures,
        /// Both sides choosing their split every round to win the whole duel.
        pub optimal: Figures,
        /// What planning the split is worth to A and to B.
        pub gains: [Gain; 2],
        /// The plan at every situation the duel can reach where a side has a choice, likeliest
        /// first.
        pub plan: Vec<PlanRow>,
    }

    /// Exact figures of one way of playing the duel: the outcome every exact duel has, and the
    /// Attack counters each side struck with.
    #[derive(Clone, Debug, PartialEq, Serialize)]
    pub struct Figures {
        #[serde(flatten)]
        pub outcome: DuelOutcome,
        /// Expected Attack counters struck with.
        pub a_strikes: f64,
        pub b_strikes: f64,
    }

    impl Figures {
        fn of(s: &Solution) -> Figures {
            Figures {
                outcome: DuelOutcome::new(s.win, s.draw, s.casualty, &s.rounds, &s.down_round, s.dealt),
                a_strikes: s.strikes[0],
                b_strikes: s.strikes[1],
            }
        }
    }

    /// One side's P(win) when it plans its split every round and when it holds each fixed
    /// policy, the other side always answering with its whole-duel best.
    #[derive(Clone, Debug, PartialEq, Serialize)]
    pub struct Gain {
        pub optimal: f64,
        pub attack_first: f64,
        pub balanced: f64,
        pub defend_first: f64,
        /// The fighter's configured policy.
        pub configured: &'static str,
    }

    impl Gain {
        /// P(win) under the policy named `name` (`optimal-win`: planning).
        fn fixed(&self, name: &str) -> f64 {
            match name {
                "attack_first" => self.attack_first,
                "balanced" => self.balanced,
                "defend_first" => self.defend_first,
                _ => self.optimal,
            }
        }
    }

    /// The plan at one situation (after the Take-the-Lead draw).
    #[derive(Clone, Debug, PartialEq, Serialize)]
    pub struct PlanRow {
        pub round: u8,
        /// `"a"` or `"b"`: who took the lead, raises its plan first and activates first.
        pub leader: &'static str,
        pub a_stun: u8,
        pub a_wounds: u8,
        pub a_down: bool,
        pub b_stun: u8,
        pub b_wounds: u8,
        pub b_down: bool,
        /// P(the duel passes through this situation) when both sides follow the plan.
        pub reach: f64,
        pub a_attack: u8,
        pub a_defense: u8,
        pub b_attack: u8,
        pub b_defense: u8,
        /// What each side's configured policy would place here.
        pub a_attack_configured: u8,
        pub a_defense_configured: u8,
        pub b_attack_configured: u8,
        pub b_defense_configured: u8,
    }

    fn side(s: usize) -> &'static str {
        if s == 0 { "a" } else { "b" }
    }

    /// The exact duel in the report model, with its tables, the chart of what split planning
    /// wins and the whole plan as a file; `None` when the solve is over budget.
    pub fn extras(scenario: &str, a: &str, b: &str, duel: &Duel) -> Result<Option<model::ExactDuel>, Interrupted> {
        let Some(x) = exact_duel(duel)? else { return Ok(None) };
        let [ga, gb] = &x.gains;
        let e = Est::exact;
        let mut series = vec![("chooses every round".to_string(), vec![e(ga.optimal), e(gb.optimal)])];
        for (name, pick) in [
            ("always attack first", (|g: &Gain| g.attack_first) as fn(&Gain) -> f64),
            ("always balanced", |g| g.balanced),
            ("always defend first", |g| g.defend_first),
        ] {
            series.push((name.to_string(), vec![e(pick(ga)), e(pick(gb))]));
        }
        let chart = Chart::Grouped {
            title: format!("{scenario}: P(win) by how each fighter splits its counters (exact)"),
            x_label: "fighter (the opponent answering at its best)".into(),
            y_label: "P(win)".into(),
            groups: vec![a.to_string(), b.to_string()],
            series,
            percent: true,
            highlight: None,
        };
        Ok(Some(model::ExactDuel {
            configured: x.configured.outcome.clone(),
            json: capture(&x),
            plan_file: (PLAN_FILE, plan_csv(&x)),
            tables: tables(&x, a, b),
            charts: vec![("duel-split-plan".into(), chart)],
        }))
    }

    /// Solve the duel and build its report section: `None` when the solve is over
    /// [`exact::BUDGET`] (the loader has put a note in the scenario saying so), `Err` when a
    /// signal stopped it.
    fn exact_duel(duel: &Duel) -> Result<Option<ExactDuel>, Interrupted> {
        if exact::within_budget(duel).is_err() {
            return Ok(None);
        }
        let an = exact::analyse(duel)?;
        let gain = |s: usize| Gain {
            optimal: an.optimal.win[s],
            attack_first: an.fixed[s][0],
            balanced: an.fixed[s][1],
            defend_first: an.fixed[s][2],
            configured: duel.fighter(s).split.name(),
        };
        let mut plan: Vec<PlanRow> = an
            .optimal
            .situations
            .iter()
            .filter(|x| x.options[0] > 1 || x.options[1] > 1)
            .map(|x| PlanRow {
                round: x.round,
                leader: side(x.leader),
                a_stun: x.markers[0].stun,
                a_wounds: x.markers[0].wounds,
                a_down: x.fallen[0],
                b_stun: x.markers[1].stun,
                b_wounds: x.markers[1].wounds,
                b_down: x.fallen[1],
                reach: x.reach,
                a_attack: x.split[0].0,
                a_defense: x.split[0].1,
                b_attack: x.split[1].0,
                b_defense: x.split[1].1,
                a_attack_configured: x.policy[0].0,
                a_defense_configured: x.policy[0].1,
                b_attack_configured: x.policy[1].0,
                b_defense_configured: x.policy[1].1,
            })
            .collect();
        // Likeliest first; ties keep the order first reached (stable sort).
        plan.sort_by(|x, y| y.reach.total_cmp(&x.reach));
        Ok(Some(ExactDuel {
            method: METHOD,
            configured: Figures::of(&an.configured),
            optimal: Figures::of(&an.optimal),
            gains: [gain(0), gain(1)],
            plan,
        }))
    }

    fn markers(stun: u8, wounds: u8, down: bool) -> String {
        let m = Markers { stun, wounds }.to_string();
        let m = if m.is_empty() { "none".to_string() } else { m };
        if down { format!("{m}, down") } else { m }
    }

    fn points(x: f64) -> String {
        format!("{:+.2} pts", x * 100.0)
    }

    /// The report tables: the exact duel as configured, what planning the split wins, the plan.
    fn tables(x: &ExactDuel, a: &str, b: &str) -> Vec<Table> {
        let c = &x.configured;
        let [ga, gb] = &x.gains;
        let fig = crate::report::duels::exact_figures(
            &c.outcome,
            [
                crate::systems::bmg1e::rules::duel::Policy::words_of(ga.configured),
                crate::systems::bmg1e::rules::duel::Policy::words_of(gb.configured),
            ],
            [a, b],
            "markers (★ + ♦)",
            ("Attack counters (strikes) used, mean", [c.a_strikes, c.b_strikes]),
        );
        let mut gains = Table::new(
            "Planning the counter split over the whole duel (exact): P(win), the opponent always answering at its best",
            &["how this fighter splits its counters", a, b],
            true,
        );
        gains.rows.push(vec!["chooses every round to win the duel".into(), pct(ga.optimal), pct(gb.optimal)]);
        for (policy, _) in Split::ALL {
            let mark = |g: &Gain| if g.configured == policy { " (configured)" } else { "" };
            gains.rows.push(vec![
                format!("always {}", crate::systems::bmg1e::rules::duel::Policy::words_of(policy)),
                format!("{}{}", pct(ga.fixed(policy)), mark(ga)),
                format!("{}{}", pct(gb.fixed(policy)), mark(gb)),
            ]);
        }
        gains.rows.push(vec![
            "gain of planning over its configured policy".into(),
            points(ga.optimal - ga.fixed(ga.configured)),
            points(gb.optimal - gb.fixed(gb.configured)),
        ]);
        let mut plan = Table::new(
            format!(
                "Counter-split plan (exact): the {} likeliest situations with a choice (A = {a}, B = {b}; AC/DC; all of them in {PLAN_FILE})",
                PLAN_ROWS.min(x.plan.len())
            ),
            &["round", "leads", "on A", "on B", "reached", "A's split", "B's split", "configured"],
            true,
        );
        for r in x.plan.iter().take(PLAN_ROWS) {
            let differs = (r.a_attack, r.a_defense, r.b_attack, r.b_defense)
                != (r.a_attack_configured, r.a_defense_configured, r.b_attack_configured, r.b_defense_configured);
            plan.rows.push(vec![
                r.round.to_string(),
                r.leader.to_uppercase(),
                markers(r.a_stun, r.a_wounds, r.a_down),
                markers(r.b_stun, r.b_wounds, r.b_down),
                pct(r.reach),
                format!("{}/{}", r.a_attack, r.a_defense),
                format!("{}/{}", r.b_attack, r.b_defense),
                format!(
                    "A {}/{}, B {}/{}{}",
                    r.a_attack_configured,
                    r.a_defense_configured,
                    r.b_attack_configured,
                    r.b_defense_configured,
                    if differs { " (differs)" } else { "" }
                ),
            ]);
        }
        vec![fig, gains, plan]
    }

    /// `split-plan.csv`: the plan at every reachable situation with a choice.
    fn plan_csv(x: &ExactDuel) -> String {
        let mut w = csv::Writer::from_writer(Vec::new());
        for r in &x.plan {
            w.serialize(r).expect("in-memory write");
        }
        String::from_utf8(w.into_inner().expect("in-memory")).expect("UTF-8")
    }
}
