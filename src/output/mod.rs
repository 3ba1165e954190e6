//! Safe output: skirmish-odds only ever creates, replaces or deletes what it wrote itself.
//!
//! A report folder ([`ReportDir`]) is written in full to a hidden staging folder beside it,
//! marked with a manifest ([`manifest`]) and swapped in with one atomic `rename` exchange, so
//! at every instant the output location holds the complete old report or the complete new one.
//! `--out` may name a new folder, an empty folder or an earlier report; anything else is refused
//! with exit code 2 **before** a trial runs, and left untouched. Replacing an earlier report
//! deletes only the files its manifest lists, and only while they still hold what skirmish-odds
//! wrote; any other file in it (notes, `.DS_Store`) is carried into the new report by hard link.
//!
//! A partial result of a shard ([`PartialFile`]) is written to a hidden file beside its path
//! and renamed over it; it replaces only an earlier partial result.
//!
//! Every staging folder or file, and every parent folder a run created, is removed again when
//! the run fails or is interrupted (the [`Drop`] impls), so nothing temporary outlives the process.
//! Interrupts are polled between files ([`crate::interrupt`]); the swap itself never polls.

pub mod leftovers;
pub mod manifest;
mod partial;

use crate::error::{Error, InputError};
use crate::interrupt;
use manifest::{Entry, FileName, Manifest};
use std::ffi::OsString;
use std::path::{Component, Path, PathBuf};

/// What `--out` may name for a report, for error messages.
const REPORT_ALLOWED: &str = "a new folder, an empty folder, or an earlier skirmish-odds report";
/// What the folder holding `--out` must be, for error messages.
const WRITABLE: &str = "a location this user can create files in";
/// What `--out` may name with `--shard`, for error messages.
const PARTIAL_ALLOWED: &str = "a new file, or an earlier skirmish-odds partial result";

/// A step of writing output, announced for the interrupt test: when the environment variable
/// `SKIRMISH_ODDS_TEST_PAUSE_MS` is set, each step prints `step: NAME` on stderr and then pauses
/// that long, so a test can deliver a signal at exactly that point. Unset, it does nothing.
pub fn step(name: &str) {
    use std::sync::OnceLock;
    static PAUSE: OnceLock<Option<u64>> = OnceLock::new();
    let pause = PAUSE.get_or_init(|| std::env::var("SKIRMISH_ODDS_TEST_PAUSE_MS").ok().and_then(|v| v.parse().ok()));
    if let Some(ms) = pause {
        crate::error::tell(&format!("step: {name}"));
        std::thread::sleep(std::time::Duration::from_millis(*ms));
    }
}

/// Stop here if a signal asked us to: the caller's staging is removed by its `Drop`.
pub fn check_interrupt() -> Result<(), Error> {
    Ok(interrupt::check()?)
}

/// An input error about the `--out` path the user typed.
fn out_error(shown: &Path, message: impl Into<String>, allowed: &str) -> Error {
    let mut e = InputError::msg(message).field("--out", allowed);
    e.file = Some(shown.to_path_buf());
    e.into()
}

/// Resolve where the output goes: the real (absolute, symlinks resolved) parent folder and
/// the final name. Missing parent folders are created and recorded in `created`, so a failed
/// or interrupted run can remove them again.
fn resolve(shown: &Path, created: &mut Vec<PathBuf>, allowed: &str) -> Result<(PathBuf, OsString, bool), Error> {
    if shown.as_os_str().is_empty() {
        return Err(out_error(shown, "the path is empty", allowed));
    }
    match std::fs::metadata(shown) {
        Ok(_) => {
            let real =
                std::fs::canonicalize(shown).map_err(|e| out_error(shown, format!("cannot resolve: {e}"), allowed))?;
            let (Some(parent), Some(name)) = (real.parent(), real.file_name()) else {
                return Err(out_error(shown, "is the root folder", allowed));
            };
            Ok((parent.to_path_buf(), name.to_os_string(), true))
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let name = match shown.components().next_back() {
                Some(Component::Normal(n)) => n.to_os_string(),
                _ => return Err(out_error(shown, "does not end in a file or folder name", allowed)),
            };
            let parent = shown.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
            // Something is there that cannot be followed: a broken symlink, also when named
            // `link/` (with the slash it looks missing even to lstat).
            if std::fs::symlink_metadata(parent.join(&name)).is_ok() {
                return Err(out_error(
                    shown,
                    "is a symbolic link to nothing; skirmish-odds will not replace it",
                    allowed,
                ));
            }
            create_parents(shown, parent, created)?;
            let real =
                std::fs::canonicalize(parent).map_err(|e| out_error(shown, format!("cannot resolve: {e}"), allowed))?;
            Ok((real, name, false))
        }
        Err(e) => Err(out_error(shown, format!("cannot look at it: {e}"), allowed)),
    }
}

