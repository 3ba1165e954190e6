//! Parallel Monte Carlo driver.
//!
//! Trials are split into fixed chunks of [`CHUNK`] trials. Chunk `c` of cell `k` always draws
//! from the stream `D6Stream::for_chunk(seed, k, c)` and its counts are integers, so the
//! merged tallies — and every report built from them — are identical whatever the thread count
//! or scheduling. The rule code only sees a [`Dice`] source; it knows nothing of threads.

pub mod progress;
pub mod tally;

use crate::dice::{D6Stream, Dice};
use crate::stats;
use rayon::prelude::*;
pub use tally::{Outcome, Shape, Tally};

/// Trials per chunk: small enough to balance two cores and update a progress bar often,
/// large enough that seeding a stream and allocating a tally are negligible.
pub const CHUNK: u64 = 1 << 14;

/// Trials of the first batch in a `--precision` run.
pub const FIRST_BATCH: u64 = CHUNK * 16;

/// One kind of random experiment: a pure function of the dice.
pub trait Trial: Sync {
    /// The metrics and events this trial reports.
    fn shape(&self) -> Shape;
    /// Resolve one trial.
    fn run<D: Dice>(&self, dice: &mut D) -> Outcome;

    /// This trial as independent parts side by side, or `None` (the default) if it is one piece.
    ///
    /// `Some(parts)` promises that part k's metrics and events follow part k − 1's in
    /// [`Trial::shape`], and that each part rolls its own dice: what one part records never
    /// depends on another's dice (a shot at three figures resolves each with its own dice). A
    /// tally keeps each metric's and each event's own distribution, never a joint one, so the
    /// exact evaluator walks the parts one at a time — their outcome sequences add up instead of
    /// multiplying. Sampling ignores it and runs the trial whole.
    fn parts(&self) -> Option<Vec<Self>>
    where
        Self: Sized,
    {
        None
    }
}

/// What the engine samples: a shape and a way to run a chunk of trials into a tally. Every
/// [`Trial`] is one (the loop is [`sample_chunk`], monomorphised for the trial type); a scenario
/// cell (`analysis::cell::Cell`) is one through a single dynamic call per chunk, so the engine
/// never needs to know which rule system a cell belongs to.
pub trait Sampler: Sync {
    /// The metrics and events a trial reports.
    fn shape(&self) -> Shape;
    /// Run `n` trials on `dice` and record each into `tally`.
    fn sample(&self, dice: &mut D6Stream, n: u64, tally: &mut Tally);
    /// The dice stream it draws from, when not its own (its index among the cells): a cell that
    /// names another's draws the same dice trial for trial, so the difference between the two
    /// has the variance of a paired comparison (a balance's characteristic one step up or down
    /// against the card as it is).
    fn stream(&self) -> Option<u64> {
        None
    }
}

impl<T: Trial> Sampler for T {
    fn shape(&self) -> Shape {
        Trial::shape(self)
    }
    fn sample(&self, dice: &mut D6Stream, n: u64, tally: &mut Tally) {
        sample_chunk(self, dice, n, tally)
    }
}

/// The hot loop: `n` trials of `trial` on `dice`, each recorded into `tally`. Generic, so each
/// trial type gets its own copy with the dice calls inlined.
#[inline]
pub fn sample_chunk<T: Trial + ?Sized>(trial: &T, dice: &mut D6Stream, n: u64, tally: &mut Tally) {
    for _ in 0..n {
        let o = trial.run(dice);
        tally.record(&o);
    }
}

/// When a run stops.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Stop {
    /// Exactly this many trials per cell.
    Trials(u64),
    /// Keep doubling the trials per cell until every reported probability's 95 % half-width
    /// is at most `half_width`, or `max_trials` is reached.
    Precision { half_width: f64, max_trials: u64 },
    /// Keep doubling the trials per cell (from [`SETTLE_FIRST`]) until the caller's question is
    /// settled ([`run_cells_until`]: a balance test's fair cost), or `max_trials` is reached.
    /// Run without such a question ([`run_cells_with`]), it samples the first batch only.
    Settle { max_trials: u64 },
}

/// The first batch of a [`Stop::Settle`] run: small, since a settled answer usually needs little.
pub const SETTLE_FIRST: u64 = CHUNK * 2;

