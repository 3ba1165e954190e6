//! Balance verdicts: a candidate card against a gauntlet, compared with reference cards of
//! similar cost.
//!
//! Every fighter (the candidate and each reference fighter) duels every gauntlet opponent
//! except itself. Per opponent we report P(win), P(draw), P(loss), rounds until out, damage dealt
//! and taken per round; "overall" is the plain average over opponents, with the interval of an
//! average of independent estimates. Dividing by each cost the system names (2019 and 2013:
//! Reputation and $; elsewhere a fighter's `cost`) puts cards of different cost on one scale;
//! the candidate is flagged as an outlier on a metric when it is more than `outlier_threshold`
//! away from its peers' mean *and* its own interval excludes that mean.

use super::scenario::{BalanceLayout, CellSpec, Cost};
use crate::analysis::duel::{event, metric};
use crate::engine::Tally;
use crate::stats::{self, Estimate};
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

/// The figures of one duel cell (or their average over opponents).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DuelStats {
    pub win: Estimate,
    pub draw: Estimate,
    pub loss: Estimate,
    /// Mean round in which the opponent was first put down, among duels where it was.
    pub rounds_to_ko: Option<Estimate>,
    pub dealt_per_round: Estimate,
    pub taken_per_round: Estimate,
}

/// Figures of a duel tally (fighter A's point of view).
pub fn duel_stats(t: &Tally, z: f64) -> DuelStats {
    let ev = |i: usize| t.event(i, z).into();
    let rounds_to_ko = conditional_round(&t.hists[metric::A_KO_ROUND], t.exact, z);
    let ratio = |k: usize| {
        let (r, lo, hi) = t.ratio(k, z);
        Estimate { value: r, ci95: [lo, hi] }
    };
    DuelStats {
        win: ev(event::A_WINS),
        draw: ev(event::DRAW),
        loss: ev(event::B_WINS),
        rounds_to_ko,
        dealt_per_round: ratio(0),
        taken_per_round: ratio(1),
    }
}

/// Mean of a "round it happened" histogram among the trials where it happened (value ≥ 1),
/// with its interval (none if `exact`); `None` if it happened fewer than twice (never, if exact).
pub fn conditional_round(h: &[crate::engine::tally::Count], exact: bool, z: f64) -> Option<Estimate> {
    let happened: Vec<_> = h.iter().skip(1).copied().collect();
    let n: crate::engine::tally::Count = happened.iter().sum();
    (n > 1 || (exact && n > 0)).then(|| {
        let m = if exact { stats::exact_moments(&happened, n) } else { stats::moments(&happened) };
        // `happened[k]` counts round k + 1.
        let mean = m.mean + 1.0;
        Estimate { value: mean, ci95: [mean - z * m.stderr, mean + z * m.stderr] }
    })
}

/// Average of independent estimates: the mean, each side of the interval √(Σ sideᵢ²) / k.
/// The sides are combined apart so a lopsided interval stays lopsided: averaging P(draw) = 0
/// of several opponents (Wilson intervals [0, 0.019 %]) gives [0, …], never a negative bound.
fn average(xs: &[Estimate]) -> Estimate {
    let k = xs.len() as f64;
    let value = xs.iter().map(|e| e.value).sum::<f64>() / k;
    let side = |d: &dyn Fn(&Estimate) -> f64| xs.iter().map(|e| d(e).powi(2)).sum::<f64>().sqrt() / k;
    let below = side(&|e| e.value - e.ci95[0]);
    let above = side(&|e| e.ci95[1] - e.value);
    Estimate { value, ci95: [value - below, value + above] }
}

fn average_stats(xs: &[&DuelStats]) -> DuelStats {
    let pick = |f: &dyn Fn(&DuelStats) -> Estimate| average(&xs.iter().map(|s| f(s)).collect::<Vec<_>>());
    let ko: Vec<Estimate> = xs.iter().filter_map(|s| s.rounds_to_ko).collect();
    DuelStats {
        win: pick(&|s| s.win),
        draw: pick(&|s| s.draw),
        loss: pick(&|s| s.loss),
        rounds_to_ko: (!ko.is_empty()).then(|| average(&ko)),
        dealt_per_round: pick(&|s| s.dealt_per_round),
        taken_per_round: pick(&|s| s.taken_per_round),
    }
}

/// One fighter's results against the gauntlet. In JSON each cost is a field under its key
/// (`reputation`, `funding`; `cost`), and `overall` divided by it is `per_<key>`.
#[derive(Clone, Debug, PartialEq)]
pub struct FighterSummary {
    pub label: String,
    /// The system's costs, which name `costs` and `per_cost` in JSON.
    pub names: &'static [Cost],
    /// Its costs, in `names` order.
    pub costs: Vec<Option<f64>>,
    pub peer: bool,
    /// Per gauntlet opponent, in layout order (`None` against itself).
    pub per_opponent: Vec<Option<DuelStats>>,
    pub overall: DuelStats,
    /// `overall` divided by each cost (`None`: no cost, or not above 0).
    pub per_cost: Vec<Option<DuelStats>>,
}