/// `create_dir_all`, remembering which folders it made (outermost first).
fn create_parents(shown: &Path, parent: &Path, created: &mut Vec<PathBuf>) -> Result<(), Error> {
    let mut missing = Vec::new();
    let mut p = parent;
    while std::fs::symlink_metadata(p).is_err() {
        missing.push(p.to_path_buf());
        match p.parent() {
            Some(q) if !q.as_os_str().is_empty() => p = q,
            _ => break,
        }
    }
    for dir in missing.into_iter().rev() {
        if let Err(e) = std::fs::create_dir(&dir) {
            remove_created(created);
            return Err(out_error(shown, format!("cannot create the folder {}: {e}", dir.display()), WRITABLE));
        }
        created.push(dir);
    }
    Ok(())
}

/// Remove folders this run created, innermost first, if they are still empty.
fn remove_created(created: &mut Vec<PathBuf>) {
    while let Some(d) = created.pop() {
        let _ = std::fs::remove_dir(d);
    }
}

/// Create a hidden staging entry `.NAME.skirmish-odds-PID[-k]` in `parent`: a folder, or an
/// empty file; `k` counts up past leftovers of a killed process that had the same PID.
/// A staging folder holds our (empty) manifest from the start, so a later run can tell it
/// from anything else should this process be killed before it removes it ([`leftovers`]).
fn create_staging(parent: &Path, name: &OsString, folder: bool) -> std::io::Result<PathBuf> {
    let base = format!("{}{}", leftovers::staging_prefix(name), std::process::id());
    for k in 0..1000 {
        let p = parent.join(if k == 0 { base.clone() } else { format!("{base}-{k}") });
        let made = if folder {
            std::fs::create_dir(&p)
        } else {
            std::fs::OpenOptions::new().write(true).create_new(true).open(&p).map(|_| ())
        };
        match made {
            Ok(()) if folder => {
                if let Err(e) = std::fs::write(p.join(manifest::FILE), Manifest::new("", Vec::new()).to_json()) {
                    let _ = std::fs::remove_dir_all(&p);
                    return Err(e);
                }
                return Ok(p);
            }
            Ok(()) => return Ok(p),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(std::io::Error::other("too many leftover staging entries"))
}

/// Refuse before the run what the swap would fail on after it: a report folder this user may
/// not change (read-only, someone else's), or one in a shared sticky folder owned by another.
fn can_replace(shown: &Path, parent: &Path, target: &Path) -> Result<(), Error> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        use std::os::unix::fs::MetadataExt;
        let writable = |p: &Path| {
            let Ok(c) = std::ffi::CString::new(p.as_os_str().as_bytes()) else { return false };
            // SAFETY: a valid NUL-terminated path; faccessat only reads it.
            unsafe { libc::faccessat(libc::AT_FDCWD, c.as_ptr(), libc::W_OK, libc::AT_EACCESS) == 0 }
        };
        if !writable(target) {
            return Err(out_error(
                shown,
                "is read-only for this user, so its old files could not be removed; make it writable or \
                 choose another --out",
                WRITABLE,
            ));
        }
        // SAFETY: geteuid has no preconditions.
        let me = unsafe { libc::geteuid() };
        if let (Ok(p), Ok(t)) = (std::fs::metadata(parent), std::fs::metadata(target))
            && p.mode() & 0o1000 != 0
            && me != 0
            && t.uid() != me
            && p.uid() != me
        {
            return Err(out_error(
                shown,
                "belongs to another user in a shared folder, which only its owner may replace; choose another --out",
                WRITABLE,
            ));
        }
    }
    let _ = (shown, parent, target);
    Ok(())
}

