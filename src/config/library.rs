//! One library reader for every system whose scenario files and included library files hold
//! tables of its own (¡Bichos!' `[profiles]` and `[weapons]`, Wolsung's `[models]` and
//! `[guns]`): the scenario read strictly, its entries, its fighters, then each included file
//! the same way, every entry validated at its own file's line and a name defined twice refused
//! with the file that had it first. A system declares its tables ([`Library`]) and how it
//! validates one entry; the reading, the order of the checks and the messages are here, once.
//! (A system whose library files hold only `[fighters]` reads with `Ctx::read_plain`.)

use super::ctx::Ctx;
use super::raw::{LibrarySchema, ScenarioSchema};
use super::source::Doc;
use crate::analysis::scenario::Kind;
use crate::error::InputError;
use std::collections::BTreeMap;

/// One library table as read: each entry validated, with the index of the file it came from.
#[derive(Debug, Clone)]
pub struct Entries<T> {
    map: BTreeMap<String, (T, usize)>,
}

impl<T> Default for Entries<T> {
    fn default() -> Self {
        Entries { map: BTreeMap::new() }
    }
}

impl<T> Entries<T> {
    /// Add entry `name` of table `table` from file `file`, validated by `make` — after refusing
    /// a name already defined, in this file or an earlier one ("profile `x` is already defined
    /// in lib.toml"; `what` is one entry's word: "profile").
    pub fn add(
        &mut self,
        ctx: &Ctx,
        (file, table, what): (usize, &str, &str),
        name: &str,
        make: impl FnOnce() -> Result<T, InputError>,
    ) -> Result<(), InputError> {
        if let Some((_, other)) = self.map.get(name) {
            return Err(ctx.err(
                file,
                &[table, name],
                format!("{what} `{name}` is already defined in {}", ctx.file_path(*other).display()),
                format!("each {what} name once"),
            ));
        }
        let value = make()?;
        self.map.insert(name.to_string(), (value, file));
        Ok(())
    }

    /// The entry called `name`.
    pub fn get(&self, name: &str) -> Option<&T> {
        self.map.get(name).map(|(v, _)| v)
    }

    /// The table as a map, each entry with its file (for a builder that keeps it so).
    pub fn into_map(self) -> BTreeMap<String, (T, usize)> {
        self.map
    }

    /// Its names, in order.
    pub fn keys(&self) -> impl Iterator<Item = &String> {
        self.map.keys()
    }

    /// How many entries it holds.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// Its names, for an "unknown …" message: each in backticks, or, when there are none, what
    /// to write (`what` is one entry's word: "model").
    pub fn known(&self, what: &str) -> String {
        if self.map.is_empty() {
            format!("no {what}s are defined: add [{what}s.NAME] or include a library file")
        } else {
            self.map.keys().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ")
        }
    }
}

/// A system's library: its tables, filled from the scenario file (file 0) and from each file it
/// includes, in order.
pub trait Library {
    /// The system's whole scenario file.
    type Scenario: ScenarioSchema;
    /// The system's library file.
    type File: LibrarySchema;
    /// Add the scenario file's own entries.
    fn add_scenario(&mut self, ctx: &Ctx, scenario: &Self::Scenario) -> Result<(), InputError>;
    /// Add the entries of included file `file`.
    fn add_file(&mut self, ctx: &Ctx, file: usize, lib: &Self::File) -> Result<(), InputError>;
    /// How a file's read error is worded: a field of another system's fighter told whose it
    /// is (the default); the Batman editions also tell a field of the other edition's.
    fn words(ctx: &Ctx, err: InputError) -> InputError {
        ctx.fighter_words(err)
    }
}

/// Read a scenario with its library (`lib`, empty): the whole file strictly, its entries and
/// fighters, then each included library file ([`read_file`]), then the checks every built-in
/// system shares.
pub fn read<L: Library>(ctx: &mut Ctx, kind: Kind, doc: Doc<'_>, mut lib: L) -> Result<(L::Scenario, L), InputError> {
    let f: L::Scenario = ctx.read_scenario(kind, doc, L::words)?;
    lib.add_scenario(ctx, &f)?;
    ctx.add_fighters(0, f.fighter_names())?;
    ctx.limit_includes(f.include().len())?;
    for inc in f.include() {
        read_file(ctx, inc, &mut lib)?;
    }
    ctx.finish_read(kind, doc)?;
    Ok((f, lib))
}

/// Read one library file (`inc`, a path relative to the scenario, as `include` names it) into
/// `lib`: its tables and `[fighters]` strictly, every entry validated at its own line, a name
/// already defined refused, and a table only another system writes told what this one writes.
/// Callable on its own, for checking a library file by itself (`validate LIBRARY`).
pub fn read_file<L: Library>(ctx: &mut Ctx, inc: &str, lib: &mut L) -> Result<(), InputError> {
    ctx.include_all::<L::File>(std::slice::from_ref(&inc.to_string()), L::words, |ctx, idx, l| {
        lib.add_file(ctx, idx, &l)?;
        ctx.add_fighters(idx, l.fighter_names())
    })
}
