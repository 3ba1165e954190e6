//! Scenario → simulation → results: runs the cells of a scenario on the engine (sampled through
//! [`cell::CellTrial`], or exactly) and derives what the generic kinds need beyond per-cell tallies.

pub mod balance;
pub mod cell;
pub mod check;
pub mod cost_curve;
pub mod duel;
pub mod fair_cost;
pub mod gang;
pub mod layout;
pub mod loo;
pub mod paired;
pub mod ratings;
pub mod scenario;
pub mod solve_memory;
pub mod stat_value;
pub mod sum;
pub mod summed;
mod trial_cell;
pub mod verdict;

use crate::engine::{self, RunOutput, Stop, Tally, progress::Progress};
use crate::error::Error;
use crate::exact::{self, Budget};
use crate::interrupt::Interrupted;
use rayon::prelude::*;
use scenario::{ExactMode, Scenario};

/// The relative half-width the sampling part of a balance test's fair cost must reach for its
/// verdict to count as settled ([`balance::summarise`] reports it; [`Stop::Settle`] samples until
/// it is): ±2 % of the fair cost, or less than the fit's own uncertainty makes any difference to.
pub const SETTLE_TARGET: f64 = 0.02;

/// A finished run: the scenario and one tally per cell.
#[derive(Clone, Debug)]
pub struct RunResult {
    pub scenario: Scenario,
    pub output: RunOutput,
    /// A balance test whose every duel was solved exactly: each cell's exact figures, which the
    /// verdict rests on (the cells are sampled for their distributions only when the config asks:
    /// `[balance] distributions = true`; otherwise each cell's tally is [`solved_elsewhere`]).
    pub exact_duels: Option<Vec<crate::analysis::duel::ExactFigures>>,
    /// A balance test sampled until settled: the target and whether it was reached.
    pub settled: Option<(f64, bool)>,
}

/// Run every cell of `scenario` on `threads` worker threads (0 = one per core): the exact cells
/// first ([`exact_cells`]), then the rest sampled. `Err` when a signal stopped it (see
/// [`Progress::cancelled`]) or a cell that must be exact cannot be.
pub fn run(scenario: Scenario, threads: usize, progress: &Progress) -> Result<RunResult, Error> {
    let exact = engine::with_threads(threads, || exact_cells(&scenario))?;
    Ok(run_with(scenario, exact, threads, progress)?)
}

/// [`run`] with the exact cells already evaluated (so a caller can report a cell that cannot
/// be exact before it prepares any output).
pub fn run_with(
    scenario: Scenario,
    exact: Vec<Option<Tally>>,
    threads: usize,
    progress: &Progress,
) -> Result<RunResult, Interrupted> {
    let (exact_duels, exact) = balance_solved(&scenario, exact, threads, progress)?;
    // A thread pool costs ~60 µs to build, several times an exact attack's whole run: build one
    // only for what needs it. Only a cell that will be sampled needs preparing (an exact cell's
    // tally is made already; what `prepare` makes, a duel's plan, is for sampling).
    if exact.iter().any(Option::is_none) {
        engine::with_threads(threads, || prepare_cells(&scenario))?;
    }
    let trials: Vec<cell::Cell> = scenario.cells.iter().map(|c| c.trial.clone()).collect();
    let z = crate::stats::z_value();
    // A sampled balance test's question: is its fair cost settled (see `FairCost::settled`)?
    let settle = match (&scenario.layout, &exact_duels) {
        (scenario::Layout::Balance(l), None) => {
            Some(move |t: &[engine::Tally]| balance::fair_cost_of(l, t, None, z).settled(SETTLE_TARGET))
        }
        _ => None,
    };
    let output = match (scenario.stop, &settle) {
        (Stop::Settle { max_trials }, Some(done)) => engine::with_threads(threads, || {
            engine::run_cells_until(&trials, exact, scenario.seed, max_trials, progress, done)
        }),
        _ if exact.iter().all(Option::is_some) => {
            // Nothing to sample: no thread pool (building one costs more than an exact attack).
            engine::run_cells_with(&trials, exact, scenario.seed, scenario.stop, progress)
        }
        _ => engine::with_threads(threads, || {
            engine::run_cells_with(&trials, exact, scenario.seed, scenario.stop, progress)
        }),
    };
    progress.finish();
    progress.check()?;
    let settled = settle.map(|done| (SETTLE_TARGET, done(&output.tallies)));
    Ok(RunResult { scenario, output, exact_duels, settled })
}

/// The exact solves a balance will make before it samples anything: how many, and an upper
/// estimate of their time on one core ([`duel::SolveWork::seconds`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Solves {
    pub duels: usize,
    pub cpu_seconds: f64,
    /// Each solve's estimated time on one core and memory ([`duel::SolveWork`]).
    pub each: Vec<(f64, u64)>,
}

