//! The 2013 duel, exactly: a Markov chain over the state between two rounds, solved by dynamic
//! programming, with each side's counter split chosen to win the whole duel.
//!
//! Between two rounds a 2013 duel is fully described by the Take-the-Lead counters left in the
//! bag (which also tells the round), the markers on each fighter, who lies down and how much of
//! a *Power Armor* is used ([`Pos`]). A round is: the bag draw, both sides raising their plan,
//! the leader's activation, the other's, the Casualty Recount. Each of those steps is the
//! sampled duel's own code ([`Duel::raise_plan`], [`Duel::activate`], [`Duel::recount`]) run under
//! the exact evaluator ([`crate::exact::outcomes`]), which gives the joint law of the state after
//! it; nothing of the rules is written twice. The steps met from the start, with every split
//! the sides may place, form a graph built once (each law walked once, each attack's dice once
//! for every round that makes it); [`solve`] computes each state's pair P(A wins), P(B wins)
//! backwards from the end over it (memoised, visiting only the states its splits reach), then
//! walks forwards once for the distributions the report shows. [`analyse`] runs its eight
//! dynamic programmes over one graph, in parallel: each sums the same terms in the same order
//! whatever the thread count, so its figures are the same to the last bit.
//!
//! **Counter splits.** A side either splits by a fixed policy (`attack_first`, `balanced`,
//! `defend_first`: [`Decider::Fixed`]) or chooses, every round and in every situation, the split
//! that maximises *its own chance to win the duel* ([`Decider::Optimize`]), among the full splits
//! (every counter the card's Attack and Defense allow goes on them, as every fixed policy does;
//! leaving counters for Special is not considered). The player who raises the plan first also
//! activates first (seed L380), and the second planner sees the first's counters (L318–324); the
//! lead player chooses who that is (L314), and here — as in the sampled duel, a stated policy —
//! the leader always starts. So the leader picks its split knowing the other's best answer to
//! each. That is backward induction on the game: subgame-perfect play; ties go to the earlier
//! split in [`full_splits`] order (fewest Attack counters first).
//!
//! Probabilities are in double precision from exact per-step distributions: exact up to
//! rounding (about 1e-15). Pure: no I/O; threads only through rayon, deterministically.

use super::super::counters::{Plan, available, full_splits};
use super::super::metric::IMPACTS;
use super::super::{Attack, POWER_ARMOR_MARKERS, Resolved};
use super::{Duel, Policy, Round, Split};
use crate::exact::{Budget, NoExact, Rolls, leaves_with, outcomes, outcomes_with};
use crate::interrupt::{Interrupted, Poll};
use crate::systems::batman::markers::Markers;
use rustc_hash::FxHashMap as HashMap;
use std::rc::Rc;

/// The most work an exact 2013 duel may take, in the units of [`estimate`] (rounds valued ×
/// outcome sequences of the largest activation). Set when the solver took 1 to 4 ns per unit
/// on this project's 2-core machine (release build, other builds running): the bundled duel
/// (Batman vs Bruiser, 6 rounds) estimates 3.1·10⁸ and its whole analysis took 0.4 s;
/// Willpower 12, Attack/Defense 10, Endurance 8 over 2 rounds estimated 4.6·10⁹ and took 14 s,
/// Endurance 15 3.0·10¹⁰ and 43 s. Since the analysis builds one graph of the duel's steps
/// for all its dynamic programmes and rolls each attack once, a unit costs 0.05 to 0.2 ns
/// (same machine, same load): the bundled duel's analysis takes 55 ms, and duels of 1.2·10⁹,
/// 5.6·10⁹ and 1.3·10¹⁰ units (both fighters Willpower 12, Attack/Defense 10, Endurance 8,
/// 12 and 15, over 2 rounds) 0.21, 0.55 and 0.69 s. The budget is kept as it was: it decides
/// which duels are refused, so every duel accepted before is accepted now, and now solves
/// in well under a second. Over it, a duel is sampled (its exact-duel tables left out, with a
/// note saying why), an `optimal-win` fighter (whose plan is this solve) and `exact = true`
/// are refused.
pub const BUDGET: u64 = 1_500_000_000;

/// How many solver steps pass between two looks at the interrupt flag.
const POLL_EVERY: u32 = 256;

/// A duel whose exact solve would be over [`BUDGET`] (the wording every exact duel shares).
pub use crate::analysis::duel::OverBudget;

