//! What a scenario cell holds: one trial of some rule system, known here only through traits.
//!
//! A system writes its trials as plain [`Trial`]s (static dispatch, generic over the dice) and
//! describes them once with [`TrialInfo`] (what one trial is called, which metrics lead, whether
//! it has an exact answer). The blanket impl below turns every such type into a [`CellTrial`], the
//! object-safe face the generic layers use, so a [`Cell`] can hold any system's trial without an
//! enum that names them all (and without the generic layers importing a system).
//!
//! Speed: dynamic dispatch happens once per *chunk* of trials ([`CellTrial::sample`] runs the
//! engine's loop, monomorphised for the concrete trial type inside the blanket impl), never per
//! die or per trial. A paired comparison makes one dynamic call per side per trial
//! ([`CellTrial::run_recording`], [`CellTrial::run_replaying`]); the dice inside stay concrete.

use crate::analysis::duel::ExactFigures;
use crate::analysis::sum::Sum;
use crate::dice::{D6Stream, Tape};
use crate::engine::{self, Outcome, Shape, Tally, Trial};
use crate::exact::{Budget, NoExact};
use crate::interrupt::Interrupted;
use std::any::Any;
use std::fmt::Debug;
use std::sync::Arc;

/// What the reports and the run need to know about a trial beyond its dice: each system
/// implements it for its trial enum (in `src/systems/<name>/rules/`). Every method has a
/// default that suits a plain single resolution.
pub trait TrialInfo: Trial {
    /// What one trial resolves, for titles ("per attack", "per shot").
    fn unit(&self) -> &'static str {
        "trial"
    }

    /// The metrics whose distributions the reports show, most important first.
    fn headline_metrics(&self) -> &'static [&'static str] {
        &[]
    }

    /// The events a grid of these trials (compare, sweep) reports, most important first.
    fn key_events(&self) -> Vec<&'static str> {
        self.shape().events.into_iter().take(4).collect()
    }

    /// What a `compare` or `sweep` of these trials leads with and ranks by when its config names
    /// no `measure`: the outcome that decides games in this system (a Batman attack putting its
    /// target out of action, a shot taking its target out of the fight), as one of `shape()`'s
    /// events or metrics. `None`: the first key event (else the first headline metric).
    fn default_measure(&self) -> Option<&'static str> {
        None
    }

    /// What to print for value `v` of `metric` when the number is a code (a card's rank, the
    /// "more than the cap" bin). `None`: the number itself. Codes stay ordered, so P(≥ k) still
    /// reads "this or better".
    fn value_label(&self, _metric: &str, _v: usize) -> Option<String> {
        None
    }

    /// Whether `metric`'s values name things rather than count them: reports give them no mean.
    fn is_category(&self, _metric: &str) -> bool {
        false
    }

    /// Which cumulative tail of `metric`'s distribution answers a player's question, drawn
    /// beside its bars: P(≥ k) unless fewer is the point (a roll-under check's roll, the attacks
    /// a kill takes: "dead within k").
    fn tail(&self, _metric: &str) -> Tail {
        Tail::AtLeast
    }

    /// The cumulative line's name in the game's words, for a chart's legend ("P(dead within k
    /// attacks)"), when the bare "P(≤ k)" or "P(≥ k)" of [`TrialInfo::tail`] would not say what
    /// k counts. `None`: the bare form.
    fn tail_name(&self, _metric: &str) -> Option<String> {
        None
    }

    /// When `metric` is a check's roll: the value from which it passes, counted the way of
    /// [`TrialInfo::tail`] (`Some(6)` with [`Tail::AtMost`] reads "passes on ≤ 6"), so charts
    /// mark the threshold. `None` for every other metric.
    fn passes_from(&self, _metric: &str) -> Option<usize> {
        None
    }

    /// Whether this trial has an exact evaluator at all (`Err` names why not). Having one does
    /// not promise it fits the enumeration budget: [`crate::exact::evaluate`] decides that.
    fn exact_offered(&self) -> Result<(), &'static str> {
        Ok(())
    }

    /// A duel this analyser solves exactly: its figures with the configured policies, solved
    /// now. `None` for every other trial; `Some(Err(why))` when the solve is over its budget or
    /// a signal stopped it.
    fn exact_duel(&self) -> Option<Result<ExactFigures, String>> {
        None
    }

    /// Why a duel's exact solve is refused (its estimated work is over budget). `None` for a duel
    /// within it and for every other trial.
    fn exact_duel_over_budget(&self) -> Option<String> {
        None
    }

    /// The work of one exact solve of this duel as configured (what a balance solves per pair),
    /// estimated from the cards alone. `None` for every trial but a duel its system solves.
    fn exact_duel_work(&self) -> Option<crate::analysis::duel::SolveWork> {
        None
    }

    /// A trial solved exactly by a method of its own rather than by walking its dice (a sequence
    /// of attacks, by dynamic programming over its target's state): its exact tally, or why
    /// there is none. `None` (the default): the evaluator walks its dice.
    fn own_exact(&self, _budget: Budget) -> Option<Result<Tally, NoExact>> {
        None
    }

    /// A sequence of attacks on one target ([`crate::analysis::gang`]): the figures of its
    /// orders, or why there are none. `None` for every other trial.
    fn gang(&self) -> Option<Result<&crate::analysis::gang::figures::GangFigures, String>> {
        None
    }

    /// Work a run must do before sampling this trial (a duel's optimal plan), kept out of
    /// loading so `validate` never solves. Stopped by a signal at the next safe point.
    fn prepare(&self) -> Result<(), Interrupted> {
        Ok(())
    }

    /// The trial a system's report code downcasts a cell to ([`Cell::downcast`]): itself, or
    /// what a wrapper ([`crate::analysis::summed::Summed`]) wraps.
    fn concrete(&self) -> &dyn Any
    where
        Self: Sized + 'static,
    {
        self
    }
}

