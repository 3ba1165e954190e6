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

/// One state after an activation: the round so far and the markers the activating side placed.
type Step = (Round, u8);
/// One state after the Recount: markers and *Power Armor* used.
type Recounted = ([Markers; 2], [u8; 2]);
/// The law of an activation: each state after it, the Attack counters struck with, P.
pub(super) type Activation = [(Step, u8, f64)];
/// The law of the Recount: each state after it, P.
pub(super) type Recount = [(Recounted, f64)];

/// The exact law of each step of a round from each state met: the sampled duel's own code
/// ([`Duel::activate`], [`Duel::recount`]) walked by [`outcomes_with`], each law once, every
/// law sharing one cache of roll distributions.
///
/// Each law is kept once and known by its number ([`Laws::activation`] gives it, [`Laws::act`]
/// reads it): a builder reads a law's steps while it builds what they lead to, and a number
/// costs nothing to hold where a shared pointer would count references on every look-up.
pub(super) struct Laws<'a> {
    duel: &'a Duel,
    rolls: Rolls,
    /// Activation of side `s`, keyed by what it reads of the round ([`Laws::activation`]).
    act_ids: HashMap<(usize, Round), u32>,
    acts: Vec<Box<Activation>>,
    /// The Recount, keyed by what it reads of the round ([`Laws::recounted`]).
    recount_ids: HashMap<Round, u32>,
    recounts: Vec<Box<Recount>>,
    /// Each attack's outcome sequences against each target state ([`Laws::attack`]).
    attack_ids: HashMap<(usize, Markers, u8), u32>,
    attacks: Vec<Box<Sequences>>,
}

/// What an attack's dice did, as [`Duel::strike`] reads it: whether it impacted, and its result.
type Struck = (bool, Resolved);
/// An attack's outcome sequences, each with its probability, in the order walked.
type Sequences = [(Struck, f64)];

impl<'a> Laws<'a> {
    pub(super) fn new(duel: &'a Duel) -> Self {
        Laws {
            duel,
            rolls: Rolls::default(),
            act_ids: HashMap::default(),
            acts: Vec::new(),
            recount_ids: HashMap::default(),
            recounts: Vec::new(),
            attack_ids: HashMap::default(),
            attacks: Vec::new(),
        }
    }

    /// The activation law numbered `id` ([`Laws::activation`]).
    pub(super) fn act(&self, id: u32) -> &Activation {
        &self.acts[id as usize]
    }

    /// The Recount law numbered `id` ([`Laws::recounted`]).
    pub(super) fn recount(&self, id: u32) -> &Recount {
        &self.recounts[id as usize]
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
    pub(super) fn activation(&mut self, s: usize, r: Round) -> Result<u32, Interrupted> {
        let mut key = r;
        key.m[s] = if self.duel.ko(s, r.m[s]) {
            Markers { stun: self.duel.f[s].card.endurance, wounds: 0 }
        } else {
            Markers::default()
        };
        key.armor[s] = 0;
        if let Some(&id) = self.act_ids.get(&(s, key)) {
            return Ok(id);
        }
        // The activation as the sampled duel makes it ([`Duel::activate`]): its part before
        // the dice, the attack's outcome sequences, and for each its part after, added into
        // the states they lead to in the order met, as [`outcomes`](crate::exact::outcomes) adds them: the same law.
        let duel = self.duel;
        let mut x = key;
        let d: Box<Activation> = match duel.aim(s, &mut x) {
            // No dice: one outcome sequence, of probability 1.
            Err((strikes, dealt, _)) => Box::new([((x, dealt), strikes, 1.0)]),
            Ok(attack) => {
                let o = 1 - s;
                let id = self.attack(attack, x.m[o], x.armor[o])?;
                let sequences = &self.attacks[id as usize];
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
        let id = self.acts.len() as u32;
        self.acts.push(d);
        self.act_ids.insert((s, key), id);
        Ok(id)
    }

    /// Every outcome sequence of `attack`'s dice against a target with markers `m` and *Power
    /// Armor* `armor` used, in the order [`outcomes`](crate::exact::outcomes) walks them ([`leaves_with`]): an attack is
    /// rolled once here for all the rounds that make it. Keyed by the attack's address in the
    /// duel's tables, which the laws borrow for their whole life.
    fn attack(&mut self, attack: &Attack, m: Markers, armor: u8) -> Result<u32, Interrupted> {
        let key = (attack as *const Attack as usize, m, armor);
        if let Some(&id) = self.attack_ids.get(&key) {
            return Ok(id);
        }
        let law = leaves_with(
            &mut self.rolls,
            |dice| {
                let (out, res) = attack.resolve_from(dice, m, armor);
                (out.metrics[IMPACTS] > 0, res)
            },
            Budget::EXPLICIT,
        );
        let d: Box<Sequences> = match law {
            Ok(law) => law.into(),
            Err(NoExact::Interrupted(i)) => return Err(i),
            Err(e) => panic!("one attack has a few hundred outcome sequences: {e}"),
        };
        let id = self.attacks.len() as u32;
        self.attacks.push(d);
        self.attack_ids.insert(key, id);
        Ok(id)
    }

    /// The law of the Casualty Recount from `r` ([`recount_key`]).
    pub(super) fn recounted(&mut self, r: Round) -> Result<u32, Interrupted> {
        let key = recount_key(r);
        if let Some(&id) = self.recount_ids.get(&key) {
            return Ok(id);
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
        let d: Box<Recount> = match law {
            Ok(law) => law.into(),
            Err(NoExact::Interrupted(i)) => return Err(i),
            Err(e) => panic!("a Recount rolls a few dice: {e}"),
        };
        let id = self.recounts.len() as u32;
        self.recounts.push(d);
        self.recount_ids.insert(key, id);
        Ok(id)
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
