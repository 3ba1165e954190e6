//! Progress of a run: a bar on stderr for long runs, and the way a run learns it should stop.
//!
//! The bar stays hidden for the first second so quick runs print nothing, and is never
//! created when stderr is not a terminal or `--quiet` is given. A progress made for the command
//! line also reports [`Progress::cancelled`] once SIGINT/SIGTERM/SIGHUP arrived
//! ([`crate::interrupt`]), and the engine then skips the chunks it has not started.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// What a run's progress reports to someone watching it from another thread (the local page's
/// server, [`crate::serve`]): trials done, the current total, a flag that stops the run, and
/// each finished batch's tallies. Shared through an `Arc`; every field is cheap to poll.
#[derive(Default)]
pub struct Watch {
    /// Set (from any thread) to stop the run at the next chunk; the run then reports
    /// `Interrupted(0)` and its tallies are discarded. Shared (an `Arc`) so the exact solvers
    /// can poll it too ([`crate::interrupt::with_stop`]).
    pub cancel: Arc<AtomicBool>,
    /// Trials done so far, over every sampled cell.
    pub done: AtomicU64,
    /// Trials expected so far (grows batch by batch in precision and settle runs).
    pub total: AtomicU64,
    /// The latest complete batch: every cell's tally after `trials` trials per cell, the same
    /// as a run of that many trials (chunk streams do not depend on batching).
    pub latest: std::sync::Mutex<Option<(Vec<super::tally::Tally>, u64)>>,
}

/// The bar while trials are sampled.
const TRIALS: &str = "{spinner} {human_pos}/{human_len} trials [{bar:40}] {percent}% ETA {eta}";
/// The bar while a balance solves its duels exactly, before it samples anything.
const SOLVES: &str = "{spinner} {human_pos}/{human_len} duels solved exactly [{bar:40}] {percent}% ETA {eta}";

fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template).expect("static template").progress_chars("=> ")
}

/// A progress counter of trials done; cheap to update from many threads.
pub struct Progress {
    bar: Option<ProgressBar>,
    started: Instant,
    shown: AtomicBool,
    /// Stop when a signal arrives (command-line runs only; tests and benches never stop).
    stops_on_signal: bool,
    /// A watcher in another thread, when one asked ([`Progress::watched`]).
    watch: Option<Arc<Watch>>,
}

impl Progress {
    /// A bar on stderr if it is a terminal and `quiet` is false; otherwise nothing.
    pub fn for_stderr(quiet: bool) -> Self {
        let bar = if !quiet && std::io::stderr().is_terminal() {
            let b = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::hidden());
            b.set_style(style(TRIALS));
            Some(b)
        } else {
            None
        };
        Progress { bar, started: Instant::now(), shown: AtomicBool::new(false), stops_on_signal: true, watch: None }
    }

    /// A progress counter for a run watched from another thread: no bar; it stops when a
    /// signal arrives (the server is shutting down) or when `watch.cancel` is set, and it hands
    /// every finished batch's tallies to `watch.latest` (see [`Progress::batch`]).
    pub fn watched(watch: Arc<Watch>) -> Self {
        Progress {
            bar: None,
            started: Instant::now(),
            shown: AtomicBool::new(false),
            stops_on_signal: true,
            watch: Some(watch),
        }
    }

    /// Whether someone watches the batches (the engine then splits a fixed-trial run into
    /// growing batches so there is something to show before the end).
    pub fn wants_batches(&self) -> bool {
        self.watch.is_some()
    }

    /// A batch has finished: `tallies` after `trials` trials per sampled cell.
    pub fn batch(&self, tallies: &[super::tally::Tally], trials: u64) {
        if let Some(w) = &self.watch
            && !self.cancelled()
        {
            *w.latest.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some((tallies.to_vec(), trials));
        }
    }

    /// A progress counter that never draws and never stops (tests, benches, library use).
    pub fn hidden() -> Self {
        Progress {
            bar: None,
            started: Instant::now(),
            shown: AtomicBool::new(false),
            stops_on_signal: false,
            watch: None,
        }
    }

    /// True once the run should stop (a caught signal): the tallies are then incomplete and
    /// must not be reported.
    pub fn cancelled(&self) -> bool {
        (self.stops_on_signal && crate::interrupt::received().is_some())
            || self.watch.as_ref().is_some_and(|w| w.cancel.load(Ordering::Relaxed))
    }

    /// `Err` with the signal if the run was cancelled.
    pub fn check(&self) -> Result<(), crate::interrupt::Interrupted> {
        match crate::interrupt::received() {
            Some(signal) if self.stops_on_signal => Err(crate::interrupt::Interrupted(signal)),
            // Stopped by its watcher, not by a signal: signal number 0.
            _ if self.cancelled() => Err(crate::interrupt::Interrupted(0)),
            _ => Ok(()),
        }
    }

    /// Set the total number of trials expected so far.
    pub fn set_total(&self, total: u64) {
        if let Some(w) = &self.watch {
            w.total.store(total, Ordering::Relaxed);
        }
        if let Some(b) = &self.bar {
            b.set_length(total);
        }
    }

    /// Count `n` more trials done.
    pub fn inc(&self, n: u64) {
        if let Some(w) = &self.watch {
            w.done.fetch_add(n, Ordering::Relaxed);
        }
        self.advance(n);
    }

    /// The bar moves `n` on, and is drawn once the run has taken a second.
    fn advance(&self, n: u64) {
        if let Some(b) = &self.bar {
            b.inc(n);
            if !self.shown.load(Ordering::Relaxed) && self.started.elapsed() > Duration::from_secs(1) {
                self.shown.store(true, Ordering::Relaxed);
                b.set_draw_target(ProgressDrawTarget::stderr());
            }
        }
    }

    /// A balance starts solving `n` duels exactly: the bar counts them (not trials; a
    /// watcher's trial counts are left alone) until [`Progress::end_solves`].
    pub fn start_solves(&self, n: u64) {
        if let Some(b) = &self.bar {
            b.set_style(style(SOLVES));
            b.set_position(0);
            b.set_length(n);
        }
    }

    /// One more duel solved ([`Progress::start_solves`]).
    pub fn solved(&self) {
        self.advance(1);
    }

    /// The solves are done: the bar counts trials again, from none.
    pub fn end_solves(&self) {
        if let Some(b) = &self.bar {
            b.set_style(style(TRIALS));
            b.set_position(0);
            b.set_length(0);
        }
    }

    /// Remove the bar from the terminal.
    pub fn finish(&self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}
