//! Leaving melee: the model's R dice against the highest C in contact.

use super::roll::successes;
use crate::dice::Dice;
use crate::engine::{Outcome, Shape, Trial};

/// Leaving melee: the model's R dice against the C dice of the enemy in contact with the
/// highest C; it leaves on at least as many successes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leave {
    pub r: i32,
    pub c: i32,
}

impl Trial for Leave {
    fn shape(&self) -> Shape {
        Shape::new(vec![], vec!["leaves"])
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let mut o = Outcome::default();
        let (a, b) = (successes(dice, self.r), successes(dice, self.c));
        o.flag(0, a >= b);
        o
    }
}
