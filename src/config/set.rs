//! `--set PATH=VALUE`: change any value of a scenario from the command line, as editing its
//! file would.
//!
//! Each `--set` is applied, in order, to a working copy of the file that defines the key: a
//! card defined in an included library is changed there, a key no file defines is added to the
//! scenario file. The loader then reads the working copies exactly as it reads files, so a
//! value from `--set` is validated with the same checks and the same words as the file's own.
//!
//! The copies are edited as text, in place: the value's bytes are replaced (or a line is added)
//! and nothing else moves, so the file keeps its comments and layout. The edits are recorded
//! ([`Patched`]) and every error is mapped back: an error at a value `--set` wrote names the
//! `--set PATH=VALUE` instead of a line, and any other error points at the line and column of the
//! file as it is on disk. (The spans come from `toml`'s own parser, which the loader already uses
//! for its error lines; a layout-preserving editor such as `toml_edit` would add a dependency and
//! a second parser, and its re-rendered text would still need this map back to the user's lines.)
//!
//! The loader hands back the files as read from disk, unmodified, and the sets as typed, so a
//! shard's partial result (or a report) carries both and `merge` applies the sets again.

use super::source::Source;
use crate::error::InputError;
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml::de::{DeTable, DeValue};

/// Most `--set`s one run takes. Each is applied to the files as the earlier ones left them (a
/// parse of the file per set), so the time grows with the square of their number: 6,000 took
/// 28 s. A scenario is a handful of values; a thousand is far past any real use.
pub const MAX_SETS: usize = 1000;

/// What `--set` accepts, for its error messages.
pub const SET_ALLOWED: &str = "PATH=VALUE: a dotted key of the scenario and a TOML value, e.g. `cards.thug.attack=4`, `attack.cover=true`, `compare.targets=[\"robin\", \"thug\"]`, `attack.weapon=pistol` (a bare word is text)";

/// One `--set` as typed, its key path and the TOML text of its value.
#[derive(Clone, Debug, PartialEq)]
pub struct Set {
    /// As typed on the command line (`cards.thug.attack=4`).
    pub typed: String,
    /// The key's parts, unquoted (`cards`, `thug`, `attack`).
    pub path: Vec<String>,
    /// The value as TOML text to write into the file (a bare word quoted; a whole number
    /// written with an exponent, `1e6`, as the integer it is).
    pub value: String,
}

/// The flag at fault, for an error.
fn flag_error(typed: &str, message: impl Into<String>) -> InputError {
    let mut e = InputError::msg(message);
    // The flag as typed stands where a file name would; a long value is shown by its start.
    let n = typed.chars().count();
    let shown = if n > crate::safe::QUOTE_CHARS {
        let start: String = typed.chars().take(crate::safe::QUOTE_CHARS).collect();
        format!("{start}… ({} characters)", crate::text::count(n as u64))
    } else {
        typed.to_string()
    };
    e.file = Some(PathBuf::from(format!("--set {shown}")));
    e.allowed = Some(SET_ALLOWED.into());
    e
}

