//! Every 2013 trial a scenario cell can hold, as the one type the engine runs.
//!
//! In a file of its own because it names every trial, the exchange's and the duel's among them:
//! each is built from the files of cards, setups and attacks below them, and this one uses them
//! all, so the uses run one way.

use super::attack::Attack;
use super::counters::Exchange;
use super::duel::Duel;
use super::procedures::{Check, LetsGo, Movement, Recovery, Riddle, TakeTheLead};
use crate::dice::Dice;
use crate::engine::{Outcome, Shape, Trial};

/// Every 2013 trial a scenario cell can hold (static dispatch, no trait objects).
#[derive(Clone, Debug, PartialEq)]
pub enum Trial1e {
    Attack(Attack),
    Check(Check),
    Recovery(Recovery),
    TakeTheLead(TakeTheLead),
    LetsGo(LetsGo),
    Movement(Movement),
    Riddle(Riddle),
    Exchange(Exchange),
    /// Pass chances: a deterministic count (every trial gives the same value, no dice).
    Passing(u8),
    Duel(Duel),
}

impl Trial for Trial1e {
    fn shape(&self) -> Shape {
        match self {
            Trial1e::Attack(t) => t.shape(),
            Trial1e::Check(t) => t.shape(),
            Trial1e::Recovery(t) => t.shape(),
            Trial1e::TakeTheLead(t) => t.shape(),
            Trial1e::LetsGo(t) => t.shape(),
            Trial1e::Movement(t) => t.shape(),
            Trial1e::Riddle(t) => t.shape(),
            Trial1e::Exchange(t) => t.shape(),
            Trial1e::Passing(n) => Shape::new(vec![("passes", *n as usize)], vec!["any_pass"]),
            Trial1e::Duel(t) => t.shape(),
        }
    }

    #[inline]
    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        match self {
            Trial1e::Attack(t) => t.run(dice),
            Trial1e::Check(t) => t.run(dice),
            Trial1e::Recovery(t) => t.run(dice),
            Trial1e::TakeTheLead(t) => t.run(dice),
            Trial1e::LetsGo(t) => t.run(dice),
            Trial1e::Movement(t) => t.run(dice),
            Trial1e::Riddle(t) => t.run(dice),
            Trial1e::Exchange(t) => t.run(dice),
            Trial1e::Duel(t) => t.run(dice),
            Trial1e::Passing(n) => {
                let mut o = Outcome::default();
                o.metrics[0] = *n as u16;
                o.flag(0, *n > 0);
                o
            }
        }
    }
}
