//! Tables and charts for the ¡Bichos! arsenal grid, reaction-test table and variant comparison.

use crate::analysis::RunResult;
use crate::engine::Tally;
use crate::report::charts::{Chart, Est};
use crate::report::model::Report;
use crate::report::table::Table;
use crate::stats;
use crate::systems::bichos::rules::REACTION_OUTCOMES;
use crate::text::{ci, mean_ci, pct, pct_ci};

/// The layouts only ¡Bichos! draws (in `Layout::Own`).
#[derive(Clone, Debug, PartialEq)]
pub enum BichosLayout {
    /// One sequence cell per (weapon, situation); `index[weapon][situation]`.
    Arsenal { weapons: Vec<String>, situations: Vec<String>, index: Vec<Vec<Option<usize>>> },
    /// One reaction cell per modified FDV, then optionally one opposed roll.
    Reaction { fdvs: Vec<i64>, figure: Option<(String, i64)>, opposed: Option<(u8, u8)> },
    /// Encounter and pursuit under cm (cells 0, 2) and inches (cells 1, 3).
    Variants,
}

/// Centimetres per inch in the translation (20 cm = 8").
pub const CM_PER_INCH: f64 = 2.5;

/// Metric indices of an encounter cell (see `ENCOUNTER_METRICS`).
pub(super) const ENC_DISTANCE: usize = 1;
const ENC_TOTAL_BUGS: usize = 2;

/// The median of metric `m` (the value at which half the trials are reached).
pub(super) fn median(t: &Tally, m: usize) -> usize {
    let half = t.trials.div_ceil(2);
    let mut acc = 0;
    for (v, &c) in t.hists[m].iter().enumerate() {
        acc += c;
        if acc >= half {
            return v;
        }
    }
    0
}

/// P(metric ≤ v) with interval.
fn at_most(t: &Tally, m: usize, v: usize, z: f64) -> String {
    let c = t.hists[m].iter().take(v + 1).sum();
    let p = t.proportion(c, z);
    pct_ci(p.p, p.lo, p.hi)
}

/// Tables for the bichos layouts: each layout draws its own (see the `*_tables` steps below).
pub fn tables(run: &RunResult, report: &Report) -> Vec<Table> {
    let sc = &run.scenario;
    match sc.layout.get::<BichosLayout>() {
        Some(BichosLayout::Arsenal { weapons, situations, index }) => {
            arsenal_tables(run, report, weapons, situations, index)
        }
        Some(BichosLayout::Reaction { fdvs, figure, opposed }) => {
            reaction_tables(run, report, fdvs, figure.as_ref(), *opposed)
        }
        Some(BichosLayout::Variants) => variants_tables(run, report),
        _ => Vec::new(),
    }
}

/// The arsenal grid: one table per measure of a single attack (RES lost, wounds, knock-downs,
/// fleeing, death, attacks until out), each with a row per weapon and a column per situation.
/// A weapon without long range has no cell there and says so.
fn arsenal_tables(
    run: &RunResult,
    report: &Report,
    weapons: &[String],
    situations: &[String],
    index: &[Vec<Option<usize>>],
) -> Vec<Table> {
    let z = stats::z_value();
    let t = &run.output.tallies;
    type Measure<'a> = (&'a str, bool, Box<dyn Fn(&Tally) -> String + 'a>);
    let ev = |i: usize| {
        move |tally: &Tally| {
            let p = tally.event(i, z);
            pct_ci(p.p, p.lo, p.hi)
        }
    };
    let measures: Vec<Measure> = vec![
        (
            "RES lost to one attack (mean)",
            true,
            Box::new(|tally: &Tally| {
                let m = tally.moments(2);
                mean_ci(m.mean, m.stderr, z)
            }),
        ),
        ("P(critical wound) per attack", false, Box::new(ev(1))),
        ("P(knocked down) per attack", false, Box::new(ev(2))),
        // "Flees" counts a figure that fled and then died in the same attack; "fled, alive"
        // and "dead" are the two separate ways out.
        ("P(flees after one attack: RES ≤ 0 or a failed test, dead or alive)", false, Box::new(ev(3))),
        ("P(fled, alive, after one attack)", true, Box::new(ev(7))),
        ("P(dead after one attack)", false, Box::new(ev(4))),
        ("median attacks until it flees or dies", true, Box::new(|tally: &Tally| median(tally, 0).to_string())),
        ("median attacks until it is dead", true, Box::new(|tally: &Tally| median(tally, 1).to_string())),
        ("P(dead within 3 attacks)", false, Box::new(|tally: &Tally| at_most(tally, 1, 3, z))),
    ];
    let mut out = Vec::new();
    for (title, terminal, f) in measures {
        let mut headers = vec!["weapon".to_string()];
        headers.extend(situations.iter().cloned());
        let h: Vec<&str> = headers.iter().map(String::as_str).collect();
        let mut tab = Table::new(format!("{title} ({})", report.per_cell("sequences per cell")), &h, terminal);
        for (w, row) in weapons.iter().zip(index) {
            let mut cells = vec![w.clone()];
            for c in row {
                cells.push(match c {
                    Some(i) => f(&t[*i]),
                    None => "— (no long range)".into(),
                });
            }
            tab.rows.push(cells);
        }
        out.push(tab);
    }
    out
}

