//! The parts of a scenario file that no rule system owns, before validation: the common keys
//! every file has ([`Common`], and the [`scenario_file!`](crate::scenario_file) macro a system
//! declares its whole file with), the fields every fighter and `[duel]` has (the
//! [`duel_schema!`](crate::duel_schema) macro a system declares its own fighter and duel with),
//! and what a library file holds when its system reads no library tables of its own.
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
    #[serde(default, deserialize_with = "whole_count")]
    pub trials: Option<i64>,
    pub precision: Option<f64>,
    #[serde(default, deserialize_with = "whole_count")]
    pub max_trials: Option<i64>,
    /// `true`: every cell exactly (an error where one cannot be); `false`: sample every cell;
    /// left out: each cell exactly where that is cheaper than sampling it.
    pub exact: Option<bool>,
    #[serde(default)]
    pub readings: toml::Table,
}

/// `trials` and `max_trials`: an integer, or a whole number written with a fraction or an
/// exponent (`trials = 1e6`, which TOML reads as the decimal number 1000000.0). No file that
/// read before reads differently: a decimal number there was an error. A fraction (`1.5`) still
/// is, in the words an integer field gives.
pub fn whole_count<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    struct Count;
    impl serde::de::Visitor<'_> for Count {
        type Value = i64;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an integer")
        }
        fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<i64, E> {
            Ok(v)
        }
        fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<i64, E> {
            i64::try_from(v).map_err(|_| E::invalid_value(serde::de::Unexpected::Unsigned(v), &self))
        }
        fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<i64, E> {
            super::number::whole_f64(v).ok_or_else(|| E::invalid_type(serde::de::Unexpected::Float(v), &self))
        }
    }
    d.deserialize_any(Count).map(Some)
}

/// A system's strict read of `trials` and `max_trials`, as [`whole_count`] reads them (the
/// loader takes the values from [`Common`]; this only lets `trials = 1e6` pass the strict read).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WholeCount(pub i64);

impl<'de> Deserialize<'de> for WholeCount {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        whole_count(d).map(|v| WholeCount(v.unwrap_or_default()))
    }
}

