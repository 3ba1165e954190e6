//! What every bundled report shows a player is words (issues #25, #38): no internal identifier
//! (a metric or event name such as `res_lost_t1`, a duel key such as `a_ko_round`, a target
//! suffix such as "t1", any name with a `_` in it: a reading's switch or value, a trait, a
//! policy — the scenario's TOML, shown as the file, aside), no doubled full stop after a word ("K.O.."), and no table column with nothing
//! in it (a column of dashes, an empty cell under one fighter).
//!
//! Every bundled config is run once (2,000 trials) and its player-facing outputs are read: the
//! terminal, summary.md, index.html and the SVG charts, with their markup and the file names
//! they link to taken out. results.json and results.csv are for scripts and keep the
//! identifiers. `SKIRMISH_ODDS_BIN=/path/to/an/older/binary` runs these checks on another build
//! (they fail on the reports of issue #25's baseline).

use crate::common;
use std::collections::BTreeSet;
use std::sync::OnceLock;

/// One bundled config's run: what a player reads, and the names only scripts should see.
struct Run {
    name: String,
    /// (where, text) for the terminal, summary.md, index.html and each SVG, markup stripped.
    texts: Vec<(String, String)>,
    /// summary.md as written (its tables are checked cell by cell).
    summary: String,
    /// index.html as written.
    html: String,
    /// Every metric and event name in results.json.
    identifiers: BTreeSet<String>,
    /// results.json as written.
    json: serde_json::Value,
    /// results.json's `scenario`, `ruleset` and `kind`.
    scenario: String,
    ruleset: String,
    kind: String,
}

fn runs() -> &'static [Run] {
    static RUNS: OnceLock<Vec<Run>> = OnceLock::new();
    RUNS.get_or_init(|| {
        let out = common::tmp("report_words", "runs");
        let mut runs = Vec::new();
        for (name, p) in common::bundled_scenarios() {
            let dir = out.join(&name);
            let o = common::bin_run(
                &out,
                &["run", p.to_str().unwrap(), "--trials", "2000", "--threads", "1", "--out", dir.to_str().unwrap()],
            );
            assert!(o.status.success(), "{name}: {}", String::from_utf8_lossy(&o.stderr));
            let read = |f: &str| std::fs::read_to_string(dir.join(f)).unwrap();
            let summary = read("summary.md");
            let html = read("index.html");
            let json: serde_json::Value = serde_json::from_str(&read("results.json")).unwrap();
            // The scenario's TOML (a cell's inputs, the config as read) is shown as the file, in
            // code blocks: what a user writes, not words of the report.
            // The folder the run wrote is a path, not words ("… run <folder>/results.json").
            let terminal = String::from_utf8(o.stdout).unwrap().replace(out.to_str().unwrap(), "<folder>");
            let mut texts = vec![
                ("terminal".to_string(), terminal),
                ("summary.md".to_string(), strip_link_targets(&strip_between(&summary, "```toml\n", "```\n"))),
                ("index.html".to_string(), strip_markup(&strip_between(&html, "<pre class=\"toml\">", "</pre>"))),
            ];
            for e in std::fs::read_dir(&dir).unwrap() {
                let p = e.unwrap().path();
                if p.extension().is_some_and(|x| x == "svg") {
                    let f = p.file_name().unwrap().to_string_lossy().into_owned();
                    texts.push((f, strip_markup(&std::fs::read_to_string(&p).unwrap())));
                }
            }
            let mut identifiers = BTreeSet::new();
            for c in json["cells"].as_array().into_iter().flatten() {
                for k in ["metrics", "events"] {
                    identifiers.extend(c[k].as_object().into_iter().flat_map(|m| m.keys().cloned()));
                }
            }
            let key = |k: &str| json[k].as_str().unwrap_or_default().to_string();
            let (scenario, ruleset, kind) = (key("scenario"), key("ruleset"), key("kind"));
            runs.push(Run { name, texts, summary, html, identifiers, json, scenario, ruleset, kind });
        }
        assert!(runs.len() >= 50, "{} bundled configs", runs.len());
        runs
    })
}