/// Which cumulative tail of a metric a report reads ([`TrialInfo::tail`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tail {
    /// P(≥ k): more is what counts (hits, damage, distance). The default.
    #[default]
    AtLeast,
    /// P(≤ k): less is what counts (a roll-under check passes on ≤ its value; a target is down
    /// within k attacks when the attacks to kill are ≤ k).
    AtMost,
}

/// Everything a cell needs of its trial, object-safe. Implemented for every
/// `Trial + TrialInfo` by the blanket impl below; a paired comparison
/// ([`crate::analysis::paired::Paired`]) implements it by hand, since it pairs two cells.
pub trait CellTrial: Send + Sync + Debug + 'static {
    /// The metrics and events it reports.
    fn shape(&self) -> Shape;
    /// Run `n` trials on `dice` into `tally`: the engine's hot loop, for this trial type.
    fn sample(&self, dice: &mut D6Stream, n: u64, tally: &mut Tally);
    /// Its exact tally by enumeration ([`crate::exact::evaluate`]), within `budget`.
    fn exact(&self, budget: Budget) -> Result<Tally, NoExact>;
    /// Every sequence of die faces walked one by one ([`crate::exact::enumerate`]), up to
    /// `max_dice` dice a path: slow and independent of the evaluator, the oracle tests hold
    /// [`CellTrial::exact`] to on every bundled cell of every system. `None` past `max_dice`,
    /// or for a cell that is not one trial's dice (a paired comparison).
    fn enumerate_faces(&self, max_dice: usize) -> Option<crate::exact::Exact>;
    /// Resolve once on fresh dice, recording the faces (side A of a paired comparison).
    fn run_recording(&self, dice: &mut D6Stream, tape: &mut Tape) -> Outcome;
    /// Resolve once on the recorded faces, then fresh dice (side B of a paired comparison).
    fn run_replaying(&self, dice: &mut D6Stream, tape: &Tape) -> Outcome;

    /// See [`TrialInfo::unit`].
    fn unit(&self) -> &'static str;
    /// See [`TrialInfo::headline_metrics`].
    fn headline_metrics(&self) -> &'static [&'static str];
    /// See [`TrialInfo::key_events`].
    fn key_events(&self) -> Vec<&'static str>;
    /// See [`TrialInfo::default_measure`] (a hand-written cell, a paired comparison, has none).
    fn default_measure(&self) -> Option<&'static str> {
        None
    }
    /// Whether less of `name` is better for the side that acts (the attacks a kill takes, a
    /// roll-under check's roll): grids then rank it lowest first and their answer says so. The
    /// same knowledge as [`TrialInfo::tail`] — a metric read as "within k" — so it is derived
    /// from it, not declared twice.
    fn less_is_better(&self, name: &str) -> bool {
        self.tail(name) == Tail::AtMost
    }
    /// See [`TrialInfo::value_label`].
    fn value_label(&self, metric: &str, v: usize) -> Option<String>;
    /// See [`TrialInfo::is_category`].
    fn is_category(&self, metric: &str) -> bool;
    /// See [`TrialInfo::tail`].
    fn tail(&self, metric: &str) -> Tail;
    /// See [`TrialInfo::tail_name`].
    fn tail_name(&self, metric: &str) -> Option<String>;
    /// See [`TrialInfo::passes_from`].
    fn passes_from(&self, metric: &str) -> Option<usize>;
    /// See [`TrialInfo::exact_offered`].
    fn exact_offered(&self) -> Result<(), &'static str>;
    /// See [`TrialInfo::exact_duel`].
    fn exact_duel(&self) -> Option<Result<ExactFigures, String>>;
    /// See [`TrialInfo::exact_duel_over_budget`].
    fn exact_duel_over_budget(&self) -> Option<String>;
    /// See [`TrialInfo::exact_duel_work`].
    fn exact_duel_work(&self) -> Option<crate::analysis::duel::SolveWork>;
    /// See [`TrialInfo::prepare`].
    fn prepare(&self) -> Result<(), Interrupted>;
    /// See [`TrialInfo::gang`].
    fn gang(&self) -> Option<Result<&crate::analysis::gang::figures::GangFigures, String>>;

    /// This trial with the metrics `sums` appended ([`crate::analysis::summed`]): how a grid
    /// measures by a measure alias. `None` when it cannot be wrapped (a paired comparison, an
    /// outcome with no room left).
    fn with_sums(&self, sums: Vec<Sum>) -> Option<Cell>;
    /// See [`TrialInfo::concrete`].
    fn concrete_any(&self) -> &dyn Any;

    /// Equal trials (same type, equal values): a sweep whose cells are all equal gets a note.
    fn eq_dyn(&self, other: &dyn CellTrial) -> bool;
    /// The concrete trial, so a system's own report code can downcast to its own trial type.
    fn as_any(&self) -> &dyn Any;
}

