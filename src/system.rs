//! The contract between a rule system and the rest of the program ([`RuleSystem`]), and the
//! data a system gives the generic analyses ([`Resolution`], [`DuelDef`]).
//!
//! Generic code (config loader, analyses, report) knows systems only through this trait and is
//! handed the systems it may use; which systems exist is decided in one place, the composition
//! root `crate::registry`. A system's own code lives in `crate::systems::<name>`.
//!
//! The generic analyses (`compare`, `sweep`, `paired`, `balance`: see `crate::config::analyses`)
//! are written once over this contract. They never look inside a system's trials: they take a
//! system's single-resolution section (`[attack]`, `[shot]`, `[shooting]`, …) or its `[duel]`,
//! vary it and let the system build each cell. So a system offers every generic analysis by
//! describing, in data, which section is its resolution, which field names the target and which
//! fields name library entries.

use crate::analysis::RunResult;
use crate::analysis::scenario::{CellSpec, Cost, Kind};
use crate::config::ctx::{Built, Ctx};
use crate::config::raw::ReadingDoc;
use crate::config::source::Doc;
use crate::error::InputError;
use crate::interrupt::Interrupted;
use crate::report::charts::Chart;
use crate::report::model::{Report, SystemExtras};
use crate::report::table::Table;
use crate::vocabulary::Vocabulary;

/// How a system builds one of its kinds: read the scenario `doc` (the user's file, or one cell
/// of a generic analysis, a table never written out as text: [`Doc`]) with the system's own
/// schema, and make the cells, their layout and the readings in force. Built-in systems read
/// with [`Ctx::read_scenario`] or [`Ctx::read_plain`], which give the common checks and messages
/// whichever it is; `setup` receives the scenario's setup lines.
pub type BuildFn = fn(&mut Ctx, Kind, Doc<'_>, &mut Vec<String>) -> Result<Built, InputError>;

/// One kind a system builds itself, declared once: the loader's list of kinds, the sections
/// each kind reads, the resolutions the generic analyses vary, `init`'s starters, the build
/// dispatch and the kind's words are all read from a system's [`SystemDef::kinds`]. Adding a
/// kind is one entry (plus its own code).
#[derive(Clone, Copy, Debug)]
pub struct KindDef {
    /// The `kind = "…"` name.
    pub name: &'static str,
    /// What the kind is, in the game's words, for menus and listings ("a shooting attack").
    pub title: &'static str,
    /// The sections of the scenario file it reads. A file holding a section its kind does not
    /// read is told which sections the kind reads, whichever system's kind the section belongs to.
    pub sections: &'static [&'static str],
    /// Present when the generic `compare`, `sweep` and `paired` can vary its section (its first
    /// in [`KindDef::sections`]): a kind that resolves one thing once.
    pub varies: Option<Varies>,
    /// A commented starter config: self-contained (its cards and weapons inline), small enough
    /// to run in seconds, and valid as written. Its first line is a comment
    /// `# KIND — what it answers` (`list SYSTEM` shows it). `init` writes it.
    pub starter: &'static str,
    /// Builds it.
    pub build: BuildFn,
}

impl KindDef {
    /// Its section the generic analyses vary, as they see it, when it has one.
    pub fn resolution(&self) -> Option<Resolution> {
        let v = self.varies?;
        Some(Resolution {
            kind: self.name,
            section: self.sections.first().copied().unwrap_or(self.name),
            target_field: v.target_field,
            refs: v.refs,
            loadout_fields: v.loadout_fields,
        })
    }
}

/// How the generic `compare`, `sweep` and `paired` vary a kind's section (see [`KindDef::varies`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Varies {
    /// The field a `compare`/`paired` target name goes into (`target`, `targets`, `defender`);
    /// empty when the resolution has no target (a check).
    pub target_field: &'static str,
    /// Fields whose value names a library entry, with the library table it lives in
    /// (`("attacker", "cards")`). A sweep of `attacker.strength` changes that entry's field.
    pub refs: &'static [(&'static str, &'static str)],
    /// Fields a loadout usually sets (for messages and default loadout labels).
    pub loadout_fields: &'static [&'static str],
}

/// One single-resolution section the generic analyses can vary: a [`KindDef`] with
/// [`Varies`], as the analyses see it ([`resolutions`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resolution {
    /// The system's scenario kind that resolves this section once (e.g. `attack`).
    pub kind: &'static str,
    /// The TOML section (the kind's first).
    pub section: &'static str,
    /// The field a `compare`/`paired` target name goes into (`target`, `targets`, `defender`).
    pub target_field: &'static str,
    /// Fields whose value names a library entry, with the library table it lives in
    /// (`("attacker", "cards")`). A sweep of `attacker.strength` changes that entry's field.
    pub refs: &'static [(&'static str, &'static str)],
    /// Fields a loadout usually sets (for messages and default loadout labels).
    pub loadout_fields: &'static [&'static str],
}

