//! One dynamic programme over the graph of a 2013 duel ([`Dp`]): each state's pair P(A wins),
//! P(B wins) backwards from the end with each side deciding as its [`Decider`] says, the splits
//! chosen, then a walk forwards for the distributions the report shows.
//!
//! A file of its own because the solver's entry points (`mod.rs`) run several of these over one
//! graph (`graph.rs`): the programme is the one thing they vary.

use super::super::plan::{Decider, SplitPlan};
use super::super::{Duel, Policy};
use super::graph::{Graph, Node, POLL_EVERY, played};
use super::solution::{Situation, Solution};
use crate::interrupt::{Interrupted, Poll};
use crate::systems::batman::markers::Markers;
use crate::systems::bmg1e::rules::counters::full_splits;
use rustc_hash::FxHashMap as HashMap;

/// The chosen splits at a decision point, as indices into the node's options ([`Node::xs`]).
type Choice = (usize, usize);

/// P(A wins), P(B wins) once the duel is over with markers `m`.
fn terminal(duel: &Duel, m: [Markers; 2]) -> [f64; 2] {
    let (a, b) = (duel.ko(0, m[0]), duel.ko(1, m[1]));
    [(b && !a) as u8 as f64, (a && !b) as u8 as f64]
}

/// One dynamic programme over a [`Graph`]: each node's pair P(A wins), P(B wins) backwards
/// from the end with each side deciding as `deciders` say (memoised, visiting only the nodes
/// its splits reach), then a walk forwards for the distributions the report shows.
pub(super) struct Dp<'a> {
    duel: &'a Duel,
    g: &'a Graph,
    deciders: [Decider; 2],
    value: Vec<Option<[f64; 2]>>,
    first: Vec<Option<[f64; 2]>>,
    both: Vec<Option<[f64; 2]>>,
    /// The splits chosen at each node valued, for each leader.
    choice: Vec<[Option<Choice>; 2]>,
    /// Live nodes valued.
    states: usize,
    /// Whether [`Dp::solve`] also gives the round each side first puts the other down (a second
    /// walk forwards: a balance's rounds until out; the report's other programmes skip it).
    first_downs: bool,
    /// The look at the interrupt flag every [`POLL_EVERY`] steps. Once a signal is seen, every
    /// step returns at once with a meaningless value and the caller gets `Err`.
    pub(super) poll: Poll,
}

impl<'a> Dp<'a> {
    pub(super) fn new(duel: &'a Duel, g: &'a Graph, deciders: [Decider; 2]) -> Self {
        for (built, decider) in g.built.iter().zip(&deciders) {
            assert!(*built == Decider::Optimize || built == decider, "the graph holds every split the solve may place");
        }
        Dp {
            duel,
            g,
            deciders,
            value: vec![None; g.nodes.len()],
            first: vec![None; g.firsts.len()],
            both: vec![None; g.boths.len()],
            choice: vec![[None; 2]; g.nodes.len()],
            states: 0,
            first_downs: false,
            poll: Poll::every(POLL_EVERY),
        }
    }

    /// [`Dp::solve`] gives [`Solution::down_round`] too.
    pub(super) fn with_first_downs(mut self) -> Self {
        self.first_downs = true;
        self
    }

    /// Value the start and walk forwards: the solved duel.
    pub(super) fn solve(mut self) -> Result<Solution, Interrupted> {
        self.value(self.g.root);
        self.poll.finished()?;
        Ok(self.forward())
    }

    /// The splits side `s` may place at `node`, as indices into its options.
    fn picks(&self, node: &Node, s: usize) -> std::ops::Range<usize> {
        match self.deciders[s] {
            Decider::Optimize => 0..node.xs[s].len(),
            Decider::Fixed(split) => {
                let card = &self.duel.f[s].card;
                let want = split.split(card, self.duel.to_split(s, node.pos.m[s], node.pos.fallen[s]));
                let i = node.xs[s].iter().position(|&x| x == want).expect("a fixed split is a full split");
                i..i + 1
            }
        }
    }