/// Parse one `--set PATH=VALUE`.
pub fn parse(typed: &str) -> Result<Set, InputError> {
    let Some(eq) = equals_outside_quotes(typed) else {
        return Err(flag_error(typed, "no `=` between the path and the value"));
    };
    let (key, value) = (typed[..eq].trim(), typed[eq + 1..].trim());
    if key.is_empty() {
        return Err(flag_error(typed, "the path before `=` is empty"));
    }
    if value.is_empty() {
        return Err(flag_error(typed, "the value after `=` is empty (write `\"\"` for empty text)"));
    }
    // The key as TOML reads it: one chain of tables, each with one key.
    let parsed: toml::Table = toml::from_str(&format!("{key} = 0"))
        .map_err(|_| flag_error(typed, format!("`{key}` is not a TOML key path")))?;
    let mut path = Vec::new();
    let mut t = &parsed;
    loop {
        let Some((k, v)) = t.iter().next().filter(|_| t.len() == 1) else {
            return Err(flag_error(typed, format!("`{key}` is not a TOML key path")));
        };
        path.push(k.clone());
        match v {
            toml::Value::Table(inner) => t = inner,
            _ => break,
        }
    }
    if path.len() > super::source::MAX_KEY_PARTS {
        return Err(flag_error(typed, format!("the path has more than {} parts", super::source::MAX_KEY_PARTS)));
    }
    // One value on one line: a line break would let the rest of the text be read as more of
    // the file (a new `[table]`, other keys) or be cut off unseen.
    let more = toml::from_str::<toml::Table>(&format!("v = {value}")).is_ok_and(|t| t.len() != 1);
    if value.contains(['\n', '\r']) || more {
        return Err(flag_error(typed, "the value is not one TOML value on one line"));
    }
    // A whole number past 64 bits would otherwise be taken for text ("invalid type: string").
    let digits = value.strip_prefix(['-', '+']).unwrap_or(value).replace('_', "");
    if !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && value.replace('_', "").parse::<i64>().is_err()
    {
        let mut e = flag_error(typed, format!("`{value}` is too large a number"));
        let field = (path.len() == 1).then(|| path[0].as_str());
        e.allowed = Some(super::number::integer_range(field));
        e.field = Some(path.join("."));
        return Err(e);
    }
    let value = value_text(value);
    Ok(Set { typed: typed.to_string(), path, value })
}

/// The TOML text for a typed value: valid TOML as written (a whole number written with an
/// exponent, `1e6`, as the integer it is, so it fits a field of whole numbers), anything else as
/// quoted text (`pistol` → `"pistol"`).
fn value_text(value: &str) -> String {
    match toml::from_str::<toml::Table>(&format!("v = {value}")).ok().and_then(|t| t.get("v").cloned()) {
        Some(toml::Value::Float(_)) if value.contains(['e', 'E']) => {
            match super::number::whole(value).filter(|v| i64::try_from(*v).is_ok()) {
                Some(n) => n.to_string(),
                None => value.to_string(),
            }
        }
        // A value that reads (a multi-line list) is kept on one line.
        Some(v) if value.contains('\n') => v.to_string(),
        Some(_) => value.to_string(),
        None => toml::Value::String(value.to_string()).to_string(),
    }
}

/// Where the first `=` outside quotes is.
fn equals_outside_quotes(s: &str) -> Option<usize> {
    let mut quote = None;
    for (i, c) in s.char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, '=') => return Some(i),
            _ => {}
        }
    }
    None
}

/// One edit of a working copy: the bytes `new` of the text after it replaced `old_len` bytes of
/// the text before it, for set `set`.
#[derive(Clone, Debug)]
struct Edit {
    new: Range<usize>,
    old_len: usize,
    set: usize,
}

/// The working copies of the files the sets changed, with their edits in order.
#[derive(Clone, Debug, Default)]
pub(crate) struct Patched {
    /// (original, working copy, edits in the order they were made).
    files: Vec<(Source, Source, Vec<Edit>)>,
    sets: Vec<Set>,
}

impl Patched {
    /// The working copy of `path`, when a set changed it.
    pub(crate) fn working(&self, path: &Path) -> Option<&Source> {
        self.files.iter().find(|(o, _, _)| o.path == path).map(|(_, w, _)| w)
    }

    /// The file as on disk, for a working copy's path.
    pub(crate) fn original(&self, path: &Path) -> Option<&Source> {
        self.files.iter().find(|(o, _, _)| o.path == path).map(|(o, _, _)| o)
    }

    /// An error the loader found in the working copies, told of the files as they are: at a
    /// value a set wrote, the `--set` as typed; elsewhere, the line and column on disk.
    pub(crate) fn map_error(&self, mut e: InputError) -> InputError {
        let Some((orig, work, edits)) = self.files.iter().find(|(o, _, _)| e.file.as_deref() == Some(o.path.as_path()))
        else {
            return e;
        };
        let Some(line) = e.line else { return e };
        let mut at = offset_of(&work.text, line, e.column.unwrap_or(1));
        // Back through the edits, last first: inside one, it is that set's; after one, shift.
        for edit in edits.iter().rev() {
            if edit.new.contains(&at) {
                let set = &self.sets[edit.set];
                e.file = Some(PathBuf::from(format!("--set {}", set.typed)));
                e.line = None;
                e.column = None;
                return e;
            }
            if at >= edit.new.end {
                at = at - edit.new.len() + edit.old_len;
            }
        }
        let (l, c) = orig.line_col(at);
        e.line = Some(l);
        e.column = Some(c);
        e
    }
}

