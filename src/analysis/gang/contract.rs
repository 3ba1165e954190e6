//! The contract between a rule system and the many-against-one analysis ([`GangRules`]): what
//! the target's state is, what one attack and one turn's end do to it, when it is out. A file of
//! its own, below every other file of the analysis: each of them uses it.

use super::law::{Law, Play};
use crate::dice::Dice;
use crate::exact::NoExact;

/// The most attackers one sequence may list: orders are searched exhaustively (over distinct
/// orders: identical attackers are never told apart), and the adaptive plan is a table over every
/// subset of them.
pub const MAX_ATTACKERS: usize = 12;

/// The most turns a sequence may last (both Batman editions end a game after four rounds).
pub const MAX_TURNS: u8 = 4;

/// How a rule system plays many against one: the target's state and what each attacker's attack
/// and each turn's end do to it. Pure rule code, no analysis: see the module docs.
pub trait GangRules: std::fmt::Debug + Send + Sync + PartialEq + Clone + 'static {
    /// The target's state between two attacks: everything a later attack, the turn's end or the
    /// goal reads. Small and plain (it keys the tables).
    type State: Copy + Eq + std::hash::Hash + Ord + std::fmt::Debug + Send + Sync + 'static;
    /// What the rules keep between two laws they work out (the dice distributions met so far,
    /// laws of rolls many states share): one per build of the tables.
    type Scratch: Default;
    /// One attack ready to roll (its dice and damage worked out): see [`GangRules::roll`].
    type Roll: Send + Sync;

    /// How many attackers, in the listed order.
    fn attackers(&self) -> usize;
    /// How reports name attacker `i` ("Henchman with a baseball bat").
    fn label(&self, i: usize) -> String;
    /// Attackers with the same kind are the same model making the same choices: orders that only
    /// swap two of them are one order. Kinds are numbered from 0 in the order first listed.
    fn kind(&self, i: usize) -> usize;
    /// How many turns the attackers act (1..=[`MAX_TURNS`]).
    fn turns(&self) -> u8;
    /// The target's state before the first attack.
    fn start(&self) -> Self::State;
    /// The target's state before the first attack as a law, where the start itself is dealt
    /// (a Wolsung hero's hand dealt from the shared deck); default: [`GangRules::start`] for
    /// certain. No start state is out or waits in the middle of an attack.
    fn start_law(&self, _scratch: &mut Self::Scratch) -> Result<Law<Self::State>, NoExact> {
        Ok(Law::certain(self.start()))
    }
    /// The start dealt once (default: [`GangRules::start`]).
    fn sample_start<D: Dice>(&self, _dice: &mut D) -> Self::State {
        self.start()
    }
    /// How many steps one attack takes (default 1). An attack whose target chooses after seeing
    /// some of its dice is cut there: the 2013 target sees the impacts before it spends Defense
    /// counters on blocks, so a 2013 attack is the impact roll (step 0), then the blocks and the
    /// damage (step 1), the impacts waiting in the state between them.
    fn stages(&self) -> u8 {
        1
    }
    /// The step of an attack a target in state `s` waits for: 0 between attacks (every state a
    /// sequence starts from, or an attack, turn or sequence ends in). A law from a state of step
    /// k ≥ 1 leads to states of a later step or of step 0 (the attack done), never to step k
    /// again, and no state waiting in the middle of an attack is out.
    fn stage(&self, _s: Self::State) -> u8 {
        0
    }
    /// What attacker `i`'s attack depends on besides the target's state, from the attackers that
    /// acted before it in this turn (`before`: a bit per attacker index) and the turn (from 0):
    /// the 2019 enemies in contact with the target. Equal contexts must give equal laws.
    fn context(&self, i: usize, before: u64, turn: u8) -> u16;
    /// Attacker `i`'s attack on a target in state `s` (never one that is out) — the step of it
    /// that `s` waits for ([`GangRules::stage`]) —, with every choice both sides have and each
    /// pair's exact law of the next state.
    fn play(
        &self,
        i: usize,
        ctx: u16,
        s: Self::State,
        scratch: &mut Self::Scratch,
    ) -> Result<Play<Self::State>, NoExact>;
    /// The same attack (its step for `s`) ready to roll with the choices made (`choice[0]` the first side's option,
    /// `choice[1]` the other's), made once per position and state before sampling, so the
    /// sampled trial's loop allocates nothing.
    fn roll(&self, i: usize, ctx: u16, s: Self::State, choice: [u8; 2]) -> Self::Roll;
    /// A ready attack rolled once on the target in state `s`: the rules' own code, which the
    /// sampled trial runs, so sampling checks the laws.
    fn sample<D: Dice>(&self, roll: &Self::Roll, s: Self::State, dice: &mut D) -> Self::State;
    /// What the end of a turn does to a target that is not out (the 2019 Recount), as an exact
    /// law; only asked when there is a next turn.
    fn between_turns(&self, s: Self::State, scratch: &mut Self::Scratch) -> Result<Law<Self::State>, NoExact>;
    /// The end of a turn rolled once.
    fn sample_between_turns<D: Dice>(&self, s: Self::State, dice: &mut D) -> Self::State;
    /// Whether the target is out (the scenario's goal reached) and how: an index into
    /// [`GangRules::ways`].
    fn out(&self, s: Self::State) -> Option<usize>;
    /// The ways the target can go out, as event names (`out_ko`, `out_casualty`), which the
    /// system's vocabulary words.
    fn ways(&self) -> &'static [&'static str];
    /// The damage on the target in state `s` beyond what it started with, in the system's unit
    /// (2019 ★ + ♦ markers, its own effort ★ included), for the expected damage.
    fn damage(&self, s: Self::State) -> u16;
    /// The most [`GangRules::damage`] can be.
    fn max_damage(&self) -> u16;
    /// What taking the target out is, as a verb phrase naming it ("put Batman out of action").
    fn goal(&self) -> String;
    /// What the target does not do between the attackers in these rules, as a sentence for
    /// every answer ("Batman takes no activation between the attackers: it only blocks and makes
    /// effort.").
    fn between(&self) -> String;
}
