//! Exact distributions of the aggregate rolls of [`crate::dice::Dice`], as integer weights.
//!
//! Each is what the default method body would produce one die at a time, summarised: the exact
//! evaluator branches once on it. Weights are integers over a power of the dice's sides
//! (`6^n`, `36^n` with rerolls of ones, `n` for a uniform draw), so probabilities stay rational
//! and can be printed as fractions. The tests check every one against the per-die bodies.

use crate::dice::{Reroll, SuccessMask};

/// A finite distribution: `values[i]` has probability `weights[i] / total`. Outcomes of weight
/// zero are left out, so the evaluator never walks a branch that cannot happen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dist {
    pub values: Vec<u32>,
    pub weights: Vec<u128>,
    pub total: u128,
}

/// Where a distribution's weights would not fit in 128 bits (e.g. more than 49 dice at once).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooFine;

impl Dist {
    /// From weights indexed by value (zeros dropped).
    fn from_weights(w: Vec<u128>, total: u128) -> Dist {
        let (values, weights) = w.into_iter().enumerate().filter(|&(_, x)| x > 0).map(|(v, x)| (v as u32, x)).unzip();
        Dist { values, weights, total }
    }
}

/// A precomputed table ([`crate::dice::Dice::draw`]): its own integer weights out of 6^dice.
pub fn table(t: &crate::dice::Table) -> Dist {
    Dist::from_weights(t.weights().map(u128::from).collect(), t.total() as u128)
}

/// One die: faces 1..=6.
pub fn d6() -> Dist {
    Dist { values: (1..=6).collect(), weights: vec![1; 6], total: 6 }
}

/// A uniform draw from `0..n`.
pub fn uniform(n: u32) -> Dist {
    Dist { values: (0..n).collect(), weights: vec![1; n as usize], total: n as u128 }
}

/// Successes among `n` independent dice, each succeeding with weight `a` out of `of`.
fn binomial(n: u32, a: u128, of: u128) -> Result<Vec<u128>, TooFine> {
    let b = of - a;
    // Row of Pascal's triangle times powers: w[k] = C(n, k) a^k b^(n−k), built one die at a time.
    let mut w = vec![0u128; n as usize + 1];
    w[0] = 1;
    for i in 0..n as usize {
        for k in (0..=i + 1).rev() {
            let stay = w[k].checked_mul(b).ok_or(TooFine)?;
            let up = if k > 0 { w[k - 1].checked_mul(a).ok_or(TooFine)? } else { 0 };
            w[k] = stay.checked_add(up).ok_or(TooFine)?;
        }
    }
    Ok(w)
}

/// [`crate::dice::Dice::count_hits`]: successes among `n` dice.
pub fn hits(n: u32, mask: SuccessMask) -> Result<Dist, TooFine> {
    let total = 6u128.checked_pow(n).ok_or(TooFine)?;
    Ok(Dist::from_weights(binomial(n, mask.faces() as u128, 6)?, total))
}

/// [`crate::dice::Dice::count_successes`]: successes among `n` dice with one round of rerolls.
pub fn successes(n: u32, mask: SuccessMask, reroll: Reroll) -> Result<Dist, TooFine> {
    let s = mask.faces() as u128;
    match reroll {
        Reroll::None => hits(n, mask),
        Reroll::Ones => {
            // Per die, in 36ths: succeeds at once (6s), or shows a failing 1 and the reroll succeeds.
            let one_fails = !mask.test(1);
            let a = 6 * s + if one_fails { s } else { 0 };
            let total = 36u128.checked_pow(n).ok_or(TooFine)?;
            Ok(Dist::from_weights(binomial(n, a, 36)?, total))
        }
        Reroll::Failures(k) => {
            // i first-roll successes; min(k, n − i) failures are rolled again, j of them succeed.
            // Over 6^(n + k): a branch with fewer rerolls is scaled by 6^(unused rerolls).
            let k = k as u32;
            let total = 6u128.checked_pow(n + k).ok_or(TooFine)?;
            let first = binomial(n, s, 6)?;
            let mut w = vec![0u128; n as usize + 1];
            for (i, &wi) in first.iter().enumerate() {
                if wi == 0 {
                    continue;
                }
                let m = k.min(n - i as u32);
                let scale = 6u128.pow(k - m);
                for (j, &wj) in binomial(m, s, 6)?.iter().enumerate() {
                    let add = wi.checked_mul(wj).and_then(|x| x.checked_mul(scale)).ok_or(TooFine)?;
                    w[i + j] = w[i + j].checked_add(add).ok_or(TooFine)?;
                }
            }
            Ok(Dist::from_weights(w, total))
        }
    }
}

/// [`crate::dice::Dice::sum_d6`]: the sum of `n` dice.
pub fn sum(n: u32) -> Result<Dist, TooFine> {
    let total = 6u128.checked_pow(n).ok_or(TooFine)?;
    let mut w = vec![0u128; 6 * n as usize + 1];
    w[0] = 1;
    for i in 0..n as usize {
        let mut next = vec![0u128; w.len()];
        for (s, &x) in w.iter().enumerate().take(6 * i + 1) {
            if x == 0 {
                continue;
            }
            for f in 1..=6 {
                next[s + f] += x;
            }
        }
        w = next;
    }
    Ok(Dist::from_weights(w, total))
}

