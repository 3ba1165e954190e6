//! Gauntlet health: how well a gauntlet prices its own cards. Each priced reference card is taken
//! out of the round robin and priced from the others exactly as a candidate is — rated against
//! them from its own duels (the ratings refitted without it; its duels are already in the round
//! robin, so nothing is played again), read off the curve of the others, with the whole interval
//! a candidate gets ([`crate::analysis::fair_cost::fit`]). The share of cards whose listed cost
//! falls inside is the interval's measured coverage (issue #40), and the median width (high ÷
//! low) says what that coverage costs — an interval wider than the evidence needs is as wrong as
//! one too narrow. Identical cards leave together (a twin left in would price its copy).
//!
//! Beside it, what a designer reads to mend a gauntlet: the cards it misprices (their listed
//! cost against the others' price), the matchups the ratings predict worst, the identical cards.

use crate::analysis::fair_cost::{FairCost, Miss, RoundRobin, fit};
use serde::Serialize;

/// One reference card priced from the others.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LooCard {
    /// Index among the reference fighters (the balance's rows 1..).
    pub reference: usize,
    /// Its identical twins among the references, left out with it.
    pub twins: Vec<usize>,
    /// Its listed cost.
    pub cost: f64,
    /// Its rating as a candidate against the others.
    pub rating: f64,
    /// The others' fair cost for it, with the 95 % interval.
    pub estimate: f64,
    pub ci95: [f64; 2],
    pub inside: bool,
}

/// Every priced reference card's leave-one-out price, the coverage they add up to, and what the
/// rating model misses.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Health {
    pub cards: Vec<LooCard>,
    /// Cards whose listed cost is inside their interval, of `priced`.
    pub inside: usize,
    pub priced: usize,
    /// The median interval's high ÷ low.
    pub median_width: f64,
    /// The duels between reference fighters the ratings predict worst, worst first (at most 3).
    pub worst_matchups: Vec<Miss>,
    /// Groups of identical reference fighters (each counted once in the curve).
    pub duplicates: Vec<Vec<usize>>,
}

impl Health {
    /// The cards the others price furthest from their listed cost (by ratio), furthest first.
    pub fn furthest(&self) -> Vec<&LooCard> {
        let off = |c: &LooCard| (c.cost / c.estimate).ln().abs();
        let mut cards: Vec<&LooCard> = self.cards.iter().collect();
        cards.sort_by(|a, b| off(b).total_cmp(&off(a)));
        cards
    }
}

/// Leave-one-out over `rr`'s priced references (see the module doc), with `fair`'s misses for
/// the worst-fitting matchups and `z` for the intervals. `None` when fewer than four distinct
/// cards have a cost (three must stay to fit a curve with scatter).
pub fn leave_one_out(rr: &RoundRobin, fair: &FairCost, z: f64) -> Option<Health> {
    let groups = rr.priced_groups();
    if groups.len() < 4 {
        return None;
    }
    let mut cards = Vec::new();
    for g in &groups {
        let others = fit(&rr.without(g), z);
        let (Some(c), cost) = (others.cost, rr.costs[g[0]].unwrap_or(0.0)) else { continue };
        cards.push(LooCard {
            reference: g[0],
            twins: g[1..].to_vec(),
            cost,
            rating: others.cand.estimate,
            estimate: c.estimate,
            ci95: c.ci95,
            inside: c.ci95[0] <= cost && cost <= c.ci95[1],
        });
    }
    if cards.is_empty() {
        return None;
    }
    let mut widths: Vec<f64> = cards.iter().map(|c| c.ci95[1] / c.ci95[0]).collect();
    widths.sort_by(f64::total_cmp);
    let m = widths.len();
    let median_width = if m % 2 == 1 { widths[m / 2] } else { (widths[m / 2 - 1] + widths[m / 2]) / 2.0 };
    let inside = cards.iter().filter(|c| c.inside).count();
    let mut worst: Vec<Miss> = fair.misses.iter().filter(|m| m.fighter.is_some()).copied().collect();
    worst.sort_by(|a, b| (b.played - b.predicted).abs().total_cmp(&(a.played - a.predicted).abs()));
    // One duel per pair of different cards: a twin's copy of the same miss says nothing new.
    let mut pairs = Vec::new();
    worst.retain(|m| {
        let pair = (m.fighter.map(|f| rr.same[f]), rr.same[m.opponent]);
        let new = !pairs.contains(&pair);
        pairs.push(pair);
        new
    });
    worst.truncate(3);
    let mut all: Vec<Vec<usize>> = Vec::new();
    for i in 0..rr.same.len() {
        match all.iter_mut().find(|d| rr.same[d[0]] == rr.same[i]) {
            Some(d) => d.push(i),
            None => all.push(vec![i]),
        }
    }
    let duplicates = all.into_iter().filter(|d| d.len() > 1).collect();
    Some(Health { priced: cards.len(), inside, cards, median_width, worst_matchups: worst, duplicates })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::fair_cost::Score;

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
            same: RoundRobin::all_different(theta.len()),
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
        let h = leave_one_out(&rr, &fit(&rr, 1.96), 1.96).expect("seven priced cards");
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
        assert!(leave_one_out(&rr, &fit(&rr, 1.96), 1.96).is_none());
    }
}
