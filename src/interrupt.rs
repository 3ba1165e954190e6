//! Ctrl-C (SIGINT), SIGTERM and SIGHUP are caught instead of killing the process, so a run
//! stops at a safe point, removes what it was writing and exits 128 + signal (130, 143, 129).
//!
//! Why: the default action of these signals ends the process wherever it is, which left
//! half-written temporary report folders behind and, during the swap of an old report for a new
//! one, no report at all. The handler only records which signal arrived (async-signal-safe: one
//! atomic store); the engine polls [`received`] once per chunk of trials and the report writer
//! between files, and the swap of the finished report into place never polls, so it cannot be
//! cut in half.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

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

thread_local! {
    /// A stop asked of the computation on this thread only: a job of the local server
    /// ([`crate::serve`]) whose client went away or whose time ran out. Set by [`with_stop`]
    /// and handed to the worker threads of the pools the computation builds
    /// ([`crate::engine::with_threads`]), so the exact solvers' polls see it as they see a signal.
    static STOP: std::cell::RefCell<Option<Arc<AtomicBool>>> = const { std::cell::RefCell::new(None) };
}

/// Run `f` with `flag` as this thread's stop flag (then the previous one again).
pub fn with_stop<R>(flag: Option<Arc<AtomicBool>>, f: impl FnOnce() -> R) -> R {
    let before = STOP.with(|s| std::mem::replace(&mut *s.borrow_mut(), flag));
    struct Restore(Option<Option<Arc<AtomicBool>>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let before = self.0.take().flatten();
            STOP.with(|s| *s.borrow_mut() = before);
        }
    }
    let _restore = Restore(Some(before));
    f()
}

/// Set this thread's stop flag for the rest of its life (a pool's worker, working for a thread
/// that had it).
pub fn set_thread_stop(flag: Option<Arc<AtomicBool>>) {
    STOP.with(|s| *s.borrow_mut() = flag);
}

/// This thread's stop flag, to hand to threads that work for it.
pub fn current_stop() -> Option<Arc<AtomicBool>> {
    STOP.with(|s| s.borrow().clone())
}

/// Whether the computation on this thread should stop: a signal (its number), or this thread's
/// stop flag set ([`with_stop`]; reported as 0, as a cancelled run is).
pub fn stop_requested() -> Option<i32> {
    received().or_else(|| STOP.with(|s| s.borrow().as_ref().is_some_and(|f| f.load(Ordering::Relaxed)).then_some(0)))
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

/// `Err` once a signal has asked this process to stop, for `?` at the safe points between
/// steps (the report writer between files, a wait for another run's folder lock). Only a
/// signal: a thread's stop flag halts computations ([`stop_requested`]), not the writing of
/// what they found.
pub fn check() -> Result<(), Interrupted> {
    received().map_or(Ok(()), |signal| Err(Interrupted(signal)))
}

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
            self.stopped = stop_requested().map(Interrupted);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_threads_stop_flag_halts_its_polls_and_its_pools_workers() {
        let flag = Arc::new(AtomicBool::new(false));
        with_stop(Some(flag.clone()), || {
            let mut p = Poll::every(1);
            assert!(!p.halted());
            flag.store(true, Ordering::Relaxed);
            assert_eq!(Poll::every(1).tick(), Err(Interrupted(0)));
            // The workers of a pool built under it see it too (the exact solvers run there).
            let seen = crate::engine::with_threads(2, || rayon::join(stop_requested, stop_requested));
            assert_eq!(seen, (Some(0), Some(0)));
        });
        // Only that thread, only inside: another computation is not stopped.
        assert_eq!(stop_requested(), None);
        assert_eq!(crate::engine::with_threads(2, stop_requested), None);
    }
}