/// Byte offset of 1-based (line, column) in `text`.
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let start: usize = text.split_inclusive('\n').take(line.saturating_sub(1)).map(str::len).sum();
    let rest = &text[start.min(text.len())..];
    start + rest.char_indices().nth(column.saturating_sub(1)).map_or(rest.len(), |(i, _)| i)
}

/// Apply `sets` in order to working copies of the scenario `main` and its includes (read with
/// `read`, from disk or a partial's copies). `Ok(None)`: a file does not read as TOML, or an
/// include cannot be read: the loader, reading the files itself, says where and why.
pub(crate) fn apply(
    main: &Source,
    sets: &[Set],
    read: &dyn Fn(&Path) -> Result<Source, InputError>,
) -> Result<Option<Patched>, InputError> {
    let mut patched = Patched { files: Vec::new(), sets: sets.to_vec() };
    // Each include the sets leave as it is is read once, not once per set.
    let mut read_once: Vec<Source> = Vec::new();
    for (i, set) in sets.iter().enumerate() {
        // The files as this set finds them: the scenario (as earlier sets left it) and its includes.
        let main_now = patched.working(&main.path).unwrap_or(main).clone();
        let Ok(doc) = toml::from_str::<toml::Table>(&main_now.text) else { return Ok(None) };
        let base = main.path.parent().map(Path::to_path_buf).unwrap_or_default();
        let mut files = vec![main_now];
        for inc in doc.get("include").and_then(toml::Value::as_array).into_iter().flatten() {
            let Some(inc) = inc.as_str() else { return Ok(None) };
            let path = base.join(inc);
            match patched.working(&path) {
                Some(w) => files.push(w.clone()),
                None => match read_once.iter().find(|s| s.path == path) {
                    Some(s) => files.push(s.clone()),
                    None => match read(&path) {
                        Ok(s) => {
                            read_once.push(s.clone());
                            files.push(s);
                        }
                        Err(_) => return Ok(None),
                    },
                },
            }
        }
        // The file that defines the most of the path (the scenario on a tie, and for a new key).
        let mut best = (0, 0);
        for (f, src) in files.iter().enumerate() {
            let Ok(doc) = DeTable::parse(&src.text) else { return Ok(None) };
            let depth = defined_depth(doc.get_ref(), &set.path);
            if depth > best.1 {
                best = (f, depth);
            }
        }
        let src = &files[best.0];
        let (range, text) = edit_for(src, set)?;
        let mut new_text = src.text.clone();
        new_text.replace_range(range.clone(), &text);
        check_applied(&new_text, set, &src.path)?;
        let edit = Edit { new: range.start..range.start + text.len(), old_len: range.len(), set: i };
        match patched.files.iter_mut().find(|(o, _, _)| o.path == src.path) {
            Some((_, w, edits)) => {
                w.text = new_text;
                edits.push(edit);
            }
            None => {
                let work = Source { path: src.path.clone(), text: new_text };
                patched.files.push((src.clone(), work, vec![edit]));
            }
        }
    }
    Ok(Some(patched))
}

/// One `--set` applied as `run --set` applies it, for an editor (the local page's form): the
/// set goes to the file that defines the key. Returns the scenario's new text when the set
/// changed the scenario (or added a key to it), or the path of the included file it changed
/// (the scenario's text is then unchanged: the editor keeps the set as a set). `Ok(None)` for
/// the change means a file did not read as TOML (the loader says where).
pub fn edit(
    main: &Source,
    typed: &str,
    read: &dyn Fn(&Path) -> Result<Source, InputError>,
) -> Result<Option<Result<String, PathBuf>>, InputError> {
    let set = parse(typed)?;
    let Some(patched) = apply(main, std::slice::from_ref(&set), read)? else { return Ok(None) };
    Ok(Some(match patched.working(&main.path) {
        Some(w) => Ok(w.text.clone()),
        None => Err(patched.files.first().map(|(o, _, _)| o.path.clone()).unwrap_or_default()),
    }))
}

