//! A pursuit: MOV + ½D6, then an FDV test each turn, halving MOV while it fails.

use super::react::reaction_test;
use super::readings::{PursuitHalving, PursuitTest, Units};
use super::tables::roll_2d6;
use crate::dice::Dice;
use crate::engine::{Outcome, Shape, Trial};

/// Pursuit (summary D8, seed line 82): MOV + ½D6 (D3: 2/5/7 cm or 1/2/3"); after that full turn
/// the pursuer tests FDV each turn (2D6 ≤ FDV stops it), a failure pursues another turn at half the
/// previous MOV, "hasta detención o MOV a 2cm [1\"]": the halving stops at the first MOV ≤ 2 cm
/// [1"], which is still pursued (20 → 10 → 5 → 2 cm; 30 → 15 → 7 → 3 → 1 cm; 12 → 6 → 3 → 1").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pursuit {
    pub mov: u16,
    pub fdv: u8,
    pub units: Units,
    pub halving: PursuitHalving,
    pub test: PursuitTest,
}

impl Trial for Pursuit {
    fn shape(&self) -> Shape {
        Shape::new(
            vec![("first_turn", self.mov as usize + 7), ("total", 2 * self.mov as usize + 8), ("turns", 12)],
            vec!["pursues_a_second_turn"],
        )
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let d3 = dice.d6().div_ceil(2);
        let bonus = match self.units {
            Units::Cm => [2u16, 5, 7][d3 as usize - 1],
            Units::Inches => d3 as u16,
        };
        let first = self.mov + bonus;
        let floor = if self.units == Units::Cm { 2 } else { 1 };
        // In 64ths of the unit: exact for every fractional half down to the floor (MOV ≤ 100).
        const SCALE: u32 = 64;
        let (mut rest, mut turns, mut mov) = (0u32, 1u16, self.mov as u32 * SCALE);
        let fails = |dice: &mut D| match self.test {
            PursuitTest::Single => roll_2d6(dice) > self.fdv,
            PursuitTest::Reaction => reaction_test(dice, self.fdv as i32) == 2,
        };
        while mov > floor * SCALE && fails(dice) {
            mov = match self.halving {
                PursuitHalving::RoundDown => (mov / SCALE / 2) * SCALE,
                PursuitHalving::Fractional => mov / 2,
            };
            rest += mov;
            turns += 1;
        }
        // Fractional totals are rounded to the nearest whole unit (halves up).
        let total = first + ((rest + SCALE / 2) / SCALE) as u16;
        let mut o = Outcome::default();
        o.metrics[0] = first;
        o.metrics[1] = total;
        o.metrics[2] = turns;
        o.flag(0, turns > 1);
        o
    }
}
