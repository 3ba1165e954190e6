//! An order played forwards from the start: how the chance of the target still being in moves
//! from attacker to attacker. In double precision for every order a report compares, and as
//! exact fractions for the listed order (the cell's tally), as far as 128 bits allow.

use super::figures::OrderFigures;
use super::search::{Adaptive, Plan};
use super::tables::DLaw;
use super::tables::Tables;
use crate::exact::NoExact;
use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};

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

/// Move `dist` through one step of an attack into `next`: the mass on each state waiting for
/// step `k` goes through the law `law_of` gives it (none: it stays), every other state's stays.
fn spread<'a, S>(t: &Tables<S>, k: u8, dist: &[f64], next: &mut [f64], law_of: impl Fn(usize) -> Option<&'a DLaw>) {
    next.iter_mut().for_each(|x| *x = 0.0);
    for (s, &m) in dist.iter().enumerate() {
        if m <= 0.0 {
            continue;
        }
        match (t.stage[s] == k).then(|| law_of(s)).flatten() {
            Some(law) => {
                for &(j, _, q) in &law.items {
                    next[j as usize] += m * q;
                }
            }
            None => next[s] += m,
        }
    }
}

/// Walk `plan` forwards in double precision.
pub(super) fn walk<S>(t: &Tables<S>, plan: &Plan, ways: usize) -> Walked {
    let n = plan.order.len();
    let mut w = Walked { out_at: vec![0.0; plan.slots.len()], ways: vec![0.0; ways], damage: 0.0 };
    let mut dist = t.start_mass();
    let mut next = vec![0.0; t.len()];
    for p in 0..plan.slots.len() {
        if p > 0 && p % n == 0 {
            spread(t, 0, &dist, &mut next, |s| t.recover[s].as_ref());
            std::mem::swap(&mut dist, &mut next);
        }
        let (plays, pol) = (&t.plays[plan.slots[p]], &plan.policy[p]);
        for k in 0..t.stages {
            spread(t, k, &dist, &mut next, |s| {
                plays[s].as_ref().map(|play| {
                    let [f, g] = pol[s];
                    &play.options[f as usize][g as usize]
                })
            });
            std::mem::swap(&mut dist, &mut next);
        }
        absorb(t, &mut dist, p, &mut w);
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
    // (left, state) → mass, for the attackers left at this step.
    let mut dist: Vec<(usize, Vec<f64>)> = vec![(full, t.start_mass())];
    let mut tmp = vec![0.0; nst];
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
            // The first step: each state's attacker chosen; the mass goes to (who is left after
            // it, who is acting).
            let mut acting: Vec<((usize, usize), Vec<f64>)> = Vec::new();
            for (left, d) in &dist {
                for (s, &m) in d.iter().enumerate() {
                    if m <= 0.0 {
                        continue;
                    }
                    let (k, [f, g]) = a.next[turn][*left][s];
                    let k = k as usize;
                    let to = left - a.strides[k];
                    let Some(play) = &t.plays[a.slot[turn][*left][k]][s] else { continue };
                    let at = match acting.iter().position(|(l, _)| *l == (to, k)) {
                        Some(i) => i,
                        None => {
                            acting.push(((to, k), vec![0.0; nst]));
                            acting.len() - 1
                        }
                    };
                    for &(j, _, q) in &play.options[f as usize][g as usize].items {
                        acting[at].1[j as usize] += m * q;
                    }
                }
            }
            // The later steps, by the acting attacker's choices from the middle of its attack.
            // (No state waits in the middle of an attack: nothing more to move.)
            for stage in (1..t.stages).filter(|_| !a.inner.is_empty()) {
                for ((to, k), d) in acting.iter_mut() {
                    let left = *to + a.strides[*k];
                    let (plays, inner) = (&t.plays[a.slot[turn][left][*k]], &a.inner[turn][left][*k]);
                    spread(t, stage, d, &mut tmp, |s| {
                        plays[s].as_ref().map(|play| {
                            let [f, g] = inner[a.mid[s] as usize];
                            &play.options[f as usize][g as usize]
                        })
                    });
                    std::mem::swap(d, &mut tmp);
                }
            }
            let mut nexts: Vec<(usize, Vec<f64>)> = Vec::new();
            for ((to, _), d) in acting {
                match nexts.iter_mut().find(|(l, _)| *l == to) {
                    Some((_, v)) => v.iter_mut().zip(&d).for_each(|(x, y)| *x += y),
                    None => nexts.push((to, d)),
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

/// The listed order walked as exact fractions: numerators over one common denominator, in
/// lowest terms.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct ExactWalk {
    pub den: u128,
    pub out_at: Vec<u128>,
    pub ways: Vec<u128>,
    /// Numerators of each damage value when the sequence ends.
    pub damage: Vec<u128>,
}

/// Numerators over one common denominator while the walk goes on: big integers, since the
/// unreduced products outgrow 128 bits long before the fractions in lowest terms do.
struct Big {
    den: BigUint,
    out_at: Vec<BigUint>,
    ways: Vec<BigUint>,
    damage: Vec<BigUint>,
    dist: Vec<BigUint>,
}

impl Big {
    fn all(&mut self) -> impl Iterator<Item = &mut BigUint> {
        self.out_at.iter_mut().chain(self.ways.iter_mut()).chain(self.damage.iter_mut()).chain(self.dist.iter_mut())
    }

    /// Every state's mass through its law (`law_of`; none: it stays), over the least common
    /// multiple of the laws' denominators used; then everything divided by the greatest common
    /// divisor.
    fn step<'a>(&mut self, law_of: impl Fn(usize) -> Option<&'a DLaw>) {
        let mut l = BigUint::one();
        for (s, m) in self.dist.iter().enumerate() {
            if !m.is_zero()
                && let Some(law) = law_of(s)
            {
                l = l.lcm(&BigUint::from(law.den));
            }
        }
        let mut next = vec![BigUint::zero(); self.dist.len()];
        for (s, m) in self.dist.iter().enumerate() {
            if m.is_zero() {
                continue;
            }
            match law_of(s) {
                Some(law) => {
                    let f = &l / BigUint::from(law.den);
                    let mf = m * &f;
                    for &(j, w, _) in &law.items {
                        next[j as usize] += &mf * BigUint::from(w);
                    }
                }
                None => next[s] += m * &l,
            }
        }
        self.dist = next;
        for x in self.out_at.iter_mut().chain(self.ways.iter_mut()).chain(self.damage.iter_mut()) {
            *x *= &l;
        }
        self.den *= &l;
        let mut g = self.den.clone();
        for x in self.out_at.iter().chain(&self.ways).chain(&self.damage).chain(&self.dist) {
            if !x.is_zero() {
                g = g.gcd(x);
                if g.is_one() {
                    return;
                }
            }
        }
        for x in self.all() {
            *x /= &g;
        }
        self.den /= &g;
    }
}

/// Walk `plan` forwards as exact fractions; `Err(TooFine)` when the fractions in lowest terms
/// do not fit 128 bits.
pub(super) fn walk_exact<S>(t: &Tables<S>, plan: &Plan, ways: usize, max_damage: usize) -> Result<ExactWalk, NoExact> {
    let n = plan.order.len();
    let mut b = Big {
        den: BigUint::one(),
        out_at: vec![BigUint::zero(); plan.slots.len()],
        ways: vec![BigUint::zero(); ways],
        damage: vec![BigUint::zero(); max_damage + 1],
        dist: vec![BigUint::zero(); t.len()],
    };
    b.den = BigUint::from(t.start.den);
    for &(j, num, _) in &t.start.items {
        b.dist[j as usize] += BigUint::from(num);
    }
    for p in 0..plan.slots.len() {
        if p > 0 && p % n == 0 {
            b.step(|s| t.recover[s].as_ref());
        }
        let slot = plan.slots[p];
        let pol = &plan.policy[p];
        for k in 0..t.stages {
            b.step(|s| {
                (t.stage[s] == k).then(|| t.plays[slot][s].as_ref()).flatten().map(|play| {
                    let [f, g] = pol[s];
                    &play.options[f as usize][g as usize]
                })
            });
        }
        for j in 0..b.dist.len() {
            if let Some(way) = t.out[j]
                && !b.dist[j].is_zero()
            {
                let m = std::mem::take(&mut b.dist[j]);
                b.out_at[p] += &m;
                b.ways[way as usize] += &m;
                b.damage[t.damage[j] as usize] += m;
            }
        }
    }
    for (s, m) in std::mem::take(&mut b.dist).into_iter().enumerate() {
        b.damage[t.damage[s] as usize] += m;
    }
    let small = |x: &BigUint| x.to_u128().ok_or(NoExact::TooFine);
    let list = |xs: &[BigUint]| xs.iter().map(small).collect::<Result<Vec<u128>, NoExact>>();
    Ok(ExactWalk { den: small(&b.den)?, out_at: list(&b.out_at)?, ways: list(&b.ways)?, damage: list(&b.damage)? })
}
