//! `kind = "sweep"`: one number of the resolution section, or of a library entry one of its
//! fields names, over a list or a range of values (`Layout::Sweep`); with `[sweep.y]`, over two
//! (`Layout::Sweep2`, drawn as heatmaps).

use super::super::ctx::MAX_CELLS;
use super::super::ctx::{Built, cell};
use super::super::sections::SECTIONS;
use super::cell::{Named, Origin};
use super::plan::Planner;
use crate::analysis::scenario::{CellSpec, Layout, Note, Param};
use crate::error::InputError;
use crate::system::Resolution;
use crate::words::param_title;
use serde::Deserialize;
use serde_json::json;
use toml::{Table, Value};

/// Most values on one sweep axis.
const MAX_AXIS: usize = 50;

/// One swept value: a whole number, or `false` / `true` for a yes/no field (`cover`, `moved`),
/// labelled in words (`cover = true`). A layout draws a yes/no axis as 0 and 1.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(untagged, expecting = "a whole number, or true / false")]
pub(super) enum SweepValue {
    Int(i64),
    Bool(bool),
}

impl SweepValue {
    fn toml(self) -> Value {
        match self {
            SweepValue::Int(i) => Value::Integer(i),
            SweepValue::Bool(b) => Value::Boolean(b),
        }
    }

    fn json(self) -> serde_json::Value {
        match self {
            SweepValue::Int(i) => json!(i),
            SweepValue::Bool(b) => json!(b),
        }
    }

    /// Its place on a layout's axis (`false` 0, `true` 1).
    fn axis(self) -> i64 {
        match self {
            SweepValue::Int(i) => i,
            SweepValue::Bool(b) => i64::from(b),
        }
    }
}

