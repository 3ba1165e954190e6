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
pub mod library;
pub mod number;
pub mod raw;
mod sections;
pub mod set;
mod settings;
pub mod source;
mod strict;

use crate::analysis::scenario::{CellSpec, ExactMode, Kind, Layout, Note, Scenario};
use crate::engine::Stop;
use crate::error::InputError;
use crate::system::{self, RuleSystem};
pub use analyses::sweepable_fields;
pub use source::Doc;
use source::Source;

pub use ctx::{Built, Ctx, SystemInfo, cell, duel_cell};

use std::path::{Path, PathBuf};

pub use ctx::MAX_CELLS;
pub use settings::{
    DEFAULT_MAX_TRIALS, DEFAULT_TRIALS, Overrides, PRECISION_RANGE, RUN_TRIALS, SEED_RANGE, SETTLE_MAX_TRIALS,
    TRIALS_RANGE,
};

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
    let stop = ctx.run_stop(&common, overrides)?;
    let seed = ctx.seed(&common, overrides)?;
    let name = report_name(ctx, &common, path)?;
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
    let mut sc =
        finish_scenario(ctx, path, &common, name, kind, seed, (stop, overrides), readings, setup, cells, layout)?;
    sc.exact = exact;
    // A balance's exact solves are bounded as a whole, before anything runs (each is bounded
    // alone by its solver's budget; a gauntlet of large cards multiplies them).
    if let Some(s) = crate::analysis::balance_solves(&sc)
        && s.cpu_seconds > crate::analysis::BALANCE_SOLVE_BUDGET_S
    {
        return Err(ctx.err(
            0,
            &["balance"],
            format!(
                "this balance would solve {} duels exactly, estimated at up to {} of one core, over the whole-run limit of {}",
                crate::text::count(s.duels as u64),
                crate::text::duration(s.cpu_seconds),
                crate::text::duration(crate::analysis::BALANCE_SOLVE_BUDGET_S)
            ),
            "fewer fighters (`gauntlet`), fewer `rounds`, `stat_values = false`, smaller cards, or effort decided per attack instead of `optimal-win`",
        ));
    }
    Ok(sc)
}

/// The report's folder name: the file's `name`, checked to be one, else the file's own name.
fn report_name(ctx: &Ctx, common: &raw::Common, path: &Path) -> Result<String, InputError> {
    Ok(match &common.name {
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
    })
}

/// An error of a lenient read ([`raw::Common`], a generic analysis's whole-file table), which
/// reads the keys it does not know as "any valid TOML value": when a system's strict schema
/// ([`SystemDef::strict`]) fails at the same place, its words say what the field takes (`cards.x.name = 99999999999999999999` is told
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
    // Two files that are no scenario get told what they are and how to go on, not "missing
    // field `ruleset`" or "missing field `kind`" (issue #39).
    if e.message().contains("missing field") {
        let systems = registry.iter().map(|s| format!("`{}`", s.name())).collect::<Vec<_>>().join(", ");
        if src.text.parse::<toml::Table>().is_ok_and(|t| t.is_empty()) {
            err.message = "the file holds no scenario: a scenario starts with `ruleset` and `kind`; \
                           `skirmish-odds init SYSTEM KIND` writes a commented starter to begin from \
                           (`skirmish-odds list` shows every system and its kinds)"
                .into();
            err.field = Some("ruleset".into());
            err.allowed = Some(systems);
        } else if is_library(registry, &src.text) {
            err.message = "this is a library file (cards, weapons, models or fighters for scenarios to \
                           `include`), not a scenario: run a scenario that includes it \
                           (`include = [\"FILE\"]`), or check it alone with `skirmish-odds validate FILE`"
                .into();
            err.field = Some("kind".into());
            err.allowed = Some("a scenario file (with `kind`), or `validate` for a library".into());
        }
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

/// Common last step: the cell limit and the whole run's (the stopping rule, with the command
/// line's overrides that gave it), then the scenario.
#[allow(clippy::too_many_arguments)]
fn finish_scenario(
    ctx: &Ctx,
    path: &Path,
    file: &raw::Common,
    name: String,
    kind: Kind,
    seed: u64,
    (stop, overrides): (Stop, &Overrides),
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
    let asked = layout.asked_cells(cells.len());
    if asked > MAX_CELLS {
        return Err(ctx.err(
            0,
            &[kind.name()],
            format!("this scenario has {asked} cells"),
            format!("at most {MAX_CELLS}"),
        ));
    }
    let stop = ctx.whole_run(stop, cells.len(), overrides)?;
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