/// What a system offers for duels and balance tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DuelDef {
    /// Library table a fighter's `card` names (`cards`, `profiles`, `models`).
    pub card_table: &'static str,
    /// Fields of a card that state its cost, first is the one balance tests compare
    /// (`reputation` then `funding` for the Batman games). Empty: fighters give `cost`.
    pub cost_fields: &'static [&'static str],
    /// How each cost reads in reports, in `cost_fields` order (at least one: a fighter's own
    /// `cost` stands for the first).
    pub costs: &'static [Cost],
    /// What the duel's damage is counted in ("markers (★ + ♦)", "RES", "wounds").
    pub damage: &'static str,
    /// What going out of the duel is called, after "rounds to" ("K.O.", "removal").
    pub out: &'static str,
    /// The duel report's row for the per-side count the duel records beside the damage
    /// (`DuelRules::EXTRA`), e.g. "effort ★ taken, mean".
    pub extra: &'static str,
    /// The fighter field naming what a fighter fights with, and the library table whose entry's
    /// `name` shows it: a fighter without a `label` is called "card + weapon" ("Thug + Baseball
    /// bat"; the name as written where the table has no such entry). `None`: by its card alone.
    pub fighter_weapon: Option<(&'static str, &'static str)>,
    /// Weapons the system knows without a library entry, as (config name, name shown): a
    /// ¡Bichos! fighter's `weapon = "small_claws"` reads "Garras y dientes 2D6 (small bug,
    /// melee)" in its label, not the key. Empty: every weapon is a library entry.
    pub builtin_weapons: &'static [(&'static str, &'static str)],
    /// The card's characteristics a balance test prices one step up and one down (its table of
    /// what each is worth), in the order the card lists them. Empty: no such table.
    pub stats: &'static [Stat],
}

/// A characteristic of a card a balance test prices: its field in the card table (its words are
/// the vocabulary's `<card table>.<field>`), the step a designer changes it by, the value the
/// rules read when a card leaves it out (`None`: a card without it has no such line), whether a
/// lower value is the better one (a target number: Batman's Strength `4+`), and how a value
/// reads (`{}` the number).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stat {
    pub field: &'static str,
    pub step: i64,
    pub absent: Option<i64>,
    pub lower_is_better: bool,
    pub reads: &'static str,
}

impl Stat {
    /// A characteristic every card states, changed one point at a time, higher better.
    pub const fn new(field: &'static str) -> Stat {
        Stat { field, step: 1, absent: None, lower_is_better: false, reads: "{}" }
    }

    /// Read as `absent` when a card leaves it out.
    pub const fn absent(self, absent: i64) -> Stat {
        Stat { absent: Some(absent), ..self }
    }

    /// A target number: a lower value is the better one.
    pub const fn lower_is_better(self) -> Stat {
        Stat { lower_is_better: true, ..self }
    }

    /// How a value reads (`"{}+"`).
    pub const fn reads(self, reads: &'static str) -> Stat {
        Stat { reads, ..self }
    }

    /// `v` as the card writes it (a negative with the minus sign: "−1").
    pub fn show(&self, v: i64) -> String {
        let n = if v < 0 { format!("−{}", v.unsigned_abs()) } else { v.to_string() };
        self.reads.replace("{}", &n)
    }

    /// The values one step worse and one step better than `v`.
    pub fn steps(&self, v: i64) -> [i64; 2] {
        if self.lower_is_better { [v + self.step, v - self.step] } else { [v - self.step, v + self.step] }
    }
}

/// A system's first error of reading a text strictly as its scenario file
/// ([`SystemDef::strict`]).
pub type StrictFn = fn(&str) -> Option<toml::de::Error>;

/// The first error of reading `text` strictly as scenario file `F`: a system's
/// [`SystemDef::strict`] is this function for its schema's `File`.
pub fn strict_error_of<F: serde::de::DeserializeOwned>(text: &str) -> Option<toml::de::Error> {
    toml::from_str::<F>(text).err()
}

