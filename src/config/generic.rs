//! The generic analyses, written once for every rule system: `compare` (loadouts × targets),
//! `sweep` (any number of a card, weapon or circumstance, over one or two dimensions), `paired`
//! (two loadouts on common random numbers) and `balance` (a candidate against a gauntlet).
//!
//! They never look inside a system's trials. Each cell is the system's own single-resolution
//! scenario (or its duel) with the scenario's TOML changed: a loadout's fields written into the
//! resolution section, a target's name into its target field, a swept number into the section or
//! into a copy of the library entry a field names. The system then builds that cell exactly as it
//! would build a one-cell scenario, with every check it makes, so a generic analysis can never
//! disagree with the single resolution it repeats. What a system must describe is data: its
//! [`Resolution`] sections and its [`DuelDef`] (see `crate::system`).

use super::ctx::{Built, Ctx, cell};
use super::source::Source;
use super::{MAX_CELLS, Overrides};
use crate::analysis::paired::{Measure, Paired};
use crate::analysis::scenario::{BalanceLayout, BalanceRow, CellSpec, Kind, Layout, Note, NoteKind, Scenario};
use crate::error::InputError;
use crate::system::{DuelDef, Resolution, RuleSystem};
use serde::Deserialize;
use serde_json::json;
use std::cell::RefCell;
use std::path::Path;
use toml::{Table, Value};

