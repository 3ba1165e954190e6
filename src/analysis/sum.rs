//! One metric that is the sum of others of a trial's outcome (a measure alias made a metric,
//! [`crate::analysis::summed`]). Plain data below the cell layer, which names it in
//! [`crate::analysis::cell::CellTrial::with_sums`].

use crate::engine::Shape;

/// One summed metric: its name and the indices, in the wrapped trial's shape, of what it adds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sum {
    pub name: &'static str,
    pub parts: Vec<usize>,
}

impl Sum {
    /// The sum `name` of the metrics `parts` of `shape`; `None` when one of them is not there.
    pub fn of(shape: &Shape, name: &'static str, parts: &[&str]) -> Option<Sum> {
        let index = |p: &&str| shape.metrics.iter().position(|(m, _)| m == p);
        Some(Sum { name, parts: parts.iter().map(index).collect::<Option<_>>()? })
    }
}
