//! A config file's text, and how to point at a place in it.
//!
//! Serde errors carry a byte span; errors found later (out-of-range values, unknown card names,
//! rule violations) carry a key path, which [`Source::locate`] turns back into a line and
//! column by walking `toml`'s spanned document tree.

use crate::error::InputError;
use std::path::{Path, PathBuf};
use toml::de::{DeTable, DeValue};

/// One TOML file as read from disk.
#[derive(Clone, Debug)]
pub struct Source {
    pub path: PathBuf,
    pub text: String,
}

/// Largest config or library file read, in bytes. The biggest bundled library is a few
/// kilobytes; a file past this is a mistake (a log or a data dump named by an include), and
/// reading it whole would cost memory the user never meant to spend (a 200 MB include took
/// 575 MB before this limit, and aborted under a memory limit).
pub const MAX_FILE_BYTES: u64 = 4 << 20;

/// Most files one scenario may include: a scenario names a handful of libraries, and every
/// included file is kept in memory and copied into each shard's partial result.
pub const MAX_INCLUDES: usize = 64;

/// Refuse a file over [`MAX_FILE_BYTES`] before reading it (the size on disk is checked first,
/// and the read itself stops one byte past the limit, in case the file grows meanwhile).
fn read_bounded(path: &Path) -> std::io::Result<Result<Vec<u8>, u64>> {
    use std::io::Read;
    let file = std::fs::File::open(path)?;
    let len = file.metadata()?.len();
    if len > MAX_FILE_BYTES {
        return Ok(Err(len));
    }
    let mut bytes = Vec::with_capacity(len as usize);
    file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Ok(Err(bytes.len() as u64));
    }
    Ok(Ok(bytes))
}

impl Source {
    /// Read a file; a missing or unreadable file is an input error.
    pub fn read(path: &Path) -> Result<Source, InputError> {
        let at = |message: String| {
            let mut err = InputError::msg(message);
            err.file = Some(path.to_path_buf());
            err
        };
        // Never open a named pipe or device: reading it could block forever.
        if let Ok(m) = std::fs::metadata(path)
            && !m.is_file()
        {
            return Err(at("cannot read config file: not a regular file".into()));
        }
        let bytes = match read_bounded(path) {
            Ok(Ok(bytes)) => bytes,
            Ok(Err(len)) => {
                return Err(at(format!(
                    "the file is {} bytes; a config or library file may be at most {} bytes (4 MiB)",
                    crate::report::text::count(len),
                    crate::report::text::count(MAX_FILE_BYTES)
                )));
            }
            Err(e) => return Err(at(format!("cannot read config file: {e}"))),
        };
        match String::from_utf8(bytes) {
            Ok(text) => Ok(Source { path: path.to_path_buf(), text }),
            Err(_) => Err(at("cannot read config file: stream did not contain valid UTF-8".into())),
        }
    }

    /// Read `path` from `embedded` copies when given (a partial result's: nothing is read from
    /// disk, so `merge` works anywhere), else from disk.
    pub fn read_from(path: &Path, embedded: Option<&[Source]>) -> Result<Source, InputError> {
        let Some(copies) = embedded else { return Source::read(path) };
        copies.iter().find(|s| s.path == path).cloned().ok_or_else(|| {
            let mut err = InputError::msg("the partial result carries no copy of this file");
            err.file = Some(path.to_path_buf());
            err
        })
    }

    /// 1-based (line, column) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map(|i| i + 1).unwrap_or(0);
        let column = before[line_start..].chars().count() + 1;
        (line, column)
    }

    /// Turn a `toml` deserialisation error into an input error at its span.
    pub fn toml_error(&self, e: &toml::de::Error) -> InputError {
        let message = e
            .message()
            .trim()
            .replace("expected i64", "expected an integer")
            .replace("expected f64", "expected a number")
            .replace("expected u64", "expected a whole number ≥ 0");
        let mut err = InputError::msg(message);
        err.file = Some(self.path.clone());
        if let Some(span) = e.span() {
            let (l, c) = self.line_col(span.start);
            err.line = Some(l);
            err.column = Some(c);
            err.field = self.path_at(span.start).filter(|p| !p.is_empty()).map(|p| p.join("."));
        }
        err
    }

    /// Dotted key path of the deepest key or value whose span contains byte `offset`.
    fn path_at(&self, offset: usize) -> Option<Vec<String>> {
        let doc = DeTable::parse(&self.text).ok()?;
        let mut path = Vec::new();
        let mut table: &DeTable = doc.get_ref();
        'walk: loop {
            for (k, v) in table.iter() {
                if k.span().contains(&offset) {
                    path.push(k.get_ref().to_string());
                    return Some(path);
                }
                if v.span().contains(&offset) {
                    path.push(k.get_ref().to_string());
                    if let DeValue::Table(t) = v.get_ref() {
                        table = t;
                        continue 'walk;
                    }
                    return Some(path);
                }
            }
            return Some(path);
        }
    }

    /// An input error at `path` in this file (field named by the dotted path).
    pub fn error_at(&self, path: &[&str], message: impl Into<String>, allowed: impl Into<String>) -> InputError {
        let mut err = InputError::msg(message).field(path.join("."), allowed);
        err.file = Some(self.path.clone());
        // Point at the field itself, else at the closest enclosing key that is written.
        let mut at = None;
        for n in (1..=path.len()).rev() {
            if let Some(off) = self.locate_exact(&path[..n]) {
                at = Some(off);
                break;
            }
        }
        if let Some(off) = at {
            let (l, c) = self.line_col(off);
            err.line = Some(l);
            err.column = Some(c);
        }
        err
    }

    fn locate_exact(&self, path: &[&str]) -> Option<usize> {
        let doc = DeTable::parse(&self.text).ok()?;
        let mut table: &DeTable = doc.get_ref();
        for (i, key) in path.iter().enumerate() {
            let (k, v) = table.get_key_value(*key)?;
            if i + 1 == path.len() {
                // Values that are tables point at their key; scalars at the value.
                return Some(match v.get_ref() {
                    DeValue::Table(_) => k.span().start,
                    _ => v.span().start,
                });
            }
            match v.get_ref() {
                DeValue::Table(t) => table = t,
                _ => return None,
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn src(text: &str) -> Source {
        Source { path: PathBuf::from("x.toml"), text: text.to_string() }
    }

    #[test]
    fn locates_nested_values_and_falls_back_to_ancestors() {
        let s = src("kind = \"attack\"\n\n[cards.thug]\nattack = 3\ndefense = 0\n");
        let e = s.error_at(&["cards", "thug", "defense"], "too low", "1..=6");
        assert_eq!((e.line, e.column), (Some(5), Some(11)));
        assert_eq!(e.to_string(), "x.toml:5:11: field `cards.thug.defense`: too low (allowed: 1..=6)");
        let e = s.error_at(&["cards", "thug", "willpower"], "missing", "");
        assert_eq!(e.line, Some(3));
        let e = s.error_at(&["sweep", "values"], "missing", "");
        assert_eq!(e.line, None);
        assert!(s.locate_exact(&["cards", "thug", "attack"]).is_some());
    }
}
