//! Two runs at once, and what a killed run leaves behind.
//!
//! **The folder lock.** Looking at an existing report (its manifest, then each file's hash) and
//! swapping a new one in are two steps; a second run writing into the same `--out` could swap
//! between them, and the first would then see "summary.md was changed after skirmish-odds wrote
//! it" although nobody edited anything. [`FolderLock`] takes an advisory `flock` on the folder
//! that *holds* the report for those short steps (never for the simulation), so concurrent runs
//! into one `--out` take turns: each finds either the old report or the other run's complete
//! report, and replaces it. Locking the parent folder itself leaves no lock file behind.
//!
//! **Leftovers.** A run killed with SIGKILL (or by a power cut) cannot remove its hidden staging
//! folder `.NAME.skirmish-odds-PID[-k]` (or a shard's staging file). A later run into the same
//! `--out` removes them — only ours: the name must be one we make, the process that made it
//! must be gone, a folder must hold our manifest (written when the folder is created, and
//! rewritten when the report is complete), and only files a report holds are deleted (the
//! report's own names, and hard links of the user's files, which survive under their other
//! name). Anything else keeps the folder in place.

use super::manifest::{self, FileName, Manifest};
use crate::error::{Error, InputError};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How long a run waits for another run to finish swapping its report into the same folder.
/// A swap takes milliseconds; a lock held this long belongs to a stuck process.
pub const LOCK_WAIT: Duration = Duration::from_secs(30);

/// An exclusive advisory lock on a folder, released when dropped (or when the process ends,
/// however it ends: the kernel drops `flock` locks with the last open descriptor).
#[derive(Debug)]
pub struct FolderLock {
    #[cfg(unix)]
    _dir: std::fs::File,
}

