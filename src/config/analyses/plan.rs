//! What every generic analysis shares beside building its cells: the [`Planner`] (the scenario
//! file as a TOML table, the system, the notes the cells gave), the resolution section an
//! analysis varies, the library entries its fields name, and how a loadout or a target is
//! written into a cell.

use super::super::ctx::Ctx;
use super::super::source::Source;
use crate::analysis::scenario::{Note, Scenario};
use crate::error::InputError;
use crate::system::{Resolution, RuleSystem};
use std::cell::RefCell;
use std::path::Path;
use toml::{Table, Value};

/// What the loader lends the generic analyses: its own route for a whole scenario file, so each
/// cell is built (and checked) exactly as the same file would be, and its words for a file that
/// does not read. Handing these in keeps this module free of the loader's entry point.
pub(crate) struct Loader<'a> {
    /// Build a cell (a complete one-kind scenario, as a table: see [`crate::config::Doc::Cell`]) in a context
    /// whose `sources[0]` names the user's file.
    pub build: &'a dyn Fn(&mut Ctx, &Table) -> Result<Scenario, InputError>,
    /// The loader's error for `source` when it does not read as TOML.
    pub read_error: &'a dyn Fn(&Source, &toml::de::Error) -> InputError,
}

/// Most loadouts or targets in a comparison, and most fighters in a gauntlet.
pub(super) const MAX_LIST: usize = 20;

/// One generic analysis being planned: the scenario, the system that builds its cells and what
/// the analyses learn while building them.
pub(super) struct Planner<'a> {
    pub(super) ctx: &'a mut Ctx,
    /// The loader's route for a whole scenario: each cell is built through it again.
    pub(super) loader: &'a Loader<'a>,
    pub(super) system: &'static dyn RuleSystem,
    /// The scenario file as TOML; each cell is a changed copy.
    pub(super) doc: Table,
    /// The generic kind being built.
    pub(super) kind: &'static str,
    /// "Ignored" notes on `[readings]` switches that every cell built so far gave (`None` before
    /// the first cell). A switch is idle for the scenario only if it is idle in every cell: one
    /// cell that cannot use it (two guns in a balance pair) must not call it idle when another
    /// cell's numbers rest on it.
    pub(super) idle_readings: RefCell<Option<Vec<Note>>>,
    /// While a loadout's cells are built: the fields of its section the scenario shares (see
    /// [`Ctx::is_shared`]), handed to each cell's context.
    pub(super) shared: RefCell<Vec<String>>,
}

