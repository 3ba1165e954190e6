//! The exact law of each step of a 2013 duel's round from each state met: an activation and the
//! Casualty Recount, each the sampled duel's own code ([`Duel::activate`], [`Duel::recount`])
//! walked by the exact evaluator, each law once, every law sharing one cache of roll
//! distributions.
//!
//! A file of its own because the graph of the duel (`graph.rs`) is built from these laws, and
//! nothing else of the solver needs to know how a step's law is walked.

use super::super::{Duel, Round};
use crate::exact::{Budget, NoExact, Rolls, leaves_with, outcomes_with};
use crate::interrupt::Interrupted;
use crate::systems::batman::markers::Markers;
use crate::systems::bmg1e::rules::attack::{Attack, Resolved, metric::IMPACTS};
use crate::systems::bmg1e::rules::counters::Plan;
use rustc_hash::FxHashMap as HashMap;
use std::rc::Rc;

/// One state after an activation: the round so far and the markers the activating side placed.
type Step = (Round, u8);
/// One state after the Recount: markers and *Power Armor* used.
type Recounted = ([Markers; 2], [u8; 2]);
/// The law of an activation: each state after it, the Attack counters struck with, P.
type Activation = Rc<[(Step, u8, f64)]>;

/// The exact law of each step of a round from each state met: the sampled duel's own code
/// ([`Duel::activate`], [`Duel::recount`]) walked by [`outcomes_with`], each law once, every
/// law sharing one cache of roll distributions.
pub(super) struct Laws<'a> {
    duel: &'a Duel,
    rolls: Rolls,
    /// Activation of side `s`, keyed by what it reads of the round ([`Laws::activation`]).
    act: HashMap<(usize, Round), Activation>,
    /// The Recount, keyed by what it reads of the round ([`Laws::recounted`]).
    recount: HashMap<Round, Rc<[(Recounted, f64)]>>,
    /// Each attack's outcome sequences against each target state ([`Laws::attack`]).
    attacks: HashMap<(usize, Markers, u8), Sequences>,
}

/// What an attack's dice did, as [`Duel::strike`] reads it: whether it impacted, and its result.
type Struck = (bool, Resolved);
/// An attack's outcome sequences, each with its probability, in the order walked.
type Sequences = Rc<[(Struck, f64)]>;

impl<'a> Laws<'a> {
    pub(super) fn new(duel: &'a Duel) -> Self {
        Laws {
            duel,
            rolls: Rolls::default(),
            act: HashMap::default(),
            recount: HashMap::default(),
            attacks: HashMap::default(),
        }
    }

    /// The law of side `s`'s activation from `r`, with the attacker's own markers and *Power
    /// Armor* as in its key: put them back with [`restore`].
    ///
    /// An activation reads its attacker's markers only to see whether it is K.O., never its
    /// *Power Armor*, and changes neither; so one law serves every round that differs only
    /// there (the key puts a K.O. attacker at Endurance ★ and a standing one at none, its armor
    /// at 0). Putting the two back is the same change to every outcome sequence's state, so
    /// the sequences merge into the same states, in the same order, with the same sums as a
    /// walk from `r` itself: the law is the same to the last bit.
    pub(super) fn activation(&mut self, s: usize, r: Round) -> Result<Activation, Interrupted> {
        let mut key = r;
        key.m[s] = if self.duel.ko(s, r.m[s]) {
            Markers { stun: self.duel.f[s].card.endurance, wounds: 0 }
        } else {
            Markers::default()
        };
        key.armor[s] = 0;
        if let Some(d) = self.act.get(&(s, key)) {
            return Ok(d.clone());
        }
        // The activation as the sampled duel makes it ([`Duel::activate`]): its part before
        // the dice, the attack's outcome sequences, and for each its part after, added into
        // the states they lead to in the order met, as [`outcomes`](crate::exact::outcomes) adds them: the same law.
        let duel = self.duel;
        let mut x = key;
        let d: Activation = match duel.aim(s, &mut x) {
            // No dice: one outcome sequence, of probability 1.
            Err((strikes, dealt, _)) => Rc::from([((x, dealt), strikes, 1.0)]),
            Ok(attack) => {
                let o = 1 - s;
                let sequences = self.attack(attack, x.m[o], x.armor[o])?;
                let mut law: Vec<(Step, u8, f64)> = Vec::new();
                // Where each state already is in `law`: the same first-met order and the same
                // sums as a search of `law`, without its cost (quadratic in the states).
                let mut index: HashMap<(Step, u8), usize> = HashMap::default();
                for &((impacted, res), p) in sequences.iter() {
                    let mut y = x;
                    let (strikes, dealt, _) = duel.strike(s, &mut y, impacted, res);
                    match index.entry(((y, dealt), strikes)) {
                        std::collections::hash_map::Entry::Occupied(at) => law[*at.get()].2 += p,
                        std::collections::hash_map::Entry::Vacant(v) => {
                            v.insert(law.len());
                            law.push(((y, dealt), strikes, p));
                        }
                    }
                }
                law.into()
            }
        };
        self.act.insert((s, key), d.clone());
        Ok(d)
    }

