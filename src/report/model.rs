//! The one report model every output is rendered from, serialised as JSON schema v1.
//!
//! Everything here is derived from integer tallies, so the JSON is byte-identical for the same
//! config and seed whatever the thread count.

use crate::analysis::RunResult;
use crate::analysis::balance::{self, BalanceSummary};
use crate::analysis::duel::{DuelOutcome, ExactFigures};
use crate::analysis::paired::{self, PairedSummary};
use crate::analysis::scenario::Layout;
use crate::engine::Tally;
use crate::output::manifest::FileName;
use crate::report::charts::{Chart, Est};
use crate::report::json::Json;
use crate::report::table::Table;
use crate::stats;
use serde::ser::{Serialize, Serializer};
use serde_json::Value;

/// JSON schema identifier.
pub const SCHEMA: &str = "skirmish-odds/result/v1";

pub use super::ordered::Ordered;

/// Summary of one integer metric.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct MetricReport {
    pub mean: f64,
    pub sd: f64,
    pub stderr: f64,
    /// P(metric = k) for k = 0..=max observed.
    pub dist: Ordered<f64>,
}

/// One event's probability.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct EventReport {
    pub p: f64,
    pub ci95: [f64; 2],
    /// Trials in which it happened (sampled cells only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<u128>,
    /// The probability as a fraction in lowest terms, e.g. `"1099/1458"` (exact cells only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<String>,
}

/// One cell.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct CellReport {
    pub label: String,
    /// Evaluated exactly (every interval has zero width; fractions are given where the dice
    /// allow them — a balance's duel solved by dynamic programming gives floating probabilities),
    /// not sampled.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub exact: bool,
    pub params: Ordered<Value>,
    pub metrics: Ordered<MetricReport>,
    pub events: Ordered<EventReport>,
}

/// How the run stopped.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct StoppingReport {
    /// `trials`, `precision` or `settle` (a balance test sampled until its verdict is settled).
    pub rule: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target_half_width: Option<f64>,
    /// Widest 95 % half-width of any probability in the report.
    pub worst_half_width: f64,
    pub reached: bool,
}

/// The whole result.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Report {
    pub schema: &'static str,
    pub ruleset: &'static str,
    pub scenario: String,
    pub kind: &'static str,
    /// The answer in one sentence, in the system's words, as every view opens with it
    /// ([`crate::report::answer`]).
    pub answer: String,
    pub seed: u64,
    /// Trials per sampled cell (0 when every cell is exact).
    pub trials: u64,
    /// How many cells were evaluated exactly instead of sampled.
    pub exact_cells: usize,
    /// Ambiguity switches in force: booleans as JSON booleans, choices as strings.
    pub readings: Ordered<Value>,
    /// Values that cannot matter here and rules touched but not modelled (empty: nothing to say).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<crate::analysis::scenario::Note>,
    pub cells: Vec<CellReport>,
    /// What the rule system adds under keys of its own (a 2019 effort table's `best`, a 2013
    /// exchange's `exchange`), in the order it gives them. They sit right after the cells: no
    /// report has both such a part and a balance or paired summary, so results.json keeps the
    /// order it had when each was a field of its own.
    #[serde(flatten)]
    pub parts: Ordered<Part>,
    /// Balance tests: per fighter and overall figures, peers, outlier flags and the verdict.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub balance: Option<BalanceSummary>,
    /// Paired comparisons: the difference A − B and the trial saving of common random numbers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paired: Option<PairedSummary>,
    /// bmg-3e and bmg-1e duels: the exact duel, the whole-duel plan (effort, counter split) and
    /// what it wins.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact_duel: Option<ExactDuel>,
    /// Several attackers against one target: every order's figures ([`crate::analysis::gang`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gang: Option<crate::analysis::gang::figures::GangFigures>,
    pub stopping: StoppingReport,
    /// The scenario as run, enough to run it again with no config present: the program version,
    /// the config and its includes as read, the command line's overrides, the seed, stopping
    /// rule and readings, and what each cell used with its numbers (see `crate::rerun`, which
    /// fills it for every report the program writes). Last, so every earlier field keeps its place.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resolved_scenario: Option<Json>,
    /// Every event, metric and reading named above, in the system's words (added by issue #38,
    /// after every earlier field): what a page shows instead of a key.
    pub titles: crate::report::titles::Titles,
    /// The figure the answer gives first, as data, where it is one event of one cell
    /// ([`crate::report::answer::answer`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub key_figure: Option<crate::report::titles::KeyFigure>,
}

/// A duel solved exactly beside its Monte Carlo (JSON `exact_duel`). The rule system that
/// solves its duel fills it ([`crate::system::RuleSystem::report_extras`]): the shared duel
/// report reads only what every exact duel has (the outcome and the rounds as configured), and
/// shows the system's own tables, charts and plan file where its duel report has room for them.
#[derive(Clone, Debug, PartialEq)]
pub struct ExactDuel {
    /// The duel's outcome with the configured policies: the sampled duel estimates these.
    pub configured: DuelOutcome,
    /// The system's figures, as `results.json` prints them.
    pub json: Json,
    /// The plan file's name (of the shape [`ExactDuel::PLAN`]) and contents.
    pub plan_file: (&'static str, String),
    /// Tables after the sampled duel's own.
    pub tables: Vec<Table>,
    /// Charts (file stem, chart) after the duel-outcome chart.
    pub charts: Vec<(String, Chart)>,
}

impl Serialize for ExactDuel {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.json.serialize(s)
    }
}

