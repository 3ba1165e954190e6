//! Building one cell and placing its errors: a cell is the user's scenario with what the
//! analysis wrote into it, a table the loader hands to the system as a scenario of its own
//! ([`Planner::build`]; never written out as text); an error it finds names the field's path,
//! and is moved to the line and column where the user wrote the value at fault ([`Origin`]),
//! with the words saying which cell broke.

use super::super::ctx::Ctx;
use super::super::sections::SECTIONS;
use super::super::source::Source;
use super::plan::Planner;
use crate::analysis::scenario::{CellSpec, Note, Scenario};
use crate::error::InputError;
use crate::system::Resolution;
use toml::{Table, Value};

/// One cell built by the system, with what the planner needs from its one-cell scenario.
pub(super) struct Built1 {
    pub(super) cell: CellSpec,
    pub(super) setup: Vec<String>,
    pub(super) readings: Vec<(&'static str, String)>,
}

/// A value an analysis wrote into a cell, and where the user wrote it: an error the cell
/// finds there is reported at the user's key, not at the analysis's section.
pub(super) struct Origin {
    /// Dotted path in the cell (`attack.weapon`, `duel.b`, `cards.thug~defense=0`); an error
    /// at it or below it belongs to this origin (the longest such path wins).
    pub(super) cell: String,
    /// The file (index in `ctx.sources`) and key path in it (`[i]` segments index arrays).
    pub(super) file: usize,
    pub(super) user: Vec<String>,
    /// Keep the words saying which cell failed: false where the value is wrong in every cell
    /// (a gauntlet fighter's own field, a swept value, which the message then names).
    pub(super) per_cell: bool,
    /// The cell's words for the value and the user's: `defense 0` → `target.defense = 0`.
    pub(super) say: Option<(String, String)>,
    /// The value's name, where the user wrote that too (a sweep parameter).
    pub(super) name: Option<Named>,
}

/// The name of a value an analysis wrote (a sweep's `parameter`): an unknown field at its
/// [`Origin`] itself is the name misspelt, and is reported at the name with what it could be.
pub(super) struct Named {
    /// Where the name is written, and the name as written.
    pub(super) at: Vec<String>,
    pub(super) name: String,
    /// What it is called in the message ("sweep parameter").
    pub(super) called: &'static str,
    /// The section it varies.
    pub(super) section: Resolution,
    /// What it could have been, from the section and the cell's list of the section's fields
    /// (the analysis knows; see `sweep.rs`).
    pub(super) choices: fn(&Planner<'_>, &Resolution, &str) -> String,
}

impl Origin {
    pub(super) fn at<'k>(cell: String, file: usize, user: impl IntoIterator<Item = &'k str>) -> Origin {
        Origin {
            cell,
            file,
            user: user.into_iter().map(str::to_string).collect(),
            per_cell: true,
            say: None,
            name: None,
        }
    }

    /// An error at `field` is about this value (or something inside it).
    fn holds(&self, field: &str) -> bool {
        field == self.cell || field.strip_prefix(self.cell.as_str()).is_some_and(|r| r.starts_with(['.', '[']))
    }
}

/// The segments of a dotted path as an error names it (`loadouts[1].weapon` → `loadouts`,
/// `[1]`, `weapon`).
fn segments(dotted: &str) -> Vec<String> {
    let mut out = Vec::new();
    for part in dotted.split('.').filter(|p| !p.is_empty()) {
        let mut rest = part;
        while let Some(i) = rest.find('[') {
            if i > 0 {
                out.push(rest[..i].to_string());
            }
            let end = rest[i..].find(']').map_or(rest.len(), |e| i + e + 1);
            out.push(rest[i..end].to_string());
            rest = &rest[end..];
        }
        if !rest.is_empty() {
            out.push(rest.to_string());
        }
    }
    out
}

/// The value at `path` (segments, `[i]` for an element) in `t`.
fn value_at<'t>(t: &'t Table, path: &[String]) -> Option<&'t Value> {
    let (first, rest) = path.split_first()?;
    let mut v = t.get(first)?;
    for seg in rest {
        v = match seg.strip_prefix('[').and_then(|s| s.strip_suffix(']')).and_then(|i| i.parse::<usize>().ok()) {
            Some(i) => v.as_array()?.get(i)?,
            None => v.as_table()?.get(seg)?,
        };
    }
    Some(v)
}

