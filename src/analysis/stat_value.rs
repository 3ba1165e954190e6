//! What each characteristic is worth: the candidate's fair cost with one characteristic one step
//! worse or better ([`crate::analysis::layout::Variant`]), read off the same curve and the same
//! reference ratings as the candidate's, and its change from the candidate's fair cost.
//!
//! The change is Δ = fair(variant) − fair(candidate) in cost; on the log scale it is b·Δθ, so its
//! 95 % interval carries the slope's own uncertainty (t·s/√Sxx per rating point) and the
//! sampling of the two ratings (added as if independent: the variant draws the candidate's dice,
//! which only makes the true spread of the difference smaller). A characteristic whose variant
//! scores exactly what the candidate scores against every opponent is one the duel does not read
//! — "this duel does not price it" — which common random numbers make exact in sampled systems too.

use super::fair_cost::{FairCost, Interval, RoundRobin, Score, fit};
use super::layout::{BalanceLayout, Step};
use serde::Serialize;

/// One characteristic one step from the card's value.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StatValue {
    #[serde(flatten)]
    pub step: Step,
    /// The variant's fair cost with its 95 % interval (`None`: refused, or no curve).
    pub fair_cost: Option<Interval>,
    /// Its fair cost minus the candidate's, with the 95 % interval of that difference.
    pub change: Option<Interval>,
    /// Its rating minus the candidate's.
    pub rating_change: Option<f64>,
    /// `false`: every duel of the variant scored what the candidate's did (the duel does not
    /// read this characteristic).
    pub priced: bool,
    /// Why the value was not tried (beyond the card's limits).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refused: Option<String>,
}

/// Every variant of `layout` priced: `scores` per cell, `rr` and `fair` the candidate's round
/// robin and fit, `z` the normal quantile.
pub fn stat_values(
    layout: &BalanceLayout,
    scores: &[Score],
    (rr, fair): (&RoundRobin, &FairCost),
    z: f64,
) -> Vec<StatValue> {
    let score = |i: usize| scores[i];
    layout
        .variants
        .iter()
        .map(|v| {
            let mut out = StatValue {
                step: v.step.clone(),
                fair_cost: None,
                change: None,
                rating_change: None,
                priced: true,
                refused: v.refused.clone(),
            };
            if v.refused.is_some() {
                return out;
            }
            let cand: Vec<Option<Score>> = v.cells.iter().map(|c| c.map(score)).collect();
            out.priced = cand.iter().zip(&rr.cand).any(|(a, b)| a.map(|a| a.s) != b.map(|b| b.s));
            let mut rv = rr.clone();
            rv.cand = cand;
            let fv = fit(&rv, z);
            out.rating_change = Some(if out.priced { fv.cand.estimate - fair.cand.estimate } else { 0.0 });
            if let (Some(base), Some(mine), Ok(curve)) = (fair.cost, fv.cost, &fair.curve) {
                let (dy, dt) = if out.priced {
                    ((mine.estimate / base.estimate).ln(), fv.cand.estimate - fair.cand.estimate)
                } else {
                    (0.0, 0.0)
                };
                let sampling = {
                    let half = |i: &Interval| i.estimate - i.ci95[0];
                    curve.b * (half(&fv.cand).powi(2) + half(&fair.cand).powi(2)).sqrt()
                };
                let h = if out.priced { (curve.slope_half() * dt.abs()).hypot(sampling) } else { 0.0 };
                let change = |y: f64| base.estimate * y.exp_m1();
                out.fair_cost = Some(if out.priced { mine } else { base });
                out.change = Some(Interval { estimate: change(dy), ci95: [change(dy - h), change(dy + h)] });
            }
            out
        })
        .collect()
}
