//! What the page's form is made of: the systems and files the server knows (`/api/meta`), and
//! a scenario's editable values (`/api/fields`) read from its TOML, so the form and the TOML
//! view are one thing seen two ways. Nothing here knows a system: the rule systems' own
//! declarations (kinds, readings, library tables) say everything.

use super::files::Files;
use super::jobs::Systems;
use crate::config::source::{Source, lexical};
use crate::error::InputError;
use serde_json::{Value, json};
use std::path::Path;
use toml::de::{DeTable, DeValue};

/// `/api/meta`: the version, every system with its kinds and readings, every known file.
pub fn meta(registry: Systems, files: &Files) -> Value {
    let find = |r: &str| registry.iter().copied().find(|s| s.name() == r);
    let systems: Vec<Value> = registry
        .iter()
        .map(|s| {
            let kinds: Vec<Value> = crate::system::all_kinds(*s)
                .into_iter()
                .map(|k| {
                    json!({
                        "name": k,
                        "title": crate::system::kind_title(*s, k),
                        "answer": crate::discover::kind_answer(*s, k),
                        "starter": crate::system::starter(*s, k).is_some(),
                    })
                })
                .collect();
            let readings: Vec<Value> = s
                .reading_docs()
                .iter()
                .map(|r| json!({ "name": r.name, "default": r.values.first(), "allowed": r.values, "doc": r.doc }))
                .collect();
            json!({ "name": s.name(), "title": s.title(), "kinds": kinds, "readings": readings })
        })
        .collect();
    let files: Vec<Value> = files
        .listed()
        .iter()
        .map(|k| {
            let t: toml::Table = k.text.parse().unwrap_or_default();
            let s = |key: &str| t.get(key).and_then(toml::Value::as_str).map(str::to_string);
            let system = s("ruleset").and_then(|r| find(&r));
            let mut tables = serde_json::Map::new();
            for (table, _) in system.map(|s| s.libraries()).unwrap_or_default() {
                if let Some(entries) = t.get(*table).and_then(toml::Value::as_table) {
                    tables.insert((*table).to_string(), json!(entries.keys().collect::<Vec<_>>()));
                }
            }
            json!({
                "path": k.path, "ruleset": s("ruleset"), "kind": s("kind"), "name": s("name"),
                "description": s("description"), "library_tables": tables,
                "origin": match k.origin { super::files::Origin::Bundled => "bundled", super::files::Origin::User => "user", super::files::Origin::Shared => "shared" },
            })
        })
        .collect();
    json!({ "version": env!("CARGO_PKG_VERSION"), "program": crate::rerun::generator(), "systems": systems, "files": files })
}

/// Most values a scenario's form lists (a bundled scenario has a few dozen).
pub const MAX_FIELDS: usize = 2000;

/// Most bytes of `choices` one answer carries in all; past it a field keeps its text input.
const MAX_CHOICE_BYTES: usize = 4 << 20;

/// One editable value.
struct Leaf {
    path: Vec<String>,
    text: String,
    kind: &'static str,
    line: usize,
    start: usize,
}

/// Every scalar and array value of `table`, with its dotted path and its text in `src`.
fn leaves(src: &Source, table: &DeTable, prefix: &[String], out: &mut Vec<Leaf>) {
    for (k, v) in table {
        let mut path = prefix.to_vec();
        path.push(k.get_ref().to_string());
        let span = v.span();
        let kind = match v.get_ref() {
            DeValue::Table(t) => {
                leaves(src, t, &path, out);
                continue;
            }
            DeValue::String(_) => "string",
            DeValue::Integer(_) => "integer",
            DeValue::Float(_) => "float",
            DeValue::Boolean(_) => "boolean",
            DeValue::Array(a) if a.iter().all(|x| !matches!(x.get_ref(), DeValue::Table(_))) => "array",
            _ => "other",
        };
        let text = src.text.get(span.clone()).unwrap_or_default().to_string();
        out.push(Leaf { path, text, kind, line: src.line_col(span.start).0, start: span.start });
    }
}

fn parse(src: &Source) -> Result<DeTable<'_>, InputError> {
    DeTable::parse(&src.text).map(|t| t.into_inner()).map_err(|e| src.toml_error(&e))
}

