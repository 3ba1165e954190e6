//! `skirmish-odds check`: the exact answer and the Monte Carlo engine, side by side.
//!
//! Every cell that has an exact evaluator is evaluated both ways — enumerated, and sampled with
//! the scenario's seed and trial count — and every quantity gets a z-score: an event or a
//! P(metric = k) against its binomial standard error √(p(1−p)/n), a mean against σ/√n with the
//! exact σ. A correct engine gives |z| > 4 about once in 16,000 quantities; more means the
//! rules and the sampler disagree, which is what a user running it on their own scenario wants
//! to know.

use crate::analysis::scenario::Scenario;
use crate::engine::{self, Stop, Tally, progress::Progress};
use crate::exact::{self, Budget};
use crate::interrupt::Interrupted;
use crate::stats;
use rayon::prelude::*;

/// |z| above which a quantity fails the check.
pub const Z_LIMIT: f64 = 4.0;

/// One quantity of one cell.
#[derive(Clone, Debug, PartialEq)]
pub struct Quantity {
    /// e.g. `P(K.O. caused)`, `mean hits`, `P(hits = 3)`.
    pub name: String,
    pub exact: f64,
    pub sampled: f64,
    /// `None` when the exact value has no spread (p = 0 or 1, σ = 0): then the sample must match.
    pub z: Option<f64>,
}

impl Quantity {
    /// Whether this quantity fails the check.
    pub fn fails(&self) -> bool {
        match self.z {
            Some(z) => z.abs() > Z_LIMIT,
            None => (self.exact - self.sampled).abs() > 1e-12,
        }
    }
}

/// One cell's comparison, or why it has none.
#[derive(Clone, Debug, PartialEq)]
pub struct CellCheck {
    pub label: String,
    pub result: Result<Vec<Quantity>, String>,
}

/// The whole check.
#[derive(Clone, Debug, PartialEq)]
pub struct Check {
    pub trials: u64,
    pub cells: Vec<CellCheck>,
}

impl Check {
    /// Quantities compared, and how many failed.
    pub fn counts(&self) -> (usize, usize) {
        let qs = self.cells.iter().filter_map(|c| c.result.as_ref().ok()).flatten();
        qs.fold((0, 0), |(n, f), q| (n + 1, f + q.fails() as usize))
    }

    /// The largest |z| (0 if none).
    pub fn worst(&self) -> f64 {
        let qs = self.cells.iter().filter_map(|c| c.result.as_ref().ok()).flatten();
        qs.filter_map(|q| q.z).fold(0.0, |m, z| m.max(z.abs()))
    }
}

/// Run the check on `threads` worker threads.
/// Run the check on the current rayon pool. Quantities are named by the trial's own metric and
/// event names (`ko`, `hits`), which is what `results.json` uses too.
pub fn run(sc: &Scenario, progress: &Progress) -> Result<Check, Interrupted> {
    let trials = match sc.stop {
        Stop::Trials(n) => n,
        Stop::Precision { max_trials, .. } => engine::FIRST_BATCH.min(max_trials),
    };
    let exact: Vec<Result<Tally, String>> = sc
        .cells
        .par_iter()
        .map(|c| {
            c.trial.exact_offered().map_err(str::to_string)?;
            exact::evaluate(&c.trial, Budget::EXPLICIT).map_err(|e| e.to_string())
        })
        .collect();
    // Sample only the cells that have an exact answer; the others are marked done (skipped).
    let skip: Vec<Option<Tally>> = exact.iter().map(|e| if e.is_ok() { None } else { Some(placeholder()) }).collect();
    let trials_vec: Vec<_> = sc.cells.iter().map(|c| c.trial.clone()).collect();
    let sampled = engine::run_cells_with(&trials_vec, skip, sc.seed, Stop::Trials(trials), progress);
    progress.finish();
    progress.check()?;
    let cells = sc
        .cells
        .iter()
        .enumerate()
        .zip(exact)
        .zip(&sampled.tallies)
        .map(|(((k, c), e), s)| CellCheck {
            label: c.label.clone(),
            result: e.map(|e| {
                let names = sc.cells[k].trial.shape_names();
                compare(&e, s, &names.metrics, &names.events)
            }),
        })
        .collect();
    Ok(Check { trials, cells })
}

