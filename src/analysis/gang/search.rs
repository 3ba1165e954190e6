//! The value of an order of attackers, and the search over orders: the best and worst order
//! fixed in advance, and the adaptive plan that picks the next attacker from the target's state.
//!
//! A value is P(the target is out by the end), for every state, with both sides choosing at
//! their best in each attack (backward induction: the value before an attack is a min–max over
//! the choices of the value after it). Orders share their ends: the search builds the last turn's
//! orders from the back, so orders ending the same way share that end's values — with six
//! different attackers 1,956 attacks are valued instead of 720 × 6; identical attackers are one
//! kind, and orders that only swap two of them are never told apart.

use super::contract::GangRules;
use super::law::First;
use super::tables::{DLaw, DPlay, Tables};
use crate::interrupt::{Interrupted, Poll};

/// Two values closer than this are a tie: the first found (the smaller option, the order listed
/// first) stands, so rounding never decides a choice.
const TIE: f64 = 1e-12;

/// Σ p · v over a law.
#[inline]
fn expect(l: &DLaw, v: &[f64]) -> f64 {
    l.items.iter().map(|&(j, _, p)| p * v[j as usize]).sum()
}

/// The value of one play and the choices that give it: the first side picks the option whose
/// best answer is best for it; the target minimises, the attackers maximise.
fn best(p: &DPlay, after: &[f64]) -> (f64, [u8; 2]) {
    let first_max = p.first == First::Attacker;
    let mut outer: Option<(f64, [u8; 2])> = None;
    for (f, answers) in p.options.iter().enumerate() {
        let mut inner: Option<(f64, u8)> = None;
        for (g, law) in answers.iter().enumerate() {
            let v = expect(law, after);
            let better = match inner {
                None => true,
                Some((b, _)) if first_max => v < b - TIE,
                Some((b, _)) => v > b + TIE,
            };
            if better {
                inner = Some((v, g as u8));
            }
        }
        let Some((v, g)) = inner else { continue };
        let better = match outer {
            None => true,
            Some((b, _)) if first_max => v > b + TIE,
            Some((b, _)) => v < b - TIE,
        };
        if better {
            outer = Some((v, [f as u8, g]));
        }
    }
    outer.unwrap_or((0.0, [0, 0]))
}

/// The value before an attack from law table `slot`, from every state, given the value after
/// it; the choices made from each state go to `policy`. A state that is out is worth 1.
///
/// An attack of several steps ([`GangRules::stages`]) is valued from its last step back: the
/// states waiting for step k ≥ 1 are valued in place in `scratch` (their laws lead to later steps
/// or out of the attack, never to step k), then step 0 into `out`. A state's own step decides
/// which of its entries in `out` and `policy` mean anything: those of a state waiting in the
/// middle of an attack are the value and the choices of that step.
pub(super) fn attack_values<S>(
    t: &Tables<S>,
    slot: usize,
    after: &[f64],
    out: &mut [f64],
    scratch: &mut Vec<f64>,
    mut policy: Option<&mut [[u8; 2]]>,
) {
    let plays = &t.plays[slot];
    let value = |s: usize, from: &[f64]| match &plays[s] {
        None => (1.0, [0, 0]),
        Some(p) => best(p, from),
    };
    if t.stages == 1 {
        for (s, o) in out.iter_mut().enumerate() {
            let (v, c) = value(s, after);
            *o = v;
            if let Some(pol) = policy.as_deref_mut() {
                pol[s] = c;
            }
        }
        return;
    }
    scratch.clear();
    scratch.extend_from_slice(after);
    for k in (1..t.stages).rev() {
        for s in 0..out.len() {
            if t.stage[s] == k {
                let (v, c) = value(s, scratch);
                scratch[s] = v;
                if let Some(pol) = policy.as_deref_mut() {
                    pol[s] = c;
                }
            }
        }
    }
    for (s, o) in out.iter_mut().enumerate() {
        if t.stage[s] == 0 {
            let (v, c) = value(s, scratch);
            *o = v;
            if let Some(pol) = policy.as_deref_mut() {
                pol[s] = c;
            }
        } else {
            *o = scratch[s];
        }
    }
}

/// The value before the end of a turn, from every state, given the value after it.
pub(super) fn recover_values<S>(t: &Tables<S>, after: &[f64], out: &mut [f64]) {
    for (s, o) in out.iter_mut().enumerate() {
        *o = match &t.recover[s] {
            None => 1.0,
            Some(l) => expect(l, after),
        };
    }
}