/// What a unit of [`estimate`] counts, for messages.
const UNITS: &str = "states valued × dice sequences per activation";

/// `Err` when the exact analysis of the duel ([`analyse`]) would be over [`BUDGET`].
pub fn within_budget(duel: &Duel) -> Result<(), OverBudget> {
    solve_within_budget(duel, [Decider::Optimize; 2])
}

/// `Err` when [`solve`] with `deciders` would be over [`BUDGET`].
pub fn solve_within_budget(duel: &Duel, deciders: [Decider; 2]) -> Result<(), OverBudget> {
    let work = estimate(duel, deciders);
    if work > BUDGET { Err(OverBudget { work, budget: BUDGET, units: UNITS }) } else { Ok(()) }
}

/// `Err` when the split plan an `optimal-win` fighter follows ([`plan`]) would be over
/// [`BUDGET`]; `Ok` at once when no side plans.
pub fn plan_within_budget(duel: &Duel) -> Result<(), OverBudget> {
    if !duel.plans() {
        return Ok(());
    }
    solve_within_budget(duel, duel.deciders())
}

/// How one side splits its counters in [`solve`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decider {
    /// By this fixed policy every round.
    Fixed(Split),
    /// To maximise its own chance to win the duel, looking ahead over the whole duel.
    Optimize,
}

/// The duel between two rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pos {
    /// Take-the-Lead counters of A and B left in the bag.
    bag: [u8; 2],
    m: [Markers; 2],
    fallen: [bool; 2],
    armor: [u8; 2],
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

/// One state after an activation: the round so far and the markers the activating side placed.
type Step = (Round, u8);
/// One state after the Recount: markers and *Power Armor* used.
type Recounted = ([Markers; 2], [u8; 2]);
/// The law of an activation: each state after it, the Attack counters struck with, P.
type Activation = Rc<[(Step, u8, f64)]>;

/// The chosen splits at a decision point, as indices into the node's options ([`Node::xs`]).
type Choice = (usize, usize);

/// A decision point of the solved duel, as the report shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Situation {
    pub round: u8,
    /// The side that took the lead (activates first).
    pub leader: usize,
    pub markers: [Markers; 2],
    pub fallen: [bool; 2],
    /// P(the duel passes through this point, with this leader).
    pub reach: f64,
    /// (AC, DC) of A and B under the solved play.
    pub split: [(u8, u8); 2],
    /// (AC, DC) each side's configured policy would place here.
    pub policy: [(u8, u8); 2],
    /// Full splits each side could choose from here.
    pub options: [usize; 2],
}

/// The solved duel.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    pub win: [f64; 2],
    pub draw: f64,
    pub casualty: [f64; 2],
    /// `rounds[k]` = P(the duel lasts exactly k rounds); `rounds[0]` = P(no round can start).
    pub rounds: Vec<f64>,
    /// Expected markers (★ + ♦) each side places on the other.
    pub dealt: [f64; 2],
    /// Expected Attack counters each side strikes with.
    pub strikes: [f64; 2],
    /// Every decision point the duel can reach, in the order first reached.
    pub situations: Vec<Situation>,
    /// Distinct states between rounds that were valued.
    pub states: usize,
}

impl Solution {
    pub fn mean_rounds(&self) -> f64 {
        self.rounds.iter().enumerate().map(|(k, p)| k as f64 * p).sum()
    }
}

