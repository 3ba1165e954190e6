//! What a solve of the exact 2013 duel gives ([`Solution`]), with every decision point the duel
//! can reach ([`Situation`]): what the report shows.
//!
//! A file of its own because the dynamic programme (`dp.rs`) fills it in and the solver's entry
//! points (`mod.rs`) hand it out.

use crate::systems::batman::markers::Markers;

/// A decision point of the solved duel, as the report shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Situation {
    pub round: u8,
    /// The side that took the lead (activates first).
    pub leader: usize,
    pub markers: [Markers; 2],
    pub fallen: [bool; 2],
    /// P(the duel passes through this point, with this leader).
    pub reach: f64,
    /// (AC, DC) of A and B under the solved play.
    pub split: [(u8, u8); 2],
    /// (AC, DC) each side's configured policy would place here.
    pub policy: [(u8, u8); 2],
    /// Full splits each side could choose from here.
    pub options: [usize; 2],
}

/// The solved duel.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    pub win: [f64; 2],
    pub draw: f64,
    pub casualty: [f64; 2],
    /// `rounds[k]` = P(the duel lasts exactly k rounds); `rounds[0]` = P(no round can start).
    pub rounds: Vec<f64>,
    /// `down_round[s][k]`: P(side s first puts the other down in round k); index 0: never.
    /// Empty in the analysis' programmes but the configured one.
    pub down_round: [Vec<f64>; 2],
    /// Expected markers (★ + ♦) each side places on the other.
    pub dealt: [f64; 2],
    /// Expected Attack counters each side strikes with.
    pub strikes: [f64; 2],
    /// Every decision point the duel can reach, in the order first reached.
    pub situations: Vec<Situation>,
    /// Distinct states between rounds that were valued.
    pub states: usize,
}

impl Solution {
    pub fn mean_rounds(&self) -> f64 {
        self.rounds.iter().enumerate().map(|(k, p)| k as f64 * p).sum()
    }
}