/// How a run ended, for the report.
#[derive(Clone, Debug, PartialEq)]
pub struct Stopping {
    /// Trials per cell.
    pub trials: u64,
    /// The widest 95 % half-width over every reported probability of every cell.
    pub worst_half_width: f64,
    /// `Some(target)` in precision mode.
    pub target_half_width: Option<f64>,
    /// False when a precision run hit its trial cap first.
    pub reached: bool,
}

/// Result of a run: one tally per cell, all with the same trial count.
#[derive(Clone, Debug)]
pub struct RunOutput {
    pub tallies: Vec<Tally>,
    pub stopping: Stopping,
}

/// Run every cell with the given stopping rule on the current rayon pool.
pub fn run_cells<S: Sampler>(cells: &[S], seed: u64, stop: Stop, progress: &progress::Progress) -> RunOutput {
    run_cells_with(cells, vec![None; cells.len()], seed, stop, progress)
}

/// Run every cell that has no exact tally yet (`exact[k]` is `Some` for a cell already
/// evaluated exactly; it is kept as is). Sampled cells keep their own streams (cell `k` draws
/// from `(seed, k, chunk)` whichever other cells are sampled), so a cell's sampled numbers
/// never depend on which of its neighbours were exact.
pub fn run_cells_with<S: Sampler>(
    cells: &[S],
    exact: Vec<Option<Tally>>,
    seed: u64,
    stop: Stop,
    progress: &progress::Progress,
) -> RunOutput {
    if let Stop::Settle { max_trials } = stop {
        // No question to settle here: the first batch.
        return run_cells_with(cells, exact, seed, Stop::Trials(SETTLE_FIRST.min(max_trials)), progress);
    }
    let shapes: Vec<Shape> = cells.iter().map(|c| c.shape()).collect();
    let skip: Vec<bool> = exact.iter().map(Option::is_some).collect();
    let mut tallies: Vec<Tally> = shapes.iter().zip(exact).map(|(s, e)| e.unwrap_or_else(|| Tally::new(s))).collect();
    let sampled = skip.iter().filter(|s| !**s).count() as u64;
    let z = stats::z_value();
    if sampled == 0 {
        // Everything exact: no trials at all.
        progress.set_total(0);
        return RunOutput {
            tallies,
            stopping: Stopping {
                trials: 0,
                worst_half_width: 0.0,
                target_half_width: match stop {
                    Stop::Precision { half_width, .. } => Some(half_width),
                    Stop::Trials(_) | Stop::Settle { .. } => None,
                },
                reached: true,
            },
        };
    }
    match stop {
        Stop::Settle { .. } => unreachable!("handled above"),
        Stop::Trials(n) => {
            progress.set_total(n * sampled);
            if progress.wants_batches() {
                // Watched (the local page): growing batches, each handed over when done. The
                // tallies are the same as in one go: chunk `c` of cell `k` draws the same dice
                // whichever batch it falls in, and batch ends are whole chunks.
                let mut done = 0u64;
                while done < n {
                    let next = if done == 0 { SETTLE_FIRST } else { done * 4 }.min(n);
                    add_trials(cells, &shapes, &mut tallies, &skip, seed, done, next, None, progress);
                    done = next;
                    if progress.cancelled() {
                        break;
                    }
                    progress.batch(&tallies, done);
                }
            } else {
                add_trials(cells, &shapes, &mut tallies, &skip, seed, 0, n, None, progress);
            }
            let worst = worst(&tallies, z);
            RunOutput {
                tallies,
                stopping: Stopping { trials: n, worst_half_width: worst, target_half_width: None, reached: true },
            }
        }
        Stop::Precision { half_width, max_trials } => {
            let mut done = 0u64;
            let mut next = FIRST_BATCH.min(max_trials);
            loop {
                // The total is unknown up front; show progress towards the next batch boundary.
                progress.set_total(next * sampled);
                add_trials(cells, &shapes, &mut tallies, &skip, seed, done, next, None, progress);
                done = next;
                if progress.cancelled() {
                    // Incomplete: the caller checks `progress` and discards this output.
                    return RunOutput { tallies, stopping: interrupted_stopping(done, half_width) };
                }
                progress.batch(&tallies, done);
                let w = worst(&tallies, z);
                if w <= half_width || done >= max_trials {
                    return RunOutput {
                        tallies,
                        stopping: Stopping {
                            trials: done,
                            worst_half_width: w,
                            target_half_width: Some(half_width),
                            reached: w <= half_width,
                        },
                    };
                }
                next = (done * 2).min(max_trials);
            }
        }
    }
}

