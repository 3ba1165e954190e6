//! TOML → typed, validated [`Scenario`].
//!
//! Everything the user can get wrong is checked here, before any trial runs or any file is
//! written, and reported as one [`InputError`] naming file, line, column, field and what is
//! allowed. Rule violations found by the rule constructors (effort limits, attacking a
//! casualty) are routed back to the field that caused them.

mod bichos;
mod bmg1e;
mod duels;
pub mod raw;
pub mod source;
mod wolsung;

use crate::analysis::scenario::{AnyTrial, CellSpec, Kind, Layout, Objective, Scenario};
use crate::engine::Stop;
use crate::error::InputError;
use crate::rules::bmg3e::{
    Attack, AttackSetup, Check, CheckKind, CheckSetup, Markers, MeleeMods, OneDie, Profile, RangedMods, Readings,
    RuleError, Weapon, WeaponKind,
};
use serde_json::{Value, json};
use source::Source;
use std::collections::BTreeMap;
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

/// Rule systems this build can simulate.
pub const RULESETS: [&str; 6] = ["bmg-3e", "bmg-1e", "bichos", "wolsung", "mordheim", "all"];

/// The `[readings]` switches each rule system offers (documented in `configs/README.md` and in
/// `docs/rules/<system>.md`). One list, checked in one place ([`Ctx::refuse_foreign_readings`]):
/// another system's switch is an error, never silently ignored.
pub const READINGS: [(&str, &[&str]); 6] = [
    ("bmg-3e", &["block_natural_six", "ko_bonus_within_attack", "ko_target_outnumbered", "check_with_one_die"]),
    (
        "bmg-1e",
        &[
            "block_natural_six",
            "scratch_mode",
            "martial_artist_vs_mobster",
            "special_attack_ranged",
            "helpless_passive_traits",
        ],
    ),
    (
        "bichos",
        &[
            "units",
            "grenade_pot",
            "hole_doubles",
            "hole_triples",
            "wound_table_low_fdv",
            "shot_wounded_tests",
            "flee_res",
            "retreat_distance",
            "pursuit_halving",
            "pursuit_test",
            "ranged_in_contact",
        ],
    ),
    (
        "wolsung",
        &["guard_backlash_crits", "movement_penalty_floor", "deck_exhausted", "sunnir_scope", "knocked_down_vs_magic"],
    ),
    ("mordheim", &["detection_range"]),
    ("all", &[]),
];

/// Scenario kinds each rule system offers.
fn kinds_of(ruleset: &str) -> &'static [Kind] {
    match ruleset {
        "bmg-1e" => &[Kind::Attack, Kind::Check, Kind::Procedure, Kind::Exchange, Kind::Editions, Kind::Duel],
        "bichos" => &[
            Kind::Shot,
            Kind::Sequence,
            Kind::Arsenal,
            Kind::Reaction,
            Kind::Encounter,
            Kind::Pursuit,
            Kind::Terrain,
            Kind::Variants,
            Kind::Duel,
        ],
        "wolsung" => &[Kind::Shooting, Kind::Melee, Kind::Magic, Kind::Initiative, Kind::Leave, Kind::Duel],
        "mordheim" => &[Kind::Movement],
        "all" => &[Kind::Threat],
        _ => &[
            Kind::Attack,
            Kind::Check,
            Kind::Effort,
            Kind::Compare,
            Kind::Sweep,
            Kind::Duel,
            Kind::Balance,
            Kind::Paired,
        ],
    }
}
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
    let main = Source::read_from(path, embedded)?;
    let file: raw::ScenarioFile = toml::from_str(&main.text).map_err(|e| main.toml_error(&e))?;
    let mut ctx = Ctx::new(main, embedded.map(<[Source]>::to_vec));
    let scenario = build(path, overrides, &file, &mut ctx)?;
    Ok((scenario, ctx.sources))
}