/// What a system is, as data: its names, its kinds, its library tables, its duel, its readings
/// and its words. Each system declares it once in its `mod.rs` (`pub const DEF: SystemDef =
/// SystemDef { name: …, ..SystemDef::NONE }`), and everything the program asks a system that
/// is not behaviour is read from here ([`RuleSystem::def`]): the loader, `list`, `init`, the
/// generic analyses and every view.
#[derive(Clone, Copy)]
pub struct SystemDef {
    /// The `ruleset = "…"` name.
    pub name: &'static str,
    /// The game, in words (for listings).
    pub title: &'static str,
    /// How messages name the system when its `ruleset` name does not say which game it is
    /// (`all` says "threat-range (`all`)"); `None`: its name.
    pub name_in_messages: Option<&'static str>,
    /// The kinds the system builds itself, each declared once ([`KindDef`]).
    pub kinds: &'static [KindDef],
    /// Starters of the generic kinds it offers (`compare`, `sweep`, `paired`, `balance`: see
    /// [`generic_kinds`]), as (kind, starter), written as a [`KindDef::starter`] is.
    pub analysis_starters: &'static [(&'static str, &'static str)],
    /// The library tables its scenario and library files may hold, each with how one entry is
    /// written (`("models", "[models.NAME] with a, m, c, f, d, r, h, …")`). A file that holds
    /// another table (another system's `[cards]`) is told what this system writes instead.
    pub libraries: &'static [(&'static str, &'static str)],
    /// Its own fighter fields, besides the `label`, `card` and `cost` every fighter has (its
    /// `duel_schema!` fighter's `FIELDS`): a file of another system that writes one is told
    /// whose field it is.
    pub fighter_fields: &'static [&'static str],
    /// Its own `[duel]` fields, besides `rounds`, `a` and `b` (its `duel_schema!` duel's
    /// `FIELDS`), told to other systems' files as [`SystemDef::fighter_fields`] are.
    pub duel_fields: &'static [&'static str],
    /// Its duel, if it has one (`kind = "duel"`, and the generic `balance`).
    pub duel: Option<DuelDef>,
    /// Its `[readings]` switches with their docs and values, the default first (its
    /// `readings_schema!` struct's `DOCS`), for `list SYSTEM` and the loader (which refuses any
    /// other switch).
    pub reading_docs: &'static [ReadingDoc],
    /// The system's words for its events, metrics and fields, as data (its `labels.rs`):
    /// every view reads them through [`crate::words`]; a name a report shows without an entry
    /// fails `tests/it/report_words.rs`.
    pub vocabulary: &'static Vocabulary,
    /// Paired-comparison measures that are sums of metrics (`damage` = `stun` + `wounds`).
    pub measure_aliases: &'static [(&'static str, &'static [&'static str])],
    /// Measures a comparison falls back to, in order, against a target where its own measure
    /// cannot tell the loadouts apart (every loadout 0 % out of action): the system's damage
    /// (2019 ★ + ♦ placed, 2013 markers placed, Wolsung wounds, ¡Bichos! RES lost), then hits.
    /// Metric names or [`SystemDef::measure_aliases`]; one a cell lacks is skipped.
    pub fallback_measures: &'static [&'static str],
    /// What a reader of this system's reports must know about its events, after the generic
    /// "how to read" text (Markdown; e.g. that an event counts what this one attack causes).
    pub how_to_read: Option<&'static str>,
    /// The first error of reading a text strictly as this system's scenario file
    /// ([`strict_error_of`] its schema's `File`): the loader uses its words when a lenient read
    /// fails at the same place (so a field of the wrong type is told what it takes). Only the
    /// user's file is read this way (the match is by position in its text); a generic
    /// analysis's cell is read by the system itself. `None`: no strict read.
    pub strict: Option<StrictFn>,
}

impl SystemDef {
    /// Nothing declared: the base a system's declaration fills in (`..SystemDef::NONE`).
    pub const NONE: SystemDef = SystemDef {
        name: "",
        title: "",
        name_in_messages: None,
        kinds: &[],
        analysis_starters: &[],
        libraries: &[],
        fighter_fields: &[],
        duel_fields: &[],
        duel: None,
        reading_docs: &[],
        vocabulary: &Vocabulary::NONE,
        measure_aliases: &[],
        fallback_measures: &[],
        how_to_read: None,
        strict: None,
    };
}