/// [`Stop::Settle`]: sample every cell that has no exact tally in doubling batches until
/// `settled(tallies)` holds or `max_trials` per cell is reached. `reached` says which. Chunk
/// streams are those of any other run (cell `k`, chunk `c`), so the tallies after a batch equal a
/// fixed run's of that many trials.
pub fn run_cells_until<S: Sampler>(
    cells: &[S],
    exact: Vec<Option<Tally>>,
    seed: u64,
    max_trials: u64,
    progress: &progress::Progress,
    settled: &dyn Fn(&[Tally]) -> bool,
) -> RunOutput {
    let shapes: Vec<Shape> = cells.iter().map(|c| c.shape()).collect();
    let skip: Vec<bool> = exact.iter().map(Option::is_some).collect();
    let mut tallies: Vec<Tally> = shapes.iter().zip(exact).map(|(s, e)| e.unwrap_or_else(|| Tally::new(s))).collect();
    let sampled = skip.iter().filter(|s| !**s).count() as u64;
    let z = stats::z_value();
    let (mut done, mut next) = (0u64, SETTLE_FIRST.min(max_trials));
    loop {
        progress.set_total(next * sampled);
        add_trials(cells, &shapes, &mut tallies, &skip, seed, done, next, None, progress);
        done = next;
        if progress.cancelled() {
            return RunOutput { tallies, stopping: interrupted_stopping(done, 0.0) };
        }
        progress.batch(&tallies, done);
        let ok = sampled == 0 || settled(&tallies);
        if ok || done >= max_trials {
            let w = worst(&tallies, z);
            return RunOutput {
                tallies,
                stopping: Stopping { trials: done, worst_half_width: w, target_half_width: None, reached: ok },
            };
        }
        next = (done * 2).min(max_trials);
    }
}

/// One shard of a fixed-trial run: shard `index` (0-based) of `count` takes every chunk `c`
/// with `c % count == index`, so the shards' tallies add up to exactly the single run's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// Whether this shard runs chunk `chunk` (the one rule that deals chunks out to shards).
    pub fn takes(&self, chunk: u64) -> bool {
        chunk % self.count == self.index
    }

    /// Trials per sampled cell this shard runs of a `trials`-trial run: the lengths of the
    /// chunks it [`takes`](Shard::takes), each as long as [`chunk_len`] says. `merge` checks every
    /// partial's tallies against this, so it must follow the deal exactly (a unit test compares it
    /// with the chunks counted one by one and with what [`run_shard`] records).
    pub fn trials_of(&self, trials: u64) -> u64 {
        let chunks = trials.div_ceil(CHUNK);
        if chunks <= self.index {
            return 0;
        }
        // Chunks index, index + count, … below `chunks`; all full but possibly the very last.
        let taken = (chunks - 1 - self.index) / self.count + 1;
        let last = chunks - 1;
        let short = if self.takes(last) { CHUNK - chunk_len(last, trials) } else { 0 };
        // At most `trials`, so it fits; u128 keeps the intermediate product from overflowing.
        (taken as u128 * CHUNK as u128 - short as u128) as u64
    }
}

/// Trials in chunk `chunk` of a run that ends at trial `to`: [`CHUNK`], except a shorter last one.
fn chunk_len(chunk: u64, to: u64) -> u64 {
    (to - chunk * CHUNK).min(CHUNK)
}