/// A cell's trial: a shared handle, cheap to clone (the generic analyses copy cells around).
/// Dereferences to [`CellTrial`], so `cell.trial.unit()` reads as before.
#[derive(Clone)]
pub struct Cell(Arc<dyn CellTrial>, Option<u64>);

/// The trial's own `Debug`, with no wrapper: a scenario's shard fingerprint
/// (`shard::fingerprint`) is built from it, so a 2019 cell's text is what it was before cells
/// became trait objects.
impl Debug for Cell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl Cell {
    /// Wrap any system's trial.
    pub fn new(trial: impl CellTrial) -> Cell {
        Cell(Arc::new(trial), None)
    }

    /// The same trial drawing the dice of cell `stream` ([`engine::Sampler::stream`]).
    pub fn on_stream_of(self, stream: usize) -> Cell {
        Cell(self.0, Some(stream as u64))
    }

    /// The concrete trial if it is a `T` (a system's report code reaching its own trial type),
    /// seen through a [`Summed`] wrapper.
    pub fn downcast<T: 'static>(&self) -> Option<&T> {
        self.0.concrete_any().downcast_ref()
    }
}

/// Any trial becomes a cell, so builders write `cell(label, params, Trial3e::Attack(a))`.
impl<T: CellTrial> From<T> for Cell {
    fn from(trial: T) -> Cell {
        Cell::new(trial)
    }
}