/// `text` without every block from `open` to the next `close` (the TOML a report shows as the file).
fn strip_between(text: &str, open: &str, close: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find(open) {
        out.push_str(&rest[..i]);
        rest = rest[i + open.len()..].split_once(close).map_or("", |(_, after)| after);
    }
    out.push_str(rest);
    out
}

/// summary.md without the targets of its links and images (`](compare-res_lost_t1.svg)`):
/// file names are not read as words.
fn strip_link_targets(md: &str) -> String {
    let mut out = String::new();
    let mut rest = md;
    while let Some(i) = rest.find("](") {
        out.push_str(&rest[..i + 1]);
        let after = &rest[i + 2..];
        rest = after.find(')').map_or("", |j| &after[j + 1..]);
    }
    out.push_str(rest);
    out
}

/// HTML or SVG text without its tags (and so without attribute values: file names, classes),
/// each tag read as a space, with the common entities decoded.
fn strip_markup(s: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in s.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                out.push(' ');
            }
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'").replace("&amp;", "&")
}

/// The words of `line`: maximal runs of ASCII letters, digits and `_`.
fn tokens(line: &str) -> impl Iterator<Item = &str> {
    line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).filter(|t| !t.is_empty())
}

/// Why `tok` reads as an identifier rather than a word, if it does: a metric or event name of a
/// bundled run (`out_of_action`), a duel figure's key, a target suffix (`dead_t1`, or "t1" on
/// its own, left by a name whose `_` became spaces).
fn identifier(tok: &str, names: &BTreeSet<String>) -> Option<&'static str> {
    let suffix = |t: &str| {
        t.rsplit_once('t').is_some_and(|(head, n)| {
            (head.is_empty() || head.ends_with('_')) && n.len() == 1 && n.chars().all(|c| c.is_ascii_digit())
        })
    };
    if tok.contains('_') && names.contains(tok) {
        Some("a metric or event name")
    } else if ["a_ko_round", "b_ko_round", "rounds_to_ko"].contains(&tok) {
        Some("a duel figure's JSON key")
    } else if suffix(tok) {
        Some("a target suffix")
    } else if tok.trim_matches('_').contains('_') {
        Some("an identifier (a name with `_` in it: a config key, a reading's value, a policy)")
    } else {
        None
    }
}

#[test]
fn no_internal_identifier_reaches_a_player() {
    let runs = runs();
    // Every metric and event name with a `_` (single words such as `hits` are words).
    let names: BTreeSet<String> =
        runs.iter().flat_map(|r| r.identifiers.iter()).filter(|n| n.contains('_')).cloned().collect();
    assert!(names.contains("res_lost_t1") && names.contains("out_of_action"), "{names:?}");
    let mut bad = Vec::new();
    for r in runs {
        for (place, text) in &r.texts {
            for line in text.lines() {
                if line.contains("Report written to") {
                    continue; // the folder's path
                }
                for tok in tokens(line) {
                    if let Some(why) = identifier(tok, &names) {
                        bad.push(format!("{} ({place}): `{tok}` is {why}: {}", r.name, line.trim()));
                    }
                }
            }
        }
    }
    assert!(bad.is_empty(), "{} identifier(s) shown to players:\n{}", bad.len(), bad.join("\n"));
}

/// Every heading says what the report is about in words — the game and the kind of question
/// from their declarations ("Batman Miniature Game (2019): an attack") — where it showed the
/// `ruleset` and `kind` identifiers ("bmg-3e attack").
#[test]
fn every_heading_names_the_game_and_the_question_in_words() {
    for r in runs() {
        let (ruleset, kind) = (r.ruleset.as_str(), r.kind.as_str());
        let system = skirmish_odds::registry::SYSTEMS.iter().find(|s| s.name() == ruleset).unwrap();
        let title = skirmish_odds::system::kind_title(*system, kind).unwrap();
        let about = format!("{}: {title}", system.title());
        let h1 = r.summary.lines().next().unwrap();
        assert_eq!(h1, format!("# {} — {about}", r.scenario), "{}", r.name);
        let html = r.html.replace("&#39;", "'").replace("&#x27;", "'").replace("&amp;", "&");
        assert!(html.contains(&format!("<small class=\"meta\">{about}</small>")), "{}", r.name);
        // The terminal wraps at 100 columns: read it as one line.
        let terminal = r.texts[0].1.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(terminal.contains(&format!("{} — {about} — seed", r.scenario)), "{}: {terminal}", r.name);
        assert!(!terminal.contains(&format!("{ruleset} {kind}")), "{}: {terminal}", r.name);
    }
}

