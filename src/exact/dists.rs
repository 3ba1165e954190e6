//! Exact distributions of the aggregate rolls of [`crate::dice::Dice`], as integer weights.
//!
//! Each is what the default method body would produce one die at a time, summarised: the exact
//! evaluator branches once on it. Weights are integers over a power of the dice's sides
//! (`6^n`, `36^n` with rerolls of ones, `n` for a uniform draw), so probabilities stay rational
//! and can be printed as fractions. The tests check every one against the per-die bodies.

use crate::dice::{DEAL_CLASSES, Reroll, SuccessMask};

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

/// C(n, k), exactly: each step C(n, i) · (n − i) / (i + 1) divides evenly (checked against 128 bits).
fn choose(n: u32, k: u32) -> Result<u128, TooFine> {
    if k > n {
        return Ok(0);
    }
    let mut c = 1u128;
    for i in 0..k.min(n - k) {
        c = c.checked_mul((n - i) as u128).ok_or(TooFine)? / (i as u128 + 1);
    }
    Ok(c)
}

/// Bits per class in a packed deal (counts up to 63).
const DEAL_BITS: u32 = 6;

/// A deal's counts per class as one value: class `c` in bits `6c..6c + 6`.
pub fn pack_deal(counts: &[u8; DEAL_CLASSES]) -> u32 {
    counts.iter().enumerate().map(|(c, &k)| (k as u32) << (DEAL_BITS * c as u32)).sum()
}

/// The counts per class of a value of [`deal`].
pub fn unpack_deal(v: u32) -> [u8; DEAL_CLASSES] {
    std::array::from_fn(|c| ((v >> (DEAL_BITS * c as u32)) & ((1 << DEAL_BITS) - 1)) as u8)
}