/// Give the staged report the folder's permission bits and, where the system allows, its
/// owner and group (a private or group-shared folder stays so). Best effort: a refusal to
/// change ownership leaves the files as this user's own.
fn keep_mode_and_owner(target: &Path, staging: &Path, files: &[Entry]) {
    let Ok(meta) = std::fs::metadata(target) else { return };
    let _ = std::fs::set_permissions(staging, meta.permissions());
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let Ok(mine) = std::fs::metadata(staging) else { return };
        let uid = (meta.uid() != mine.uid()).then_some(meta.uid());
        let gid = (meta.gid() != mine.gid()).then_some(meta.gid());
        if uid.is_none() && gid.is_none() {
            return;
        }
        let mut paths: Vec<PathBuf> = files.iter().map(|f| staging.join(&f.name)).collect();
        paths.push(staging.join(manifest::FILE));
        paths.push(staging.to_path_buf());
        for p in paths {
            if std::os::unix::fs::lchown(&p, uid, gid).is_err() {
                // Not allowed to give away ownership: keep at least the group if we may.
                let _ = std::os::unix::fs::lchown(&p, None, gid);
            }
        }
        // chown clears set-id bits on folders on some systems: put the mode back.
        let _ = std::fs::set_permissions(staging, meta.permissions());
    }
}

/// What the output folder holds before the run.
#[derive(Clone, Debug)]
enum Existing {
    /// Nothing there yet (or an empty folder, which a rename replaces).
    Nothing,
    /// An earlier report: the files its manifest lists (present ones) and the user's own files.
    Report { listed: Vec<Entry>, extras: Vec<OsString> },
}

/// Look at an existing folder: an empty folder or an earlier, unmodified report is fine;
/// anything else is refused with a message saying what is in the way. `files` are the files the
/// report's writers declare (see [`FileName`]).
fn inspect(shown: &Path, dir: &Path, files: &[FileName]) -> Result<Existing, Error> {
    let refuse = |m: String| out_error(shown, m, REPORT_ALLOWED);
    let mut names = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(|e| refuse(format!("cannot list the folder: {e}")))? {
        names.push(entry.map_err(|e| refuse(format!("cannot list the folder: {e}")))?.file_name());
    }
    if names.is_empty() {
        return Ok(Existing::Nothing);
    }
    names.sort();
    let manifest_path = dir.join(manifest::FILE);
    // Only a regular file is read (a named pipe would block the run).
    let text = match std::fs::symlink_metadata(&manifest_path) {
        Ok(m) if m.is_file() => std::fs::read_to_string(&manifest_path).ok(),
        _ => None,
    };
    let listed = match text {
        Some(text) => {
            Manifest::parse(&text)
                .map_err(|e| {
                    refuse(format!(
                        "its manifest {} is damaged ({e}), so skirmish-odds cannot tell its files from yours; \
                         move the folder away or choose another --out",
                        manifest::FILE
                    ))
                })?
                .files
        }
        None if names.iter().any(|n| n == "results.json") && names.iter().any(|n| n == "summary.md") => {
            return Err(refuse(
                "it looks like a report of an earlier skirmish-odds, written without a manifest, so nothing \
                 tells its files from your edits: delete it yourself (or move it) and run again, or choose \
                 another --out"
                    .into(),
            ));
        }
        None => {
            let shown_names: Vec<String> = names.iter().take(3).map(|n| n.to_string_lossy().into_owned()).collect();
            let more = if names.len() > 3 { format!(" and {} more", names.len() - 3) } else { String::new() };
            return Err(refuse(format!(
                "the folder exists and is not a skirmish-odds report (it holds {}{more}); skirmish-odds replaces \
                 only folders it wrote itself: choose a new or empty folder",
                shown_names.join(", ")
            )));
        }
    };
    let mut present = Vec::new();
    for e in listed {
        // Only a name the report's writers declare can be ours, whatever a manifest says: an
        // entry naming anything else (a user's `notes.txt`, forged with its true hash) leaves
        // that file the user's, kept as any other of theirs.
        if !manifest::is_report_name(&e.name, files) {
            continue;
        }
        let Ok(meta) = std::fs::symlink_metadata(dir.join(&e.name)) else { continue };
        if !meta.is_file() {
            return Err(refuse(format!("{} is no longer the file skirmish-odds wrote; move it away", e.name)));
        }
        let same = meta.len() == e.bytes
            && std::fs::read(dir.join(&e.name)).map(|b| manifest::sha256_hex(&b) == e.sha256).unwrap_or(false);
        if !same {
            return Err(refuse(format!(
                "{} was changed after skirmish-odds wrote it; it will not delete your edits: \
                 move the file away or choose another --out",
                e.name
            )));
        }
        present.push(e);
    }
    let mut extras = Vec::new();
    for n in names {
        let s = n.to_string_lossy();
        if s == manifest::FILE || present.iter().any(|e| e.name == s) {
            continue;
        }
        let meta = std::fs::symlink_metadata(dir.join(&n)).map_err(|e| refuse(format!("cannot look at {s}: {e}")))?;
        if meta.is_dir() {
            return Err(refuse(format!(
                "it holds the folder {s}, which skirmish-odds did not write; move it away or choose another --out"
            )));
        }
        if manifest::is_report_name(&s, files) {
            return Err(refuse(format!(
                "it holds {s}, which skirmish-odds did not write and a new report could overwrite; \
                 move it away or choose another --out"
            )));
        }
        extras.push(n);
    }
    Ok(Existing::Report { listed: present, extras })
}

