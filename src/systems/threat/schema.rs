//! The threat-range (`all`) scenario file, exactly as users write it (read strictly: every
//! struct denies unknown fields, so a typo is an error with its line).

use crate::config::raw::NoReadings;
use serde::Deserialize;

crate::scenario_file! {
    /// A threat-range scenario file.
    pub struct File {
        #[serde(default)]
        pub readings: NoReadings,
        pub threat: Option<ThreatSpec>,
    }
}

/// Threat range across rule systems.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a [threat] table with from_in, to_in, bmg-1e, bmg-3e, bichos, wolsung, mordheim")]
pub struct ThreatSpec {
    pub from_in: Option<i64>,
    pub to_in: Option<i64>,
    #[serde(rename = "bmg-1e")]
    pub bmg_1e: Option<ThreatBmg1e>,
    #[serde(rename = "bmg-3e")]
    pub bmg_3e: Option<ThreatBmg3e>,
    pub bichos: Option<ThreatBichos>,
    pub wolsung: Option<ThreatWolsung>,
    pub mordheim: Option<ThreatMordheim>,
}

/// BMG 2013 mover.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a [threat.bmg-1e] table with movement_counters, basic_cm, fast")]
pub struct ThreatBmg1e {
    pub basic_cm: Option<i64>,
    pub movement_counters: i64,
    pub fast: Option<bool>,
}

/// BMG 2019 mover.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a [threat.bmg-3e] table with movement_in")]
pub struct ThreatBmg3e {
    pub movement_in: i64,
}

/// ¡Bichos! mover.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a [threat.bichos] table with mov_cm, mov_in, units, fdv")]
pub struct ThreatBichos {
    pub mov_cm: i64,
    pub mov_in: i64,
    pub units: Option<String>,
    /// The charger's (modified) FDV for its "Cargando" test; default 9 (Soldado, Colono), with a note.
    pub fdv: Option<i64>,
}

/// Wolsung mover.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a [threat.wolsung] table with move_in, actions")]
pub struct ThreatWolsung {
    pub actions: Option<i64>,
    pub move_in: i64,
}

/// Mordheim mover.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a [threat.mordheim] table with m")]
pub struct ThreatMordheim {
    pub m: i64,
}
