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
use std::collections::BTreeMap;
use std::sync::Mutex;

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

/// Build the graph of `duel` from its start for sides deciding as `built` say: round by round
/// (every state between rounds after `k` rounds is a node of layer `k`), each layer in parts
/// built in parallel. Stopped by a signal at the next safe point.
///
/// Why parts, and why these: most of a build is looking states up (is this state after an
/// activation new?), one random memory access after another, so a build gains from both
/// cores. A round draws one counter from the bag, so every state it leads to — after the
/// leader's activation, after both, after the Recount — holds the bag after the draw: the
/// rounds of a layer whose draws leave the same bag form one part ([`Part`]), and two parts
/// never meet the same state. Each part numbers its own states; the parts are joined in the
/// order of their bags, so the graph is the same whatever the number of threads, and so is
/// every figure valued over it (the programmes sum each state's steps in the order its law
/// lists them, whatever the states are numbered).
pub(super) fn build(duel: &Duel, built: [Decider; 2]) -> Result<Graph, Interrupted> {
    use rayon::prelude::*;
    let mut g = Graph {
        built,
        root: 0,
        nodes: Vec::new(),
        rounds: Vec::new(),
        firsts: Vec::new(),
        boths: Vec::new(),
        edges: Vec::new(),
    };
    let start = Pos { bag: duel.bag, m: [duel.f[0].start, duel.f[1].start], fallen: [false; 2], armor: [0; 2] };
    g.nodes.push(new_node(duel, start));
    let mut layer: Vec<u32> = if g.nodes[0].live { vec![0] } else { Vec::new() };
    // One cache of laws per thread, kept from layer to layer: a law is the same whichever
    // thread walks it, so which cache holds it changes no figure.
    let laws: Vec<Mutex<Laws>> =
        (0..rayon::current_num_threads().max(1)).map(|_| Mutex::new(Laws::new(duel))).collect();
    while !layer.is_empty() {
        // The splits each side may place at each node, and the rounds of the layer by the bag
        // their draw leaves, in the order of the layer's nodes and leaders.
        let mut parts: BTreeMap<[u8; 2], Vec<(u32, usize)>> = BTreeMap::new();
        for &id in &layer {
            let pos = g.nodes[id as usize].pos;
            g.nodes[id as usize].xs = [0, 1].map(|s| options(duel, built[s], pos, s));
            for leader in 0..2 {
                if pos.bag[leader] > 0 {
                    let mut bag = pos.bag;
                    bag[leader] -= 1;
                    parts.entry(bag).or_default().push((id, leader));
                }
            }
        }
        let nodes = &g.nodes;
        let done: Vec<Result<Part, Interrupted>> = parts
            .par_iter()
            .map(|(&bag, rounds)| {
                let at = rayon::current_thread_index().unwrap_or(0) % laws.len();
                // Only this part's thread holds its cache while it builds (a part makes no
                // parallel calls, so a thread never waits on a lock it holds).
                let mut laws = laws[at].lock().unwrap_or_else(|e| e.into_inner());
                Part::new(duel, bag).build(&mut laws, nodes, rounds)
            })
            .collect();
        layer = Vec::new();
        for (part, (_, rounds)) in done.into_iter().zip(&parts) {
            part?.join(&mut g, rounds, &mut layer);
        }
    }
    Ok(g)
}

/// A node for `pos`, its rounds not built yet.
fn new_node(duel: &Duel, pos: Pos) -> Node {
    let live = live(duel, pos.bag) && !over(duel, pos.m);
    Node { pos, live, xs: [Vec::new(), Vec::new()], round: [Vec::new(), Vec::new()] }
}