/// A report folder being written: created before the simulation (so an unusable `--out` is
/// reported at once), filled through [`ReportDir::write`], and swapped in by [`ReportDir::commit`].
#[derive(Debug)]
pub struct ReportDir {
    /// `--out` as the user typed it: messages name this, never the staging folder.
    shown: PathBuf,
    /// The real folder the report goes to.
    target: PathBuf,
    /// Hidden sibling folder the new report is written to.
    staging: PathBuf,
    /// Parent folders this run created.
    created: Vec<PathBuf>,
    /// The files the report's writers declare: how a report folder's own files are known.
    files: &'static [FileName],
    written: Vec<Entry>,
    committed: bool,
}

impl ReportDir {
    /// Check `--out` and create the staging folder. Every refusal is an input error (exit 2)
    /// naming the path as typed, and leaves the file system as it was. `files` are the files the
    /// report's writers declare (`crate::report::FILES`): a report folder is known by them.
    pub fn prepare(shown: &Path, files: &'static [FileName]) -> Result<ReportDir, Error> {
        let mut created = Vec::new();
        let (parent, name, exists) = resolve(shown, &mut created, REPORT_ALLOWED)?;
        let target = parent.join(&name);
        // Another run may be swapping its report in right now: look only between swaps.
        let _lock = leftovers::FolderLock::acquire(&parent, shown).inspect_err(|_| remove_created(&mut created))?;
        leftovers::clean(&parent, &name, files);
        let existing = if exists {
            if !target.is_dir() {
                return Err(out_error(shown, "exists and is not a folder", REPORT_ALLOWED));
            }
            let ex = inspect(shown, &target, files)?;
            can_replace(shown, &parent, &target)?;
            let cwd = std::env::current_dir().and_then(std::fs::canonicalize).ok();
            if cwd.is_some_and(|c| c.starts_with(&target)) {
                return Err(out_error(
                    shown,
                    "is the current folder (or contains it): a report folder is replaced as a whole; \
                     name a folder below it, e.g. --out report",
                    REPORT_ALLOWED,
                ));
            }
            #[cfg(unix)]
            {
                use std::os::unix::fs::MetadataExt;
                let dev = |p: &Path| std::fs::metadata(p).map(|m| m.dev()).ok();
                if dev(&target) != dev(&parent) {
                    return Err(out_error(
                        shown,
                        "is a mount point: the finished report is swapped in by renaming, which cannot cross \
                         file systems; name a folder inside it",
                        REPORT_ALLOWED,
                    ));
                }
            }
            ex
        } else {
            Existing::Nothing
        };
        let staging = create_staging(&parent, &name, true).map_err(|e| {
            remove_created(&mut created);
            let at = shown.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
            out_error(shown, format!("cannot write in {}: {e}", at.display()), WRITABLE)
        })?;
        // The user's own files are carried over by hard link at the swap: try each now, so a
        // file the system will not link (another user's, say) stops the run before it starts.
        if let Existing::Report { extras, .. } = &existing {
            for x in extras {
                let probe = staging.join(x);
                let linked = std::fs::hard_link(target.join(x), &probe);
                let _ = std::fs::remove_file(&probe);
                if let Err(e) = linked {
                    let _ = std::fs::remove_dir_all(&staging);
                    return Err(out_error(
                        shown,
                        format!(
                            "cannot carry your file {} into a new report ({e}); move it out of the folder",
                            x.to_string_lossy()
                        ),
                        REPORT_ALLOWED,
                    ));
                }
            }
        }
        Ok(ReportDir {
            shown: shown.to_path_buf(),
            target,
            staging,
            created,
            files,
            written: Vec::new(),
            committed: false,
        })
    }