/// Declare a system's whole scenario file: the common keys every file has (`ruleset`, `kind`,
/// `name`, `seed`, the stopping rule, `include` and the generic analyses' sections, which
/// `config::analyses` declares and reads and the system only lets pass), then the system's own
/// fields. The struct denies unknown fields, so a typo anywhere is an error with its line.
///
/// It also implements [`ScenarioSchema`] for the struct: `include`, and the fighters when the
/// system declares a `fighters: BTreeMap<String, F>` field (`F` its fighter, declared with
/// [`duel_schema!`](crate::duel_schema)), so the loader finds them without an accessor written
/// by hand.
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
    // Called back by `generic_sections!` with the generic analyses' sections in front.
    ([$($section:ident),*] $(#[$meta:meta])* pub struct $name:ident {
        $($(#[$fmeta:meta])* pub $field:ident: $ty:ty),* $(,)?
    }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct $name {
            pub ruleset: String,
            pub kind: String,
            pub name: Option<String>,
            pub description: Option<String>,
            pub seed: Option<i64>,
            pub trials: Option<$crate::config::raw::WholeCount>,
            pub precision: Option<f64>,
            pub max_trials: Option<$crate::config::raw::WholeCount>,
            pub exact: Option<bool>,
            #[serde(default)]
            pub include: Vec<String>,
            $(pub $section: Option<toml::Value>,)*
            $($(#[$fmeta])* pub $field: $ty,)*
        }

        impl $crate::config::raw::ScenarioSchema for $name {
            type Fighter = $crate::scenario_file!(@fighter $($field: $ty,)*);
            fn include(&self) -> &[String] {
                &self.include
            }
            $($crate::scenario_file!(@accessor $field);)*
        }
    };
    (@accessor fighters) => {
        fn fighter_names(&self) -> Vec<String> {
            self.fighters.keys().cloned().collect()
        }
    };
    (@accessor $other:ident) => {};
    // The fighter type: the values of the `fighters` field's map, else any table.
    (@fighter fighters: $ty:ty, $($rest:tt)*) => { <$ty as $crate::config::raw::FighterMap>::Fighter };
    (@fighter $other:ident: $ty:ty, $($rest:tt)*) => { $crate::scenario_file!(@fighter $($rest)*) };
    (@fighter) => { toml::Table };
    ($($file:tt)*) => {
        $crate::generic_sections! { scenario_file! { $($file)* } }
    };
}

/// Declare a system's `[readings]` switches once, each with its one-line doc, its allowed
/// values (the default first) and the rules' value each maps to. From that one declaration come:
/// the struct the file's `[readings]` table is read into (every switch optional, unknown ones
/// refused), `NAMES` (the system's [`crate::system::SystemDef::reading_docs`], in declaration
/// order), `read` (the written table into the rules' plain typed struct, a bad value an error
/// at its line naming the field and the allowed values), `labels` (the "Readings in force" rows,
/// in declaration order), the rules struct's `Default` (every switch's first value), and a module
/// per switch, named after it, with its `VALUES` (label and rules value, the default first) and
/// `label` (a value's label, for notes that name it).
///
/// A switch is `name: TomlType => RulesType as "title" { literal as "words" => rules value, … }`:
/// a literal of the switch's TOML type (`String`, `bool` or `i64`), its label the literal as
/// written. The title and each value's words are what a person reads in a report's "Readings in
/// force" ("a natural 6 always blocks: no"); the name and labels stay for files and scripts. A bad value is told "unknown reading `x`" and the values as
/// "`a` (default), `b`"; a switch whose message differs says so with
/// `unknown = |v| format!(…)` and/or `; allowed = "…"` after its values.
///
/// ```ignore
/// crate::readings_schema! {
///     /// The Mordheim `[readings]` switches.
///     pub struct Readings => rules::Readings {
///         /// How far a hidden model is detected.
///         detection_range: String => Detection as "a hidden model is detected within" {
///             "initiative" as "its Initiative in inches" => Detection::Initiative,
///             "triple_initiative" as "three times its Initiative in inches" => Detection::TripleInitiative,
///         },
///     }
/// }
/// ```
#[macro_export]
macro_rules! readings_schema {
    ($(#[$meta:meta])* pub struct $name:ident => $rules:path {
        $(
            $(#[doc = $doc:literal])*
            $field:ident: $ty:ty => $rty:ty as $title:literal { $($val:literal as $word:literal => $rust:expr),+ $(,)? }
            $(unknown = $unknown:expr)? $(; allowed = $allowed:expr)?,
        )*
    }) => {
        $crate::readings_schema! {
            $(#[$meta])* pub struct $name {
                $($(#[doc = $doc])* $field: $ty,)*
            }
        }

        impl $name {
            /// Each switch with its doc and its values (the default first), for `list SYSTEM`
            /// ([`crate::system::SystemDef::reading_docs`]).
            pub const DOCS: &'static [$crate::config::raw::ReadingDoc] = &[$(
                $crate::config::raw::ReadingDoc {
                    name: stringify!($field),
                    doc: concat!($($doc),*),
                    title: $title,
                    values: &[$($crate::config::raw::unquoted(stringify!($val))),+],
                    words: &[$($word),+],
                },
            )*];

            /// The switches as written, into the rules' typed readings (an unset switch takes
            /// its default); a value that is not allowed is an error at its line.
            pub fn read(&self, ctx: &$crate::config::ctx::Ctx) -> Result<$rules, $crate::error::InputError> {
                #[allow(unused_mut)]
                let mut out = <$rules>::default();
                $(
                    if let Some(v) = &self.$field {
                        #[allow(unreachable_patterns)]
                        let got = match $crate::config::raw::Written::key(v) {
                            $($val => $rust,)+
                            other => {
                                let unknown = $crate::readings_schema!(@or [$($unknown)?] [
                                    |v| format!("unknown reading `{v}`")
                                ]);
                                let allowed: String = $crate::readings_schema!(@or [$($allowed.to_string())?] [
                                    $crate::config::raw::default_first(&[$($val.to_string()),+])
                                ]);
                                return Err(ctx.err(0, &["readings", stringify!($field)], unknown(&other), allowed));
                            }
                        };
                        out.$field = got;
                    }
                )*
                Ok(out)
            }

            /// The readings in force, as "Readings in force" lists them: each switch's name and
            /// the label of its value.
            pub fn labels(r: &$rules) -> Vec<(&'static str, String)> {
                vec![$((stringify!($field), $field::label(r.$field).to_string())),*]
            }
        }

        $(
            $(#[doc = $doc])*
            pub mod $field {
                #[allow(unused_imports)]
                use super::*;

                /// The values as written, the default first, with the rules' value each reads as.
                pub const VALUES: &[(&str, $rty)] =
                    &[$(($crate::config::raw::unquoted(stringify!($val)), $rust)),+];

                /// A value's label (as written in `[readings]`; results.json keeps it for scripts).
                pub fn label(v: $rty) -> &'static str {
                    VALUES.iter().find(|(_, x)| *x == v).map(|(l, _)| *l).expect("every value of a reading is declared")
                }

                /// What the switch decides, in words ("a check reduced to one die").
                pub const TITLE: &str = $title;

                /// A value in words ("rolls a second die"), as reports show it.
                pub fn words(v: $rty) -> &'static str {
                    const WORDS: &[&str] = &[$($word),+];
                    VALUES.iter().position(|(_, x)| *x == v).map(|i| WORDS[i]).expect("every value of a reading is declared")
                }

                /// The reading in force as a note quotes it: “a check reduced to one die: rolls a
                /// second die”, never the switch's name.
                pub fn phrase(v: $rty) -> String {
                    format!("“{}: {}”", TITLE, words(v))
                }
            }
        )*

        impl Default for $rules {
            /// Every switch's declared default (its first value).
            fn default() -> Self {
                Self { $($field: $crate::readings_schema!(@first $($rust),+),)* }
            }
        }
    };
    (@or [] [$($d:tt)*]) => { $($d)* };
    (@or [$($x:tt)+] [$($d:tt)*]) => { $($x)+ };
    (@first $a:expr $(, $rest:expr)*) => { $a };
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

/// One `[readings]` switch as a listing shows it: made by
/// [`readings_schema!`](crate::readings_schema) from the switch's declaration, so `list SYSTEM`
/// says what the loader accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadingDoc {
    /// The switch's name in `[readings]`.
    pub name: &'static str,
    /// What it decides (its doc comment's lines, joined).
    pub doc: &'static str,
    /// Its values as written, the default first.
    pub values: &'static [&'static str],
    /// What it decides, in a few words, as a report's "Readings in force" names it ("a natural 6
    /// always blocks").
    pub title: &'static str,
    /// Each value in words, in the order of [`ReadingDoc::values`] ("no", "yes").
    pub words: &'static [&'static str],
}

impl ReadingDoc {
    /// A value's words ("yes" for `true`), if it is one of the switch's values.
    pub fn value_words(&self, label: &str) -> Option<&'static str> {
        self.values.iter().position(|v| *v == label).map(|i| self.words[i])
    }
}