/// What a system is, read from its declaration ([`RuleSystem::def`]); not methods of the trait,
/// so no system can answer them other than by its [`SystemDef`].
impl dyn RuleSystem + '_ {
    /// The `ruleset = "…"` name ([`SystemDef::name`]).
    pub fn name(&self) -> &'static str {
        self.def().name
    }
    /// The game, in words ([`SystemDef::title`]).
    pub fn title(&self) -> &'static str {
        self.def().title
    }
    /// How messages name the system ([`SystemDef::name_in_messages`]).
    pub fn name_in_messages(&self) -> &'static str {
        self.def().name_in_messages.unwrap_or(self.def().name)
    }
    /// Its own kinds ([`SystemDef::kinds`]).
    pub fn kinds(&self) -> &'static [KindDef] {
        self.def().kinds
    }
    /// Starters of the generic kinds it offers ([`SystemDef::analysis_starters`]).
    pub fn analysis_starters(&self) -> &'static [(&'static str, &'static str)] {
        self.def().analysis_starters
    }
    /// Its library tables ([`SystemDef::libraries`]).
    pub fn libraries(&self) -> &'static [(&'static str, &'static str)] {
        self.def().libraries
    }
    /// Its own fighter fields ([`SystemDef::fighter_fields`]).
    pub fn fighter_fields(&self) -> &'static [&'static str] {
        self.def().fighter_fields
    }
    /// Its own `[duel]` fields ([`SystemDef::duel_fields`]).
    pub fn duel_fields(&self) -> &'static [&'static str] {
        self.def().duel_fields
    }
    /// Its duel, if it has one ([`SystemDef::duel`]).
    pub fn duel(&self) -> Option<DuelDef> {
        self.def().duel
    }
    /// Its `[readings]` switches with their docs ([`SystemDef::reading_docs`]).
    pub fn reading_docs(&self) -> &'static [ReadingDoc] {
        self.def().reading_docs
    }
    /// The names of its `[readings]` switches (a config may set only these).
    pub fn readings(&self) -> Vec<&'static str> {
        self.def().reading_docs.iter().map(|d| d.name).collect()
    }
    /// Its words ([`SystemDef::vocabulary`]).
    pub fn vocabulary(&self) -> &'static Vocabulary {
        self.def().vocabulary
    }
    /// The measures a comparison falls back to ([`SystemDef::fallback_measures`]).
    pub fn fallback_measures(&self) -> &'static [&'static str] {
        self.def().fallback_measures
    }

    /// Its measures that are sums of metrics ([`SystemDef::measure_aliases`]).
    pub fn measure_aliases(&self) -> &'static [(&'static str, &'static [&'static str])] {
        self.def().measure_aliases
    }
    /// What a reader of its reports must know ([`SystemDef::how_to_read`]).
    pub fn how_to_read(&self) -> Option<&'static str> {
        self.def().how_to_read
    }
    /// The first error of reading `text` strictly as its scenario file ([`SystemDef::strict`]).
    pub fn strict_error(&self, text: &str) -> Option<toml::de::Error> {
        self.def().strict.and_then(|f| f(text))
    }
}

