//! ¡Bichos! / THW Bugs! (`bichos`), cm and inches variants.

pub mod answer;
pub mod config;
pub mod kinds;
pub mod labels;
pub mod report;
pub mod rules;
pub mod schema;

use crate::analysis::RunResult;
use crate::analysis::scenario::Cost;
use crate::config::ctx::Ctx;
use crate::error::InputError;
use crate::report::charts::Chart;
use crate::report::model::Report;
use crate::report::table::Table;
use crate::system::{DuelDef, RuleSystem, Stat, SystemDef, strict_error_of};

/// The bundled weapon library (`configs/bichos/weapons.toml`): the rulebook's weapons as data,
/// the built-in weapons' entries for `list` and for sweeps of a weapon's number.
const BUNDLED_WEAPONS: &str = include_str!("../../../configs/bichos/weapons.toml");

/// ¡Bichos! / THW Bugs!, declared once.
pub const DEF: SystemDef = SystemDef {
    name: "bichos",
    title: "¡Bichos! / THW Bugs!",
    fallback_measures: &["res_lost_t1"],
    kinds: kinds::KINDS,
    analysis_starters: kinds::ANALYSIS_STARTERS,
    libraries: &[
        ("profiles", "[profiles.NAME] with hda, pot, fdv, res, bld, mov_cm, mov_in"),
        ("weapons", "[weapons.NAME] with damage, pot, targets, effective_cm, max_cm, effective_in, max_in"),
        ("fighters", "[fighters.NAME] with card = \"NAME\" and optional label, weapon, cost"),
    ],
    fighter_fields: schema::FighterSpec::FIELDS,
    duel_fields: schema::DuelSpec::FIELDS,
    duel: Some(DuelDef {
        card_table: "profiles",
        cost_fields: &[],
        costs: &[Cost { key: "cost", name: "cost", unit: "point of cost", short: "point" }],
        damage: "RES",
        out: "flight or death",
        extra: "activations lost (ducking back or standing up), mean",
        // A fighter's weapon is a `[weapons]` entry (shown by its `name`) or one of the
        // rulebook's built-in weapons (shown by its label).
        fighter_weapon: Some(("weapon", "weapons")),
        builtin_weapons: &rules::WEAPON_NAMES,
        stats: &[
            Stat::new("hda"),
            Stat::new("pot"),
            Stat::new("fdv"),
            Stat::new("res"),
            Stat::new("bld"),
            Stat::new("mov_cm"),
            Stat::new("mov_in"),
        ],
    }),
    reading_docs: schema::Readings::DOCS,
    vocabulary: &labels::VOCABULARY,
    strict: Some(strict_error_of::<schema::File>),
    ..SystemDef::NONE
};

/// The system's entry in the registry.
pub struct System;

impl RuleSystem for System {
    fn def(&self) -> &'static SystemDef {
        &DEF
    }
    fn check_library(&self, ctx: &mut Ctx, file: &str) -> Result<(), InputError> {
        crate::config::library::read_file(ctx, file, &mut config::Library::default())
    }
    fn builtin_names(&self, table: &str) -> Vec<&'static str> {
        match table {
            "profiles" => rules::PROFILES.iter().map(|(n, _, _)| *n).collect(),
            "weapons" => rules::WEAPON_NAMES.iter().map(|(n, _)| *n).collect(),
            _ => Vec::new(),
        }
    }
    fn builtin_entry(&self, table: &str, name: &str) -> Option<toml::Table> {
        if table == "weapons" {
            // The built-in weapons as data are the bundled library's entries (a test keeps each
            // equal to the rules' weapon of its name): what `include = ["weapons.toml"]` gives.
            let lib: toml::Table = toml::from_str(BUNDLED_WEAPONS).ok()?;
            return lib.get("weapons")?.get(name)?.as_table().cloned();
        }
        let (_, label, p) = rules::PROFILES.iter().find(|(n, _, _)| table == "profiles" && *n == name)?;
        let mut t = toml::Table::new();
        t.insert("name".into(), toml::Value::String(label.to_string()));
        for (k, v) in [
            ("hda", p.hda as i64),
            ("pot", p.pot as i64),
            ("fdv", p.fdv as i64),
            ("res", p.res as i64),
            ("bld", p.bld as i64),
            ("mov_cm", p.mov_cm as i64),
            ("mov_in", p.mov_in as i64),
        ] {
            t.insert(k.into(), toml::Value::Integer(v));
        }
        Some(t)
    }
    fn yes_no_metric(&self, name: &str) -> bool {
        name == "first_bug_big"
    }
    fn report_tables(&self, run: &RunResult, report: &Report) -> Vec<Table> {
        report::tables(run, report)
    }
    fn answer(&self, run: &RunResult, report: &Report) -> Option<String> {
        answer::answer(run, report)
    }
    fn report_charts(&self, run: &RunResult, report: &Report) -> Vec<(String, Chart)> {
        report::charts(run, report)
    }
}
