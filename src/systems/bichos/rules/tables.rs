//! The printed tables as pure functions of the 2D6 roll: the firing table (with the situation of
//! the target it reads), the impact table and the wound table.
//!
//! A file of its own because the damage procedure reads all three and the tests check them
//! against every printed cell; the pursuit and the terrain roll throw the same 2D6.

use super::readings::WoundLowFdv;
use crate::dice::Dice;

/// The circumstances of one target of one attack.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Situation {
    pub long_range: bool,
    /// The shooter moved ≥ 30 cm [12"] this turn.
    pub shooter_moved_far: bool,
    /// The target moved ≥ 30 cm [12"].
    pub target_moved_far: bool,
    pub cover: bool,
    /// 1, 2 or 3 (figures beyond the third use the third's rows).
    pub target_index: u8,
}

/// What the firing table gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fire {
    Miss,
    Light,
    Critical,
}

/// The firing table (shooting and melee alike) as a pure function of the 2D6 roll.
pub fn fire(roll: u8, s: &Situation, shooter_hda: u8) -> Fire {
    use Fire::*;
    let later = s.target_index >= 2;
    match roll {
        2 => Critical,
        3 => {
            if s.long_range {
                Miss
            } else {
                Light
            }
        }
        4 | 7 | 10 => Miss,
        5 => {
            if s.shooter_moved_far && later {
                Miss
            } else {
                Critical
            }
        }
        6 => {
            if shooter_hda <= 5 {
                Miss
            } else {
                Light
            }
        }
        8 => {
            if s.cover || s.target_index >= 3 {
                Miss
            } else {
                Critical
            }
        }
        9 => {
            if s.target_moved_far || s.long_range {
                Miss
            } else {
                Light
            }
        }
        11 => {
            if shooter_hda >= 9 {
                Critical
            } else {
                Light
            }
        }
        12 => {
            if s.long_range {
                Miss
            } else {
                Critical
            }
        }
        _ => panic!("2D6 roll out of range: {roll}"),
    }
}

/// Impact table: `roll + POT − 4`; `None` is "H" (above 10).
pub fn impact(roll: u8, pot: u8) -> Option<u8> {
    let v = roll as i32 + pot as i32 - 4;
    if v > 10 { None } else { Some(v.max(0) as u8) }
}

/// Wound table: "M" (dead) when `roll + FDV ≤ 13`, otherwise FDV −1 (every printed cell, FDV 2–12).
pub fn wound_kills(roll: u8, fdv: u8) -> bool {
    roll as u32 + fdv as u32 <= 13
}

/// The wound table at any FDV, with the `wound_table_low_fdv` reading for FDV 0–1.
pub fn wound_kills_at(roll: u8, fdv: u8, low: WoundLowFdv) -> bool {
    match low {
        WoundLowFdv::Extend => wound_kills(roll, fdv),
        WoundLowFdv::Clamp => wound_kills(roll, fdv.max(2)),
    }
}

/// A 2D6 roll (a table's row).
pub(super) fn roll_2d6<D: Dice>(dice: &mut D) -> u8 {
    dice.sum_d6(2) as u8
}
