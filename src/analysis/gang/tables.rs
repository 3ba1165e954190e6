//! The target's states a sequence can reach and every law between them, numbered: built once
//! from the rules, then read by the search and the walks with plain indices (no hashing, no
//! allocation in their loops).

use super::contract::{GangRules, MAX_TURNS};
use super::law::{First, Law, Play};
use super::memory::{MEMORY_BUDGET, over_memory, solve_bytes};
use crate::exact::NoExact;
use crate::interrupt::Poll;
use rustc_hash::FxHashMap as HashMap;

/// A law over state numbers: (next state, numerator over `den`, probability).
#[derive(Clone, Debug)]
pub(super) struct DLaw {
    pub den: u128,
    pub items: Vec<(u32, u128, f64)>,
}

/// A [`Play`] over state numbers.
#[derive(Clone, Debug)]
pub(super) struct DPlay {
    pub first: First,
    pub options: Vec<Vec<DLaw>>,
}

/// Every reachable state, numbered from the start (0), and every law between them.
pub(super) struct Tables<S> {
    pub states: Vec<S>,
    pub index: HashMap<S, u32>,
    /// The way out of each state (`None`: still in).
    pub out: Vec<Option<u8>>,
    pub damage: Vec<u16>,
    /// The step of an attack each state waits for ([`GangRules::stage`]: 0 between attacks).
    pub stage: Vec<u8>,
    /// How many steps an attack takes ([`GangRules::stages`]).
    pub stages: u8,
    /// The attack laws, one table per (kind, context) ("slot"): `plays[slot][state]`, `None` for
    /// a state that is out (never attacked).
    pub plays: Vec<Vec<Option<DPlay>>>,
    slot_of: HashMap<(usize, u16), usize>,
    /// The end of a turn from each state that is in (empty with one turn).
    pub recover: Vec<Option<DLaw>>,
    /// The attackers of each kind, by index, in listed order.
    pub members: Vec<Vec<usize>>,
    /// Each attacker's kind.
    pub kind: Vec<usize>,
    pub turns: u8,
    /// Law items in all the attack tables (what valuing every attack once visits).
    pub items: u64,
    /// The law of the start (one state for certain, unless the rules deal it).
    pub start: DLaw,
}

impl<S> Tables<S> {
    /// How many states.
    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// The value of the start: Σ p · v over the start's law (`v[0]` when it is one state).
    pub fn at_start(&self, v: &[f64]) -> f64 {
        self.start.items.iter().map(|&(j, _, p)| p * v[j as usize]).sum()
    }

    /// The start's law as masses over every state.
    pub fn start_mass(&self) -> Vec<f64> {
        let mut m = vec![0.0; self.len()];
        for &(j, _, p) in &self.start.items {
            m[j as usize] += p;
        }
        m
    }

    /// The law table of attacker kind `kind` in context `ctx`.
    pub fn slot(&self, kind: usize, ctx: u16) -> usize {
        self.slot_of[&(kind, ctx)]
    }
}

impl<S: Copy + Eq + std::hash::Hash + Ord + std::fmt::Debug> Tables<S> {
    /// The number of the state `s` (every state a law can reach is numbered).
    pub fn number(&self, s: S) -> u32 {
        self.index[&s]
    }