/// How many leading parts of `path` the document defines.
fn defined_depth(t: &DeTable, path: &[String]) -> usize {
    let mut depth = 0;
    let mut t = t;
    for part in path {
        let Some(v) = t.get(part.as_str()) else { break };
        depth += 1;
        match v.get_ref() {
            DeValue::Table(inner) => t = inner,
            _ => break,
        }
    }
    depth
}

/// A key part as TOML writes it: bare when it can be, else quoted.
fn key_text(part: &str) -> String {
    if !part.is_empty() && part.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        part.to_string()
    } else {
        toml::Value::String(part.to_string()).to_string()
    }
}

fn dotted_text(parts: &[String]) -> String {
    parts.iter().map(|p| key_text(p)).collect::<Vec<_>>().join(".")
}

/// The byte range of `src` to replace and the text to put there for `set`: the value itself
/// when the key is written, else a new key in the nearest table written as a `[header]` or
/// `{ inline }`, else a new `[table]` at the end of the file (a key of the file's top level
/// goes at its top, before any table).
fn edit_for(src: &Source, set: &Set) -> Result<(Range<usize>, String), InputError> {
    let text = &src.text;
    let doc = DeTable::parse(text).map_err(|_| flag_error(&set.typed, "the file does not read"))?;
    let shown = |n: usize| set.path[..n].join(".");
    // Walk the path: the deepest table written as a header or inline, and where the walk stops.
    let mut t = doc.get_ref();
    let mut holder: Option<(usize, Range<usize>, bool)> = None; // (depth, insertion range, inline)
    for (i, part) in set.path.iter().enumerate() {
        let last = i + 1 == set.path.len();
        let Some(v) = t.get(part.as_str()) else { break };
        match v.get_ref() {
            DeValue::Table(inner) => {
                let span = v.span();
                if text[span.clone()].starts_with('{') {
                    holder = Some((i + 1, inline_insertion(text, &span), true));
                } else if let Some(at) = header_end(text, &set.path[..=i]) {
                    holder = Some((i + 1, at..at, false));
                }
                if last {
                    return Err(flag_error(
                        &set.typed,
                        format!(
                            "`{}` is a table: set its fields one at a time (`--set {}.FIELD=VALUE`)",
                            shown(i + 1),
                            shown(i + 1)
                        ),
                    ));
                }
                t = inner;
            }
            DeValue::Array(_) if !last => {
                return Err(flag_error(
                    &set.typed,
                    format!(
                        "`{}` is a list: --set replaces a whole value (`--set {}=[…]`)",
                        shown(i + 1),
                        shown(i + 1)
                    ),
                ));
            }
            _ if !last => {
                return Err(flag_error(&set.typed, format!("`{}` is a value, not a table", shown(i + 1))));
            }
            _ => return Ok((v.span(), set.value.clone())),
        }
    }
    Ok(match holder {
        Some((depth, range, true)) => {
            let before = &text[..range.start];
            let (sep, end) = match before.chars().last() {
                Some('{') => (" ", " "),
                Some(',') => (" ", ""),
                _ => (", ", ""),
            };
            (range, format!("{sep}{} = {}{end}", dotted_text(&set.path[depth..]), set.value))
        }
        Some((depth, range, false)) => {
            let nl = if range.start > 0 && !text[..range.start].ends_with('\n') { "\n" } else { "" };
            (range, format!("{nl}{} = {}\n", dotted_text(&set.path[depth..]), set.value))
        }
        None if set.path.len() == 1 => (0..0, format!("{} = {}\n", dotted_text(&set.path), set.value)),
        None => {
            let nl = if text.is_empty() || text.ends_with('\n') { "" } else { "\n" };
            let (table, key) = set.path.split_at(set.path.len() - 1);
            (text.len()..text.len(), format!("{nl}[{}]\n{} = {}\n", dotted_text(table), dotted_text(key), set.value))
        }
    })
}

/// Where a new key goes in an inline table: just before its closing brace.
fn inline_insertion(text: &str, span: &Range<usize>) -> Range<usize> {
    let close = text[..span.end].rfind('}').unwrap_or(span.end);
    let at = text[..close].trim_end().len();
    at..at
}

