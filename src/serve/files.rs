//! The files the local server knows, by virtual path: the bundled configs (in the binary, as
//! `configs/<dir>/<file>.toml`), the user's folder (`serve --library DIR`, as
//! `user/<relative path>`), and the files of share links opened (as `shared/<hash>/…`).
//!
//! A scenario posted to the server is read as if it were the file at its path, with every
//! known file as the loader's copies ([`crate::config::source::Source::read_from`]): its
//! includes resolve next to it, and nothing is read from disk per request.

use super::share::{self, Shared, SharedFile};
use crate::config::source::{Source, lexical};
use crate::error::InputError;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

include!(concat!(env!("OUT_DIR"), "/bundled.rs"));

/// Most files read from the user's folder, and how deep.
const MAX_USER_FILES: usize = 2000;
const MAX_USER_DEPTH: usize = 6;
/// Most share links' files kept at once, and most bytes of them (the oldest go first). The
/// bytes matter more than the count: a link inflates to up to 4 MiB, and every request copies
/// the known files for the loader, so 256 files of 4 MiB each made the server hold a gigabyte
/// and copy it again for each run.
const MAX_SHARED: usize = 256;
const MAX_SHARED_BYTES: usize = 32 << 20;

/// Where a known file comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    Bundled,
    User,
    Shared,
}

/// One known file.
#[derive(Clone, Debug)]
pub struct Known {
    pub path: String,
    pub text: String,
    pub origin: Origin,
}

/// Every file the server knows.
pub struct Files {
    fixed: Vec<Known>,
    shared: Mutex<Vec<Known>>,
}

impl Files {
    /// The bundled configs and, with `library`, every `.toml` under that folder. A file of the
    /// folder that cannot be read is skipped with a warning (one bad file should not keep the
    /// page from starting); a folder that is not there is an input error.
    pub fn load(library: Option<&Path>) -> Result<Files, InputError> {
        let mut fixed: Vec<Known> = BUNDLED
            .iter()
            .map(|(p, t)| Known { path: (*p).to_string(), text: (*t).to_string(), origin: Origin::Bundled })
            .collect();
        if let Some(dir) = library {
            if !dir.is_dir() {
                let mut e = InputError::msg(format!("{} is not a folder", dir.display()));
                e.file = Some(dir.to_path_buf());
                return Err(e.field("--library", "a folder of scenario and library .toml files"));
            }
            let mut found = Vec::new();
            walk(dir, 0, &mut found);
            found.sort();
            for p in found.into_iter().take(MAX_USER_FILES) {
                match Source::read(&p) {
                    Ok(src) => {
                        let rel = p.strip_prefix(dir).unwrap_or(&p).to_string_lossy().replace('\\', "/");
                        fixed.push(Known { path: format!("user/{rel}"), text: src.text, origin: Origin::User });
                    }
                    Err(e) => crate::error::tell(&format!(
                        "warning: skipped {}: {}",
                        crate::safe::terminal_line(&p.display().to_string()),
                        crate::safe::terminal_line(&e.to_string())
                    )),
                }
            }
        }
        Ok(Files { fixed, shared: Mutex::new(Vec::new()) })
    }

    /// The bundled and user files (not the share links' copies).
    pub fn listed(&self) -> &[Known] {
        &self.fixed
    }

    /// The text of the known file `path`.
    pub fn text(&self, path: &str) -> Option<String> {
        let want = lexical(Path::new(path));
        let hit = |k: &&Known| lexical(Path::new(&k.path)) == want;
        self.fixed
            .iter()
            .find(hit)
            .map(|k| k.text.clone())
            .or_else(|| self.lock().iter().find(hit).map(|k| k.text.clone()))
    }