/// The exact law of each step of a round from each state met: the sampled duel's own code
/// ([`Duel::activate`], [`Duel::recount`]) walked by [`outcomes_with`], each law once, every
/// law sharing one cache of roll distributions.
struct Laws<'a> {
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
    fn new(duel: &'a Duel) -> Self {
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
    fn activation(&mut self, s: usize, r: Round) -> Result<Activation, Interrupted> {
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
        // the states they lead to in the order met, as [`outcomes`] adds them: the same law.
        let duel = self.duel;
        let mut x = key;
        let d: Activation = match duel.aim(s, &mut x) {
            // No dice: one outcome sequence, of probability 1.
            Err((strikes, dealt, _)) => Rc::from([((x, dealt), strikes, 1.0)]),
            Ok(attack) => {
                let o = 1 - s;
                let sequences = self.attack(attack, x.m[o], x.armor[o])?;
                let mut law: Vec<(Step, u8, f64)> = Vec::new();
                for &((impacted, res), p) in sequences.iter() {
                    let mut y = x;
                    let (strikes, dealt, _) = duel.strike(s, &mut y, impacted, res);
                    match law.iter_mut().find(|(step, k, _)| *step == (y, dealt) && *k == strikes) {
                        Some(at) => at.2 += p,
                        None => law.push(((y, dealt), strikes, p)),
                    }
                }
                law.into()
            }
        };
        self.act.insert((s, key), d.clone());
        Ok(d)
    }

    /// Every outcome sequence of `attack`'s dice against a target with markers `m` and *Power
    /// Armor* `armor` used, in the order [`outcomes`] walks them ([`leaves_with`]): an attack is
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
    fn recounted(&mut self, r: Round) -> Result<Rc<[(Recounted, f64)]>, Interrupted> {
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
fn recount_key(mut r: Round) -> Round {
    r.plan = r.plan.map(|p| Plan { sc: p.sc, ..Plan::default() });
    r
}

/// `after`, a state after side `s`'s activation from `from` as [`Laws::activation`] keys it,
/// with the attacker's own markers and *Power Armor* of `from` put back.
fn restore(s: usize, from: &Round, mut after: Round) -> Round {
    after.m[s] = from.m[s];
    after.armor[s] = from.armor[s];
    after
}

/// A step in the [`Graph`]: its probability, the markers placed and Attack counters struck with
/// (none in a Recount), and the node it leads to.
#[derive(Clone, Copy, Debug)]
struct Edge {
    p: f64,
    dealt: u8,
    strikes: u8,
    to: u32,
}

/// The steps out of a node: a range of [`Graph::edges`].
#[derive(Clone, Copy, Debug)]
struct Span(u32, u32);

/// A state between rounds in the [`Graph`].
struct Node {
    pos: Pos,
    /// A round can start from it: counters in the bag, the round limit not reached, nobody K.O.
    live: bool,
    /// The splits each side may place here, as the graph was built.
    xs: [Vec<(u8, u8)>; 2],
    /// `round[leader][i * xs[1].len() + j]`: the round (in [`Graph::rounds`]) when `leader`
    /// took the lead and the sides split `xs[0][i]` and `xs[1][j]`; empty when `leader` has no
    /// counter in the bag.
    round: [Vec<u32>; 2],
}

/// Every state a duel can reach when each side may place any split it was built for, and the
/// exact law of every step between them: a round (the leader's activation, to `firsts`), after
/// the leader's activation (the other's, to `boths`), after both (the Recount, to `nodes`).
///
/// The law of a step is the same whoever decides the splits, so [`analyse`] builds one graph
/// and runs its eight dynamic programmes ([`Dp`]) over it: each one sums over the same steps,
/// in the same order, as a memoised walk of its own would, at the cost of array reads instead
/// of law look-ups.
struct Graph {
    /// The splits each side was given at every node: `Optimize` for all full splits.
    built: [Decider; 2],
    root: u32,
    nodes: Vec<Node>,
    rounds: Vec<Span>,
    firsts: Vec<Span>,
    boths: Vec<Span>,
    edges: Vec<Edge>,
}

impl Graph {
    fn steps(&self, span: Span) -> &[Edge] {
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
fn build(duel: &Duel, built: [Decider; 2]) -> Result<Graph, Interrupted> {
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
            let to = self.first(bag, 1 - leader, restore(leader, &r, r1))?;
            self.scratch.push(Edge { p, dealt, strikes, to });
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
            let to = self.both(bag, restore(s, &r, r2))?;
            self.scratch.push(Edge { p, dealt, strikes, to });
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
            self.scratch.push(Edge { p, dealt: 0, strikes: 0, to });
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
fn played(duel: &Duel, bag: [u8; 2]) -> u8 {
    duel.bag[0] + duel.bag[1] - bag[0] - bag[1]
}

/// A round can start: counters in the bag and the limit not reached (seed L316).
fn live(duel: &Duel, bag: [u8; 2]) -> bool {
    bag[0] + bag[1] > 0 && played(duel, bag) < duel.rounds
}

fn over(duel: &Duel, m: [Markers; 2]) -> bool {
    duel.ko(0, m[0]) || duel.ko(1, m[1])
}

/// P(A wins), P(B wins) once the duel is over with markers `m`.
fn terminal(duel: &Duel, m: [Markers; 2]) -> [f64; 2] {
    let (a, b) = (duel.ko(0, m[0]), duel.ko(1, m[1]));
    [(b && !a) as u8 as f64, (a && !b) as u8 as f64]
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

/// One dynamic programme over a [`Graph`]: each node's pair P(A wins), P(B wins) backwards
/// from the end with each side deciding as `deciders` say (memoised, visiting only the nodes
/// its splits reach), then a walk forwards for the distributions the report shows.
struct Dp<'a> {
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
    /// The look at the interrupt flag every [`POLL_EVERY`] steps. Once a signal is seen, every
    /// step returns at once with a meaningless value and the caller gets `Err`.
    poll: Poll,
}

impl<'a> Dp<'a> {
    fn new(duel: &'a Duel, g: &'a Graph, deciders: [Decider; 2]) -> Self {
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
            poll: Poll::every(POLL_EVERY),
        }
    }

    /// Value the start and walk forwards: the solved duel.
    fn solve(mut self) -> Result<Solution, Interrupted> {
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
    fn value(&mut self, id: u32) -> [f64; 2] {
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
    fn plan(&self) -> SplitPlan {
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

/// The most markers one activation of side `s` can place on the other, and how many outcome
/// sequences the largest such activation walks (its whole Attack against no Defense, the other
/// standing or down, with or without its special attack): from the exact law of one attack.
fn largest_activation(duel: &Duel, s: usize) -> (u64, u64) {
    let card = &duel.f[s].card;
    let (mut most, mut leaves) = (0u64, 0u64);
    for down in [false, true] {
        for special in [false, true] {
            let attack = duel.tables[s].get(card.attack, 0, down, special);
            let mut walked = 0u64;
            let law = outcomes(
                |dice| {
                    walked += 1;
                    let (_, res) = attack.resolve_from(dice, Markers::default(), 0);
                    res.applied.stun_added + res.applied.wounds_added
                },
                Budget::EXPLICIT,
            );
            let dealt = match law {
                Ok(l) => l.iter().map(|&(m, _)| m as u64).max().unwrap_or(0),
                // A signal: the run stops at its next look at the flag, whatever this says.
                Err(NoExact::Interrupted(_)) => 0,
                // An attack too large to list: no bound smaller than the whole card.
                Err(_) => u64::MAX,
            };
            most = most.max(dealt);
            leaves = leaves.max(walked);
        }
    }
    (most, leaves)
}

/// Whether every attack either side can make lists its outcome law exactly (a fighter with many
/// dice and rerolls — Robin's bo staff against a Defense split — can need a denominator beyond
/// 128 bits): checked once per duel before a solve, so the solve never meets one. Markers and
/// armour do not change an attack's dice, so they are walked unmarked.
fn enumerable(duel: &Duel) -> bool {
    let mut rolls = crate::exact::Rolls::default();
    for attack in duel.tables.iter().flat_map(|t| t.all()) {
        let law = crate::exact::outcomes_with(
            &mut rolls,
            |dice| attack.resolve_from(dice, Markers::default(), 0).1.applied.stun_added,
            Budget::EXPLICIT,
        );
        match law {
            Ok(_) => {}
            // A signal: the run stops at its next look at the flag; walk no further.
            Err(NoExact::Interrupted(_)) => return true,
            Err(_) => return false,
        }
    }
    true
}

/// Work of one [`solve`] with `deciders`, estimated before anything is solved: an upper
/// bound on the rounds valued (decision point × the split pair of each side), each of which
/// costs an exact activation law. Decision points after `k` rounds are bounded by the bag
/// states a `k`-th draw can leave, times the markers each side can carry by then (its start
/// plus `k` times the most one activation places, below K.O.), times who lies down (4) and
/// each *Power Armor*'s use (0–3). Cheap: eight one-attack laws and arithmetic.
pub fn estimate(duel: &Duel, deciders: [Decider; 2]) -> u64 {
    if !enumerable(duel) {
        // Refused as over any budget (its message says why): the solve would meet an attack
        // whose law cannot be listed.
        return u64::MAX;
    }
    let act = [largest_activation(duel, 0), largest_activation(duel, 1)];
    let gain = [act[1].0, act[0].0];
    let leaves = act[0].1 + act[1].1;
    let bag = [duel.bag[0] as u64, duel.bag[1] as u64];
    let playable = (duel.rounds as u64).min(bag[0] + bag[1]);
    let splits = |s: usize| -> u64 {
        let card = &duel.f[s].card;
        match deciders[s] {
            Decider::Fixed(_) => 1,
            Decider::Optimize => {
                let most = available(card, duel.f[s].start);
                (0..=most).map(|n| full_splits(card, n).len() as u64).max().unwrap_or(1)
            }
        }
    };
    let pairs = splits(0) * splits(1);
    let mut total: u64 = 0;
    for k in 0..playable {
        let bags = (k.min(bag[0]) + 1).saturating_sub(k.saturating_sub(bag[1]));
        let mut points = 2 * bags;
        if k > 0 {
            points *= 4;
            for (f, &g) in duel.f.iter().zip(&gain) {
                let (card, start) = (&f.card, f.start);
                let t = (start.stun as u64 + start.wounds as u64).saturating_add(k.saturating_mul(g));
                let t = t.min(card.endurance as u64 - 1);
                points = points.saturating_mul((t + 1) * (t + 2) / 2);
                if card.traits.power_armor {
                    points = points.saturating_mul(POWER_ARMOR_MARKERS as u64 + 1);
                }
            }
        }
        total = total.saturating_add(points.saturating_mul(pairs));
    }
    total.saturating_mul(leaves)
}

/// Solve the duel with each side deciding as `deciders` say. For callers that catch no
/// signals (tests, benches); the analyser uses [`try_solve`].
pub fn solve(duel: &Duel, deciders: [Decider; 2]) -> Solution {
    try_solve(duel, deciders).expect("no signal handler is installed outside the binary")
}

/// [`solve`], stopped by SIGINT/SIGTERM/SIGHUP at the next safe point.
pub fn try_solve(duel: &Duel, deciders: [Decider; 2]) -> Result<Solution, Interrupted> {
    let g = build(duel, deciders)?;
    Dp::new(duel, &g, deciders).solve()
}

/// The splits both sides place in every situation the duel can reach (after the Take-the-Lead
/// draw), as solved: what the sampled duel follows for an `optimal-win` fighter.
#[derive(Clone, Debug, PartialEq)]
pub struct SplitPlan(HashMap<(Pos, usize), [(u8, u8); 2]>);

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

/// Solve the duel with `deciders` and keep the splits chosen in every situation; stopped by a
/// signal at the next safe point.
pub fn plan(duel: &Duel, deciders: [Decider; 2]) -> Result<SplitPlan, Interrupted> {
    let g = build(duel, deciders)?;
    let mut dp = Dp::new(duel, &g, deciders);
    dp.value(g.root);
    dp.poll.finished()?;
    Ok(dp.plan())
}

/// Everything a report shows of the exact 2013 duel.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// Both sides split by their configured policies: the sampled duel estimates this.
    pub configured: Solution,
    /// Both sides choose their split every round to win the duel.
    pub optimal: Solution,
    /// `fixed[s][k]` = side `s`'s P(win) splitting by `Split::ALL[k]` every round, the other
    /// side answering with its whole-duel best.
    pub fixed: [[f64; 3]; 2],
}

/// Solve the duel as configured, with both sides planning, and with each side held to each fixed
/// policy against the other's best answer: eight dynamic programmes over one graph (built for
/// both sides planning, which holds every split the others place), run in parallel; each is
/// the same computation whatever the thread count.
/// Stopped by a signal at the next safe point. Its largest solve, both sides planning, is
/// what [`within_budget`] estimates.
pub fn analyse(duel: &Duel) -> Result<Analysis, Interrupted> {
    use rayon::prelude::*;
    let g = build(duel, [Decider::Optimize; 2])?;
    let mut runs = vec![duel.deciders(), [Decider::Optimize; 2]];
    for s in 0..2 {
        for &(_, split) in &Split::ALL {
            let mut d = [Decider::Optimize; 2];
            d[s] = Decider::Fixed(split);
            runs.push(d);
        }
    }
    let solved: Vec<Result<Solution, Interrupted>> = runs.par_iter().map(|&d| Dp::new(duel, &g, d).solve()).collect();
    let mut solved = solved.into_iter();
    let mut next = || solved.next().expect("one solution per run");
    let configured = next()?;
    let optimal = next()?;
    let mut fixed = [[0.0; 3]; 2];
    for (s, side) in fixed.iter_mut().enumerate() {
        for f in side.iter_mut() {
            *f = next()?.win[s];
        }
    }
    Ok(Analysis { configured, optimal, fixed })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bundled duel (configs/bmg-1e/duel-batman-vs-bruiser.toml).
    fn bundled() -> Duel {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bmg-1e/duel-batman-vs-bruiser.toml");
        let sc = crate::registry::load(&path, &crate::config::Overrides::default()).expect("bundled");
        match sc.cells[0].trial.downcast() {
            Some(crate::systems::bmg1e::rules::Trial1e::Duel(d)) => d.clone(),
            _ => unreachable!("a bmg-1e duel"),
        }
    }

    fn close(what: &str, got: f64, want: f64) {
        assert!((got - want).abs() <= 1e-12, "{what}: got {got:?}, pinned {want:?}");
    }

    /// The bundled duel's exact figures as the solver gave them before it was made faster
    /// (pinned to 1e-12; the solver is deterministic, so any change to the order of its sums
    /// would show here first): the configured duel, both sides planning, and each side held to
    /// each fixed split against the other's best answer.
    #[test]
    fn the_bundled_duel_keeps_its_exact_figures() {
        let an = analyse(&bundled()).expect("no signal");
        let c = &an.configured;
        close("configured P(A wins)", c.win[0], 0.8528201746911578);
        close("configured P(B wins)", c.win[1], 0.009684763694179754);
        close("configured P(draw)", c.draw, 0.1374950616146628);
        let rounds = [
            0.0,
            0.03705855887245034,
            0.21256708627679188,
            0.23142155098202027,
            0.1792309451160309,
            0.1225846126005062,
            0.21713724615220084,
        ];
        assert_eq!(c.rounds.len(), rounds.len());
        for (k, (&got, &want)) in c.rounds.iter().zip(&rounds).enumerate() {
            close(&format!("configured P(rounds = {k})"), got, want);
        }
        close("configured A's markers", c.dealt[0], 8.718142817813137);
        close("configured B's markers", c.dealt[1], 1.477204707049364);
        close("configured A's strikes", c.strikes[0], 17.67701679989306);
        close("configured B's strikes", c.strikes[1], 3.7900740173453045);
        assert_eq!((c.states, c.situations.len()), (2068, 3170));
        let s = &c.situations[4];
        assert_eq!((s.round, s.leader, s.markers[0].stun, s.split), (2, 0, 2, [(5, 0), (2, 2)]));
        close("configured reach of a round-2 situation", s.reach, 0.0024966800349064656);

        let o = &an.optimal;
        close("optimal P(A wins)", o.win[0], 0.834371277482288);
        close("optimal P(B wins)", o.win[1], 0.03330292384947848);
        close("optimal P(draw)", o.draw, 0.13232579866823385);
        close("optimal A's markers", o.dealt[0], 8.586625892063672);
        close("optimal B's strikes", o.strikes[1], 6.370671240454604);
        assert_eq!((o.states, o.situations.len()), (2156, 3262));
        let s = o.situations.iter().find(|s| s.round == 3).expect("a third round");
        assert_eq!((s.leader, s.split, s.policy), (0, [(5, 1), (4, 0)], [(5, 1), (2, 2)]));
        close("optimal reach of the first round-3 situation", s.reach, 5.380479272563215e-5);

        let fixed = [
            [0.8183393961543716, 0.6982893348733824, 0.05848769409088479],
            [0.03315458025658641, 0.007874106833318156, 0.00016325796210677547],
        ];
        for (s, (got, want)) in an.fixed.iter().zip(&fixed).enumerate() {
            for (k, (&got, &want)) in got.iter().zip(want).enumerate() {
                close(&format!("side {s} held to split {k}"), got, want);
            }
        }
        // One configured solve (what a balance test runs per pair) is the analysis' first.
        assert_eq!(&solve(&bundled(), bundled().deciders()), c);
    }

    /// The analysis runs its dynamic programmes in parallel: the same figures, to the last bit,
    /// on one thread and on two.
    #[test]
    fn the_analysis_is_the_same_on_any_number_of_threads() {
        let d = bundled();
        let on = |threads: usize| {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("a pool");
            pool.install(|| analyse(&d).expect("no signal"))
        };
        assert_eq!(on(1), on(2));
    }
}
