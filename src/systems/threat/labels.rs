//! The words this system's reports use for its events, metrics and fields (a report never
//! borrows another system's wording).

use crate::vocabulary::{Term, Vocabulary};

/// Every name this system's reports show, in its words.
pub const VOCABULARY: Vocabulary = Vocabulary { events: EVENTS, metrics: METRICS, fields: FIELDS };

/// Its events: what each means, and a short label where the report's "P(<title>)" would be too long.
const EVENTS: &[Term] = &[];

/// Its metrics.
const METRICS: &[Term] = &[Term::new("reach_tenths_in", "reach (tenths of an inch)")];

/// Its config fields a report can name (a swept parameter), and the fixed conversion it records
/// beside the readings (`cm_per_inch` in results.json).
const FIELDS: &[Term] = &[Term::new("cm_per_inch", "centimetres per inch")];
