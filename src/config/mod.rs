//! TOML → typed, validated [`Scenario`].
//!
//! Everything the user can get wrong is checked here, before any trial runs or any file is
//! written, and reported as one [`InputError`] naming file, line, column, field and what is
//! allowed. Rule violations found by the rule constructors (effort limits, attacking a
//! casualty) are routed back to the field that caused them.

mod analyses;
pub mod ctx;
mod fighters;
mod inputs;
pub mod number;
pub mod raw;
mod sections;
pub mod set;
pub mod source;

use crate::analysis::scenario::{CellSpec, ExactMode, Kind, Layout, Note, Scenario};
use crate::engine::Stop;
use crate::error::InputError;
use crate::system::{self, RuleSystem};
pub use analyses::sweepable_fields;
pub use source::Doc;
use source::Source;

use ctx::range_text;
pub use ctx::{Built, Ctx, SystemInfo, cell, duel_cell};

use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

/// Default trials per cell when a config gives neither `trials` nor `precision`.
pub const DEFAULT_TRIALS: u64 = 1_000_000;
/// Allowed trials per cell.
pub const TRIALS_RANGE: RangeInclusive<i64> = 1..=10_000_000_000;
/// Default cap of a balance test sampled until settled (duels per pair).
pub const SETTLE_MAX_TRIALS: u64 = 4_194_304;
/// Default cap of a `precision` run.
pub const DEFAULT_MAX_TRIALS: u64 = 100_000_000;
/// Allowed `precision` (95 % half-width target).
pub const PRECISION_RANGE: RangeInclusive<f64> = 0.00001..=0.25;
/// Allowed seeds, in the config and on the command line (TOML integers are signed 64-bit).
pub const SEED_RANGE: &str = "0..=9223372036854775807";
pub use ctx::MAX_CELLS;

/// Command-line values that override the config. A report records them (`results.json`'s
/// `resolved_scenario.overrides`, in this order) and `run results.json` gives them back.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Overrides {
    pub seed: Option<u64>,
    pub trials: Option<i64>,
    pub precision: Option<f64>,
    pub max_trials: Option<i64>,
    /// `--exact` (`Some(true)`) or `--sample` (`Some(false)`); replaces the config's `exact`.
    pub exact: Option<bool>,
    /// Each `--set PATH=VALUE` as typed, in order: applied to working copies of the files by
    /// the loader ([`set`]), so a partial result or a report can carry them beside the files
    /// (the files it returns stay as read from disk).
    #[serde(default)]
    pub sets: Vec<String>,
}

impl Overrides {
    /// `self` (a report's recorded overrides) with `cli`'s on top: a stopping rule given on the
    /// command line replaces the recorded one whole (`--precision` drops a recorded `--trials`),
    /// `--exact`/`--sample` and `--seed` replace theirs, and `--set`s come after the recorded ones.
    pub fn then(mut self, cli: &Overrides) -> Overrides {
        if cli.trials.is_some() || cli.precision.is_some() {
            (self.trials, self.precision, self.max_trials) = (cli.trials, cli.precision, cli.max_trials);
        } else if cli.max_trials.is_some() {
            self.max_trials = cli.max_trials;
        }
        self.seed = cli.seed.or(self.seed);
        self.exact = cli.exact.or(self.exact);
        self.sets.extend(cli.sets.iter().cloned());
        self
    }
}

