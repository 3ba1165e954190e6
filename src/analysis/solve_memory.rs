//! Exact solves run side by side within one memory limit ([`SOLVES_MEMORY_BYTES`]).
//!
//! Each exact solve is bounded alone by its solver's budget, but a balance runs one per thread:
//! two solves of cards at the top of every 2019 range held 486 MB on two threads, and a machine
//! with more cores would hold more. The solves' memory is estimated from the cards before they
//! run ([`crate::analysis::duel::SolveWork::bytes`]), so the schedule can keep the sum of those
//! running at once within the limit without waiting on any lock (a rayon thread that waits
//! could hold up a solve that runs its own parallel parts): jobs small enough to share the pool
//! run side by side, larger ones in waves that fit, one wave after another.
//!
//! A file of its own because every caller that solves many duels at once (a balance's pairs,
//! `optimal-win` plans, `check`) schedules them the same way, and no system is named here.

use rayon::prelude::*;

/// The most memory the exact solves running at once may hold together, by their estimates:
/// 400 MB, so that with what the run holds itself (its cells and reports: at most ~50 MB for
/// the largest bundled balances measured) and what the allocator has not yet given back, a run
/// stays within 500 MB whatever its fighters.
pub const SOLVES_MEMORY_BYTES: u64 = 400 << 20;

/// `f(i)` for every job `i` of `bytes` (the memory job `i` is estimated to hold while it runs),
/// in order of `i`, on the current rayon pool, with at most `limit` bytes of estimates running
/// at once (a job alone over `limit` runs alone). Jobs within the pool's share of the limit
/// (`limit` / threads) run side by side, all at once; the others after them, in waves of at
/// most one job per thread whose estimates fit together. The results are the same whatever
/// the schedule: each is `f` of its index alone.
pub fn map_within_memory<T: Send>(bytes: &[u64], limit: u64, f: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let (together, waves) = schedule(bytes, limit, rayon::current_num_threads());
    let mut out: Vec<Option<T>> = (0..bytes.len()).map(|_| None).collect();
    for (k, jobs) in std::iter::once(&together).chain(&waves).enumerate() {
        let done: Vec<(usize, T)> = jobs
            .par_iter()
            .map(|&i| {
                let t = f(i);
                if k > 0 {
                    release_freed_memory();
                }
                (i, t)
            })
            .collect();
        for (i, t) in done {
            out[i] = Some(t);
        }
    }
    out.into_iter().map(|t| t.expect("every job ran")).collect()
}

/// Give the memory a finished large job freed back to the system. glibc's allocator keeps
/// freed memory in the arena of the thread that used it: waves run one after another on
/// whichever threads are free, so without this their tables add up in the resident size
/// (measured: 476 MB for waves estimated within 450 MB on eight threads; 374 MB with one arena).
/// A few milliseconds, once per large job.
fn release_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns free memory to the system; it takes the arenas' locks.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// An upper estimate of the wall time of jobs of `(seconds on one core, bytes)` on `threads`,
/// run as [`map_within_memory`] runs them: those run together share the threads, each wave
/// takes as long as its longest job.
pub fn wall_seconds(jobs: &[(f64, u64)], limit: u64, threads: usize) -> f64 {
    let bytes: Vec<u64> = jobs.iter().map(|j| j.1).collect();
    let (together, waves) = schedule(&bytes, limit, threads);
    let shared: f64 = together.iter().map(|&i| jobs[i].0).sum::<f64>() / threads.max(1) as f64;
    shared + waves.iter().map(|w| w.iter().map(|&i| jobs[i].0).fold(0.0, f64::max)).sum::<f64>()
}

/// The jobs run all together (each within `limit` / `threads`), and the waves of the others
/// (at most one job per thread, their estimates together within `limit`, or one job alone).
fn schedule(bytes: &[u64], limit: u64, threads: usize) -> (Vec<usize>, Vec<Vec<usize>>) {
    let threads = threads.max(1);
    let share = limit / threads as u64;
    let (together, large): (Vec<usize>, Vec<usize>) = (0..bytes.len()).partition(|&i| bytes[i] <= share);
    let mut waves: Vec<Vec<usize>> = Vec::new();
    let mut held = 0u64;
    for i in large {
        match waves.last_mut() {
            Some(w) if w.len() < threads && held.saturating_add(bytes[i]) <= limit => {
                w.push(i);
                held = held.saturating_add(bytes[i]);
            }
            _ => {
                waves.push(vec![i]);
                held = bytes[i];
            }
        }
    }
    (together, waves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;
    use std::time::Duration;

    /// Run `bytes` on a pool of `threads` with `limit`: the results, and the most estimated
    /// bytes that were running at once.
    fn run_jobs(bytes: &[u64], limit: u64, threads: usize) -> (Vec<usize>, u64) {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("a pool");
        let running = Mutex::new((0u64, 0u64));
        let out = pool.install(|| {
            map_within_memory(bytes, limit, |i| {
                {
                    let mut r = running.lock().unwrap();
                    r.0 += bytes[i];
                    r.1 = r.1.max(r.0);
                }
                // Long enough that jobs started together overlap.
                std::thread::sleep(Duration::from_millis(20));
                running.lock().unwrap().0 -= bytes[i];
                i * 10
            })
        });
        (out, running.into_inner().unwrap().1)
    }

    /// Four threads, jobs of 100 and 300 (limit 400): the 300s cannot run beside another 300
    /// or three 100s; every result is in its place.
    #[test]
    fn the_jobs_running_at_once_fit_the_limit() {
        let bytes = [300, 100, 300, 100, 100, 300, 100, 100, 300, 100];
        let (out, most) = run_jobs(&bytes, 400, 4);
        assert_eq!(out, (0..bytes.len()).map(|i| i * 10).collect::<Vec<_>>());
        assert!(most <= 400, "{most} bytes ran at once");
        // Without the limit the pool would have run them four at a time.
        let (_, unbounded) = run_jobs(&bytes, u64::MAX, 4);
        assert!(unbounded > 400, "{unbounded}: the test's jobs overlap");
    }

    /// A job alone over the limit still runs (its solver's own budget bounds it), by itself.
    #[test]
    fn a_job_over_the_limit_runs_alone() {
        let bytes = [50, 900, 50, 900];
        let (out, most) = run_jobs(&bytes, 400, 2);
        assert_eq!(out, vec![0, 10, 20, 30]);
        assert_eq!(most, 900, "each 900 ran alone");
    }

    /// The time estimate follows the schedule: four 1-s jobs that fit together take 2 s on
    /// two threads; two that must run one at a time take 2 s on any number of threads.
    #[test]
    fn the_wall_time_follows_the_schedule() {
        assert_eq!(wall_seconds(&[(1.0, 100); 4], 400, 2), 2.0);
        assert_eq!(wall_seconds(&[(1.0, 300); 2], 400, 8), 2.0);
        assert_eq!(wall_seconds(&[(1.0, 150), (1.0, 150), (1.0, 150)], 400, 4), 2.0);
    }
}