/// The byte just past the line of the `[header]` that opens table `path`, if one does.
fn header_end(text: &str, path: &[String]) -> Option<usize> {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let l = line.trim_start();
        if l.starts_with('[') && !l.starts_with("[[") {
            let inner = l[1..].split(']').next().unwrap_or("");
            if let Ok(t) = toml::from_str::<toml::Table>(&format!("{inner} = 0")) {
                let mut parts = Vec::new();
                let mut t = &t;
                while let Some((k, v)) = t.iter().next() {
                    parts.push(k.clone());
                    match v {
                        toml::Value::Table(i) => t = i,
                        _ => break,
                    }
                }
                if parts == path {
                    return Some(offset + line.len());
                }
            }
        }
        offset += line.len();
    }
    None
}

/// The edited text reads as TOML and holds the set's value at its path.
fn check_applied(text: &str, set: &Set, file: &Path) -> Result<(), InputError> {
    let doc: toml::Table = toml::from_str(text).map_err(|e| {
        flag_error(&set.typed, format!("cannot be written into {}: {}", file.display(), e.message().trim()))
    })?;
    let want: toml::Table = toml::from_str(&format!("v = {}", set.value))
        .map_err(|e| flag_error(&set.typed, format!("the value does not read: {}", e.message().trim())))?;
    let mut v = doc.get(&set.path[0]);
    for part in &set.path[1..] {
        v = v.and_then(|v| v.as_table()).and_then(|t| t.get(part));
    }
    // NaN is not equal to itself, but it was written: the loader says it is out of range.
    if !v.zip(want.get("v")).is_some_and(|(a, b)| same(a, b)) {
        return Err(flag_error(&set.typed, format!("cannot be written into {}", file.display())));
    }
    let long_key = set.path.iter().map(|k| k.chars().count()).find(|&n| n > super::source::MAX_KEY_CHARS);
    let long_text = want.get("v").and_then(longest_text).filter(|&n| n > super::source::MAX_TEXT_CHARS);
    let count = |n: usize| crate::text::count(n as u64);
    if let Some(n) = long_key {
        let mut e = flag_error(&set.typed, format!("a key of {} characters", count(n)));
        e.allowed = Some(format!("a key of at most {} characters", count(super::source::MAX_KEY_CHARS)));
        return Err(e);
    }
    if let Some(n) = long_text {
        let mut e = flag_error(&set.typed, format!("a text of {} characters", count(n)));
        e.allowed = Some(format!("a text of at most {} characters", count(super::source::MAX_TEXT_CHARS)));
        return Err(e);
    }
    Ok(())
}

/// Whether two values are the same, a NaN the same as a NaN (as [`PartialEq`] is not).
fn same(a: &toml::Value, b: &toml::Value) -> bool {
    use toml::Value::*;
    match (a, b) {
        (Float(x), Float(y)) => x == y || (x.is_nan() && y.is_nan()),
        (Array(x), Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y)),
        (Table(x), Table(y)) => x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w))),
        _ => a == b,
    }
}

