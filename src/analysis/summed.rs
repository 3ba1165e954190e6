//! A trial with extra metrics that are sums of its own: how a grid (compare, sweep) measures by
//! one of a system's measure aliases ([`crate::system::SystemDef::measure_aliases`], the 2019
//! and 2013 `damage` = `stun` + `wounds`).
//!
//! Why a wrapper and not a sum of means: a grid charts and ranks its measure's whole
//! distribution (P(≥ k), intervals), and the distribution of a sum needs both parts of every
//! trial, which the tally's per-metric histograms no longer hold. Wrapping the trial records the
//! sum as one more metric of each outcome — sampled on the very dice the plain trial uses (so
//! its own metrics do not move) and walked by the exact evaluator like any other metric, so
//! the sum is exact wherever the trial is.

use crate::analysis::cell::{Cell, CellTrial, Tail, TrialInfo};
use crate::analysis::duel::ExactFigures;
pub use crate::analysis::sum::Sum;
use crate::dice::{D6Stream, Dice, Recording, Replaying, Tape};
use crate::engine::{self, Outcome, Shape, Tally, Trial};
use crate::exact::{self, Budget, NoExact};
use crate::interrupt::Interrupted;
use std::any::Any;
use std::fmt::Debug;

/// `inner` with the metrics of `sums` appended to its shape, each the sum of its parts.
#[derive(Clone, Debug, PartialEq)]
pub struct Summed<T> {
    inner: T,
    sums: Vec<Sum>,
    /// Where the sums start in the outcome: the wrapped shape's metric count, kept so a trial
    /// never builds a shape.
    first_sum: usize,
}

impl<T: Trial> Summed<T> {
    /// `inner` with `sums` (indices into its shape, see [`Sum::of`]); `None` when the outcome
    /// has no room for them ([`crate::engine::tally::MAX_METRICS`]).
    pub fn new(inner: T, sums: Vec<Sum>) -> Option<Self> {
        let first_sum = inner.shape().metrics.len();
        (first_sum + sums.len() <= crate::engine::tally::MAX_METRICS).then_some(Summed { inner, sums, first_sum })
    }
}

impl<T: Trial> Trial for Summed<T> {
    fn shape(&self) -> Shape {
        let mut shape = self.inner.shape();
        let added: Vec<_> =
            self.sums.iter().map(|s| (s.name, s.parts.iter().map(|&p| shape.metrics[p].1).sum())).collect();
        shape.metrics.extend(added);
        shape
    }

    /// The wrapped trial on the same dice, then the sums: nothing allocated per trial.
    #[inline]
    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let mut o = self.inner.run(dice);
        let base = self.first_sum;
        for (k, s) in self.sums.iter().enumerate() {
            o.metrics[base + k] = s.parts.iter().fold(0u16, |acc, &p| acc.saturating_add(o.metrics[p]));
        }
        o
    }
    // No `parts`: a sum may add metrics of two parts, whose joint only the whole trial has.
}

