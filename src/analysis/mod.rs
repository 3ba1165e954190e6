//! Scenario → simulation → results: runs the cells of a scenario on the engine and derives
//! what the kinds need beyond per-cell tallies (the effort best response).

pub mod balance;
pub mod duel;
pub mod effort;
pub mod exchange;
pub mod paired;
pub mod scenario;

use crate::engine::{self, RunOutput, progress::Progress};
use crate::interrupt::Interrupted;
use scenario::Scenario;

/// A finished run: the scenario and one tally per cell.
#[derive(Clone, Debug)]
pub struct RunResult {
    pub scenario: Scenario,
    pub output: RunOutput,
}

/// Run every cell of `scenario` on `threads` worker threads (0 = one per core); `Err` when a
/// signal stopped it (see [`Progress::cancelled`]).
pub fn run(scenario: Scenario, threads: usize, progress: &Progress) -> Result<RunResult, Interrupted> {
    let trials: Vec<_> = scenario.cells.iter().map(|c| c.trial.clone()).collect();
    let output = engine::with_threads(threads, || engine::run_cells(&trials, scenario.seed, scenario.stop, progress));
    progress.finish();
    progress.check()?;
    Ok(RunResult { scenario, output })
}
