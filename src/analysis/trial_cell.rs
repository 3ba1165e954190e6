//! Every system's trial is a cell: the blanket [`CellTrial`] impl for any `Trial + TrialInfo`.
//!
//! A file of its own, above both the cell traits (`cell.rs`) and the wrapper that adds summed
//! metrics (`summed.rs`): the impl builds that wrapper, and the wrapper is a cell too, so keeping
//! the impl beside the traits would make the two files use each other. The wrapper writes its
//! own `CellTrial` impl (it is not a `TrialInfo`), so wrapping a wrapper adds to its sums instead
//! of nesting it.

use crate::analysis::cell::{Cell, CellTrial, Tail, TrialInfo};
use crate::analysis::duel::ExactFigures;
use crate::analysis::sum::Sum;
use crate::analysis::summed::Summed;
use crate::dice::{D6Stream, Recording, Replaying, Tape};
use crate::engine::{self, Outcome, Shape, Tally, Trial};
use crate::exact::{self, Budget, NoExact};
use crate::interrupt::Interrupted;
use std::any::Any;
use std::fmt::Debug;

impl<T> CellTrial for T
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
        self.own_exact(budget).unwrap_or_else(|| exact::evaluate(self, budget))
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
        TrialInfo::unit(self)
    }
    fn headline_metrics(&self) -> &'static [&'static str] {
        TrialInfo::headline_metrics(self)
    }
    fn key_events(&self) -> Vec<&'static str> {
        TrialInfo::key_events(self)
    }
    fn default_measure(&self) -> Option<&'static str> {
        TrialInfo::default_measure(self)
    }
    fn value_label(&self, metric: &str, v: usize) -> Option<String> {
        TrialInfo::value_label(self, metric, v)
    }
    fn is_category(&self, metric: &str) -> bool {
        TrialInfo::is_category(self, metric)
    }
    fn tail(&self, metric: &str) -> Tail {
        TrialInfo::tail(self, metric)
    }
    fn tail_name(&self, metric: &str) -> Option<String> {
        TrialInfo::tail_name(self, metric)
    }
    fn passes_from(&self, metric: &str) -> Option<usize> {
        TrialInfo::passes_from(self, metric)
    }
    fn exact_offered(&self) -> Result<(), &'static str> {
        TrialInfo::exact_offered(self)
    }
    fn exact_duel(&self) -> Option<Result<ExactFigures, String>> {
        TrialInfo::exact_duel(self)
    }
    fn exact_duel_over_budget(&self) -> Option<String> {
        TrialInfo::exact_duel_over_budget(self)
    }
    fn exact_duel_work(&self) -> Option<crate::analysis::duel::SolveWork> {
        TrialInfo::exact_duel_work(self)
    }
    fn gang(&self) -> Option<Result<&crate::analysis::gang::figures::GangFigures, String>> {
        TrialInfo::gang(self)
    }
    fn prepare(&self) -> Result<(), Interrupted> {
        TrialInfo::prepare(self)
    }
    fn with_sums(&self, sums: Vec<Sum>) -> Option<Cell> {
        Summed::new(self.clone(), sums).map(Cell::new)
    }
    fn concrete_any(&self) -> &dyn Any {
        TrialInfo::concrete(self)
    }
    fn eq_dyn(&self, other: &dyn CellTrial) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}