/// A cell of its own, written by hand rather than through the blanket impl
/// (`trial_cell.rs`), so that wrapping it again adds to its sums ([`CellTrial::with_sums`])
/// instead of nesting a wrapper in a wrapper. Everything but the sums is the wrapped trial's:
/// its words, its exact offer, its duel; sampling and the exact evaluator run this type, so the
/// sums are in every tally.
impl<T> CellTrial for Summed<T>
where
    T: Trial + TrialInfo + PartialEq + Clone + Debug + Send + Sync + 'static,
{
    fn shape(&self) -> Shape {
        Trial::shape(self)
    }
    fn sample(&self, dice: &mut D6Stream, n: u64, tally: &mut Tally) {
        engine::sample_chunk(self, dice, n, tally)
    }
    fn exact(&self, budget: Budget) -> Result<Tally, NoExact> {
        exact::evaluate(self, budget)
    }
    fn enumerate_faces(&self, max_dice: usize) -> Option<exact::Exact> {
        exact::enumerate(self, max_dice)
    }
    fn run_recording(&self, dice: &mut D6Stream, tape: &mut Tape) -> Outcome {
        self.run(&mut Recording { inner: dice, tape })
    }
    fn run_replaying(&self, dice: &mut D6Stream, tape: &Tape) -> Outcome {
        self.run(&mut Replaying { inner: dice, tape, pos: 0 })
    }
    fn unit(&self) -> &'static str {
        self.inner.unit()
    }
    fn headline_metrics(&self) -> &'static [&'static str] {
        self.inner.headline_metrics()
    }
    fn key_events(&self) -> Vec<&'static str> {
        self.inner.key_events()
    }
    fn default_measure(&self) -> Option<&'static str> {
        self.inner.default_measure()
    }
    fn value_label(&self, metric: &str, v: usize) -> Option<String> {
        self.inner.value_label(metric, v)
    }
    fn is_category(&self, metric: &str) -> bool {
        self.inner.is_category(metric)
    }
    fn tail(&self, metric: &str) -> Tail {
        self.inner.tail(metric)
    }
    fn tail_name(&self, metric: &str) -> Option<String> {
        self.inner.tail_name(metric)
    }
    fn passes_from(&self, metric: &str) -> Option<usize> {
        self.inner.passes_from(metric)
    }
    fn exact_offered(&self) -> Result<(), &'static str> {
        self.inner.exact_offered()
    }
    fn exact_duel(&self) -> Option<Result<ExactFigures, String>> {
        self.inner.exact_duel()
    }
    fn exact_duel_over_budget(&self) -> Option<String> {
        self.inner.exact_duel_over_budget()
    }
    fn exact_duel_work(&self) -> Option<crate::analysis::duel::SolveWork> {
        self.inner.exact_duel_work()
    }
    fn gang(&self) -> Option<Result<&crate::analysis::gang::figures::GangFigures, String>> {
        self.inner.gang()
    }
    fn prepare(&self) -> Result<(), Interrupted> {
        self.inner.prepare()
    }
    /// More sums go beside these (their indices count these in), never a wrapper of a wrapper.
    fn with_sums(&self, sums: Vec<Sum>) -> Option<Cell> {
        let all = self.sums.iter().cloned().chain(sums).collect();
        Summed::new(self.inner.clone(), all).map(Cell::new)
    }
    /// The wrapped trial, so a system's report code still finds its own trial type.
    fn concrete_any(&self) -> &dyn Any {
        self.inner.concrete()
    }
    fn eq_dyn(&self, other: &dyn CellTrial) -> bool {
        other.as_any().downcast_ref::<Self>() == Some(self)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two dice: metric 0 = the first face, metric 1 = the second.
    #[derive(Clone, Debug, PartialEq)]
    struct Two;
    impl Trial for Two {
        fn shape(&self) -> Shape {
            Shape::new(vec![("a", 6), ("b", 6)], vec![])
        }
        fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
            let mut o = Outcome::default();
            o.metrics[0] = dice.d6() as u16;
            o.metrics[1] = dice.d6() as u16;
            o
        }
    }
    impl TrialInfo for Two {}

    #[test]
    fn the_sum_of_two_dice_is_exactly_the_triangle() {
        let shape = Trial::shape(&Two);
        let t = Summed::new(Two, vec![Sum::of(&shape, "total", &["a", "b"]).unwrap()]).unwrap();
        assert_eq!(Trial::shape(&t).metrics[2], ("total", 12));
        let tally = CellTrial::exact(&t, Budget::EXPLICIT).unwrap();
        assert_eq!(tally.trials, 36);
        let expect: Vec<u128> = (0..=12).map(|s: i32| if s < 2 { 0 } else { (6 - (s - 7).abs()) as u128 }).collect();
        assert_eq!(tally.hists[2], expect);
        // The wrapped metrics are the plain trial's (as probabilities: each tally is in lowest terms).
        let plain = CellTrial::exact(&Two, Budget::EXPLICIT).unwrap();
        for (w, p) in tally.hists[..2].iter().zip(&plain.hists) {
            let cross: Vec<(u128, u128)> = w.iter().zip(p).map(|(w, p)| (w * plain.trials, p * tally.trials)).collect();
            assert!(cross.iter().all(|(a, b)| a == b), "{w:?} / {} vs {p:?} / {}", tally.trials, plain.trials);
        }
    }

    #[test]
    fn a_summed_cell_still_downcasts_to_its_trial_and_a_missing_part_is_none() {
        let shape = Trial::shape(&Two);
        assert!(Sum::of(&shape, "total", &["a", "c"]).is_none());
        let c = Cell::new(Summed::new(Two, vec![Sum::of(&shape, "total", &["a", "b"]).unwrap()]).unwrap());
        assert_eq!(c.downcast::<Two>(), Some(&Two));
    }
}