impl Planner<'_> {
    pub(super) fn need<'s, T>(&self, s: &'s Option<T>, name: &str) -> Result<&'s T, InputError> {
        s.as_ref().ok_or_else(|| {
            // Point at the `kind` line that asks for it, naming the missing section as the field.
            let mut e = self.ctx.err(
                0,
                &["kind"],
                format!("section [{name}] is missing: kind = \"{name}\" reads its settings from it"),
                format!("a [{name}] section"),
            );
            e.field = Some(name.to_string());
            e
        })
    }

    pub(super) fn err(&self, at: &[&str], msg: impl Into<String>, allowed: impl Into<String>) -> InputError {
        self.ctx.err(0, at, msg, allowed)
    }

    /// The resolution section a compare / sweep / paired varies: the one the file writes, else
    /// the system's first. `want_target`: the analysis needs a target field.
    pub(super) fn resolution(&self, kind: &str, want_target: bool) -> Result<Resolution, InputError> {
        let all = crate::system::resolutions(self.system);
        let present: Vec<Resolution> = all.iter().copied().filter(|r| self.doc.contains_key(r.section)).collect();
        let list = || all.iter().map(|r| format!("[{}]", r.section)).collect::<Vec<_>>().join(", ");
        let r = match present.as_slice() {
            [] if kind == "sweep" => {
                return Err(self.err(&["kind"], "a sweep needs the section it varies", format!("one of {}", list())));
            }
            [] => all[0],
            [r] => *r,
            _ => {
                return Err(self.err(
                    &[present[1].section],
                    format!("a {kind} varies one section, and this file has {}", present.len()),
                    format!("one of {}", list()),
                ));
            }
        };
        if want_target && r.target_field.is_empty() {
            return Err(self.err(
                &[r.section],
                format!("a [{}] has no target, so it cannot be a {kind}'s base", r.section),
                all.iter()
                    .filter(|r| !r.target_field.is_empty())
                    .map(|r| format!("[{}]", r.section))
                    .collect::<Vec<_>>()
                    .join(", "),
            ));
        }
        Ok(r)
    }

    /// The resolution section of `doc` (created empty if the file has none).
    pub(super) fn section<'d>(doc: &'d mut Table, r: &Resolution) -> &'d mut Table {
        let v = doc.entry(r.section).or_insert_with(|| Value::Table(Table::new()));
        if !v.is_table() {
            *v = Value::Table(Table::new());
        }
        v.as_table_mut().expect("a table")
    }

    /// The TOML library entry `name` of `table`: from this file, an included file, or the
    /// system's built-ins.
    pub(super) fn entry(&self, table: &str, name: &str) -> Option<Table> {
        if let Some(t) = self.doc.get(table).and_then(|t| t.get(name)).and_then(Value::as_table) {
            return Some(t.clone());
        }
        let base = self.ctx.sources[0].path.parent().map(Path::to_path_buf).unwrap_or_default();
        let includes = self.doc.get("include").and_then(Value::as_array).cloned().unwrap_or_default();
        for inc in includes.iter().filter_map(Value::as_str) {
            let src = Source::read_from(&base.join(inc), self.ctx.embedded.as_deref()).ok()?;
            let lib: Table = toml::from_str(&src.text).ok()?;
            if let Some(t) = lib.get(table).and_then(|t| t.get(name)).and_then(Value::as_table) {
                return Some(t.clone());
            }
        }
        self.system.builtin_entry(table, name)
    }

    /// Every entry name of a library table (this file and its includes).
    pub(super) fn entry_names(&self, table: &str) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        let mut add = |t: &Table| {
            if let Some(x) = t.get(table).and_then(Value::as_table) {
                names.extend(x.keys().cloned());
            }
        };
        add(&self.doc);
        let base = self.ctx.sources[0].path.parent().map(Path::to_path_buf).unwrap_or_default();
        for inc in self.doc.get("include").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str) {
            if let Ok(src) = Source::read_from(&base.join(inc), self.ctx.embedded.as_deref())
                && let Ok(lib) = toml::from_str::<Table>(&src.text)
            {
                add(&lib);
            }
        }
        names
    }

    /// Which of the files read holds library entry `table.name` (0: the scenario itself).
    pub(super) fn entry_file(&self, table: &str, name: &str) -> usize {
        let holds = |t: &Table| t.get(table).and_then(|t| t.get(name)).is_some();
        if holds(&self.doc) {
            return 0;
        }
        (1..self.ctx.sources.len())
            .find(|i| toml::from_str::<Table>(&self.ctx.sources[*i].text).is_ok_and(|t| holds(&t)))
            .unwrap_or(0)
    }

    /// How a library entry is called in reports: its `name`, else its key.
    pub(super) fn display(&self, table: &str, name: &str) -> String {
        self.entry(table, name)
            .and_then(|t| t.get("name").and_then(Value::as_str).map(str::to_string))
            .unwrap_or_else(|| name.to_string())
    }

    /// A value as written in a field (a one-element list counts as its element; a fighter written
    /// inline, `{ card = "batman", … }`, as the card it is).
    pub(super) fn name_in(v: &Value) -> Option<&str> {
        match v {
            Value::String(s) => Some(s),
            Value::Array(a) if a.len() == 1 => a[0].as_str(),
            Value::Table(t) => t.get("card").and_then(Value::as_str),
            _ => None,
        }
    }

    /// Write the entry name `name` into `field` of `sec` the way the field holds one: a
    /// one-element list stays a list, a fighter written inline keeps its other fields and takes
    /// `name` as its card.
    pub(super) fn set_name(sec: &mut Table, field: &str, name: String) {
        let v = Value::String(name);
        match sec.get_mut(field) {
            Some(Value::Table(t)) if t.contains_key("card") => {
                t.insert("card".into(), v);
            }
            Some(Value::Array(_)) => {
                sec.insert(field.into(), Value::Array(vec![v]));
            }
            _ => {
                sec.insert(field.into(), v);
            }
        }
    }

    /// Write a loadout (label removed) into the resolution section; returns its label.
    pub(super) fn apply_loadout(
        &self,
        doc: &mut Table,
        r: &Resolution,
        l: &Table,
        at: &[&str],
    ) -> Result<String, InputError> {
        let mut l = l.clone();
        let label = match l.remove("label") {
            Some(Value::String(s)) => Some(s),
            Some(_) => return Err(self.err(at, "a loadout's `label` is text", "label = \"…\"")),
            None => None,
        };
        if l.is_empty() {
            return Err(self.err(
                at,
                "a loadout sets no field",
                format!("fields of [{}], e.g. {}", r.section, r.loadout_fields.join(", ")),
            ));
        }
        let mut parts = Vec::new();
        for f in r.loadout_fields {
            if let Some(v) = l.get(*f) {
                let shown = match (r.refs.iter().find(|(n, _)| n == f), Self::name_in(v)) {
                    (Some((_, table)), Some(n)) => self.display(table, n),
                    (_, Some(n)) => n.to_string(),
                    _ => v.to_string(),
                };
                parts.push(shown);
            }
        }
        let sec = Self::section(doc, r);
        for (k, v) in l {
            sec.insert(k, v);
        }
        Ok(label.unwrap_or_else(|| parts.join(" + ")))
    }

    /// Build with the section's fields that loadout `l` does not set marked as shared
    /// ([`Ctx::is_shared`]): a system may then let a shared value that cannot apply to this
    /// loadout pass with a note instead of refusing the whole comparison.
    pub(super) fn with_shared<T>(&self, r: &Resolution, l: &Table, build: impl FnOnce() -> T) -> T {
        let base = self.doc.get(r.section).and_then(Value::as_table);
        let shared = base
            .into_iter()
            .flat_map(|b| b.keys())
            .filter(|k| !l.contains_key(k.as_str()))
            .map(|k| format!("{}.{k}", r.section))
            .collect();
        *self.shared.borrow_mut() = shared;
        let out = build();
        self.shared.borrow_mut().clear();
        out
    }

    /// Write a target name into the resolution's target field; returns its display name.
    pub(super) fn apply_target(&self, doc: &mut Table, r: &Resolution, t: &str) -> String {
        let list = doc
            .get(r.section)
            .and_then(|s| s.get(r.target_field))
            .map(Value::is_array)
            .unwrap_or(r.target_field.ends_with('s'));
        let sec = Self::section(doc, r);
        if list && !sec.contains_key(r.target_field) {
            sec.insert(r.target_field.into(), Value::Array(Vec::new()));
        }
        Self::set_name(sec, r.target_field, t.to_string());
        match r.refs.iter().find(|(n, _)| *n == r.target_field) {
            Some((_, table)) => self.display(table, t),
            None => t.to_string(),
        }
    }

    /// A value of the base section that every cell replaces cannot matter: say so (a note, not an
    /// error, so the base may keep a complete one-cell scenario).
    pub(super) fn note_overridden(&self, r: &Resolution, loadouts: &[&Table], kind: &str) {
        if let Some(base) = self.doc.get(r.section).and_then(Value::as_table)
            && base.contains_key(r.target_field)
        {
            self.ctx.note(crate::analysis::scenario::Note::ignored(format!(
                "[{}] `{}` is replaced by each of the {kind}'s targets",
                r.section, r.target_field
            )));
        }
        self.note_overridden_fields(r, loadouts, kind);
    }

    pub(super) fn note_overridden_fields(&self, r: &Resolution, loadouts: &[&Table], kind: &str) {
        let Some(base) = self.doc.get(r.section).and_then(Value::as_table) else { return };
        for k in base.keys().filter(|k| loadouts.iter().all(|l| l.contains_key(k.as_str()))) {
            self.ctx.note(crate::analysis::scenario::Note::ignored(format!(
                "[{}] `{k}` is replaced by every loadout of the {kind}",
                r.section
            )));
        }
    }

    /// Lines every cell's setup shares (the circumstances common to the whole analysis).
    pub(super) fn common_lines(cells: &[&[String]]) -> Vec<String> {
        let Some(first) = cells.first() else { return Vec::new() };
        first.iter().filter(|l| cells.iter().all(|c| c.contains(l))).cloned().collect()
    }
}