    /// Every outcome sequence of `attack`'s dice against a target with markers `m` and *Power
    /// Armor* `armor` used, in the order [`outcomes`](crate::exact::outcomes) walks them ([`leaves_with`]): an attack is
    /// rolled once here for all the rounds that make it. Keyed by the attack's address in the
    /// duel's tables, which the laws borrow for their whole life.
    fn attack(&mut self, attack: &Attack, m: Markers, armor: u8) -> Result<Sequences, Interrupted> {
        let key = (attack as *const Attack as usize, m, armor);
        if let Some(d) = self.attacks.get(&key) {
            return Ok(d.clone());
        }
        let law = leaves_with(
            &mut self.rolls,
            |dice| {
                let (out, res) = attack.resolve_from(dice, m, armor);
                (out.metrics[IMPACTS] > 0, res)
            },
            Budget::EXPLICIT,
        );
        let d: Sequences = match law {
            Ok(law) => law.into(),
            Err(NoExact::Interrupted(i)) => return Err(i),
            Err(e) => panic!("one attack has a few hundred outcome sequences: {e}"),
        };
        self.attacks.insert(key, d.clone());
        Ok(d)
    }

    /// The law of the Casualty Recount from `r` ([`recount_key`]).
    pub(super) fn recounted(&mut self, r: Round) -> Result<Rc<[(Recounted, f64)]>, Interrupted> {
        let key = recount_key(r);
        if let Some(d) = self.recount.get(&key) {
            return Ok(d.clone());
        }
        let duel = self.duel;
        let law = outcomes_with(
            &mut self.rolls,
            |dice| {
                let mut x = key;
                duel.recount(&mut x, dice);
                (x.m, x.armor)
            },
            Budget::EXPLICIT,
        );
        let d: Rc<[(Recounted, f64)]> = match law {
            Ok(law) => law.into(),
            Err(NoExact::Interrupted(i)) => return Err(i),
            Err(e) => panic!("a Recount rolls a few dice: {e}"),
        };
        self.recount.insert(key, d.clone());
        Ok(d)
    }
}

/// What the Casualty Recount reads of a round: the counters left only for their Special
/// counters, so the key leaves the others out (the law is the same, sequence by sequence).
pub(super) fn recount_key(mut r: Round) -> Round {
    r.plan = r.plan.map(|p| Plan { sc: p.sc, ..Plan::default() });
    r
}

/// `after`, a state after side `s`'s activation from `from` as [`Laws::activation`] keys it,
/// with the attacker's own markers and *Power Armor* of `from` put back.
pub(super) fn restore(s: usize, from: &Round, mut after: Round) -> Round {
    after.m[s] = from.m[s];
    after.armor[s] = from.armor[s];
    after
}