/// A written `[readings]` value as [`readings_schema!`](crate::readings_schema) matches it
/// against its declared literals (a string as `&str`, a number or flag by value).
pub trait Written {
    /// What the literals are matched against.
    type Key<'a>: std::fmt::Display
    where
        Self: 'a;
    /// The value to match.
    fn key(&self) -> Self::Key<'_>;
}

impl Written for String {
    type Key<'a> = &'a str;
    fn key(&self) -> &str {
        self
    }
}

impl Written for bool {
    type Key<'a> = bool;
    fn key(&self) -> bool {
        *self
    }
}

impl Written for i64 {
    type Key<'a> = i64;
    fn key(&self) -> i64 {
        *self
    }
}

/// A declared value's label: a string literal without its quotes, a number or flag as written.
pub const fn unquoted(written: &'static str) -> &'static str {
    match written.as_bytes() {
        [b'"', inner @ .., b'"'] => match std::str::from_utf8(inner) {
            Ok(s) => s,
            Err(_) => panic!("a string literal is UTF-8"),
        },
        _ => written,
    }
}

/// The allowed values of a reading as messages list them: "`a` (default), `b`, `c`".
pub fn default_first(labels: &[String]) -> String {
    labels
        .iter()
        .enumerate()
        .map(|(i, l)| if i == 0 { format!("`{l}` (default)") } else { format!("`{l}`") })
        .collect::<Vec<_>>()
        .join(", ")
}

/// What [`crate::config::Ctx::read_plain`] needs of a system's scenario file struct (implemented
/// by [`scenario_file!`](crate::scenario_file), from the fields the system declares).
pub trait ScenarioSchema: serde::de::DeserializeOwned {
    /// What a `[fighters.NAME]` entry of its library files is read as: the system's fighter
    /// ([`duel_schema!`](crate::duel_schema)), or any table for a system without duels.
    type Fighter: serde::de::DeserializeOwned;
    /// The library files it pulls in.
    fn include(&self) -> &[String];
    /// The names of its `[fighters.NAME]` entries, if it has the table.
    fn fighter_names(&self) -> Vec<String> {
        Vec::new()
    }
}

/// A scenario's `fighters` table, for [`scenario_file!`](crate::scenario_file) to name the
/// fighter type it holds.
pub trait FighterMap {
    type Fighter;
}

impl<F> FighterMap for BTreeMap<String, F> {
    type Fighter = F;
}

/// What the loader needs of a system's library file struct (a file pulled in with
/// `include = [...]`).
pub trait LibrarySchema: serde::de::DeserializeOwned {
    /// The rule system it declares it is for, if it says.
    fn ruleset(&self) -> Option<&str>;
    /// The names of its `[fighters.NAME]` entries (the system's builder reads the fighters
    /// themselves where they duel).
    fn fighter_names(&self) -> Vec<String>;
}

crate::readings_schema! {
    /// `[readings]` of a system that has no switches (any key was refused before, as another
    /// system's or an unknown reading).
    pub struct NoReadings {}
}

/// A library of a system whose only library table is `[fighters]` (or none), its fighters read
/// as the system's `F`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(bound = "F: serde::de::DeserializeOwned")]
pub struct FightersLibrary<F> {
    pub ruleset: Option<String>,
    pub description: Option<String>,
    #[serde(default = "BTreeMap::new")]
    pub fighters: BTreeMap<String, F>,
}

impl<F: serde::de::DeserializeOwned> LibrarySchema for FightersLibrary<F> {
    fn ruleset(&self) -> Option<&str> {
        self.ruleset.as_deref()
    }
    fn fighter_names(&self) -> Vec<String> {
        self.fighters.keys().cloned().collect()
    }
}

/// Declare a system's fighter (a `[fighters.NAME]` entry, or a side of its `[duel]`) and its
/// `[duel]` section: the fields every fighter has (`label`, `card` — the library entry it is,
/// in the system's [`DuelDef::card_table`](crate::system::DuelDef) — and `cost`, which the
/// generic balance test reads), then the system's own fighter fields; `[duel]` has `rounds`,
/// `a`, `b`, then the system's own duel fields. Both structs deny unknown fields, and each gets
/// `FIELDS`, its own fields' names: the system hands them to the loader
/// ([`crate::system::SystemDef::fighter_fields`] and `duel_fields`), so a field only another
/// system reads is told whose it is. Give each struct its `expecting` words.
///
/// ```ignore
/// crate::duel_schema! {
///     /// A Wolsung fighter.
///     #[serde(expecting = "a fighter: a table with card = \"NAME\" and optional label, guard, cost")]
///     pub struct FighterSpec {
///         /// How it meets an attack: `on_guard` (default) or `parry`.
///         pub guard: Option<String>,
///     }
///     /// A Wolsung duel.
///     #[serde(expecting = "a [duel] table with a, b, rounds")]
///     pub struct DuelSpec {}
/// }
/// ```
#[macro_export]
macro_rules! duel_schema {
    (
        $(#[$fmeta:meta])* pub struct $fighter:ident { $($(#[$ffm:meta])* pub $ff:ident: $fty:ty),* $(,)? }
        $(#[$dmeta:meta])* pub struct $duel:ident { $($(#[$dfm:meta])* pub $df:ident: $dty:ty),* $(,)? }
    ) => {
        #[derive(Debug, Clone, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        $(#[$fmeta])*
        pub struct $fighter {
            /// How reports name the fighter (else the system's words for its card and weapon).
            pub label: Option<String>,
            /// The library entry the fighter is.
            pub card: String,
            $($(#[$ffm])* pub $ff: $fty,)*
            /// What the fighter costs, for balance tests (else its card's cost fields).
            pub cost: Option<f64>,
        }

        impl $fighter {
            /// The fighter fields this system reads besides `label`, `card` and `cost`.
            pub const FIELDS: &'static [&'static str] = &[$(stringify!($ff)),*];
        }

        #[derive(Debug, Clone, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        $(#[$dmeta])*
        pub struct $duel {
            pub rounds: Option<i64>,
            pub a: $fighter,
            pub b: $fighter,
            $($(#[$dfm])* pub $df: $dty,)*
        }

        impl $duel {
            /// The `[duel]` fields this system reads besides `rounds`, `a` and `b`.
            pub const FIELDS: &'static [&'static str] = &[$(stringify!($df)),*];
        }
    };
}