#[test]
fn no_doubled_punctuation_after_a_word() {
    let mut bad = Vec::new();
    for r in runs() {
        for (place, text) in &r.texts {
            for line in text.lines() {
                let chars: Vec<char> = line.chars().collect();
                for w in chars.windows(4) {
                    // "K.O.." or "word,," — but not an ellipsis ("...") nor a range ("1..3").
                    let doubled = (w[1] == '.' && w[2] == '.' && w[3] != '.') || (w[1] == ',' && w[2] == ',');
                    if doubled && w[0].is_alphabetic() {
                        bad.push(format!("{} ({place}): {}", r.name, line.trim()));
                        break;
                    }
                }
                if line.ends_with("..") && !line.ends_with("...") {
                    bad.push(format!("{} ({place}): {}", r.name, line.trim()));
                }
            }
        }
    }
    bad.dedup();
    assert!(bad.is_empty(), "doubled punctuation:\n{}", bad.join("\n"));
}

/// Whether a table cell shows nothing: empty or a dash.
fn blank(cell: &str) -> bool {
    matches!(cell.trim(), "" | "-" | "–" | "—")
}

/// The Markdown tables of `md`: (header cells, rows of cells).
fn md_tables(md: &str) -> Vec<(Vec<String>, Vec<Vec<String>>)> {
    // Split on `|` not escaped as `\|` (a name holding a bar).
    let cells = |line: &str| -> Vec<String> {
        let mut out = vec![String::new()];
        let mut prev = ' ';
        for c in line.trim().chars() {
            if c == '|' && prev != '\\' {
                out.push(String::new());
            } else {
                out.last_mut().unwrap().push(c);
            }
            prev = c;
        }
        out[1..out.len() - 1].iter().map(|c| c.trim().to_string()).collect()
    };
    let lines: Vec<&str> = md.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i + 1 < lines.len() {
        if lines[i].starts_with('|') && lines[i + 1].starts_with("|---") {
            let head = cells(lines[i]);
            let mut rows = Vec::new();
            let mut j = i + 2;
            while j < lines.len() && lines[j].starts_with('|') {
                rows.push(cells(lines[j]));
                j += 1;
            }
            out.push((head, rows));
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

/// The HTML tables of `html`: (header cells, rows of cells), markup inside cells stripped.
fn html_tables(html: &str) -> Vec<(Vec<String>, Vec<Vec<String>>)> {
    let cells = |row: &str, tag: &str| -> Vec<String> {
        let open = format!("<{tag}>");
        let close = format!("</{tag}>");
        row.split(open.as_str()).skip(1).map(|c| strip_markup(c.split(close.as_str()).next().unwrap())).collect()
    };
    let mut out = Vec::new();
    for t in html.split("<table>").skip(1) {
        let t = t.split("</table>").next().unwrap();
        let mut rows: Vec<&str> = t.split("<tr>").skip(1).collect();
        if rows.is_empty() {
            continue;
        }
        let head = cells(rows.remove(0), "th");
        out.push((head, rows.iter().map(|r| cells(r, "td")).collect()));
    }
    out
}

#[test]
fn no_table_has_an_empty_column_or_cell() {
    let mut bad = Vec::new();
    for r in runs() {
        for (place, tables) in [("summary.md", md_tables(&r.summary)), ("index.html", html_tables(&r.html))] {
            for (head, rows) in tables {
                if rows.is_empty() {
                    continue;
                }
                for (c, h) in head.iter().enumerate() {
                    let column: Vec<&str> = rows.iter().map(|row| row.get(c).map_or("", String::as_str)).collect();
                    if column.iter().all(|x| blank(x)) {
                        bad.push(format!("{} ({place}): column `{h}` is empty in every row", r.name));
                    } else if let Some(i) = column.iter().position(|x| x.trim().is_empty()) {
                        bad.push(format!(
                            "{} ({place}): column `{h}` has an empty cell (row `{}`)",
                            r.name,
                            rows[i].first().map_or("", String::as_str)
                        ));
                    }
                }
            }
        }
    }
    assert!(bad.is_empty(), "{} empty column(s) or cell(s):\n{}", bad.len(), bad.join("\n"));
}

#[test]
fn the_checks_catch_what_they_look_for() {
    let names: BTreeSet<String> = ["res_lost_t1".to_string()].into();
    assert_eq!(identifier("res_lost_t1", &names), Some("a metric or event name"));
    assert_eq!(identifier("t1", &names), Some("a target suffix"));
    assert_eq!(identifier("a_ko_round", &names), Some("a duel figure's JSON key"));
    assert_eq!(identifier("first", &names), None);
    assert_eq!(
        identifier("fewest_to_win", &names),
        Some("an identifier (a name with `_` in it: a config key, a reading's value, a policy)")
    );
    assert_eq!(identifier("2D6", &names), None);
    assert_eq!(strip_link_targets("![a b](res_lost_t1.png) c"), "![a b] c");
    assert_eq!(strip_markup("<a href=\"x_t1.svg\">P(hit)</a>"), " P(hit) ");
    let md = "| a | b | c |\n|---|---|---|\n| x | — | 1 |\n| y | — |  |\n";
    let t = md_tables(md);
    assert_eq!(t[0].0, ["a", "b", "c"]);
    assert_eq!(t[0].1[1], ["y", "—", ""]);
    let html =
        "<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>x</td><td>—</td></tr></tbody></table>";
    assert_eq!(html_tables(html), vec![(vec!["a".to_string(), "b".into()], vec![vec!["x".to_string(), "—".into()]])]);
}

/// Every metric and event a bundled scenario records has a title in its own system's words
/// (`labels.rs`, through the contract), not the name with its underscores made spaces. A duel's
/// own outcome names (`a_wins`, `rounds`, `a_dealt`, …, and the two per-side counts it declares)
/// and a paired comparison's (`a`, `b`, `a_minus_b`, `a_more`, …) are the generic analyses',
/// worded by their reports with the fighters' or loadouts' names.
///
#[test]
fn every_metric_and_event_has_a_title_in_its_systems_words() {
    use skirmish_odds::config::Overrides;
    let mut missing = BTreeSet::new();
    for (name, p) in common::bundled_scenarios() {
        let sc = skirmish_odds::registry::load(&p, &Overrides::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let system = skirmish_odds::registry::find(sc.ruleset).unwrap();
        for c in &sc.cells {
            let shape = c.trial.shape();
            let duel = shape.events.contains(&"a_wins");
            let paired = shape.events.iter().eq(skirmish_odds::analysis::paired::PAIRED_EVENTS.iter());
            let driver = |i: usize, n: &str| duel && (i < 5 || i >= shape.metrics.len() - 2 || n == "rounds");
            for (i, (m, _)) in shape.metrics.iter().enumerate() {
                let base = m.rsplit_once("_t").filter(|(_, t)| t.len() == 1).map_or(*m, |(b, _)| b);
                if !driver(i, m) && !paired && system.vocabulary().metric(base).is_none() {
                    missing.insert(format!("{}: metric `{m}` ({name})", system.name()));
                }
            }
            for e in &shape.events {
                let base = e.rsplit_once("_t").filter(|(_, t)| t.len() == 1).map_or(*e, |(b, _)| b);
                let generic = duel && skirmish_odds::analysis::duel::EVENTS.contains(e);
                if !generic && !paired && system.vocabulary().event(base).is_none() {
                    missing.insert(format!("{}: event `{e}` ({name})", system.name()));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "names without a title:\n{}",
        missing.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("\n")
    );
}

/// Every title is words: no term of any system's vocabulary, no reading's title or value words
/// has a `_` in it. (The views make no title from a key: a name without one is shown as it is,
/// which [`no_internal_identifier_reaches_a_player`] and
/// [`every_metric_and_event_has_a_title_in_its_systems_words`] then catch.)
#[test]
fn every_title_is_words() {
    let mut bad = Vec::new();
    for system in skirmish_odds::registry::SYSTEMS {
        let v = system.vocabulary();
        for t in v.events.iter().chain(v.metrics).chain(v.fields) {
            if t.title.contains('_') {
                bad.push(format!("{}: `{}` is titled {:?}", system.name(), t.name, t.title));
            }
            if t.short.is_some_and(|s| s.contains('_')) {
                bad.push(format!("{}: `{}` has the short label {:?}", system.name(), t.name, t.short));
            }
        }
        for d in system.reading_docs() {
            if d.title.contains('_') || d.words.iter().any(|w| w.contains('_')) {
                bad.push(format!("{}: reading `{}` is worded {:?} / {:?}", system.name(), d.name, d.title, d.words));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// Every field a sweep can vary in a starter of every resolution of every system (what `list
/// SYSTEM` offers, library entries' fields included) has a title in its system's vocabulary: a
/// sweep's cells, answer, tables and chart axes name it in words ("target's Defense 3").
#[test]
fn every_sweepable_field_of_every_starter_has_a_title() {
    let mut missing = Vec::new();
    let mut seen = 0;
    for system in skirmish_odds::registry::SYSTEMS {
        for (r, params) in skirmish_odds::discover::starter_sweep_parameters(*system) {
            for p in params {
                seen += 1;
                if skirmish_odds::words::param_title(*system, r.section, r.refs, &p).is_none() {
                    missing.push(format!("{}: [{}] {p}", system.name(), r.section));
                }
            }
        }
    }
    assert!(seen >= 40, "only {seen} sweep parameters found in the starters");
    assert!(missing.is_empty(), "sweep parameters without a title:\n{}", missing.join("\n"));
}

/// results.json carries the words beside its identifiers (issue #38): `titles` names every
/// event and metric of every cell and every reading in words (no `_`, never the key itself), and
/// `key_figure`, where the answer leads with one event of one cell, is that event — the answer
/// gives its percentage — with the cell's own numbers. The single-resolution answers all have one.
#[test]
fn results_json_carries_titles_and_the_key_figure() {
    let mut bad = Vec::new();
    let mut keyed = 0;
    for r in runs() {
        let j = &r.json;
        let titles = &j["titles"];
        for c in j["cells"].as_array().into_iter().flatten() {
            for (kind, key) in [("events", "title"), ("metrics", "")] {
                for name in c[kind].as_object().into_iter().flat_map(|m| m.keys()) {
                    let t = &titles[kind][name];
                    let title = if key.is_empty() { t.as_str() } else { t[key].as_str() };
                    match title {
                        Some(t) if !t.contains('_') && (t != name || !name.contains('_')) => {}
                        other => bad.push(format!("{}: {kind} `{name}` titled {other:?}", r.name)),
                    }
                }
            }
        }
        for name in j["readings"].as_object().into_iter().flat_map(|m| m.keys()) {
            let t = &titles["readings"][name];
            if t["title"].as_str().is_none_or(|t| t.contains('_')) || t["value"].as_str().is_none() {
                bad.push(format!("{}: reading `{name}` worded {t}", r.name));
            }
        }
        let k = &j["key_figure"];
        if k.is_null() {
            if j["cells"].as_array().map_or(0, Vec::len) == 1 && j["kind"] == "attack" && j["ruleset"] == "bmg-3e" {
                bad.push(format!("{}: a single 2019 attack has no key figure", r.name));
            }
            continue;
        }
        keyed += 1;
        let (cell, event) = (k["cell"].as_u64().unwrap() as usize, k["event"].as_str().unwrap());
        let e = &j["cells"][cell]["events"][event];
        if e["p"] != k["p"] || e["ci95"] != k["ci95"] || e.get("exact") != k.get("exact") {
            bad.push(format!("{}: key figure {k} is not cell {cell}'s `{event}` {e}", r.name));
        }
        let shown = format!("{:.2}%", k["p"].as_f64().unwrap() * 100.0);
        let answer = j["answer"].as_str().unwrap();
        let zero = k["p"] == 0.0 && (answer.contains("impossible here") || answer.contains("never happened"));
        if !answer.contains(&shown) && !zero {
            bad.push(format!("{}: the answer does not give the key figure {shown} ({}): {answer}", r.name, k["title"]));
        }
    }
    assert!(keyed >= 10, "only {keyed} bundled reports have a key figure");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
