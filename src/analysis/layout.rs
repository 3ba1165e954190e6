//! How a scenario's cells are arranged ([`Layout`]), which decides its report's tables and
//! charts. The generic analyses have their own variants; a layout only one rule system draws is
//! that system's own value in [`Layout::Own`], so this file names no system.

use std::any::Any;
use std::fmt::Debug;
use std::sync::Arc;

/// How the cells are arranged, which decides the report's tables and charts.
#[derive(Clone, Debug, PartialEq)]
pub enum Layout {
    /// One cell.
    Single,
    /// `loadouts.len() × targets.len()` cells, loadout-major, ranked by `measure`.
    Compare { loadouts: Vec<String>, targets: Vec<String>, measure: GridMeasure },
    /// One cell per value of `parameter`, led by `measure`.
    Sweep { parameter: Param, values: Vec<i64>, measure: GridMeasure },
    /// One multi-round duel between fighters A and B.
    Duel { a: String, b: String },
    /// A candidate card and reference fighters, each against a gauntlet.
    Balance(BalanceLayout),
    /// Loadout A against loadout B on common random numbers.
    Paired { a: String, b: String, measure: String },
    /// One cell per (x, y) pair, x-major: cell `xi * ys.len() + yi`.
    Sweep2 { x: Param, xs: Vec<i64>, y: Param, ys: Vec<i64>, measure: GridMeasure },
    /// Several attackers against one target ([`crate::analysis::gang`]): one cell, the listed
    /// order, whose trial carries the figures of every order.
    Gang,
    /// A layout only one rule system draws: its own value, which that system's report hooks
    /// read ([`Own::get`]); the generic writers pass it to them untouched.
    Own(Own),
}

/// A swept config field: its name as the config writes it (`target.defense`, in results.json's
/// cell `params`) and its title in the system's words ("target's Defense"), which every view
/// shows ([`crate::words::param_title`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Param {
    pub name: String,
    pub title: String,
    /// A yes/no field's values in words, yes first ("target in cover", "no cover"), when its
    /// system declares them ([`crate::vocabulary::Term::either`]).
    pub either: Option<(&'static str, &'static str)>,
    /// How a number reads, `{}` for it and `{s}` for a plural's "s" ("{} attack counter{s}":
    /// [`crate::vocabulary::Term::reads`]).
    pub reads: Option<&'static str>,
}

impl Param {
    /// One value of it as every view says it: a number after the title ("target's Defense 3")
    /// or as its field reads ("5 attack counters"),
    /// a yes/no by its declared words ("no cover") or "target paralyzed: no".
    pub fn say(&self, value: &serde_json::Value) -> String {
        match (value.as_bool(), self.either) {
            (Some(b), Some((yes, no))) => (if b { yes } else { no }).to_string(),
            (Some(b), None) => format!("{}: {}", self.title, if b { "yes" } else { "no" }),
            (None, _) => match self.reads {
                Some(pattern) => {
                    let plural = if value.as_i64() == Some(1) { "" } else { "s" };
                    pattern.replace("{}", &value.to_string()).replace("{s}", plural)
                }
                None => format!("{} {value}", self.title),
            },
        }
    }
}

/// What a grid (`compare`, `sweep`) leads with, ranks by and answers in: one event (its
/// probability) or one metric (its mean) of every cell, `measure = "…"` in the config or the
/// trial's own default ([`TrialInfo::default_measure`](crate::analysis::cell::TrialInfo::default_measure)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridMeasure {
    /// The event's or metric's name in the cells' shape.
    pub name: String,
    /// An event (a probability) rather than a metric (a mean).
    pub event: bool,
    /// The trial's default, not named by the config (the report says so).
    pub default: bool,
    /// Less is better for the side that acts (attacks until the target is out).
    pub less_is_better: bool,
}

/// One cost a balance test divides by, in its system's words (from the system's `DuelDef`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cost {
    /// Its key in `results.json` (`reputation`, `funding`, `cost`).
    pub key: &'static str,
    /// Its name in reports ("Reputation", "points").
    pub name: &'static str,
    /// One unit of it, after "per" ("Reputation point", "$", "point").
    pub unit: &'static str,
    /// The unit in column headers ("Rep", "$", "point").
    pub short: &'static str,
}

/// One row of a balance test: a fighter that met the gauntlet.
#[derive(Clone, Debug, PartialEq)]
pub struct BalanceRow {
    pub label: String,
    /// Its costs, in [`BalanceLayout::costs`] order (`None`: not given).
    pub costs: Vec<Option<f64>>,
    /// Costs within the peer band of the candidate's (row 0 is the candidate itself).
    pub peer: bool,
    /// The first gauntlet row identical to this one (same card, weapon, choices and cost), when
    /// that is an earlier row: identical reference cards count once in the cost curve.
    pub twin_of: Option<usize>,
}

