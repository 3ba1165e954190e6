//! The Mordheim sections of a scenario file, exactly as users write them (read strictly:
//! every struct denies unknown fields, so a typo is an error with its line).

use serde::Deserialize;

/// Mordheim movement.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a [movement] table with m, initiative, visible_enemy")]
pub struct MordheimSpec {
    pub m: i64,
    pub initiative: Option<i64>,
    pub visible_enemy: Option<i64>,
}
