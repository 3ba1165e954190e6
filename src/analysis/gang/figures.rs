//! What a report shows of a sequence (JSON `gang`): the listed order, the best and worst orders
//! fixed in advance and the adaptive plan, each with its survival curve, worked out once by the
//! cell ([`super::GangTrial`]) and read by every view. A leaf: the cell traits name it, so it
//! uses nothing of the module.

use serde::Serialize;

/// How the figures are computed, for reports.
pub const METHOD: &str = "dynamic programming over every state the target can reach, from the exact law of each attack; every distinct order searched; exact up to double-precision rounding";

/// One way of sending the attackers in (an order fixed in advance, or the adaptive plan).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OrderFigures {
    /// The attackers in the order they act each turn (indices into [`GangFigures::attackers`]);
    /// empty for the adaptive plan, which picks the next from the target's state.
    pub order: Vec<usize>,
    /// P(the target is out by the end).
    pub p_out: f64,
    /// P(out by each attack), cumulative, attack by attack over the turns: the survival curve is
    /// one minus it.
    pub out_by: Vec<f64>,
    /// P(out), per way out (in [`GangFigures::ways`] order).
    pub ways: Vec<f64>,
    /// Expected damage on the target when the sequence ends.
    pub mean_damage: f64,
}

impl OrderFigures {
    /// P(out by the end of each turn).
    pub fn by_turn(&self, attackers: usize) -> Vec<f64> {
        self.out_by.chunks(attackers.max(1)).map(|c| *c.last().unwrap_or(&0.0)).collect()
    }

    /// What each attack adds to P(out), attack by attack (the marginal contributions).
    pub fn adds(&self) -> Vec<f64> {
        let mut prev = 0.0;
        self.out_by
            .iter()
            .map(|&x| {
                let d = x - prev;
                prev = x;
                d
            })
            .collect()
    }
}

/// Everything a report shows of a sequence of attacks on one target.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GangFigures {
    pub method: &'static str,
    /// The attackers as listed, by name.
    pub attackers: Vec<String>,
    /// Taking the target out, as a verb phrase naming it ("put Batman out of action").
    pub goal: String,
    /// What the target does not do between the attackers, as a sentence.
    pub between: String,
    pub turns: u8,
    /// The ways out (event names).
    pub ways: Vec<&'static str>,
    /// The states the target can reach.
    pub states: usize,
    /// Distinct orders fixed in advance valued by the search.
    pub orders: u64,
    pub listed: OrderFigures,
    pub best: OrderFigures,
    pub worst: OrderFigures,
    pub adaptive: OrderFigures,
}
