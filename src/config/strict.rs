//! Reading a scenario file strictly, for every system alike: its own sections and the
//! generic ones, keys no section owns, another system's sections, library tables, fighter fields
//! and `[readings]` switches, and the files it includes — each refused with the one message the
//! loader gives for it. The [`Ctx`] methods a system's reader calls (`read_scenario`,
//! `include_all`, `finish_read`, `read_plain`, …).

use super::ctx::{Ctx, SystemInfo};
use super::raw;
use super::sections::SECTIONS;
use super::source::{Doc, Source};
use crate::analysis::scenario::Kind;
use crate::error::InputError;
use std::path::{Path, PathBuf};

/// The keys every scenario file may have, whatever its system and kind.
const COMMON_KEYS: [&str; 11] = [
    "ruleset",
    "kind",
    "name",
    "description",
    "seed",
    "trials",
    "precision",
    "max_trials",
    "exact",
    "include",
    "readings",
];

impl Ctx {
    /// The declared system's entry.
    pub(super) fn own(&self) -> Option<&SystemInfo> {
        self.systems.iter().find(|s| s.name == self.ruleset)
    }

    /// The sections a kind of the declared system reads (the kind's own name when the system
    /// does not list it).
    pub(super) fn kind_sections(&self, kind: Kind) -> Vec<&'static str> {
        match self.own().and_then(|s| s.sections.iter().find(|(k, _)| *k == kind.name())) {
            Some((_, secs)) => secs.to_vec(),
            None if self.is_section(kind.name()) => vec![kind.name()],
            None => vec![],
        }
    }

    /// Every section the declared system's file holds, for one of its kinds or a generic one.
    pub(super) fn own_sections(&self) -> impl Iterator<Item = &'static str> + '_ {
        let own = self.own().map(|s| s.sections.as_slice()).unwrap_or(&[]);
        own.iter().flat_map(|(_, secs)| secs.iter().copied()).chain(SECTIONS.iter().copied())
    }

    /// Whether `key` is a section some system's kind or a generic analysis reads.
    pub(super) fn is_section(&self, key: &str) -> bool {
        SECTIONS.contains(&key) || self.systems.iter().any(|s| s.sections.iter().any(|(_, secs)| secs.contains(&key)))
    }

    /// The part of reading a scenario every built-in system shares, before its own checks:
    /// unknown top-level keys and sections of another system's kinds are refused with the words
    /// of [`Ctx::refuse_unknown_keys`] and [`Ctx::refuse_unused_sections`], then the system's
    /// whole file is read strictly (a typo anywhere is an error with its line). `words` lets the
    /// system reword a schema error (the Batman editions name each other's fields this way).
    /// `doc` is the user's file or one cell of a generic analysis ([`Doc`]): the same checks.
    pub fn read_scenario<F: serde::de::DeserializeOwned>(
        &self,
        kind: Kind,
        doc: Doc<'_>,
        words: fn(&Ctx, InputError) -> InputError,
    ) -> Result<F, InputError> {
        self.refuse_unknown_keys(kind, doc)?;
        if let Some(table) = doc.table() {
            let own: Vec<&str> = self.own_sections().collect();
            let foreign: Vec<&str> = table.keys().map(String::as_str).filter(|k| !own.contains(k)).collect();
            self.refuse_unused_sections(kind, &foreign)?;
        }
        self.read(doc).map_err(|e| words(self, e))
    }

    /// Read the scenario `doc` as `F`, with none of the checks of [`Ctx::read_scenario`] (for
    /// a system that makes its own, as the tiny system of the tests does): a file's error at its
    /// line, a cell's at its field, as [`Doc::read`] says.
    pub fn read<F: serde::de::DeserializeOwned>(&self, doc: Doc<'_>) -> Result<F, InputError> {
        doc.read(&self.sources[0])
    }

    /// Read the scenario's `include` files in order: each is read strictly as the system's
    /// library file `L` and handed to `add` with its file index.
    pub fn include_all<L: raw::LibrarySchema>(
        &mut self,
        include: &[String],
        words: fn(&Ctx, InputError) -> InputError,
        mut add: impl FnMut(&mut Ctx, usize, L) -> Result<(), InputError>,
    ) -> Result<(), InputError> {
        self.limit_includes(include.len())?;
        for inc in include {
            let (idx, lib) = self.include::<L>(inc, words)?;
            add(self, idx, lib)?;
        }
        Ok(())
    }

    /// The checks that come after the libraries: sections the kind does not read.
    pub fn finish_read(&self, kind: Kind, doc: Doc<'_>) -> Result<(), InputError> {
        if let Some(table) = doc.table() {
            let keys: Vec<&str> = table.keys().map(String::as_str).collect();
            self.refuse_unused_sections(kind, &keys)?;
        }
        Ok(())
    }

    /// Read a scenario of a system whose only library table is `[fighters]` (or none): the
    /// file strictly, its fighters and includes, then [`Ctx::finish_read`].
    pub fn read_plain<F: raw::ScenarioSchema>(&mut self, kind: Kind, doc: Doc<'_>) -> Result<F, InputError> {
        let f: F = self.read_scenario(kind, doc, Ctx::fighter_words)?;
        self.add_fighters(0, f.fighter_names())?;
        self.include_all::<raw::FightersLibrary<F::Fighter>>(f.include(), Ctx::fighter_words, |ctx, idx, lib| {
            ctx.add_fighters(idx, raw::LibrarySchema::fighter_names(&lib))
        })?;
        self.finish_read(kind, doc)?;
        Ok(f)
    }

    /// Check one library file of a system that reads its scenario with [`Ctx::read_plain`],
    /// exactly as `read_plain` reads an include: its `[fighters]` as the scenario's fighter
    /// type `F::Fighter` (for [`RuleSystem::check_library`]).
    pub fn check_plain_library<F: raw::ScenarioSchema>(&mut self, file: &str) -> Result<(), InputError> {
        self.include_all::<raw::FightersLibrary<F::Fighter>>(
            &[file.to_string()],
            Ctx::fighter_words,
            |ctx, idx, lib| ctx.add_fighters(idx, raw::LibrarySchema::fighter_names(&lib)),
        )
    }

    /// A section the kind does not read is an error (it would be silently ignored). `keys`
    /// are the file's top-level keys; sections are checked in the registry's order.
    pub(super) fn refuse_unused_sections(&self, kind: Kind, keys: &[&str]) -> Result<(), InputError> {
        let wanted = self.kind_sections(kind);
        let mut order: Vec<&str> = Vec::new();
        for s in self.systems.iter().flat_map(|s| s.sections.iter().flat_map(|(_, secs)| secs.iter().copied())) {
            if !order.contains(&s) {
                order.push(s);
            }
        }
        order.extend(SECTIONS.iter().copied());
        for sec in order {
            if keys.contains(&sec) && !wanted.contains(&sec) {
                return Err(self.err(
                    0,
                    &[sec],
                    format!("section [{sec}] is not used by kind = \"{}\"", kind.name()),
                    format!(
                        "sections for this kind: {}",
                        wanted.iter().map(|s| format!("[{s}]")).collect::<Vec<_>>().join(", ")
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Before the strict parse: a top-level key that neither this system nor any other reads is
    /// a typo, told with only what this system and kind accept (and the nearest of them); a
    /// library table only another system reads (`[cards]` in a Wolsung file) is told what the
    /// declared system writes instead. Sections of another kind are left to
    /// `refuse_unused_sections`, which says which kind reads them.
    pub(super) fn refuse_unknown_keys(&self, kind: Kind, doc: Doc<'_>) -> Result<(), InputError> {
        let Some(doc) = doc.table() else { return Ok(()) };
        let own = self.own_libraries();
        for (key, value) in doc.iter() {
            let key = key.as_str();
            if COMMON_KEYS.contains(&key) || own.iter().any(|(t, _)| *t == key) || self.is_section(key) {
                continue;
            }
            if self.is_foreign_library(key) {
                let first = value.as_table().and_then(|t| t.keys().next()).map(String::as_str);
                return Err(self.foreign_library(0, key, first));
            }
            let accepted: Vec<String> = COMMON_KEYS
                .iter()
                .chain(own.iter().map(|(t, _)| t))
                .chain(self.generic.iter())
                .chain(self.kind_sections(kind).iter())
                .map(|k| format!("`{k}`"))
                .collect();
            return Err(self.err_key(
                0,
                &[key],
                format!("unknown field `{key}`"),
                format!(
                    "for {} kind = \"{}\": {}",
                    self.ruleset,
                    self.generic.unwrap_or(kind.name()),
                    accepted.join(", ")
                ),
            ));
        }
        Ok(())
    }

    /// The declared system's library tables.
    pub(super) fn own_libraries(&self) -> &'static [(&'static str, &'static str)] {
        self.own().map(|s| s.libraries).unwrap_or(&[])
    }

    /// Whether `table` is a library table of another system only.
    pub(super) fn is_foreign_library(&self, table: &str) -> bool {
        !self.own_libraries().iter().any(|(t, _)| *t == table)
            && self.systems.iter().any(|s| s.libraries.iter().any(|(t, _)| *t == table))
    }

    /// A library table (`[cards]`) that the declared system does not read: say which systems
    /// write it and what the declared one writes instead, at its first entry.
    pub(super) fn foreign_library(&self, file: usize, table: &str, first: Option<&str>) -> InputError {
        let owners: Vec<&str> =
            self.systems.iter().filter(|s| s.libraries.iter().any(|(t, _)| *t == table)).map(|s| s.name).collect();
        let own = self.own_libraries();
        let allowed = if own.is_empty() {
            format!("{} reads no library tables: its numbers go in the kind's own section", self.ruleset)
        } else {
            format!("{} tables: {}", self.ruleset, own.iter().map(|(_, w)| *w).collect::<Vec<_>>().join("; "))
        };
        let path: Vec<&str> = std::iter::once(table).chain(first).collect();
        self.err(
            file,
            &path,
            format!("{} has no [{table}] table (that is how {} write theirs)", self.ruleset, owners.join(" and ")),
            allowed,
        )
    }
}

impl Ctx {
    /// Refuse any `[readings]` switch that is not one of this rule system's
    /// ([`SystemDef::reading_docs`]): another system's switch is an error, never silently ignored.
    pub(crate) fn refuse_foreign_readings(&self, r: &toml::Table) -> Result<(), InputError> {
        let own: &[&str] = self.own().map_or(&[], |s| &s.readings);
        for field in r.keys() {
            if !own.contains(&field.as_str()) {
                let owners: Vec<&str> =
                    self.systems.iter().filter(|s| s.readings.contains(&field.as_str())).map(|s| s.name).collect();
                let msg = if owners.is_empty() {
                    format!("unknown reading `{field}`")
                } else {
                    format!("`{field}` is a {} reading, not a {} one", owners.join(" / "), self.system_words())
                };
                return Err(self.err(
                    0,
                    &["readings", field],
                    msg,
                    format!(
                        "{} readings: {}",
                        self.ruleset,
                        if own.is_empty() {
                            "none".to_string()
                        } else {
                            own.iter().map(|r| format!("`{r}`")).collect::<Vec<_>>().join(", ")
                        }
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The declared system in a message ([`SystemDef::name_in_messages`]).
    pub(super) fn system_words(&self) -> String {
        self.own().map(|s| s.words).unwrap_or(self.ruleset).to_string()
    }

    pub(crate) fn check_ruleset(&self, ruleset: &str, file: usize) -> Result<(), InputError> {
        if self.systems.iter().any(|s| s.name == ruleset) {
            Ok(())
        } else {
            Err(self.err(
                file,
                &["ruleset"],
                format!("rule system `{ruleset}` is not supported by this build"),
                self.systems.iter().map(|s| format!("`{}`", s.name)).collect::<Vec<_>>().join(", "),
            ))
        }
    }

    /// Read one included library file as the system's library schema `L`, keep it, and check
    /// the rule system it declares. A table only another system reads (`[cards]` in a Wolsung
    /// library) is told what the declared system writes, as in a scenario file.
    pub(super) fn include<L: raw::LibrarySchema>(
        &mut self,
        inc: &str,
        words: fn(&Ctx, InputError) -> InputError,
    ) -> Result<(usize, L), InputError> {
        let base = self.sources[0].path.parent().map(Path::to_path_buf).unwrap_or_default();
        let path: PathBuf = base.join(inc);
        let src = Source::read_from(&path, self.embedded.as_deref()).map_err(|e| {
            // Point at the `include` line of the scenario, and say which file failed and why.
            self.err(
                0,
                &["include"],
                format!("cannot read included file {}: {}", path.display(), e.message),
                "paths relative to the scenario file",
            )
        })?;
        let lib = match toml::from_str::<L>(&src.text) {
            Ok(lib) => Ok(lib),
            Err(e) => {
                let err = src.toml_error(&e);
                match err.field.as_deref() {
                    Some(table) if err.message.starts_with("unknown field") && self.is_foreign_library(table) => {
                        let table = table.to_string();
                        Err((table, toml::from_str::<toml::Table>(&src.text).ok()))
                    }
                    _ => return Err(words(self, self.foreign_fighter_field(&src, err))),
                }
            }
        };
        let idx = self.keep_source(src)?;
        let ruleset = match &lib {
            Ok(lib) => lib.ruleset().map(str::to_string),
            Err((_, doc)) => doc.as_ref().and_then(|d| d.get("ruleset")).and_then(|r| r.as_str()).map(String::from),
        };
        if let Some(r) = &ruleset {
            self.check_ruleset(r, idx)?;
            if r != self.ruleset {
                return Err(self.err(
                    idx,
                    &["ruleset"],
                    format!("this library is for `{r}` but the scenario is `{}`", self.ruleset),
                    format!("`{}`", self.ruleset),
                ));
            }
        }
        match lib {
            Ok(lib) => Ok((idx, lib)),
            Err((table, doc)) => {
                let first = doc
                    .as_ref()
                    .and_then(|d| d.get(&table))
                    .and_then(|t| t.as_table())
                    .and_then(|t| t.keys().next().cloned());
                Err(self.foreign_library(idx, &table, first.as_deref()))
            }
        }
    }
}
