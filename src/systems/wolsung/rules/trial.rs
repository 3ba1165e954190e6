//! Every Wolsung trial a scenario cell can hold, as the one type the engine runs.
//!
//! In a file of its own because it names every trial, the duel's among them: each trial's file
//! and the duel use the files of cards, feats and rolls below them, and this one uses them all,
//! so the uses run one way.

use super::bid::Bid;
use super::duel::Duel;
use super::leave::Leave;
use super::magic::Magic;
use super::melee::Melee;
use super::shooting::ShootingTurn;
use crate::dice::Dice;
use crate::engine::{Outcome, Shape, Trial};

/// Every Wolsung trial.
#[derive(Clone, Debug, PartialEq)]
pub enum TrialWolsung {
    Shooting(ShootingTurn),
    Melee(Melee),
    Magic(Magic),
    Bid(Bid),
    Leave(Leave),
    Duel(Duel),
}

impl Trial for TrialWolsung {
    fn shape(&self) -> Shape {
        match self {
            TrialWolsung::Shooting(t) => t.shape(),
            TrialWolsung::Melee(t) => t.shape(),
            TrialWolsung::Magic(t) => t.shape(),
            TrialWolsung::Bid(t) => t.shape(),
            TrialWolsung::Leave(t) => t.shape(),
            TrialWolsung::Duel(t) => t.shape(),
        }
    }

    #[inline]
    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        match self {
            TrialWolsung::Shooting(t) => t.run(dice),
            TrialWolsung::Melee(t) => t.run(dice),
            TrialWolsung::Magic(t) => t.run(dice),
            TrialWolsung::Bid(t) => t.run(dice),
            TrialWolsung::Leave(t) => t.run(dice),
            TrialWolsung::Duel(t) => t.run(dice),
        }
    }
}
