//! The Batman Miniature Game 2019 scenario file, exactly as users write it (read strictly:
//! every struct denies unknown fields, so a typo is an error with its line). The tables both
//! editions write (cards, weapons, `[attack]`, `[check]`) are in `systems::batman::schema`.

use crate::config::raw::{Duel, FighterRef, ScenarioSchema};
use crate::systems::batman::BatmanFile;
use crate::systems::batman::schema::{Attack, Card, Check, Weapon};
use serde::Deserialize;
use std::collections::BTreeMap;

crate::scenario_file! {
    /// A bmg-3e scenario file.
    pub struct File {
        #[serde(default)]
        pub readings: Readings,
        #[serde(default)]
        pub cards: BTreeMap<String, Card>,
        #[serde(default)]
        pub weapons: BTreeMap<String, Weapon>,
        #[serde(default)]
        pub fighters: BTreeMap<String, FighterRef>,
        pub attack: Option<Attack>,
        pub check: Option<Check>,
        pub effort: Option<Effort>,
        pub duel: Option<Duel>,
    }
}

impl ScenarioSchema for File {
    fn include(&self) -> &[String] {
        &self.include
    }
    fn fighters(&self) -> Option<&BTreeMap<String, FighterRef>> {
        Some(&self.fighters)
    }
    fn duel(&self) -> Option<&Duel> {
        self.duel.as_ref()
    }
}

impl BatmanFile for File {
    fn cards(&self) -> &BTreeMap<String, Card> {
        &self.cards
    }
    fn weapons(&self) -> &BTreeMap<String, Weapon> {
        &self.weapons
    }
}

/// The sections each bmg-3e kind reads.
pub const SECTIONS: &[(&str, &[&str])] =
    &[("attack", &["attack"]), ("check", &["check"]), ("effort", &["attack", "effort"]), ("duel", &["duel"])];

crate::readings_schema! {
    /// The bmg-3e `[readings]` switches, as written (their meaning and defaults are on the
    /// rules' `Readings`; `NAMES` is the system's list of switches).
    pub struct Readings {
        block_natural_six: bool,
        ko_bonus_within_attack: bool,
        ko_target_outnumbered: bool,
        check_with_one_die: String,
    }
}

/// Effort table settings (the matchup itself is in `[attack]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "an [effort] table with objective")]
pub struct Effort {
    pub objective: Option<String>,
}
