//! Gauntlet health: how well a gauntlet prices its own cards. Each priced reference card is left
//! out of the cost curve and priced from the others at its own rating, with the same 95 %
//! interval a candidate gets; the share of cards whose listed cost falls inside is the interval's
//! measured coverage (issue #40), and the median width (high ÷ low) says what that coverage
//! costs — an interval wider than the evidence needs is as wrong as one too narrow.
//!
//! The ratings are kept, not refitted without the card: a card left out of the *curve* still
//! played the duels that rate everyone, and refitting the ratings would need every duel again
//! for each card. The curve is refitted; the card's own rating's sampling spread is added as the
//! candidate's is.

use crate::analysis::fair_cost::{FairCost, RoundRobin, fit_curve};
use serde::Serialize;

/// One reference card priced from the others.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LooCard {
    /// Index among the reference fighters (the balance's rows 1..).
    pub reference: usize,
    /// Its listed cost.
    pub cost: f64,
    /// The curve without it, read at its rating, with the 95 % interval.
    pub estimate: f64,
    pub ci95: [f64; 2],
    pub inside: bool,
}

/// Every priced reference card's leave-one-out price, and the coverage they add up to.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Health {
    pub cards: Vec<LooCard>,
    /// Cards whose listed cost is inside their interval, of `priced`.
    pub inside: usize,
    pub priced: usize,
    /// The median interval's high ÷ low.
    pub median_width: f64,
}

/// Leave-one-out over `rr`'s priced references, with `fair`'s ratings (see the module doc).
/// `None` when fewer than four cards have a cost (three must stay to fit a curve with scatter).
pub fn leave_one_out(rr: &RoundRobin, fair: &FairCost) -> Option<Health> {
    let priced: Vec<usize> =
        (0..rr.costs.len()).filter(|&i| rr.costs[i].is_some_and(|c| c > 0.0 && c.is_finite())).collect();
    if priced.len() < 4 {
        return None;
    }
    let theta = |i: usize| fair.refs[i].estimate;
    let mut cards = Vec::new();
    for &out in &priced {
        let rest: Vec<usize> = priced.iter().copied().filter(|&i| i != out).collect();
        let xs: Vec<f64> = rest.iter().map(|&i| theta(i)).collect();
        let ys: Vec<f64> = rest.iter().map(|&i| rr.costs[i].unwrap_or(1.0).ln()).collect();
        let Ok(c) = fit_curve(&xs, &ys) else { continue };
        let x = theta(out);
        let y = c.a + c.b * x;
        let sampling = c.b * (fair.refs[out].estimate - fair.refs[out].ci95[0]);
        // The interval a candidate at this rating gets ([`crate::analysis::fair_cost::fit`]).
        let half = (c.fit_half(x).powi(2) + sampling.powi(2)).sqrt();
        let (lo, hi) = ((y - half).exp(), (y + half).exp());
        let cost = rr.costs[out].unwrap_or(0.0);
        if lo > 0.0 && hi.is_finite() {
            cards.push(LooCard {
                reference: out,
                cost,
                estimate: y.exp(),
                ci95: [lo, hi],
                inside: lo <= cost && cost <= hi,
            });
        }
    }
    if cards.is_empty() {
        return None;
    }
    let mut widths: Vec<f64> = cards.iter().map(|c| c.ci95[1] / c.ci95[0]).collect();
    widths.sort_by(f64::total_cmp);
    let m = widths.len();
    let median_width = if m % 2 == 1 { widths[m / 2] } else { (widths[m / 2 - 1] + widths[m / 2]) / 2.0 };
    let inside = cards.iter().filter(|c| c.inside).count();
    Some(Health { priced: cards.len(), inside, cards, median_width })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::fair_cost::{Score, fit};

    /// Exact scores from ratings `theta` (no side advantage, no draws), costs given.
    fn round_robin(theta: &[f64], costs: &[f64]) -> RoundRobin {
        let score = |x: f64| Score::new(1.0 / (1.0 + (-x).exp()), 0.0, None);
        RoundRobin {
            refs: theta
                .iter()
                .enumerate()
                .map(|(i, &ti)| theta.iter().enumerate().map(|(j, &tj)| (i != j).then(|| score(ti - tj))).collect())
                .collect(),
            cand: theta.iter().map(|&tj| Some(score(-tj))).collect(),
            costs: costs.iter().map(|&c| Some(c)).collect(),
        }
    }

    /// Seven cards on ln(cost) = 3.5 + 0.6·rating with a little scatter, one priced ×2.5 over
    /// it: left out, the curve of the others prices that one far below its listed cost, and its
    /// own outlier no longer drags the curve for the others, which all fall inside.
    #[test]
    fn the_card_priced_off_the_curve_is_the_one_outside() {
        let theta: [f64; 7] = [-1.5, -1.0, -0.4, 0.0, 0.5, 1.1, 1.6];
        let wiggle: [f64; 7] = [0.03, -0.04, 0.02, -0.03, 0.04, -0.02, 0.01];
        let mut costs: Vec<f64> = theta.iter().zip(wiggle).map(|(t, w)| (3.5 + 0.6 * t + w).exp()).collect();
        costs[3] *= 2.5;
        let rr = round_robin(&theta, &costs);
        let h = leave_one_out(&rr, &fit(&rr, 1.96)).expect("seven priced cards");
        assert_eq!(h.priced, 7);
        let outside: Vec<usize> = h.cards.iter().filter(|c| !c.inside).map(|c| c.reference).collect();
        assert_eq!(outside, [3], "{h:#?}");
        let c3 = &h.cards[3];
        assert!(c3.ci95[1] < c3.cost && c3.estimate < c3.cost / 2.0, "{c3:?}");
        assert!(h.median_width > 1.0 && h.median_width.is_finite());
        for c in &h.cards {
            assert_eq!(c.inside, c.ci95[0] <= c.cost && c.cost <= c.ci95[1]);
        }
    }

    /// Three priced cards leave two to refit: no curve with scatter, so no health.
    #[test]
    fn under_four_priced_cards_there_is_no_health() {
        let rr = round_robin(&[-1.0, 0.0, 1.0], &[20.0, 35.0, 60.0]);
        assert!(leave_one_out(&rr, &fit(&rr, 1.96)).is_none());
    }
}