/// The contract between a rule system and the rest of the program.
pub trait RuleSystem: Sync {
    /// What the system is, as data, declared once in its `mod.rs` ([`SystemDef`]).
    fn def(&self) -> &'static SystemDef;
    /// Notes and setup lines that are true only of the whole scenario: called once, on the
    /// top-level file's text, with every cell it built (a `compare`, `sweep`, `paired` or `balance`
    /// builds each cell as a scenario of its own, so a note a cell decides alone — "this value
    /// cannot change any number" — can be false of another cell; such notes belong here).
    fn scenario_notes(&self, _ctx: &Ctx, _text: &str, _cells: &[CellSpec], _setup: &mut Vec<String>) {}
    /// A library entry the system knows without a config (¡Bichos! profiles), as TOML, so a sweep
    /// can change one of its numbers.
    fn builtin_entry(&self, _table: &str, _name: &str) -> Option<toml::Table> {
        None
    }
    /// The names of the entries of library table `table` the system knows without a config (each
    /// one [`RuleSystem::builtin_entry`] gives), for `list CONFIG`. Empty: none.
    fn builtin_names(&self, _table: &str) -> Vec<&'static str> {
        Vec::new()
    }
    /// Check one library file on its own (`validate cards.toml`) exactly as an include of a
    /// scenario is checked: read `file` (relative to `ctx`'s main file) with
    /// [`Ctx::include_all`] and the system's own library reader. The default reads it as a
    /// library whose only table is `[fighters]`, each fighter any table; a system with a fighter
    /// type or library tables of its own reads it with those
    /// ([`Ctx::check_plain_library`] with its scenario struct, or its own reader).
    fn check_library(&self, ctx: &mut Ctx, file: &str) -> Result<(), InputError> {
        ctx.include_all::<crate::config::raw::FightersLibrary<toml::Table>>(
            &[file.to_string()],
            Ctx::fighter_words,
            |ctx, idx, lib| ctx.add_fighters(idx, crate::config::raw::LibrarySchema::fighter_names(&lib)),
        )
    }
    /// Sweep parameters the system handles itself: returns true when it patched `section`.
    /// (e.g. a 2019 check's `value` replaces the characteristic it would otherwise roll against).
    fn sweep_special(&self, _section: &mut toml::Table, _param: &str, _value: i64) -> bool {
        false
    }
    /// Whether a metric is a yes/no outcome recorded as 0 or 1 (reports print it as a
    /// probability, not as a mean).
    fn yes_no_metric(&self, _name: &str) -> bool {
        false
    }

    // What the system adds to a report. The report writers are handed the system of the run
    // and call these; they never look a system up, so a system outside the registry (the tiny
    // system of the tests) reports in its own words too.

    /// What the system adds to the report model beside the cells (an exact duel, a melee
    /// exchange's best split), computed once per run. `Err` when a signal stopped it.
    fn report_extras(&self, _run: &RunResult) -> Result<SystemExtras, Interrupted> {
        Ok(SystemExtras::default())
    }
    /// Tables of the layouts only this system builds (`Layout` variants no generic writer draws).
    fn report_tables(&self, _run: &RunResult, _report: &Report) -> Vec<Table> {
        Vec::new()
    }
    /// The answer sentence that opens the report, when the question is one the system words
    /// itself (a best play, a best split, an arsenal, its own kinds' questions); `None` leaves
    /// it to the generic analysis (see [`crate::report::answer`]).
    fn answer(&self, _run: &RunResult, _report: &Report) -> Option<String> {
        None
    }
    /// Charts (file stem, chart) of the layouts only this system builds.
    fn report_charts(&self, _run: &RunResult, _report: &Report) -> Vec<(String, Chart)> {
        Vec::new()
    }
}

/// The generic kinds' titles, as a [`KindDef::title`] says what a system's own kind is.
const GENERIC_TITLES: &[(&str, &str)] = &[
    ("compare", "which loadout does more"),
    ("sweep", "how a number moves the odds"),
    ("paired", "two loadouts on the same dice"),
    ("balance", "what a card should cost"),
];

/// What kind `kind` of system `s` is, in words (its declaration's title, or a generic kind's).
pub fn kind_title(s: &dyn RuleSystem, kind: &str) -> Option<&'static str> {
    own_kind(s, kind).map(|k| k.title).or_else(|| GENERIC_TITLES.iter().find(|(k, _)| *k == kind).map(|(_, t)| *t))
}

/// The generic kinds (written once in `crate::config::analyses`) a system offers.
pub fn generic_kinds(s: &dyn RuleSystem) -> Vec<&'static str> {
    let mut k = Vec::new();
    if s.kinds().iter().any(|k| k.varies.is_some()) {
        k.extend(["compare", "sweep", "paired"]);
    }
    if s.duel().is_some() {
        k.push("balance");
    }
    k
}

/// Every kind a system offers: its own, then the generic ones.
pub fn all_kinds(s: &dyn RuleSystem) -> Vec<&'static str> {
    let mut k: Vec<&'static str> = s.kinds().iter().map(|d| d.name).collect();
    for g in generic_kinds(s) {
        if !k.contains(&g) {
            k.push(g);
        }
    }
    k
}

/// The declaration of one of a system's own kinds.
pub fn own_kind(s: &dyn RuleSystem, name: &str) -> Option<&'static KindDef> {
    s.kinds().iter().find(|k| k.name == name)
}

/// The sections the generic `compare`, `sweep` and `paired` can vary: one per kind that declares
/// [`KindDef::varies`], in declaration order (the first is the default). Empty if none.
pub fn resolutions(s: &dyn RuleSystem) -> Vec<Resolution> {
    s.kinds().iter().filter_map(KindDef::resolution).collect()
}

/// For each of a system's own kinds, the sections of its scenario file the kind reads.
pub fn sections(s: &dyn RuleSystem) -> Vec<(&'static str, &'static [&'static str])> {
    s.kinds().iter().map(|k| (k.name, k.sections)).collect()
}

/// The starter config of `kind` (one of [`all_kinds`]), its own or a generic one's.
pub fn starter(s: &dyn RuleSystem, kind: &str) -> Option<&'static str> {
    own_kind(s, kind)
        .map(|k| k.starter)
        .or_else(|| s.analysis_starters().iter().find(|(k, _)| *k == kind).map(|(_, text)| *text))
}