    /// The folder as the user named it.
    pub fn shown(&self) -> &Path {
        &self.shown
    }

    /// The staging folder: files written here become the report on [`ReportDir::commit`].
    pub fn staging(&self) -> &Path {
        &self.staging
    }

    /// Write one report file (stops first if a signal arrived).
    pub fn write(&mut self, name: &str, contents: &[u8]) -> Result<(), Error> {
        check_interrupt()?;
        std::fs::write(self.staging.join(name), contents)
            .map_err(|source| Error::Output { path: self.shown.join(name), source })?;
        self.written.push(Entry::of(name, contents));
        step(&format!("wrote {name}"));
        Ok(())
    }

    /// Record a file something else wrote into [`ReportDir::staging`] (charts).
    pub fn adopt(&mut self, name: &str) -> Result<Vec<u8>, Error> {
        let contents = std::fs::read(self.staging.join(name))
            .map_err(|source| Error::Output { path: self.shown.join(name), source })?;
        self.written.push(Entry::of(name, &contents));
        step(&format!("wrote {name}"));
        Ok(contents)
    }

    /// Put the finished report in place in one atomic swap, then remove the old report's
    /// files. Returns the files of the new report, under the path as typed.
    pub fn commit(mut self, scenario: &str) -> Result<Vec<PathBuf>, Error> {
        check_interrupt()?;
        let manifest = Manifest::new(scenario, self.written.clone());
        std::fs::write(self.staging.join(manifest::FILE), manifest.to_json())
            .map_err(|source| Error::Output { path: self.shown.join(manifest::FILE), source })?;
        step("staged");
        check_interrupt()?;
        // Another run into the same folder swaps its report in before or after ours, never
        // while we look (see [`leftovers::FolderLock`]).
        let parent = self.target.parent().unwrap_or(Path::new("/")).to_path_buf();
        let _lock = leftovers::FolderLock::acquire(&parent, &self.shown)?;
        // The folder may have changed during a long run: look again, and refuse rather than guess.
        // A report that appeared meanwhile (another run's, verified by its manifest like any
        // earlier report) is replaced like one: the last run to finish is the one in place.
        let now =
            if self.target.exists() { inspect(&self.shown, &self.target, self.files)? } else { Existing::Nothing };
        if std::fs::symlink_metadata(&self.target).is_ok() && !self.target.exists() {
            return Err(out_error(&self.shown, "became a symbolic link to nothing during the run", REPORT_ALLOWED));
        }
        if let Existing::Report { extras, .. } = &now {
            for x in extras {
                std::fs::hard_link(self.target.join(x), self.staging.join(x)).map_err(|e| {
                    out_error(
                        &self.shown,
                        format!("cannot carry your file {} into the new report: {e}", x.to_string_lossy()),
                        REPORT_ALLOWED,
                    )
                })?;
            }
        }
        // The report keeps the folder's permission bits and, where allowed, its owner and group.
        keep_mode_and_owner(&self.target, &self.staging, &self.written);
        let io = |source| Error::Output { path: self.shown.clone(), source };
        match now {
            Existing::Nothing => {
                // A new folder, or an empty one (which rename replaces atomically).
                std::fs::rename(&self.staging, &self.target).map_err(io)?;
                self.committed = true;
            }
            Existing::Report { listed, extras } => {
                let old = swap(&self.staging, &self.target).map_err(io)?;
                self.committed = true;
                step("swapped");
                // `old` holds the previous report and links to the user's files: remove exactly those.
                let mut names: Vec<OsString> = listed.iter().map(|e| OsString::from(&e.name)).collect();
                names.push(manifest::FILE.into());
                names.extend(extras);
                for n in names {
                    let _ = std::fs::remove_file(old.join(n));
                }
                if let Err(e) = std::fs::remove_dir(&old) {
                    // Only files that appeared in the old folder after the last check can be left.
                    let old = crate::safe::terminal_line(&old.display().to_string()).into_owned();
                    crate::error::tell(&format!("warning: could not remove the previous report's folder {old}: {e}"));
                }
            }
        }
        self.created.clear();
        step("done");
        Ok(self.written.iter().map(|e| self.shown.join(&e.name)).collect())
    }
}