/// [`crate::dice::Dice::keep_two_lowest`] (`lowest`) or `keep_two_highest`: the sum of the two
/// lowest (highest) of `n ≥ 2` dice, by a walk over (best, second best) after each die.
pub fn keep_two(n: u32, lowest: bool) -> Result<Dist, TooFine> {
    let total = 6u128.checked_pow(n).ok_or(TooFine)?;
    // state[a][b]: ways to have best a and second best b (0 = none yet), faces in 1..=6.
    let better = |f: u8, x: u8| x == 0 || if lowest { f < x } else { f > x };
    let mut state = [[0u128; 7]; 7];
    state[0][0] = 1;
    for _ in 0..n {
        let mut next = [[0u128; 7]; 7];
        for a in 0..7u8 {
            for b in 0..7u8 {
                let x = state[a as usize][b as usize];
                if x == 0 {
                    continue;
                }
                for f in 1..=6u8 {
                    // The same update as the per-die code: a strictly better face becomes the best.
                    let (na, nb) = if better(f, a) {
                        (f, a)
                    } else if better(f, b) {
                        (a, f)
                    } else {
                        (a, b)
                    };
                    next[na as usize][nb as usize] += x;
                }
            }
        }
        state = next;
    }
    let mut w = vec![0u128; 13];
    for a in 1..7 {
        for b in 1..7 {
            w[a + b] += state[a][b];
        }
    }
    Ok(Dist::from_weights(w, total))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::Dice;

    /// Every face sequence of `len` dice, each once: the per-die oracle.
    struct Seq<'a>(&'a [u8], usize);
    impl Dice for Seq<'_> {
        fn d6(&mut self) -> u8 {
            self.1 += 1;
            self.0[self.1 - 1]
        }
    }

    /// Run `f` on every sequence of `len` faces; weights out of 6^len (unused dice still count).
    fn brute(len: u32, f: impl Fn(&mut Seq) -> u32) -> Vec<u128> {
        let mut w = Vec::new();
        for code in 0..6u64.pow(len) {
            let faces: Vec<u8> = (0..len).map(|i| ((code / 6u64.pow(i)) % 6) as u8 + 1).collect();
            let v = f(&mut Seq(&faces, 0)) as usize;
            if w.len() <= v {
                w.resize(v + 1, 0);
            }
            w[v] += 1;
        }
        w
    }

    /// `d` rescaled to a denominator of 6^len, indexed by value.
    fn by_value(d: &Dist, len: u32) -> Vec<u128> {
        let scale = 6u128.pow(len) / d.total;
        assert_eq!(scale * d.total, 6u128.pow(len));
        let mut w = vec![0u128; *d.values.iter().max().unwrap_or(&0) as usize + 1];
        for (&v, &x) in d.values.iter().zip(&d.weights) {
            w[v as usize] = x * scale;
        }
        w
    }

    fn trim(mut w: Vec<u128>) -> Vec<u128> {
        while w.last() == Some(&0) {
            w.pop();
        }
        w
    }

    #[test]
    fn aggregates_equal_the_per_die_code() {
        let masks =
            [SuccessMask::at_least(4, 0, true, true), SuccessMask::at_least(7, 0, true, true), SuccessMask::at_most(2)];
        for n in 0..=4u32 {
            for &m in &masks {
                let d = hits(n, m).unwrap();
                assert_eq!(trim(by_value(&d, n)), trim(brute(n, |s| s.count_hits(n, m))), "hits {n}");
                // Ones: each die may need a second; Failures(k): up to k more.
                let d = successes(n, m, Reroll::Ones).unwrap();
                assert_eq!(trim(by_value(&d, 2 * n)), trim(brute(2 * n, |s| s.count_successes(n, m, Reroll::Ones))));
                for k in 0..=3u8 {
                    let d = successes(n, m, Reroll::Failures(k)).unwrap();
                    let len = n + k as u32;
                    let got = brute(len, |s| s.count_successes(n, m, Reroll::Failures(k)));
                    assert_eq!(trim(by_value(&d, len)), trim(got), "failures n={n} k={k}");
                }
            }
            let d = sum(n).unwrap();
            assert_eq!(trim(by_value(&d, n)), trim(brute(n, |s| s.sum_d6(n))));
            if n >= 2 {
                let lo = keep_two(n, true).unwrap();
                assert_eq!(trim(by_value(&lo, n)), trim(brute(n, |s| s.keep_two_lowest(n))), "low {n}");
                let hi = keep_two(n, false).unwrap();
                assert_eq!(trim(by_value(&hi, n)), trim(brute(n, |s| s.keep_two_highest(n))), "high {n}");
            }
        }
    }

    #[test]
    fn too_many_dice_is_an_error_not_a_wrong_answer() {
        assert_eq!(hits(60, SuccessMask::at_least(4, 0, true, true)), Err(TooFine));
        assert!(hits(40, SuccessMask::at_least(4, 0, true, true)).is_ok());
    }
}
