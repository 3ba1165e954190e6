//! `results.csv`: one tidy row per reported number, for spreadsheets and scripts.
//!
//! Columns: `cell,label,params,measure,statistic,key,value,ci95_lo,ci95_hi,count,trials,exact`.
//! `statistic` is `mean`, `sd`, `p` (events), `eq` (P(metric = `key`)) or `ge` (P(metric ≥ `key`)).
//! A cell evaluated exactly leaves `count` and `trials` empty, gives `ci95_lo = ci95_hi = value`,
//! and puts the probability (or mean) as a fraction in lowest terms in `exact`. A balance's duel
//! solved exactly and not sampled gives its figures the same way with `exact` empty (floating
//! point, not a fraction): who wins, draws and is removed, the rounds and first-K.O. rounds.
//!
//! A balance test adds rows for the balance as a whole, `cell` empty: `fair_cost` (the
//! candidate's, `key` the cost's key, `params` its stated cost and the verdict), and for every
//! fighter its `rating`, its `strength` (P(beats an average reference fighter), statistic `p`)
//! and `curve_cost` (what the cost curve charges for its rating); and to each duel's cell its
//! `score` (P(win) + ½ P(draw)). Their `trials`, `count` and `exact` are left empty.
//!
//! Labels and parameters are user text: a cell a spreadsheet would run as a formula gets a
//! leading `'` ([`safe::csv_cell`]); numbers are written as numbers.

use crate::analysis::RunResult;
use crate::output::manifest::FileName;
use crate::report::model::Report;
use crate::safe;
use crate::stats;

/// The CSV text.
/// The file [`render`] is written to.
pub const FILE: FileName = FileName::Is("results.csv");

pub fn render(run: &RunResult, report: &Report) -> String {
    let z = stats::z_value();
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "cell",
        "label",
        "params",
        "measure",
        "statistic",
        "key",
        "value",
        "ci95_lo",
        "ci95_hi",
        "count",
        "trials",
        "exact",
    ])
    .expect("in-memory write");
    for (i, (cell, tally)) in report.cells.iter().zip(&run.output.tallies).enumerate() {
        let params = cell
            .params
            .0
            .iter()
            .map(|(k, v)| format!("{k}={}", v.to_string().trim_matches('"')))
            .collect::<Vec<_>>()
            .join("; ");
        if tally.exact && tally.trials == 0 {
            solved_rows(&mut w, i, cell, &params);
            continue;
        }
        let n = if tally.exact { String::new() } else { tally.trials.to_string() };
        let exact = |c: u128| if tally.exact { Some(stats::fraction(c, tally.trials)) } else { None };
        let mut row = |measure: &str,
                       stat: &str,
                       key: String,
                       value: f64,
                       lo: Option<f64>,
                       hi: Option<f64>,
                       count: Option<u128>,
                       fraction: Option<String>| {
            let opt = |x: Option<f64>| x.map(|v| v.to_string()).unwrap_or_default();
            let record = [
                i.to_string(),
                cell.label.clone(),
                params.clone(),
                measure.to_string(),
                stat.to_string(),
                key,
                value.to_string(),
                opt(lo),
                opt(hi),
                count.filter(|_| !tally.exact).map(|c| c.to_string()).unwrap_or_default(),
                n.clone(),
                fraction.unwrap_or_default(),
            ];
            // Every cell, not chosen columns: whether a cell is a number decides, not where it is.
            w.write_record(record.iter().map(|c| safe::csv_cell(c).into_owned())).expect("in-memory write");
        };
        for (k, (name, e)) in cell.events.0.iter().enumerate() {
            let c = tally.events[k];
            row(name, "p", String::new(), e.p, Some(e.ci95[0]), Some(e.ci95[1]), Some(c), exact(c));
        }
        for (m, (name, mr)) in cell.metrics.0.iter().enumerate() {
            row(
                name,
                "mean",
                String::new(),
                mr.mean,
                Some(mr.mean - z * mr.stderr),
                Some(mr.mean + z * mr.stderr),
                None,
                tally.mean_fraction(m),
            );
            row(name, "sd", String::new(), mr.sd, None, None, None, None);
            for v in 0..tally.trimmed(m).len() {
                let p = tally.exactly(m, v, z);
                row(name, "eq", v.to_string(), p.p, Some(p.lo), Some(p.hi), Some(p.count), exact(p.count));
                let q = tally.at_least(m, v, z);
                row(name, "ge", v.to_string(), q.p, Some(q.lo), Some(q.hi), Some(q.count), exact(q.count));
            }
        }
    }
    if let Some(b) = &report.balance {
        balance_rows(&mut w, run, b);
    }
    String::from_utf8(w.into_inner().expect("in-memory flush")).expect("csv is utf-8")
}