/// Read, parse and validate a scenario against the given rule systems, from disk or (with
/// `embedded`) from the copies of its files a shard's partial result carries, so `merge` needs
/// no config file. Returns the files read too (the scenario first, then its includes), for a
/// partial result to carry. The built-in systems' entry points are `crate::registry::load` and
/// `load_with_sources`; the tests add a tiny system of their own here (see CONTRIBUTING.md).
pub fn load_in(
    registry: &[&'static dyn RuleSystem],
    path: &Path,
    overrides: &Overrides,
    embedded: Option<&[Source]>,
) -> Result<(Scenario, Vec<Source>), InputError> {
    let main = Source::read_from(path, embedded)?;
    if !overrides.sets.is_empty() {
        return load_with_sets(registry, path, overrides, embedded, main);
    }
    let mut ctx = Ctx::new(main, embedded.map(<[Source]>::to_vec));
    let scenario = build(registry, path, overrides, &mut ctx, None)?;
    Ok((scenario, ctx.sources))
}

/// What `validate` says of a library file (see [`check_library`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LibraryCheck {
    /// The rule system it declares.
    pub ruleset: &'static str,
    /// Each of the system's library tables with how many entries the file holds.
    pub counts: Vec<(&'static str, usize)>,
}

/// Whether `text` is a library file rather than a scenario: TOML with a `ruleset`, no `kind`,
/// and no key but `ruleset`, `description` and library tables (of any of `registry`'s systems).
/// A scenario that forgot its `kind` (it has a section or `trials`) is not one: it is told
/// "missing field `kind`".
pub fn is_library(registry: &[&'static dyn RuleSystem], text: &str) -> bool {
    let Ok(t) = text.parse::<toml::Table>() else { return false };
    let tables = |k: &str| registry.iter().any(|s| s.libraries().iter().any(|(t, _)| *t == k));
    t.get("ruleset").is_some_and(toml::Value::is_str)
        && !t.contains_key("kind")
        && t.keys().all(|k| k == "ruleset" || k == "description" || tables(k))
}

/// Check a library file (`include`d by scenarios) on its own, exactly as an include is checked:
/// the declared system's own library reader ([`RuleSystem::check_library`]) reads it strictly,
/// every entry validated as it is read, errors at their file:line:col. `Ok(None)`: the file is
/// not a library file ([`is_library`]); validate it as a scenario.
pub fn check_library(registry: &[&'static dyn RuleSystem], path: &Path) -> Result<Option<LibraryCheck>, InputError> {
    let src = Source::read(path)?;
    if !is_library(registry, &src.text) {
        return Ok(None);
    }
    let table: toml::Table = src.text.parse().map_err(|e| src.toml_error(&e))?;
    let ruleset = table.get("ruleset").and_then(toml::Value::as_str).unwrap_or_default().to_string();
    let mut ctx = Ctx::new(src, None);
    ctx.systems = registry.iter().map(|s| info(*s)).collect();
    ctx.check_ruleset(&ruleset, 0)?;
    let system = registry.iter().copied().find(|s| s.name() == ruleset).expect("checked just above");
    ctx.ruleset = system.name();
    // The file is read a second time, as an include of itself: the same reader, the same
    // messages, at the same lines.
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    system.check_library(&mut ctx, &name)?;
    let counts = system
        .libraries()
        .iter()
        .map(|(t, _)| (*t, table.get(*t).and_then(toml::Value::as_table).map_or(0, toml::Table::len)))
        .collect();
    Ok(Some(LibraryCheck { ruleset: system.name(), counts }))
}

/// [`load_in`] with `--set`s: the loader reads working copies of the files the sets changed
/// (every file it reads then comes from a list of copies, as a partial's do), its errors are
/// told of the files as they are or of the `--set` at fault ([`set::Patched::map_error`]), and
/// the files handed back are the ones on disk, unmodified.
fn load_with_sets(
    registry: &[&'static dyn RuleSystem],
    path: &Path,
    overrides: &Overrides,
    embedded: Option<&[Source]>,
    main: Source,
) -> Result<(Scenario, Vec<Source>), InputError> {
    if overrides.sets.len() > set::MAX_SETS {
        let mut e = InputError::msg(format!("{} --set flags given", overrides.sets.len()));
        e.file = Some(PathBuf::from(format!("--set {}", overrides.sets[set::MAX_SETS])));
        return Err(e.field("--set", format!("at most {} --set flags", set::MAX_SETS)));
    }
    let sets: Vec<set::Set> = overrides.sets.iter().map(|s| set::parse(s)).collect::<Result<_, _>>()?;
    let read = |p: &Path| Source::read_from(p, embedded);
    // A file that does not read, or an include that cannot be read: the plain load says where
    // and why; should it load, the sets themselves are at fault (`why`).
    let plain = |why: InputError| {
        let plain = Overrides { sets: Vec::new(), ..overrides.clone() };
        load_in(registry, path, &plain, embedded)?;
        Err(why)
    };
    let all_sets = || {
        let shown = overrides.sets.iter().map(|s| format!("--set {s}")).collect::<Vec<_>>().join(" ");
        let mut e = InputError::msg("cannot be applied: the scenario's files do not read as TOML");
        e.file = Some(PathBuf::from(shown));
        e.allowed = Some(set::SET_ALLOWED.into());
        e
    };
    let Some(patched) = set::apply(&main, &sets, &read)? else { return plain(all_sets()) };
    // The scenario's files as the loader will look for them: the working copies, and every
    // other include as read (one the sets did not touch is read here, and again by nobody).
    let work_main = patched.working(path).cloned().unwrap_or_else(|| main.clone());
    let Ok(doc) = toml::from_str::<toml::Table>(&work_main.text) else { return plain(all_sets()) };
    let base = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let mut copies: Vec<Source> = Vec::new();
    for inc in doc.get("include").and_then(toml::Value::as_array).into_iter().flatten().filter_map(|v| v.as_str()) {
        let p = base.join(inc);
        match patched.working(&p) {
            Some(w) => copies.push(w.clone()),
            None => match read(&p) {
                Ok(s) => copies.push(s),
                // An include a set named (`--set include=[…]`) that cannot be read.
                Err(e) => {
                    let mut why = InputError::msg(format!("cannot read included file {}: {}", p.display(), e.message))
                        .field("include", "paths relative to the scenario file");
                    why.file =
                        sets.iter().rev().find(|s| s.path[0] == "include").map(|s| format!("--set {}", s.typed).into());
                    return plain(why);
                }
            },
        }
    }
    let mut ctx = Ctx::new(work_main, Some(copies));
    let mut scenario = build(registry, path, overrides, &mut ctx, None).map_err(|e| patched.map_error(e))?;
    // The error kept for a cell that turns out not to be exact when it runs: told of the file too.
    if let ExactMode::Always(e) = &mut scenario.exact {
        *e = patched.map_error(e.clone());
    }
    let sources = ctx.sources.into_iter().map(|s| patched.original(&s.path).cloned().unwrap_or(s)).collect();
    Ok((scenario, sources))
}

/// Validate the scenario in `ctx.sources[0]`, or the generic analysis's `cell` (see [`Doc`]):
/// the parts every system shares (rule system, kind, name, seed, stopping rule, readings names)
/// here; the cells by the system itself, or by the generic analyses ([`analyses`]) for
/// `compare`, `sweep`, `paired` and `balance`.
pub(crate) fn build(
    registry: &[&'static dyn RuleSystem],
    path: &Path,
    overrides: &Overrides,
    ctx: &mut Ctx,
    cell: Option<&toml::Table>,
) -> Result<Scenario, InputError> {
    let text = ctx.sources[0].text.clone();
    let doc = cell.map_or(Doc::File(&text), Doc::Cell);
    let common: raw::Common = doc.read_or(&ctx.sources[0], |e| first_read_error(registry, &ctx.sources[0], e))?;
    let system = registry.iter().copied().find(|s| s.name() == common.ruleset).ok_or_else(|| {
        ctx.err(
            0,
            &["ruleset"],
            format!("rule system `{}` is not supported by this build", common.ruleset),
            registry.iter().map(|r| format!("`{}`", r.name())).collect::<Vec<_>>().join(", "),
        )
    })?;
    ctx.ruleset = system.name();
    ctx.systems = registry.iter().map(|s| info(*s)).collect();
    let kinds = system::all_kinds(system);
    let kind = kinds.iter().find(|k| **k == common.kind).map(|k| Kind(k)).ok_or_else(|| {
        ctx.err(
            0,
            &["kind"],
            format!("unknown scenario kind `{}` for {}", common.kind, ctx.ruleset),
            format!("{} offers {}", ctx.ruleset, kinds.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ")),
        )
    })?;
    ctx.refuse_foreign_readings(&common.readings)?;
    let mut stop = ctx.stop(&common, overrides)?;
    // A balance test given no stopping rule samples until its verdict is settled (a run that
    // solves every duel exactly samples the first batch only, for the distributions).
    let untold = common.trials.is_none() && common.precision.is_none();
    if common.kind == "balance" && untold && overrides.trials.is_none() && overrides.precision.is_none() {
        stop = Stop::Settle { max_trials: SETTLE_MAX_TRIALS };
    }
    // The file's seed is checked even when --seed replaces it.
    let file_seed = match common.seed {
        None => 1,
        Some(s) if s >= 0 => s as u64,
        Some(s) => return Err(ctx.err(0, &["seed"], format!("seed {s} is negative"), SEED_RANGE)),
    };
    // A seed handed in past the command line's parser (a report's recorded overrides) gets the
    // same range as one typed: the report's own "Command line" must run as printed.
    if let Some(s) = overrides.seed.filter(|s| *s > i64::MAX as u64) {
        return Err(InputError::msg(format!("seed {s} is too large")).field("--seed", SEED_RANGE));
    }
    let seed = overrides.seed.unwrap_or(file_seed);
    let name = match &common.name {
        Some(n) => {
            if n.is_empty() || !n.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c)) || n.starts_with('.')
            {
                return Err(ctx.err(
                    0,
                    &["name"],
                    format!("`{n}` cannot be used as a report directory name"),
                    "letters, digits, `-`, `_`, `.` (not starting with `.`)",
                ));
            }
            n.clone()
        }
        // The file's name, unless it would make a hidden report folder or none at all (`..toml`
        // has the stem `.`, which wrote the report's files straight into `reports/`).
        None => path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .filter(|s| !s.is_empty() && !s.starts_with('.'))
            .unwrap_or_else(|| "scenario".into()),
    };
    let mut setup = Vec::new();
    let (cells, layout, readings) = match system::own_kind(system, kind.name()) {
        Some(own) => {
            let (mut cells, layout, readings) = (own.build)(ctx, kind, doc, &mut setup)?;
            // What each cell used, with its numbers, for the report's scenario record.
            if let Some(table) = doc.table() {
                let used = inputs::of_cell(ctx, system, kind, &table);
                for c in cells.iter_mut().filter(|c| c.inputs.is_empty()) {
                    c.inputs = used.clone();
                }
            }
            (cells, layout, readings)
        }
        None => {
            // A generic analysis: each cell is built here again, as a scenario of its own
            // (see `analyses::Loader`).
            let cell = |sub: &mut Ctx, cell: &toml::Table| {
                let path = sub.sources[0].path.clone();
                build(registry, &path, &Overrides::default(), sub, Some(cell))
            };
            let read_error = |src: &Source, e: &toml::de::Error| first_read_error(registry, src, e);
            let loader = analyses::Loader { build: &cell, read_error: &read_error };
            analyses::plan(ctx, &loader, system, kind, doc, &mut setup)?
        }
    };
    if ctx.generic.is_none() {
        system.scenario_notes(ctx, &text, &cells, &mut setup);
    }
    // A duel report solves the duel exactly beside its sampled numbers, unless that is over the
    // solver's budget: then it says so (the estimate is cheap; nothing is solved here).
    if matches!(layout, Layout::Duel { .. })
        && let Some(why) = cells.first().and_then(|c| c.trial.exact_duel_over_budget())
    {
        ctx.note(Note::sampled(format!(
            "{why}; the duel is sampled instead and its exact-duel tables (`exact_duel` in results.json) are left out"
        )));
    }
    let exact = exact_mode(ctx, &common, overrides, &cells)?;
    let mut sc = finish_scenario(ctx, path, &common, name, kind, seed, stop, readings, setup, cells, layout)?;
    sc.exact = exact;
    Ok(sc)
}

/// An error of a lenient read ([`raw::Common`], a generic analysis's whole-file table), which
/// reads the keys it does not know as "any valid TOML value": when a system's strict schema
/// ([`RuleSystem::strict_error`]) fails at the same place, its words say what the field takes (`cards.x.name = 99999999999999999999` is told
/// "text in quotes", not "any valid TOML value").
pub(crate) fn first_read_error(registry: &[&'static dyn RuleSystem], src: &Source, e: &toml::de::Error) -> InputError {
    let mut err = src.toml_error(e);
    if e.message().contains("any valid TOML value")
        && let Some(strict) = registry
            .iter()
            .filter_map(|s| s.strict_error(&src.text))
            .find(|strict| strict.span().is_some_and(|s| Some(s.start) == e.span().map(|s| s.start)))
    {
        err = src.toml_error(&strict);
    }
    if err.field.as_deref() == Some("seed") && err.message.ends_with("is too large a number") {
        err.allowed = Some(SEED_RANGE.into());
    }
    err
}

/// `exact` from the command line or the file. When every cell must be exact, a cell whose kind
/// has no exact evaluator is refused here, at the `exact` line; whether the others fit the
/// enumeration budget is known only when they are evaluated (the error then points here too).
fn exact_mode(
    ctx: &Ctx,
    common: &raw::Common,
    overrides: &Overrides,
    cells: &[CellSpec],
) -> Result<ExactMode, InputError> {
    let at = || match overrides.exact {
        Some(_) => InputError::msg("").field("--exact", EXACT_ALLOWED),
        None => ctx.err(0, &["exact"], "", EXACT_ALLOWED),
    };
    match overrides.exact.or(common.exact) {
        None => Ok(ExactMode::Auto),
        Some(false) => Ok(ExactMode::Never),
        Some(true) => {
            for c in cells {
                if let Some(why) = c.trial.exact_duel_over_budget() {
                    let mut e = at();
                    e.message = format!(
                        "cell `{}` cannot be evaluated exactly: {why} (a duel's distributions are always sampled; within the budget its exact figures come beside them)",
                        c.label
                    );
                    return Err(e);
                }
                if let Err(why) = c.trial.exact_offered() {
                    let mut e = at();
                    e.message = format!("cell `{}` cannot be evaluated exactly: {why}", c.label);
                    return Err(e);
                }
            }
            Ok(ExactMode::Always(at()))
        }
    }
}

/// What `exact` accepts, for error messages.
pub const EXACT_ALLOWED: &str =
    "false to sample every cell, or leave it out to sample only the cells that cannot be exact";

/// What the loader keeps of a rule system (see [`SystemInfo`]).
fn info(s: &dyn RuleSystem) -> SystemInfo {
    SystemInfo {
        name: s.name(),
        words: s.name_in_messages(),
        readings: s.readings(),
        libraries: s.libraries(),
        sections: system::sections(s),
        fighter_fields: s.fighter_fields(),
        duel_fields: s.duel_fields(),
    }
}

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
    fn own(&self) -> Option<&SystemInfo> {
        self.systems.iter().find(|s| s.name == self.ruleset)
    }

    /// The sections a kind of the declared system reads (the kind's own name when the system
    /// does not list it).
    fn kind_sections(&self, kind: Kind) -> Vec<&'static str> {
        match self.own().and_then(|s| s.sections.iter().find(|(k, _)| *k == kind.name())) {
            Some((_, secs)) => secs.to_vec(),
            None if self.is_section(kind.name()) => vec![kind.name()],
            None => vec![],
        }
    }

    /// Every section the declared system's file holds, for one of its kinds or a generic one.
    fn own_sections(&self) -> impl Iterator<Item = &'static str> + '_ {
        let own = self.own().map(|s| s.sections.as_slice()).unwrap_or(&[]);
        own.iter().flat_map(|(_, secs)| secs.iter().copied()).chain(analyses::SECTIONS.iter().copied())
    }

    /// Whether `key` is a section some system's kind or a generic analysis reads.
    fn is_section(&self, key: &str) -> bool {
        analyses::SECTIONS.contains(&key)
            || self.systems.iter().any(|s| s.sections.iter().any(|(_, secs)| secs.contains(&key)))
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
    fn refuse_unused_sections(&self, kind: Kind, keys: &[&str]) -> Result<(), InputError> {
        let wanted = self.kind_sections(kind);
        let mut order: Vec<&str> = Vec::new();
        for s in self.systems.iter().flat_map(|s| s.sections.iter().flat_map(|(_, secs)| secs.iter().copied())) {
            if !order.contains(&s) {
                order.push(s);
            }
        }
        order.extend(analyses::SECTIONS.iter().copied());
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
    fn refuse_unknown_keys(&self, kind: Kind, doc: Doc<'_>) -> Result<(), InputError> {
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
    fn own_libraries(&self) -> &'static [(&'static str, &'static str)] {
        self.own().map(|s| s.libraries).unwrap_or(&[])
    }

    /// Whether `table` is a library table of another system only.
    fn is_foreign_library(&self, table: &str) -> bool {
        !self.own_libraries().iter().any(|(t, _)| *t == table)
            && self.systems.iter().any(|s| s.libraries.iter().any(|(t, _)| *t == table))
    }

    /// A library table (`[cards]`) that the declared system does not read: say which systems
    /// write it and what the declared one writes instead, at its first entry.
    fn foreign_library(&self, file: usize, table: &str, first: Option<&str>) -> InputError {
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

/// Common last step: the cell limit, then the scenario.
#[allow(clippy::too_many_arguments)]
fn finish_scenario(
    ctx: &Ctx,
    path: &Path,
    file: &raw::Common,
    name: String,
    kind: Kind,
    seed: u64,
    stop: Stop,
    readings: Vec<(&'static str, String)>,
    setup: Vec<String>,
    cells: Vec<CellSpec>,
    layout: Layout,
) -> Result<Scenario, InputError> {
    if cells.is_empty() {
        // A grid whose lists leave nothing to resolve (a distance beyond every band, an empty
        // list of policies): nothing could be reported.
        let sections = ctx.kind_sections(kind);
        let section = sections.first().copied().unwrap_or(kind.name());
        return Err(ctx.err(
            0,
            &[section],
            "this scenario has no cells: its lists leave nothing to resolve",
            format!("[{section}] values that give at least one cell"),
        ));
    }
    if cells.len() > MAX_CELLS {
        return Err(ctx.err(
            0,
            &[kind.name()],
            format!("this scenario has {} cells", cells.len()),
            format!("at most {MAX_CELLS}"),
        ));
    }
    Ok(Scenario {
        name,
        description: file.description.clone(),
        ruleset: ctx.ruleset,
        kind,
        seed,
        stop,
        readings,
        setup,
        notes: ctx.notes.borrow().clone(),
        source: path.to_path_buf(),
        cells,
        layout,
        exact: ExactMode::Auto,
    })
}

impl Ctx {
    /// Refuse any `[readings]` switch that is not one of this rule system's
    /// ([`RuleSystem::readings`]): another system's switch is an error, never silently ignored.
    pub(crate) fn refuse_foreign_readings(&self, r: &toml::Table) -> Result<(), InputError> {
        let own = self.own().map(|s| s.readings).unwrap_or(&[]);
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

    /// The declared system in a message ([`RuleSystem::name_in_messages`]).
    fn system_words(&self) -> String {
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
    fn include<L: raw::LibrarySchema>(
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

    /// The stopping rule. The file's own values are validated in full first, exactly as
    /// `validate` does, so a command-line override never hides an invalid file; then
    /// `--trials` / `--precision` / `--max-trials` replace what the file says.
    pub(crate) fn stop(&self, f: &raw::Common, o: &Overrides) -> Result<Stop, InputError> {
        let file = self.file_stop(f)?;
        let cli = |flag: &str, msg: String, allowed: String| InputError::msg(msg).field(flag, allowed);
        let trials = |t: i64, flag: &str| -> Result<u64, InputError> {
            if TRIALS_RANGE.contains(&t) {
                Ok(t as u64)
            } else {
                Err(cli(flag, format!("{t} trials is out of range"), range_text(&TRIALS_RANGE)))
            }
        };
        match (o.trials, o.precision, o.max_trials) {
            (Some(_), Some(_), _) => {
                Err(cli("--precision", "give --trials or --precision, not both".into(), "one of them".into()))
            }
            (Some(_), None, Some(_)) => Err(cli(
                "--max-trials",
                "`max_trials` only applies with `precision`".into(),
                "use it with --precision".into(),
            )),
            (Some(t), None, None) => Ok(Stop::Trials(trials(t, "--trials")?)),
            (None, Some(p), m) => {
                if !(p.is_finite() && PRECISION_RANGE.contains(&p)) {
                    let allowed = format!("{} to {} (95 % half-width)", PRECISION_RANGE.start(), PRECISION_RANGE.end());
                    return Err(cli("--precision", format!("precision {p} is out of range"), allowed));
                }
                let max_trials = match (m, file) {
                    (Some(m), _) => trials(m, "--max-trials")?,
                    (None, Stop::Precision { max_trials, .. }) => max_trials,
                    (None, Stop::Trials(_) | Stop::Settle { .. }) => DEFAULT_MAX_TRIALS,
                };
                Ok(Stop::Precision { half_width: p, max_trials })
            }
            (None, None, Some(m)) => match file {
                Stop::Precision { half_width, .. } => {
                    Ok(Stop::Precision { half_width, max_trials: trials(m, "--max-trials")? })
                }
                Stop::Settle { .. } => Ok(Stop::Settle { max_trials: trials(m, "--max-trials")? }),
                Stop::Trials(_) => Err(cli(
                    "--max-trials",
                    "`max_trials` only applies with `precision`".into(),
                    "use it with --precision, or `precision` in the config".into(),
                )),
            },
            (None, None, None) => Ok(file),
        }
    }

    /// The stopping rule the file itself gives, every value checked.
    pub(crate) fn file_stop(&self, f: &raw::Common) -> Result<Stop, InputError> {
        let trials = |t: i64, field: &str| -> Result<u64, InputError> {
            if TRIALS_RANGE.contains(&t) {
                Ok(t as u64)
            } else {
                Err(self.err(0, &[field], format!("{t} trials is out of range"), range_text(&TRIALS_RANGE)))
            }
        };
        let t = f.trials.map(|t| trials(t, "trials")).transpose()?;
        let m = f.max_trials.map(|t| trials(t, "max_trials")).transpose()?;
        if let Some(p) = f.precision
            && !(p.is_finite() && PRECISION_RANGE.contains(&p))
        {
            let allowed = format!("{} to {} (95 % half-width)", PRECISION_RANGE.start(), PRECISION_RANGE.end());
            return Err(self.err(0, &["precision"], format!("precision {p} is out of range"), allowed));
        }
        match (t, f.precision, m) {
            (Some(_), Some(_), _) => {
                Err(self.err(0, &["precision"], "give `trials` or `precision`, not both", "one of them"))
            }
            (_, None, Some(_)) => Err(self.err(
                0,
                &["max_trials"],
                "`max_trials` only applies with `precision`",
                "use it with `precision`",
            )),
            (Some(t), None, None) => Ok(Stop::Trials(t)),
            (None, Some(p), m) => Ok(Stop::Precision { half_width: p, max_trials: m.unwrap_or(DEFAULT_MAX_TRIALS) }),
            (None, None, None) => Ok(Stop::Trials(DEFAULT_TRIALS)),
        }
    }

    pub(crate) fn section<T: Clone>(&self, s: &Option<T>, name: &str) -> Result<T, InputError> {
        s.clone()
            .ok_or_else(|| self.err(0, &[name], format!("this kind needs a [{name}] section"), format!("[{name}]")))
    }
}
