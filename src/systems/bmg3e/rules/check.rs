//! The 2019 check: an own-characteristic check (keep the two lowest dice) or an opposed one
//! (keep the two highest).

use super::readings::{OneDie, Readings};
use crate::dice::{Dice, keep_two_highest, keep_two_lowest};
use crate::engine::{Outcome, Shape, Trial};

/// Own-characteristic check (keep two lowest, pass if ≤ X) or opposed check (keep two highest,
/// pass if > X).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckKind {
    Own,
    Opposed,
}

/// Everything needed to set up one check.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckSetup {
    pub kind: CheckKind,
    /// The rolling model's Special.
    pub special: u8,
    /// The rolling model is K.O. (−1 die).
    pub ko: bool,
    /// Effort `★` enemies spend to remove dice (−1 die each).
    pub enemy_effort: u8,
    /// The characteristic X compared against.
    pub value: u8,
    pub readings: Readings,
}

/// Metric and event names of a check (JSON schema v1).
pub const CHECK_METRICS: [&str; 2] = ["dice", "sum"];
pub const CHECK_EVENTS: [&str; 1] = ["pass"];

/// A ready-to-roll check.
#[derive(Clone, Debug, PartialEq)]
pub struct Check {
    pub kind: CheckKind,
    /// Dice rolled (after modifiers, at least 1).
    pub dice: u32,
    pub value: u32,
    pub one_die: OneDie,
}

impl Check {
    /// Dice count after modifiers: Special − K.O. − enemy effort, minimum 1.
    pub fn new(s: &CheckSetup) -> Check {
        let m = (s.special as i32 - s.ko as i32 - s.enemy_effort as i32).max(1) as u32;
        Check { kind: s.kind, dice: m, value: s.value as u32, one_die: s.readings.check_with_one_die }
    }

    /// Whether a kept sum passes.
    pub fn passes(&self, sum: u32) -> bool {
        match self.kind {
            CheckKind::Own => sum <= self.value,
            CheckKind::Opposed => sum > self.value,
        }
    }
}

impl Trial for Check {
    fn shape(&self) -> Shape {
        Shape::new(vec![("dice", self.dice as usize), ("sum", 12)], CHECK_EVENTS.to_vec())
    }

    #[inline]
    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let sum = if self.dice == 1 {
            match self.one_die {
                OneDie::Plain2d6 => dice.sum_d6(2),
                OneDie::SingleDie => dice.d6() as u32,
            }
        } else {
            match self.kind {
                CheckKind::Own => keep_two_lowest(dice, self.dice),
                CheckKind::Opposed => keep_two_highest(dice, self.dice),
            }
        };
        let mut o = Outcome::default();
        o.metrics[0] = self.dice as u16;
        o.metrics[1] = sum as u16;
        o.flag(0, self.passes(sum));
        o
    }
}