/// How a balance test's cells are arranged.
#[derive(Clone, Debug, PartialEq)]
pub struct BalanceLayout {
    /// Row 0 is the candidate; the rest are the gauntlet's fighters.
    pub rows: Vec<BalanceRow>,
    pub opponents: Vec<String>,
    /// `cells[row][opponent]`: the cell index of that duel (`None` for a fighter against itself).
    pub cells: Vec<Vec<Option<usize>>>,
    /// A first cost within ± this fraction of the candidate's counts as similar cost.
    pub peer_band: f64,
    /// Relative difference from the peers' mean that flags an outlier.
    pub outlier_threshold: f64,
    /// The widest fair-cost interval (high ÷ low) a "priced right" verdict may rest on
    /// ([`crate::analysis::verdict`]).
    pub cant_tell_width: f64,
    /// Sample every duel for its full distributions (damage, effort, rounds) even when every
    /// duel is solved exactly (`[balance] distributions`; default false: an exact balance's
    /// answer uses none of them, and sampling them took most of its time).
    pub distributions: bool,
    /// The costs, first the one fighters are compared by, in the system's words.
    pub costs: &'static [Cost],
    /// The candidate with one characteristic one step down or up, each against the gauntlet:
    /// what each characteristic is worth ([`crate::analysis::stat_value`]).
    pub variants: Vec<Variant>,
    /// Why there are no variants, when there are none (the system declares no characteristics,
    /// the candidate names no card).
    pub no_variants: Option<String>,
}

/// One characteristic one step from the card's value: what a variant changes, and what its line
/// of the table of values says.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Step {
    /// The characteristic in the system's words ("Attack", "HDA", "C (combat dice)").
    pub stat: String,
    /// Its card field (`attack`) for results.json.
    pub field: String,
    /// Its value on the candidate's card and in this variant, as numbers and as the card writes
    /// them ("4+").
    pub from: i64,
    pub to: i64,
    pub shown: [String; 2],
    /// One step better (`false`: worse).
    pub better: bool,
}

/// The candidate with one characteristic changed by one step.
#[derive(Clone, Debug, PartialEq)]
pub struct Variant {
    pub step: Step,
    /// `cells[opponent]`: the variant's duel with each gauntlet opponent, drawing the same dice
    /// as the candidate's (empty when the value is not allowed).
    pub cells: Vec<Option<usize>>,
    /// Why the value is not allowed (the card's limits), when it is not.
    pub refused: Option<String>,
}

/// A value a rule system keeps in [`Layout::Own`]: any plain data type (cloneable, comparable,
/// printable) is one.
pub trait OwnValue: Any + Debug + Send + Sync {
    fn as_any(&self) -> &dyn Any;
    /// Equal to `other` (same type, equal value).
    fn same(&self, other: &dyn OwnValue) -> bool;
}

impl<T: Any + Debug + PartialEq + Send + Sync> OwnValue for T {
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn same(&self, other: &dyn OwnValue) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }
}

/// A rule system's own layout (see [`Layout::Own`]).
#[derive(Clone, Debug)]
pub struct Own(Arc<dyn OwnValue>);

impl Own {
    pub fn new(value: impl OwnValue) -> Own {
        Own(Arc::new(value))
    }

    /// The value, if it is a `T` (a system reads only its own type).
    pub fn get<T: 'static>(&self) -> Option<&T> {
        self.0.as_any().downcast_ref()
    }
}

impl PartialEq for Own {
    fn eq(&self, other: &Own) -> bool {
        self.0.same(&*other.0)
    }
}

impl Layout {
    /// Of `total` cells, those the config asks for: all but a balance's characteristic steps
    /// (two per characteristic per opponent: its table of what each is worth), which the card's
    /// characteristics bound, not the config's lists. The cap on cells counts these.
    pub fn asked_cells(&self, total: usize) -> usize {
        match self {
            Layout::Balance(l) => total - l.variants.iter().map(|v| v.cells.len()).sum::<usize>(),
            _ => total,
        }
    }

    /// A system's own layout.
    pub fn own(value: impl OwnValue) -> Layout {
        Layout::Own(Own::new(value))
    }

    /// The system's own layout, if this is one of type `T`.
    pub fn get<T: 'static>(&self) -> Option<&T> {
        match self {
            Layout::Own(o) => o.get(),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq)]
    struct Mine(u8);

    #[test]
    fn own_layouts_compare_by_type_and_value() {
        assert_eq!(Layout::own(Mine(1)), Layout::own(Mine(1)));
        assert_ne!(Layout::own(Mine(1)), Layout::own(Mine(2)));
        assert_ne!(Layout::own(Mine(1)), Layout::own(1u8));
        assert_eq!(Layout::own(Mine(3)).get::<Mine>(), Some(&Mine(3)));
        assert_eq!(Layout::own(Mine(3)).get::<u8>(), None);
    }
}
