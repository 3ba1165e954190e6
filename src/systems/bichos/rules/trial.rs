//! Every ¡Bichos! trial a scenario cell can hold, as the one type the engine runs.
//!
//! In a file of its own because it names every trial, the duel's among them: each trial has its
//! file, built from the files of tables, damage and reaction tests below them, and this one uses
//! them all, so the uses run one way.

use super::duel::Duel;
use super::encounter::Encounter;
use super::opposed::Opposed;
use super::pursuit::Pursuit;
use super::reaction::Reaction;
use super::sequence::Sequence;
use super::shot::Shot;
use super::terrain::TerrainRoll;
use crate::dice::Dice;
use crate::engine::{Outcome, Shape, Trial};

/// Every ¡Bichos! trial a scenario cell can hold.
#[derive(Clone, Debug, PartialEq)]
pub enum TrialBichos {
    Shot(Shot),
    Sequence(Sequence),
    Reaction(Reaction),
    Opposed(Opposed),
    Encounter(Encounter),
    Pursuit(Pursuit),
    Terrain(TerrainRoll),
    Duel(Duel),
}

impl Trial for TrialBichos {
    fn shape(&self) -> Shape {
        match self {
            TrialBichos::Shot(t) => t.shape(),
            TrialBichos::Sequence(t) => t.shape(),
            TrialBichos::Reaction(t) => t.shape(),
            TrialBichos::Opposed(t) => t.shape(),
            TrialBichos::Encounter(t) => t.shape(),
            TrialBichos::Pursuit(t) => t.shape(),
            TrialBichos::Terrain(t) => t.shape(),
            TrialBichos::Duel(t) => t.shape(),
        }
    }

    #[inline]
    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        match self {
            TrialBichos::Shot(t) => t.run(dice),
            TrialBichos::Sequence(t) => t.run(dice),
            TrialBichos::Reaction(t) => t.run(dice),
            TrialBichos::Opposed(t) => t.run(dice),
            TrialBichos::Encounter(t) => t.run(dice),
            TrialBichos::Pursuit(t) => t.run(dice),
            TrialBichos::Terrain(t) => t.run(dice),
            TrialBichos::Duel(t) => t.run(dice),
        }
    }

    fn parts(&self) -> Option<Vec<Self>> {
        match self {
            TrialBichos::Shot(t) => Some(t.parts()?.into_iter().map(TrialBichos::Shot).collect()),
            _ => None,
        }
    }
}