    /// Build the tables of `rules`: every context each attacker can attack in, then every state
    /// reachable from the start, breadth first, with each state's laws. `Err` when a law has no
    /// exact answer, or a signal stopped the build.
    pub fn build<R: GangRules<State = S>>(rules: &R, scratch: &mut R::Scratch) -> Result<Tables<S>, NoExact> {
        let n = rules.attackers();
        let turns = rules.turns().clamp(1, MAX_TURNS);
        let kind: Vec<usize> = (0..n).map(|i| rules.kind(i)).collect();
        let kinds = kind.iter().max().map_or(0, |k| k + 1);
        let mut members = vec![Vec::new(); kinds];
        for (i, &k) in kind.iter().enumerate() {
            members[k].push(i);
        }
        // Every context an attacker of each kind can meet: any set of others before it, any turn.
        let mut slot_of: HashMap<(usize, u16), usize> = HashMap::default();
        let mut slot_list: Vec<(usize, usize, u16)> = Vec::new();
        for (k, m) in members.iter().enumerate() {
            let i = m[0];
            let others: Vec<usize> = (0..n).filter(|&j| j != i).collect();
            for sub in 0u64..(1u64 << others.len()) {
                let mut before = 0u64;
                for (b, &j) in others.iter().enumerate() {
                    if sub >> b & 1 == 1 {
                        before |= 1 << j;
                    }
                }
                for t in 0..turns {
                    let ctx = rules.context(i, before, t);
                    if let std::collections::hash_map::Entry::Vacant(e) = slot_of.entry((k, ctx)) {
                        e.insert(slot_list.len());
                        slot_list.push((k, i, ctx));
                    }
                }
            }
        }
        // The start states first (numbered from 0 in the law's order).
        let start_law = rules.start_law(scratch)?;
        let mut states: Vec<S> = Vec::new();
        let mut index: HashMap<S, u32> = HashMap::default();
        for &(s, _) in &start_law.items {
            if let std::collections::hash_map::Entry::Vacant(e) = index.entry(s) {
                e.insert(states.len() as u32);
                states.push(s);
            }
        }
        let mut raw_plays: Vec<Vec<Option<Play<S>>>> = vec![Vec::new(); slot_list.len()];
        let mut raw_recover: Vec<Option<Law<S>>> = Vec::new();
        let mut poll = Poll::every(64);
        let counts: Vec<usize> = members.iter().map(Vec::len).collect();
        let mut items = 0u64;
        let mut at = 0;
        while at < states.len() {
            poll.tick().map_err(NoExact::Interrupted)?;
            let s = states[at];
            let reach = |law: &Law<S>, states: &mut Vec<S>, index: &mut HashMap<S, u32>| {
                for &(t, _) in &law.items {
                    let next = states.len() as u32;
                    if let std::collections::hash_map::Entry::Vacant(e) = index.entry(t) {
                        e.insert(next);
                        states.push(t);
                    }
                }
            };
            let inside = rules.out(s).is_none();
            for (slot, &(_, i, ctx)) in slot_list.iter().enumerate() {
                let play = if inside { Some(rules.play(i, ctx, s, scratch)?) } else { None };
                if let Some(p) = &play {
                    for law in p.options.iter().flatten() {
                        reach(law, &mut states, &mut index);
                        items += law.items.len() as u64;
                    }
                }
                raw_plays[slot].push(play);
            }
            let rec = if inside && turns > 1 { Some(rules.between_turns(s, scratch)?) } else { None };
            if let Some(l) = &rec {
                reach(l, &mut states, &mut index);
                items += l.items.len() as u64;
            }
            raw_recover.push(rec);
            at += 1;
            // Memory is bounded before it is spent: the states found so far and their laws, and
            // what the search will hold for them.
            let bytes = solve_bytes(states.len() as u64, items, &counts, turns);
            if bytes > MEMORY_BUDGET {
                return Err(NoExact::OverBudget(over_memory(bytes, states.len())));
            }
        }
        let dense = |l: &Law<S>| DLaw {
            den: l.den,
            items: l.items.iter().map(|&(s, w)| (index[&s], w, w as f64 / l.den as f64)).collect(),
        };
        let plays: Vec<Vec<Option<DPlay>>> = raw_plays
            .iter()
            .map(|col| {
                col.iter()
                    .map(|p| {
                        p.as_ref().map(|p| DPlay {
                            first: p.first,
                            options: p.options.iter().map(|o| o.iter().map(dense).collect()).collect(),
                        })
                    })
                    .collect()
            })
            .collect();
        let recover = raw_recover.iter().map(|l| l.as_ref().map(dense)).collect();
        let start = dense(&start_law);
        let out = states.iter().map(|&s| rules.out(s).map(|w| w as u8)).collect();
        let damage = states.iter().map(|&s| rules.damage(s)).collect();
        let stage = states.iter().map(|&s| rules.stage(s)).collect();
        let stages = rules.stages().max(1);
        let play_items = plays
            .iter()
            .flatten()
            .flatten()
            .map(|p: &DPlay| p.options.iter().flatten().map(|l| l.items.len() as u64).sum::<u64>())
            .sum();
        Ok(Tables {
            states,
            index,
            out,
            damage,
            stage,
            stages,
            plays,
            slot_of,
            recover,
            members,
            kind,
            turns,
            items: play_items,
            start,
        })
    }
}
