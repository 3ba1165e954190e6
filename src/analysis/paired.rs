//! Paired comparisons on common random numbers (CRN), for any two resolutions.
//!
//! Loadout A resolves on fresh dice while the faces are recorded; loadout B then resolves on the
//! same faces. Because both see the same luck, the difference A − B varies far less than the
//! difference of two independent runs, so a small real difference is resolved with far fewer
//! trials. The report states the saving, measured from the same run:
//! `(Var A + Var B) / Var(A − B)` independent trials per paired trial.

use crate::analysis::cell::{Cell, CellTrial, Tail};
use crate::analysis::duel::ExactFigures;
use crate::dice::{D6Stream, Tape};
use crate::engine::{Outcome, Shape, Tally};
use crate::exact::{Budget, NoExact};
use crate::interrupt::Interrupted;
use std::any::Any;

/// What is compared between the two loadouts: one metric, one event (0/1), or a sum of metrics
/// (the 2019 `damage` = stun + wounds), by index into the resolution's outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    Metric(usize),
    Event(usize),
    /// Two metrics added.
    Sum(usize, usize),
}

impl Measure {
    /// The metric or event called `name` in `shape`.
    pub fn named(shape: &Shape, name: &str) -> Option<Measure> {
        if let Some(i) = shape.metrics.iter().position(|(n, _)| *n == name) {
            return Some(Measure::Metric(i));
        }
        shape.events.iter().position(|n| *n == name).map(Measure::Event)
    }

    /// The sum of two metrics of `shape`.
    pub fn sum(shape: &Shape, parts: &[&str]) -> Option<Measure> {
        let i = |n: &str| shape.metrics.iter().position(|(m, _)| *m == n);
        match parts {
            [a, b] => Some(Measure::Sum(i(a)?, i(b)?)),
            [a] => Some(Measure::Metric(i(a)?)),
            _ => None,
        }
    }

    #[inline]
    fn of(self, o: &Outcome) -> u16 {
        match self {
            Measure::Metric(i) => o.metrics[i],
            Measure::Event(i) => o.has(i) as u16,
            Measure::Sum(i, j) => o.metrics[i] + o.metrics[j],
        }
    }

    /// The largest value the measure can take under `shape`.
    fn max(self, shape: &Shape) -> u16 {
        match self {
            Measure::Metric(i) => shape.metrics[i].1 as u16,
            Measure::Event(_) => 1,
            Measure::Sum(i, j) => (shape.metrics[i].1 + shape.metrics[j].1) as u16,
        }
    }
}

/// Metric indices of a paired outcome.
pub const A_VALUE: usize = 0;
pub const B_VALUE: usize = 1;
/// A − B, shifted by B's maximum so it is never negative.
pub const DIFF: usize = 2;
/// Event names of a paired outcome.
pub const PAIRED_EVENTS: [&str; 3] = ["a_more", "b_more", "tie"];

/// Why a paired comparison has no exact tally.
const NOT_EXACT: &str = "a paired comparison shares every die between its two sides, which the exact evaluator does not follow; it is sampled (each side alone can be exact as a compare)";

/// Two resolutions (two cells of any one system) on the same dice.
#[derive(Clone, Debug, PartialEq)]
pub struct Paired {
    pub a: Cell,
    pub b: Cell,
    pub measure: Measure,
    /// The measure's name, for reports.
    pub measure_name: String,
    /// Added to A − B so the histogram index is never negative.
    pub offset: u16,
    max_a: u16,
}

impl Paired {
    /// Pair two resolutions on one measure (valid for both shapes).
    pub fn new(a: Cell, b: Cell, measure: Measure, measure_name: String) -> Self {
        let offset = measure.max(&b.shape());
        let max_a = measure.max(&a.shape());
        Paired { a, b, measure, measure_name, offset, max_a }
    }

    /// One paired trial: A on fresh dice with the faces recorded, B on the same faces. One
    /// dynamic call per side; the dice inside each side's resolution stay concrete.
    #[inline]
    fn run(&self, dice: &mut D6Stream) -> Outcome {
        let mut tape = Tape::default();
        let oa = self.a.run_recording(dice, &mut tape);
        let ob = self.b.run_replaying(dice, &tape);
        let (va, vb) = (self.measure.of(&oa), self.measure.of(&ob));
        let mut o = Outcome::default();
        o.metrics[A_VALUE] = va;
        o.metrics[B_VALUE] = vb;
        o.metrics[DIFF] = va + self.offset - vb;
        o.flag(0, va > vb);
        o.flag(1, vb > va);
        o.flag(2, va == vb);
        o
    }
}