/// The reaction test: one row per modified FDV, then the configured figure with its modifiers
/// (cell after the FDVs), what each result means (with the configured retreat distance), and
/// the ¿Ahora qué? opposed roll (last cell) when one is configured.
fn reaction_tables(
    run: &RunResult,
    report: &Report,
    fdvs: &[i64],
    figure: Option<&(String, i64)>,
    opposed: Option<(u8, u8)>,
) -> Vec<Table> {
    let z = stats::z_value();
    let sc = &run.scenario;
    let t = &run.output.tallies;
    let mut out = Vec::new();
    let mut tab = Table::new(
        format!("Reaction test by modified FDV ({})", report.per_cell("trials each")),
        &["modified FDV", "passed 1st", "passed 2nd", "failed both"],
        true,
    );
    for (k, v) in fdvs.iter().enumerate() {
        let e = |i: usize| {
            let p = t[k].event(i, z);
            pct_ci(p.p, p.lo, p.hi)
        };
        tab.rows.push(vec![v.to_string(), e(0), e(1), e(2)]);
    }
    out.push(tab);
    if let Some((label, modified)) = figure {
        let k = fdvs.len();
        let e = |i: usize| {
            let p = t[k].event(i, z);
            pct_ci(p.p, p.lo, p.hi)
        };
        let mut ft = Table::new(
            format!("{label} with its modifiers"),
            &["modified FDV", "passed 1st", "passed 2nd", "failed both"],
            true,
        );
        ft.rows.push(vec![modified.to_string(), e(0), e(1), e(2)]);
        out.push(ft);
    }
    let mut meaning = Table::new("What each result means", &["test", "passed 1st", "passed 2nd", "failed both"], true);
    let retreat = match sc.readings.iter().find(|(n, _)| *n == "retreat_distance").map(|(_, v)| v.as_str()) {
        Some("summary") => "5 cm [2\"]",
        _ => "2 cm [1\"]",
    };
    for (test, a, b, c) in REACTION_OUTCOMES {
        meaning.rows.push(vec![test.into(), a.into(), b.replace("2 cm [1\"]", retreat), c.into()]);
    }
    out.push(meaning);
    if let Some((a, b)) = opposed {
        let p = t[fdvs.len() + figure.is_some() as usize].event(0, z);
        let mut op =
            Table::new("¿Ahora qué? opposed roll", &["A's FDV", "B's FDV", "P(A acts first)", "95 % interval"], true);
        op.rows.push(vec![a.to_string(), b.to_string(), pct(p.p), ci(p.lo, p.hi)]);
        out.push(op);
    }
    out
}

/// The cm and inches variants side by side: the measures that differ (hole distance, pursuit),
/// with the inches converted to cm so they compare, then the measures both variants share.
fn variants_tables(run: &RunResult, report: &Report) -> Vec<Table> {
    let z = stats::z_value();
    let t = &run.output.tallies;
    let mut tab = Table::new(
        format!("The same encounter and pursuit under both variants ({})", report.per_cell("trials each")),
        &["measure", "cm variant", "inches variant", "inches variant in cm (× 2.5)"],
        true,
    );
    let m = |cell: usize, i: usize| t[cell].moments(i);
    let row = |title: &str, cm: stats::Moments, inch: stats::Moments| {
        vec![
            title.to_string(),
            format!("{} cm", mean_ci(cm.mean, cm.stderr, z)),
            format!("{}\"", mean_ci(inch.mean, inch.stderr, z)),
            format!("{} cm", mean_ci(inch.mean * CM_PER_INCH, inch.stderr * CM_PER_INCH, z)),
        ]
    };
    // The hole metrics are rolled in every trial: they are the hole's, given one opens.
    tab.rows.push(row("hole distance (given a hole opens)", m(0, ENC_DISTANCE), m(1, ENC_DISTANCE)));
    tab.rows.push(row("pursuit, first turn", m(2, 0), m(3, 0)));
    tab.rows.push(row("pursuit, all turns", m(2, 1), m(3, 1)));
    let p = t[0].event(0, z);
    let mut same = Table::new("Identical in both variants", &["measure", "value"], false);
    same.rows.push(vec!["P(a hole opens)".into(), pct_ci(p.p, p.lo, p.hi)]);
    let b = t[0].moments(ENC_TOTAL_BUGS);
    same.rows.push(vec!["attacking bugs (given a hole opens)".into(), mean_ci(b.mean, b.stderr, z)]);
    vec![tab, same]
}