/// The generic sections, read strictly (the rest of the file is the system's).
#[derive(Debug, Default, Deserialize)]
struct Sections {
    compare: Option<CompareSpec>,
    sweep: Option<SweepSpec>,
    paired: Option<PairedSpec>,
    balance: Option<BalanceSpec>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a [compare] table with loadouts, targets")]
struct CompareSpec {
    /// Each loadout: an optional `label` and fields of the resolution section.
    loadouts: Vec<Table>,
    /// Names for the resolution's target field.
    targets: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a [sweep.y] table with parameter, values, from, to, step")]
struct Axis {
    parameter: String,
    values: Option<Vec<i64>>,
    from: Option<i64>,
    to: Option<i64>,
    step: Option<i64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a [sweep] table with parameter, values, from, to, step, y")]
struct SweepSpec {
    parameter: String,
    values: Option<Vec<i64>>,
    from: Option<i64>,
    to: Option<i64>,
    step: Option<i64>,
    /// A second parameter: a two-dimensional sweep (one cell per pair, drawn as heatmaps).
    y: Option<Axis>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a [paired] table with a, b, target, measure")]
struct PairedSpec {
    a: Table,
    b: Table,
    target: Option<String>,
    measure: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a [balance] table with candidate, gauntlet, rounds, peer_band, outlier_threshold")]
struct BalanceSpec {
    candidate: Table,
    gauntlet: Option<Vec<String>>,
    rounds: Option<i64>,
    peer_band: Option<f64>,
    outlier_threshold: Option<f64>,
}

/// Most loadouts or targets in a comparison, and most values on one sweep axis.
const MAX_LIST: usize = 20;
const MAX_AXIS: usize = 50;

/// Build a generic kind's cells for `system`.
pub(crate) fn plan(
    ctx: &mut Ctx,
    registry: &[&'static dyn RuleSystem],
    system: &'static dyn RuleSystem,
    kind: Kind,
    text: &str,
    setup: &mut Vec<String>,
) -> Result<Built, InputError> {
    let sections: Sections =
        toml::from_str(text).map_err(|e| super::first_read_error(registry, &ctx.sources[0], &e))?;
    let doc: Table = toml::from_str(text).map_err(|e| super::first_read_error(registry, &ctx.sources[0], &e))?;
    // The cells read the included files themselves; the outer scenario records them too, so a
    // shard's partial result carries every file `merge` needs.
    let base = ctx.sources[0].path.parent().map(Path::to_path_buf).unwrap_or_default();
    ctx.limit_includes(doc.get("include").and_then(Value::as_array).map_or(0, Vec::len))?;
    for inc in doc.get("include").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str) {
        let path = base.join(inc);
        if ctx.sources.iter().any(|s| s.path == path) {
            continue;
        }
        let src = Source::read_from(&path, ctx.embedded.as_deref()).map_err(|e| {
            ctx.err(
                0,
                &["include"],
                format!("cannot read included file {}: {}", path.display(), e.message),
                "paths relative to the scenario file",
            )
        })?;
        ctx.keep_source(src)?;
    }
    let p = Planner { ctx, registry, system, doc, kind: kind.name(), idle_readings: RefCell::new(None) };
    let built = match kind.name() {
        "compare" => p.compare(p.need(&sections.compare, "compare")?, setup),
        "sweep" => p.sweep(p.need(&sections.sweep, "sweep")?, setup),
        "paired" => p.paired(p.need(&sections.paired, "paired")?, setup),
        "balance" => p.balance(p.need(&sections.balance, "balance")?, setup),
        other => unreachable!("`{other}` is not a generic kind"),
    }?;
    for n in p.idle_readings.take().unwrap_or_default() {
        p.ctx.note(n);
    }
    for s in ["compare", "sweep", "paired", "balance"] {
        if s != kind.name() && p.doc.contains_key(s) {
            return Err(p.ctx.err(
                0,
                &[s],
                format!("section [{s}] is not used by kind = \"{}\"", kind.name()),
                format!("sections for this kind: [{}] and the system's sections", kind.name()),
            ));
        }
    }
    if built.0.len() > MAX_CELLS {
        return Err(p.ctx.err(
            0,
            &[kind.name()],
            format!("this scenario has {} cells", built.0.len()),
            format!("at most {MAX_CELLS}"),
        ));
    }
    Ok(built)
}

struct Planner<'a> {
    ctx: &'a mut Ctx,
    /// The systems this load knows: each cell is built through them again.
    registry: &'a [&'static dyn RuleSystem],
    system: &'static dyn RuleSystem,
    /// The scenario file as TOML; each cell is a changed copy.
    doc: Table,
    /// The generic kind being built.
    kind: &'static str,
    /// "Ignored" notes on `[readings]` switches that every cell built so far gave (`None` before
    /// the first cell). A switch is idle for the scenario only if it is idle in every cell: one
    /// cell that cannot use it (two guns in a balance pair) must not call it idle when another
    /// cell's numbers rest on it.
    idle_readings: RefCell<Option<Vec<Note>>>,
}

/// One cell built by the system, with what the planner needs from its one-cell scenario.
struct Built1 {
    cell: CellSpec,
    setup: Vec<String>,
    readings: Vec<(&'static str, String)>,
}

/// A value an analysis wrote into a cell, and where the user wrote it: an error the cell
/// finds there is reported at the user's key, not at the analysis's section.
struct Origin {
    /// Dotted path in the cell (`attack.weapon`, `duel.b`, `cards.thug~defense=0`); an error
    /// at it or below it belongs to this origin (the longest such path wins).
    cell: String,
    /// The file (index in `ctx.sources`) and key path in it (`[i]` segments index arrays).
    file: usize,
    user: Vec<String>,
    /// Keep the words saying which cell failed: false where the value is wrong in every cell
    /// (a gauntlet fighter's own field, a swept value, which the message then names).
    per_cell: bool,
    /// The cell's words for the value and the user's: `defense 0` → `target.defense = 0`.
    say: Option<(String, String)>,
    /// For an unknown field at `cell` itself (a misspelt sweep parameter): where its name is
    /// written, the section it varies, and the name as written.
    name: Option<(Vec<String>, &'static Resolution, String)>,
    /// What that name is called ("sweep parameter").
    called: &'static str,
}

impl Origin {
    fn at<'k>(cell: String, file: usize, user: impl IntoIterator<Item = &'k str>) -> Origin {
        Origin {
            cell,
            file,
            user: user.into_iter().map(str::to_string).collect(),
            per_cell: true,
            say: None,
            name: None,
            called: "field",
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
    fn need<'s, T>(&self, s: &'s Option<T>, name: &str) -> Result<&'s T, InputError> {
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

    fn err(&self, at: &[&str], msg: impl Into<String>, allowed: impl Into<String>) -> InputError {
        self.ctx.err(0, at, msg, allowed)
    }

    /// The resolution section a compare / sweep / paired varies: the one the file writes, else
    /// the system's first. `want_target`: the analysis needs a target field.
    fn resolution(&self, kind: &str, want_target: bool) -> Result<&'static Resolution, InputError> {
        let all = self.system.resolutions();
        let present: Vec<&'static Resolution> = all.iter().filter(|r| self.doc.contains_key(r.section)).collect();
        let list = || all.iter().map(|r| format!("[{}]", r.section)).collect::<Vec<_>>().join(", ");
        let r = match present.as_slice() {
            [] if kind == "sweep" => {
                return Err(self.err(&["kind"], "a sweep needs the section it varies", format!("one of {}", list())));
            }
            [] => &all[0],
            [r] => r,
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
    fn section<'d>(doc: &'d mut Table, r: &Resolution) -> &'d mut Table {
        let v = doc.entry(r.section).or_insert_with(|| Value::Table(Table::new()));
        if !v.is_table() {
            *v = Value::Table(Table::new());
        }
        v.as_table_mut().expect("a table")
    }

