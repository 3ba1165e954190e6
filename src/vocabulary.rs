//! A rule system's words, as data: each identifier a person could meet (an event, a metric, a
//! config field) with its title and, where a table header needs one, its short label.
//!
//! A system declares its [`Vocabulary`] once (`src/systems/<name>/labels.rs`) and hands it over
//! through [`crate::system::SystemDef::vocabulary`]; [`crate::words`] reads it for every view,
//! and a test (`tests/it/report_words.rs`) fails when a name a bundled scenario shows has no
//! entry. Identifiers stay in results.json and results.csv for scripts. This file is a leaf: it
//! uses nothing of the crate, so the contract and every layer can use it.

/// How many targets the names of a run are about: a suffix `_t1` only says "target 1" where
/// there is a target 2 to tell it from ([`crate::words::event_title_in`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Targets {
    /// Some name has `_t2` or `_t3`: each target is named by its number.
    #[default]
    Several,
    /// No name has `_t2` or `_t3`: `_t1` is the target, and its words name no number.
    One,
}

/// One identifier in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Term {
    /// The identifier as results.json and the config write it (`out_of_action`,
    /// `attack.attacker_effort`, `cards.defense`).
    pub name: &'static str,
    /// What it means, for people ("out of action caused (K.O. or casualty)").
    pub title: &'static str,
    /// A short label for a table header or a legend ("P(K.O. or casualty)"), where the title is
    /// too long for one; `None`: the report makes one from the title.
    pub short: Option<&'static str>,
    /// A yes/no field's two values in words, yes first ("in cover", "no cover"), so a sweep's
    /// cell reads as the table would say it; `None`: "<title>: yes" / "<title>: no".
    pub either: Option<(&'static str, &'static str)>,
    /// How a number field's value reads, `{}` standing for the number and `{s}` for an "s"
    /// unless it is 1 ("{} attack counter{s}", "{}″ away"); `None`: "<title> <number>".
    pub reads: Option<&'static str>,
}

impl Term {
    /// An identifier and its title.
    pub const fn new(name: &'static str, title: &'static str) -> Term {
        Term { name, title, short: None, either: None, reads: None }
    }

    /// The same term with a short label for headers and legends.
    pub const fn short(self, short: &'static str) -> Term {
        Term { short: Some(short), ..self }
    }

    /// The same number field with how its value reads (`{}` for the number).
    pub const fn reads(self, pattern: &'static str) -> Term {
        Term { reads: Some(pattern), ..self }
    }

    /// The same yes/no field with its two values in words, yes first.
    pub const fn either(self, yes: &'static str, no: &'static str) -> Term {
        Term { either: Some((yes, no)), ..self }
    }
}

/// A system's words for everything its reports can show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vocabulary {
    /// Its events (a probability per trial).
    pub events: &'static [Term],
    /// Its metrics (a number per trial).
    pub metrics: &'static [Term],
    /// Its config fields a report can name (a swept parameter, an axis), as `section.field` for
    /// a resolution section's own field (`attack.attacker_effort`) and `table.field` for a
    /// library table's (`cards.defense`: a sweep of `target.defense` is "target's Defense").
    pub fields: &'static [Term],
}

impl Vocabulary {
    /// No words: a system that shows no names of its own.
    pub const NONE: Vocabulary = Vocabulary { events: &[], metrics: &[], fields: &[] };

    /// The names the generic analyses record in every system — a duel's outcome
    /// (`crate::analysis::duel`) and a paired comparison's (`crate::analysis::paired`) — in
    /// words every system shares, with "A" and "B" for the two sides (their reports' tables
    /// use the fighters' and loadouts' own names). A system's own words come first: a duel's
    /// per-side counts (`a_effort`, `a_lost`, …) and a system's damage unit are its own.
    pub const GENERIC: Vocabulary = Vocabulary {
        events: &[
            Term::new("a_wins", "A wins"),
            Term::new("b_wins", "B wins"),
            Term::new("draw", "draw (both standing at the end, or both down)").short("P(draw)"),
            Term::new("a_casualty", "A removed as a casualty"),
            Term::new("b_casualty", "B removed as a casualty"),
            Term::new("a_initiative_round1", "A acts first in round 1"),
            Term::new("a_more", "A more than B"),
            Term::new("b_more", "B more than A"),
            Term::new("tie", "A and B equal"),
        ],
        metrics: &[
            Term::new("rounds", "rounds played"),
            Term::new("a_dealt", "damage A deals"),
            Term::new("b_dealt", "damage B deals"),
            Term::new("a_ko_round", "the round A first puts B down (0: never)"),
            Term::new("b_ko_round", "the round B first puts A down (0: never)"),
            Term::new("a", "A's measure"),
            Term::new("b", "B's measure"),
            Term::new("a_minus_b", "A − B"),
        ],
        fields: &[],
    };

    /// The turn events of many against one (`crate::analysis::gang`): P(the target taken out
    /// by the end of turn k), the same words in every system.
    pub const GANG_TURNS: [Term; 4] = [
        Term::new("target_out_turn_1", "target taken out in turn 1"),
        Term::new("target_out_turn_2", "target taken out by the end of turn 2"),
        Term::new("target_out_turn_3", "target taken out by the end of turn 3"),
        Term::new("target_out_turn_4", "target taken out by the end of turn 4"),
    ];

    /// An event's words.
    pub fn event(&self, name: &str) -> Option<&'static Term> {
        find(self.events, name)
    }

    /// A metric's words.
    pub fn metric(&self, name: &str) -> Option<&'static Term> {
        find(self.metrics, name)
    }

    /// A field's words, by `section.field` or `table.field`.
    pub fn field(&self, path: &str) -> Option<&'static Term> {
        find(self.fields, path)
    }
}

fn find(terms: &'static [Term], name: &str) -> Option<&'static Term> {
    terms.iter().find(|t| t.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    const V: Vocabulary = Vocabulary {
        events: &[Term::new("ko", "K.O. caused").short("P(K.O.)")],
        metrics: &[Term::new("hits", "hits")],
        fields: &[Term::new("cards.defense", "Defense")],
    };

    #[test]
    fn each_list_is_looked_up_by_its_name() {
        assert_eq!(V.event("ko").map(|t| (t.title, t.short)), Some(("K.O. caused", Some("P(K.O.)"))));
        assert_eq!(V.metric("hits").map(|t| t.short), Some(None));
        assert_eq!(V.field("cards.defense").map(|t| t.title), Some("Defense"));
        assert!(V.event("hits").is_none() && V.metric("ko").is_none() && Vocabulary::NONE.field("x").is_none());
    }
}