/// Run one shard of `trials` trials per cell; the result is a partial tally per cell.
pub fn run_shard<S: Sampler>(
    cells: &[S],
    exact: Vec<Option<Tally>>,
    seed: u64,
    trials: u64,
    shard: Shard,
    progress: &progress::Progress,
) -> Vec<Tally> {
    assert!(shard.count > 0 && shard.index < shard.count);
    let shapes: Vec<Shape> = cells.iter().map(|c| c.shape()).collect();
    let skip: Vec<bool> = exact.iter().map(Option::is_some).collect();
    let mut tallies: Vec<Tally> = shapes.iter().zip(exact).map(|(s, e)| e.unwrap_or_else(|| Tally::new(s))).collect();
    let sampled = skip.iter().filter(|s| !**s).count() as u64;
    progress.set_total(shard.trials_of(trials) * sampled);
    add_trials(cells, &shapes, &mut tallies, &skip, seed, 0, trials, Some(shard), progress);
    tallies
}

/// Stopping summary of a precision run cut short by a signal (never reported).
fn interrupted_stopping(trials: u64, half_width: f64) -> Stopping {
    Stopping { trials, worst_half_width: f64::INFINITY, target_half_width: Some(half_width), reached: false }
}

/// The stopping summary of a fixed-trial run from its (merged) tallies.
pub fn fixed_stopping(tallies: &[Tally], trials: u64) -> Stopping {
    Stopping { trials, worst_half_width: worst(tallies, stats::z_value()), target_half_width: None, reached: true }
}

fn worst(tallies: &[Tally], z: f64) -> f64 {
    tallies.iter().map(|t| t.worst_half_width(z)).fold(0.0, f64::max)
}

/// Run trials `[from, to)` of every cell (only the shard's chunks, if given) and merge them
/// into `tallies`. `from` must be a multiple of [`CHUNK`] so chunk boundaries never depend on
/// batching.
#[allow(clippy::too_many_arguments)]
fn add_trials<S: Sampler>(
    cells: &[S],
    shapes: &[Shape],
    tallies: &mut [Tally],
    skip: &[bool],
    seed: u64,
    from: u64,
    to: u64,
    shard: Option<Shard>,
    progress: &progress::Progress,
) {
    debug_assert_eq!(from % CHUNK, 0);
    let first_chunk = from / CHUNK;
    let chunks = to.div_ceil(CHUNK) - first_chunk;
    let tasks = chunks * cells.len() as u64;
    let fresh = || shapes.iter().map(Tally::new).collect::<Vec<_>>();
    let merged = (0..tasks)
        .into_par_iter()
        .filter(|task| {
            let chunk = first_chunk + task / cells.len() as u64;
            !skip[(task % cells.len() as u64) as usize] && shard.is_none_or(|s| s.takes(chunk))
        })
        .try_fold(fresh, |mut acc, task| {
            if progress.cancelled() {
                // A signal arrived: `None` ends every worker's fold and the reduction at once
                // (not after walking the remaining tasks one by one: a long run has hundreds of
                // millions); the caller discards the result.
                return None;
            }
            let cell = (task % cells.len() as u64) as usize;
            let chunk = first_chunk + task / cells.len() as u64;
            let n = chunk_len(chunk, to);
            let mut dice = D6Stream::for_chunk(seed, cells[cell].stream().unwrap_or(cell as u64), chunk);
            cells[cell].sample(&mut dice, n, &mut acc[cell]);
            progress.inc(n);
            Some(acc)
        })
        .try_reduce(fresh, |mut a, b| {
            for (x, y) in a.iter_mut().zip(&b) {
                x.merge(y);
            }
            Some(a)
        });
    let Some(merged) = merged else { return };
    for ((t, m), &s) in tallies.iter_mut().zip(&merged).zip(skip) {
        if !s {
            t.merge(m);
        }
    }
}

/// The workers [`with_threads`] runs with for `threads` (0 = one per core).
pub fn workers(threads: usize) -> usize {
    if threads == 0 { std::thread::available_parallelism().map_or(1, |n| n.get()) } else { threads }
}

