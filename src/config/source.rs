//! A config file's text, and how to point at a place in it.
//!
//! Serde errors carry a byte span; errors found later (out-of-range values, unknown card names,
//! rule violations) carry a key path, which [`Source::locate`] turns back into a line and
//! column by walking `toml`'s spanned document tree.

use crate::error::InputError;
use std::path::{Path, PathBuf};
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// `path` with `.` dropped and `a/..` removed, as text (no disk access, no symlinks followed):
/// how the copies of a scenario's files are matched, whichever way an include spells its path.
/// A `..` with nothing before it to cancel is kept.
pub fn lexical(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out: Vec<Component> = Vec::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir if matches!(out.last(), Some(Component::Normal(_))) => {
                out.pop();
            }
            c => out.push(c),
        }
    }
    out.iter().collect()
}

/// A copy of one config file carried in a file the program writes (a shard's partial result,
/// a report's `results.json`), from which the scenario is rebuilt with no config present.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct EmbeddedFile {
    /// The path the loader read it from (the include as resolved against the scenario's path).
    pub path: String,
    pub text: String,
}

impl EmbeddedFile {
    /// The copy of `src`.
    pub fn of(src: &Source) -> EmbeddedFile {
        EmbeddedFile { path: src.path.to_string_lossy().into_owned(), text: src.text.clone() }
    }

    /// The file to read instead of the disk ([`Source::read_from`]).
    pub fn source(&self) -> Source {
        Source { path: PathBuf::from(&self.path), text: self.text.clone() }
    }
}

/// One TOML file as read from disk.
#[derive(Clone, Debug)]
pub struct Source {
    pub path: PathBuf,
    pub text: String,
}

/// Most dotted parts of one key or table header: the TOML parser's own limit (`toml` refuses
/// a key path of 80 parents or more with a bare "recursion limit").
pub const MAX_KEY_PARTS: usize = 80;

/// Largest config or library file read, in bytes. The biggest bundled library is a few
/// kilobytes; a file past this is a mistake (a log or a data dump named by an include), and
/// reading it whole would cost memory the user never meant to spend (a 200 MB include took
/// 575 MB before this limit, and aborted under a memory limit).
pub const MAX_FILE_BYTES: u64 = 4 << 20;

/// Longest text value in a config file, in characters: the longest bundled one (a
/// description) has about 200; see [`Source::check_lengths`] for why there is a limit.
pub const MAX_TEXT_CHARS: usize = 2_000;

/// Longest key in a config file, in characters (a card's key may stand for its name).
pub const MAX_KEY_CHARS: usize = 200;

/// Most files one scenario may include: a scenario names a handful of libraries, and every
/// included file is kept in memory and copied into each shard's partial result.
pub const MAX_INCLUDES: usize = 64;

