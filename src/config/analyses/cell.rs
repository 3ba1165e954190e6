//! Building one cell and placing its errors: a cell is the user's scenario with what the
//! analysis wrote into it, built by the loader as a file of its own ([`Planner::build`]); an
//! error it finds is moved back to the line and column where the user wrote the value at fault
//! ([`Origin`]), with the words saying which cell broke.

use super::super::ctx::Ctx;
use super::super::source::Source;
use super::SECTIONS;
use super::plan::Planner;
use crate::analysis::scenario::{CellSpec, Note, NoteKind, Scenario};
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
    pub(super) section: &'static Resolution,
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
        for s in SECTIONS {
            doc.remove(s);
        }
        let sc = match self.try_cell(&doc) {
            Ok(sc) => sc,
            Err((e, copy)) => return Err(self.place(e, &copy, &doc, at, what, origins)),
        };
        let is_idle_reading = |n: &Note| n.kind == NoteKind::Ignored && n.text.starts_with("`readings.");
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

    /// Build the cell `doc` (a complete one-kind scenario) through the loader; on error, the
    /// error and the cell's text (its lines are not the user's).
    ///
    /// The one place a cell goes through text: `doc` is written out as TOML and the loader
    /// reads it as it reads any file ([`Loader::build`](super::Loader)), because that is what
    /// a system's `build` reads (`RuleSystem::build` takes the file's text, and each system reads
    /// its own schema from it with positions). The positions matter: [`Planner::place`] finds
    /// where the user wrote the value at fault by the error's field path and tells a key from a
    /// value by comparing the error's line and column with this copy's; a table handed over
    /// without text would carry no positions, and every cell error would lose its column.
    pub(super) fn try_cell(&self, doc: &Table) -> Result<Scenario, (InputError, Source)> {
        let text = toml::to_string(doc).expect("a TOML table serialises");
        let copy = Source { path: self.ctx.sources[0].path.clone(), text };
        let mut sub = Ctx::new(copy.clone(), self.ctx.embedded.clone());
        sub.generic = Some(self.kind);
        (self.loader.build)(&mut sub).map_err(|e| (e, copy))
    }

    /// Where a cell's error belongs in the user's files (see [`Planner::build`]).
    fn place(
        &self,
        e: InputError,
        copy: &Source,
        doc: &Table,
        at: &[&str],
        what: &str,
        origins: &[Origin],
    ) -> InputError {
        let main = &self.ctx.sources[0];
        if e.file.as_deref().is_some_and(|f| f != main.path) {
            // An included file, read unchanged from disk: its line is right.
            return e;
        }
        let allowed = e.allowed.clone().unwrap_or_default();
        // Did the cell point at the key of its field, or at its value? Point the same way.
        let at_key = |f: &str| {
            let k = copy.error_at_key(&segments(f).iter().map(String::as_str).collect::<Vec<_>>(), "", "");
            (k.line, k.column) == (e.line, e.column)
        };
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
                let choices = (n.choices)(self, n.section, &allowed);
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
