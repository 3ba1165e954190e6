//! The terrain type roll (2D6).

use super::tables::roll_2d6;
use crate::dice::Dice;
use crate::engine::{Outcome, Shape, Trial};

/// Terrain type: 2D6 — 5–8 open, 4 or 9 jungle/swamp, 3 or 10 rocky, 2/11/12 mountain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TerrainRoll;

impl Trial for TerrainRoll {
    fn shape(&self) -> Shape {
        Shape::new(vec![("roll", 12)], vec!["open", "jungle_swamp", "rocky", "mountain"])
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let r = roll_2d6(dice);
        let mut o = Outcome::default();
        o.metrics[0] = r as u16;
        let k = match r {
            5..=8 => 0,
            4 | 9 => 1,
            3 | 10 => 2,
            _ => 3,
        };
        o.flag(k, true);
        o
    }
}