    /// Every known file as a loader copy, with `main` (the posted scenario) at `path` in place
    /// of any known file there.
    pub fn sources_with(&self, path: &str, main: &str) -> Vec<Source> {
        let want = lexical(Path::new(path));
        let mut out: Vec<Source> = self
            .fixed
            .iter()
            .chain(self.lock().iter())
            .filter(|k| lexical(Path::new(&k.path)) != want)
            .map(|k| Source { path: PathBuf::from(&k.path), text: k.text.clone() })
            .collect();
        out.push(Source { path: PathBuf::from(path), text: main.to_string() });
        out
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Known>> {
        self.shared.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Open a share link's files: those identical to bundled configs are taken from the binary;
    /// when every file is at hand under its own path the scenario's own path is returned,
    /// otherwise the files are kept under `shared/<hash>/` (the same layout, so its includes
    /// still resolve) and that path is returned. Returns (path, scenario text).
    pub fn open_shared(&self, shared: &Shared) -> Result<(String, String), InputError> {
        let mut texts = Vec::new();
        for f in &shared.files {
            let text = match (&f.text, &f.bundled) {
                (Some(t), _) => t.clone(),
                (None, Some(b)) => {
                    BUNDLED.iter().find(|(p, _)| p == b).map(|(_, t)| (*t).to_string()).ok_or_else(|| {
                        InputError::msg(format!(
                            "the link names the bundled config {b}, which this version does not have"
                        ))
                        .field("s", "a link made by this version")
                    })?
                }
                (None, None) => unreachable!("checked by share::decode"),
            };
            texts.push((f.path.clone(), text));
        }
        for (p, _) in &texts {
            let l = lexical(Path::new(p));
            if l.is_absolute() || l.components().any(|c| matches!(c, std::path::Component::ParentDir)) {
                return Err(InputError::msg(format!("the link holds a file outside its folder: {p}"))
                    .field("s", "a link made by `skirmish-odds share` or the page"));
            }
        }
        // The scenario is the first file: a path outside, or naming no file of the link, would
        // be run as a file the link does not hold (its includes resolving elsewhere).
        if lexical(Path::new(&shared.path)) != lexical(Path::new(&texts[0].0)) {
            return Err(InputError::msg(format!(
                "the link's scenario path {} is not the path of its scenario file {}",
                shared.path, texts[0].0
            ))
            .field("s", "a link made by `skirmish-odds share` or the page"));
        }
        // Its includes known as they are: the scenario opens at its own path (a run posts the
        // scenario's text in place of any file there), and nothing needs keeping.
        if texts.iter().skip(1).all(|(p, t)| self.text(p).as_deref() == Some(t.as_str())) {
            return Ok((shared.path.clone(), texts[0].1.clone()));
        }
        use sha2::Digest;
        let mut h = sha2::Sha256::new();
        for (p, t) in &texts {
            h.update((p.len() as u64).to_le_bytes());
            h.update(p.as_bytes());
            h.update((t.len() as u64).to_le_bytes());
            h.update(t.as_bytes());
        }
        let hash: String = h.finalize().iter().take(6).map(|b| format!("{b:02x}")).collect();
        let prefix = format!("shared/{hash}");
        let mut kept = self.lock();
        kept.retain(|k| !k.path.starts_with(&format!("{prefix}/")));
        for (p, t) in &texts {
            kept.push(Known { path: format!("{prefix}/{p}"), text: t.clone(), origin: Origin::Shared });
        }
        // The oldest files go until both bounds hold; this link's own (the last) stay whole.
        let newest = kept.len() - texts.len();
        let mut bytes: usize = kept.iter().map(|k| k.text.len()).sum();
        let mut over = 0;
        while over < newest && (kept.len() - over > MAX_SHARED || bytes > MAX_SHARED_BYTES) {
            bytes -= kept[over].text.len();
            over += 1;
        }
        kept.drain(..over);
        Ok((format!("{prefix}/{}", shared.path), texts[0].1.clone()))
    }
}

/// Every `.toml` under `dir` (not following links out of it: symlinked folders are skipped).
fn walk(dir: &Path, depth: usize, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let Ok(ft) = e.file_type() else { continue };
        let p = e.path();
        if ft.is_dir() && depth < MAX_USER_DEPTH {
            walk(&p, depth + 1, out);
        } else if ft.is_file() && p.extension().is_some_and(|x| x == "toml") && out.len() < MAX_USER_FILES {
            out.push(p);
        }
    }
}

/// A share of the scenario `path` whose files (the scenario first, then its includes) were
/// `sources`, with `overrides` (the seed written out). Paths are made relative to the folder
/// that holds them all; a file identical to a bundled config is named, not copied.
pub fn share_of(sources: &[Source], overrides: crate::config::Overrides) -> Shared {
    let inside = |p: &Path| !p.is_absolute() && !p.components().any(|c| matches!(c, std::path::Component::ParentDir));
    let relative: Vec<PathBuf> = sources.iter().map(|s| lexical(&s.path)).collect();
    // Paths inside the working folder (or the server's virtual paths) are kept as they are, so
    // `configs/…` stays the bundled config's path; others are taken relative to the deepest
    // folder that holds them all.
    let (paths, root) = if relative.iter().all(|p| inside(p)) {
        (relative, PathBuf::new())
    } else {
        let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/"));
        let paths: Vec<PathBuf> = sources.iter().map(|s| lexical(&cwd.join(&s.path))).collect();
        let mut root: PathBuf = paths[0].parent().map(Path::to_path_buf).unwrap_or_default();
        while !paths.iter().all(|p| p.starts_with(&root)) {
            if !root.pop() {
                break;
            }
        }
        (paths, root)
    };
    let rel = |p: &Path| p.strip_prefix(&root).unwrap_or(p).to_string_lossy().replace('\\', "/");
    let files = sources
        .iter()
        .zip(&paths)
        .enumerate()
        .map(|(i, (s, p))| {
            // The scenario itself always travels as text (it is what the page edits).
            let bundled = (i > 0).then(|| BUNDLED.iter().find(|(_, t)| *t == s.text)).flatten();
            match bundled {
                Some((b, _)) => SharedFile { path: rel(p), text: None, bundled: Some((*b).to_string()) },
                None => SharedFile { path: rel(p), text: Some(s.text.clone()), bundled: None },
            }
        })
        .collect();
    Shared {
        format: share::FORMAT.into(),
        version: env!("CARGO_PKG_VERSION").into(),
        path: rel(&paths[0]),
        files,
        overrides,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_share_names_bundled_files_and_opens_where_it_was_made() {
        let files = Files::load(None).unwrap();
        let (lib, lib_text) = BUNDLED.iter().find(|(p, _)| p.ends_with("cards.toml")).unwrap();
        let dir = Path::new(lib).parent().unwrap().to_string_lossy().into_owned();
        let main = format!("{dir}/mine.toml");
        let sources = vec![
            Source { path: main.clone().into(), text: "include = [\"cards.toml\"]\n".into() },
            Source { path: lib.into(), text: (*lib_text).into() },
        ];
        let shared = share_of(&sources, crate::config::Overrides::default());
        assert_eq!(shared.path, main);
        assert_eq!(shared.files[1].bundled.as_deref(), Some(*lib));
        assert!(shared.files[1].text.is_none());
        // Its include is the bundled file: it opens where it was made.
        assert_eq!(files.open_shared(&shared).unwrap(), (main.clone(), sources[0].text.clone()));
        // An include that is not a known file: kept under shared/<hash>/, the scenario beside it.
        let mut shared = shared;
        shared.files[1] =
            SharedFile { path: lib.to_string(), text: Some(format!("{lib_text}\n# mine\n")), bundled: None };
        let (path, text) = files.open_shared(&shared).unwrap();
        assert!(path.starts_with("shared/") && path.ends_with(&main), "{path}");
        assert_eq!(text, sources[0].text);
        let inc = Path::new(&path).parent().unwrap().join("cards.toml");
        assert!(files.text(&inc.to_string_lossy()).unwrap().ends_with("# mine\n"));
        // A file outside its folder is refused.
        let mut bad = shared.clone();
        bad.files[0].path = "../../etc/x.toml".into();
        assert!(files.open_shared(&bad).is_err());
    }
}
