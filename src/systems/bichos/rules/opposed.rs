//! "¿Ahora qué?": the opposed 1D6 + FDV roll of two figures, ties re-rolled.

use crate::dice::Dice;
use crate::engine::{Outcome, Shape, Trial};

/// "¿Ahora qué?": each side rolls 1D6 + FDV, higher acts first, ties re-rolled. With equal FDV
/// this is also the activation tie-break between two figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opposed {
    pub a_fdv: u8,
    pub b_fdv: u8,
}

impl Trial for Opposed {
    fn shape(&self) -> Shape {
        Shape::new(vec![("rolls", 20)], vec!["a_first"])
    }

    /// A [`Dice::roll_off`] (A's die, then B's, until they differ): its exact distribution is a
    /// geometric series, with the rolls from the 20th on reported as 20.
    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let (a_first, rolls) = dice.roll_off(self.a_fdv, self.b_fdv, 20);
        let mut o = Outcome::default();
        o.metrics[0] = rolls as u16;
        o.flag(0, a_first);
        o
    }
}
