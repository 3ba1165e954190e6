//! The Mordheim scenario file, exactly as users write it (read strictly: every struct denies
//! unknown fields, so a typo is an error with its line).

use crate::config::raw::ScenarioSchema;
use serde::Deserialize;

crate::scenario_file! {
    /// A Mordheim scenario file.
    pub struct File {
        #[serde(default)]
        pub readings: Readings,
        pub movement: Option<MordheimSpec>,
    }
}

impl ScenarioSchema for File {
    fn include(&self) -> &[String] {
        &self.include
    }
}

/// The sections each Mordheim kind reads.
pub const SECTIONS: &[(&str, &[&str])] = &[("movement", &["movement"])];

crate::readings_schema! {
    /// The Mordheim `[readings]` switches, as written (their meaning and defaults are on the
    /// rules' `Readings`; `NAMES` is the system's list of switches).
    pub struct Readings {
        detection_range: String,
    }
}

/// Mordheim movement.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a [movement] table with m, initiative, visible_enemy")]
pub struct MordheimSpec {
    pub m: i64,
    pub initiative: Option<i64>,
    pub visible_enemy: Option<i64>,
}