/// Validate a parsed scenario file into a [`Scenario`].
fn build(path: &Path, overrides: &Overrides, file: &raw::ScenarioFile, ctx: &mut Ctx) -> Result<Scenario, InputError> {
    ctx.check_ruleset(&file.ruleset, 0)?;
    ctx.ruleset = RULESETS.iter().find(|r| **r == file.ruleset).copied().expect("checked");
    let allowed_kinds = kinds_of(ctx.ruleset);
    let kind =
        Kind::ALL.iter().find(|(n, k)| *n == file.kind && allowed_kinds.contains(k)).map(|(_, k)| *k).ok_or_else(
            || {
                ctx.err(
                    0,
                    &["kind"],
                    format!("unknown scenario kind `{}` for {}", file.kind, ctx.ruleset),
                    allowed_kinds.iter().map(|k| format!("`{}`", k.name())).collect::<Vec<_>>().join(", "),
                )
            },
        )?;
    ctx.add_library(0, file.cards.clone(), file.weapons.clone())?;
    ctx.add_fighters(0, file.fighters.clone())?;
    for inc in &file.include {
        ctx.include(inc)?;
    }
    let stop = ctx.stop(file, overrides)?;
    // The file's seed is checked even when --seed replaces it.
    let file_seed = match file.seed {
        None => 1,
        Some(s) if s >= 0 => s as u64,
        Some(s) => return Err(ctx.err(0, &["seed"], format!("seed {s} is negative"), SEED_RANGE)),
    };
    let seed = overrides.seed.unwrap_or(file_seed);
    let name = match &file.name {
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
        None => path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "scenario".into()),
    };
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
    let wanted: &[&str] = match kind {
        Kind::Attack => &["attack"],
        Kind::Check => &["check"],
        Kind::Effort => &["attack", "effort"],
        Kind::Compare => &["attack", "compare"],
        Kind::Sweep => &["sweep"],
        Kind::Duel => &["duel"],
        Kind::Balance => &["balance"],
        Kind::Paired => &["paired", "attack"],
        Kind::Procedure => &["procedure"],
        Kind::Exchange => &["exchange"],
        Kind::Editions => &["editions", "attack"],
        Kind::Shot => &["shot"],
        Kind::Sequence => &["sequence"],
        Kind::Arsenal => &["arsenal"],
        Kind::Reaction => &["reaction"],
        Kind::Encounter => &["encounter"],
        Kind::Pursuit => &["pursuit"],
        Kind::Terrain => &[],
        Kind::Variants => &["variants"],
        Kind::Shooting => &["shooting"],
        Kind::Melee => &["melee"],
        Kind::Magic => &["magic"],
        Kind::Initiative => &["initiative"],
        Kind::Leave => &["leave"],
        Kind::Movement => &["movement"],
        Kind::Threat => &["threat"],
    };
    for (sec, present) in sections {
        if present && !wanted.contains(&sec) && !(kind == Kind::Sweep && (sec == "attack" || sec == "check")) {
            return Err(ctx.err(
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
    let mut setup = Vec::new();
    ctx.refuse_foreign_readings(&file.readings)?;
    ctx.refuse_3e_only(file)?;
    if matches!(ctx.ruleset, "wolsung" | "mordheim" | "all") {
        let (cells, layout, readings) = ctx.build_other(kind, file, &mut setup)?;
        return finish_scenario(ctx, path, file, name, kind, seed, stop, readings, setup, cells, layout);
    }
    if ctx.ruleset == "bichos" {
        let readings = ctx.readings_bichos(&file.readings)?;
        let (cells, layout) = ctx.build_bichos(kind, file, &readings, &mut setup)?;
        return finish_scenario(ctx, path, file, name, kind, seed, stop, readings.list(), setup, cells, layout);
    }
    if ctx.ruleset == "bmg-1e" {
        let readings = ctx.readings_1e(&file.readings)?;
        let (cells, layout) = ctx.build_1e(kind, file, &readings, &mut setup)?;
        return finish_scenario(ctx, path, file, name, kind, seed, stop, readings.list(), setup, cells, layout);
    }
    let readings = ctx.readings(&file.readings)?;
    let (cells, layout) = match kind {
        Kind::Attack => {
            let a = ctx.section(&file.attack, "attack")?;
            let s = ctx.attack_setup(&a, "attack", &readings, "")?;
            setup = describe_attack(ctx, &a, &s);
            let attack = ctx.build_attack(&s, "attack", "")?;
            (vec![cell("attack", vec![], AnyTrial::Attack(attack))], Layout::Single)
        }
        Kind::Check => {
            let c = ctx.section(&file.check, "check")?;
            let (cs, lines) = ctx.check_setup(&c, "check", &readings)?;
            setup = lines;
            (vec![cell("check", vec![], AnyTrial::Check(Check::new(&cs)))], Layout::Single)
        }
        Kind::Effort => ctx.effort(file, &readings, &mut setup)?,
        Kind::Compare => ctx.compare(file, &readings, &mut setup)?,
        Kind::Sweep => ctx.sweep(file, &readings, &mut setup)?,
        Kind::Duel => ctx.duel(file, &readings, &mut setup)?,
        Kind::Balance => ctx.balance(file, &readings, &mut setup)?,
        Kind::Paired => ctx.paired(file, &readings, &mut setup)?,
        _ => unreachable!("kinds_of(bmg-3e) lists only the kinds above"),
    };
    finish_scenario(ctx, path, file, name, kind, seed, stop, readings.list(), setup, cells, layout)
}

/// Common last step: the cell limit, then the scenario.
#[allow(clippy::too_many_arguments)]
fn finish_scenario(
    ctx: &Ctx,
    path: &Path,
    file: &raw::ScenarioFile,
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
    })
}

fn cell(label: &str, params: Vec<(String, Value)>, trial: AnyTrial) -> CellSpec {
    CellSpec { label: label.to_string(), params, trial }
}

/// Parameters a sweep can vary, with the range each may take.
pub const SWEEP_ATTACK_PARAMS: [(&str, RangeInclusive<i64>); 22] = [
    ("attacker.attack", 1..=10),
    ("attacker.defense", 1..=6),
    ("attacker.strength", 2..=6),
    ("attacker.willpower", 1..=12),
    ("attacker.endurance", 1..=12),
    ("target.attack", 1..=10),
    ("target.defense", 1..=6),
    ("target.strength", 2..=6),
    ("target.willpower", 1..=12),
    ("target.endurance", 1..=12),
    ("weapon.strength_bonus", -3..=3),
    ("weapon.rate_of_fire", 0..=8),
    ("weapon.strength", 2..=6),
    ("attacker_effort", 0..=3),
    ("target_effort", 0..=3),
    ("enemies_in_contact", 1..=6),
    ("attacker_stun", 0..=12),
    ("attacker_wounds", 0..=12),
    ("target_stun", 0..=12),
    ("target_wounds", 0..=12),
    ("defense_mod", -5..=5),
    ("dodge", 0..=6),
];
/// Parameters a check sweep can vary.
pub const SWEEP_CHECK_PARAMS: [(&str, RangeInclusive<i64>); 3] =
    [("value", 2..=12), ("enemy_effort", 0..=7), ("model.special", 1..=8)];

const CARD_FIELDS: [(&str, RangeInclusive<i64>); 9] = [
    ("attack", 1..=10),
    ("defense", 1..=6),
    ("strength", 2..=6),
    ("willpower", 1..=12),
    ("endurance", 1..=12),
    ("special", 1..=8),
    ("movement", 0..=16),
    ("reputation", 0..=2000),
    ("funding", 0..=2000),
];

fn card_range(field: &str) -> RangeInclusive<i64> {
    CARD_FIELDS.iter().find(|(f, _)| *f == field).map(|(_, r)| r.clone()).expect("known card field")
}

fn range_text(r: &RangeInclusive<i64>) -> String {
    format!("{}..={}", r.start(), r.end())
}

/// Validation context: the files read, and which file each card and weapon came from.
struct Ctx {
    sources: Vec<Source>,
    cards: BTreeMap<String, (raw::Card, usize)>,
    weapons: BTreeMap<String, (raw::Weapon, usize)>,
    fighters: BTreeMap<String, (raw::FighterRef, usize)>,
    /// The scenario's rule system: decides how cards and weapons are validated.
    ruleset: &'static str,
    /// Copies of the files to read instead of the disk (a partial result's, for `merge`).
    embedded: Option<Vec<Source>>,
    /// Notes the builders attach to the scenario (values that cannot matter, rules not modelled).
    /// A `RefCell` so any builder holding `&Ctx` can add one; deduplicated in order of arrival.
    notes: std::cell::RefCell<Vec<crate::analysis::scenario::Note>>,
}

impl Ctx {
    fn new(main: Source, embedded: Option<Vec<Source>>) -> Self {
        Ctx {
            embedded,
            sources: vec![main],
            cards: BTreeMap::new(),
            weapons: BTreeMap::new(),
            fighters: BTreeMap::new(),
            ruleset: "bmg-3e",
            notes: Default::default(),
        }
    }

    /// Refuse any `[readings]` switch that is not one of this rule system's ([`READINGS`]).
    fn refuse_foreign_readings(&self, r: &raw::Readings) -> Result<(), InputError> {
        let own = READINGS.iter().find(|(n, _)| *n == self.ruleset).map(|(_, l)| *l).unwrap_or(&[]);
        let set = serde_json::to_value(r).expect("readings serialise");
        let set = set.as_object().expect("readings are a table");
        for (field, value) in set {
            if !value.is_null() && !own.contains(&field.as_str()) {
                let owners: Vec<&str> =
                    READINGS.iter().filter(|(_, l)| l.contains(&field.as_str())).map(|(n, _)| *n).collect();
                return Err(self.err(
                    0,
                    &["readings", field],
                    format!(
                        "`{field}` is a {} reading, not a {} one",
                        owners.join(" / "),
                        if self.ruleset == "all" { "threat-range (`all`)" } else { self.ruleset }
                    ),
                    format!(
                        "{} readings: {}",
                        self.ruleset,
                        if own.is_empty() { "none".to_string() } else { own.join(", ") }
                    ),
                ));
            }
        }
        Ok(())
    }

    /// A sweep whose cells all compile to the same trial cannot show anything: say so (a warning,
    /// not an error, so configs that did this keep running). Trials hold the resolved dice
    /// procedure (masks, dice counts, damage), so equal trials mean equal distributions.
    fn note_constant_sweep(&self, p: &str, cells: &[CellSpec], why: &str) {
        if cells.len() > 1 && cells.windows(2).all(|w| w[0].trial == w[1].trial) {
            self.note(crate::analysis::scenario::Note::ignored(format!(
                "sweep parameter `{p}` cannot change any number in this scenario{why}: every value gives the same trial"
            )));
        }
    }

    /// Attach a note to the scenario being built (once, however many cells raise it).
    fn note(&self, note: crate::analysis::scenario::Note) {
        let mut notes = self.notes.borrow_mut();
        if !notes.contains(&note) {
            notes.push(note);
        }
    }

    fn err(&self, file: usize, path: &[&str], msg: impl Into<String>, allowed: impl Into<String>) -> InputError {
        self.sources[file].error_at(path, msg, allowed)
    }

    fn check_ruleset(&self, ruleset: &str, file: usize) -> Result<(), InputError> {
        if RULESETS.contains(&ruleset) {
            Ok(())
        } else {
            Err(self.err(
                file,
                &["ruleset"],
                format!("rule system `{ruleset}` is not supported by this build"),
                RULESETS.iter().map(|r| format!("`{r}`")).collect::<Vec<_>>().join(", "),
            ))
        }
    }

    fn include(&mut self, inc: &str) -> Result<(), InputError> {
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
        let lib: raw::LibraryFile = toml::from_str(&src.text).map_err(|e| src.toml_error(&e))?;
        self.sources.push(src);
        let idx = self.sources.len() - 1;
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

    fn add_library(
        &mut self,
        file: usize,
        cards: BTreeMap<String, raw::Card>,
        weapons: BTreeMap<String, raw::Weapon>,
    ) -> Result<(), InputError> {
        if matches!(self.ruleset, "bichos" | "wolsung" | "mordheim" | "all") {
            if let Some(name) = cards.keys().next() {
                return Err(self.err(
                    file,
                    &["cards", name],
                    "¡Bichos! figures are `[profiles.NAME]`, not cards",
                    "[profiles.NAME] with hda, pot, fdv, res, bld, mov_cm, mov_in",
                ));
            }
            if let Some(name) = weapons.keys().next() {
                return Err(self.err(
                    file,
                    &["weapons", name],
                    "¡Bichos! weapons are the source's own",
                    "pistol, assault_rifle, grenade, heavy_weapon, fists, small_claws, big_claws",
                ));
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

    fn int(
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

    fn profile_of(&self, name: &str, c: &raw::Card, file: usize) -> Result<Profile, InputError> {
        if c.traits.is_some() {
            return Err(self.err(
                file,
                &["cards", name, "traits"],
                "`traits` are a bmg-1e card field",
                "bmg-3e cards: attack, defense, strength, willpower, endurance, special, movement, reputation, funding",
            ));
        }
        let f = |field: &str, v: i64| -> Result<u8, InputError> {
            let r = card_range(field);
            self.int(file, &["cards", name, field], v, r, field).map(|v| v as u8)
        };
        if let Some(m) = c.movement {
            f("movement", m)?;
        }
        if let Some(r) = c.reputation {
            self.int(file, &["cards", name, "reputation"], r, card_range("reputation"), "reputation")?;
        }
        if let Some(r) = c.funding {
            self.int(file, &["cards", name, "funding"], r, card_range("funding"), "funding")?;
        }
        Ok(Profile {
            attack: f("attack", c.attack)?,
            defense: f("defense", c.defense)?,
            strength: f("strength", c.strength)?,
            willpower: f("willpower", c.willpower)?,
            endurance: f("endurance", c.endurance)?,
            special: f("special", c.special)?,
            movement: c.movement.unwrap_or(0) as u8,
        })
    }

    fn weapon_of(&self, name: &str, w: &raw::Weapon, file: usize) -> Result<Weapon, InputError> {
        let at = |field: &'static str| -> [&str; 3] { ["weapons", name, field] };
        if w.traits.is_some() {
            return Err(self.err(
                file,
                &at("traits"),
                "`traits` are a bmg-1e weapon field",
                "bmg-3e weapons: kind, damage, strength_bonus, rate_of_fire, strength, crt",
            ));
        }
        let damage = parse_damage(&w.damage).map_err(|m| {
            self.err(
                file,
                &at("damage"),
                m,
                "1 to 6 markers: `★` or `s` (stun), `♦` or `w` (wound), e.g. \"★★\" or \"sw\"",
            )
        })?;
        let kind = match w.kind.as_str() {
            "melee" => {
                for (field, set) in [("rate_of_fire", w.rate_of_fire.is_some()), ("strength", w.strength.is_some())] {
                    if set {
                        return Err(self.err(
                            file,
                            &at(field),
                            format!("`{field}` applies to ranged weapons only; this weapon is melee"),
                            "strength_bonus, damage, crt",
                        ));
                    }
                }
                let b =
                    self.int(file, &at("strength_bonus"), w.strength_bonus.unwrap_or(0), -3..=3, "strength_bonus")?;
                WeaponKind::Melee { strength_bonus: b as i8 }
            }
            "ranged" => {
                if w.strength_bonus.is_some() {
                    return Err(self.err(
                        file,
                        &at("strength_bonus"),
                        "`strength_bonus` applies to melee weapons only; a ranged weapon has its own `strength`",
                        "rate_of_fire, strength, damage, crt",
                    ));
                }
                let rof = w.rate_of_fire.ok_or_else(|| {
                    self.err(
                        file,
                        &["weapons", name],
                        "a ranged weapon needs `rate_of_fire`",
                        "0..=8 (0 for template weapons)",
                    )
                })?;
                let rof = self.int(file, &at("rate_of_fire"), rof, 0..=8, "rate_of_fire")?;
                let s = w.strength.ok_or_else(|| {
                    self.err(file, &["weapons", name], "a ranged weapon needs its own `strength` (k for k+)", "2..=6")
                })?;
                let s = self.int(file, &at("strength"), s, 2..=6, "strength")?;
                WeaponKind::Ranged { rate_of_fire: rof as u8, strength: s as u8 }
            }
            other => {
                return Err(self.err(file, &at("kind"), format!("unknown weapon kind `{other}`"), "`melee`, `ranged`"));
            }
        };
        Ok(Weapon { kind, damage, crt: w.crt.clone() })
    }

    fn readings(&self, r: &raw::Readings) -> Result<Readings, InputError> {
        let mut out = Readings::default();
        if let Some(b) = r.block_natural_six {
            out.block_natural_six = b;
        }
        if let Some(b) = r.ko_bonus_within_attack {
            out.ko_bonus_within_attack = b;
        }
        if let Some(b) = r.ko_target_outnumbered {
            out.ko_target_outnumbered = b;
        }
        if let Some(s) = &r.check_with_one_die {
            out.check_with_one_die = match s.as_str() {
                "plain_2d6" => OneDie::Plain2d6,
                "single_die" => OneDie::SingleDie,
                other => {
                    return Err(self.err(
                        0,
                        &["readings", "check_with_one_die"],
                        format!("unknown reading `{other}`"),
                        "`plain_2d6` (default), `single_die`",
                    ));
                }
            };
        }
        Ok(out)
    }

    /// The stopping rule. The file's own values are validated in full first, exactly as
    /// `validate` does, so a command-line override never hides an invalid file; then
    /// `--trials` / `--precision` / `--max-trials` replace what the file says.
    fn stop(&self, f: &raw::ScenarioFile, o: &Overrides) -> Result<Stop, InputError> {
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
    fn file_stop(&self, f: &raw::ScenarioFile) -> Result<Stop, InputError> {
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

    fn section<T: Clone>(&self, s: &Option<T>, name: &str) -> Result<T, InputError> {
        s.clone()
            .ok_or_else(|| self.err(0, &[name], format!("this kind needs a [{name}] section"), format!("[{name}]")))
    }

    fn card(&self, name: &str, at: &[&str]) -> Result<(Profile, String), InputError> {
        match self.cards.get(name) {
            Some((c, file)) => {
                Ok((self.profile_of(name, c, *file)?, c.name.clone().unwrap_or_else(|| name.to_string())))
            }
            None => Err(self.err(0, at, format!("unknown card `{name}`"), self.card_names())),
        }
    }

    fn card_names(&self) -> String {
        if self.cards.is_empty() {
            "no cards are defined: add [cards.NAME] or include a card file".into()
        } else {
            self.cards.keys().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ")
        }
    }

    fn weapon(&self, name: &str, at: &[&str]) -> Result<(Weapon, String), InputError> {
        match self.weapons.get(name) {
            Some((w, file)) => {
                Ok((self.weapon_of(name, w, *file)?, w.name.clone().unwrap_or_else(|| name.to_string())))
            }
            None if name == "unarmed" => Ok((Weapon::unarmed(), "Unarmed".into())),
            None => {
                let mut names: Vec<String> = self.weapons.keys().map(|k| format!("`{k}`")).collect();
                names.push("`unarmed`".into());
                Err(self.err(0, at, format!("unknown weapon `{name}`"), names.join(", ")))
            }
        }
    }

    /// Turn an `[attack]`-shaped section into a rule setup. `ctx_label` prefixes messages for
    /// compare/sweep cells so the user knows which cell failed.
    fn attack_setup(
        &self,
        a: &raw::Attack,
        sec: &str,
        readings: &Readings,
        ctx_label: &str,
    ) -> Result<AttackSetup, InputError> {
        let need = |v: &Option<String>, field: &str| -> Result<String, InputError> {
            v.clone().ok_or_else(|| {
                self.err(0, &[sec, field], format!("{ctx_label}missing `{field}`"), self.card_names())
                    .field(format!("{sec}.{field}"), self.card_names())
            })
        };
        let attacker_name = need(&a.attacker, "attacker")?;
        let target_name = need(&a.target, "target")?;
        let (attacker, _) = self.card(&attacker_name, &[sec, "attacker"])?;
        let (target, _) = self.card(&target_name, &[sec, "target"])?;
        let weapon_name = a.weapon.clone().unwrap_or_else(|| "unarmed".into());
        let (weapon, _) = self.weapon(&weapon_name, &[sec, "weapon"])?;
        let int = |field: &str, v: Option<i64>, default: i64, r: RangeInclusive<i64>| -> Result<u8, InputError> {
            match v {
                None => Ok(default as u8),
                Some(v) => self.int(0, &[sec, field], v, r, &format!("{ctx_label}{field}")).map(|v| v as u8),
            }
        };
        for (field, set) in bmg1e::attack_fields_1e(a) {
            if set {
                return Err(self.err(
                    0,
                    &[sec, field],
                    format!("`{field}` is a bmg-1e attack field"),
                    "see configs/README.md for the bmg-3e [attack] fields",
                ));
            }
        }
        let ranged = matches!(weapon.kind, WeaponKind::Ranged { .. });
        let melee_only = [
            ("attacker_effort", a.attacker_effort.is_some()),
            ("target_effort", a.target_effort.is_some()),
            ("enemies_in_contact", a.enemies_in_contact.is_some()),
        ];
        let ranged_only = [
            ("moved", a.moved.is_some()),
            ("beyond_optimal_range", a.beyond_optimal_range.is_some()),
            ("cover", a.cover.is_some()),
            ("blind_fire", a.blind_fire.is_some()),
            ("storm", a.storm.is_some()),
            ("dodge", a.dodge.is_some()),
        ];
        for (field, set) in if ranged { melee_only.as_slice() } else { ranged_only.as_slice() } {
            if *set {
                let (this, other) = if ranged { ("ranged", "melee") } else { ("melee", "ranged") };
                return Err(self.err(
                    0,
                    &[sec, field],
                    format!("{ctx_label}`{field}` applies to {other} attacks only; weapon `{weapon_name}` is {this} (no effort or block roll against ranged attacks)"),
                    if ranged { "moved, beyond_optimal_range, cover, blind_fire, storm, dodge, defense_mod" } else { "attacker_effort, target_effort, enemies_in_contact, defense_mod" },
                ));
            }
        }
        if a.storm == Some(true) {
            self.note(crate::analysis::scenario::Note::not_modelled(
                "the Storm event's roll: `storm = true` means this round's start-of-round D6 came up 4+ (every ranged attack rolls 1 die less); with the event in play that happens in a round with P = 1/2 (seed lines 2734–2739), so average the results with and without `storm` for a round not yet rolled",
            ));
        }
        let attacker_markers = Markers {
            stun: int("attacker_stun", a.attacker_stun, 0, 0..=12)?,
            wounds: int("attacker_wounds", a.attacker_wounds, 0, 0..=12)?,
        };
        if attacker_markers.stun >= attacker.willpower {
            return Err(self.err(
                0,
                &[sec, "attacker_stun"],
                format!("{ctx_label}an attacker with {} ★ is K.O. and cannot attack", attacker_markers.stun),
                format!("0..={}", attacker.willpower - 1),
            ));
        }
        if attacker_markers.wounds >= attacker.endurance {
            return Err(self.err(
                0,
                &[sec, "attacker_wounds"],
                format!("{ctx_label}an attacker with {} ♦ is a casualty", attacker_markers.wounds),
                format!("0..={}", attacker.endurance - 1),
            ));
        }
        Ok(AttackSetup {
            attacker,
            attacker_markers,
            weapon,
            target,
            target_markers: Markers {
                stun: int("target_stun", a.target_stun, 0, 0..=12)?,
                wounds: int("target_wounds", a.target_wounds, 0, 0..=12)?,
            },
            defense_mod: int("defense_mod", a.defense_mod, 0, -5..=5)? as i8,
            melee: MeleeMods {
                attacker_effort: int("attacker_effort", a.attacker_effort, 0, 0..=3)?,
                target_effort: int("target_effort", a.target_effort, 0, 0..=3)?,
                enemies_in_contact: int("enemies_in_contact", a.enemies_in_contact, 1, 1..=6)?,
            },
            ranged: RangedMods {
                moved: a.moved.unwrap_or(false),
                beyond_optimal_range: a.beyond_optimal_range.unwrap_or(false),
                cover: a.cover.unwrap_or(false),
                blind_fire: a.blind_fire.unwrap_or(false),
                storm: a.storm.unwrap_or(false),
                dodge: int("dodge", a.dodge, 0, 0..=6)?,
            },
            readings: *readings,
        })
    }

    fn build_attack(&self, s: &AttackSetup, sec: &str, ctx_label: &str) -> Result<Attack, InputError> {
        Attack::new(s).map_err(|RuleError { field, message, allowed }| {
            self.err(0, &[sec, field], format!("{ctx_label}{message}"), allowed)
        })
    }

    fn check_setup(
        &self,
        c: &raw::Check,
        sec: &str,
        readings: &Readings,
    ) -> Result<(CheckSetup, Vec<String>), InputError> {
        let model_name = c
            .model
            .clone()
            .ok_or_else(|| self.err(0, &[sec], "missing `model` (the card that rolls)", self.card_names()))?;
        let (model, model_label) = self.card(&model_name, &[sec, "model"])?;
        let kind = match c.kind.as_deref().unwrap_or("own") {
            "own" => CheckKind::Own,
            "opposed" => CheckKind::Opposed,
            other => {
                return Err(self.err(
                    0,
                    &[sec, "type"],
                    format!("unknown check type `{other}`"),
                    "`own` (keep two lowest, pass if ≤ X), `opposed` (keep two highest, pass if > X)",
                ));
            }
        };
        let chars = ["attack", "defense", "strength", "willpower", "endurance", "special", "movement"];
        let (value, what) = match (&c.value, &c.characteristic) {
            (Some(_), Some(_)) => {
                return Err(self.err(0, &[sec, "value"], "give `value` or `characteristic`, not both", "one of them"));
            }
            (Some(v), None) => (self.int(0, &[sec, "value"], *v, 1..=12, "value")? as u8, format!("X = {v}")),
            (None, Some(ch)) => {
                let holder = match kind {
                    CheckKind::Own => {
                        if c.against.is_some() {
                            return Err(self.err(
                                0,
                                &[sec, "against"],
                                "an own check uses the model's own characteristic",
                                "omit `against`, or use type = \"opposed\"",
                            ));
                        }
                        (model.clone(), model_label.clone())
                    }
                    CheckKind::Opposed => {
                        let t = c.against.clone().ok_or_else(|| {
                            self.err(
                                0,
                                &[sec],
                                "an opposed check with `characteristic` needs `against` (whose characteristic)",
                                self.card_names(),
                            )
                        })?;
                        self.card(&t, &[sec, "against"])?
                    }
                };
                let p = &holder.0;
                let v = match ch.as_str() {
                    "attack" => p.attack,
                    "defense" => p.defense,
                    "strength" => p.strength,
                    "willpower" => p.willpower,
                    "endurance" => p.endurance,
                    "special" => p.special,
                    "movement" => p.movement,
                    other => {
                        return Err(self.err(
                            0,
                            &[sec, "characteristic"],
                            format!("unknown characteristic `{other}`"),
                            chars.iter().map(|c| format!("`{c}`")).collect::<Vec<_>>().join(", "),
                        ));
                    }
                };
                (v, format!("X = {}'s {ch} {v}", holder.1))
            }
            (None, None) => {
                return Err(self.err(
                    0,
                    &[sec],
                    "a check needs `characteristic` or `value` (the X to compare with)",
                    "characteristic = \"willpower\" | ..., or value = 2..=12",
                ));
            }
        };
        let setup = CheckSetup {
            kind,
            special: model.special,
            ko: c.ko.unwrap_or(false),
            enemy_effort: self.int(0, &[sec, "enemy_effort"], c.enemy_effort.unwrap_or(0), 0..=7, "enemy_effort")?
                as u8,
            value,
            readings: *readings,
        };
        if setup.enemy_effort > 3 {
            self.note(crate::analysis::scenario::Note::not_modelled(format!(
                "the effort limit of whoever spends `enemy_effort` {}: one model may spend at most 3 per action or ability (seed lines 1623–1638), so this value is taken as the effort of several models",
                setup.enemy_effort
            )));
        }
        let dice = Check::new(&setup).dice;
        let lines = vec![
            format!(
                "Model: {model_label} (Special {}){}",
                model.special,
                if setup.ko { ", K.O. (−1 die)" } else { "" }
            ),
            match kind {
                CheckKind::Own => {
                    format!("Own check: roll {dice} dice, keep the two lowest, pass if their sum ≤ X; {what}")
                }
                CheckKind::Opposed => {
                    format!("Opposed check: roll {dice} dice, keep the two highest, pass if their sum > X; {what}")
                }
            },
            format!("Enemy effort removing dice: {}", setup.enemy_effort),
        ];
        Ok((setup, lines))
    }

    fn effort(
        &self,
        f: &raw::ScenarioFile,
        readings: &Readings,
        setup: &mut Vec<String>,
    ) -> Result<(Vec<CellSpec>, Layout), InputError> {
        let a = self.section(&f.attack, "attack")?;
        let e = self.section(&f.effort, "effort")?;
        for (field, set) in
            [("attacker_effort", a.attacker_effort.is_some()), ("target_effort", a.target_effort.is_some())]
        {
            if set {
                return Err(self.err(
                    0,
                    &["attack", field],
                    "an effort table tries every allowed effort; do not fix it",
                    "omit it",
                ));
            }
        }
        let s = e.objective.as_deref().unwrap_or("ko");
        let objective = Objective::ALL.iter().find(|(n, _)| *n == s).map(|(_, o)| *o).ok_or_else(|| {
            self.err(
                0,
                &["effort", "objective"],
                format!("unknown objective `{s}`"),
                Objective::ALL.iter().map(|(n, _)| format!("`{n}`")).collect::<Vec<_>>().join(", "),
            )
        })?;
        let base = self.attack_setup(&a, "attack", readings, "")?;
        if matches!(base.weapon.kind, WeaponKind::Ranged { .. }) {
            return Err(self.err(
                0,
                &["attack", "weapon"],
                "effort applies to melee attacks only",
                "a melee weapon or `unarmed`",
            ));
        }
        *setup = describe_attack(self, &a, &base);
        let a_limit = crate::rules::bmg3e::effort_limit(&base.attacker, base.attacker_markers);
        let t_limit = if crate::rules::bmg3e::is_ko(&base.target, base.target_markers) {
            0
        } else {
            crate::rules::bmg3e::effort_limit(&base.target, base.target_markers).min(base.attacker.attack)
        };
        setup.push(format!("Effort limits: target 0..={t_limit}, attacker 0..={a_limit}; the target declares first"));
        setup.push(format!("Objective `{}`: {}", objective.name(), objective.counts()));
        let mut cells = Vec::new();
        for t in 0..=t_limit {
            for at in 0..=a_limit {
                let mut s = base.clone();
                s.melee.target_effort = t;
                s.melee.attacker_effort = at;
                let attack = self.build_attack(&s, "attack", "")?;
                cells.push(cell(
                    &format!("target {t} / attacker {at}"),
                    vec![("target_effort".into(), json!(t)), ("attacker_effort".into(), json!(at))],
                    AnyTrial::Attack(attack),
                ));
            }
        }
        Ok((cells, Layout::Effort { objective }))
    }

    fn compare(
        &self,
        f: &raw::ScenarioFile,
        readings: &Readings,
        setup: &mut Vec<String>,
    ) -> Result<(Vec<CellSpec>, Layout), InputError> {
        let base = f.attack.clone().unwrap_or_default();
        let c = self.section(&f.compare, "compare")?;
        for (field, set) in [
            ("attacker", base.attacker.is_some()),
            ("weapon", base.weapon.is_some()),
            ("target", base.target.is_some()),
        ] {
            if set {
                return Err(self.err(
                    0,
                    &["attack", field],
                    "in a comparison attackers, weapons and targets come from [compare]",
                    "omit it here; use [compare] loadouts and targets",
                ));
            }
        }
        if c.loadouts.is_empty() || c.loadouts.len() > 20 {
            return Err(self.err(
                0,
                &["compare", "loadouts"],
                format!("{} loadouts given", c.loadouts.len()),
                "1..=20 loadouts",
            ));
        }
        if c.targets.is_empty() || c.targets.len() > 20 {
            return Err(self.err(
                0,
                &["compare", "targets"],
                format!("{} targets given", c.targets.len()),
                "1..=20 card names",
            ));
        }
        let mut labels = Vec::new();
        for l in &c.loadouts {
            let (_, card_label) = self.card(&l.attacker, &["compare", "loadouts"])?;
            let weapon = l.weapon.clone().unwrap_or_else(|| "unarmed".into());
            let (_, weapon_label) = self.weapon(&weapon, &["compare", "loadouts"])?;
            let label = l.label.clone().unwrap_or_else(|| format!("{card_label} + {weapon_label}"));
            if labels.contains(&label) {
                return Err(self.err(
                    0,
                    &["compare", "loadouts"],
                    format!("two loadouts are labelled `{label}`"),
                    "distinct labels",
                ));
            }
            labels.push(label);
        }
        let mut target_labels = Vec::new();
        for t in &c.targets {
            target_labels.push(self.card(t, &["compare", "targets"])?.1);
        }
        let mut cells = Vec::new();
        for (l, label) in c.loadouts.iter().zip(&labels) {
            for (t, t_label) in c.targets.iter().zip(&target_labels) {
                let mut a = base.clone();
                a.attacker = Some(l.attacker.clone());
                a.weapon = l.weapon.clone();
                a.target = Some(t.clone());
                let ctx_label = format!("loadout `{label}` vs `{t}`: ");
                let s = self.attack_setup(&a, "attack", readings, &ctx_label)?;
                let attack = self.build_attack(&s, "attack", &ctx_label)?;
                cells.push(cell(
                    &format!("{label} vs {t_label}"),
                    vec![("loadout".into(), json!(label)), ("target".into(), json!(t_label))],
                    AnyTrial::Attack(attack),
                ));
            }
        }
        setup.push(format!("Loadouts: {}", labels.join("; ")));
        setup.push(format!("Targets: {}", target_labels.join("; ")));
        setup.extend(describe_circumstances(&base));
        Ok((cells, Layout::Compare { loadouts: labels, targets: target_labels }))
    }

    fn sweep(
        &self,
        f: &raw::ScenarioFile,
        readings: &Readings,
        setup: &mut Vec<String>,
    ) -> Result<(Vec<CellSpec>, Layout), InputError> {
        let s = self.section(&f.sweep, "sweep")?;
        let values: Vec<i64> = match (&s.values, s.from, s.to) {
            (Some(v), None, None) if s.step.is_none() => v.clone(),
            (None, Some(from), Some(to)) => {
                let step = s.step.unwrap_or(1);
                if step <= 0 {
                    return Err(self.err(0, &["sweep", "step"], format!("step {step} must be positive"), "1.."));
                }
                if to < from {
                    return Err(self.err(
                        0,
                        &["sweep", "to"],
                        format!("`to` {to} is below `from` {from}"),
                        format!("{from}.."),
                    ));
                }
                (from..=to).step_by(step as usize).collect()
            }
            _ => {
                return Err(self.err(
                    0,
                    &["sweep"],
                    "give either `values = [...]` or `from`, `to` (and optional `step`)",
                    "values, or from/to/step",
                ));
            }
        };
        if values.is_empty() || values.len() > 50 {
            return Err(self.err(0, &["sweep", "values"], format!("{} values given", values.len()), "1..=50 values"));
        }
        let p = s.parameter.as_str();
        match (&f.attack, &f.check) {
            (Some(a), None) => {
                let range =
                    SWEEP_ATTACK_PARAMS.iter().find(|(n, _)| *n == p).map(|(_, r)| r.clone()).ok_or_else(|| {
                        self.err(
                            0,
                            &["sweep", "parameter"],
                            format!("unknown attack parameter `{p}`"),
                            SWEEP_ATTACK_PARAMS.iter().map(|(n, _)| format!("`{n}`")).collect::<Vec<_>>().join(", "),
                        )
                    })?;
                let base = self.attack_setup(a, "attack", readings, "")?;
                *setup = describe_attack(self, a, &base);
                let mut cells = Vec::new();
                for &v in &values {
                    self.int(0, &["sweep", "values"], v, range.clone(), p)?;
                    let ctx_label = format!("sweep {p} = {v}: ");
                    let mut a2 = a.clone();
                    let mut s2 = base.clone();
                    let slot = |x: &mut Option<i64>| *x = Some(v);
                    match p {
                        "attacker_effort" => slot(&mut a2.attacker_effort),
                        "target_effort" => slot(&mut a2.target_effort),
                        "enemies_in_contact" => slot(&mut a2.enemies_in_contact),
                        "attacker_stun" => slot(&mut a2.attacker_stun),
                        "attacker_wounds" => slot(&mut a2.attacker_wounds),
                        "target_stun" => slot(&mut a2.target_stun),
                        "target_wounds" => slot(&mut a2.target_wounds),
                        "defense_mod" => slot(&mut a2.defense_mod),
                        "dodge" => slot(&mut a2.dodge),
                        _ => {}
                    }
                    if !p.contains('.') {
                        s2 = self.attack_setup(&a2, "attack", readings, &ctx_label)?;
                    }
                    let v8 = v as u8;
                    match p {
                        "attacker.attack" => s2.attacker.attack = v8,
                        "attacker.defense" => s2.attacker.defense = v8,
                        "attacker.strength" => s2.attacker.strength = v8,
                        "attacker.willpower" => s2.attacker.willpower = v8,
                        "attacker.endurance" => s2.attacker.endurance = v8,
                        "target.attack" => s2.target.attack = v8,
                        "target.defense" => s2.target.defense = v8,
                        "target.strength" => s2.target.strength = v8,
                        "target.willpower" => s2.target.willpower = v8,
                        "target.endurance" => s2.target.endurance = v8,
                        "weapon.strength_bonus" => match &mut s2.weapon.kind {
                            WeaponKind::Melee { strength_bonus } => *strength_bonus = v as i8,
                            _ => {
                                return Err(self.err(
                                    0,
                                    &["sweep", "parameter"],
                                    "`weapon.strength_bonus` needs a melee weapon",
                                    "weapon.rate_of_fire, weapon.strength",
                                ));
                            }
                        },
                        "weapon.rate_of_fire" | "weapon.strength" => match &mut s2.weapon.kind {
                            WeaponKind::Ranged { rate_of_fire, strength } => {
                                if p == "weapon.strength" {
                                    *strength = v8
                                } else {
                                    *rate_of_fire = v8
                                }
                            }
                            _ => {
                                return Err(self.err(
                                    0,
                                    &["sweep", "parameter"],
                                    format!("`{p}` needs a ranged weapon"),
                                    "weapon.strength_bonus",
                                ));
                            }
                        },
                        _ => {}
                    }
                    if s2.attacker_markers.stun >= s2.attacker.willpower
                        || s2.attacker_markers.wounds >= s2.attacker.endurance
                    {
                        return Err(self.err(
                            0,
                            &["sweep", "values"],
                            format!("{ctx_label}the attacker would be K.O. or a casualty"),
                            "values that leave the attacker standing",
                        ));
                    }
                    let attack = self.build_attack(&s2, "attack", &ctx_label).map_err(|mut e| {
                        // The cell's value is what broke the rule; point there.
                        let at = self.err(0, &["sweep", "values"], "", "");
                        e.line = at.line;
                        e.column = at.column;
                        e
                    })?;
                    cells.push(cell(&format!("{p} = {v}"), vec![(p.to_string(), json!(v))], AnyTrial::Attack(attack)));
                }
                let why = match (p, &base.weapon.kind) {
                    ("attacker.strength", WeaponKind::Ranged { .. }) => {
                        " (a ranged attack rolls the weapon's Strength, not the shooter's)"
                    }
                    _ => "",
                };
                self.note_constant_sweep(p, &cells, why);
                Ok((cells, Layout::Sweep { parameter: p.to_string(), values }))
            }
            (None, Some(c)) => {
                let range =
                    SWEEP_CHECK_PARAMS.iter().find(|(n, _)| *n == p).map(|(_, r)| r.clone()).ok_or_else(|| {
                        self.err(
                            0,
                            &["sweep", "parameter"],
                            format!("unknown check parameter `{p}`"),
                            SWEEP_CHECK_PARAMS.iter().map(|(n, _)| format!("`{n}`")).collect::<Vec<_>>().join(", "),
                        )
                    })?;
                let mut c2 = c.clone();
                if p == "value" {
                    // The swept X replaces any fixed characteristic.
                    c2.characteristic = None;
                    c2.against = None;
                    c2.value = Some(values[0].clamp(1, 12));
                }
                let (base, lines) = self.check_setup(&c2, "check", readings)?;
                *setup = lines;
                let mut cells = Vec::new();
                for &v in &values {
                    self.int(0, &["sweep", "values"], v, range.clone(), p)?;
                    let mut s2 = base.clone();
                    match p {
                        "value" => s2.value = v as u8,
                        "enemy_effort" => s2.enemy_effort = v as u8,
                        _ => s2.special = v as u8,
                    }
                    cells.push(cell(
                        &format!("{p} = {v}"),
                        vec![(p.to_string(), json!(v))],
                        AnyTrial::Check(Check::new(&s2)),
                    ));
                }
                self.note_constant_sweep(p, &cells, "");
                Ok((cells, Layout::Sweep { parameter: p.to_string(), values }))
            }
            _ => Err(self.err(
                0,
                &["sweep"],
                "a sweep needs exactly one base section: [attack] or [check]",
                "[attack] or [check]",
            )),
        }
    }
}

/// Parse damage markers like `"★★"`, `"★♦"`, `"sw"`.
pub fn parse_damage(s: &str) -> Result<Markers, String> {
    let mut m = Markers::default();
    for ch in s.chars() {
        match ch {
            '★' | '*' | 's' | 'S' => m.stun += 1,
            '♦' | 'w' | 'W' => m.wounds += 1,
            c if c.is_whitespace() => {}
            c => return Err(format!("unknown damage marker `{c}` in \"{s}\"")),
        }
    }
    let n = m.stun + m.wounds;
    if n == 0 || n > 6 {
        return Err(format!("\"{s}\" has {n} markers"));
    }
    Ok(m)
}

pub(crate) fn profile_text(p: &Profile) -> String {
    format!("A{} D{} S{}+ W{} E{} Sp{}", p.attack, p.defense, p.strength, p.willpower, p.endurance, p.special)
}

fn weapon_text(w: &Weapon, label: &str) -> String {
    match &w.kind {
        WeaponKind::Melee { strength_bonus } => {
            let b = if *strength_bonus != 0 { format!(", Strength {strength_bonus:+}") } else { String::new() };
            format!(
                "{label} (melee, {} per hit{b}{})",
                w.damage,
                w.crt.as_ref().map(|c| format!(", CRT: {c}")).unwrap_or_default()
            )
        }
        WeaponKind::Ranged { rate_of_fire, strength } => format!(
            "{label} (ranged, Rate of Fire {rate_of_fire}, Strength {strength}+, {} per hit{})",
            w.damage,
            w.crt.as_ref().map(|c| format!(", CRT: {c}")).unwrap_or_default()
        ),
    }
}

fn describe_attack(ctx: &Ctx, a: &raw::Attack, s: &AttackSetup) -> Vec<String> {
    let name = |n: &Option<String>| -> String {
        n.as_ref()
            .and_then(|n| ctx.cards.get(n).map(|(c, _)| c.name.clone().unwrap_or_else(|| n.clone())))
            .unwrap_or_default()
    };
    let wname = a.weapon.clone().unwrap_or_else(|| "unarmed".into());
    let wlabel = ctx
        .weapons
        .get(&wname)
        .and_then(|(w, _)| w.name.clone())
        .unwrap_or_else(|| if wname == "unarmed" { "Unarmed".into() } else { wname.clone() });
    let mut lines = vec![
        format!("Attacker: {} ({}){}", name(&a.attacker), profile_text(&s.attacker), markers_text(s.attacker_markers)),
        format!("Weapon: {}", weapon_text(&s.weapon, &wlabel)),
        format!("Target: {} ({}){}", name(&a.target), profile_text(&s.target), markers_text(s.target_markers)),
    ];
    if crate::rules::bmg3e::is_ko(&s.target, s.target_markers) {
        lines.push(format!(
            "The target is K.O. (★ ≥ Willpower): Defense −1 → {} for this attack, no block roll or effort, +1 ♦ per hit, cannot be knocked down (seed lines 1853–1881)",
            crate::rules::bmg3e::defense_after(s, !matches!(s.weapon.kind, WeaponKind::Ranged { .. }))
        ));
    }
    lines.extend(describe_circumstances(a));
    lines
}

fn markers_text(m: Markers) -> String {
    if m == Markers::default() { String::new() } else { format!(", starting with {m}") }
}

pub(crate) fn describe_circumstances(a: &raw::Attack) -> Vec<String> {
    let mut out = Vec::new();
    let mut parts = Vec::new();
    if let Some(e) = a.attacker_effort {
        parts.push(format!("attacker effort {e}"));
    }
    if let Some(e) = a.target_effort {
        parts.push(format!("target effort {e}"));
    }
    if let Some(k) = a.enemies_in_contact {
        parts.push(format!("{k} enemies in contact with the target"));
    }
    if let Some(d) = a.defense_mod {
        parts.push(format!("Defense modifier {d:+}"));
    }
    for (name, v) in [
        ("moved before shooting (−2 dice)", a.moved),
        ("beyond optimal range (−1 die)", a.beyond_optimal_range),
        ("target in cover (−1 die)", a.cover),
        ("blind fire (−2 dice)", a.blind_fire),
        ("storm active this round (−1 die)", a.storm),
    ] {
        if v == Some(true) {
            parts.push(name.to_string());
        }
    }
    if let Some(d) = a.dodge {
        parts.push(format!("dodge −{d} dice"));
    }
    if !parts.is_empty() {
        out.push(format!("Circumstances: {}", parts.join(", ")));
    }
    out
}
