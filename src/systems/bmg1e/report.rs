//! Tables and charts for 2013 counter exchanges and the side-by-side edition comparison.

use crate::analysis::RunResult;
use crate::analysis::exchange;
use crate::analysis::scenario::{AnyTrial, Layout};
use crate::engine::Tally;
use crate::report::charts::{Chart, Est};
use crate::report::model::Report;
use crate::report::table::Table;
use crate::report::text::{ci, mean_ci, pct, pct_ci};
use crate::stats::{self, Estimate};
use crate::systems::bmg1e::rules::Trial1e;

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
    match &run.scenario.cells[0].trial {
        AnyTrial::Bmg1e(Trial1e::Exchange(x)) => x.offset,
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

fn objective_title(o: &str) -> &'static str {
    match o {
        "b_down" => "P(B K.O. or removed)",
        "net" => "markers A dealt − markers B dealt",
        _ => "P(B down and A standing)",
    }
}

/// Tables for the exchange and editions layouts.
pub fn tables(run: &RunResult, report: &Report) -> Vec<Table> {
    let z = stats::z_value();
    let sc = &run.scenario;
    let t = &run.output.tallies;
    let mut out = Vec::new();
    match &sc.layout {
        Layout::Exchange { a_splits, b_splits, objective } => {
            let offset = exchange_offset(run);
            let mut headers = vec!["A split (AC/DC) \\ B split".to_string()];
            headers.extend(b_splits.iter().map(|(a, d)| format!("B {a}/{d}")));
            let h: Vec<&str> = headers.iter().map(String::as_str).collect();
            let mut grid = Table::new(
                format!("{} for each pair of splits ({})", objective_title(objective), report.per_cell("trials each")),
                &h,
                true,
            );
            for (ai, (aa, ad)) in a_splits.iter().enumerate() {
                let mut row = vec![format!("A {aa}/{ad}")];
                for bi in 0..b_splits.len() {
                    let v = exchange::value(&t[ai * b_splits.len() + bi], objective, offset, z);
                    row.push(value_text(objective, &v));
                }
                grid.rows.push(row);
            }
            out.push(grid);
            let best = report.exchange.as_ref().expect("exchange summary");
            let mut wc = Table::new(
                "A's worst case for each split (B answers best)",
                &["A split", "B's best answer", "value for A"],
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
                    let g = |k: &str| {
                        c.params.iter().find(|(n, _)| n == k).and_then(|(_, v)| v.as_u64()).unwrap_or(99) as u8
                    };
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
            detail.rows.push(vec!["markers A deals".into(), m(0)]);
            detail.rows.push(vec!["markers B deals back".into(), m(1)]);
            detail.rows.push(vec!["B's strikes left after A's attack".into(), m(2)]);
            detail.rows.push(vec!["P(B K.O. or removed)".into(), ev(0)]);
            detail.rows.push(vec!["P(A K.O. or removed)".into(), ev(1)]);
            detail.rows.push(vec!["P(B strikes back)".into(), ev(3)]);
            detail.rows.push(vec!["P(B knocked down, not K.O.)".into(), ev(5)]);
            out.push(detail);
        }
        Layout::Editions => {
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
        }
        _ => {}
    }
    out
}

/// Charts for the exchange and editions layouts.
pub fn charts(run: &RunResult, report: &Report) -> Vec<(String, Chart)> {
    let z = stats::z_value();
    let sc = &run.scenario;
    let t = &run.output.tallies;
    let tail = report.basis();
    let mut out = Vec::new();
    match &sc.layout {
        Layout::Exchange { a_splits, b_splits, objective } => {
            let offset = exchange_offset(run);
            out.push((
                "exchange".into(),
                Chart::Heatmap {
                    title: format!("{}: {} by counter split", sc.name, objective_title(objective)),
                    x_label: "B's split (AC/DC)".into(),
                    y_label: "A's split (AC/DC)".into(),
                    xs: b_splits.iter().map(|(a, d)| format!("{a}/{d}")).collect(),
                    ys: a_splits.iter().map(|(a, d)| format!("{a}/{d}")).collect(),
                    values: (0..a_splits.len())
                        .map(|ai| {
                            (0..b_splits.len())
                                .map(|bi| {
                                    Some(exchange::value(&t[ai * b_splits.len() + bi], objective, offset, z).value)
                                })
                                .collect()
                        })
                        .collect(),
                    percent: *objective != "net",
                },
            ));
        }
        Layout::Editions => {
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
                    },
                ));
            }
            let events: Vec<&(&str, &str, &str, bool)> = EDITION_ROWS.iter().filter(|r| r.3).collect();
            let ev = |cell: usize, name: &str| report.cells[cell].events.get(name).map(Est::from).unwrap_or(Est::ZERO);
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
                },
            ));
        }
        _ => {}
    }
    out
}
