//! Exact distributions of the aggregate rolls of [`crate::dice::Dice`], as integer weights.
//!
//! Each is what the default method body would produce one die at a time, summarised: the exact
//! evaluator branches once on it. Weights are integers over a power of the dice's sides
//! (`6^n`, `36^n` with rerolls of ones, `n` for a uniform draw), so probabilities stay rational
//! and can be printed as fractions. The tests check every one against the per-die bodies.

use crate::dice::{DEAL_CLASSES, Reroll, SuccessMask, SumSet};
use crate::stats::gcd;

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

impl Dist {
    /// The same distribution over the smallest total (a roll-until loop's weights over 6^30 share
    /// a factor 2^29): smaller totals keep the products along a path inside 128 bits.
    fn reduced(mut self) -> Dist {
        let g = self.weights.iter().fold(self.total, |g, &w| gcd(g, w)).max(1);
        for w in &mut self.weights {
            *w /= g;
        }
        self.total /= g;
        self
    }
}

/// A rule system's own roll ([`crate::dice::Aggregate`]): its weights, reduced.
pub fn custom<A: crate::dice::Aggregate>(roll: &A) -> Result<Dist, TooFine> {
    let (w, total) = roll.weights().ok_or(TooFine)?;
    Ok(Dist::from_weights(w, total).reduced())
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

/// Ways out of `6^dice` that `dice` dice total a value in `set`: `(ways, 6^dice)`.
fn ways_in(dice: u32, set: SumSet) -> Result<(u128, u128), TooFine> {
    let d = sum(dice)?;
    let ways = d.values.iter().zip(&d.weights).filter(|&(&v, _)| set.contains(v)).map(|(_, &w)| w).sum();
    Ok((ways, d.total))
}

/// `a^k`, or [`TooFine`] past 128 bits.
fn pow(a: u128, k: u32) -> Result<u128, TooFine> {
    a.checked_pow(k).ok_or(TooFine)
}

/// [`crate::dice::Dice::count_sums_in`]: how many of `rolls` rolls of `dice` dice total a value in
/// `set` — binomial, with one roll's chance in lowest terms (a big bug is 9/36 = 1/4).
pub fn sums_in(rolls: u32, dice: u32, set: SumSet) -> Result<Dist, TooFine> {
    let (ways, of) = ways_in(dice, set)?;
    let g = gcd(ways, of);
    let (a, of) = (ways / g, of / g);
    Ok(Dist::from_weights(binomial(rolls, a, of)?, pow(of, rolls)?))
}

/// [`crate::dice::Dice::first_sum_in`]: the index of the first of up to `max_rolls` rolls whose
/// total is in `set` — `i` misses then a hit, (1 − p)^i p; `max_rolls`: every roll missed.
pub fn first_sum_in(max_rolls: u32, dice: u32, set: SumSet) -> Result<Dist, TooFine> {
    let (ways, of) = ways_in(dice, set)?;
    let g = gcd(ways, of);
    let (hit, of) = (ways / g, of / g);
    let miss = of - hit;
    // Over of^max_rolls: a path that stops after i + 1 rolls stands for of^(max_rolls − i − 1).
    let mut w = Vec::with_capacity(max_rolls as usize + 1);
    for i in 0..max_rolls {
        let x = pow(miss, i)?.checked_mul(hit).and_then(|x| x.checked_mul(of.checked_pow(max_rolls - i - 1)?));
        w.push(x.ok_or(TooFine)?);
    }
    w.push(pow(miss, max_rolls)?);
    Ok(Dist::from_weights(w, pow(of, max_rolls)?).reduced())
}

/// How [`reroll_until`] packs `(misses, total)` into one value: the total is below 64.
pub const REROLL_PACK: u32 = 64;

/// [`crate::dice::Dice::reroll_until`]: `(misses, total)` packed as `misses · 64 + total`; the
/// total of the roll that hit keeps its own chance (ways of it out of 6^dice).
///
/// Of the `of` = 6^dice totals, `ways` are in the set and `miss` are not. The rolling ends at
/// roll i + 1 with total v with chance miss^i · w_v / of^(i+1). Misses from `cap` on are reported
/// as `cap`: that tail is miss^cap / of^cap · w_v / of · Σ (miss/of)^j = miss^cap · w_v /
/// (of^cap · ways) — a rational number, so the endless re-rolling has an exact, finite
/// distribution (the encounter's direction is exactly P(hole) / 4 for each side). Everything is
/// put over of^cap · ways.
pub fn reroll_until(cap: u32, dice: u32, set: SumSet) -> Result<Dist, TooFine> {
    let d = sum(dice)?;
    let of = d.total;
    let (ways, _) = ways_in(dice, set)?;
    if ways == 0 {
        // Nothing is rolled (see the dice's own rule).
        return Ok(Dist { values: vec![cap * REROLL_PACK], weights: vec![1], total: 1 });
    }
    let miss = of - ways;
    let total = pow(of, cap)?.checked_mul(ways).ok_or(TooFine)?;
    let mut dist = Dist { values: Vec::new(), weights: Vec::new(), total };
    for i in 0..=cap {
        // Over `total`: ending at roll i + 1 < cap + 1 stands for of^(cap−i−1) · ways; the tail for 1.
        let scale = if i < cap { pow(of, cap - i - 1)?.checked_mul(ways).ok_or(TooFine)? } else { 1 };
        let path = pow(miss, i)?.checked_mul(scale).ok_or(TooFine)?;
        for (&v, &w) in d.values.iter().zip(&d.weights) {
            if set.contains(v) && path > 0 {
                dist.values.push(i * REROLL_PACK + v);
                dist.weights.push(path.checked_mul(w).ok_or(TooFine)?);
            }
        }
    }
    Ok(dist.reduced())
}

/// [`crate::dice::Dice::roll_off`]: `(A higher, rolls)` packed as `rolls · 2 + A higher`.
///
/// Of the 36 pairs of faces, `win` make A higher, `tie` tie and `lose` make B higher. The
/// roll-off ends at roll k with A higher with chance tie^(k−1) · win / 36^k. Rolls from `cap` on
/// are reported as `cap`: that tail is the geometric series tie^(cap−1) · win / 36^cap ·
/// Σ (tie/36)^j = tie^(cap−1) · win / (36^(cap−1) · (36 − tie)) — a rational number, so the
/// endless loop has an exact, finite distribution. Everything is put over 36^cap · (36 − tie).
pub fn roll_off(a: u8, b: u8, cap: u32) -> Result<Dist, TooFine> {
    assert!(cap >= 1, "a roll-off takes at least one roll");
    let (mut win, mut tie) = (0u128, 0u128);
    for x in 1..=6u32 {
        for y in 1..=6u32 {
            let (x, y) = (x + a as u32, y + b as u32);
            win += (x > y) as u128;
            tie += (x == y) as u128;
        }
    }
    let lose = 36 - win - tie;
    let ends = 36 - tie;
    let total = pow(36, cap)?.checked_mul(ends).ok_or(TooFine)?;
    let mut dist = Dist { values: Vec::new(), weights: Vec::new(), total };
    for k in 1..=cap {
        // Over `total`: roll k < cap stands for 36^(cap−k) · (36 − tie); the tail at cap for 36.
        let scale = if k < cap { pow(36, cap - k)?.checked_mul(ends).ok_or(TooFine)? } else { 36 };
        let path = pow(tie, k - 1)?.checked_mul(scale).ok_or(TooFine)?;
        for (higher, n) in [(false, lose), (true, win)] {
            let w = path.checked_mul(n).ok_or(TooFine)?;
            if w > 0 {
                dist.values.push(k * 2 + higher as u32);
                dist.weights.push(w);
            }
        }
    }
    Ok(dist.reduced())
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
    fn sum_set_rolls_equal_the_per_die_code() {
        let sets = [
            SumSet::at_most(7),
            SumSet::of(&[2, 3, 10, 11, 12]),
            SumSet::between(1, 4),
            SumSet::EMPTY,
            SumSet::between(0, 63),
        ];
        for &set in &sets {
            for dice in 1..=2u32 {
                for n in 0..=3u32 {
                    // Every roll made (count) or at most `n` rolls (loops): n · dice faces.
                    let len = n * dice;
                    let d = sums_in(n, dice, set).unwrap();
                    let got = brute(len, |s| s.count_sums_in(n, dice, set));
                    assert_eq!(trim(by_value(&d, len)), trim(got), "sums_in {n} {dice} {set:?}");
                    let d = first_sum_in(n, dice, set).unwrap();
                    let got = brute(len, |s| s.first_sum_in(n, dice, set));
                    assert_eq!(trim(by_value(&d, len)), trim(got), "first_sum_in {n} {dice} {set:?}");
                    let d = reroll_until(n, dice, set).unwrap();
                    assert_eq!(d.weights.iter().sum::<u128>(), d.total, "reroll_until {n} {dice} {set:?}");
                }
            }
        }
        // The encounter's direction, re-rolled on 5–6 without end (seed l. 535): each of 1–4 is
        // exactly 1/4 whatever the cap, k < 30 misses 2/3 · (1/3)^k and 30 or more (1/3)^30;
        // in lowest terms over 4 · 3^30.
        let d = reroll_until(30, 1, SumSet::between(1, 4)).unwrap();
        assert_eq!(d.total, 4 * 3u128.pow(30));
        assert_eq!(d.weights.iter().sum::<u128>(), d.total);
        assert_eq!(d.values.len(), 4 * 31);
        let p = |f: &dyn Fn(u32) -> bool| {
            d.values.iter().zip(&d.weights).filter(|(v, _)| f(**v)).map(|(_, w)| *w).sum::<u128>()
        };
        for face in 1..=4 {
            assert_eq!(p(&|v| v % REROLL_PACK == face) * 4, d.total, "face {face}");
        }
        assert_eq!(p(&|v| v / REROLL_PACK == 0) * 3, d.total * 2);
        assert_eq!(p(&|v| v / REROLL_PACK == 2) * 27, d.total * 2);
        assert_eq!(p(&|v| v / REROLL_PACK == 30), 4, "(1/3)^30 of 4 · 3^30");
        // The same by brute force for small caps: the dice roll on past the cap, so the script
        // ends in a hit (1) after up to `cap` + 2 misses; each miss weighs 2/6, each hit 1/6.
        for cap in 0..=3u32 {
            let d = reroll_until(cap, 1, SumSet::between(1, 4)).unwrap();
            for misses in 0..=cap + 2 {
                let mut faces = vec![5u8; misses as usize];
                faces.push(1);
                let mut s = crate::dice::ScriptedDice::new(&faces);
                let (m, v) = s.reroll_until(cap, 1, SumSet::between(1, 4));
                assert_eq!((m, v), (misses.min(cap), 1));
            }
            let tail = p2(&d, cap * REROLL_PACK + 1);
            // P(misses ≥ cap, face 1) = (1/3)^cap · 1/4.
            assert_eq!(tail.0 * 4 * 3u128.pow(cap), tail.1, "cap {cap}");
        }
    }

    /// The weight of `value` in `d` and `d`'s total.
    fn p2(d: &Dist, value: u32) -> (u128, u128) {
        (d.values.iter().zip(&d.weights).filter(|(v, _)| **v == value).map(|(_, w)| *w).sum(), d.total)
    }

    /// Dice that replay `faces` and then, so that an endless roll-off still ends, alternate
    /// 1, 6, 6, 1 (never a tie twice in a row), noting that the script ran out.
    struct Overrun<'a> {
        faces: &'a [u8],
        pos: usize,
        over: bool,
    }
    impl Dice for Overrun<'_> {
        fn d6(&mut self) -> u8 {
            self.pos += 1;
            match self.faces.get(self.pos - 1) {
                Some(&f) => f,
                None => {
                    self.over = true;
                    // The faces are even in number, so the pairs past the script are (1, 6),
                    // (6, 1), …: a tie on one needs a = b + 5, on the next b = a + 5.
                    [1, 6, 6, 1][(self.pos - 1 - self.faces.len()) % 4]
                }
            }
        }
    }

    /// The roll-off against the per-die loop: every sequence of `cap` rolls (2 · cap faces). A
    /// roll-off that ends at roll k < cap, or at roll cap, is counted as the loop reports it; one
    /// that ties all `cap` rolls goes on past the script, and the closed form splits that mass
    /// (tie/36)^cap between the sides as win : lose — checked here as fractions, cross-multiplied.
    #[test]
    fn roll_off_equals_the_per_die_loop() {
        for (a, b) in [(0u8, 0u8), (9, 7), (7, 9), (0, 5), (0, 6), (8, 0), (3, 3)] {
            for cap in 1..=3u32 {
                let len = 2 * cap;
                let (mut count, mut unresolved) = (vec![0u128; 2 * cap as usize + 2], 0u128);
                for code in 0..6u64.pow(len) {
                    let faces: Vec<u8> = (0..len).map(|i| ((code / 6u64.pow(i)) % 6) as u8 + 1).collect();
                    let mut d = Overrun { faces: &faces, pos: 0, over: false };
                    let (higher, rolls) = d.roll_off(a, b, cap);
                    if d.over {
                        unresolved += 1;
                    } else {
                        count[(rolls * 2 + higher as u32) as usize] += 1;
                    }
                }
                // One roll of the per-die loop: how many of the 36 pairs end it either way.
                let (mut w1, mut l1) = (0u128, 0u128);
                for code in 0..36u8 {
                    let faces = [code / 6 + 1, code % 6 + 1];
                    let mut d = Overrun { faces: &faces, pos: 0, over: false };
                    let (higher, _) = d.roll_off(a, b, 1);
                    if !d.over && d.pos == 2 {
                        if higher { w1 += 1 } else { l1 += 1 }
                    }
                }
                let d = roll_off(a, b, cap).unwrap();
                assert_eq!(d.weights.iter().sum::<u128>(), d.total, "{a} v {b}, cap {cap}");
                let of = 36u128.pow(cap);
                for v in 2..2 * cap + 2 {
                    let got = d.values.iter().position(|&x| x == v).map_or(0, |i| d.weights[i]);
                    let at_cap = v / 2 == cap;
                    // got / total = (count + [at cap] · unresolved · side / (w1 + l1)) / 36^cap.
                    let side = if v % 2 == 1 { w1 } else { l1 };
                    let lhs = got * of * (w1 + l1);
                    let rhs = (count[v as usize] * (w1 + l1) + if at_cap { unresolved * side } else { 0 }) * d.total;
                    assert_eq!(lhs, rhs, "{a} v {b}, cap {cap}, rolls {}, A higher {}", v / 2, v % 2);
                }
            }
        }
        // 1D6 + 9 against 1D6 + 7 (rulebook line 307's "¿Ahora qué?"): of 36 pairs, 4 tie (B
        // rolls 2 more), 6 make B higher (3 or more more), 26 make A higher: 26/32 = 13/16.
        let d = roll_off(9, 7, 1).unwrap();
        assert_eq!((d.values.clone(), d.weights.clone(), d.total), (vec![2, 3], vec![3, 13], 16));
    }

    #[test]
    fn too_many_dice_is_an_error_not_a_wrong_answer() {
        assert_eq!(hits(60, SuccessMask::at_least(4, 0, true, true)), Err(TooFine));
        assert!(hits(40, SuccessMask::at_least(4, 0, true, true)).is_ok());
    }
}