impl ExactDuel {
    /// The shape of a plan file's name (`effort-plan.csv`): the report writer refuses any other,
    /// so this shape alone tells a system's plan files from the user's, with no list of what each
    /// system writes.
    pub const PLAN: FileName = FileName::EndsWith("-plan.csv");

    /// P(A wins), P(draw), P(B wins) with the configured policies.
    pub fn outcome(&self) -> [f64; 3] {
        let c = &self.configured;
        [c.a_wins, c.draw, c.b_wins]
    }

    /// `rounds[k − 1]` = P(the duel lasts exactly k rounds) with the configured policies.
    pub fn rounds(&self) -> &[f64] {
        &self.configured.rounds
    }
}

/// What a rule system adds to its report model beside the cells (see
/// [`crate::system::RuleSystem::report_extras`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SystemExtras {
    /// Figures under the system's own JSON keys ([`Report::parts`]).
    pub parts: Vec<(String, Part)>,
    /// A duel solved exactly (JSON `exact_duel`).
    pub exact_duel: Option<ExactDuel>,
}

/// One figure a rule system adds to its report under a key of its own: captured as ordered
/// JSON for results.json (printed exactly as the typed value would be) and kept typed, so the
/// system's own tables and charts read it back ([`Report::part`]) while the generic model names
/// none of its types.
#[derive(Clone, Debug)]
pub struct Part {
    json: Json,
    data: std::sync::Arc<dyn std::any::Any + Send + Sync>,
}

impl Part {
    /// `value`, captured.
    pub fn new<T: Serialize + std::fmt::Debug + Send + Sync + 'static>(value: T) -> Part {
        Part { json: crate::report::json::capture(&value), data: std::sync::Arc::new(value) }
    }

    /// The typed value, if it is a `T`.
    pub fn get<T: 'static>(&self) -> Option<&T> {
        self.data.downcast_ref::<T>()
    }
}

/// Two parts are equal when they print the same JSON.
impl PartialEq for Part {
    fn eq(&self, other: &Self) -> bool {
        self.json == other.json
    }
}

impl Serialize for Part {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.json.serialize(s)
    }
}

impl Report {
    /// The system's part under `key`, if it is a `T`.
    pub fn part<T: 'static>(&self, key: &str) -> Option<&T> {
        self.parts.get(key).and_then(Part::get)
    }

    /// Every cell exact: no trials, no intervals.
    pub fn all_exact(&self) -> bool {
        self.exact_cells == self.cells.len()
    }

    /// How the numbers were obtained, for titles: "exact", "200,000 trials, 95 % intervals", or
    /// "200,000 trials per sampled cell, 95 % intervals; 3 of 5 cells exact".
    pub fn basis(&self) -> String {
        self.per_cell("trials")
    }

    /// Like [`Report::basis`] with the sampled unit named ("duels", "turns per cell").
    pub fn per_cell(&self, unit: &str) -> String {
        let n = crate::text::count(self.trials);
        match self.exact_cells {
            0 => format!("{n} {unit}, 95 % intervals"),
            k if k == self.cells.len() => "exact".to_string(),
            k => format!("{n} {unit} per sampled cell, 95 % intervals; {k} of {} cells exact", self.cells.len()),
        }
    }

    /// The report model of a finished run, with what its rule system adds (`extras`). Callers
    /// use [`crate::report::build`], which asks the system for its extras.
    pub fn new(run: &RunResult, extras: SystemExtras) -> Report {
        let z = stats::z_value();
        let sc = &run.scenario;
        let cells = sc
            .cells
            .iter()
            .zip(&run.output.tallies)
            .enumerate()
            .map(|(i, (c, t))| {
                let names = c.trial.shape_names();
                // A balance's duel solved exactly and not sampled: its figures are the solution's.
                match run.exact_duels.as_ref().and_then(|x| x.get(i)) {
                    Some(x) if t.exact && t.trials == 0 => solved_cell(c.label.clone(), c.params.clone(), &names, x),
                    _ => cell_report(c.label.clone(), c.params.clone(), &names, t, z),
                }
            })
            .collect();
        let balance = match &sc.layout {
            Layout::Balance(l) => {
                Some(balance::summarise(l, &run.output.tallies, run.exact_duels.as_deref(), run.settled, z))
            }
            _ => None,
        };
        let first = &sc.cells[0].trial;
        let paired = match (&sc.layout, first.downcast::<crate::analysis::paired::Paired>()) {
            (Layout::Paired { .. }, Some(p)) => Some(paired::summary(&run.output.tallies[0], p.offset, z)),
            _ => None,
        };
        let SystemExtras { parts, exact_duel } = extras;
        let st = &run.output.stopping;
        Report {
            schema: SCHEMA,
            ruleset: sc.ruleset,
            scenario: sc.name.clone(),
            kind: sc.kind.name(),
            // Worded from the finished model by `crate::report::try_build`.
            answer: String::new(),
            seed: sc.seed,
            trials: st.trials,
            exact_cells: run.output.tallies.iter().filter(|t| t.exact).count(),
            readings: Ordered(
                sc.readings
                    .iter()
                    .map(|(k, v)| {
                        let value = match v.as_str() {
                            "true" => Value::Bool(true),
                            "false" => Value::Bool(false),
                            other => Value::String(other.to_string()),
                        };
                        (k.to_string(), value)
                    })
                    .collect(),
            ),
            notes: sc.notes.clone(),
            cells,
            parts: Ordered(parts),
            balance,
            paired,
            exact_duel,
            gang: match sc.layout {
                Layout::Gang => first.gang().and_then(Result::ok).cloned(),
                _ => None,
            },
            stopping: StoppingReport {
                rule: match sc.stop {
                    crate::engine::Stop::Settle { .. } => "settle",
                    _ if st.target_half_width.is_some() => "precision",
                    _ => "trials",
                },
                target_half_width: st.target_half_width,
                worst_half_width: st.worst_half_width,
                reached: st.reached,
            },
            resolved_scenario: None,
            titles: Default::default(),
            key_figure: None,
        }
    }

    /// The file [`Report::to_json`] is written to.
    pub const FILE: FileName = FileName::Is("results.json");

    /// Pretty JSON text with a trailing newline.
    pub fn to_json(&self) -> String {
        let mut s = crate::safe::json_visible(serde_json::to_string_pretty(self).expect("report serialises"));
        s.push('\n');
        s
    }
}

