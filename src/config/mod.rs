//! TOML → typed, validated [`Scenario`].
//!
//! Everything the user can get wrong is checked here, before any trial runs or any file is
//! written, and reported as one [`InputError`] naming file, line, column, field and what is
//! allowed. Rule violations found by the rule constructors (effort limits, attacking a
//! casualty) are routed back to the field that caused them.

pub mod ctx;
mod fighters;
pub mod generic;
pub mod raw;
pub mod source;

use crate::analysis::scenario::{CellSpec, ExactMode, Kind, Layout, Note, Scenario};
use crate::engine::Stop;
use crate::error::InputError;
use crate::registry;
use crate::system::{self, RuleSystem};
use source::Source;

use ctx::range_text;
pub use ctx::{Built, Ctx, cell, duel_cell};

pub use crate::systems::bmg3e::rules::parse_damage;
use std::collections::BTreeMap;
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

/// Default trials per cell when a config gives neither `trials` nor `precision`.
pub const DEFAULT_TRIALS: u64 = 1_000_000;
/// Allowed trials per cell.
pub const TRIALS_RANGE: RangeInclusive<i64> = 1..=10_000_000_000;
/// Default cap of a `precision` run.
pub const DEFAULT_MAX_TRIALS: u64 = 100_000_000;
/// Allowed `precision` (95 % half-width target).
pub const PRECISION_RANGE: RangeInclusive<f64> = 0.00001..=0.25;
/// Allowed seeds, in the config and on the command line (TOML integers are signed 64-bit).
pub const SEED_RANGE: &str = "0..=9223372036854775807";
/// Largest number of cells one scenario may ask for.
pub const MAX_CELLS: usize = 400;

/// Command-line values that override the config.
#[derive(Clone, Debug, Default)]
pub struct Overrides {
    pub seed: Option<u64>,
    pub trials: Option<i64>,
    pub precision: Option<f64>,
    pub max_trials: Option<i64>,
    /// `--exact` (`Some(true)`) or `--sample` (`Some(false)`); replaces the config's `exact`.
    pub exact: Option<bool>,
}

/// Read, parse and validate a scenario file.
pub fn load(path: &Path, overrides: &Overrides) -> Result<Scenario, InputError> {
    load_with_sources(path, overrides, None).map(|(sc, _)| sc)
}

/// Read, parse and validate a scenario, from disk or (with `embedded`) from the copies of its
/// files a shard's partial result carries, so `merge` needs no config file. Returns the files
/// read too (the scenario first, then its includes), for a partial result to carry.
pub fn load_with_sources(
    path: &Path,
    overrides: &Overrides,
    embedded: Option<&[Source]>,
) -> Result<(Scenario, Vec<Source>), InputError> {
    load_in(&registry::SYSTEMS, path, overrides, embedded)
}

