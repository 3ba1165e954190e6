//! What the exact duel hands the sampled one: how each side's effort is decided ([`Decider`]),
//! the index of every decision point ([`Space`]) and the effort pair played at each ([`Plan`]).
//!
//! A file of its own, below both: the duel holds a [`Plan`] and follows it when it samples, the
//! exact solver (`exact.rs`) builds the duel's plan; neither needs the other's code for that.

use crate::systems::batman::markers::Markers;
use crate::systems::bmg3e::rules::card::Profile;

/// How one side's effort is decided in [`solve`](super::exact::solve).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decider {
    /// By the fighter's per-attack table (its configured policy).
    Table,
    /// To maximise its own chance to win the duel, looking ahead over the whole duel.
    Optimize,
}

/// Indices of duel states: a fighter's markers (★ 0..=Willpower, ♦ 0..=Endurance) and the
/// decision points (round, first or second activation, both fighters' markers, contact, who
/// won Take the Lead).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Space {
    /// Endurance + 1 per side (♦ values).
    wounds: [usize; 2],
    /// Marker states per side.
    n: [usize; 2],
    pub(super) rounds: usize,
}

impl Space {
    /// The states of a duel between the cards `profiles` (A, B) over `rounds` rounds.
    pub(super) fn new(profiles: [&Profile; 2], rounds: u8) -> Space {
        let w = |s: usize| profiles[s].endurance as usize + 1;
        let n = |s: usize| (profiles[s].willpower as usize + 1) * w(s);
        Space { wounds: [w(0), w(1)], n: [n(0), n(1)], rounds: rounds as usize }
    }

    fn side(&self, s: usize, m: Markers) -> usize {
        m.stun as usize * self.wounds[s] + m.wounds as usize
    }

    fn markers(&self, s: usize, i: usize) -> Markers {
        Markers { stun: (i / self.wounds[s]) as u8, wounds: (i % self.wounds[s]) as u8 }
    }

    pub(super) fn pairs(&self) -> usize {
        self.n[0] * self.n[1]
    }

    pub(super) fn pair(&self, m: [Markers; 2]) -> usize {
        self.side(0, m[0]) * self.n[1] + self.side(1, m[1])
    }

    pub(super) fn unpair(&self, p: usize) -> [Markers; 2] {
        [self.markers(0, p / self.n[1]), self.markers(1, p % self.n[1])]
    }

    /// A decision point: round `r` (1-based), `stage` 0 (first activation) or 1, markers,
    /// contact, `first` (the side that won Take the Lead).
    pub(super) fn act(&self, r: usize, stage: usize, pair: usize, contact: bool, first: usize) -> usize {
        (((r - 1) * 2 + stage) * self.pairs() + pair) * 4 + contact as usize * 2 + first
    }

    pub(super) fn acts(&self) -> usize {
        self.rounds * 2 * self.pairs() * 4
    }

    /// The inverse of [`Space::act`].
    pub(super) fn unact(&self, i: usize) -> (usize, usize, usize, bool, usize) {
        let (rest, cf) = (i / 4, i % 4);
        let (rs, pair) = (rest / self.pairs(), rest % self.pairs());
        (rs / 2 + 1, rs % 2, pair, cf / 2 == 1, cf % 2)
    }
}

/// The effort pair at every decision point of a duel: what the sampled duel plays for an
/// `optimal-win` fighter (and, at the same points, the table choices of the other).
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    pub(super) space: Space,
    /// How each side was decided.
    pub deciders: [Decider; 2],
    /// `(target effort, attacker effort)`, [`Plan::UNSEEN`] where the solver never looked.
    pub(super) decisions: Vec<(u8, u8)>,
}

impl Plan {
    pub(super) const UNSEEN: (u8, u8) = (u8::MAX, u8::MAX);

    /// The effort pair in round `round` at activation `stage` (0: the Take the Lead winner's).
    #[inline]
    pub(super) fn get(&self, round: u16, stage: usize, m: [Markers; 2], contact: bool, first: usize) -> (u8, u8) {
        let d = self.decisions[self.space.act(round as usize, stage, self.space.pair(m), contact, first)];
        debug_assert_ne!(d, Self::UNSEEN, "the solver visits every reachable decision point");
        d
    }
}