/// A cell solved elsewhere (a balance's duel solved exactly, not sampled): its events and
/// metrics as the report model has them, intervals of zero width, `count`, `trials` and
/// `exact` empty (the solution's probabilities are floating point, not fractions).
fn solved_rows(w: &mut csv::Writer<Vec<u8>>, i: usize, cell: &crate::report::model::CellReport, params: &str) {
    let mut row = |measure: &str, stat: &str, key: String, value: f64, ci: bool| {
        let bound = if ci { value.to_string() } else { String::new() };
        let record = [
            i.to_string(),
            cell.label.clone(),
            params.to_string(),
            measure.to_string(),
            stat.to_string(),
            key,
            value.to_string(),
            bound.clone(),
            bound,
            String::new(),
            String::new(),
            String::new(),
        ];
        w.write_record(record.iter().map(|c| safe::csv_cell(c).into_owned())).expect("in-memory write");
    };
    for (name, e) in &cell.events.0 {
        row(name, "p", String::new(), e.p, true);
    }
    for (name, m) in &cell.metrics.0 {
        row(name, "mean", String::new(), m.mean, true);
        row(name, "sd", String::new(), m.sd, false);
        for (j, (k, p)) in m.dist.0.iter().enumerate() {
            row(name, "eq", k.clone(), *p, true);
            row(name, "ge", k.clone(), m.dist.0[j..].iter().map(|(_, q)| q).sum(), true);
        }
    }
}

/// A balance test's own rows (see the module's doc): each duel's score, then the fair cost, then
/// every fighter's rating, strength and the curve's cost for it.
fn balance_rows(w: &mut csv::Writer<Vec<u8>>, run: &RunResult, b: &crate::analysis::balance::BalanceSummary) {
    let mut row =
        |cell: String, label: &str, params: &str, measure: &str, stat: &str, key: &str, v: [Option<f64>; 3]| {
            let opt = |x: Option<f64>| x.map(|v| v.to_string()).unwrap_or_default();
            let record = [
                cell,
                label.to_string(),
                params.to_string(),
                measure.to_string(),
                stat.to_string(),
                key.to_string(),
                opt(v[0]),
                opt(v[1]),
                opt(v[2]),
                String::new(),
                String::new(),
                String::new(),
            ];
            w.write_record(record.iter().map(|c| safe::csv_cell(c).into_owned())).expect("in-memory write");
        };
    if let crate::analysis::scenario::Layout::Balance(l) = &run.scenario.layout {
        let m = &b.matchups;
        for (fighter, (cells, scores)) in m.fighters.iter().zip(l.cells.iter().zip(&m.score)) {
            for ((opponent, cell), score) in m.opponents.iter().zip(cells).zip(scores) {
                if let (Some(i), Some(s)) = (cell, score) {
                    let params = format!("fighter={fighter}; opponent={opponent}");
                    row(
                        i.to_string(),
                        &format!("{fighter} vs {opponent}"),
                        &params,
                        "score",
                        "p",
                        "",
                        [Some(*s), None, None],
                    );
                }
            }
        }
    }
    let key = b.cost_key;
    if let (Some(f), Some(v), Some(cand)) = (&b.fair_cost, b.verdict, b.ratings.iter().find(|r| r.candidate)) {
        let params = format!("stated_{key}={}; verdict={}", b.stated_cost, v.word());
        let iv = [Some(f.estimate), Some(f.ci95[0]), Some(f.ci95[1])];
        row(String::new(), &cand.label, &params, "fair_cost", "estimate", key, iv);
    }
    for r in &b.ratings {
        let params = format!("candidate={}; {key}={}", r.candidate, r.cost.map(|c| c.to_string()).unwrap_or_default());
        let iv = |i: &crate::analysis::fair_cost::Interval| [Some(i.estimate), Some(i.ci95[0]), Some(i.ci95[1])];
        row(String::new(), &r.label, &params, "rating", "estimate", "", iv(&r.rating));
        row(String::new(), &r.label, &params, "strength", "p", "", iv(&r.strength));
        if let Some(c) = r.curve_cost {
            row(String::new(), &r.label, &params, "curve_cost", "estimate", key, [Some(c), None, None]);
        }
    }
}
