//! Measuring the binary's work in CPU time, not wall time.
//!
//! The budget tests ask "did it solve 380 plans?" and "did it stop when told?". Wall time
//! answers both only on a quiet machine: on CI's two cores, with other test binaries and
//! builds running beside it, a run that does nothing heavy can still take seconds to be
//! scheduled, and the tests flaked. CPU time (user + system, every thread of the child) is
//! the work the child did, whatever else the machine was doing: the old behaviours these
//! tests guard against cost tens of CPU seconds, the fixed ones a fraction of one.
//! Wall-time deadlines stay, generous, as the guard against a hang. Linux only (`wait4`,
//! `/proc`), like the signal tests beside them.

use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::time::{Duration, Instant};

/// A finished run of the binary: its output, wall time and CPU time.
pub struct Ran {
    pub output: Output,
    pub wall: Duration,
    pub cpu: Duration,
}

fn timeval(t: libc::timeval) -> Duration {
    Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64)
}

/// Reap `child` if it has exited (or wait for it when `block`): its status and the CPU time it
/// and its threads used. The child is reaped here, so `Child::wait` must not be called after.
pub fn reap(child: &Child, block: bool) -> Option<(ExitStatus, Duration)> {
    let mut status = 0;
    // SAFETY: plain out-parameters; an all-zero `rusage` is a valid value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let flags = if block { 0 } else { libc::WNOHANG };
    let r = unsafe { libc::wait4(child.id() as libc::pid_t, &mut status, flags, &mut usage) };
    assert!(r >= 0, "wait4: {}", std::io::Error::last_os_error());
    (r != 0).then(|| (ExitStatus::from_raw(status), timeval(usage.ru_utime) + timeval(usage.ru_stime)))
}

/// The CPU time a running process has used so far (every thread), from `/proc/PID/stat`.
pub fn used_so_far(pid: u32) -> Duration {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // After the command name in parentheses: state is field 3, utime 14, stime 15.
    let fields: Vec<&str> = stat.rsplit_once(')').map_or("", |(_, rest)| rest).split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<u64>().ok()).unwrap_or(0);
    // SAFETY: sysconf has no preconditions.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    Duration::from_millis((ticks(11) + ticks(12)) * 1000 / per_second)
}

/// Read what is left in the child's pipes (it has exited, so they end).
fn output(child: &mut Child, status: ExitStatus) -> Output {
    use std::io::Read;
    let mut stdout = Vec::new();
    let mut stderr = Vec::new();
    if let Some(mut o) = child.stdout.take() {
        o.read_to_end(&mut stdout).unwrap();
    }
    if let Some(mut e) = child.stderr.take() {
        e.read_to_end(&mut stderr).unwrap();
    }
    Output { status, stdout, stderr }
}

/// Run `bin` in `cwd`, killing it after `limit` of wall time: `None` if it had to be killed.
#[expect(clippy::zombie_processes, reason = "the child is reaped by `reap` (wait4), which the lint cannot see")]
pub fn run_within(bin: &Path, cwd: &Path, args: &[&str], limit: Duration) -> Option<Ran> {
    let t = Instant::now();
    let mut child =
        Command::new(bin).current_dir(cwd).args(args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    while t.elapsed() < limit {
        if let Some((status, cpu)) = reap(&child, false) {
            let wall = t.elapsed();
            return Some(Ran { output: output(&mut child, status), wall, cpu });
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    reap(&child, true);
    None
}

/// Start `bin` in `cwd`, send SIGINT after `after` of wall time, and wait (at most 60 s) for
/// it to exit: its status, the wall time it took after the signal, and the CPU time it used
/// after the signal (what a process that ignores the signal and finishes its work spends).
#[expect(clippy::zombie_processes, reason = "the child is reaped by `reap` (wait4), which the lint cannot see")]
pub fn interrupt_after(bin: &Path, cwd: &Path, args: &[&str], after: Duration) -> (ExitStatus, Duration, Duration) {
    let child =
        Command::new(bin).current_dir(cwd).args(args).stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap();
    std::thread::sleep(after);
    assert!(reap(&child, false).is_none(), "{args:?}: the work should take longer than {after:?}");
    let before = used_so_far(child.id());
    // SAFETY: signalling our own child, which has not been reaped.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    let sent = Instant::now();
    loop {
        if let Some((status, cpu)) = reap(&child, false) {
            return (status, sent.elapsed(), cpu.saturating_sub(before));
        }
        if sent.elapsed() > Duration::from_secs(60) {
            // SAFETY: as above.
            unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGKILL) };
            reap(&child, true);
            panic!("{args:?}: SIGINT ignored for 60 s");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn cpu_time_counts_work_not_waiting() {
    let d = crate::common::tmp("cpu", "sleep");
    // `sleep` waits without working: wall time passes, CPU time does not.
    let ran = run_within(Path::new("sleep"), &d, &["0.3"], Duration::from_secs(30)).expect("sleep ended");
    assert!(ran.output.status.success());
    assert!(ran.wall >= Duration::from_millis(300), "{:?}", ran.wall);
    assert!(ran.cpu < Duration::from_millis(150), "{:?}", ran.cpu);
    // A busy loop works: its CPU time is most of its wall time.
    let ran = run_within(
        Path::new("sh"),
        &d,
        &["-c", "i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done"],
        Duration::from_secs(60),
    )
    .expect("loop ended");
    assert!(ran.output.status.success());
    assert!(ran.cpu >= Duration::from_millis(50), "busy loop used {:?} of CPU in {:?}", ran.cpu, ran.wall);
}

#[test]
fn cpu_used_after_a_signal_is_measured() {
    let d = crate::common::tmp("cpu", "signal");
    // A shell that ignores SIGINT and keeps working for a while: the CPU time after the signal
    // is that work, so a test built on it catches a binary that ignores Ctrl-C.
    let (status, _, after) = interrupt_after(
        Path::new("sh"),
        &d,
        &["-c", "trap '' INT; i=0; while [ $i -lt 1000000 ]; do i=$((i+1)); done"],
        Duration::from_millis(300),
    );
    assert!(status.success(), "{status:?}");
    assert!(after >= Duration::from_millis(100), "the work after the signal: {after:?}");
}

/// Run `bin` in `cwd` and send SIGINT as soon as `ready(cwd)` holds (polled every millisecond):
/// `Some((status, CPU used after the signal))`, or `None` when the run ended before `ready` was
/// seen. Killed and a panic past a minute.
#[expect(clippy::zombie_processes, reason = "the child is reaped by `reap` (wait4), which the lint cannot see")]
pub fn interrupt_when(
    bin: &Path,
    cwd: &Path,
    args: &[&str],
    ready: impl Fn(&Path) -> bool,
) -> Option<(ExitStatus, Duration)> {
    let child =
        Command::new(bin).current_dir(cwd).args(args).stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap();
    let t = Instant::now();
    while !ready(cwd) {
        if reap(&child, false).is_some() {
            return None;
        }
        if t.elapsed() > Duration::from_secs(60) {
            // SAFETY: signalling our own child, which has not been reaped.
            unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGKILL) };
            reap(&child, true);
            panic!("{args:?}: never ready in 60 s");
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    let before = used_so_far(child.id());
    // SAFETY: as above.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    let (status, cpu) = reap(&child, true).expect("a blocking wait reaps");
    Some((status, cpu.saturating_sub(before)))
}
