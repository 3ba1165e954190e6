//! `results.csv`: one tidy row per reported number, for spreadsheets and scripts.
//!
//! Columns: `cell,label,params,measure,statistic,value,ci95_lo,ci95_hi,count,trials`.
//! `statistic` is `mean`, `sd`, `p` (events), `eq` (P(metric = `key`)) or `ge` (P(metric ≥ `key`)).

use crate::analysis::RunResult;
use crate::report::model::Report;
use crate::stats;

/// The CSV text.
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
        let n = tally.trials.to_string();
        let mut row = |measure: &str,
                       stat: &str,
                       key: String,
                       value: f64,
                       lo: Option<f64>,
                       hi: Option<f64>,
                       count: Option<u64>| {
            let opt = |x: Option<f64>| x.map(|v| v.to_string()).unwrap_or_default();
            w.write_record([
                i.to_string(),
                cell.label.clone(),
                params.clone(),
                measure.to_string(),
                stat.to_string(),
                key,
                value.to_string(),
                opt(lo),
                opt(hi),
                count.map(|c| c.to_string()).unwrap_or_default(),
                n.clone(),
            ])
            .expect("in-memory write");
        };
        for (name, e) in &cell.events.0 {
            row(name, "p", String::new(), e.p, Some(e.ci95[0]), Some(e.ci95[1]), Some(e.count));
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
            );
            row(name, "sd", String::new(), mr.sd, None, None, None);
            for v in 0..tally.trimmed(m).len() {
                let p = tally.exactly(m, v, z);
                row(name, "eq", v.to_string(), p.p, Some(p.lo), Some(p.hi), Some(p.count));
                let q = tally.at_least(m, v, z);
                row(name, "ge", v.to_string(), q.p, Some(q.lo), Some(q.hi), Some(q.count));
            }
        }
    }
    String::from_utf8(w.into_inner().expect("in-memory flush")).expect("csv is utf-8")
}