impl FighterSummary {
    /// `overall` divided by the first cost, the one fighters are compared by.
    pub fn per_first(&self) -> Option<&DuelStats> {
        self.per_cost[0].as_ref()
    }
}

impl Serialize for FighterSummary {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("label", &self.label)?;
        for (c, v) in self.names.iter().zip(&self.costs) {
            m.serialize_entry(c.key, v)?;
        }
        m.serialize_entry("peer", &self.peer)?;
        m.serialize_entry("per_opponent", &self.per_opponent)?;
        m.serialize_entry("overall", &self.overall)?;
        for (c, v) in self.names.iter().zip(&self.per_cost) {
            m.serialize_entry(&format!("per_{}", c.key), v)?;
        }
        m.end()
    }
}

/// An outlier flag, in plain language and in numbers.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Flag {
    pub metric: String,
    pub value: Estimate,
    pub reference_mean: f64,
    /// (value − reference mean) / reference mean.
    pub relative: f64,
    pub text: String,
}

/// The whole balance result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BalanceSummary {
    pub fighters: Vec<FighterSummary>,
    /// Labels of the reference fighters the candidate was compared with.
    pub reference: Vec<String>,
    /// How those were chosen.
    pub reference_rule: String,
    pub position: String,
    pub flags: Vec<Flag>,
    pub verdict: String,
}

fn scale(s: &DuelStats, k: f64) -> DuelStats {
    DuelStats {
        win: s.win.scaled(k),
        draw: s.draw.scaled(k),
        loss: s.loss.scaled(k),
        rounds_to_ko: s.rounds_to_ko.map(|e| e.scaled(k)),
        dealt_per_round: s.dealt_per_round.scaled(k),
        taken_per_round: s.taken_per_round.scaled(k),
    }
}

/// Metrics per unit of the first cost checked for outliers: (name before "per <unit>", getter,
/// higher is better for the card). The last flag says whether the figure is a probability
/// (printed as a percentage).
type Getter = fn(&DuelStats) -> Estimate;
const CHECKED: [(&str, Getter, bool, bool); 3] = [
    ("P(win)", |s| s.win, true, true),
    ("damage dealt per round", |s| s.dealt_per_round, true, false),
    ("damage taken per round", |s| s.taken_per_round, false, false),
];

/// Summarise a balance run.
pub fn summarise(layout: &BalanceLayout, _cells: &[CellSpec], tallies: &[Tally], z: f64) -> BalanceSummary {
    let fighters = fighter_summaries(layout, tallies, z);
    let cand = &fighters[0];
    let Cost { name: cost, unit, .. } = layout.costs[0];
    let priced: Vec<usize> = (1..fighters.len()).filter(|&i| fighters[i].per_first().is_some()).collect();
    let peers: Vec<usize> = priced.iter().copied().filter(|&i| fighters[i].peer).collect();
    let band = format!("{:.0} %", layout.peer_band * 100.0);
    let (reference, reference_rule) = if peers.len() >= 2 {
        (peers, format!("reference fighters whose {cost} is within ±{band} of the candidate's"))
    } else {
        (
            priced.clone(),
            format!(
                "every reference fighter with a {cost} (fewer than two are within ±{band} of the candidate's cost)"
            ),
        )
    };
    let ref_labels: Vec<String> = reference.iter().map(|&i| fighters[i].label.clone()).collect();
    let mut flags = Vec::new();
    let mut position = format!("the candidate has no {cost}, so it cannot be placed by cost");
    if let Some(cpr) = cand.per_first() {
        if !reference.is_empty() {
            let win = |i: usize| fighters[i].per_first().map(|s| s.win.value).unwrap_or(0.0);
            let better = reference.iter().filter(|&&i| win(i) > cpr.win.value).count();
            position = format!(
                "P(win) per {unit} ranks {} of {} against the reference fighters ({})",
                better + 1,
                reference.len() + 1,
                ref_labels.join(", ")
            );
        }
        // The reference fighters' figures per unit of the first cost (every one has that cost).
        let priced_reference: Vec<&DuelStats> = reference.iter().filter_map(|&i| fighters[i].per_first()).collect();
        flags = CHECKED.into_iter().filter_map(|check| outlier_flag(layout, check, &priced_reference, cpr)).collect();
    }
    let verdict = if cand.per_first().is_none() {
        format!("No verdict: give the candidate card a `{}` to compare it by cost.", layout.costs[0].key)
    } else if reference.is_empty() {
        format!("No verdict: no reference fighter has a {cost} to compare with.")
    } else if flags.is_empty() {
        format!(
            "Balanced: within ±{:.0} % of the reference fighters on every per-{cost} metric (or not distinguishable from them at 95 %).",
            layout.outlier_threshold * 100.0
        )
    } else {
        format!(
            "Outlier on {} metric(s): {}",
            flags.len(),
            flags.iter().map(|f| f.text.as_str()).collect::<Vec<_>>().join(" ")
        )
    };
    BalanceSummary { fighters, reference: ref_labels, reference_rule, position, flags, verdict }
}