    /// Build `doc` as a one-kind scenario through the system itself. An error at a value the
    /// user wrote and this cell left as it is (a card's number, a field of the base section) is
    /// reported at that value's own line and column, with `what` (which cell broke) in front.
    /// An error at a value the analysis wrote into the copy (a loadout's field, a target, a swept
    /// number, a balance's fighters) is reported where the user wrote that value, as its
    /// [`Origin`] says (a loadout's key inside `[compare]`, a gauntlet fighter's key in its
    /// included file, the sweep's `from`); only what no origin covers stays at `at`.
    fn build(
        &self,
        mut doc: Table,
        kind: &str,
        at: &[&str],
        what: &str,
        origins: &[Origin],
    ) -> Result<Scenario, InputError> {
        doc.insert("kind".into(), Value::String(kind.into()));
        for s in ["compare", "sweep", "paired", "balance"] {
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

    /// Build the cell `doc` (a complete one-kind scenario) through the system; on error, the
    /// error and the cell's text (its lines are not the user's).
    fn try_cell(&self, doc: &Table) -> Result<Scenario, (InputError, Source)> {
        let text = toml::to_string(doc).expect("a TOML table serialises");
        let main = &self.ctx.sources[0];
        let copy = Source { path: main.path.clone(), text };
        let mut sub = Ctx::new(copy.clone(), self.ctx.embedded.clone());
        sub.generic = Some(self.kind);
        super::build(self.registry, &main.path, &Overrides::default(), &mut sub).map_err(|e| (e, copy))
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
                && let Some((name_at, r, param)) = &o.name
            {
                let name_at: Vec<&str> = name_at.iter().map(String::as_str).collect();
                let choices = self.sweep_choices(r, &allowed);
                return main.error_at(&name_at, format!("{what}unknown {} `{param}`", o.called), choices);
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
    fn loadout_origins(r: &Resolution, l: &Table, at: &[&str]) -> Vec<Origin> {
        l.keys().map(|k| Origin::at(format!("{}.{k}", r.section), 0, at.iter().copied().chain([k.as_str()]))).collect()
    }

    /// [`Planner::build`] that must give exactly one cell.
    fn build1(
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

    /// The TOML library entry `name` of `table`: from this file, an included file, or the
    /// system's built-ins.
    fn entry(&self, table: &str, name: &str) -> Option<Table> {
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
    fn entry_names(&self, table: &str) -> Vec<String> {
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
    fn entry_file(&self, table: &str, name: &str) -> usize {
        let holds = |t: &Table| t.get(table).and_then(|t| t.get(name)).is_some();
        if holds(&self.doc) {
            return 0;
        }
        (1..self.ctx.sources.len())
            .find(|i| toml::from_str::<Table>(&self.ctx.sources[*i].text).is_ok_and(|t| holds(&t)))
            .unwrap_or(0)
    }

    /// Where the user wrote what a sweep cell swept on axis `a` (`at`: "" or "y"): the value
    /// `v` (an element of `values`, else `from` or `to`), and the parameter's name. The swept
    /// number lands in the section, or in a copy of the entry a section field names
    /// (`cards.thug~defense=0`): an error there is told with the parameter as the user wrote it
    /// (`target.defense = 0 is out of range`), and an error elsewhere in the copy at the entry's
    /// own key, never with the copy's internal name.
    fn sweep_origins(&self, r: &'static Resolution, doc: &Table, a: &Axis, at: &str, v: i64) -> Vec<Origin> {
        let base: Vec<&str> = if at.is_empty() { vec!["sweep"] } else { vec!["sweep", at] };
        let index;
        let value_at: Vec<&str> = match (&a.values, a.from) {
            (Some(values), _) => {
                index = format!("[{}]", values.iter().position(|x| *x == v).unwrap_or(0));
                [base.as_slice(), &["values", &index]].concat()
            }
            (None, Some(from)) if from == v => [base.as_slice(), &["from"]].concat(),
            _ => [base.as_slice(), &["to"]].concat(),
        };
        let param = &a.parameter;
        let name_at: Vec<String> = base.iter().map(|s| s.to_string()).chain(["parameter".to_string()]).collect();
        let swept = |cell: String, sub: &str| Origin {
            per_cell: false,
            say: Some((format!("{sub} {v}"), format!("{param} = {v}"))),
            name: Some((name_at.clone(), r, param.clone())),
            called: "sweep parameter",
            ..Origin::at(cell, 0, value_at.iter().copied())
        };
        let Some((field, sub)) = param.split_once('.') else {
            return vec![swept(format!("{}.{param}", r.section), param)];
        };
        let Some(copy) = doc.get(r.section).and_then(|s| s.get(field)).and_then(Self::name_in) else {
            return Vec::new();
        };
        let (Some((_, table)), Some((entry, _))) = (r.refs.iter().find(|(f, _)| *f == field), copy.split_once('~'))
        else {
            return Vec::new();
        };
        let mut whole = Origin::at(format!("{table}.{copy}"), self.entry_file(table, entry), [*table, entry]);
        whole.say = Some((copy.to_string(), entry.to_string()));
        vec![swept(format!("{table}.{copy}.{sub}"), sub), whole]
    }

    /// What a sweep of section `r` may name as its parameter, for a misspelt one: the numbers
    /// this file sets ([`Planner::sweepable`]), and the other fields of the section
    /// (`schema`: the section's field list, from the cell's own error) that take a number, as
    /// the system itself says when one is set to 0.
    fn sweep_choices(&self, r: &Resolution, schema: &str) -> String {
        let set = self.sweepable(r);
        let mut more = Vec::new();
        for f in schema.split('`').skip(1).step_by(2) {
            if set.iter().any(|s| s == f) || r.refs.iter().any(|(n, _)| *n == f) {
                continue;
            }
            let mut doc = self.doc.clone();
            doc.insert("kind".into(), Value::String(r.kind.into()));
            for s in ["compare", "sweep", "paired", "balance"] {
                doc.remove(s);
            }
            Self::section(&mut doc, r).insert(f.into(), Value::Integer(0));
            let takes_number = match self.try_cell(&doc) {
                Ok(_) => true,
                Err((e, _)) => !(e.message.starts_with("invalid type") || e.message.starts_with("unknown field")),
            };
            if takes_number {
                more.push(f);
            }
        }
        let list = |v: &mut dyn Iterator<Item = &str>| v.map(|p| format!("`{p}`")).collect::<Vec<_>>().join(", ");
        match (set.is_empty(), more.is_empty()) {
            (false, false) => format!(
                "numbers this file sets: {}; other number fields of [{}]: {}",
                list(&mut set.iter().map(String::as_str)),
                r.section,
                list(&mut more.into_iter())
            ),
            (false, true) => list(&mut set.iter().map(String::as_str)),
            (true, false) => format!("number fields of [{}]: {}", r.section, list(&mut more.into_iter())),
            (true, true) => format!("a field of [{}] or `FIELD.NUMBER` of an entry it names", r.section),
        }
    }

    /// How a library entry is called in reports: its `name`, else its key.
    fn display(&self, table: &str, name: &str) -> String {
        self.entry(table, name)
            .and_then(|t| t.get("name").and_then(Value::as_str).map(str::to_string))
            .unwrap_or_else(|| name.to_string())
    }

    /// A value as written in a field (a one-element list counts as its element).
    fn name_in(v: &Value) -> Option<&str> {
        match v {
            Value::String(s) => Some(s),
            Value::Array(a) if a.len() == 1 => a[0].as_str(),
            _ => None,
        }
    }

    /// Write a loadout (label removed) into the resolution section; returns its label.
    fn apply_loadout(&self, doc: &mut Table, r: &Resolution, l: &Table, at: &[&str]) -> Result<String, InputError> {
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

    /// Write a target name into the resolution's target field; returns its display name.
    fn apply_target(&self, doc: &mut Table, r: &Resolution, t: &str) -> String {
        let list = doc
            .get(r.section)
            .and_then(|s| s.get(r.target_field))
            .map(Value::is_array)
            .unwrap_or(r.target_field.ends_with('s'));
        let v = Value::String(t.to_string());
        Self::section(doc, r).insert(r.target_field.into(), if list { Value::Array(vec![v]) } else { v });
        match r.refs.iter().find(|(n, _)| *n == r.target_field) {
            Some((_, table)) => self.display(table, t),
            None => t.to_string(),
        }
    }

    /// A value of the base section that every cell replaces cannot matter: say so (a note, not an
    /// error, so the base may keep a complete one-cell scenario).
    fn note_overridden(&self, r: &Resolution, loadouts: &[&Table], kind: &str) {
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

    fn note_overridden_fields(&self, r: &Resolution, loadouts: &[&Table], kind: &str) {
        let Some(base) = self.doc.get(r.section).and_then(Value::as_table) else { return };
        for k in base.keys().filter(|k| loadouts.iter().all(|l| l.contains_key(k.as_str()))) {
            self.ctx.note(crate::analysis::scenario::Note::ignored(format!(
                "[{}] `{k}` is replaced by every loadout of the {kind}",
                r.section
            )));
        }
    }

    /// Lines every cell's setup shares (the circumstances common to the whole analysis).
    fn common_lines(cells: &[&[String]]) -> Vec<String> {
        let Some(first) = cells.first() else { return Vec::new() };
        first.iter().filter(|l| cells.iter().all(|c| c.contains(l))).cloned().collect()
    }

    fn compare(&self, c: &CompareSpec, setup: &mut Vec<String>) -> Result<Built, InputError> {
        let r = self.resolution("compare", true)?;
        if c.loadouts.is_empty() || c.loadouts.len() > MAX_LIST {
            return Err(self.err(
                &["compare", "loadouts"],
                format!("{} loadouts given", c.loadouts.len()),
                format!("1..={MAX_LIST} loadouts"),
            ));
        }
        if c.targets.is_empty() || c.targets.len() > MAX_LIST {
            return Err(self.err(
                &["compare", "targets"],
                format!("{} targets given", c.targets.len()),
                format!("1..={MAX_LIST} names"),
            ));
        }
        self.note_overridden(r, &c.loadouts.iter().collect::<Vec<_>>(), "compare");
        let mut labels: Vec<String> = Vec::new();
        let mut target_labels = Vec::new();
        let mut cells = Vec::new();
        let mut setups = Vec::new();
        let mut readings = Vec::new();
        for (li, l) in c.loadouts.iter().enumerate() {
            let mut base = self.doc.clone();
            let label = self.apply_loadout(&mut base, r, l, &["compare", "loadouts"])?;
            if labels.contains(&label) {
                return Err(self.err(
                    &["compare", "loadouts"],
                    format!("two loadouts are labelled `{label}`"),
                    "distinct labels",
                ));
            }
            for (ti, t) in c.targets.iter().enumerate() {
                let mut doc = base.clone();
                let t_label = self.apply_target(&mut doc, r, t);
                if li == 0 {
                    target_labels.push(t_label.clone());
                }
                let (li, ti) = (format!("[{li}]"), format!("[{ti}]"));
                let mut origins = Self::loadout_origins(r, l, &["compare", "loadouts", &li]);
                origins.push(Origin::at(format!("{}.{}", r.section, r.target_field), 0, ["compare", "targets", &ti]));
                let b = self.build1(doc, r.kind, &["compare"], &format!("loadout `{label}` vs `{t}`: "), &origins)?;
                readings = b.readings;
                setups.push(b.setup);
                cells.push(cell(
                    &format!("{label} vs {t_label}"),
                    vec![("loadout".into(), json!(label)), ("target".into(), json!(t_label))],
                    b.cell.trial,
                ));
            }
            labels.push(label);
        }
        setup.push(format!("Loadouts: {}", labels.join("; ")));
        setup.push(format!("Targets: {}", target_labels.join("; ")));
        setup.extend(Self::common_lines(&setups.iter().map(Vec::as_slice).collect::<Vec<_>>()));
        Ok((cells, Layout::Compare { loadouts: labels, targets: target_labels }, readings))
    }

    /// The values of one sweep axis.
    fn axis_values(&self, a: &Axis, at: &str) -> Result<Vec<i64>, InputError> {
        let path =
            |f: &'static str| -> Vec<&str> { if at.is_empty() { vec!["sweep", f] } else { vec!["sweep", at, f] } };
        let values: Vec<i64> = match (&a.values, a.from, a.to) {
            (Some(v), None, None) if a.step.is_none() => v.clone(),
            (None, Some(from), Some(to)) => {
                let step = a.step.unwrap_or(1);
                if step <= 0 {
                    return Err(self.err(&path("step"), format!("step {step} must be positive"), "1.."));
                }
                if to < from {
                    return Err(self.err(
                        &path("to"),
                        format!("`to` {to} is below `from` {from}"),
                        format!("{from}.."),
                    ));
                }
                // Count the values before building them: `to = 9223372036854775807` must be a
                // one-line error, not a 70-exabyte allocation. i128 so `to - from` cannot overflow.
                let count = (i128::from(to) - i128::from(from)) / i128::from(step) + 1;
                if count > MAX_AXIS as i128 {
                    return Err(self.err(
                        &path("to"),
                        format!(
                            "`from` {from} to `to` {to} in steps of {step} would be {} values",
                            crate::text::count(count.min(u64::MAX as i128) as u64)
                        ),
                        format!("at most {MAX_AXIS} values: raise `step` or narrow `from`..`to`"),
                    ));
                }
                (from..=to).step_by(step as usize).collect()
            }
            _ => {
                return Err(self.err(
                    &path("parameter")[..path("parameter").len() - 1],
                    "give either `values = [...]` or `from`, `to` (and optional `step`)",
                    "values, or from/to/step",
                ));
            }
        };
        if values.is_empty() || values.len() > MAX_AXIS {
            return Err(self.err(
                &path("values"),
                format!("{} values given", values.len()),
                format!("1..={MAX_AXIS} values"),
            ));
        }
        Ok(values)
    }

    /// What a sweep of this section may vary: its numeric fields, and the numeric fields of the
    /// library entries its fields name (`attacker.strength`).
    fn sweepable(&self, r: &Resolution) -> Vec<String> {
        let mut out = Vec::new();
        let sec = self.doc.get(r.section).and_then(Value::as_table).cloned().unwrap_or_default();
        for (k, v) in &sec {
            if v.is_integer() || v.as_array().is_some_and(|a| a.len() == 1 && a[0].is_integer()) {
                out.push(k.clone());
            }
            if let (Some((_, table)), Some(n)) = (r.refs.iter().find(|(f, _)| f == k), Self::name_in(v))
                && let Some(e) = self.entry(table, n)
            {
                out.extend(e.iter().filter(|(_, v)| v.is_integer()).map(|(f, _)| format!("{k}.{f}")));
            }
        }
        out
    }

    /// Set `param = value` in `doc`: a field of the resolution section, or (`ref.field`) a field of
    /// the library entry a section field names, on a copy so other uses of that entry keep theirs.
    fn patch(&self, doc: &mut Table, r: &Resolution, param: &str, value: i64, at: &[&str]) -> Result<(), InputError> {
        if self.system.sweep_special(Self::section(doc, r), param, value) {
            return Ok(());
        }
        let unknown = |why: String| {
            self.err(at, why, {
                let s = self.sweepable(r);
                if s.is_empty() {
                    format!("a field of [{}] or `FIELD.NUMBER` of an entry it names", r.section)
                } else {
                    s.iter().map(|p| format!("`{p}`")).collect::<Vec<_>>().join(", ")
                }
            })
        };
        match param.split_once('.') {
            None => {
                if r.refs.iter().any(|(f, _)| *f == param) {
                    return Err(unknown(format!("`{param}` names a library entry, not a number")));
                }
                // A one-value list (Wolsung's `distances = [12]`) stays a list.
                let sec = Self::section(doc, r);
                let v = Value::Integer(value);
                let list = sec.get(param).is_some_and(Value::is_array);
                sec.insert(param.into(), if list { Value::Array(vec![v]) } else { v });
            }
            Some((field, sub)) => {
                let Some((_, table)) = r.refs.iter().find(|(f, _)| *f == field) else {
                    return Err(unknown(format!(
                        "`{field}` is not a field of [{}] that names a library entry",
                        r.section
                    )));
                };
                let sec = Self::section(doc, r);
                let Some(name) = sec.get(field).and_then(Self::name_in).map(str::to_string) else {
                    return Err(unknown(format!("[{}] `{field}` does not name one entry", r.section)));
                };
                // The entry as this cell sees it (an earlier axis may have copied it already).
                let mut entry = match doc.get(*table).and_then(|t| t.get(&name)).and_then(Value::as_table) {
                    Some(e) => e.clone(),
                    None => self.entry(table, &name).ok_or_else(|| unknown(format!("no `{name}` in [{table}]")))?,
                };
                if !entry.get(sub).is_none_or(Value::is_integer) {
                    return Err(unknown(format!("`{field}.{sub}` is not a number")));
                }
                entry.insert(sub.into(), Value::Integer(value));
                let copy = format!("{name}~{sub}={value}");
                let lib = doc.entry(*table).or_insert_with(|| Value::Table(Table::new()));
                lib.as_table_mut().expect("a library table").insert(copy.clone(), Value::Table(entry));
                let sec = Self::section(doc, r);
                let v = Value::String(copy);
                let list = sec.get(field).is_some_and(Value::is_array);
                sec.insert(field.into(), if list { Value::Array(vec![v]) } else { v });
            }
        }
        Ok(())
    }

    fn sweep(&self, s: &SweepSpec, setup: &mut Vec<String>) -> Result<Built, InputError> {
        let r = self.resolution("sweep", false)?;
        let x = Axis { parameter: s.parameter.clone(), values: s.values.clone(), from: s.from, to: s.to, step: s.step };
        let xs = self.axis_values(&x, "")?;
        let y = match &s.y {
            Some(a) => Some((a.parameter.clone(), self.axis_values(a, "y")?)),
            None => None,
        };
        if let Some((yp, ys)) = &y {
            if *yp == s.parameter {
                return Err(self.err(
                    &["sweep", "y", "parameter"],
                    "both axes sweep the same parameter",
                    "two different parameters",
                ));
            }
            if xs.len() * ys.len() > MAX_CELLS {
                return Err(self.err(
                    &["sweep", "y", "values"],
                    format!("{} × {} = {} cells", xs.len(), ys.len(), xs.len() * ys.len()),
                    format!("at most {MAX_CELLS}"),
                ));
            }
        }
        let base = self.build1(self.doc.clone(), r.kind, &[r.section], "", &[])?;
        let ys: Vec<Option<i64>> = match &y {
            Some((_, v)) => v.iter().copied().map(Some).collect(),
            None => vec![None],
        };
        let mut cells = Vec::new();
        let mut setups = Vec::new();
        for &xv in &xs {
            for &yv in &ys {
                let mut doc = self.doc.clone();
                self.patch(&mut doc, r, &s.parameter, xv, &["sweep", "parameter"])?;
                let mut label = format!("{} = {xv}", s.parameter);
                let mut params = vec![(s.parameter.clone(), json!(xv))];
                if let (Some((yp, _)), Some(yv)) = (&y, yv) {
                    self.patch(&mut doc, r, yp, yv, &["sweep", "y", "parameter"])?;
                    label = format!("{label}, {yp} = {yv}");
                    params.push((yp.clone(), json!(yv)));
                }
                let mut origins = self.sweep_origins(r, &doc, &x, "", xv);
                if let (Some(a), Some(yv)) = (&s.y, yv) {
                    origins.extend(self.sweep_origins(r, &doc, a, "y", yv));
                }
                let b = self.build1(doc, r.kind, &["sweep", "values"], &format!("sweep {label}: "), &origins)?;
                setups.push(b.setup);
                cells.push(cell(&label, params, b.cell.trial));
            }
        }
        // The lines every cell shares (a line that names the swept value would mislead).
        *setup = Self::common_lines(&setups.iter().map(Vec::as_slice).collect::<Vec<_>>());
        match y {
            None => {
                self.ctx.note_constant_sweep(&s.parameter, &cells, "");
                Ok((cells, Layout::Sweep { parameter: s.parameter.clone(), values: xs }, base.readings))
            }
            Some((yp, yv)) => Ok((cells, Layout::Sweep2 { x: s.parameter.clone(), xs, y: yp, ys: yv }, base.readings)),
        }
    }

    fn paired(&self, p: &PairedSpec, setup: &mut Vec<String>) -> Result<Built, InputError> {
        let r = self.resolution("paired", true)?;
        if p.target.is_some() {
            self.note_overridden(r, &[&p.a, &p.b], "paired");
        } else {
            self.note_overridden_fields(r, &[&p.a, &p.b], "paired");
        }
        let mut built = Vec::new();
        let mut labels = Vec::new();
        let mut target_label = String::new();
        for (side, l) in [("a", &p.a), ("b", &p.b)] {
            let mut doc = self.doc.clone();
            let label = self.apply_loadout(&mut doc, r, l, &["paired", side])?;
            if let Some(t) = &p.target {
                target_label = self.apply_target(&mut doc, r, t);
            }
            let what = format!("loadout {} (`{label}`): ", side.to_uppercase());
            let mut origins = Self::loadout_origins(r, l, &["paired", side]);
            if p.target.is_some() {
                origins.push(Origin::at(format!("{}.{}", r.section, r.target_field), 0, ["paired", "target"]));
            }
            built.push(self.build1(doc, r.kind, &["paired", side], &what, &origins)?);
            labels.push(label);
        }
        if labels[0] == labels[1] {
            return Err(self.err(
                &["paired", "b"],
                format!("both loadouts are labelled `{}`", labels[0]),
                "distinct labels",
            ));
        }
        let (ta, tb) = (&built[0].cell.trial, &built[1].cell.trial);
        let (sa, sb) = (ta.shape(), tb.shape());
        let name =
            p.measure.clone().unwrap_or_else(|| ta.headline_metrics().first().copied().unwrap_or("").to_string());
        let allowed = || {
            let mut names: Vec<String> = sa.metrics.iter().map(|(n, _)| format!("`{n}`")).collect();
            names.extend(sa.events.iter().map(|n| format!("`{n}`")));
            names.extend(
                self.system.measure_aliases().iter().map(|(n, parts)| format!("`{n}` ({})", parts.join(" + "))),
            );
            names.join(", ")
        };
        let measure = |s: &crate::engine::Shape| match self.system.measure_aliases().iter().find(|(n, _)| *n == name) {
            Some((_, parts)) => Measure::sum(s, parts),
            None => Measure::named(s, &name),
        };
        let (ma, mb) = match (measure(&sa), measure(&sb)) {
            (Some(a), Some(b)) => (a, b),
            _ => return Err(self.err(&["paired", "measure"], format!("unknown measure `{name}`"), allowed())),
        };
        if ma != mb {
            return Err(self.err(
                &["paired", "measure"],
                format!("`{name}` is not the same quantity for both loadouts"),
                "a measure both resolutions report",
            ));
        }
        setup.push(format!("A: {}", labels[0]));
        setup.push(format!("B: {}", labels[1]));
        if !target_label.is_empty() {
            setup.push(format!("Target: {target_label}"));
        }
        setup.push(format!(
            "Measure: {name} per {}; A and B resolve on the same dice (common random numbers)",
            r.section
        ));
        setup.extend(Self::common_lines(&[built[0].setup.as_slice(), built[1].setup.as_slice()]));
        let readings = built[0].readings.clone();
        let mut it = built.into_iter();
        let a = it.next().expect("A").cell.trial;
        let b = it.next().expect("B").cell.trial;
        let paired = Paired::new(a, b, ma, name.clone());
        Ok((
            vec![cell(
                &format!("{} − {}", labels[0], labels[1]),
                vec![("a".into(), json!(labels[0])), ("b".into(), json!(labels[1])), ("measure".into(), json!(name))],
                paired,
            )],
            Layout::Paired { a: labels[0].clone(), b: labels[1].clone(), measure: name },
            readings,
        ))
    }

    /// A fighter's cost: its own `cost`, else its card's cost fields.
    fn cost(&self, d: &DuelDef, f: &Table) -> Vec<Option<f64>> {
        let num = |v: &Value| v.as_float().or_else(|| v.as_integer().map(|i| i as f64));
        if let Some(c) = f.get("cost").and_then(num) {
            return (0..d.costs.len()).map(|i| (i == 0).then_some(c)).collect();
        }
        let card = f.get("card").and_then(Value::as_str).and_then(|c| self.entry(d.card_table, c));
        let field = |i: usize| d.cost_fields.get(i).and_then(|n| card.as_ref()?.get(*n)).and_then(num);
        (0..d.costs.len()).map(field).collect()
    }

    /// A fighter's label: its `label`, else its card's name.
    fn fighter_label(&self, d: &DuelDef, f: &Table) -> String {
        if let Some(l) = f.get("label").and_then(Value::as_str) {
            return l.to_string();
        }
        let card = f.get("card").and_then(Value::as_str).unwrap_or("?");
        let mut label = self.display(d.card_table, card);
        if let Some(w) = f.get("weapon").and_then(Value::as_str) {
            let shown = if self.entry("weapons", w).is_some() { self.display("weapons", w) } else { w.to_string() };
            label = format!("{label} + {shown}");
        }
        label
    }

    fn balance(&self, b: &BalanceSpec, setup: &mut Vec<String>) -> Result<Built, InputError> {
        let Some(d) = self.system.duel() else { unreachable!("balance is offered only with a duel") };
        let rounds = b.rounds.unwrap_or(4);
        let peer_band = b.peer_band.unwrap_or(0.25);
        if !(peer_band > 0.0 && peer_band <= 2.0) {
            return Err(self.err(
                &["balance", "peer_band"],
                format!("peer_band {peer_band}"),
                "greater than 0, at most 2 (fraction of the candidate's cost)",
            ));
        }
        let threshold = b.outlier_threshold.unwrap_or(0.25);
        if !(threshold > 0.0 && threshold <= 5.0) {
            return Err(self.err(
                &["balance", "outlier_threshold"],
                format!("outlier_threshold {threshold}"),
                "greater than 0, at most 5 (relative difference)",
            ));
        }
        if let Some(card) = b.candidate.get("card").and_then(Value::as_str)
            && self.entry(d.card_table, card).is_none()
        {
            let names = self.entry_names(d.card_table);
            return Err(self.err(
                &["balance", "candidate", "card"],
                format!("unknown card `{card}`"),
                if names.is_empty() {
                    format!("no [{}.NAME] entries are defined: add one or include a library", d.card_table)
                } else {
                    names.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ")
                },
            ));
        }
        let cand_costs = self.cost(&d, &b.candidate);
        let Some(cand_cost) = cand_costs[0] else {
            let from_card = if d.cost_fields.is_empty() {
                String::new()
            } else {
                format!(", or a card with `{}`", d.cost_fields[0])
            };
            let card = b.candidate.get("card").and_then(Value::as_str).unwrap_or("");
            return Err(self.err(
                &["balance", "candidate", "card"],
                match d.cost_fields.first() {
                    Some(f) => format!("card `{card}` has no `{f}` and the candidate no `cost`: a balance test compares fighters per point of cost"),
                    None => "the candidate has no `cost`: a balance test compares fighters per point of cost".to_string(),
                },
                format!("`cost = …` on the candidate{from_card}"),
            ));
        };
        let fighters = self.entry_names("fighters");
        let names: Vec<String> = b.gauntlet.clone().unwrap_or_else(|| fighters.clone());
        if names.is_empty() || names.len() > MAX_LIST {
            return Err(self.err(
                &["balance", "gauntlet"],
                format!("{} gauntlet fighters", names.len()),
                format!("1..={MAX_LIST} names of [fighters.NAME] entries (e.g. from an included gauntlet file)"),
            ));
        }
        let mut gauntlet = Vec::new();
        for n in &names {
            let f = self.entry("fighters", n).ok_or_else(|| {
                self.err(
                    &["balance", "gauntlet"],
                    format!("unknown fighter `{n}`"),
                    fighters.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", "),
                )
            })?;
            gauntlet.push((n.clone(), f));
        }
        let mut rows = vec![BalanceRow {
            label: format!("{} (candidate)", self.fighter_label(&d, &b.candidate)),
            costs: cand_costs,
            peer: true,
        }];
        for (_, f) in &gauntlet {
            let costs = self.cost(&d, f);
            let peer = costs[0].is_some_and(|c| (c - cand_cost).abs() <= peer_band * cand_cost);
            rows.push(BalanceRow { label: self.fighter_label(&d, f), costs, peer });
        }
        let row_fighters: Vec<(Option<&str>, &Table)> =
            std::iter::once((None, &b.candidate)).chain(gauntlet.iter().map(|(n, f)| (Some(n.as_str()), f))).collect();
        let mut cells = Vec::new();
        let mut index = Vec::new();
        let mut readings = Vec::new();
        let mut describe: Vec<Option<String>> = vec![None; row_fighters.len()];
        let mut rounds_line = None;
        for (row, (row_name, fighter)) in row_fighters.iter().enumerate() {
            let mut line = Vec::new();
            for (oi, (opp_name, opp)) in gauntlet.iter().enumerate() {
                if *row_name == Some(opp_name.as_str()) {
                    line.push(None);
                    continue;
                }
                let mut doc = self.doc.clone();
                let mut duel = Table::new();
                duel.insert("rounds".into(), Value::Integer(rounds));
                duel.insert("a".into(), Value::Table((*fighter).clone()));
                duel.insert("b".into(), Value::Table(opp.clone()));
                doc.insert("duel".into(), Value::Table(duel));
                let what = format!("{} vs {}: ", rows[row].label, rows[oi + 1].label);
                let at: &[&str] = if row == 0 { &["balance", "candidate"] } else { &["balance", "gauntlet"] };
                // Each fighter's fields are its own wherever it duels: at its key, no duel named.
                let fighter_at = |side: &str, name: Option<&str>| {
                    let mut o = match name {
                        None => Origin::at(format!("duel.{side}"), 0, ["balance", "candidate"]),
                        Some(n) => Origin::at(format!("duel.{side}"), self.entry_file("fighters", n), ["fighters", n]),
                    };
                    o.per_cell = false;
                    o
                };
                let mut origins = vec![fighter_at("a", *row_name), fighter_at("b", Some(opp_name))];
                if b.rounds.is_some() {
                    origins
                        .push(Origin { per_cell: false, ..Origin::at("duel.rounds".into(), 0, ["balance", "rounds"]) });
                }
                let built = self.build1(doc, "duel", at, &what, &origins)?;
                let find = |p: &str| built.setup.iter().find_map(|l| l.strip_prefix(p).map(str::to_string));
                describe[row] = describe[row].take().or_else(|| find("A — "));
                describe[oi + 1] = describe[oi + 1].take().or_else(|| find("B — "));
                rounds_line = rounds_line.or_else(|| built.setup.last().cloned());
                readings = built.readings;
                line.push(Some(cells.len()));
                cells.push(cell(
                    &format!("{} vs {}", rows[row].label, rows[oi + 1].label),
                    vec![("fighter".into(), json!(rows[row].label)), ("opponent".into(), json!(rows[oi + 1].label))],
                    built.cell.trial,
                ));
            }
            index.push(line);
        }
        for (i, d) in describe.iter().enumerate() {
            let who = if i == 0 { "Candidate" } else { "Gauntlet" };
            setup.push(format!("{who} — {}", d.clone().unwrap_or_else(|| rows[i].label.clone())));
        }
        setup.extend(rounds_line);
        setup.push(format!(
            "Each fighter duels every gauntlet opponent but itself over {rounds} rounds; peers: {} within ±{:.0} % of {cand_cost}; outlier: more than {:.0} % from the peers' mean with an interval that excludes it",
            d.costs[0].name,
            peer_band * 100.0,
            threshold * 100.0
        ));
        let opponents = rows[1..].iter().map(|r| r.label.clone()).collect();
        Ok((
            cells,
            Layout::Balance(BalanceLayout {
                rows,
                opponents,
                cells: index,
                peer_band,
                outlier_threshold: threshold,
                costs: d.costs,
            }),
            readings,
        ))
    }
}