impl Drop for ReportDir {
    fn drop(&mut self) {
        if !self.committed {
            // The staging folder is this process's own (its name carries our PID); it may have
            // been given a read-only mode just before a failed swap.
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                let _ = std::fs::set_permissions(&self.staging, std::fs::Permissions::from_mode(0o700));
            }
            let _ = std::fs::remove_dir_all(&self.staging);
            remove_created(&mut self.created);
        }
    }
}

/// Exchange the folders `new` and `target` atomically; returns where the old one now is.
/// Where the file system cannot exchange, falls back to two renames, which no interrupt can
/// separate (signals are only polled, never acted on here).
fn swap(new: &Path, target: &Path) -> std::io::Result<PathBuf> {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::ffi::OsStrExt;
        let c = |p: &Path| std::ffi::CString::new(p.as_os_str().as_bytes()).map_err(std::io::Error::other);
        let (a, b) = (c(new)?, c(target)?);
        // SAFETY: both are valid NUL-terminated paths; renameat2 only reads them.
        let r =
            unsafe { libc::renameat2(libc::AT_FDCWD, a.as_ptr(), libc::AT_FDCWD, b.as_ptr(), libc::RENAME_EXCHANGE) };
        if r == 0 {
            return Ok(new.to_path_buf());
        }
        let e = std::io::Error::last_os_error();
        if !matches!(e.raw_os_error(), Some(libc::EINVAL) | Some(libc::ENOSYS) | Some(libc::EOPNOTSUPP)) {
            return Err(e);
        }
    }
    swap_by_renames(new, target)
}

/// The fallback of [`swap`]: move the old folder aside, then the new one in (and back if that fails).
fn swap_by_renames(new: &Path, target: &Path) -> std::io::Result<PathBuf> {
    let mut old = new.as_os_str().to_os_string();
    old.push("-old");
    let old = PathBuf::from(old);
    std::fs::rename(target, &old)?;
    if let Err(e) = std::fs::rename(new, target) {
        std::fs::rename(&old, target)?;
        return Err(e);
    }
    Ok(old)
}

/// Write `contents` to `path`, a file that must not exist yet (`init FILE`): written whole to a
/// staging file beside it, then linked into place, which fails if `path` appeared meanwhile, so
/// an existing file is never overwritten and a reader never sees half a file. `Ok(false)`: `path`
/// exists (nothing written).
pub fn write_new(path: &Path, contents: &[u8]) -> Result<bool, Error> {
    let io = |source| Error::Output { path: path.to_path_buf(), source };
    if path.symlink_metadata().is_ok() {
        return Ok(false);
    }
    let parent = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let staging = parent.join(format!(".{name}.{}.staging", std::process::id()));
    std::fs::write(&staging, contents).map_err(|e| {
        let _ = std::fs::remove_file(&staging);
        io(e)
    })?;
    let linked = std::fs::hard_link(&staging, path);
    let _ = std::fs::remove_file(&staging);
    match linked {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(false),
        Err(e) => Err(io(e)),
    }
}

