//! Progress of a run: a bar on stderr for long runs, and the way a run learns it should stop.
//!
//! The bar stays hidden for the first second so quick runs print nothing, and is never
//! created when stderr is not a terminal or `--quiet` is given. A progress made for the command
//! line also reports [`Progress::cancelled`] once SIGINT/SIGTERM/SIGHUP arrived
//! ([`crate::interrupt`]), and the engine then skips the chunks it has not started.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A progress counter of trials done; cheap to update from many threads.
pub struct Progress {
    bar: Option<ProgressBar>,
    started: Instant,
    shown: AtomicBool,
    /// Stop when a signal arrives (command-line runs only; tests and benches never stop).
    stops_on_signal: bool,
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
        Progress { bar, started: Instant::now(), shown: AtomicBool::new(false), stops_on_signal: true }
    }

    /// A progress counter that never draws and never stops (tests, benches, library use).
    pub fn hidden() -> Self {
        Progress { bar: None, started: Instant::now(), shown: AtomicBool::new(false), stops_on_signal: false }
    }

    /// True once the run should stop (a caught signal): the tallies are then incomplete and
    /// must not be reported.
    pub fn cancelled(&self) -> bool {
        self.stops_on_signal && crate::interrupt::received().is_some()
    }

    /// `Err` with the signal if the run was cancelled.
    pub fn check(&self) -> Result<(), crate::interrupt::Interrupted> {
        match crate::interrupt::received() {
            Some(signal) if self.stops_on_signal => Err(crate::interrupt::Interrupted(signal)),
            _ => Ok(()),
        }
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