    /// P(A wins), P(B wins) from a state between rounds.
    pub(super) fn value(&mut self, id: u32) -> [f64; 2] {
        let g = self.g;
        let node = &g.nodes[id as usize];
        if !node.live {
            return terminal(self.duel, node.pos.m);
        }
        if let Some(v) = self.value[id as usize] {
            return v;
        }
        if self.poll.halted() {
            return [0.0; 2];
        }
        let bag = node.pos.bag;
        let total = (bag[0] + bag[1]) as f64;
        let mut v = [0.0; 2];
        for (leader, &n) in bag.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let p = n as f64 / total;
            let w = self.decide(id, leader);
            v[0] += p * w[0];
            v[1] += p * w[1];
        }
        self.value[id as usize] = Some(v);
        self.states += 1;
        v
    }

    /// The splits both sides place after `leader` took the lead at node `id`, and the value then.
    fn decide(&mut self, id: u32, leader: usize) -> [f64; 2] {
        let g = self.g;
        let node = &g.nodes[id as usize];
        let xs = [self.picks(node, 0), self.picks(node, 1)];
        let (n0, n1) = (xs[0].len(), xs[1].len());
        let mut q = vec![[0.0; 2]; n0 * n1];
        for (i, a) in xs[0].clone().enumerate() {
            for (j, b) in xs[1].clone().enumerate() {
                q[i * n1 + j] = self.round_value(node.round[leader][a * node.xs[1].len() + b]);
            }
        }
        let n = [n0, n1];
        // `first` plans, `second` sees it and answers with its best.
        let lead_then_answer = |first: usize| -> ((usize, usize), [f64; 2]) {
            let second = 1 - first;
            let pick = |x: usize| -> ((usize, usize), [f64; 2]) {
                let mut best: Option<((usize, usize), [f64; 2])> = None;
                for y in 0..n[second] {
                    let ij = if first == 0 { (x, y) } else { (y, x) };
                    let v = q[ij.0 * n1 + ij.1];
                    if best.is_none_or(|(_, b)| v[second] > b[second]) {
                        best = Some((ij, v));
                    }
                }
                best.expect("a side always has a split")
            };
            let mut best: Option<((usize, usize), [f64; 2])> = None;
            for x in 0..n[first] {
                let (ij, v) = pick(x);
                if best.is_none_or(|(_, b)| v[first] > b[first]) {
                    best = Some((ij, v));
                }
            }
            best.expect("a side always has a split")
        };
        // The leader starts: it raises its plan first and activates first (seed L380; that the
        // leader always starts is the sampled duel's stated policy too).
        let ((i, j), v) = lead_then_answer(leader);
        self.choice[id as usize][leader] = Some((xs[0].start + i, xs[1].start + j));
        v
    }

    /// The value of a round with the leader and both splits fixed.
    fn round_value(&mut self, round: u32) -> [f64; 2] {
        let g = self.g;
        let mut v = [0.0; 2];
        for e in g.steps(g.rounds[round as usize]) {
            let w = self.after_first(e.to);
            v[0] += e.p * w[0];
            v[1] += e.p * w[1];
        }
        v
    }

    fn after_first(&mut self, id: u32) -> [f64; 2] {
        if let Some(v) = self.first[id as usize] {
            return v;
        }
        let g = self.g;
        let mut v = [0.0; 2];
        for e in g.steps(g.firsts[id as usize]) {
            let w = self.after_both(e.to);
            v[0] += e.p * w[0];
            v[1] += e.p * w[1];
        }
        self.first[id as usize] = Some(v);
        v
    }

    fn after_both(&mut self, id: u32) -> [f64; 2] {
        if let Some(v) = self.both[id as usize] {
            return v;
        }
        let g = self.g;
        let mut v = [0.0; 2];
        for e in g.steps(g.boths[id as usize]) {
            let w = self.value(e.to);
            v[0] += e.p * w[0];
            v[1] += e.p * w[1];
        }
        self.both[id as usize] = Some(v);
        v
    }

    /// The splits chosen at every node valued: what [`plan`] keeps.
    pub(super) fn plan(&self) -> SplitPlan {
        let mut plan = HashMap::default();
        for (node, choice) in self.g.nodes.iter().zip(&self.choice) {
            for (leader, c) in choice.iter().enumerate() {
                if let Some((i, j)) = *c {
                    plan.insert((node.pos, leader), [node.xs[0][i], node.xs[1][j]]);
                }
            }
        }
        SplitPlan(plan)
    }

    /// Walk forwards from the start under the chosen splits: the distributions.
    fn forward(&self) -> Solution {
        let (duel, g) = (self.duel, self.g);
        let mut sol = Solution {
            win: [0.0; 2],
            draw: 0.0,
            casualty: [0.0; 2],
            rounds: vec![0.0; duel.rounds as usize + 1],
            down_round: if self.first_downs { self.first_downs() } else { [Vec::new(), Vec::new()] },
            dealt: [0.0; 2],
            strikes: [0.0; 2],
            situations: Vec::new(),
            states: self.states,
        };
        // P(reaching each node after the round), and the nodes in the order first reached.
        let mut next = vec![0.0; g.nodes.len()];
        let mut layer: Vec<(u32, f64)> = vec![(g.root, 1.0)];
        while !layer.is_empty() {
            let mut order: Vec<u32> = Vec::new();
            for (id, reach) in layer {
                let node = &g.nodes[id as usize];
                let pos = node.pos;
                let played = played(duel, pos.bag);
                if !node.live {
                    self.end(&mut sol, pos.m, played, reach);
                    continue;
                }
                let total = (pos.bag[0] + pos.bag[1]) as f64;
                for leader in 0..2 {
                    if pos.bag[leader] == 0 {
                        continue;
                    }
                    let pl = reach * pos.bag[leader] as f64 / total;
                    let (i, j) = self.choice[id as usize][leader].expect("every live node reached was valued");
                    let split = [node.xs[0][i], node.xs[1][j]];
                    sol.situations.push(Situation {
                        round: played + 1,
                        leader,
                        markers: pos.m,
                        fallen: pos.fallen,
                        reach: pl,
                        split,
                        policy: [0, 1].map(|s| match duel.f[s].split {
                            Policy::Fixed(split) => {
                                split.split(&duel.f[s].card, duel.to_split(s, pos.m[s], pos.fallen[s]))
                            }
                            Policy::OptimalWin => split[s],
                        }),
                        options: [0, 1]
                            .map(|s| full_splits(&duel.f[s].card, duel.to_split(s, pos.m[s], pos.fallen[s])).len()),
                    });
                    let round = node.round[leader][i * node.xs[1].len() + j];
                    for e1 in g.steps(g.rounds[round as usize]) {
                        sol.dealt[leader] += pl * e1.p * e1.dealt as f64;
                        sol.strikes[leader] += pl * e1.p * e1.strikes as f64;
                        for e2 in g.steps(g.firsts[e1.to as usize]) {
                            let q = pl * e1.p * e2.p;
                            sol.dealt[1 - leader] += q * e2.dealt as f64;
                            sol.strikes[1 - leader] += q * e2.strikes as f64;
                            for e3 in g.steps(g.boths[e2.to as usize]) {
                                let e = &mut next[e3.to as usize];
                                if *e == 0.0 {
                                    order.push(e3.to);
                                }
                                *e += q * e3.p;
                            }
                        }
                    }
                }
            }
            // States after a round: the duel ends there or plays on.
            layer = Vec::new();
            for &id in &order {
                let node = &g.nodes[id as usize];
                let p = next[id as usize];
                if !node.live {
                    self.end(&mut sol, node.pos.m, played(duel, node.pos.bag), p);
                } else {
                    layer.push((id, p));
                }
            }
            for &id in &order {
                next[id as usize] = 0.0;
            }
        }
        sol
    }

    /// `[s][k]`: P(side s first puts the other down in round k), `[s][0]` never — a walk
    /// forwards of its own under the chosen splits, with the mass kept per node and per which
    /// sides have put the other down so far (two bits: a K.O. model may recover in the Recount
    /// and the duel play on). Apart from [`Dp::forward`] so the figures that walk sums keep
    /// their order of additions, to the last bit.
    fn first_downs(&self) -> [Vec<f64>; 2] {
        const FLAGS: usize = 4;
        let (duel, g) = (self.duel, self.g);
        let mut down = [vec![0.0; duel.rounds as usize + 1], vec![0.0; duel.rounds as usize + 1]];
        let at = |id: u32, fl: u8| id as usize * FLAGS + fl as usize;
        // Side s's bit set, and its round counted, the first time it puts the other down.
        let downed = |down: &mut [Vec<f64>; 2], fl: u8, s: usize, hit: bool, round: usize, p: f64| -> u8 {
            if hit && fl & (1 << s) == 0 {
                down[s][round] += p;
                fl | (1 << s)
            } else {
                fl
            }
        };
        let never = |down: &mut [Vec<f64>; 2], fl: u8, p: f64| {
            for (s, d) in down.iter_mut().enumerate() {
                if fl & (1 << s) == 0 {
                    d[0] += p;
                }
            }
        };
        let mut next = vec![0.0; g.nodes.len() * FLAGS];
        let mut layer: Vec<(u32, u8, f64)> = vec![(g.root, 0, 1.0)];
        while !layer.is_empty() {
            let mut order: Vec<(u32, u8)> = Vec::new();
            for (id, fl, reach) in layer {
                let node = &g.nodes[id as usize];
                if !node.live {
                    never(&mut down, fl, reach);
                    continue;
                }
                let pos = node.pos;
                let r = played(duel, pos.bag) as usize + 1;
                let total = (pos.bag[0] + pos.bag[1]) as f64;
                for leader in 0..2 {
                    if pos.bag[leader] == 0 {
                        continue;
                    }
                    let pl = reach * pos.bag[leader] as f64 / total;
                    let (i, j) = self.choice[id as usize][leader].expect("every live node reached was valued");
                    let round = node.round[leader][i * node.xs[1].len() + j];
                    for e1 in g.steps(g.rounds[round as usize]) {
                        let p1 = pl * e1.p;
                        let fl1 = downed(&mut down, fl, leader, e1.down, r, p1);
                        for e2 in g.steps(g.firsts[e1.to as usize]) {
                            let q = p1 * e2.p;
                            let fl2 = downed(&mut down, fl1, 1 - leader, e2.down, r, q);
                            for e3 in g.steps(g.boths[e2.to as usize]) {
                                let e = &mut next[at(e3.to, fl2)];
                                if *e == 0.0 {
                                    order.push((e3.to, fl2));
                                }
                                *e += q * e3.p;
                            }
                        }
                    }
                }
            }
            layer = Vec::new();
            for &(id, fl) in &order {
                let p = std::mem::take(&mut next[at(id, fl)]);
                if g.nodes[id as usize].live {
                    layer.push((id, fl, p));
                } else {
                    never(&mut down, fl, p);
                }
            }
        }
        down
    }

    fn end(&self, sol: &mut Solution, m: [Markers; 2], played: u8, p: f64) {
        let w = terminal(self.duel, m);
        sol.win[0] += p * w[0];
        sol.win[1] += p * w[1];
        sol.draw += p * (1.0 - w[0] - w[1]);
        for (s, &ms) in m.iter().enumerate() {
            if self.duel.casualty(s, ms) {
                sol.casualty[s] += p;
            }
        }
        sol.rounds[played as usize] += p;
    }
}