/// Most bytes a scenario and all its includes may hold together. Every file is kept in memory
/// and copied into each shard's partial result, which `merge` reads back (at most 256 MiB):
/// 64 includes of 4 MiB each would make a partial `merge` refuses.
pub const MAX_TOTAL_BYTES: usize = 16 << 20;

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
                    crate::text::count(len),
                    crate::text::count(MAX_FILE_BYTES)
                )));
            }
            Err(e) => return Err(at(format!("cannot read config file: {e}"))),
        };
        Source::from_bytes(path, bytes)
    }

    /// A file's bytes as text. Bytes that are not UTF-8 are an input error at the line and
    /// column of the first bad byte (counted in the valid text before it), so the user can
    /// find it: a stray Latin-1 `é` pasted from another editor is the usual cause.
    pub fn from_bytes(path: &Path, bytes: Vec<u8>) -> Result<Source, InputError> {
        match String::from_utf8(bytes) {
            Ok(text) => {
                let src = Source { path: path.to_path_buf(), text };
                src.check_lengths()?;
                Ok(src)
            }
            Err(e) => {
                let at = e.utf8_error().valid_up_to();
                let bytes = e.as_bytes();
                let valid =
                    Source { path: path.to_path_buf(), text: String::from_utf8_lossy(&bytes[..at]).into_owned() };
                let (l, c) = valid.line_col(at);
                let mut err = InputError::msg(format!("byte 0x{:02X} is not UTF-8 text", bytes[at]));
                err.allowed = Some("a file saved as UTF-8".into());
                err.file = Some(path.to_path_buf());
                err.line = Some(l);
                err.column = Some(c);
                Err(err)
            }
        }
    }

    /// Refuse a text value longer than [`MAX_TEXT_CHARS`] or a key longer than
    /// [`MAX_KEY_CHARS`], at its line and column. Names, labels and descriptions reach every
    /// output, and some outputs repeat them on every row: a 1 MB card name made a 1.4 GB
    /// results.csv and 1.5 GB of memory, and a run Ctrl-C could not stop while it was written.
    /// A file that does not parse is left to the reader, whose message says why.
    fn check_lengths(&self) -> Result<(), InputError> {
        fn walk(t: &DeTable<'_>, path: &mut Vec<String>, found: &mut Option<(usize, String, usize, bool)>) {
            for (k, v) in t.iter() {
                if found.is_some() {
                    return;
                }
                let key = k.get_ref();
                let n = key.chars().count();
                path.push(key.to_string());
                if n > MAX_KEY_CHARS {
                    *found = Some((k.span().start, path.join("."), n, true));
                } else {
                    value(v, path, found);
                }
                path.pop();
            }
        }
        fn value(v: &Spanned<DeValue<'_>>, path: &mut Vec<String>, found: &mut Option<(usize, String, usize, bool)>) {
            match v.get_ref() {
                DeValue::String(s) => {
                    let n = s.chars().count();
                    if n > MAX_TEXT_CHARS {
                        *found = Some((v.span().start, path.join("."), n, false));
                    }
                }
                DeValue::Array(a) => {
                    for (i, e) in a.iter().enumerate() {
                        if found.is_some() {
                            return;
                        }
                        path.push(format!("[{i}]"));
                        value(e, path, found);
                        path.pop();
                    }
                }
                DeValue::Table(t) => walk(t, path, found),
                _ => {}
            }
        }
        // Cheap first: with no line that long and no multi-line string, no value is that long.
        let multi_line = self.text.contains("\"\"\"") || self.text.contains("'''");
        if !multi_line && self.text.lines().all(|l| l.len() <= MAX_KEY_CHARS) {
            return Ok(());
        }
        let Ok(doc) = DeTable::parse(&self.text) else { return Ok(()) };
        let mut found = None;
        walk(doc.get_ref(), &mut Vec::new(), &mut found);
        let Some((at, field, n, key)) = found else { return Ok(()) };
        let (line, column) = self.line_col(at);
        let field = field.replace(".[", "[");
        let (what, max) = if key { ("key", MAX_KEY_CHARS) } else { ("text", MAX_TEXT_CHARS) };
        let mut err = InputError::msg(format!("a {what} of {} characters", crate::text::count(n as u64)));
        err.file = Some(self.path.clone());
        err.line = Some(line);
        err.column = Some(column);
        err.field = Some(field);
        err.allowed = Some(format!("a {what} of at most {} characters", crate::text::count(max as u64)));
        Err(err)
    }

    /// What [`Source::read_from`] says of a file its copies lack (the local server, whose
    /// copies are the files it knows, says it in its own words).
    pub const NO_COPY: &'static str =
        "the report or partial result this scenario is rebuilt from carries no copy of this file";

    /// Read `path` from `embedded` copies when given (a partial result's: nothing is read from
    /// disk, so `merge` works anywhere), else from disk.
    pub fn read_from(path: &Path, embedded: Option<&[Source]>) -> Result<Source, InputError> {
        let Some(copies) = embedded else { return Source::read(path) };
        // Compared with `.` and `..` resolved as text: `configs/all/../bmg-3e/cards.toml` is
        // the copy `configs/bmg-3e/cards.toml` (copies are never looked up on disk).
        let want = lexical(path);
        copies.iter().find(|s| s.path == path || lexical(&s.path) == want).cloned().ok_or_else(|| {
            // Copies come from a report's results.json (`run results.json`) or a shard's partial.
            let mut err = InputError::msg(Self::NO_COPY);
            err.allowed = Some("run the scenario from its config instead".into());
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

    /// Turn a `toml` deserialisation error into an input error at its span, in the user's words:
    /// the dotted path of the field at fault, no Rust type names, what is allowed, and a "did you
    /// mean" for a misspelt field.
    pub fn toml_error(&self, e: &toml::de::Error) -> InputError {
        let raw = e.message().trim();
        let mut err = InputError::msg(user_words(raw));
        err.file = Some(self.path.clone());
        let Some(span) = e.span() else {
            if raw == "recursion limit" {
                return self.too_deep(err);
            }
            return err;
        };
        let (l, c) = self.line_col(span.start);
        err.line = Some(l);
        err.column = Some(c);
        if raw == "duplicate key" {
            return self.duplicate_key(err, span);
        }
        err.field = self.path_at(span.start).filter(|p| !p.is_empty());
        // A switch given something else says which two values it takes (`stat_values = 3`).
        if raw.ends_with("expected a boolean") {
            err.allowed = Some("true or false".into());
        }
        // `[[attack]]` opens a list of tables where one table belongs: serde sees a list (or
        // `[0]` of it) and says "invalid type", which does not tell the user what to write.
        let line = self.text[span.start..].lines().next().unwrap_or("").trim_start();
        if raw.starts_with("invalid type")
            && let Some((header, after)) = line.strip_prefix("[[").and_then(|h| h.split_once("]]"))
            && (after.trim().is_empty() || after.trim_start().starts_with('#'))
            && !header.contains(['[', ',', '='])
        {
            let header = key_segments(header).join(".");
            let one = match key_segments(&header).as_slice() {
                [table, _] => format!("[{table}.NAME]"),
                _ => format!("[{header}]"),
            };
            err.message = format!("`[[{header}]]` makes a list of tables; this must be a single `{one}` table");
            err.field = Some(header);
            err.allowed = Some(format!("one `{one}` header (single brackets)"));
            return err;
        }
        // An integer past 64 bits: serde's words are "invalid type: integer `…` as i128".
        if let Some(rest) = raw.strip_prefix("invalid type: integer `")
            && let Some((number, expected)) = rest.split_once("` as i128, expected ")
        {
            err.message = format!("`{number}` is too large a number");
            let expected = user_words(&format!("expected {expected}"));
            err.allowed = Some(match expected.trim_start_matches("expected ") {
                "any valid TOML value" | "an integer" => {
                    format!("a whole number from {} to {}", i64::MIN, i64::MAX)
                }
                "a string" => "text in quotes".to_string(),
                other => other.to_string(),
            });
            return err;
        }
        // An integer from 2⁶³ to 2⁶⁴ − 1: it reads as a u64, then does not fit the field's i64.
        if let Some(rest) = raw.strip_prefix("invalid value: integer `")
            && let Some((number, _)) = rest.split_once("`, expected ")
            && number.parse::<u64>().is_ok_and(|n| n > i64::MAX as u64)
        {
            err.message = format!("`{number}` is too large a number");
            err.allowed = Some(super::number::integer_range(err.field.as_deref()));
            return err;
        }
        unknown_name(err)
    }

    /// A read error of one cell of a generic analysis (a [`Doc::Cell`], which has no text): the
    /// path of the field at fault, in the words [`Source::toml_error`] gives a file, and whether
    /// it is about a key (an unknown field) or a value. It has no line: the analysis moves it to
    /// where the user wrote the value (`Planner::place`).
    pub fn cell_error(&self, e: &serde_path_to_error::Error<toml::de::Error>) -> InputError {
        let raw = e.inner().message().trim();
        let mut err = InputError::msg(user_words(raw));
        err.file = Some(self.path.clone());
        let path = e.path().to_string();
        err.field = Some(path).filter(|p| p != ".");
        err.at_key = raw.starts_with("unknown field");
        unknown_name(err)
    }

    /// "duplicate key" names neither the key nor where it was first set: find both. The key is
    /// the text at the error's span; its full path is the table header above it plus the key
    /// (or the header itself, for a table defined twice); the first definition is that path in
    /// the document the parser recovers, which keeps the first of the two.
    fn duplicate_key(&self, mut err: InputError, span: std::ops::Range<usize>) -> InputError {
        let key = self.text.get(span.clone()).unwrap_or("").trim();
        let line_start = self.text[..span.start].rfind('\n').map(|i| i + 1).unwrap_or(0);
        let line = &self.text[line_start..];
        let path: Vec<String> = if line.trim_start().starts_with('[') {
            key_segments(line.lines().next().unwrap_or(""))
        } else {
            let header = self.text[..line_start]
                .lines()
                .rev()
                .find(|l| l.trim_start().starts_with('['))
                .map(key_segments)
                .unwrap_or_default();
            header.into_iter().chain(key_segments(key)).collect()
        };
        if path.is_empty() {
            return err;
        }
        let dotted = path.join(".");
        let first = if line.trim_start().starts_with('[') {
            // A table header written twice: the recovered document keeps one of the two, so
            // find the first header with the same path in the text itself.
            self.text[..line_start]
                .lines()
                .position(|l| {
                    let l = l.trim_start();
                    l.starts_with('[') && !l.starts_with("[[") && key_segments(l) == path
                })
                .map(|i| i + 1)
        } else {
            let (doc, _) = DeTable::parse_recoverable(&self.text);
            let refs: Vec<&str> = path.iter().map(String::as_str).collect();
            key_span(doc.get_ref(), &refs).map(|at| self.line_col(at).0).filter(|l| *l != self.line_col(span.start).0)
        };
        err.message = match first {
            Some(line) => format!("duplicate key: set here and on line {line}"),
            None => "duplicate key: set twice".to_string(),
        };
        err.field = Some(dotted);
        err.allowed = Some("each key once in its table".into());
        err
    }

    /// "recursion limit": the TOML parser refuses a key or table header of more than
    /// [`MAX_KEY_PARTS`] dotted parts and says neither where nor what. Find the first such key
    /// in the text (a header, or a key before its `=`) and point at it.
    fn too_deep(&self, mut err: InputError) -> InputError {
        let parts = |l: &str| -> usize {
            let l = l.trim_start();
            let key =
                if l.starts_with('[') { l.split(']').next().unwrap_or("") } else { l.split('=').next().unwrap_or("") };
            key_segments(key).len()
        };
        let lines: Vec<&str> = self.text.lines().collect();
        let deepest = lines.iter().position(|l| parts(l) > MAX_KEY_PARTS).or_else(|| {
            // Not found by the simple reading (quoted dots, a key inside an inline table):
            // the line with the most dots is the likeliest.
            (0..lines.len()).max_by_key(|i| (lines[*i].matches('.').count(), std::cmp::Reverse(*i)))
        });
        err.message = format!("a key or table header nests more than {MAX_KEY_PARTS} levels deep");
        err.allowed = Some(format!("keys and tables nested at most {MAX_KEY_PARTS} deep (`a.b.c` is 3)"));
        if let Some(i) = deepest {
            let line = lines[i];
            err.line = Some(i + 1);
            err.column = Some(line.chars().take_while(|c| c.is_whitespace()).count() + 1);
            let mut written = key_segments(line.trim_start().split(['=', ']']).next().unwrap_or(""));
            if !line.trim_start().starts_with('[') {
                // A dotted key below a header: the path starts with the header's.
                let header = lines[..i].iter().rev().find(|l| l.trim_start().starts_with('['));
                written.splice(0..0, header.map(|h| key_segments(h)).unwrap_or_default());
            }
            err.field = Some(format!("{}.…", dotted(&written[..written.len().min(4)])));
        }
        err
    }

    /// Dotted key path of the deepest key or value whose span contains byte `offset` (array
    /// elements as `[i]`). Every entry is searched: a table opened by a `[header]` has a span
    /// that covers only its header, not the keys below it.
    fn path_at(&self, offset: usize) -> Option<String> {
        fn in_table(t: &DeTable, offset: usize, path: &mut String) -> bool {
            for (k, v) in t.iter() {
                let len = path.len();
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(k.get_ref());
                if k.span().contains(&offset) || in_value(v, offset, path) {
                    return true;
                }
                path.truncate(len);
            }
            false
        }
        fn in_value(v: &Spanned<DeValue>, offset: usize, path: &mut String) -> bool {
            match v.get_ref() {
                DeValue::Table(t) if in_table(t, offset, path) => return true,
                DeValue::Array(a) => {
                    for (i, e) in a.iter().enumerate() {
                        let len = path.len();
                        path.push_str(&format!("[{i}]"));
                        if in_value(e, offset, path) {
                            return true;
                        }
                        path.truncate(len);
                    }
                }
                _ => {}
            }
            v.span().contains(&offset)
        }
        let doc = DeTable::parse(&self.text).ok()?;
        let mut path = String::new();
        in_table(doc.get_ref(), offset, &mut path);
        Some(path)
    }

    /// An input error at `path` in this file (field named by the dotted path).
    /// A message about an unknown name (`unknown card `batmna``) gets the nearest allowed name
    /// when it looks like a typo of one (see [`with_suggestion`]).
    pub fn error_at(&self, path: &[&str], message: impl Into<String>, allowed: impl Into<String>) -> InputError {
        let allowed = allowed.into();
        let message = with_suggestion(&message.into(), &allowed);
        let mut err = InputError::msg(message).field(dotted(path), allowed);
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

    /// [`Source::error_at`] pointing at the key of `path` rather than its value: for a key that
    /// should not be there at all.
    pub fn error_at_key(&self, path: &[&str], message: impl Into<String>, allowed: impl Into<String>) -> InputError {
        let mut err = self.error_at(path, message, allowed);
        err.at_key = true;
        if let Ok(doc) = DeTable::parse(&self.text)
            && let Some(at) = key_span(doc.get_ref(), path)
        {
            let (l, c) = self.line_col(at);
            err.line = Some(l);
            err.column = Some(c);
        }
        err
    }

    /// Where the value at `path` is written: a scalar's value, a table's key. A `[i]` segment
    /// is element `i` of an array (a compare's `loadouts[1]`).
    fn locate_exact(&self, path: &[&str]) -> Option<usize> {
        let doc = DeTable::parse(&self.text).ok()?;
        let (first, rest) = path.split_first()?;
        let (k, mut v) = doc.get_ref().get_key_value(*first)?;
        let mut key_start = k.span().start;
        for seg in rest {
            v = match (v.get_ref(), index(seg)) {
                (DeValue::Array(a), Some(i)) => {
                    let e = a.get(i)?;
                    key_start = e.span().start;
                    e
                }
                (DeValue::Table(t), None) => {
                    let (k, v) = t.get_key_value(*seg)?;
                    key_start = k.span().start;
                    v
                }
                _ => return None,
            };
        }
        // Values that are tables point at their key; scalars at the value.
        Some(match v.get_ref() {
            DeValue::Table(_) => key_start,
            _ => v.span().start,
        })
    }
}

/// `unknown field `x`, expected one of `a`, `b``: the list goes to "allowed", with the nearest
/// name when the field looks like a typo of one.
fn unknown_name(mut err: InputError) -> InputError {
    if let Some((what, expected)) = err.message.split_once(", expected ")
        && what.starts_with("unknown ")
    {
        let allowed = expected.trim_start_matches("one of ").to_string();
        err.message = with_suggestion(what, &allowed);
        err.allowed = Some(allowed);
    }
    err
}

/// What a rule system reads a scenario from ([`crate::system::KindDef::build`]).
///
/// A generic analysis (`compare`, `sweep`, …) builds each cell as a one-kind scenario of its
/// own: the user's scenario with what the analysis wrote into it, held as a table. The system
/// reads that table as it reads a file, with the same schema and checks; nothing is written out
/// as text and parsed again. A cell's errors therefore carry no line: they name the field's path
/// and whether they are at its key or its value, and the analysis moves them to the user's line.
#[derive(Clone, Copy, Debug)]
pub enum Doc<'a> {
    /// The user's scenario file, as text: errors point at its lines (`ctx.sources[0]`).
    File(&'a str),
    /// One cell of a generic analysis.
    Cell(&'a toml::Table),
}

impl<'a> Doc<'a> {
    /// The document as a table; `None` for a file that does not parse (the strict read that
    /// follows says where and why).
    pub fn table(&self) -> Option<std::borrow::Cow<'a, toml::Table>> {
        match *self {
            Doc::File(text) => toml::from_str(text).ok().map(std::borrow::Cow::Owned),
            Doc::Cell(t) => Some(std::borrow::Cow::Borrowed(t)),
        }
    }

    /// Read the document as `T` (`src`: the scenario's [`Source`]): a file's error in the words
    /// and at the line of [`Source::toml_error`], a cell's at its field ([`Source::cell_error`]).
    pub fn read<T: serde::de::DeserializeOwned>(&self, src: &Source) -> Result<T, InputError> {
        self.read_or(src, |e| src.toml_error(e))
    }

    /// [`Doc::read`] with the caller's words for a file that does not read (the loader's
    /// lenient reads take a system's strict words).
    pub fn read_or<T: serde::de::DeserializeOwned>(
        &self,
        src: &Source,
        file_error: impl FnOnce(&toml::de::Error) -> InputError,
    ) -> Result<T, InputError> {
        match *self {
            Doc::File(text) => toml::from_str(text).map_err(|e| file_error(&e)),
            // The path of the field at fault, which a value read from a table does not carry
            // otherwise (`toml` gives a file's error a span and no path; a table has no span).
            Doc::Cell(t) => serde_path_to_error::deserialize(t.clone()).map_err(|e| src.cell_error(&e)),
        }
    }
}

/// `[i]` as an array index.
fn index(segment: &str) -> Option<usize> {
    segment.strip_prefix('[')?.strip_suffix(']')?.parse().ok()
}

/// A key path as the user reads it: `compare.loadouts[1].weapon` (an index segment `[i]` joins
/// without a dot).
pub(crate) fn dotted<S: AsRef<str>>(path: &[S]) -> String {
    let mut out = String::new();
    for seg in path {
        let seg = seg.as_ref();
        if !out.is_empty() && !seg.starts_with('[') {
            out.push('.');
        }
        out.push_str(seg);
    }
    out
}

/// Start of the key at `path` in a parsed document.
fn key_span(t: &DeTable, path: &[&str]) -> Option<usize> {
    let (first, rest) = path.split_first()?;
    let (k, v) = t.get_key_value(*first)?;
    if rest.is_empty() {
        return Some(k.span().start);
    }
    match v.get_ref() {
        DeValue::Table(t) => key_span(t, rest),
        // An element of an array (`loadouts[1].weapon`): its key inside an inline table.
        DeValue::Array(a) if index(rest[0]).is_some() => {
            let e = a.get(index(rest[0])?)?;
            match (e.get_ref(), rest.len()) {
                (_, 1) => Some(e.span().start),
                (DeValue::Table(t), _) => key_span(t, &rest[1..]),
                _ => None,
            }
        }
        // An array of tables (`[[x]]`): the last one is the one being written.
        DeValue::Array(a) => match a.last()?.get_ref() {
            DeValue::Table(t) => key_span(t, rest),
            _ => None,
        },
        _ => None,
    }
}

/// The segments of a dotted key or a `[table.header]` as written (`[models."thug"]` → models,
/// thug). Good enough to name a key in a message: a quoted segment holding a dot is split.
fn key_segments(written: &str) -> Vec<String> {
    let written = written.split('#').next().unwrap_or("").trim();
    let written = written.trim_start_matches('[').trim_end_matches(']');
    let written = written.split('=').next().unwrap_or("");
    written
        .split('.')
        .map(|s| s.trim().trim_matches('"').trim_matches('\'').to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

/// Serde's words for what it expected, said as a config's author would: no Rust type names.
/// Each schema struct names itself with `#[serde(expecting = "…")]`; what is left here is
/// serde's own vocabulary for primitives and a fallback for a struct that forgot.
pub(crate) fn user_words(message: &str) -> String {
    const WORDS: &[(&str, &str)] = &[
        ("expected i64", "expected an integer"),
        ("expected i32", "expected an integer"),
        ("expected u64", "expected a whole number ≥ 0"),
        ("expected u32", "expected a whole number ≥ 0"),
        ("expected u16", "expected a whole number ≥ 0"),
        ("expected u8", "expected a whole number ≥ 0"),
        ("expected usize", "expected a whole number ≥ 0"),
        ("expected f64", "expected a number"),
        ("expected f32", "expected a number"),
        ("expected option", "expected a value"),
        ("expected a sequence", "expected a list `[…]`"),
        ("expected a map", "expected a table"),
        ("floating point", "decimal number"),
        ("invalid type: sequence", "invalid type: list"),
        ("invalid type: map", "invalid type: table"),
        ("unknown variant", "unknown value"),
    ];
    let mut m = message.to_string();
    for (rust, user) in WORDS {
        m = m.replace(rust, user);
    }
    // A struct or enum without its own `expecting` words.
    for (kw, user) in [("struct ", "a table"), ("enum ", "one of the allowed values")] {
        while let Some(i) = m.find(kw) {
            let end = m[i + kw.len()..]
                .find(|c: char| !c.is_alphanumeric() && c != '_')
                .map_or(m.len(), |e| i + kw.len() + e);
            m.replace_range(i..end, user);
        }
    }
    m
}

/// `message` with " — did you mean `x`?" when it is about an unknown name (the first
/// backticked word after "unknown") and one of the backticked names in `allowed` is within a
/// small edit distance of it, so `batmna` finds `batman` and `seeds` finds `seed`.
pub(crate) fn with_suggestion(message: &str, allowed: &str) -> String {
    let Some(i) = message.find("unknown ").filter(|_| !message.contains("did you mean")) else {
        return message.to_string();
    };
    let Some(word) = message[i..].split('`').nth(1) else { return message.to_string() };
    let names: Vec<&str> = allowed.split('`').skip(1).step_by(2).collect();
    match did_you_mean(word, &names) {
        Some(n) => format!("{message} — did you mean `{n}`?"),
        None => message.to_string(),
    }
}

/// The candidate nearest to `word` by edit distance, if near enough to be a typo: at most one
/// edit per three letters (at least one), ties to the first listed; never `word` itself.
pub(crate) fn did_you_mean<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let len = word.chars().count();
    let limit = (len / 3).max(1);
    let lower = word.to_lowercase();
    candidates
        .iter()
        .filter(|c| **c != word)
        // The distance is at least the difference in length: a long value (a pasted paragraph)
        // is never compared letter by letter with every short name.
        .filter(|c| c.chars().count().abs_diff(len) <= limit)
        .map(|c| (edit_distance(&lower, &c.to_lowercase()), *c))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// Edit distance counting a swap of two neighbouring letters as one edit (optimal string
/// alignment), the commonest typo (`thgu` → `thug`). Written here rather than taken from a crate
/// (`strsim` has it): fifteen lines, no new dependency to audit, and names are short.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    // d[i][j]: distance between the first i letters of a and the first j of b.
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    d[0] = (0..=b.len()).collect();
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
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

    /// A cell of a generic analysis is read from its table, not from text: its error names the
    /// field's path and whether it is at the key, with no line, in the words a file gets.
    #[test]
    fn a_cell_error_names_its_path_and_says_the_words_of_a_file() {
        #[derive(Debug, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)]
        struct Card {
            attack: i64,
        }
        #[derive(Debug, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)]
        struct File {
            cards: std::collections::BTreeMap<String, Card>,
        }
        let cell = src("");
        for (text, field, at_key) in [
            ("[cards.thug]\nattack = \"x\"\n", "cards.thug.attack", false),
            ("[cards.thug]\nattack = 1\natack = 2\n", "cards.thug.atack", true),
            ("[cards.thug]\n", "cards.thug", false),
        ] {
            let table: toml::Table = toml::from_str(text).unwrap();
            let c = Doc::Cell(&table).read::<File>(&cell).unwrap_err();
            let f = Doc::File(text).read::<File>(&src(text)).unwrap_err();
            assert_eq!((c.field.as_deref(), c.at_key, c.line), (Some(field), at_key, None), "{text}");
            assert_eq!((&c.field, &c.message, &c.allowed), (&f.field, &f.message, &f.allowed), "{text}");
        }
    }

    #[test]
    fn near_names_are_suggested_and_far_ones_are_not() {
        assert_eq!(did_you_mean("seeds", &["ruleset", "seed", "trials"]), Some("seed"));
        assert_eq!(did_you_mean("batmna", &["batman", "robin"]), Some("batman"));
        assert_eq!(did_you_mean("thgu", &["batman", "thug"]), Some("thug"));
        assert_eq!(did_you_mean("Batman", &["batman"]), Some("batman"));
        assert_eq!(did_you_mean("joker", &["batman", "thug"]), None);
        assert_eq!(did_you_mean("a", &["b"]), Some("b"));
        assert_eq!(did_you_mean("seed", &["seed"]), None);
        // A long value is not compared letter by letter with every name (a megabyte `measure`
        // took 5 s): the difference in length rules each name out first.
        let long = "m".repeat(100_000);
        let names: Vec<String> = (0..200).map(|i| format!("measure_{i}")).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let start = std::time::Instant::now();
        assert_eq!(did_you_mean(&long, &names), None);
        assert!(start.elapsed() < std::time::Duration::from_millis(200), "{:?}", start.elapsed());
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(
            with_suggestion("unknown card `batmna`", "`batman`, `thug`"),
            "unknown card `batmna` — did you mean `batman`?"
        );
        assert_eq!(with_suggestion("card `batmna` is fine", "`batman`"), "card `batmna` is fine");
    }

    /// Every section and library entry of every system's scenario file, given a number instead
    /// of a table, says what to write in the user's words: no Rust type name. The list of
    /// sections comes from each schema itself (its unknown-field message), so a new section is
    /// checked too.
    #[test]
    fn wrong_types_never_name_rust_types() {
        let s = src("zzz = 1\n");
        for system in crate::registry::SYSTEMS {
            let e = system.strict_error(&s.text).expect("an unknown key is an error");
            let sections: Vec<String> =
                s.toml_error(&e).allowed.clone().unwrap().split('`').skip(1).step_by(2).map(String::from).collect();
            assert!(sections.len() > 15, "{}: {sections:?}", system.name());
            let mut texts: Vec<String> = sections.iter().map(|k| format!("{k} = 3\n")).collect();
            for (lib, _) in system.libraries() {
                texts.push(format!("[{lib}]\nx = 3\n"));
                texts.push(format!("[{lib}.x]\nname = 3\nbogus = 1\n"));
            }
            texts.push("[duel]\na = 3\n".into());
            for r in system.readings() {
                texts.push(format!("[readings]\n{r} = []\n"));
            }
            for text in texts {
                let s = src(&text);
                let Some(e) = system.strict_error(&text) else { continue };
                let msg = s.toml_error(&e).to_string();
                for rust in [
                    "struct ",
                    "enum ",
                    "i64",
                    "u64",
                    "u32",
                    "f64",
                    "Option",
                    "variant `",
                    "Spec",
                    "Ref",
                    "BTreeMap",
                    "Vec<",
                ] {
                    assert!(!msg.contains(rust), "`{rust}` in: {msg}");
                }
            }
        }
    }
}