/// The value once the sequence is over: 1 where the target is out.
pub(super) fn terminal<S>(t: &Tables<S>) -> Vec<f64> {
    t.out.iter().map(|o| o.is_some() as u8 as f64).collect()
}

/// One order played out at both sides' best: the law table and context of each position (turn
/// by turn), the choices from every state at each position, and its value.
#[derive(Clone, Debug)]
pub(super) struct Plan {
    /// Attacker indices in the order they act each turn.
    pub order: Vec<usize>,
    /// Per position (turn × attackers + slot): the law table and the context.
    pub slots: Vec<usize>,
    pub ctxs: Vec<u16>,
    /// Per position, per state: the choices made.
    pub policy: Vec<Vec<[u8; 2]>>,
}

/// The law tables and contexts of every position of `order`, turn by turn.
fn positions<R: GangRules>(rules: &R, t: &Tables<R::State>, order: &[usize]) -> (Vec<usize>, Vec<u16>) {
    let (mut slots, mut ctxs) = (Vec::new(), Vec::new());
    for turn in 0..t.turns {
        let mut before = 0u64;
        for &i in order {
            let ctx = rules.context(i, before, turn);
            slots.push(t.slot(t.kind[i], ctx));
            ctxs.push(ctx);
            before |= 1 << i;
        }
    }
    (slots, ctxs)
}

/// Play `order` (attacker indices) at both sides' best: its [`Plan`].
pub(super) fn plan<R: GangRules>(rules: &R, t: &Tables<R::State>, order: &[usize]) -> Result<Plan, Interrupted> {
    let n = order.len();
    let (slots, ctxs) = positions(rules, t, order);
    let mut v = terminal(t);
    let mut w = vec![0.0; t.len()];
    let mut policy = vec![vec![[0u8; 2]; t.len()]; slots.len()];
    let mut scratch = Vec::with_capacity(t.len());
    let mut poll = Poll::every(1);
    for p in (0..slots.len()).rev() {
        poll.tick()?;
        attack_values(t, slots[p], &v, &mut w, &mut scratch, Some(&mut policy[p]));
        std::mem::swap(&mut v, &mut w);
        if p > 0 && p % n == 0 {
            recover_values(t, &v, &mut w);
            std::mem::swap(&mut v, &mut w);
        }
    }
    Ok(Plan { order: order.to_vec(), slots, ctxs, policy })
}

/// The attacker indices standing for an order of kinds: the j-th appearance of a kind is its
/// j-th attacker.
pub(super) fn indices<S>(t: &Tables<S>, kinds: &[usize]) -> Vec<usize> {
    let mut used = vec![0usize; t.members.len()];
    kinds
        .iter()
        .map(|&k| {
            used[k] += 1;
            t.members[k][used[k] - 1]
        })
        .collect()
}

/// The best and the worst order fixed in advance (attacker indices), with their values, and how
/// many distinct orders were valued.
#[derive(Clone, Debug)]
pub(super) struct Orders {
    pub best: (f64, Vec<usize>),
    pub worst: (f64, Vec<usize>),
    pub orders: u64,
}

/// How many attacks the search over orders values (each over every state of the target): the
/// distinct sequences drawn from the attackers of each kind (`counts`), the tree of the last
/// turn's order ends, plus the earlier turns of every distinct order. What the work of a
/// sequence is estimated by before anything is solved ([`super::within_budget`]).
pub fn search_attacks(counts: &[usize], turns: u8) -> u64 {
    fn count(counts: &mut [usize], left: usize, total: &mut u64, orders: &mut u64) {
        if left == 0 {
            *orders += 1;
            return;
        }
        for k in 0..counts.len() {
            if counts[k] > 0 {
                counts[k] -= 1;
                *total += 1;
                count(counts, left - 1, total, orders);
                counts[k] += 1;
                if *total > u32::MAX as u64 {
                    return;
                }
            }
        }
    }
    let n: usize = counts.iter().sum();
    let (mut total, mut orders) = (0u64, 0u64);
    count(&mut counts.to_vec(), n, &mut total, &mut orders);
    total.saturating_add(orders.saturating_mul((turns.max(1) as u64 - 1) * n as u64))
}

struct Dfs<'a, R: GangRules> {
    rules: &'a R,
    t: &'a Tables<R::State>,
    counts: Vec<usize>,
    /// `bufs[d]`: the value after the last d attackers of the last turn's order.
    bufs: Vec<Vec<f64>>,
    /// The last turn's order so far, from the back (kinds).
    suffix: Vec<usize>,
    /// Two buffers for the earlier turns of a complete order.
    work: [Vec<f64>; 2],
    /// The middle steps of an attack ([`attack_values`]).
    scratch: Vec<f64>,
    best: Option<(f64, Vec<usize>)>,
    worst: Option<(f64, Vec<usize>)>,
    orders: u64,
    poll: Poll,
}

