//! Batman Miniature Game, 2013 rules (`bmg-1e`).

pub mod config;
pub mod exchange;
pub mod kinds;
pub mod labels;
pub mod report;
pub mod rules;
pub mod schema;

use crate::analysis::RunResult;
use crate::analysis::scenario::Cost;
use crate::config::ctx::Ctx;
use crate::error::InputError;
use crate::interrupt::Interrupted;
use crate::report::charts::Chart;
use crate::report::model::Report;
use crate::report::model::SystemExtras;
use crate::report::table::Table;
use crate::system::{DuelDef, KindDef, RuleSystem};

/// The system's entry in the registry.
pub struct System;

impl RuleSystem for System {
    fn name(&self) -> &'static str {
        "bmg-1e"
    }
    fn title(&self) -> &'static str {
        "Batman Miniature Game (2013)"
    }
    fn kinds(&self) -> &'static [KindDef] {
        kinds::KINDS
    }
    fn analysis_starters(&self) -> &'static [(&'static str, &'static str)] {
        kinds::ANALYSIS_STARTERS
    }
    fn fighter_fields(&self) -> &'static [&'static str] {
        schema::FighterSpec::FIELDS
    }
    fn duel_fields(&self) -> &'static [&'static str] {
        schema::DuelSpec::FIELDS
    }
    fn strict_error(&self, text: &str) -> Option<toml::de::Error> {
        toml::from_str::<schema::File>(text).err()
    }
    fn libraries(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("cards", "[cards.NAME] with attack, defense, strength, willpower, endurance, special"),
            ("weapons", "[weapons.NAME] with kind, damage"),
            ("fighters", "[fighters.NAME] with card = \"NAME\" and optional label, weapon, effort, stun, wounds, cost"),
        ]
    }
    fn duel(&self) -> Option<DuelDef> {
        Some(DuelDef {
            card_table: "cards",
            cost_fields: &["reputation", "funding"],
            costs: &[
                Cost { key: "reputation", name: "Reputation", unit: "Reputation point", short: "Rep" },
                Cost { key: "funding", name: "Funding", unit: "$", short: "$" },
            ],
            damage: "markers (★ + ♦)",
            out: "K.O.",
            extra: "Attack counters (strikes) used, mean",
            fighter_weapon: Some(("weapon", "weapons")),
            builtin_weapons: &[],
        })
    }
    fn reading_docs(&self) -> &'static [crate::config::raw::ReadingDoc] {
        schema::Readings::DOCS
    }
    fn check_library(&self, ctx: &mut Ctx, file: &str) -> Result<(), InputError> {
        config::check_library(ctx, file)
    }
    fn measure_aliases(&self) -> &'static [(&'static str, &'static [&'static str])] {
        &[("damage", &["stun", "wounds"])]
    }
    fn vocabulary(&self) -> &'static crate::vocabulary::Vocabulary {
        &labels::VOCABULARY
    }
    fn how_to_read(&self) -> Option<&'static str> {
        Some(
            "Events count what this one attack (or check) causes: `K.O. caused` is false if the target was already K.O.",
        )
    }
    fn report_extras(&self, run: &RunResult) -> Result<SystemExtras, Interrupted> {
        report::extras(run)
    }
    fn answer(&self, run: &RunResult, report: &Report) -> Option<String> {
        report::answer(run, report)
    }
    fn report_tables(&self, run: &RunResult, report: &Report) -> Vec<Table> {
        report::tables(run, report)
    }
    fn report_charts(&self, run: &RunResult, report: &Report) -> Vec<(String, Chart)> {
        report::charts(run, report)
    }
}