/// Each fighter's figures against each opponent it met, their average, and that average per unit
/// of each cost the fighter has (a zero cost gives none).
fn fighter_summaries(layout: &BalanceLayout, tallies: &[Tally], z: f64) -> Vec<FighterSummary> {
    layout
        .rows
        .iter()
        .zip(&layout.cells)
        .map(|(row, cells)| {
            let per_opponent: Vec<Option<DuelStats>> =
                cells.iter().map(|c| c.map(|i| duel_stats(&tallies[i], z))).collect();
            let present: Vec<&DuelStats> = per_opponent.iter().flatten().collect();
            let overall = average_stats(&present);
            FighterSummary {
                label: row.label.clone(),
                names: layout.costs,
                costs: row.costs.clone(),
                peer: row.peer,
                per_cost: row.costs.iter().map(|c| c.filter(|c| *c > 0.0).map(|c| scale(&overall, 1.0 / c))).collect(),
                per_opponent,
                overall,
            }
        })
        .collect()
}

/// One [`CHECKED`] metric per unit of the first cost: a flag when the candidate's figure `cand`
/// is further than the outlier threshold from the reference fighters' mean and its 95 % interval
/// excludes that mean (none when no reference fighter is priced or their mean is not positive).
fn outlier_flag(
    layout: &BalanceLayout,
    (what, get, higher_is_stronger, percent): (&str, Getter, bool, bool),
    reference: &[&DuelStats],
    cand: &DuelStats,
) -> Option<Flag> {
    let Cost { name: cost, unit, .. } = layout.costs[0];
    let name = format!("{what} per {unit}");
    let f = |x: f64| if percent { format!("{:.3}%", x * 100.0) } else { fmt(x) };
    // One format with the reports: the unit once, after the value ("0.606% [0.588, 0.623]").
    let bound = |x: f64| if percent { format!("{:.3}", x * 100.0) } else { fmt(x) };
    let vals: Vec<f64> = reference.iter().map(|s| get(s).value).collect();
    if vals.is_empty() {
        return None;
    }
    let mean = vals.iter().sum::<f64>() / vals.len() as f64;
    let v = get(cand);
    if mean <= 0.0 {
        return None;
    }
    let rel = (v.value - mean) / mean;
    let excludes = v.ci95[0] > mean || v.ci95[1] < mean;
    if rel.abs() > layout.outlier_threshold && excludes {
        let stronger = (rel > 0.0) == higher_is_stronger;
        let text = format!(
            "{name} is {} [{}, {}], {:.0} % {} the reference mean {}: the card looks {} for its {cost}.",
            f(v.value),
            bound(v.ci95[0]),
            bound(v.ci95[1]),
            rel.abs() * 100.0,
            if rel > 0.0 { "above" } else { "below" },
            f(mean),
            if stronger { "too strong (under-costed)" } else { "too weak (over-costed)" }
        );
        return Some(Flag { metric: name, value: v, reference_mean: mean, relative: rel, text });
    }
    None
}

/// Format a small per-cost figure with enough digits.
pub fn fmt(v: f64) -> String {
    if v.abs() >= 1.0 {
        format!("{v:.3}")
    } else if v.abs() >= 0.01 {
        format!("{v:.4}")
    } else {
        format!("{v:.5}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn average_of_independent_estimates() {
        let a = Estimate { value: 0.4, ci95: [0.3, 0.5] };
        let b = Estimate { value: 0.6, ci95: [0.5, 0.7] };
        let m = average(&[a, b]);
        assert!((m.value - 0.5).abs() < 1e-12);
        // Half-widths 0.1 and 0.1 → √0.02 / 2 ≈ 0.0707.
        assert!((m.half() - 0.02f64.sqrt() / 2.0).abs() < 1e-12);
        // Two zeros with Wilson intervals [0, 0.019 %]: the lower bound stays at 0.
        let z = Estimate { value: 0.0, ci95: [0.0, 0.00019] };
        let m = average(&[z, z]);
        assert_eq!(m.ci95[0], 0.0);
        assert!((m.ci95[1] - 2f64.sqrt() * 0.00019 / 2.0).abs() < 1e-15);
    }
}
