//! One reaction test at a given modified FDV, as a trial of its own (the tests an attack forces
//! are in `react.rs`).

use super::react::reaction_test;
use crate::dice::Dice;
use crate::engine::{Outcome, Shape, Trial};

/// A reaction test: 2D6 ≤ modified FDV passes 1st; otherwise a second 2D6 ≤ passes 2nd.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reaction {
    pub modified_fdv: i8,
}

impl Trial for Reaction {
    fn shape(&self) -> Shape {
        Shape::new(vec![("result", 2)], vec!["passed_1st", "passed_2nd", "failed_both"])
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let result = reaction_test(dice, self.modified_fdv as i32);
        let mut o = Outcome::default();
        o.metrics[0] = result as u16;
        o.flag(result as usize, true);
        o
    }
}
