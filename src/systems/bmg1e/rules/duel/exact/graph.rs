//! Every state a 2013 duel can reach when each side may place any split it was built for, and the
//! exact law of every step between them ([`Graph`], built by [`build`] from the laws of
//! `laws.rs`).
//!
//! A file of its own because the dynamic programmes (`dp.rs`) all run over one graph: the law of
//! a step is the same whoever decides the splits, so it is built once.

use super::super::plan::{Decider, Pos};
use super::super::{Duel, Round};
use super::laws::{Laws, recount_key, restore};
use crate::interrupt::{Interrupted, Poll};
use crate::systems::batman::markers::Markers;
use crate::systems::bmg1e::rules::counters::full_splits;
use rustc_hash::FxHashMap as HashMap;

/// How many solver steps pass between two looks at the interrupt flag.
pub(super) const POLL_EVERY: u32 = 256;

/// A step in the [`Graph`]: its probability, the markers placed and Attack counters struck with
/// (none in a Recount), whether the activation put the other side down (K.O. or casualty: the
/// sampled duel's `put_down`), and the node it leads to.
#[derive(Clone, Copy, Debug)]
pub(super) struct Edge {
    pub(super) p: f64,
    pub(super) dealt: u8,
    pub(super) strikes: u8,
    pub(super) down: bool,
    pub(super) to: u32,
}

/// The steps out of a node: a range of [`Graph::edges`].
#[derive(Clone, Copy, Debug)]
pub(super) struct Span(u32, u32);

/// A state between rounds in the [`Graph`].
pub(super) struct Node {
    pub(super) pos: Pos,
    /// A round can start from it: counters in the bag, the round limit not reached, nobody K.O.
    pub(super) live: bool,
    /// The splits each side may place here, as the graph was built.
    pub(super) xs: [Vec<(u8, u8)>; 2],
    /// `round[leader][i * xs[1].len() + j]`: the round (in [`Graph::rounds`]) when `leader`
    /// took the lead and the sides split `xs[0][i]` and `xs[1][j]`; empty when `leader` has no
    /// counter in the bag.
    pub(super) round: [Vec<u32>; 2],
}

/// Every state a duel can reach when each side may place any split it was built for, and the
/// exact law of every step between them: a round (the leader's activation, to `firsts`), after
/// the leader's activation (the other's, to `boths`), after both (the Recount, to `nodes`).
///
/// The law of a step is the same whoever decides the splits, so [`analyse`] builds one graph
/// and runs its eight dynamic programmes ([`Dp`]) over it: each one sums over the same steps,
/// in the same order, as a memoised walk of its own would, at the cost of array reads instead
/// of law look-ups.
pub(super) struct Graph {
    /// The splits each side was given at every node: `Optimize` for all full splits.
    pub(super) built: [Decider; 2],
    pub(super) root: u32,
    pub(super) nodes: Vec<Node>,
    pub(super) rounds: Vec<Span>,
    pub(super) firsts: Vec<Span>,
    pub(super) boths: Vec<Span>,
    pub(super) edges: Vec<Edge>,
}

impl Graph {
    pub(super) fn steps(&self, span: Span) -> &[Edge] {
        &self.edges[span.0 as usize..span.1 as usize]
    }
}

/// Builds a [`Graph`] from the start, node by node.
struct Builder<'a> {
    duel: &'a Duel,
    laws: Laws<'a>,
    g: Graph,
    ids: HashMap<Pos, u32>,
    /// After the leader's activation: keyed by the bag after the draw and the other side
    /// ([`slot`]), and the round.
    first_ids: HashMap<(u32, Round), u32>,
    /// After both activations: keyed by the bag after the draw ([`slot`]) and the round.
    both_ids: HashMap<(u32, Round), u32>,
    /// Live nodes whose rounds are not built yet.
    todo: Vec<u32>,
    /// The steps of the nodes being built, innermost last: each node pushes its own on top and
    /// moves them to [`Graph::edges`] when done, so one buffer serves every node.
    scratch: Vec<Edge>,
    /// The look at the interrupt flag every [`POLL_EVERY`] steps.
    poll: Poll,
}

/// Build the graph of `duel` from its start for sides deciding as `built` say. Stopped by a
/// signal at the next safe point.
pub(super) fn build(duel: &Duel, built: [Decider; 2]) -> Result<Graph, Interrupted> {
    let mut b = Builder {
        duel,
        laws: Laws::new(duel),
        g: Graph {
            built,
            root: 0,
            nodes: Vec::new(),
            rounds: Vec::new(),
            firsts: Vec::new(),
            boths: Vec::new(),
            edges: Vec::new(),
        },
        ids: HashMap::default(),
        first_ids: HashMap::default(),
        both_ids: HashMap::default(),
        todo: Vec::new(),
        scratch: Vec::new(),
        poll: Poll::every(POLL_EVERY),
    };
    let start = Pos { bag: duel.bag, m: [duel.f[0].start, duel.f[1].start], fallen: [false; 2], armor: [0; 2] };
    b.g.root = b.node(start);
    while let Some(id) = b.todo.pop() {
        b.expand(id)?;
    }
    Ok(b.g)
}

