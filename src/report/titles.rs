//! The words beside the identifiers of results.json (issue #38): every event, metric and
//! reading a report names, with its title in the run's rule system, and the figure the answer
//! gives first as a structured field. Scripts keep reading the keys; a page or another tool
//! shows these words and never has to make its own from a key or find a number in a sentence.

//!
//! Plain data, below the report model: [`crate::report::try_build`] fills it from the run's
//! system (the model must not reach the contract, which uses the model).

use crate::report::ordered::Ordered;
use serde::Serialize;

/// Every identifier a report's JSON names, in its system's words (`titles` in results.json).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Titles {
    /// Each event of any cell: its title and the short label tables and legends use.
    pub events: Ordered<EventTitle>,
    /// Each metric of any cell: its title.
    pub metrics: Ordered<String>,
    /// Each reading in force: what it decides and its value, in words.
    pub readings: Ordered<ReadingTitle>,
    /// Whether the run's names are about one target (every view then drops "target 1").
    #[serde(skip)]
    pub targets: crate::vocabulary::Targets,
}

/// An event's words.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EventTitle {
    pub title: String,
    pub short: String,
}

/// A reading's words: what it decides ("a natural 6 always blocks") and its value ("no").
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ReadingTitle {
    pub title: String,
    pub value: String,
}

/// The figure the answer sentence gives first, as data (`key_figure` in results.json): which
/// cell and event, its words, and its probability exactly (fraction) or with its 95 % interval.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KeyFigure {
    /// Index into `cells`.
    pub cell: usize,
    /// The event's identifier (a key of the cell's `events`).
    pub event: String,
    /// Its title in the system's words.
    pub title: String,
    pub p: f64,
    pub ci95: [f64; 2],
    /// The probability as a fraction in lowest terms, when the cell was enumerated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<String>,
}