/// Run `f` on a rayon pool with exactly `threads` workers (0 = one per core).
pub fn with_threads<R: Send>(threads: usize, f: impl FnOnce() -> R + Send) -> R {
    // The caller's stop flag (a server job's) holds on every worker, so their polls see it.
    let stop = crate::interrupt::current_stop();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .start_handler(move |_| crate::interrupt::set_thread_stop(stop.clone()))
        .build()
        .expect("building a rayon thread pool");
    pool.install(f)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One die; metric = face, event = six.
    struct OneDie;
    impl Trial for OneDie {
        fn shape(&self) -> Shape {
            Shape::new(vec![("face", 6)], vec!["six"])
        }
        fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
            let f = dice.d6();
            let mut o = Outcome::default();
            o.metrics[0] = f as u16;
            o.flag(0, f == 6);
            o
        }
    }

    #[test]
    fn thread_count_does_not_change_counts() {
        let p = progress::Progress::hidden();
        let a = with_threads(1, || run_cells(&[OneDie, OneDie], 9, Stop::Trials(100_003), &p));
        let b = with_threads(2, || run_cells(&[OneDie, OneDie], 9, Stop::Trials(100_003), &p));
        assert_eq!(a.tallies, b.tallies);
        assert_eq!(a.tallies[0].trials, 100_003);
        assert_ne!(a.tallies[0], a.tallies[1], "cells must use different streams");
    }

    #[test]
    fn precision_run_stops_at_target_and_matches_a_fixed_run() {
        let p = progress::Progress::hidden();
        let out = with_threads(2, || {
            run_cells(&[OneDie], 3, Stop::Precision { half_width: 0.002, max_trials: 10_000_000 }, &p)
        });
        assert!(out.stopping.reached);
        assert!(out.stopping.worst_half_width <= 0.002);
        let n = out.stopping.trials;
        // Half-width 0.002 at p = 0.5 needs about 240k trials; doubling from 262k stops there.
        assert_eq!(n, FIRST_BATCH);
        let fixed = with_threads(1, || run_cells(&[OneDie], 3, Stop::Trials(n), &p));
        assert_eq!(fixed.tallies, out.tallies);
    }

    #[test]
    fn shards_add_up_to_the_single_run() {
        let p = progress::Progress::hidden();
        let full = run_cells(&[OneDie, OneDie], 4, Stop::Trials(100_000), &p);
        let mut merged: Option<Vec<Tally>> = None;
        for index in 0..3 {
            let part = run_shard(&[OneDie, OneDie], vec![None, None], 4, 100_000, Shard { index, count: 3 }, &p);
            assert!(part[0].trials < 100_000);
            merged = Some(match merged {
                None => part,
                Some(mut m) => {
                    for (a, b) in m.iter_mut().zip(&part) {
                        a.merge(b);
                    }
                    m
                }
            });
        }
        assert_eq!(merged.unwrap(), full.tallies);
    }

    #[test]
    fn a_shards_trial_count_is_the_chunks_it_takes() {
        // Counted one chunk at a time with the same deal, for short, exact and uneven runs,
        // more shards than chunks, and the last chunk falling to each shard in turn.
        for trials in [1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK, 7 * CHUNK + 5, 100_000, 10_000_000_000] {
            let chunks = trials.div_ceil(CHUNK);
            for count in [1, 2, 3, 4, 7, 8, 100, 100_000] {
                let mut total = 0;
                for index in 0..count.min(9) {
                    let s = Shard { index, count };
                    // 10^10 trials has too many chunks to walk; the shards' total still checks it.
                    if chunks <= 10_000 {
                        let counted: u64 = (0..chunks).filter(|&c| s.takes(c)).map(|c| chunk_len(c, trials)).sum();
                        assert_eq!(s.trials_of(trials), counted, "{trials} trials, shard {}/{count}", index + 1);
                    }
                    total += s.trials_of(trials);
                }
                if count <= 9 {
                    assert_eq!(total, trials, "{trials} trials in {count} shards");
                }
            }
        }
        // And what a shard really records.
        let p = progress::Progress::hidden();
        for index in 0..3 {
            let s = Shard { index, count: 3 };
            let part = run_shard(&[OneDie], vec![None], 4, 100_000, s, &p);
            assert_eq!(part[0].trials, s.trials_of(100_000) as u128);
        }
    }

    #[test]
    fn precision_cap_is_reported() {
        let p = progress::Progress::hidden();
        let out = run_cells(&[OneDie], 3, Stop::Precision { half_width: 1e-5, max_trials: 50_000 }, &p);
        assert!(!out.stopping.reached);
        assert_eq!(out.stopping.trials, 50_000);
    }
}
