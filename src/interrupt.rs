//! Ctrl-C (SIGINT), SIGTERM and SIGHUP are caught instead of killing the process, so a run
//! stops at a safe point, removes what it was writing and exits 128 + signal (130, 143, 129).
//!
//! Why: the default action of these signals ends the process wherever it is, which left
//! half-written temporary report folders behind and, during the swap of an old report for a new
//! one, no report at all. The handler only records which signal arrived (async-signal-safe: one
//! atomic store); the engine polls [`received`] once per chunk of trials and the report writer
//! between files, and the swap of the finished report into place never polls, so it cannot be
//! cut in half.

use std::sync::atomic::{AtomicUsize, Ordering};

/// The signal number received, or 0 while none has arrived.
static RECEIVED: AtomicUsize = AtomicUsize::new(0);

/// Signals that end a run gracefully.
#[cfg(unix)]
const SIGNALS: [i32; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

/// Catch SIGINT, SIGTERM and SIGHUP for the rest of the process's life. Call once, first thing.
pub fn install() {
    #[cfg(unix)]
    for sig in SIGNALS {
        // Registration only fails for signals the OS forbids catching; these three are allowed.
        signal_hook::flag::register_usize(sig, &RECEIVED, sig as usize).expect("catching SIGINT/SIGTERM/SIGHUP");
    }
}

/// The signal that asked this process to stop, if one did.
pub fn received() -> Option<i32> {
    match RECEIVED.load(Ordering::SeqCst) {
        0 => None,
        s => Some(s as i32),
    }
}

/// The conventional name of a signal number, for messages.
pub fn signal_name(sig: i32) -> &'static str {
    match sig {
        1 => "SIGHUP",
        2 => "SIGINT",
        15 => "SIGTERM",
        _ => "a signal",
    }
}

/// A run stopped by the signal it carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interrupted(pub i32);

/// A cheap look at the signal flag for long computations (the exact solvers, the exact
/// evaluator): [`Poll::halted`] is called once per step and loads the flag only every `every`
/// steps, so the hot loop pays a counter increment; once a signal is seen it stays seen, and
/// the computation unwinds with [`Poll::finished`]'s `Err`.
#[derive(Clone, Copy, Debug)]
pub struct Poll {
    every: u32,
    ticks: u32,
    stopped: Option<Interrupted>,
}

impl Poll {
    /// Look at the flag every `every` steps (at least 1).
    pub const fn every(every: u32) -> Poll {
        Poll { every: if every == 0 { 1 } else { every }, ticks: 0, stopped: None }
    }

    /// Count one step; whether a signal has stopped the computation.
    #[inline]
    pub fn halted(&mut self) -> bool {
        if self.stopped.is_some() {
            return true;
        }
        self.ticks += 1;
        if self.ticks >= self.every {
            self.ticks = 0;
            self.stopped = received().map(Interrupted);
        }
        self.stopped.is_some()
    }

    /// [`Poll::halted`] as a `Result`, for `?` in loops that can return at once.
    #[inline]
    pub fn tick(&mut self) -> Result<(), Interrupted> {
        if self.halted() { self.finished() } else { Ok(()) }
    }

    /// Stop as if a signal had arrived (a nested computation reported one).
    pub fn stop(&mut self, why: Interrupted) {
        self.stopped = Some(why);
    }

    /// `Err` when a signal stopped the computation (its values are then meaningless).
    pub fn finished(&self) -> Result<(), Interrupted> {
        self.stopped.map_or(Ok(()), Err)
    }
}