impl Builder<'_> {
    /// The node of `pos`, new ones queued to be expanded.
    fn node(&mut self, pos: Pos) -> u32 {
        if let Some(&id) = self.ids.get(&pos) {
            return id;
        }
        let id = self.g.nodes.len() as u32;
        let live = live(self.duel, pos.bag) && !over(self.duel, pos.m);
        self.g.nodes.push(Node { pos, live, xs: [Vec::new(), Vec::new()], round: [Vec::new(), Vec::new()] });
        self.ids.insert(pos, id);
        if live {
            self.todo.push(id);
        }
        id
    }

    /// Build every round of a live node: each leader, each pair of splits.
    fn expand(&mut self, id: u32) -> Result<(), Interrupted> {
        self.poll.tick()?;
        let pos = self.g.nodes[id as usize].pos;
        let xs = [0, 1].map(|s| options(self.duel, self.g.built[s], pos, s));
        let mut round = [Vec::new(), Vec::new()];
        for (leader, rounds) in round.iter_mut().enumerate() {
            if pos.bag[leader] == 0 {
                continue;
            }
            let mut bag = pos.bag;
            bag[leader] -= 1;
            for &a in &xs[0] {
                for &b in &xs[1] {
                    rounds.push(self.round(pos, bag, leader, [a, b])?);
                }
            }
        }
        let node = &mut self.g.nodes[id as usize];
        node.xs = xs;
        node.round = round;
        Ok(())
    }

    /// Move the steps pushed on [`Builder::scratch`] since `mark` to the graph: their span.
    fn push(&mut self, mark: usize) -> Span {
        let start = self.g.edges.len() as u32;
        self.g.edges.extend(self.scratch.drain(mark..));
        Span(start, self.g.edges.len() as u32)
    }

    /// A round with the leader and both splits fixed: the leader's activation.
    fn round(&mut self, pos: Pos, bag: [u8; 2], leader: usize, split: [(u8, u8); 2]) -> Result<u32, Interrupted> {
        let r = self.duel.raise_plan(pos.m, pos.fallen, pos.armor, split);
        let law = self.laws.activation(leader, r)?;
        let mark = self.scratch.len();
        for &((r1, dealt), strikes, p) in law.iter() {
            // Nobody is down when a round starts (a K.O. after the Recount ends the duel), so
            // the other side K.O. after this activation is this activation's doing.
            let down = self.duel.ko(1 - leader, r1.m[1 - leader]);
            let to = self.first(bag, 1 - leader, restore(leader, &r, r1))?;
            self.scratch.push(Edge { p, dealt, strikes, down, to });
        }
        let span = self.push(mark);
        self.g.rounds.push(span);
        Ok(self.g.rounds.len() as u32 - 1)
    }

    /// After the leader's activation: side `s`'s.
    fn first(&mut self, bag: [u8; 2], s: usize, r: Round) -> Result<u32, Interrupted> {
        if let Some(&id) = self.first_ids.get(&(slot(bag, s), r)) {
            return Ok(id);
        }
        self.poll.tick()?;
        let law = self.laws.activation(s, r)?;
        let mark = self.scratch.len();
        for &((r2, dealt), strikes, p) in law.iter() {
            // The leader was standing when the round started and only `s` strikes it.
            let down = self.duel.ko(1 - s, r2.m[1 - s]);
            let to = self.both(bag, restore(s, &r, r2))?;
            self.scratch.push(Edge { p, dealt, strikes, down, to });
        }
        let span = self.push(mark);
        self.g.firsts.push(span);
        let id = self.g.firsts.len() as u32 - 1;
        self.first_ids.insert((slot(bag, s), r), id);
        Ok(id)
    }

    /// After both activations: the Casualty Recount, to the state between rounds. Rounds that
    /// differ only in what the Recount does not read ([`recount_key`]) share one node: its
    /// steps are the same law to the same states.
    fn both(&mut self, bag: [u8; 2], r: Round) -> Result<u32, Interrupted> {
        let r = recount_key(r);
        if let Some(&id) = self.both_ids.get(&(slot(bag, 0), r)) {
            return Ok(id);
        }
        self.poll.tick()?;
        let law = self.laws.recounted(r)?;
        let mark = self.scratch.len();
        for &((m, armor), p) in law.iter() {
            let to = self.node(Pos { bag, m, fallen: r.fallen, armor });
            self.scratch.push(Edge { p, dealt: 0, strikes: 0, down: false, to });
        }
        let span = self.push(mark);
        self.g.boths.push(span);
        let id = self.g.boths.len() as u32 - 1;
        self.both_ids.insert((slot(bag, 0), r), id);
        Ok(id)
    }
}

/// The bag and a side in one number, for keys.
fn slot(bag: [u8; 2], s: usize) -> u32 {
    bag[0] as u32 | (bag[1] as u32) << 8 | (s as u32) << 16
}

/// Rounds played once the bag holds `bag`.
pub(super) fn played(duel: &Duel, bag: [u8; 2]) -> u8 {
    duel.bag[0] + duel.bag[1] - bag[0] - bag[1]
}

/// A round can start: counters in the bag and the limit not reached (seed L316).
fn live(duel: &Duel, bag: [u8; 2]) -> bool {
    bag[0] + bag[1] > 0 && played(duel, bag) < duel.rounds
}

fn over(duel: &Duel, m: [Markers; 2]) -> bool {
    duel.ko(0, m[0]) || duel.ko(1, m[1])
}

/// The splits side `s` may place at `pos` when it decides as `decider` says.
fn options(duel: &Duel, decider: Decider, pos: Pos, s: usize) -> Vec<(u8, u8)> {
    let card = &duel.f[s].card;
    let n = duel.to_split(s, pos.m[s], pos.fallen[s]);
    match decider {
        Decider::Fixed(split) => vec![split.split(card, n)],
        Decider::Optimize => full_splits(card, n),
    }
}
