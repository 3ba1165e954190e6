//! Progress bar on stderr for long runs.
//!
//! The bar stays hidden for the first second so quick runs print nothing, and is never
//! created when stderr is not a terminal or `--quiet` is given.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A progress counter of trials done; cheap to update from many threads.
pub struct Progress {
    bar: Option<ProgressBar>,
    started: Instant,
    shown: AtomicBool,
}

impl Progress {
    /// A bar on stderr if it is a terminal and `quiet` is false; otherwise nothing.
    pub fn for_stderr(quiet: bool) -> Self {
        let bar = if !quiet && std::io::stderr().is_terminal() {
            let b = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::hidden());
            b.set_style(
                ProgressStyle::with_template(
                    "{spinner} {human_pos}/{human_len} trials [{bar:40}] {percent}% ETA {eta}",
                )
                .expect("static template")
                .progress_chars("=> "),
            );
            Some(b)
        } else {
            None
        };
        Progress { bar, started: Instant::now(), shown: AtomicBool::new(false) }
    }

    /// A progress counter that never draws (tests, benches, library use).
    pub fn hidden() -> Self {
        Progress { bar: None, started: Instant::now(), shown: AtomicBool::new(false) }
    }

    /// Set the total number of trials expected so far.
    pub fn set_total(&self, total: u64) {
        if let Some(b) = &self.bar {
            b.set_length(total);
        }
    }

    /// Count `n` more trials done.
    pub fn inc(&self, n: u64) {
        if let Some(b) = &self.bar {
            b.inc(n);
            if !self.shown.load(Ordering::Relaxed) && self.started.elapsed() > Duration::from_secs(1) {
                self.shown.store(true, Ordering::Relaxed);
                b.set_draw_target(ProgressDrawTarget::stderr());
            }
        }
    }

    /// Remove the bar from the terminal.
    pub fn finish(&self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}
