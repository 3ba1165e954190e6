//! The reaction tests: one test of 2D6 against the modified FDV ([`reaction_test`]), the tests an
//! attack forces on its target and what they do ([`react`]), and what each test's outcomes mean
//! ([`REACTION_OUTCOMES`]).
//!
//! A file of its own because the shot, the sequence of attacks, the duel, the reaction-test trial
//! and the pursuit all take these tests, and the report prints their meanings.

use super::damage::State;
use super::readings::{HitRules, ShotTestOrder, WoundedTests};
use super::tables::Situation;
use crate::dice::{Dice, SumSet};

/// One reaction test (seed line 509): 2D6 ≤ modified FDV passes 1st (0); otherwise a second 2D6
/// ≤ passes 2nd (1); otherwise failed both (2).
///
/// The index of the first of up to two 2D6 rolls that pass ([`Dice::first_sum_in`]): the exact
/// evaluator branches three ways on it instead of on 11 × 11 totals.
pub fn reaction_test<D: Dice>(dice: &mut D, modified_fdv: i32) -> u8 {
    dice.first_sum_in(2, 2, SumSet::at_most(modified_fdv)) as u8
}

/// The reaction tests one attack forces on its target, and what they did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reacted {
    /// "Herido" result (0 passed 1st, 1 passed 2nd, 2 failed both), when taken.
    pub herido: Option<u8>,
    /// "Bajo fuego" result, when taken.
    pub bajo_fuego: Option<u8>,
    /// Failed both of a test: it flees (RES and FDV 0).
    pub flees: bool,
    /// Ducks back ("Agacharse"): "Bajo fuego" passed 2nd, or "Herido" passed 2nd under fire.
    pub ducks: bool,
}

/// The reaction tests after one attack (seed lines 309–345): a wounded figure tests "Herido" at
/// once (passed 2nd: FDV −1 and, under fire, it ducks; in melee it retreats and keeps fighting;
/// failed both: flees); a figure shot at, hit or missed, tests "Bajo fuego" (passed 2nd: ducks;
/// failed both: flees). A figure wounded by a shot takes both unless the reading is
/// `herido_only`, in the order of `shot_test_order` (default "Herido" first), the second only if it
/// has not fled. A dead or fled figure tests nothing. `modifier` is the sum of the reaction
/// modifiers that apply (e.g. +1 in cover).
pub fn react<D: Dice>(
    dice: &mut D,
    state: &mut State,
    wounded: bool,
    shot: bool,
    modifier: i32,
    rules: &HitRules,
) -> Reacted {
    let mut out = Reacted::default();
    if state.dead || state.fled() {
        return out;
    }
    let mut bajo_fuego = shot && (!wounded || rules.wounded_tests == WoundedTests::Both);
    if bajo_fuego && wounded && rules.test_order == ShotTestOrder::BajoFuegoFirst {
        if bajo_fuego_test(dice, state, modifier, rules, &mut out) {
            return out;
        }
        bajo_fuego = false;
    }
    if wounded {
        let h = reaction_test(dice, state.fdv as i32 + modifier);
        out.herido = Some(h);
        match h {
            0 => {}
            1 => {
                state.fdv = state.fdv.saturating_sub(1);
                out.ducks |= shot;
            }
            _ => {
                state.flee(rules.flee_res);
                out.flees = true;
                out.ducks = false;
                return out;
            }
        }
    }
    if bajo_fuego {
        bajo_fuego_test(dice, state, modifier, rules, &mut out);
    }
    out
}

/// "Bajo fuego" (seed lines 317–325): passed 2nd, it ducks back; failed both, it flees. Returns
/// whether it fled.
fn bajo_fuego_test<D: Dice>(
    dice: &mut D,
    state: &mut State,
    modifier: i32,
    rules: &HitRules,
    out: &mut Reacted,
) -> bool {
    let b = reaction_test(dice, state.fdv as i32 + modifier);
    out.bajo_fuego = Some(b);
    match b {
        0 => false,
        1 => {
            out.ducks = true;
            false
        }
        _ => {
            state.flee(rules.flee_res);
            out.flees = true;
            out.ducks = false;
            true
        }
    }
}

/// The reaction modifiers a target's situation gives: in cover +1 (seed line 303).
pub fn situation_modifier(s: &Situation) -> i32 {
    s.cover as i32
}

/// What each reaction test's outcomes mean (passed 1st, passed 2nd, failed both).
pub const REACTION_OUTCOMES: [(&str, &str, &str, &str); 6] = [
    (
        "¿Ahora qué? (a target appears from hiding)",
        "acts",
        "opposed 1D6 + FDV, higher acts first, re-roll ties",
        "frozen",
    ),
    ("Bajo fuego (shot at)", "finishes its move", "ducks back", "flees"),
    ("Cargando (wants to charge)", "completes the charge", "stops and shoots", "ducks back"),
    (
        "Herido (wounded)",
        "keeps fighting",
        "retreats 2 cm [1\"], FDV −1 (in melee keeps fighting; under fire ducks)",
        "flees",
    ),
    ("Asaltado (being charged)", "waits and fires", "waits, no fire", "flees"),
    ("Líder muerto (leader dead)", "carries on", "ducks back", "flees"),
];
