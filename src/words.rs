//! What a metric or an event is called, for people, in the words of the run's rule system.
//!
//! Metric and event names (`res_lost_t1`, `out_of_action`) are identifiers: results.json and
//! results.csv keep them, and a user writes them in `measure = "…"`; no report line shows one.
//! The words live with each system (`src/systems/<name>/labels.rs`, its
//! [`crate::vocabulary::Vocabulary`], reached through [`SystemDef::vocabulary`]), so a 2019 report never explains the 2013 rules, and the reverse; names every
//! system shares (duels) are here. This sits below both the config loader (whose setup lines
//! name a paired run's measure) and the report, which re-exports it from `report::text`.

use crate::system::RuleSystem;
pub use crate::vocabulary::Targets;
use crate::vocabulary::Vocabulary;

/// What an event name means (`_t1`.. `_t3` suffixes name the target: "dead (target 1)").
pub fn event_title(system: &dyn RuleSystem, name: &str) -> String {
    event_title_in(system, name, Targets::Several)
}

/// How many targets a run's names are about, from every event and metric name it has.
pub fn targets_of<'a>(names: impl IntoIterator<Item = &'a str>) -> Targets {
    let mut names = names.into_iter();
    if names.any(|n| target_suffix(n).is_some_and(|(_, t)| t != '1')) { Targets::Several } else { Targets::One }
}

/// [`event_title`] among `targets`.
pub fn event_title_in(system: &dyn RuleSystem, name: &str, targets: Targets) -> String {
    if let Some((base, t)) = target_suffix(name) {
        let title = event_title(system, base);
        return if targets == Targets::One { title } else { format!("{title} (target {t})") };
    }
    // No title made from the key: a name without words is shown as it is, and the
    // bundled-report test (`tests/it/report_words.rs`) fails on it.
    event_term(system, name).map_or_else(|| name.to_string(), |t| t.title.to_string())
}

/// An event's words: the system's own, else the generic analyses' ([`Vocabulary::GENERIC`]).
fn event_term(system: &dyn RuleSystem, name: &str) -> Option<&'static crate::vocabulary::Term> {
    system.vocabulary().event(name).or_else(|| Vocabulary::GENERIC.event(name))
}

/// A name's target suffix: `dead_t2` → (`dead`, '2').
fn target_suffix(name: &str) -> Option<(&str, char)> {
    let (base, t) = name.rsplit_once("_t")?;
    let c = t.chars().next()?;
    (t.len() == 1 && ('1'..='3').contains(&c)).then_some((base, c))
}

/// Short event label for table headers and legends: the system's own ("P(K.O.)"), else
/// "P(<its title, without a closing gloss in parentheses>)"; a target's
/// suffix goes inside the parentheses ("P(dead, target 1)").
pub fn event_short(system: &dyn RuleSystem, name: &str) -> String {
    event_short_in(system, name, Targets::Several)
}

/// [`event_short`] among `targets`.
pub fn event_short_in(system: &dyn RuleSystem, name: &str, targets: Targets) -> String {
    if let Some((base, t)) = target_suffix(name) {
        let short = event_short(system, base);
        if targets == Targets::One {
            return short;
        }
        return match short.strip_suffix(')') {
            Some(open) => format!("{open}, target {t})"),
            None => format!("{short} (target {t})"),
        };
    }
    if let Some(s) = event_term(system, name).and_then(|t| t.short) {
        return s.to_string();
    }
    let title = event_title(system, name);
    // A title's closing gloss is too long for a header: "target down (no wounds left)" →
    // "P(target down)".
    let head = match title.strip_suffix(')').and_then(|t| t.rfind(" (").map(|i| &title[..i])) {
        Some(head) if !head.is_empty() && !head.contains('(') => head,
        _ => title.as_str(),
    };
    format!("P({head})")
}

/// What a metric name means (see [`event_title`]).
pub fn metric_title(system: &dyn RuleSystem, name: &str) -> String {
    metric_title_in(system, name, Targets::Several)
}

/// [`metric_title`] among `targets`.
pub fn metric_title_in(system: &dyn RuleSystem, name: &str, targets: Targets) -> String {
    if let Some((base, t)) = target_suffix(name) {
        let title = metric_title(system, base);
        return if targets == Targets::One { title } else { format!("{title} (target {t})") };
    }
    let term = system.vocabulary().metric(name).or_else(|| Vocabulary::GENERIC.metric(name));
    term.map_or_else(|| name.to_string(), |t| t.title.to_string())
}

/// What a measure is called when it may be a metric or an event (a paired run's `measure`):
/// the metric's title when the system has one, else the event's, else the name in words.
pub fn measure_title(system: &dyn RuleSystem, name: &str) -> String {
    measure_title_in(system, name, Targets::Several)
}

/// [`measure_title`] among `targets`.
pub fn measure_title_in(system: &dyn RuleSystem, name: &str, targets: Targets) -> String {
    let base = target_suffix(name).map_or(name, |(b, _)| b);
    let v = system.vocabulary();
    if v.metric(base).is_none() && v.event(base).is_some() {
        return event_title_in(system, name, targets);
    }
    metric_title_in(system, name, targets)
}

/// A config field a report names (a swept parameter, an axis) in the system's words: a field
/// of the resolution `section` ("attacker_effort" in `[attack]` → "attacker's Effort"), or
/// `FIELD.NAME`, a field of the library entry `FIELD` names (`refs` maps it to its table):
/// "target.defense" → "target's Defense". `None`: the system's vocabulary has no words for it
/// (a test over every system's starters and bundled scenarios fails on that).
pub fn param_title(system: &dyn RuleSystem, section: &str, refs: &[(&str, &str)], param: &str) -> Option<String> {
    let v = system.vocabulary();
    let own = |field: &str| v.field(&format!("{section}.{field}")).map(|t| t.title);
    match param.split_once('.') {
        // `attackers.0.count`: a field of the N-th table of a list, named with its place
        // ("how many of the first attacker listed").
        Some((field, rest)) if rest.split_once('.').is_some_and(|(n, _)| n.parse::<usize>().is_ok()) => {
            let (n, key) = rest.split_once('.')?;
            let n: usize = n.parse().ok()?;
            let whose = own(field)?;
            let what = own(&format!("{field}.{key}"))?;
            Some(format!("{what} of the {} {whose} listed", crate::text::ordinal(n + 1)))
        }
        Some((field, name)) => {
            let (_, table) = refs.iter().find(|(f, _)| *f == field)?;
            let whose = own(field)?;
            let what = v.field(&format!("{table}.{name}"))?.title;
            Some(format!("{}{} {what}", whose, if whose.ends_with('s') { "'" } else { "'s" }))
        }
        None => own(param).map(str::to_string),
    }
}