/// A shard's partial result file being written: checked and staged before the simulation,
/// renamed over its path by [`PartialFile::commit`].
#[derive(Debug)]
pub struct PartialFile {
    shown: PathBuf,
    target: PathBuf,
    staging: PathBuf,
    created: Vec<PathBuf>,
    committed: bool,
}

impl PartialFile {
    /// Check the path and create the staging file beside it.
    /// `files` are the files a report's writers declare, for cleaning up a killed run's report
    /// staging folder of the same name.
    pub fn prepare(shown: &Path, files: &[FileName]) -> Result<PartialFile, Error> {
        let mut created = Vec::new();
        let (parent, name, exists) = resolve(shown, &mut created, PARTIAL_ALLOWED)?;
        let target = parent.join(&name);
        if exists {
            if target.is_dir() {
                return Err(out_error(shown, "is a folder", "with --shard, the partial result file to write"));
            }
            // Never open a named pipe or device: it could block the run forever.
            if !std::fs::metadata(&target).map(|m| m.is_file()).unwrap_or(false) {
                return Err(out_error(shown, "exists and is not a regular file", PARTIAL_ALLOWED));
            }
            if !partial::starts_as_partial_result(&target) {
                return Err(out_error(
                    shown,
                    "exists and is not a skirmish-odds partial result; choose another --out",
                    PARTIAL_ALLOWED,
                ));
            }
        }
        leftovers::clean(&parent, &name, files);
        let staging = create_staging(&parent, &name, false).map_err(|e| {
            remove_created(&mut created);
            let at = shown.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
            out_error(shown, format!("cannot write in {}: {e}", at.display()), WRITABLE)
        })?;
        Ok(PartialFile { shown: shown.to_path_buf(), target, staging, created, committed: false })
    }

    /// Write the contents and rename them over the path.
    pub fn commit(mut self, contents: &[u8]) -> Result<(), Error> {
        check_interrupt()?;
        let io = |source| Error::Output { path: self.shown.clone(), source };
        std::fs::write(&self.staging, contents).map_err(io)?;
        step("staged");
        check_interrupt()?;
        std::fs::rename(&self.staging, &self.target).map_err(io)?;
        self.committed = true;
        step("done");
        Ok(())
    }
}

impl Drop for PartialFile {
    fn drop(&mut self) {
        if !self.committed {
            let _ = std::fs::remove_file(&self.staging);
            remove_created(&mut self.created);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("skirmish-odds-output-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn both_ways_of_swapping_put_the_new_folder_in_place_and_return_the_old_one() {
        for (name, f) in [("exchange", swap as fn(&Path, &Path) -> _), ("renames", swap_by_renames)] {
            let d = scratch(name);
            let (new, target) = (d.join(".r.staging"), d.join("r"));
            std::fs::create_dir(&new).unwrap();
            std::fs::create_dir(&target).unwrap();
            std::fs::write(new.join("a"), "new").unwrap();
            std::fs::write(target.join("a"), "old").unwrap();
            let old = f(&new, &target).unwrap();
            assert_eq!(std::fs::read_to_string(target.join("a")).unwrap(), "new", "{name}");
            assert_eq!(std::fs::read_to_string(old.join("a")).unwrap(), "old", "{name}");
            std::fs::remove_dir_all(&d).unwrap();
        }
    }

    #[test]
    fn a_failed_second_rename_puts_the_old_folder_back() {
        let d = scratch("rollback");
        let target = d.join("r");
        std::fs::create_dir(&target).unwrap();
        std::fs::write(target.join("a"), "old").unwrap();
        // The new folder does not exist: the second rename fails.
        assert!(swap_by_renames(&d.join(".missing"), &target).is_err());
        assert_eq!(std::fs::read_to_string(target.join("a")).unwrap(), "old");
        std::fs::remove_dir_all(&d).unwrap();
    }
}