/// Metric and event names of a trial.
pub struct Names {
    pub metrics: Vec<&'static str>,
    pub events: Vec<&'static str>,
}

impl From<&EventReport> for Est {
    fn from(e: &EventReport) -> Self {
        Est { v: e.p, lo: e.ci95[0], hi: e.ci95[1] }
    }
}

impl crate::analysis::cell::Cell {
    /// Metric and event names, in index order.
    pub fn shape_names(&self) -> Names {
        let s = self.shape();
        Names { metrics: s.metrics.iter().map(|(n, _)| *n).collect(), events: s.events }
    }
}

/// A duel cell from its exact solution ([`ExactFigures`]), nothing sampled: who wins, draws and
/// is removed, and the distributions of the rounds played and of the round each side first put
/// the other down — what the solvers give whole. Damage and effort, of which a solution gives
/// only the means, are left out (they are in the balance's tables; `[balance] distributions =
/// true` samples them whole). Probabilities in floating point, exact up to rounding: no
/// fraction is claimed.
fn solved_cell(label: String, params: Vec<(String, Value)>, names: &Names, x: &ExactFigures) -> CellReport {
    use crate::analysis::duel::{event, metric};
    let events = (event::A_WINS..=event::A_CASUALTY)
        .map(|i| {
            let p = x.events[i];
            (names.events[i].to_string(), EventReport { p, ci95: [p, p], count: None, exact: None })
        })
        .collect();
    let dist = |d: &[f64]| {
        let last = d.iter().rposition(|&p| p > 0.0).unwrap_or(0);
        let mean: f64 = d.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
        let var: f64 = d.iter().enumerate().map(|(k, p)| (k as f64 - mean).powi(2) * p).sum();
        let dist = d[..=last].iter().enumerate().map(|(k, &p)| (k.to_string(), p)).collect();
        MetricReport { mean, sd: var.max(0.0).sqrt(), stderr: 0.0, dist: Ordered(dist) }
    };
    let metrics =
        [(metric::ROUNDS, &x.rounds), (metric::A_KO_ROUND, &x.down_round[0]), (metric::B_KO_ROUND, &x.down_round[1])]
            .into_iter()
            .map(|(i, d)| (names.metrics[i].to_string(), dist(d)))
            .collect();
    CellReport { label, exact: true, params: Ordered(params), metrics: Ordered(metrics), events: Ordered(events) }
}

fn cell_report(label: String, params: Vec<(String, Value)>, names: &Names, t: &Tally, z: f64) -> CellReport {
    let metrics = names
        .metrics
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let m = t.moments(i);
            let dist =
                t.trimmed(i).iter().enumerate().map(|(v, &c)| (v.to_string(), stats::ratio(c, t.trials))).collect();
            (n.to_string(), MetricReport { mean: m.mean, sd: m.sd, stderr: m.stderr, dist: Ordered(dist) })
        })
        .collect();
    let events = names
        .events
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let p = t.event(i, z);
            let (count, exact) =
                if t.exact { (None, Some(stats::fraction(p.count, p.trials))) } else { (Some(p.count), None) };
            (n.to_string(), EventReport { p: p.p, ci95: [p.lo, p.hi], count, exact })
        })
        .collect();
    CellReport { label, exact: t.exact, params: Ordered(params), metrics: Ordered(metrics), events: Ordered(events) }
}