/// The length in characters of the longest text (or key) in `v`, if it holds any.
fn longest_text(v: &toml::Value) -> Option<usize> {
    match v {
        toml::Value::String(s) => Some(s.chars().count()),
        toml::Value::Array(a) => a.iter().filter_map(longest_text).max(),
        toml::Value::Table(t) => t.iter().map(|(k, v)| longest_text(v).unwrap_or(0).max(k.chars().count())).max(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn src(text: &str) -> Source {
        Source { path: PathBuf::from("x.toml"), text: text.to_string() }
    }

    fn set_one(text: &str, typed: &str) -> String {
        let main = src(text);
        let p = apply(&main, &[parse(typed).unwrap()], &|_| Err(InputError::msg("no"))).unwrap().unwrap();
        p.working(&main.path).unwrap().text.clone()
    }

    #[test]
    fn parses_paths_values_and_refuses_malformed_flags() {
        let s = parse("cards.\"new henchman\".reputation=45").unwrap();
        assert_eq!(s.path, ["cards", "new henchman", "reputation"]);
        assert_eq!(s.value, "45");
        assert_eq!(parse("attack.weapon=pistol").unwrap().value, "\"pistol\"");
        assert_eq!(parse("trials=1e6").unwrap().value, "1000000");
        assert_eq!(parse("trials=1_000_000").unwrap().value, "1_000_000");
        assert_eq!(parse("precision=1e-3").unwrap().value, "1e-3");
        assert_eq!(parse("x.y=[\"a\", \"b\"]").unwrap().value, "[\"a\", \"b\"]");
        assert_eq!(parse("x.y = true").unwrap().value, "true");
        for bad in ["a.b=0\n[attack]\nbogus = 1", "d=\"x\"\nfoo=1", "a=1\r2"] {
            let e = parse(bad).unwrap_err();
            assert!(e.to_string().contains("not one TOML value on one line"), "{bad:?}: {e}");
        }
        for bad in ["trials", "=3", "a..b=1", "a.=1", "x="] {
            let e = parse(bad).unwrap_err();
            assert_eq!(e.to_string().split(": ").next(), Some(format!("--set {bad}").as_str()), "{bad}");
        }
    }

    #[test]
    fn edits_keep_the_layout() {
        let text = "ruleset = \"x\" # the system\n\n[attack]\nweapon = \"knife\"   # a blade\ncover = false\n";
        assert_eq!(
            set_one(text, "attack.weapon=pistol"),
            "ruleset = \"x\" # the system\n\n[attack]\nweapon = \"pistol\"   # a blade\ncover = false\n"
        );
        assert_eq!(
            set_one(text, "attack.moved=true"),
            "ruleset = \"x\" # the system\n\n[attack]\nmoved = true\nweapon = \"knife\"   # a blade\ncover = false\n"
        );
        assert_eq!(set_one(text, "trials=5"), format!("trials = 5\n{text}"));
        assert_eq!(set_one(text, "readings.a=\"b\""), format!("{text}[readings]\na = \"b\"\n"));
        assert_eq!(
            set_one("[compare]\nl = [{ a = 1 }]\n[x]\ny = { a = 1 }\n", "x.y.b=2"),
            "[compare]\nl = [{ a = 1 }]\n[x]\ny = { a = 1, b = 2 }\n"
        );
        assert_eq!(set_one("[cards.a]\nx = 1\n", "cards.b.x=2"), "[cards.a]\nx = 1\n[cards.b]\nx = 2\n");
    }

    #[test]
    fn errors_are_mapped_back_to_the_file_or_the_flag() {
        let text = "a = 1\n[t]\nx = 1\ny = 2\n";
        let main = src(text);
        let sets = [parse("t.new=\"long value\"").unwrap(), parse("t.x=33").unwrap()];
        let p = apply(&main, &sets, &|_| Err(InputError::msg("no"))).unwrap().unwrap();
        let work = p.working(&main.path).unwrap();
        assert_eq!(work.text, "a = 1\n[t]\nnew = \"long value\"\nx = 33\ny = 2\n");
        let at = |line, column| {
            let mut e = InputError::msg("m");
            e.file = Some(main.path.clone());
            (e.line, e.column) = (Some(line), Some(column));
            let e = p.map_error(e);
            (e.file.clone().unwrap().display().to_string(), e.line, e.column)
        };
        assert_eq!(at(5, 5), ("x.toml".into(), Some(4), Some(5)));
        assert_eq!(at(4, 5), ("--set t.x=33".into(), None, None));
        assert_eq!(at(3, 7), ("--set t.new=\"long value\"".into(), None, None));
        assert_eq!(at(2, 1), ("x.toml".into(), Some(2), Some(1)));
    }

    #[test]
    fn a_table_or_a_list_on_the_way_is_refused() {
        let main = src("[t]\nl = [1]\n[t.u]\nx = 1\n");
        for (typed, words) in [("t.u=3", "is a table"), ("t.l.x=3", "is a list"), ("t.u.x.y=1", "is a value")] {
            let e = apply(&main, &[parse(typed).unwrap()], &|_| Err(InputError::msg("no"))).unwrap_err();
            assert!(e.message.contains(words), "{typed}: {e}");
        }
    }
}
