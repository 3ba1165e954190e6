//! What each cell was built from, with its numbers ([`Input`]): the sections its kind reads
//! and the library entries their fields name, for the report's scenario record (issue #26: a
//! compare report must show the weapons' profiles, the targets' numbers and that a loadout
//! spends effort).
//!
//! Generic, from the cell's TOML and the system's own data, never from its trials: the
//! sections are the kind's ([`RuleSystem::sections`], else the kind's own name), the fields
//! that name library entries are the [`Resolution::refs`](crate::system::Resolution) of the
//! resolution kept in that section, and a duel's fighters lead to their card and weapon through
//! [`DuelDef`](crate::system::DuelDef). That is the same data the generic analyses vary, so
//! what they change in a cell (a loadout's fields, a target's name, a swept number in a copy of
//! a card) is what the record shows. A system describes nothing more; a hook describing a cell
//! in the system's words would have to be written six times and kept in step with every kind,
//! while this reads what the loader already holds.

use super::ctx::Ctx;
use crate::analysis::scenario::{Input, Kind};
use crate::system::RuleSystem;
use toml::{Table, Value};

/// The inputs of a cell built from `doc` (the user's file, or one cell of a generic analysis)
/// of kind `kind`, once the system has read it (its included files are in `ctx.sources`).
pub(crate) fn of_cell(ctx: &Ctx, system: &dyn RuleSystem, kind: Kind, doc: &Table) -> Vec<Input> {
    let mut c = Collect { ctx, system, doc, out: Vec::new() };
    for sec in ctx.kind_sections(kind) {
        let Some(t) = doc.get(sec).and_then(Value::as_table) else { continue };
        let mut shown = t.clone();
        for r in crate::system::resolutions(system).into_iter().filter(|r| r.section == sec) {
            for (field, _) in r.refs {
                if let Some(v) = shown.get_mut(*field) {
                    own_names(v);
                }
            }
        }
        c.push(sec.to_string(), Some(0), shown);
        for r in crate::system::resolutions(system).into_iter().filter(|r| r.section == sec) {
            for (field, table) in r.refs {
                for name in names(t.get(*field)) {
                    c.entry(table, &name);
                }
            }
        }
        if let Some(d) = system.duel()
            && sec == "duel"
        {
            for side in ["a", "b"] {
                match t.get(side) {
                    Some(Value::String(name)) => {
                        if let Some(f) = c.entry("fighters", name) {
                            c.fighter(&d, &f);
                        }
                    }
                    // A balance pair writes its fighters into the section itself.
                    Some(Value::Table(f)) => c.fighter(&d, f),
                    _ => {}
                }
            }
        }
    }
    c.out
}

/// Names a field holds: a name or a list of names.
fn names(v: Option<&Value>) -> Vec<String> {
    match v {
        Some(Value::String(s)) => vec![s.clone()],
        Some(Value::Array(a)) => a.iter().filter_map(Value::as_str).map(str::to_string).collect(),
        _ => Vec::new(),
    }
}

/// A sweep's copy names (`thug~defense=0`) in a field back to the entry's own (`thug`).
fn own_names(v: &mut Value) {
    match v {
        Value::String(s) => {
            if let Some((own, _)) = s.split_once('~') {
                *s = own.to_string();
            }
        }
        Value::Array(a) => a.iter_mut().for_each(own_names),
        _ => {}
    }
}

struct Collect<'a> {
    ctx: &'a Ctx,
    system: &'a dyn RuleSystem,
    doc: &'a Table,
    out: Vec<Input>,
}

impl Collect<'_> {
    /// Keep `values` under `key` (once), read from file `file` (`None`: built in).
    fn push(&mut self, key: String, file: Option<usize>, values: Table) {
        if self.out.iter().any(|i| i.key == key) {
            return;
        }
        let file = file.map(|f| self.ctx.sources[f].path.to_string_lossy().into_owned());
        self.out.push(Input { key, file, values });
    }

    /// Keep library entry `table.name`, found as the loader finds it: in the scenario, in an
    /// included file, or among the system's built-in entries. A sweep's copy of an entry
    /// (`thug~defense=0`, its swept number in it) is shown under the entry's own name.
    fn entry(&mut self, table: &str, name: &str) -> Option<Table> {
        let own = name.split('~').next().unwrap_or(name);
        let (file, values) = self.find(table, name)?;
        // A copy lives in the cell's table; the file is where the entry it copies is written.
        let file = if own == name { file } else { self.find(table, own).map_or(file, |(f, _)| f) };
        self.push(format!("{table}.{own}"), file, values.clone());
        Some(values)
    }

    /// Entry `table.name` and the file holding it (`None`: built in).
    fn find(&self, table: &str, name: &str) -> Option<(Option<usize>, Table)> {
        let lookup = |t: &Table| t.get(table).and_then(|t| t.get(name)).and_then(Value::as_table).cloned();
        if let Some(v) = lookup(self.doc) {
            return Some((Some(0), v));
        }
        let included = (1..self.ctx.sources.len()).find_map(|i| {
            toml::from_str::<Table>(&self.ctx.sources[i].text).ok().and_then(|t| lookup(&t)).map(|v| (i, v))
        });
        match included {
            Some((i, v)) => Some((Some(i), v)),
            None => Some((None, self.system.builtin_entry(table, name)?)),
        }
    }

    /// A duel fighter's card and weapon.
    fn fighter(&mut self, d: &crate::system::DuelDef, f: &Table) {
        if let Some(card) = f.get("card").and_then(Value::as_str) {
            self.entry(d.card_table, card);
        }
        if let Some((field, table)) = d.fighter_weapon {
            for name in names(f.get(field)) {
                self.entry(table, &name);
            }
        }
    }
}