/// The rounds of one layer whose draws leave the bag `bag`, and every state after them: its
/// own numbering (rounds, states after the leader's activation, after both, after the Recount),
/// joined into the [`Graph`] by [`Part::join`].
struct Part<'a> {
    duel: &'a Duel,
    bag: [u8; 2],
    /// For each of the part's rounds (node, leader), the round of each pair of splits.
    rounds_of: Vec<Vec<u32>>,
    rounds: Vec<Span>,
    firsts: Vec<Span>,
    boths: Vec<Span>,
    /// The steps of each kind, each leading to this part's states of the next kind: a round's
    /// to a state after its leader's activation, and so on.
    round_edges: Vec<Edge>,
    first_edges: Vec<Edge>,
    both_edges: Vec<Edge>,
    /// States after the leader's activation: keyed by the side to activate and the round
    /// ([`first_key`]).
    first_ids: HashMap<(usize, Round), u32>,
    /// States after both activations: keyed by what the Recount reads ([`recount_key`]).
    both_ids: HashMap<Round, u32>,
    /// The states after the Recount (the next layer's nodes), in the order met.
    next: Vec<Pos>,
    next_ids: HashMap<Pos, u32>,
    /// The look at the interrupt flag every [`POLL_EVERY`] steps.
    poll: Poll,
}

impl<'a> Part<'a> {
    fn new(duel: &'a Duel, bag: [u8; 2]) -> Self {
        Part {
            duel,
            bag,
            rounds_of: Vec::new(),
            rounds: Vec::new(),
            firsts: Vec::new(),
            boths: Vec::new(),
            round_edges: Vec::new(),
            first_edges: Vec::new(),
            both_edges: Vec::new(),
            first_ids: HashMap::default(),
            both_ids: HashMap::default(),
            next: Vec::new(),
            next_ids: HashMap::default(),
            poll: Poll::every(POLL_EVERY),
        }
    }

    /// Build the rounds of `rounds` (node, leader), each pair of the node's splits.
    fn build(mut self, laws: &mut Laws<'a>, nodes: &[Node], rounds: &[(u32, usize)]) -> Result<Self, Interrupted> {
        for &(id, leader) in rounds {
            self.poll.tick()?;
            let node = &nodes[id as usize];
            let mut ids = Vec::with_capacity(node.xs[0].len() * node.xs[1].len());
            for &a in &node.xs[0] {
                for &b in &node.xs[1] {
                    ids.push(self.round(laws, node.pos, leader, [a, b])?);
                }
            }
            self.rounds_of.push(ids);
        }
        Ok(self)
    }

    /// A round with the leader and both splits fixed: the leader's activation.
    fn round(
        &mut self,
        laws: &mut Laws<'a>,
        pos: Pos,
        leader: usize,
        split: [(u8, u8); 2],
    ) -> Result<u32, Interrupted> {
        let r = self.duel.raise_plan(pos.m, pos.fallen, pos.armor, split);
        let law = laws.activation(leader, r)?;
        let start = self.round_edges.len() as u32;
        for k in 0..laws.act(law).len() {
            let ((r1, dealt), strikes, p) = laws.act(law)[k];
            // Nobody is down when a round starts (a K.O. after the Recount ends the duel), so
            // the other side K.O. after this activation is this activation's doing.
            let down = self.duel.ko(1 - leader, r1.m[1 - leader]);
            let to = self.first(laws, 1 - leader, restore(leader, &r, r1))?;
            self.round_edges.push(Edge { p, dealt, strikes, down, to });
        }
        self.rounds.push(Span(start, self.round_edges.len() as u32));
        Ok(self.rounds.len() as u32 - 1)
    }