impl Planner<'_> {
    /// Build `doc` as a one-kind scenario through the system itself. An error at a value the
    /// user wrote and this cell left as it is (a card's number, a field of the base section) is
    /// reported at that value's own line and column, with `what` (which cell broke) in front.
    /// An error at a value the analysis wrote into the copy (a loadout's field, a target, a swept
    /// number, a balance's fighters) is reported where the user wrote that value, as its
    /// [`Origin`] says (a loadout's key inside `[compare]`, a gauntlet fighter's key in its
    /// included file, the sweep's `from`); only what no origin covers stays at `at`.
    pub(super) fn build(
        &self,
        mut doc: Table,
        kind: &str,
        at: &[&str],
        what: &str,
        origins: &[Origin],
    ) -> Result<Scenario, InputError> {
        doc.insert("kind".into(), Value::String(kind.into()));
        for &s in SECTIONS {
            doc.remove(s);
        }
        let sc = self.try_cell(&doc).map_err(|e| self.place(e, &doc, at, what, origins))?;
        let is_idle_reading = Note::is_idle_reading;
        for n in sc.notes.iter().filter(|n| !is_idle_reading(n)) {
            self.ctx.note(n.clone());
        }
        let mine: Vec<Note> = sc.notes.iter().filter(|n| is_idle_reading(n)).cloned().collect();
        let mut idle = self.idle_readings.borrow_mut();
        *idle = Some(match idle.take() {
            None => mine,
            Some(so_far) => so_far.into_iter().filter(|n| mine.contains(n)).collect(),
        });
        Ok(sc)
    }

    /// Build the cell `doc` (a complete one-kind scenario) through the loader, which hands the
    /// table itself to the system ([`Doc::Cell`](super::super::Doc)): nothing is written out as
    /// TOML and read back. The cell's context names the user's file (includes are found beside
    /// it) but holds no text, so an error in the cell has no line: it names the field's path and
    /// whether it is at the key or the value, and [`Planner::place`] finds the user's line.
    pub(super) fn try_cell(&self, doc: &Table) -> Result<Scenario, InputError> {
        let cell = Source { path: self.ctx.sources[0].path.clone(), text: String::new() };
        let mut sub = Ctx::new(cell, self.ctx.embedded.clone());
        sub.generic = Some(self.kind);
        sub.shared = self.shared.borrow().clone();
        (self.loader.build)(&mut sub, doc)
    }

    /// Where a cell's error belongs in the user's files (see [`Planner::build`]).
    fn place(&self, e: InputError, doc: &Table, at: &[&str], what: &str, origins: &[Origin]) -> InputError {
        let main = &self.ctx.sources[0];
        if e.file.as_deref().is_some_and(|f| f != main.path) {
            // An included file, read unchanged from disk: its line is right.
            return e;
        }
        let allowed = e.allowed.clone().unwrap_or_default();
        // Did the cell point at the key of its field, or at its value? Point the same way. A
        // key that should not be there says so itself; an error about a whole table, an element
        // of a list or a value the cell lacks points where its key is written.
        let at_key = |f: &str| e.at_key || f.ends_with(']') || value_at(doc, &segments(f)).is_none_or(|v| v.is_table());
        if let Some(f) = e.field.as_deref()
            && let Some(o) = origins.iter().filter(|o| o.holds(f)).max_by_key(|o| o.cell.len())
        {
            let mut message = e.message.clone();
            for (cell, user) in origins.iter().filter_map(|o| o.say.as_ref()) {
                if let Some(rest) = message.strip_prefix(cell.as_str()) {
                    message = format!("{user}{rest}");
                }
            }
            let message = Self::no_copy_names(&message, origins);
            let what = if o.per_cell { what } else { "" };
            let src = &self.ctx.sources[o.file];
            if f == o.cell
                && message.starts_with("unknown field")
                && let Some(n) = &o.name
            {
                let name_at: Vec<&str> = n.at.iter().map(String::as_str).collect();
                let choices = (n.choices)(self, &n.section, &allowed);
                return main.error_at(&name_at, format!("{what}unknown {} `{}`", n.called, n.name), choices);
            }
            let mut path = o.user.clone();
            let mut rest = segments(&f[o.cell.len()..]);
            // A one-name list the analysis wrote (`targets = ["thug"]`): its element is the name.
            if path.last().is_some_and(|p| p.starts_with('[')) && rest.first().is_some_and(|r| r == "[0]") {
                rest.remove(0);
            }
            path.extend(rest);
            let path: Vec<&str> = path.iter().map(String::as_str).collect();
            let message = format!("{what}{message}");
            return if at_key(f) {
                src.error_at_key(&path, message, allowed)
            } else {
                src.error_at(&path, message, allowed)
            };
        }
        if let Some(f) = e.field.as_deref()
            && let Some(path) = self.users_own(doc, f, origins)
        {
            // A key of the file itself (`seeds = 3`) is wrong in every cell: no cell to name.
            let what = if path.len() == 1 { "" } else { what };
            return if at_key(f) {
                main.error_at_key(&path, format!("{what}{}", e.message), allowed)
            } else {
                self.err(&path, format!("{what}{}", e.message), allowed)
            };
        }
        let field = e.field.as_deref().map(|f| format!("field `{f}`: ")).unwrap_or_default();
        self.err(at, Self::no_copy_names(&format!("{what}{field}{}", e.message), origins), allowed)
    }

    /// `text` with a sweep's internal copy names (`thug~defense=0`) back to the entry's own.
    fn no_copy_names(text: &str, origins: &[Origin]) -> String {
        let mut text = text.to_string();
        for (copy, entry) in origins.iter().filter_map(|o| o.say.as_ref()).filter(|(c, _)| c.contains('~')) {
            text = text.replace(copy, entry);
        }
        text
    }

    /// The key path of `field` (dotted) when the cell `doc` holds there exactly what the user's
    /// file holds and the analysis did not write it: the value at fault is then the user's own.
    fn users_own<'f>(&self, doc: &Table, field: &'f str, written: &[Origin]) -> Option<Vec<&'f str>> {
        if field.is_empty() || field.contains('[') || written.iter().any(|o| o.holds(field)) {
            return None;
        }
        let path: Vec<&str> = field.split('.').collect();
        let at = |t: &Table| -> Option<Value> {
            let (last, parents) = path.split_last()?;
            let mut t = t;
            for p in parents {
                t = t.get(*p)?.as_table()?;
            }
            t.get(*last).cloned()
        };
        match (at(doc), at(&self.doc)) {
            (Some(cell), Some(user)) if cell == user => Some(path),
            _ => None,
        }
    }

    /// The fields of section `r` a loadout writes into a cell, each from its key under `at` in
    /// the scenario (`compare.loadouts[1].weapon`).
    pub(super) fn loadout_origins(r: &Resolution, l: &Table, at: &[&str]) -> Vec<Origin> {
        l.keys().map(|k| Origin::at(format!("{}.{k}", r.section), 0, at.iter().copied().chain([k.as_str()]))).collect()
    }

    /// [`Planner::build`] that must give exactly one cell.
    pub(super) fn build1(
        &self,
        doc: Table,
        kind: &str,
        at: &[&str],
        what: &str,
        origins: &[Origin],
    ) -> Result<Built1, InputError> {
        let sc = self.build(doc, kind, at, what, origins)?;
        if sc.cells.len() != 1 {
            return Err(self.err(
                at,
                format!(
                    "{what}the [{kind}] it builds has {} cells; each cell of a {} must be one resolution",
                    sc.cells.len(),
                    self.kind
                ),
                format!("one value in each list of [{kind}]"),
            ));
        }
        let mut cells = sc.cells;
        Ok(Built1 { cell: cells.pop().expect("one cell"), setup: sc.setup, readings: sc.readings })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No cell goes through text: the analyses hand each cell's table to the system
    /// ([`Planner::try_cell`], `Doc::Cell`), and none of them writes TOML out to read it back.
    #[test]
    fn no_cell_is_written_out_as_toml() {
        let files = [
            ("mod.rs", include_str!("mod.rs")),
            ("cell.rs", include_str!("cell.rs")),
            ("plan.rs", include_str!("plan.rs")),
            ("compare.rs", include_str!("compare.rs")),
            ("sweep.rs", include_str!("sweep.rs")),
            ("paired.rs", include_str!("paired.rs")),
            ("balance.rs", include_str!("balance.rs")),
        ];
        for (name, code) in files {
            for call in [concat!("toml::", "to_string"), concat!("toml::", "ser"), concat!(".", "to_string_pretty(")] {
                assert!(!code.contains(call), "{name} calls `{call}`");
            }
        }
    }

    #[test]
    fn values_are_found_by_their_error_path() {
        let t: Table = toml::from_str("[attack]\ntargets = [\"thug\"]\n[cards.thug]\ndefense = 3\n").unwrap();
        let at = |p: &str| value_at(&t, &segments(p)).cloned();
        assert_eq!(at("attack.targets[0]"), Some(Value::String("thug".into())));
        assert_eq!(at("cards.thug.defense"), Some(Value::Integer(3)));
        assert!(at("cards.thug").is_some_and(|v| v.is_table()));
        assert_eq!(at("attack.targets[1]"), None);
        assert_eq!(at("attack.weapon"), None);
    }
}
