//! The Batman Miniature Game 2019 sections of a scenario file, exactly as users write them (read strictly:
//! every struct denies unknown fields, so a typo is an error with its line).

use serde::Deserialize;

/// One check.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a [check] table with model, type, characteristic, against, value, ko, enemy_effort")]
pub struct Check {
    pub model: Option<String>,
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub characteristic: Option<String>,
    pub against: Option<String>,
    pub value: Option<i64>,
    pub ko: Option<bool>,
    pub enemy_effort: Option<i64>,
}

/// Effort table settings (the matchup itself is in `[attack]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "an [effort] table with objective")]
pub struct Effort {
    pub objective: Option<String>,
}