/// [`crate::dice::Dice::deal`]: how many cards of each class a hand of `n` holds, dealt without
/// replacement from `pool[c]` cards of each class `c` (`n` no more than the pool holds, below 64).
/// The multivariate hypergeometric: counts `k` have weight Π C(pool[c], k[c]) out of
/// C(Σ pool, n) — every set of `n` cards equally likely, as card-by-card Fisher–Yates deals them.
/// Values are the counts packed by [`pack_deal`].
pub fn deal(pool: [u8; DEAL_CLASSES], n: u32) -> Result<Dist, TooFine> {
    let size: u32 = pool.iter().map(|&k| k as u32).sum();
    assert!(n <= size && n < 1 << DEAL_BITS, "a deal of {n} from {size} cards");
    // Cards of the classes after each: a class takes at least what those cannot hold.
    let mut after = [0u32; DEAL_CLASSES];
    for c in (0..DEAL_CLASSES - 1).rev() {
        after[c] = after[c + 1] + pool[c + 1] as u32;
    }
    let mut d = Dist { values: Vec::new(), weights: Vec::new(), total: choose(size, n)? };
    let mut counts = [0u8; DEAL_CLASSES];
    fn walk(
        c: usize,
        left: u32,
        w: u128,
        pool: &[u8; DEAL_CLASSES],
        after: &[u32; DEAL_CLASSES],
        counts: &mut [u8; DEAL_CLASSES],
        d: &mut Dist,
    ) -> Result<(), TooFine> {
        if c == DEAL_CLASSES {
            d.values.push(pack_deal(counts));
            d.weights.push(w);
            return Ok(());
        }
        for k in left.saturating_sub(after[c])..=left.min(pool[c] as u32) {
            counts[c] = k as u8;
            let w = w.checked_mul(choose(pool[c] as u32, k)?).ok_or(TooFine)?;
            walk(c + 1, left - k, w, pool, after, counts, d)?;
        }
        counts[c] = 0;
        Ok(())
    }
    walk(0, n, 1, &pool, &after, &mut counts, &mut d)?;
    Ok(d)
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

    /// Dice whose uniform draws replay `path` (each draw one choice) and roll no die: the
    /// card-by-card oracle for [`deal`], every draw sequence equally likely.
    struct Draws<'a>(&'a [u32], usize);
    impl Dice for Draws<'_> {
        fn d6(&mut self) -> u8 {
            unreachable!("a deal draws cards, not dice")
        }
        fn uniform_below(&mut self, n: u32) -> u32 {
            let i = self.0[self.1];
            assert!(i < n);
            self.1 += 1;
            i
        }
    }

    #[test]
    fn a_deal_equals_the_card_by_card_default_body() {
        // Pools of 0..=7 cards over the classes, hands of 0..=size: every sequence of draws
        // (size · (size − 1) ⋯ of them, equally likely) run through the default body.
        let pools: [[u8; DEAL_CLASSES]; 6] =
            [[0, 0, 2, 3, 2], [1, 2, 0, 1, 3], [7, 0, 0, 0, 0], [1, 1, 1, 1, 1], [0, 0, 0, 0, 0], [3, 0, 4, 0, 0]];
        for pool in pools {
            let size: u32 = pool.iter().map(|&k| k as u32).sum();
            // Classes in an order unlike their index, as a shuffled deck would hold them.
            let mut cards: Vec<u8> = (0..DEAL_CLASSES as u8).flat_map(|c| vec![c; pool[c as usize] as usize]).collect();
            cards.reverse();
            cards.rotate_left(size as usize / 3);
            for n in 0..=size {
                let mut by_counts: std::collections::BTreeMap<u32, u128> = Default::default();
                let mut seqs = 0u128;
                let mut path = vec![0u32; n as usize];
                loop {
                    let (mut p, mut left, mut counts) = (cards.clone(), size, [0u8; DEAL_CLASSES]);
                    let mut d = Draws(&path, 0);
                    d.deal(&mut p, &mut left, n, &mut counts);
                    assert_eq!(left, size - n);
                    *by_counts.entry(pack_deal(&counts)).or_default() += 1;
                    seqs += 1;
                    // Odometer: draw i is one of size − i.
                    let mut i = n as usize;
                    loop {
                        if i == 0 {
                            break;
                        }
                        i -= 1;
                        path[i] += 1;
                        if path[i] < size - i as u32 {
                            break;
                        }
                        path[i] = 0;
                    }
                    if path.iter().all(|&x| x == 0) {
                        break;
                    }
                }
                let d = deal(pool, n).unwrap();
                assert_eq!(d.weights.iter().sum::<u128>(), d.total, "{pool:?} deal {n}");
                // Every sequence weighs 1 / seqs, every dealt set 1 / C(size, n).
                let got: std::collections::BTreeMap<u32, u128> =
                    d.values.iter().zip(&d.weights).map(|(&v, &w)| (v, w * (seqs / d.total))).collect();
                assert_eq!(got, by_counts, "{pool:?} deal {n}");
                assert!(d.weights.iter().all(|&w| w > 0));
            }
        }
    }

    #[test]
    fn a_hand_of_four_from_the_deck_by_colour_and_face() {
        // 8 red J Q K A, 18 red number cards, 26 black: all four red faces has weight
        // C(8, 4) = 70 of C(52, 4) = 270725; no red card, C(26, 4) = 14950.
        let d = deal([0, 0, 8, 18, 26], 4).unwrap();
        assert_eq!(d.total, 270_725);
        assert_eq!(d.values.len(), 15);
        let w = |k: [u8; DEAL_CLASSES]| d.weights[d.values.iter().position(|&v| v == pack_deal(&k)).unwrap()];
        assert_eq!(w([0, 0, 4, 0, 0]), 70);
        assert_eq!(w([0, 0, 0, 0, 4]), 14_950);
        assert_eq!(w([0, 0, 1, 2, 1]), 8 * 153 * 26);
        assert_eq!(unpack_deal(pack_deal(&[63, 1, 0, 17, 5])), [63, 1, 0, 17, 5]);
    }

    #[test]
    fn too_many_dice_is_an_error_not_a_wrong_answer() {
        assert_eq!(hits(60, SuccessMask::at_least(4, 0, true, true)), Err(TooFine));
        assert!(hits(40, SuccessMask::at_least(4, 0, true, true)).is_ok());
    }
}
