//! `measure = "…"` of `[compare]` and `[sweep]`: which event or metric of the resolution a grid
//! leads with, ranks by and answers in. Unset, the trial's own default
//! ([`TrialInfo::default_measure`](crate::analysis::cell::TrialInfo::default_measure): the
//! outcome that decides games in its system), so configs written before the field keep working.
//! A measure alias of the system (`damage` = `stun` + `wounds`) is a metric like any other: the
//! cells are wrapped to record the sum ([`crate::analysis::summed`]), so every measure `list`
//! offers works here as it does in `[paired]`.

use super::plan::Planner;
use crate::analysis::cell::Cell;
use crate::analysis::scenario::{CellSpec, GridMeasure};
use crate::analysis::sum::Sum;
use crate::error::InputError;

impl Planner<'_> {
    /// The measure of a grid of `cells` (all of one resolution): `given`, checked against every
    /// cell's events and metrics (an unknown name is an error at `at` listing them), or the
    /// first cell's default, else its first key event, else its first headline metric. A
    /// measure alias whose parts every cell has wraps each cell to record the sum.
    pub(super) fn grid_measure(
        &self,
        given: Option<&str>,
        at: &[&str],
        cells: &mut [CellSpec],
    ) -> Result<GridMeasure, InputError> {
        if let Some(n) = given {
            self.sum_alias(n, cells);
        }
        let first = &cells.first().expect("a grid has cells").trial;
        let shape = first.shape();
        let is_event = |n: &str| shape.events.contains(&n);
        let is_metric = |n: &str| shape.metrics.iter().any(|(m, _)| *m == n);
        let in_every = |n: &str| {
            cells.iter().all(|c| {
                let s = c.trial.shape();
                s.events.contains(&n) || s.metrics.iter().any(|(m, _)| *m == n)
            })
        };
        let name = match given {
            Some(n) if (is_event(n) || is_metric(n)) && in_every(n) => n.to_string(),
            Some(n) => {
                let events: Vec<String> = shape.events.iter().map(|e| format!("`{e}`")).collect();
                let metrics: Vec<String> = shape.metrics.iter().map(|(m, _)| format!("`{m}`")).collect();
                let mut allowed = Vec::new();
                if !events.is_empty() {
                    allowed.push(format!("events (a probability): {}", events.join(", ")));
                }
                if !metrics.is_empty() {
                    allowed.push(format!("metrics (a mean): {}", metrics.join(", ")));
                }
                let sums: Vec<String> = self
                    .system
                    .measure_aliases()
                    .iter()
                    .filter(|(_, parts)| parts.iter().all(|p| is_metric(p)))
                    .map(|(a, parts)| format!("`{a}` ({})", parts.join(" + ")))
                    .collect();
                if !sums.is_empty() {
                    allowed.push(format!("sums (a mean): {}", sums.join(", ")));
                }
                return Err(self.err(
                    at,
                    format!("unknown measure `{n}` for this {}", first.unit()),
                    allowed.join("; "),
                ));
            }
            None => first
                .default_measure()
                .filter(|n| is_event(n) || is_metric(n))
                .or_else(|| first.key_events().into_iter().find(|n| is_event(n)))
                .or_else(|| first.headline_metrics().first().copied())
                .or_else(|| shape.events.first().copied())
                .or_else(|| shape.metrics.first().map(|(m, _)| *m))
                .unwrap_or_default()
                .to_string(),
        };
        Ok(GridMeasure {
            event: is_event(&name),
            less_is_better: first.less_is_better(&name),
            default: given.is_none(),
            name,
        })
    }
}

impl Planner<'_> {
    /// When `name` is one of the system's measure aliases and no cell already reports it, wrap
    /// every cell to record the sum — only if every cell has every part (otherwise the name
    /// stays unknown and [`Planner::grid_measure`] lists what is allowed).
    fn sum_alias(&self, name: &str, cells: &mut [CellSpec]) {
        let Some(&(alias, parts)) = self.system.measure_aliases().iter().find(|(a, _)| *a == name) else { return };
        let has = |c: &CellSpec| c.trial.shape().metrics.iter().any(|(m, _)| *m == alias);
        if cells.iter().any(has) {
            return;
        }
        let wrapped: Option<Vec<Cell>> =
            cells.iter().map(|c| c.trial.with_sums(vec![Sum::of(&c.trial.shape(), alias, parts)?])).collect();
        if let Some(wrapped) = wrapped {
            for (c, w) in cells.iter_mut().zip(wrapped) {
                c.trial = w;
            }
        }
    }
}