/// An exact, empty tally: marks a cell the sampler must skip (never reported).
fn placeholder() -> Tally {
    let mut t = Tally::new(&engine::Shape::new(vec![], vec![]));
    t.exact = true;
    t.trials = 1;
    t
}

/// Every event, every metric's mean and every P(metric = k) of the exact support.
fn compare(e: &Tally, s: &Tally, metrics: &[&str], events: &[&str]) -> Vec<Quantity> {
    let n = s.trials as f64;
    let prop = |p: f64, q: f64, name: String| {
        let se = (p * (1.0 - p) / n).sqrt();
        Quantity { name, exact: p, sampled: q, z: (se > 0.0).then(|| (q - p) / se) }
    };
    let mut out = Vec::new();
    for (i, name) in events.iter().enumerate() {
        out.push(prop(e.event(i, 0.0).p, stats::ratio(s.events[i], s.trials), format!("P({name})")));
    }
    for (i, name) in metrics.iter().enumerate() {
        let (me, ms) = (e.moments(i), s.moments(i));
        let se = me.sd / n.sqrt();
        out.push(Quantity {
            name: format!("mean {name}"),
            exact: me.mean,
            sampled: ms.mean,
            z: (se > 0.0).then(|| (ms.mean - me.mean) / se),
        });
        for v in e.first(i)..e.trimmed(i).len() {
            if e.hists[i][v] == 0 {
                continue;
            }
            let q = stats::ratio(*s.hists[i].get(v).unwrap_or(&0), s.trials);
            out.push(prop(e.exactly(i, v, 0.0).p, q, format!("P({name} = {v})")));
        }
        // Sampled values the exact distribution says cannot happen fail outright.
        for (v, &c) in s.hists[i].iter().enumerate() {
            if c > 0 && e.hists[i].get(v).is_none_or(|&x| x == 0) {
                out.push(Quantity {
                    name: format!("P({name} = {v})"),
                    exact: 0.0,
                    sampled: stats::ratio(c, s.trials),
                    z: None,
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Shape;

    /// One die, event "six": exact 1/6. A sample of 60,000 with 10,000 sixes passes; with 11,000
    /// (z ≈ +6.9) it fails; a value the exact answer rules out fails whatever its z.
    #[test]
    fn compare_fails_what_disagrees() {
        let shape = Shape::new(vec![("face", 6)], vec!["six"]);
        let mut e = Tally::new(&shape);
        e.exact = true;
        e.trials = 6;
        e.hists[0] = vec![0, 1, 1, 1, 1, 1, 1];
        e.events[0] = 1;
        let sample = |sixes: u128| {
            let mut s = Tally::new(&shape);
            s.trials = 60_000;
            let rest = (60_000 - sixes) / 5;
            s.hists[0] = vec![0, rest, rest, rest, rest, 60_000 - sixes - 4 * rest, sixes];
            s.events[0] = sixes;
            s
        };
        let ok = compare(&e, &sample(10_000), &["face"], &["six"]);
        assert!(ok.iter().all(|q| !q.fails()), "{ok:?}");
        let bad = compare(&e, &sample(11_000), &["face"], &["six"]);
        assert!(bad.iter().any(|q| q.name == "P(six)" && q.fails()));
        let mut impossible = sample(10_000);
        impossible.hists[0][0] = 1;
        impossible.hists[0][1] -= 1;
        let r = compare(&e, &impossible, &["face"], &["six"]);
        assert!(r.iter().any(|q| q.name == "P(face = 0)" && q.fails() && q.z.is_none()));
    }
}
