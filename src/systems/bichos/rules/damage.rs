//! What one attack does to one figure: its state as it takes damage ([`State`]) and the source's
//! order of the firing, impact and wound tables ([`resolve`]).
//!
//! A file of its own because the shot, the sequence of attacks and the duel all resolve attacks
//! this way.

use super::profile::Profile;
use super::readings::{FleeRes, WoundLowFdv};
use super::tables::{Fire, Situation, fire, impact, roll_2d6, wound_kills_at};
use crate::dice::Dice;

/// A figure's state as it takes damage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
    pub res: i32,
    pub fdv: u8,
    pub knocked_down: bool,
    pub dead: bool,
    /// Fled on a failed reaction test (RES ≤ 0 is a flight too, see [`State::fled`]).
    pub fled_test: bool,
}

impl State {
    /// A fresh figure.
    pub fn new(p: &Profile) -> Self {
        State { res: p.res as i32, fdv: p.fdv, knocked_down: false, dead: false, fled_test: false }
    }

    /// RES ≤ 0, or a failed reaction test: the figure has fled.
    pub fn fled(&self) -> bool {
        self.res <= 0 || self.fled_test
    }

    /// Lose `n` RES at once and check RES (seed lines 482, 505): RES ≤ 0 → FDV 0 and it flees;
    /// RES ≤ −(starting RES) → dead.
    pub fn lose(&mut self, n: u32, start_res: u16) {
        self.res -= n as i32;
        if self.res <= 0 {
            self.fdv = 0;
        }
        if self.res <= -(start_res as i32) {
            self.dead = true;
        }
    }

    /// "Huir" (summary D5, seed line 82): "RES y FDV = 0" — RES per the `flee_res` reading (a
    /// figure already below 0 keeps its RES either way).
    pub fn flee(&mut self, res: FleeRes) {
        if res == FleeRes::Zero {
            self.res = self.res.min(0);
        }
        self.fdv = 0;
        self.fled_test = true;
    }
}

/// What one resolved hit did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HitResult {
    pub res_lost: u32,
    pub critical: bool,
    pub impact_h: bool,
}

/// Resolve one attack on one target in `state`, in the source's order: the firing table; a wound
/// loses HDA + damage dice − BLD RES at once and RES is checked (seed lines 482, 505); a critical
/// wound rolls the impact table: a number is lost as well and RES checked again; an "H" loses 10
/// more, knocks the figure down, RES is checked, and only then the wound table is rolled against
/// its **current** FDV ("su valor actual de FDV", line 501) — 0 if it has just fled.
#[allow(clippy::too_many_arguments)]
pub fn resolve<D: Dice>(
    dice: &mut D,
    shooter_hda: u8,
    damage_dice: u8,
    pot: u8,
    target: &Profile,
    situation: &Situation,
    state: &mut State,
    low: WoundLowFdv,
) -> (Fire, HitResult) {
    let f = fire(roll_2d6(dice), situation, shooter_hda);
    let mut r = HitResult::default();
    if f == Fire::Miss || state.dead {
        return (f, r);
    }
    let sum = dice.sum_d6(damage_dice as u32);
    let base = (shooter_hda as u32 + sum).saturating_sub(target.bld as u32);
    state.lose(base, target.res);
    r.res_lost = base;
    if f == Fire::Critical {
        r.critical = true;
        match impact(roll_2d6(dice), pot) {
            Some(v) => {
                state.lose(v as u32, target.res);
                r.res_lost += v as u32;
            }
            None => {
                r.impact_h = true;
                state.lose(10, target.res);
                r.res_lost += 10;
                state.knocked_down = true;
                if !state.dead {
                    if wound_kills_at(roll_2d6(dice), state.fdv, low) {
                        state.dead = true;
                    } else {
                        state.fdv = state.fdv.saturating_sub(1);
                    }
                }
            }
        }
    }
    (f, r)
}