impl Solves {
    /// An upper estimate of the solves' wall time on `workers` threads, run as they are run:
    /// as many at once as their memory allows ([`solve_memory`]).
    pub fn wall_seconds(&self, workers: usize) -> f64 {
        solve_memory::wall_seconds(&self.each, solve_memory::SOLVES_MEMORY_BYTES, workers)
    }
}

/// The most a balance's exact solves may take, in [`Solves::cpu_seconds`] (an upper estimate
/// on one core of this project's 2-core machine): beyond it the balance is refused before
/// anything runs. Fifteen minutes of one core, about eight on two: a solve at the top of every
/// range takes ~3 s, so 300 of those; twenty 2019 `optimal-win` fighters of the bundled cards,
/// their characteristic steps included, estimate 19 s (they take 3.3 s).
pub const BALANCE_SOLVE_BUDGET_S: f64 = 900.0;

/// What a balance will solve exactly ([`balance_exact_duels`], and the plans of `optimal-win`
/// fighters when its duels are sampled), from the cards alone: `None` for other layouts and
/// for a balance that solves nothing.
pub fn balance_solves(sc: &Scenario) -> Option<Solves> {
    if !matches!(sc.layout, scenario::Layout::Balance(_)) {
        return None;
    }
    let work: Vec<Option<duel::SolveWork>> = sc.cells.iter().map(|c| c.trial.exact_duel_work()).collect();
    let all = sc.exact != ExactMode::Never && work.iter().all(|w| w.is_some_and(|w| !w.over()));
    let solved: Vec<duel::SolveWork> = work.into_iter().flatten().filter(|w| all || (w.plans && !w.over())).collect();
    (!solved.is_empty()).then(|| Solves {
        duels: solved.len(),
        cpu_seconds: solved.iter().map(|w| w.seconds()).sum(),
        each: solved.iter().map(|w| (w.seconds(), w.bytes())).collect(),
    })
}

/// A balance's duels solved exactly, one per cell (`None`: not every one was).
pub type ExactDuels = Option<Vec<duel::ExactFigures>>;

/// A balance solves its pairs' duels exactly first ([`balance_exact_duels`]): when every one is
/// solved and the config asks for no sampled distributions (`[balance] distributions`), nothing
/// is sampled at all (issue #40) — each cell then stands solved ([`solved_elsewhere`]) in the
/// returned tallies. Any other scenario: no duels, `exact` unchanged. A shard run asks the same
/// (and `merge` solves the duels again), so its partials sample exactly what the single run does.
pub fn balance_solved(
    sc: &Scenario,
    exact: Vec<Option<Tally>>,
    threads: usize,
    progress: &Progress,
) -> Result<(ExactDuels, Vec<Option<Tally>>), Interrupted> {
    let scenario::Layout::Balance(l) = &sc.layout else { return Ok((None, exact)) };
    let duels = engine::with_threads(threads, || balance_exact_duels(sc, progress))?;
    let exact = match &duels {
        Some(_) if !l.distributions => sc.cells.iter().map(|c| Some(solved_elsewhere(&c.trial))).collect(),
        _ => exact,
    };
    Ok((duels, exact))
}

/// The tally of a cell whose figures come from elsewhere (a balance's exact duel): exact, no
/// trials, every count zero — the sampler skips it and the report takes its numbers from the
/// solution ([`crate::report::model`]).
pub fn solved_elsewhere(trial: &cell::Cell) -> Tally {
    let mut t = Tally::new(&engine::Sampler::shape(trial));
    t.exact = true;
    t
}

/// Do the work each cell needs before it is sampled ([`cell::TrialInfo::prepare`]: an
/// `optimal-win` duel's plan), one cell per task on the current rayon pool, as many plans at
/// once as their estimated memory allows ([`solve_memory`]). Part of the run,
/// never of loading, so `validate` stays instant; a signal stops it at the next safe point.
pub fn prepare_cells(sc: &Scenario) -> Result<(), Interrupted> {
    // A plan is a solve: as many at once as their estimated memory allows ([`solve_memory`]).
    let bytes: Vec<u64> = sc
        .cells
        .iter()
        .map(|c| c.trial.exact_duel_work().filter(|w| w.plans && !w.over()).map_or(0, |w| w.bytes()))
        .collect();
    let done = solve_memory::map_within_memory(&bytes, solve_memory::SOLVES_MEMORY_BYTES, |i| {
        if crate::interrupt::stop_requested().is_some() {
            return Ok(());
        }
        sc.cells[i].trial.prepare()
    });
    done.into_iter().collect::<Result<(), Interrupted>>()?;
    match crate::interrupt::stop_requested() {
        Some(sig) => Err(Interrupted(sig)),
        None => Ok(()),
    }
}

/// The memory a cell's exact solve is estimated to hold ([`duel::SolveWork::bytes`]); 0 for a
/// cell with no exact duel or one over its budget (nothing solved).
pub fn solve_bytes(trial: &cell::Cell) -> u64 {
    trial.exact_duel_work().filter(|w| !w.over()).map_or(0, |w| w.bytes())
}

