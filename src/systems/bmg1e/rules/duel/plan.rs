//! What the exact duel and the sampled one share: how a side splits its counters ([`Split`], and
//! [`Decider`] for the solver), the state between two rounds ([`Pos`]) and the splits solved for
//! every state ([`SplitPlan`]), which the sampled duel follows for an `optimal-win` fighter.
//!
//! A file of its own, below both: the duel (`mod.rs`) holds a [`SplitPlan`] and follows it, the
//! solver (`exact/`) builds it from the duel; neither needs the other's code for that.

use crate::systems::batman::markers::Markers;
use crate::systems::bmg1e::rules::card::Card;
use rustc_hash::FxHashMap as HashMap;

/// How a character splits its counters each round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Split {
    /// As many Attack counters as it may, the rest on Defense.
    AttackFirst,
    /// Half on Attack (rounded up), the rest on Defense.
    Balanced,
    /// As many Defense counters as it may, the rest on Attack.
    DefendFirst,
}

impl Split {
    /// Config names.
    pub const ALL: [(&'static str, Split); 3] =
        [("attack_first", Split::AttackFirst), ("balanced", Split::Balanced), ("defend_first", Split::DefendFirst)];

    /// In words, as reports show it.
    pub fn words(self) -> &'static str {
        match self {
            Split::AttackFirst => "attack first",
            Split::Balanced => "balanced",
            Split::DefendFirst => "defend first",
        }
    }

    /// (AC, DC) for `avail` counters.
    pub fn split(self, c: &Card, avail: u8) -> (u8, u8) {
        match self {
            Split::AttackFirst => {
                let ac = c.attack.min(avail);
                (ac, c.defense.min(avail - ac))
            }
            Split::DefendFirst => {
                let dc = c.defense.min(avail);
                (c.attack.min(avail - dc), dc)
            }
            Split::Balanced => {
                let ac = c.attack.min(avail.div_ceil(2));
                let dc = c.defense.min(avail - ac);
                (c.attack.min(avail - dc), dc)
            }
        }
    }
}

/// How one side splits its counters in [`solve`](super::exact::solve).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decider {
    /// By this fixed policy every round.
    Fixed(Split),
    /// To maximise its own chance to win the duel, looking ahead over the whole duel.
    Optimize,
}

/// The duel between two rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Pos {
    /// Take-the-Lead counters of A and B left in the bag.
    pub(super) bag: [u8; 2],
    pub(super) m: [Markers; 2],
    pub(super) fallen: [bool; 2],
    pub(super) armor: [u8; 2],
}

/// Hashed as one number (who lies down shares a byte, and so do both *Power Armors*: equal
/// positions always hash alike, a rare pair of others may collide).
impl std::hash::Hash for Pos {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let Pos { bag, m, fallen, armor } = self;
        state.write_u64(u64::from_le_bytes([
            bag[0],
            bag[1],
            m[0].stun,
            m[0].wounds,
            m[1].stun,
            m[1].wounds,
            (fallen[0] as u8) | (fallen[1] as u8) << 1,
            armor[0] | armor[1] << 4,
        ]));
    }
}

/// The splits both sides place in every situation the duel can reach (after the Take-the-Lead
/// draw), as solved: what the sampled duel follows for an `optimal-win` fighter.
#[derive(Clone, Debug, PartialEq)]
pub struct SplitPlan(pub(super) HashMap<(Pos, usize), [(u8, u8); 2]>);

impl SplitPlan {
    /// The splits when `leader` was drawn from a bag holding `bag` (before the draw).
    pub fn get(
        &self,
        bag: [u32; 2],
        m: [Markers; 2],
        fallen: [bool; 2],
        armor: [u8; 2],
        leader: usize,
    ) -> [(u8, u8); 2] {
        let pos = Pos { bag: bag.map(|b| b as u8), m, fallen, armor };
        self.0.get(&(pos, leader)).copied().expect("the plan covers every situation the duel can reach")
    }
}