    /// After the leader's activation: side `s`'s.
    fn first(&mut self, laws: &mut Laws<'a>, s: usize, r: Round) -> Result<u32, Interrupted> {
        let r = first_key(s, r);
        if let Some(&id) = self.first_ids.get(&(s, r)) {
            return Ok(id);
        }
        self.poll.tick()?;
        let law = laws.activation(s, r)?;
        let start = self.first_edges.len() as u32;
        for k in 0..laws.act(law).len() {
            let ((r2, dealt), strikes, p) = laws.act(law)[k];
            // The leader was standing when the round started and only `s` strikes it.
            let down = self.duel.ko(1 - s, r2.m[1 - s]);
            // What this leads to pushes its steps on another list: this state's stay together.
            let to = self.both(laws, restore(s, &r, r2))?;
            self.first_edges.push(Edge { p, dealt, strikes, down, to });
        }
        self.firsts.push(Span(start, self.first_edges.len() as u32));
        let id = self.firsts.len() as u32 - 1;
        self.first_ids.insert((s, r), id);
        Ok(id)
    }

    /// After both activations: the Casualty Recount, to the state between rounds. Rounds that
    /// differ only in what the Recount does not read ([`recount_key`]) share one state: its
    /// steps are the same law to the same states.
    fn both(&mut self, laws: &mut Laws<'a>, r: Round) -> Result<u32, Interrupted> {
        let r = recount_key(r);
        if let Some(&id) = self.both_ids.get(&r) {
            return Ok(id);
        }
        self.poll.tick()?;
        let law = laws.recounted(r)?;
        let start = self.both_edges.len() as u32;
        for k in 0..laws.recount(law).len() {
            let ((m, armor), p) = laws.recount(law)[k];
            let pos = Pos { bag: self.bag, m, fallen: r.fallen, armor };
            let to = match self.next_ids.get(&pos) {
                Some(&to) => to,
                None => {
                    self.next.push(pos);
                    self.next_ids.insert(pos, self.next.len() as u32 - 1);
                    self.next.len() as u32 - 1
                }
            };
            self.both_edges.push(Edge { p, dealt: 0, strikes: 0, down: false, to });
        }
        self.boths.push(Span(start, self.both_edges.len() as u32));
        let id = self.boths.len() as u32 - 1;
        self.both_ids.insert(r, id);
        Ok(id)
    }

    /// Number this part's rounds, states and steps after those of `g`, give each of its
    /// `rounds` (node, leader) its rounds, and add its live next nodes to `layer`.
    fn join(self, g: &mut Graph, rounds: &[(u32, usize)], layer: &mut Vec<u32>) {
        let base = [g.rounds.len(), g.firsts.len(), g.boths.len(), g.nodes.len()].map(|b| b as u32);
        for (&(id, leader), ids) in rounds.iter().zip(self.rounds_of) {
            g.nodes[id as usize].round[leader] = ids.into_iter().map(|i| i + base[0]).collect();
        }
        for (spans, edges, to, into) in [
            (self.rounds, self.round_edges, base[1], &mut g.rounds),
            (self.firsts, self.first_edges, base[2], &mut g.firsts),
            (self.boths, self.both_edges, base[3], &mut g.boths),
        ] {
            let at = g.edges.len() as u32;
            into.extend(spans.into_iter().map(|Span(a, b)| Span(a + at, b + at)));
            g.edges.extend(edges.into_iter().map(|e| Edge { to: e.to + to, ..e }));
        }
        for pos in self.next {
            let node = new_node(self.duel, pos);
            if node.live {
                layer.push(g.nodes.len() as u32);
            }
            g.nodes.push(node);
        }
    }
}

/// What the rest of a round reads of the state after the leader's activation, side `s` to
/// activate: the leader's Attack and Movement counters and `s`'s own Defense counters are
/// never read again (`s`'s attack reads the leader's Defense counters, and the damage it deals
/// takes the leader's Special counters first, [`Plan::lose`]; the Recount reads only Special
/// counters), so the key leaves them out and states that differ only there share one node.
///
/// [`Plan::lose`]: crate::systems::bmg1e::rules::counters::Plan::lose
fn first_key(s: usize, mut r: Round) -> Round {
    let leader = 1 - s;
    r.plan[leader].ac = 0;
    r.plan[leader].mc = 0;
    r.plan[s].dc = 0;
    r
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