/// Charts for the bichos layouts: each layout draws its own (see the `*_charts` steps below).
pub fn charts(run: &RunResult, report: &Report) -> Vec<(String, Chart)> {
    match run.scenario.layout.get::<BichosLayout>() {
        Some(BichosLayout::Arsenal { weapons, situations, index }) => {
            arsenal_charts(run, report, weapons, situations, index)
        }
        Some(BichosLayout::Reaction { fdvs, .. }) => vec![reaction_chart(run, report, fdvs)],
        Some(BichosLayout::Variants) => vec![variants_chart(run, report)],
        _ => Vec::new(),
    }
}

/// The arsenal grid as two grouped charts (a group per situation, a bar per weapon): the chance
/// the target is dead within 3 attacks, and the mean RES one attack takes. A weapon without
/// long range is drawn as n/a there (no bar).
fn arsenal_charts(
    run: &RunResult,
    report: &Report,
    weapons: &[String],
    situations: &[String],
    index: &[Vec<Option<usize>>],
) -> Vec<(String, Chart)> {
    let z = stats::z_value();
    let sc = &run.scenario;
    let t = &run.output.tallies;
    let tail = report.basis();
    let na = Est::NA;
    let series = |f: &dyn Fn(&Tally) -> Est| -> Vec<(String, Vec<Est>)> {
        weapons
            .iter()
            .zip(index)
            .map(|(w, row)| (w.clone(), row.iter().map(|c| c.map(|i| f(&t[i])).unwrap_or(na)).collect()))
            .collect()
    };
    vec![
        (
            "arsenal-dead-within-3".into(),
            Chart::Grouped {
                title: format!("{}: P(dead within 3 attacks) ({tail})", sc.name),
                x_label: "target, range, cover".into(),
                y_label: "P(dead within 3 attacks)".into(),
                groups: situations.to_vec(),
                series: series(&|tally| {
                    let c = tally.hists[1].iter().take(4).sum();
                    let p = tally.proportion(c, z);
                    Est::from(p)
                }),
                percent: true,
                highlight: None,
            },
        ),
        (
            "arsenal-res-lost".into(),
            Chart::Grouped {
                title: format!("{}: RES lost to one attack ({tail})", sc.name),
                x_label: "target, range, cover".into(),
                y_label: "mean RES lost".into(),
                groups: situations.to_vec(),
                series: series(&|tally| {
                    let m = tally.moments(2);
                    Est::mean(&m, z)
                }),
                percent: false,
                highlight: None,
            },
        ),
    ]
}

/// The reaction test's three results per modified FDV, as one grouped chart.
fn reaction_chart(run: &RunResult, report: &Report, fdvs: &[i64]) -> (String, Chart) {
    let z = stats::z_value();
    let t = &run.output.tallies;
    let ev = |i: usize| {
        fdvs.iter()
            .enumerate()
            .map(|(k, _)| {
                let p = t[k].event(i, z);
                Est::from(p)
            })
            .collect::<Vec<_>>()
    };
    (
        "reaction".into(),
        Chart::Grouped {
            title: format!("{}: reaction test by modified FDV ({})", run.scenario.name, report.basis()),
            x_label: "modified FDV".into(),
            y_label: "probability".into(),
            groups: fdvs.iter().map(|v| v.to_string()).collect(),
            series: vec![("passed 1st".into(), ev(0)), ("passed 2nd".into(), ev(1)), ("failed both".into(), ev(2))],
            percent: true,
            highlight: None,
        },
    )
}

/// P(hole distance ≥ d cm), given a hole opens, for both variants on one cm axis (the inches
/// variant's distances × 2.5), every 5 cm up to 90 cm.
fn variants_chart(run: &RunResult, report: &Report) -> (String, Chart) {
    let z = stats::z_value();
    let t = &run.output.tallies;
    let xs: Vec<i64> = (0..=18).map(|k| k * 5).collect();
    let curve = |cell: usize, scale: f64| {
        let h = &t[cell].hists[ENC_DISTANCE];
        let n = h.iter().skip(1).sum();
        xs.iter()
            .map(|&d| {
                let c =
                    h.iter().enumerate().skip(1).filter(|(v, _)| *v as f64 * scale >= d as f64).map(|(_, c)| c).sum();
                let p = t[cell].conditional(c, n, z);
                Est::from(p)
            })
            .collect::<Vec<_>>()
    };
    let (cm_curve, inch_curve) = (curve(0, 1.0), curve(1, CM_PER_INCH));
    (
        "variants-hole-distance".into(),
        Chart::Lines {
            title: format!("{}: P(hole at least d cm away) ({})", run.scenario.name, report.basis()),
            x_label: "d (cm; inches × 2.5)".into(),
            y_label: "P(distance ≥ d)".into(),
            xs,
            series: vec![("cm: 3D6 × 5 cm".into(), cm_curve), ("inches: 1D6 × 1D6\"".into(), inch_curve)],
            percent: true,
        },
    )
}
