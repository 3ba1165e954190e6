//! The parts of a scenario file that no rule system owns, before validation: the common keys
//! every file has ([`Common`], and the [`scenario_file!`](crate::scenario_file) macro a system
//! declares its whole file with), the fighters of duels and balance tests, and what a library
//! file holds when its system reads no library tables of its own.
//!
//! Each system declares its own sections, library tables and `[readings]` in its folder
//! (`src/systems/<name>/schema.rs`), read strictly: every struct denies unknown fields so a typo
//! is an error with a line number, not a silently ignored setting. Integers are read as `i64`
//! so out-of-range values (negative trials, Defense 0) get our own message with the allowed
//! range rather than a type error.

use serde::Deserialize;
use std::collections::BTreeMap;

/// The fields every scenario file has, whatever its rule system: read leniently first (other
/// keys are the system's), so the loader can find the system and the kind before the system
/// reads the whole file strictly.
#[derive(Debug, Clone, Deserialize)]
pub struct Common {
    pub ruleset: String,
    pub kind: String,
    pub name: Option<String>,
    pub description: Option<String>,
    pub seed: Option<i64>,
    pub trials: Option<i64>,
    pub precision: Option<f64>,
    pub max_trials: Option<i64>,
    /// `true`: every cell exactly (an error where one cannot be); `false`: sample every cell;
    /// left out: each cell exactly where that is cheaper than sampling it.
    pub exact: Option<bool>,
    #[serde(default)]
    pub readings: toml::Table,
}

/// Declare a system's whole scenario file: the common keys every file has (`ruleset`, `kind`,
/// `name`, `seed`, the stopping rule, `include` and the generic analyses' sections, which
/// `config::analyses` reads and the system only lets pass), then the system's own fields. The
/// struct denies unknown fields, so a typo anywhere is an error with its line.
///
/// ```ignore
/// crate::scenario_file! {
///     /// A Mordheim scenario file.
///     pub struct File {
///         #[serde(default)]
///         pub readings: Readings,
///         pub movement: Option<MordheimSpec>,
///     }
/// }
/// ```
#[macro_export]
macro_rules! scenario_file {
    ($(#[$meta:meta])* pub struct $name:ident { $($body:tt)* }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct $name {
            pub ruleset: String,
            pub kind: String,
            pub name: Option<String>,
            pub description: Option<String>,
            pub seed: Option<i64>,
            pub trials: Option<i64>,
            pub precision: Option<f64>,
            pub max_trials: Option<i64>,
            pub exact: Option<bool>,
            #[serde(default)]
            pub include: Vec<String>,
            pub compare: Option<toml::Value>,
            pub sweep: Option<toml::Value>,
            pub balance: Option<toml::Value>,
            pub paired: Option<toml::Value>,
            $($body)*
        }
    };
}

/// Declare a system's `[readings]` switches once: the struct the file's `[readings]` table is
/// read into (every switch optional, unknown ones refused) and `NAMES`, the list the system
/// gives as [`crate::system::RuleSystem::readings`] (in the order messages list them).
///
/// ```ignore
/// crate::readings_schema! {
///     /// The Mordheim `[readings]` switches, as written.
///     pub struct Readings {
///         /// How far a hidden model is detected.
///         detection_range: String,
///     }
/// }
/// ```
#[macro_export]
macro_rules! readings_schema {
    ($(#[$meta:meta])* pub struct $name:ident { $($(#[$fmeta:meta])* $field:ident: $ty:ty,)* }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Default, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        #[serde(
            expecting = "a [readings] table of true/false or named choices (the switches of the file's rule system)"
        )]
        pub struct $name {
            $($(#[$fmeta])* pub $field: Option<$ty>,)*
        }

        impl $name {
            /// The switches' names.
            pub const NAMES: &'static [&'static str] = &[$(stringify!($field)),*];
        }
    };
}

/// What [`crate::config::Ctx::read_plain`] needs of a system's scenario file struct (written
/// by [`scenario_file!`](crate::scenario_file)).
pub trait ScenarioSchema: serde::de::DeserializeOwned {
    /// The library files it pulls in.
    fn include(&self) -> &[String];
    /// Its `[fighters.NAME]` entries, if it has the table.
    fn fighters(&self) -> Option<&BTreeMap<String, FighterRef>> {
        None
    }
    /// Its `[duel]`, if it has the section.
    fn duel(&self) -> Option<&Duel> {
        None
    }
}

/// What the loader needs of a system's library file struct (a file pulled in with
/// `include = [...]`).
pub trait LibrarySchema: serde::de::DeserializeOwned {
    /// The rule system it declares it is for, if it says.
    fn ruleset(&self) -> Option<&str>;
    /// Its `[fighters.NAME]` entries.
    fn take_fighters(&mut self) -> BTreeMap<String, FighterRef>;
}

crate::readings_schema! {
    /// `[readings]` of a system that has no switches (any key was refused before, as another
    /// system's or an unknown reading).
    pub struct NoReadings {}
}

/// A library of a system whose only library table is `[fighters]` (or none).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FightersLibrary {
    pub ruleset: Option<String>,
    pub description: Option<String>,
    #[serde(default)]
    pub fighters: BTreeMap<String, FighterRef>,
}

impl LibrarySchema for FightersLibrary {
    fn ruleset(&self) -> Option<&str> {
        self.ruleset.as_deref()
    }
    fn take_fighters(&mut self) -> BTreeMap<String, FighterRef> {
        std::mem::take(&mut self.fighters)
    }
}

/// A card with the weapon it fights with and its effort policy (duels, gauntlets).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(
    expecting = "a fighter: a table with card = \"NAME\" and optional label, weapon, effort, stun, wounds, guard, melee_weapon, cost"
)]
pub struct FighterRef {
    pub label: Option<String>,
    pub card: String,
    pub weapon: Option<String>,
    /// The system's effort policy, counter split or card policy.
    pub effort: Option<String>,
    pub stun: Option<i64>,
    pub wounds: Option<i64>,
    /// How the fighter meets an attack (`on_guard`, `parry`), where the system asks.
    pub guard: Option<String>,
    /// The melee weapon of a fighter whose `weapon` is ranged, used in contact (refused by the
    /// systems that do not read it: [`crate::system::RuleSystem::duel_fields`]).
    pub melee_weapon: Option<String>,
    /// What the fighter costs, for balance tests (else its card's cost fields).
    pub cost: Option<f64>,
}

/// A multi-round duel.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a [duel] table with a, b, rounds, contact")]
pub struct Duel {
    pub rounds: Option<i64>,
    pub a: FighterRef,
    pub b: FighterRef,
    /// Whether the fighters start in base contact, where the system asks.
    pub contact: Option<bool>,
}