/// The trials a sampled cell would get, for deciding whether enumeration is cheaper.
fn sampling_trials(stop: Stop) -> u64 {
    match stop {
        Stop::Trials(n) => n,
        // A precision run takes at least its first batch.
        Stop::Precision { max_trials, .. } => engine::FIRST_BATCH.min(max_trials),
        Stop::Settle { max_trials } => engine::SETTLE_FIRST.min(max_trials),
    }
}

/// The exact tally of each cell that is evaluated exactly (`None`: sampled), following the
/// scenario's [`ExactMode`]. Runs on the current rayon pool, one cell per task; the result is
/// the same for any thread count (each cell's tally depends on that cell alone). `Err`: a cell
/// that must be exact cannot be (an input error), or a signal stopped an evaluation.
pub fn exact_cells(sc: &Scenario) -> Result<Vec<Option<Tally>>, Error> {
    let budget = match &sc.exact {
        ExactMode::Never => return Ok(vec![None; sc.cells.len()]),
        ExactMode::Auto => Budget::cheaper_than(sampling_trials(sc.stop)),
        ExactMode::Always(_) => Budget::EXPLICIT,
    };
    let results: Vec<_> = sc
        .cells
        .par_iter()
        .map(|c| match c.trial.exact_offered() {
            Err(why) => Err(exact::NoExact::NotOffered(why)),
            Ok(()) => c.trial.exact(budget),
        })
        .collect();
    let mut out = Vec::with_capacity(results.len());
    for (cell, r) in sc.cells.iter().zip(results) {
        match (r, &sc.exact) {
            (Ok(t), _) => out.push(Some(t)),
            (Err(exact::NoExact::Interrupted(i)), _) => return Err(i.into()),
            (Err(why), ExactMode::Always(at)) => {
                let mut e = at.clone();
                e.message = format!("cell `{}` cannot be evaluated exactly: {why}", cell.label);
                return Err(e.into());
            }
            (Err(_), _) => out.push(None),
        }
    }
    Ok(out)
}

/// A balance test's duels solved exactly, one per cell, when its rule system solves its duel
/// and every pair is within the solver's budget (`None` otherwise, and for every other layout,
/// and under `--sample` / `exact = false`). The verdict then rests on exact figures; the cells are
/// sampled only for distributions the config asks for. Runs on the current rayon pool, one duel
/// per task, as many at once as their estimated memory allows ([`solve_memory`]): the figures
/// do not depend on the thread count or the schedule. `Err` when a signal stopped a solve.
pub fn balance_exact_duels(sc: &Scenario, progress: &Progress) -> Result<ExactDuels, Interrupted> {
    if !matches!(sc.layout, scenario::Layout::Balance(_)) || sc.exact == ExactMode::Never || sc.cells.is_empty() {
        return Ok(None);
    }
    // Cheap refusals first: a system with no exact duel, a pair over its budget.
    let stopped = || crate::interrupt::stop_requested().is_some();
    // Each cell's estimate once: it decides the refusal and the schedule's memory.
    let work: Vec<Option<duel::SolveWork>> = sc.cells.iter().map(|c| c.trial.exact_duel_work()).collect();
    if work.iter().any(|w| w.is_none_or(|w| w.over())) {
        return Ok(None);
    }
    // Identical duels are solved once: a characteristic the duel never reads gives the very
    // duels of the candidate (2013 Special and Movement), identical reference cards duel alike.
    let cells = &sc.cells;
    let mut first_of: Vec<usize> = Vec::with_capacity(cells.len());
    for (i, c) in cells.iter().enumerate() {
        first_of.push((0..i).find(|&j| first_of[j] == j && cells[j].trial == c.trial).unwrap_or(i));
    }
    let unique: Vec<usize> = (0..cells.len()).filter(|&i| first_of[i] == i).collect();
    // After a signal no new solve starts: only those under way finish their current step.
    progress.start_solves(unique.len() as u64);
    // As many at once as their estimated memory allows together ([`solve_memory`]).
    let bytes: Vec<u64> = unique.iter().map(|&i| work[i].map_or(0, |w| w.bytes())).collect();
    let solved: Vec<Option<Result<duel::ExactFigures, String>>> =
        solve_memory::map_within_memory(&bytes, solve_memory::SOLVES_MEMORY_BYTES, |k| {
            if stopped() {
                return None;
            }
            let x = cells[unique[k]].trial.exact_duel();
            progress.solved();
            x
        });
    progress.end_solves();
    if let Some(sig) = crate::interrupt::stop_requested() {
        return Err(Interrupted(sig));
    }
    let mut figures: Vec<Option<duel::ExactFigures>> = vec![None; cells.len()];
    for (&i, s) in unique.iter().zip(solved) {
        figures[i] = s.and_then(Result::ok);
    }
    Ok((0..cells.len()).map(|i| figures[first_of[i]].clone()).collect())
}