/// A paired comparison is a cell of its own. Written by hand (it is not a [`crate::engine::Trial`]:
/// its sides are cells, sampled on the engine's own dice stream), with the defaults a plain
/// resolution would get for the report's words.
impl CellTrial for Paired {
    fn shape(&self) -> Shape {
        let (ma, mb) = (self.max_a as usize, self.offset as usize);
        Shape::new(vec![("a", ma), ("b", mb), ("a_minus_b", ma + mb)], PAIRED_EVENTS.to_vec())
    }
    fn sample(&self, dice: &mut D6Stream, n: u64, tally: &mut Tally) {
        for _ in 0..n {
            let o = self.run(dice);
            tally.record(&o);
        }
    }
    fn exact(&self, _budget: Budget) -> Result<Tally, NoExact> {
        Err(NoExact::NotOffered(NOT_EXACT))
    }
    fn enumerate_faces(&self, _max_dice: usize) -> Option<crate::exact::Exact> {
        None
    }
    fn run_recording(&self, _dice: &mut D6Stream, _tape: &mut Tape) -> Outcome {
        unreachable!("a paired comparison pairs single resolutions")
    }
    fn run_replaying(&self, _dice: &mut D6Stream, _tape: &Tape) -> Outcome {
        unreachable!("a paired comparison pairs single resolutions")
    }
    fn unit(&self) -> &'static str {
        "trial"
    }
    fn headline_metrics(&self) -> &'static [&'static str] {
        &[]
    }
    fn key_events(&self) -> Vec<&'static str> {
        PAIRED_EVENTS.to_vec()
    }
    fn value_label(&self, _metric: &str, _v: usize) -> Option<String> {
        None
    }
    fn is_category(&self, _metric: &str) -> bool {
        false
    }
    fn tail(&self, _metric: &str) -> Tail {
        Tail::AtLeast
    }
    fn tail_name(&self, _metric: &str) -> Option<String> {
        None
    }
    fn passes_from(&self, _metric: &str) -> Option<usize> {
        None
    }
    fn exact_offered(&self) -> Result<(), &'static str> {
        Err(NOT_EXACT)
    }
    fn exact_duel(&self) -> Option<Result<ExactFigures, String>> {
        None
    }
    fn exact_duel_over_budget(&self) -> Option<String> {
        None
    }
    fn exact_duel_work(&self) -> Option<crate::analysis::duel::SolveWork> {
        None
    }
    fn gang(&self) -> Option<Result<&crate::analysis::gang::figures::GangFigures, String>> {
        None
    }
    fn prepare(&self) -> Result<(), Interrupted> {
        Ok(())
    }
    /// Its sides are cells of their own: a grid of paired comparisons takes no measure alias.
    fn with_sums(&self, _: Vec<crate::analysis::sum::Sum>) -> Option<Cell> {
        None
    }
    fn concrete_any(&self) -> &dyn Any {
        self
    }
    fn eq_dyn(&self, other: &dyn CellTrial) -> bool {
        other.as_any().downcast_ref::<Paired>() == Some(self)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// The paired difference and what CRN saved.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct PairedSummary {
    /// Mean of A − B with its 95 % interval.
    pub mean_difference: f64,
    pub ci95: [f64; 2],
    /// Independent trials per loadout that would give the same interval, per paired trial.
    pub trial_saving: f64,
    /// Trials an independent comparison would need (per loadout) for this interval.
    pub independent_trials_needed: f64,
}

/// Summarise a paired tally.
pub fn summary(t: &Tally, offset: u16, z: f64) -> PairedSummary {
    let d = t.moments(DIFF);
    let (va, vb) = (t.moments(A_VALUE).sd.powi(2), t.moments(B_VALUE).sd.powi(2));
    let vd = d.sd.powi(2);
    let mean = d.mean - offset as f64;
    let saving = if vd > 0.0 { (va + vb) / vd } else { f64::INFINITY };
    PairedSummary {
        mean_difference: mean,
        ci95: [mean - z * d.stderr, mean + z * d.stderr],
        trial_saving: saving,
        independent_trials_needed: saving * t.trials as f64,
    }
}