/// [`load_with_sources`] against a given list of rule systems (the tests add a tiny system of
/// their own this way; see CONTRIBUTING.md).
pub fn load_in(
    registry: &[&'static dyn RuleSystem],
    path: &Path,
    overrides: &Overrides,
    embedded: Option<&[Source]>,
) -> Result<(Scenario, Vec<Source>), InputError> {
    let main = Source::read_from(path, embedded)?;
    let mut ctx = Ctx::new(main, embedded.map(<[Source]>::to_vec));
    let scenario = build(registry, path, overrides, &mut ctx)?;
    Ok((scenario, ctx.sources))
}

/// Validate the scenario in `ctx.sources[0]`: the parts every system shares (rule system, kind,
/// name, seed, stopping rule, readings names) here; the cells by the system itself, or by the
/// generic analyses ([`generic`]) for `compare`, `sweep`, `paired` and `balance`.
pub(crate) fn build(
    registry: &[&'static dyn RuleSystem],
    path: &Path,
    overrides: &Overrides,
    ctx: &mut Ctx,
) -> Result<Scenario, InputError> {
    let text = ctx.sources[0].text.clone();
    let common: raw::Common = toml::from_str(&text).map_err(|e| first_read_error(&ctx.sources[0], &e))?;
    let system = registry.iter().copied().find(|s| s.name() == common.ruleset).ok_or_else(|| {
        ctx.err(
            0,
            &["ruleset"],
            format!("rule system `{}` is not supported by this build", common.ruleset),
            registry.iter().map(|r| format!("`{}`", r.name())).collect::<Vec<_>>().join(", "),
        )
    })?;
    ctx.ruleset = system.name();
    ctx.systems = registry.iter().map(|s| (s.name(), s.readings())).collect();
    ctx.libraries = registry.iter().map(|s| (s.name(), s.libraries())).collect();
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
    let stop = ctx.stop(&common, overrides)?;
    // The file's seed is checked even when --seed replaces it.
    let file_seed = match common.seed {
        None => 1,
        Some(s) if s >= 0 => s as u64,
        Some(s) => return Err(ctx.err(0, &["seed"], format!("seed {s} is negative"), SEED_RANGE)),
    };
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
    let (cells, layout, readings) =
        if system::generic_kinds(system).contains(&kind.name()) && !system.kinds().contains(&kind.name()) {
            generic::plan(ctx, registry, system, kind, &text, &mut setup)?
        } else {
            system.build(ctx, kind, &text, &mut setup)?
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
/// reads the keys it does not know as "any valid TOML value": when the strict schema of the built-in systems fails at the same
/// place, its words say what the field takes (`cards.x.name = 99999999999999999999` is told
/// "text in quotes", not "any valid TOML value").
pub(crate) fn first_read_error(src: &Source, e: &toml::de::Error) -> InputError {
    let mut err = src.toml_error(e);
    if e.message().contains("any valid TOML value")
        && let Err(strict) = toml::from_str::<raw::ScenarioFile>(&src.text)
        && strict.span().is_some_and(|s| Some(s.start) == e.span().map(|s| s.start))
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

impl Ctx {
    /// The part of building that every built-in system shares: the strict parse of the whole
    /// file (so a typo anywhere is an error with its line), the card/weapon libraries and
    /// includes, and which sections the kind uses. `f` then builds the cells.
    pub(crate) fn build_builtin(
        &mut self,
        kind: Kind,
        text: &str,
        setup: &mut Vec<String>,
        f: impl FnOnce(&mut Ctx, &raw::ScenarioFile, &mut Vec<String>) -> Result<Built, InputError>,
    ) -> Result<Built, InputError> {
        self.refuse_unknown_keys(kind, text)?;
        let file: raw::ScenarioFile =
            toml::from_str(text).map_err(|e| self.edition_words(self.sources[0].toml_error(&e)))?;
        self.add_library(0, file.cards.clone(), file.weapons.clone())?;
        self.add_fighters(0, file.fighters.clone())?;
        self.limit_includes(file.include.len())?;
        for inc in &file.include {
            self.include(inc)?;
        }
        self.refuse_unused_sections(kind, &file)?;
        self.refuse_3e_only(&file)?;
        f(self, &file, setup)
    }

    /// A section the kind does not read is an error (it would be silently ignored).
    fn refuse_unused_sections(&self, kind: Kind, file: &raw::ScenarioFile) -> Result<(), InputError> {
        let sections = [
            ("attack", file.attack.is_some()),
            ("check", file.check.is_some()),
            ("effort", file.effort.is_some()),
            ("compare", file.compare.is_some()),
            ("sweep", file.sweep.is_some()),
            ("duel", file.duel.is_some()),
            ("balance", file.balance.is_some()),
            ("paired", file.paired.is_some()),
            ("procedure", file.procedure.is_some()),
            ("exchange", file.exchange.is_some()),
            ("editions", file.editions.is_some()),
            ("shot", file.shot.is_some()),
            ("sequence", file.sequence.is_some()),
            ("arsenal", file.arsenal.is_some()),
            ("reaction", file.reaction.is_some()),
            ("encounter", file.encounter.is_some()),
            ("pursuit", file.pursuit.is_some()),
            ("variants", file.variants.is_some()),
            ("shooting", file.shooting.is_some()),
            ("melee", file.melee.is_some()),
            ("magic", file.magic.is_some()),
            ("initiative", file.initiative.is_some()),
            ("leave", file.leave.is_some()),
            ("movement", file.movement.is_some()),
            ("threat", file.threat.is_some()),
        ];
        let wanted = kind_sections(kind);
        for (sec, present) in sections {
            if present && !wanted.contains(&sec) {
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

/// Every section a built-in scenario file can hold, for some system and kind (the sections of
/// [`raw::ScenarioFile`]).
const SECTIONS: [&str; 25] = [
    "attack",
    "check",
    "effort",
    "compare",
    "sweep",
    "duel",
    "balance",
    "paired",
    "procedure",
    "exchange",
    "editions",
    "shot",
    "sequence",
    "arsenal",
    "reaction",
    "encounter",
    "pursuit",
    "variants",
    "shooting",
    "melee",
    "magic",
    "initiative",
    "leave",
    "movement",
    "threat",
];

/// The sections a built-in kind reads.
fn kind_sections(kind: Kind) -> &'static [&'static str] {
    match kind.name() {
        "effort" => &["attack", "effort"],
        "compare" => &["attack", "compare"],
        "paired" => &["paired", "attack"],
        "editions" => &["editions", "attack"],
        "terrain" => &[],
        other => std::slice::from_ref(SECTIONS.iter().find(|s| **s == other).unwrap_or(&"")),
    }
}

impl Ctx {
    /// Before the strict parse: a top-level key that neither this system nor any other reads is
    /// a typo, told with only what this system and kind accept (and the nearest of them); a
    /// library table only another system reads (`[cards]` in a Wolsung file) is told what the
    /// declared system writes instead. Sections of another kind are left to
    /// `refuse_unused_sections`, which says which kind reads them.
    fn refuse_unknown_keys(&self, kind: Kind, text: &str) -> Result<(), InputError> {
        let Ok(doc) = toml::from_str::<toml::Table>(text) else { return Ok(()) };
        let own = self.own_libraries();
        for (key, value) in &doc {
            let key = key.as_str();
            if COMMON_KEYS.contains(&key) || own.iter().any(|(t, _)| *t == key) || SECTIONS.contains(&key) {
                continue;
            }
            if self.libraries.iter().any(|(_, libs)| libs.iter().any(|(t, _)| *t == key)) {
                let first = value.as_table().and_then(|t| t.keys().next()).map(String::as_str);
                return Err(self.foreign_library(0, key, first));
            }
            let accepted: Vec<String> = COMMON_KEYS
                .iter()
                .chain(own.iter().map(|(t, _)| t))
                .chain(self.generic.iter())
                .chain(kind_sections(kind).iter().filter(|s| !s.is_empty()))
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

    /// An unknown field of a table both Batman editions share (`[attack]`, a card, a weapon):
    /// the schema lists every field of both, so offer only the declared edition's (a bmg-3e
    /// `attack_counter` is not pointed at bmg-1e's `attack_counters`, which bmg-3e refuses).
    fn edition_words(&self, mut err: InputError) -> InputError {
        let field = err.field.clone().unwrap_or_default();
        let path: Vec<&str> = field.split('.').collect();
        let other = raw::other_editions_fields(self.ruleset, &path);
        if other.is_empty() || !err.message.starts_with("unknown field") {
            return err;
        }
        let Some(allowed) = err.allowed.as_deref() else { return err };
        let own: Vec<String> =
            allowed.split('`').skip(1).step_by(2).filter(|f| !other.contains(f)).map(|f| format!("`{f}`")).collect();
        let allowed = own.join(", ");
        let what = err.message.split(" — did you mean").next().unwrap_or("").to_string();
        err.message = source::with_suggestion(&what, &allowed);
        err.allowed = Some(format!("{} {}: {allowed}", self.ruleset, path[0]));
        err
    }

    /// The declared system's library tables.
    fn own_libraries(&self) -> &'static [(&'static str, &'static str)] {
        self.libraries.iter().find(|(n, _)| *n == self.ruleset).map(|(_, l)| *l).unwrap_or(&[])
    }

    /// A library table (`[cards]`) that the declared system does not read: say which systems
    /// write it and what the declared one writes instead, at its first entry.
    fn foreign_library(&self, file: usize, table: &str, first: Option<&str>) -> InputError {
        let owners: Vec<&str> =
            self.libraries.iter().filter(|(_, l)| l.iter().any(|(t, _)| *t == table)).map(|(n, _)| *n).collect();
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
        let own = self.systems.iter().find(|(n, _)| *n == self.ruleset).map(|(_, r)| *r).unwrap_or(&[]);
        for field in r.keys() {
            if !own.contains(&field.as_str()) {
                let owners: Vec<&str> =
                    self.systems.iter().filter(|(_, r)| r.contains(&field.as_str())).map(|(n, _)| *n).collect();
                let msg = if owners.is_empty() {
                    format!("unknown reading `{field}`")
                } else {
                    format!(
                        "`{field}` is a {} reading, not a {} one",
                        owners.join(" / "),
                        if self.ruleset == "all" { "threat-range (`all`)" } else { self.ruleset }
                    )
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

    /// A sweep whose cells all compile to the same trial cannot show anything: say so (a warning,
    /// not an error, so configs that did this keep running). Trials hold the resolved dice
    /// procedure (masks, dice counts, damage), so equal trials mean equal distributions.
    pub(crate) fn note_constant_sweep(&self, p: &str, cells: &[CellSpec], why: &str) {
        if cells.len() > 1 && cells.windows(2).all(|w| w[0].trial == w[1].trial) {
            self.note(crate::analysis::scenario::Note::ignored(format!(
                "sweep parameter `{p}` cannot change any number in this scenario{why}: every value gives the same trial"
            )));
        }
    }

    pub(crate) fn check_ruleset(&self, ruleset: &str, file: usize) -> Result<(), InputError> {
        if self.systems.iter().any(|(n, _)| *n == ruleset) {
            Ok(())
        } else {
            Err(self.err(
                file,
                &["ruleset"],
                format!("rule system `{ruleset}` is not supported by this build"),
                self.systems.iter().map(|(n, _)| format!("`{n}`")).collect::<Vec<_>>().join(", "),
            ))
        }
    }

    pub(crate) fn include(&mut self, inc: &str) -> Result<(), InputError> {
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
        let lib: raw::LibraryFile = toml::from_str(&src.text).map_err(|e| self.edition_words(src.toml_error(&e)))?;
        let idx = self.keep_source(src)?;
        if let Some(r) = &lib.ruleset {
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
        self.add_library(idx, lib.cards, lib.weapons)?;
        self.add_fighters(idx, lib.fighters)
    }

    pub(crate) fn add_library(
        &mut self,
        file: usize,
        cards: BTreeMap<String, raw::Card>,
        weapons: BTreeMap<String, raw::Weapon>,
    ) -> Result<(), InputError> {
        // An included library's `[cards]` / `[weapons]` when the declared system reads neither
        // (a scenario file's own were refused before the strict parse, in the same words).
        for (table, first) in [("cards", cards.keys().next()), ("weapons", weapons.keys().next())] {
            if let Some(name) = first
                && !self.own_libraries().iter().any(|(t, _)| *t == table)
            {
                return Err(self.foreign_library(file, table, Some(name)));
            }
        }
        for (name, card) in cards {
            if let Some((_, other)) = self.cards.get(&name) {
                return Err(self.err(
                    file,
                    &["cards", &name],
                    format!("card `{name}` is already defined in {}", self.sources[*other].path.display()),
                    "each card name once",
                ));
            }
            if self.ruleset == "bmg-1e" {
                self.card_1e(&name, &card, file)?;
            } else {
                self.profile_of(&name, &card, file)?;
            }
            self.cards.insert(name, (card, file));
        }
        for (name, weapon) in weapons {
            if let Some((_, other)) = self.weapons.get(&name) {
                return Err(self.err(
                    file,
                    &["weapons", &name],
                    format!("weapon `{name}` is already defined in {}", self.sources[*other].path.display()),
                    "each weapon name once",
                ));
            }
            if self.ruleset == "bmg-1e" {
                self.weapon_1e(&name, &weapon, file)?;
            } else {
                self.weapon_of(&name, &weapon, file)?;
            }
            self.weapons.insert(name, (weapon, file));
        }
        Ok(())
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
                    (None, Stop::Trials(_)) => DEFAULT_MAX_TRIALS,
                };
                Ok(Stop::Precision { half_width: p, max_trials })
            }
            (None, None, Some(m)) => match file {
                Stop::Precision { half_width, .. } => {
                    Ok(Stop::Precision { half_width, max_trials: trials(m, "--max-trials")? })
                }
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

    pub(crate) fn card_names(&self) -> String {
        if self.cards.is_empty() {
            "no cards are defined: add [cards.NAME] or include a card file".into()
        } else {
            self.cards.keys().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ")
        }
    }
}