impl std::fmt::Display for SweepValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SweepValue::Int(i) => write!(f, "{i}"),
            SweepValue::Bool(b) => write!(f, "{b}"),
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a [sweep.y] table with parameter, values, from, to, step")]
pub(super) struct Axis {
    parameter: String,
    values: Option<Vec<SweepValue>>,
    from: Option<i64>,
    to: Option<i64>,
    step: Option<i64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a [sweep] table with parameter, values, from, to, step, y, measure")]
pub(super) struct SweepSpec {
    parameter: String,
    values: Option<Vec<SweepValue>>,
    from: Option<i64>,
    to: Option<i64>,
    step: Option<i64>,
    /// A second parameter: a two-dimensional sweep (one cell per pair, drawn as heatmaps).
    y: Option<Axis>,
    /// What the sweep leads with: an event or metric of the resolution (default: the trial's
    /// own, the outcome that decides games in its system).
    measure: Option<String>,
}

impl Planner<'_> {
    /// The values of one sweep axis.
    pub(super) fn axis_values(&self, a: &Axis, at: &str) -> Result<Vec<SweepValue>, InputError> {
        let path =
            |f: &'static str| -> Vec<&str> { if at.is_empty() { vec!["sweep", f] } else { vec!["sweep", at, f] } };
        let values: Vec<SweepValue> = match (&a.values, a.from, a.to) {
            (Some(v), None, None) if a.step.is_none() => {
                let bools = v.iter().filter(|v| matches!(v, SweepValue::Bool(_))).count();
                if bools != 0 && bools != v.len() {
                    return Err(self.err(
                        &path("values"),
                        "the values mix numbers and true / false",
                        "whole numbers for a number field, `[false, true]` for a yes/no field",
                    ));
                }
                v.clone()
            }
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
                (from..=to).step_by(step as usize).map(SweepValue::Int).collect()
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

    /// Set `param = value` in `doc`: a field of the resolution section, or (`ref.field`) a field of
    /// the library entry a section field names, on a copy so other uses of that entry keep theirs.
    pub(super) fn patch(
        &self,
        doc: &mut Table,
        r: &Resolution,
        param: &str,
        value: SweepValue,
        at: &[&str],
    ) -> Result<(), InputError> {
        if let SweepValue::Int(i) = value
            && self.system.sweep_special(Self::section(doc, r), param, i)
        {
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
                let v = value.toml();
                let list = sec.get(param).is_some_and(Value::is_array);
                sec.insert(param.into(), if list { Value::Array(vec![v]) } else { v });
            }
            Some((field, sub)) => {
                if let Some(done) = Self::patch_listed(Self::section(doc, r), param, value) {
                    return done.map_err(unknown);
                }
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
                if !entry.get(sub).is_none_or(|v| v.is_integer() || v.is_bool()) {
                    return Err(unknown(format!("`{field}.{sub}` is not a number or true / false")));
                }
                entry.insert(sub.into(), value.toml());
                let copy = format!("{name}~{sub}={value}");
                let lib = doc.entry(*table).or_insert_with(|| Value::Table(Table::new()));
                lib.as_table_mut().expect("a library table").insert(copy.clone(), Value::Table(entry));
                Self::set_name(Self::section(doc, r), field, copy);
            }
        }
        Ok(())
    }

    /// `field.N.key = value` in the section: `key` of the N-th table of a list of tables (the
    /// `count` of a gang's first attacker, `attackers.0.count`). `None` when `param` is not of that
    /// form; `Err` (a message) when it is but names nothing to set.
    fn patch_listed(sec: &mut Table, param: &str, value: SweepValue) -> Option<Result<(), String>> {
        let mut parts = param.splitn(3, '.');
        let (field, index, key) = (parts.next()?, parts.next()?, parts.next()?);
        let n: usize = index.parse().ok()?;
        let list = sec.get_mut(field)?.as_array_mut()?;
        let len = list.len();
        Some(match list.get_mut(n).and_then(Value::as_table_mut) {
            Some(t) if t.get(key).is_none_or(|v| v.is_integer() || v.is_bool()) => {
                t.insert(key.into(), value.toml());
                Ok(())
            }
            Some(_) => Err(format!("`{param}` is not a number or true / false")),
            None => Err(format!("`{field}` lists {len} tables, numbered from 0: no table {n}")),
        })
    }

    pub(super) fn sweep(&self, s: &SweepSpec, setup: &mut Vec<String>) -> Result<Built, InputError> {
        let r = &self.resolution("sweep", false)?;
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
        let ys: Vec<Option<SweepValue>> = match &y {
            Some((_, v)) => v.iter().copied().map(Some).collect(),
            None => vec![None],
        };
        let mut cells = Vec::new();
        let mut setups = Vec::new();
        let xt = self.param(r, &s.parameter);
        for &xv in &xs {
            for &yv in &ys {
                let mut doc = self.doc.clone();
                self.patch(&mut doc, r, &s.parameter, xv, &["sweep", "parameter"])?;
                let mut label = format!("{} = {xv}", s.parameter);
                let mut shown = xt.say(&xv.json());
                let mut params = vec![(s.parameter.clone(), xv.json())];
                if let (Some((yp, _)), Some(yv)) = (&y, yv) {
                    self.patch(&mut doc, r, yp, yv, &["sweep", "y", "parameter"])?;
                    label = format!("{label}, {yp} = {yv}");
                    shown = format!("{shown}, {}", self.param(r, yp).say(&yv.json()));
                    params.push((yp.clone(), yv.json()));
                }
                let mut origins = self.sweep_origins(r, &doc, &x, "", xv);
                if let (Some(a), Some(yv)) = (&s.y, yv) {
                    origins.extend(self.sweep_origins(r, &doc, a, "y", yv));
                }
                let b = self
                    .build1(doc, r.kind, &["sweep", "values"], &format!("sweep {label}: "), &origins)
                    .map_err(|e| Self::type_words(e, &s.parameter, y.as_ref().map(|(p, _)| p.as_str())))?;
                setups.push(b.setup);
                let mut c = cell(&shown, params, b.cell.trial);
                c.inputs = b.cell.inputs;
                cells.push(c);
            }
        }
        // The lines every cell shares (a line that names the swept value would mislead).
        *setup = Self::common_lines(&setups.iter().map(Vec::as_slice).collect::<Vec<_>>());
        let measure = self.grid_measure(s.measure.as_deref(), &["sweep", "measure"], &mut cells)?;
        match y {
            None => {
                self.note_constant_sweep(&xt.title, &cells);
                let values = xs.iter().map(|v| v.axis()).collect();
                Ok((cells, Layout::Sweep { parameter: xt, values, measure }, base.readings))
            }
            Some((yp, yv)) => {
                let y = self.param(r, &yp);
                self.note_constant_axes((&xt.title, xs.len()), (&y.title, yv.len()), &cells);
                let (xs, ys) = (xs.iter().map(|v| v.axis()).collect(), yv.iter().map(|v| v.axis()).collect());
                Ok((cells, Layout::Sweep2 { x: xt, xs, y, ys, measure }, base.readings))
            }
        }
    }

    /// A swept field with its title in the system's words (its name when the system has none:
    /// `tests/it/report_words.rs` fails on that for every starter's sweep parameter).
    fn param(&self, r: &Resolution, name: &str) -> Param {
        let title = param_title(self.system, r.section, r.refs, name).unwrap_or_else(|| name.to_string());
        let term = self.field_path(r, name).and_then(|f| self.system.vocabulary().field(&f));
        Param { name: name.to_string(), title, either: term.and_then(|t| t.either), reads: term.and_then(|t| t.reads) }
    }

    /// Where a swept parameter's words are in the vocabulary: `section.field` for the
    /// resolution's own field, `table.field` for a library entry's (`target.defense` →
    /// `cards.defense`).
    fn field_path(&self, r: &Resolution, name: &str) -> Option<String> {
        match name.split_once('.') {
            None => Some(format!("{}.{name}", r.section)),
            // `attackers.0.count`: the field of a listed table, `gang.attackers.count`.
            Some((field, rest)) if rest.split_once('.').is_some_and(|(n, _)| n.parse::<usize>().is_ok()) => {
                rest.split_once('.').map(|(_, key)| format!("{}.{field}.{key}", r.section))
            }
            Some((field, rest)) => r.refs.iter().find(|(f, _)| *f == field).map(|(_, table)| format!("{table}.{rest}")),
        }
    }

    /// A swept value of the wrong type for its field, said with the field and what it takes: a
    /// yes/no field (`cover`) swept over numbers, or a number field over `[false, true]`.
    fn type_words(mut e: InputError, x: &str, y: Option<&str>) -> InputError {
        let param = match (y, e.field.as_deref()) {
            (Some(y), Some(f)) if f.starts_with("sweep.y") => y,
            _ => x,
        };
        let bool_field = e.message.contains("invalid type: integer") && e.message.contains("expected a boolean");
        let number_field = e.message.contains("invalid type: boolean") && !e.message.contains("expected a boolean");
        if bool_field {
            e.message = format!("sweep parameter `{param}` is true or false, not a number");
            e.allowed = Some("values = [false, true]".into());
        } else if number_field {
            e.message = format!("sweep parameter `{param}` is a number, not true or false");
            e.allowed = Some("whole numbers: `values = [...]`, or `from`, `to` (and optional `step`)".into());
        }
        e
    }

    /// A sweep whose cells all compile to the same trial cannot show anything: say so, naming
    /// the swept field by its title (a warning, not an error, so configs that did this keep
    /// running). Trials hold the resolved dice procedure (masks, dice counts, damage), so equal
    /// trials mean equal distributions.
    fn note_constant_sweep(&self, title: &str, cells: &[CellSpec]) {
        if cells.len() > 1 && cells.windows(2).all(|w| w[0].trial == w[1].trial) {
            self.ctx.note(Note::idle_sweep(title, ": every value gives the same trial"));
        }
    }

    /// A two-dimensional sweep one of whose parameters cannot change any number: along that
    /// axis every cell compiles to the same trial, whatever the other axis holds (guns' F of a
    /// shot whose damage the target's wounds cap). Said once per such axis, as a 1-D sweep's
    /// [`Self::note_constant_sweep`] does. Cell `xi * ny + yi`.
    fn note_constant_axes(&self, (x, nx): (&str, usize), (y, ny): (&str, usize), cells: &[CellSpec]) {
        let same = |a: usize, b: usize| cells[a].trial == cells[b].trial;
        if nx > 1 && (0..ny).all(|yi| (1..nx).all(|xi| same(yi, xi * ny + yi))) {
            self.ctx.note(Note::idle_sweep(x, &format!(": at every {y}, each of its values gives the same trial")));
        }
        if ny > 1 && (0..nx).all(|xi| (1..ny).all(|yi| same(xi * ny, xi * ny + yi))) {
            self.ctx.note(Note::idle_sweep(y, &format!(": at every {x}, each of its values gives the same trial")));
        }
    }

    /// Where the user wrote what a sweep cell swept on axis `a` (`at`: "" or "y"): the value
    /// `v` (an element of `values`, else `from` or `to`), and the parameter's name. The swept
    /// number lands in the section, or in a copy of the entry a section field names
    /// (`cards.thug~defense=0`): an error there is told with the parameter as the user wrote it
    /// (`target.defense = 0 is out of range`), and an error elsewhere in the copy at the entry's
    /// own key, never with the copy's internal name.
    pub(super) fn sweep_origins(&self, r: &Resolution, doc: &Table, a: &Axis, at: &str, v: SweepValue) -> Vec<Origin> {
        let base: Vec<&str> = if at.is_empty() { vec!["sweep"] } else { vec!["sweep", at] };
        let index;
        let value_at: Vec<&str> = match (&a.values, a.from) {
            (Some(values), _) => {
                index = format!("[{}]", values.iter().position(|x| *x == v).unwrap_or(0));
                [base.as_slice(), &["values", &index]].concat()
            }
            (None, Some(from)) if SweepValue::Int(from) == v => [base.as_slice(), &["from"]].concat(),
            _ => [base.as_slice(), &["to"]].concat(),
        };
        let param = &a.parameter;
        let name_at: Vec<String> = base.iter().map(|s| s.to_string()).chain(["parameter".to_string()]).collect();
        let swept = |cell: String, sub: &str| Origin {
            per_cell: false,
            say: Some((format!("{sub} {v}"), format!("{param} = {v}"))),
            name: Some(Named {
                at: name_at.clone(),
                name: param.clone(),
                called: "sweep parameter",
                section: *r,
                choices: |p, r, schema| p.sweep_choices(r, schema),
            }),
            ..Origin::at(cell, 0, value_at.iter().copied())
        };
        let Some((field, sub)) = param.split_once('.') else {
            return vec![swept(format!("{}.{param}", r.section), param)];
        };
        if doc.get(r.section).and_then(|s| s.get(field)).is_some_and(Value::is_array)
            && sub.split_once('.').is_some_and(|(n, _)| n.parse::<usize>().is_ok())
        {
            return vec![swept(format!("{}.{param}", r.section), param)];
        }
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

    /// What a sweep of this section may vary ([`sweepable_fields`] of this file's section).
    pub(super) fn sweepable(&self, r: &Resolution) -> Vec<String> {
        let sec = self.doc.get(r.section).and_then(Value::as_table).cloned().unwrap_or_default();
        sweepable_fields(&sec, r, |table, name| self.entry(table, name))
    }

    /// What a sweep of section `r` may name as its parameter, for a misspelt one: the numbers
    /// this file sets ([`Planner::sweepable`]), and the other fields of the section
    /// (`schema`: the section's field list, from the cell's own error) that take a number, as
    /// the system itself says when one is set to 0.
    pub(super) fn sweep_choices(&self, r: &Resolution, schema: &str) -> String {
        let set = self.sweepable(r);
        let mut more = Vec::new();
        for f in schema.split('`').skip(1).step_by(2) {
            if set.iter().any(|s| s == f) || r.refs.iter().any(|(n, _)| *n == f) {
                continue;
            }
            let mut doc = self.doc.clone();
            doc.insert("kind".into(), Value::String(r.kind.into()));
            for &s in SECTIONS {
                doc.remove(s);
            }
            // A number field takes 0, a yes/no field `false`; each is swept over its own kind.
            let takes = |v: Value| {
                let mut doc = doc.clone();
                Self::section(&mut doc, r).insert(f.into(), v);
                match self.try_cell(&doc) {
                    Ok(_) => true,
                    Err(e) if e.message.starts_with("invalid type") || e.message.starts_with("unknown field") => false,
                    // Refused at the field itself for a reason other than its range: a field
                    // this resolution cannot use (`cover` on a melee attack).
                    Err(e) => {
                        e.field.as_deref().is_none_or(|p| p.rsplit('.').next() != Some(f))
                            || e.message.contains("out of range")
                    }
                }
            };
            if takes(Value::Integer(0)) || takes(Value::Boolean(false)) {
                more.push(f);
            }
        }
        let list = |v: &mut dyn Iterator<Item = &str>| v.map(|p| format!("`{p}`")).collect::<Vec<_>>().join(", ");
        match (set.is_empty(), more.is_empty()) {
            (false, false) => format!(
                "numbers and yes/no values this file sets: {}; other number and yes/no fields of [{}]: {}",
                list(&mut set.iter().map(String::as_str)),
                r.section,
                list(&mut more.into_iter())
            ),
            (false, true) => list(&mut set.iter().map(String::as_str)),
            (true, false) => format!("number and yes/no fields of [{}]: {}", r.section, list(&mut more.into_iter())),
            (true, true) => format!("a field of [{}] or `FIELD.NUMBER` of an entry it names", r.section),
        }
    }
}

/// What a sweep of resolution `r` may vary, given its section `sec` as a file writes it: the
/// section's number and yes/no fields, and those of the library entries its fields name
/// (`attacker.strength`), each entry found by `entry(table, name)`. One definition for the
/// sweep itself and for `list RULESET`, so the two never disagree.
pub fn sweepable_fields(
    sec: &toml::Table,
    r: &Resolution,
    entry: impl Fn(&str, &str) -> Option<toml::Table>,
) -> Vec<String> {
    let one = |v: &Value| v.is_integer() || v.is_bool();
    let mut out = Vec::new();
    for (k, v) in sec {
        if one(v) || v.as_array().is_some_and(|a| a.len() == 1 && one(&a[0])) {
            out.push(k.clone());
        }
        if let (Some((_, table)), Some(n)) = (r.refs.iter().find(|(f, _)| f == k), Planner::name_in(v))
            && let Some(e) = entry(table, n)
        {
            out.extend(e.iter().filter(|(_, v)| one(v)).map(|(f, _)| format!("{k}.{f}")));
        }
        // A list of tables (a gang's attackers): each table's numbers, `attackers.0.count`.
        if let Some(list) = v.as_array().filter(|a| a.iter().all(Value::is_table)) {
            for (i, t) in list.iter().filter_map(Value::as_table).enumerate() {
                out.extend(t.iter().filter(|(_, v)| one(v)).map(|(f, _)| format!("{k}.{i}.{f}")));
            }
        }
    }
    out
}
