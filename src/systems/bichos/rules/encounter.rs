//! The bug encounter: whether a hole opens, when, where and how far, and what comes out of it;
//! the encounter number and the terrain modifiers it is made of.

use super::readings::{HoleDoubles, HoleTriples, Readings, Units};
use crate::dice::{Dice, SumSet};
use crate::engine::{Outcome, Shape, Trial};

/// Encounter check and what comes out of the hole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Encounter {
    /// 9 + terrain + holes − soldiers (max 6); a hole opens on 2D6 ≤ this.
    pub number: i8,
    /// Humans on the table (total attacking bugs = humans + 1D6).
    pub humans: u8,
    pub readings: Readings,
}

/// Metric names of an encounter (distance in the variant's units). Every metric describes the
/// hole **given that one opens**: the hole procedure is rolled in every trial, independently of
/// the encounter roll, so no "no hole" trial is counted as distance 0.
pub const ENCOUNTER_METRICS: [&str; 5] = ["tremor_turns", "distance", "total_bugs", "big_bugs", "first_bug_big"];
/// Events: whether a hole opens (this turn or after tremors) and, jointly, where.
pub const ENCOUNTER_EVENTS: [&str; 6] =
    ["hole_opens", "opens_this_turn", "hole_front", "hole_right", "hole_behind", "hole_left"];

/// Tremor turns are recorded up to this many, "30 or more" (chance 3^−30): the re-rolling itself
/// has no limit, so the direction is exactly 1/4 each way.
pub const TREMOR_CAP: u32 = 30;

/// The distance a hole opens at, in the variant's units.
pub fn hole_distance<D: Dice>(dice: &mut D, r: &Readings) -> u16 {
    match r.units {
        // Only the total matters unless three equal dice are special: 16 totals, not 216 faces.
        Units::Cm if r.hole_triples == HoleTriples::Multiply => dice.sum_d6(3) as u16 * 5,
        Units::Cm => {
            let (a, b, c) = (dice.d6() as u16, dice.d6() as u16, dice.d6() as u16);
            if a == b && b == c { a + b + c } else { (a + b + c) * 5 }
        }
        Units::Inches => {
            let (a, b) = (dice.d6() as u16, dice.d6() as u16);
            if a == b {
                match r.hole_doubles {
                    HoleDoubles::Multiply => a * b,
                    HoleDoubles::Sum => a + b,
                    HoleDoubles::OneDie => a,
                }
            } else {
                a * b
            }
        }
    }
}

/// The 2D6 totals of a big bug (seed 541–544): 2, 3, 10, 11, 12; 4–9 is a small one.
pub const BIG_BUG: SumSet = SumSet::of(&[2, 3, 10, 11, 12]);

/// Bug type: 2D6 of 2, 3, 10, 11, 12 is a big bug.
pub fn big_bug<D: Dice>(dice: &mut D) -> bool {
    dice.count_sums_in(1, 2, BIG_BUG) == 1
}

impl Trial for Encounter {
    fn shape(&self) -> Shape {
        Shape::new(
            vec![
                ("tremor_turns", TREMOR_CAP as usize),
                ("distance", 90),
                ("total_bugs", self.humans as usize + 6),
                ("big_bugs", self.humans as usize + 6),
                ("first_bug_big", 1),
            ],
            ENCOUNTER_EVENTS.to_vec(),
        )
    }

    /// Every roll here asks an aggregate question of the dice (2D6 ≤ the number; the first
    /// direction roll that is 1–4, and which, with the tremors before it; how many of the other bugs are big), so
    /// the exact evaluator walks a few hundred thousand sequences instead of the dice's 6^50.
    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let mut o = Outcome::default();
        let opens = dice.count_sums_in(1, 2, SumSet::at_most(self.number as i32)) == 1;
        // The hole, as it would open: rolled every trial so the metrics are conditional on a hole.
        // Direction: 1–4; 5–6 tremors, it opens next turn (re-roll then, as often as it takes:
        // seed l. 535). The tremor turns are recorded as at most 30 ("30 or more").
        let (delay, dir) = dice.reroll_until(TREMOR_CAP, 1, SumSet::between(1, 4));
        o.flag(0, opens);
        o.flag(1, opens && delay == 0);
        if opens && dir > 0 {
            o.flag(1 + dir as usize, true);
        }
        o.metrics[0] = delay as u16;
        o.metrics[1] = hole_distance(dice, &self.readings);
        let total = self.humans as u16 + dice.d6() as u16;
        // The first bug (at least one comes out), then how many of the others are big.
        let first_big = big_bug(dice);
        let big = first_big as u16 + dice.count_sums_in(total as u32 - 1, 2, BIG_BUG) as u16;
        o.metrics[2] = total;
        o.metrics[3] = big;
        o.metrics[4] = first_big as u16;
        o
    }
}

/// Encounter number: 9 + terrain modifier + holes on the table − soldiers (at most 6).
pub fn encounter_number(terrain_mod: i8, holes: u8, soldiers: u8) -> i8 {
    9 + terrain_mod + holes as i8 - soldiers.min(6) as i8
}

/// Terrain modifiers by config name.
pub const TERRAIN: [(&str, i8); 5] = [("jungle_swamp", 2), ("open", 1), ("rocky", -1), ("mountain", -2), ("city", -2)];
