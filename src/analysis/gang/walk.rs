//! An order played forwards from the start: how the chance of the target still being in moves
//! from attacker to attacker. In double precision for every order a report compares, and as
//! exact fractions for the listed order (the cell's tally), as far as 128 bits allow.

use super::figures::OrderFigures;
use super::search::{Adaptive, Plan};
use super::tables::Tables;
use crate::exact::NoExact;

/// What a walk finds, per position (turn × attackers + slot), in probabilities.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Walked {
    /// P(the target goes out at this position).
    pub out_at: Vec<f64>,
    /// P(out), per way out.
    pub ways: Vec<f64>,
    /// The expected damage on the target when the sequence ends (at the goal, or after the last
    /// attacker).
    pub damage: f64,
}

impl Walked {
    /// The figures of this walk, for the order `order` (empty: the adaptive plan).
    pub fn figures(&self, order: Vec<usize>) -> OrderFigures {
        let mut acc = 0.0;
        let out_by: Vec<f64> = self
            .out_at
            .iter()
            .map(|x| {
                acc += x;
                acc
            })
            .collect();
        OrderFigures { order, p_out: acc, out_by, ways: self.ways.clone(), mean_damage: self.damage }
    }
}

fn absorb<S>(t: &Tables<S>, next: &mut [f64], p: usize, w: &mut Walked) {
    for (j, m) in next.iter_mut().enumerate() {
        if *m > 0.0
            && let Some(way) = t.out[j]
        {
            w.out_at[p] += *m;
            w.ways[way as usize] += *m;
            w.damage += *m * t.damage[j] as f64;
            *m = 0.0;
        }
    }
}

/// Walk `plan` forwards in double precision.
pub(super) fn walk<S>(t: &Tables<S>, plan: &Plan, ways: usize) -> Walked {
    let n = plan.order.len();
    let mut w = Walked { out_at: vec![0.0; plan.slots.len()], ways: vec![0.0; ways], damage: 0.0 };
    let mut dist = vec![0.0; t.len()];
    let mut next = vec![0.0; t.len()];
    dist[0] = 1.0;
    if t.out[0].is_some() {
        return w;
    }
    for p in 0..plan.slots.len() {
        if p > 0 && p % n == 0 {
            next.iter_mut().for_each(|x| *x = 0.0);
            for (s, &m) in dist.iter().enumerate() {
                if m > 0.0
                    && let Some(l) = &t.recover[s]
                {
                    for &(j, _, q) in &l.items {
                        next[j as usize] += m * q;
                    }
                }
            }
            std::mem::swap(&mut dist, &mut next);
        }
        next.iter_mut().for_each(|x| *x = 0.0);
        for (s, &m) in dist.iter().enumerate() {
            if m > 0.0
                && let Some(play) = &t.plays[plan.slots[p]][s]
            {
                let [f, g] = plan.policy[p][s];
                for &(j, _, q) in &play.options[f as usize][g as usize].items {
                    next[j as usize] += m * q;
                }
            }
        }
        absorb(t, &mut next, p, &mut w);
        std::mem::swap(&mut dist, &mut next);
    }
    w.damage += dist.iter().zip(&t.damage).map(|(m, &d)| m * d as f64).sum::<f64>();
    w
}

/// Walk the adaptive plan forwards in double precision (the mass is over who is left and the
/// state).
pub(super) fn walk_adaptive<S>(t: &Tables<S>, a: &Adaptive, ways: usize) -> Walked {
    let counts: Vec<usize> = t.members.iter().map(Vec::len).collect();
    let n: usize = counts.iter().sum();
    let turns = t.turns as usize;
    let full: usize = counts.iter().zip(&a.strides).map(|(c, s)| c * s).sum();
    let nst = t.len();
    let mut w = Walked { out_at: vec![0.0; n * turns], ways: vec![0.0; ways], damage: 0.0 };
    if t.out[0].is_some() {
        return w;
    }
    // (left, state) → mass, for the attackers left at this step.
    let mut dist: Vec<(usize, Vec<f64>)> = vec![(full, {
        let mut v = vec![0.0; nst];
        v[0] = 1.0;
        v
    })];
    for turn in 0..turns {
        if turn > 0 {
            let mut v = vec![0.0; nst];
            for (_, d) in &dist {
                for (s, &m) in d.iter().enumerate() {
                    if m > 0.0
                        && let Some(l) = &t.recover[s]
                    {
                        for &(j, _, q) in &l.items {
                            v[j as usize] += m * q;
                        }
                    }
                }
            }
            dist = vec![(full, v)];
        }
        for slot in 0..n {
            let p = turn * n + slot;
            let mut nexts: Vec<(usize, Vec<f64>)> = Vec::new();
            for (left, d) in &dist {
                for (s, &m) in d.iter().enumerate() {
                    if m <= 0.0 {
                        continue;
                    }
                    let (k, [f, g]) = a.next[turn][*left][s];
                    let k = k as usize;
                    let to = left - a.strides[k];
                    let Some(play) = &t.plays[a.slot[turn][*left][k]][s] else { continue };
                    let at = match nexts.iter().position(|(l, _)| *l == to) {
                        Some(i) => i,
                        None => {
                            nexts.push((to, vec![0.0; nst]));
                            nexts.len() - 1
                        }
                    };
                    for &(j, _, q) in &play.options[f as usize][g as usize].items {
                        nexts[at].1[j as usize] += m * q;
                    }
                }
            }
            for (_, v) in nexts.iter_mut() {
                absorb(t, v, p, &mut w);
            }
            nexts.sort_by_key(|(l, _)| *l);
            dist = nexts;
        }
        // Everyone has acted: one (empty) group left.
        let mut v = vec![0.0; nst];
        for (_, d) in &dist {
            for (s, &m) in d.iter().enumerate() {
                v[s] += m;
            }
        }
        dist = vec![(0, v)];
    }
    for (_, d) in &dist {
        w.damage += d.iter().zip(&t.damage).map(|(m, &dd)| m * dd as f64).sum::<f64>();
    }
    w
}

