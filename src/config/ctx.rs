//! The validation context every builder works in: the files read (for error lines), the card,
//! weapon and fighter libraries, the notes a scenario collects, and the small helpers to make cells.
//! It knows no rule system (systems depend on it, not the reverse).

use super::source::Source;
use crate::analysis::cell::Cell;
use crate::analysis::scenario::{CellSpec, Layout};
use crate::error::InputError;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::ops::RangeInclusive;

/// Largest number of cells one scenario may ask for: the context checks every list product
/// against it, the loader and the generic analyses every scenario. Here, below all of them.
pub const MAX_CELLS: usize = 400;

/// What a rule system's builder returns: the cells, how they are laid out, and the readings in force.
pub type Built = (Vec<CellSpec>, Layout, Vec<(&'static str, String)>);

/// What the loader knows of one rule system: plain data from its [`crate::system::RuleSystem`],
/// so this module needs nothing from the systems.
#[derive(Clone, Debug)]
pub struct SystemInfo {
    pub name: &'static str,
    /// How messages call it ([`crate::system::SystemDef::name_in_messages`]).
    pub words: &'static str,
    /// Its `[readings]` switches.
    pub readings: Vec<&'static str>,
    /// Its library tables with how an entry is written: a file holding a table its own system
    /// does not read is told what that system writes.
    pub libraries: &'static [(&'static str, &'static str)],
    /// For each of its kinds, the sections the kind reads.
    pub sections: Vec<(&'static str, &'static [&'static str])>,
    /// Its own fighter fields ([`crate::system::SystemDef::fighter_fields`]).
    pub fighter_fields: &'static [&'static str],
    /// Its own `[duel]` fields ([`crate::system::SystemDef::duel_fields`]).
    pub duel_fields: &'static [&'static str],
}

/// Validation context: the files read, and which file each fighter came from.
pub struct Ctx {
    pub(crate) sources: Vec<Source>,
    /// Each fighter's name with the file it is defined in (a name may be defined once).
    pub(crate) fighters: BTreeMap<String, usize>,
    /// The scenario's rule system (its `ruleset` name).
    pub(crate) ruleset: &'static str,
    /// Copies of the files to read instead of the disk (a partial result's, for `merge`).
    pub(crate) embedded: Option<Vec<Source>>,
    /// The rule systems this load knows (the built-in registry, or a test's).
    pub(crate) systems: Vec<SystemInfo>,
    /// When this is one cell of a generic analysis: its kind (`compare`), so a message about the
    /// file's keys names the kind the user wrote, not the cell's.
    pub(crate) generic: Option<&'static str>,
    /// Notes the builders attach to the scenario (values that cannot matter, rules not modelled).
    /// A `RefCell` so any builder holding `&Ctx` can add one; deduplicated in order of arrival.
    pub(crate) notes: std::cell::RefCell<Vec<crate::analysis::scenario::Note>>,
    /// In a cell of a comparison of loadouts (`compare`, `paired`): the fields of the varied
    /// section (`attack.cover`) that are the scenario's shared values, not the loadout's own.
    pub(crate) shared: Vec<String>,
}

impl Ctx {
    pub(crate) fn int(
        &self,
        file: usize,
        path: &[&str],
        v: i64,
        range: RangeInclusive<i64>,
        what: &str,
    ) -> Result<i64, InputError> {
        if range.contains(&v) {
            Ok(v)
        } else {
            Err(self.err(file, path, format!("{what} {v} is out of range"), range_text(&range)))
        }
    }

    pub(crate) fn section<T: Clone>(&self, s: &Option<T>, name: &str) -> Result<T, InputError> {
        s.clone()
            .ok_or_else(|| self.err(0, &[name], format!("this kind needs a [{name}] section"), format!("[{name}]")))
    }

    pub(crate) fn new(main: Source, embedded: Option<Vec<Source>>) -> Self {
        Ctx {
            embedded,
            sources: vec![main],
            fighters: BTreeMap::new(),
            ruleset: "",
            systems: Vec::new(),
            generic: None,
            notes: Default::default(),
            shared: Vec::new(),
        }
    }

    /// Whether `section.field` of the cell being built is a value the scenario shares among the
    /// loadouts of a comparison (`compare`, `paired`), not one a loadout sets. A system may let a
    /// shared value that cannot apply to this loadout pass (a melee-only circumstance in a
    /// comparison that mixes melee and ranged loadouts), with a note when it is not the default,
    /// where the same value set by the loadout itself is an error.
    pub fn is_shared(&self, section: &str, field: &str) -> bool {
        self.shared.iter().any(|s| s.strip_prefix(section).and_then(|r| r.strip_prefix('.')) == Some(field))
    }

    /// An input error at `path` of file `file` (0 = the scenario), with what is allowed.
    pub fn err(&self, file: usize, path: &[&str], msg: impl Into<String>, allowed: impl Into<String>) -> InputError {
        self.sources[file].error_at(path, msg, allowed)
    }

    /// [`Ctx::err`] pointing at the key itself (a key that should not be there).
    pub fn err_key(
        &self,
        file: usize,
        path: &[&str],
        msg: impl Into<String>,
        allowed: impl Into<String>,
    ) -> InputError {
        self.sources[file].error_at_key(path, msg, allowed)
    }

    /// Refuse an `include` list longer than [`super::source::MAX_INCLUDES`] before reading any
    /// of it (`n` names in the scenario's `include`).
    pub(crate) fn limit_includes(&self, n: usize) -> Result<(), InputError> {
        if n <= super::source::MAX_INCLUDES {
            return Ok(());
        }
        Err(self.err(
            0,
            &["include"],
            format!("{n} files are included"),
            format!("at most {} library files", super::source::MAX_INCLUDES),
        ))
    }

    /// Keep a file read for this scenario, refusing it if the scenario and its includes would
    /// then hold more than [`super::source::MAX_TOTAL_BYTES`] together.
    pub(crate) fn keep_source(&mut self, src: Source) -> Result<usize, InputError> {
        let total: usize = self.sources.iter().map(|s| s.text.len()).sum::<usize>() + src.text.len();
        if total > super::source::MAX_TOTAL_BYTES {
            return Err(self.err(
                0,
                &["include"],
                format!(
                    "with {} the scenario and its includes hold {} bytes",
                    src.path.display(),
                    crate::text::count(total as u64)
                ),
                format!(
                    "at most {} bytes (16 MiB) together",
                    crate::text::count(super::source::MAX_TOTAL_BYTES as u64)
                ),
            ));
        }
        self.sources.push(src);
        Ok(self.sources.len() - 1)
    }

    /// Refuse a grid of cells before building it: each `(field, entries)` is one list the cells
    /// are the product of (`guns × policies × distances × reactions × cover`). The limit is
    /// checked on the product, saturating, so 400,000 distances are one error at once instead of
    /// gigabytes of cells counted afterwards. The error points at the longest list.
    pub fn limit_cells(&self, section: &str, lists: &[(&str, usize)]) -> Result<(), InputError> {
        let product = lists.iter().fold(1usize, |p, &(_, n)| p.saturating_mul(n));
        if product <= MAX_CELLS {
            return Ok(());
        }
        let longest = lists.iter().max_by_key(|(_, n)| *n).map(|(f, _)| *f).unwrap_or("");
        let shown =
            lists.iter().map(|(f, n)| format!("{} {f}", crate::text::count(*n as u64))).collect::<Vec<_>>().join(" × ");
        let count = if product == usize::MAX { "too many".to_string() } else { crate::text::count(product as u64) };
        Err(self.err(
            0,
            &[section, longest],
            format!("{shown} make {count} cells"),
            format!("at most {} cells: shorten the lists", MAX_CELLS),
        ))
    }

    /// The scenario's rule system (its `ruleset` name).
    pub fn ruleset(&self) -> &'static str {
        self.ruleset
    }

    /// The file `file` was read from (0 = the scenario), for messages.
    pub fn file_path(&self, file: usize) -> &std::path::Path {
        &self.sources[file].path
    }

    /// Attach a note to the scenario being built (once, however many cells raise it).
    pub fn note(&self, note: crate::analysis::scenario::Note) {
        let mut notes = self.notes.borrow_mut();
        if notes.iter_mut().any(|n| n.merge_item(&note)) {
            return;
        }
        if !notes.contains(&note) {
            notes.push(note);
        }
    }
}

/// One cell of any system's trial (or an existing [`Cell`]).
pub fn cell(label: &str, params: Vec<(String, Value)>, trial: impl Into<Cell>) -> CellSpec {
    CellSpec { label: label.to_string(), params, trial: trial.into(), inputs: Vec::new() }
}

/// The one cell and layout of a duel between A and B (every system's `duel` kind).
pub fn duel_cell(a_label: String, b_label: String, trial: impl Into<Cell>) -> (Vec<CellSpec>, Layout) {
    (
        vec![cell(
            &format!("{a_label} vs {b_label}"),
            vec![("a".into(), json!(a_label)), ("b".into(), json!(b_label))],
            trial,
        )],
        Layout::Duel { a: a_label, b: b_label },
    )
}

pub(crate) fn range_text(r: &RangeInclusive<i64>) -> String {
    format!("{}..={}", r.start(), r.end())
}