impl FolderLock {
    /// Lock `dir` (waiting up to [`LOCK_WAIT`], and stopping early on Ctrl-C). `shown` is the
    /// `--out` as typed, for the message.
    pub fn acquire(dir: &Path, shown: &Path) -> Result<FolderLock, Error> {
        #[cfg(unix)]
        {
            use std::os::unix::io::AsRawFd;
            let f = std::fs::File::open(dir).map_err(|source| Error::Output { path: dir.to_path_buf(), source })?;
            let start = Instant::now();
            loop {
                // SAFETY: a valid open descriptor; flock has no other preconditions.
                if unsafe { libc::flock(f.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } == 0 {
                    return Ok(FolderLock { _dir: f });
                }
                let e = std::io::Error::last_os_error();
                match e.raw_os_error() {
                    Some(libc::EWOULDBLOCK) | Some(libc::EINTR) => {}
                    // A file system without locks (some network mounts): nothing to take turns on.
                    _ => return Ok(FolderLock { _dir: f }),
                }
                crate::interrupt::check()?;
                if start.elapsed() > LOCK_WAIT {
                    let mut err = InputError::msg(format!(
                        "another skirmish-odds run has been writing a report into {} for {} s; \
                         wait for it to finish (or stop it) and run again",
                        dir.display(),
                        LOCK_WAIT.as_secs()
                    ))
                    .field("--out", "a folder no other run is writing into");
                    err.file = Some(shown.to_path_buf());
                    return Err(err.into());
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        #[cfg(not(unix))]
        {
            let _ = (dir, shown);
            Ok(FolderLock {})
        }
    }
}

/// The prefix of every staging entry for the output named `name` (see `create_staging`).
pub(super) fn staging_prefix(name: &OsString) -> String {
    // Stay under the usual 255-byte name limit whatever the name's length.
    let mut short = name.to_string_lossy().into_owned();
    while short.len() > 200 {
        short.pop();
    }
    format!(".{short}.skirmish-odds-")
}

/// The PID in a staging entry's name `PREFIX PID [-k] [-old]`, if the rest has that shape.
fn staging_pid(rest: &str) -> Option<u32> {
    let rest = rest.strip_suffix("-old").unwrap_or(rest);
    let (pid, k) = match rest.split_once('-') {
        Some((p, k)) => (p, Some(k)),
        None => (rest, None),
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(pid) || k.is_some_and(|k| !digits(k)) {
        return None;
    }
    pid.parse().ok()
}

/// Whether a process with this PID exists (or may: when we cannot tell, we say yes).
fn alive(pid: u32) -> bool {
    if pid == std::process::id() {
        return true;
    }
    #[cfg(unix)]
    {
        let Ok(p) = libc::pid_t::try_from(pid) else { return true };
        // SAFETY: signal 0 only asks whether the process exists; nothing is sent.
        if unsafe { libc::kill(p, 0) } == 0 {
            return true;
        }
        std::io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
    }
    #[cfg(not(unix))]
    {
        true
    }
}

/// Remove the staging entries of `name` in `parent` that a killed run of ours left. Returns
/// what was removed (for tests and the curious). Best effort: whatever cannot be recognised
/// with certainty, or removed, stays.
pub fn clean(parent: &Path, name: &OsString, files: &[FileName]) -> Vec<PathBuf> {
    let prefix = staging_prefix(name);
    let mut removed = Vec::new();
    let Ok(entries) = std::fs::read_dir(parent) else { return removed };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(rest) = file_name.to_str().and_then(|n| n.strip_prefix(&prefix)) else { continue };
        let Some(pid) = staging_pid(rest) else { continue };
        if alive(pid) {
            continue;
        }
        let path = entry.path();
        let Ok(meta) = std::fs::symlink_metadata(&path) else { continue };
        if meta.is_dir() {
            if clean_folder(&path, files) {
                removed.push(path);
            }
        } else if meta.is_file() && is_partial_staging(&path, meta.len()) && std::fs::remove_file(&path).is_ok() {
            removed.push(path);
        }
    }
    removed
}

/// A shard's staging file: created empty, then filled with a partial result.
fn is_partial_staging(path: &Path, len: u64) -> bool {
    len == 0 || super::partial::starts_as_partial_result(path)
}

/// Empty and remove one leftover staging folder, if it holds our manifest and nothing but
/// report files (the manifest and `files`, what the writers declare) and hard links. Returns
/// whether the folder is gone.
fn clean_folder(dir: &Path, files: &[FileName]) -> bool {
    let manifest_path = dir.join(manifest::FILE);
    let ours = std::fs::symlink_metadata(&manifest_path).is_ok_and(|m| m.is_file())
        && std::fs::read_to_string(&manifest_path).is_ok_and(|t| Manifest::parse(&t).is_ok());
    if !ours {
        return false;
    }
    let Ok(entries) = std::fs::read_dir(dir) else { return false };
    for entry in entries.flatten() {
        let Ok(meta) = std::fs::symlink_metadata(entry.path()) else { return false };
        let name = entry.file_name();
        let report_file = name.to_str().is_some_and(|n| manifest::is_report_name(n, files));
        #[cfg(unix)]
        let linked_elsewhere = std::os::unix::fs::MetadataExt::nlink(&meta) > 1;
        #[cfg(not(unix))]
        let linked_elsewhere = false;
        if !meta.is_file() || !(report_file || linked_elsewhere) {
            return false;
        }
    }
    // Our manifest last, so a folder whose removal stops half-way is still recognised next time.
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            if entry.file_name() != manifest::FILE {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
    let _ = std::fs::remove_file(&manifest_path);
    std::fs::remove_dir(dir).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn staging_names() {
        assert_eq!(staging_pid("1234"), Some(1234));
        assert_eq!(staging_pid("1234-2"), Some(1234));
        assert_eq!(staging_pid("1234-old"), Some(1234));
        assert_eq!(staging_pid("1234-2-old"), Some(1234));
        for bad in ["", "x", "12a", "12-", "12-x", "-3", "12-3-4"] {
            assert_eq!(staging_pid(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_dead_runs_staging_is_removed_and_nothing_else() {
        let d = std::env::temp_dir().join(format!("skirmish-odds-leftovers-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        let name = OsString::from("r");
        // PID 2^22 + 1 is above Linux's pid_max limit, so it is never alive.
        let dead = 4_194_305u32;
        let ours = d.join(format!(".r.skirmish-odds-{dead}"));
        std::fs::create_dir(&ours).unwrap();
        std::fs::write(ours.join(manifest::FILE), Manifest::new("", vec![]).to_json()).unwrap();
        std::fs::write(ours.join("summary.md"), "# half").unwrap();
        // Without our manifest: not ours.
        let foreign = d.join(format!(".r.skirmish-odds-{dead}-1"));
        std::fs::create_dir(&foreign).unwrap();
        std::fs::write(foreign.join("summary.md"), "x").unwrap();
        // Holding a file a report never holds: kept.
        let odd = d.join(format!(".r.skirmish-odds-{dead}-2"));
        std::fs::create_dir(&odd).unwrap();
        std::fs::write(odd.join(manifest::FILE), Manifest::new("", vec![]).to_json()).unwrap();
        std::fs::write(odd.join("thesis.docx"), "x").unwrap();
        // A live process's staging (ours): kept.
        let live = d.join(format!(".r.skirmish-odds-{}", std::process::id()));
        std::fs::create_dir(&live).unwrap();
        std::fs::write(live.join(manifest::FILE), Manifest::new("", vec![]).to_json()).unwrap();
        // Another output's staging: kept.
        let other = d.join(format!(".s.skirmish-odds-{dead}"));
        std::fs::create_dir(&other).unwrap();
        std::fs::write(other.join(manifest::FILE), Manifest::new("", vec![]).to_json()).unwrap();
        // A dead shard's staging file, and a file of that name that is not ours.
        let part = d.join(format!(".r.skirmish-odds-{dead}-3"));
        std::fs::write(&part, "{\"schema\":\"skirmish-odds/partial/v2\"").unwrap();
        let notpart = d.join(format!(".r.skirmish-odds-{dead}-4"));
        std::fs::write(&notpart, "my notes").unwrap();
        let removed = clean(&d, &name, &[FileName::Is("summary.md")]);
        assert_eq!(removed.len(), 2, "{removed:?}");
        assert!(!ours.exists() && !part.exists());
        for kept in [&foreign, &odd, &live, &other, &notpart] {
            assert!(kept.exists(), "{}", kept.display());
        }
        std::fs::remove_dir_all(&d).unwrap();
    }
}