impl<R: GangRules> Dfs<'_, R> {
    fn node(&mut self, d: usize) -> Result<(), Interrupted> {
        let n = self.t.kind.len();
        if d == n {
            return self.leaf();
        }
        let last_turn = self.t.turns - 1;
        for k in 0..self.counts.len() {
            if self.counts[k] == 0 {
                continue;
            }
            self.poll.tick()?;
            self.counts[k] -= 1;
            // The attacker of kind k acting just before the suffix; the others left act earlier.
            let i = self.t.members[k][self.counts[k]];
            let mut before = 0u64;
            for (j, &c) in self.counts.iter().enumerate() {
                for &m in &self.t.members[j][..c] {
                    before |= 1 << m;
                }
            }
            let slot = self.t.slot(k, self.rules.context(i, before, last_turn));
            let (done, rest) = self.bufs.split_at_mut(d + 1);
            attack_values(self.t, slot, &done[d], &mut rest[0], &mut self.scratch, None);
            self.suffix.push(k);
            let r = self.node(d + 1);
            self.suffix.pop();
            self.counts[k] += 1;
            r?;
        }
        Ok(())
    }

    /// A complete order: its earlier turns valued backwards, then compared with the best and
    /// worst so far.
    fn leaf(&mut self) -> Result<(), Interrupted> {
        let n = self.t.kind.len();
        let kinds: Vec<usize> = self.suffix.iter().rev().copied().collect();
        let order = indices(self.t, &kinds);
        let mut value = self.t.at_start(&self.bufs[n]);
        if self.t.turns > 1 {
            let (slots, _) = positions(self.rules, self.t, &order);
            let [v, w] = &mut self.work;
            v.copy_from_slice(&self.bufs[n]);
            for p in (0..n * (self.t.turns as usize - 1)).rev() {
                if p % n == n - 1 {
                    // The end of the turn this position closes.
                    recover_values(self.t, v, w);
                    std::mem::swap(v, w);
                }
                attack_values(self.t, slots[p], v, w, &mut self.scratch, None);
                std::mem::swap(v, w);
                self.poll.tick()?;
            }
            value = self.t.at_start(v);
        }
        self.orders += 1;
        // Orders are met in a fixed sequence; among ties the one whose kinds sort first stands.
        let t = self.t;
        let earlier = |a: &[usize], b: &[usize]| kinds_of(t, a) < kinds_of(t, b);
        match &self.best {
            Some((b, o)) if !(value > b + TIE || ((value - b).abs() <= TIE && earlier(&order, o))) => {}
            _ => self.best = Some((value, order.clone())),
        }
        match &self.worst {
            Some((b, o)) if !(value < b - TIE || ((value - b).abs() <= TIE && earlier(&order, o))) => {}
            _ => self.worst = Some((value, order)),
        }
        Ok(())
    }
}

fn kinds_of<S>(t: &Tables<S>, order: &[usize]) -> Vec<usize> {
    order.iter().map(|&i| t.kind[i]).collect()
}

/// Every distinct order fixed in advance, valued exactly: the best and the worst.
pub(super) fn search<R: GangRules>(rules: &R, t: &Tables<R::State>) -> Result<Orders, Interrupted> {
    let n = t.kind.len();
    let mut bufs = vec![vec![0.0; t.len()]; n + 1];
    bufs[0] = terminal(t);
    let mut dfs = Dfs {
        rules,
        t,
        counts: t.members.iter().map(Vec::len).collect(),
        bufs,
        suffix: Vec::with_capacity(n),
        work: [vec![0.0; t.len()], vec![0.0; t.len()]],
        scratch: Vec::with_capacity(t.len()),
        best: None,
        worst: None,
        orders: 0,
        poll: Poll::every(16),
    };
    dfs.node(0)?;
    Ok(Orders {
        best: dfs.best.take().unwrap_or_default(),
        worst: dfs.worst.take().unwrap_or_default(),
        orders: dfs.orders,
    })
}

/// The adaptive plan: before each attack the attackers pick which of them goes next from the
/// target's state (and the turn and who is left), at their best. Tables over (turn, attackers
/// left, state): the value and the choice.
/// The adaptive plan's choice from one state: the kind that goes next, with its attack's choices.
pub(super) type Next = (u8, [u8; 2]);

