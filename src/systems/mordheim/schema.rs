//! The Mordheim scenario file, exactly as users write it (read strictly: every struct denies
//! unknown fields, so a typo is an error with its line).

use super::rules::{self, Detection};
use serde::Deserialize;

crate::scenario_file! {
    /// A Mordheim scenario file.
    pub struct File {
        #[serde(default)]
        pub readings: Readings,
        pub movement: Option<MordheimSpec>,
    }
}

crate::readings_schema! {
    /// The Mordheim `[readings]` switches (the spec's ambiguities; documented in
    /// `configs/README.md`): each switch's values, the default first, and the rules' value each
    /// reads as.
    pub struct Readings => rules::Readings {
        /// How far a hidden model is detected: I inches (the worked example) or 3 × I (the text).
        detection_range: String => Detection as "a hidden model is detected within" {
            "initiative" as "its Initiative in inches (the worked example)" => Detection::Initiative,
            "triple_initiative" as "three times its Initiative in inches (the text)" => Detection::TripleInitiative,
        },
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