/// The listed order walked as exact fractions: numerators over one common denominator.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct ExactWalk {
    pub den: u128,
    pub out_at: Vec<u128>,
    pub ways: Vec<u128>,
    /// Numerators of each damage value when the sequence ends.
    pub damage: Vec<u128>,
}

/// Multiply every numerator by `f` (the denominator grew by `f`).
fn scale(xs: &mut [u128], f: u128) -> Result<(), NoExact> {
    for x in xs {
        *x = x.checked_mul(f).ok_or(NoExact::TooFine)?;
    }
    Ok(())
}

/// Walk `plan` forwards as exact fractions; `Err(TooFine)` when the common denominator outgrows
/// 128 bits.
pub(super) fn walk_exact<S>(t: &Tables<S>, plan: &Plan, ways: usize, max_damage: usize) -> Result<ExactWalk, NoExact> {
    let n = plan.order.len();
    let nst = t.len();
    let mut e =
        ExactWalk { den: 1, out_at: vec![0; plan.slots.len()], ways: vec![0; ways], damage: vec![0; max_damage + 1] };
    let mut dist = vec![0u128; nst];
    dist[0] = 1;
    if let Some(w) = t.out[0] {
        e.ways[w as usize] = 1;
        e.damage[t.damage[0] as usize] = 1;
        return Ok(e);
    }
    for p in 0..plan.slots.len() {
        if p > 0 && p % n == 0 {
            step(&mut e, &mut dist, |s| t.recover[s].as_ref())?;
        }
        let slot = plan.slots[p];
        let pol = &plan.policy[p];
        step(&mut e, &mut dist, |s| {
            t.plays[slot][s].as_ref().map(|play| {
                let [f, g] = pol[s];
                &play.options[f as usize][g as usize]
            })
        })?;
        for (j, m) in dist.iter_mut().enumerate() {
            if *m > 0
                && let Some(way) = t.out[j]
            {
                e.out_at[p] += *m;
                e.ways[way as usize] += *m;
                e.damage[t.damage[j] as usize] += *m;
                *m = 0;
            }
        }
        reduce(&mut e, &mut dist);
    }
    for (s, &m) in dist.iter().enumerate() {
        e.damage[t.damage[s] as usize] += m;
    }
    Ok(e)
}

/// One step: every state's mass through its law (`law_of`; none: it stays), over the least
/// common multiple of the laws' denominators used.
fn step<'a>(
    e: &mut ExactWalk,
    dist: &mut Vec<u128>,
    law_of: impl Fn(usize) -> Option<&'a super::tables::DLaw>,
) -> Result<(), NoExact> {
    let mut l = 1u128;
    for (s, &m) in dist.iter().enumerate() {
        if m > 0
            && let Some(law) = law_of(s)
        {
            l = lcm(l, law.den)?;
        }
    }
    let mut next = vec![0u128; dist.len()];
    for (s, &m) in dist.iter().enumerate() {
        if m == 0 {
            continue;
        }
        match law_of(s) {
            Some(law) => {
                let f = l / law.den;
                for &(j, w, _) in &law.items {
                    let add = m.checked_mul(w).and_then(|x| x.checked_mul(f)).ok_or(NoExact::TooFine)?;
                    next[j as usize] = next[j as usize].checked_add(add).ok_or(NoExact::TooFine)?;
                }
            }
            None => next[s] = m.checked_mul(l).ok_or(NoExact::TooFine)?,
        }
    }
    scale(&mut e.out_at, l)?;
    scale(&mut e.ways, l)?;
    scale(&mut e.damage, l)?;
    e.den = e.den.checked_mul(l).ok_or(NoExact::TooFine)?;
    *dist = next;
    Ok(())
}

fn lcm(a: u128, b: u128) -> Result<u128, NoExact> {
    (a / crate::stats::gcd(a, b)).checked_mul(b).ok_or(NoExact::TooFine)
}

/// Divide every numerator and the denominator by their greatest common divisor.
fn reduce(e: &mut ExactWalk, dist: &mut [u128]) {
    let mut g = e.den;
    for &x in e.out_at.iter().chain(&e.ways).chain(&e.damage).chain(dist.iter()) {
        g = crate::stats::gcd(g, x);
        if g == 1 {
            return;
        }
    }
    if g > 1 {
        for x in e.out_at.iter_mut().chain(e.ways.iter_mut()).chain(e.damage.iter_mut()).chain(dist.iter_mut()) {
            *x /= g;
        }
        e.den /= g;
    }
}