impl std::ops::Deref for Cell {
    type Target = dyn CellTrial;
    fn deref(&self) -> &Self::Target {
        &*self.0
    }
}

impl PartialEq for Cell {
    fn eq(&self, other: &Self) -> bool {
        self.0.eq_dyn(&*other.0)
    }
}

/// The engine samples a cell with one dynamic call per chunk.
impl engine::Sampler for Cell {
    fn shape(&self) -> Shape {
        self.0.shape()
    }
    fn sample(&self, dice: &mut D6Stream, n: u64, tally: &mut Tally) {
        self.0.sample(dice, n, tally)
    }
    fn stream(&self) -> Option<u64> {
        self.1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Stop, progress::Progress, run_cells};

    /// `k` dice; metric = sixes, event = any six.
    #[derive(Clone, Debug, PartialEq)]
    struct Sixes(u8);
    impl Trial for Sixes {
        fn shape(&self) -> Shape {
            Shape::new(vec![("sixes", self.0 as usize)], vec!["any_six"])
        }
        fn run<D: crate::dice::Dice>(&self, dice: &mut D) -> Outcome {
            let n = (0..self.0).filter(|_| dice.d6() == 6).count() as u16;
            let mut o = Outcome::default();
            o.metrics[0] = n;
            o.flag(0, n > 0);
            o
        }
    }
    impl TrialInfo for Sixes {
        fn headline_metrics(&self) -> &'static [&'static str] {
            &["sixes"]
        }
    }

    /// Another type with the same fields: equal values of different types are different trials.
    #[derive(Clone, Debug, PartialEq)]
    struct Fives(u8);
    impl Trial for Fives {
        fn shape(&self) -> Shape {
            Shape::new(vec![("fives", self.0 as usize)], vec![])
        }
        fn run<D: crate::dice::Dice>(&self, dice: &mut D) -> Outcome {
            let mut o = Outcome::default();
            o.metrics[0] = (0..self.0).filter(|_| dice.d6() == 5).count() as u16;
            o
        }
    }
    impl TrialInfo for Fives {}

    #[test]
    fn a_cell_samples_exactly_what_its_trial_samples() {
        // Same seed, same streams: one dynamic call per chunk changes no die.
        let p = Progress::hidden();
        let plain = run_cells(&[Sixes(3), Sixes(5)], 7, Stop::Trials(3 * engine::CHUNK + 11), &p);
        let cells = run_cells(&[Cell::new(Sixes(3)), Cell::new(Sixes(5))], 7, Stop::Trials(3 * engine::CHUNK + 11), &p);
        assert_eq!(plain.tallies, cells.tallies);
    }

    #[test]
    fn cells_compare_by_type_and_value_and_answer_for_their_trial() {
        assert_eq!(Cell::new(Sixes(3)), Cell::new(Sixes(3)));
        assert_ne!(Cell::new(Sixes(3)), Cell::new(Sixes(4)));
        assert_ne!(Cell::new(Sixes(3)), Cell::new(Fives(3)));
        let c = Cell::new(Sixes(2));
        assert_eq!(c.downcast::<Sixes>(), Some(&Sixes(2)));
        assert!(c.downcast::<Fives>().is_none());
        // The system's answer, then the defaults.
        assert_eq!((c.headline_metrics(), c.unit(), c.key_events()), (&["sixes"][..], "trial", vec!["any_six"]));
        assert!(c.exact_offered().is_ok() && c.exact_duel().is_none() && c.prepare().is_ok());
        // The exact tally through the trait: P(no six in two dice) = 25/36.
        let t = c.exact(Budget::EXPLICIT).unwrap();
        assert!(t.exact);
        assert_eq!(t.hists[0][0] * 36, t.trials * 25);
    }
}
