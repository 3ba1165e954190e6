//! What exists, for a newcomer: `list` (the rule systems), `list SYSTEM` (its kinds, readings,
//! library tables, and what the generic analyses can vary and measure), `list CONFIG` (the
//! library entries a scenario can use, with their numbers) and `init SYSTEM KIND` (a commented
//! starter config).
//!
//! Generic: every word about a system comes from its [`RuleSystem`] (its kinds, its
//! `readings_schema!` docs, its libraries, its starters); the measures of a resolution come from
//! a cell built from that kind's starter, as a run would build it. The caller hands the systems
//! in (the command line passes the registry). Text is plain, wrapped to
//! [`crate::report::TERMINAL_WIDTH`]; values from files are made safe for the terminal by the
//! caller's printer and by [`Table::plain_fit`].

use crate::config::source::{Source, did_you_mean};
use crate::config::{self, Overrides};
use crate::error::InputError;
use crate::report::TERMINAL_WIDTH as W;
use crate::report::table::Table;
use crate::system::{self, Resolution, RuleSystem};
use crate::text::wrap;
use std::path::{Path, PathBuf};
use toml::Value;

/// The one line a generic analysis answers, for systems whose starter does not say it.
const GENERIC: &[(&str, &str)] = &[
    ("compare", "several loadouts against several targets, one grid, ranked by one measure"),
    ("sweep", "one number (or two) of a resolution over a range of values"),
    ("paired", "two loadouts on the same dice: which does better, and how often"),
    (
        "balance",
        "what a new card should cost: its fair cost with a 95 % interval, from a round robin against a gauntlet, and a verdict on its stated cost",
    ),
];

/// `list`: one line per rule system: its name, its game, its kinds.
pub fn systems(registry: &[&'static dyn RuleSystem]) -> String {
    let mut out = String::from("Rule systems (ruleset = \"…\"):\n");
    let width = registry.iter().map(|s| s.name().len()).max().unwrap_or(0);
    for s in registry {
        let indent = " ".repeat(width + 4);
        out.push_str(&wrap(s.title(), W, &format!("  {:width$}  ", s.name()), &indent));
        out.push_str(&wrap(&format!("kinds: {}", system::all_kinds(*s).join(", ")), W, &indent, &indent));
    }
    out.push('\n');
    out.push_str(&wrap(
        "More: `skirmish-odds list RULESET` (kinds, readings, measures), `skirmish-odds list CONFIG` (the cards, weapons, models and fighters a scenario can use), `skirmish-odds init RULESET KIND [FILE]` (a commented starter config).",
        W,
        "",
        "  ",
    ));
    out
}

/// The system called `name`, or an error listing them (with the nearest as a suggestion).
pub fn find<'a>(registry: &[&'a dyn RuleSystem], name: &str, what: &str) -> Result<&'a dyn RuleSystem, InputError> {
    registry.iter().copied().find(|s| s.name() == name).ok_or_else(|| {
        let names: Vec<&str> = registry.iter().map(|s| s.name()).collect();
        unknown(&format!("unknown rule system `{name}`"), what, &names)
    })
}

/// "unknown … — did you mean `x`?" at a command-line argument, with the names allowed.
fn unknown(message: &str, what: &str, names: &[&str]) -> InputError {
    let word = message.split('`').nth(1).unwrap_or_default();
    let message = match did_you_mean(word, names) {
        Some(n) => format!("{message} — did you mean `{n}`?"),
        None => message.to_string(),
    };
    InputError::msg(message).field(what, names.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", "))
}

/// The starter config of `kind` in `system` (`init`): an unknown kind is an error listing the
/// system's kinds.
pub fn starter(system: &dyn RuleSystem, kind: &str) -> Result<&'static str, InputError> {
    let kinds = system::all_kinds(system);
    if kind.is_empty() {
        let names = kinds.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ");
        return Err(InputError::msg(format!("give the kind of scenario to start from: init {} KIND", system.name()))
            .field("KIND", names));
    }
    if !kinds.contains(&kind) {
        return Err(unknown(&format!("unknown kind `{kind}` for {}", system.name()), "KIND", &kinds));
    }
    system::starter(system, kind).ok_or_else(|| {
        InputError::msg(format!("{} has no starter config for kind `{kind}` yet", system.name())).field(
            "KIND",
            kinds.iter().filter(|k| system::starter(system, k).is_some()).copied().collect::<Vec<_>>().join(", "),
        )
    })
}