#[derive(Clone, Debug)]
pub(super) struct Adaptive {
    /// Mixed-radix strides of the attackers-left counts per kind.
    pub strides: Vec<usize>,
    /// `next[turn][left][state]`: the kind that goes next, with the attack's choices.
    pub next: Vec<Vec<Vec<Next>>>,
    /// `slot[turn][left][kind]`: the law table of that kind's attack (usize::MAX: none left).
    pub slot: Vec<Vec<Vec<usize>>>,
    /// For an attack of several steps: each state's number among those waiting in the middle of
    /// an attack (`u32::MAX`: a state between attacks)…
    pub mid: Vec<u32>,
    /// …and `inner[turn][left][kind][mid]`: the choices of that kind's attack from them, `left`
    /// counting the attacker that is acting (empty with one step).
    pub inner: Vec<Vec<Vec<Vec<[u8; 2]>>>>,
}

/// The adaptive plan of `rules`' attackers.
pub(super) fn adaptive<R: GangRules>(rules: &R, t: &Tables<R::State>) -> Result<Adaptive, Interrupted> {
    let counts: Vec<usize> = t.members.iter().map(Vec::len).collect();
    let kinds = counts.len();
    let mut strides = vec![1usize; kinds];
    for k in 1..kinds {
        strides[k] = strides[k - 1] * (counts[k - 1] + 1);
    }
    let m = strides[kinds - 1] * (counts[kinds - 1] + 1);
    let full: usize = counts.iter().zip(&strides).map(|(c, s)| c * s).sum();
    let mut by_size: Vec<usize> = (0..m).collect();
    let left_of = |ms: usize| -> Vec<usize> { strides.iter().zip(&counts).map(|(&s, &c)| ms / s % (c + 1)).collect() };
    by_size.sort_by_key(|&ms| (left_of(ms).iter().sum::<usize>(), ms));
    let turns = t.turns as usize;
    let nst = t.len();
    let mut next: Vec<Vec<Vec<Next>>> = vec![vec![vec![(0u8, [0u8; 2]); nst]; m]; turns];
    let mut slot = vec![vec![vec![usize::MAX; kinds]; m]; turns];
    let mut after_turn = terminal(t);
    let mut w: Vec<Vec<f64>> = vec![vec![0.0; nst]; m];
    let mut tmp = vec![0.0; nst];
    let mut pol = vec![[0u8; 2]; nst];
    let mut scratch = Vec::with_capacity(nst);
    let mut mid = vec![u32::MAX; nst];
    let mut mids = 0usize;
    for (s, &st) in t.stage.iter().enumerate() {
        if st > 0 {
            mid[s] = mids as u32;
            mids += 1;
        }
    }
    let mut inner: Vec<Vec<Vec<Vec<[u8; 2]>>>> =
        if mids > 0 { vec![vec![vec![Vec::new(); kinds]; m]; turns] } else { Vec::new() };
    let mut poll = Poll::every(4);
    for turn in (0..turns).rev() {
        for &ms in &by_size {
            poll.tick()?;
            let left = left_of(ms);
            if left.iter().all(|&c| c == 0) {
                if turn + 1 == turns {
                    w[ms].copy_from_slice(&after_turn);
                } else {
                    let (a, b) = (&after_turn, &mut w[ms]);
                    recover_values(t, a, b);
                }
                continue;
            }
            let mut first = true;
            let mut acc = vec![0.0; nst];
            for k in 0..kinds {
                if left[k] == 0 {
                    continue;
                }
                let mut before = 0u64;
                for (j, &c) in counts.iter().enumerate() {
                    for &mm in &t.members[j][..c - left[j]] {
                        before |= 1 << mm;
                    }
                }
                let i = t.members[k][counts[k] - left[k]];
                let c = rules.context(i, before, turn as u8);
                let sl = t.slot(k, c);
                slot[turn][ms][k] = sl;
                attack_values(t, sl, &w[ms - strides[k]], &mut tmp, &mut scratch, Some(&mut pol));
                if mids > 0 {
                    inner[turn][ms][k] = (0..nst).filter(|&s| mid[s] != u32::MAX).map(|s| pol[s]).collect();
                }
                for s in 0..nst {
                    if t.stage[s] != 0 {
                        continue;
                    }
                    if first || tmp[s] > acc[s] + TIE {
                        acc[s] = tmp[s];
                        next[turn][ms][s] = (k as u8, pol[s]);
                    }
                }
                first = false;
            }
            w[ms] = acc;
        }
        after_turn = w[full].clone();
    }
    Ok(Adaptive { strides, next, slot, mid, inner })
}