/// `/api/fields`: the scenario's values in file order, then the values of the library entries
/// it names (`cards.thug.attack`), each with the choices a select can offer.
///
/// Over 100 lines on purpose, for now: issue #43 (the page for players) rewrites what the form
/// gets from here (the game's words for every field) and splits it then.
pub fn fields(registry: Systems, files: &Files, path: &str, body: &str) -> Result<Value, InputError> {
    let main = Source { path: path.into(), text: body.to_string() };
    let doc = parse(&main)?;
    let mut own = Vec::new();
    leaves(&main, &doc, &[], &mut own);
    own.sort_by_key(|l| l.start);
    let plain: toml::Table = body.parse().map_err(|e| main.toml_error(&e))?;
    let ruleset = plain.get("ruleset").and_then(toml::Value::as_str).unwrap_or_default().to_string();
    let system = registry.iter().copied().find(|s| s.name() == ruleset);
    let library_tables: Vec<&str> = system.map(|s| s.libraries().iter().map(|(t, _)| *t).collect()).unwrap_or_default();
    // Each included library, parsed: (virtual path, source).
    let base = Path::new(path).parent().map(Path::to_path_buf).unwrap_or_default();
    let mut libs: Vec<Source> = Vec::new();
    for inc in plain.get("include").and_then(toml::Value::as_array).into_iter().flatten().filter_map(|v| v.as_str()) {
        let p = lexical(&base.join(inc));
        if let Some(text) = files.text(&p.to_string_lossy()) {
            libs.push(Source { path: p, text });
        }
    }
    // Entry names per library table: the includes' and the scenario's own, then the system's
    // built-in ones.
    let mut names: Vec<(&str, Vec<String>)> = Vec::new();
    for table in &library_tables {
        let mut n: Vec<String> = Vec::new();
        for t in libs.iter().filter_map(|l| l.text.parse::<toml::Table>().ok()).chain(std::iter::once(plain.clone())) {
            if let Some(entries) = t.get(*table).and_then(toml::Value::as_table) {
                n.extend(entries.keys().cloned());
            }
        }
        if let Some(s) = system {
            n.extend(s.builtin_names(table).into_iter().map(str::to_string));
        }
        n.dedup();
        if !n.is_empty() {
            names.push((table, n));
        }
    }
    let readings: Vec<(&str, &[&str])> =
        system.map(|s| s.reading_docs().iter().map(|r| (r.name, r.values)).collect()).unwrap_or_default();
    let unquote = |t: &str| {
        t.parse::<toml::Value>()
            .ok()
            .or_else(|| format!("v = {t}").parse::<toml::Table>().ok().and_then(|x| x.get("v").cloned()))
    };
    // Bounded work and answer for any body: a form of more values than anyone edits is
    // refused, and choices stop once their bytes reach a budget (a body naming thousands of
    // entries of a table of thousands made an answer of gigabytes, quadratic in the body).
    if own.len() > MAX_FIELDS {
        let mut e = InputError::msg(format!(
            "the scenario has {} values, more than the form shows ({MAX_FIELDS}); edit its TOML",
            own.len()
        ));
        e.allowed = Some(format!("at most {MAX_FIELDS} values"));
        return Err(e);
    }
    let table_of: std::collections::HashMap<&str, usize> =
        names.iter().enumerate().rev().flat_map(|(ti, (_, n))| n.iter().map(move |x| (x.as_str(), ti))).collect();
    let cost: Vec<usize> = names.iter().map(|(_, n)| n.iter().map(|x| x.len() + 3).sum()).collect();
    let mut budget = MAX_CHOICE_BYTES;
    let mut out = Vec::new();
    let mut seen: std::collections::HashSet<String> = std::collections::HashSet::new();
    let mut named: Vec<(&str, String)> = Vec::new();
    for l in &own {
        let value = unquote(&l.text);
        let s = value.as_ref().and_then(|v| v.as_str().map(str::to_string));
        let mut choices: Option<Vec<String>> = None;
        if l.path.len() == 2 && l.path[0] == "readings" {
            choices =
                readings.iter().find(|(n, _)| *n == l.path[1]).map(|(_, v)| v.iter().map(|x| x.to_string()).collect());
        } else if let Some(s) = &s
            && let Some(&ti) = table_of.get(s.as_str())
        {
            if cost[ti] <= budget {
                budget -= cost[ti];
                choices = Some(names[ti].1.clone());
            }
            if !named.iter().any(|(t, e)| *t == names[ti].0 && e == s) {
                named.push((names[ti].0, s.clone()));
            }
        }
        let path = l.path.join(".");
        seen.insert(path.clone());
        out.push(json!({
            "path": path, "value": l.text, "type": l.kind, "file": "scenario", "line": l.line, "choices": choices,
        }));
    }
    // Every reading the scenario leaves at its default, with that default: the page shows
    // each switch; changing one writes it into the scenario's `[readings]`.
    if let Some(sys) = system {
        for r in sys.reading_docs() {
            let p = format!("readings.{}", r.name);
            if seen.contains(&p) {
                continue;
            }
            let Some(default) = r.values.first() else { continue };
            let kind = match default.parse::<toml::Value>().ok().or_else(|| unquote(default)) {
                Some(toml::Value::Boolean(_)) => "boolean",
                Some(toml::Value::Integer(_)) => "integer",
                Some(toml::Value::Float(_)) => "float",
                _ => "string",
            };
            let value = if kind == "string" {
                toml::Value::String((*default).to_string()).to_string()
            } else {
                (*default).to_string()
            };
            out.push(json!({
                "path": p, "value": value, "type": kind, "file": "scenario", "line": null,
                "choices": r.values, "default": true,
            }));
        }
    }
    // The library entries the scenario names, from the include that defines them.
    let parsed: Vec<(&Source, DeTable)> = libs.iter().filter_map(|l| parse(l).ok().map(|d| (l, d))).collect();
    for (table, entry) in &named {
        for (lib, doc) in &parsed {
            let Some(DeValue::Table(t)) = doc.get(*table).map(|v| v.get_ref()) else { continue };
            let Some(DeValue::Table(e)) = t.get(entry.as_str()).map(|v| v.get_ref()) else { continue };
            let mut ls = Vec::new();
            leaves(lib, e, &[(*table).to_string(), entry.clone()], &mut ls);
            ls.sort_by_key(|l| l.start);
            for l in ls {
                let p = l.path.join(".");
                if !seen.insert(p.clone()) {
                    continue;
                }
                out.push(json!({
                    "path": p, "value": l.text, "type": l.kind, "file": lib.path.to_string_lossy(), "line": l.line, "choices": null,
                }));
            }
            break;
        }
    }
    Ok(json!({
        "ruleset": ruleset,
        "kind": plain.get("kind").and_then(toml::Value::as_str),
        "fields": out,
    }))
}