/// What a kind answers: its starter's opening comment (up to the first empty comment line,
/// without the leading "KIND — "), else the generic analysis's line.
pub fn kind_answer(system: &dyn RuleSystem, kind: &str) -> String {
    let from_starter = system::starter(system, kind).map(|text| {
        let lines: Vec<&str> = text
            .lines()
            .take_while(|l| l.starts_with('#') && l.trim() != "#")
            .map(|l| l.trim_start_matches('#').trim())
            .collect();
        let joined = lines.join(" ");
        joined.strip_prefix(&format!("{kind} — ")).map(str::to_string).unwrap_or(joined)
    });
    from_starter
        .filter(|s| !s.is_empty())
        .or_else(|| GENERIC.iter().find(|(k, _)| *k == kind).map(|(_, a)| a.to_string()))
        .unwrap_or_default()
}

/// `list SYSTEM`: its kinds with what each answers, its readings with their values (the default
/// first), its library tables, and for each resolution the generic analyses vary: what a sweep
/// can vary and what a compare, sweep or paired can measure.
pub fn system(registry: &[&'static dyn RuleSystem], s: &'static dyn RuleSystem) -> String {
    let mut out = wrap(&format!("{} — {}", s.name(), s.title()), W, "", "  ");
    out.push_str(&format!("\nKinds (kind = \"…\"; `skirmish-odds init {} KIND` writes a starter):\n", s.name()));
    let kinds = system::all_kinds(s);
    let width = kinds.iter().map(|k| k.len()).max().unwrap_or(0);
    for k in &kinds {
        let indent = " ".repeat(width + 4);
        out.push_str(&wrap(&kind_answer(s, k), W, &format!("  {k:width$}  "), &indent));
    }
    out.push_str("\nReadings ([readings] switches; the default first):\n");
    if s.readings().is_empty() {
        out.push_str("  none\n");
    }
    for name in s.readings() {
        match s.reading_docs().iter().find(|d| d.name == name) {
            Some(d) => {
                let values: Vec<String> = d
                    .values
                    .iter()
                    .enumerate()
                    .map(|(i, v)| if i == 0 { format!("{v} (default)") } else { v.to_string() })
                    .collect();
                out.push_str(&wrap(&format!("{name} = {}", values.join(" | ")), W, "  ", "      "));
                out.push_str(&wrap(d.doc.trim(), W, "      ", "      "));
            }
            None => out.push_str(&format!("  {name}\n")),
        }
    }
    out.push_str("\nLibrary tables (in a scenario, or in a file it includes):\n");
    if s.libraries().is_empty() {
        out.push_str(&wrap("none: the numbers go in the kind's own section", W, "  ", "    "));
    }
    for (table, how) in s.libraries() {
        out.push_str(&wrap(how, W, "  ", "    "));
        let builtin = s.builtin_names(table);
        if !builtin.is_empty() {
            out.push_str(&wrap(&format!("built in: {}", builtin.join(", ")), W, "    ", "      "));
        }
    }
    // Built-in weapons the system does not list as a library table's entries (a fighter's
    // `weapon` names them): by name, as reports show them.
    if let Some(d) = s.duel().filter(|d| !d.builtin_weapons.is_empty())
        && let Some((_, table)) = d.fighter_weapon
        && s.builtin_names(table).is_empty()
    {
        let names: Vec<&str> = d.builtin_weapons.iter().map(|(n, _)| *n).collect();
        out.push_str(&wrap(&format!("built-in weapons: {}", names.join(", ")), W, "  ", "    "));
    }
    if !system::resolutions(s).is_empty() {
        out.push_str("\nWhat compare, sweep and paired vary and measure:\n");
    }
    for r in system::resolutions(s) {
        out.push_str(&resolution(registry, s, &r));
    }
    out
}

/// One resolution of `list SYSTEM`: its section, the fields that name library entries, what a
/// sweep can vary (as its starter writes it) and the measures of a cell built from that starter.
fn resolution(registry: &[&'static dyn RuleSystem], s: &'static dyn RuleSystem, r: &Resolution) -> String {
    let mut out = format!("\n  [{}] (kind = \"{}\")\n", r.section, r.kind);
    let mut facts = Vec::new();
    if !r.target_field.is_empty() {
        facts.push(format!("a compare's or paired's targets go into `{}`", r.target_field));
    }
    if !r.refs.is_empty() {
        let refs: Vec<String> = r.refs.iter().map(|(f, t)| format!("`{f}` → [{t}]")).collect();
        facts.push(format!("fields naming library entries: {}", refs.join(", ")));
    }
    for f in facts {
        out.push_str(&wrap(&f, W, "    ", "      "));
    }
    let Some(text) = system::starter(s, r.kind) else {
        return out;
    };
    let sweepable = sweepable(s, r, text);
    if !sweepable.is_empty() {
        out.push_str(&wrap(
            &format!(
                "sweep parameter (as its starter sets it; any number or yes/no field of a named entry too, as `FIELD.NAME`): {}",
                sweepable.join(", ")
            ),
            W,
            "    ",
            "      ",
        ));
    }
    let path = PathBuf::from(format!("starter-{}-{}.toml", s.name(), r.kind));
    let src = Source { path: path.clone(), text: text.to_string() };
    let Ok((sc, _)) = config::load_in(registry, &path, &Overrides::default(), Some(&[src])) else {
        return out;
    };
    let Some(cell) = sc.cells.first() else { return out };
    let trial = &cell.trial;
    let shape = trial.shape();
    if let Some(m) = trial.default_measure() {
        out.push_str(&wrap(&format!("default measure: {m}"), W, "    ", "      "));
    }
    let name_width = shape.events.iter().copied().chain(shape.metrics.iter().map(|(m, _)| *m)).map(str::len).max();
    let nw = name_width.unwrap_or(0);
    if !shape.events.is_empty() {
        out.push_str(&format!("    events (a probability, per {}):\n", trial.unit()));
        for e in &shape.events {
            let title = crate::words::event_title(s, e);
            out.push_str(&wrap(&title, W, &format!("      {e:nw$}  "), &" ".repeat(nw + 8)));
        }
    }
    if !shape.metrics.is_empty() {
        out.push_str(&format!("    metrics (a distribution and its mean, per {}):\n", trial.unit()));
        for (m, _) in &shape.metrics {
            let title = crate::words::metric_title(s, m);
            out.push_str(&wrap(&title, W, &format!("      {m:nw$}  "), &" ".repeat(nw + 8)));
        }
    }
    let is_metric = |n: &str| shape.metrics.iter().any(|(m, _)| *m == n);
    for (alias, parts) in s.measure_aliases().iter().filter(|(_, parts)| parts.iter().all(|p| is_metric(p))) {
        out.push_str(&wrap(&format!("{alias} = {}", parts.join(" + ")), W, "    also: ", "      "));
    }
    out
}

/// The sweep parameters the starter of every resolution of `s` offers, by section (as `list
/// SYSTEM` shows them): what a test checks the system's vocabulary words.
pub fn starter_sweep_parameters(s: &dyn RuleSystem) -> Vec<(Resolution, Vec<String>)> {
    system::resolutions(s)
        .into_iter()
        .filter_map(|r| {
            let text = system::starter(s, r.kind)?;
            let params = sweepable(s, &r, text);
            Some((r, params))
        })
        .collect()
}

/// The sweep parameters the starter of resolution `r` offers, as a sweep of it would take them
/// ([`crate::config::sweepable_fields`]): the number and yes/no fields its section sets, and
/// those of the library entries its fields name (the starter's own, or the system's built-in
/// ones), as `FIELD.NAME`.
fn sweepable(s: &dyn RuleSystem, r: &Resolution, text: &str) -> Vec<String> {
    let Ok(doc) = text.parse::<toml::Table>() else { return Vec::new() };
    let Some(sec) = doc.get(r.section).and_then(Value::as_table) else { return Vec::new() };
    let own = |table: &str, name: &str| doc.get(table).and_then(Value::as_table)?.get(name)?.as_table().cloned();
    crate::config::sweepable_fields(sec, r, |table, name| own(table, name).or_else(|| s.builtin_entry(table, name)))
}

/// One library entry a scenario can use: its table, its name, its fields as written (or as the
/// system knows a built-in entry) and where it comes from (a file name, or "built in").
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub table: &'static str,
    pub name: String,
    pub fields: toml::Table,
    pub from: String,
}

/// Every library entry the scenario at `path` can use, table by table in the system's order:
/// its own, its includes' (in order), and the system's built-in ones. The scenario is loaded
/// (and so validated) as `run` would load it; a library file ([`config::is_library`]) is
/// checked as `validate` checks it, and lists its own entries beside the built-in ones.
pub fn entries(
    registry: &[&'static dyn RuleSystem],
    path: &Path,
) -> Result<(&'static dyn RuleSystem, Vec<Entry>), InputError> {
    let (ruleset, sources) = match config::check_library(registry, path)? {
        Some(lib) => (lib.ruleset, vec![config::source::Source::read(path)?]),
        None => {
            let (sc, sources) = config::load_in(registry, path, &Overrides::default(), None)?;
            (sc.ruleset, sources)
        }
    };
    let s = find(registry, ruleset, "ruleset")?;
    let mut out = Vec::new();
    for (table, _) in s.libraries() {
        let before = out.len();
        for src in &sources {
            let Ok(doc) = src.text.parse::<toml::Table>() else { continue };
            let Some(t) = doc.get(*table).and_then(Value::as_table) else { continue };
            let from = src.path.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
            for (name, v) in t {
                if let Some(e) = v.as_table() {
                    out.push(Entry { table, name: name.clone(), fields: e.clone(), from: from.clone() });
                }
            }
        }
        for name in s.builtin_names(table) {
            if out[before..].iter().any(|e| e.name == name) {
                continue;
            }
            if let Some(fields) = s.builtin_entry(table, name) {
                out.push(Entry { table, name: name.to_string(), fields, from: "built in".into() });
            }
        }
    }
    Ok((s, out))
}

/// `list CONFIG`: [`entries`] as one terminal table per library table, with the system's
/// built-in weapons.
pub fn config(registry: &[&'static dyn RuleSystem], path: &Path) -> Result<String, InputError> {
    let (s, entries) = entries(registry, path)?;
    let mut out = wrap(&format!("{}: {} — the library entries it can use", path.display(), s.name()), W, "", "  ");
    if s.libraries().is_empty() {
        out.push_str(&wrap(
            &format!("{} reads no library tables: its numbers go in the kind's own section.", s.name()),
            W,
            "",
            "  ",
        ));
    }
    for (table, how) in s.libraries() {
        let rows: Vec<&Entry> = entries.iter().filter(|e| e.table == *table).collect();
        out.push('\n');
        if rows.is_empty() {
            out.push_str(&wrap(&format!("[{table}]: none (write {how})"), W, "", "  "));
            continue;
        }
        // The fields in the order the system names them (`name` first), then the others.
        let mut fields: Vec<String> = vec!["name".to_string()];
        let named = how.split(" with ").nth(1).unwrap_or_default();
        fields.extend(
            named
                .split([',', ' '])
                .filter(|f| !f.is_empty() && f.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
                .map(String::from),
        );
        fields.retain(|f| rows.iter().any(|e| e.fields.contains_key(f)));
        for e in &rows {
            for k in e.fields.keys() {
                if !fields.contains(k) {
                    fields.push(k.clone());
                }
            }
        }
        let mut headers: Vec<&str> = vec![table.trim_end_matches('s')];
        headers.extend(fields.iter().map(String::as_str));
        headers.push("from");
        let mut t = Table::new(format!("[{table}] — {} entries", rows.len()), &headers, true);
        for e in &rows {
            let mut row = vec![e.name.clone()];
            row.extend(fields.iter().map(|f| e.fields.get(f).map(shown).unwrap_or_default()));
            row.push(e.from.clone());
            t.rows.push(row);
        }
        out.push_str(&t.plain_fit(W));
    }
    if let Some(d) = s.duel().filter(|d| !d.builtin_weapons.is_empty())
        && let Some((_, table)) = d.fighter_weapon
        && s.builtin_names(table).is_empty()
    {
        out.push('\n');
        let mut t = Table::new("Built-in weapons", &["weapon", "is"], true);
        for (n, shown) in d.builtin_weapons {
            t.rows.push(vec![n.to_string(), shown.to_string()]);
        }
        out.push_str(&t.plain_fit(W));
    }
    Ok(out)
}

/// A value as a table cell: text as written, anything else as TOML.
fn shown(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}
